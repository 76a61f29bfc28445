"""The exact basis-exchange repair of near-degenerate systems and the violated-rows check it uses."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers import lp
from solvers.lp._checks import _violated_rows
from solvers.lp._highs import _highs_solve, _release
from solvers.lp._repair import _basis_system, _basis_vertex, _exchange_repair
from solvers.lp._simplex import _feasible_exact
from solvers.lp._system import _prepare


def _near_degenerate(seed):
    """bench_speed's near-degenerate 50 x 5 systems: rows scaled over 12 decades, region ~1e-9 wide."""
    rng = np.random.default_rng(seed)
    A = rng.normal(size=(50, 5)) * 10.0 ** rng.integers(-6, 7, size=(50, 1))
    return A, A @ rng.normal(size=5) + rng.exponential(size=50) * 1e-9


def _violated_fractions(A, b, m_ub, x):
    """The rows ``x`` violates, in Fractions (the definition)."""
    out = []
    for i, (row, rhs) in enumerate(zip(A, b, strict=True)):
        lhs = sum(Fraction(a) * v for a, v in zip(row, x, strict=True))
        if (lhs != Fraction(rhs)) if i >= m_ub else (lhs > Fraction(rhs)):
            out.append(i)
    return out


@pytest.mark.parametrize("seed", range(8))
def test_violated_rows_equal_rational_arithmetic(seed):
    rng = np.random.default_rng(seed)
    A = rng.normal(size=(12, 3)) * 10.0 ** rng.integers(-3, 4, size=(12, 1))
    x = [Fraction(int(v), 7) for v in rng.integers(-20, 20, size=3)]
    b = A @ np.array([float(v) for v in x]) + rng.normal(size=12) * 1e-3
    eqs = 2 if seed % 2 else 0  # the last rows as equations
    for system in ((A, b), (A.tolist(), [Fraction(v) for v in b])):  # float_exact and general paths
        Ae = system[0][12 - eqs :] if eqs else None
        be = system[1][12 - eqs :] if eqs else None
        S = _prepare(system[0][: 12 - eqs], system[1][: 12 - eqs], Ae, be)
        nums = [v.numerator * (21 // v.denominator) for v in x]
        got = _violated_rows(S, nums, 21)
        assert got == _violated_fractions(A, b, 12 - eqs, x)
    # a point exactly on a row is not a violation; 2**-80 past it is (x = (1/2 + 2**-81) (1, 1))
    A2, b2 = [[1.0, 1.0], [1.0, -1.0]], [1.0, 0.0]
    S = _prepare(np.array(A2), np.array(b2), None, None)
    assert _violated_rows(S, [1, 1], 2) == []
    assert _violated_rows(S, [2**80 + 1, 2**80 + 1], 2**81) == [0]


def test_exchange_repair_settles_the_bases_highs_leaves_infeasible():
    """On near-degenerate systems whose basis vertex is infeasible even with the tight tolerances,
    the exchanges give a point that exact rational arithmetic accepts; they answer on most such
    systems (the rest fall through to the max-slack LP and the exact tiers)."""
    tried = repaired = 0
    for seed in range(60):
        A, b = _near_degenerate(seed)
        S = _prepare(A, b, None, None)
        h, status = _highs_solve(S, None, tight=True)
        try:
            v = _basis_vertex(S, h)
            if v is None or lp.is_feasible_point(A, b, None, None, [Fraction(n, v[3]) for n in v[2]]):
                continue  # HiGHS's own basis is exact already
            tried += 1
            out = _exchange_repair(S, _basis_system(S, h))
            if out is not None:
                nums, D = out
                assert D > 0 and lp.is_feasible_point(A, b, None, None, [Fraction(n, D) for n in nums])
                repaired += 1
        finally:
            _release(h)
    assert tried >= 3 and repaired >= tried * 2 // 3


def test_feasible_point_reports_the_exchange_tier():
    methods = {lp.feasible_point(*_near_degenerate(seed)).method for seed in range(60)}
    assert "highs+exchange" in methods


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(2, 6), st.booleans())
def test_near_degenerate_systems_agree_with_the_exact_simplex(seed, d, feasible):
    """Thin regions (rows over 12 decades, ~1e-9 wide), feasible or pushed infeasible: HiGHS with
    the tight tolerances, its basis, the exchanges and the fallbacks answer as the exact simplex
    does, certified."""
    rng = np.random.default_rng(seed)
    m = int(rng.integers(d + 1, 12 * d))
    A = rng.normal(size=(m, d)) * 10.0 ** rng.integers(-6, 7, size=(m, 1))
    b = A @ rng.normal(size=d) + rng.exponential(size=m) * 1e-9
    if not feasible:  # a row pushed past the region, by about its width
        A = np.vstack([A, -A[:1]])
        b = np.append(b, -b[0] + 1e-9 * (1 + abs(b[0])))
    r = lp.feasible_point(A, b)
    e = _feasible_exact(_prepare(A, b, None, None))
    assert r.feasible == e.feasible
    if r.feasible:
        assert lp.is_feasible_point(A, b, None, None, r.point)
    else:
        assert lp.is_farkas_certificate(A, b, None, None, r.certificate)


@pytest.mark.parametrize("seed", range(6))
def test_a_basis_and_its_transpose_are_solved_exactly(seed):
    from solvers.lp._linalg import _basis_inverse, _solve_primal_dual

    rng = np.random.default_rng(seed)
    n = 1 + seed
    M = (rng.integers(-9, 10, size=(n, n)) * 2 ** int(rng.integers(0, 70))).tolist()
    r, c = rng.integers(-9, 10, size=n).tolist(), rng.integers(-9, 10, size=n).tolist()
    out = _solve_primal_dual(M, r, c)
    if round(np.linalg.det(np.array(M, dtype=float))) == 0 and out is None:
        return
    x, D, z, Z = out
    assert D > 0 and Z > 0
    assert all(sum(a * v for a, v in zip(row, x, strict=False)) == ri * D for row, ri in zip(M, r, strict=False))
    assert all(sum(M[i][j] * z[i] for i in range(n)) == c[j] * Z for j in range(n))
    xi, inv, Di = _basis_inverse(M, r)
    assert all(sum(M[i][k] * inv[k][j] for k in range(n)) == (Di if i == j else 0) for i in range(n) for j in range(n))
    singular = [row[:] for row in M] + []
    singular[-1] = [2 * v for v in singular[0]] if n > 1 else [0]
    assert _basis_inverse(singular, r) is None and _solve_primal_dual(singular, r, c) is None


@pytest.mark.parametrize("seed", range(12))
def test_rows_proved_tight_are_skipped_without_changing_the_answer(seed):
    """``proved`` (the basis rows, tight at its vertex by construction) only saves their exact
    dot products: the violated rows are those of rational arithmetic, with or without it."""
    A, b = _near_degenerate(seed)
    S = _prepare(A, b, None, None)
    h, _ = _highs_solve(S, None, tight=True)
    try:
        system = _basis_system(S, h)
        v = _basis_vertex(S, h)
    finally:
        _release(h)
    assert system is not None and v is not None
    tight, nums, D = system[0], v[2], v[3]
    x = [Fraction(n, D) for n in nums]
    assert all(sum(Fraction(a) * xi for a, xi in zip(A[i], x, strict=True)) == Fraction(b[i]) for i in tight)
    want = _violated_fractions(A, b, 50, x)
    assert _violated_rows(S, nums, D, proved=tight) == _violated_rows(S, nums, D) == want
