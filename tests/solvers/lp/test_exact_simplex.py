"""The exact fallback of solvers.lp (the fraction-free revised simplex on the dual) on its own.

Property tests against the float-first path (``feasible_point`` / ``maximize``: HiGHS proposes,
exact repair certifies) on random degenerate, infeasible and unbounded systems: the same
verdict, the same optimal value, and every answer passes the exact checkers.
"""

from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.lp import feasible_point, is_farkas_certificate, is_feasible_point, is_optimize_certificate, maximize
from solvers.lp._simplex import _feasible_exact, _maximize_exact
from solvers.lp._system import _prepare

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def degenerate_systems(draw):
    """Integer systems up to 12 x 5 with equations; most rows tight at one point (a highly
    degenerate vertex), or shifted to make the system infeasible, or cones (unbounded)."""
    d = draw(st.integers(1, 5))
    m_ub = draw(st.integers(1, 12))
    m_eq = draw(st.integers(0, 2))
    ints = st.integers(-5, 5)
    A = np.array([[draw(ints) for _ in range(d)] for _ in range(m_ub)], dtype=np.int64)
    Ae = np.array([[draw(ints) for _ in range(d)] for _ in range(m_eq)], dtype=np.int64).reshape(m_eq, d)
    x0 = np.array([draw(st.integers(-3, 3)) for _ in range(d)], dtype=np.int64)
    kind = draw(st.sampled_from(["degenerate", "infeasible", "cone", "random"]))
    b = A @ x0
    be = Ae @ x0
    if kind == "infeasible":  # a row and its negation, pushed apart
        A = np.vstack([A, -A[:1]])
        b = np.concatenate([b, -b[:1] - draw(st.integers(1, 3))])
    elif kind == "cone":
        b, be = np.zeros_like(b), np.zeros_like(be)
    elif kind == "random":
        b = np.array([draw(ints) for _ in range(len(b))], dtype=np.int64)
        be = np.array([draw(ints) for _ in range(m_eq)], dtype=np.int64)
    return A, b, Ae, be


@SETTINGS
@given(degenerate_systems())
def test_exact_fallback_agrees_with_feasible_point(sys_):
    A, b, Ae, be = sys_
    e = _feasible_exact(_prepare(A, b, Ae, be))
    r = feasible_point(A, b, Ae, be)
    assert e.method == "exact-simplex" and e.feasible == r.feasible
    if e.feasible:
        assert is_feasible_point(A, b, Ae, be, e.point)
    else:
        assert is_farkas_certificate(A, b, Ae, be, e.certificate)


@SETTINGS
@given(degenerate_systems(), st.data())
def test_exact_fallback_maximize_agrees_with_maximize(sys_, data):
    A, b, Ae, be = sys_
    c = [data.draw(st.integers(-3, 3)) for _ in range(A.shape[1])]
    e = _maximize_exact(_prepare(A, b, Ae, be), [Fraction(v) for v in c])
    r = maximize(c, A, b, Ae, be)
    assert e.method == "exact-simplex" and e.status == r.status
    assert is_optimize_certificate(c, A, b, Ae, be, e)
    if e.status == "optimal":
        assert e.value == r.value


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_exact_fallback_on_float_systems(seed):
    """Floats at their exact binary value, 30 x 4: the same verdict as feasible_point."""
    rng = np.random.default_rng(seed)
    A = rng.normal(size=(30, 4))
    b = A @ rng.normal(size=4) + rng.normal(size=30) * (0.5 if seed % 2 else 0.05)
    e = _feasible_exact(_prepare(A, b, None, None))
    assert e.feasible == feasible_point(A, b).feasible
    if e.feasible:
        assert is_feasible_point(A, b, None, None, e.point)
    else:
        assert is_farkas_certificate(A, b, None, None, e.certificate)


def test_exact_fallback_terminates_on_beales_cycling_example():
    """Beale's (1955) LP, on which the textbook simplex with Dantzig's rule cycles; optimum 5/4."""
    c = [Fraction(3, 4), -20, Fraction(1, 2), -6]
    A = [
        [Fraction(1, 4), -8, -1, 9],
        [Fraction(1, 2), -12, Fraction(-1, 2), 3],
        [0, 0, 1, 0],
        *([-int(i == j) for j in range(4)] for i in range(4)),
    ]
    b = [0, 0, 1, 0, 0, 0, 0]
    e = _maximize_exact(_prepare(A, b, None, None), [Fraction(v) for v in c])
    assert e.status == "optimal" and e.value == Fraction(5, 4)
    assert is_optimize_certificate(c, A, b, None, None, e)


def test_exact_fallback_inconsistent_equations_alone():
    """0 x = 1: the equations alone are infeasible; the certificate uses them only."""
    e = _feasible_exact(_prepare(None, None, [[0, 0]], [1]))
    assert not e.feasible and is_farkas_certificate(None, None, [[0, 0]], [1], e.certificate)


def _integer_pricing(monkeypatch):
    """The fallback with every reduced cost priced in Python integers (the reference rule)."""
    from solvers.lp import _simplex

    monkeypatch.setattr(_simplex, "_entering", lambda T, cost: _simplex._entering_exact(T, cost, T.multipliers(cost)))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(degenerate_systems(), st.integers(0, 2**32 - 1), st.data())
def test_flint_pricing_enters_the_columns_python_pricing_enters(monkeypatch, sys_, seed, data):
    """The pricing in python-flint matrices (every reduced cost in one product) picks the same
    entering column as pricing every column in Python integers at every pivot — degenerate,
    infeasible, unbounded (cone) and float systems alike — so the fallback's answers are the
    same, to the last multiplier."""
    from solvers.lp import _simplex

    rng = np.random.default_rng(seed)
    A, b, Ae, be = sys_
    if seed % 3 == 0:  # floats of mixed magnitudes (big integer rows, near-ties in the Dantzig scores)
        A = rng.normal(size=(int(rng.integers(3, 25)), 4)) * 10.0 ** rng.integers(-8, 9, size=(1, 4))
        b, Ae, be = A @ rng.normal(size=4) + rng.exponential(size=A.shape[0]) * 1e-9, None, None
    c = [Fraction(data.draw(st.integers(-3, 3))) for _ in range(A.shape[1])]
    seen = []
    fast = _simplex._entering

    def both(T, cost):
        got = fast(T, cost)
        ref = _simplex._entering_exact(T, cost, T.multipliers(cost))
        seen.append(got is None)
        assert got == ref
        return got

    monkeypatch.setattr(_simplex, "_entering", both)
    new = _feasible_exact(_prepare(A, b, Ae, be)), _maximize_exact(_prepare(A, b, Ae, be), c)
    _integer_pricing(monkeypatch)
    old = _feasible_exact(_prepare(A, b, Ae, be)), _maximize_exact(_prepare(A, b, Ae, be), c)
    assert new == old and seen


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(degenerate_systems(), st.integers(0, 2**32 - 1), st.data())
def test_lexicographic_rule_keeps_rows_positive_and_never_repeats_a_basis(monkeypatch, sys_, seed, data):
    """The termination argument of the fallback's pivot rule, checked at every pivot of every run:
    each row of ``[beta | B^{-1} B_0]`` stays lexicographically positive (``B_0``: the run's first
    basis) and no basis of a run comes back — on degenerate (Beale-like), infeasible, cone and
    float systems, in feasibility and optimisation (phase 1 and phase 2)."""
    from solvers.lp import _simplex

    rng = np.random.default_rng(seed)
    A, b, Ae, be = sys_
    if seed % 3 == 0:
        A = rng.normal(size=(int(rng.integers(3, 25)), 4)) * 10.0 ** rng.integers(-8, 9, size=(1, 4))
        b, Ae, be = A @ rng.normal(size=4) + rng.exponential(size=A.shape[0]) * 1e-9, None, None
    c = [Fraction(data.draw(st.integers(-3, 3))) for _ in range(A.shape[1])]
    runs = []  # per run: [start matrix, bases seen, running]
    start_matrix, pivot, run = _simplex._start_matrix, _simplex._Tableau.pivot, _simplex._run

    def starting(T):
        B0 = start_matrix(T)
        runs.append([B0, {tuple(T.basis)}, True])
        return B0

    def running(T, cost):
        try:
            return run(T, cost)
        finally:
            runs[-1][2] = False

    def pivoting(T, r, alpha, j):
        pivot(T, r, alpha, j)
        if not runs or not runs[-1][2]:
            return  # a pivot outside a run (artificials driven out)
        B0, seen, _ = runs[-1]
        assert tuple(T.basis) not in seen, "a basis came back"
        seen.add(tuple(T.basis))
        lex = T.M * B0
        k = len(T.basis)
        for i in range(k):
            row = [T.beta[i], *(int(lex[i, c_]) for c_ in range(k))]
            assert next(v for v in row if v) > 0, f"row {i} not lexicographically positive: {row}"

    monkeypatch.setattr(_simplex, "_start_matrix", starting)
    monkeypatch.setattr(_simplex, "_run", running)
    monkeypatch.setattr(_simplex._Tableau, "pivot", pivoting)
    got = _feasible_exact(_prepare(A, b, Ae, be)), _maximize_exact(_prepare(A, b, Ae, be), c)
    assert runs
    assert got[0].feasible == feasible_point(A, b, Ae, be).feasible


@SETTINGS
@given(st.integers(1, 6), st.integers(0, 2**32 - 1))
def test_crash_basis_is_the_one_pivots_reach(d, seed):
    """:func:`_crash` sets ``M = [D B^{-1} | D B^{-1} rhs]`` with ``D = |det B|`` in one inversion —
    exactly the matrix fraction-free pivots from the identity reach for the same basis — and the
    max-slack dual then ends at the same optimum as from the artificials driven out."""
    import flint

    from solvers.lp import _simplex

    rng = np.random.default_rng(seed)
    m = d + int(rng.integers(1, 8))
    A = rng.integers(-6, 7, size=(m, d))
    b = rng.integers(-4, 9, size=m)
    S = _prepare(A, b, None, None)

    def tableau():
        cols, cost, _ = _simplex._dual_columns(S, slack=True)
        cols.append((0,) * d + (1,))
        cost.append(1)
        return _simplex._new_tableau(cols, cost, [0] * d + [1], {d: len(cols) - 1}), len(cols) - 1

    P, cap = tableau()  # a basis of the first d columns by fraction-free pivots from the identity
    for j in range(d):
        alpha = P.column(j)
        r = next((r for r in range(d) if P.basis[r] >= P.n_struct and alpha[r]), None)
        if r is not None:
            P.pivot(r, alpha, j)
    js, k = list(P.basis), d + 1
    T, _ = tableau()
    B = flint.fmpz_mat(k, k, [T.cols[j][i] for i in range(k) for j in js])
    if any(j >= T.n_struct for j in js):  # the first d columns are dependent: a singular choice is refused
        singular = [*range(d), cap]
        assert not _simplex._crash(T, singular) and T.D == 1 and T.basis != singular
        return
    assert _simplex._crash(T, js)
    assert abs(int(B.det())) == T.D and T.basis == js
    adj = flint.fmpz_mat(T.adj)
    assert B * adj == flint.fmpz_mat(k, k, [T.D * int(i == j) for i in range(k) for j in range(k)])
    assert B * flint.fmpz_mat(k, 1, T.beta) == flint.fmpz_mat(k, 1, [0] * d + [T.D])
    assert (P.M, P.D) == (T.M, T.D)
    T.banned.update(range(T.n_struct, len(T.cols)))
    R, _ = tableau()
    _simplex._drive_out_artificials(R)
    optimum = []
    for X in (T, R):
        _simplex._run(X, X.cost)
        optimum.append(Fraction(sum(X.cost[j] * X.beta[r] for r, j in enumerate(X.basis)), X.D))
    assert optimum[0] == optimum[1]
