"""max_cdepth / cdepth at a point subspace by the phase-1 level search (solvers.depth._point_search,
[Yan26] Algorithm 4 step 2 at C|HardQuery of dimension 0) against the paths it goes before: the
separator scan (``POINT_PATH = False``) and the original level search (``FAST_PATHS = False``), kept as
oracles.  The value and the returned maximiser (the point itself) must equal theirs on every instance
— random, degenerate (coincident and rescaled hyperplanes, lineality, points on vertices and
hyperplanes), float and rational — and both sides of the value must be proved exactly."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solvers.depth as D
from solvers.depth import cdepth, max_cdepth
from tests.solvers.test_depth_exact import unproved
from tests.solvers.test_depth_scan import assert_certified, degenerate_system, original, point_subspaces, switched_off

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def scan(fn, *args, **kw):
    """``fn`` on the separator scan of the last wave (the point path switched off)."""
    return switched_off("POINT_PATH", fn, *args, **kw)


@st.composite
def systems(draw):
    """(constraints, d): integer, float or rational rows; copies and rescalings of earlier rows
    (coincident hyperplanes), a zero column now and then (a lineality space)."""
    d = draw(st.integers(1, 3))
    m = draw(st.integers(d, 7 if d < 3 else 6))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    kind = draw(st.sampled_from(["int", "float", "fraction", "margin"]))
    A, w = degenerate_system(rng, m, d)
    if kind == "float":
        A = A + rng.normal(size=A.shape) * 0.25
        w = w + rng.normal(size=w.shape) * 0.25
    elif kind == "fraction":
        A = np.array([[Fraction(int(v), int(rng.integers(1, 4))) for v in row] for row in A], dtype=object)
        w = np.array([Fraction(int(v), int(rng.integers(1, 4))) for v in w], dtype=object)
    elif kind == "margin":  # G_halfspace's margin form: <A_i, z> >= 1, asked at z = 0
        w = np.ones(m, dtype=np.int64)
    if d > 1 and draw(st.booleans()) and kind != "fraction":
        A[:, -1] = 0  # z_d free: lineality
    return (A, w), d


@SETTINGS
@given(systems(), st.integers(0, 2**32 - 1))
def test_point_path_equals_the_scan_and_the_original(system, seed):
    cons, d = system
    rng = np.random.default_rng(seed)
    subspaces = point_subspaces(rng, cons, d)
    E = [[int(i == j) for j in range(d)] for i in range(d)]
    subspaces.append((E, [0] * d))
    for S in subspaces:
        new = max_cdepth(cons, S)
        old = scan(max_cdepth, cons, S)
        first = original(max_cdepth, cons, S)
        assert new.point == old.point == first.point == tuple(Fraction(v) for v in S[1])
        assert_certified(cons, new, S)
        assert new.value == old.value == first.value  # (every path proves its value: it is the same)
        assert cdepth(cons, S[1]) == new.value


@SETTINGS
@given(systems(), st.integers(0, 2**32 - 1))
def test_cdepth_by_the_point_path_equals_the_scan(system, seed):
    cons, d = system
    rng = np.random.default_rng(seed)
    z = [Fraction(int(v), 2) for v in rng.integers(-6, 7, d)]
    new = cdepth(cons, z, return_certificate=True)
    assert new.value == scan(cdepth, cons, z) == original(cdepth, cons, z)
    assert new.point == tuple(z)
    assert_certified(cons, new, (np.eye(d, dtype=np.int64).tolist(), z))
    hull_only = D._cdepth_hull_only(cons, z)
    assert hull_only.value == new.value
    assert_certified(cons, hull_only, (np.eye(d, dtype=np.int64).tolist(), z))


def _benchmark_blocks(n_blocks):
    from geoprivate.prediction import G_halfspace, hard_query_subspace
    from geoprivate.prediction.problems import make_problem

    d, m = 2, 10
    P = make_problem("halfspaces", n_blocks * m, rng=0, d=d, grid=0.05)
    g = G_halfspace(d, form="margin")
    V = hard_query_subspace(P.sampler(np.random.default_rng(1), d + 1), d)[0]
    assert V.dim == 0
    return [g.constraints(P.X[i * m : (i + 1) * m], P.y[i * m : (i + 1) * m]) for i in range(n_blocks)], V


def test_the_benchmark_point_takes_the_point_path():
    """G_halfspace's C|HardQuery of dimension 0 (the bench_speed row): the phase-1 level search answers
    (no fallback), with the scan's value, certified on both sides."""
    blocks, V = _benchmark_blocks(4)
    for cons in blocks:
        res = max_cdepth(cons, V)
        assert res.info.get("point") is True
        assert res.point == tuple(V.point)
        assert_certified(cons, res, V)
        assert res.value == scan(max_cdepth, cons, V).value


def test_finding_an_unproved_zero_is_a_proved_six():
    """A finding: block 2 of the 4-block benchmark instance has an arrangement vertex ~1.6e16 out (three
    nearly concurrent hyperplanes).  The float LPs of the scan and of the original search fail on it at
    every level, and before the exact level decision both returned cdepth 0 at z = 0 with
    ``upper = "anchoring"`` (float-decided, no proof) — wrong: z and −z are in D_S(1) for z a large
    multiple of A_0 (⟨A_0, A_2⟩ < 0), so the value is at least 1.  The point path (columns scaled to
    unit size) proves 6 on both sides, and so do the old paths now (the exact decision climbs to 6)."""
    blocks, V = _benchmark_blocks(4)
    cons = blocks[2]
    A = cons[0]
    assert sum(x * y for x, y in zip(A[0], A[2], strict=True)) < 0
    old = unproved(scan, max_cdepth, cons, V)
    assert (old.value, old.upper) == (0, "anchoring") == (unproved(original, max_cdepth, cons, V).value, "anchoring")
    res = max_cdepth(cons, V)
    assert res.value == 6 and res.info.get("point") is True
    assert_certified(cons, res, V)
    for path in (scan, original):
        other = path(max_cdepth, cons, V)
        assert other.value == 6 and not other.info.get("point")
        assert_certified(cons, other, V)


def test_hull_not_closed_falls_back():
    """(1, 1) lies in the closure of ConvexHull(D_5), not in the hull: the point path finds level 5 for
    the closure, cannot certify it for the hull and hands over; the answer is 4 (anchoring chain)."""
    A = [[0, 1], [0, -1], [0, 1], [0, -1], [1, 0], [-1, 0], [0, -1]]
    w = [0, 0, 1, -1, 0, 0, 0]
    S = ([[1, 0], [0, 1]], [1, 1])
    res = max_cdepth((A, w), S)
    assert res.value == 4 == scan(max_cdepth, (A, w), S).value
    assert not res.info.get("point")
    assert_certified((A, w), res, S)


@pytest.mark.parametrize("which", ["bound", "certificate"])
def test_a_wrong_basis_is_not_certified(which):
    """The exact steps reject what they cannot prove: a separator from a basis that is not optimal,
    a combination from a support whose weights are not all nonnegative."""
    A = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1]]
    w = [0, -2, 0, -2, 1, -3]
    Aq, wq, _, d = D._as_constraints((A, w))
    arr = D._arrangement(Aq, wq, d)
    E, z0 = [[Fraction(1), Fraction(0)], [Fraction(0), Fraction(1)]], (Fraction(1), Fraction(1))
    cols = D._PointColumns.of(arr)
    k = max_cdepth((A, w), (E, list(z0))).value
    if which == "bound":  # the all-artificial basis at level k: the point is reachable there
        assert D._point_bound(cols, k, [-1, -2, -3], z0, E, np.ones(3)) is None
    else:  # two vertices of level k whose line misses (1, 1): no nonnegative combination
        n = cols.count(k)
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if cols.kind[i] == cols.kind[j] == D._V]
        assert any(D._point_certificate(cols, k, list(p), z0) is None for p in pairs)


def test_equations_other_than_the_identity_get_their_multipliers():
    """A point given by equations other than z_i = c_i: the bound's multipliers solve Eᵀμ = h, so the
    checker (which reads E) accepts it, and the value and point are the identity's."""
    A, w = degenerate_system(np.random.default_rng(9), 6, 2)
    E, f = [[2, 1], [1, -1]], [3, 0]  # the point (1, 1)
    res = max_cdepth((A, w), (E, f))
    assert res.point == (1, 1) and res.info.get("point") is True
    assert res.value > D.depth((A, w), [1, 1]) and isinstance(res.upper, D.LevelBound)
    assert res.upper.multipliers != res.upper.h
    assert res.value == max_cdepth((A, w), ([[1, 0], [0, 1]], [1, 1])).value == scan(max_cdepth, (A, w), (E, f)).value
    assert_certified((A, w), res, (E, f))


def test_ill_conditioned_levels_get_the_exact_phase_one():
    """Blocks whose level LPs are ill-conditioned (vertices ~1e16 out): where the float basis of the
    level above does not certify, phase 1 of the exact simplex proves the bound, so the point path
    answers every block of this instance — 11 of its 240 blocks were answered by the old paths, before the
    exact level decision, with an unproved, wrong cdepth 0 (``upper = "anchoring"``); the value is 6,
    proved on both sides."""
    from geoprivate.prediction import G_halfspace, hard_query_subspace
    from geoprivate.prediction.problems import make_problem

    P = make_problem("halfspaces", 400, rng=0, d=2, grid=0.05)
    g = G_halfspace(2, form="margin")
    V = hard_query_subspace(P.sampler(np.random.default_rng(100), 3), 2)[0]
    cons = g.constraints(P.X[20:30], P.y[20:30])  # block 2
    old = unproved(scan, max_cdepth, cons, V)
    assert (old.value, old.upper) == (0, "anchoring")
    res = max_cdepth(cons, V)
    assert res.value == 6 and res.info.get("point") is True
    assert_certified(cons, res, V)
    Aq, wq, _, d = D._as_constraints(cons)
    cols = D._PointColumns.of(D._arrangement(Aq, wq, d))
    bound = D._exact_point_bound(cols, 7, res.point, D._subspace_equations(V, 3)[0])
    assert bound is not None and D.is_level_bound(cons, bound, V)
