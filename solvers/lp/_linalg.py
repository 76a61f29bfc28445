"""Exact linear algebra for the LP layer: integer (fraction-free) and sparse rational solves.

* :func:`_solve_square` — a square integer system, by python-flint's fraction-free RREF
  (:func:`_flint_solve` above ``_DENSE_MAX`` unknowns);
* :func:`_solve_primal_dual` — a basis system and its transpose (two reductions; two
  solves above ``_DENSE_MAX`` unknowns);
* :func:`_rref_solve` — any shape, free variables from a guess (python-flint);
* :func:`_sparse_solve` — Markowitz-ordered elimination for many unknowns;
* :func:`_nullspace` — an exact null-space basis;
* :func:`rref` — the reduced row echelon form of a rational matrix and its pivot columns
  (the one exact Gauss-Jordan elimination of :mod:`solvers`: also used by
  :mod:`solvers.affine` and :mod:`solvers.halfspaces`).

References: J. Edmonds (1967), E. H. Bareiss (1968) for fraction-free elimination.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import flint

from solvers._rational import common_denominator

__all__ = ["rref"]

_ZERO = Fraction(0)

_DENSE_MAX = 64  # up to this many unknowns: python-flint's dense RREF; more: _flint_solve (square) or _sparse_solve


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


def _flint_rref(M: list[list[int]], rhs: list[int]) -> tuple[Any, Any, int]:
    """RREF of the integer matrix ``[M | rhs]`` by python-flint (``fmpz_mat.rref``, exact, in C).

    Returns (the flint matrix ``R``, ``den``, rank): ``R / den`` is the reduced row echelon
    form, so every pivot entry of ``R`` equals ``den``; ``den`` may be negative."""

    return _augmented(M, rhs).rref()


def _augmented(M, rhs: list[int]):
    """The python-flint matrix ``[M | rhs]`` (``M``: rows of integers, or columns from ``zip``)."""
    flat: list[int] = []
    for row, r in zip(M, rhs, strict=True):
        flat += row
        flat.append(r)
    return flint.fmpz_mat(len(rhs), len(flat) // len(rhs) if rhs else 1, flat)


def _unique_solution(R, den, rank, n) -> tuple[list[int], int] | None:
    """``(nums, D)`` with ``D > 0`` if the RREF ``R / den`` of ``[M | rhs]`` says ``M y = rhs`` has
    exactly one solution (pivots on the diagonal of the first ``n`` columns), else None."""
    # n pivots, increasing, in the n + 1 columns: on the diagonal iff the last row's is
    if rank != n or (n and R[n - 1, n - 1] == 0):
        return None
    sign = -1 if den < 0 else 1
    return [sign * int(R[k, n]) for k in range(n)], sign * int(den)


def _solve_square(M: list[list[int]], rhs: list[int]) -> tuple[list[int], int] | None:
    """Exact solve of the square integer system ``M x = rhs``.

    Returns ``(nums, D)`` with ``x = nums / D``, ``D > 0`` and ``gcd(nums, D) = 1``, or
    ``None`` if ``M`` is singular.  Up to ``_DENSE_MAX`` unknowns python-flint's fraction-free
    RREF (:func:`_flint_rref`: the right-hand column of ``[M | rhs]`` then holds ``den * x``);
    more go to python-flint's solver (:func:`_flint_solve`; a Fraction elimination took
    minutes on the 121-unknown bases of a 3000 x 60 best-margin LP).
    """
    n = len(M)
    if n == 0:
        return [], 1
    out = _flint_solve(M, rhs) if n > _DENSE_MAX else _unique_solution(*_flint_rref(M, rhs), n)
    if out is None:  # singular M (or inconsistent)
        return None
    nums, den = out
    g = math.gcd(den, *nums)
    return [v // g for v in nums], den // g


def _reduce_with_identity(M: list[list[int]], r: list[int]):
    """The fraction-free RREF of ``[M | r | I]`` (python-flint ``fmpz_mat.rref``), or None if
    ``M`` (square, integers, at most ``_DENSE_MAX`` rows) is singular.

    Returns ``(R, sign)``: ``R`` the flint matrix whose pivot entries equal its denominator
    ``den``; ``sign * den > 0``.  Column ``n`` holds ``den x`` (``M x = r``), columns
    ``n + 1 ...`` hold ``den M^-1``."""
    n = len(M)
    if n > _DENSE_MAX:
        return None
    w = 2 * n + 1
    flat = [0] * (n * w)
    for i, (row, ri) in enumerate(zip(M, r, strict=True)):
        base = i * w
        flat[base : base + n] = row
        flat[base + n] = ri
        flat[base + n + 1 + i] = 1
    R, den, rank = flint.fmpz_mat(n, w, flat).rref()
    if rank != n or any(R[k, k] == 0 for k in range(n)):
        return None
    return R, den, (-1 if den < 0 else 1)


def _basis_inverse(M: list[list[int]], r: list[int]):
    """``M x = r`` and ``M^-1`` over one denominator (``M`` square, integers), or None if singular.

    One fraction-free reduction (:func:`_reduce_with_identity`) of ``[M | r | I]``.
    Returns ``(x nums, inv, D)``: ``x = x nums / D`` and ``M^-1 = inv / D`` (``D > 0``)."""
    n = len(M)
    if n == 0:
        return [], [], 1
    out = _reduce_with_identity(M, r)
    if out is None:
        return None
    R, den, sign = out
    rows = R.tolist()
    x = [sign * int(row[n]) for row in rows]
    inv = [[sign * int(v) for v in row[n + 1 :]] for row in rows]
    return x, inv, sign * int(den)


def _solve_primal_dual(M: list[list[int]], r: list[int], c: list[int]):
    """Both systems of a basis: ``M x = r`` and ``M^T z = c`` (``M`` square, integers).

    Two fraction-free reductions, of ``[M | r]`` and ``[M^T | c]`` (python-flint
    :func:`_flint_rref`): 1.6-5x faster than one reduction of ``[M | r | I]`` followed by
    ``z = (M^-1)^T c`` (measured at 5 to 40 unknowns).  Above ``_DENSE_MAX`` unknowns two
    p-adic solves (:func:`_solve_both`).  Returns ``(x nums, D, z nums, Z)`` with
    ``x = x nums / D``, ``z = z nums / Z``, ``D, Z > 0``, or None if ``M`` is singular."""
    n = len(M)
    if n == 0:
        return [], 1, [], 1
    if n > _DENSE_MAX:
        return _solve_both(M, r, c)
    x = _unique_solution(*_flint_rref(M, r), n)
    if x is None:
        return None
    if not any(c):
        return x[0], x[1], [0] * n, 1
    R, den, rank = _augmented(zip(*M, strict=True), c).rref()
    z = _unique_solution(R, den, rank, n)
    if z is None:  # pragma: no cover - M^T is singular exactly when M is
        return None
    return x[0], x[1], z[0], z[1]


def _flint_solve(M, rhs: list[int]) -> tuple[list[int], int] | None:
    """``M x = rhs`` for a square nonsingular integer matrix (a python-flint ``fmpz_mat`` or
    lists), as ``(nums, D)`` with ``x = nums / D``, ``D > 0``; None if ``M`` is singular.

    python-flint's ``fmpz_mat.solve`` (exact, in C: fraction-free for dense systems, a
    multimodular method for large ones); the answer is read over its common denominator."""
    A = M if isinstance(M, flint.fmpz_mat) else flint.fmpz_mat(M)
    try:
        X = A.solve(flint.fmpz_mat(len(rhs), 1, rhs))
    except ZeroDivisionError:  # singular
        return None
    num, den = X.numer_denom()  # type: ignore[attr-defined]  # (an fmpq_mat; the stubs say flint_mat)
    sign = -1 if den < 0 else 1
    return [sign * int(v) for v in num.entries()], sign * int(den)


def _solve_both(M: list[list[int]], r: list[int], c: list[int]):
    """:func:`_solve_primal_dual` for large bases: ``M x = r`` and ``M^T z = c`` by two exact
    solves (:func:`_flint_solve`); None if ``M`` is singular."""
    A = flint.fmpz_mat(M)
    x = _flint_solve(A, r)
    if x is None:
        return None
    z = _flint_solve(A.transpose(), c) if any(c) else ([0] * len(M), 1)
    if z is None:  # pragma: no cover - M^T is singular exactly when M is
        return None
    return x[0], x[1], z[0], z[1]


def _rref_solve(M: list[list[int]], rhs: list[int], guess: list[Fraction]) -> list[Fraction] | None:
    """A solution of the integer system ``M y = rhs`` (any shape) or ``None`` if there is none.

    Exact RREF (:func:`_rref_solve_ints`); free variables take the values in ``guess``
    (rationalised); more than ``_DENSE_MAX`` unknowns go to :func:`_sparse_solve`.
    """
    n = len(guess)
    if n > _DENSE_MAX:
        return _sparse_solve([{j: v for j, v in enumerate(row) if v} for row in M], rhs, n, guess)
    out = _rref_solve_ints(M, rhs, n, lambda: guess)
    return None if out is None else [Fraction(v, out[1]) for v in out[0]]


def _rref_solve_ints(M: list[list[int]], rhs: list[int], n: int, guess) -> tuple[list[int], int] | None:
    """:func:`_rref_solve` as integers over one denominator: ``(nums, D)``, ``y = nums / D``, ``D > 0``.

    ``n`` unknowns; ``guess()`` returns the values for free variables (called only if there
    are any).  With the RREF ``R / den`` of ``[M | rhs]`` (pivot entries ``den``) and the free
    variables ``y_j = g_j / G``, every pivot variable is
    ``y_c = (G R_cn - sum_free R_cj g_j) / (den G)``: no rational arithmetic at all."""
    if not M:
        nums, D = common_denominator([_as_guess(g) for g in guess()])
        return nums, D
    if len(M) == n > _DENSE_MAX:  # large and square: flint's solver (p-adic lifting), not a full RREF
        out = _flint_solve(M, rhs)
        if out is not None:
            return out
    R, den, rank = _flint_rref(M, rhs)
    out = _unique_solution(R, den, rank, n)
    if out is not None:  # the common case (a square, nonsingular system): no free variables
        return out
    guess = guess()
    sign = -1 if den < 0 else 1
    den = sign * int(den)
    R = [[sign * int(v) for v in row] for row in R.tolist()[:rank]]
    pivots = [next(j for j, v in enumerate(row) if v) for row in R]
    if pivots and pivots[-1] == n:  # a pivot in the right-hand column: inconsistent
        return None
    piv_set = set(pivots)
    free = [j for j in range(n) if j not in piv_set]
    gnum, G = common_denominator([_as_guess(guess[j]) for j in free])
    y = [0] * n
    for j, g in zip(free, gnum, strict=True):
        y[j] = g * den
    for row, c in zip(R, pivots, strict=True):
        y[c] = row[n] * G - sum(row[j] * g for j, g in zip(free, gnum, strict=True) if g)
    return y, den * G


def _as_guess(g) -> Fraction:
    """A free variable's value: a Fraction as is, a float rationalised (denominator <= 10**6)."""
    return g if isinstance(g, Fraction) else Fraction(float(g)).limit_denominator(10**6)


def _nullspace(rows: list[list], n: int) -> list[list[Fraction]]:
    """A basis of ``{v : r . v = 0 for r in rows}`` (exact), read off the RREF ``R / den``.

    One vector per free column ``f``: ``v_f = 1`` and ``v_c = -R_{i f} / den`` at the pivot
    column ``c`` of row ``i`` (the RREF is unique, so the basis is canonical)."""
    ints = [common_denominator([Fraction(v) for v in r])[0] for r in rows if any(r)]
    if not ints:
        return [[Fraction(int(i == f)) for i in range(n)] for f in range(n)]
    R, den, rank = _flint_rref(ints, [0] * len(ints))
    R = [[int(v) for v in row] for row in R.tolist()[:rank]]
    den = int(den)
    piv = [next(j for j, v in enumerate(row) if v) for row in R]
    out = []
    for f in (j for j in range(n) if j not in set(piv)):
        v = [_ZERO] * n
        v[f] = Fraction(1)
        for row, c in zip(R, piv, strict=True):
            v[c] = Fraction(-row[f], den)
        out.append(v)
    return out


def rref(rows: list[list], ncols: int) -> tuple[list[list[Fraction]], list[int]]:
    """Reduced row echelon form of a rational matrix (zero rows dropped) and its pivot columns.

    Each row is scaled to integers (a positive factor per row leaves the RREF unchanged), the
    integer matrix is reduced by python-flint's fraction-free RREF (:func:`_flint_rref`), and
    ``R / den`` is returned as Fractions.  The RREF is unique, so this equals the textbook
    Gauss-Jordan elimination over the rationals.

    Parameters
    ----------
    rows : list of list of numbers.Rational
        The matrix, one list of ``ncols`` entries per row (may be empty).
    ncols : int
        Number of columns.

    Returns
    -------
    R : list of list of Fraction
        The nonzero rows of the RREF (every pivot entry 1, zero elsewhere in its column).
    pivots : list of int
        The pivot column of each row of ``R``, increasing.

    Examples
    --------
    >>> rref([[Fraction(2), Fraction(4)], [Fraction(1), Fraction(3)]], 2)
    ([[Fraction(1, 1), Fraction(0, 1)], [Fraction(0, 1), Fraction(1, 1)]], [0, 1])
    """
    ints = [common_denominator([Fraction(v) for v in r])[0] for r in rows if any(r)]
    if not ints or ncols == 0:
        return [], []
    R, den, rank = _flint_rref(ints, [0] * len(ints))
    den = int(den)
    out, pivots = [], []
    for row in R.tolist()[:rank]:
        vals = [int(v) for v in row[:ncols]]
        pivots.append(next(j for j, v in enumerate(vals) if v))
        out.append([Fraction(v, den) if v else _ZERO for v in vals])
    return out, pivots
