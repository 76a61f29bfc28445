"""Oblivious online adversaries: the query sequence is fixed before the run ([Yan26] §1.1)."""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, check_finite_array, checked
from geoprivate.adversaries.base import Adversary, Rounds

__all__ = ["FixedSequence", "binary_search_points", "binary_search_sequence"]


@checked
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

    def __init__(self, points: Annotated[Any, Check(_queries, kind="array")], *, cycle: bool = False):
        self.points = points
        self.cycle = cycle

    def sequence(self, T: Rounds):
        n = self.points.shape[0]
        if n < T and not self.cycle:
            raise ValueError(f"T={T} exceeds the {n} queries of the fixed sequence (pass cycle=True to repeat)")
        idx = np.arange(T) % n
        return self.points[idx]


def _queries(points, name: str) -> np.ndarray:
    """A non-empty array of finite query points, shape (T,) or (T, d)."""
    arr = check_finite_array(points, name)
    if arr.ndim not in (1, 2) or arr.shape[0] == 0:
        raise ValueError(f"{name}: expected a non-empty array of shape (T,) or (T, d), got {arr.shape}")
    return arr


@checked
def binary_search_points(T: Rounds, lo: float = 0.0, hi: float = 1.0) -> np.ndarray:
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
    if not lo < hi:
        raise ValueError(f"need lo < hi, got lo={lo!r}, hi={hi!r}")
    out = np.empty(T)
    j, level = 0, 1
    while j < T:
        num = np.arange(1, 2**level, 2)[: T - j]
        out[j : j + num.size] = lo + (hi - lo) * num / 2**level
        j += num.size
        level += 1
    return out


@checked
def binary_search_sequence(T: Rounds, lo: float = 0.0, hi: float = 1.0) -> FixedSequence:
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
