"""Tier 2 — exact repair of the float proposal.

* Optimal: the final simplex basis names ``d`` tight constraints (non-basic rows, and
  non-basic free columns, fixed at 0); :func:`_basis_vertex` solves that ``d x d`` system
  exactly.  :func:`_rounded_point` tries simple rationals near the float solution.
* Infeasible: :func:`_ray_certificate` rationalises HiGHS's dual ray (its support is taken
  and ``y_S^T [A_S | b_S] = (0, -1)`` solved exactly).

Each candidate is checked exactly (:mod:`solvers.lp._checks`) before it is used.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from solvers._rational import common_denominator
from solvers.lp._checks import _cert_ok, _point_ok
from solvers.lp._linalg import _rref_solve, _solve_square
from solvers.lp._system import _System

def _basis_vertex(S: _System, h, rows_A, rows_b, d) -> tuple[list[int], list[int], list[int], int] | None:
    """Exact point of the HiGHS basis: (tight row ids, fixed col ids, nums, D) or None."""
    import highspy

    basic = highspy.HighsBasisStatus.kBasic
    bas = h.getBasis()
    if not bas.valid:
        return None
    tight = [i for i, s in enumerate(bas.row_status) if s != basic]
    fixed = [j for j, s in enumerate(bas.col_status) if s != basic]
    if len(tight) + len(fixed) != d:
        return None
    M = [rows_A[i] for i in tight] + [[1 if k == j else 0 for k in range(d)] for j in fixed]
    r = [rows_b[i] for i in tight] + [0] * len(fixed)
    sol = _solve_square(M, r)
    if sol is None:
        return None
    return tight, fixed, sol[0], sol[1]


def _ray_certificate(S: _System, ray: np.ndarray, strict: bool = False) -> list[int] | None:
    """Rationalise a float dual ray into an exact Farkas certificate (scaled-row ints) or None."""
    ray = np.asarray(ray, dtype=float)
    if ray.shape != (S.m,) or not np.isfinite(ray).all():
        return None
    scale = np.array([float(s) for s in S.scale]) if S.m else np.zeros(0)
    for sign in (1.0, -1.0):
        y = sign * ray / scale  # multipliers of the scaled rows
        big = np.max(np.abs(y)) if y.size else 0.0
        if big <= 0:
            return None
        y = y / big
        # support: judged on the multiplier times the row's size, in the caller's units
        # (the integer scaling factors of different rows can differ by many orders)
        weight = np.abs(ray) * (np.abs(S.A_float).sum(axis=1) + np.abs(S.b_float))
        wmax = weight.max()
        if S.m_ub and (sign * ray[: S.m_ub] < -1e-7 * np.abs(ray).max()).any():
            continue
        support = [i for i in range(S.m) if weight[i] > 1e-9 * wmax]
        # exact: y_S^T [A_S | b_S] = (0, ..., 0, -1), free variables from the float ray
        M = [[S.A[i][j] for i in support] for j in range(S.d)]
        M.append([S.b[i] for i in support])
        rhs = [0] * S.d + [-1]
        yb = float(sign * ray @ S.b_float) / big  # y^T b is the same in scaled and caller units
        if not yb < 0:
            continue
        guess = [float(y[i] / -yb) for i in support]  # used only for free variables
        sol = _rref_solve(M, rhs, guess)
        if sol is None:
            continue
        full = [Fraction(0)] * S.m
        for i, v in zip(support, sol):
            full[i] = v
        nums, _ = common_denominator(full)
        if _cert_ok(S, nums, strict):
            return nums
    return None


def _rounded_point(h, S: _System):
    """The float solution rounded to nearby simple rationals, if that is exactly feasible."""
    x = h.getSolution().col_value
    if len(x) < S.d or not all(math.isfinite(v) for v in x[: S.d]):
        return None
    for den in (10**3, 10**6, 10**9):
        p = [Fraction(v).limit_denominator(den) for v in x[: S.d]]
        nums, D = common_denominator(p)
        if _point_ok(S, nums, D):
            return nums, D
    return None

