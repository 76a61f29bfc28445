"""The shared problem layer: the four problems (class, target, law D, sampler) as one :class:`Problem`.

[Yan26]'s predictors, [NNSY23]'s GenericBBL, the sweeps and the claims all build their problems with
:func:`draw_problem` (the old entry points :func:`geoprivate.prediction.problems.make_problem` and
:func:`geoprivate.everlasting.generic_bbl.make_everlasting_problem` are thin wrappers), so the same
generator state gives the same class, target and law D everywhere.  Labels {0, 1}.

* ``thresholds``: X = [0, 1), c(x) = [x ≥ t*], t* ~ U(0.2, 0.8), D uniform.
* ``intervals``: X = [0, 1), c = [a*, b*], a* ~ U(0.1, 0.4), b* ~ U(0.6, 0.9), D uniform.
* ``finite``: a random 0/1 matrix (``n_concepts`` × ``n_points``, rows made distinct) and a random
  target row; D uniform on the domain positions.
* ``halfspaces``: X = ℝ^d, D the standard Gaussian rounded to the grid 2⁻¹⁰ℤ^d (:data:`GRID`, so
  exact arithmetic stays on small denominators), c = h_{a*, w*} with a* Gaussian, w* = 0.1·|a*|.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Interval,
    Joint,
    NonNegInt,
    Positive,
    PositiveInt,
    Rng,
    as_rng,
    check_finite_array,
    check_indices,
    check_line_points,
    checked,
)
from geoprivate.adversaries.stochastic import gaussian, uniform_columns, uniform_line
from geoprivate.concepts import FiniteClass, Halfspaces, Intervals, Thresholds
from solvers import combinatorics as comb
from solvers._checks import as_list, check_array_bytes
from solvers.generators import random_matrix

__all__ = [
    "CONCEPTS",
    "GRID",
    "Problem",
    "MAX_CELLS",
    "MAX_DIMENSION",
    "MAX_SAMPLE",
    "Target",
    "TargetDraw",
    "draw_problem",
    "draw_target",
    "point_checker",
]

GRID = 2.0**-10
#: bounds checked before anything is drawn: |S| of :func:`draw_problem`, the finite matrix's cells,
#: the halfspaces' dimension (beyond them a draw exhausts memory before anything refuses)
MAX_SAMPLE = 10**8
MAX_CELLS = 10**8
MAX_DIMENSION = 10**6
CONCEPTS = ("thresholds", "intervals", "finite", "halfspaces")


def _concept(value, name: str) -> str:
    """One of :data:`CONCEPTS`."""
    if not isinstance(value, str) or value not in CONCEPTS:
        raise ValueError(f"{name}: the concept must be one of {CONCEPTS}, got {value!r}")
    return value


#: one of :data:`CONCEPTS`
Concept = Annotated[str, Check(_concept, kind="choice")]
_Dim = Annotated[int, Interval(ge=1, le=MAX_DIMENSION)]
_NSample = Annotated[int, Interval(ge=0, le=MAX_SAMPLE)]


def _breakpoints(value, name: str) -> tuple:
    """Finite breakpoints of a target, as floats."""
    return tuple(check_finite_array(as_list(value, name, "a sequence of real numbers"), name, ndim=1).tolist())


@checked
class Target:
    """The target concept c as a callable ``points -> {0,1}`` that also lists its breakpoints.

    ``breakpoints`` (line classes): the points where c changes value, so that err_D(c, h)
    can be integrated exactly (:mod:`geoprivate.prediction.accuracy`); ``params`` records
    the concept (t*, [a*, b*], a row index, or (a*, w*)).
    """

    def __init__(
        self,
        fn: Callable[..., Any],
        breakpoints: Annotated[Any, Check(_breakpoints, kind="array")] = (),
        check: Callable[..., Any] | None = None,
        **params: Any,
    ):
        self.fn = fn
        self.check = check
        self.breakpoints = breakpoints
        self.params = params

    def __call__(self, q):
        return self.fn(q if self.check is None else self.check(q, "points"))

    def __repr__(self) -> str:
        return f"Target({self.params})"


def _target_params(value, name: str):
    """The target as its class names it (a threshold, a pair, a row, (a, w)): no NaN in it."""
    try:
        bad = np.isnan(np.asarray(value, dtype=float)).any()
    except (TypeError, ValueError):  # not numbers (a row index is an int; halfspaces a pair of an array and a float)
        bad = any(isinstance(v, float) and v != v for v in (value if isinstance(value, tuple) else (value,)))
    if bad:
        raise ValueError(f"{name} must not hold NaN, got {value!r}")
    return value


_TargetParams = Annotated[Any, Check(_target_params)]


@checked
@dataclass(frozen=True)
class TargetDraw:
    """A class, a target drawn in it and the law D of the points.

    Attributes
    ----------
    name : str               one of :data:`CONCEPTS`
    concept : object         Thresholds(), Intervals(), a FiniteClass or Halfspaces(d)
    target : Target          c as a vectorised callable
    law : callable           D as ``law(rng, n) -> points`` (UniformLine, UniformColumns, GaussianLaw)
    params : object          the target as the class names it: t*, (a*, b*), a row, (a*, w*)
    vc : int                 VC dimension (finite: exact; halfspaces in ℝ^d: d + 1)
    """

    name: Concept
    concept: Thresholds | Intervals | FiniteClass | Halfspaces
    target: Target
    law: Callable[..., np.ndarray]
    params: _TargetParams  # its type depends on name (see above)
    vc: NonNegInt


@checked
def point_checker(name: Concept, *, d: _Dim = 2, n_points: PositiveInt = 32):
    """The validator of the points of problem ``name``: ``check(points, param_name) -> array``.

    Line classes: finite reals (:func:`~geoprivate._validation.check_line_points`); finite classes: domain positions in
    [0, n_points) (:func:`~geoprivate._validation.check_indices`: -1 and 1.7 refused, never wrapped
    or truncated); halfspaces: finite rows of R^d.

    Parameters
    ----------
    name : str
        One of :data:`CONCEPTS`.
    d, n_points : int
        The halfspaces' dimension; the finite domain's size.

    Returns
    -------
    callable
    """
    if name in ("thresholds", "intervals"):
        return check_line_points
    if name == "finite":
        return lambda q, what="points": check_indices(q, n_points, what)
    return lambda q, what="points": check_finite_array(q, what, shape=(None, d))


@checked
def draw_target(
    name: Concept,
    rng: Rng = None,
    *,
    d: _Dim = 2,
    n_points: PositiveInt = 32,
    n_concepts: PositiveInt = 128,
    grid: Positive | None = GRID,
) -> TargetDraw:
    """Draw a target of ``name`` from ``rng`` (see the module docstring).

    Raises
    ------
    ValueError
        Unknown ``name``; d, n_points or n_concepts < 1.
    """
    if name == "finite" and n_points * n_concepts > MAX_CELLS:
        raise ValueError(
            f"n_points, n_concepts: a {n_concepts} x {n_points} matrix has more than MAX_CELLS = {MAX_CELLS} cells"
        )
    rng = as_rng(rng)
    if name == "thresholds":
        t = float(rng.uniform(0.2, 0.8))
        tg = Target(lambda q, t=t: (q >= t).astype(np.uint8), (t,), check_line_points, t=t)
        return TargetDraw(name, Thresholds(), tg, uniform_line(0.0, 1.0), t, 1)
    if name == "intervals":
        a, b = float(rng.uniform(0.1, 0.4)), float(rng.uniform(0.6, 0.9))
        tg = Target(
            lambda q, a=a, b=b: ((q >= a) & (q <= b)).astype(np.uint8),
            (a, b),
            check_line_points,
            a=a,
            b=b,
        )
        return TargetDraw(name, Intervals(), tg, uniform_line(0.0, 1.0), (a, b), 2)
    if name == "finite":
        M = comb.dichotomies(random_matrix(n_concepts, n_points, 0.5, rng))
        C = FiniteClass(M, name=f"random class {M.shape[0]}x{M.shape[1]}")
        row = int(rng.integers(M.shape[0]))
        tg = Target(lambda q, row=row: M[row, q], (), point_checker(name, n_points=M.shape[1]), row=row)
        return TargetDraw(name, C, tg, uniform_columns(n_points), row, C.vc_dimension())
    a = rng.standard_normal(d)
    w = 0.1 * float(np.linalg.norm(a))
    tg = Target(lambda q, a=a, w=w: (q @ a >= w).astype(np.uint8), (), point_checker(name, d=d), a=a, w=w)
    return TargetDraw(name, Halfspaces(d), tg, gaussian(d, grid=grid), (a, w), d + 1)


@checked
@dataclass
class Problem:
    """A concept class, a target c in it, the law D of the points and (optionally) a labelled sample S ~ D.

    Attributes
    ----------
    name : str
        One of :data:`CONCEPTS`.
    concept : object
        Thresholds(), Intervals(), a FiniteClass or Halfspaces(d).
    target : Target
        c as a vectorised callable ``points -> {0, 1}`` (``problem.target(x)``).
    sampler : callable
        D as ``sampler(rng, n) -> points`` (UniformLine, UniformColumns, GaussianLaw).
    target_params : object
        The target as the class names it: t*, (a*, b*), a row index of the matrix, or (a*, w*).
    vc : int
        VC dimension, at least 1 (finite: exact; halfspaces in ℝ^d: d + 1).
    d : int
        The dimension a predictor is built with: 1 (thresholds), 2 (intervals), the VC dimension
        (finite), the dimension of the points (halfspaces: [Yan26] G_halfspace(d)).
    description : str
        One line naming the class, D and the target.
    X, y : numpy.ndarray or None
        The sample S and its labels c(S) when drawn (``n_sample`` > 0 in :func:`draw_problem`).
    """

    name: Concept
    concept: Thresholds | Intervals | FiniteClass | Halfspaces
    target: Target
    sampler: Callable[..., np.ndarray]
    target_params: _TargetParams  # its type depends on name (see above)
    vc: NonNegInt
    d: _Dim
    description: str
    X: np.ndarray | None = None
    y: np.ndarray | None = None

    def check_points(
        self,
        points: Annotated[Any, Joint("points of the problem's domain (its target's check)", kind="array")],
        name: str = "points",
    ) -> np.ndarray:
        """``points`` validated as points of this problem (:func:`point_checker`): a one-line error otherwise.

        Parameters
        ----------
        points : array_like
            Line points, domain positions (finite) or rows of R^d (halfspaces).
        name : str
            The parameter named in the error.

        Returns
        -------
        numpy.ndarray
        """
        check = self.target.check
        return np.asarray(points) if check is None else check(points, name)

    def sample(self, rng: Rng, n: _NSample) -> np.ndarray:
        """n i.i.d. points of D (U[0, 1) on the line; uniform on the domain positions; grid Gaussian)."""
        check_array_bytes(8 * n * self.d, f"n={n} points of dimension {self.d}")
        return self.sampler(as_rng(rng), n)

    @property
    def law(self):
        """D (the same callable as :attr:`sampler`)."""
        return self.sampler


def _description(td: TargetDraw, d: int, grid: float | None) -> str:
    """One line naming the class, D and the target."""
    if td.name == "thresholds":
        return f"thresholds on [0,1), D uniform, t*={td.params:.4f}"
    if td.name == "intervals":
        return f"intervals on [0,1), D uniform, [{td.params[0]:.4f}, {td.params[1]:.4f}]"
    if td.name == "finite":
        return f"{td.concept.name} (VC {td.vc}), D uniform, target row {td.params}"
    law = "D Gaussian" if grid is None else f"D Gaussian (grid 2^{math.log2(grid):g})"
    return f"halfspaces in R^{d}, {law}"


@checked
def draw_problem(
    name: Concept,
    rng: Rng = None,
    *,
    n_sample: _NSample = 0,
    d: _Dim = 2,
    n_points: PositiveInt = 32,
    n_concepts: PositiveInt = 128,
    grid: Positive | None = GRID,
) -> Problem:
    """Draw a :class:`Problem` of ``name`` from ``rng``: the target, then (if ``n_sample`` > 0) S ~ D^n_sample.

    Parameters
    ----------
    name : str
        One of :data:`CONCEPTS` (see the module docstring for the classes, targets and laws).
    rng : numpy.random.Generator, int or None
        One stream: the target is drawn first, then the sample (so a problem with ``n_sample`` = 0
        and one with ``n_sample`` > 0 from the same seed have the same target and law).
    n_sample : int, default 0
        |S|; 0 draws no sample (``X`` and ``y`` are None).
    d : int, default 2
        Halfspaces only: the dimension of the points.
    n_points, n_concepts : int, default 32, 128
        Finite only: the domain size and the number of random rows (made distinct).
    grid : float or None, default :data:`GRID`
        Halfspaces only: D is the standard Gaussian rounded to ``grid``·ℤ^d, or the plain Gaussian for None.

    Returns
    -------
    Problem

    Raises
    ------
    ValueError
        Unknown ``name``; n_sample < 0; d, n_points or n_concepts < 1.
    """
    check_array_bytes(
        8 * n_sample * (d if name == "halfspaces" else 1), f"n_sample={n_sample} points of dimension d={d}"
    )
    rng = as_rng(rng)
    td = draw_target(name, rng, d=d, n_points=n_points, n_concepts=n_concepts, grid=grid)
    dim = {"thresholds": 1, "intervals": 2, "finite": td.vc, "halfspaces": d}[name]
    X = y = None
    if n_sample:
        X = td.law(rng, int(n_sample))
        y = td.target(X)
    return Problem(name, td.concept, td.target, td.law, td.params, max(1, td.vc), dim, _description(td, d, grid), X, y)
