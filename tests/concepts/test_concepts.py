"""Concept classes: restriction to points gives the dichotomy matrix; closed forms agree
with the matrix oracles."""

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoprivate.concepts import FiniteClass, Intervals, PointFunctions, Thresholds
from solvers import combinatorics as comb


def _as_rowset(F):
    return {tuple(r) for r in F.matrix.tolist()}


def test_finite_class_maps_domain_points_to_columns():
    C = FiniteClass([[0, 0, 1], [0, 1, 1], [1, 1, 1]], domain="abc")
    assert C.shattered_set() in {("a",), ("b",)}  # column c is constant
    assert C.vc_dimension() == 1 and C.littlestone_dimension() == 1 and C.threshold_dimension() == 3
    assert C.predict(1, ["c", "a"]).tolist() == [1, 0]
    R = C.restrict_to(["b", "a"])
    assert R.domain == ("b", "a") and _as_rowset(R) == {(0, 0), (1, 0), (1, 1)}
    V = C.version_space(["b"], [1])
    assert V.n_concepts == 2 and V.domain == C.domain
    assert C.erm(["a", "b"], [1, 0]) == 0  # errors: row0 1, row1 2, row2 1 -> smallest index
    with pytest.raises(ValueError, match="not in the domain"):
        C.restrict_to(["z"])
    with pytest.raises(ValueError, match="distinct"):
        FiniteClass([[0, 1]], domain=["a", "a"])
    with pytest.raises(ValueError, match="columns"):
        FiniteClass([[0, 1]], domain=["a"])


reals = st.lists(st.integers(-20, 20), min_size=1, max_size=9, unique=True)


@given(reals)
@settings(max_examples=60, deadline=None)
def test_thresholds_restriction_is_the_dichotomy_matrix(points):
    F = Thresholds().restrict_to(points)
    expected = {tuple(int(p >= t) for p in points) for t in list(points) + [math.inf]}
    assert _as_rowset(F) == expected and F.n_concepts == len(points) + 1
    assert F.vc_dimension() == 1
    assert F.littlestone_dimension() == int(math.floor(math.log2(len(points) + 1)))


def test_thresholds_closed_forms_match_the_matrix():
    for n in (1, 2, 5, 8):
        T = Thresholds(range(n))
        F = T.matrix()
        assert F.n_concepts == n + 1
        assert T.vc_dimension() == F.vc_dimension()
        assert T.littlestone_dimension() == F.littlestone_dimension()
        assert T.threshold_dimension() == F.threshold_dimension() == n
    assert Thresholds().littlestone_dimension() == math.inf


samples = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 1)), max_size=15)


ERM_CASES = [
    (Thresholds(range(10)), lambda C: C.matrix()),
    (Intervals(range(10)), lambda C: C.restrict_to(list(range(10)))),
    (PointFunctions(range(10)), lambda C: C.matrix()),
]


@pytest.mark.parametrize("cls, as_matrix", ERM_CASES, ids=["thresholds", "intervals", "point_functions"])
@given(sample=samples)
@settings(max_examples=150, deadline=None)
def test_closed_form_erm_equals_matrix_erm(cls, as_matrix, sample):
    pts = [p for p, _ in sample]
    labels = [y for _, y in sample]
    concept, err = cls.erm(pts, labels)
    assert err == as_matrix(cls).empirical_errors(pts, labels).min()
    assert int(sum(cls.predict(concept, pts) != np.array(labels, dtype=np.uint8))) == err


def test_intervals_restriction_counts_and_dimensions():
    for m in (1, 2, 3, 6):
        F = Intervals().restrict_to(list(range(m)))
        assert F.n_concepts == 1 + m * (m + 1) // 2
        assert F.vc_dimension() == min(2, m)
    assert Intervals().vc_dimension() == 2 and Intervals([3]).vc_dimension() == 1


def test_point_functions_restriction_and_zero_row():
    assert _as_rowset(PointFunctions().restrict_to(["a", "b"])) == {(0, 0), (1, 0), (0, 1)}
    # a finite domain covered by the points has no all-0 labelling
    assert _as_rowset(PointFunctions("ab").restrict_to(["a", "b"])) == {(1, 0), (0, 1)}
    F = PointFunctions(range(5)).matrix()
    assert F.vc_dimension() == PointFunctions(range(5)).vc_dimension() == 1
    assert F.littlestone_dimension() == PointFunctions(range(5)).littlestone_dimension() == 1
    assert PointFunctions().erm(["a"], [0]) == (None, 0)


def test_fractions_are_accepted_on_the_line():
    pts = [Fraction(1, 3), Fraction(1, 2), Fraction(2, 3)]
    F = Thresholds().restrict_to(pts)
    assert F.n_concepts == 4
    t, err = Thresholds().erm(pts, [0, 1, 1])
    assert t == Fraction(1, 2) and err == 0


@pytest.mark.parametrize("cls", [Thresholds, Intervals])
def test_line_classes_validate(cls):
    with pytest.raises(ValueError, match="distinct"):
        cls().restrict_to([1, 1])
    with pytest.raises(ValueError, match="NaN"):
        cls().restrict_to([1.0, float("nan")])
    with pytest.raises(ValueError, match="not in the finite domain"):
        cls([0, 1]).restrict_to([5])
    with pytest.raises(ValueError, match="same length"):
        cls().erm([1, 2], [1])
    with pytest.raises(ValueError, match="0/1"):
        cls().erm([1], [-1])


def test_restriction_agrees_with_comb_dichotomies_of_a_finite_class():
    T = Thresholds(range(6)).matrix()
    pts = [4, 1, 2]
    assert np.array_equal(T.restrict_to(pts).matrix, comb.dichotomies(T.matrix[:, T.columns(pts)]))
