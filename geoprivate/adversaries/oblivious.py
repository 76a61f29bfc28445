"""Oblivious online adversaries: the query sequence is fixed before the run ([Yan26] §1.1)."""

from __future__ import annotations

import numpy as np

from geoprivate._validation import check_positive_int
from geoprivate.adversaries.base import Adversary

__all__ = ["FixedSequence", "binary_search_points", "binary_search_sequence"]


class FixedSequence(Adversary):
    """A sequence chosen in advance, revealed one query at a time.

    Parameters
    ----------
    points : array_like
        The queries, shape (T,) (line / column indices) or (T, d).
    cycle : bool, default False
        Repeat the sequence when more than ``len(points)`` queries are asked.
    """

    kind = "oblivious"

    def __init__(self, points, *, cycle: bool = False):
        self.points = np.asarray(points)
        if self.points.ndim not in (1, 2) or self.points.shape[0] == 0:
            raise ValueError(f"points: expected a non-empty array of shape (T,) or (T, d), got {self.points.shape}")
        self.cycle = bool(cycle)

    def sequence(self, T):
        T = check_positive_int(T, "T")
        n = self.points.shape[0]
        if n < T and not self.cycle:
            raise ValueError(f"T={T} exceeds the {n} queries of the fixed sequence (pass cycle=True to repeat)")
        idx = np.arange(T) % n
        return self.points[idx]


def binary_search_points(T: int, lo: float = 0.0, hi: float = 1.0) -> np.ndarray:
    """The first T dyadic points of (lo, hi) in breadth-first (binary-search) order.

    lo + (hi−lo)·(1/2, 1/4, 3/4, 1/8, 3/8, 5/8, 7/8, …): every prefix of length 2^ℓ − 1
    is the complete binary-search tree of depth ℓ, so for thresholds the T points are
    distinct and realise the maximum |L| = T + 1 label sequences (Sauer's bound with
    VC = 1), and each query splits the thresholds left consistent with the earlier ones.

    Parameters
    ----------
    T : int >= 0
        Number of points.
    lo, hi : float, default 0 and 1
        The interval.

    Returns
    -------
    numpy.ndarray of float64, shape (T,)
    """
    T = check_positive_int(T, "T")
    out = np.empty(T)
    j, level = 0, 1
    while j < T:
        num = np.arange(1, 2**level, 2)[: T - j]
        out[j : j + num.size] = lo + (hi - lo) * num / 2**level
        j += num.size
        level += 1
    return out


def binary_search_sequence(T: int, lo: float = 0.0, hi: float = 1.0) -> FixedSequence:
    """:class:`FixedSequence` of :func:`binary_search_points` (worst case for thresholds).

    Parameters
    ----------
    T : int >= 0
        Number of queries.
    lo, hi : float, default 0 and 1
        The interval.

    Returns
    -------
    FixedSequence
        The oblivious adversary asking these points in order.
    """
    return FixedSequence(binary_search_points(T, lo, hi))
