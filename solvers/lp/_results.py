"""What the LP layer returns: :class:`FarkasCertificate`, :class:`FeasibilityResult`, :class:`OptimizeResult`.

Plain frozen dataclasses of :class:`fractions.Fraction` tuples; the exact checkers in
:mod:`solvers.lp` (``is_feasible_point``, ``is_farkas_certificate``,
``is_optimize_certificate``) accept them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from solvers._domains import checked

__all__ = ["FarkasCertificate", "FeasibilityResult", "OptimizeResult"]


@checked
@dataclass(frozen=True)
class FarkasCertificate:
    """Farkas multipliers: ``y_ub`` (one per inequality row, ``>= 0``) and ``y_eq`` (free).

    For the system ``A_ub x <= b_ub, A_eq x = b_eq`` they certify infeasibility when
    ``y_ub^T A_ub + y_eq^T A_eq = 0`` and ``y_ub^T b_ub + y_eq^T b_eq < 0``.

    Attributes
    ----------
    y_ub : tuple
        One multiplier >= 0 per inequality row.
    y_eq : tuple
        One free multiplier per equality row.
    """

    y_ub: tuple
    y_eq: tuple


@checked
@dataclass(frozen=True)
class FeasibilityResult:
    """Outcome of :func:`feasible_point`.

    Attributes
    ----------
    feasible : bool
        Whether the (strict, if ``strict=True``) system has a solution.
    point : tuple of Fraction or None
        A solution, satisfying every constraint exactly (strictly, for ``strict=True``).
    certificate : FarkasCertificate or None
        When infeasible: Farkas (or, for ``strict=True``, Motzkin) multipliers.
    slack : Fraction or None
        Only for ``strict=True``: the max-slack value (module docstring); ``None`` when
        even the equations ``A_eq x = b_eq`` have no solution.
    method : str
        Which tier answered: ``"highs+exact"`` (float proposal, exact repair),
        ``"highs+exchange"`` (HiGHS's basis after the tight restart, repaired by exact
        basis exchanges), ``"exact-active-set"``, ``"exact-simplex"`` or ``"trivial"`` (no constraints);
        informative only — every answer is exact and checked whatever the tier.
    """

    feasible: bool
    point: tuple | None
    certificate: FarkasCertificate | None
    slack: Fraction | None = None
    method: str = ""


@checked
@dataclass(frozen=True)
class OptimizeResult:
    """Outcome of :func:`maximize`.

    Attributes
    ----------
    status : {"optimal", "unbounded", "infeasible"}
    point : tuple of Fraction or None
        An optimal point (``optimal``) or a feasible point (``unbounded``).
    value : Fraction or None
        The optimal value ``c^T x``.
    dual : FarkasCertificate or None
        For ``optimal``: multipliers ``y_ub >= 0``, ``y_eq`` with
        ``A_ub^T y_ub + A_eq^T y_eq = c`` and ``b^T y = value`` (strong duality, exact).
    ray : tuple of Fraction or None
        For ``unbounded``: ``A_ub r <= 0``, ``A_eq r = 0``, ``c^T r > 0``.
    certificate : FarkasCertificate or None
        For ``infeasible``: Farkas multipliers.
    method : str
    """

    status: str
    point: tuple | None = None
    value: Fraction | None = None
    dual: FarkasCertificate | None = None
    ray: tuple | None = None
    certificate: FarkasCertificate | None = None
    method: str = ""


def _homed_in_solvers_lp(*objects) -> None:
    """Name ``solvers.lp`` as the home of public objects defined in its private modules.

    Users import them from :mod:`solvers.lp`; the API reference (autosummary) and pickles look them up
    by ``__module__``.

    Parameters
    ----------
    *objects : class or function
        The public objects of one private module.
    """
    for obj in objects:
        obj.__module__ = "solvers.lp"


_homed_in_solvers_lp(FarkasCertificate, FeasibilityResult, OptimizeResult)
