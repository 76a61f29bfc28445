"""Exact linear algebra for the LP layer: integer (fraction-free) and sparse rational solves.

* :func:`_solve_square` — Bareiss fraction-free Gauss–Jordan on a square integer system;
* :func:`_rref_solve` — any shape, free variables from a guess;
* :func:`_sparse_solve` — Markowitz-ordered elimination for many unknowns;
* :func:`_nullspace` — an exact null-space basis.

References: J. Edmonds (1967), E. H. Bareiss (1968) for fraction-free elimination.
"""

from __future__ import annotations

import math
from fractions import Fraction

from solvers._rational import common_denominator

__all__ = ["_DENSE_MAX", "_sparse_solve", "_solve_square", "_rref_solve", "_nullspace"]

_ZERO = Fraction(0)

_DENSE_MAX = 10  # systems with more unknowns go through the sparse elimination below


def _sparse_solve(rows: list[dict], rhs: list, n: int, guess=None) -> list[Fraction] | None:
    """A solution of the sparse system ``rows * y = rhs`` (``rows[i]``: column -> value).

    Gaussian elimination over Fractions with a Markowitz-style pivot choice (shortest
    row, then shortest column), so the unit and near-unit rows that dominate the LPs of
    convex-hull membership (``-lambda_i <= 0``) cost O(1) each.  Returns ``None`` if the
    system is inconsistent; free unknowns take ``guess[j]`` (rationalised) or 0.
    """
    R = [{c: Fraction(v) for c, v in r.items() if v} for r in rows]
    B = [Fraction(v) for v in rhs]
    col_rows: dict[int, set] = {}
    for i, r in enumerate(R):
        for c in r:
            col_rows.setdefault(c, set()).add(i)
    active = set(range(len(R)))
    order = []
    while active:
        i = min(active, key=lambda k: len(R[k]))
        active.discard(i)
        Ri = R[i]
        if not Ri:
            if B[i] != 0:
                return None
            continue
        c = min(Ri, key=lambda cc: len(col_rows[cc]))
        p = Ri[c]
        for k in list(col_rows[c]):
            if k == i or k not in active:
                continue
            Rk = R[k]
            f = Rk[c] / p
            for cc, v in Ri.items():
                nv = Rk.get(cc, _ZERO) - f * v
                if nv:
                    if cc not in Rk:
                        col_rows[cc].add(k)
                    Rk[cc] = nv
                elif cc in Rk:
                    del Rk[cc]
                    col_rows[cc].discard(k)
            B[k] -= f * B[i]
        order.append((i, c))
    pivot_cols = {c for _, c in order}
    y = [_ZERO] * n
    for j in range(n):
        if j not in pivot_cols and guess is not None:
            g = guess[j]
            y[j] = g if isinstance(g, Fraction) else Fraction(float(g)).limit_denominator(10**6)
    for i, c in reversed(order):
        acc = B[i]
        for cc, v in R[i].items():
            if cc != c and y[cc]:
                acc -= v * y[cc]
        y[c] = acc / R[i][c]
    return y


def _solve_square(M: list[list[int]], rhs: list[int]) -> tuple[list[int], int] | None:
    """Fraction-free (Bareiss) Gauss-Jordan solve of the integer system ``M x = rhs``.

    Returns ``(nums, D)`` with ``x = nums / D``, ``D > 0`` and ``gcd(nums, D) = 1``, or
    ``None`` if ``M`` is singular.  After the last step every pivot equals ``det M`` and the
    right-hand side column holds ``det M * x``: no rational arithmetic is needed.
    """
    n = len(M)
    if n == 0:
        return [], 1
    if n > _DENSE_MAX:
        # (if M is singular but the system consistent, this returns *a* solution; callers
        # check the point against every constraint anyway)
        y = _sparse_solve([{j: v for j, v in enumerate(row) if v} for row in M], rhs, n)
        return None if y is None else common_denominator(y)
    T = [list(M[i]) + [rhs[i]] for i in range(n)]
    prev = 1
    for k in range(n):
        piv = next((i for i in range(k, n) if T[i][k] != 0), None)
        if piv is None:
            return None
        if piv != k:
            T[k], T[piv] = T[piv], T[k]
        Tk = T[k]
        p = Tk[k]
        for i in range(n):
            if i == k:
                continue
            Ti = T[i]
            f = Ti[k]
            if f == 0 and prev == 1:
                if p != 1:
                    T[i] = [p * a for a in Ti]
                continue
            T[i] = [(p * a - f * b) // prev for a, b in zip(Ti, Tk)]
        prev = p
    det = prev
    nums = [T[i][n] for i in range(n)]
    if det < 0:
        det, nums = -det, [-v for v in nums]
    g = math.gcd(det, *nums)
    return [v // g for v in nums], det // g


def _rref_solve(M: list[list[int]], rhs: list[int], guess: list[Fraction]) -> list[Fraction] | None:
    """A solution of the integer system ``M y = rhs`` (any shape) or ``None`` if there is none.

    Fraction-free Gauss-Jordan elimination (every intermediate entry is an integer
    minor, divisions are exact); free variables take the values in ``guess``.
    """
    n = len(guess)
    if n > _DENSE_MAX:
        return _sparse_solve([{j: v for j, v in enumerate(row) if v} for row in M], rhs, n, guess)
    T = [list(r) + [v] for r, v in zip(M, rhs)]
    nr = len(T)
    pivots = []
    prev = 1
    r = 0
    for c in range(n):
        if r == nr:
            break
        piv = next((i for i in range(r, nr) if T[i][c] != 0), None)
        if piv is None:
            continue
        T[r], T[piv] = T[piv], T[r]
        p = T[r][c]
        Tr = T[r]
        for i in range(nr):
            if i == r:
                continue
            Ti = T[i]
            f = Ti[c]
            T[i] = [(p * a - f * bb) // prev for a, bb in zip(Ti, Tr)]
        prev = p
        pivots.append(c)
        r += 1
    # pivot rows: T[k] has entry `prev` in pivot column k and 0 in the other pivot columns
    # (earlier pivot rows were rescaled by later pivots: fraction-free Gauss-Jordan invariant)
    if any(T[i][n] != 0 for i in range(r, nr)):
        return None
    piv_set = set(pivots)
    free = [j for j in range(n) if j not in piv_set]
    y = [_ZERO] * n
    for j in free:
        g = guess[j]
        y[j] = g if isinstance(g, Fraction) else Fraction(float(g)).limit_denominator(10**6)
    for k, c in enumerate(pivots):
        row = T[k]
        acc = Fraction(row[n])
        for j in free:
            if row[j]:
                acc -= row[j] * y[j]
        y[c] = acc / row[c]
    return y


def _nullspace(rows: list[list], n: int) -> list[list[Fraction]]:
    """A basis of ``{v : r . v = 0 for r in rows}`` (exact, from the RREF)."""
    R = [[Fraction(v) for v in r] for r in rows]
    piv = []
    r = 0
    for c in range(n):
        k = next((i for i in range(r, len(R)) if R[i][c] != 0), None)
        if k is None:
            continue
        R[r], R[k] = R[k], R[r]
        p = R[r][c]
        R[r] = [v / p for v in R[r]]
        for i in range(len(R)):
            if i != r and R[i][c] != 0:
                f = R[i][c]
                R[i] = [a - f * b for a, b in zip(R[i], R[r])]
        piv.append(c)
        r += 1
        if r == len(R):
            break
    out = []
    for f in (j for j in range(n) if j not in set(piv)):
        v = [_ZERO] * n
        v[f] = Fraction(1)
        for i, c in enumerate(piv):
            v[c] = -R[i][f]
        out.append(v)
    return out

