"""solvers.formulations: the cvxpy problems agree with the exact oracles on generated instances.

For every formulation: cvxpy's status and optimum agree with the exact answer (to solver
tolerance), and the exact checkers accept or refute cvxpy's float point — their verdict is
compared with the exact residuals computed here, and an accepted point is never better than
the exact optimum (weak duality, exactly)."""

from fractions import Fraction

import cvxpy as cp
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers import depth as depth_mod
from solvers.formulations import (
    Formulation,
    cdepth_level_problem,
    feasibility_problem,
    margin_problem,
    optimization_problem,
)
from solvers.lp import FarkasCertificate, feasible_point, is_feasible_point, is_optimize_certificate, maximize

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOL = 1e-6  # HiGHS's default feasibility tolerance is 1e-7


def _solve(p):
    p.solve(solver=cp.HIGHS)
    return p.status


def _exact_residual(A_ub, b_ub, A_eq, b_eq, x) -> tuple[Fraction, Fraction]:
    """(max of A_ub x - b_ub, max |A_eq x - b_eq|) in exact arithmetic (floats at their binary value)."""
    xq = [Fraction(float(v)) for v in x]

    def rows(A, b):
        return [
            sum(Fraction(float(a)) * v for a, v in zip(row, xq, strict=False)) - Fraction(float(bi))
            for row, bi in zip(A, b, strict=False)
        ]

    ub = max(rows(A_ub, b_ub), default=Fraction(-1))
    eq = max((abs(r) for r in rows(A_eq, b_eq)), default=Fraction(0))
    return ub, eq


def _check_point_verdict(A_ub, b_ub, A_eq, b_eq, x, tol=TOL):
    """The exact checker's verdict on a float point equals the exact residuals' verdict,
    and the point is feasible up to solver tolerance."""
    ub, eq = _exact_residual(A_ub, b_ub, A_eq, b_eq, x)
    verdict = is_feasible_point(A_ub, b_ub, A_eq, b_eq, [float(v) for v in x])
    assert verdict == (ub <= 0 and eq == 0)
    assert ub <= tol and eq <= tol
    return verdict


@st.composite
def systems(draw, max_d=4, max_ub=8, max_eq=2):
    """Small integer systems, feasible (planted point, slack in {0,1,2}) or infeasible (planted
    contradiction with gap >= 1), so that a float solver's verdict is unambiguous."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    d = int(rng.integers(1, max_d + 1))
    m_ub, m_eq = int(rng.integers(1, max_ub + 1)), int(rng.integers(0, max_eq + 1))
    A = rng.integers(-4, 5, size=(m_ub, d))
    Ae = rng.integers(-4, 5, size=(m_eq, d))
    x0 = rng.integers(-3, 4, size=d)
    b = A @ x0 + rng.integers(0, 3, size=m_ub)
    be = Ae @ x0
    if draw(st.booleans()):  # planted contradiction: -y^T A x <= -y^T b - 1
        y = rng.integers(0, 3, size=m_ub)
        A = np.vstack([A, -(y @ A)])
        b = np.concatenate([b, [-(y @ b) - 1]])
    return A, b, Ae, be


# ----------------------------------------------------------------------------- feasibility


@SETTINGS
@given(systems())
def test_feasibility_agrees_with_exact(sys_):
    A, b, Ae, be = sys_
    exact = feasible_point(A, b, Ae, be)
    p = feasibility_problem(A, b, Ae, be)
    assert isinstance(p, Formulation) and isinstance(p, cp.Problem)
    status = _solve(p)
    assert status in (cp.OPTIMAL, cp.INFEASIBLE)
    assert (status == cp.OPTIMAL) == exact.feasible
    if exact.feasible:
        _check_point_verdict(A, b, Ae, be, p.var["x"].value)


@SETTINGS
@given(systems())
def test_strict_max_slack_agrees_with_exact(sys_):
    A, b, Ae, be = sys_
    exact = feasible_point(A, b, Ae, be, strict=True)
    p = feasibility_problem(A, b, Ae, be, strict=True)
    status = _solve(p)
    if exact.slack is None:  # the equations alone are inconsistent
        assert status == cp.INFEASIBLE
        return
    assert status == cp.OPTIMAL
    assert abs(p.value - float(exact.slack)) <= TOL
    assert (p.value > TOL) <= exact.feasible


def test_strict_slack_example():
    p = feasibility_problem([[-1], [1]], [0, 1], strict=True)  # exact slack 1/2 at x = 1/2
    _solve(p)
    assert abs(p.value - 0.5) < 1e-9 and abs(p.var["x"].value[0] - 0.5) < 1e-9
    assert sorted(p.con) == ["cap", "ub"]


# ----------------------------------------------------------------------------- optimisation


@SETTINGS
@given(systems(), st.integers(0, 2**32 - 1))
def test_optimization_agrees_with_exact(sys_, seed):
    A, b, Ae, be = sys_
    c = np.random.default_rng(seed).integers(-3, 4, size=A.shape[1])
    exact = maximize(c, A, b, Ae, be)
    assert is_optimize_certificate(c, A, b, Ae, be, exact)
    p = optimization_problem(c, A, b, Ae, be)
    status = _solve(p)
    expected = {"optimal": cp.OPTIMAL, "infeasible": cp.INFEASIBLE, "unbounded": cp.UNBOUNDED}[exact.status]
    assert status == expected or (exact.status != "optimal" and status == "infeasible_or_unbounded")
    if exact.status == "optimal":
        assert abs(p.value - float(exact.value)) <= TOL * max(1.0, abs(float(exact.value)))
        x = p.var["x"].value
        if _check_point_verdict(A, b, Ae, be, x):  # an exactly feasible point: never above the optimum
            assert sum(int(ci) * Fraction(float(xi)) for ci, xi in zip(c, x, strict=True)) <= exact.value


def test_optimization_duals_match_exact_multipliers_on_a_nondegenerate_example():
    A, b = [[1, 2], [3, 1], [-1, 0], [0, -1]], [4, 6, 0, 0]
    exact = maximize([1, 1], A, b)
    p = optimization_problem([1, 1], A, b)
    _solve(p)
    assert np.allclose(p.con["ub"].dual_value, [float(v) for v in exact.dual.y_ub], atol=1e-8)
    # the float answer, rationalised, passes the exact optimality check here (unique, simple optimum)
    x = tuple(Fraction(float(v)).limit_denominator(100) for v in p.var["x"].value)
    y = tuple(Fraction(float(v)).limit_denominator(100) for v in p.con["ub"].dual_value)
    from solvers.lp import OptimizeResult

    guess = OptimizeResult("optimal", x, sum(x), FarkasCertificate(y, ()))
    assert is_optimize_certificate([1, 1], A, b, None, None, guess)
    off = OptimizeResult("optimal", x, sum(x) + Fraction(1, 100), FarkasCertificate(y, ()))
    assert not is_optimize_certificate([1, 1], A, b, None, None, off)


def test_adding_a_constraint_and_resolving():
    """The documented way to modify a formulation; the new optimum is checked exactly."""
    A, b = [[1, 2], [3, 1], [-1, 0], [0, -1]], [4, 6, 0, 0]
    p = optimization_problem([1, 1], A, b)
    x = p.var["x"]
    q = p.with_constraints(cap=x[0] <= 1)
    assert sorted(q.con) == ["cap", "ub"] and sorted(p.con) == ["ub"]
    _solve(q)
    exact = maximize([1, 1], A + [[1, 0]], b + [1])
    assert abs(q.value - float(exact.value)) < 1e-9 and exact.value == Fraction(5, 2)
    r = p.with_objective(cp.Maximize(x[1]))
    _solve(r)
    assert abs(r.value - float(maximize([0, 1], A, b).value)) < 1e-9
    with pytest.raises(ValueError, match="already used"):
        p.with_constraints(ub=x[0] <= 1)


# ----------------------------------------------------------------------------- best l1 margin ([BF26])


def _margin_exact(X, labels, nonnegative):
    """max rho s.t. y_i <v, x_i> >= rho, ||v||_1 <= 1 (or v >= 0, sum v = 1), exactly via solvers.lp.maximize.

    Variables (v, u, rho) with -u <= v <= u, sum u <= 1 (general) or (v, rho) (non-negative)."""
    n, d = X.shape
    y = 2 * np.asarray(labels, dtype=np.int64) - 1
    if nonnegative:
        k = d + 1
        margin = np.hstack([-(y[:, None] * X), np.ones((n, 1), dtype=np.int64)])
        A_ub = np.vstack([margin, np.hstack([-np.eye(d, dtype=np.int64), np.zeros((d, 1), dtype=np.int64)])])
        b_ub = np.zeros(n + d, dtype=np.int64)
        A_eq = np.hstack([np.ones((1, d), dtype=np.int64), np.zeros((1, 1), dtype=np.int64)])
        b_eq = np.ones(1, dtype=np.int64)
    else:
        k = 2 * d + 1
        I, Z = np.eye(d, dtype=np.int64), np.zeros((d, 1), dtype=np.int64)
        margin = np.hstack([-(y[:, None] * X), np.zeros((n, d), dtype=np.int64), np.ones((n, 1), dtype=np.int64)])
        A_ub = np.vstack(
            [
                margin,
                np.hstack([I, -I, Z]),
                np.hstack([-I, -I, Z]),
                np.concatenate([np.zeros(d), np.ones(d), [0]]).astype(np.int64)[None, :],
            ]
        )
        b_ub = np.concatenate([np.zeros(n + 2 * d), [1]]).astype(np.int64)
        A_eq, b_eq = np.zeros((0, k), dtype=np.int64), np.zeros(0, dtype=np.int64)
    c = np.eye(1, k, k - 1, dtype=np.int64).ravel()
    r = maximize(c, A_ub, b_ub, A_eq, b_eq)
    assert r.status == "optimal" and is_optimize_certificate(c, A_ub, b_ub, A_eq, b_eq, r)
    return r.value


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.booleans(), st.booleans())
def test_margin_agrees_with_exact(seed, planted, nonnegative):
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(1, 12)), int(rng.integers(1, 6))
    X = rng.choice([-1, 1], size=(n, d))
    if planted:  # labels of a random halfspace: separable (margin > 0 unless <v, x> = 0)
        w = rng.integers(-3, 4, size=d) if not nonnegative else rng.integers(0, 4, size=d)
        labels = (X @ w > 0).astype(int)
    else:
        labels = rng.integers(0, 2, size=n)
    rho = _margin_exact(X, labels, nonnegative)
    p = margin_problem(X, labels, nonnegative=nonnegative)
    assert _solve(p) == cp.OPTIMAL
    assert abs(p.value - float(rho)) <= TOL
    if not nonnegative:
        assert rho >= 0  # the l1-ball relaxation: v = 0 is feasible (docstring)
    # exact: cvxpy's v (rationalised as is) is never better than the exact optimum
    v = [Fraction(float(t)) for t in p.var["v"].value]
    y = 2 * labels - 1
    got = min(int(yi) * sum(int(a) * t for a, t in zip(xi, v, strict=False)) for xi, yi in zip(X, y, strict=False))
    norm = sum(abs(t) for t in v)
    if norm > 0 and rho > 0:
        assert got <= rho * norm
    if nonnegative and all(t >= 0 for t in v) and norm == 1:
        assert got <= rho


def test_margin_point_function_embedding():
    """[BF26] §4.4: point functions embed as margin-1 halfspaces (x ↦ all ones but -1 at
    coordinate x; p_t ↦ e_t, so sgn<e_t, x> = -1 exactly at x = t).  Since |<v, x>| <= ||v||_1,
    the best l1 margin of that sample is exactly 1, in the exact LP and in cvxpy."""
    T, t = 5, 2
    X = np.ones((T, T), dtype=np.int64) - 2 * np.eye(T, dtype=np.int64)
    labels = np.ones(T, dtype=int)
    labels[t] = 0  # y = -1 at x = t ({0,1} labels, y = 2*label - 1)
    assert _margin_exact(X, labels, nonnegative=False) == 1
    p = margin_problem(X, labels)
    _solve(p)
    assert abs(p.value - 1) < 1e-9 and np.allclose(p.var["v"].value, np.eye(T)[t], atol=1e-8)


def test_margin_rejects_pm1_labels():
    with pytest.raises(ValueError, match="0/1 labels"):
        margin_problem([[1, -1]], [-1])
    with pytest.raises(ValueError, match="labels"):
        margin_problem([[1, -1]], [1, 0])
    with pytest.raises(ValueError, match="X: entries must be finite"):
        margin_problem([[1, float("nan")]], [1])


# ----------------------------------------------------------------------------- cdepth level LP ([Yan26])


def _level_generators_1d(A, w, k):
    """Generators of D_S(k) for d = 1: arrangement vertices w_i / A_i of depth >= k, and the
    two unbounded edges (anchored at the extreme vertices) whose open rays have depth >= k."""
    S = (A.reshape(-1, 1), w)
    verts = sorted({Fraction(int(wi), int(ai)) for ai, wi in zip(A, w, strict=True)})
    pts = [v for v in verts if depth_mod.depth(S, [v]) >= k]
    if not pts:
        return None
    rays, anchors = [], []
    for end, direction in ((verts[0], -1), (verts[-1], 1)):
        if depth_mod.depth(S, [end + direction]) >= k:
            rays.append([direction])
            anchors.append(pts.index(end))  # the closed end has depth >= the open ray's
    return np.array([[float(p)] for p in pts]), np.array(rays, dtype=float).reshape(-1, 1), anchors


def _max_feasible_level(A, w, subspace):
    best = -1
    for k in range(len(w) + 1):
        gens = _level_generators_1d(A, w, k)
        if gens is None:
            break
        P, R, anc = gens
        p = cdepth_level_problem(P, R, anc, subspace=subspace, anchoring_ratio=1e6)
        if _solve(p) != cp.OPTIMAL:
            break
        z = p.var["z"].value
        if subspace is not None:
            assert abs(subspace[0][0][0] * z[0] - subspace[1][0]) <= TOL
        best = k
    return best


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_cdepth_level_lp_agrees_with_exact_max_cdepth_1d(seed, on_point):
    rng = np.random.default_rng(seed)
    m = int(rng.integers(1, 7))
    A = rng.choice([-2, -1, 1, 2], size=m)
    w = rng.integers(-4, 5, size=m)
    S = (A.reshape(-1, 1), w)
    if on_point:  # the subspace {z = z0}: the LP answers cdepth(z0)
        z0 = Fraction(int(rng.integers(-9, 10)), 2)
        sub = ([[2]], [int(2 * z0)])
        expected = depth_mod.cdepth(S, [z0])
        expected = expected.value if hasattr(expected, "value") else expected
    else:
        sub = None
        expected = depth_mod.max_cdepth(S).value
    assert _max_feasible_level(A, w, sub) == expected


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_cdepth_level_lp_agrees_with_exact_lp_on_random_generators(seed):
    """Random generators (points, anchored rays, lineality) and subspace in d = 2, 3: cvxpy's
    verdict equals the exact one of the same LP (through solvers.lp), and cvxpy's solution
    is checked exactly against that system."""
    rng = np.random.default_rng(seed)
    d = int(rng.integers(2, 4))
    nv, ne, nl, me = int(rng.integers(1, 5)), int(rng.integers(0, 3)), int(rng.integers(0, 2)), int(rng.integers(1, 3))
    P = rng.integers(-3, 4, size=(nv, d))
    R = rng.integers(-2, 3, size=(ne, d))
    anc = rng.integers(0, nv, size=ne)
    L = rng.integers(-2, 3, size=(nl, d))
    E = rng.integers(-2, 3, size=(me, d))
    f = rng.integers(-6, 7, size=me)
    M = 10
    p = cdepth_level_problem(P, R, anc, L, (E, f), anchoring_ratio=M)
    # the same LP as arrays, variables (z, lam, mu, nu+, nu-)
    n = d + nv + ne + 2 * nl
    Z = np.zeros
    A_eq = np.vstack(
        [
            np.hstack([np.eye(d), -P.T, -R.T.reshape(d, ne), -L.T.reshape(d, nl), L.T.reshape(d, nl)]),
            np.hstack([Z((1, d)), np.ones((1, nv)), Z((1, ne + 2 * nl))]),
            np.hstack([E, Z((me, n - d))]),
        ]
    ).astype(np.int64)
    b_eq = np.concatenate([Z(d), [1], f]).astype(np.int64)
    nonneg = -np.eye(n, dtype=np.int64)[d:]
    anch = np.zeros((ne, n), dtype=np.int64)
    for e in range(ne):
        anch[e, d + nv + e] = 1
        anch[e, d + anc[e]] -= M
    A_ub = np.vstack([nonneg, anch])
    b_ub = np.zeros(len(A_ub), dtype=np.int64)
    exact = feasible_point(A_ub, b_ub, A_eq, b_eq)
    status = _solve(p)
    assert (status == cp.OPTIMAL) == exact.feasible
    if exact.feasible:
        nu = p.var["nu"].value if nl else np.zeros(0)
        x = np.concatenate(
            [
                p.var["z"].value,
                p.var["lam"].value,
                p.var["mu"].value if ne else np.zeros(0),
                np.maximum(nu, 0),
                np.maximum(-nu, 0),
            ]
        )
        _check_point_verdict(A_ub, b_ub, A_eq, b_eq, x)


def test_cdepth_level_anchoring_separates_hull_from_closure():
    """Def. 8 asks for the hull, not its closure.  conv({(0,0)} ∪ line {(1, s)}) contains no
    point (0, 5) (it would need weight 0 on (1, 0) and still move along the line), but its
    closure does: the closure LP says feasible, the anchored LP (any M) infeasible."""
    P, R, anchors = [[0, 0], [1, 0]], [[0, 1], [0, -1]], [1, 1]
    at = ([[1, 0], [0, 1]], [0, 5])
    assert _solve(cdepth_level_problem(P, R, anchors, subspace=at)) == cp.OPTIMAL
    assert _solve(cdepth_level_problem(P, R, anchors, subspace=at, anchoring_ratio=1e3)) == cp.INFEASIBLE
    inside = ([[1, 0], [0, 1]], [Fraction(1, 2), 5])  # (1/2, 5): in the hull itself
    assert _solve(cdepth_level_problem(P, R, anchors, subspace=inside, anchoring_ratio=1e3)) == cp.OPTIMAL


def test_cdepth_level_validation():
    with pytest.raises(ValueError, match="points"):
        cdepth_level_problem(np.zeros((0, 2)))
    with pytest.raises(ValueError, match="anchors"):
        cdepth_level_problem([[0, 0]], [[0, 1]], [3])
    with pytest.raises(ValueError, match="anchoring_ratio"):
        cdepth_level_problem([[0, 0]], [[0, 1]], [0], anchoring_ratio=-1)
    with pytest.raises(ValueError, match="rays: entries must be finite"):
        cdepth_level_problem([[0, 0]], [[0, float("inf")]], [0])


def test_feasibility_validation_names_the_argument():
    with pytest.raises(ValueError, match="A_ub: entries must be finite"):
        feasibility_problem([[1, float("nan")]], [1])
    with pytest.raises(ValueError, match="b_ub"):
        feasibility_problem([[1, 2]], [1, 2])
    with pytest.raises(ValueError, match="c: entries must be finite"):
        optimization_problem([float("inf"), 0], [[1, 2]], [1])


def test_cdepth_level_accepts_an_affine_subspace():
    from solvers.affine import AffineSubspace

    V = AffineSubspace.from_equations([[1, 0]], [Fraction(1, 2)])  # the line z_1 = 1/2
    P, R, anchors = [[0, 0], [1, 0]], [[0, 1], [0, -1]], [1, 1]
    p = cdepth_level_problem(P, R, anchors, subspace=V, anchoring_ratio=1e3)
    assert _solve(p) == cp.OPTIMAL and abs(p.var["z"].value[0] - 0.5) < 1e-9
