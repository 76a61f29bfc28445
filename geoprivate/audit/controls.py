"""KNOWN-BROKEN sparse-vector variants — positive controls for the privacy auditors.

Do not use these to protect data.  They reproduce two of the incorrect SVT variants
analysed by Lyu, Su and Li, *Understanding the Sparse Vector Technique for Differential
Privacy* (PVLDB 2017), which claim eps-DP but are not (eps', 0)-DP for any finite eps':

* :func:`svt_no_query_noise` — their Alg. 5 (Stoddard et al. 2014): the threshold is
  noised, rho ~ Lap(2/eps), but the queries are not; BOTTOM/TOP is then a deterministic
  function of rho and the data.
* :func:`svt_output_noisy_value` — their Alg. 3 (Roth 2011 lecture notes): correct
  noise (rho ~ Lap(2/eps), nu ~ Lap(2c/eps)), but a positive answer releases the noisy
  value q + nu itself, which pins rho and makes every earlier BOTTOM cost privacy.

Each takes the vector of query values q_j(D) (sensitivity 1), stops after ``c`` positive
answers (c = 1 by default) and returns a tuple transcript: ``False`` for BOTTOM and
``True`` (no-noise variant) or the released float (noisy-value variant) for TOP.  The
``*_batch`` versions simulate ``size`` independent runs at once (vectorised);
:func:`svt_no_query_noise_output_law` is the exact law of the first.
"""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Epsilon,
    Interval,
    Joint,
    Rng,
    as_rng,
    check_line_points,
    checked,
)
from geoprivate.audit.laws import threshold_crossing_law
from solvers._checks import MAX_ARRAY_BYTES, check_array_bytes

__all__ = [
    "svt_no_query_noise",
    "svt_no_query_noise_batch",
    "svt_output_noisy_value",
    "svt_output_noisy_value_batch",
    "svt_no_query_noise_output_law",
]


def _values(values, name: str = "values") -> np.ndarray:
    """The query values: a non-empty 1-D vector of finite reals (float64)."""
    v = check_line_points(values, name)
    if np.ndim(values) != 1 or v.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-D vector, got shape {np.shape(values)}")
    return v


#: the query values q_j(D): a non-empty 1-D vector of finite reals
_Values = Annotated[Any, Check(_values, kind="array")]
#: a number of independent runs (the batch's arrays are checked against MAX_ARRAY_BYTES with the queries)
#: the number of positive answers before halting (it scales the query noise 2c/ε: an exact float)
_Cutoff = Annotated[int, Interval(ge=1, le=2**53)]
_Size = Annotated[int, Interval(ge=1, le=MAX_ARRAY_BYTES), Joint("size * len(values) within MAX_ARRAY_BYTES")]


def _first_top(above: np.ndarray) -> np.ndarray:
    m = above.shape[1]
    return np.where(above.any(axis=1), above.argmax(axis=1), m)


@checked
def svt_no_query_noise_batch(
    values: _Values, epsilon: Epsilon, threshold: float, rng: Rng = None, size: _Size = 1
) -> list[tuple]:
    """``size`` runs of the broken no-query-noise SVT (Lyu–Su–Li Alg. 5), c = 1.

    Parameters
    ----------
    values : array_like of float
        The query values q_j(D) (sensitivity 1).
    epsilon : float
        The claimed ε.
    threshold : float
        The (un-noised) threshold.
    rng : Generator, int or None
        The random source (SPEC 7).
    size : int, default 1
        The number of independent runs.

    Returns
    -------
    list of tuple
        One transcript per run (``False`` for BOTTOM, ``True`` for TOP).
    """
    v, eps = values, epsilon
    check_array_bytes(16 * size * (v.size + 4), f"size={size} runs of {v.size} queries")
    rng = as_rng(rng)
    rho = rng.laplace(0.0, 2.0 / eps, size=size)
    above = v[None, :] >= threshold + rho[:, None]
    first = _first_top(above)
    m = v.size
    transcripts = [(False,) * f + (True,) for f in range(m)] + [(False,) * m]  # the m + 1 possible ones
    return [transcripts[f] for f in first.tolist()]


@checked
def svt_no_query_noise(values: _Values, epsilon: Epsilon, threshold: float, rng: Rng = None) -> tuple:
    """One run of the broken no-query-noise SVT (see the module docstring).

    Parameters
    ----------
    values : array_like of float
        The query values q_j(D) (sensitivity 1).
    epsilon : float
        The claimed ε.
    threshold : float
        The (un-noised) threshold.
    rng : Generator, int or None
        The random source (SPEC 7).

    Returns
    -------
    tuple
        The transcript (``False`` for BOTTOM, ``True`` for TOP).
    """
    return svt_no_query_noise_batch(values, epsilon, threshold, rng, 1)[0]


@checked
def svt_output_noisy_value_batch(
    values: _Values, epsilon: Epsilon, threshold: float, rng: Rng = None, size: _Size = 1, *, c: _Cutoff = 1
) -> list[tuple]:
    """``size`` runs of the broken noisy-value-releasing SVT (Lyu–Su–Li Alg. 3).

    Parameters
    ----------
    values : array_like of float
        The query values q_j(D) (sensitivity 1).
    epsilon : float
        The claimed ε.
    threshold : float
        The (un-noised) threshold.
    rng : Generator, int or None
        The random source (SPEC 7).
    size : int, default 1
        The number of independent runs.
    c : int, default 1
        The number of positive answers before halting.

    Returns
    -------
    list of tuple
        One transcript per run (``False`` for BOTTOM, the released noisy value for TOP).
    """
    v, eps = values, epsilon
    check_array_bytes(64 * size * v.size, f"size={size} runs of {v.size} queries")
    rng = as_rng(rng)
    rho = rng.laplace(0.0, 2.0 / eps, size=size)
    noisy = v[None, :] + rng.laplace(0.0, 2.0 * c / eps, size=(size, v.size))
    above = noisy >= threshold + rho[:, None]
    tops = np.cumsum(above, axis=1)
    halted = tops[:, -1] >= c
    length = np.where(halted, np.argmax(tops >= c, axis=1) + 1, v.size)  # up to the c-th TOP, or every query
    cells = noisy.astype(object)  # Python floats, and False for BOTTOM
    cells[~above] = False
    return [tuple(row[:k]) for row, k in zip(cells.tolist(), length.tolist(), strict=True)]


@checked
def svt_output_noisy_value(
    values: _Values, epsilon: Epsilon, threshold: float, rng: Rng = None, *, c: _Cutoff = 1
) -> tuple:
    """One run of the broken noisy-value-releasing SVT (see the module docstring).

    Parameters
    ----------
    values : array_like of float
        The query values q_j(D) (sensitivity 1).
    epsilon : float
        The claimed ε.
    threshold : float
        The (un-noised) threshold.
    rng : Generator, int or None
        The random source (SPEC 7).
    c : int, default 1
        The number of positive answers before halting.

    Returns
    -------
    tuple
        The transcript (``False`` for BOTTOM, the released noisy value for TOP).
    """
    return svt_output_noisy_value_batch(values, epsilon, threshold, rng, 1, c=c)[0]


@checked
def svt_no_query_noise_output_law(values: _Values, epsilon: Epsilon, threshold: float) -> dict:
    """Exact law of the broken "no noise on the queries" sparse vector (Lyu–Su–Li 2017 Alg. 5).

    rho ~ Lap(2/eps); each query answers TOP (True) iff q_j >= threshold + rho, else BOTTOM
    (False); halts after the first TOP.  Given rho the transcript is deterministic, so the law
    is a sum of Laplace interval masses (:func:`geoprivate.audit.laws.threshold_crossing_law`
    with the Laplace cdf, in floating point).  Returns dict transcript (tuple of bools) -> float.

    Parameters
    ----------
    values : array_like of float
        The query values q_j(D).
    epsilon : float
        The claimed ε.
    threshold : float
        The (un-noised) threshold.

    Returns
    -------
    dict
        Transcript (tuple of bool) -> probability.
    """
    vals = values.tolist()
    b = 2.0 / epsilon
    from scipy import stats  # here, not at the top: scipy.stats costs ~1 s of every `import geoprivate`

    return threshold_crossing_law(vals, threshold, lambda x: stats.laplace.cdf(x, scale=b), cutoff=1)
