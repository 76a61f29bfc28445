"""solvers._phase1.Phase1, the float phase-1 simplex behind max_cdepth's point search: its verdicts
against HiGHS (scipy.optimize.linprog) on random, degenerate, infeasible systems, with columns made
available in groups; its bases are what the exact certificates are read from, so a feasible basis
must reproduce g and an optimal infeasible one must give Farkas multipliers (in floats, to tolerance:
the exact checks live in solvers.depth)."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from solvers._phase1 import Phase1

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _unit(A):
    top = np.abs(A).max(axis=0)
    return A / np.where(top > 0, top, 1.0)


def _system(seed):
    """r x N columns (unit-scaled), some repeated or zero, and a g often on the boundary of their cone."""
    rng = np.random.default_rng(seed)
    r, N = int(rng.integers(1, 5)), int(rng.integers(1, 30))
    A = rng.integers(-3, 4, size=(r, N)).astype(float)
    if seed % 3 == 0:  # degenerate: repeated columns, a zero column
        A[:, N // 2 :] = A[:, : N - N // 2]
        A[:, 0] = 0.0
    kind = seed % 4
    if kind == 0:  # g a nonnegative combination of a few columns (often degenerate)
        w = rng.exponential(size=N) * (rng.random(N) < 0.3)
        g = A @ w
    else:
        g = rng.integers(-3, 4, size=r).astype(float)
    return _unit(A), g


def _feasible(A, g) -> bool:
    res = linprog(np.zeros(A.shape[1]), A_eq=A, b_eq=g, bounds=[(0, None)] * A.shape[1], method="highs")
    return res.status == 0


def _check_basis(run: Phase1, A, g, status) -> None:
    B = np.column_stack([run.column(j) for j in run.basis])
    x = np.array(run.x)
    assert np.allclose(B @ x, g, atol=1e-7) and (x >= 0).all()
    if status is False:  # optimal, infeasible: y = c_B B^-1 is a Farkas certificate (floats)
        y = np.array(run.cost) @ np.linalg.inv(B)
        assert (y @ A[:, : run.n] <= 1e-7).all() and y @ g > 1e-9


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_verdicts_agree_with_highs_column_group_by_group(seed):
    A, g = _system(seed)
    run = Phase1(A, g, unit=True)
    N = A.shape[1]
    for n in sorted({max(1, N // 3), max(1, 2 * N // 3), N}):
        run.extend(n)
        status = run.run()
        assert status is not None
        assert status == _feasible(A[:, :n], g)
        _check_basis(run, A, g, status)
        if status:
            break


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_preferred_columns_and_phase_two(seed):
    """Columns marked ``later`` enter only when nothing else improves: the verdict is the same, and
    the phase-2 minimum of c·x (c >= 0) equals HiGHS's."""
    A, g = _system(seed)
    rng = np.random.default_rng(seed + 1)
    later = rng.random(A.shape[1]) < 0.5
    run = Phase1(A, g, later=later)
    run.extend(A.shape[1])
    status = run.run()
    assert status == _feasible(A, g)
    if status:
        c = rng.exponential(size=A.shape[1]) * (rng.random(A.shape[1]) < 0.5)
        assert run.minimise(c) is True
        ref = linprog(c, A_eq=A, b_eq=g, bounds=[(0, None)] * A.shape[1], method="highs")
        assert abs(run.objective() - ref.fun) <= 1e-7 * (1 + abs(ref.fun))
        assert set(run.support()) <= set(range(A.shape[1]))


def test_beales_degenerate_system_terminates():
    """Beale's cycling example's constraints (every basic value 0 but one: degenerate pivots, which
    switch the rule to Bland's): phase 1 and a phase 2 end, at HiGHS's optimum."""
    A = np.array([[0.25, -8.0, -1.0, 9.0, 1.0, 0.0, 0.0], [0.5, -12.0, -0.5, 3.0, 0.0, 1.0, 0.0],
                  [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]])  # fmt: skip
    g = np.array([0.0, 0.0, 1.0])
    for c in (np.array([0.0, 20.0, 0.0, 6.0, 0.0, 0.0, 0.0]), np.array([0.75, 20.0, 0.5, 6.0, 1.0, 1.0, 0.0])):
        run = Phase1(A, g)
        run.extend(7)
        assert run.run() is True
        assert run.minimise(c) is True
        ref = linprog(c, A_eq=A, b_eq=g, bounds=[(0, None)] * 7, method="highs")
        assert abs(run.objective() - ref.fun) < 1e-9
