"""The exact level decision of solvers.depth (``_decide_level``, ``_exact_climb``; [Yan26] Definitions 8–9,
Algorithm 4 step 2): where the float LPs cannot decide level value + 1, max_cdepth and cdepth decide it
in exact arithmetic, so that ``upper`` is always a proof.

The oracles: the search as it was before (``unproved``: the same code with the old tail, which returned
``upper = "anchoring"`` — a float verdict — or raised), and an independent brute force
(``brute_max_cdepth``: the arrangement's vertices and unbounded edges enumerated in Fractions, the
anchored level LP decided by a max-support iteration of the public exact LP, ``solvers.lp.maximize``).
The instances are G_halfspace blocks (margin form, points on the 0.05 grid): three nearly collinear grid
points put the vertex of their dual hyperplanes ~1e16 out, and a ray nearly parallel to C|HardQuery
meets it only ~1e16 out; the float LPs miss both."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import solvers.depth as D
from solvers.affine import AffineSubspace
from solvers.depth import cdepth, is_hull_certificate, is_level_bound, max_cdepth
from solvers.halfspaces import dual_constraints
from solvers.lp import maximize
from tests.solvers.test_depth_scan import assert_certified, degenerate_system, point_subspaces

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

GRID = 0.05


# --------------------------------------------------------------------------- the old search


def _old_tail(lev, value, best, hi):
    """What ``_search`` did after the exact proofs built from float proposals failed, before the exact
    decision: raise if the float LP called level value + 1 feasible, else return the float verdict."""
    if lev.float_solve(value + 1)[0]:
        raise ArithmeticError(f"level {value + 1} float-feasible but neither certified feasible nor proved infeasible")
    return value, best, "anchoring"


def unproved(fn, *args, **kw):
    """``fn`` as it ran before the exact level decision (the oracle of the transcripts): the old tail of
    the search, and certificates built without checking Σλ = 1 and the depths of their columns."""
    saved = D._exact_climb, D._at_level
    D._exact_climb, D._at_level = _old_tail, lambda *args: True
    try:
        return fn(*args, **kw)
    finally:
        D._exact_climb, D._at_level = saved


def proved(cons, res, subspace) -> bool:
    """Whether both sides of ``res`` check exactly (:func:`assert_certified` as a predicate)."""
    try:
        assert_certified(cons, res, subspace)
    except AssertionError:
        return False
    return True


# --------------------------------------------------------------------------- an independent brute force


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def _solve(M, b):
    """The unique solution of the square system M x = b (Fractions, Gauss–Jordan), or None."""
    n = len(M)
    R = [[*row, bi] for row, bi in zip(M, b, strict=True)]
    for c in range(n):
        p = next((i for i in range(c, n) if R[i][c] != 0), None)
        if p is None:
            return None
        R[c], R[p] = R[p], R[c]
        for i in range(n):
            if i != c and R[i][c]:
                q = R[i][c] / R[c][c]
                R[i] = [x - q * y for x, y in zip(R[i], R[c], strict=True)]
    return [R[i][n] / R[i][i] for i in range(n)]


def _line_direction(M, n):
    """A nonzero u with M u = 0 for M of n − 1 rows and rank n − 1, else None."""
    for j in range(n):  # u_j = 1, the others solved for
        cols = [c for c in range(n) if c != j]
        sol = _solve([[row[c] for c in cols] for row in M], [-row[j] for row in M])
        if sol is not None:
            u = [Fraction(0)] * n
            u[j] = Fraction(1)
            for c, v in zip(cols, sol, strict=True):
                u[c] = v
            return u
    return None


def _brute_arrangement(A, w):
    """{vertex: depth} and [(anchor, direction, depth of the open ray)] of an essential arrangement, by
    solving every n-subset and every (n − 1)-subset of rows in Fractions."""
    m, n = len(A), len(A[0])
    verts = {}
    for T in itertools.combinations(range(m), n):
        z = _solve([A[i] for i in T], [w[i] for i in T])
        if z is not None:
            verts[tuple(z)] = sum(_dot(a, z) >= b for a, b in zip(A, w, strict=True))
    rays = []
    for T in itertools.combinations(range(m), n - 1):
        u = _line_direction([A[i] for i in T], n)
        if u is None:
            continue
        for v in verts:
            if any(_dot(A[i], v) != w[i] for i in T):
                continue
            for r in (u, [-x for x in u]):
                gaps = [(_dot(a, v) - b, _dot(a, r)) for a, b in zip(A, w, strict=True)]
                if all(g * t >= 0 for g, t in gaps):  # no hyperplane crossed: one face
                    rays.append((v, tuple(r), sum(g > 0 or (g == 0 and t >= 0) for g, t in gaps)))
    return verts, rays


def _unit_row(n, *pairs):
    """A row of n Fractions, 0 but for the (index, value) pairs."""
    row = [Fraction(0)] * n
    for i, c in pairs:
        row[i] = Fraction(c)
    return row


def _carriers(V, R, E, f):
    """The vertices of V that carry weight in some solution of the closure LP over V and the rays R
    (homogenised: max Σ s_v subject to s_v ≤ λ_v, s_v ≤ 1, Σλ = t, E(Σλv + Σμr) = t f; one exact LP)."""
    nv, nr = len(V), len(R)
    N = 2 * nv + nr + 1  # λ, μ, s, t
    zero, one = Fraction(0), Fraction(1)
    A_ub = [_unit_row(N, (i, -1)) for i in range(N)]  # every variable >= 0
    A_ub += [_unit_row(N, (nv + nr + i, 1), (i, -1)) for i in range(nv)]
    A_ub += [_unit_row(N, (nv + nr + i, 1)) for i in range(nv)]
    b_ub = [zero] * (N + nv) + [one] * nv
    A_eq = [[one] * nv + [zero] * (nr + nv) + [-one]]
    A_eq += [
        [_dot(e, v) for v in V] + [_dot(e, r) for _, r in R] + [zero] * nv + [-fe] for e, fe in zip(E, f, strict=True)
    ]
    res = maximize([zero] * (nv + nr) + [one] * nv + [zero], A_ub, b_ub, A_eq, [zero] * len(A_eq))
    assert res.status == "optimal"
    return [v for i, v in enumerate(V) if res.point[i] > 0]


def _brute_reachable(verts, rays, k, E, f):
    """Whether ConvexHull(D_S(k)) meets {E z = f}: the vertices that can carry weight, the rays anchored
    at them, until stable (then averaging solutions weighs every vertex: anchored)."""
    V = [v for v, dv in verts.items() if dv >= k]
    R = [(v, r) for v, r, dr in rays if dr >= k]
    while V:
        R = [(v, r) for v, r in R if v in set(V)]
        S = _carriers(V, R, E, f)
        if len(S) == len(V):
            return True
        V = S
    return False


def brute_max_cdepth(cons, E=(), f=()):
    """max cdepth_S over {E z = f} by brute force (rank A = d: no lineality), independent of
    solvers.depth: the largest level whose hull meets the subspace."""
    A = [[Fraction(x) for x in row] for row in cons[0]]
    w = [Fraction(x) for x in cons[1]]
    verts, rays = _brute_arrangement(A, w)
    assert verts, "the brute force needs an essential arrangement (rank A = d)"
    E = [[Fraction(x) for x in row] for row in E]
    f = [Fraction(x) for x in f]
    return next((k for k in range(max(verts.values()), 0, -1) if _brute_reachable(verts, rays, k, E, f)), 0)


def _essential(cons) -> bool:
    Aq, wq, _, d = D._as_constraints(cons)
    return D._arrangement(Aq, wq, d).r == d


# --------------------------------------------------------------------------- G_halfspace blocks


def hard_subspace(hard_grid):
    """C|HardQuery of G_halfspace ([Yan26] Algorithm 4) for hard points on the grid (integers times 0.05):
    {(a, w) : ⟨a, x⟩ = w for each}, in ℝ³."""
    V = AffineSubspace.full(3)
    for x in np.asarray(hard_grid, np.int64).reshape(-1, 2) * GRID:
        V = V.intersect([Fraction(float(v)) for v in x] + [Fraction(-1)], 0).subspace
    return V


def block(points_grid, labels):
    """A G_halfspace block's dual constraints (margin form) for points on the grid."""
    return dual_constraints(np.asarray(points_grid, np.int64) * GRID, np.asarray(labels, np.int64), form="margin")


#: minimal blocks (found by deleting points while the old answer stayed unproved and wrong) and their
#: C|HardQuery: (points, labels, hard points) on the 0.05 grid, the old answer, the value
FINDINGS = {
    # three nearly collinear points: their dual hyperplanes meet ~1.7e16 out
    "dim 1, vertex 1e16 out": (([[27, 16], [0, 13], [9, 14]], [1, 0, 0], [[-23, 6], [16, 11]]), (0, "anchoring"), 2),
    "dim 2, vertex 1e16 out": (([[-18, -5], [-12, -6], [-6, -7]], [0, 1, 0], [[38, 30]]), (0, "anchoring"), 2),
    # a ray nearly parallel to the plane: the hull of level 3 meets it ~1e16 out
    "dim 2, ray nearly parallel": (([[-3, 23], [7, -24], [-23, -20]], [0, 1, 0], [[22, -26]]), (2, "anchoring"), 3),
    "dim 0, vertex 1e16 out": (
        ([[-2, -14], [-4, -16], [-6, -18]], [0, 0, 0], [[28, -5], [3, -32], [-9, 38]]),
        (0, "anchoring"),
        2,
    ),
    # the old search raised (float-feasible, no exact proof either way)
    "dim 1, old search raised": (([[4, 17], [10, 18], [16, 19]], [0, 1, 0], [[20, 35], [-21, 4]]), "raised", 2),
}


@pytest.mark.parametrize("name", list(FINDINGS))
def test_findings_are_decided_exactly(name):
    """A finding: on these blocks the old search returned an unproved, wrong value (or raised); the
    exact decision proves the value the brute force finds."""
    (pts, labels, hard), old, value = FINDINGS[name]
    cons, V = block(pts, labels), hard_subspace(hard)
    if old == "raised":
        with pytest.raises(ArithmeticError, match="float-feasible"):
            unproved(max_cdepth, cons, V)
    else:
        res = unproved(max_cdepth, cons, V)
        assert (res.value, res.upper) == old
    res = max_cdepth(cons, V)
    assert res.value == value == brute_max_cdepth(cons, *D._subspace_equations(V, 3))
    assert res.info.get("exact_decision") is True
    assert res.value > (old[0] if old != "raised" else 0) or old == "raised"
    assert V.contains(res.point)
    assert_certified(cons, res, V)
    if V.dim == 0:  # cdepth at the point: the same decision
        got = cdepth(cons, V.point, return_certificate=True)
        assert got.value == value
        assert_certified(cons, got, V)


def test_the_value_can_be_reached_only_far_out():
    """The maximiser of the ray finding lies ~1e16 out (the float LPs' tolerances cannot see it): the
    certificate's ray weight is that large, and the point is exactly in the plane."""
    (pts, labels, hard), _, _ = FINDINGS["dim 2, ray nearly parallel"]
    res = max_cdepth(block(pts, labels), hard_subspace(hard))
    assert max(abs(c) for c, _, _ in res.certificate.rays) > 10**15
    assert max(abs(x) for x in res.point) > 10**15


@st.composite
def halfspace_blocks(draw):
    """(points, labels, hard points) on the 0.05 grid: 3–6 points, mostly with three collinear ones
    (uniform draws from a seed: hypothesis's own small integers rarely make the float LPs fail)."""
    m, n_hard = draw(st.integers(3, 6)), draw(st.integers(1, 3))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    pts = rng.integers(-40, 41, (m, 2))
    if draw(st.integers(0, 3)):  # three collinear grid points
        p, q = rng.integers(-20, 21, 2), rng.integers(1, 7, 2) * rng.choice([-1, 1], 2)
        pts[:3] = [p, p + q, p + int(rng.integers(2, 4)) * q]
    return pts.tolist(), rng.integers(0, 2, m).tolist(), rng.integers(-40, 41, (n_hard, 2)).tolist()


@SETTINGS
@given(halfspace_blocks())
def test_new_equals_old_where_old_was_proved(instance):
    """The transcripts: where the old search proved its value (both sides check), the new one returns the
    same value, point, certificate and bound; where it did not (``"anchoring"``, a raise, a certificate
    that does not check), the new value is proved and is the brute force's (at least the old one after
    ``"anchoring"``: the float search finds reachable levels, it misses some)."""
    pts, labels, hard = instance
    cons, V = block(pts, labels), hard_subspace(hard)
    new = max_cdepth(cons, V)
    assert_certified(cons, new, V)
    try:
        old = unproved(max_cdepth, cons, V)
    except ArithmeticError:
        old = None
    kind = "raised" if old is None else "anchoring" if old.upper == "anchoring" else "proved"
    if kind == "proved" and not proved(cons, old, V):
        kind = "certificate does not check"
    event(f"old: {kind}")
    if kind == "proved":
        assert (new.value, new.point, new.certificate, new.upper) == (old.value, old.point, old.certificate, old.upper)
        return
    if kind == "anchoring":
        assert new.value >= old.value
    if _essential(cons):
        assert new.value == brute_max_cdepth(cons, *D._subspace_equations(V, 3))


@st.composite
def systems_and_subspaces(draw):
    """Small degenerate integer systems (coincident, rescaled hyperplanes, lineality) and a point, line or
    plane subspace."""
    d = draw(st.integers(2, 3))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    A, w = degenerate_system(rng, draw(st.integers(d, 6)), d)
    if draw(st.booleans()):
        A[:, -1] = 0  # z_d free: lineality
    kind = draw(st.sampled_from(["point", "cut"]))
    if kind == "point":
        S = draw(st.sampled_from(point_subspaces(rng, (A, w), d)))
    else:
        S = AffineSubspace.full(d)
        for _ in range(draw(st.integers(1, d - 1))):
            out = S.intersect(rng.integers(-2, 3, d).tolist(), int(rng.integers(-2, 3)))
            if not out.empty:
                S = out.subspace
    return (A, w), d, S


@SETTINGS
@given(systems_and_subspaces())
def test_the_exact_decision_at_every_level(case):
    """``_decide_level`` on its own, at every level: a certificate exactly up to the proved value, a
    bound above it, each checked by its checker (the hull-not-closed corner, lineality, coincident
    hyperplanes included)."""
    cons, d, S = case
    value = max_cdepth(cons, S).value
    Aq, wq, _, _ = D._as_constraints(cons)
    arr = D._arrangement(Aq, wq, d)
    assume(arr.r > 0)
    lev = D._Level(arr, *D._subspace_equations(S, d))
    for k in range(1, arr.max_depth() + 1):
        out = D._decide_level(lev, k)
        event(type(out).__name__)
        if k <= value:
            assert isinstance(out, D.HullCertificate) and out.level == k
            assert is_hull_certificate(cons, out, S)
        else:
            assert isinstance(out, D.LevelBound | D.AnchoringBound)
            assert is_level_bound(cons, out, S)


def test_the_closure_but_not_the_hull():
    """(1, 1) lies in the closure of ConvexHull(D_5), not in the hull: the exact decision proves level 5
    out of reach by an anchoring chain (the closure LP alone is feasible) and level 4 reachable."""
    A = [[0, 1], [0, -1], [0, 1], [0, -1], [1, 0], [-1, 0], [0, -1]]
    w = [0, 0, 1, -1, 0, 0, 0]
    E, f = [[Fraction(1), Fraction(0)], [Fraction(0), Fraction(1)]], [Fraction(1), Fraction(1)]
    Aq, wq, _, d = D._as_constraints((A, w))
    lev = D._Level(D._arrangement(Aq, wq, d), E, f)
    bound = D._decide_level(lev, 5)
    assert isinstance(bound, D.AnchoringBound) and is_level_bound((A, w), bound, (E, f))
    cert = D._decide_level(lev, 4)
    assert isinstance(cert, D.HullCertificate) and is_hull_certificate((A, w), cert, (E, f))
    assert brute_max_cdepth((A, w), E, f) == 4


@pytest.mark.slow  # (~5-9 s: 720 blocks, each searched twice and both answers checked exactly)
def test_a_g_halfspace_run_is_proved_everywhere():
    """The measurement behind the exact decision: 40 G_halfspace blocks (margin form, 10 points each on
    the 0.05 grid) under the C|HardQuery of 1, 2 and 3 hard points of 6 seeds, 720 blocks.  Every answer
    is proved; where the old search proved its answer it is unchanged; where it did not (13 blocks at
    dimensions 1 and 2 when this was written: float verdicts), the value is higher — every one was wrong."""
    from geoprivate.prediction import G_halfspace, hard_query_subspace
    from geoprivate.prediction.problems import make_problem

    P = make_problem("halfspaces", 400, rng=0, d=2, grid=GRID)
    g = G_halfspace(2, form="margin")
    unproved_blocks = 0
    for seed in range(100, 106):
        H = P.sampler(np.random.default_rng(seed), 3)
        for n_hard in (1, 2, 3):
            V = hard_query_subspace(H[:n_hard], 2)[0]
            for b in range(40):
                cons = g.constraints(P.X[10 * b : 10 * b + 10], P.y[10 * b : 10 * b + 10])
                new = max_cdepth(cons, V)
                assert_certified(cons, new, V)
                old = unproved(max_cdepth, cons, V)
                if old.upper == "anchoring":
                    unproved_blocks += 1
                    assert new.value > old.value
                else:
                    assert proved(cons, old, V)
                    assert (new.value, new.point, new.upper) == (old.value, old.point, old.upper)
    assert unproved_blocks, "no block left for the exact decision: find new instances"


def test_a_certificate_below_its_level_is_refused():
    """A finding: on this block the separator scan's guess LP put a weight ~1e-15 on a vertex of depth 3
    in its float solution, the exact solution of its basis kept it, and the old search returned cdepth 4
    with a certificate of level 4 that does not check (that vertex is below level 4) — wrong: the value
    is 3.  A certificate is now built only from columns of its level with Σλ = 1."""
    cons, V = block([[15, -5], [14, -8], [12, -14], [-1, 9]], [1, 0, 0, 0]), hard_subspace([[10, -15]])
    old = unproved(max_cdepth, cons, V)
    assert old.value == 4 and old.info.get("scan") and not is_hull_certificate(cons, old.certificate, V)
    res = max_cdepth(cons, V)
    assert res.value == 3 == brute_max_cdepth(cons, *D._subspace_equations(V, 3))
    assert_certified(cons, res, V)
