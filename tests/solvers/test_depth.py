"""Tests for solvers.depth: depth, cdepth ([Yan26] Defs. 8–9), max_cdepth (Algorithm 4 step 2)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import depth as dp
from solvers.affine import AffineSubspace
from solvers.depth import (
    AnchoringBound,
    cdepth,
    depth,
    is_hull_certificate,
    is_level_bound,
    max_cdepth,
    max_depth_brute,
)
from solvers.lp import feasible_point
from tests.hang_guard import refused_before_work
from tests.solvers.test_depth_scan import assert_certified

# --------------------------------------------------------------------------- references


def cdepth_1d(A, w, z):
    """Hand formula in 1-D: D_k is a finite union of closed intervals, so its hull is
    [min D_k, max D_k]; cdepth(z) = max k with min D_k ≤ z ≤ max D_k."""
    A = [Fraction(a) for a in A]
    w = [Fraction(v) for v in w]
    z = Fraction(z)
    bps = sorted({wi / ai for ai, wi in zip(A, w, strict=True) if ai != 0})
    cands = list(bps)
    cands += [(p + q) / 2 for p, q in zip(bps, bps[1:], strict=False)]
    lo = (bps[0] if bps else 0) - 1
    hi = (bps[-1] if bps else 0) + 1
    cands += [lo, hi]

    def dep(x):
        return sum(1 for ai, wi in zip(A, w, strict=True) if ai * x >= wi)

    best = 0
    for k in range(len(A) + 1):
        pts = [x for x in cands if dep(x) >= k]
        if not pts:
            break
        left = -np.inf if dep(lo) >= k else min(pts)
        right = np.inf if dep(hi) >= k else max(pts)
        if left <= z <= right:
            best = k
    return best


def closure_cdepth(A, w, z):
    """cdepth with the *closure* of the hull (Balas' disjunctive LP over the k-subsets
    with non-empty polyhedra), exact through solvers.lp; equals cdepth off the hull's
    boundary."""
    A = [[Fraction(int(v)) for v in row] for row in A]
    w = [Fraction(int(v)) for v in w]
    m, d = len(A), len(A[0])
    z = [Fraction(float(v)) for v in z]
    best = 0
    for k in range(1, m + 1):
        polys = []
        for T in itertools.combinations(range(m), k):
            ub = [[-v for v in A[i]] for i in T]
            if feasible_point(ub, [-w[i] for i in T]).feasible:
                polys.append(T)
        if not polys:
            break
        # variables: u_T (d each), lam_T; A_T u_T >= lam_T w_T, sum u_T = z, sum lam = 1
        P = len(polys)
        nv = P * (d + 1)
        A_ub, b_ub, A_eq, b_eq = [], [], [], []
        for p, T in enumerate(polys):
            for i in T:
                row = [Fraction(0)] * nv
                for j in range(d):
                    row[p * (d + 1) + j] = -A[i][j]
                row[p * (d + 1) + d] = w[i]
                A_ub.append(row)
                b_ub.append(Fraction(0))
            row = [Fraction(0)] * nv
            row[p * (d + 1) + d] = Fraction(-1)
            A_ub.append(row)
            b_ub.append(Fraction(0))
        for j in range(d):
            row = [Fraction(0)] * nv
            for p in range(P):
                row[p * (d + 1) + j] = Fraction(1)
            A_eq.append(row)
            b_eq.append(z[j])
        A_eq.append([Fraction(int(c % (d + 1) == d)) for c in range(nv)])
        b_eq.append(Fraction(1))
        if feasible_point(A_ub, b_ub, A_eq, b_eq).feasible:
            best = k
        else:
            break
    return best


def random_system(rng, m, d, lo=-3, hi=3):
    return rng.integers(lo, hi + 1, (m, d)), rng.integers(lo, hi + 1, m)


# --------------------------------------------------------------------------- depth


@given(st.integers(0, 10**6))
@settings(max_examples=30, deadline=None)
def test_depth_matches_integer_count_and_batches(seed):
    rng = np.random.default_rng(seed)
    A, w = random_system(rng, 9, 3)
    Z = rng.integers(-3, 4, (11, 3))
    got = depth((A, w), Z)
    assert got.shape == (11,)
    assert got.tolist() == (w <= Z @ A.T).sum(axis=1).tolist()
    assert depth((A, w), Z[0]) == int(got[0])


def test_depth_exact_on_float_boundaries():
    A = [[0.1, 0.2]]
    w = [Fraction(0.1) + 2 * Fraction(0.2)]  # exactly <A, (1, 2)> in binary
    assert depth((A, w), [1, 2]) == 1
    assert depth((A, w), [1, Fraction(2) - Fraction(1, 10**40)]) == 0


def test_validation():
    with pytest.raises(TypeError, match="constraints"):
        depth([[1, 2]], [0, 0])
    with pytest.raises(ValueError, match="z"):
        depth(([[1, 2]], [0]), [0, 0, 0])
    with pytest.raises(ValueError, match="constraints w"):
        depth(([[1, 2]], [0, 1]), [0, 0])


# --------------------------------------------------------------------------- cdepth


@given(
    st.lists(st.tuples(st.integers(-2, 2), st.integers(-3, 3)), min_size=1, max_size=6),
    st.fractions(min_value=-4, max_value=4, max_denominator=4),
)
@settings(max_examples=40, deadline=None)
def test_cdepth_1d_hand_formula(cons, z):
    A = [[a] for a, _ in cons]
    w = [b for _, b in cons]
    res = cdepth((A, w), [z], return_certificate=True)
    assert res.value == cdepth_1d([a for a, _ in cons], w, z)
    assert is_hull_certificate((A, w), res.certificate)
    assert res.certificate.point == (Fraction(z),)


def test_cdepth_1d_examples():
    assert cdepth(([[1], [-1]], [0, -1]), [0.5]) == 2  # 0 <= z <= 1
    assert cdepth(([[1], [-1]], [1, 0]), [0.5]) == 1  # z >= 1 or z <= 0: hull is R
    assert cdepth(([[1], [-1]], [1, 0]), [7]) == 1


@given(st.integers(0, 10**6))
@settings(max_examples=12, deadline=None)
def test_cdepth_2d_against_closure_lp_fact1_and_certificates(seed):
    rng = np.random.default_rng(seed)
    m, d = 5, 2
    A, w = random_system(rng, m, d)
    z = rng.uniform(-3, 3, d)  # off every hull boundary almost surely
    res = cdepth((A, w), z, return_certificate=True)
    dz = depth((A, w), z)
    assert res.value >= dz  # cdepth >= depth
    assert dz >= (d + 1) * res.value - d * m  # Fact 1
    assert res.value == closure_cdepth(A, w, z)
    E = [[int(i == j) for j in range(d)] for i in range(d)]
    assert_certified((A, w), res, (E, [Fraction(v) for v in z]))


def test_hull_is_not_closed_and_cdepth_sees_it():
    """D_5 = {y = 0} ∪ {(0, 1)}: (1, 1) is in the closure of the hull, not in the hull."""
    A = [[0, 1], [0, -1], [0, 1], [0, -1], [1, 0], [-1, 0], [0, -1]]
    w = [0, 0, 1, -1, 0, 0, 0]
    assert depth((A, w), [[0, 1], [3, 0], [1, 1]]).tolist() == [5, 5, 4]
    res = cdepth((A, w), [1, 1], return_certificate=True)
    assert res.value == 4
    # level 5 is excluded by the anchoring chain (the closure LP alone is feasible)
    assert isinstance(res.upper, AnchoringBound)
    assert is_level_bound((A, w), res.upper, ([[1, 0], [0, 1]], [1, 1]))
    assert not is_level_bound((A, w), res.upper, ([[1, 0], [0, 1]], [1, Fraction(1, 2)]))
    assert cdepth((A, w), [1, Fraction(1, 2)]) == 5  # open strip between: in the hull
    assert closure_cdepth(A, w, [1, 1]) == 5


def test_certificate_checker_rejects_tampering():
    A = [[1, 0], [0, 1], [-1, -1]]
    w = [0, 0, -2]
    res = cdepth((A, w), [Fraction(1, 2), Fraction(1, 2)], return_certificate=True)
    c = res.certificate
    assert res.value == 3 and is_hull_certificate((A, w), c)
    from dataclasses import replace

    assert not is_hull_certificate((A, w), replace(c, level=c.level + 1))
    assert not is_hull_certificate((A, w), replace(c, point=(Fraction(9), Fraction(9))))


# --------------------------------------------------------------------------- max_cdepth


@given(st.integers(0, 10**6))
@settings(max_examples=15, deadline=None)
def test_max_cdepth_equals_max_depth(seed):
    rng = np.random.default_rng(seed)
    A, w = random_system(rng, 6, 2)
    r = max_cdepth((A, w))
    assert r.value == max_depth_brute((A, w))
    assert is_hull_certificate((A, w), r.certificate)
    assert cdepth((A, w), r.point) == r.value


@given(st.integers(0, 10**6), st.integers(1, 2))
@settings(max_examples=12, deadline=None)
def test_max_cdepth_on_subspace(seed, cuts):
    rng = np.random.default_rng(seed)
    m, d = 7, 3
    A, w = random_system(rng, m, d)
    S = AffineSubspace.full(d)
    for _ in range(cuts):
        out = S.intersect(rng.integers(-2, 3, d).tolist(), int(rng.integers(-2, 3)))
        if not out.empty:
            S = out.subspace
    r = max_cdepth((A, w), S)
    assert S.contains(r.point)
    assert is_hull_certificate((A, w), r.certificate, S)
    assert cdepth((A, w), r.point) == r.value
    assert_certified((A, w), r, S)
    # no point of the subspace beats it
    for _ in range(5):
        coords = [Fraction(int(v)) for v in rng.integers(-3, 4, S.dim)]
        p = S.to_ambient(coords)
        assert cdepth((A, w), p) <= r.value


def test_max_cdepth_lineality_and_degenerate():
    # constraints only on the first coordinate of R^3: a 2-D lineality space
    A = [[1, 0, 0], [-1, 0, 0], [2, 0, 0]]
    w = [0, -1, 3]
    r = max_cdepth((A, w))
    assert r.value == 2 and is_hull_certificate((A, w), r.certificate)
    S = ([[0, 1, 1]], [5])
    r = max_cdepth((A, w), S)
    assert r.value == 2 and sum(r.point[1:]) == 5
    # all constraints zero: depth is constant
    r = max_cdepth(([[0, 0], [0, 0]], [0, 1]))
    assert r.value == 1


def test_max_cdepth_30_constraints_in_r10_refuses_with_the_estimate():
    rng = np.random.default_rng(0)
    msg = refused_before_work(lambda: dp.max_cdepth((rng.standard_normal((30, 10)), rng.standard_normal(30))))
    assert "C(30, 10)" in msg
    refused_before_work(lambda: dp.cdepth((rng.standard_normal((30, 10)), rng.standard_normal(30)), np.zeros(10)))
    # small instances still run, and the override works
    assert dp.max_cdepth(([[1], [-1], [1]], [0, -1, 2]), max_work=None).value == 2
