"""ConfidentWinnow (Alg. 4.1) and DP-Winnow (Alg. 4.2) of [BF26] (§4).

M. Bun, W. Fang, *Privately Learning Decision Lists and a Differentially
Private Winnow* [BF26].

Online learning of ρ-margin halfspaces over {−1, 1}^d with a non-negative target
v (‖v‖₁ = 1, y⟨v, x⟩ ≥ ρ).  Labels are **±1** here (the paper's sgn convention); weight
vectors are kept as log-weights so that 10⁵ multiplicative updates neither overflow nor
underflow.

* :func:`confident_winnow` — Algorithm 4.1: update w ← w e^{ηyx}/Z when the prediction is
  wrong, or unconfident (|⟨w, x⟩| < cρ) and the adversary's bit b^(t) = 1.  Lemma 4.2
  bounds the updates by :func:`lemma_4_2_bound`.
* :func:`dp_winnow` — Algorithm 4.2: predictions with w̃ (m samples from the shadow
  weights w); an AboveThreshold instance (Lemma 4.3,
  :class:`geoprivate.mechanisms.AboveThreshold`) over the count of mistakes since the
  last update triggers an update with the first cached mistake, then w̃ is resampled.
  Parameters from Theorem 4.5 (:func:`theorem_4_5_parameters`, theorem mode) or given
  (``DPWinnowParameters`` in practical mode); privacy by :func:`dp_winnow_privacy`
  (Theorem 4.4 / proof C.1).
* Streamed sequences: :func:`confident_winnow`, :func:`winnow` and :func:`dp_winnow` take the
  rounds whole (``X, y``) or as a stream (``y=None``: an iterable of ``(x, y)`` rounds or
  ``(X_block, y_block)`` chunks, or a generator function such as :func:`majority_stream`
  returns), read chunk by chunk: T = 10⁷ at d = 10³ runs in under 100 MiB.
* :func:`sign_disagreement_probability` — the exact probability that w̃ and w disagree in
  sign on x (Lemma 4.6), from the binomial law of ⟨w̃, x⟩.

Choices where the paper is silent or inconsistent
-------------------------------------------------
1. sgn(0): a tie ⟨w̃, x⟩ = 0 counts as a mistake (for both labels).  w̃ is kept as
   integer counts, so predictions are exact.
2. The query q^(t) is added in every round (Lemma 4.3 is applied with T queries).  Once
   k = K no more updates can happen and no more queries are made.
3. If AboveThreshold fires while the cache C is empty (the noise pushed q = 0 over L), k
   still increases and w̃ is resampled, without a weight update (the privacy of the
   round is paid anyway; the paper does not say).
4. Theorem 4.5 defines K through η and η through K: :func:`theorem_4_5_parameters` takes
   the least integer K with K ≥ 2 ln d/(η(K)ρ − η(K)²).  It uses Theorem 4.5's
   η = ε/(8√(2mK ln(4K/δ))) (≤ Theorem 4.4's η, so 4.4's privacy proof covers it) and
   m = 2 ln(2T/β)/(c²ρ²) with c = 1/2, as Lemma 4.6 and the proof of Theorem 4.5 need
   (the statement's m = 2 ln(2T/β)/ρ² omits c²).  Lemma 4.2 asks c < 1/2 while
   Theorem 4.5 fixes c = 1/2; the proof of Lemma 4.2 works for any c < 1.
5. Privacy of one sample j_i (proof C.1): the paper counts 2η; replacing one example moves
   every score η Σ ŷx̂_j by up to 2η *and* the normaliser, so a sample is 4η-DP in general
   (:func:`em_sample_privacy_loss` computes the exact loss).  :func:`dp_winnow_privacy`
   composes with 4η (``em_step="corrected"``, default) or the paper's 2η; with 4η the
   Theorem 4.4 parameters still give ε_AT + ε_EM < ε for ε, δ ∈ (0, 1).
6. log is the natural logarithm throughout.
"""

from __future__ import annotations

import functools
import itertools
import math
import numbers
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Choice,
    Delta,
    Epsilon,
    FloatCount,
    Interval,
    Joint,
    MaxWork,
    NonNegative,
    NonNegInt,
    Positive,
    Probability,
    Rng,
    UnitInterval,
    as_rng,
    check_finite_array,
    check_work,
    checked,
    shown,
)
from geoprivate.mechanisms.sparse_vector import AboveThreshold, above_threshold_alpha
from geoprivate.privacy.accounting import ACCOUNTANTS, Guarantee, PrivacyLedger, advanced_composition
from geoprivate.privacy.tight import TIGHT_THEOREM, tight_composition, tight_step_epsilon
from geoprivate.privacy.warnings import warn_below_sample_bound, warn_outside_theorem
from solvers._checks import as_array, as_positions, check_array_bytes
from solvers._rational import coordinate
from solvers.margins import as_sign_labels, as_sign_points, best_margin

__all__ = [
    "lemma_4_2_bound",
    "ConfidentWinnowRun",
    "confident_winnow",
    "check_realizable",
    "DPWinnowParameters",
    "theorem_4_4_parameters",
    "theorem_4_5_parameters",
    "theorem_4_5_rounds",
    "practical_parameters",
    "dp_winnow_privacy",
    "tight_eps_hat",
    "tight_winnow_search",
    "em_sample_privacy_loss",
    "DPWinnowRun",
    "dp_winnow",
    "sign_disagreement_probability",
    "lemma_4_6_sample_size",
    "winnow",
    "majority_sequence",
    "majority_stream",
    "least_confident_adversary",
]

#: how one w̃ sample is accounted: 4η (corrected) or 2η (as proof C.1 states)
EM_STEPS = ("corrected", "paper")
THEOREM_4_4 = "winnow/theorem-4.4 (DP-Winnow privacy; [BF26] Theorem 4.4, proof C.1)"
#: the same components (K AboveThreshold instances, mK samples) composed by the tight accountant
THEOREM_4_4_TIGHT = f"[BF26] Theorem 4.4's components (proof C.1), {TIGHT_THEOREM}"


#: the most rounds T DP-Winnow's parameters take (T**2 enters a float: ln(2T^2/beta))
MAX_ROUNDS = 10**30
#: the largest dimension d (DP-Winnow holds a few arrays of d weights)
MAX_DIMENSION = 10**9
#: the most rounds a search over an adversary's pool runs
MAX_ADVERSARY_ROUNDS = 10**7
#: the most AboveThreshold instances (K) and samples (m K) :func:`tight_eps_hat` composes (its search's
#: composition takes seconds at these sizes; beyond them it no longer converges)
MAX_TIGHT_STEPS = 10**8
MAX_TIGHT_SAMPLES = 10**15

#: a margin rho of {-1, 1}^d with ||v||_1 = 1: a real in (0, 1]
Margin = Annotated[float, Interval(gt=0, le=1)]
#: a confidence level c in [0, 1)
_Confidence = Annotated[float, Interval(ge=0, lt=1)]
_Rounds = Annotated[int, Interval(ge=1, le=MAX_ROUNDS)]
_Dim = Annotated[int, Interval(ge=1, le=MAX_DIMENSION)]
_Block = Annotated[int, Interval(ge=1, le=1 << 20)]
#: m (samples per update) or K (updates): at most 10**300 each, m K too (they enter floats)
_Samples = Annotated[int, Interval(ge=1, le=10**300), Joint("m K <= 10**300")]
_Accountant = Annotated[str, Choice(*ACCOUNTANTS)]
#: the rounds: a (T, d) array of +-1 points with y, or (y None) a stream of (x, y) rounds or (X, y) chunks
_Sequence = Annotated[
    Any, Joint("with y: a (T, d) array of +-1 points; without: a stream of (X, y) chunks", kind="array")
]
_SignLabels = Annotated[Any, Joint("+-1 labels, one per row of X (None: X is a stream)", kind="signs")]
_Target = Annotated[Any, Joint("a non-negative vector of d weights with sum 1", kind="array")]


# --------------------------------------------------------------------------- helpers
def _check_mK(m: int, K: int) -> None:
    """m K samples enter floating point (advanced composition over them): at most 10**300."""
    if m * K > 10**300:
        raise ValueError(f"m, K: m K = {shown(m * K)} samples are beyond the floats (at most 10**300)")


def _mistakes(value, name: str) -> np.ndarray:
    """A run's mistakes: one bool per round (a 1-D bool array)."""
    arr = as_array(value, name)
    if arr.ndim != 1 or (arr.size and arr.dtype != bool):
        raise TypeError(
            f"{name} must be a 1-D array of bools (one per round), got dtype {arr.dtype}, shape {arr.shape}"
        )
    return arr.astype(bool)


def _sample(X, y):
    as_array(X, "X")  # ragged input: one line naming X (solvers.margins names neither)
    as_array(y, "y")
    Xs = as_sign_points(X)
    return Xs, as_sign_labels(y, Xs.shape[0])


def _chunks(X, y):
    """The rounds of a sequence as ``(X_chunk, y_chunk)`` pairs of validated ±1 arrays.

    ``y`` given: ``X``, ``y`` are the whole sequence (one chunk).  ``y`` None: ``X`` is a
    stream — an iterable of rounds ``(x, y)`` or of chunks ``(X_block, y_block)``, or a
    function of no arguments returning one (a generator function) — read one item at a time,
    so memory is bounded by the largest item.
    """
    if y is not None:
        yield _sample(X, y)
        return
    if isinstance(X, np.ndarray):
        raise TypeError("y: labels are required when X is an array (y=None means X is a stream of (X, y) chunks)")
    src = X() if callable(X) else X
    try:
        items = iter(src)
    except TypeError:
        raise TypeError(
            f"X: expected arrays with y, or an iterable of (X, y) chunks, got {type(src).__name__}"
        ) from None
    for item in items:
        try:
            xc, yc = item
        except (TypeError, ValueError):
            raise TypeError("X: every item of a stream must be a pair (x, y) or (X_block, y_block)") from None
        yield _sample(xc, yc)


def _softmax(logw: np.ndarray) -> np.ndarray:
    """Winnow's weights w ∝ exp(log w); a log-weight out of floating-point range is the caller's eta."""
    if not np.isfinite(logw).all():
        raise ValueError("eta: the log-weights left floating-point range (eta times the updates overflows)")
    with np.errstate(over="ignore", under="ignore"):  # exp(-huge) = 0 is the right weight
        z = np.exp(logw - logw.max())
    return z / z.sum()


@checked
def lemma_4_2_bound(d: FloatCount, eta: Positive, rho: Margin, c: _Confidence) -> float:
    """[BF26] Lemma 4.2: ConfidentWinnow makes at most ln d / ((1 − c)ηρ − η²/2) updates.

    Raises ``ValueError`` when the denominator is not positive (η ≥ 2(1 − c)ρ: vacuous).

    Parameters
    ----------
    d : int
        The dimension.
    eta : float
        The learning rate η.
    rho : float
        The margin ρ.
    c : float
        The confidence level c in [0, 1).

    Returns
    -------
    float
        The bound on the number of updates.
    """
    den = (1 - c) * eta * rho - eta**2 / 2 if eta < 2 * (1 - c) * rho else 0.0  # no eta**2 overflow
    if den <= 0:
        raise ValueError(
            f"eta: Lemma 4.2's bound needs (1-c) eta rho > eta^2/2, i.e. eta < {2 * (1 - c) * rho}, got eta={eta}"
        )
    return math.log(d) / den


@checked
def check_realizable(X: _Sequence, y: _SignLabels, rho: Positive, target: _Target | None = None) -> None:
    """Raise ``ValueError`` unless the sequence is consistent with a non-negative ρ-margin
    halfspace (the assumption of [BF26] Lemmas 4.2, 4.7 and Theorem 4.5).

    With ``target`` v (v ≥ 0, ‖v‖₁ = 1) the check is y⟨v, x⟩ ≥ ρ for every example
    (float, tolerance 1e-12); without it the exact best non-negative margin is computed
    (:func:`solvers.margins.best_margin`, small inputs only).

    Parameters
    ----------
    X : array_like, shape (T, d)
        The examples.
    y : array_like, shape (T,)
        The labels in {−1, 1}.
    rho : float
        The required margin ρ.
    target : array_like, shape (d,), optional
        A claimed target halfspace v.
    """
    Xs, ys = _sample(X, y)
    if target is None:
        r = best_margin(Xs, ys, nonnegative=True)
        if r.rho < Fraction(rho):
            raise ValueError(
                f"X, y: not realisable with margin rho={rho}: the best non-negative margin is "
                f"{r.rho} (= {float(r.rho):.6g})"
            )
        return
    v = check_finite_array(target, "target")
    if v.shape != (Xs.shape[1],) or (v < 0).any() or abs(v.sum() - 1) > 1e-9:
        got = f"shape {v.shape}" if v.shape != (Xs.shape[1],) else f"min {v.min():.6g}, sum {v.sum():.12g}"
        raise ValueError(f"target: expected a non-negative vector of {Xs.shape[1]} weights with sum 1, got {got}")
    m = ys * (Xs @ v)
    bad = np.flatnonzero(m < rho - 1e-12)
    if bad.size:
        raise ValueError(
            f"X, y: round {int(bad[0])} has y<v,x> = {m[bad[0]]:.6g} < rho = {rho} "
            f"(the sequence is not realisable with this margin)"
        )


# --------------------------------------------------------------------------- Algorithm 4.1
def _rounds(value, name: str) -> np.ndarray:
    """Round numbers of a run: integers >= 0, strictly increasing."""
    arr = as_positions(value, name)
    if arr.size and (arr[0] < 0 or (np.diff(arr) <= 0).any()):
        raise ValueError(f"{name} must hold strictly increasing round numbers >= 0, got {shown(arr.tolist())}")
    return arr


@checked
@dataclass
class ConfidentWinnowRun:
    """A run of ConfidentWinnow: rounds with an update, with a mistake, and final weights.

    Attributes
    ----------
    updates, mistakes : numpy.ndarray of int
        The rounds with an update, and the rounds with a mistake.
    weights : numpy.ndarray of float, shape (d,)
        The final weights.
    bound : float or None
        [BF26] Lemma 4.2's update bound, when it applies.
    eta, rho, c : float
        The learning rate, margin and confidence level.
    """

    updates: Annotated[np.ndarray, Check(_rounds, kind="indices")]
    mistakes: Annotated[np.ndarray, Check(_rounds, kind="indices"), Joint("rounds among the updates")]
    weights: Annotated[np.ndarray, Check(check_finite_array, kind="array", ndim=1)]
    bound: NonNegative | None
    eta: Positive
    rho: Margin
    c: _Confidence

    def __post_init__(self):
        if np.setdiff1d(self.mistakes, self.updates).size:
            raise ValueError("updates, mistakes: every round with a mistake is a round with an update (Algorithm 4.1)")

    @property
    def n_updates(self) -> int:
        return int(self.updates.size)


def _adversary(value, name: str):
    """ConfidentWinnow's adversary: None (b = 1 always), a callable ``(t, w, x, y) -> bit`` or a 0/1 sequence."""
    if value is None or callable(value):
        return value
    bits = as_array(value, name)
    if bits.ndim != 1 or (bits.size and (bits.dtype.kind not in "biuf" or ((bits != 0) & (bits != 1)).any())):
        raise ValueError(f"{name}: expected T bits in {{0,1}} or a callable, got shape {bits.shape}")
    return value


@checked
def confident_winnow(
    X: _Sequence,
    y: _SignLabels = None,
    *,
    eta: Positive,
    rho: Margin,
    c: _Confidence = 0.25,
    adversary: Annotated[Any, Check(_adversary, kind="object"), Joint("T bits (with y)")] = None,
    target: _Target | None = None,
    block: _Block = 256,
) -> ConfidentWinnowRun:
    """ConfidentWinnow, Algorithm 4.1 of [BF26].

    w^(0) = (1/d, …, 1/d).  In round t the learner outputs w^(t); it updates
    w_j ← w_j e^{η y x_j} / Σ_k w_k e^{η y x_k} when sgn⟨w, x⟩ ≠ y (ties count as wrong), or
    when −cρ < ⟨w, x⟩ < cρ and the adversary's bit b^(t) = 1.

    Parameters
    ----------
    X : numpy.ndarray, shape (T, d), or a stream
        Points in {−1, 1}^d; with ``y=None`` an iterable of rounds ``(x, y)`` or chunks
        ``(X_block, y_block)``, or a generator function returning one (read chunk by chunk:
        memory is bounded by a chunk, not by T).
    y : numpy.ndarray, shape (T,), or None
        Labels ±1 (None: ``X`` is a stream).
    eta, rho : float
        Learning rate and margin (> 0).
    c : float, default 0.25
        Confidence ratio in [0, 1).
    adversary : None (b = 1 always), a 0/1 sequence of length T (whole arrays only), or a
        callable ``(t, w, x, y) -> bit`` that sees the current weights (an adaptive adversary).
    target : optional v ≥ 0 with ‖v‖₁ = 1: realisability with margin ρ is checked first
        (chunk by chunk for a stream).
    block : int, default 256
        Rounds whose ⟨w, x⟩ are computed in one product while w is unchanged (no effect on
        the run: a round whose decision lies within 10⁻⁹ of a threshold is recomputed alone).

    Returns
    -------
    ConfidentWinnowRun  (``bound`` is Lemma 4.2's, ``None`` when vacuous)

    Examples
    --------
    ConfidentWinnow is the non-private Algorithm 4.1 (no privacy to report; :func:`dp_winnow` is the
    private one).  On a realisable sequence its updates stay below Lemma 4.2's bound:

    >>> X, y, v, rho = majority_sequence(500, 8, 3, rng=0)
    >>> run = confident_winnow(X, y, eta=0.1, rho=rho, target=v)
    >>> run.n_updates <= run.bound
    True
    """
    bits_all = None
    if adversary is not None and not callable(adversary):
        if y is None:
            raise TypeError("adversary: a bit sequence needs the whole sequence (X, y); give a callable for a stream")
        T = as_sign_points(X).shape[0]
        bits_all = np.asarray(adversary)
        if bits_all.shape != (T,) or ((bits_all != 0) & (bits_all != 1)).any():
            raise ValueError(f"adversary: expected T={T} bits in {{0,1}} or a callable, got shape {bits_all.shape}")
    state = _WinnowState(eta, c * rho)
    t0 = 0
    for Xs, ys in _chunks(X, y):
        if target is not None:
            check_realizable(Xs, ys, rho, target)
        n = Xs.shape[0]
        if callable(adversary):
            state.run_rounds(Xs, ys, t0, lambda t, w, x, yt: int(adversary(t, w, x, yt)))
        else:
            bits = np.ones(n, dtype=bool) if bits_all is None else bits_all[t0 : t0 + n].astype(bool)
            state.run_block(Xs, ys, t0, bits, block)
        t0 += n
    try:
        bound = lemma_4_2_bound(state.d, eta, rho, c) if state.d else None
    except ValueError:
        bound = None
    if bound is not None and not math.isfinite(bound):  # beyond the floats: as vacuous as no bound
        bound = None
    ups, mis = state.finish()
    assert state.w is not None  # finish() refuses a sequence without rounds
    return ConfidentWinnowRun(ups, mis, state.w, bound, eta, rho, c)


class _WinnowState:
    """The weights of Algorithm 4.1 over a sequence read chunk by chunk (rounds with an update or
    a mistake are kept as index arrays, one per chunk)."""

    #: a decision ⟨w, x⟩ within this of 0 or ±cρ is recomputed round by round (as the loop does)
    _TOL = 1e-9

    def __init__(self, eta: float, c_rho: float):
        self.eta, self.c_rho = eta, c_rho
        self.d = 0
        self.logw: np.ndarray | None = None
        self.w: np.ndarray | None = None  # both set by the first chunk (_start)
        self._ups: list = []
        self._mis: list = []

    def _start(self, d: int) -> None:
        if self.d == 0:
            self.d = d
            self.logw = np.zeros(d)
            self.w = np.full(d, 1.0 / d)
        elif d != self.d:
            raise ValueError(f"X: every chunk must have d = {self.d} columns, got {d}")

    def _decide(self, s: float, yt: int, b: int) -> tuple[bool, bool]:
        wrong = yt * s <= 0
        return wrong, wrong or (-self.c_rho < s < self.c_rho and b == 1)

    def _update(self, x, yt: int) -> None:
        assert self.logw is not None  # after _start
        self.logw += self.eta * yt * x
        self.w = _softmax(self.logw)

    def run_rounds(self, Xs, ys, t0: int, bit) -> None:
        """Round by round (an adaptive adversary's bit needs the current weights)."""
        self._start(Xs.shape[1])
        assert self.w is not None  # set by _start
        ups, mis = [], []
        for t in range(Xs.shape[0]):
            x, yt = Xs[t], int(ys[t])
            s = float(self.w @ x)
            wrong, up = self._decide(s, yt, bit(t0 + t, self.w, x, yt))
            if wrong:
                mis.append(t0 + t)
            if up:
                self._update(x, yt)
                ups.append(t0 + t)
        self._ups.append(np.array(ups, dtype=np.intp))
        self._mis.append(np.array(mis, dtype=np.intp))

    def run_block(self, Xs, ys, t0: int, bits, block: int) -> None:
        """Rounds between two updates in one product; the same decisions as :meth:`run_rounds`."""
        self._start(Xs.shape[1])
        assert self.w is not None  # set by _start
        n, t = Xs.shape[0], 0
        yf = ys.astype(np.float64)
        while t < n:
            end = min(n, t + block)
            s = Xs[t:end] @ self.w
            wrong = yf[t:end] * s <= 0
            need = wrong | ((-self.c_rho < s) & (s < self.c_rho) & bits[t:end])
            near = (np.abs(s) < self._TOL) | (np.abs(np.abs(s) - self.c_rho) < self._TOL)
            for i in np.flatnonzero(near):  # exactly the loop's float on a borderline round
                wrong[i], need[i] = self._decide(float(self.w @ Xs[t + i]), int(ys[t + i]), int(bits[t + i]))
            hit = np.flatnonzero(need)
            stop = end if hit.size == 0 else t + int(hit[0]) + 1
            self._mis.append(t0 + t + np.flatnonzero(wrong[: stop - t]))
            if hit.size:
                self._update(Xs[stop - 1], int(ys[stop - 1]))
                self._ups.append(np.array([t0 + stop - 1], dtype=np.intp))
            t = stop

    def finish(self):
        if self.w is None:
            raise ValueError("X: the sequence has no rounds")
        return _concat_indices(self._ups), _concat_indices(self._mis)


def _concat_indices(parts) -> np.ndarray:
    return np.concatenate(parts).astype(np.intp) if parts else np.zeros(0, np.intp)


@checked
def least_confident_adversary(
    pool_X: Annotated[Any, Joint("a (P, d) array of +-1 points", kind="array")],
    pool_y: Annotated[Any, Joint("+-1 labels, one per row of pool_X", kind="signs")],
    *,
    eta: Positive,
    rho: Margin,
    c: _Confidence,
    rounds: Annotated[int, Interval(ge=1, le=MAX_ADVERSARY_ROUNDS)] = 10_000,
) -> int:
    """An adaptive adversary against ConfidentWinnow ([BF26] Alg. 4.1): in every round it shows the
    pool example with the smallest y⟨w, x⟩ (a mistake if there is one) and sets b = 1, until
    every pool example is confident and correct (or ``rounds`` run out).

    Returns the number of updates it forced (compare with :func:`lemma_4_2_bound`).

    Parameters
    ----------
    pool_X : array_like, shape (P, d)
        The pool of examples.
    pool_y : array_like, shape (P,)
        Their labels in {−1, 1}.
    eta, rho, c : float
        ConfidentWinnow's learning rate, margin and confidence level.
    rounds : int, default 10_000
        The largest number of rounds.

    Returns
    -------
    int
        The number of updates forced.
    """
    as_array(pool_X, "pool_X")
    as_array(pool_y, "pool_y")
    Xs = as_sign_points(pool_X, "pool_X")
    ys = as_sign_labels(pool_y, Xs.shape[0], "pool_y")
    logw = np.zeros(Xs.shape[1])
    for ups in range(rounds):
        s = ys * (Xs @ _softmax(logw))
        j = int(np.argmin(s))
        if s[j] > 0 and s[j] >= c * rho:  # a tie is a mistake, as in confident_winnow
            return ups
        logw += eta * ys[j] * Xs[j]
    return rounds


@checked
def winnow(X: _Sequence, y: _SignLabels = None, *, eta: Positive) -> ConfidentWinnowRun:
    """Classic (non-private) Winnow: ConfidentWinnow with c = 0 (update on mistakes only).

    Parameters
    ----------
    X : array_like, shape (T, d), or a stream
        The examples; with ``y=None`` a stream as :func:`confident_winnow` reads it.
    y : array_like, shape (T,), or None
        The labels in {−1, 1}.
    eta : float
        The learning rate η.

    Returns
    -------
    ConfidentWinnowRun
        The run's weights and updates.
    """
    return confident_winnow(X, y, eta=eta, rho=1.0, c=0.0)


# --------------------------------------------------------------------------- Lemma 4.6
@checked
def lemma_4_6_sample_size(
    T: FloatCount, beta: Probability, c: Annotated[float, Interval(gt=0, le=1)], rho: Margin
) -> int:
    """[BF26] Lemma 4.6: m ≥ 2 ln(2T/β)/(c²ρ²) samples make sgn⟨w̃, x⟩ = sgn⟨w, x⟩ w.p. ≥ 1 − β/T.

    Parameters
    ----------
    T : int
        The number of rounds.
    beta : float
        The failure probability β.
    c : float
        The confidence level c.
    rho : float
        The margin ρ.

    Returns
    -------
    int
        The least integer m meeting the bound.
    """
    b = beta
    den = (c * rho) ** 2
    m = 2 * math.log(2 * T / b) / den if den > 0 else math.inf
    if not math.isfinite(m):
        raise ValueError(f"rho: m = 2 ln(2T/beta)/(c rho)^2 overflows floating point for c={c!r}, rho={rho!r}")
    return math.ceil(m)


@checked
def sign_disagreement_probability(
    a: Annotated[Any, Check(coordinate, kind="real")], m: FloatCount, *, exact: bool = True, max_work: MaxWork = 10**9
):
    """Pr[sgn⟨w̃, x⟩ ≠ sgn⟨w, x⟩] when ⟨w, x⟩ = a ≠ 0 and w̃ is m samples from w ([BF26] Lemma 4.6).

    ⟨w̃, x⟩ = (1/m) Σ χ_i with χ_i = x_{J_i} i.i.d. ±1, Pr[χ = sgn a] = (1 + |a|)/2 (proof
    D.1), so the probability is Pr[Bin(m, (1 + |a|)/2) ≤ m/2] (a tie counts as a
    disagreement).  ``a`` is taken exactly (Fraction, int or float's binary value).

    Parameters
    ----------
    a : Fraction, int or float
        ⟨w, x⟩, non-zero, |a| <= 1.
    m : int
        The number of samples.
    exact : bool, default True
        Exact rational sum, or a 60-digit mpmath evaluation.
    max_work : int or None, default 10**9
        Bound on the exact sum's bit work.

    Returns
    -------
    Fraction (``exact=True``; cost grows like m² digits) or an mpmath value computed at 60
    significant digits through the regularised incomplete beta function (``exact=False``).

    ``max_work`` bounds the exact sum's bit work, about m²/2 · log₂(denominator of (1+|a|)/2)
    (``ValueError`` beyond it, naming ``exact=False`` and ``max_work``; ``None``: no limit).
    """
    a = abs(a)
    if not 0 < a <= 1:
        raise ValueError(f"a: expected 0 < |<w,x>| <= 1, got {a}")
    p = (1 + a) / 2
    k = m // 2
    if not exact:
        import mpmath

        with mpmath.workdps(60):
            pm = mpmath.mpf(p.numerator) / p.denominator
            try:  # Pr[Bin(m, p) <= k] = I_{1-p}(m - k, k + 1)
                return +mpmath.betainc(m - k, k + 1, 0, 1 - pm, regularized=True)
            except mpmath.libmp.NoConvergence:  # huge m: sum the binomial tail from its largest term
                return _binomial_lower_tail(m, k, pm, max_work)
    check_work(
        m * m * max(1, p.denominator.bit_length()) // 2,
        max_work,
        f"exact Pr[Bin(m={shown(m)}, p) <= {shown(k)}] with a {p.denominator.bit_length()}-bit p (use exact=False)",
    )
    q = 1 - p
    return sum((math.comb(m, j) * p**j * q ** (m - j) for j in range(k + 1)), Fraction(0))


def _binomial_lower_tail(m: int, k: int, p, max_work):
    """Pr[Bin(m, p) <= k] for p > 1/2 at mpmath's working precision: the terms C(m, j) p^j q^(m−j)
    decrease geometrically (ratio <= q/p) from j = k downwards, so the sum stops once a term is
    below 10^-(dps + 10) of the total; at most ``max_work`` terms (``ValueError`` beyond)."""
    import mpmath

    q = 1 - p
    tol = mpmath.mpf(10) ** -(mpmath.mp.dps + 10)
    need = math.ceil((mpmath.mp.dps + 10) * math.log(10) / float(mpmath.log(p / q))) + 1
    check_work(min(k + 1, need), max_work, f"terms of the binomial tail Pr[Bin({m}, p) <= {k}]")
    log_term = (
        mpmath.loggamma(m + 1)
        - mpmath.loggamma(k + 1)
        - mpmath.loggamma(m - k + 1)
        + k * mpmath.log(p)
        + (m - k) * mpmath.log(q)
    )
    term = mpmath.exp(log_term)
    total = term
    for j in range(k, 0, -1):  # term_{j-1} = term_j · j/(m − j + 1) · q/p
        term = term * j / (m - j + 1) * q / p
        total += term
        if term < tol * total:
            break
    return +total


# --------------------------------------------------------------------------- parameters
@checked
@dataclass(frozen=True)
class DPWinnowParameters:
    """Inputs of [BF26] Algorithm 4.2 and where they came from (``mode`` "theorem" or "practical").

    Attributes
    ----------
    T, d : int
        The number of rounds and the dimension.
    rho : float
        The margin ρ.
    eps_hat : float
        The AboveThreshold parameter ε̂.
    eta : float
        The learning rate η.
    L : float
        The AboveThreshold threshold.
    m, K : int
        The samples per update and the update budget.
    beta, c : float
        The failure probability β and the confidence level c.
    mode : str
        ``"theorem"`` or ``"practical"``.
    epsilon, delta : float or None
        The target privacy parameters (theorem mode).
    """

    T: _Rounds
    d: _Dim
    rho: Margin
    eps_hat: Epsilon
    eta: Positive
    L: Positive
    m: _Samples
    K: _Samples
    beta: Probability
    c: Probability = 0.5
    mode: Annotated[str, Choice("theorem", "practical")] = "practical"
    epsilon: Epsilon | None = None
    delta: Delta | None = None

    def __post_init__(self):
        _check_mK(self.m, self.K)

    @property
    def update_bound(self) -> float:
        """Lemma 4.7: fewer than ln d / ((1 − c)ηρ − η²/2) updates w.p. ≥ 1 − β (inf if vacuous)."""
        try:
            return lemma_4_2_bound(self.d, self.eta, self.rho, self.c)
        except ValueError:
            return math.inf

    @property
    def alpha(self) -> float:
        """Lemma 4.3's accuracy of each AboveThreshold instance (failure β/T, T queries)."""
        return above_threshold_alpha(self.eps_hat, self.beta / self.T, self.T)

    @property
    def mistake_bound(self) -> float:
        """Proof of Theorem 4.5: at most 16 ln(2T²/β)/ε̂ · K mistakes w.p. ≥ 1 − 2β."""
        return 16 * math.log(2 * self.T**2 / self.beta) / self.eps_hat * self.K

    def utility_conditions(self) -> dict:
        """[BF26] Theorem 4.5's conditions on these parameters, and that its bound says something.

        Returns
        -------
        dict
            Condition (in words) → bool: K ≥ Lemma 4.7's update bound, L ≥ Lemma 4.3's
            8 ln(2T/β)/ε̂, and the proved mistake bound below T (at T or above it allows every
            round to be a mistake: a vacuous bound proves nothing).
        """
        return {
            "K >= Lemma 4.7's update bound": bool(self.update_bound <= self.K),
            "L >= Lemma 4.3's 8 ln(2T/beta)/eps_hat": bool(
                8 * math.log(2 * self.T / self.beta) / self.eps_hat * (1 - 1e-12) <= self.L
            ),
            "mistake bound 16 ln(2T^2/beta) K/eps_hat < T (non-vacuous)": bool(self.mistake_bound < self.T),
        }

    def utility_note(self) -> str:
        """``""`` when :meth:`utility_conditions` all hold, else a sentence saying which fail and what that means.

        Returns
        -------
        str
        """
        bad = [k for k, v in self.utility_conditions().items() if not v]
        if not bad:
            return ""
        vacuous = self.mistake_bound >= self.T
        return f"DP-Winnow: accuracy not proved (privacy holds): {'; '.join(bad)} fail(s)" + (
            f"; the proved mistake bound {self.mistake_bound:.4g} is at least T = {self.T}, so it allows "
            "a mistake in every round"
            if vacuous
            else ""
        )


@checked
def theorem_4_4_parameters(epsilon: Probability, delta: Probability, K: _Samples, m: _Samples) -> tuple[float, float]:
    """[BF26] Theorem 4.4: ε̂ = ε/(4√(2K ln(2/δ))) and η = ε/(8√(2mK ln(2/δ))) make DP-Winnow
    (ε, δ)-DP for ε, δ ∈ (0, 1) (with the corrected 4η per sample the composition is still
    below ε; see :func:`dp_winnow_privacy`).  Returns (eps_hat, eta).

    Parameters
    ----------
    epsilon, delta : float
        The target privacy parameters, each in (0, 1).
    K : int
        The number of updates (AboveThreshold instances).
    m : int
        The samples per update.

    Returns
    -------
    eps_hat, eta : float
        The AboveThreshold parameter ε̂ and the learning rate η.
    """
    eps, dl = epsilon, delta
    _check_mK(m, K)
    return eps / (4 * math.sqrt(2 * K * math.log(2 / dl))), eps / (8 * math.sqrt(2 * m * K * math.log(2 / dl)))


@checked
def theorem_4_5_rounds(K_over_eps_hat: Positive, beta: Probability, share: Probability = 0.01) -> float:
    """The least T at which [BF26] Theorem 4.5's mistake bound 16 ln(2T²/β)·K/ε̂ is at most ``share``·T.

    With the mistake bound at most 0.01·T the mistake rate of the last 10 % of the rounds is at most
    0.1 (the price-of-privacy target).  A configuration's K and ε̂ do not depend on T (privacy does
    not), so a planner's K/ε̂ gives its predicted T directly.

    Parameters
    ----------
    K_over_eps_hat : float > 0
        K/ε̂ of the configuration.
    beta : float in (0, 1)
        The failure probability β.
    share : float in (0, 1), default 0.01
        The share of T the mistake bound may reach.

    Returns
    -------
    float
        T (a real: the least solution of 16 ln(2T²/β) r = share·T above the bound's minimum).

    Examples
    --------
    >>> f"{theorem_4_5_rounds(4338540 / 2.4531890240452244e-05, 0.05):.2g}"
    '2.2e+16'
    """
    r, b, s = K_over_eps_hat, beta, share

    def over(T: float) -> bool:
        return 16 * (math.log(2 / b) + 2 * math.log(T)) * r > s * T

    lo, hi = 1.0, max(2.0, 32 * r / s)
    while over(hi):
        lo, hi = hi, hi * 2
    while hi - lo > 1e-9 * hi:  # the bound's share decreases in T beyond its minimum: bisection
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if over(mid) else (lo, mid)
    return hi


def _theorem_eta(epsilon, delta, m, K):
    """η = ε/(8√(2mK ln(4K/δ))) ([BF26] Theorem 4.5), in logs: m·K may exceed the float range (tiny ρ).

    Parameters
    ----------
    epsilon, delta : float
        The privacy target.
    m, K : int
        Lemma 4.6's sample size and the number of updates.

    Returns
    -------
    float
        η (0.0 where it underflows).
    """
    try:
        return epsilon / (8 * math.sqrt(2 * m * K * math.log(4 * K / delta)))
    except OverflowError:  # 2mK beyond floats: η underflows to 0 (the caller then refuses K)
        return 0.0


#: largest K :func:`theorem_4_5_parameters` searches (beyond it η underflows in floating point)
_MAX_K = 2**64


@checked
def theorem_4_5_parameters(
    T: _Rounds,
    d: Annotated[int, Interval(ge=1, le=MAX_DIMENSION), Joint("d >= 2 (K is proportional to ln d)")],
    rho: Margin,
    epsilon: Probability,
    delta: Probability,
    beta: Probability,
) -> DPWinnowParameters:
    """[BF26] Theorem 4.5's parameters (c = 1/2): m = ⌈2 ln(2T/β)/(c²ρ²)⌉, η = ε/(8√(2mK ln(4K/δ))),
    ε̂ = ε/(4√(2K ln(2/δ))), L = 8 ln(2T/β)/ε̂, and K the least integer with
    K ≥ 2 ln d/(ηρ − η²) (the fixed point; see the module's choice 4).

    Raises ``ValueError`` for ε, δ outside (0, 1) (Theorem 4.4's hypothesis) or ρ ∉ (0, 1].

    Parameters
    ----------
    T : int
        The number of rounds.
    d : int
        The dimension.
    rho : float
        The margin ρ in (0, 1].
    epsilon, delta : float
        The privacy parameters, each in (0, 1).
    beta : float
        The failure probability β.

    Returns
    -------
    DPWinnowParameters
        m, η, ε̂, L, K (theorem mode).
    """
    eps, dl, b = epsilon, delta, beta
    if d < 2:
        raise ValueError(f"d: Theorem 4.5 needs d >= 2 (K ∝ ln d), got {d}")
    c = 0.5
    m = lemma_4_6_sample_size(T, b, c, rho)

    def excess(K):
        eta = _theorem_eta(eps, dl, m, K)
        den = eta * rho - eta**2
        return K - 2 * math.log(d) / den if den > 0 else -math.inf

    hi = 1
    while excess(hi) < 0:
        hi *= 2
        if hi > _MAX_K:  # eta underflows: K ≥ 2 ln d/(ηρ − η²) has no representable solution
            raise ValueError(
                f"rho, epsilon, delta: Theorem 4.5's K exceeds 2^64 (eta underflows) for rho={rho!r}, "
                f"epsilon={epsilon!r}, delta={delta!r}, T={T}, d={d}"
            )
    lo = hi // 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if excess(mid) >= 0:
            hi = mid
        else:
            lo = mid
    K = hi
    eta = _theorem_eta(eps, dl, m, K)
    eps_hat = eps / (4 * math.sqrt(2 * K * math.log(2 / dl)))
    L = 8 * math.log(2 * T / b) / eps_hat
    return DPWinnowParameters(T, d, rho, eps_hat, eta, L, m, K, b, c, "theorem", eps, dl)


@checked
def practical_parameters(
    T: _Rounds,
    d: _Dim,
    rho: Margin,
    *,
    eps_hat: Epsilon,
    eta: Positive,
    m: _Samples,
    K: _Samples | None = None,
    L: Positive | None = None,
    beta: Probability = 0.05,
    c: Probability = 0.5,
):
    """Practical mode: ε̂, η, m given; K defaults to [BF26] Lemma 4.7's update bound (rounded up),
    L to Lemma 4.3's 8 ln(2T/β)/ε̂.  Privacy is whatever :func:`dp_winnow_privacy` says.

    Parameters
    ----------
    T : int
        The number of rounds.
    d : int
        The dimension.
    rho : float
        The margin ρ.
    eps_hat, eta : float
        The AboveThreshold parameter ε̂ and the learning rate η.
    m : int
        The samples per update.
    K, L : optional
        The update budget and the AboveThreshold threshold (defaults above).
    beta : float, default 0.05
        The failure probability β.
    c : float, default 0.5
        The confidence level c.

    Returns
    -------
    DPWinnowParameters
        The parameters (practical mode).
    """
    p = DPWinnowParameters(T, d, rho, eps_hat, eta, 1.0, m, 1, beta, c)
    if K is None:
        K = math.ceil(p.update_bound) if math.isfinite(p.update_bound) else None
        if K is None:
            raise ValueError(f"K: Lemma 4.7's bound is vacuous for eta={eta}, rho={rho}, c={c}; give K")
    if L is None:
        r = 2 * T / beta
        L = 8 * (math.log(r) if math.isfinite(r) else math.log(2 * T) - math.log(beta)) / eps_hat
        if not math.isfinite(L):
            raise ValueError(
                f"eps_hat: Lemma 4.3's L = 8 ln(2T/beta)/eps_hat leaves the floats (eps_hat={eps_hat!r}); give L"
            )
    return DPWinnowParameters(T, d, rho, eps_hat, eta, float(L), int(m), int(K), beta, c, "practical")


# --------------------------------------------------------------------------- privacy
def _sign(value, name: str) -> int:
    """A label of {-1, 1} (an integer: True and 1.0 refused)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral) or value not in (-1, 1):
        raise ValueError(f"{name} must be -1 or 1, got {shown(value)}")
    return int(value)


_Vector = Annotated[Any, Check(check_finite_array, kind="array", ndim=1), Joint("d entries (d of logw)")]
_Sign = Annotated[int, Check(_sign)]


@checked
def em_sample_privacy_loss(
    logw: Annotated[Any, Check(check_finite_array, kind="array", ndim=1)],
    x: _Vector,
    y: _Sign,
    x_prime: _Vector,
    y_prime: _Sign,
    eta: Positive,
) -> float:
    """Exact max_j |ln Pr[J = j] − ln Pr'[J = j]| for one sample of [BF26] Algorithm 4.2 when the
    example (x, y) used by an update is replaced by (x', y') (all other history fixed).

    Pr[J = j] ∝ exp(logw_j + η y x_j).  Proof C.1 states 2η; this can reach 4η.

    Parameters
    ----------
    logw : array_like, shape (d,)
        The log-weights before the update.
    x, x_prime : array_like, shape (d,)
        The example used and its replacement.
    y, y_prime : int
        Their labels in {−1, 1}.
    eta : float
        The learning rate η.

    Returns
    -------
    float
        The exact privacy loss of one sample.
    """
    lw = logw
    if not x.shape == x_prime.shape == lw.shape or lw.size == 0:
        raise ValueError(
            f"x, x_prime, logw: d entries each (d >= 1), got shapes {x.shape}, {x_prime.shape}, {lw.shape}"
        )
    with np.errstate(over="ignore", invalid="ignore"):
        a = lw + eta * y * x
        b = lw + eta * y_prime * x_prime
        la = a - (a.max() + np.log(np.exp(a - a.max()).sum()))
        lb = b - (b.max() + np.log(np.exp(b - b.max()).sum()))
        loss = float(np.abs(la - lb).max())
    if not math.isfinite(loss):
        raise ValueError(f"eta, logw: the log-probabilities leave floating point (eta={eta!r})")
    return loss


@checked
def dp_winnow_privacy(
    eps_hat: Epsilon,
    eta: Positive,
    m: _Samples,
    K: _Samples,
    delta: Delta,
    *,
    em_step: Annotated[str, Choice(*EM_STEPS)] = "corrected",
    accountant: _Accountant = "paper",
) -> Guarantee:
    """Privacy of DP-Winnow by proof C.1: K AboveThreshold instances (ε̂ each) and mK samples
    (4η each, or 2η with ``em_step="paper"``), each layer by the better of basic and
    advanced composition (δ/2 per layer) — or, with ``accountant="tight"``, the same K + mK
    pure components composed optimally at δ ([KOV15]; :func:`geoprivate.privacy.tight.tight_composition`).

    Parameters
    ----------
    eps_hat, eta : float
        The AboveThreshold parameter ε̂ and the learning rate η.
    m, K : int
        The samples per update and the number of updates.
    delta : float
        The total δ (δ/2 per layer).
    em_step : {"corrected", "paper"}, default "corrected"
        The per-sample loss: 4η (proved here) or 2η (as the proof states).
    accountant : {"paper", "tight"}, default "paper"
        Theorem 4.4's composition, or the optimal composition of its components.

    Returns
    -------
    Guarantee
        The (ε, δ) of DP-Winnow (its ``accountant`` says which).

    Examples
    --------
    >>> g = dp_winnow_privacy(2.45e-5, 1.59e-5, 1, 4338540, 1e-6)
    >>> round(g.epsilon, 3), g.accountant  # accountant="tight" gives 0.577 (the [accounting] extra)
    (0.999, 'paper')
    """
    _check_mK(m, K)
    return _composed_guarantee(eps_hat, eta, m, K, delta, em_step, accountant)


def _composed_guarantee(
    e: float, eta: float, m: int, K: int, dl: float, em_step: str, accountant: str = "paper"
) -> Guarantee:
    """:func:`dp_winnow_privacy` on arguments already checked (by :class:`DPWinnowParameters`)."""
    step = (4 if em_step == "corrected" else 2) * eta
    if not math.isfinite(step):
        raise ValueError(
            f"eta: a sample's {4 if em_step == 'corrected' else 2} eta leaves floating point, got eta={eta!r}"
        )
    if accountant == "tight":
        return tight_composition([(Guarantee(e), K), (Guarantee(step), m * K)], dl)

    def layer(eps_one, k):
        basic = Guarantee(k * eps_one, 0.0)
        if dl / 2 == 0:  # delta = 0 (or 5e-324, whose half is 0): advanced composition has no delta' to spend
            return basic
        adv = advanced_composition(eps_one, 0.0, k, dl / 2)
        return adv if adv.epsilon < basic.epsilon else basic

    g1, g2 = layer(e, K), layer(step, m * K)
    return Guarantee(g1.epsilon + g2.epsilon, min(1.0, g1.delta + g2.delta))


@checked
@functools.lru_cache(maxsize=4096)
def tight_eps_hat(
    epsilon: Epsilon,
    delta: Delta,
    eta: Positive,
    m: _Samples,
    K: _Samples,
    *,
    start: Positive | None = None,
    em_step: Annotated[str, Choice(*EM_STEPS)] = "corrected",
) -> float:
    """The largest ε̂ (to 10⁻³ relative) with which DP-Winnow's components are tightly (ε, δ)-DP.

    K AboveThreshold instances at ε̂ composed with mK samples at 4η (2η with ``em_step="paper"``)
    by the tight accountant (:func:`geoprivate.privacy.tight.tight_step_epsilon`).  Privacy does
    not depend on T, so planners asking for several T reuse the answer (cached).

    Parameters
    ----------
    epsilon, delta : float
        The target (ε, δ).
    eta : float
        The learning rate η.
    m, K : int
        The samples per update and the number of updates.
    start : float, optional
        A first guess (e.g. the ε̂ that Theorem 4.4's composition allows: feasible, and close).
    em_step : {"corrected", "paper"}, default "corrected"
        The per-sample loss booked.

    Returns
    -------
    float
        ε̂ (0.0 when the samples alone exceed the budget).
    """
    _check_mK(m, K)
    if K > MAX_TIGHT_STEPS or m * K > MAX_TIGHT_SAMPLES:
        raise ValueError(
            f"m, K: the tight accountant composes at most K = {MAX_TIGHT_STEPS:.0e} instances and m K = "
            f"{MAX_TIGHT_SAMPLES:.0e} samples, got K = {shown(K)}, m K = {shown(m * K)}"
        )
    step = (4 if em_step == "corrected" else 2) * eta
    eps, dl = epsilon, delta
    if start is None:  # the Gaussian picture: ε ≈ μ√(2 ln(1/δ)) + μ²/2 with μ² = K ε̂² + mK step²
        inv = 1 / dl if 0 < dl < 1 else 1.0
        z = math.sqrt(2 * (math.log(inv) if math.isfinite(inv) else -math.log(dl))) if 0 < dl < 1 else 0.0
        mu2 = (math.sqrt(z * z + 2 * eps) - z) ** 2
        start = math.sqrt(max(mu2 - m * K * step * step, mu2 * 1e-6) / K)
        if not start > 0:  # μ² underflows: ε̂ would be below the floats' resolution
            raise ValueError(f"epsilon: {eps!r} is too small for the tight search (its step epsilon underflows)")
    return tight_step_epsilon(K, eps, dl, others=[(Guarantee(step), m * K)], start=start)


def _positive_grid(value, name: str) -> np.ndarray:
    """A non-empty 1-D grid of positive finite reals (at most 10**4 points)."""
    arr = check_finite_array(value, name, ndim=1, allow_empty=False)
    if (arr <= 0).any() or arr.size > 10**4:
        raise ValueError(f"{name} must hold 1 to 10**4 positive reals, got {arr.size} values, min {arr.min()!r}")
    return arr


@checked
def tight_winnow_search(
    epsilon: Epsilon,
    delta: Delta,
    *,
    d: FloatCount,
    rho: Margin,
    c: _Confidence,
    etas: Annotated[Any, Check(_positive_grid, kind="array")],
    start: Positive | None = None,
) -> list:
    """DP-Winnow's η under the tight accountant: a local search over the grid ``etas`` for the least
    K/ε̂ (the factor of Theorem 4.5's mistake bound that the configuration sets).

    K = ⌈Lemma 4.2's update bound⌉ at each η and m = 1 (ε̂ only shrinks as m grows and the bound
    does not depend on m); ε̂ by :func:`tight_eps_hat`.  From the grid point nearest ``start`` the
    search moves to the better neighbour while K/ε̂ decreases (a planner's search: the privacy of
    what it returns is computed, whatever it examined).

    Parameters
    ----------
    epsilon, delta : float
        The target (ε, δ).
    d : int
        The dimension.
    rho, c : float
        The margin ρ and the confidence level c.
    etas : iterable of float
        The grid of learning rates.
    start : float, optional
        Where to start (default: the middle of the grid).

    Returns
    -------
    list of tuple
        ``(K/ε̂, η, m, K, ε̂)`` of every grid point examined (K/ε̂ = inf where ε̂ = 0).
    """
    grid = []
    for eta in sorted(etas.tolist()):
        try:
            grid.append((eta, math.ceil(lemma_4_2_bound(d, eta, rho, c))))
        except ValueError:
            continue
    if not grid:
        raise ValueError(f"etas: Lemma 4.2's bound is vacuous at every eta of the grid (rho={rho}, c={c})")
    seen: dict = {}

    def at(i: int):
        if i not in seen:
            eta, K = grid[i]
            e_hat = tight_eps_hat(epsilon, delta, eta, 1, K)
            seen[i] = (K / e_hat if e_hat > 0 else math.inf, eta, 1, K, e_hat)
        return seen[i]

    i = len(grid) // 2 if start is None else min(range(len(grid)), key=lambda j: abs(math.log(grid[j][0] / start)))
    while True:
        best = min((j for j in (i - 1, i, i + 1) if 0 <= j < len(grid)), key=lambda j: at(j)[0])
        if best == i:
            return [seen[j] for j in sorted(seen)]
        i = best


# --------------------------------------------------------------------------- Algorithm 4.2
@checked
@dataclass
class DPWinnowRun:
    """A run of DP-Winnow.

    ``mistakes`` (bool per round), ``update_rounds`` (rounds where AboveThreshold fired and
    k < K), ``transcript`` (the released output: (round from which w̃ holds, w̃ as counts)),
    ``update_margins`` (y⟨w, x̂⟩ of the shadow weights on each example used for an update —
    [BF26] Lemma 4.7's proof needs ≤ cρ), the parameters, the ledger and the guarantee.

    Attributes
    ----------
    mistakes : numpy.ndarray of bool, shape (T,)
        Per round, whether the released hypothesis erred.
    update_rounds : list of int
        The rounds with an update.
    transcript : list
        The released output.
    update_margins : list of float
        y⟨w, x̂⟩ of each example used for an update.
    empty_cache_updates : int
        Updates fired while the cache was empty (no weight update, privacy paid).
    params : DPWinnowParameters
        The parameters used.
    ledger : PrivacyLedger
        The run's privacy ledger.
    guarantee : Guarantee
        The run's privacy guarantee.
    final_weights : numpy.ndarray, optional
        The shadow weights at the end.
    """

    mistakes: Annotated[np.ndarray, Check(_mistakes, kind="array")]
    update_rounds: list
    transcript: list
    update_margins: list
    empty_cache_updates: NonNegInt
    params: DPWinnowParameters
    ledger: PrivacyLedger
    guarantee: Guarantee
    final_weights: Annotated[np.ndarray, Check(check_finite_array, kind="array", ndim=1)] | None = field(
        repr=False, default=None
    )

    @property
    def privacy_applies(self) -> bool:
        """Theorem 4.4's composition with the corrected 4η per sample: holds for any ε̂, η, m, K, L."""
        return self.ledger.all_apply

    @property
    def utility_proved(self) -> bool:
        """A non-vacuous proved mistake bound: Theorem 4.5's conditions on the parameters used (K ≥ Lemma
        4.7's update bound, L ≥ Lemma 4.3's 8 ln(2T/β)/ε̂) and its bound below T
        (:meth:`DPWinnowParameters.utility_conditions`; realisability of the target is the caller's)."""
        return all(self.params.utility_conditions().values())

    @property
    def utility_note(self) -> str:
        """Why accuracy is not proved, in words (``""`` when it is): :meth:`DPWinnowParameters.utility_note`."""
        return self.params.utility_note()

    @property
    def n_mistakes(self) -> int:
        return int(self.mistakes.sum())

    @property
    def n_updates(self) -> int:
        return len(self.update_rounds)

    def regret_report(self) -> dict:
        """The run's mistakes and updates beside their proved bounds, its guarantee and both verdicts.

        Returns
        -------
        dict
        """
        p = self.params
        return {
            "mistakes": self.n_mistakes,
            "mistake_bound": p.mistake_bound,
            "updates": self.n_updates,
            "update_bound": p.update_bound,
            "K": p.K,
            "mode": p.mode,
            "epsilon": self.guarantee.epsilon,
            "delta": self.guarantee.delta,
            "privacy_applies": self.privacy_applies,
            "utility_proved": self.utility_proved,
            "utility_note": self.utility_note,
        }


def _predict_counts(Xblock: np.ndarray, counts: np.ndarray, support: np.ndarray) -> np.ndarray:
    """Exact sgn⟨w̃, x⟩ for a block of rounds (w̃ = counts/m): integers, 0 for a tie."""
    return np.sign(Xblock[:, support].astype(np.int64) @ counts[support])


@checked
def dp_winnow(
    X: _Sequence,
    y: _SignLabels,
    params: DPWinnowParameters,
    rng: Rng = None,
    *,
    ledger: PrivacyLedger | None = None,
    target: _Target | None = None,
    block: _Block = 128,
    em_step: Annotated[str, Choice(*EM_STEPS)] = "corrected",
    accountant: _Accountant = "paper",
) -> DPWinnowRun:
    """DP-Winnow, Algorithm 4.2 of [BF26] (vectorised over coordinates and over the rounds
    between two updates).

    Parameters
    ----------
    X : numpy.ndarray, shape (T, d), or a stream
        Points in {−1, 1}^d (the oblivious adversary's sequence); with ``y=None`` an iterable
        of rounds ``(x, y)`` or chunks ``(X_block, y_block)``, or a generator function returning
        one, read chunk by chunk (memory: one chunk, the weights and one bit per round).
    y : numpy.ndarray, shape (T,), or None
        Labels ±1 (None: ``X`` is a stream).
    params : :class:`DPWinnowParameters` (:func:`theorem_4_5_parameters` or
        :func:`practical_parameters`); its T and d must match the sequence.
    rng : Generator, int or None — drives every AboveThreshold and every w̃ sample.
    ledger : receives one entry with the run's guarantee (:func:`dp_winnow_privacy`).
    target : optional non-negative ρ-margin target; realisability is checked when given
        (privacy never needs it; the regret bounds do).
    block : rounds predicted per matrix product between two updates.
    em_step : {"corrected", "paper"}, default "corrected"
        The per-sample privacy loss booked: 4η, or 2η as [BF26] proof C.1 states
        (see :func:`dp_winnow_privacy`).
    accountant : {"paper", "tight"}, default "paper"
        How the run's components are composed (Theorem 4.4's composition, or the optimal one);
        the ledger entry and the guarantee name it.

    Returns
    -------
    DPWinnowRun
        ``privacy_applies`` (Theorem 4.4 with 4η per sample: any ε̂, η, m, K) and ``utility_proved``
        (Theorem 4.5's conditions and a mistake bound below T, :meth:`DPWinnowParameters.utility_conditions`;
        when it fails, ``utility_note`` says why in words and a ``UtilityWarning`` is emitted).

    Examples
    --------
    Theorem 4.5's parameters at (ε, δ) = (0.9, 10⁻⁶) on 500 rounds of a majority of 3 coordinates
    (margin 1/3): private, but the proved mistake bound is far above T, so accuracy is not proved
    (:func:`geoprivate.planning.plan_dp_winnow` searches for the configuration with the smallest bound).

    >>> X, y, v, rho = majority_sequence(500, 8, 3, rng=0)
    >>> params = theorem_4_5_parameters(500, 8, rho, 0.9, 1e-6, 0.05)
    >>> run = dp_winnow(X, y, params, rng=1)
    >>> run.privacy_applies, run.guarantee.epsilon <= 0.9, run.guarantee.delta
    (True, True, 1e-06)
    >>> run.utility_proved, params.mistake_bound > params.T
    (False, True)
    """
    rng = as_rng(rng)
    chunks = _chunks(X, y)
    first = next(chunks, None)
    if first is None:
        raise ValueError(f"X: the sequence has no rounds (params.T = {params.T})")
    if y is not None and first[0].shape != (params.T, params.d):
        T, d = first[0].shape
        raise ValueError(f"params: built for T={params.T}, d={params.d}; X has T={T}, d={d}")
    if first[0].shape[1] != params.d:  # a stream's first chunk, before the d weights are allocated
        raise ValueError(f"params: built for d={params.d}; a chunk of X has d={first[0].shape[1]}")
    g = _composed_guarantee(  # params were checked once, by DPWinnowParameters.__post_init__
        params.eps_hat,
        params.eta,
        params.m,
        params.K,
        params.delta if params.delta is not None else 0.0,
        em_step,
        accountant,
    )
    applies = em_step == "corrected"
    if not applies:
        warn_outside_theorem(
            "em_step='paper' accounts 2*eta per sample as proof C.1 does; a sample can cost "
            "4*eta, so the recorded guarantee is not proven (recorded with applies=False)"
        )
    ledger = PrivacyLedger() if ledger is None else ledger
    ledger.record(
        "DP-Winnow",
        g.epsilon,
        g.delta,
        THEOREM_4_4 if accountant == "paper" else THEOREM_4_4_TIGHT,
        applies,
        accountant=accountant,
        mode=params.mode,
        K=params.K,
        eps_hat=params.eps_hat,
        eta=params.eta,
        m=params.m,
        em_step=em_step,
        claimed_epsilon=params.epsilon,
    )
    note = params.utility_note()
    if note:
        warn_below_sample_bound(note)
    state = _DPWinnowState(params, rng)
    for Xs, ys in itertools.chain([first], chunks):
        if Xs.shape[1] != params.d:
            raise ValueError(f"params: built for d={params.d}; a chunk of X has d={Xs.shape[1]}")
        if state.t0 + Xs.shape[0] > params.T:
            raise ValueError(f"params: built for T={params.T}; the stream has more rounds")
        if target is not None:
            check_realizable(Xs, ys, params.rho, target)
        state.run_chunk(Xs, ys, block)
    if state.t0 != params.T:
        raise ValueError(f"params: built for T={params.T}; the stream has {state.t0} rounds")
    mistakes = np.concatenate(state.mistakes)
    run = DPWinnowRun(
        mistakes, state.ups, state.transcript, state.margins, state.empty, params, ledger, g, _softmax(state.logw)
    )
    run.guarantee = g.with_utility(run.utility_proved)  # the run's guarantee carries both verdicts
    return run


class _DPWinnowState:
    """Algorithm 4.2's state over a sequence read chunk by chunk: shadow log-weights, w̃ as counts,
    the update count k, the mistakes since the last update and the first of them (the cache C,
    kept as the example itself), and the current AboveThreshold instance."""

    def __init__(self, params: DPWinnowParameters, rng):
        d = params.d
        self.p, self.rng = params, rng
        self.logw = np.zeros(d)
        self.counts = np.ones(d, dtype=np.int64)  # w̃^(1) = (1/d, …, 1/d) = counts / d
        self.support = np.arange(d)
        self.mistakes: list = []
        self.transcript = [(0, tuple(self.counts.tolist()) if d <= 64 else None)]
        self.ups: list = []
        self.margins: list = []
        self.empty = 0
        self.k = self.count = self.t0 = 0
        self.cached: tuple[np.ndarray, int] | None = None
        self.svt = AboveThreshold(params.eps_hat, params.L, params.beta / params.T, rng)

    def run_chunk(self, Xs: np.ndarray, ys: np.ndarray, block: int) -> None:
        p = self.p
        n, t = Xs.shape[0], 0
        mistakes = np.zeros(n, dtype=bool)
        while t < n:
            end = min(n, t + block)
            wrong = _predict_counts(Xs[t:end], self.counts, self.support) != ys[t:end]
            mistakes[t:end] = wrong
            if self.k >= p.K:  # no more updates: the rest of the block is settled
                t = end
                continue
            # AboveThreshold on the running mistake count, round by round (one batched call)
            cum = self.count + np.cumsum(wrong, dtype=np.int64)
            i = self.svt.first_above(cum)
            first_wrong = np.flatnonzero(wrong[: (end - t) if i is None else i + 1])
            if self.cached is None and first_wrong.size:
                j = t + int(first_wrong[0])
                self.cached = (Xs[j].copy(), int(ys[j]))
            if i is None:
                self.count = int(cum[-1])
                t = end
                continue
            fired = t + i
            self._update(self.t0 + fired)
            mistakes[fired + 1 : end] = False  # recomputed with the new w̃
            t = fired + 1
        self.mistakes.append(mistakes)
        self.t0 += n

    def _update(self, fired: int) -> None:
        """AboveThreshold fired in round ``fired``: update with the cached mistake, resample w̃."""
        p = self.p
        if self.cached is not None:
            xh, yh = self.cached
            self.margins.append(float(yh * (_softmax(self.logw) @ xh)))
            self.logw += p.eta * yh * xh
        else:
            self.empty += 1
        w = _softmax(self.logw)
        self.counts = self.rng.multinomial(p.m, w).astype(np.int64)
        self.support = np.flatnonzero(self.counts)
        self.k += 1
        self.ups.append(fired)
        self.transcript.append((fired + 1, tuple(self.counts.tolist()) if p.d <= 64 else None))
        self.count, self.cached = 0, None
        if self.k < p.K:
            self.svt = AboveThreshold(p.eps_hat, p.L, p.beta / p.T, self.rng)


# --------------------------------------------------------------------------- instances
def _majority_target(d, k, rng):
    """The k (odd) relevant coordinates of a majority target and v, uniform on them."""
    if k % 2 == 0 or k > d:
        raise ValueError(f"k: expected an odd number of relevant coordinates <= d = {d}, got {k}")
    rel = rng.choice(d, size=k, replace=False)
    v = np.zeros(d)
    v[rel] = 1.0 / k
    return rel, v


_Width = Annotated[int, Interval(ge=1), Joint("odd, at most d")]


@checked
def majority_sequence(T: _Rounds, d: _Dim, k: _Width, rng: Rng = None, *, flip: UnitInterval = 0.0):
    """An oblivious realisable sequence: target v = uniform on k (odd) random coordinates,
    x uniform on {−1, 1}^d, y = sgn⟨v, x⟩, so every example has margin ≥ ρ = 1/k exactly.

    ``flip`` > 0 flips that fraction of labels (a non-realisable stress sequence).

    Parameters
    ----------
    T : int
        The number of examples.
    d : int
        The dimension.
    k : int
        The odd number of target coordinates.
    rng : Generator, int or None
        The random source (SPEC 7).
    flip : float, default 0.0
        The fraction of labels flipped.

    Returns
    -------
    X (T, d) ``int8``, y (T,) ``int8`` ±1, v (d,) float, rho = 1/k
    """
    check_array_bytes(T * d, f"T={T} rounds of d={d} coordinates (int8)")
    rng = as_rng(rng)
    rel, v = _majority_target(d, k, rng)
    X = rng.integers(0, 2, size=(T, d), dtype=np.int8)
    X *= 2  # in place: one T x d int8 array at the peak (10^10 entries at T = 10^6, d = 10^4)
    X -= 1
    y = np.sign(X[:, rel].astype(np.int64).sum(axis=1)).astype(np.int8)
    if flip > 0:
        y = np.where(rng.random(T) < flip, -y, y).astype(np.int8)
    return X, y, v, 1.0 / len(rel)


@checked
def majority_stream(T: _Rounds, d: _Dim, k: _Width, rng: Rng = None, *, chunk: _Block = 8192):
    """The sequence of :func:`majority_sequence` as a stream: a generator function whose every call
    yields the same T rounds as ``(X_block, y_block)`` chunks of at most ``chunk`` rounds, drawn
    chunk by chunk (memory: one chunk, whatever T).

    Parameters
    ----------
    T : int
        The number of rounds.
    d : int
        The dimension.
    k : int
        The odd number of target coordinates (margin ρ = 1/k).
    rng : Generator, int or None
        The random source (SPEC 7): it draws the target and the seed of the rounds.
    chunk : int, default 8192
        The rounds per chunk.

    Returns
    -------
    rounds : callable
        A generator function of no arguments (re-iterable: every call replays the sequence).
    v : numpy.ndarray, shape (d,)
        The target, uniform on k coordinates.
    rho : float
        The margin 1/k.
    """
    check_array_bytes(min(chunk, T) * d, f"chunk={chunk} rounds of d={d} coordinates (int8)")
    rng = as_rng(rng)
    rel, v = _majority_target(d, k, rng)
    seed = int(rng.integers(2**63))

    def rounds():
        g = np.random.default_rng(seed)
        for s in range(0, T, chunk):
            X = g.integers(0, 2, size=(min(chunk, T - s), d), dtype=np.int8)
            X *= 2
            X -= 1
            yield X, np.sign(X[:, rel].astype(np.int64).sum(axis=1)).astype(np.int8)

    return rounds, v, 1.0 / len(rel)
