"""Tier 2 — exact repair of the float proposal.

* Optimal, float input: :func:`_interior_point` pushes HiGHS's vertex slightly into the
  interior and proves the pushed float point feasible with the rigorous float filter of
  :mod:`solvers.lp._checks` (no integer work at all); when the region has no room
  (equations, near-degenerate regions) and for integer or rational input the exact basic
  solution below is used.
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
from solvers.lp._checks import _cert_ok, _dot, _float_rows, _point_ok, _violated_rows
from solvers.lp._linalg import (
    _DENSE_MAX,
    _basis_inverse,
    _flint_rref,
    _rref_solve,
    _rref_solve_ints,
    _solve_square,
    _unique_solution,
)
from solvers.lp._system import _System

_BASIC = 1  # highspy.HighsBasisStatus.kBasic.value (checked in tests/solvers/lp/test_highs_pool.py)


def _basis_sets(S: _System, h) -> tuple[list[int], list[int]] | None:
    """The tight rows and fixed columns of HiGHS's final basis on the LP of ``S``: its ``d``
    non-basic rows and non-basic (free, hence fixed at 0) columns; None without a valid basis."""
    bas = h.getBasis()  # (not h.getBasicVariables(): it crashes HiGHS, up to 1.16 at least, when no
    if not bas.valid:  # factorisation exists — seen as a segfault in tests/solvers/lp/test_exact_simplex.py)
        return None
    tight = [i for i, s in enumerate(bas.row_status) if s.value != _BASIC]  # (.value: an int, no enum compare)
    fixed = [j for j, s in enumerate(bas.col_status) if s.value != _BASIC]
    return (tight, fixed) if len(tight) + len(fixed) == S.d else None


def _dual_basis(S: _System, h) -> tuple[list[int], list[int]] | None:
    """The same sets from HiGHS's optimal basis of the dual LP (:func:`solvers.lp._highs._highs_solve_dual`).

    The bases are complementary: a basic dual variable ``y_i`` is a tight row ``i``, a basic row
    ``j`` of the dual (``A_j^T y = c_j``, its slack basic) a fixed column ``j``.  Non-basic ``y_i``
    sit at 0 exactly, so when exactly ``d`` entries of ``y`` are nonzero they are the basic ones
    (and no row of the dual is basic): one ``flatnonzero`` instead of ``m + d`` status reads.
    None without a valid basis."""
    y = h.getSolution().col_value
    if len(y) == S.m:
        nz = np.flatnonzero(y)
        if len(nz) == S.d:
            return nz.tolist(), []
    bas = h.getBasis()
    if not bas.valid:
        return None
    tight = [i for i, s in enumerate(bas.col_status) if s.value == _BASIC]
    fixed = [j for j, s in enumerate(bas.row_status) if s.value == _BASIC]
    return (tight, fixed) if len(tight) + len(fixed) == S.d else None


def _square_system(S: _System, tight: list[int], fixed: list[int]) -> tuple[list[list[int]], list[int]]:
    """``M x = r``: the tight rows (scaled to integers; only those rows are converted) and a unit
    row ``x_j = 0`` per fixed column."""
    At, bt, _ = S.rows(tight)
    if not fixed:
        return At, bt
    d = S.d
    return At + [[1 if k == j else 0 for k in range(d)] for j in fixed], bt + [0] * len(fixed)


def _basis_system(S: _System, h) -> tuple[list[int], list[int], list[list[int]], list[int]] | None:
    """The square system of HiGHS's final basis: ``(tight row ids, fixed col ids, M, r)`` or None
    (:func:`_basis_sets`, :func:`_square_system`)."""
    sets = _basis_sets(S, h)
    if sets is None:
        return None
    M, r = _square_system(S, *sets)
    return sets[0], sets[1], M, r


def _basis_vertex(S: _System, h) -> tuple[list[int], list[int], list[int], int] | None:
    """Exact point of the HiGHS basis: (tight row ids, fixed col ids, nums, D) or None.

    The basis system of :func:`_basis_system`, solved exactly (:func:`_system_vertex`)."""
    system = _basis_system(S, h)
    if system is None:
        return None
    sol = _system_vertex(system)
    return None if sol is None else (system[0], system[1], sol[0], sol[1])


def _system_vertex(system) -> tuple[list[int], int] | None:
    """``(nums, D)``: the solution ``nums / D`` of a basis system ``(tight, fixed, M, r)`` (python-flint's
    fraction-free RREF, :func:`solvers.lp._linalg._flint_rref`, over its denominator, not reduced:
    the Fractions made from it are), or None if ``M`` is singular."""
    M, r = system[2], system[3]
    return _unique_solution(*_flint_rref(M, r), len(M)) if len(M) <= _DENSE_MAX else _solve_square(M, r)


def _exchange_repair(
    S: _System, system, viol: list[int] | None = None, rounds: int = 6
) -> tuple[list[int], int] | None:
    """Exact repair of a basis whose vertex violates a few rows, by basis exchanges: ``(nums, D)`` or None.

    On near-degenerate systems HiGHS's final basis is typically off by one or two rows whose
    exact residual is ~1e-12 relative.  From the basis system ``(tight, fixed, M, r)`` of
    :func:`_basis_system` (``M x = r``: tight rows and fixed columns; ``viol``: the rows its vertex
    violates, if known), one fraction-free reduction
    (:func:`solvers.lp._linalg._basis_inverse`) gives the vertex ``x`` and ``M^-1`` over one
    denominator.  A violated row ``v`` enters in place of a basis row ``t`` with
    ``a_v . u_t > 0`` (``u_t``: column ``t`` of ``M^-1``, the edge that loosens row ``t`` and
    keeps the others tight): the new vertex ``x + lambda u_t`` makes ``v`` tight and row
    ``t`` satisfied, ``lambda = (b_v - a_v . x) / (a_v . u_t) < 0``.  Each candidate is checked
    exactly (:func:`solvers.lp._checks._violated_rows`); the first feasible one is returned, else the
    candidate violating the fewest rows becomes the next basis, for at most ``rounds``
    exchanges (6: 107 of 108 bases left infeasible on ``benchmarks/bench_speed.py``'s family are
    repaired, 104 with 3; then the exact tiers answer).  Inequality systems only.
    """
    if S.m_eq or S.d == 0:
        return None
    tight, fixed, M, r = system
    M, r = [list(row) for row in M], list(r)  # (exchanged in place)
    ids = list(tight) + [None] * len(fixed)  # the system's row of each basis row (None: a fixed column)
    kinds = [True] * len(tight) + [False] * len(fixed)  # True: an inequality row (must stay satisfied)
    for _ in range(rounds):
        out = _basis_inverse(M, r)
        if out is None:
            return None
        xn, inv, D = out
        viol = _violated_rows(S, xn, D, [i for i in ids if i is not None]) if viol is None else viol
        if not viol:
            return xn, D
        (av,), (bv,), _ = S.rows(viol[:1])
        e = bv * D - _dot(av, xn)  # D (b_v - a_v x) < 0
        best = None
        for t in range(S.d):
            g = sum(a * inv[j][t] for j, a in enumerate(av) if a)  # D (a_v . u_t)
            if g <= 0 if kinds[t] else g == 0:
                continue
            num = [x * g + e * inv[j][t] for j, x in enumerate(xn)]
            den = D * g
            if den < 0:
                num, den = [-v for v in num], -den
            # the basis rows but t stay tight and v becomes tight, exactly: only the others are checked
            left = _violated_rows(S, num, den, [i for s, i in enumerate(ids) if s != t and i is not None] + viol[:1])
            if not left:
                return num, den
            if best is None or len(left) < best[0]:
                best = (len(left), t)
        if best is None:
            return None
        t = best[1]
        M[t], r[t], kinds[t], ids[t] = list(av), bv, True, viol[0]
        viol = None
    return None


def _ray_certificate(S: _System, ray: np.ndarray, strict: bool = False) -> list[int] | None:
    """Rationalise a float dual ray into an exact Farkas certificate (scaled-row ints) or None.

    The support is read off the float ray (multiplier times the row's size, in the caller's
    units: the integer scaling factors of different rows can differ by many orders); then
    ``y_S^T [A_S | b_S] = (0, ..., 0, -1)`` is solved exactly on the support rows alone,
    free variables taken from the float ray."""
    ray = np.asarray(ray, dtype=float)
    if ray.shape != (S.m,) or not np.isfinite(ray).all():
        return None
    top = np.abs(ray).max() if ray.size else 0.0
    if top <= 0:
        return None
    _, _, rowsum, absb = S.abs_rows()
    weight = np.abs(ray) * (rowsum + absb)
    support = np.flatnonzero(weight > 1e-9 * weight.max()).tolist()
    As, bs, ss = S.rows(support)
    M = [[row[j] for row in As] for j in range(S.d)] + [list(bs)]
    rhs = [0] * S.d + [-1]
    for sign in (1.0, -1.0):
        r = sign * ray
        if S.m_ub and (r[: S.m_ub] < -1e-7 * top).any():
            continue
        yb = float(r @ S.b_float)  # y^T b is the same in scaled and caller units
        if not yb < 0:
            continue

        def guess(r=r, yb=yb):  # values for free variables (if any): the float ray, normalised
            return [float(r[i] / float(s) / -yb) for i, s in zip(support, ss, strict=True)]

        sol = _rref_solve_ints(M, rhs, len(support), guess) if len(support) <= max(_DENSE_MAX, len(M)) else None
        if sol is None:
            fractions = _rref_solve(M, rhs, guess())
            if fractions is None:
                continue
            sol = common_denominator(fractions)
        nums = [0] * S.m
        for i, v in zip(support, sol[0], strict=True):  # a positive common factor: still a certificate
            nums[i] = v
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


def _interior_point(S: _System, h) -> tuple[np.ndarray | None, bool]:
    """A float point strictly inside ``{A_ub x <= b_ub}``, proved feasible, or None; and
    whether the region is *thin* at HiGHS's vertex (more than ``2 d`` rows nearly tight).

    From HiGHS's vertex ``x0``, the rows it (nearly) makes tight, ``T``, give a direction
    ``u`` with ``A_T u = -w`` (``w_i = |b_i| + |A_i| |x0|``, least squares); a step along it
    that keeps every other row's slack, halved, lands strictly inside when the region has
    an interior there.  The point is returned at its exact binary value only if
    :func:`solvers.lp._checks._float_rows` *proves* every residual positive — a proof, not
    a tolerance.  Only for ``float_exact`` systems without equations (the caller uses it
    for float input), and not when more than ``2 d`` rows are (nearly) tight at ``x0``: there
    the region is thinner than 1e-9 relative across many rows and the push fails anyway
    (on every such system of ``benchmarks/bench_speed.py``'s near-degenerate family).
    Returns ``(point, thin)``; ``point`` is ``None`` when no interior point was proved.
    """
    if not S.float_exact or S.m_eq or S.m_ub == 0:
        return None, False
    x0 = np.asarray(h.getSolution().col_value, dtype=float)
    if x0.shape != (S.d,) or not np.isfinite(x0).all():
        return None, False
    A, b = S.A_float, S.b_float
    absA, _, _, absb = S.abs_rows()
    w = absb + absA @ np.abs(x0) + 1e-300
    r = b - A @ x0
    tight = r <= 1e-9 * w  # relative slack r / w at most 1e-9
    k = int(np.count_nonzero(tight))
    if k > 2 * S.d:  # a region thinner than 1e-9 across many rows (near-degenerate): the
        return None, True  # least-squares push over that many rows does not clear them
    slack = r / w  # relative slack of every row
    if k == 0:
        return (x0 if _float_rows(S, x0)[0].all() else None), False
    At = A[tight] / w[tight, None]
    try:
        u = np.linalg.solve(At, -np.ones(k)) if k == S.d else np.linalg.lstsq(At, -np.ones(k), rcond=None)[0]
    except np.linalg.LinAlgError:
        return None, False
    Au = (A @ u) / w  # relative change of each row's activity per unit step
    if not (Au[tight] < 0).all():
        return None, False
    grow = (~tight) & (Au > 0)
    step = 0.5 * float(np.min(slack[grow] / Au[grow])) if grow.any() else 1.0
    if not step > 1e-12:
        return None, False
    x = x0 + step * u
    ok, _ = _float_rows(S, x)
    return (x if ok.all() else None), False
