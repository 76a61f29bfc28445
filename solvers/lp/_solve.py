"""The order in which the tiers are tried: :func:`feasible_point` and :func:`maximize`.

HiGHS proposes (:mod:`solvers.lp._highs`), the exact repair certifies
(:mod:`solvers.lp._repair`); on failure the basis exchanges, then (above ``_SIMPLEX_FIRST`` entries)
the max-slack LP (:mod:`solvers.lp._slack`) and the exact active-set repair
(:mod:`solvers.lp._active_set`), and the exact revised simplex (:mod:`solvers.lp._simplex`).
Every answer passes an exact check (:mod:`solvers.lp._checks`) before it is returned.

>>> feasible_point([[1], [-1]], [1, 0]).method      # 0 <= x <= 1: HiGHS proposes, exact arithmetic certifies
'highs+exact'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import NamedTuple

import numpy as np

import solvers.lp._highs as _highs
from solvers._domains import LPPart, checked
from solvers._rational import beyond_floats, common_denominator
from solvers.lp._active_set import _feasible_active_set
from solvers.lp._checks import (
    _basis_optimal_ok,
    _caller_to_scaled_ints,
    _cert_ok,
    _certificate_from_ints,
    _dot,
    _normalise_certificate,
    _point_ok,
    _to_point,
    _violated_rows,
)
from solvers.lp._highs import _dual_ray, _primal_ray, _release
from solvers.lp._linalg import _solve_primal_dual
from solvers.lp._repair import (
    _basis_sets,
    _basis_system,
    _basis_vertex,
    _dual_basis,
    _exchange_repair,
    _interior_point,
    _ray_certificate,
    _rounded_point,
    _square_system,
    _system_vertex,
)
from solvers.lp._results import FarkasCertificate, FeasibilityResult, OptimizeResult, _deferred, _homed_in_solvers_lp
from solvers.lp._simplex import _feasible_exact, _maximize_exact
from solvers.lp._slack import _slack_system
from solvers.lp._system import _caller_vector, _prepare, _System

__all__ = ["feasible_point", "maximize"]

_ZERO = Fraction(0)

#: Systems with at most this many entries ``m (d + 1)`` go from HiGHS's proposal straight to the
#: exact revised simplex when the proposal fails (it needs no start): on the near-degenerate
#: 50 x 5 systems that reach it, about 1.2-1.4 ms, where the second float attempt (the max-slack
#: LP) cost 1.6 ms and failed on 8 of 8 and the active-set walk 6-9 ms.  Larger systems try the
#: max-slack LP first (cheap when it answers), then the walk from HiGHS's vertex (near-degenerate
#: 200 x 10: 6-37 ms, the simplex 7-12 ms; the threshold was set when the simplex took 48 ms there).
_SIMPLEX_FIRST = 300


@checked
def feasible_point(
    A_ub: LPPart, b_ub: LPPart, A_eq: LPPart = None, b_eq: LPPart = None, *, strict: bool = False
) -> FeasibilityResult:
    """Exact feasibility of ``{x : A_ub x <= b_ub, A_eq x = b_eq}`` with a certificate either way.

    Parameters
    ----------
    A_ub : array_like, shape (m_ub, d), or None
        Inequality rows (may have 0 rows; then ``d`` is read from its shape or from ``A_eq``).
    b_ub : array_like, shape (m_ub,), or None
    A_eq : array_like, shape (m_eq, d), optional
    b_eq : array_like, shape (m_eq,), optional
    strict : bool, default False
        If True, decide the strict system ``A_ub x < b_ub, A_eq x = b_eq`` through the
        max-slack LP ``slack = max{t : A_ub x + t*1 <= b_ub, A_eq x = b_eq, t <= 1}``
        (rows in the caller's own scaling; capped at 1; ``slack = 1`` when there are no
        inequality rows and the equations are solvable; ``None`` when they are not).
        Strictly feasible iff ``slack > 0``; the returned point is then a maximiser, so
        every inequality holds with margin ``>= slack``.  Otherwise the certificate is a
        Motzkin certificate (see :func:`is_farkas_certificate` with ``strict=True``);
        ``slack == 0`` means feasible but not strictly, ``slack < 0`` infeasible.

    Returns
    -------
    FeasibilityResult
        ``feasible`` and either ``point`` (exact, checked) or ``certificate`` (exact,
        checked: :func:`is_farkas_certificate` returns True on it, with the same
        ``strict``).  Which point: for float arrays without equations, HiGHS's vertex
        pushed slightly into the interior, with dyadic (binary float) coordinates, when
        that point is proved feasible; otherwise (integer or rational input, equations,
        no interior) the exact basic solution of HiGHS's final basis.

    Raises
    ------
    ValueError
        For shapes that disagree, NaN or infinite entries, or an undeterminable ``d``.
    TypeError
        For non-numeric entries.

    Examples
    --------
    >>> r = feasible_point([[1, 1], [-1, 0], [0, -1]], [1, 0, 0])
    >>> r.feasible and is_feasible_point([[1, 1], [-1, 0], [0, -1]], [1, 0, 0], None, None, r.point)
    True
    >>> r = feasible_point([[1], [-1]], [0, -1])          # x <= 0 and x >= 1
    >>> r.feasible, r.certificate
    (False, FarkasCertificate(y_ub=(Fraction(1, 1), Fraction(1, 1)), y_eq=()))
    """
    S = _prepare(A_ub, b_ub, A_eq, b_eq)
    if strict:
        return _feasible_strict(S)
    return _feasible(S)


def _feasible(S: _System) -> FeasibilityResult:
    """Float proposal + exact repair (:func:`_feasible_from_basis`), then the exact simplex (small
    systems, ``_SIMPLEX_FIRST``) or the max-slack LP and the exact tiers."""
    import highspy

    MS = highspy.HighsModelStatus
    if S.m == 0:
        return FeasibilityResult(True, tuple(Fraction(0) for _ in range(S.d)), None, None, "trivial")
    h = status = scale = None
    try:
        try:  # tight tolerances from the start (one run: a restart used to follow on thin systems), rows scaled
            scale = _highs._row_scales(S)
            h, status = _highs._highs_solve(S, None, tight=True, scale=scale)
            if status not in (MS.kOptimal, MS.kInfeasible):  # (rare) the rows as given, once more
                _release(h)
                h = None
                scale = None
                h, status = _highs._highs_solve(S, None, tight=True)
        except Exception:  # pragma: no cover - float path unavailable: exact fallback
            status = None
        if status == MS.kOptimal:
            found = _feasible_from_basis(S, h)
            if found is not None:
                return found
        elif status == MS.kInfeasible:
            cert = _ray_farkas(S, h, scale)
            if cert is not None:
                return FeasibilityResult(False, None, cert, None, "highs+exact")
        if S.m * (S.d + 1) <= _SIMPLEX_FIRST:
            return _feasible_exact(S)
        out = _feasible_via_slack(S)
        if out is None:
            x = None
            if h is not None and status == MS.kOptimal:  # start from the exact vertex of HiGHS's basis
                v = _basis_vertex(S, h)
                x = _to_point(v[2], v[3]) if v is not None else h.getSolution().col_value
            out = _feasible_active_set(S, x)
        return out if out is not None else _feasible_exact(S)
    finally:
        _release(h)  # the Highs object, for the next call


def _feasible_from_basis(S: _System, h) -> FeasibilityResult | None:
    """A certified point from HiGHS's optimal basis, or None: for float input its vertex pushed into
    the interior (:func:`solvers.lp._repair._interior_point`, no integers at all), else the exact
    vertex, simple rationals near HiGHS's point (rational input), or a few exact basis exchanges
    when the vertex violates a row (near-degenerate systems: ``method="highs+exchange"``)."""
    if S.float_input:
        p, _ = _interior_point(S, h)
        if p is not None:
            coords = p.tolist()
            return _feasible_result(lambda: tuple(Fraction(*v.as_integer_ratio()) for v in coords), "highs+exact")
    system = _basis_system(S, h)
    v = None if system is None else _system_vertex(system)
    if v is None:
        viol = None
    elif S.float_exact and system is not None:  # the rows the vertex violates, for the exchanges
        viol = _violated_rows(S, *v, proved=system[0])  # (the basis rows hold with equality)
    else:  # integer rows throughout: the vectorised check, the exchanges find the rows if needed
        viol = [] if _point_ok(S, *v) else None
    if viol == [] and v is not None:  # (viol == [] only when v is a vertex)
        return _feasible_result(partial(_to_point, *v), "highs+exact")
    # (both helpers check their point exactly before they return it)
    x = None if S.float_input else _rounded_point(h, S)  # simple rationals: for rational input
    if x is not None:
        return _feasible_result(partial(_to_point, *x), "highs+exact")
    x = None if system is None else _exchange_repair(S, system, viol)
    if x is not None:
        return _feasible_result(partial(_to_point, *x), "highs+exchange")
    return None


def _feasible_result(point, method: str, slack: Fraction | None = None) -> FeasibilityResult:
    """A feasible answer whose point (checked exactly already) is made by ``point()`` on first access."""
    return _deferred(FeasibilityResult, {"point": point}, feasible=True, certificate=None, slack=slack, method=method)


def _ray_farkas(S: _System, h, scale: np.ndarray | None = None) -> FarkasCertificate | None:
    """A Farkas certificate from HiGHS's dual ray (rationalised and checked exactly), or None
    (``scale``: the row scales HiGHS's model had, :func:`solvers.lp._highs._row_scales`)."""
    has, ray = _dual_ray(h)
    if not has or ray is None:
        return None
    y = _ray_certificate(S, ray if scale is None or ray.shape != scale.shape else ray * scale)
    return None if y is None else _certificate_from_ints(S, y)


def _max_slack(S: _System, exact_fallback: bool = True):
    """Solve the max-slack LP exactly.

    Returns ``(slack, x, cert, method)``: ``slack`` None when the equations alone are
    infeasible (``cert`` then certifies that); otherwise the exact optimum ``t*`` and its
    maximiser ``x = nums / D`` as the pair ``(nums, D)``, and for ``t* <= 0`` a Motzkin certificate ``cert`` with
    ``y_ub >= 0``, ``sum(y_ub) = 1``, ``y^T A = 0`` and ``y^T b = t*``.  With
    ``exact_fallback=False`` returns None when the float path does not produce a
    certified answer.
    """
    T = _slack_system(S)
    c = [_ZERO] * S.d + [Fraction(1)]
    opt = _slack_optimum(T, c)
    if opt is not None and opt.xn[S.d] > 0:  # t* > 0: the point stays in integers
        return Fraction(opt.xn[S.d], opt.D), (opt.xn[: S.d], opt.D), None, "highs+exact"
    res = _optimize_result(T, opt) if opt is not None else _maximize_sys(T, c, exact_fallback=exact_fallback)
    if res is None:
        return None
    if res.status == "infeasible":  # only the equations can be infeasible
        assert res.certificate is not None
        y = list(res.certificate.y_ub) + list(res.certificate.y_eq)
        cap = y.pop(S.m_ub)  # the cap row t <= 1 sits right after the ub rows
        cert = FarkasCertificate(tuple(y[: S.m_ub]), tuple(y[S.m_ub :]))
        assert cap == 0 and _cert_ok(S, _caller_to_scaled_ints(S, cert)), "internal error: invalid certificate"
        return None, None, cert, res.method
    assert res.status == "optimal", "max-slack LP is bounded by construction"
    assert res.value is not None and res.point is not None and res.dual is not None
    t = res.value
    x = common_denominator(list(res.point[: S.d]))
    if t > 0:
        return t, x, None, res.method
    y = list(res.dual.y_ub) + list(res.dual.y_eq)
    cap = y.pop(S.m_ub)
    assert cap == 0, "internal error: the cap t <= 1 cannot be tight when slack <= 0"
    cert = FarkasCertificate(tuple(y[: S.m_ub]), tuple(y[S.m_ub :]))
    return t, x, cert, res.method


def _feasible_strict(S: _System) -> FeasibilityResult:
    t, x, cert, method = _max_slack(S)
    if t is None:
        return FeasibilityResult(False, None, cert, None, method)
    if t > 0:
        nums, D = x
        assert _point_ok(S, nums, D, strict=True), "internal error: max-slack point not strictly feasible"
        return _feasible_result(partial(_to_point, nums, D), method, t)
    assert _cert_ok(S, _caller_to_scaled_ints(S, cert), strict=True), "internal error: invalid Motzkin certificate"
    return FeasibilityResult(False, None, _normalise_certificate(cert), t, method)


def _feasible_via_slack(S: _System) -> FeasibilityResult | None:
    """Second float attempt for the non-strict question: the max-slack LP (its optimum
    is a feasible point when ``t* >= 0`` and its duals a Farkas certificate when
    ``t* < 0``); None if its float path fails too."""
    out = _max_slack(S, exact_fallback=False)
    if out is None:
        return None
    t, x, cert, method = out
    if t is None:
        return FeasibilityResult(False, None, cert, None, method)
    if t >= 0:
        nums, D = x
        if _point_ok(S, nums, D):
            return FeasibilityResult(True, _to_point(nums, D), None, None, method)
        return None
    ints = _caller_to_scaled_ints(S, cert)
    if _cert_ok(S, ints):
        return FeasibilityResult(False, None, _normalise_certificate(cert), None, method)
    return None


# --------------------------------------------------------------------------- optimisation


@checked
def maximize(c: LPPart, A_ub: LPPart, b_ub: LPPart, A_eq: LPPart = None, b_eq: LPPart = None) -> OptimizeResult:
    """Exact ``max c^T x`` over ``{x : A_ub x <= b_ub, A_eq x = b_eq}`` (``x`` free).

    Parameters
    ----------
    c : array_like, shape (d,)
    A_ub, b_ub, A_eq, b_eq : as in :func:`feasible_point`.

    Returns
    -------
    OptimizeResult
        ``optimal``: exact optimal point, value and dual multipliers (strong duality
        checked exactly); ``unbounded``: a feasible point and an improving ray;
        ``infeasible``: a Farkas certificate.

    Examples
    --------
    >>> r = maximize([1, 1], [[1, 2], [3, 1], [-1, 0], [0, -1]], [4, 6, 0, 0])
    >>> r.status, r.value, r.point
    ('optimal', Fraction(14, 5), (Fraction(8, 5), Fraction(6, 5)))
    """
    cv = _caller_vector(c, "c")
    S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=len(cv))
    out = _maximize_sys(S, cv)
    assert out is not None, "the exact fallback always answers"
    return out


def _maximize_sys(S: _System, c: list[Fraction], exact_fallback: bool = True) -> OptimizeResult | None:
    import highspy

    MS = highspy.HighsModelStatus
    c = [v if type(v) is Fraction else Fraction(v) for v in c]
    if S.m == 0:  # no constraints: optimal (c = 0) or unbounded along c
        zero = tuple(_ZERO for _ in range(S.d))
        if any(c):
            return OptimizeResult("unbounded", zero, None, None, tuple(c), None, "trivial")
        return OptimizeResult("optimal", zero, _ZERO, FarkasCertificate((), ()), None, None, "trivial")
    try:
        cf = np.array([v.numerator / v.denominator for v in c])  # (correctly rounded, like float(v))
    except OverflowError:
        raise beyond_floats("c") from None
    if S.m > S.d:  # more rows than columns: HiGHS solves the dual LP (d rows), cheaper
        out = _maximize_via_dual(S, c, cf)
        if out is not None:
            return out
    try:
        h, status = _highs._highs_solve(S, cf)
    except Exception:  # pragma: no cover
        h, status = None, None
    try:
        if status == MS.kOptimal:
            out = _optimal_from_basis(S, c, _basis_sets(S, h))
            if out is not None:
                return out
        elif status == MS.kInfeasible:
            cert = _ray_farkas(S, h)
            if cert is not None:
                return OptimizeResult("infeasible", certificate=cert, method="highs+exact")
        elif status in (MS.kUnbounded, MS.kUnboundedOrInfeasible) and exact_fallback:
            out = _unbounded_exact(S, c)
            if out is not None:
                return out
    finally:
        _release(h)
    return _maximize_exact(S, c) if exact_fallback else None


def _maximize_via_dual(S: _System, c: list[Fraction], cf: np.ndarray) -> OptimizeResult | None:
    """HiGHS on the dual LP ``min b^T y : A^T y = c, y_ub >= 0``
    (:func:`solvers.lp._highs._highs_solve_dual`), certified like the primal's answer: an optimal
    basis gives the exact optimum and multipliers (:func:`_basis_optimum`); an unbounded dual
    (an infeasible primal) gives its improving ray ``A^T y = 0, y_ub >= 0, b^T y < 0``, a Farkas
    certificate once rationalised (:func:`solvers.lp._repair._ray_certificate`).  None when that
    fails (the caller then solves the primal LP)."""
    import highspy

    MS = highspy.HighsModelStatus
    try:
        h, status = _highs._highs_solve_dual(S, cf)
    except Exception:  # pragma: no cover - float path unavailable: the primal LP's path answers
        return None
    try:
        if status == MS.kOptimal:
            return _optimal_from_basis(S, c, _dual_basis(S, h))
        if status == MS.kUnbounded:
            has, ray = _primal_ray(h)
            y = _ray_certificate(S, ray) if has and ray is not None else None
            if y is not None:
                return OptimizeResult("infeasible", certificate=_certificate_from_ints(S, y), method="highs+exact")
        return None
    finally:
        _release(h)


class _BasisOptimum(NamedTuple):
    """A checked optimum read off HiGHS's final basis, in integers.

    The point is ``x = xn / D``; the multiplier of the scaled row ``tight[k]`` is
    ``znum[k] / (zden Lc)`` (0 on the other rows); the objective ``c = cint / Lc``."""

    tight: list[int]
    xn: list[int]
    D: int
    znum: list[int]
    zden: int
    cint: list[int]
    Lc: int


def _basis_optimum(S: _System, c: list[Fraction], basis: tuple[list[int], list[int]] | None) -> _BasisOptimum | None:
    """An exact, checked optimum from a basis of HiGHS (integers only), or None.

    ``basis`` is ``(tight rows, fixed columns)`` (:func:`solvers.lp._repair._basis_sets` for the
    primal LP, :func:`solvers.lp._repair._dual_basis` for the dual); they form a square integer
    matrix ``M`` (:func:`solvers.lp._repair._square_system`).  python-flint solves the vertex
    ``M x = b`` and the dual multipliers ``M^T (y_tight, r) = Lc c``
    (:func:`solvers.lp._linalg._solve_primal_dual`), and ``r = 0`` is required.  Point and
    multipliers are checked by :func:`solvers.lp._checks._basis_optimal_ok` (integers only; the
    point through the rigorous float filter).
    """
    if basis is None:
        return None
    tight, fixed = basis
    M, r = _square_system(S, tight, fixed)
    Lc = math.lcm(*(v.denominator for v in c)) if c else 1
    cint = [v.numerator * (Lc // v.denominator) for v in c]
    sol = _solve_primal_dual(M, r, cint)
    if sol is None:
        return None
    xn, D, znum, zden = sol
    if any(znum[len(tight) :]):
        return None
    znum = znum[: len(tight)]
    if not _basis_optimal_ok(S, cint, Lc, xn, D, tight, znum, zden):
        return None
    return _BasisOptimum(tight, xn, D, znum, zden, cint, Lc)


def _optimize_result(S: _System, opt: _BasisOptimum) -> OptimizeResult:
    """The :class:`OptimizeResult` of a checked basis optimum: Fractions in the caller's units,
    made on first access (:func:`solvers.lp._results._deferred`)."""
    m, m_ub = S.m, S.m_ub
    scales = S.rows(opt.tight)[2]

    def dual() -> FarkasCertificate:
        y = [_ZERO] * m
        den = opt.zden * opt.Lc
        for i, z, s in zip(opt.tight, opt.znum, scales, strict=True):
            if z:  # y_caller = y_scaled * scale, one Fraction per multiplier
                y[i] = Fraction(z * s.numerator, den * s.denominator)
        return FarkasCertificate(tuple(y[:m_ub]), tuple(y[m_ub:]))

    make: dict[str, Callable[[], object]] = {
        "point": partial(_to_point, opt.xn, opt.D),
        "value": lambda: Fraction(_dot(opt.cint, opt.xn), opt.Lc * opt.D),
        "dual": dual,
    }
    return _deferred(OptimizeResult, make, status="optimal", ray=None, certificate=None, method="highs+exact")


def _optimal_from_basis(S: _System, c: list[Fraction], basis) -> OptimizeResult | None:
    """:func:`_basis_optimum` as an :class:`OptimizeResult`, or None."""
    opt = _basis_optimum(S, c, basis)
    return None if opt is None else _optimize_result(S, opt)


def _slack_optimum(T: _System, c: list[Fraction]) -> _BasisOptimum | None:
    """HiGHS on the max-slack LP ``T`` (its dual LP: ``T`` has more rows than columns) and the
    checked optimum of its final basis, or None (HiGHS unavailable or not optimal, or its basis
    not certified)."""
    import highspy

    solve, basis = (_highs._highs_solve_dual, _dual_basis) if T.m > T.d else (_highs._highs_solve, _basis_sets)
    try:
        h, status = solve(T, np.array([float(v) for v in c]))
    except Exception:  # float path unavailable: the caller's general path answers
        return None
    try:
        return _basis_optimum(T, c, basis(T, h)) if status == highspy.HighsModelStatus.kOptimal else None
    finally:
        _release(h)


def _unbounded_exact(S: _System, c: list[Fraction]) -> OptimizeResult | None:
    """Certify unboundedness through two feasibility problems: a point of P and a ray
    ``A_ub r <= 0, A_eq r = 0, c^T r = 1`` (each solved and checked exactly)."""
    p = _feasible(S)
    if not p.feasible:
        return OptimizeResult("infeasible", certificate=p.certificate, method=p.method)
    Lc = math.lcm(*(v.denominator for v in c)) if c else 1
    ci = [int(v * Lc) for v in c]
    R = _System(
        S.d,
        S.m_ub,
        S.m_eq + 1,
        S.A + [ci],
        [0] * S.m + [Lc],
        S.scale + [Fraction(1)],
        np.vstack([S.A_float, np.array([float(v) for v in c]).reshape(1, S.d)]),
        np.concatenate([np.zeros(S.m), [1.0]]),
    )
    r = _feasible(R)
    if not r.feasible:
        return None
    return OptimizeResult("unbounded", p.point, None, None, r.point, None, "highs+exact")


_homed_in_solvers_lp(feasible_point, maximize)
