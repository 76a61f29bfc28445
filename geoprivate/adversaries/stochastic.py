"""Stochastic online adversary: queries i.i.d. from D, independent of the predictor (seed 001 §1.1)."""

from __future__ import annotations

import numpy as np

from geoprivate._validation import as_rng, check_positive_int
from geoprivate.adversaries.base import Adversary

__all__ = ["Stochastic", "uniform_line", "uniform_columns", "gaussian"]


def uniform_line(lo: float = 0.0, hi: float = 1.0):
    """Sampler of the uniform law on [lo, hi): ``sampler(rng, n) -> (n,)``."""
    if not lo < hi:
        raise ValueError(f"need lo < hi, got lo={lo!r}, hi={hi!r}")
    return lambda rng, n: rng.uniform(lo, hi, size=n)


def uniform_columns(n_points: int):
    """Sampler of the uniform law on the domain positions 0..n_points−1 of a finite class."""
    n_points = check_positive_int(n_points, "n_points")
    return lambda rng, n: rng.integers(0, n_points, size=n)


def gaussian(d: int):
    """Sampler of the standard Gaussian on ℝ^d: ``sampler(rng, n) -> (n, d)``."""
    d = check_positive_int(d, "d")
    return lambda rng, n: rng.standard_normal((n, d))


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
