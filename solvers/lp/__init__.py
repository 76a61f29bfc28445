"""Exact linear feasibility and linear optimisation with checkable certificates.

The polyhedron is ``P = {x in Q^d : A_ub x <= b_ub, A_eq x = b_eq}`` (``x`` free).
Every answer returned here is *exact* and *certified*:

* feasible  -> a point of ``P`` with :class:`fractions.Fraction` coordinates;
* infeasible -> Farkas multipliers ``(y_ub, y_eq)`` with ``y_ub >= 0``,
  ``y_ub^T A_ub + y_eq^T A_eq = 0`` and ``y_ub^T b_ub + y_eq^T b_eq < 0``.

Strategy (DESIGN.md "Exactness")
--------------------------------
1. **Float proposal.**  HiGHS (through ``highspy``, presolve off so that the
   simplex basis and the dual ray refer to the model as given) solves the LP in
   floating point.
2. **Exact repair.**  Optimal: the final simplex basis names ``d`` tight constraints
   (non-basic rows, and non-basic free columns, fixed at 0); that ``d x d`` system
   is solved in integer arithmetic (fraction-free Gauss-Jordan on the rows scaled to
   integers; sparse Markowitz elimination for many unknowns) and the point is checked
   against *every* constraint exactly; for :func:`maximize` the dual multipliers of
   the same basis are solved for and checked too.  Infeasible: HiGHS's dual ray is
   rationalised (its support is taken and the small linear system
   ``y_S^T [A_S | b_S] = (0, -1)`` solved exactly) and checked exactly.  For
   :func:`maximize` and ``strict=True`` (the max-slack LP) the same: the basis's point and
   its dual multipliers (one fraction-free reduction of ``[M | b | I]`` gives both, python-flint)
   are checked in
   integers, the point through the rigorous float filter of :mod:`solvers.lp._checks`
   (integers only for the rows it cannot settle); Fractions are built only for the answer.
3. **Second float attempts** when the proposal does not survive the exact check: HiGHS
   restarted from its final basis with tight tolerances (a few more pivots: on
   near-degenerate systems HiGHS's first basis is typically off by one or two rows whose
   exact residual is ~1e-12 relative); if that basis's vertex still violates a row, exact
   basis exchanges bring the violated rows into the basis (``method="highs+exchange"``,
   :func:`solvers.lp._repair._exchange_repair`); then the max-slack LP (its optimum is a
   feasible point when ``t* >= 0``, its duals a Farkas certificate when ``t* < 0``), all
   repaired and checked as above.
4. **Exact active-set repair** (``method="exact-active-set"``): a vertex-form simplex in
   rational arithmetic on ``max t : A_ub x + t <= b_ub, t <= 0`` (equations eliminated
   through :class:`solvers.affine.AffineSubspace`), started at the exact vertex of HiGHS's
   final basis (else the float solution), so
   that near-degenerate systems whose feasible region is below HiGHS's tolerances
   (widths ~1e-9) are settled in a few exact steps.  Used up to 40 free coordinates,
   with an iteration cap (smallest-index rule; on the cap the fallback below answers).
5. **Exact fallback** (``method="exact-simplex"``): an integer-preserving
   (Edmonds/Bareiss fraction-free) two-phase tableau simplex with Bland's rule.  It
   always terminates and always yields a certificate; it is slow (pure Python
   integers, ~30 ms for 50 x 5, growing with ``m * (2d + m)`` per pivot), so it is
   the last resort.

Every answer is re-checked by the same exact checker that backs
:func:`is_feasible_point` / :func:`is_farkas_certificate` before it is returned
(an ``AssertionError`` would signal a bug, never a wrong answer).

Input numbers: Python/numpy integers, :class:`fractions.Fraction` (any
``numbers.Rational``), and floats, which are taken at their **exact binary value**
(``Fraction(0.1) == 3602879701896397/36028797018963968``), so an answer certifies
the system the caller actually passed.  NaN and infinities are rejected.

Strict inequalities (``strict=True``): the max-slack LP
``slack = max { t : A_ub x + t*1 <= b_ub, A_eq x = b_eq, t <= 1 }``
(rows in the caller's own scaling, capped at 1 so that it is bounded; with no
inequality rows ``slack = 1`` if the equations are solvable).  The strict system
``A_ub x < b_ub, A_eq x = b_eq`` is feasible iff ``slack > 0``.  Otherwise the
certificate is a Motzkin (transposition theorem) certificate: ``y_ub >= 0``,
``y^T A = 0`` and either ``y^T b < 0``, or ``y^T b <= 0`` with ``y_ub != 0``
(see :func:`is_farkas_certificate` with ``strict=True``).

Reading order (one tier, one module)
------------------------------------
``solvers/lp/`` is a package; this ``__init__`` holds the public API and the order in
which the tiers are tried.  Each tier is one module, readable on its own:

==========================  ===========================================================
``_results.py``             the returned dataclasses
``solvers/_rational.py``    exact rational helpers (shared with :mod:`solvers.affine`)
``_system.py``              tier 0: parsing, validation, rows scaled to integers
``_highs.py``               tier 1: the float proposal (HiGHS)
``_linalg.py``              exact linear algebra (fraction-free, sparse, python-flint)
``_checks.py``              the exact checks every answer passes
``_repair.py``              tier 2: exact repair of HiGHS's basis / dual ray
``_active_set.py``          tier 3: exact active-set repair
``_simplex.py``             tier 4: the exact integer simplex (last resort)
==========================  ===========================================================

The same LPs as readable, modifiable :mod:`cvxpy` problems are built by
:mod:`solvers.formulations` (the exact oracles here stay the source of truth).

References
----------
C. Yan, *Private Prediction via Shrinkage* [Yan26] §5: the halfspace
generator G_halfspace (Algorithm 4) reduces to linear feasibility problems.
J. Edmonds, "Systems of distinct representatives and linear algebra" (1967) and
E. H. Bareiss (1968) for fraction-free elimination; R. G. Bland (1977) for the
anti-cycling pivot rule.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from solvers._rational import common_denominator, pow2
from solvers._rational import to_fraction as _to_fraction  # noqa: F401  (kept for old private imports)
from solvers.lp._active_set import _ACTIVE_SET_MAX_DIM, _feasible_active_set  # noqa: F401
from solvers.lp._checks import (
    _basis_optimal_ok,
    _caller_to_scaled_ints,
    _cert_ok,
    _certificate_from_ints,
    _dot,
    _normalise_certificate,
    _optimal_ok,
    _point_ok,
    _to_point,
)
from solvers.lp._highs import _dual_ray, _highs_resolve, _highs_solve, _release
from solvers.lp._linalg import _DENSE_MAX, _rref_solve, _solve_primal_dual, _solve_square, _sparse_solve  # noqa: F401
from solvers.lp._repair import (
    _basis_system,
    _basis_vertex,
    _exchange_repair,
    _interior_point,
    _ray_certificate,
    _rounded_point,
)
from solvers.lp._results import FarkasCertificate, FeasibilityResult, OptimizeResult
from solvers.lp._simplex import _feasible_exact, _maximize_exact
from solvers.lp._system import _as_vector, _prepare, _System

__all__ = [
    "FarkasCertificate",
    "FeasibilityResult",
    "OptimizeResult",
    "feasible_point",
    "maximize",
    "is_feasible_point",
    "is_farkas_certificate",
    "is_optimize_certificate",
]

_ZERO = Fraction(0)

# --------------------------------------------------------------------------- exact checkers (public)


def is_feasible_point(A_ub, b_ub, A_eq, b_eq, point, *, strict: bool = False) -> bool:
    """Exact check that ``point`` satisfies ``A_ub x <= b_ub`` (``<`` if ``strict``) and ``A_eq x = b_eq``.

    Parameters
    ----------
    A_ub, b_ub, A_eq, b_eq : array_like
        As in :func:`feasible_point` (``None`` for an absent block).
    point : sequence of numbers
        Coordinates (ints, Fractions, floats at their exact binary value).
    strict : bool, default False
        Require the inequalities to hold strictly (``A_ub x < b_ub``).

    Returns
    -------
    bool

    Examples
    --------
    >>> is_feasible_point([[1, 1]], [1], None, None, [Fraction(1, 2), Fraction(1, 2)])
    True
    >>> is_feasible_point([[1, 1]], [1], None, None, [Fraction(1, 2), Fraction(1, 2)], strict=True)
    False
    """
    p = _as_vector(point, "point", len(point) if point is not None else 0)
    S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=len(p))
    nums, D = common_denominator(p)
    return _point_ok(S, nums, D, strict)


def is_farkas_certificate(A_ub, b_ub, A_eq, b_eq, certificate, *, strict: bool = False) -> bool:
    """Exact check of Farkas (``strict=False``) or Motzkin (``strict=True``) multipliers.

    ``strict=False``: ``y_ub >= 0``, ``y_ub^T A_ub + y_eq^T A_eq = 0`` and
    ``y_ub^T b_ub + y_eq^T b_eq < 0`` — proves ``{A_ub x <= b_ub, A_eq x = b_eq}`` empty.

    ``strict=True``: the same, except that ``y^T b <= 0`` suffices when ``y_ub != 0`` —
    proves ``{A_ub x < b_ub, A_eq x = b_eq}`` empty (Motzkin's transposition theorem).

    Parameters
    ----------
    A_ub, b_ub : array_like or None
        The inequality constraints ``A_ub x <= b_ub`` (``< b_ub`` when ``strict``).
    A_eq, b_eq : array_like or None
        The equality constraints ``A_eq x = b_eq``.
    certificate : FarkasCertificate or pair (y_ub, y_eq)
        The multipliers to check.
    strict : bool, default False
        Check Motzkin multipliers for the strict system.

    Returns
    -------
    bool
        True when the multipliers prove the system empty (checked in rational arithmetic).

    Examples
    --------
    >>> is_farkas_certificate([[1], [-1]], [0, -1], None, None, FarkasCertificate((1, 1), ()))
    True
    """
    if isinstance(certificate, FarkasCertificate):
        y_ub, y_eq = certificate.y_ub, certificate.y_eq
    else:
        y_ub, y_eq = certificate
    S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=None if (A_ub is not None or A_eq is not None) else 0)
    yu = _as_vector(list(y_ub), "certificate.y_ub", S.m_ub)
    ye = _as_vector(list(y_eq), "certificate.y_eq", S.m_eq)
    nums = _caller_to_scaled_ints(S, FarkasCertificate(tuple(yu), tuple(ye)))
    return _cert_ok(S, nums, strict)


def is_optimize_certificate(c, A_ub, b_ub, A_eq, b_eq, result: OptimizeResult) -> bool:
    """Exact check of a :func:`maximize` answer.

    ``optimal``: ``point`` feasible, ``dual`` has ``y_ub >= 0`` and
    ``A_ub^T y_ub + A_eq^T y_eq = c``, and ``c^T point == b^T y == value`` (weak duality
    then proves optimality).  ``unbounded``: ``point`` feasible and ``ray`` with
    ``A_ub r <= 0``, ``A_eq r = 0``, ``c^T r > 0``.  ``infeasible``: ``certificate``
    passes :func:`is_farkas_certificate`.

    Parameters
    ----------
    c : array_like, shape (n,)
        The objective.
    A_ub, b_ub : array_like or None
        The inequality constraints ``A_ub x <= b_ub``.
    A_eq, b_eq : array_like or None
        The equality constraints ``A_eq x = b_eq``.
    result : OptimizeResult
        The answer of :func:`maximize` to check.

    Returns
    -------
    bool
        True when the result's certificate proves its status (checked in rational arithmetic).
    """
    cv = _as_vector(c, "c", len(c))
    S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=len(cv))
    if result.status == "infeasible":
        return result.certificate is not None and is_farkas_certificate(A_ub, b_ub, A_eq, b_eq, result.certificate)
    if result.point is None:
        return False
    nums, D = common_denominator(_as_vector(list(result.point), "point", S.d))
    if not _point_ok(S, nums, D):
        return False
    if result.status == "unbounded":
        if result.ray is None:
            return False
        r = _as_vector(list(result.ray), "ray", S.d)
        rn, _ = common_denominator(r)
        return (
            all((_dot(S.A[i], rn) <= 0 if i < S.m_ub else _dot(S.A[i], rn) == 0) for i in range(S.m))
            and sum(a * b for a, b in zip(cv, r, strict=True)) > 0
        )
    if result.status != "optimal" or result.dual is None:
        return False
    y = [Fraction(v) / s for v, s in zip(list(result.dual.y_ub) + list(result.dual.y_eq), S.scale, strict=True)]
    if len(y) != S.m:
        return False
    value = sum(a * Fraction(b, D) for a, b in zip(cv, nums, strict=True))
    return value == result.value and _optimal_ok(S, cv, nums, D, y)


# --------------------------------------------------------------------------- feasibility


def feasible_point(A_ub, b_ub, A_eq=None, b_eq=None, *, strict: bool = False) -> FeasibilityResult:
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


_TIGHT = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


def _feasible(S: _System) -> FeasibilityResult:
    """Float proposal + exact repair (HiGHS restarted from its basis with tight tolerances
    if the first proposal does not survive the exact check), exact simplex as the last resort."""
    import highspy

    MS = highspy.HighsModelStatus
    if S.m == 0:
        return FeasibilityResult(True, tuple(Fraction(0) for _ in range(S.d)), None, None, "trivial")
    h = status = None
    try:
        # 1. HiGHS; 2. a hot restart from its final basis with tight tolerances (a few pivots,
        # not a new solve: on near-degenerate systems this is where the basis gets refined)
        for options, hot in ((None, False), (_TIGHT, True)):
            try:
                if hot:
                    status = _highs_resolve(h, options)
                else:
                    h, status = _highs_solve(S, None, options=options)
            except Exception:  # pragma: no cover - float path unavailable: exact fallback
                break
            if status == MS.kOptimal:
                if S.float_input and not hot:  # (the restart's region is as thin as the first one's)
                    p = _interior_point(S, h)
                    if p is not None:
                        return FeasibilityResult(
                            True, tuple(Fraction(v) for v in p[0].tolist()), None, None, "highs+exact"
                        )
                v = _basis_vertex(S, h)
                if v is not None and _point_ok(S, v[2], v[3]):
                    return FeasibilityResult(True, _to_point(v[2], v[3]), None, None, "highs+exact")
                x = None if S.float_input else _rounded_point(h, S)  # simple rationals: for rational input
                if x is None and hot:  # a few exact basis exchanges (after the restart)
                    x = _exchange_repair(S, h)
                if x is not None and _point_ok(S, *x):
                    return FeasibilityResult(
                        True, _to_point(*x), None, None, "highs+exchange" if hot else "highs+exact"
                    )
            elif status == MS.kInfeasible:
                has, ray = _dual_ray(h)
                if has:
                    y = _ray_certificate(S, ray)
                    if y is not None:
                        return FeasibilityResult(False, None, _certificate_from_ints(S, y), None, "highs+exact")
            else:
                break
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


def _slack_system(S: _System):
    """The max-slack LP in variables ``(x, t)``, as a scaled-integer :class:`_System`.

    Caller rows ``a_i x + t <= b_i`` (ub), ``a_i x = b_i`` (eq) and the cap ``t <= 1``
    (placed right after the ub rows); ``t`` is in the caller's units, so each ub row is
    rescaled by the denominator of its scale factor to keep integer coefficients.  For
    numeric input (``S`` converts rows on demand) the slack system does too: its blocks are
    the caller's arrays with the column of ``t`` appended (:func:`_slack_blocks`), so only
    the rows an exact step needs are ever converted to integers.
    """
    if S._A is None and S._blocks is not None:
        return _slack_blocks(S)
    A, b, scale = [], [], []
    for i in range(S.m):
        s = S.scale[i]
        if i < S.m_ub:  # scaled row s*a_i x + s*t <= s*b_i, times den(s) to stay integral
            k = s.denominator
            A.append([v * k for v in S.A[i]] + [s.numerator] if k != 1 else S.A[i] + [s.numerator])
            b.append(S.b[i] * k)
            scale.append(pow2(0) if s.numerator == 1 else Fraction(s.numerator))
        else:
            A.append(S.A[i] + [0])
            b.append(S.b[i])
            scale.append(s)
    A.append([0] * S.d + [1])
    b.append(1)
    scale.append(Fraction(1))
    tcol = np.r_[np.ones(S.m_ub), np.zeros(S.m_eq)].reshape(S.m, 1)
    Af = np.hstack([S.A_float.reshape(S.m, S.d), tcol])
    Af = np.vstack([Af, np.eye(1, S.d + 1, S.d)])
    bf = np.concatenate([S.b_float, [1.0]])
    # the cap row t <= 1 is an inequality row: put it right after the ub rows
    order = list(range(S.m_ub)) + [S.m] + list(range(S.m_ub, S.m))
    return _System(
        S.d + 1,
        S.m_ub + 1,
        S.m_eq,
        [A[i] for i in order],
        [b[i] for i in order],
        [scale[i] for i in order],
        Af[order],
        bf[order],
    )


def _slack_blocks(S: _System) -> _System:
    """:func:`_slack_system` for numeric input, as blocks of numpy arrays (rows on demand).

    Rows ``[a_i, 1] (x, t) <= b_i`` (ub), the cap ``[0, 1] (x, t) <= 1``, then
    ``[a_i, 0] (x, t) = b_i`` (eq): the caller's numbers with exact 0/1 entries appended,
    so the float copies stay exact whenever ``S``'s are."""
    blocks = []
    ub = [(a, b) for start, a, b in S._blocks if start == 0 and S.m_ub]
    eq = [(a, b) for start, a, b in S._blocks if start == S.m_ub and S.m_eq]
    row = 0
    for a, b in ub:
        blocks.append((row, np.hstack([a, np.ones((a.shape[0], 1), dtype=a.dtype)]), b))
        row += a.shape[0]
    cap_dtype = ub[0][0].dtype if ub else np.int64
    blocks.append((row, np.eye(1, S.d + 1, S.d, dtype=cap_dtype), np.ones(1, dtype=cap_dtype)))
    row += 1
    for a, b in eq:
        blocks.append((row, np.hstack([a, np.zeros((a.shape[0], 1), dtype=a.dtype)]), b))
        row += a.shape[0]
    Af = np.vstack([np.asarray(a, dtype=float) for _, a, _ in blocks])
    bf = np.concatenate([np.asarray(b, dtype=float) for _, _, b in blocks])
    return _System(
        S.d + 1,
        S.m_ub + 1,
        S.m_eq,
        None,
        None,
        None,
        Af,
        bf,
        float_exact=S.float_exact,
        blocks=blocks,
        float_input=S.float_input,
    )


def _max_slack(S: _System, exact_fallback: bool = True):
    """Solve the max-slack LP exactly.

    Returns ``(slack, x, cert, method)``: ``slack`` None when the equations alone are
    infeasible (``cert`` then certifies that); otherwise the exact optimum ``t*`` and its
    maximiser ``x``, and for ``t* <= 0`` a Motzkin certificate ``cert`` with
    ``y_ub >= 0``, ``sum(y_ub) = 1``, ``y^T A = 0`` and ``y^T b = t*``.  With
    ``exact_fallback=False`` returns None when the float path does not produce a
    certified answer.
    """
    T = _slack_system(S)
    c = [0] * S.d + [1]
    res = _maximize_sys(T, c, exact_fallback=exact_fallback)
    if res is None:
        return None
    if res.status == "infeasible":  # only the equations can be infeasible
        y = list(res.certificate.y_ub) + list(res.certificate.y_eq)
        cap = y.pop(S.m_ub)  # the cap row t <= 1 sits right after the ub rows
        cert = FarkasCertificate(tuple(y[: S.m_ub]), tuple(y[S.m_ub :]))
        assert cap == 0 and _cert_ok(S, _caller_to_scaled_ints(S, cert)), "internal error: invalid certificate"
        return None, None, cert, res.method
    assert res.status == "optimal", "max-slack LP is bounded by construction"
    t = res.value
    x = tuple(res.point[: S.d])
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
        nums, D = common_denominator(list(x))
        assert _point_ok(S, nums, D, strict=True), "internal error: max-slack point not strictly feasible"
        return FeasibilityResult(True, x, None, t, method)
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
        nums, D = common_denominator(list(x))
        if _point_ok(S, nums, D):
            return FeasibilityResult(True, x, None, None, method)
        return None
    ints = _caller_to_scaled_ints(S, cert)
    if _cert_ok(S, ints):
        return FeasibilityResult(False, None, _normalise_certificate(cert), None, method)
    return None


# --------------------------------------------------------------------------- optimisation


def maximize(c, A_ub, b_ub, A_eq=None, b_eq=None) -> OptimizeResult:
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
    cv = _as_vector(c, "c", len(c) if c is not None else 0)
    S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=len(cv))
    return _maximize_sys(S, cv)


def _maximize_sys(S: _System, c: list[Fraction], exact_fallback: bool = True) -> OptimizeResult | None:
    import highspy

    MS = highspy.HighsModelStatus
    c = [v if type(v) is Fraction else Fraction(v) for v in c]
    if S.m == 0:  # no constraints: optimal (c = 0) or unbounded along c
        zero = tuple(_ZERO for _ in range(S.d))
        if any(c):
            return OptimizeResult("unbounded", zero, None, None, tuple(c), None, "trivial")
        return OptimizeResult("optimal", zero, _ZERO, FarkasCertificate((), ()), None, None, "trivial")
    if S.m:
        try:
            h, status = _highs_solve(S, np.array([float(v) for v in c]))
        except Exception:  # pragma: no cover
            h, status = None, None
        try:
            if status == MS.kOptimal:
                out = _optimal_from_basis(S, c, h)
                if out is not None:
                    return out
            elif status == MS.kInfeasible:
                has, ray = _dual_ray(h)
                if has:
                    y = _ray_certificate(S, ray)
                    if y is not None:
                        cert = _certificate_from_ints(S, y)
                        return OptimizeResult("infeasible", certificate=cert, method="highs+exact")
            elif status in (MS.kUnbounded, MS.kUnboundedOrInfeasible) and exact_fallback:
                out = _unbounded_exact(S, c)
                if out is not None:
                    return out
        finally:
            _release(h)
    return _maximize_exact(S, c) if exact_fallback else None


def _optimal_from_basis(S: _System, c: list[Fraction], h) -> OptimizeResult | None:
    """An exact, checked optimum from HiGHS's final basis, or None.

    The basis's ``d`` tight rows and fixed columns form a square integer matrix ``M``
    (:func:`solvers.lp._repair._basis_system`); one fraction-free reduction
    (:func:`solvers.lp._linalg._solve_primal_dual`, python-flint) gives the vertex
    ``M x = b`` and the dual multipliers ``M^T (y_tight, r) = Lc c`` together, and ``r = 0``
    is required.  Point and multipliers are checked by
    :func:`solvers.lp._checks._basis_optimal_ok` (integers only; the point through the
    rigorous float filter); Fractions are built only for the returned answer.
    """
    system = _basis_system(S, h)
    if system is None:
        return None
    tight, fixed, M, r = system
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
    y = [_ZERO] * S.m
    scales = S.rows(tight)[2]
    den = zden * Lc
    for i, z, s in zip(tight, znum, scales, strict=True):
        if z:  # y_caller = y_scaled * scale, one Fraction per multiplier
            y[i] = Fraction(z * s.numerator, den * s.denominator)
    value = Fraction(_dot(cint, xn), Lc * D)
    return OptimizeResult(
        "optimal",
        _to_point(xn, D),
        value,
        FarkasCertificate(tuple(y[: S.m_ub]), tuple(y[S.m_ub :])),
        None,
        None,
        "highs+exact",
    )


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
