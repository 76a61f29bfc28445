"""Tier 4 — the exact fallback: a fraction-free revised simplex on the dual, ``d`` (+1) rows.

The LP ``max c^T x`` over ``{A_ub x <= b_ub, A_eq x = b_eq}`` (``x`` free, ``d`` columns,
``m`` rows) is solved through its dual in standard form,

    ``min b^T y  s.t.  sum_j y_j a_j = c,  y >= 0``,

whose columns ``a_j`` are the inequality rows and both signs of the equation rows: a
problem with only ``d`` constraint rows (``d + 1`` for feasibility, below) however many
rows the system has.  The revised simplex keeps the exact basis inverse as the integer
matrix ``adj = D B^{-1}`` with ``D = |det B|``, updated fraction-free (the Bareiss step
restricted to the inverse: every division is exact), so one pivot costs ``O(d^2)``
integer operations plus one pricing pass ``O(m d)`` over the columns — instead of the
``O(m (2d + m))`` of a full tableau.  The simplex multipliers of the final basis *are*
the primal point ``x``; the basic dual values are the certificate multipliers.

* **Feasibility** solves the dual of the max-slack LP ``max {t : A_ub x + t <= b_ub,
  A_eq x = b_eq, t <= 1}``: ``d + 1`` rows, right-hand side ``(0, ..., 0, 1)``, feasible at
  the start (the cap column alone, no phase 1).  Its optimum ``t*`` gives a point (``t* >= 0``)
  or Farkas multipliers (``t* < 0``: ``A^T y = 0``, ``y >= 0``, ``b^T y = t* - y_cap < 0``);
  it is unbounded only when the equations alone are inconsistent, and the unbounded
  direction is then their Farkas certificate.
* **Optimisation**: phase 1 (artificials) finds a dual-feasible basis, or a ray
  ``A_ub r <= 0, A_eq r = 0, c^T r > 0`` (then the LP is unbounded or infeasible, settled by
  the feasibility solve); phase 2 ends at an optimum (point = multipliers, duals = the
  basic values) or on an unbounded dual direction, a Farkas certificate.

Pivot rule: Dantzig's (most negative reduced cost) after a pivot that improved the
objective, Bland's smallest index after a degenerate one (ties in the ratio test: the
smallest basic index).  A cycle would consist of degenerate pivots only, all chosen by
Bland's rule from its second visit of a basis on, which Bland's theorem excludes: the
method always terminates.  Artificial variables left basic at zero after phase 1 are
driven out where a column can replace them; the others sit on rows that no column
touches and stay inert.  Every answer is checked exactly before it is returned.

References: J. Edmonds (1967), E. H. Bareiss (1968) for fraction-free elimination;
G. B. Dantzig (1963) for the revised simplex; R. G. Bland (1977) for the anti-cycling rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

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


@dataclass
class _Tableau:
    """The standard-form problem ``min cost^T y, cols y = rhs, y >= 0`` and its basis.

    ``cols[j]`` are integer columns of length ``k`` (the structural columns first, then one
    artificial unit column per row); ``basis[r]`` is the column basic in row ``r``;
    ``adj = D B^{-1}`` and ``beta = D B^{-1} rhs`` are integers, ``D > 0``.
    """

    cols: list[tuple[int, ...]]
    cost: list[int]
    n_struct: int
    basis: list[int]
    adj: list[list[int]]
    beta: list[int]
    sign: list[int]
    D: int = 1
    banned: set[int] = field(default_factory=set)
    floats: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None  # columns, |columns|, sizes in floats
    float_ok: bool = True  # False: a column does not fit in a float (price in integers)
    cost_floats: tuple[list[int], np.ndarray] | None = None  # the cost vector priced, and its floats

    def column(self, j: int) -> list[int]:
        """``D B^{-1} a_j`` for column ``j``."""
        a = self.cols[j]
        return [sum(p * q for p, q in zip(row, a, strict=True)) for row in self.adj]

    def multipliers(self, cost: list[int]) -> list[int]:
        """``D cost_B^T B^{-1}`` (the simplex multipliers, scaled by ``D``)."""
        k = len(self.basis)
        pi = [0] * k
        for r, j in enumerate(self.basis):
            cb = cost[j]
            if cb:
                row = self.adj[r]
                for i in range(k):
                    pi[i] += cb * row[i]
        return pi

    def pivot(self, r: int, alpha: list[int], j: int) -> None:
        """Exchange the basic column of row ``r`` for column ``j`` (``alpha`` = its ``D B^{-1} a_j``)."""
        p, D = alpha[r], self.D
        prow, pb = self.adj[r], self.beta[r]
        for i, a in enumerate(alpha):
            if i != r:
                self.adj[i] = [(p * u - a * v) // D for u, v in zip(self.adj[i], prow, strict=True)]
                self.beta[i] = (p * self.beta[i] - a * pb) // D
        if p < 0:
            self.adj = [[-u for u in row] for row in self.adj]
            self.beta = [-u for u in self.beta]
            p = -p
        self.D = p
        self.basis[r] = j


def _new_tableau(cols: list[tuple[int, ...]], cost: list[int], rhs: list[int], start: dict[int, int]) -> _Tableau:
    """A tableau over ``cols`` plus one artificial column per row (row signs flipped so that
    ``rhs >= 0``); row ``r`` starts with column ``start[r]`` (a structural unit column with
    a positive entry in row ``r``) or with its artificial."""
    k = len(rhs)
    sign = [-1 if v < 0 else 1 for v in rhs]
    flipped = [tuple(s * v for s, v in zip(sign, col, strict=True)) for col in cols]
    n = len(cols)
    arts = [tuple(int(i == r) for i in range(k)) for r in range(k)]
    basis = [start.get(r, n + r) for r in range(k)]
    adj = [[int(i == r) for i in range(k)] for r in range(k)]
    return _Tableau(flipped + arts, list(cost) + [0] * k, n, basis, adj, [abs(v) for v in rhs], sign)


def _entering(T: _Tableau, cost: list[int], bland: bool) -> tuple[int, list[int]] | None:
    """The entering column (negative reduced cost) and the multipliers, or None at an optimum.

    The exact rule of :func:`_entering_exact` (Bland: the first column of negative reduced
    cost; Dantzig: the first column of least reduced cost per unit of its size), its reduced
    costs priced in floats with a rigorous error bound (:func:`_float_pricing`): a column whose
    float value is beyond the bound has that sign; only the columns the bound leaves open — a
    reduced cost near 0, a Dantzig score near the least — are priced in integers.  The same
    column as the exact pricing of every column, at a fraction of its cost (it was half of the
    fallback's time on 50 x 5 systems)."""
    pi = T.multipliers(cost)
    priced = _float_pricing(T, cost, pi)
    if priced is None:  # numbers beyond the float range: every column in integers
        return _entering_exact(T, cost, bland, pi)
    rcf, err, normf = priced
    D = T.D
    skip = np.zeros(len(T.cols), bool)
    skip[list(T.banned.union(T.basis))] = True
    with np.errstate(invalid="ignore"):
        open_ = ~skip & ~(rcf > err)  # may be negative
        neg = ~skip & (rcf < -err)  # proved negative

    def rc(j):
        return D * cost[j] - sum(p * q for p, q in zip(pi, T.cols[j], strict=True))

    if bland:
        for j in np.flatnonzero(open_).tolist():
            if neg[j] or rc(j) < 0:
                return j, pi
        return None
    # Dantzig: the least rc / norm over the negative columns.  A score lies in [lo, hi] (the
    # bound on rc, the size's and the division's rounding); the least one is at most U, the least
    # hi of a proved-negative column, so only the columns with lo <= U can reach it (all open ones
    # if none is proved negative); they are compared exactly, in index order (ties: the first),
    # as the exact rule does
    with np.errstate(all="ignore"):
        delta = (err + 4 * _U * np.abs(rcf)) / normf
        lo, hi = rcf / normf - delta, rcf / normf + delta
        reach = open_ & ~(lo > hi[neg].min()) if neg.any() else open_  # (nan: always reachable)
    best, best_rc, best_norm = None, 0, 1
    for j in np.flatnonzero(reach).tolist():
        r = rc(j)
        if r < 0:
            norm = max(map(abs, T.cols[j]))
            if best is None or r * best_norm < best_rc * norm:
                best, best_rc, best_norm = j, r, norm
    return None if best is None else (best, pi)


#: unit roundoff of float64 (the pricing filter of :func:`_float_pricing`)
_U = 2.0**-53


def _float_pricing(T: _Tableau, cost: list[int], pi: list[int]):
    """Every column's reduced cost ``D cost_j - pi . col_j`` in floats, with a bound on its error,
    and the columns' sizes ``max |col_j|`` in floats; None if a number does not fit in a float.

    The columns, costs and sizes are converted once per tableau (cached on it); ``D`` and ``pi``
    per call.  Each conversion is correctly rounded (relative error ≤ u = 2⁻⁵³), the products
    and the sum of k + 1 terms add γ_{k+1} (Higham, *Accuracy and Stability of Numerical
    Algorithms* §3.1), so ``4 (k + 3) u (|D cost_j| + Σ_i |pi_i| |col_ij|)`` bounds the error
    (the entries are integers: no underflow); an overflow gives inf or nan, never a sign."""
    if not T.float_ok:
        return None
    if T.floats is None:
        try:
            C = np.array([[float(v) for v in col] for col in T.cols]).reshape(len(T.cols), len(T.basis))
        except OverflowError:
            T.float_ok = False
            return None
        T.floats = (C, np.abs(C), np.abs(C).max(axis=1))
    C, Ca, normf = T.floats
    if T.cost_floats is None or T.cost_floats[0] is not cost:  # (phase 1 and phase 2 price other costs)
        try:
            T.cost_floats = (cost, np.array([float(v) for v in cost]))
        except OverflowError:
            return None
    cf = T.cost_floats[1]
    try:
        pf = np.array([float(v) for v in pi])
        Df = float(T.D)
    except OverflowError:
        return None
    with np.errstate(all="ignore"):
        rcf = Df * cf - C @ pf
        err = (4 * (len(pi) + 3) * _U) * (np.abs(Df * cf) + Ca @ np.abs(pf))
    return rcf, err, normf


def _entering_exact(T: _Tableau, cost: list[int], bland: bool, pi: list[int]) -> tuple[int, list[int]] | None:
    """:func:`_entering` with every reduced cost in Python integers (the reference rule)."""
    D = T.D
    skip = T.banned.union(T.basis)
    best, best_rc, best_norm = None, 0, 1
    for j, col in enumerate(T.cols):
        if j in skip:
            continue
        rc = D * cost[j] - sum(p * q for p, q in zip(pi, col, strict=True))
        if rc < 0:
            if bland:
                return j, pi
            # Dantzig's rule on the reduced cost per unit of the column's size (scale-free)
            norm = max(map(abs, col))
            if best is None or rc * best_norm < best_rc * norm:
                best, best_rc, best_norm = j, rc, norm
    return None if best is None else (best, pi)


def _leaving(T: _Tableau, alpha: list[int]) -> int | None:
    """Ratio test: the row reaching zero first (ties: smallest basic index), None if none."""
    best = None
    for i, a in enumerate(alpha):
        if a > 0:
            if best is None:
                best = i
                continue
            lhs, rhs = T.beta[i] * alpha[best], T.beta[best] * a
            if lhs < rhs or (lhs == rhs and T.basis[i] < T.basis[best]):
                best = i
    return best


def _run(T: _Tableau, cost: list[int]) -> tuple[str, int | None, list[int]]:
    """Simplex iterations on ``cost``: ``("optimal", None, pi)`` or ``("unbounded", j, alpha)``."""
    bland = False
    while True:
        found = _entering(T, cost, bland)
        if found is None:
            return "optimal", None, T.multipliers(cost)
        j, _ = found
        alpha = T.column(j)
        r = _leaving(T, alpha)
        if r is None:
            return "unbounded", j, alpha
        bland = T.beta[r] == 0  # a degenerate pivot: Bland's rule until the objective moves
        T.pivot(r, alpha, j)


def _drive_out_artificials(T: _Tableau) -> None:
    """Replace artificials basic at zero by structural columns where one has a nonzero entry
    in their row (degenerate pivots); artificials are never allowed back in."""
    T.banned.update(range(T.n_struct, len(T.cols)))
    for r in range(len(T.basis)):
        if T.basis[r] < T.n_struct:
            continue
        inbasis = set(T.basis)
        row = T.adj[r]
        for j in range(T.n_struct):
            if j not in inbasis and sum(p * q for p, q in zip(row, T.cols[j], strict=True)) != 0:
                T.pivot(r, T.column(j), j)
                break


def _phase1(T: _Tableau) -> list[int] | None:
    """Minimise the sum of the artificials; None when it reaches 0 (artificials then driven
    out), else the phase-1 multipliers ``pi`` (scaled, in the flipped rows): ``pi^T a_j <= 0``
    for every structural column and ``pi^T rhs > 0``."""
    k = len(T.basis)
    cost1 = [0] * T.n_struct + [1] * k
    if any(T.beta[r] for r in range(k) if T.basis[r] >= T.n_struct):
        _run(T, cost1)
        if any(T.beta[r] for r in range(k) if T.basis[r] >= T.n_struct):
            return T.multipliers(cost1)
    _drive_out_artificials(T)
    return None


def _dual_columns(S: _System) -> tuple[list[tuple[int, ...]], list[int], list[tuple[int, int]]]:
    """The dual's structural columns: each inequality row, each equation row with both signs.

    Returns ``(cols, costs, origin)`` with ``origin[j] = (row, sign)``."""
    A, b = S.A, S.b
    cols, cost, origin = [], [], []
    for i in range(S.m):
        for s in (1, -1) if i >= S.m_ub else (1,):
            cols.append(tuple(s * v for v in A[i]))
            cost.append(s * b[i])
            origin.append((i, s))
    return cols, cost, origin


def _row_multipliers(origin: list[tuple[int, int]], m: int, values: dict[int, int]) -> list[int]:
    """Integer multipliers of the system's rows from values of the structural columns."""
    y = [0] * m
    for j, v in values.items():
        if j < len(origin) and v:
            i, s = origin[j]
            y[i] += s * v
    return y


def _slack_dual(S: _System) -> tuple[str, list[int], int]:
    """The dual of the max-slack LP, solved exactly: ``("point", nums, D)`` with ``A x <= b``
    for ``x = nums / D`` or ``("farkas", y, 0)`` with integer Farkas multipliers ``y``."""
    cols, cost, origin = _dual_columns(S)
    d = S.d
    cols = [col + (1 if i < S.m_ub else 0,) for col, (i, _) in zip(cols, origin, strict=True)]
    cols.append((0,) * d + (1,))  # the cap t <= 1
    cost.append(1)
    cap = len(cols) - 1
    T = _new_tableau(cols, cost, [0] * d + [1], {d: cap})
    _drive_out_artificials(T)  # feasible from the start: only zero-level artificials
    _, j, pi = _run(T, T.cost)
    if j is not None:  # unbounded (the equations alone are inconsistent): a Farkas direction
        values = {T.basis[i]: -a for i, a in enumerate(pi)}
        values[j] = T.D
        return "farkas", _row_multipliers(origin, S.m, values), 0
    t_num = sum(T.cost[j] * T.beta[r] for r, j in enumerate(T.basis))  # D * t*
    if t_num >= 0:
        return "point", pi[:d], T.D
    values = {j: T.beta[r] for r, j in enumerate(T.basis)}
    return "farkas", _row_multipliers(origin, S.m, values), 0


def _feasible_exact(S: _System) -> FeasibilityResult:
    """Exact feasibility by the dual revised simplex; the answer is checked exactly."""
    kind, v, D = _slack_dual(S)
    if kind == "farkas":
        assert _cert_ok(S, v), "internal error: exact simplex produced an invalid Farkas certificate"
        return FeasibilityResult(False, None, _certificate_from_ints(S, v), None, "exact-simplex")
    assert _point_ok(S, v, D), "internal error: exact simplex produced an infeasible point"
    return FeasibilityResult(True, _to_point(v, D), None, None, "exact-simplex")


def _maximize_exact(S: _System, c: list[Fraction]) -> OptimizeResult:
    """Exact ``max c^T x`` by the dual revised simplex (phase 1 / phase 2); checked exactly."""
    L = math.lcm(*(v.denominator for v in c)) if c else 1
    ci = [int(v * L) for v in c]
    cols, cost, origin = _dual_columns(S)
    T = _new_tableau(cols, cost, ci, {})
    ray = _phase1(T)
    if ray is not None:  # A r <= 0 (ub), A r = 0 (eq), c^T r > 0: unbounded if feasible
        r = [s * v for s, v in zip(T.sign, ray, strict=True)]
        return _unbounded_or_infeasible(S, c, r)
    _, j, alpha = _run(T, T.cost)
    if j is not None:  # the dual is unbounded along column j: Farkas multipliers for the system
        values = {T.basis[i]: -a for i, a in enumerate(alpha)}
        values[j] = T.D
        y = _row_multipliers(origin, S.m, values)
        assert _cert_ok(S, y), "internal error: invalid Farkas certificate"
        return OptimizeResult("infeasible", certificate=_certificate_from_ints(S, y), method="exact-simplex")
    xn = [s * v for s, v in zip(T.sign, alpha, strict=True)]
    D = T.D
    values = {jb: T.beta[i] for i, jb in enumerate(T.basis)}
    y_scaled = [Fraction(v, D * L) for v in _row_multipliers(origin, S.m, values)]
    assert _optimal_ok(S, c, xn, D, y_scaled), "internal error: exact simplex optimum does not check"
    value = Fraction(_dot(ci, xn), D * L)
    return OptimizeResult(
        "optimal", _to_point(xn, D), value, _scaled_to_caller(S, y_scaled), None, None, "exact-simplex"
    )


def _unbounded_or_infeasible(S: _System, c: list[Fraction], r: list[int]) -> OptimizeResult:
    """The dual is infeasible (ray ``r``): the LP is unbounded if the system is feasible."""
    p = _feasible_exact(S)
    if not p.feasible:
        return OptimizeResult("infeasible", certificate=p.certificate, method="exact-simplex")
    assert (
        all((_dot(S.A[i], r) <= 0 if i < S.m_ub else _dot(S.A[i], r) == 0) for i in range(S.m))
        and sum(cj * rj for cj, rj in zip(c, r, strict=True)) > 0
    ), "internal error: invalid unbounded ray"
    g = math.gcd(*r) or 1
    return OptimizeResult("unbounded", p.point, None, None, tuple(Fraction(v // g) for v in r), None, "exact-simplex")
