"""GenericPredictor ([Yan26] Algorithm 2) and the composition baseline.

C. Yan, *Private Prediction via Shrinkage* [Yan26],
§3.3 Algorithm 2, Observation 1, Claims 1–2 (restated as Claims 12–13 in App. A.1),
Corollaries 1 and 3.

Labels are {0, 1}: 1 is the paper's +1, 0 the paper's −1; the vote
q_x(F_j) = ½(1 + (1/k) Σ_i f_{i,j}(x)) (±1 labels) is the fraction of hypotheses voting 1.

Batching
--------
Hypotheses depend on the transcript only through HardQuery (Algorithms 3–4), so between
two TOPs F_j is fixed.  Against a non-adaptive adversary the predictor computes the votes
of a whole chunk of queries at once and runs
:meth:`~geoprivate.mechanisms.BetweenThresholds.query_batch_codes` over it, which stops
at the first TOP; then it draws the random label, regenerates F_j and continues.  The
noise streams are the same as one query at a time, so ``batch=True`` and ``batch=False``
give the same transcript bit for bit (tested).

Privacy accounting
------------------
BetweenThresholds runs with ``c=None``: after every TOP it restarts with fresh noise
("we reinitialize it with fresh noise and continue"), and each segment (one μ) is
recorded in the :class:`~geoprivate.privacy.PrivacyLedger` with Lemma 1's (ε, δ) and
whether Lemma 1's gap condition holds.  By Observation 1 the run is the composition of
v = #segments BetweenThresholds instances; the result reports Theorem 3 (advanced
composition, with δ' = ``delta_prime``) or basic composition, whichever is smaller — the
exact form behind Claim 1 / Corollary 1 / Corollary 3's O(√(v ln(1/δ))·ε), O(vδ).  When
Lemma 1 does not apply (small k: the gap 1/4 is below 12/(εk)(ln(10/ε)+ln(1/δ)+1)) the
guaranteed total is vacuous (ε = inf); the nominal total (as if it applied) is also given.
"""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Choice,
    Epsilon,
    Interval,
    Joint,
    NonNegative,
    NonNegInt,
    OpenDelta,
    Progress,
    Rng,
    as_rng,
    check_int_in_range,
    check_positive_int,
    check_real,
    checked,
)
from geoprivate.adversaries.base import View
from geoprivate.ensembles import Ensemble
from geoprivate.mechanisms import BetweenThresholds, lemma1_applies, lemma1_delta, min_gap
from geoprivate.prediction.accuracy import MAX_SAMPLES, AccuracyReport, SegmentState, measure_accuracy
from geoprivate.prediction.generators import SampleLabels, SamplePoints, class_points, labels01
from geoprivate.prediction.tracking import label_sequence_count
from geoprivate.prediction.transcript import TOP_CODE, Transcript
from geoprivate.privacy import VACUOUS, Guarantee, PrivacyLedger, advanced_composition, basic_composition
from geoprivate.privacy.warnings import PrivacyWarning, warn_outside_theorem
from solvers._checks import check_array_bytes

__all__ = ["GenericPredictor", "PredictionResult", "CompositionPredictor", "privacy_total"]

T_LOWER, T_UPPER = 3 / 8, 5 / 8
#: the most rounds a run answers (its transcript is checked against the memory it needs before it starts)
MAX_ROUNDS = 10**9
#: the most BetweenThresholds segments or queries a composition sums term by term (basic composition)
MAX_SEGMENTS = 10**7


def _rounds(value, name: str) -> int:
    """A number of rounds T: an integer >= 1 (``T must be >= 1``) and at most :data:`MAX_ROUNDS`."""
    T = check_positive_int(value, name)
    return check_int_in_range(T, name, 1, MAX_ROUNDS)


def _generator(value, name: str):
    """A generator of [Yan26]: a callable ``(blocks, hard_points, hard_labels) -> Ensemble`` with ``kind``."""
    if not callable(value) or not hasattr(value, "kind") or not callable(getattr(value, "is_realisable", None)):
        raise TypeError(f"{name}: expected G_oblivious or G_halfspace, got {type(value).__name__}")
    return value


def _adversary(value, name: str):
    """An adversary: ``adaptive`` and ``next_query(view)`` (adaptive) or ``sequence(T)`` (oblivious)."""
    need = "next_query" if getattr(value, "adaptive", None) else "sequence"
    if not hasattr(value, "adaptive") or not callable(getattr(value, need, None)):
        raise TypeError(
            f"{name}: expected an Adversary (adaptive with next_query(view), or a fixed sequence(T)), "
            f"got {type(value).__name__}"
        )
    return value


#: a number of rounds T (at most MAX_ROUNDS; the memory of its transcript is checked by the run)
Rounds = Annotated[int, Check(_rounds)]
_Generator = Annotated[Any, Check(_generator, kind="callable")]
_Blocks = Annotated[int, Interval(ge=1), Joint("k*m <= |S|: the blocks fit in the sample")]
_Threshold = Annotated[float, Check(check_real), Joint("t_lower < t_upper")]


@checked
def privacy_total(
    epsilon: Epsilon,
    delta: Annotated[float, Interval(ge=0, le=math.inf)],
    v: Annotated[int, Interval(ge=0, le=MAX_SEGMENTS)],
    delta_prime: OpenDelta,
) -> Guarantee:
    """Total of v compositions of (ε, δ)-DP BetweenThresholds ([Yan26] Observation 1, Claim 1).

    The better of Theorem 3 (advanced composition with δ') and basic composition;
    ``Guarantee(0, 0)`` for v = 0.

    Parameters
    ----------
    epsilon : float
        ε of each segment.
    delta : float >= 0
        δ of each segment (>= 1, or inf: a segment Lemma 1 does not cover; basic composition only).
    v : int
        The number of segments (at most :data:`MAX_SEGMENTS`: the composition is summed term by term).
    delta_prime : float in (0, 1)
        Theorem 3's δ'.

    Returns
    -------
    Guarantee
    """
    if v == 0:
        return Guarantee(0.0, 0.0)
    basic = basic_composition([Guarantee(epsilon, min(1.0, delta))] * v)
    if delta >= 1:
        return basic
    adv = advanced_composition(epsilon, delta, v, delta_prime)
    return adv if adv.epsilon < basic.epsilon else basic


def _check_thresholds(tl: float, tu: float):
    """Algorithm 2's thresholds (finite reals, checked on entry) with t_lower < t_upper; outside [0, 1]
    (a vote is a fraction in [0, 1]) they void Claim 13's accuracy argument: PrivacyWarning."""
    t_lower, t_upper = tl, tu
    if not tl < tu:
        raise ValueError(
            f"t_lower, t_upper: need finite t_lower < t_upper, got t_lower={t_lower!r}, t_upper={t_upper!r}"
        )
    if not (tl >= 0 and tu <= 1):
        warn_outside_theorem(
            f"t_lower={tl}, t_upper={tu}: thresholds outside [0, 1] for a vote fraction in "
            "[0, 1] ([Yan26] Algorithm 1 takes t_l, t_u in (0, 1)); BetweenThresholds will "
            "(almost) never answer TOP and Claim 13's accuracy argument does not apply"
        )
    return tl, tu


def _lemma1_k(epsilon, delta, gap) -> int | str:
    """Smallest k = n meeting Lemma 1 for this gap ("none" unless epsilon, delta in (0, 1))."""
    if not (0 < epsilon < 1 and 0 < delta < 1):
        return "none (epsilon, delta must lie in (0, 1))"
    k = min_gap(epsilon, delta, 1) / gap
    return math.ceil(k) if math.isfinite(k) else "none (min_gap leaves floating point at this epsilon)"


def _json_float(v):
    v = float(v)
    return v if math.isfinite(v) else None


@checked
@dataclass
class PredictionResult:
    """A run of :class:`GenericPredictor`.

    Attributes
    ----------
    T : int
    transcript : Transcript
        (x_j, y_j, Label_j) for every round; ``transcript.hard`` is HardQuery.
    mode : str
        ``"theorem"`` or ``"practical"`` — which parameter mode produced the run.
    params : dict
        k, m, ε_BT, δ_BT, thresholds, generator, (theorem mode: α, β, ε, δ, T_design).
    stream_disagreements : int or None
        Rounds whose released label differs from the target's c(x_j) on the queries the
        adversary actually asked (when a target was given).  This is *not* [Yan26]'s
        accuracy notion: an adaptive adversary asks inside the ensemble's disagreement
        region, where the labels are coin flips by design.  [Yan26] bounds err_D(c, h_j)
        (Definition 1): see ``accuracy``.
    accuracy : AccuracyReport or None
        err_D(c, h_j) and err_D(c, f_{i,j}) of every segment
        (:func:`geoprivate.prediction.accuracy.measure_accuracy`; when ``run`` got a
        target and the law D).
    segment_states : list of SegmentState
        BetweenThresholds' noisy thresholds of every segment (the state h_j depends on).
    guarantee : Guarantee
        What the run provably spent (vacuous if Lemma 1 does not apply).
    total_guarantee : Guarantee
        What all runs of the predictor on its sample so far have spent together (this
        run included): Theorem 3 over every segment of every run.
    nominal : Guarantee
        The same total computed as if Lemma 1 applied to every segment.
    segments : int
        Number of BetweenThresholds instances v (= TOPs + 1).
    events : list of dict
        One per hard query: round, x, label, vote q (exact, noise-free), realisable,
        and the tracked quantities after the restriction.
    L_sizes : list of int
        |L| after 0, 1, 2, … hard queries (label sequences of the whole fixed query
        sequence realisable by C|HardQuery; only when tracked).
    affine_dims : list of int
        Dimension of C|HardQuery after 0, 1, … hard queries (G_halfspace).
    ensembles : list of (start_round, Ensemble)
        The hypotheses used from each start round on.
    ledger : PrivacyLedger
    seconds : float
    """

    T: Annotated[int, Interval(ge=1)]
    transcript: Transcript
    mode: Annotated[str, Choice("practical", "theorem")]
    params: dict
    stream_disagreements: NonNegInt | None
    guarantee: Guarantee
    nominal: Guarantee
    segments: NonNegInt
    events: list = field(default_factory=list)
    L_sizes: list = field(default_factory=list)
    affine_dims: list = field(default_factory=list)
    ensembles: list = field(default_factory=list)
    ledger: PrivacyLedger | None = None
    seconds: NonNegative = 0.0
    segment_states: list = field(default_factory=list)
    accuracy: AccuracyReport | None = None
    total_guarantee: Guarantee | None = None
    run_id: NonNegInt = 0

    @property
    def hard_rounds(self) -> list[int]:
        return self.transcript.hard_rounds

    @property
    def n_hard(self) -> int:
        return len(self.transcript.hard)

    @property
    def privacy_applies(self) -> bool:
        """[Yan26] Lemma 1's gap condition held for every BetweenThresholds segment (Theorem 3 composes them)."""
        return self.ledger is not None and self.ledger.all_apply

    @property
    def utility_proved(self) -> bool:
        """Theorem mode only: k, m from [Yan26] Appendix A.2/A.3 for the run's (α, β, T) with α < 1/2 (an error
        bound of 1/2 or more is a coin's); practical k, m prove nothing."""
        return (
            self.mode == "theorem"
            and int(self.params.get("T_design", self.params.get("T", self.T))) >= self.T
            and float(self.params.get("alpha", 0.0)) < 0.5
        )

    def to_dict(self, *, transcript: bool = False) -> dict:
        """Plain-JSON summary (the CLI's ``--json``); infinite ε is written as null.

        Parameters
        ----------
        transcript : bool, default False
            Also write every round (x_j, y_j, Label_j).

        Returns
        -------
        dict
        """
        hq = [{"round": h.round, "x": np.asarray(h.x).tolist(), "label": h.label} for h in self.transcript.hard]
        out = {
            "T": self.T,
            "mode": self.mode,
            "params": self.params,
            "hard_queries": len(hq),
            "hard_rounds": self.hard_rounds,
            "hard_query_list": hq,
            "stream_disagreements": self.stream_disagreements,
            "epsilon_spent": _json_float(self.guarantee.epsilon),
            "delta_spent": _json_float(self.guarantee.delta),
            "run_id": self.run_id,
            "epsilon_total": _json_float(self.total_guarantee.epsilon) if self.total_guarantee else None,
            "delta_total": _json_float(self.total_guarantee.delta) if self.total_guarantee else None,
            "privacy_applies": self.privacy_applies,
            "utility_proved": self.utility_proved,
            "epsilon_nominal": _json_float(self.nominal.epsilon),
            "delta_nominal": _json_float(self.nominal.delta),
            "segments": self.segments,
            "L_sizes": self.L_sizes,
            "affine_dims": self.affine_dims,
            "events": [
                {k: (np.asarray(v).tolist() if isinstance(v, np.ndarray) else v) for k, v in e.items()}
                for e in self.events
            ],
            "seconds": self.seconds,
        }
        acc = self.accuracy
        out.update(
            {
                "max_err_D": acc.max_err_D if acc else None,
                "mean_block_err_D": acc.max_mean_block_err_D if acc else None,
                "max_block_err_D": acc.max_block_err_D if acc else None,
                "claim13_bound": acc.claim13_bound if acc else None,
                "accuracy": acc.to_dict() if acc else None,
            }
        )
        if transcript:
            out["transcript"] = {
                "x": self.transcript.points.tolist(),
                "y": self.transcript.answers.tolist(),
                "label": self.transcript.labels.tolist(),
            }
        return out


def _as_sample(generator, points, labels, names=("points", "labels")):
    """The generator's sample validated as points of its class and 0/1 labels (one-line errors)."""
    d = getattr(generator, "d", None) if generator.kind == "halfspaces" else None
    X = class_points(generator.kind, getattr(generator, "concept", None), points, names[0], d)
    return X, labels01(labels, X.shape[0], names[1])


@dataclass
class _RunState:
    """The mutable state of one :meth:`GenericPredictor.run`: BetweenThresholds, the transcript, the current F.

    Attributes
    ----------
    bt : BetweenThresholds
        The run's instance (segments restart at each ⊤).
    tr : Transcript
        (x_j, code_j, label_j) so far.
    ens : Ensemble
        The current ensemble F (re-drawn at each hard query).
    result : PredictionResult
        The result being filled.
    label_rng : numpy.random.Generator
        The labels of hard queries.
    seq : numpy.ndarray or None
        The fixed query sequence (None for an adaptive adversary).
    track_L : bool
        Whether |L| is tracked.
    states : list
        (start round, t̂_lower, t̂_upper) of every segment.
    """

    bt: BetweenThresholds
    tr: Transcript
    ens: Ensemble
    result: PredictionResult
    label_rng: np.random.Generator
    seq: np.ndarray | None
    track_L: bool
    states: list


@checked
class GenericPredictor:
    """GenericPredictor, [Yan26] Algorithm 2 (subsample-and-aggregate + BetweenThresholds).

    Parameters
    ----------
    generator : G_oblivious or G_halfspace (any callable (blocks, hard_points, hard_labels) -> Ensemble
        with ``kind`` and ``is_realisable``)
    points, labels : array_like
        The labelled sample S (N examples; labels in {0, 1}).  Points are reals (line
        classes), integer domain positions (finite classes) or rows of ℝ^d (halfspaces).
    k, m : int
        Number and size of the blocks; k·m ≤ N (Algorithm 2 takes N = k·m; extra
        examples are left unused and ``params['unused']`` says how many).
    epsilon : float > 0
        ε of each BetweenThresholds instance (ε_BT).
    delta : float in (0, 1), optional
        δ of each instance for the ledger (default: the smallest δ for which Lemma 1
        holds with gap 1/4 and n = k, possibly ≥ 1: then no guarantee).
    delta_prime : float in (0, 1), optional
        δ' of Theorem 3 in the total (default ``delta``, else 1e-6).
    rng : Generator, int or None
        Drives the random partition, BetweenThresholds' noise and the random labels.
    mode : {"practical", "theorem"}
        Recorded in every result; ``parameters`` (a dict, e.g. from
        :func:`geoprivate.prediction.parameters.theorem_parameters`) is recorded too.
    t_lower, t_upper : float
        BetweenThresholds thresholds (Algorithm 2: 1/2 ∓ 1/8).
    strict : bool, default False
        Refuse (:class:`~geoprivate.privacy.warnings.PrivacyParameterError`) instead of
        warning (:class:`~geoprivate.privacy.warnings.PrivacyWarning`) when Lemma 1 does not
        apply (k below Lemma 1's k for the gap, or ε ∉ (0, 1)): a run that would not be private.

    Raises
    ------
    ValueError
        k·m > N, non-realisable sample, bad ε/δ, shapes.
    PrivacyParameterError
        ``strict=True`` and Lemma 1 does not apply.

    Examples
    --------
    A private run: k is the smallest number of blocks at which [Yan26] Lemma 1 makes each
    BetweenThresholds segment (ε, δ) = (1/2, 10⁻⁶)-DP at the gap 1/4
    (:func:`geoprivate.planning.plan_generic_predictor` plans it; ``plan.run()`` is this run).

    >>> import math
    >>> import numpy as np
    >>> from geoprivate.concepts import Thresholds
    >>> from geoprivate.mechanisms import min_gap
    >>> from geoprivate.prediction import G_oblivious
    >>> from geoprivate.adversaries import binary_search_sequence
    >>> k = math.ceil(min_gap(0.5, 1e-6, 1) / 0.25)  # Lemma 1: t_u - t_l >= min_gap / k
    >>> k
    1710
    >>> x = np.random.default_rng(0).uniform(size=2 * k); y = (x >= 0.3).astype(int)
    >>> p = GenericPredictor(G_oblivious(Thresholds()), x, y, k=k, m=2, epsilon=0.5, delta=1e-6, rng=1)
    >>> r = p.run(binary_search_sequence(200), 200, target=lambda q: (q >= 0.3).astype(int))
    >>> r.privacy_applies, r.segments == r.n_hard + 1
    (True, True)
    >>> r.guarantee  # Theorem 3 over the run's 4 segments (here basic composition is smaller)
    Guarantee(epsilon=2.0, delta=4e-06)
    """

    def __init__(
        self,
        generator: _Generator,
        points: SamplePoints,
        labels: SampleLabels,
        *,
        k: _Blocks,
        m: _Blocks,
        epsilon: Epsilon,
        delta: OpenDelta | None = None,
        delta_prime: OpenDelta | None = None,
        rng: Rng = None,
        mode: Annotated[str, Choice("practical", "theorem")] = "practical",
        parameters: dict | None = None,
        t_lower: _Threshold = T_LOWER,
        t_upper: _Threshold = T_UPPER,
        strict: bool = False,
    ):
        self.generator = generator
        self.kind = generator.kind
        self.X, self.y = _as_sample(generator, points, labels)
        self.k, self.m = k, m
        N = self.X.shape[0]
        if self.k * self.m > N:
            raise ValueError(f"k*m must be <= |S| = {N}, got k={self.k}, m={self.m} (k*m = {self.k * self.m})")
        self.epsilon = epsilon
        self.delta = delta
        self.delta_prime = delta_prime if delta_prime is not None else (delta if delta is not None else 1e-6)
        self.mode = mode
        self.parameters = dict(parameters or {})
        self.t_lower, self.t_upper = _check_thresholds(t_lower, t_upper)
        if not generator.is_realisable(self.X, self.y):
            raise ValueError(
                "points, labels: the sample is not realisable by the concept class "
                "([Yan26] assumes y_i = c(x_i) for a target c in C)"
            )
        rng = as_rng(rng)
        seeds = rng.integers(0, 2**63, size=3)
        perm = np.random.default_rng(int(seeds[0])).permutation(N)[: self.k * self.m].reshape(self.k, self.m)
        self.partition = perm
        self.blocks = [(self.X[idx], self.y[idx]) for idx in perm]
        self._bt_seed, self._label_seed = int(seeds[1]), int(seeds[2])
        self._runs = 0
        self._last_utility: bool | None = None
        #: every segment of every completed run on this sample (the running total)
        self.total_ledger = PrivacyLedger()
        self.n_points = getattr(getattr(generator, "concept", None), "n_points", None)
        d_bt = self.delta if self.delta is not None else lemma1_delta(self.epsilon, self.t_upper - self.t_lower, self.k)
        self.lemma1_applies = lemma1_applies(self.epsilon, d_bt, self.t_upper - self.t_lower, self.k)
        if not self.lemma1_applies:
            warn_outside_theorem(self._outside_lemma1(), strict=strict)

    def _outside_lemma1(self) -> str:
        """Why [Yan26] Lemma 1 does not apply, with the parameters the run uses (δ shown only if given)."""
        gap = self.t_upper - self.t_lower
        if self.delta is not None:
            setting = f"epsilon={self.epsilon}, delta={self.delta:g}, gap={gap:g}, n=k={self.k}"
            need = (
                f"it needs k >= {_lemma1_k(self.epsilon, self.delta, gap)} for this gap and this delta"
                if 0 < self.epsilon < 1
                else "epsilon in (0, 1)"
            )
        else:
            setting = f"epsilon={self.epsilon}, delta not given, gap={gap:g}, n=k={self.k}"
            need = (
                f"no delta in (0, 1) meets it at this k; with delta = delta_prime = {self.delta_prime:g} "
                f"it needs k >= {_lemma1_k(self.epsilon, self.delta_prime, gap)}"
                if 0 < self.epsilon < 1
                else "epsilon in (0, 1)"
            )
        return (
            f"GenericPredictor: Lemma 1 does not apply to BetweenThresholds ({setting}; {need}): the run's "
            "epsilon is not guaranteed (reported as inf; pass strict=True to refuse)"
        )

    def guarantee(self) -> Guarantee:
        """What this predictor has spent on its sample: every completed run's segments composed.

        [Yan26] Theorem 3 (advanced composition with δ' = ``delta_prime``) over the
        BetweenThresholds segments of every :meth:`run` so far (``Guarantee(0, 0)`` before the
        first run); vacuous when Lemma 1 does not apply.  ``utility_proved`` is the last run's
        (None before a run).

        Returns
        -------
        Guarantee
        """
        if not self.lemma1_applies:
            g = VACUOUS
        elif not self.total_ledger.entries:
            g = Guarantee(0.0, 0.0)
        else:
            g = self.total_ledger.advanced_composition(self.delta_prime)
        return g.with_utility(self._last_utility)

    # ------------------------------------------------------------------ helpers
    def params(self) -> dict:
        """The run's parameters as every result records them (k, m, N, ε_BT, δ_BT, thresholds, generator).

        Returns
        -------
        dict
        """
        p = {
            "k": self.k,
            "m": self.m,
            "N": int(self.X.shape[0]),
            "unused": int(self.X.shape[0] - self.k * self.m),
            "epsilon_bt": self.epsilon,
            "delta_bt": self.delta,
            "delta_prime": self.delta_prime,
            "t_lower": self.t_lower,
            "t_upper": self.t_upper,
            "generator": repr(self.generator),
        }
        p.update(self.parameters)
        return p

    def ensemble(self, hard_points: SamplePoints = (), hard_labels: SampleLabels = ()):
        """F_j for a given HardQuery (the generator on every block).

        Parameters
        ----------
        hard_points, hard_labels : array_like
            HardQuery's points (of the class) and labels in {0, 1}.

        Returns
        -------
        Ensemble
        """
        return self._ensemble(*_as_sample(self.generator, hard_points, hard_labels, ("hard_points", "hard_labels")))

    def _ensemble(self, hard_points=(), hard_labels=()):
        """:meth:`ensemble` on a checked HardQuery (the run's)."""
        return self.generator(self.blocks, hard_points, hard_labels)

    def _check_queries(self, xs, where) -> np.ndarray:
        """Queries as the predictor's dtype; ValueError for NaN/inf, and for finite classes
        for indices that are not integers in [0, n_points) (never wrapped or truncated)."""
        xa = np.asarray(xs)
        if self.kind != "finite":
            if xa.dtype.kind not in "iuf" or not np.all(np.isfinite(xa)):
                raise ValueError(f"{where}: query points must be finite reals (no NaN/inf), got {xs!r}"[:300])
            return xa.astype(np.float64)
        if xa.dtype.kind == "b" or xa.dtype.kind not in "iuf":
            raise ValueError(f"{where}: a finite class takes integer domain positions, got dtype {xa.dtype}")
        if xa.dtype.kind == "f" and not (np.all(np.isfinite(xa)) and np.all(xa == np.round(xa))):
            raise ValueError(f"{where}: domain positions must be integers, got {xa.ravel()[:5].tolist()}")
        n = self.n_points
        if n is not None and xa.size and (xa.min() < 0 or xa.max() >= n):
            bad = xa[(xa < 0) | (xa >= n)].ravel()[0]
            raise ValueError(f"{where}: domain position {bad!r} outside [0, {n}) (the class has {n} points)")
        return xa.astype(np.intp)

    def _new_bt(self, ledger, run):
        seed = np.random.SeedSequence([self._bt_seed, run])
        with warnings.catch_warnings():  # the constructor already warned once for the whole predictor
            warnings.simplefilter("ignore", PrivacyWarning)
            return BetweenThresholds(
                self.epsilon,
                self.t_lower,
                self.t_upper,
                self.k,
                np.random.default_rng(seed),
                c=None,
                delta=self.delta,
                ledger=ledger,
            )

    # ------------------------------------------------------------------ run
    def run(
        self,
        adversary: Annotated[Any, Check(_adversary, kind="object")],
        T: Rounds,
        *,
        target: Callable[..., Any] | None = None,
        batch: bool = True,
        track_L: bool = False,
        chunk: Annotated[int, Interval(ge=1, le=1 << 20)] = 1024,
        law: Callable[..., Any] | None = None,
        n_samples: Annotated[int, Interval(ge=1, le=MAX_SAMPLES)] = 20_000,
        accuracy_rng: Rng = None,
        progress: Progress = None,
    ) -> PredictionResult:
        """Answer T queries of ``adversary`` (Algorithm 2, step 2).

        Parameters
        ----------
        adversary : geoprivate.adversaries.Adversary
        T : int >= 1
        target : callable points -> {0,1} labels, optional
            The target concept c: counts ``stream_disagreements`` and, with ``law``,
            measures err_D ([Yan26] Definition 1).
        law : the query law D, optional
            ``UniformLine``/``UniformColumns`` (exact) or any sampler (Monte Carlo with
            ``n_samples`` draws from ``accuracy_rng``): fills ``result.accuracy`` with
            :func:`~geoprivate.prediction.accuracy.measure_accuracy`.
        batch : bool
            Vectorised stretches between hard queries (non-adaptive adversaries only);
            ``False`` answers one query at a time (same transcript).
        track_L : bool
            Track |L| (label sequences of the whole fixed sequence realisable by
            C|HardQuery, exact, Claim 5); G_oblivious with a non-adaptive adversary only.
        progress : object with ``update(n)``, optional
            A tqdm-like bar advanced by the number of queries answered (the run is unchanged).

        Every completed run adds its segments to :attr:`total_ledger`; ``result.guarantee``
        is the run's own spend, ``result.total_guarantee`` that of all runs so far (the
        sample is the same, so the runs compose).  A run that raises consumes no run id.
        """
        point_shape = (self.X.shape[1],) if self.kind == "halfspaces" else ()
        check_array_bytes(T * (8 * math.prod(point_shape) + 2), f"T={T} rounds of shape {point_shape} (the transcript)")
        t0 = time.perf_counter()
        run_id = self._runs  # consumed only if the run completes
        ledger = PrivacyLedger()
        bt = self._new_bt(ledger, run_id)
        label_rng = np.random.default_rng(np.random.SeedSequence([self._label_seed, run_id]))
        tr = Transcript(point_shape, np.intp if self.kind == "finite" else np.float64, capacity=min(T, 1 << 16))
        ens = self._ensemble()
        result = PredictionResult(
            T,
            tr,
            self.mode,
            self.params(),
            None,
            Guarantee(0.0, 0.0),
            Guarantee(0.0, 0.0),
            0,
            ensembles=[(0, ens)],
            ledger=ledger,
            run_id=run_id,
        )
        seq = None
        if not adversary.adaptive:
            seq = self._check_queries(adversary.sequence(T), "adversary.sequence(T)")
            if seq.shape[0] != T or seq.shape[1:] != point_shape:
                raise ValueError(f"adversary.sequence(T) has shape {seq.shape}, expected {(T,) + point_shape}")
        if track_L:
            if seq is None or not hasattr(self.generator, "concept"):
                raise ValueError("track_L needs G_oblivious and a non-adaptive adversary (a fixed sequence)")
            self._L_points = seq
            result.L_sizes.append(label_sequence_count(self.generator.concept, seq, tr.hard_points(), tr.hard_labels()))
        if "affine_dim" in ens.info:
            result.affine_dims.append(ens.info["affine_dim"])
        state = _RunState(bt, tr, ens, result, label_rng, seq, track_L, [(0, bt.t_hat_lower, bt.t_hat_upper)])
        if seq is not None and batch:
            self._answer_batched(state, T, chunk, progress)
        else:
            self._answer_one_by_one(state, adversary, T, point_shape, progress)
        self._account(state, T, ledger, target, law, n_samples, accuracy_rng)
        result.seconds = time.perf_counter() - t0
        return result

    def _on_hard_query(self, state: _RunState, j: int, x, vote) -> None:
        """A ⊤ at round j: HardQuery grows by (x_j, random label); F is re-drawn on it ([Yan26] Algorithm 2, step 2).

        Parameters
        ----------
        state : _RunState
            The run (its ensemble, transcript and records are updated in place).
        j : int
            The round of the hard query.
        x : array_like
            The query point x_j.
        vote : float
            Its vote q_x(F) (exact, noise-free), recorded in the event.
        """
        tr, result = state.tr, state.result
        hp, hl = tr.hard_points(), tr.hard_labels()
        ens = state.ens = self._ensemble(hp, hl)
        result.ensembles.append((j + 1, ens))
        state.states.append((j + 1, state.bt.t_hat_lower, state.bt.t_hat_upper))
        ev = {
            "round": j,
            "x": np.asarray(x).tolist(),
            "label": int(hl[-1]),
            "vote": float(vote),
            "realisable": ens.realisable,
        }
        if state.track_L:
            Ls = label_sequence_count(self.generator.concept, state.seq, hp, hl)
            result.L_sizes.append(Ls)
            ev["L_size"] = Ls
        if "affine_dim" in ens.info:
            result.affine_dims.append(ens.info["affine_dim"])
            ev["affine_dim"] = ens.info["affine_dim"]
            ev["redundant"] = ens.info["redundant"][-1]
            if ens.info.get("deferred"):
                ev["deferred"] = ens.info["deferred"][-1]
        result.events.append(ev)

    def _answer_batched(self, state: _RunState, T: int, chunk: int, progress) -> None:
        """Step 2 over a fixed query sequence: windows answered by BetweenThresholds up to their first ⊤.

        F is fixed between hard queries, so a window's votes are computed at once; the window grows
        ×4 (up to 2^20) while no ⊤ occurs and restarts at ``chunk`` after one.  Same transcript as
        :meth:`_answer_one_by_one`.

        Parameters
        ----------
        state : _RunState
            The run (``state.seq`` is the fixed sequence).
        T : int
            Number of queries.
        chunk : int
            First window size.
        progress : object with ``update(n)`` or None
            Advanced by the number of queries answered.
        """
        bt, tr, seq = state.bt, state.tr, state.seq
        assert seq is not None  # the batched path serves a fixed query sequence
        j, size = 0, chunk
        while j < T:
            xs = seq[j : j + size]
            votes = state.ens.votes(xs)
            codes = bt.query_batch_codes(votes)
            n = codes.shape[0]
            labs = codes.astype(np.uint8)
            top = codes[-1] == TOP_CODE
            if top:
                labs[-1] = state.label_rng.integers(2)
            tr._extend(xs[:n], codes, labs)
            j += n
            if progress is not None:
                progress.update(n)
            if top:
                self._on_hard_query(state, j - 1, xs[n - 1], votes[n - 1])
                size = chunk
            else:
                size = min(size * 4, 1 << 20)

    def _answer_one_by_one(self, state: _RunState, adversary, T: int, point_shape: tuple, progress) -> None:
        """Step 2 one query at a time (an adaptive adversary sees the view V_j before asking x_j).

        Parameters
        ----------
        state : _RunState
            The run.
        adversary : geoprivate.adversaries.Adversary
            Asked ``next_query`` when ``state.seq`` is None.
        T : int
            Number of queries.
        point_shape : tuple
            The shape of one query point.
        progress : object with ``update(n)`` or None
            Advanced by one per query.
        """
        bt, tr, seq = state.bt, state.tr, state.seq
        for j in range(T):
            x = seq[j] if seq is not None else adversary.next_query(View(j, tr, state.ens))
            xa = self._check_queries(x, f"query {j}")
            if xa.shape != point_shape:
                raise ValueError(f"query {j}: expected a point of shape {point_shape}, got {xa.shape}")
            vote = float(state.ens.votes(xa[None, ...])[0])
            code = bt.query_batch_codes(np.array([vote]))[0]
            lab = state.label_rng.integers(2) if code == TOP_CODE else code
            tr._extend(xa[None, ...], np.array([code]), np.array([lab]))
            if code == TOP_CODE:
                self._on_hard_query(state, j, xa, vote)
            if progress is not None:
                progress.update(1)

    def _account(self, state: _RunState, T: int, ledger, target, law, n_samples, accuracy_rng) -> None:
        """The run's records: segment states, accuracy against ``target``, and its guarantee ([Yan26] Theorem 3).

        The run's own spend is the advanced composition of its BetweenThresholds segments; the
        predictor's total composes every completed run on the same sample.

        Parameters
        ----------
        state : _RunState
            The finished run.
        T : int
            Number of queries.
        ledger : PrivacyLedger
            The run's ledger (one entry per segment).
        target, law, n_samples, accuracy_rng
            As for :meth:`run`.
        """
        bt, tr, result = state.bt, state.tr, state.result
        stops = [s for s, *_ in state.states[1:]] + [T]
        result.segment_states = [
            SegmentState(a, b, tl, tu, bt.nu_scale) for (a, tl, tu), b in zip(state.states, stops, strict=True)
        ]
        if target is not None:
            truth = labels01(target(tr.points), len(tr), "target")  # c(x_j) of every round, in {0, 1}
            result.stream_disagreements = int((truth != tr.labels).sum())
            if law is not None:
                result.accuracy = measure_accuracy(result, target, law, n_samples=n_samples, rng=accuracy_rng)
        result.segments = bt.segments
        result.guarantee = ledger.advanced_composition(self.delta_prime).with_utility(result.utility_proved)
        result.nominal = privacy_total(self.epsilon, bt.delta, bt.segments, self.delta_prime)
        self._runs += 1
        self.total_ledger.entries.extend(ledger.entries)
        result.total_guarantee = self.total_ledger.advanced_composition(self.delta_prime)
        self._last_utility = result.utility_proved

    def __repr__(self) -> str:
        return f"GenericPredictor({self.generator!r}, k={self.k}, m={self.m}, epsilon={self.epsilon}, mode={self.mode})"


@checked
class CompositionPredictor:
    """Baseline: a fresh noisy majority per query, paid by composition over all T queries.

    The ensemble F = {G(S_i, ∅)} is fixed; query x gets label [q_x(F) + Lap(1/(ε₀k)) ≥ 1/2]
    (Laplace mechanism on a counting query of sensitivity 1/k, ε₀-DP), and T answers
    compose by Theorem 3: ε ≈ √(2T ln(1/δ'))·ε₀ — the √T dependence (Dwork–Feldman;
    [Yan26] Table 1) that GenericPredictor avoids.  Labels in {0, 1}.

    Parameters
    ----------
    generator, points, labels, k, m, rng : as :class:`GenericPredictor`
    epsilon : float > 0
        ε₀ per query.
    delta_prime : float in (0, 1)
    """

    def __init__(
        self,
        generator: _Generator,
        points: SamplePoints,
        labels: SampleLabels,
        *,
        k: _Blocks,
        m: _Blocks,
        epsilon: Epsilon,
        delta_prime: OpenDelta = 1e-6,
        rng: Rng = None,
    ):
        self.generator = generator
        X, y = _as_sample(generator, points, labels)
        self.k, self.m = k, m
        if self.k * self.m > X.shape[0]:
            raise ValueError(f"k*m must be <= |S| = {X.shape[0]}, got k*m = {self.k * self.m}")
        self.epsilon = epsilon
        self.delta_prime = delta_prime
        rng = as_rng(rng)
        perm = rng.permutation(X.shape[0])[: self.k * self.m].reshape(self.k, self.m)
        self.ensemble = generator([(X[i], y[i]) for i in perm])
        self._rng = rng
        #: queries answered so far (what :meth:`guarantee` accounts for by default)
        self.queries_answered = 0

    def answer(
        self, xs: Annotated[Any, Joint("queries of the class, checked by the ensemble", kind="array")]
    ) -> np.ndarray:
        """Labels of the queries xs (vectorised).

        Parameters
        ----------
        xs : array_like
            Queries of the class (line points, domain positions or rows of R^d).

        Returns
        -------
        numpy.ndarray of uint8
            The released labels.
        """
        v = self.ensemble.votes(xs)
        self.queries_answered += int(np.size(v))
        return (v + self._rng.laplace(0.0, 1.0 / (self.epsilon * self.k), size=v.shape) >= 0.5).astype(np.uint8)

    def guarantee(self, T: Annotated[int, Interval(ge=1, le=MAX_SEGMENTS)] | None = None) -> Guarantee:
        """Theorem 3 over T queries (or basic composition if smaller).

        Parameters
        ----------
        T : int, optional
            The number of queries to account for; default the queries answered so far
            (``Guarantee(0, 0)`` before the first).

        Returns
        -------
        Guarantee
        """
        if T is None:
            return privacy_total(self.epsilon, 0.0, self.queries_answered, self.delta_prime)
        return privacy_total(self.epsilon, 0.0, T, self.delta_prime)
