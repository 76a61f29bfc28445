"""Exact checks on the scaled integer rows of a :class:`~solvers.lp._system._System`.

Every answer of :mod:`solvers.lp` passes one of these before it is returned:
:func:`_point_ok` (a point ``nums / D`` satisfies every row), :func:`_cert_ok` (Farkas /
Motzkin multipliers), :func:`_optimal_ok` (primal point, dual multipliers, equal values).
Also the conversions between multipliers of the scaled rows and of the caller's rows.
"""

from __future__ import annotations

import math
from fractions import Fraction
from operator import mul

import numpy as np

from solvers._rational import common_denominator
from solvers.lp._results import FarkasCertificate
from solvers.lp._system import _System

_ZERO = Fraction(0)


def _dot(row, vec) -> int:
    """``sum_j row_j vec_j`` (exact for integers and Fractions); the lengths must agree."""
    if len(row) != len(vec):
        raise ValueError(f"_dot: lengths {len(row)} and {len(vec)} differ")
    return sum(map(mul, row, vec))


def _int_arrays(S: _System):
    """Cached numpy views of the integer rows: int64 when every entry is small, else object."""
    cache = S._arrays
    if cache is None:
        try:
            A = np.array(S.A, dtype=np.int64).reshape(S.m, S.d)
            big = int(np.abs(A).max()) if A.size else 0
            if big >= 2**62:
                raise OverflowError
        except OverflowError:
            A = np.array(S.A, dtype=object).reshape(S.m, S.d)
            big = max(abs(v) for row in S.A for v in row)
        bigb = max(map(abs, S.b), default=0)
        cache = (A, big, bigb)
        S._arrays = cache
    return cache


# unit roundoff of float64 (the float filter below; its underflow term is _System.abs_rows)
_U = 2.0**-53


def _float_filter(S: _System, nums: list[int], D: int) -> tuple[list[int], list[int]] | None:
    """Rigorous float filter for ``x = nums / D`` on a ``float_exact`` system: ``(undecided rows,
    rows proved violated)`` (an equation is violated when its residual is proved nonzero), or
    None if ``x`` does not fit in floats.

    ``x`` is rounded to floats once (Python's ``int / int`` is correctly rounded: relative
    error ``<= u``, and an OverflowError rather than an infinity) and handed to
    :func:`_float_residuals`; every row it does not prove satisfied or violated is undecided
    (left to exact arithmetic).
    """
    try:
        xf = np.array([v / D for v in nums], dtype=float)
    except OverflowError:
        return None
    r, e = _float_residuals(S, xf)
    ok = r > e  # proved b_i - A_i x > 0 (NaN compares false: undecided)
    u = S.m_ub
    bad = (np.flatnonzero(ok[u:]) + u).tolist() if S.m_eq else []  # equations proved off
    und = []
    for i in np.flatnonzero(~ok).tolist():
        if r[i] < -e[i]:  # proved b_i - A_i x < 0
            bad.append(i)
        else:
            und.append(i)
    return und, bad


def _float_residuals(S: _System, xf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(r, e)``: the residuals ``b - A xf`` computed in floats and a rigorous bound ``e`` on their error.

    The exact residual ``b_i - A_i x`` of any point ``x`` within relative distance ``u = 2**-53``
    of the float vector ``xf`` (for example ``xf`` itself, at its exact binary value) lies in
    ``[r_i - e_i, r_i + e_i]``: ``r_i > e_i`` proves it positive, ``r_i < -e_i`` negative.  The
    bound: ``b - A xf`` is a sum of ``d + 1`` terms per row (``b_i`` exact, ``d`` products),
    computed in some order, so its error is ``<= gamma_{d+1} (|b_i| + sum_j |a_ij xf_j|)`` (Higham,
    *Accuracy and Stability of Numerical Algorithms*, §3.1: any summation order, with or without
    fused multiply-adds), and replacing ``x`` by ``xf`` moves the residual by
    ``<= u sum_j |a_ij x_j|``; ``4 (d + 2) u`` times the float magnitude, plus
    ``2**-1000 (1 + sum_j |a_ij|)`` for underflow, exceeds both (the computation of ``e`` itself
    loses less than the factor 4 leaves).  Overflow gives ``inf`` or NaN: every comparison with
    NaN is false, with ``inf`` undecided, so such rows are left undecided.  Needs
    ``S.float_exact`` (the float rows are the caller's).
    """
    absA, tiny, _, absb = S.abs_rows()
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        r = S.b_float - S.A_float @ xf  # b - A x, summed in some order (the bound holds for any)
        e = (4 * (S.d + 2) * _U) * (absb + absA @ np.abs(xf)) + tiny
    return r, e


def _float_rows(S: _System, xf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Boolean masks ``(ok, bad)`` of the rows whose exact residual at ``xf`` is *proved* positive /
    negative (:func:`_float_residuals`); the other rows are left to exact arithmetic."""
    r, e = _float_residuals(S, xf)
    with np.errstate(invalid="ignore"):
        return r > e, r < -e


def _rows_ok(S: _System, idx: list[int], nums: list[int], D: int, strict: bool) -> bool:
    """Exact check of the rows ``idx`` for ``x = nums / D`` (integer arithmetic)."""
    Ai, bi, _ = S.rows(idx)
    for i, row, rhs in zip(idx, Ai, bi, strict=True):
        lhs, rhs = _dot(row, nums), rhs * D
        if i >= S.m_ub:
            if lhs != rhs:
                return False
        elif lhs > rhs or (strict and lhs == rhs):
            return False
    return True


def _unproved(rows: list[int], proved) -> list[int]:
    """``rows`` but those the caller has proved tight in exact arithmetic (``proved``: basis rows)."""
    if not proved:
        return rows
    done = set(proved)
    return [i for i in rows if i not in done]


def _point_ok(S: _System, nums: list[int], D: int, strict: bool = False, proved=()) -> bool:
    """Exact: ``A x <= b`` (``<`` if strict) on ub rows, ``=`` on eq rows, for ``x = nums / D``, ``D > 0``.

    On a ``float_exact`` system most rows are settled by :func:`_float_filter` (a proof, not
    a tolerance); only the rows it cannot settle — the tight ones, the equations — are
    checked in integer arithmetic.  Otherwise every row is checked in integer arithmetic.
    ``proved``: rows the caller has already proved to hold with equality in exact arithmetic
    (a basis's tight rows, :func:`_basis_optimal_ok`); not checked again (non-strict only).
    """
    if S.m == 0:
        return True
    if S.float_exact:
        out = _float_filter(S, nums, D)
        if out is not None:
            todo, bad = out
            if bad:  # a violated row, or an equation off by a proved amount
                return False
            return _rows_ok(S, todo if strict else _unproved(todo, proved), nums, D, strict)
    A, big, bigb = _int_arrays(S)
    bigx = max((abs(v) for v in nums), default=0)
    if A.dtype != object and bigx < 2**62 and big * bigx * max(S.d, 1) < 2**62 and bigb * D < 2**62:
        lhs = A @ np.array(nums, dtype=np.int64)
        rhs = np.array(S.b, dtype=np.int64) * D
    else:
        lhs = A.astype(object) @ np.array(nums, dtype=object)
        rhs = np.array(S.b, dtype=object) * D
    lhs = np.asarray(lhs).reshape(S.m)
    u = S.m_ub
    if u and ((lhs[:u] >= rhs[:u]).any() if strict else (lhs[:u] > rhs[:u]).any()):
        return False
    return bool((lhs[u:] == rhs[u:]).all())


def _violated_rows(S: _System, nums: list[int], D: int, proved=()) -> list[int]:
    """The rows that ``x = nums / D`` (``D > 0``) violates, exactly (ub: ``A_i x > b_i``; eq: ``!=``).

    Like :func:`_point_ok` (rigorous float filter on a ``float_exact`` system, integers for
    the rows it cannot settle; ``proved``: rows the caller has proved tight in exact arithmetic,
    a basis's, not checked again), but it names the violated rows instead of stopping at the
    first: :func:`solvers.lp._repair._exchange_repair` exchanges them into the basis."""
    u = S.m_ub
    if S.float_exact:
        out = _float_filter(S, nums, D)
        if out is not None:
            todo, bad = out
            todo = _unproved(todo, proved)
            Ai, bi, _ = S.rows(todo)
            for i, row, rhs in zip(todo, Ai, bi, strict=True):
                lhs = _dot(row, nums)
                if (lhs != rhs * D) if i >= u else (lhs > rhs * D):
                    bad.append(i)
            return sorted(bad)
    Ai, bi, _ = S.rows(range(S.m))
    return [
        i
        for i, (row, rhs) in enumerate(zip(Ai, bi, strict=True))
        if ((_dot(row, nums) != rhs * D) if i >= u else (_dot(row, nums) > rhs * D))
    ]


def _cert_ok(S: _System, y: list[int], strict: bool = False) -> bool:
    """Exact Farkas check for integer multipliers ``y`` of the *scaled* rows (support rows only)."""
    if any(v < 0 for v in y[: S.m_ub]):
        return False
    supp = [i for i, v in enumerate(y) if v]
    Ai, bi, _ = S.rows(supp)
    ys = [y[i] for i in supp]
    for j in range(S.d):
        if sum(yv * row[j] for yv, row in zip(ys, Ai, strict=True)) != 0:
            return False
    yb = sum(yv * bv for yv, bv in zip(ys, bi, strict=True))
    if yb < 0:
        return True
    return strict and yb == 0 and any(y[i] > 0 for i in supp if i < S.m_ub)


def _optimal_ok(S: _System, c: list[Fraction], xn, D, y_scaled: list[Fraction]) -> bool:
    """Exact primal feasibility, dual feasibility and equal objective values."""
    if not _point_ok(S, xn, D):
        return False
    supp = [i for i, v in enumerate(y_scaled) if v]
    if any(y_scaled[i] < 0 for i in supp if i < S.m_ub):
        return False
    Ai, bi, _ = S.rows(supp)
    Lc = math.lcm(*(v.denominator for v in c)) if c else 1
    cint = [int(v * Lc) for v in c]
    ynum, yden = common_denominator([y_scaled[i] for i in supp])
    # sum_i y_i A_ij == c_j   <=>   Lc * sum_i ynum_i A_ij == cint_j * yden
    for j in range(S.d):
        if Lc * sum(yv * row[j] for yv, row in zip(ynum, Ai, strict=True)) != cint[j] * yden:
            return False
    # c^T x == b^T y   <=>   (cint . xn) * yden == (ynum . b) * Lc * D
    return _dot(cint, xn) * yden == sum(yv * bv for yv, bv in zip(ynum, bi, strict=True)) * Lc * D


def _basis_optimal_ok(
    S: _System, cint: list[int], Lc: int, xn: list[int], D: int, tight: list[int], znum: list[int], zden: int
) -> bool:
    """:func:`_optimal_ok` for a basis answer, in integers only (no :class:`~fractions.Fraction`).

    The objective is ``c = cint / Lc``; the point ``x = xn / D`` (``D > 0``); the dual
    multipliers of the *scaled* rows are ``y_i = znum_k / (zden Lc)`` on the rows
    ``tight[k]`` and 0 elsewhere (``zden > 0``).  Checked exactly: ``y_i >= 0`` on inequality
    rows, the tight rows hold with equality (``A_i xn = b_i D``), ``sum_k znum_k A_{tight[k]} =
    cint zden`` and ``cint . xn zden = (znum . b_tight) D`` (equal objective values; with weak
    duality that proves ``x`` optimal and ``y`` dual optimal), and every other row by
    :func:`_point_ok` (the rigorous float filter, integers for the rows it cannot settle).
    Python integers throughout: converting a few hundred-bit integers to python-flint costs
    more than these ``O(d^2)`` products.
    """
    if zden <= 0 or D <= 0:
        return False
    u = S.m_ub
    if any(z < 0 for i, z in zip(tight, znum, strict=True) if i < u):
        return False
    At, bt, _ = S.rows(tight)
    if any(_dot(row, xn) != rhs * D for row, rhs in zip(At, bt, strict=True)):
        return False
    # sum_k znum_k [A_k | b_k], column by column
    combo = [_dot(znum, col) for col in (*zip(*At, strict=True), bt)] if At else [0] * (S.d + 1)
    if combo[:-1] != [cj * zden for cj in cint]:
        return False
    if _dot(cint, xn) * zden != combo[-1] * D:
        return False
    return _point_ok(S, xn, D, proved=tight)


def _support_scales(S: _System, vals) -> tuple[list[int], list[Fraction]]:
    """The nonzero positions of ``vals`` and the scale factors of those rows."""
    supp = [i for i, v in enumerate(vals) if v]
    return supp, S.rows(supp)[2]


def _scaled_to_caller(S: _System, y_scaled: list[Fraction]) -> FarkasCertificate:
    y = [_ZERO] * S.m
    supp, scales = _support_scales(S, y_scaled)
    for i, s in zip(supp, scales, strict=True):
        y[i] = y_scaled[i] * s
    return FarkasCertificate(tuple(y[: S.m_ub]), tuple(y[S.m_ub :]))


def _caller_to_scaled_ints(S: _System, cert: FarkasCertificate) -> list[int]:
    yc = list(cert.y_ub) + list(cert.y_eq)
    y = [_ZERO] * S.m
    supp, scales = _support_scales(S, yc)
    for i, s in zip(supp, scales, strict=True):
        y[i] = Fraction(yc[i]) / s
    nums, _ = common_denominator(y)
    return nums


def _to_point(nums: list[int], D: int) -> tuple:
    return tuple(Fraction(v, D) for v in nums)


def _certificate_from_ints(S: _System, y: list[int]) -> FarkasCertificate:
    """Integer multipliers of the scaled rows -> coprime integer multipliers of the caller's rows."""
    supp, scales = _support_scales(S, y)
    # caller units: y_caller_i = y_scaled_i * scale_i, over the common denominator L (integers only)
    L = math.lcm(*(s.denominator for s in scales)) if scales else 1
    ints = [y[i] * s.numerator * (L // s.denominator) for i, s in zip(supp, scales, strict=True)]
    g = math.gcd(*ints) if ints else 1
    full = [_ZERO] * S.m
    for i, v in zip(supp, ints, strict=True):
        full[i] = Fraction(v // g)
    return FarkasCertificate(tuple(full[: S.m_ub]), tuple(full[S.m_ub :]))


def _normalise_certificate(cert: FarkasCertificate) -> FarkasCertificate:
    """Scale multipliers to coprime integers (positive scaling keeps them a certificate)."""
    vals = list(cert.y_ub) + list(cert.y_eq)
    nz = [v for v in vals if v]
    if not nz:
        return cert
    L = math.lcm(*(v.denominator for v in nz))
    g = math.gcd(*(v.numerator * (L // v.denominator) for v in nz))
    f = Fraction(L, g)
    out = [v * f if v else _ZERO for v in vals]
    return FarkasCertificate(tuple(out[: len(cert.y_ub)]), tuple(out[len(cert.y_ub) :]))
