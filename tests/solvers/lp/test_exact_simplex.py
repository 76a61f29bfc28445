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
    """The fallback as #35 left it: every reduced cost in Python integers (the reference rule)."""
    from solvers.lp import _simplex

    monkeypatch.setattr(
        _simplex, "_entering", lambda T, cost, bland: _simplex._entering_exact(T, cost, bland, T.multipliers(cost))
    )


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(degenerate_systems(), st.integers(0, 2**32 - 1), st.data())
def test_float_pricing_enters_the_columns_integer_pricing_enters(monkeypatch, sys_, seed, data):
    """The pricing filter (floats with a rigorous error bound, integers for the columns it leaves
    open) picks the same entering column as pricing every column in integers at every pivot —
    degenerate, infeasible, unbounded (cone) and float systems alike — so the fallback's answers
    are the same, to the last multiplier."""
    from solvers.lp import _simplex

    rng = np.random.default_rng(seed)
    A, b, Ae, be = sys_
    if seed % 3 == 0:  # floats of mixed magnitudes (big integer rows, near-ties in the Dantzig scores)
        A = rng.normal(size=(int(rng.integers(3, 25)), 4)) * 10.0 ** rng.integers(-8, 9, size=(1, 4))
        b, Ae, be = A @ rng.normal(size=4) + rng.exponential(size=A.shape[0]) * 1e-9, None, None
    c = [Fraction(data.draw(st.integers(-3, 3))) for _ in range(A.shape[1])]
    seen = []
    fast = _simplex._entering

    def both(T, cost, bland):
        got = fast(T, cost, bland)
        ref = _simplex._entering_exact(T, cost, bland, T.multipliers(cost))
        seen.append(got is None)
        assert (got is None) == (ref is None) and (got is None or got[0] == ref[0])
        return got

    monkeypatch.setattr(_simplex, "_entering", both)
    new = _feasible_exact(_prepare(A, b, Ae, be)), _maximize_exact(_prepare(A, b, Ae, be), c)
    _integer_pricing(monkeypatch)
    old = _feasible_exact(_prepare(A, b, Ae, be)), _maximize_exact(_prepare(A, b, Ae, be), c)
    assert new == old and seen
