"""The public exact checkers: points, Farkas / Motzkin multipliers, :func:`maximize` answers.

Each parses the caller's system like the solvers do (:func:`solvers.lp._system._prepare`) and
checks in integer arithmetic on the scaled rows (:mod:`solvers.lp._checks`); they back every
answer of :mod:`solvers.lp` and let a user check one independently.

>>> is_feasible_point([[1, 1], [-1, 0], [0, -1]], [1, 0, 0], None, None, [0, 1])   # a vertex of the triangle
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

from solvers._checks import check_certificate_pair
from solvers._domains import Check, Joint, LPPart, checked
from solvers._rational import common_denominator
from solvers.lp._checks import _caller_to_scaled_ints, _cert_ok, _dot, _optimal_ok, _point_ok
from solvers.lp._results import FarkasCertificate, OptimizeResult, _homed_in_solvers_lp
from solvers.lp._system import _as_vector, _caller_vector, _prepare

__all__ = ["is_farkas_certificate", "is_feasible_point", "is_optimize_certificate"]


@checked
def is_feasible_point(
    A_ub: LPPart,
    b_ub: LPPart,
    A_eq: LPPart,
    b_eq: LPPart,
    point: Annotated[Any, Joint("exact numbers, one per column of the system", kind="array")],
    *,
    strict: bool = False,
) -> bool:
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
    >>> from fractions import Fraction
    >>> is_feasible_point([[1, 1]], [1], None, None, [Fraction(1, 2), Fraction(1, 2)])
    True
    >>> is_feasible_point([[1, 1]], [1], None, None, [Fraction(1, 2), Fraction(1, 2)], strict=True)
    False
    """
    p = _caller_vector(point, "point")
    S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=len(p), hint_name="point")
    nums, D = common_denominator(p)
    return _point_ok(S, nums, D, strict)


@checked
def is_farkas_certificate(
    A_ub: LPPart,
    b_ub: LPPart,
    A_eq: LPPart,
    b_eq: LPPart,
    certificate: Annotated[
        Any, Check(check_certificate_pair), Joint("one multiplier per row of the system", kind="object")
    ],
    *,
    strict: bool = False,
) -> bool:
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


@checked
def is_optimize_certificate(
    c: LPPart, A_ub: LPPart, b_ub: LPPart, A_eq: LPPart, b_eq: LPPart, result: OptimizeResult
) -> bool:
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
    cv = _caller_vector(c, "c")
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


_homed_in_solvers_lp(is_farkas_certificate, is_feasible_point, is_optimize_certificate)
