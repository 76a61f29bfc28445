"""What the LP layer returns: :class:`FarkasCertificate`, :class:`FeasibilityResult`, :class:`OptimizeResult`.

Plain frozen dataclasses of :class:`fractions.Fraction` tuples; the exact checkers in
:mod:`solvers.lp` (``is_feasible_point``, ``is_farkas_certificate``,
``is_optimize_certificate``) accept them.  An answer certified from HiGHS's basis may come as
a private subclass whose Fractions are made when first read (:func:`_deferred`): the answer
was checked exactly, in integers, before it was returned; normalising a few hundred-bit
Fractions (one ``gcd`` each) cost as much as that check.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

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
        ``"highs+exchange"`` (HiGHS's basis, repaired by exact basis exchanges), ``"exact-active-set"``, ``"exact-simplex"`` or ``"trivial"`` (no constraints);
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


def _deferred_class(base: type) -> type:
    """The private subclass of the frozen result dataclass ``base`` whose fields may be made on
    first access (:func:`_deferred`).  It compares, hashes, prints, copies and pickles as ``base``
    (``dataclasses.replace`` and ``copy`` give a plain ``base``); its fields cannot be set."""
    names = tuple(f.name for f in dataclasses.fields(base))

    def field(name: str) -> property:
        def get(self):
            d = self.__dict__
            try:
                return d[name]
            except KeyError:  # made once, on first access
                value = d[name] = d["_make"][name]()
                return value

        return property(get, doc=f"The ``{name}`` of :class:`{base.__name__}`.")

    def values(self) -> tuple:
        return tuple(getattr(self, n) for n in names)

    def __new__(cls, *args, **kwargs):  # dataclasses.replace, copy.replace: a plain instance
        return base(*args, **kwargs)

    def __eq__(self, other):
        return values(self) == values(other) if isinstance(other, base) else NotImplemented

    def __hash__(self):
        return hash(values(self))

    def __repr__(self):
        return repr(base(*values(self)))

    def __reduce__(self):
        return base, values(self)

    namespace: dict[str, Any] = {n: field(n) for n in names}
    namespace.update(
        __new__=__new__, __eq__=__eq__, __hash__=__hash__, __repr__=__repr__, __reduce__=__reduce__, __slots__=()
    )
    namespace["__doc__"] = f"A :class:`{base.__name__}` whose fields are made on first access (private)."
    return type(f"_Deferred{base.__name__}", (base,), namespace)


_DEFERRED: dict[type, type] = {cls: _deferred_class(cls) for cls in (FeasibilityResult, OptimizeResult)}


def _deferred(base: type, make: dict[str, Callable[[], object]], **fields):
    """An instance of ``base`` (:class:`FeasibilityResult` or :class:`OptimizeResult`) with the
    given ``fields`` and the others made by ``make[name]()`` on first access (once).

    For answers already certified exactly (in integers): the functions in ``make`` only turn
    checked integers into the caller's Fractions, deterministically.

    Parameters
    ----------
    base : type
        The result class.
    make : dict of str to callable
        For each deferred field, the function that makes its value.
    **fields
        The other fields' values.

    Returns
    -------
    FeasibilityResult or OptimizeResult
        An instance of a private subclass of ``base``; equal to ``base(**values)``.

    Examples
    --------
    >>> r = _deferred(OptimizeResult, {"value": lambda: Fraction(1, 3)}, status="optimal", point=None,
    ...               dual=None, ray=None, certificate=None, method="highs+exact")
    >>> r.value, r == OptimizeResult("optimal", None, Fraction(1, 3), method="highs+exact")
    (Fraction(1, 3), True)
    """
    obj: Any = object.__new__(_DEFERRED[base])
    obj.__dict__.update(fields, _make=make)
    return obj


_homed_in_solvers_lp(FarkasCertificate, FeasibilityResult, OptimizeResult)
