"""The fast exact certification of solvers.lp: the float filter is a proof (its verdict always
equals exact rational arithmetic, also on points exactly on or a hair off a constraint),
integer rows converted on demand equal the ones converted all at once, and the python-flint
solves are exact (negative determinants, singular and inconsistent systems); the float fast path of the
system preparation equals the general one, and maximize / strict feasibility certificates check exactly."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers._rational import common_denominator
from solvers.lp import _checks, _linalg, _system
from solvers.lp._system import _prepare

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _exact_verdict(A, b, m_ub, x, strict):
    """Reference: every row in Fractions (floats at their binary value)."""
    for i, (row, bi) in enumerate(zip(A, b, strict=True)):
        lhs = sum(Fraction(float(a)) * xj for a, xj in zip(row, x, strict=True))
        rhs = Fraction(float(bi))
        if i < m_ub:
            if lhs > rhs or (strict and lhs == rhs):
                return False
        elif lhs != rhs:
            return False
    return True


def _float_system(rng, m, d):
    A = rng.normal(size=(m, d)) * 10.0 ** rng.integers(-8, 9, size=(m, 1))
    A[rng.random((m, d)) < 0.2] = 0.0
    return A


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from(["vertex", "nudged", "random", "far"]), st.booleans())
def test_float_filter_verdict_equals_exact(seed, kind, strict):
    rng = np.random.default_rng(seed)
    d = int(rng.integers(1, 5))
    m_ub, m_eq = int(rng.integers(d, 3 * d + 2)), int(rng.integers(0, 2))
    A = _float_system(rng, m_ub + m_eq, d)
    x0 = rng.normal(size=d)
    b = A @ x0 + np.abs(rng.normal(size=m_ub + m_eq)) * (rng.random(m_ub + m_eq) < 0.5)
    # the exact point: a vertex of d rows made tight (exactly, in rationals), or nearby
    tight = rng.choice(m_ub + m_eq, size=d, replace=False)
    At, bt, _ = _system._int_rows_few(A[tight], b[tight])
    sol = _linalg._solve_square(At, bt)
    x = [Fraction(float(v)) for v in x0] if sol is None or kind == "random" else [Fraction(v, sol[1]) for v in sol[0]]
    if kind == "nudged":  # a hair off the vertex: 2**-80 relative, far below float resolution
        x = [v + Fraction(int(rng.integers(-1, 2)), 2**80) * (abs(v) + 1) for v in x]
    if kind == "far":
        x = [v * 10**12 for v in x]
    A_ub, b_ub, A_eq, b_eq = A[:m_ub], b[:m_ub], A[m_ub:], b[m_ub:]
    S = _prepare(A_ub, b_ub, A_eq, b_eq)
    assert S.float_exact and S._A is None  # the lazy path is the one under test
    nums, D = common_denominator(x)
    got = _checks._point_ok(S, nums, D, strict)
    assert got == _exact_verdict(A, b, m_ub, x, strict)
    # and the fully materialised integer path agrees
    S2 = _prepare(A_ub, b_ub, A_eq, b_eq)
    S2.float_exact = False
    assert _checks._point_ok(S2, nums, D, strict) == got


def test_float_filter_on_a_point_exactly_on_a_constraint():
    # 0.1*x <= 0.1 (binary values) at x = 1 exactly: satisfied, not strictly
    S = _prepare(np.array([[0.1], [-1.0]]), np.array([0.1, 0.0]), None, None)
    assert _checks._point_ok(S, [1], 1) and not _checks._point_ok(S, [1], 1, strict=True)
    # x = 1 + 2**-70: violates 0.1 x <= 0.1 by ~1e-22, invisible in floats
    assert not _checks._point_ok(S, [2**70 + 1], 2**70)
    assert _checks._point_ok(S, [2**70 - 1], 2**70, strict=True)


def test_float_filter_handles_overflow_and_huge_points():
    S = _prepare(np.array([[1e300, 1e300]]), np.array([1e300]), None, None)
    assert not _checks._point_ok(S, [10**10, 10**10], 1)  # A x overflows to inf: decided exactly
    big = 10**400  # x does not fit in a float at all
    assert not _checks._point_ok(S, [big, 0], 1)
    assert _checks._point_ok(S, [-big, 0], 1)


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_rows_on_demand_equal_rows_all_at_once(seed):
    rng = np.random.default_rng(seed)
    m, d = int(rng.integers(1, 40)), int(rng.integers(1, 6))
    kind = rng.integers(0, 3)
    if kind == 0:
        A = rng.normal(size=(m, d)) * 10.0 ** rng.integers(-300, 300, size=(m, d))
    elif kind == 1:
        A = rng.integers(-(2**40), 2**40, size=(m, d)).astype(float)  # integral floats
    else:
        A = rng.normal(size=(m, d)) * 2.0**-1060  # subnormals
    A[rng.random((m, d)) < 0.3] = 0.0
    b = rng.normal(size=m)
    b[rng.random(m) < 0.2] = 0.0
    few = _system._int_rows_few(A, b)
    assert few == _system._int_rows(A, b)
    S = _prepare(A, b, None, None)
    idx = rng.permutation(m)[: int(rng.integers(1, m + 1))].tolist()
    lazy = S.rows(idx)
    assert lazy == tuple(list(t) for t in zip(*[(S.A[i], S.b[i], S.scale[i]) for i in idx], strict=True))
    for i in idx:  # the caller's numbers, recovered exactly
        assert [Fraction(v) / S.scale[i] for v in S.A[i]] == [Fraction(float(v)) for v in A[i]]


def test_flint_solves_are_exact():
    # negative determinant: the denominator is still positive
    nums, D = _linalg._solve_square([[0, 1], [1, 0]], [3, 5])
    assert D > 0 and [Fraction(v, D) for v in nums] == [5, 3]
    nums, D = _linalg._solve_square([[-7]], [3])
    assert (nums, D) == ([-3], 7)
    assert _linalg._solve_square([[1, 2], [2, 4]], [1, 2]) is None  # singular
    assert _linalg._rref_solve([[1, 1], [1, 1]], [1, 2], [Fraction(0)] * 2) is None  # inconsistent
    y = _linalg._rref_solve([[1, 1, 0]], [1], [0.25, 0.5, 2.0])  # free variables from the guess
    assert y[0] + y[1] == 1 and y[1:] == [Fraction(1, 2), Fraction(2)]


@pytest.mark.parametrize("n", [5, 11, 30])
def test_square_solve_matches_fractions(n):
    rng = np.random.default_rng(n)
    M = (rng.integers(-(2**60), 2**60, size=(n, n), dtype=np.int64)).tolist()
    r = rng.integers(-(2**60), 2**60, size=n, dtype=np.int64).tolist()
    nums, D = _linalg._solve_square(M, r)
    x = [Fraction(v, D) for v in nums]
    assert all(sum(a * v for a, v in zip(row, x, strict=False)) == rv for row, rv in zip(M, r, strict=False))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_float_data_gets_a_proved_interior_point_integer_data_a_vertex(seed):
    """Float data: the vertex pushed into the interior, exactly feasible, dyadic coordinates;
    integer data: HiGHS's basic solution solved exactly, small rationals."""
    from solvers.lp import feasible_point, is_feasible_point

    rng = np.random.default_rng(seed)
    m, d = int(rng.integers(3, 30)), int(rng.integers(1, 6))
    A = rng.normal(size=(m, d))
    b = A @ rng.normal(size=d) + rng.exponential(size=m)
    r = feasible_point(A, b)
    assert r.feasible and is_feasible_point(A, b, None, None, r.point)
    assert all(v.denominator & (v.denominator - 1) == 0 for v in r.point)  # floats: dyadic coordinates
    Ai, bi = np.round(A * 4).astype(np.int64), np.round(b * 4).astype(np.int64) + 4
    r = feasible_point(Ai, bi)
    assert r.feasible and is_feasible_point(Ai, bi, None, None, r.point)
    # the basic solution of the integer system: small rationals (Hadamard: |det| < 2**40 here)
    assert max(v.denominator for v in r.point) < 2**40


def test_no_interior_falls_back_to_the_exact_vertex():
    # 0.1 <= x <= 0.1 (binary 0.1): a single point, no room to push
    A, b = np.array([[1.0], [-1.0]]), np.array([0.1, -0.1])
    from solvers.lp import feasible_point

    r = feasible_point(A, b)
    assert r.feasible and r.point == (Fraction(0.1),)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_maximize_and_strict_on_float_data_are_certified(seed, feasible):
    """The float-data shortcuts of feasible_point never leak into maximize / strict=True."""
    from solvers.lp import OptimizeResult, feasible_point, is_farkas_certificate, is_optimize_certificate, maximize

    rng = np.random.default_rng(seed)
    m, d = int(rng.integers(2, 20)), int(rng.integers(1, 5))
    A = rng.normal(size=(m, d))
    b = A @ rng.normal(size=d) + (rng.exponential(size=m) if feasible else -rng.exponential(size=m))
    A = np.vstack([A, np.eye(d), -np.eye(d)])  # bounded: a box of side 20
    b = np.concatenate([b, np.full(2 * d, 10.0)])
    c = rng.normal(size=d)
    r = maximize(c, A, b)
    assert isinstance(r, OptimizeResult) and is_optimize_certificate(c, A, b, None, None, r)
    s = feasible_point(A, b, strict=True)
    if s.feasible:
        assert s.slack > 0 and _checks._point_ok(_prepare(A, b, None, None), *common_denominator(s.point), strict=True)
    else:
        assert is_farkas_certificate(A, b, None, None, s.certificate, strict=True)
    assert (r.status == "optimal") == feasible_point(A, b).feasible


def test_prepare_fast_path_is_the_general_path():
    from solvers.lp._system import _prepare, _prepare_float_ub

    rng = np.random.default_rng(0)
    A, b = rng.normal(size=(7, 3)), rng.normal(size=7)
    fast = _prepare(A, b, None, None)
    assert _prepare_float_ub(A, b, None, None, None) is not None
    general = _prepare(A.tolist(), b.tolist(), None, None)  # lists: the general path
    assert (fast.d, fast.m_ub, fast.m_eq, fast.float_exact) == (general.d, general.m_ub, general.m_eq, True)
    assert fast.A == general.A and fast.b == general.b and fast.scale == general.scale
    assert np.array_equal(fast.A_float, general.A_float) and np.array_equal(fast.b_float, general.b_float)
    bad = A.copy()
    bad[0, 0] = np.nan
    assert _prepare_float_ub(bad, b, None, None, None) is None
    with pytest.raises(ValueError, match="A_ub"):
        _prepare(bad, b, None, None)


def test_maximize_and_strict_certificates_check_exactly():
    from solvers import lp

    rng = np.random.default_rng(3)
    for _ in range(10):
        A = rng.normal(size=(30, 4))
        b = A @ rng.normal(size=4) + rng.exponential(size=30)
        c = rng.normal(size=4)
        r = lp.maximize(c, A, b)
        assert lp.is_optimize_certificate(c, A, b, None, None, r)
        s = lp.feasible_point(A, b, strict=True)
        assert s.feasible and s.slack > 0 and lp.is_feasible_point(A, b, None, None, s.point, strict=True)


def _check_square(M, r, out):
    nums, D = out
    assert D > 0
    assert all(sum(a * v for a, v in zip(row, nums, strict=True)) == ri * D for row, ri in zip(M, r, strict=True))


@pytest.mark.parametrize("n", [_linalg._DENSE_MAX - 1, _linalg._DENSE_MAX + 1, 121])
def test_large_bases_are_solved_by_flint_like_the_dense_reduction(n, monkeypatch):
    """Above ``_DENSE_MAX`` unknowns the basis systems go to python-flint's solver (two solves for
    ``M x = r`` and ``M^T z = c``); the answers equal the dense reduction's (the oracle: the
    ``[M | r | I]`` RREF, forced by raising ``_DENSE_MAX``) and solve the systems exactly."""
    rng = np.random.default_rng(n)
    M = (rng.integers(-3, 4, size=(n, n)) * (rng.random((n, n)) < 0.1) + np.eye(n, dtype=np.int64) * 5).tolist()
    M[0] = [v * 2**70 for v in M[0]]  # big entries: beyond any float
    r, c = rng.integers(-9, 10, size=n).tolist(), rng.integers(-9, 10, size=n).tolist()
    got_sq, got_pd = _linalg._solve_square(M, r), _linalg._solve_primal_dual(M, r, c)
    _check_square(M, r, got_sq)
    x, D, z, Z = got_pd
    _check_square(M, r, (x, D))
    _check_square([list(col) for col in zip(*M, strict=True)], c, (z, Z))
    monkeypatch.setattr(_linalg, "_DENSE_MAX", 10**6)
    ref_sq, ref_pd = _linalg._solve_square(M, r), _linalg._solve_primal_dual(M, r, c)
    assert got_sq == ref_sq
    assert [Fraction(v, D) for v in x] == [Fraction(v, ref_pd[1]) for v in ref_pd[0]]
    assert [Fraction(v, Z) for v in z] == [Fraction(v, ref_pd[3]) for v in ref_pd[2]]


def test_large_singular_bases_are_refused():
    n = _linalg._DENSE_MAX + 6
    M = np.eye(n, dtype=np.int64)
    M[-1] = M[0] + M[1]
    M = M.tolist()
    r = list(range(n))
    assert _linalg._solve_square(M, r) is None
    assert _linalg._solve_primal_dual(M, r, r) is None
    assert _linalg._flint_solve(M, r) is None


def test_large_square_ray_system_uses_the_flint_solver():
    """A Farkas certificate on d + 1 > _DENSE_MAX support rows is solved by python-flint (the
    Fraction elimination took seconds: 1000 x 70 float systems 4.3 s a call) and checks exactly."""
    from solvers.lp import feasible_point, is_farkas_certificate

    rng = np.random.default_rng(3)
    m, d = 400, _linalg._DENSE_MAX + 6
    A = rng.normal(size=(m, d))
    b = A @ rng.normal(size=d) + rng.exponential(size=m)
    y = rng.exponential(size=m) * (rng.random(m) < 0.2)
    A, b = np.vstack([A, -(y @ A)]), np.concatenate([b, [-(y @ b) - 1.0]])
    r = feasible_point(A, b)
    assert not r.feasible and r.method == "highs+exact"
    assert is_farkas_certificate(A, b, None, None, r.certificate)


def test_the_callers_arrays_are_read_not_written():
    """float64 input is used as the float copy itself (no copy): every entry point leaves it as it was."""
    from solvers import lp

    rng = np.random.default_rng(8)
    A = rng.normal(size=(30, 4)) * 10.0 ** rng.integers(-6, 7, size=(30, 1))
    b = A @ rng.normal(size=4) + rng.exponential(size=30) * 1e-9  # thin: the exact tiers may run
    c = rng.normal(size=4)
    A0, b0, c0 = A.copy(), b.copy(), c.copy()
    lp.feasible_point(A, b)
    lp.feasible_point(A, b, strict=True)
    lp.maximize(c, A, b)
    assert np.array_equal(A, A0) and np.array_equal(b, b0) and np.array_equal(c, c0)
