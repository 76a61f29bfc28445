"""Tier 4 — the exact fallback: an integer-preserving two-phase tableau simplex.

Edmonds/Bareiss fraction-free pivoting with Bland's anti-cycling rule on the scaled
integer rows: it always terminates and always yields a certificate, but it is slow
(pure Python integers, ~50 ms for 50 x 5), so it answers only when the float path and the
exact active-set repair have not.

References: J. Edmonds (1967), E. H. Bareiss (1968); R. G. Bland (1977).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from solvers._rational import common_denominator
from solvers.lp._checks import (
    _cert_ok,
    _certificate_from_ints,
    _dot,
    _optimal_ok,
    _point_ok,
    _scaled_to_caller,
    _to_point,
)
from solvers.lp._results import FeasibilityResult, OptimizeResult
from solvers.lp._system import _System


def _exact_simplex(S: _System, c: list[int] | None):
    """Integer-preserving two-phase simplex with Bland's rule, on the scaled integer rows.

    Solves ``max c^T x`` over the system (``c=None``: feasibility only); ``x`` is split
    as ``x+ - x-``, inequality rows get slacks, rows with a negative right-hand side and
    equality rows get artificials (phase 1).  All tableau entries are integers (the
    true tableau times the current basis determinant ``D``); duals are read off the
    columns of the initial unit basis.

    Returns one of
    ``("optimal", x_nums, D, y_scaled)`` (``y_scaled``: Fractions, one per row),
    ``("infeasible", y_ints)``, ``("unbounded", x_nums, D, ray_nums)``.
    """
    d = S.d
    rowsA = [list(r) for r in S.A]
    rowsb = list(S.b)
    kinds = ["ub"] * S.m_ub + ["eq"] * S.m_eq
    m = len(rowsA)
    ub_ids = [i for i in range(m) if kinds[i] == "ub"]
    n_ub = len(ub_ids)
    # columns: x+ (d) | x- (d) | slacks (n_ub) | artificials (n_art) | rhs
    sigma = [1 if rowsb[i] >= 0 else -1 for i in range(m)]
    art_rows = [i for i in range(m) if kinds[i] == "eq" or sigma[i] < 0]
    n_art = len(art_rows)
    ncol = 2 * d + n_ub + n_art
    T = np.zeros((m + 1, ncol + 1), dtype=object)
    T[:] = 0
    slack_col = {}
    for k, i in enumerate(ub_ids):
        slack_col[i] = 2 * d + k
    unit = [0] * m
    basis = [0] * m
    for i in range(m):
        s = sigma[i]
        for j in range(d):
            T[i + 1, j] = s * rowsA[i][j]
            T[i + 1, d + j] = -s * rowsA[i][j]
        if i in slack_col:
            T[i + 1, slack_col[i]] = s
        T[i + 1, ncol] = s * rowsb[i]
    for k, i in enumerate(art_rows):
        T[i + 1, 2 * d + n_ub + k] = 1
        unit[i] = basis[i] = 2 * d + n_ub + k
    for i in range(m):
        if i not in art_rows:
            unit[i] = basis[i] = slack_col[i]
    is_art = np.zeros(ncol, dtype=bool)
    is_art[2 * d + n_ub :] = True
    D = 1

    def pivot(r, s):  # r: constraint row (0-based), s: column
        nonlocal T, D
        p = T[r + 1, s]
        col = T[:, s].copy()
        prow = T[r + 1, :].copy()
        T = (p * T - np.outer(col, prow)) // D
        T[r + 1, :] = prow
        D = p
        if D < 0:
            T = -T
            D = -D
        basis[r] = s

    def run(allow):
        """Bland's rule on the objective row T[0] (entering: negative reduced cost)."""
        while True:
            obj = T[0]
            s = next((j for j in range(ncol) if allow[j] and obj[j] < 0), None)
            if s is None:
                return None
            best = None
            for i in range(m):
                a = T[i + 1, s]
                if a > 0:
                    if best is None:
                        best = i
                    else:
                        lhs = T[i + 1, ncol] * T[best + 1, s]
                        rhs = T[best + 1, ncol] * a
                        if lhs < rhs or (lhs == rhs and basis[i] < basis[best]):
                            best = i
            if best is None:
                return s  # unbounded direction along column s
            pivot(best, s)

    def set_objective(cost):  # cost: list of ints (maximise), length ncol
        row = np.zeros(ncol + 1, dtype=object)
        row[:] = 0
        for i in range(m):
            cb = cost[basis[i]]
            if cb:
                row = row + cb * T[i + 1]
        row[:ncol] = row[:ncol] - D * np.array(cost, dtype=object)
        T[0] = row

    def duals(cost):
        # pi_i = R_{unit_i} / D + cost_{unit_i};  original-row multiplier y_i = sigma_i * pi_i
        return [sigma[i] * (Fraction(T[0, unit[i]], D) + cost[unit[i]]) for i in range(m)]

    # phase 1: maximise -sum(artificials)
    cost1 = [0] * ncol
    for k in range(n_art):
        cost1[2 * d + n_ub + k] = -1
    allow = ~is_art
    if n_art:
        set_objective(cost1)
        run(allow)
        if T[0, ncol] != 0:  # optimum -sum(a) < 0: infeasible
            y = duals(cost1)  # sigma * pi: a Farkas certificate (see the phase-1 dual)
            nums, _ = common_denominator(y)
            return ("infeasible", nums[: S.m])
        # drive remaining (zero-level) artificials out of the basis where possible
        for r in range(m):
            if is_art[basis[r]]:
                s = next((j for j in range(ncol) if not is_art[j] and T[r + 1, j] != 0), None)
                if s is not None:
                    pivot(r, s)
    # phase 2
    cost2 = [0] * ncol
    if c is not None:
        for j in range(d):
            cost2[j] = c[j]
            cost2[d + j] = -c[j]
    set_objective(cost2)
    s_unb = run(allow)

    def current_x():
        x = [0] * d
        for i in range(m):
            bcol = basis[i]
            if bcol < d:
                x[bcol] += T[i + 1, ncol]
            elif bcol < 2 * d:
                x[bcol - d] -= T[i + 1, ncol]
        return [int(v) for v in x], int(D)

    xn, Dx = current_x()
    if s_unb is not None:
        r = [0] * d
        if s_unb < d:
            r[s_unb] += D
        elif s_unb < 2 * d:
            r[s_unb - d] -= D
        for i in range(m):
            a = T[i + 1, s_unb]
            bcol = basis[i]
            if bcol < d:
                r[bcol] -= a
            elif bcol < 2 * d:
                r[bcol - d] += a
        return ("unbounded", xn, Dx, [int(v) for v in r])
    return ("optimal", xn, Dx, duals(cost2))


def _feasible_exact(S: _System) -> FeasibilityResult:
    out = _exact_simplex(S, None)
    if out[0] == "infeasible":
        y = out[1]
        assert _cert_ok(S, y), "internal error: exact simplex produced an invalid Farkas certificate"
        return FeasibilityResult(False, None, _certificate_from_ints(S, y), None, "exact-simplex")
    _, xn, D = out[:3]
    assert _point_ok(S, xn, D), "internal error: exact simplex produced an infeasible point"
    return FeasibilityResult(True, _to_point(xn, D), None, None, "exact-simplex")


def _maximize_exact(S: _System, c: list[Fraction]) -> OptimizeResult:
    L = math.lcm(*(v.denominator for v in c)) if c else 1
    ci = [int(v * L) for v in c]
    out = _exact_simplex(S, ci)
    if out[0] == "infeasible":
        y = out[1]
        assert _cert_ok(S, y), "internal error: invalid Farkas certificate"
        return OptimizeResult("infeasible", certificate=_certificate_from_ints(S, y), method="exact-simplex")
    if out[0] == "unbounded":
        _, xn, D, r = out
        assert _point_ok(S, xn, D), "internal error: infeasible point"
        assert (
            all((_dot(S.A[i], r) <= 0 if i < S.m_ub else _dot(S.A[i], r) == 0) for i in range(S.m))
            and sum(cj * rj for cj, rj in zip(c, r, strict=True)) > 0
        ), "internal error: invalid unbounded ray"
        g = math.gcd(*r) or 1
        return OptimizeResult(
            "unbounded", _to_point(xn, D), None, None, tuple(Fraction(v // g) for v in r), None, "exact-simplex"
        )
    _, xn, D, y = out
    y = [v / L for v in y[: S.m]]
    assert _optimal_ok(S, c, xn, D, y), "internal error: exact simplex optimum does not check"
    value = sum(cj * Fraction(xj, D) for cj, xj in zip(c, xn, strict=True))
    return OptimizeResult("optimal", _to_point(xn, D), value, _scaled_to_caller(S, y), None, None, "exact-simplex")
