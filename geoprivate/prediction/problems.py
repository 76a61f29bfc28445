"""Ready-made prediction problems, generators and adversaries for [Yan26]'s predictors.

The problems themselves (class, target, law D, sample) are the shared layer's
:class:`geoprivate.problems.Problem`, drawn by :func:`geoprivate.problems.draw_problem`;
:func:`make_problem` draws one with its sample of size N.  This module adds what only the predictors
need: :func:`make_generator` and :func:`make_adversary`.
"""

from __future__ import annotations

from typing import Annotated

from geoprivate._validation import Choice, Interval, Positive, PositiveInt, Rng, as_rng, checked
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
from geoprivate.problems import CONCEPTS, GRID, MAX_DIMENSION, MAX_SAMPLE, Problem, draw_problem
from solvers.halfspaces import DUAL_FORMS

__all__ = ["ADVERSARIES", "CONCEPTS", "GRID", "make_adversary", "make_generator", "make_problem"]

ADVERSARIES = ("oblivious", "stochastic", "adaptive")
#: a sample size or a number of queries drawn from D (at most MAX_SAMPLE; the draw checks its memory)
_Size = Annotated[int, Interval(ge=1, le=MAX_SAMPLE)]


@checked
def make_problem(
    name: Annotated[str, Choice(*CONCEPTS)],
    N: _Size,
    rng: Rng = None,
    *,
    d: Annotated[int, Interval(ge=1, le=MAX_DIMENSION)] = 2,
    n_points: PositiveInt = 32,
    n_concepts: PositiveInt = 128,
    grid: Positive | None = GRID,
) -> Problem:
    """A realisable problem with a sample of size N: :func:`geoprivate.problems.draw_problem` with ``n_sample=N``.

    ``grid``: halfspaces only — D is the standard Gaussian rounded to ``grid``·ℤ^d, or the
    plain Gaussian for ``None`` (the exact solvers take raw floats; the benchmark measures
    that the grid saves no time).

    Parameters
    ----------
    name : str
        One of :data:`CONCEPTS`.
    N : int
        The sample size.
    rng : Generator, int or None
        The draw's randomness.
    d, n_points, n_concepts, grid
        As :func:`geoprivate.problems.draw_problem`.

    Returns
    -------
    Problem

    Raises
    ------
    ValueError
        Unknown ``name``, N < 1, d < 1.
    """
    return draw_problem(name, rng, n_sample=N, d=d, n_points=n_points, n_concepts=n_concepts, grid=grid)


@checked
def make_generator(
    problem: Problem,
    generator: Annotated[str, Choice("auto", "oblivious", "halfspace", "repaired")] = "auto",
    *,
    form: Annotated[str, Choice(*DUAL_FORMS)] = "margin",
):
    """G_halfspace(form) for halfspaces when ``generator`` is "auto" or "halfspace",
    :class:`G_halfspace_repaired` for "repaired", else G_oblivious.

    Parameters
    ----------
    problem : Problem
        The problem.
    generator : {"auto", "oblivious", "halfspace", "repaired"}
        Which generator.
    form : {"faithful", "margin"}
        G_halfspace's dual form.

    Returns
    -------
    G_oblivious, G_halfspace or G_halfspace_repaired
    """
    if problem.name == "halfspaces" and generator in ("auto", "halfspace"):
        return G_halfspace(problem.d, form=form)
    if problem.name == "halfspaces" and generator == "repaired":
        return G_halfspace_repaired(problem.d, form=form)
    if generator in ("halfspace", "repaired"):
        raise ValueError(f"generator {generator!r} needs the halfspaces problem, got {problem.name!r}")
    return G_oblivious(problem.concept)


@checked
def make_adversary(kind: Annotated[str, Choice(*ADVERSARIES)], problem: Problem, T: _Size, rng: Rng = None):
    """The adversary of a kind for a problem.

    oblivious — thresholds: the binary-search sequence (worst case); intervals: a fixed
    uniform grid in binary-search order; finite: the domain positions cycled; halfspaces:
    T points of D drawn once in advance.  stochastic — i.i.d. from D.  adaptive — the
    white-box :class:`~geoprivate.adversaries.DisagreementAdversary`.

    Parameters
    ----------
    kind : {"oblivious", "stochastic", "adaptive"}
        The adversary.
    problem : Problem
        The problem (its class and law D).
    T : int
        The number of queries (an oblivious adversary's sequence).
    rng : Generator, int or None
        Its randomness.

    Returns
    -------
    Adversary
    """
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
