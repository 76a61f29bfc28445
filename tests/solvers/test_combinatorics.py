"""Tests of solvers.combinatorics: known values, witnesses re-checked, invariants (hypothesis)."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from solvers import combinatorics as comb
from solvers.generators import (
    figure1_matrix,
    intervals_matrix,
    point_functions_matrix,
    power_set_matrix,
    thresholds_matrix,
)
from tests.hang_guard import refused_before_work


# --------------------------------------------------------------------------- strategies
def matrices(max_rows=12, max_cols=6):
    shape = st.tuples(st.integers(1, max_rows), st.integers(1, max_cols))
    return shape.flatmap(lambda s: arrays(np.uint8, s, elements=st.integers(0, 1)))


def brute_vc(M):
    n = M.shape[1]
    best = 0
    for k in range(n + 1):
        if any(comb.is_shattered(M, T) for T in itertools.combinations(range(n), k)):
            best = k
    return best


def brute_ld(M):
    """Un-memoised SOA recursion on distinct rows (the definition, Def. 8 of [Yan25])."""
    rows = {tuple(r) for r in M.tolist()}

    def ld(V):
        if len(V) <= 1:
            return 0
        best = 0
        for x in range(M.shape[1]):
            V0 = frozenset(r for r in V if r[x] == 0)
            V1 = V - V0
            if V0 and V1:
                best = max(best, 1 + min(ld(V0), ld(V1)))
        return best

    return ld(frozenset(rows))


def brute_td(M):
    """Longest thresholds class (Def. 6 of [Yan25]) by trying every ordered point tuple."""
    n = M.shape[1]
    best = 0
    for k in range(1, n + 1):
        found = False
        for pts in itertools.permutations(range(n), k):
            sub = M[:, list(pts)]
            target = np.triu(np.ones((k, k), np.uint8))
            if all((sub == target[i]).all(axis=1).any() for i in range(k)):
                found = True
                break
        if not found:
            break
        best = k
    return best


# --------------------------------------------------------------------------- dichotomies
def test_dichotomies_distinct_sorted_and_complete():
    M = np.array([[1, 0, 1], [0, 0, 1], [1, 0, 1], [0, 1, 0]])
    D = comb.dichotomies(M)
    assert D.tolist() == [[0, 0, 1], [0, 1, 0], [1, 0, 1]]
    assert D.dtype == np.uint8


@given(matrices(max_rows=30, max_cols=70))
@settings(max_examples=60, deadline=None)
def test_dichotomies_equal_set_of_rows(M):
    D = comb.dichotomies(M)
    assert {tuple(r) for r in D.tolist()} == {tuple(r) for r in M.tolist()}
    assert len(D) == len({tuple(r) for r in M.tolist()})
    assert sorted(map(tuple, D.tolist())) == list(map(tuple, D.tolist()))


def test_dichotomies_edge_shapes():
    assert comb.dichotomies(np.zeros((0, 4))).shape == (0, 4)
    assert comb.dichotomies(np.zeros((5, 0))).shape == (1, 0)


@pytest.mark.parametrize(
    "bad, match",
    [([[0, 2]], "0 or 1"), ([[0.5, 1]], "0 or 1"), ([[np.nan, 1]], "NaN"), ([1, 0], "2-D"), ([["a"]], "numeric")],
)
def test_bad_matrices_raise(bad, match):
    with pytest.raises(ValueError, match=match):
        comb.dichotomies(bad)


def test_empty_class_raises_where_undefined():
    empty = np.zeros((0, 3), np.uint8)
    for f in (comb.vc_dimension, comb.littlestone_dimension, comb.threshold_dimension, comb.shattered_set):
        with pytest.raises(ValueError, match="empty"):
            f(empty)


def test_sauer_bound_values_and_validation():
    assert comb.sauer_bound(5, 2) == 1 + 5 + 10
    assert comb.sauer_bound(3, 7) == 8
    assert comb.sauer_bound(0, 0) == 1
    assert comb.sauer_bound(200, 3) == sum(math.comb(200, i) for i in range(4))
    with pytest.raises(ValueError):
        comb.sauer_bound(-1, 2)
    with pytest.raises(TypeError):
        comb.sauer_bound(3.0, 1)


# --------------------------------------------------------------------------- known values
KNOWN = [
    # name, matrix, VC, LD, TD
    ("thresholds(7)", thresholds_matrix(7), 1, 3, 7),
    ("thresholds(8)", thresholds_matrix(8), 1, 3, 8),
    ("point_functions(6)", point_functions_matrix(6), 1, 1, 1),
    ("intervals(6)", intervals_matrix(6), 2, None, None),
    ("power_set(4)", power_set_matrix(4), 4, 4, 4),
    ("figure1", figure1_matrix(), 1, 2, 3),
]


@pytest.mark.parametrize("name, M, vc, ld, td", KNOWN, ids=[k[0] for k in KNOWN])
def test_known_values(name, M, vc, ld, td):
    assert comb.vc_dimension(M) == vc
    if ld is not None:
        assert comb.littlestone_dimension(M) == ld
    if td is not None:
        assert comb.threshold_dimension(M) == td


def test_known_values_match_brute_force():
    for _, M, *_ in KNOWN:
        assert comb.vc_dimension(M) == brute_vc(M)
        assert comb.littlestone_dimension(M) == brute_ld(M)
        assert comb.threshold_dimension(M) == brute_td(M)


def test_thresholds_ld_is_floor_log2():
    for n in (1, 2, 3, 15, 16, 63):
        assert comb.littlestone_dimension(thresholds_matrix(n)) == int(math.floor(math.log2(n + 1)))


def test_figure1_threshold_chain_is_a_root_path():
    # [Yan25] Figure 1: the deepest root path x_1 -> x_5 -> x_6 gives a thresholds class of length 3
    M = figure1_matrix()
    td, (pts, concepts) = comb.threshold_dimension(M, return_witness=True)
    assert td == 3 and comb.is_threshold_chain(M, pts, concepts)


# --------------------------------------------------------------------------- witnesses
@given(matrices())
@settings(max_examples=150, deadline=None)
def test_vc_matches_brute_force_and_witness_is_shattered(M):
    w = comb.shattered_set(M)
    assert comb.is_shattered(M, w)
    assert len(w) == comb.vc_dimension(M) == brute_vc(M)


@given(matrices(max_rows=10, max_cols=5))
@settings(max_examples=100, deadline=None)
def test_shattered_sets_are_exactly_the_shattered_sets(M):
    n = M.shape[1]
    expected = {T for k in range(n + 1) for T in itertools.combinations(range(n), k) if comb.is_shattered(M, T)}
    assert set(comb.shattered_sets(M)) == expected


@given(matrices())
@settings(max_examples=150, deadline=None)
def test_ld_matches_soa_definition_with_witness_tree(M):
    ld, tree = comb.littlestone_dimension(M, return_tree=True)
    assert ld == brute_ld(M)
    assert comb.is_mistake_tree(M, tree, ld)
    assert not comb.is_mistake_tree(M, tree, ld + 1)


@given(matrices(max_rows=10, max_cols=5))
@settings(max_examples=100, deadline=None)
def test_td_matches_brute_force_with_chain_witness(M):
    td, (pts, concepts) = comb.threshold_dimension(M, return_witness=True)
    assert td == brute_td(M)
    assert len(pts) == td and comb.is_threshold_chain(M, pts, concepts)


def test_td_regression_chain_needs_an_earlier_candidate():
    # found by hypothesis: the only 3-chain (x_1, x_2, x_3) = (0, 1, 3) is built right to left
    # as 3, then 1, then 0, and column 0 precedes column 1 in the candidate order
    M = np.array([[0, 0, 1, 1], [1, 1, 1, 1], [1, 1, 1, 0], [0, 1, 0, 1]])
    td, (pts, concepts) = comb.threshold_dimension(M, return_witness=True)
    assert td == brute_td(M) == 3 and comb.is_threshold_chain(M, pts, concepts)


def test_checkers_reject_wrong_witnesses():
    M = thresholds_matrix(4)
    assert not comb.is_shattered(M, (0, 1))
    assert comb.is_shattered(M, (2,))
    assert not comb.is_threshold_chain(M, (3, 2, 1, 0), (3, 2, 1, 0))  # reversed order is not a chain
    assert comb.is_threshold_chain(M, (0, 1, 2, 3), (0, 1, 2, 3))
    assert comb.is_mistake_tree(M, (0, None, None), 1)
    assert not comb.is_mistake_tree(M, (0, None, None), 2)  # too shallow
    assert not comb.is_mistake_tree(np.array([[1, 0], [1, 1]]), (0, None, None), 1)  # column 0 never labelled 0


# --------------------------------------------------------------------------- invariants
@given(matrices(max_rows=16, max_cols=7))
@settings(max_examples=150, deadline=None)
def test_sauer_pajor_and_dimension_chain(M):
    count = comb.dichotomies(M).shape[0]
    d = comb.vc_dimension(M)
    ld = comb.littlestone_dimension(M)
    td = comb.threshold_dimension(M)
    assert count <= comb.sauer_bound(M.shape[1], d)  # Sauer–Shelah
    assert count <= len(comb.shattered_sets(M))  # Pajor
    assert d <= ld <= int(math.floor(math.log2(count)))
    assert td <= 2 ** (ld + 1)  # [Yan25] Theorem 4, upper side
    if ld > 0:
        assert int(math.floor(math.log2(ld))) <= td  # lower side


@given(matrices(), st.data())
@settings(max_examples=100, deadline=None)
def test_version_space_and_erm(M, data):
    n = M.shape[1]
    cols = np.array(data.draw(st.lists(st.integers(0, n - 1), max_size=8)), dtype=np.intp)
    labels = np.array(data.draw(st.lists(st.integers(0, 1), min_size=len(cols), max_size=len(cols))), dtype=np.uint8)
    errs = comb.empirical_errors(M, cols, labels)
    rows = comb.restrict(M, cols, labels)
    assert set(rows.tolist()) == {
        i for i in range(M.shape[0]) if all(M[i, c] == y for c, y in zip(cols, labels, strict=True))
    }
    if rows.size:
        assert comb.littlestone_dimension(M[rows]) <= comb.littlestone_dimension(M)
    best = comb.erm(M, cols, labels)
    assert errs[best] == errs.min()
    assert best == min(np.flatnonzero(errs == errs.min()))  # documented tie-break: smallest index
    assert set(comb.erm(M, cols, labels, all_minimisers=True)) == set(np.flatnonzero(errs == errs.min()))


def test_sample_validation():
    M = thresholds_matrix(3)
    with pytest.raises(ValueError, match="same length"):
        comb.restrict(M, [0, 1], [1])
    with pytest.raises(ValueError, match=r"\[0, 3\)"):
        comb.restrict(M, [3], [1])
    with pytest.raises(ValueError, match="0/1 labels"):
        comb.restrict(M, [0], [-1])
    with pytest.raises(ValueError, match="integer"):
        comb.restrict(M, [0.5], [1])


def test_large_dichotomies_and_structured_dimensions_are_fast_enough_to_run():
    # a smoke run of the sizes the benchmarks time (no timing asserted here)
    rng = np.random.default_rng(0)
    M = rng.integers(0, 2, (20_000, 64), dtype=np.uint8)
    M[10_000:] = M[:10_000]
    assert comb.dichotomies(M).shape[0] == len({r.tobytes() for r in M})
    T = thresholds_matrix(255)
    assert comb.littlestone_dimension(T) == 8
    assert comb.threshold_dimension(T) == 255


def test_threshold_dimension_random_100x17_stops():
    M = np.random.default_rng(0).integers(0, 2, (100, 17))
    msg = refused_before_work(lambda: comb.threshold_dimension(M, max_states=2000))
    assert "TD >=" in msg
    # a lower bound was found; a threshold class is still instant
    T = np.tril(np.ones((300, 299), np.uint8), -1)
    assert comb.threshold_dimension(T) == 299


def test_sauer_bound_huge_refuses_fast_and_is_exact_where_feasible():
    refused_before_work(lambda: comb.sauer_bound(10**12, 10**9))
    assert comb.sauer_bound(10**5, 10**5) == 2 ** (10**5)
    n = 2000
    assert comb.sauer_bound(n, 1500) == sum(math.comb(n, i) for i in range(1501))
    assert comb.sauer_bound(n, 7) == sum(math.comb(n, i) for i in range(8))
