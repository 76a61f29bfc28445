"""Tests for solvers.lp: every answer is re-checked by the exact checkers."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.lp import (
    FarkasCertificate,
    _highs,
    feasible_point,
    is_farkas_certificate,
    is_feasible_point,
    is_optimize_certificate,
    maximize,
)
from solvers.lp._active_set import _feasible_active_set
from solvers.lp._linalg import _DENSE_MAX, _rref_solve, _sparse_solve
from solvers.lp._simplex import _feasible_exact, _maximize_exact
from solvers.lp._system import _prepare

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ----------------------------------------------------------------------------- strategies


@st.composite
def systems(draw, max_d=4, max_ub=8, max_eq=3, lo=-4, hi=4):
    """Small integer systems, with deliberately degenerate rows mixed in."""
    d = draw(st.integers(1, max_d))
    m_ub = draw(st.integers(0, max_ub))
    m_eq = draw(st.integers(0, max_eq))
    ints = st.integers(lo, hi)
    A = [[draw(ints) for _ in range(d)] for _ in range(m_ub)]
    b = [draw(ints) for _ in range(m_ub)]
    Ae = [[draw(ints) for _ in range(d)] for _ in range(m_eq)]
    be = [draw(ints) for _ in range(m_eq)]
    kind = draw(st.sampled_from(["plain", "duplicate", "tight", "zero-row"]))
    if kind == "duplicate" and m_ub >= 2:
        A[1], b[1] = list(A[0]), b[0]
    if kind == "tight" and m_ub:  # every inequality tight at one point x0: a degenerate vertex
        x0 = [draw(st.integers(-2, 2)) for _ in range(d)]
        b = [sum(a * x for a, x in zip(row, x0, strict=True)) for row in A]
        be = [sum(a * x for a, x in zip(row, x0, strict=True)) for row in Ae]
    if kind == "zero-row" and m_ub:
        A[0] = [0] * d
    A_ub = np.array(A, dtype=np.int64).reshape(m_ub, d)
    A_eq = np.array(Ae, dtype=np.int64).reshape(m_eq, d)
    return A_ub, np.array(b, dtype=np.int64), A_eq, np.array(be, dtype=np.int64)


def _assert_certified(A, b, Ae, be, r, strict=False):
    if r.feasible:
        assert r.certificate is None
        d = np.shape(A)[1] if A is not None and np.ndim(A) == 2 else np.shape(Ae)[1]
        assert len(r.point) == d
        assert all(isinstance(v, Fraction) for v in r.point)
        assert is_feasible_point(A, b, Ae, be, r.point, strict=strict)
    else:
        assert r.point is None
        assert is_farkas_certificate(A, b, Ae, be, r.certificate, strict=strict)


# ----------------------------------------------------------------------------- feasibility


@SETTINGS
@given(systems())
def test_feasible_point_is_certified_and_agrees_with_exact_fallback(sys_):
    A, b, Ae, be = sys_
    r = feasible_point(A, b, Ae, be)
    _assert_certified(A, b, Ae, be, r)
    e = _feasible_exact(_prepare(A, b, Ae, be))  # the exact simplex on its own
    assert e.feasible == r.feasible
    _assert_certified(A, b, Ae, be, e)


@SETTINGS
@given(systems(), st.data())
def test_planted_feasible_systems_are_feasible(sys_, data):
    A, b, Ae, be = sys_
    d = A.shape[1]
    x0 = np.array([data.draw(st.integers(-3, 3)) for _ in range(d)])
    slack = np.array([data.draw(st.integers(0, 2)) for _ in range(A.shape[0])], dtype=np.int64)
    b = A @ x0 + slack
    be = Ae @ x0
    r = feasible_point(A, b, Ae, be)
    assert r.feasible
    _assert_certified(A, b, Ae, be, r)


@SETTINGS
@given(systems(max_eq=0), st.data())
def test_planted_infeasible_systems_are_infeasible(sys_, data):
    A, b, _, _ = sys_
    if A.shape[0] == 0:
        A = np.ones((1, A.shape[1]), dtype=np.int64)
        b = np.zeros(1, dtype=np.int64)
    y = np.array([data.draw(st.integers(0, 3)) for _ in range(A.shape[0])], dtype=np.int64)
    # the row -y^T A x <= -y^T b - 1 contradicts y^T (A x <= b)
    A2 = np.vstack([A, -(y @ A)])
    b2 = np.concatenate([b, [-(y @ b) - 1]])
    r = feasible_point(A2, b2)
    assert not r.feasible
    _assert_certified(A2, b2, None, None, r)


@SETTINGS
@given(systems(max_ub=0, max_eq=4))
def test_equality_only_systems(sys_):
    _, _, Ae, be = sys_
    d = Ae.shape[1]
    r = feasible_point(np.zeros((0, d)), [], Ae, be)
    _assert_certified(np.zeros((0, d)), np.zeros(0), Ae, be, r)
    r2 = feasible_point(None, None, Ae, be)  # d inferred from A_eq
    assert r2.feasible == r.feasible


@SETTINGS
@given(systems(), st.data())
def test_fraction_and_float_inputs(sys_, data):
    A, b, Ae, be = sys_
    q = data.draw(st.integers(1, 7))
    Af = [[Fraction(int(v), q) for v in row] for row in A]
    bf = [Fraction(int(v), q + 1) for v in b]
    r = feasible_point(Af, bf, Ae, be)
    _assert_certified(Af, bf, Ae, be, r)
    # dyadic floats are exact: scaling by 1/8 changes nothing
    A8, b8 = A / 8.0, b / 8.0
    r8 = feasible_point(A8, b8, Ae, be)
    _assert_certified(A8, b8, Ae, be, r8)
    assert r8.feasible == feasible_point(A, b, Ae, be).feasible


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_float_systems(seed):
    rng = np.random.default_rng(seed)
    m, d = int(rng.integers(1, 30)), int(rng.integers(1, 6))
    A = rng.normal(size=(m, d)) * 10.0 ** rng.integers(-3, 4, size=(m, 1))
    b = rng.normal(size=m)
    r = feasible_point(A, b)
    _assert_certified(A, b, None, None, r)


def test_floats_are_taken_at_their_exact_binary_value():
    # Fraction(0.1) = 3602879701896397 / 2**55 is slightly above 1/10
    assert Fraction(0.1) > Fraction(1, 10)
    r = feasible_point([[1], [-1]], [0.1, -Fraction(1, 10)])  # 1/10 <= x <= 0.1: feasible
    assert r.feasible and is_feasible_point([[1], [-1]], [0.1, -Fraction(1, 10)], None, None, r.point)
    r = feasible_point([[1], [-1]], [Fraction(1, 10), -0.1])  # 0.1 <= x <= 1/10: infeasible
    assert not r.feasible
    assert is_farkas_certificate([[1], [-1]], [Fraction(1, 10), -0.1], None, None, r.certificate)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_fast_integer_scaling_matches_fraction_path(seed):
    rng = np.random.default_rng(seed)
    m, d = int(rng.integers(1, 6)), int(rng.integers(1, 5))
    A = rng.normal(size=(m, d)) * 10.0 ** rng.integers(-20, 20, size=(m, d))
    A[rng.random((m, d)) < 0.3] = 0.0
    b = rng.normal(size=m)
    S = _prepare(A, b, None, None)  # numpy fast path
    for i in range(m):
        for j in range(d):
            assert Fraction(S.A[i][j]) / S.scale[i] == Fraction(float(A[i, j]))
        assert Fraction(S.b[i]) / S.scale[i] == Fraction(float(b[i]))


def test_empty_inequality_block_and_no_constraints():
    r = feasible_point(np.zeros((0, 3)), [])
    assert r.feasible and r.point == (0, 0, 0)
    r = feasible_point(np.zeros((0, 2)), np.zeros(0), [[1, 1]], [3])
    assert r.feasible and sum(r.point) == 3


# ----------------------------------------------------------------------------- strict


@SETTINGS
@given(systems())
def test_strict_feasibility_is_certified(sys_):
    A, b, Ae, be = sys_
    r = feasible_point(A, b, Ae, be, strict=True)
    _assert_certified(A, b, Ae, be, r, strict=True)
    weak = feasible_point(A, b, Ae, be)
    if r.feasible:
        assert weak.feasible and r.slack > 0
    if weak.feasible:
        assert r.slack is not None and r.slack >= 0
    if r.slack is not None and r.slack > 0:
        assert r.feasible


def test_strict_on_a_hyperplane():
    # x + y <= 1 and x + y >= 1: feasible but not strictly feasible, slack exactly 0
    A, b = [[1, 1], [-1, -1]], [1, -1]
    assert feasible_point(A, b).feasible
    r = feasible_point(A, b, strict=True)
    assert not r.feasible and r.slack == 0
    assert is_farkas_certificate(A, b, None, None, r.certificate, strict=True)
    assert not is_farkas_certificate(A, b, None, None, r.certificate, strict=False)
    r = feasible_point([[1, 1]], [1], strict=True)
    assert r.feasible and r.slack == 1  # capped at 1


def test_strict_slack_value_is_exact():
    # -x <= 0, x <= 1: the max-slack point is x = 1/2 with slack 1/2
    r = feasible_point([[-1], [1]], [0, 1], strict=True)
    assert r.feasible and r.slack == Fraction(1, 2) and r.point == (Fraction(1, 2),)


# ----------------------------------------------------------------------------- maximize


@SETTINGS
@given(systems(), st.data())
def test_maximize_is_certified_and_agrees_with_exact_simplex(sys_, data):
    A, b, Ae, be = sys_
    c = [data.draw(st.integers(-3, 3)) for _ in range(A.shape[1])]
    r = maximize(c, A, b, Ae, be)
    assert r.status in ("optimal", "unbounded", "infeasible")
    assert is_optimize_certificate(c, A, b, Ae, be, r)
    e = _maximize_exact(_prepare(A, b, Ae, be), [Fraction(v) for v in c])
    assert is_optimize_certificate(c, A, b, Ae, be, e)
    assert e.status == r.status
    if r.status == "optimal":
        assert e.value == r.value


def test_maximize_small_example():
    A, b = [[1, 2], [3, 1], [-1, 0], [0, -1]], [4, 6, 0, 0]
    r = maximize([1, 1], A, b)
    assert r.status == "optimal" and r.value == Fraction(14, 5)
    assert is_optimize_certificate([1, 1], A, b, None, None, r)
    r = maximize([1, 0], [[-1, 0]], [0])
    assert r.status == "unbounded" and is_optimize_certificate([1, 0], [[-1, 0]], [0], None, None, r)


# ----------------------------------------------------------------------------- checkers reject


def test_checkers_reject_wrong_answers():
    A, b = [[1], [-1]], [0, -1]  # x <= 0, x >= 1
    assert is_farkas_certificate(A, b, None, None, FarkasCertificate((1, 1), ()))
    assert not is_farkas_certificate(A, b, None, None, FarkasCertificate((1, 2), ()))  # y^T A != 0
    assert not is_farkas_certificate(A, b, None, None, FarkasCertificate((-1, -1), ()))  # y_ub < 0
    assert not is_farkas_certificate([[1], [-1]], [1, 0], None, None, FarkasCertificate((1, 1), ()))
    assert is_feasible_point([[1]], [0], None, None, [0])
    assert not is_feasible_point([[1]], [0], None, None, [Fraction(1, 10**9)])
    assert not is_feasible_point([[1]], [0], None, None, [0], strict=True)
    assert not is_feasible_point(None, None, [[1, 1]], [1], [1, 1])
    with pytest.raises(ValueError, match="y_ub"):
        is_farkas_certificate(A, b, None, None, FarkasCertificate((1,), ()))


# ----------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    "args, exc, match",
    [
        (([[1, 2]], [1, 2]), ValueError, "b_ub"),
        (([[1, float("nan")]], [1]), ValueError, "finite"),
        (([[1, 2]], [float("inf")]), ValueError, "finite"),
        (([1, 2], [1]), ValueError, "2-D"),
        (([["a", "b"]], [1]), TypeError, "A_ub"),
        ((np.zeros((1, 2)), [0], [[1, 2, 3]], [0]), ValueError, "A_eq"),
        (([], []), ValueError, "infer"),
        (([[1, 2]], [1], [[1, 2]], None), ValueError, "b_eq"),
        (([[1, 2]], [[1]]), ValueError, "b_ub"),
    ],
)
def test_bad_input(args, exc, match):
    with pytest.raises(exc, match=match):
        feasible_point(*args)


def test_bad_input_object_arrays():
    with pytest.raises(ValueError, match="finite"):
        feasible_point([[Fraction(1), float("nan")]], [1])
    with pytest.raises(TypeError, match="b_ub"):
        feasible_point([[Fraction(1)]], [object()])
    with pytest.raises(ValueError, match="point"):
        is_feasible_point([[1, 2]], [1], None, None, [float("nan"), 0])


def test_big_integers_are_exact():
    big = 2**80 + 1
    r = feasible_point([[1], [-1]], [big, -big])  # x = 2**80 + 1 exactly
    assert r.feasible and r.point == (Fraction(big),)
    r = feasible_point([[1], [-1]], [big - 1, -big])
    assert not r.feasible and is_farkas_certificate([[1], [-1]], [big - 1, -big], None, None, r.certificate)


def test_gaps_below_float_tolerance_are_decided_exactly():
    # x + y <= 1 and x + y >= 1 + 2**-40: HiGHS's tolerances see a feasible point; exactly it is empty
    A, b = [[1, 1], [-1, -1]], [1, -(1 + 2**-40)]
    r = feasible_point(A, b)
    assert not r.feasible and is_farkas_certificate(A, b, None, None, r.certificate)
    import highspy

    _, status = _highs._highs_solve(_prepare(A, b, None, None), None)
    assert status == highspy.HighsModelStatus.kOptimal  # the float solver alone says "feasible"
    # a region of width 2**-40 is non-empty, and its point is exact
    A, b = [[1, 1], [-1, -1], [1, 0], [-1, 0]], [1 + 2**-40, -1, 5, 5]
    r = feasible_point(A, b)
    assert r.feasible and is_feasible_point(A, b, None, None, r.point)
    # 2**60 <= x <= 2**60 - 1 ... in floats both bounds are 2**60
    A, b = [[1], [-1]], [2**60, -(2**60 + 1)]
    r = feasible_point(A, b)
    assert not r.feasible and is_farkas_certificate(A, b, None, None, r.certificate)


def test_strict_with_tiny_coefficients():
    A, b = [[1, 1e-13], [-1, 0], [0, -1]], [0, -1e-20, 0]  # x <= -1e-13 y, x >= 1e-20, y >= 0
    r = feasible_point(A, b, strict=True)
    assert not r.feasible and r.slack < 0
    assert is_farkas_certificate(A, b, None, None, r.certificate, strict=True)
    assert not feasible_point(A, b).feasible


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([12, 40]), st.booleans())
def test_hull_membership_lps_with_many_variables(seed, n, inside):
    """z in conv(P)?  lambda >= 0, sum lambda = 1, P^T lambda = z: many variables, unit rows."""
    rng = np.random.default_rng(seed)
    P = rng.integers(-5, 6, size=(n, 3))
    z = [Fraction(int(v), 4) for v in P[:4].sum(axis=0)] if inside else [Fraction(6), Fraction(0), Fraction(0)]
    A_ub, b_ub = -np.eye(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    A_eq = np.vstack([np.ones((1, n), dtype=np.int64), P.T])
    b_eq = [Fraction(1)] + z
    r = feasible_point(A_ub, b_ub, A_eq, b_eq)
    if inside:
        assert r.feasible
    else:
        assert not r.feasible  # |coordinates| <= 5 < 6
    _assert_certified(A_ub, b_ub, A_eq, b_eq, r)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 16))
def test_sparse_and_dense_exact_solves_agree(seed, n):
    rng = np.random.default_rng(seed)
    M = rng.integers(-3, 4, size=(n, n)) * (rng.random((n, n)) < 0.4)
    np.fill_diagonal(M, rng.integers(1, 4, size=n))
    rhs = rng.integers(-5, 6, size=n).tolist()
    M = M.tolist()
    y = _sparse_solve([{j: v for j, v in enumerate(row) if v} for row in M], rhs, n)
    dense = _rref_solve(M, rhs, [Fraction(0)] * n) if n <= _DENSE_MAX else None
    if y is None:
        assert dense is None
        return
    for row, r in zip(M, rhs, strict=True):
        assert sum(a * v for a, v in zip(row, y, strict=True)) == r
    if dense is not None and sympy_rank(M) == n:
        assert dense == y


def sympy_rank(M):
    import sympy

    return sympy.Matrix(M).rank()


@SETTINGS
@given(systems(), st.data())
def test_exact_fallback_alone_answers_everything(sys_, data):
    """With the float path disabled, every entry point still answers, certified."""
    A, b, Ae, be = sys_
    c = [data.draw(st.integers(-2, 2)) for _ in range(A.shape[1])]
    original = _highs._highs_solve, _highs._highs_solve_dual

    def broken(*args, **kwargs):
        raise RuntimeError("float path disabled for this test")

    _highs._highs_solve = _highs._highs_solve_dual = broken
    try:
        for strict in (False, True):
            r = feasible_point(A, b, Ae, be, strict=strict)
            assert r.method in ("exact-simplex", "exact-active-set", "trivial")
            _assert_certified(A, b, Ae, be, r, strict=strict)
        m = maximize(c, A, b, Ae, be)
        assert is_optimize_certificate(c, A, b, Ae, be, m)
    finally:
        _highs._highs_solve, _highs._highs_solve_dual = original
    assert m.status == maximize(c, A, b, Ae, be).status


@SETTINGS
@given(systems(), st.data())
def test_active_set_repair_alone(sys_, data):
    """The exact active-set repair, from an arbitrary start, agrees with the exact simplex;
    it declines (None) only when the equations alone are inconsistent."""
    A, b, Ae, be = sys_
    S = _prepare(A, b, Ae, be)
    start = [data.draw(st.floats(-5, 5)) for _ in range(A.shape[1])] if data.draw(st.booleans()) else None
    r = _feasible_active_set(S, start)
    e = _feasible_exact(S)
    if r is None:
        from solvers.affine import AffineSubspace

        with pytest.raises(ValueError, match="inconsistent"):
            AffineSubspace.from_equations(Ae, be)
        assert not e.feasible
        return
    assert r.feasible == e.feasible
    _assert_certified(A, b, Ae, be, r)


def test_float32_and_longdouble_are_exact():
    x = np.longdouble(1) / np.longdouble(3)  # more mantissa bits than a float64 holds
    A, b = np.array([[1], [-1]], dtype=np.longdouble), np.array([x, -x])
    r = feasible_point(A, b)
    assert r.feasible and r.point == (Fraction(*x.as_integer_ratio()),)
    A32, b32 = np.array([[1], [-1]], dtype=np.float32), np.array([0.1, -0.1], dtype=np.float32)
    r = feasible_point(A32, b32)
    assert r.feasible and r.point == (Fraction(*np.float32(0.1).as_integer_ratio()),)


def test_entries_beyond_the_floats_and_misshapen_vectors_are_named():
    """HiGHS works on floats: an exact 10**400 is refused by name (was a raw OverflowError), and a c or a
    point of the wrong length names c or point (was "dimension mismatch")."""
    from solvers.depth import cdepth
    from solvers.lp import is_feasible_point

    for call, name in (
        (lambda: feasible_point([[1, 0], [0, 1]], [10**400, 1]), "b_ub"),
        (lambda: feasible_point([[10**400, 0], [0, 1]], [1, 1]), "A_ub"),
        (lambda: maximize([10**400, 1], [[1, 0], [0, 1]], [1, 1]), "c"),
        (lambda: cdepth(([[1], [-1]], [0, -1]), [10**400]), "z"),
        (lambda: maximize([1], [[1, 0], [0, 1]], [1, 1]), "c"),
        (lambda: is_feasible_point([[1, 0]], [1], None, None, []), "point"),
    ):
        with pytest.raises(ValueError, match=f"^{name}: "):
            call()
    with pytest.raises(TypeError, match="^c must be"):
        maximize(None, [[1, 0]], [1])
    assert feasible_point([[1, 0], [0, 1]], [2**1022, 1]).feasible  # just inside: solved
