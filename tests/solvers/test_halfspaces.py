"""Tests for solvers.halfspaces and geoprivate.concepts.halfspaces ([Yan26] §5.1)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import halfspaces as hs
from solvers.depth import depth, max_cdepth
from solvers.halfspaces import (
    cover_count,
    dual_constraints,
    dual_hypothesis,
    halfspace_dichotomies,
    halfspace_predicate,
    halfspace_witness,
    is_halfspace_dichotomy,
)
from solvers.lp import is_farkas_certificate
from tests.hang_guard import refused_before_work

# --------------------------------------------------------------------------- helpers


def brute_force(X):
    """Every labelling in {0,1}^n checked by one exact LP (the plain baseline)."""
    n = len(X)
    rows = [lab for lab in itertools.product((0, 1), repeat=n) if is_halfspace_dichotomy(X, np.array(lab))]
    return np.array(rows, dtype=np.uint8).reshape(len(rows), n)


small_grid_points = st.integers(1, 6).flatmap(
    lambda n: st.integers(1, 3).flatmap(
        lambda d: st.lists(st.lists(st.integers(-1, 1), min_size=d, max_size=d), min_size=n, max_size=n)
    )
)

# --------------------------------------------------------------------------- predicate


def test_predicate_is_closed_and_exact():
    # 0.1 + 0.2 != 0.3 in binary: the exact value decides, not float rounding
    X = [[0.1, 0.2], [1, 0], [0.5, 0.5], [0, 0]]
    got = halfspace_predicate([1, 1], Fraction(3, 10), X)
    exact = [int(Fraction(x) + Fraction(y) >= Fraction(3, 10)) for x, y in X]
    assert got.tolist() == exact
    # a point on the boundary hyperplane is labelled 1 (closed halfspace, Definition 6)
    assert halfspace_predicate([2, -1], 1, [[1, 1]]).tolist() == [1]
    assert halfspace_predicate([2, -1], Fraction(1, 10**30) + 1, [[1, 1]]).tolist() == [0]


@given(st.integers(0, 10**6))
@settings(max_examples=30, deadline=None)
def test_predicate_matches_integer_arithmetic(seed):
    rng = np.random.default_rng(seed)
    X = rng.integers(-5, 6, (12, 3))
    a = rng.integers(-3, 4, 3)
    w = int(rng.integers(-5, 6))
    assert halfspace_predicate(a, w, X).tolist() == (X @ a >= w).astype(int).tolist()


# --------------------------------------------------------------------------- dichotomies


@given(st.integers(1, 14), st.integers(1, 3), st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_cover_count_in_general_position(n, d, seed):
    X = np.random.default_rng(seed).standard_normal((n, d))  # general position a.s.
    H = halfspace_dichotomies(X)
    assert H.shape == (cover_count(n, d), n)


def test_cover_count_values():
    assert cover_count(200, 2) == 39802
    assert cover_count(4, 3) == 16  # d + 1 affinely independent points are shattered
    with pytest.raises(ValueError):
        cover_count(0, 2)


@given(small_grid_points)
@settings(max_examples=40, deadline=None)
def test_dichotomies_equal_lp_brute_force_on_degenerate_sets(pts):
    X = np.array(pts)  # tiny integer grid: repeated, collinear and coplanar points
    assert np.array_equal(halfspace_dichotomies(X), brute_force(X))


def test_rows_distinct_sorted_and_each_realised():
    X = np.array([[0, 0], [1, 1], [2, 2], [0, 2], [1, 1], [3, 0]])
    H = halfspace_dichotomies(X)
    assert H.dtype == np.uint8
    keys = [tuple(r) for r in H.tolist()]
    assert keys == sorted(set(keys))
    for row in H:
        res = halfspace_witness(X, row)
        assert res.realisable
        assert halfspace_predicate(res.a, res.w, X).tolist() == row.tolist()


def test_non_dichotomy_has_farkas_certificate():
    X = [[0, 0], [1, 1], [1, 0], [0, 1]]  # XOR
    res = halfspace_witness(X, [1, 1, 0, 0])
    assert not res.realisable
    A_ub = [[-x, -y, 1] for x, y in X[:2]] + [[x, y, -1] for x, y in X[2:]]
    b_ub = [0, 0, -1, -1]
    assert is_farkas_certificate(A_ub, b_ub, None, None, res.lp.certificate)
    assert (1, 1, 0, 0) not in {tuple(r) for r in halfspace_dichotomies(X).tolist()}


@given(st.integers(0, 10**6), st.booleans())
@settings(max_examples=25, deadline=None)
def test_invariant_under_affine_maps(seed, degenerate):
    rng = np.random.default_rng(seed)
    d = 2 if degenerate else int(rng.integers(1, 4))
    X = rng.integers(-2, 3, (7, d)) if degenerate else rng.integers(-20, 21, (9, d))
    T = rng.integers(-3, 4, (d, d))
    while round(np.linalg.det(T)) == 0:
        T = rng.integers(-3, 4, (d, d))
    Y = [[Fraction(int(v)) for v in row] for row in (X @ T.T + rng.integers(-5, 6, d))]
    assert np.array_equal(halfspace_dichotomies(X), halfspace_dichotomies(np.array(Y, dtype=object)))


def test_edge_cases():
    assert halfspace_dichotomies(np.zeros((0, 2))).shape == (1, 0)
    assert halfspace_dichotomies([[3, 3]]).tolist() == [[0], [1]]
    assert halfspace_dichotomies([[1, 2], [1, 2], [1, 2]]).tolist() == [[0, 0, 0], [1, 1, 1]]
    # collinear points in R^3 behave like thresholds on a line (2n labellings)
    X = [[t, 2 * t, -t] for t in range(5)]
    assert len(halfspace_dichotomies(X)) == 2 * 5


def test_validation():
    with pytest.raises(ValueError, match="X"):
        halfspace_dichotomies([1, 2, 3])
    with pytest.raises(ValueError, match="finite"):
        halfspace_dichotomies([[np.nan, 1.0]])
    with pytest.raises(TypeError):
        halfspace_dichotomies([["a", 1]])
    with pytest.raises(ValueError, match="labels"):
        halfspace_witness([[0, 0]], [2])


# --------------------------------------------------------------------------- dual forms


def test_faithful_form_is_degenerate():
    """(a, w) = 0 satisfies every constraint of the paper's form and labels everything 1."""
    rng = np.random.default_rng(7)
    X = rng.integers(-5, 6, (15, 2))
    y = (X @ np.array([1, -2]) >= 1).astype(np.uint8)
    assert 0 < y.sum() < len(y)
    A, b = dual_constraints(X, y, form="faithful")
    zero = [0, 0, 0]
    assert depth((A, b), zero) == len(y)  # maximal depth ...
    r = max_cdepth((A, b))
    assert r.value == len(y)
    a, w = dual_hypothesis(zero)
    pred = halfspace_predicate(a, w, X)
    assert pred.tolist() == [1] * len(y)  # ... yet h_{0,0} errs on every negative example
    assert int((pred != y).sum()) == int((y == 0).sum()) > 0


@given(st.integers(0, 10**6))
@settings(max_examples=20, deadline=None)
def test_margin_form_is_sound_and_complete(seed):
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, (7, 2))
    y = rng.integers(0, 2, 7).astype(np.uint8)
    A, b = dual_constraints(X, y, form="margin")
    # soundness: a satisfied constraint is a correctly labelled example, at any z
    Z = rng.integers(-4, 5, (30, 3))
    dep = depth((A, b), Z)
    for z, dz in zip(Z, dep, strict=True):
        a, w = dual_hypothesis(z)
        assert dz <= int((halfspace_predicate(a, w, X) == y).sum())
    assert depth((A, b), [0, 0, 0]) == 0
    # completeness: max depth = best accuracy over all halfspace dichotomies
    best = int((halfspace_dichotomies(X) == y).sum(axis=1).max())
    assert max_cdepth((A, b)).value == best


def test_dual_form_parameter_is_required_and_checked():
    with pytest.raises(TypeError):
        dual_constraints([[0, 0]], [1])  # form must be named
    with pytest.raises(ValueError, match="form"):
        dual_constraints([[0, 0]], [1], form="paper")
    with pytest.raises(ValueError, match="labels"):
        dual_constraints([[0, 0]], [-1], form="margin")


# --------------------------------------------------------------------------- concept class


def test_halfspaces_concept_class():
    from geoprivate.concepts import Halfspaces
    from solvers.combinatorics import vc_dimension

    H = Halfspaces(2)
    assert H.vc_dimension() == 3
    rng = np.random.default_rng(3)
    P = rng.standard_normal((7, 2))
    C = H.restrict_to(P)
    assert C.matrix.shape == (cover_count(7, 2), 7)
    assert vc_dimension(C.matrix) == 3
    a, w = [1.0, -1.0], 0.25
    row = H.predict(a, w, P)
    assert tuple(row) in {tuple(r) for r in C.matrix.tolist()}
    with pytest.raises(ValueError):
        H.restrict_to([[0, 0], [0, 0]])
    with pytest.raises(ValueError):
        H.predict([1, 2, 3], 0, P)
    with pytest.raises(ValueError):
        Halfspaces(0)


@given(st.integers(0, 10**6))
@settings(max_examples=10, deadline=None)
def test_exactly_degenerate_float_points_take_the_exact_path(seed):
    """Non-dyadic floats (huge integers after scaling: the float filter + exact fallback
    path) lying exactly on the lines y = x and y = 2x through 0, plus a repeat."""
    rng = np.random.default_rng(seed)
    t = rng.uniform(-1, 1, 3)
    X = np.array([[t[0], t[0]], [t[1], t[1]], [t[2], 2 * t[2]], [0.0, 0.0], [t[0], t[0]], [-t[2], -2 * t[2]]])
    assert np.array_equal(halfspace_dichotomies(X), brute_force(X))


def test_dual_constraints_of_an_empty_sample_keep_the_dimension():
    for form in ("margin", "faithful"):
        A, b = hs.dual_constraints(np.zeros((0, 3)), [], form=form)
        assert A.shape == (0, 4) and b.shape == (0,)


def test_halfspace_dichotomies_40_points_in_r20_refuses():
    msg = refused_before_work(lambda: hs.halfspace_dichotomies(np.random.default_rng(0).standard_normal((40, 20))))
    assert "C(40, 20)" in msg
    assert hs.halfspace_dichotomies([[0.0], [1.0], [2.0]]).shape == (6, 3)
