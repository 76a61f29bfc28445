"""Tier 3 — exact active-set repair (``method="exact-active-set"``).

A vertex-form simplex in rational arithmetic on ``max t : A_ub x + t <= b_ub, t <= 0``
(equations eliminated through :class:`solvers.affine.AffineSubspace`), started at the
float solution, so that near-degenerate systems whose feasible region is below HiGHS's
tolerances (widths ~1e-9) are settled in a few exact steps.  Used up to
``_ACTIVE_SET_MAX_DIM`` free coordinates, with an iteration cap (smallest-index rule; on
the cap the exact simplex of :mod:`solvers.lp._simplex` answers).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from solvers._rational import common_denominator, int_row
from solvers.affine import AffineSubspace
from solvers.lp._checks import _cert_ok, _certificate_from_ints, _point_ok
from solvers.lp._linalg import _nullspace, _rref_solve
from solvers.lp._results import FeasibilityResult
from solvers.lp._system import _System

_ZERO = Fraction(0)

_ACTIVE_SET_MAX_DIM = 40


def _phase1_active_set(G: list[list[int]], h: list[int], u0: list[Fraction], max_iter: int):
    """Exact active-set (vertex-form) simplex for ``max t : G u + t <= h, t <= 0``.

    Starts from the feasible point ``(u0, min(0, min(h - G u0)))`` — typically the
    float solution, so few steps are needed — and walks with exact rational steps:
    first to a vertex (moving along null-space directions of the working set, lines
    of the region being pinned), then simplex pivots with Bland's smallest-index rule.
    Returns ``("feasible", u)``, ``("infeasible", lam)`` with ``lam >= 0``,
    ``lam^T G = 0``, ``lam^T h < 0``, or ``None`` (iteration cap; the caller falls back).
    """
    m, k = len(G), len(u0)
    n = k + 1
    rows = [list(g) + [1] for g in G] + [[0] * k + [1]]
    rhs = list(h) + [0]
    c = [0] * k + [1]

    def dot(a, z):
        return sum(x * y for x, y in zip(a, z, strict=True) if x and y)

    un, uD = common_denominator(list(u0))
    slack0 = Fraction(
        min((h[i] * uD - sum(a * x for a, x in zip(G[i], un, strict=True) if a and x) for i in range(m)), default=0), uD
    )
    z = list(u0) + [min(_ZERO, slack0)]
    if z[k] >= 0:
        return "feasible", z[:k]
    W: list = []  # row ids, or ("pin", vector) for lines of the region
    pins_int: dict[int, list[int]] = {}

    def wrow(w):
        return rows[w] if not isinstance(w, tuple) else pins_int[w[1]]

    import flint

    Rm = flint.fmpz_mat(m + 1, n, [v for row in rows for v in row])  # all rows at once, in C

    def products(vec_num):
        return [int(v) for v in (Rm * flint.fmpz_mat(n, 1, vec_num)).entries()]

    def ratio(dvec, exclude):
        """Smallest step along dvec to a constraint not in ``exclude`` (ties: smallest index).

        Integer arithmetic: z = zn / zD and dvec = dn / dD with common denominators; the
        products of every row with ``zn`` and ``dn`` in one python-flint matrix product."""
        zn, zD = common_denominator(z)
        dn, dD = common_denominator(dvec)
        AD, AZ = products(dn), products(zn)
        best, bnum, bden = None, 0, 1
        for j in range(m + 1):
            ad = AD[j]
            if ad > 0 and j not in exclude:
                num = rhs[j] * zD - AZ[j]
                if best is None or num * bden < bnum * ad:
                    best, bnum, bden = j, num, ad
        if best is None:
            return None, None
        return best, Fraction(bnum * dD, zD * bden)

    for _ in range(max_iter):
        active = {w for w in W if not isinstance(w, tuple)}
        if len(W) < n:
            N = _nullspace([wrow(w) for w in W], n)
            v = next((x for x in N if dot(c, x) != 0), N[0])
            if dot(c, v) < 0:
                v = [-x for x in v]
            j, step = ratio(v, active)
            if j is None:
                v = [-x for x in v]
                j, step = ratio(v, active)
                if j is None:  # a line of the region: pin it
                    L = math.lcm(*(x.denominator for x in v))
                    key = len(pins_int)
                    pins_int[key] = [int(x * L) for x in v]
                    W.append(("pin", key))
                    continue
            z = [a + step * b for a, b in zip(z, v, strict=True)]
            W.append(j)
        else:
            M = [wrow(w) for w in W]
            lam = _rref_solve([[M[i][j] for i in range(n)] for j in range(n)], c, [_ZERO] * n)
            if lam is None:
                return None
            neg = [(W[i], i) for i in range(n) if not isinstance(W[i], tuple) and lam[i] < 0]
            if not neg:
                break
            _, pos = min(neg)
            e = [0] * n
            e[pos] = -1
            dvec = _rref_solve(M, e, [_ZERO] * n)
            if dvec is None:
                return None
            j, step = ratio(dvec, active)
            if j is None:
                return None
            z = [a + step * b for a, b in zip(z, dvec, strict=True)]
            W[pos] = j
        if z[k] >= 0:
            return "feasible", z[:k]
    else:
        return None
    if z[k] >= 0:
        return "feasible", z[:k]
    lam_rows = [_ZERO] * m
    for w, l in zip(W, lam, strict=True):
        if not isinstance(w, tuple) and w < m:
            lam_rows[w] = l
    return "infeasible", lam_rows


def _feasible_active_set(S: _System, x_float) -> FeasibilityResult | None:
    """Exact repair seeded by the float solution (see :func:`_phase1_active_set`).

    Equations are eliminated first (the LP runs in the coordinates of the affine
    subspace ``A_eq x = b_eq``); the certificate's ``y_eq`` is then recovered exactly.
    """

    if S.d - S.m_eq + 1 > _ACTIVE_SET_MAX_DIM:  # dim >= d - m_eq: too big, skip before building it
        return None
    if S.m_eq:
        try:
            V = AffineSubspace.from_equations(S.A[S.m_ub :], S.b[S.m_ub :])
        except ValueError:
            return None
    else:
        V = AffineSubspace.full(S.d)
    if V.dim + 1 > _ACTIVE_SET_MAX_DIM:
        return None
    if S.m_eq:
        G, h = V.restrict(np.array(S.A[: S.m_ub], dtype=object).reshape(S.m_ub, S.d), S.b[: S.m_ub])
        Gi, hi, sc = [], [], []
        for row, rh in zip(G, h, strict=True):
            a, bb, s = int_row(list(row), rh)
            Gi.append(a)
            hi.append(bb)
            sc.append(s)
    else:  # the full space: coordinates are x itself
        Gi, hi, sc = S.A[: S.m_ub], S.b[: S.m_ub], [Fraction(1)] * S.m_ub
    xf = list(x_float) if x_float is not None and len(x_float) == S.d else [0.0] * S.d
    if not all(isinstance(v, Fraction) or math.isfinite(v) for v in xf):
        xf = [0.0] * S.d
    u0 = [
        (xf[p] if isinstance(xf[p], Fraction) else Fraction(xf[p]).limit_denominator(10**9)) - V.point[p]
        for p in V.pivots
    ]  # an exact start (a basis vertex) as it is
    out = _phase1_active_set(Gi, hi, u0, max_iter=20 * (S.m + S.d + 2))
    if out is None:
        return None
    if out[0] == "feasible":
        x = V.to_ambient(out[1])
        nums, D = common_denominator(list(x))
        if _point_ok(S, nums, D):
            return FeasibilityResult(True, tuple(x), None, None, "exact-active-set")
        return None
    lam = [l * s for l, s in zip(out[1], sc, strict=True)]  # multipliers of S's ub rows
    y = lam + [_ZERO] * S.m_eq
    if S.m_eq:  # A_eq^T y_eq = -A_ub^T y_ub
        supp = [i for i in range(S.m_ub) if lam[i]]
        target = [-sum(lam[i] * S.A[i][j] for i in supp) for j in range(S.d)]
        L = math.lcm(*(t.denominator for t in target)) if target else 1
        M = [[S.A[S.m_ub + e][j] for e in range(S.m_eq)] for j in range(S.d)]
        ye = _rref_solve(M, [int(t * L) for t in target], [_ZERO] * S.m_eq)
        if ye is None:
            return None
        y = lam + [v / L for v in ye]
    nums, _ = common_denominator(y)
    if _cert_ok(S, nums):
        return FeasibilityResult(False, None, _certificate_from_ints(S, nums), None, "exact-active-set")
    return None
