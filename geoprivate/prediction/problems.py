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

from geoprivate._validation import as_rng, check_positive_int
from geoprivate.adversaries import (
    DisagreementAdversary,
    FixedSequence,
    Stochastic,
    binary_search_sequence,
)
from geoprivate.prediction.generators import (
    HALFSPACES,
    G_halfspace,
    G_halfspace_repaired,
    G_oblivious,
)
from geoprivate.problems import (  # the shared problem layer (Target kept here)
    CONCEPTS,
    GRID,
    Target,
    draw_target,
)

__all__ = ["ADVERSARIES", "CONCEPTS", "GRID", "Problem", "Target", "make_adversary", "make_generator", "make_problem"]

ADVERSARIES = ("oblivious", "stochastic", "adaptive")


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


def make_problem(
    name: str, N: int, rng=None, *, d: int = 2, n_points: int = 32, n_concepts: int = 128, grid: float | None = GRID
) -> Problem:
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
    td = draw_target(name, rng, d=d, n_points=n_points, n_concepts=n_concepts, grid=grid)
    X = td.law(rng, N)
    if name == "thresholds":
        desc, concept, dim = f"thresholds, target t*={td.params:.4f}", td.concept, 1
    elif name == "intervals":
        desc, concept, dim = f"intervals, target [{td.params[0]:.4f}, {td.params[1]:.4f}]", td.concept, 2
    elif name == "finite":
        desc, concept, dim = f"{td.concept.name}, target row {td.params}", td.concept, td.vc
    else:
        desc, concept, dim = f"halfspaces in R^{d}", HALFSPACES, d
    return Problem(name, concept, td.target, X, td.target(X), td.law, dim, desc)


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
