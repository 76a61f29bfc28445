"""The shared problem layer: the four problems' classes, target draws and laws D.

[Yan26]'s predictors (:func:`geoprivate.prediction.problems.make_problem`) and [NNSY23]'s GenericBBL
(:func:`geoprivate.everlasting.generic_bbl.make_everlasting_problem`) draw their targets and points
here, so the same generator state gives the same target in both.  Labels {0, 1}.

* ``thresholds``: X = [0, 1), c(x) = [x ≥ t*], t* ~ U(0.2, 0.8), D uniform.
* ``intervals``: X = [0, 1), c = [a*, b*], a* ~ U(0.1, 0.4), b* ~ U(0.6, 0.9), D uniform.
* ``finite``: a random 0/1 matrix (``n_concepts`` × ``n_points``, rows made distinct) and a random
  target row; D uniform on the domain positions.
* ``halfspaces``: X = ℝ^d, D the standard Gaussian rounded to the grid 2⁻¹⁰ℤ^d (:data:`GRID`, so
  exact arithmetic stays on small denominators), c = h_{a*, w*} with a* Gaussian, w* = 0.1·|a*|.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from geoprivate._validation import as_rng, check_positive_int
from geoprivate.adversaries.stochastic import gaussian, uniform_columns, uniform_line
from geoprivate.concepts import FiniteClass, Halfspaces, Intervals, Thresholds

__all__ = ["CONCEPTS", "GRID", "Target", "TargetDraw", "draw_target"]

GRID = 2.0**-10
CONCEPTS = ("thresholds", "intervals", "finite", "halfspaces")


class Target:
    """The target concept c as a callable ``points -> {0,1}`` that also lists its breakpoints.

    ``breakpoints`` (line classes): the points where c changes value, so that err_D(c, h)
    can be integrated exactly (:mod:`geoprivate.prediction.accuracy`); ``params`` records
    the concept (t*, [a*, b*], a row index, or (a*, w*)).
    """

    def __init__(self, fn, breakpoints=(), **params):
        self.fn = fn
        self.breakpoints = tuple(float(b) for b in breakpoints)
        self.params = params

    def __call__(self, q):
        return self.fn(q)

    def __repr__(self) -> str:
        return f"Target({self.params})"


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

    name: str
    concept: object
    target: Target
    law: object
    params: object
    vc: int


def draw_target(
    name: str, rng=None, *, d: int = 2, n_points: int = 32, n_concepts: int = 128, grid: float | None = GRID
) -> TargetDraw:
    """Draw a target of ``name`` from ``rng`` (see the module docstring).

    Raises
    ------
    ValueError
        Unknown ``name``; d, n_points or n_concepts < 1.
    """
    if name not in CONCEPTS:
        raise ValueError(f"concept: expected one of {CONCEPTS}, got {name!r}")
    d = check_positive_int(d, "d")
    rng = as_rng(rng)
    if name == "thresholds":
        t = float(rng.uniform(0.2, 0.8))
        tg = Target(lambda q, t=t: (np.asarray(q, dtype=np.float64) >= t).astype(np.uint8), (t,), t=t)
        return TargetDraw(name, Thresholds(), tg, uniform_line(0.0, 1.0), t, 1)
    if name == "intervals":
        a, b = float(rng.uniform(0.1, 0.4)), float(rng.uniform(0.6, 0.9))
        tg = Target(
            lambda q, a=a, b=b: ((np.asarray(q, np.float64) >= a) & (np.asarray(q, np.float64) <= b)).astype(np.uint8),
            (a, b),
            a=a,
            b=b,
        )
        return TargetDraw(name, Intervals(), tg, uniform_line(0.0, 1.0), (a, b), 2)
    if name == "finite":
        from solvers import combinatorics as comb
        from solvers.generators import random_matrix

        n_points = check_positive_int(n_points, "n_points")
        M = comb.dichotomies(random_matrix(check_positive_int(n_concepts, "n_concepts"), n_points, 0.5, rng))
        C = FiniteClass(M, name=f"random class {M.shape[0]}x{M.shape[1]}")
        row = int(rng.integers(M.shape[0]))
        tg = Target(lambda q, row=row: M[row, np.asarray(q, dtype=np.intp)], row=row)
        return TargetDraw(name, C, tg, uniform_columns(n_points), row, C.vc_dimension())
    a = rng.standard_normal(d)
    w = 0.1 * float(np.linalg.norm(a))
    tg = Target(lambda q, a=a, w=w: (np.asarray(q, np.float64) @ a >= w).astype(np.uint8), a=a, w=w)
    return TargetDraw(name, Halfspaces(d), tg, gaussian(d, grid=grid), (a, w), d + 1)
