"""Ready-made prediction problems, generators and adversaries for [Yan26]'s predictors.

The problems themselves (class, target, law D, sample) are the shared layer's
:class:`geoprivate.problems.Problem`, drawn by :func:`geoprivate.problems.draw_problem`;
:func:`make_problem` draws one with its sample of size N.  This module adds what only the predictors
need: :func:`make_generator` and :func:`make_adversary`.
"""

from __future__ import annotations

from geoprivate._validation import as_rng, check_positive_int
from geoprivate.adversaries import (
    DisagreementAdversary,
    FixedSequence,
    Stochastic,
    binary_search_sequence,
)
from geoprivate.concepts import FiniteClass
from geoprivate.prediction.generators import (
    G_halfspace,
    G_halfspace_repaired,
    G_oblivious,
)
from geoprivate.problems import CONCEPTS, GRID, Problem, draw_problem

__all__ = ["ADVERSARIES", "CONCEPTS", "GRID", "make_adversary", "make_generator", "make_problem"]

ADVERSARIES = ("oblivious", "stochastic", "adaptive")


def make_problem(
    name: str, N: int, rng=None, *, d: int = 2, n_points: int = 32, n_concepts: int = 128, grid: float | None = GRID
) -> Problem:
    """A realisable problem with a sample of size N: :func:`geoprivate.problems.draw_problem` with ``n_sample=N``.

    ``grid``: halfspaces only — D is the standard Gaussian rounded to ``grid``·ℤ^d, or the
    plain Gaussian for ``None`` (the exact solvers take raw floats; the benchmark measures
    that the grid saves no time).

    Raises
    ------
    ValueError
        Unknown ``name``, N < 1, d < 1.
    """
    N = check_positive_int(N, "N")
    return draw_problem(name, rng, n_sample=N, d=d, n_points=n_points, n_concepts=n_concepts, grid=grid)


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
        assert isinstance(problem.concept, FiniteClass)  # the class draw_problem builds for this name
        n = problem.concept.n_points
        return FixedSequence(rng.permutation(n), cycle=True)
    return FixedSequence(problem.sampler(rng, T))
