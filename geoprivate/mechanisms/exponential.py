"""The exponential mechanism (McSherry–Talwar 2007) and report-noisy-max.

[Yan25] Theorem 8 and [NNSY23] Definition 2.6:
output r with probability proportional to exp(epsilon * q(D, r) / (2 * Delta)), where
Delta is the sensitivity of the score; the mechanism is epsilon-DP.

Sampling is by the Gumbel-max trick in log space (argmax of logits + Gumbel noise), so
scores of size 10^6 (or 10^300) neither overflow nor underflow; the exact output law is
computed by a log-sum-exp softmax.
"""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Epsilon, Rng, Sensitivity, as_rng, check_noise_scale, checked
from geoprivate.privacy.accounting import PrivacyLedger
from solvers._checks import as_array

__all__ = [
    "exponential_mechanism",
    "exponential_mechanism_probabilities",
    "exponential_mechanism_log_probabilities",
    "report_noisy_max",
    "as_scores",
]

EM_THEOREM = "general/exponential-mechanism-dp (McSherry-Talwar 2007; [Yan25] Thm 8)"


def as_scores(scores, name: str = "scores") -> np.ndarray:
    """Validate a non-empty 1-D vector of finite real scores; return it as float64.

    Parameters
    ----------
    scores : array_like, shape (m,)
        Real scores, m >= 1.
    name : str, default "scores"
        Parameter name used in error messages.

    Returns
    -------
    numpy.ndarray of float64, shape (m,)
    """
    arr = as_array(scores, name)
    if arr.dtype == object or arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must be a vector of real numbers, got dtype {arr.dtype}")
    arr = arr.astype(np.float64)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-D vector, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite (no NaN/inf), got {arr[~np.isfinite(arr)][:3]}")
    return arr


#: a non-empty vector of finite scores (as float64)
Scores = Annotated[Any, Check(as_scores, kind="array")]


def _logits(s, eps, sens):
    """Shifted logits (s - max s) * epsilon / (2 Delta): the largest is 0, none overflows.

    Scores near the float range (1e308) would overflow in ``s * epsilon`` or in ``s - max s``;
    the difference is taken on halves (exact for normal floats) and scaled back by the
    finite factor ``epsilon / Delta``, so a logit can only underflow to ``-inf`` (probability
    0, which is what it is) and never become ``+inf`` or NaN.
    """
    factor = check_noise_scale(eps / sens, "epsilon / sensitivity", because="the logit scale")
    with np.errstate(over="ignore"):
        z = (0.5 * s - 0.5 * s.max()) * factor  # = (s - max s) * eps / (2 Delta)
    return z, eps, sens


@checked
def exponential_mechanism_log_probabilities(
    scores: Scores, epsilon: Epsilon, sensitivity: Sensitivity = 1.0
) -> np.ndarray:
    """Natural logs of the exact output law of :func:`exponential_mechanism` (no underflow).

    Parameters
    ----------
    scores : array_like, shape (m,)
        Real scores.
    epsilon, sensitivity : float > 0
        Privacy parameter and the scores' sensitivity Delta.

    Returns
    -------
    numpy.ndarray of float64, shape (m,)
        ln p_i with p_i ∝ exp(epsilon s_i / (2 Delta)).
    """
    z, _, _ = _logits(scores, epsilon, sensitivity)
    return z - np.log(np.exp(z).sum())  # max z = 0, so the sum lies in [1, len(z)]


@checked
def exponential_mechanism_probabilities(scores: Scores, epsilon: Epsilon, sensitivity: Sensitivity = 1.0) -> np.ndarray:
    """Exact output law of the exponential mechanism: p_i ∝ exp(epsilon s_i / (2 Delta)).

    Parameters
    ----------
    scores : array_like, shape (m,)
    epsilon, sensitivity : float > 0

    Returns
    -------
    numpy.ndarray, shape (m,), sums to 1 (up to rounding)

    Examples
    --------
    >>> p = exponential_mechanism_probabilities([0.0, 2.0], epsilon=1.0)
    >>> bool(abs(p[1] / p[0] - np.e) < 1e-12)
    True
    """
    return np.exp(exponential_mechanism_log_probabilities(scores, epsilon, sensitivity))


@checked
def exponential_mechanism(
    scores: Scores,
    epsilon: Epsilon,
    sensitivity: Sensitivity = 1.0,
    rng: Rng = None,
    *,
    ledger: PrivacyLedger | None = None,
) -> int:
    """Sample an index with probability ∝ exp(epsilon * scores[i] / (2 * sensitivity)).

    epsilon-DP when every score has sensitivity ``sensitivity`` ([Yan25] Theorem 8;
    McSherry–Talwar 2007).  Implemented by Gumbel-max: argmax(logits + Gumbel(0, 1)).

    Parameters
    ----------
    scores : array_like, shape (m,)
        Quality of each candidate on the dataset (higher is better).
    epsilon, sensitivity : float > 0
    rng : Generator, int or None
    ledger : PrivacyLedger, optional
        Receives ``("exponential_mechanism", epsilon, 0, ...)``.

    Returns
    -------
    int
        The chosen index.

    Raises
    ------
    ValueError
        Empty/non-1-D scores, NaN/inf scores, epsilon or sensitivity <= 0.
    """
    z, eps, sens = _logits(scores, epsilon, sensitivity)
    rng = as_rng(rng)
    idx = int(np.argmax(z + rng.gumbel(size=z.shape[0])))
    if ledger is not None:
        ledger.record(
            "exponential_mechanism", eps, 0.0, EM_THEOREM, True, sensitivity=sens, n_candidates=int(z.shape[0])
        )
    return idx


@checked
def report_noisy_max(
    scores: Scores,
    epsilon: Epsilon,
    sensitivity: Sensitivity = 1.0,
    rng: Rng = None,
    *,
    monotone: bool = False,
    ledger: PrivacyLedger | None = None,
) -> int:
    """Report noisy max with Laplace noise: argmax_i scores[i] + Lap(b).

    b = 2 * sensitivity / epsilon is epsilon-DP for arbitrary sensitivity-Delta scores;
    b = sensitivity / epsilon suffices when the scores are monotone (all move in the same
    direction between neighbours, e.g. counting queries; Dwork–Roth Claim 3.9).

    Parameters
    ----------
    scores : array_like, shape (m,)
        Real scores.
    epsilon : float > 0
        Privacy parameter.
    sensitivity : float > 0, default 1
        Sensitivity Delta of every score.
    rng : numpy.random.Generator, int or None
        Source of randomness (SPEC 7).
    monotone : bool, default False
        The scores move in one direction between neighbours (halves the noise).
    ledger : PrivacyLedger, optional
        Records the (epsilon, 0) guarantee.

    Returns
    -------
    int
    """
    s, eps, sens = scores, epsilon, sensitivity
    rng = as_rng(rng)
    b = check_noise_scale((1.0 if monotone else 2.0) * sens / eps, "b", because="Laplace scale of report noisy max")
    with np.errstate(over="ignore"):
        s = s - s.max()  # shift: argmax unchanged, no overflow when adding the noise
    idx = int(np.argmax(s + rng.laplace(0.0, b, size=s.shape[0])))
    if ledger is not None:
        ledger.record(
            "report_noisy_max",
            eps,
            0.0,
            "report noisy max (Dwork-Roth Claim 3.9)",
            True,
            sensitivity=sens,
            monotone=bool(monotone),
            n_candidates=int(s.shape[0]),
        )
    return idx
