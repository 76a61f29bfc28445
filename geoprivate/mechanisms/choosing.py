"""The choosing mechanism (Beimel, Nissim, Stemmer 2013) for k-bounded quality functions.

[Yan25] Definition 12 and Lemma 1.  A quality
function q is *k-bounded* when q(empty, z) = 0 for every z, adding one element to the
dataset raises each score by 0 or 1, and raises at most k scores.  So scores are
non-negative integers and, on a dataset of n elements, at most k n solutions have a
positive score.

The mechanism (BNS13, Algorithm "Choosing Mechanism"; also Bun–Nissim–Stemmer–Vadhan 2015):

1. noisy_best = max_z q(D, z) + Lap(4/eps);
2. if noisy_best < (8/eps) ln(4k/(eps delta)): halt and output ⊥ (here: ``None``);
3. otherwise run the exponential mechanism with privacy eps/2 (probabilities
   ∝ exp(eps q / 4)) over G(D) = {z : q(D, z) >= 1} only.

Restricting to G(D) is what makes the utility independent of the number of candidates;
the threshold test pays the delta for solutions that enter G between neighbours.  It is
(eps, delta)-DP for eps in (0, 2) (Lemma 1), and with probability >= 1 - beta outputs z with
q(D, z) >= max q - (16/eps) ln(4 k n / (beta eps delta)).  [Yan25] writes ``log``; BNS13
uses natural logarithms, as here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Epsilon,
    FloatCount,
    OpenDelta,
    Probability,
    Rng,
    as_rng,
    check_noise_scale,
    checked,
)
from geoprivate.mechanisms.exponential import as_scores
from geoprivate.privacy.accounting import VACUOUS, Guarantee, PrivacyLedger
from geoprivate.privacy.warnings import warn_outside_theorem
from solvers._checks import as_list

__all__ = [
    "choosing_mechanism",
    "choosing_threshold",
    "choosing_utility_loss",
    "choosing_output_law",
    "is_k_bounded",
    "choosing_applies",
    "choosing_guarantee",
]

#: [Yan25] Lemma 1 holds for epsilon in (0, EPSILON_MAX).
EPSILON_MAX = 2.0

THEOREM = "vc1/lemma-1 (choosing mechanism, Beimel-Nissim-Stemmer 2013)"


def _int_scores(scores, name: str = "scores") -> np.ndarray:
    f = as_scores(scores, name)
    if np.any(f < 0) or np.any(f != np.round(f)):
        raise ValueError(
            f"scores of a k-bounded quality function are non-negative integers ([Yan25] Def. 12), got {f[:8]}..."
        )
    return f


_Count = FloatCount
#: the scores of a k-bounded quality function: non-negative integers ([Yan25] Def. 12)
_IntScores = Annotated[Any, Check(_int_scores, kind="array")]


@checked
def choosing_applies(epsilon: Epsilon) -> bool:
    """Whether [Yan25] Lemma 1's hypothesis epsilon in (0, 2) holds (delta > 0 is checked apart).

    Parameters
    ----------
    epsilon : float > 0
        Privacy parameter.

    Returns
    -------
    bool
        Whether 0 < epsilon < 2.
    """
    return 0 < epsilon < EPSILON_MAX


@checked
def choosing_guarantee(epsilon: Epsilon, delta: OpenDelta) -> Guarantee:
    """The choosing mechanism's guarantee: (epsilon, delta) by [Yan25] Lemma 1, vacuous for epsilon >= 2.

    Parameters
    ----------
    epsilon : float > 0
        Privacy parameter.
    delta : float in (0, 1)
        Privacy parameter.

    Returns
    -------
    Guarantee
        (epsilon, delta), or the vacuous guarantee when epsilon >= 2.
    """
    return Guarantee(epsilon, delta) if epsilon < EPSILON_MAX else VACUOUS


def _check_lemma1(eps: float, strict) -> bool:
    """Warn (or refuse under ``strict``) when epsilon voids Lemma 1; return whether it applies."""
    applies = eps < EPSILON_MAX
    if not applies:
        warn_outside_theorem(
            f"choosing mechanism with epsilon={eps!r} outside [Yan25] Lemma 1 (needs epsilon in (0, 2)): "
            "no (epsilon, delta) guarantee (pass strict=True to refuse)",
            strict=strict,
            stacklevel=4,
        )
    return applies


@checked
def choosing_threshold(epsilon: Epsilon, delta: OpenDelta, k: _Count) -> float:
    """Halting threshold (8/eps) ln(4k/(eps delta)) of the choosing mechanism.

    Parameters
    ----------
    epsilon : float > 0
        Privacy parameter.
    delta : float in (0, 1)
        Privacy parameter.
    k : int >= 1
        The quality function's bound ([Yan25] Definition 12).

    Returns
    -------
    float
        (8/epsilon) ln(4k/(epsilon delta)).
    """
    # ln(4k) - ln(eps) - ln(delta): eps * delta may underflow to 0
    return 8.0 / epsilon * (math.log(4.0 * k) - math.log(epsilon) - math.log(delta))


@checked
def choosing_utility_loss(epsilon: Epsilon, delta: OpenDelta, k: _Count, n: _Count, beta: Probability) -> float:
    """Utility loss of [Yan25] Lemma 1: (16/eps) ln(4 k n / (beta eps delta)).

    Parameters
    ----------
    epsilon : float > 0
        Privacy parameter.
    delta : float in (0, 1)
        Privacy parameter.
    k : int >= 1
        The quality function's bound.
    n : int >= 1
        Dataset size.
    beta : float in (0, 1)
        Failure probability.

    Returns
    -------
    float
        (16/epsilon) ln(4 k n / (beta epsilon delta)).
    """
    # ln(4kn) as a sum of logs: k * n may exceed the floats
    logs = math.log(4.0 * k) + math.log(n) - math.log(beta) - math.log(epsilon) - math.log(delta)
    return 16.0 / epsilon * logs


@checked
def choosing_mechanism(
    scores: _IntScores,
    epsilon: Epsilon,
    delta: OpenDelta,
    k: _Count,
    rng: Rng = None,
    ledger: PrivacyLedger | None = None,
    *,
    strict: bool = False,
):
    """Choose a good solution privately for a k-bounded quality function ([Yan25] Lemma 1).

    Parameters
    ----------
    scores : array_like of non-negative integers, shape (m,)
        q(D, z) for every candidate z on the dataset D.  Candidates absent from the vector
        have score 0 and are never output (the mechanism only samples from q >= 1).
    epsilon : float > 0
        Lemma 1 needs epsilon in (0, 2); larger values run with a
        :class:`~geoprivate.privacy.warnings.PrivacyWarning` and the ledger records that
        the lemma does not apply (``strict=True`` refuses them instead).
    delta : float in (0, 1)
    k : int >= 1
        The quality function's bound (Def. 12).  The caller is responsible for
        k-boundedness (see :func:`is_k_bounded` to check it on a dataset).
    rng : Generator, int or None
    ledger : PrivacyLedger, optional
        Receives ``("choosing_mechanism", epsilon, delta, "vc1/lemma-1 ...", applies)``.
    strict : bool, default False
        Raise :class:`~geoprivate.privacy.warnings.PrivacyParameterError` instead of
        warning when epsilon >= 2.

    Returns
    -------
    int or None
        Index of the chosen candidate, or ``None`` for the mechanism's ⊥ (the noisy best
        score fell below the threshold, or no candidate has a positive score).

    Raises
    ------
    ValueError
        Negative or non-integer scores, epsilon <= 0, delta outside (0, 1), k < 1.
    """
    q, eps, dlt = scores, epsilon, delta
    scale = check_noise_scale(4.0 / eps, "scale", because="4/epsilon")
    applies = _check_lemma1(eps, strict)
    rng = as_rng(rng)
    thr = choosing_threshold(eps, dlt, k)
    noisy_best = q.max() + rng.laplace(0.0, scale)
    if ledger is not None:
        ledger.record(
            "choosing_mechanism", eps, dlt, THEOREM, applies, k=k, threshold=thr, n_candidates=int(q.shape[0])
        )
    if noisy_best < thr:
        return None
    support = np.flatnonzero(q >= 1)
    if support.size == 0:
        return None
    logits = q[support] * (eps / 4.0)
    return int(support[np.argmax(logits + rng.gumbel(size=support.size))])


@checked
def choosing_output_law(scores: _IntScores, epsilon: Epsilon, delta: OpenDelta, k: _Count):
    """Exact output law of :func:`choosing_mechanism`: (probabilities over indices, P(⊥)).

    P(not ⊥) = P(max q + Lap(4/eps) >= threshold) (and G non-empty); given that, the
    output is exponential-mechanism distributed over {z : q >= 1} with weights exp(eps q/4).

    Parameters
    ----------
    scores : array_like of int, shape (m,)
        The quality q(D, z) of every candidate.
    epsilon : float > 0
        Privacy parameter.
    delta : float in (0, 1)
        Privacy parameter.
    k : int >= 1
        The quality function's bound.

    Returns
    -------
    probabilities : numpy.ndarray, shape (m,)
        P(output = z) for each candidate.
    bottom : float
        P(⊥).
    """
    q, eps = scores, epsilon
    thr = choosing_threshold(eps, delta, k)
    b = check_noise_scale(4.0 / eps, "scale", because="4/epsilon")
    x = thr - q.max()  # P(Lap(b) >= x)
    # both tails computed directly (no 1 - (1 - tiny) cancellation)
    p_go = 1.0 - 0.5 * math.exp(x / b) if x <= 0 else 0.5 * math.exp(-x / b)
    p_halt = 0.5 * math.exp(x / b) if x <= 0 else 1.0 - 0.5 * math.exp(-x / b)
    probs = np.zeros(q.shape[0])
    support = np.flatnonzero(q >= 1)
    if support.size == 0:
        return probs, 1.0
    z = q[support] * (eps / 4.0)
    w = np.exp(z - z.max())
    probs[support] = p_go * w / w.sum()
    return probs, p_halt


@checked
def is_k_bounded(
    quality: Callable[..., Any],
    data: Annotated[Any, Check(as_list, kind="object")],
    candidates: Annotated[Any, Check(as_list, kind="object")],
    k: _Count,
) -> bool:
    """Check [Yan25] Definition 12 along the insertion order of ``data``.

    ``quality(prefix, z)`` is evaluated for every prefix of ``data`` (as a list) and every
    candidate: q(empty, z) = 0, each step raises each score by 0 or 1, and raises at most
    ``k`` scores.  (A necessary condition for k-boundedness, checked on this dataset.)

    Parameters
    ----------
    quality : callable
        ``quality(prefix, z) -> int`` for a list ``prefix`` of data and a candidate ``z``.
    data : sequence
        The dataset, in insertion order.
    candidates : iterable
        The candidate solutions.
    k : int >= 1
        The bound to check.

    Returns
    -------
    bool
        Whether every insertion raises each score by 0 or 1 and at most ``k`` scores, starting from 0.
    """
    prev = [quality([], z) for z in candidates]
    if any(p != 0 for p in prev):
        return False
    for i in range(1, len(data) + 1):
        cur = [quality(data[:i], z) for z in candidates]
        diffs = [c - p for c, p in zip(cur, prev, strict=True)]
        if any(d not in (0, 1) for d in diffs) or sum(diffs) > k:
            return False
        prev = cur
    return True
