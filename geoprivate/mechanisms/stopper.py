"""BetweenThresholds with a private TOP budget: the toolkit's repair of the halting side channel.

**The toolkit's construction, not a paper's.**  [NNSY23] GenericBBL answers through
BetweenThresholds allowed c TOPs ([NNSY23] Observation 2): fresh threshold noise after every
TOP and a halt at the c-th.  Both are functions of *every* query, so one query's TOP shifts
the halting round and re-draws the noise the later answers use — the halting attack of
:mod:`geoprivate.everlasting.query_attack`.  :class:`StoppedBetweenThresholds` removes both:

* one threshold noise μ ~ Lap(2/(ε' n)) for the whole instance; a TOP changes nothing in
  the answering state (the answer to query j depends on μ, ν_j and q_j only);
* the halt is decided by a *stopper*: AboveThreshold (Dwork–Roth Alg. 1, ε_s-DP; the
  project's :class:`~geoprivate.mechanisms.sparse_vector.AboveThreshold`'s noise scales
  2/ε_s and 4/ε_s) over the running TOP count (sensitivity 1 with respect to one query),
  threshold c + a_s with a_s = 8 ln(2R/β_s)/ε_s (its accuracy, [BF26] Lemma 4.3), and a
  hard cap c_max = ⌈c + 2 a_s⌉ TOPs that w.p. ≥ 1 − β_s never binds.

Guarantees (proved in ``docs/everlasting_query_privacy.md``; computed by
:func:`training_guarantee` and :func:`query_guarantee` from the instance's own numbers):

* training privacy (the database of n hypotheses, sensitivity 1/n):
  ε_tr = ε'/2 + c_max (ε'/3 + ln(1/(1 − 2/(n w)))),  δ_tr = ½ exp(−μ_max ε' n / 2),
  with μ_max = (t_u − t_l)/4 and w = (t_u − t_l)/2 (needs n w > 2);
* query privacy (one query of the stream changed, its answer hidden):
  (ε_s, (1 + e^{ε_s}) β_s).

Noise streams: μ, the ν's and the stopper's noise come from independent child generators;
the ν's and the stopper's per-query noise are read by position, so batch and one-at-a-time
answering give the same transcript.
"""

from __future__ import annotations

import math
from typing import Annotated

import numpy as np

from geoprivate._validation import (
    Epsilon,
    FloatCount,
    Interval,
    LinePoints,
    PositiveInt,
    Probability,
    Rng,
    as_rng,
    check_noise_scale,
    checked,
)
from geoprivate.mechanisms.sparse_vector import (
    HaltedError,
    _NoiseBuffer,
    above_threshold_alpha,
)
from geoprivate.privacy.accounting import Guarantee

__all__ = [
    "CONSTRUCTION",
    "StoppedBetweenThresholds",
    "query_guarantee",
    "stopper_cap",
    "stopper_slack",
    "training_guarantee",
]

#: the largest TOP cap :func:`training_guarantee` accepts (a cap beyond it is no budget at all)
MAX_CAP = 10**15

CONSTRUCTION = (
    "geoprivate's construction (not in [NNSY23]): BetweenThresholds with one threshold noise and an "
    "AboveThreshold stopper over the TOP count"
)


#: a TOP budget c or cap c_max (beyond MAX_CAP a cap is no budget at all)
_Cap = Annotated[int, Interval(ge=1, le=MAX_CAP)]
_Count = FloatCount


@checked
def stopper_slack(epsilon_stop: Epsilon, beta_stop: Probability, R: PositiveInt) -> float:
    """a_s = 8 ln(2R/β_s)/ε_s: AboveThreshold's accuracy over R count queries ([BF26] Lemma 4.3).

    Parameters
    ----------
    epsilon_stop, beta_stop : float
        The stopper's privacy parameter ε_s and failure probability β_s.
    R : int
        The number of count queries the stopper answers.

    Returns
    -------
    float
        a_s.
    """
    return above_threshold_alpha(epsilon_stop, beta_stop, R, 1.0)


@checked
def stopper_cap(c: _Cap, epsilon_stop: Epsilon, beta_stop: Probability, R: PositiveInt) -> int:
    """c_max = ⌈c + 2 a_s⌉: the hard TOP cap, reached before the stopper halts w.p. ≤ β_s.

    Parameters
    ----------
    c : int or float
        The target number of TOP answers.
    epsilon_stop, beta_stop : float
        The stopper's ε_s and β_s.
    R : int
        The number of count queries.

    Returns
    -------
    int
        c_max.
    """
    c_max = c + 2 * stopper_slack(epsilon_stop, beta_stop, R)
    if not math.isfinite(c_max):
        raise ValueError(
            f"epsilon_stop: the stopper's slack 8 ln(2R/beta_stop)/epsilon_stop is not finite for epsilon_stop = "
            f"{epsilon_stop!r} (out of floating-point range)"
        )
    return math.ceil(c_max)


@checked
def training_guarantee(epsilon: Epsilon, t_lower: float, t_upper: float, n: _Count, c_max: _Cap) -> Guarantee:
    """(ε_tr, δ_tr) of :class:`StoppedBetweenThresholds` w.r.t. its database (sensitivity 1/n).

    ε_tr = ε'/2 + c_max (ε'/3 + ln(1/(1 − 2/(n w)))), δ_tr = ½ exp(−μ_max ε' n/2),
    μ_max = (t_u − t_l)/4, w = (t_u − t_l)/2.  Infinite ε when n w ≤ 2.

    Parameters
    ----------
    epsilon : float
        The per-TOP privacy parameter ε' of BetweenThresholds.
    t_lower, t_upper : float
        The thresholds t_l < t_u.
    n : int
        The database size.
    c_max : int
        The hard cap on TOP answers (from :func:`stopper_cap`).

    Returns
    -------
    Guarantee
        (ε_tr, δ_tr).
    """
    eps = epsilon
    gap = t_upper - t_lower
    if not gap > 0 or not math.isfinite(gap):
        raise ValueError(f"t_upper - t_lower must be > 0, got {gap!r}")
    w, mu_max = gap / 2, gap / 4
    if n * w <= 2:
        return Guarantee(math.inf, 1.0)
    e = eps / 2 + c_max * (eps / 3 - math.log1p(-2 / (n * w)))
    return Guarantee(e, min(1.0, 0.5 * math.exp(-mu_max * eps * n / 2)))


@checked
def query_guarantee(epsilon_stop: Epsilon, beta_stop: Probability) -> Guarantee:
    """(ε_s, (1 + e^{ε_s}) β_s): one query of the stream changed, its own answer hidden.

    Parameters
    ----------
    epsilon_stop, beta_stop : float
        The stopper's ε_s and β_s.

    Returns
    -------
    Guarantee
        (ε_s, (1 + e^{ε_s}) β_s).
    """
    e, b = epsilon_stop, beta_stop
    # (1 + e^ε) β in logs: e^ε overflows for ε > 709, where δ is 1 anyway
    log_delta = math.log(b) + e + math.log1p(math.exp(-e))
    return Guarantee(e, 1.0 if log_delta >= 0 else math.exp(log_delta))


@checked
class StoppedBetweenThresholds:
    """BetweenThresholds whose TOPs leave the answering state alone, halted by a private stopper.

    The toolkit's construction (see the module docstring); the interface GenericBBL's
    step 3d uses is :class:`~geoprivate.mechanisms.sparse_vector.BetweenThresholds`'s:
    ``query_batch_codes``, ``halted``, ``tops``, ``t_hat_lower``, ``nu_scale`` and the ν
    buffer.

    Parameters
    ----------
    epsilon : float > 0  (ε' of the answers)
    t_lower, t_upper : thresholds, t_lower < t_upper
    n : int >= 1  (database size; query values have sensitivity 1/n)
    rng : Generator, int or None
    c : int >= 1  (the TOP budget the stopper aims at)
    epsilon_stop : float > 0  (ε_s of the stopper: the query-privacy ε)
    beta_stop : float in (0, 1)  (β_s: the stopper errs by more than a_s w.p. ≤ β_s)
    max_queries : int >= 1  (R: how many queries the instance may answer, for a_s)

    Attributes
    ----------
    c_max : int — the hard cap; tops, n_queries, halted as BetweenThresholds.
    """

    def __init__(
        self,
        epsilon: Epsilon,
        t_lower: float,
        t_upper: float,
        n: _Count,
        rng: Rng = None,
        *,
        c: _Cap,
        epsilon_stop: Epsilon,
        beta_stop: Probability,
        max_queries: PositiveInt,
    ):
        self.epsilon, self.t_lower, self.t_upper, self.n, self.c = epsilon, t_lower, t_upper, n, c
        if not self.t_lower < self.t_upper:
            raise ValueError(f"t_lower must be < t_upper, got t_lower={t_lower!r}, t_upper={t_upper!r}")
        self.epsilon_stop, self.beta_stop, self.max_queries = epsilon_stop, beta_stop, max_queries
        self.slack = stopper_slack(self.epsilon_stop, self.beta_stop, self.max_queries)
        self.c_max = stopper_cap(self.c, self.epsilon_stop, self.beta_stop, self.max_queries)
        self.mu_scale = check_noise_scale(2.0 / (self.epsilon * self.n), "mu_scale", because="2/(epsilon n)")
        self.nu_scale = check_noise_scale(6.0 / (self.epsilon * self.n), "nu_scale", because="6/(epsilon n)")
        seeds = as_rng(rng).integers(0, 2**63, size=4)
        self.mu = float(np.random.default_rng(int(seeds[0])).laplace(0.0, self.mu_scale))
        self._nu = _NoiseBuffer(np.random.default_rng(int(seeds[1])))
        self.rho = float(np.random.default_rng(int(seeds[2])).laplace(0.0, 2.0 / self.epsilon_stop))
        self._stop_nu = _NoiseBuffer(np.random.default_rng(int(seeds[3])))
        self.t_hat_lower = self.t_lower + self.mu
        self.t_hat_upper = self.t_upper - self.mu
        self.stop_threshold = self.c + self.slack
        self.tops = 0
        self.n_queries = 0
        self.halted = False
        self.halted_by: str | None = None  # "stopper" or "cap"

    def query_batch_codes(self, values: LinePoints) -> np.ndarray:
        """Answer query values in order (codes L=0, R=1, TOP=2) up to the stopper's halt.

        After each answer the stopper tests count + ν^s ≥ c + a_s + ρ (ν^s ~ Lap(4/ε_s))
        and the cap count ≥ c_max; either halts the instance after that answer.
        """
        if self.halted:
            raise HaltedError(f"StoppedBetweenThresholds has halted ({self.halted_by}) after {self.tops} TOPs")
        vals = values
        m = vals.size
        cj = vals + self.nu_scale * self._nu.peek(m)
        codes = np.where(cj < self.t_hat_lower, 0, np.where(cj > self.t_hat_upper, 1, 2)).astype(np.int8)
        counts = self.tops + np.cumsum(codes == 2)
        stop_noise = (4.0 / self.epsilon_stop) * self._stop_nu.peek(m)
        above = counts + stop_noise >= self.stop_threshold + self.rho
        cap = counts >= self.c_max
        hit = np.flatnonzero(above | cap)
        k = int(hit[0]) + 1 if hit.size else m
        self._nu.advance(k)
        self._stop_nu.advance(k)
        self.n_queries += k
        self.tops = int(counts[k - 1]) if k else self.tops
        if hit.size:
            self.halted = True
            self.halted_by = "stopper" if above[k - 1] else "cap"
        return codes[:k]

    def training_guarantee(self) -> Guarantee:
        """:func:`training_guarantee` of this instance."""
        return training_guarantee(self.epsilon, self.t_lower, self.t_upper, self.n, self.c_max)

    def query_guarantee(self) -> Guarantee:
        """:func:`query_guarantee` of this instance."""
        return query_guarantee(self.epsilon_stop, self.beta_stop)

    def __repr__(self) -> str:
        return (
            f"StoppedBetweenThresholds(epsilon={self.epsilon}, n={self.n}, c={self.c}, c_max={self.c_max}, "
            f"epsilon_stop={self.epsilon_stop}, tops={self.tops}, halted={self.halted})"
        )
