"""Stochastic online adversary: queries i.i.d. from D, independent of the predictor ([Yan26] §1.1).

The laws D are small callable objects ``law(rng, n) -> points`` that also say what they
are (:class:`UniformLine`, :class:`UniformColumns`, :class:`GaussianLaw`), so that
:mod:`geoprivate.prediction.accuracy` can integrate err_D(c, h) over D exactly where the
law allows it ([Yan26] Definition 1).
"""

from __future__ import annotations

import numpy as np

from geoprivate._validation import as_rng, check_positive_int
from geoprivate.adversaries.base import Adversary

__all__ = ["Stochastic", "uniform_line", "uniform_columns", "gaussian", "UniformLine", "UniformColumns", "GaussianLaw"]


class UniformLine:
    """The uniform law on [lo, hi): ``law(rng, n) -> (n,)``."""

    def __init__(self, lo: float = 0.0, hi: float = 1.0):
        if not lo < hi:
            raise ValueError(f"need lo < hi, got lo={lo!r}, hi={hi!r}")
        self.lo, self.hi = float(lo), float(hi)

    def __call__(self, rng, n):
        return rng.uniform(self.lo, self.hi, size=n)

    def __repr__(self) -> str:
        return f"UniformLine({self.lo}, {self.hi})"


class UniformColumns:
    """The uniform law on the domain positions 0..n_points−1 of a finite class."""

    def __init__(self, n_points: int):
        self.n_points = check_positive_int(n_points, "n_points")

    def __call__(self, rng, n):
        return rng.integers(0, self.n_points, size=n)

    def __repr__(self) -> str:
        return f"UniformColumns({self.n_points})"


class GaussianLaw:
    """The standard Gaussian on ℝ^d, optionally rounded to the grid ``grid``·ℤ^d."""

    def __init__(self, d: int, grid: float | None = None):
        self.d = check_positive_int(d, "d")
        if grid is not None and not (isinstance(grid, (int, float)) and grid > 0):
            raise ValueError(f"grid must be a positive number or None, got {grid!r}")
        self.grid = grid

    def __call__(self, rng, n):
        x = rng.standard_normal((n, self.d))
        return x if self.grid is None else np.round(x / self.grid) * self.grid

    def __repr__(self) -> str:
        return f"GaussianLaw(d={self.d}, grid={self.grid})"


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


def uniform_columns(n_points: int) -> UniformColumns:
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


def gaussian(d: int, grid: float | None = None) -> GaussianLaw:
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


class Stochastic(Adversary):
    """Queries drawn i.i.d. from D (given by ``sampler(rng, n)``), with their own ``rng``."""

    kind = "stochastic"

    def __init__(self, sampler, rng=None):
        if not callable(sampler):
            raise TypeError(f"sampler must be callable (rng, n) -> points, got {type(sampler).__name__}")
        self.sampler = sampler
        self.rng = as_rng(rng)

    def sequence(self, T):
        T = check_positive_int(T, "T")
        return np.asarray(self.sampler(self.rng, T))
