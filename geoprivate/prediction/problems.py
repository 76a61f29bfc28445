"""Ready-made prediction problems: a class, a target, a realisable sample, a query law.

Used by the CLI (``geoprivate predict``), the claims and the benchmarks so that every
generator can be run against every adversary kind from one place.  Labels {0, 1}.

* ``thresholds``: X = [0, 1), target c(x) = [x ≥ t*] with t* ~ U(0.2, 0.8), D uniform.
* ``intervals``: X = [0, 1), target [a*, b*] with a* ~ U(0.1, 0.4), b* ~ U(0.6, 0.9).
* ``finite``: a random 0/1 matrix (``n_concepts`` × ``n_points``, rows distinct) with
  a random target row; D uniform on the domain positions.
* ``halfspaces``: X = ℝ^d, D standard Gaussian rounded to the grid 2⁻¹⁰ℤ^d (:data:`GRID`,
  so the exact arithmetic of :mod:`solvers.depth` works on small denominators), target
  h_{a*, w*} with a* Gaussian and w* = 0.1·|a*|.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers import combinatorics as comb
from solvers.generators import random_matrix

from geoprivate._validation import as_rng, check_positive_int
from geoprivate.adversaries import (
    DisagreementAdversary,
    FixedSequence,
    Stochastic,
    binary_search_sequence,
    gaussian,
    uniform_columns,
    uniform_line,
)
from geoprivate.concepts import FiniteClass, Intervals, Thresholds
from geoprivate.prediction.generators import HALFSPACES, G_halfspace, G_halfspace_repaired, G_oblivious

__all__ = ["GRID", "Target", "Problem", "make_problem", "make_adversary", "make_generator", "CONCEPTS", "ADVERSARIES"]

GRID = 2.0 ** -10
CONCEPTS = ("thresholds", "intervals", "finite", "halfspaces")
ADVERSARIES = ("oblivious", "stochastic", "adaptive")


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


@dataclass
class Problem:
    """A concept class, a target in it, a labelled sample S and the law D of the queries."""

    name: str
    concept: object
    target: object  # callable points -> {0,1}
    X: np.ndarray
    y: np.ndarray
    sampler: object  # callable (rng, n) -> points
    d: int
    description: str


def make_problem(name: str, N: int, rng=None, *, d: int = 2, n_points: int = 32, n_concepts: int = 128,
                 grid: float | None = GRID) -> Problem:
    """A realisable problem with a sample of size N (see the module docstring).

    ``grid``: halfspaces only — D is the standard Gaussian rounded to ``grid``·ℤ^d, or the
    plain Gaussian for ``None`` (the exact solvers take raw floats; the benchmark measures
    that the grid saves no time).

    Raises
    ------
    ValueError
        Unknown ``name``, N < 1, d < 1.
    """
    if name not in CONCEPTS:
        raise ValueError(f"concept: expected one of {CONCEPTS}, got {name!r}")
    N = check_positive_int(N, "N")
    d = check_positive_int(d, "d")
    rng = as_rng(rng)
    if name == "thresholds":
        t = float(rng.uniform(0.2, 0.8))
        target = Target(lambda q, t=t: (np.asarray(q, dtype=np.float64) >= t).astype(np.uint8), (t,), t=t)
        sampler = uniform_line(0.0, 1.0)
        X = sampler(rng, N)
        return Problem(name, Thresholds(), target, X, target(X), sampler, 1, f"thresholds, target t*={t:.4f}")
    if name == "intervals":
        a, b = float(rng.uniform(0.1, 0.4)), float(rng.uniform(0.6, 0.9))
        target = Target(lambda q, a=a, b=b: ((np.asarray(q, np.float64) >= a) & (np.asarray(q, np.float64) <= b)
                                             ).astype(np.uint8), (a, b), a=a, b=b)
        sampler = uniform_line(0.0, 1.0)
        X = sampler(rng, N)
        return Problem(name, Intervals(), target, X, target(X), sampler, 2, f"intervals, target [{a:.4f}, {b:.4f}]")
    if name == "finite":
        M = comb.dichotomies(random_matrix(n_concepts, n_points, 0.5, rng))
        C = FiniteClass(M, name=f"random class {M.shape[0]}x{M.shape[1]}")
        row = int(rng.integers(M.shape[0]))
        target = Target(lambda q, row=row: M[row, np.asarray(q, dtype=np.intp)], row=row)
        sampler = uniform_columns(n_points)
        X = sampler(rng, N)
        return Problem(name, C, target, X, target(X), sampler, C.vc_dimension(), f"{C.name}, target row {row}")
    a = rng.standard_normal(d)
    w = 0.1 * float(np.linalg.norm(a))
    target = Target(lambda q, a=a, w=w: (np.asarray(q, np.float64) @ a >= w).astype(np.uint8), a=a, w=w)
    sampler = gaussian(d, grid=grid)
    X = sampler(rng, N)
    return Problem(name, HALFSPACES, target, X, target(X), sampler, d, f"halfspaces in R^{d}")


def make_generator(problem: Problem, generator: str = "auto", *, form: str = "margin"):
    """G_halfspace(form) for halfspaces when ``generator`` is "auto" or "halfspace",
    :class:`G_halfspace_repaired` for "repaired", else G_oblivious."""
    if generator not in ("auto", "oblivious", "halfspace", "repaired"):
        raise ValueError(f"generator: expected 'auto', 'oblivious', 'halfspace' or 'repaired', got {generator!r}")
    if problem.name == "halfspaces" and generator in ("auto", "halfspace"):
        return G_halfspace(problem.d, form=form)
    if problem.name == "halfspaces" and generator == "repaired":
        return G_halfspace_repaired(problem.d, form=form)
    if generator in ("halfspace", "repaired"):
        raise ValueError(f"generator {generator!r} needs the halfspaces problem, got {problem.name!r}")
    return G_oblivious(problem.concept)


def make_adversary(kind: str, problem: Problem, T: int, rng=None):
    """The adversary of a kind for a problem.

    oblivious — thresholds: the binary-search sequence (worst case); intervals: a fixed
    uniform grid in binary-search order; finite: the domain positions cycled; halfspaces:
    T points of D drawn once in advance.  stochastic — i.i.d. from D.  adaptive — the
    white-box :class:`~geoprivate.adversaries.DisagreementAdversary`.
    """
    if kind not in ADVERSARIES:
        raise ValueError(f"adversary: expected one of {ADVERSARIES}, got {kind!r}")
    rng = as_rng(rng)
    if kind == "stochastic":
        return Stochastic(problem.sampler, rng)
    if kind == "adaptive":
        return DisagreementAdversary(problem.sampler, rng, grid=getattr(problem.sampler, "grid", None))
    if problem.name in ("thresholds", "intervals"):
        return binary_search_sequence(T)
    if problem.name == "finite":
        n = problem.concept.n_points
        return FixedSequence(rng.permutation(n), cycle=True)
    return FixedSequence(problem.sampler(rng, T))
