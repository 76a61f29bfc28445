"""Stochastic online adversary: queries i.i.d. from D, independent of the predictor ([Yan26] §1.1).

The laws D are small callable objects ``law(rng, n) -> points`` that also say what they
are (:class:`UniformLine`, :class:`UniformColumns`, :class:`GaussianLaw`), so that
:mod:`geoprivate.prediction.accuracy` can integrate err_D(c, h) over D exactly where the
law allows it ([Yan26] Definition 1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Interval, Positive, PositiveInt, Rng, as_rng, checked
from geoprivate.adversaries.base import Adversary, Rounds
from solvers._checks import check_array_bytes

#: a dimension of the Gaussian law (its points are built in memory)
_Dim = Annotated[int, Interval(ge=1, le=10**6)]

__all__ = ["Stochastic", "uniform_line", "uniform_columns", "gaussian", "UniformLine", "UniformColumns", "GaussianLaw"]


@checked
class UniformLine:
    """The uniform law on [lo, hi): ``law(rng, n) -> (n,)``."""

    def __init__(self, lo: float = 0.0, hi: float = 1.0):
        if not lo < hi or not np.isfinite(hi - lo):
            raise ValueError(f"need lo < hi (a finite width), got lo={lo!r}, hi={hi!r}")
        self.lo, self.hi = lo, hi

    def __call__(self, rng, n):
        return rng.uniform(self.lo, self.hi, size=n)

    def __repr__(self) -> str:
        return f"UniformLine({self.lo}, {self.hi})"


@checked
class UniformColumns:
    """The uniform law on the domain positions 0..n_points−1 of a finite class."""

    def __init__(self, n_points: PositiveInt):
        self.n_points = n_points

    def __call__(self, rng, n):
        return rng.integers(0, self.n_points, size=n)

    def __repr__(self) -> str:
        return f"UniformColumns({self.n_points})"


@checked
class GaussianLaw:
    """The standard Gaussian on ℝ^d, optionally rounded to the grid ``grid``·ℤ^d."""

    def __init__(self, d: _Dim, grid: Positive | None = None):
        self.d = d
        self.grid = grid

    def __call__(self, rng, n):
        check_array_bytes(8 * n * self.d, f"n={n} Gaussian points of dimension d={self.d}")
        x = rng.standard_normal((n, self.d))
        return x if self.grid is None else np.round(x / self.grid) * self.grid

    def __repr__(self) -> str:
        return f"GaussianLaw(d={self.d}, grid={self.grid})"


@checked
def uniform_line(lo: float = 0.0, hi: float = 1.0) -> UniformLine:
    """Sampler of the uniform law on [lo, hi): ``sampler(rng, n) -> (n,)``.

    Parameters
    ----------
    lo, hi : float, default 0 and 1
        The interval [lo, hi).

    Returns
    -------
    UniformLine
        A sampler ``sampler(rng, n) -> numpy.ndarray`` of shape (n,).
    """
    return UniformLine(lo, hi)


@checked
def uniform_columns(n_points: PositiveInt) -> UniformColumns:
    """Sampler of the uniform law on the domain positions 0..n_points−1 of a finite class.

    Parameters
    ----------
    n_points : int >= 1
        Size of the finite domain.

    Returns
    -------
    UniformColumns
        A sampler ``sampler(rng, n) -> numpy.ndarray`` of int, shape (n,).
    """
    return UniformColumns(n_points)


@checked
def gaussian(d: _Dim, grid: Positive | None = None) -> GaussianLaw:
    """Sampler of the standard Gaussian on ℝ^d: ``sampler(rng, n) -> (n, d)`` (optionally on a grid).

    Parameters
    ----------
    d : int >= 1
        Dimension.
    grid : float, optional
        Round every coordinate to a multiple of ``grid``.

    Returns
    -------
    GaussianLaw
        A sampler ``sampler(rng, n) -> numpy.ndarray`` of shape (n, d).
    """
    return GaussianLaw(d, grid)


@checked
class Stochastic(Adversary):
    """Queries drawn i.i.d. from D (given by ``sampler(rng, n)``), with their own ``rng``."""

    kind = "stochastic"

    def __init__(self, sampler: Callable[..., Any], rng: Rng = None):
        self.sampler = sampler
        self.rng = as_rng(rng)

    def sequence(self, T: Rounds):
        return np.asarray(self.sampler(self.rng, T))
