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

import flint
import numpy as np

from solvers import affine  # the module, not its class: solvers.affine itself imports solvers.lp._linalg
from solvers._rational import common_denominator, int_row
from solvers.lp._checks import _cert_ok, _certificate_from_ints, _point_ok
from solvers.lp._linalg import _nullspace, _rref_solve
from solvers.lp._results import FeasibilityResult
from solvers.lp._system import _System

_ZERO = Fraction(0)

_ACTIVE_SET_MAX_DIM = 40


def _dot(a, z):
    return sum(x * y for x, y in zip(a, z, strict=True) if x and y)


class _ActiveSetWalk:
    """The state of the active-set walk on ``max t : G u + t <= h, t <= 0`` (see
    :func:`_phase1_active_set`): the point ``z = (u, t)``, the working set ``W`` (row ids, or
    ``("pin", key)`` for lines of the region) and every row as one python-flint matrix."""

    def __init__(self, G: list[list[int]], h: list[int], z: list[Fraction]):
        self.m, self.n = len(G), len(z)
        self.rows = [[*g, 1] for g in G] + [[0] * (self.n - 1) + [1]]
        self.rhs = [*h, 0]
        self.c = [0] * (self.n - 1) + [1]
        self.z = z
        self.W: list = []
        self.pins: dict[int, list[int]] = {}
        self.Rm = flint.fmpz_mat(self.m + 1, self.n, [v for row in self.rows for v in row])  # all rows, in C

    def wrow(self, w) -> list[int]:
        return self.rows[w] if not isinstance(w, tuple) else self.pins[w[1]]

    def active(self) -> set[int]:
        return {w for w in self.W if not isinstance(w, tuple)}

    def _products(self, vec_num: list[int]) -> list[int]:
        return [int(v) for v in (self.Rm * flint.fmpz_mat(self.n, 1, vec_num)).entries()]

    def ratio(self, dvec: list[Fraction], exclude: set[int]) -> tuple[int, Fraction] | None:
        """Smallest step along ``dvec`` to a constraint not in ``exclude`` (ties: smallest index).

        Integer arithmetic: ``z = zn / zD`` and ``dvec = dn / dD`` with common denominators; the
        products of every row with ``zn`` and ``dn`` in one python-flint matrix product."""
        zn, zD = common_denominator(self.z)
        dn, dD = common_denominator(dvec)
        AD, AZ = self._products(dn), self._products(zn)
        best, bnum, bden = None, 0, 1
        for j in range(self.m + 1):
            ad = AD[j]
            if ad > 0 and j not in exclude:
                num = self.rhs[j] * zD - AZ[j]
                if best is None or num * bden < bnum * ad:
                    best, bnum, bden = j, num, ad
        if best is None:
            return None
        return best, Fraction(bnum * dD, zD * bden)

    def toward_vertex(self) -> None:
        """Fewer than ``n`` constraints in the working set: move along a null-space direction
        of the working set (increasing ``t`` where possible) to the next constraint, or pin the
        direction when it is a line of the region."""
        N = _nullspace([self.wrow(w) for w in self.W], self.n)
        v = next((x for x in N if _dot(self.c, x) != 0), N[0])
        if _dot(self.c, v) < 0:
            v = [-x for x in v]
        active = self.active()
        hit = self.ratio(v, active)
        if hit is None:
            v = [-x for x in v]
            hit = self.ratio(v, active)
            if hit is None:  # a line of the region: pin it
                L = math.lcm(*(x.denominator for x in v))
                key = len(self.pins)
                self.pins[key] = [int(x * L) for x in v]
                self.W.append(("pin", key))
                return
        j, step = hit
        self.z = [a + step * b for a, b in zip(self.z, v, strict=True)]
        self.W.append(j)

    def pivot(self) -> tuple[str, list[Fraction] | None]:
        """At a vertex: the multipliers ``lam`` of the working set; if one row's is negative
        (the smallest index: Bland), leave that row along the edge to the next constraint.
        Returns ``("optimal", lam)``, ``("moved", None)`` after a pivot, or ``("stuck", None)``
        on a singular step."""
        M = [self.wrow(w) for w in self.W]
        n = self.n
        lam = _rref_solve([[M[i][j] for i in range(n)] for j in range(n)], self.c, [_ZERO] * n)
        if lam is None:
            return "stuck", None
        neg = [(self.W[i], i) for i in range(n) if not isinstance(self.W[i], tuple) and lam[i] < 0]
        if not neg:
            return "optimal", lam
        _, pos = min(neg)
        e = [0] * n
        e[pos] = -1
        dvec = _rref_solve(M, e, [_ZERO] * n)
        if dvec is None:
            return "stuck", None
        hit = self.ratio(dvec, self.active())
        if hit is None:
            return "stuck", None
        j, step = hit
        self.z = [a + step * b for a, b in zip(self.z, dvec, strict=True)]
        self.W[pos] = j
        return "moved", None


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
    un, uD = common_denominator(list(u0))
    slack0 = Fraction(min((h[i] * uD - _dot(G[i], un) for i in range(m)), default=0), uD)
    walk = _ActiveSetWalk(G, h, [*u0, min(_ZERO, slack0)])
    lam = None
    for _ in range(max_iter):
        if walk.z[k] >= 0:
            return "feasible", walk.z[:k]
        if len(walk.W) < walk.n:
            walk.toward_vertex()
            continue
        kind, lam = walk.pivot()
        if kind == "stuck":
            return None
        if kind == "optimal":
            break
    if walk.z[k] >= 0:
        return "feasible", walk.z[:k]
    if lam is None:  # the iteration cap
        return None
    lam_rows = [_ZERO] * m
    for w, v in zip(walk.W, lam, strict=True):
        if not isinstance(w, tuple) and w < m:
            lam_rows[w] = v
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
            V = affine.AffineSubspace.from_equations(S.A[S.m_ub :], S.b[S.m_ub :])
        except ValueError:
            return None
    else:
        V = affine.AffineSubspace.full(S.d)
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
