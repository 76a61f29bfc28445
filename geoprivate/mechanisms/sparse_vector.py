"""Sparse-vector mechanisms: BetweenThresholds (Bun, Steinke, Ullman 2016) and AboveThreshold.

BetweenThresholds is implemented exactly as [Yan26] Algorithm 1 (= [NNSY23] App. C.2):

1. sample ONE mu ~ Lap(2/(eps n)); noisy thresholds t̂_l = t_l + mu, t̂_u = t_u - mu;
2. for each query value q_j(S) in [0, 1] (a counting query, sensitivity 1/n):
   c_j = q_j(S) + nu_j with nu_j ~ Lap(6/(eps n));
   c_j < t̂_l → L;  else c_j > t̂_u → R;  else (c_j in [t̂_l, t̂_u]) → TOP and halt.

(The tests are applied in the paper's order, L first: if mu is so large that the noisy
thresholds cross, a value that is neither below t̂_l nor in the empty interval is R.)

Variants: ``c`` tops ([NNSY23] Observation 2) and ``c=None`` — reinitialise with fresh mu
after every TOP and never halt, as GenericPredictor uses it ([Yan26] Algorithm 2,
"When BetweenThresholds outputs TOP, we reinitialize it with fresh noise and continue").

Privacy ([Yan26] Lemma 1): for eps, delta in (0, 1), (eps, delta)-DP against adaptive
queries if t_u - t_l >= 12/(eps n) (ln(10/eps) + ln(1/delta) + 1).  Accuracy (Lemma 2):
if n >= 8/(alpha eps) (ln(T+1) + ln(1/beta)) the answers are alpha-accurate w.p. 1-beta.
The papers write ``log``; Bun et al.'s proofs use Laplace tails exp(-x), i.e. natural
logarithms, which is what :func:`min_gap` and :func:`min_n` use.  Any gap is accepted (small
instances and stress tests need them); the ledger then records that Lemma 1 does not apply.

Noise streams: mu and the nu's come from two independent child generators derived from
``rng`` at construction, and the nu's are read from a buffer, so :meth:`~BetweenThresholds.query`
in a loop and :meth:`~BetweenThresholds.query_batch` give the same transcript bit for bit.
"""

from __future__ import annotations

import enum
import math
from typing import Annotated

import numpy as np

from geoprivate._validation import (
    Epsilon,
    FloatCount,
    Interval,
    LinePoints,
    OpenDelta,
    PositiveInt,
    Probability,
    Rng,
    Sensitivity,
    as_rng,
    check_noise_scale,
    checked,
)
from geoprivate.privacy.accounting import (
    VACUOUS,
    Guarantee,
    PrivacyLedger,
    basic_composition,
    c_tops_composition,
)
from geoprivate.privacy.warnings import warn_outside_theorem
from solvers._checks import check_array_bytes

__all__ = [
    "Answer",
    "HaltedError",
    "BetweenThresholds",
    "AboveThreshold",
    "min_gap",
    "min_n",
    "lemma1_delta",
    "lemma1_applies",
    "above_threshold_alpha",
    "simulate_between_thresholds",
]

LEMMA1 = "shrinkage/lemma-1 (BetweenThresholds privacy, Bun-Steinke-Ullman 2016)"
OBS2 = "everlasting/observation-2 (BetweenThresholds with c tops)"


class Answer(enum.Enum):
    """An answer of BetweenThresholds: below (L), above (R), or between the thresholds (TOP)."""

    L = 0
    R = 1
    TOP = 2

    def __repr__(self) -> str:
        return f"Answer.{self.name}"


_ANSWERS = np.array([Answer.L, Answer.R, Answer.TOP], dtype=object)


class HaltedError(RuntimeError):
    """A query was sent to a sparse-vector instance that has halted."""


_Count = FloatCount


@checked
def min_gap(epsilon: Probability, delta: OpenDelta, n: _Count) -> float:
    """Smallest threshold gap t_u - t_l for which [Yan26] Lemma 1 gives (eps, delta)-DP.

    .. math:: \\frac{12}{\\varepsilon n}\\left(\\ln(10/\\varepsilon) + \\ln(1/\\delta) + 1\\right)

    Parameters
    ----------
    epsilon, delta : float in (0, 1)  (the lemma's hypotheses)
    n : int >= 1

    Returns
    -------
    float
        The least gap t_u − t_l for which Lemma 1 applies.

    Raises
    ------
    ValueError
        epsilon or delta outside (0, 1), n < 1.
    """
    eps, dlt = epsilon, delta
    return 12.0 / (eps * n) * (math.log(10.0 / eps) - math.log(dlt) + 1.0)  # -ln(delta): 1/delta may overflow


#: the smallest positive float: :func:`lemma1_delta` never reports a delta below it
_SMALLEST_DELTA = math.ulp(0.0)


@checked
def lemma1_delta(epsilon: Epsilon, gap: float, n: _Count) -> float:
    """Smallest delta for which a gap of ``gap`` meets [Yan26] Lemma 1 (may be >= 1: no guarantee).

    Inverts :func:`min_gap`: delta = exp(-(gap eps n / 12 - ln(10/eps) - 1)).

    Parameters
    ----------
    epsilon : float
        The privacy parameter ε in (0, 1).
    gap : float
        The threshold gap t_u − t_l.
    n : int
        The database size (query sensitivity 1/n).

    Returns
    -------
    float
        The δ for which ``gap`` equals :func:`min_gap` (>= 1 means no guarantee).
    """
    eps, g = epsilon, gap
    expo = g * eps * n / 12.0 - math.log(10.0 / eps) - 1.0
    if expo <= -700:
        return math.inf
    # below the smallest positive float the true delta is still a positive number: report
    # 5e-324, an upper bound at which the gap still meets Lemma 1 (never 0, which no lemma gives)
    return max(math.exp(-expo), _SMALLEST_DELTA)


@checked
def lemma1_applies(
    epsilon: Epsilon, delta: Annotated[float, Interval(ge=0, le=math.inf)], gap: float, n: _Count
) -> bool:
    """Whether [Yan26] Lemma 1's hypotheses hold: eps, delta in (0,1) and gap >= min_gap.

    Parameters
    ----------
    epsilon, delta : float
        The claimed privacy parameters.
    gap : float
        The threshold gap t_u − t_l.
    n : int
        The database size.

    Returns
    -------
    bool
        True when [Yan26] Lemma 1 proves (ε, δ)-DP for these parameters.
    """
    if not (0 < epsilon < 1 and 0 < delta < 1):
        return False
    return gap >= min_gap(epsilon, delta, n)


@checked
def min_n(alpha: Probability, beta: Probability, epsilon: Probability, T: _Count) -> int:
    """Smallest integer n meeting [Yan26] Lemma 2: n >= 8/(alpha eps) (ln(T+1) + ln(1/beta)).

    Parameters
    ----------
    alpha, beta, epsilon : float
        The accuracy α, failure probability β and privacy parameter ε, each in (0, 1).
    T : int
        The number of queries, T >= 1.

    Returns
    -------
    int
        The least n satisfying Lemma 2's bound.

    Raises
    ------
    ValueError
        alpha, beta, epsilon outside (0, 1) (Lemma 2's hypotheses), T < 1.
    """
    n = 8.0 / alpha / epsilon * (math.log(T + 1) - math.log(beta))
    if not math.isfinite(n):
        raise ValueError(
            f"alpha * epsilon = {alpha!r} * {epsilon!r} is too small: the sample size is beyond the floats"
        )
    return math.ceil(n)


class _NoiseBuffer:
    """Standard-Laplace variates read in order from a generator, batch or one at a time."""

    def __init__(self, rng: np.random.Generator, chunk: int = 4096):
        self._rng = rng
        self._chunk = chunk
        self._buf = np.empty(0)
        self._pos = 0

    def _ensure(self, m: int) -> None:
        have = self._buf.shape[0] - self._pos
        if have < m:
            fresh = self._rng.laplace(0.0, 1.0, size=max(m - have, self._chunk))
            self._buf = np.concatenate([self._buf[self._pos :], fresh])
            self._pos = 0

    def one(self) -> float:
        if self._pos >= self._buf.shape[0]:
            self._ensure(1)
        v = self._buf[self._pos]
        self._pos += 1
        return float(v)

    def peek(self, m: int) -> np.ndarray:
        self._ensure(m)
        return self._buf[self._pos : self._pos + m]

    def advance(self, m: int) -> None:
        self._pos += m


@checked
class BetweenThresholds:
    """BetweenThresholds, [Yan26] Algorithm 1 / [NNSY23] Appendix C.2 (Bun et al. 2016).

    Parameters
    ----------
    epsilon : float > 0
        Privacy parameter (Lemma 1 needs epsilon in (0, 1); larger values run but the
        ledger records that the lemma does not apply).
    t_lower, t_upper : float, t_lower < t_upper
        Thresholds t_l, t_u (the papers take them in (0, 1)).
    n : int >= 1
        Database size; query values are counting queries in [0, 1] of sensitivity 1/n.
    rng : Generator, int or None
    c : int >= 1 or None, default 1
        Number of TOP answers before halting.  ``c=1`` is Algorithm 1; ``c > 1`` is
        [NNSY23] Observation 2 (after each TOP but the c-th, reinitialise with fresh mu);
        ``None`` reinitialises after every TOP and never halts ([Yan26] Algorithm 2).
    delta : float in (0, 1), optional
        Target delta for the ledger.  Default: the smallest delta for which the gap meets
        Lemma 1 (:func:`lemma1_delta`).
    ledger : PrivacyLedger, optional
        Receives one entry per segment (per fresh mu): Lemma 1's (eps, delta), with
        ``applies`` False when eps or delta is outside (0, 1) or the gap is below
        :func:`min_gap`.
    strict : bool, default False
        Outside Lemma 1's hypotheses (eps >= 1, delta >= 1 or a gap below
        :func:`min_gap`) the instance emits a
        :class:`~geoprivate.privacy.warnings.PrivacyWarning` and its :meth:`guarantee` is
        vacuous; with ``strict=True`` it raises
        :class:`~geoprivate.privacy.warnings.PrivacyParameterError` instead.

    Raises
    ------
    ValueError
        Bad parameters, or noise scales 2/(eps n), 6/(eps n) that overflow (a tiny eps):
        infinite noise is refused, never recorded as a guarantee.

    Attributes
    ----------
    t_hat_lower, t_hat_upper : float
        Current noisy thresholds.
    tops : int
        Number of TOP answers so far.
    n_queries : int
    halted : bool

    Examples
    --------
    >>> bt = BetweenThresholds(0.5, 0.3, 0.7, n=10_000, rng=0)
    >>> bt.query(0.0), bt.query(1.0), bt.query(0.5)
    (Answer.L, Answer.R, Answer.TOP)
    >>> bt.halted
    True
    """

    def __init__(
        self,
        epsilon: Epsilon,
        t_lower: float,
        t_upper: float,
        n: _Count,
        rng: Rng = None,
        *,
        c: PositiveInt | None = 1,
        delta: OpenDelta | None = None,
        ledger: PrivacyLedger | None = None,
        strict: bool = False,
    ):
        self.epsilon, self.t_lower, self.t_upper, self.n, self.c = epsilon, t_lower, t_upper, n, c
        if not self.t_lower < self.t_upper:
            raise ValueError(f"t_lower must be < t_upper, got t_lower={t_lower!r}, t_upper={t_upper!r}")
        self.gap = self.t_upper - self.t_lower
        if not math.isfinite(self.gap):
            raise ValueError(f"t_upper - t_lower must be finite, got t_lower={t_lower!r}, t_upper={t_upper!r}")
        if delta is None:
            # nudged up by 1e-12 (relative) so rounding never makes the inverted delta fail
            self.delta = lemma1_delta(self.epsilon, self.gap, self.n) * (1 + 1e-12)
        else:
            self.delta = delta
        self.lemma1_applies = lemma1_applies(self.epsilon, self.delta, self.gap, self.n)
        self.mu_scale = check_noise_scale(2.0 / (self.epsilon * self.n), "mu_scale", because="2/(epsilon n)")
        self.nu_scale = check_noise_scale(6.0 / (self.epsilon * self.n), "nu_scale", because="6/(epsilon n)")
        if not self.lemma1_applies:
            warn_outside_theorem(self._outside_lemma1(), strict=strict)
        rng = as_rng(rng)
        seeds = rng.integers(0, 2**63, size=2)
        self._mu_rng = np.random.default_rng(int(seeds[0]))
        self._nu = _NoiseBuffer(np.random.default_rng(int(seeds[1])))
        self.ledger = ledger
        self.tops = 0
        self.n_queries = 0
        self.segments = 0
        self.halted = False
        self._new_segment()

    # ------------------------------------------------------------------ internals
    def _outside_lemma1(self) -> str:
        """Why [Yan26] Lemma 1 does not apply to this configuration (for the warning)."""
        if not self.epsilon < 1:
            why = f"epsilon={self.epsilon!r} >= 1"
        elif not self.delta < 1:
            why = (
                f"the gap t_u - t_l = {self.gap!r} is below 12/(eps n)(ln(10/eps) + ln(1/delta) + 1) "
                f"for every delta in (0, 1) at n={self.n}"
            )
        else:
            why = f"gap {self.gap!r} < min_gap {min_gap(self.epsilon, self.delta, self.n)!r}"
        return (
            f"BetweenThresholds outside [Yan26] Lemma 1 ({why}): no (epsilon, delta) guarantee; "
            "guarantee() is vacuous (pass strict=True to refuse)"
        )

    def _new_segment(self) -> None:
        mu = float(self._mu_rng.laplace(0.0, self.mu_scale))
        self.mu = mu
        self.t_hat_lower = self.t_lower + mu
        self.t_hat_upper = self.t_upper - mu
        self.segments += 1
        if self.ledger is not None:
            self.ledger.record(
                "BetweenThresholds",
                self.epsilon,
                min(1.0, self.delta),
                LEMMA1,
                self.lemma1_applies,
                n=self.n,
                t_lower=self.t_lower,
                t_upper=self.t_upper,
                gap=self.gap,
                min_gap=(
                    min_gap(self.epsilon, self.delta, self.n)
                    if 0 < self.epsilon < 1 and 0 < self.delta < 1
                    else math.inf
                ),
                segment=self.segments,
            )

    def _after_top(self) -> None:
        self.tops += 1
        if self.c is not None and self.tops >= self.c:
            self.halted = True
        else:
            self._new_segment()

    def _check_running(self) -> None:
        if self.halted:
            raise HaltedError(
                f"BetweenThresholds has halted after {self.tops} TOP answer(s) (c={self.c}); "
                "create a new instance to continue"
            )

    # ------------------------------------------------------------------ public API
    def query(self, value: float) -> Answer:
        """Answer one counting-query value q_j(S) in [0, 1] with L, R or TOP.

        Raises
        ------
        HaltedError
            If the instance has halted (c TOPs already answered).
        ValueError
            If ``value`` is NaN or infinite.
        """
        self._check_running()
        cj = value + self.nu_scale * self._nu.one()
        self.n_queries += 1
        if cj < self.t_hat_lower:
            return Answer.L
        if cj > self.t_hat_upper:
            return Answer.R
        self._after_top()
        return Answer.TOP

    def query_batch_codes(self, values: LinePoints) -> np.ndarray:
        """Vectorised :meth:`query_batch` returning int8 codes (L=0, R=1, TOP=2)."""
        self._check_running()
        vals = values
        m = vals.shape[0]
        out = []
        start, chunk = 0, 1024
        while start < m:
            stop = min(m, start + chunk)
            cj = vals[start:stop] + self.nu_scale * self._nu.peek(stop - start)
            codes = np.where(cj < self.t_hat_lower, 0, np.where(cj > self.t_hat_upper, 1, 2)).astype(np.int8)
            tops = np.flatnonzero(codes == 2)
            if tops.size:
                k = int(tops[0])
                out.append(codes[: k + 1])
                self._nu.advance(k + 1)
                self.n_queries += k + 1
                self._after_top()
                break
            out.append(codes)
            self._nu.advance(stop - start)
            self.n_queries += stop - start
            start, chunk = stop, chunk * 4
        return np.concatenate(out) if out else np.empty(0, dtype=np.int8)

    def query_batch(self, values: LinePoints) -> np.ndarray:
        """Answer a vector of query values up to and including the first TOP (vectorised).

        Equivalent, bit for bit, to calling :meth:`query` on each value until the first TOP
        (the same noise values are used).  With ``c > 1`` or ``c=None`` the instance is
        reinitialised after that TOP (as :meth:`query` would) and the batch stops there,
        so a caller can change its hypotheses before asking again.

        Returns
        -------
        numpy.ndarray of Answer (dtype object), length <= len(values)
        """
        return _ANSWERS[self.query_batch_codes(values)]

    def guarantee(self) -> Guarantee:
        """The (eps, delta) guarantee of this instance as configured.

        c=1: Lemma 1 (or the vacuous guarantee when it does not apply); c>1: [NNSY23]
        Observation 2; c=None: basic composition over the segments started so far
        ([Yan26] Observation 1: the run is that many compositions of BetweenThresholds).
        """
        if not self.lemma1_applies:
            return VACUOUS
        if self.c == 1:
            return Guarantee(self.epsilon, self.delta)
        if self.c is None:
            return basic_composition([Guarantee(self.epsilon, self.delta)] * self.segments)
        if self.c * self.delta >= 1:
            return VACUOUS
        return c_tops_composition(self.epsilon, self.delta, self.c)

    def __repr__(self) -> str:
        return (
            f"BetweenThresholds(epsilon={self.epsilon}, t_lower={self.t_lower}, t_upper={self.t_upper}, "
            f"n={self.n}, c={self.c}, tops={self.tops}, halted={self.halted})"
        )


@checked
def simulate_between_thresholds(
    values: LinePoints, epsilon: Epsilon, t_lower: float, t_upper: float, n: _Count, size: PositiveInt, rng: Rng = None
) -> np.ndarray:
    """``size`` independent runs of BetweenThresholds (c = 1) on fixed query values, vectorised.

    Same law as :class:`BetweenThresholds` (one mu per run shifting both thresholds, one nu
    per query), for Monte-Carlo experiments and audits; not the same random stream.

    Parameters
    ----------
    values : array_like of float, shape (T,)
        The query values q_1(S), …, q_T(S).
    epsilon : float
        The privacy parameter ε.
    t_lower, t_upper : float
        The thresholds t_l < t_u.
    n : int
        The database size (noise scales with 1/(ε n)).
    size : int
        The number of independent runs.
    rng : Generator, int or None
        The random source (SPEC 7).

    Returns
    -------
    numpy.ndarray of int8, shape (size, len(values))
        Codes L=0, R=1, TOP=2 per query, and -1 after the run halted at its TOP.
    """
    eps, tl, tu, vals = epsilon, t_lower, t_upper, values
    if vals.size == 0:
        raise ValueError("values must hold at least one query value")
    if not tl < tu:
        raise ValueError(f"t_lower must be < t_upper, got t_lower={t_lower!r}, t_upper={t_upper!r}")
    # the noise of every run and query at once: refused before it is drawn when it would not fit in memory
    check_array_bytes(24 * size * max(1, vals.size), f"size={size} runs x {vals.size} values")
    mu_scale = check_noise_scale(2.0 / (eps * n), "mu_scale", because="2/(epsilon n)")
    nu_scale = check_noise_scale(6.0 / (eps * n), "nu_scale", because="6/(epsilon n)")
    rng = as_rng(rng)
    mu = rng.laplace(0.0, mu_scale, size=(size, 1))
    c = vals[None, :] + rng.laplace(0.0, nu_scale, size=(size, vals.size))
    codes = np.where(c < tl + mu, 0, np.where(c > tu - mu, 1, 2)).astype(np.int8)
    is_top = codes == 2
    first = np.where(is_top.any(axis=1), is_top.argmax(axis=1), vals.size)
    codes[np.arange(vals.size)[None, :] > first[:, None]] = -1
    return codes


@checked
def above_threshold_alpha(epsilon: Epsilon, beta: Probability, T: PositiveInt, sensitivity: Sensitivity = 1.0) -> float:
    """Accuracy of AboveThreshold, [BF26] Lemma 4.3: alpha = 8 ln(2T/beta) / eps (times Delta).

    Parameters
    ----------
    epsilon, beta : float
        The privacy parameter ε and failure probability β.
    T : int
        The number of queries.
    sensitivity : float, default 1.0
        The queries' sensitivity Δ.

    Returns
    -------
    float
        α such that w.p. >= 1 − β every answer is α-accurate.
    """
    # ln(2T/β) as a sum of logs: T may be an integer beyond floating point (10**400)
    return sensitivity * 8.0 * (math.log(2) + math.log(T) - math.log(beta)) / epsilon


@checked
class AboveThreshold:
    """AboveThreshold (Dwork–Roth 2014, Alg. 1) with [BF26]'s interface (§4, Lemma 4.3).

    ``InitializeAboveThr(eps, L, beta)`` is the constructor; ``AddQuery(q)`` is
    :meth:`add_query` (takes the query's value q(D), sensitivity ``sensitivity``);
    ``TestAboveThr()`` is :meth:`test_above_threshold`.  Noisy threshold L + rho with
    rho ~ Lap(2 Delta/eps); each query is compared as q(D) + nu, nu ~ Lap(4 Delta/eps);
    the first True halts the instance.  epsilon-DP (pure).

    Parameters
    ----------
    epsilon : float > 0
    L : float (threshold)
    beta : float in (0, 1) (failure probability, used by :meth:`alpha`)
    rng : Generator, int or None
    sensitivity : float > 0, default 1
    ledger : PrivacyLedger, optional
    """

    def __init__(
        self,
        epsilon: Epsilon,
        L: float,
        beta: Probability,
        rng: Rng = None,
        *,
        sensitivity: Sensitivity = 1.0,
        ledger: PrivacyLedger | None = None,
    ):
        self.epsilon, self.L, self.beta, self.sensitivity = epsilon, L, beta, sensitivity
        self.rho_scale = check_noise_scale(
            2.0 * self.sensitivity / self.epsilon, "rho_scale", because="2 sensitivity/epsilon"
        )
        self.nu_scale = check_noise_scale(
            4.0 * self.sensitivity / self.epsilon, "nu_scale", because="4 sensitivity/epsilon"
        )
        self._rng = as_rng(rng)
        self.rho = float(self._rng.laplace(0.0, self.rho_scale))
        self.noisy_threshold = self.L + self.rho
        self._pending: float | None = None
        self.n_queries = 0
        self.halted = False
        if ledger is not None:
            ledger.record(
                "AboveThreshold",
                self.epsilon,
                0.0,
                "AboveThreshold (Dwork-Roth Thm 3.23; [BF26] Lemma 4.3)",
                True,
                threshold=self.L,
                sensitivity=self.sensitivity,
            )

    def add_query(self, value: float) -> None:
        """Add a sensitivity-``sensitivity`` query by its value q(D)."""
        if self.halted:
            raise HaltedError("AboveThreshold has halted (a query tested above threshold)")
        self._pending = value
        self.n_queries += 1

    def test_above_threshold(self) -> bool:
        """Whether the most recent query is (noisily) above the threshold; True halts."""
        if self.halted:
            raise HaltedError("AboveThreshold has halted (a query tested above threshold)")
        if self._pending is None:
            raise RuntimeError("test_above_threshold called before add_query")
        nu = float(self._rng.laplace(0.0, self.nu_scale))
        above = self._pending + nu >= self.noisy_threshold
        self._pending = None
        if above:
            self.halted = True
        return bool(above)

    def first_above(self, values: LinePoints) -> int | None:
        """:meth:`add_query` then :meth:`test_above_threshold` for each of ``values`` in turn,
        up to the first that tests above: its index (the instance halts), or None.

        The same mechanism as the loop, draw for draw: the noises nu are drawn in one call
        and the generator is then set back so that it has consumed exactly the draws the
        loop would have (one per tested query), so a run is the same whichever is used.
        """
        if self.halted:
            raise HaltedError("AboveThreshold has halted (a query tested above threshold)")
        v = values
        if v.size == 0:
            return None
        bits = self._rng.bit_generator
        state = bits.state
        nu = self._rng.laplace(0.0, self.nu_scale, size=v.size)
        hit = np.flatnonzero(v + nu >= self.noisy_threshold)
        if hit.size == 0:
            self.n_queries += v.size
            return None
        i = int(hit[0])
        bits.state = state
        self._rng.laplace(0.0, self.nu_scale, size=i + 1)  # consume exactly the loop's draws
        self.n_queries += i + 1
        self._pending = None
        self.halted = True
        return i

    def guarantee(self) -> Guarantee:
        """(epsilon, 0): AboveThreshold is pure epsilon-DP at any parameters (Dwork–Roth Theorem 3.23).

        Returns
        -------
        Guarantee
            ``privacy_applies`` True; ``utility_proved`` None (the accuracy is :meth:`alpha`).
        """
        return Guarantee(self.epsilon, 0.0)

    def alpha(self, T: PositiveInt) -> float:
        """Lemma 4.3's accuracy alpha = 8 ln(2T/beta)/eps (times the sensitivity) for T queries."""
        return above_threshold_alpha(self.epsilon, self.beta, T, self.sensitivity)
