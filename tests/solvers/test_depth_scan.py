"""The separator scan of solvers.depth (max_cdepth / cdepth, [Yan26] Algorithm 4 step 2) against the
original level search it replaces (kept as the oracle: ``FAST_PATHS = False``), on random and degenerate
instances: point subspaces, points on the arrangement (vertices, hyperplanes), coincident hyperplanes."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import solvers.depth as D
from solvers.affine import AffineSubspace
from solvers.depth import cdepth, is_hull_certificate, is_level_bound, max_cdepth


def switched_off(flag: str, fn, *args, **kw):
    """``fn`` run with ``solvers.depth.<flag>`` set to False (and set back)."""
    saved = getattr(D, flag)
    setattr(D, flag, False)
    try:
        return fn(*args, **kw)
    finally:
        setattr(D, flag, saved)


def original(fn, *args, **kw):
    """``fn`` run on the original path: the float bisection with an exact certificate per answer."""
    return switched_off("FAST_PATHS", fn, *args, **kw)


def assert_certified(cons, res, subspace):
    """Both sides of the value proved exactly: the hull certificate and the bound of the level above."""
    assert is_hull_certificate(cons, res.certificate, subspace)
    assert res.certificate.level == res.value
    assert res.point == res.certificate.point
    if res.upper == "empty-level":  # no arrangement vertex is deeper than the value
        Aq, wq, _, d = D._as_constraints(cons)
        arr = D._arrangement(Aq, wq, d)
        assert all(D.depth(cons, arr.vertex(i)) <= res.value for i in range(arr.n_v))
    elif res.upper is not None:
        assert res.upper.level == res.value + 1
        assert is_level_bound(cons, res.upper, subspace)


def degenerate_system(rng, m, d):
    """Small integer constraints with repeated (and rescaled) rows: coincident hyperplanes."""
    A = rng.integers(-2, 3, (m, d))
    w = rng.integers(-2, 3, m)
    for i in range(1, m):
        if rng.random() < 0.3:  # a copy of an earlier row, possibly scaled or flipped
            j = int(rng.integers(0, i))
            s = int(rng.choice([1, 2, -1]))
            A[i], w[i] = s * A[j], s * w[j]
    return A, w


def point_subspaces(rng, cons, d):
    """Point subspaces {E z = f}: a random grid point, an arrangement vertex, the midpoint of two
    vertices (often on a hyperplane), a point on a hyperplane."""
    Aq, wq, _, _ = D._as_constraints(cons)
    arr = D._arrangement(Aq, wq, d)
    pts = [tuple(Fraction(int(v)) for v in rng.integers(-3, 4, d))]
    if arr.r == d and arr.n_v:
        i, j = (int(v) for v in rng.integers(0, arr.n_v, 2))
        pts.append(arr.vertex(i))
        pts.append(tuple((x + y) / 2 for x, y in zip(arr.vertex(i), arr.vertex(j), strict=True)))
    a, b = Aq[0], wq[0]
    k = next((t for t, v in enumerate(a) if v), None)
    if k is not None:  # on the hyperplane <a, z> = b
        p = [Fraction(int(v)) for v in rng.integers(-2, 3, d)]
        p[k] = 0
        p[k] = (b - sum(x * y for x, y in zip(a, p, strict=True))) / a[k]
        pts.append(tuple(p))
    E = [[int(i == j) for j in range(d)] for i in range(d)]
    return [(E, list(p)) for p in pts]


@pytest.mark.parametrize("seed", range(12))
def test_point_subspace_matches_original_search(seed):
    rng = np.random.default_rng(seed)
    d = 2 + seed % 2
    m = 6 if d == 2 else 5
    A, w = degenerate_system(rng, m, d)
    cons = (A, w)
    for S in point_subspaces(rng, cons, d):
        new = max_cdepth(cons, S)
        old = original(max_cdepth, cons, S)
        assert new.value == old.value
        assert new.value == cdepth(cons, S[1])
        assert_certified(cons, new, S)


@pytest.mark.parametrize("seed", range(8))
def test_line_and_plane_subspaces_match_original_search(seed):
    rng = np.random.default_rng(100 + seed)
    d = 3
    A, w = degenerate_system(rng, 6, d)
    cons = (A, w)
    S = AffineSubspace.full(d)
    for _ in range(1 + seed % 2):
        out = S.intersect(rng.integers(-2, 3, d).tolist(), int(rng.integers(-2, 3)))
        if not out.empty:
            S = out.subspace
    new = max_cdepth(cons, S)
    old = original(max_cdepth, cons, S)
    assert new.value == old.value
    assert S.contains(new.point)
    assert_certified(cons, new, S)


@pytest.mark.parametrize("seed", range(8))
def test_cdepth_matches_original_search(seed):
    rng = np.random.default_rng(200 + seed)
    A, w = degenerate_system(rng, 6, 2)
    for z in ([Fraction(int(v), 2) for v in rng.integers(-6, 7, 2)], rng.uniform(-3, 3, 2)):
        new = cdepth((A, w), z, return_certificate=True)
        assert new.value == original(cdepth, (A, w), z)
        assert is_hull_certificate((A, w), new.certificate)


def test_hull_not_closed_falls_back_to_the_anchoring_chain():
    """(1, 1) lies in the closure of ConvexHull(D_5), not in the hull: the scan's closure answer (5) has
    no certificate, so the original search decides (4, with an anchoring chain)."""
    A = [[0, 1], [0, -1], [0, 1], [0, -1], [1, 0], [-1, 0], [0, -1]]
    w = [0, 0, 1, -1, 0, 0, 0]
    S = ([[1, 0], [0, 1]], [1, 1])
    res = max_cdepth((A, w), S)
    assert res.value == 4 == original(max_cdepth, (A, w), S).value
    assert isinstance(res.upper, D.AnchoringBound) and is_level_bound((A, w), res.upper, S)


def test_the_benchmark_point_takes_the_scan(monkeypatch):
    """G_halfspace's C|HardQuery of dimension 0 (the bench_speed row): with the point path switched off
    (``POINT_PATH = False``: it answers there first, see tests/solvers/test_depth_point.py) the scan
    answers, certified."""
    monkeypatch.setattr(D, "POINT_PATH", False)
    from geoprivate.prediction import G_halfspace, hard_query_subspace
    from geoprivate.prediction.problems import make_problem

    d, m = 2, 10
    P = make_problem("halfspaces", 2 * m, rng=0, d=d, grid=0.05)
    g = G_halfspace(d, form="margin")
    H = P.sampler(np.random.default_rng(1), d + 1)
    V = hard_query_subspace(H, d)[0]
    assert V.dim == 0
    for i in range(2):
        cons = g.constraints(P.X[i * m : (i + 1) * m], P.y[i * m : (i + 1) * m])
        res = max_cdepth(cons, V)
        assert res.info.get("scan") is True
        assert res.value == original(max_cdepth, cons, V).value
        assert_certified(cons, res, V)


def test_scan_bound_and_basis_certificate_are_exact():
    """The two exact steps of the scan, directly: the separator from the basis proves level k + 1
    unreachable, the combination from the guess LP's basis is a hull certificate at its level."""
    A = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1]]
    w = [0, -2, 0, -2, 1, -3]
    cons = (A, w)
    Aq, wq, _, d = D._as_constraints(cons)
    arr = D._arrangement(Aq, wq, d)
    E, f = [[Fraction(1), Fraction(0)], [Fraction(0), Fraction(1)]], [Fraction(7), Fraction(7)]
    lev = D._Level(arr, E, f)
    scan = D._SeparatorScan(lev)
    assert scan.feasible(arr.max_depth()) is True  # (7, 7) is far outside the deepest region
    bound = scan.bound(arr.max_depth())
    assert bound is not None and is_level_bound(cons, bound, (E, f))
    guess = D._guess(D._Level(arr, E, [Fraction(1), Fraction(1)]), 0, arr.max_depth())
    assert guess is not None and guess[1] is not None
    assert is_hull_certificate(cons, guess[1], (E, [Fraction(1), Fraction(1)]))
    assert guess[0] == max_cdepth(cons, (E, [1, 1])).value == 6
