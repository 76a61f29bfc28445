"""Tests for solvers.margins ([BF26] §2, Lemma 4.10, §4.3, §4.4): exact margins, certified."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.margins import (
    best_margin,
    decision_list_alternations,
    decision_list_halfspace,
    decision_list_values,
    hypercube,
    is_best_margin,
    margin,
    nonnegative_embedding,
    point_function_embedding,
)
from tests.hang_guard import hang_guard

signed_samples = st.integers(1, 4).flatmap(
    lambda d: st.integers(1, 7).flatmap(
        lambda n: st.tuples(
            st.lists(st.lists(st.sampled_from([-1, 1]), min_size=d, max_size=d), min_size=n, max_size=n),
            st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n),
        )
    )
)


@settings(max_examples=40, deadline=None)
@given(signed_samples, st.booleans())
def test_best_margin_is_certified_and_optimal(sample, nonneg):
    X, y = np.array(sample[0]), np.array(sample[1])
    r = best_margin(X, y, nonnegative=nonneg)
    assert is_best_margin(X, y, r)
    if r.rho > 0 or nonneg:
        assert sum(abs(v) for v in r.v) == 1
        assert margin(r.v, X, y) == r.rho
    else:
        assert r.rho == 0
    if nonneg:
        assert all(v >= 0 for v in r.v)
    # no vertex of the l1 ball (nor a random direction) beats the optimum
    rng = np.random.default_rng(len(X))
    d = X.shape[1]
    for j, s in itertools.product(range(d), (-1, 1)):
        if nonneg and s < 0:
            continue
        e = [0] * d
        e[j] = s
        assert margin(e, X, y) <= r.rho
    for _ in range(5):
        v = rng.integers(-3, 4, size=d) if not nonneg else rng.integers(0, 4, size=d)
        if np.any(v):
            assert margin(v.tolist(), X, y) <= r.rho


def test_unrestricted_margin_at_least_nonnegative_one():
    rng = np.random.default_rng(3)
    for _ in range(10):
        X = 2 * rng.integers(0, 2, size=(6, 3)) - 1
        y = 2 * rng.integers(0, 2, size=6) - 1
        assert best_margin(X, y).rho >= best_margin(X, y, nonnegative=True).rho


def test_tampered_certificate_is_rejected():
    X = np.array([[1, 1, -1], [1, -1, -1], [-1, 1, 1]])
    y = np.array([1, 1, -1])
    r = best_margin(X, y)
    assert is_best_margin(X, y, r)
    assert not is_best_margin(X, y, dataclasses.replace(r, rho=r.rho + Fraction(1, 7)))
    assert not is_best_margin(X, y, dataclasses.replace(r, v=tuple(-v for v in r.v)))
    assert not is_best_margin(X, -y, r)


def test_inseparable_set_has_nonpositive_margin():
    X = np.array([[1, 1], [-1, -1]])
    r = best_margin(X, [1, 1])
    assert r.rho == 0 and not r.separable and is_best_margin(X, [1, 1], r)
    r = best_margin([[1, 1], [1, 1]], [1, -1])  # the same point with both labels
    assert r.rho == 0 and not r.separable
    r = best_margin([[1, 1], [1, 1]], [1, -1], nonnegative=True)
    assert r.rho == -1 and is_best_margin([[1, 1], [1, 1]], [1, -1], r)


def test_margin_float_matches_exact():
    rng = np.random.default_rng(0)
    X = 2 * rng.integers(0, 2, size=(30, 8)) - 1
    y = 2 * rng.integers(0, 2, size=30) - 1
    v = rng.normal(size=8)
    assert margin(v, X, y, exact=False) == pytest.approx(float(margin(v, X, y)), abs=1e-12)


@pytest.mark.parametrize("bad", [[[1, 0]], [[1, 2]], [[0.5, 1]], [[np.nan, 1]]])
def test_points_outside_the_cube_are_rejected(bad):
    with pytest.raises(ValueError, match="X"):
        margin([1, 1], bad, [1])
    with pytest.raises(ValueError, match="X"):
        best_margin(bad, [1])


def test_label_and_weight_validation():
    with pytest.raises(ValueError, match="y"):
        margin([1], [[1]], [0])
    with pytest.raises(ValueError, match="y"):
        best_margin([[1], [-1]], [1])
    with pytest.raises(ValueError, match="zero vector"):
        margin([0, 0], [[1, 1]], [1])
    with pytest.raises(ValueError, match="empty"):
        best_margin(np.zeros((0, 2)), [])


def _random_list(rng, r):
    signs = [int(s) for s in rng.choice([-1, 1], size=r)]
    return list(range(r - 1)), signs


@pytest.mark.parametrize("r", [1, 2, 3, 4, 5, 6])
def test_lemma_4_10_construction_computes_the_list(r):
    rng = np.random.default_rng(r)
    for _ in range(6):
        var, signs = _random_list(rng, r)
        d = max(r - 1, 1) + int(rng.integers(0, 2))  # sometimes an irrelevant variable
        perm = rng.permutation(d)[: r - 1].tolist()
        X = hypercube(d)
        y = decision_list_values(perm, signs, X)
        v = decision_list_halfspace(perm, signs, d)
        Xa = np.hstack([X, np.ones((len(X), 1), dtype=np.int8)])
        got = margin(v, Xa, y)
        assert got > 0  # the halfspace computes the decision list
        best = best_margin(Xa, y)
        assert is_best_margin(Xa, y, best) and got <= best.rho
        D = decision_list_alternations(signs)
        assert best.rho * r**D >= Fraction(1, 4)  # Omega(1/r^D) with the constant found


def test_decision_list_validation():
    with pytest.raises(ValueError, match="signs"):
        decision_list_halfspace([0], [1], 2)
    with pytest.raises(ValueError, match="variables"):
        decision_list_halfspace([0, 0], [1, -1, 1], 2)
    with pytest.raises(ValueError, match="variables"):
        decision_list_values([3], [1, -1], hypercube(2))


def test_nonnegative_embedding_preserves_margin():
    rng = np.random.default_rng(5)
    for _ in range(20):
        d = int(rng.integers(1, 6))
        X = 2 * rng.integers(0, 2, size=(8, d)) - 1
        y = 2 * rng.integers(0, 2, size=8) - 1
        v = rng.integers(-4, 5, size=d)
        if not v.any():
            continue
        wp, Z = nonnegative_embedding(v.tolist(), X)
        assert all(w >= 0 for w in wp) and len(wp) == 2 * d
        assert margin(wp, Z, y) == margin(v.tolist(), X, y)
        assert np.array_equal(Z @ np.array(wp, dtype=float), X @ v.astype(float))


def test_point_function_embedding_sign():
    T = 7
    Z, V = point_function_embedding(T)
    labels = np.where(np.eye(T, dtype=bool), 1, -1)  # p_t(x) = 1 iff x = t
    for t in range(T):
        assert margin(V[t].tolist(), Z, labels[t]) == 1
    # as printed, the map computes -p_t (finding; see the docstring)
    Zp, _ = point_function_embedding(T, paper_sign=True)
    for t in range(T):
        assert margin(V[t].tolist(), Zp, -labels[t]) == 1
        assert margin(V[t].tolist(), Zp, labels[t]) == -1


def test_docstring_examples():
    import doctest

    import solvers.margins

    result = doctest.testmod(solvers.margins)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("nonneg", [True, False])
def test_best_margin_of_a_3000_by_60_majority_is_the_target(nonneg):
    """The 3000 x 60 system of the fuzz campaign that took over 120 s after #35 (its 121-unknown
    basis went past the dense solve's size limit to the pure-Python exact simplex; 0.59 s on main at
    6b21145): the same answer as there — ρ* = 1/3 at the planted target, certified — from HiGHS's
    basis (``highs+exact``), not the fallback."""
    rng = np.random.default_rng(0)
    X = rng.choice(np.array([-1, 1], dtype=np.int8), size=(3000, 60))
    rel = rng.choice(60, size=3, replace=False)
    y = np.sign(X[:, rel].astype(np.int64).sum(axis=1)).astype(np.int8)
    with hang_guard(60):  # a guard against the fallback's minutes, not a timing
        r = best_margin(X, y, nonnegative=nonneg)
    target = tuple(Fraction(1, 3) if j in rel else Fraction(0) for j in range(60))
    assert (r.rho, r.v) == (Fraction(1, 3), target)
    assert r.lp.method == "highs+exact"
    assert is_best_margin(X, y, r)
