"""HypothesisLearner and AccuracyBoost ([NNSY23] Appendix B, Theorem 3.3, Claims B.1, B.2).

HypothesisLearner (finite domain X, D uniform in the claims here): for r = 0..R with
R = |X| ln|X| ln(1/β), pick x uniformly and add h_r(x) to L_x; fail if some L_x is empty;
output h(x) drawn uniformly from L_x.  AccuracyBoost: run it on R' = 104 ln(1/β)
independent hypothesis sequences and output the pointwise majority.  Labels {0, 1}; logs
natural (the paper's comment |X| e^{−R/|X|} = β needs R = |X| ln(|X|/β), not the printed
|X| log|X| log(1/β): both are computed, the printed one is used).

Reading of L_x (recorded as ``reading``): the pseudocode says L_x = L_x ∪ {h_r(x)}, a *set*;
Claim B.1's proof needs r_x "chosen with equal probability among (h_1(x), …, h_R(x))", a
*multiset* (one entry per pick).  ``reading="multiset"`` (default) follows the proof;
``reading="set"`` the pseudocode — with it Claim B.1 fails (see the claims module).

A hypothesis sequence is a callable ``seq(r, x) -> labels`` vectorised over integer
arrays r and x (0-based domain positions).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Choice, Interval, Probability, Rng, as_rng, checked
from solvers._checks import as_binary_vector, check_array_bytes

__all__ = ["hypothesis_learner", "accuracy_boost", "rotating_sequence", "READINGS", "hypothesis_learner_R"]

READINGS = ("multiset", "set")
#: the largest domain |X| of the formulas (R = |X| ln|X| ln(1/beta) stays far inside the floats)
MAX_POINTS = 10**15

_Points = Annotated[int, Interval(ge=1, le=MAX_POINTS)]
_Reading = Annotated[str, Choice(*READINGS)]


@checked
def hypothesis_learner_R(n_points: _Points, beta: Probability) -> int:
    """The printed R = |X| log|X| log(1/β) (natural logs), at least |X|.

    Parameters
    ----------
    n_points : int
        |X|.
    beta : float
        β in (0, 1).

    Returns
    -------
    int
        R ([NNSY23] Appendix B, HypothesisLearner).

    Examples
    --------
    >>> hypothesis_learner_R(8, 0.1)
    39
    """
    inv = 1 / beta  # ln(1/beta) of a subnormal beta: -ln(beta) (1/beta overflows)
    log_inv = math.log(inv) if math.isfinite(inv) else -math.log(beta)
    return max(n_points, math.ceil(n_points * math.log(max(n_points, 2)) * log_inv))


def _labels01(values, n: int) -> np.ndarray:
    """The hypothesis sequence's answers as int64 0/1 labels: 7, −1, NaN or a wrong length are refused."""
    arr = np.asarray(values)
    if arr.shape != (n,):
        raise ValueError(f"seq: expected {n} labels in {{0, 1}}, got shape {arr.shape}")
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"seq: labels must be 0 or 1, got dtype {arr.dtype}")
    bad = (arr != 0) & (arr != 1)
    if bad.any():
        raise ValueError(f"seq: labels must be 0 or 1, got {arr[bad][0]!r}")
    return arr.astype(np.int64)


@checked
def hypothesis_learner(
    seq: Callable[..., Any],
    n_points: _Points,
    beta: Annotated[float, Interval(gt=0, le=1 / 8)],
    rng: Rng = None,
    *,
    reading: _Reading = "multiset",
):
    """Algorithm HypothesisLearner ([NNSY23] Appendix B).

    Parameters
    ----------
    seq : callable
        The hypothesis sequence ``seq(r, x) -> labels`` (vectorised over integer arrays).
    n_points : int
        |X|.
    beta : float
        β in (0, 1/8] (HypothesisLearner's parameter range).
    rng : Generator, int or None
        The random source (SPEC 7).
    reading : {"multiset", "set"}
        How L_x collects the labels (see the module docstring).

    Returns
    -------
    h : numpy.ndarray of uint8, shape (n_points,)
        The hypothesis as a label vector over X.
    failed : bool
        Whether some L_x stayed empty.
    """
    n, b = n_points, beta
    R = hypothesis_learner_R(n, b)
    check_array_bytes(32 * (R + 1) + 48 * n, f"HypothesisLearner's R + 1 = {R + 1} picks (n_points={n})")
    rng = as_rng(rng)
    r = np.arange(R + 1)
    x = rng.integers(0, n, size=R + 1)
    lab = _labels01(seq(r, x), R + 1)
    ones = np.bincount(x, weights=lab, minlength=n)
    picks = np.bincount(x, minlength=n)
    failed = bool((picks == 0).any())
    if reading == "multiset":  # r_x uniform over the picks of x
        p1 = np.divide(ones, picks, out=np.zeros(n), where=picks > 0)
    else:  # r_x uniform over the set of labels seen at x
        zeros = picks - ones
        p1 = np.where((ones > 0) & (zeros > 0), 0.5, (ones > 0).astype(float))
    h = (rng.random(n) < p1).astype(np.uint8)
    return h, failed


@checked
def accuracy_boost(
    make_seq: Callable[..., Any],
    n_points: _Points,
    beta: Annotated[float, Interval(ge=1e-300, lt=1)],
    rng: Rng = None,
    *,
    reading: _Reading = "multiset",
    inner_beta: Annotated[float, Interval(gt=0, le=1 / 8)] = 1 / 8,
):
    """Algorithm AccuracyBoost ([NNSY23] Appendix B): majority of R' = ⌈104 ln(1/β)⌉ HypothesisLearner outputs.

    ``make_seq(i, rng)`` returns the i-th hypothesis sequence (the everlasting predictor run
    on the i-th sample S_i).  The paper calls the inner algorithm "WeakHypothesisLearner";
    it is HypothesisLearner with its β ≤ 1/8 (``inner_beta``).

    Parameters
    ----------
    make_seq : callable
        ``make_seq(i, rng) -> seq``, the i-th hypothesis sequence.
    n_points : int
        |X|.
    beta : float
        β in [1e-300, 1) (R' = ⌈104 ln(1/β)⌉ runs: at most 71 800).
    rng : Generator, int or None
        The random source (SPEC 7).
    reading : {"multiset", "set"}
        HypothesisLearner's reading of L_x.
    inner_beta : float
        HypothesisLearner's β in (0, 1/8].

    Returns
    -------
    h : numpy.ndarray of uint8, shape (n_points,)
        The pointwise majority.
    R_prime : int
        The number of HypothesisLearner runs.
    """
    b = beta
    rng = as_rng(rng)
    Rp = math.ceil(104 * math.log(1 / b))
    votes = np.zeros(n_points, np.int64)
    for i in range(Rp):
        h, _ = hypothesis_learner(make_seq(i, rng), n_points, inner_beta, rng, reading=reading)
        votes += h
    return (2 * votes > Rp).astype(np.uint8), Rp


def _target(value, name: str) -> np.ndarray:
    """A non-empty 0/1 label vector over X."""
    arr = as_binary_vector(value, name)
    if arr.size == 0:
        raise ValueError(f"{name} must label at least one point, got an empty vector")
    return arr


@checked
def rotating_sequence(
    target: Annotated[Any, Check(_target, kind="labels")],
    alpha: Annotated[float, Interval(ge=0, le=1)],
    rng: Rng = None,
):
    """A sequence satisfying Equation (1): h_r = target flipped on ⌊α|X|⌋ points, a window that
    moves with r (every point is wrong for an α fraction of the r's).

    Parameters
    ----------
    target : array_like of 0/1
        The target concept's labels over X.
    alpha : float
        The fraction α in [0, 1] of points each h_r gets wrong.
    rng : Generator, int or None
        The random source of the window's offset (SPEC 7).

    Returns
    -------
    callable
        ``seq(r, x) -> labels``.
    """
    c = np.asarray(target, dtype=np.int64)
    n = c.size
    k = int(math.floor(alpha * n))
    off = int(as_rng(rng).integers(n))

    def seq(r, x):
        wrong = ((np.asarray(x) - np.asarray(r) - off) % n) < k
        return np.where(wrong, 1 - c[np.asarray(x)], c[np.asarray(x)])

    return seq
