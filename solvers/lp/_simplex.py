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
``O(m (2d + m))`` of a full tableau — each a few python-flint matrix products.  The simplex multipliers of the final basis *are*
the primal point ``x``; the basic dual values are the certificate multipliers.

* **Feasibility** solves the dual of the max-slack LP ``max {t : A_ub x + t <= b_ub,
  A_eq x = b_eq, t <= 1}``: ``d + 1`` rows, right-hand side ``(0, ..., 0, 1)``, feasible at
  the start, no phase 1 (the cap column with the first ``d`` columns when they form a basis,
  :func:`_crash`; else the cap alone, the artificials driven out).  Its optimum ``t*`` gives a point (``t* >= 0``)
  or Farkas multipliers (``t* < 0``: ``A^T y = 0``, ``y >= 0``, ``b^T y = t* - y_cap < 0``);
  it is unbounded only when the equations alone are inconsistent, and the unbounded
  direction is then their Farkas certificate.
* **Optimisation**: phase 1 (artificials) finds a dual-feasible basis, or a ray
  ``A_ub r <= 0, A_eq r = 0, c^T r > 0`` (then the LP is unbounded or infeasible, settled by
  the feasibility solve); phase 2 ends at an optimum (point = multipliers, duals = the
  basic values) or on an unbounded dual direction, a Farkas certificate.

Pivot rule: Dantzig's (the least reduced cost per unit of the column's size) enters; the
lexicographic ratio test picks the leaving row (ties in ``beta_i / alpha_i`` broken by the
rows of ``B^{-1} B_0 / alpha_i``, ``B_0`` the basis the run started from).  At the start
``B^{-1} B_0 = I`` and ``beta >= 0``, so every row of ``[beta | B^{-1} B_0]`` is
lexicographically positive; the rule keeps it so, and the objective with its lexicographic
tie-breakers strictly improves at every pivot, degenerate ones included: no basis repeats and
the method always terminates (Dantzig, Orden & Wolfe 1955; Bertsimas & Tsitsiklis, *Introduction to Linear
Optimization*, Thm 3.4).  The dual of the max-slack LP has right-hand side ``(0, ..., 0, 1)``,
so most pivots are degenerate: Bland's rule after each degenerate pivot (the rule before this
one) took 23.5 pivots per planted 50 x 5 system, this rule 10.1.  Artificial variables left basic at
zero after phase 1 are driven out where a column can replace them; the others sit on rows that
no column touches and stay inert.  Every answer is checked exactly before it is returned.

References: J. Edmonds (1967), E. H. Bareiss (1968) [Bar68] for fraction-free elimination;
G. B. Dantzig (1963) for the revised simplex; G. B. Dantzig, A. Orden and P. Wolfe, "The
generalized simplex method for minimizing a linear form under linear inequality restraints",
Pacific J. Math. 5 (1955) [DOW55] for the lexicographic rule.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from fractions import Fraction

import flint

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
    ``M = [adj | beta] = D [B^{-1} | B^{-1} rhs]`` is a ``k x (k + 1)`` integer matrix
    (python-flint's ``fmpz_mat``: the pivot, the columns and the pricing of every column are a
    few matrix products in C), ``D > 0`` a Python int; :attr:`beta` and :attr:`adj` read it
    back as Python ints.
    """

    cols: list[tuple[int, ...]]
    cost: list[int]
    n_struct: int
    basis: list[int]
    M: flint.fmpz_mat
    sign: list[int]
    D: int = 1
    banned: set[int] = field(default_factory=set)
    _C: flint.fmpz_mat | None = None  # the columns as a (k + 1) x n matrix, last row 0 (cached)
    _norms: list[int] | None = None  # max |col_j| (cached)
    _cost_row: tuple[list[int], flint.fmpz_mat] | None = None  # a cost vector and its 1 x n matrix
    _beta: list[int] | None = None  # beta as Python ints (cached until the next pivot)

    @property
    def beta(self) -> list[int]:
        """``D B^{-1} rhs`` (Python ints, non-negative at a feasible basis)."""
        if self._beta is None:
            k = len(self.basis)
            self._beta = [int(self.M[r, k]) for r in range(k)]
        return self._beta

    @property
    def adj(self) -> list[list[int]]:
        """``D B^{-1}`` as rows of Python ints."""
        k = len(self.basis)
        flat = [int(v) for v in self.M.entries()]
        return [flat[r * (k + 1) : r * (k + 1) + k] for r in range(k)]

    def columns(self) -> flint.fmpz_mat:
        """Every column, as the ``(k + 1) x n`` matrix ``[cols; 0]`` (its zero row meets ``beta``)."""
        if self._C is None:
            k, n = len(self.basis), len(self.cols)
            self._C = flint.fmpz_mat(k + 1, n, [col[i] for i in range(k) for col in self.cols] + [0] * n)
        return self._C

    def norms(self) -> list[int]:
        """``max_i |col_ij|`` of every column (Dantzig's scale)."""
        if self._norms is None:
            self._norms = [max(map(abs, col)) for col in self.cols]
        return self._norms

    def column(self, j: int) -> list[int]:
        """``D B^{-1} a_j`` for column ``j``."""
        return [int(v) for v in (self.M * flint.fmpz_mat(len(self.cols[j]) + 1, 1, [*self.cols[j], 0])).entries()]

    def _pi_row(self, cost: list[int]) -> flint.fmpz_mat:
        """``cost_B^T M``: the multipliers ``D cost_B^T B^{-1}`` and ``D cost_B^T beta`` (1 x (k + 1))."""
        return flint.fmpz_mat(1, len(self.basis), [cost[j] for j in self.basis]) * self.M

    def multipliers(self, cost: list[int]) -> list[int]:
        """``D cost_B^T B^{-1}`` (the simplex multipliers, scaled by ``D``)."""
        return [int(v) for v in self._pi_row(cost).entries()[:-1]]

    def reduced_costs(self, cost: list[int]) -> list:
        """``D cost_j - pi . col_j`` of every column ``j`` (python-flint integers), exactly."""
        if self._cost_row is None or self._cost_row[0] is not cost:  # (phase 1 and 2 price other costs)
            self._cost_row = (cost, flint.fmpz_mat(1, len(cost), cost))
        return (self.D * self._cost_row[1] - self._pi_row(cost) * self.columns()).entries()

    def pivot(self, r: int, alpha: list[int], j: int) -> None:
        """Exchange the basic column of row ``r`` for column ``j`` (``alpha`` = its ``D B^{-1} a_j``).

        The fraction-free step ``M' = (p M - alpha' M_r) / D`` with ``p = alpha_r`` and ``alpha'``
        equal to ``alpha`` but ``p - D`` in row ``r`` (which leaves row ``r`` as it is): every
        division is exact (Bareiss); then ``D' = |p|``."""
        p, D, k = alpha[r], self.D, len(self.basis)
        a = flint.fmpz_mat(k, 1, [p - D if i == r else v for i, v in enumerate(alpha)])
        row = flint.fmpz_mat(1, k + 1, [self.M[r, c] for c in range(k + 1)])
        M = (p * self.M - a * row) / D
        if p < 0:
            M, p = -M, -p
        self.M, self.D, self._beta = M, p, None
        self.basis[r] = j


def _new_tableau(cols: list[tuple[int, ...]], cost: list[int], rhs: list[int], start: dict[int, int]) -> _Tableau:
    """A tableau over ``cols`` plus one artificial column per row (row signs flipped so that
    ``rhs >= 0``); row ``r`` starts with column ``start[r]`` (a structural unit column with
    a positive entry in row ``r``) or with its artificial."""
    k = len(rhs)
    sign = [-1 if v < 0 else 1 for v in rhs]
    flipped = [tuple(s * v for s, v in zip(sign, col, strict=True)) for col in cols] if -1 in sign else list(cols)
    n = len(cols)
    arts = [tuple(int(i == r) for i in range(k)) for r in range(k)]
    basis = [start.get(r, n + r) for r in range(k)]
    M = flint.fmpz_mat(k, k + 1, [v for r in range(k) for v in (*arts[r], abs(rhs[r]))])
    return _Tableau(flipped + arts, list(cost) + [0] * k, n, basis, M, sign)


def _entering(T: _Tableau, cost: list[int]) -> int | None:
    """The entering column, or None at an optimum (:func:`_dantzig`), every column priced exactly
    in one python-flint product (:meth:`_Tableau.reduced_costs`); :func:`_entering_exact` prices
    them in Python integers (the reference)."""
    return _dantzig(T, T.reduced_costs(cost))


def _entering_exact(T: _Tableau, cost: list[int], pi: list[int]) -> int | None:
    """:func:`_entering` with every reduced cost in Python integers (the reference rule)."""
    D = T.D
    return _dantzig(
        T, [D * c - sum(p * q for p, q in zip(pi, col, strict=True)) for c, col in zip(cost, T.cols, strict=True)]
    )


def _dantzig(T: _Tableau, rcs) -> int | None:
    """Dantzig's rule on the reduced costs ``rcs`` of every column: among the columns neither basic
    nor banned with ``rc < 0``, the first of least reduced cost per unit of its size (scale-free);
    None when there is none (an optimum)."""
    skip = T.banned.union(T.basis)
    norms = T.norms()
    best, best_rc, best_norm = None, 0, 1
    for j, rc in enumerate(rcs):
        if rc < 0 and j not in skip:
            norm = norms[j]
            if best is None or rc * best_norm < best_rc * norm:
                best, best_rc, best_norm = j, rc, norm
    return best


def _leaving(T: _Tableau, alpha: list[int], start: flint.fmpz_mat) -> int | None:
    """The lexicographic ratio test: the row ``i`` (``alpha_i > 0``) of least ``beta_i / alpha_i``,
    ties broken by the lexicographically least row of ``B^{-1} B_0 / alpha_i`` (``start``: the
    ``(k + 1) x k`` matrix ``[B_0; 0]`` of :func:`_start_matrix`, ``B_0`` the basis the run
    started from); None if no ``alpha_i > 0`` (unbounded).

    The rows of ``B^{-1} B_0`` are linearly independent, so the choice is unique; they are
    computed (one product) only when a tie occurs."""
    beta, lex = T.beta, None
    best = None
    for i, a in enumerate(alpha):
        if a <= 0:
            continue
        if best is None:
            best = i
            continue
        ab = alpha[best]
        lhs, rhs = beta[i] * ab, beta[best] * a
        if lhs == rhs:  # tied: the lexicographic order of (D B^{-1} B_0)_i / alpha_i (D > 0 cancels)
            if lex is None:
                lex = T.M * start
            for c in range(len(alpha)):
                lhs, rhs = int(lex[i, c]) * ab, int(lex[best, c]) * a
                if lhs != rhs:
                    break
        if lhs < rhs:
            best = i
    return best


def _start_matrix(T: _Tableau) -> flint.fmpz_mat:
    """``[B_0; 0]``: the columns of the current basis over a zero row (:func:`_leaving`'s ``start``)."""
    k = len(T.basis)
    return flint.fmpz_mat(k + 1, k, [T.cols[j][i] for i in range(k) for j in T.basis] + [0] * k)


def _run(T: _Tableau, cost: list[int]) -> tuple[str, int | None, list[int]]:
    """Simplex iterations on ``cost`` from a feasible basis (``beta >= 0``): ``("optimal", None,
    pi)`` or ``("unbounded", j, alpha)``.  Dantzig's rule enters, the lexicographic ratio test
    relative to the starting basis leaves (:func:`_leaving`): no cycling."""
    start = _start_matrix(T)
    while True:
        j = _entering(T, cost)
        if j is None:
            return "optimal", None, T.multipliers(cost)
        alpha = T.column(j)
        r = _leaving(T, alpha, start)
        if r is None:
            return "unbounded", j, alpha
        T.pivot(r, alpha, j)


def _crash(T: _Tableau, js: list[int]) -> bool:
    """Make the columns ``js`` basic (``js[r]`` in row ``r``) in one exact elimination when they
    form a basis whose basic solution is feasible (``beta >= 0``); False (``T`` unchanged) otherwise.

    ``M = D B^{-1} [I | rhs]`` with ``D = |det B|``, the same matrix the fraction-free pivots reach
    (theirs is ``|det B|`` too, from ``D = 1`` at the identity): python-flint's fraction-free RREF
    of ``[B | I | rhs]`` is ``den [I | B^{-1} | B^{-1} rhs]``, rescaled exactly from ``den`` to ``D``;
    ``[I | rhs] = B_now M / D`` is read off the current basis."""
    k = len(T.basis)
    B = [[T.cols[j][i] for j in js] for i in range(k)]
    det = flint.fmpz_mat(B).det()
    if det == 0:
        return False
    IR = _start_matrix(T) * T.M  # [B_now; 0] M = D_now [I | rhs] over a zero row
    entries: list[int | flint.fmpz] = []
    for i in range(k):
        entries += B[i]
        entries += [IR[i, c] for c in range(k + 1)]
    R, den = flint.fmpz_mat(k, 2 * k + 1, entries).rref()[:2]
    D = abs(det)
    M = (R * _right_block(k) * D) / (den * T.D)  # D B^{-1} [I | rhs]
    if any(M[r, k] < 0 for r in range(k)):
        return False
    T.M, T.D, T.basis, T._beta = M, int(D), list(js), None
    return True


@functools.lru_cache(maxsize=64)
def _right_block(k: int) -> flint.fmpz_mat:
    """The ``(2k + 1) x (k + 1)`` matrix ``[0; I]`` that picks the last ``k + 1`` columns of a product
    (cached: python-flint matrices are never changed in place here)."""
    return flint.fmpz_mat(2 * k + 1, k + 1, [int(i - k == c) for i in range(2 * k + 1) for c in range(k + 1)])


def _drive_out_artificials(T: _Tableau) -> None:
    """Replace artificials basic at zero by structural columns where one has a nonzero entry
    in their row (degenerate pivots); artificials are never allowed back in."""
    T.banned.update(range(T.n_struct, len(T.cols)))
    k = len(T.basis)
    for r in range(k):
        if T.basis[r] < T.n_struct:
            continue
        inbasis = set(T.basis)
        row = (flint.fmpz_mat(1, k, [int(i == r) for i in range(k)]) * T.M * T.columns()).entries()  # adj_r . col_j
        for j in range(T.n_struct):
            if j not in inbasis and row[j] != 0:
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


def _dual_columns(S: _System, slack: bool = False) -> tuple[list[tuple[int, ...]], list[int], list[tuple[int, int]]]:
    """The dual's structural columns: each inequality row, each equation row with both signs
    (``slack``: with one more entry, 1 for an inequality row and 0 for an equation: the slack
    ``t``'s coefficient in the max-slack LP).

    Returns ``(cols, costs, origin)`` with ``origin[j] = (row, sign)``."""
    A, b, u = S.A, S.b, S.m_ub
    tail = (1,) if slack else ()
    cols = [(*A[i], *tail) for i in range(u)]
    cost, origin = list(b[:u]), [(i, 1) for i in range(u)]
    tail = (0,) if slack else ()
    for i in range(u, S.m):
        for s in (1, -1):
            cols.append((*(s * v for v in A[i]), *tail))
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
    cols, cost, origin = _dual_columns(S, slack=True)
    d = S.d
    cols.append((0,) * d + (1,))  # the cap t <= 1
    cost.append(1)
    cap = len(cols) - 1
    T = _new_tableau(cols, cost, [0] * d + [1], {d: cap})
    # feasible from the start (only zero-level artificials): the first d columns with the cap, if
    # they form a basis (its solution is the cap alone), else the artificials driven out
    if not (cap >= d and _crash(T, [*range(d), cap])):
        _drive_out_artificials(T)
    T.banned.update(range(T.n_struct, len(T.cols)))
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
