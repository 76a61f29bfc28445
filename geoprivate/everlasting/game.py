"""The privacy game of [NNSY23] Figure 1 as an executable harness, with the statistical auditor.

Figure 1: the adversary B chooses two training sets that differ in at most one example,
or — if they are equal — two query streams that differ in at most one query (Flag); the
algorithm A runs on world b; B's view is its randomness and the predictions of step 4c,
*except* the prediction of the differing query (B does not see that label).  Private
everlasting prediction (Definition 3.1 / Claim 5.3) asks View⁰ and View¹ to be
(ε, δ)-indistinguishable.

This harness takes an *oblivious* B (its two worlds — training sets and full query
streams — are fixed before the run; the paper allows adaptive B, which only makes the
harness's lower bounds conservative), runs GenericBBL on each world many times with fresh
randomness, and gives the views to
:func:`geoprivate.audit.statistical_epsilon_lower_bound` (Clopper–Pearson, event
selected on a separate sample), with false-alarm rate 10⁻⁶ (confidence 1 − 10⁻⁶, as
OpenDP's tests).  The result sits beside what the run's ledger claims: the guarantee
(vacuous when a theorem's hypotheses fail, e.g. in practical mode) and the *nominal*
basic composition of its entries.  A variant is **flagged** when the lower bound exceeds
the nominal claim: the auditor has refuted it with confidence 1 − 10⁻⁶.

Variants: ``"faithful"`` (the paper), ``"labelboost-erm"`` (LabelBoost without the
exponential mechanism) and ``"bt-noiseless"`` (BetweenThresholds' noise mis-scaled by
10⁻⁹ while the ledger keeps the nominal ε'_i): the last is the positive control the tests
require to be flagged.  ``"repaired"`` plays :class:`~geoprivate.everlasting.repaired.RepairedBBL`
(the toolkit's construction, not the paper's) and is audited against its own claim.  The
adversaries that drive the TOP budget to the halt (and find [NNSY23] Claim E.6 violated) are in
:mod:`geoprivate.everlasting.query_attack`.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import numpy as np

from geoprivate._validation import Check, Choice, Interval, Joint, Rng, as_rng, check_finite_array, check_index, checked
from geoprivate.audit import statistical_epsilon_lower_bound
from geoprivate.audit.statistical import _event  # the audit's own domain of a chosen event
from geoprivate.everlasting.generic_bbl import GenericBBL, _labels01, make_everlasting_problem
from geoprivate.everlasting.label_boost import _points
from geoprivate.everlasting.parameters import EverlastingParameters, custom_parameters
from geoprivate.everlasting.repaired import RepairedBBL, StopperParameters
from geoprivate.privacy.warnings import PrivacyWarning
from geoprivate.problems import Problem

__all__ = [
    "World",
    "GameInstance",
    "VARIANTS",
    "training_game",
    "query_game",
    "play",
    "audit_game",
    "audit_query_positions",
    "GameAudit",
    "labelboost_erm_instance",
    "query_leak_instance",
    "query_position",
]

VARIANTS = {
    "faithful": ("exponential", 1.0),
    "labelboost-erm": ("erm", 1.0),
    "bt-noiseless": ("exponential", 1e-9),
    "repaired": ("exponential", 1.0),
}
FALSE_ALARM = 1e-6


def _finite_points(value, name: str) -> np.ndarray:
    """Points or queries of the game: a finite real array (1-D or one row per point), kept in its dtype, not empty."""
    arr = _points(value, name)
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty, got shape {arr.shape}")
    return arr


def _instances(value, name: str) -> list:
    """A sequence of query games."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be an iterable of GameInstance, got {type(value).__name__}")
    out = list(value)
    for inst in out:
        if not isinstance(inst, GameInstance):
            raise TypeError(f"{name} must hold GameInstance objects, got {type(inst).__name__}")
    return out


_Points = Annotated[Any, Check(_finite_points, kind="array")]
_Labels = Annotated[Any, Check(_labels01, kind="labels")]
_Variant = Annotated[str, Choice(*VARIANTS)]
_NonNegEps = Annotated[float, Interval(ge=0, le=math.inf)]


@checked
@dataclass(frozen=True)
class World:
    """One side of the game: the training set and the whole (oblivious) query stream."""

    points: _Points
    labels: _Labels
    queries: _Points

    def __post_init__(self):
        if self.labels.shape[0] != self.points.shape[0]:
            raise ValueError(f"labels: expected {self.points.shape[0]} labels, got {self.labels.shape[0]}")


@checked
@dataclass(frozen=True)
class GameInstance:
    """Two neighbouring worlds (Figure 1 steps 1 and 4a) and the hidden round (4c), if any."""

    kind: Literal["training", "query"]
    problem: Problem
    parameters: EverlastingParameters
    world0: World
    world1: World
    hidden_round: Annotated[int, Interval(ge=0), Joint("a round of the query stream", kind="index")] | None

    def __post_init__(self):
        for a, b, what in (
            (self.world0.points, self.world1.points, "points"),
            (self.world0.labels, self.world1.labels, "labels"),
            (self.world0.queries, self.world1.queries, "queries"),
        ):
            if a.shape != b.shape:
                raise ValueError(f"world1: its {what} have shape {b.shape}, world0's {a.shape} (neighbouring worlds)")
        if self.hidden_round is not None:
            check_index(self.hidden_round, self.world0.queries.shape[0], "hidden_round")
        d_train = int(((self.world0.points != self.world1.points) | (self.world0.labels != self.world1.labels)).sum())
        d_query = int((self.world0.queries != self.world1.queries).sum())
        if d_train + d_query > 1:
            raise ValueError(
                f"world1: worlds must differ in at most one example or query (Figure 1), got "
                f"{d_train} training and {d_query} query differences"
            )


def _new_point(value, name: str, like: np.ndarray, of: str) -> np.ndarray:
    """A replacement point: finite reals of one point's shape (a bool or a string refused)."""
    if isinstance(value, (bool, np.bool_, str, bytes)):
        raise TypeError(f"{name} must be a point (real numbers), got {type(value).__name__}")
    pt = check_finite_array(value, name)
    if pt.shape != like.shape[1:]:
        raise ValueError(f"{name} must have the shape {like.shape[1:]} of one point of {of}, got {pt.shape}")
    return pt


def _check_labels_for(points: np.ndarray, labels: np.ndarray) -> None:
    if labels.shape[0] != points.shape[0]:
        raise ValueError(f"S_labels: expected {points.shape[0]} labels (one per S_points), got {labels.shape[0]}")


@checked
def training_game(
    problem: Problem,
    parameters: EverlastingParameters,
    S_points: _Points,
    S_labels: _Labels,
    index: Annotated[int, Interval(ge=0), Joint("a position of S_points", kind="index")],
    new_point: Annotated[Any, Joint("one point of S_points' shape", kind="real")],
    new_label: Annotated[int, Interval(ge=0, le=1)],
    queries: _Points,
) -> GameInstance:
    """B changes training example ``index`` to (new_point, new_label); the streams are equal."""
    p0, y0 = S_points, S_labels
    _check_labels_for(p0, y0)
    index = check_index(index, p0.shape[0], "index")
    p1, y1 = p0.copy(), y0.copy()
    p1[index], y1[index] = _new_point(new_point, "new_point", p0, "S_points"), new_label
    return GameInstance("training", problem, parameters, World(p0, y0, queries), World(p1, y1, queries), None)


@checked
def query_game(
    problem: Problem,
    parameters: EverlastingParameters,
    S_points: _Points,
    S_labels: _Labels,
    queries: _Points,
    round_: Annotated[int, Interval(ge=0), Joint("a position of queries", kind="index")],
    new_query: Annotated[Any, Joint("one query of queries' dtype", kind="real")],
) -> GameInstance:
    """B changes query ``round_`` (0-based) to ``new_query``; its label is hidden from the view."""
    q0 = queries
    if q0.ndim != 1:
        raise ValueError(f"queries: expected a 1-D stream of query points, got shape {q0.shape}")
    round_ = check_index(round_, q0.shape[0], "round_")
    _check_labels_for(S_points, S_labels)
    new_query = _new_point(new_query, "new_query", q0, "queries")
    q1 = q0.copy()
    q1[round_] = new_query
    if not np.array_equal(q1[round_ : round_ + 1], np.asarray([new_query])):  # cast to the stream's dtype
        raise ValueError(
            f"new_query: {new_query!r} is not representable in the queries' dtype {q0.dtype} "
            f"(it would be stored as {q1[round_]!r})"
        )
    if q1[round_] == q0[round_]:
        raise ValueError(f"new_query: equals queries[{round_}] = {q0[round_]!r}; identical worlds test nothing")
    return GameInstance(
        "query", problem, parameters, World(S_points, S_labels, q0), World(S_points, S_labels, q1), int(round_)
    )


def _stream(queries):
    pos = [0]

    def take(rng, i, R):
        out = queries[pos[0] : pos[0] + R]
        pos[0] += len(out)
        return out

    return take


@checked
def play(
    instance: GameInstance,
    b: Annotated[int, Interval(ge=0, le=1)],
    rng: Rng = None,
    variant: _Variant = "faithful",
    *,
    ledger_out: list | None = None,
    result_out: list | None = None,
    stopper: StopperParameters | None = None,
) -> tuple:
    """One run of the game on world ``b``; returns B's view (predictions, hidden round removed).

    ``variant="repaired"`` plays :class:`~geoprivate.everlasting.repaired.RepairedBBL` (the
    toolkit's construction) with ``stopper`` (a StopperParameters; default ε_s = 1, β_s = 10⁻⁶).
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {sorted(VARIANTS)}, got {variant!r}")
    if isinstance(b, (bool, np.bool_)) or b not in (0, 1):
        raise ValueError(f"b: the world bit must be 0 or 1, got {b!r}")
    selection, noise = VARIANTS[variant]
    w = instance.world1 if b else instance.world0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        if variant == "repaired":
            alg: GenericBBL = RepairedBBL(
                instance.problem, w.points, w.labels, instance.parameters, rng, stopper=stopper
            )
        else:
            alg = GenericBBL(
                instance.problem, w.points, w.labels, instance.parameters, rng, selection=selection, bt_noise=noise
            )
        res = alg.run(queries=_stream(w.queries))
    if ledger_out is not None:
        ledger_out.append(res.ledger)
    if result_out is not None:
        result_out.append(res)
    view = res.predictions
    if instance.hidden_round is not None and instance.hidden_round < view.size:
        view = np.delete(view, instance.hidden_round)
    return tuple(int(v) for v in view)


@checked
@dataclass(frozen=True)
class GameAudit:
    """Lower confidence bound on ε beside the ledger's claims."""

    kind: Literal["training", "query"]
    variant: _Variant
    epsilon_lower: _NonNegEps
    confidence: Annotated[float, Interval(gt=0, lt=1)]
    nominal_epsilon: _NonNegEps
    guarantee_epsilon: _NonNegEps
    event: Annotated[Any, Check(_event, kind="object")]
    counts: tuple
    n_samples: Annotated[int, Interval(ge=1)]

    @property
    def flagged(self) -> bool:
        """The audit refutes the nominal claim (false-alarm rate 1 − confidence)."""
        return self.epsilon_lower > self.nominal_epsilon

    def as_dict(self) -> dict:
        return {
            "kind": self.kind,
            "variant": self.variant,
            "epsilon_lower": self.epsilon_lower,
            "confidence": self.confidence,
            "nominal_epsilon": self.nominal_epsilon,
            "guarantee_epsilon": None if math.isinf(self.guarantee_epsilon) else self.guarantee_epsilon,
            "flagged": self.flagged,
            "event": str(self.event),
            "counts": list(self.counts),
            "n_samples": self.n_samples,
        }


def _hidden_phase(instance: GameInstance) -> int:
    """The phase (1-based) whose queries hold the hidden round."""
    ends = np.cumsum([p.R for p in instance.parameters.phases])
    assert instance.hidden_round is not None  # a query game hides a round
    return int(np.searchsorted(ends, instance.hidden_round, side="right")) + 1


def _repaired_nominal(instance: GameInstance, res) -> float:
    """The repaired predictor's own claim for this game: training, or the query ε of the hidden query's phase.

    Taken from the parameters, not from how far one run got: a hidden query in phase i of a run
    planned for more phases is booked at ``query[i - 1]`` (Lemma Q composed with the relabelling
    chain), which covers every run, also one that ends in phase i.
    """
    g = res.privacy
    if instance.kind == "training":
        return g.training.epsilon
    return g.query[_hidden_phase(instance) - 1].epsilon


@checked
def query_position(instance: GameInstance) -> str:
    """The position of the hidden query: same phase as the probes, an earlier phase, or the last query of a phase.

    Parameters
    ----------
    instance : GameInstance
        A query game.

    Returns
    -------
    str
        A key of ``repaired_guarantees(...)["query_positions"]``.
    """
    if instance.kind != "query":
        raise ValueError("instance: a query game is needed")
    i = _hidden_phase(instance)
    ends = np.cumsum([p.R for p in instance.parameters.phases])
    n_q = instance.world0.queries.shape[0]
    if n_q <= ends[i - 1]:  # the stream ends in the hidden query's phase: no probe after a relabelling
        return "same phase as the probes"
    return "last query of a phase" if instance.hidden_round == ends[i - 1] - 1 else "earlier phase"


_NSamples = Annotated[int, Interval(ge=1, le=10**7)]
_Confidence = Annotated[float, Interval(gt=0, lt=1)]


@checked
def audit_query_positions(
    instances: Annotated[Any, Check(_instances, kind="object")],
    *,
    n_samples: _NSamples = 2000,
    stopper: StopperParameters | None = None,
    rng: Rng = None,
    confidence: _Confidence = 1 - FALSE_ALARM,
):
    """The game's statistical audit of RepairedBBL at every position of the hidden query.

    Parameters
    ----------
    instances : iterable of GameInstance
        Query games (one or more per position, :func:`query_position`).
    n_samples : int
        Runs per world and audit.
    stopper : StopperParameters, optional
    rng : Generator, int or None
    confidence : float
        1 − false-alarm rate (10⁻⁶ by default).

    Returns
    -------
    list of dict
        One row per instance: position, hidden round, the audit (:class:`GameAudit` as a dict).
    """
    r = as_rng(rng)
    rows = []
    for inst in instances:
        a = audit_game(inst, "repaired", n_samples=n_samples, stopper=stopper, rng=r, confidence=confidence)
        rows.append({"position": query_position(inst), "hidden_round": inst.hidden_round, **a.as_dict()})
    return rows


@checked
def audit_game(
    instance: GameInstance,
    variant: _Variant = "faithful",
    *,
    n_samples: _NSamples = 2000,
    featurize: Callable[..., Any] | None = None,
    delta: Annotated[float, Interval(ge=0, lt=1)] = 0.0,
    confidence: _Confidence = 1 - FALSE_ALARM,
    rng: Rng = None,
    play_fn: Callable[..., Any] | None = None,
    stopper: StopperParameters | None = None,
) -> GameAudit:
    """Statistical ε lower bound for the game's two views, beside the ledger's nominal ε.

    ``featurize(view) -> hashable`` discretises the view (default: the whole view; keep
    streams short).  The nominal ε is the basic composition of the ledger's entries as if
    every theorem applied (one faithful run on world 0); for ``variant="repaired"`` it is
    the repaired predictor's own claim for this side of the game (its training ε, or the
    query ε of the hidden query's phase, :func:`~geoprivate.everlasting.repaired.repaired_guarantees`).
    The guarantee is the ledger's (infinite when some theorem's hypotheses fail).
    ``play_fn(instance, b, rng, variant)`` replaces :func:`play` (e.g. a cached ensemble).
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {sorted(VARIANTS)}, got {variant!r}")
    rng = as_rng(rng)
    results: list = []
    play(instance, 0, rng, "repaired" if variant == "repaired" else "faithful", result_out=results, stopper=stopper)
    ledger = results[0].ledger
    nominal = (
        _repaired_nominal(instance, results[0])
        if variant == "repaired"
        else float(sum(e.epsilon for e in ledger.entries))
    )
    guarantee = ledger.basic_composition().epsilon
    feat = featurize if featurize is not None else (lambda v: v)
    run = play_fn if play_fn is not None else play

    def mech(b, r):
        if variant == "repaired" and play_fn is None:
            return play(instance, b, r, variant, stopper=stopper)
        return run(instance, b, r, variant)

    res = statistical_epsilon_lower_bound(
        mech, 0, 1, n_samples=n_samples, featurize=feat, delta=delta, confidence=confidence, rng=rng
    )
    return GameAudit(
        instance.kind, variant, res.epsilon_lower, confidence, nominal, guarantee, res.event, res.counts, n_samples
    )


@checked
def labelboost_erm_instance(problem: Problem | None = None, rng: Rng = None) -> tuple:
    """A training-privacy instance on which LabelBoost-without-the-exponential-mechanism leaks.

    Thresholds; S = 100 negatives on [0, 0.3] and 100 positives on [0.6, 1]; the neighbour
    moves the largest negative from 0.3 to 0.5 (both worlds have the same F_1: every block
    is one example and a negative example's ERM is the all-0 threshold).  Phase 1 asks 600
    queries in (0.3, 0.5) (D̂_1 = D_1: m = ε); LabelBoost-ERM then labels all of them 1 in
    world 0 and 0 in world 1, so phase 2's three probes at 0.49 differ deterministically.
    The faithful exponential mechanism changes each dichotomy's weight by at most e^{1/2}.
    Parameters (``custom_parameters``): (λ, T, R, c) = (1, 200, 600, 1), (2, 300, 4, 1),
    ε = 0.5, ε'_i = 1, m = 0.5.  Returns (instance, featurize) — the view's phase-2 part.
    """
    prob = problem if problem is not None else make_everlasting_problem("thresholds", 0)
    par = custom_parameters([(1, 200, 600, 1), (2, 300, 4, 1)], 0.05, 0.05, 0.5, 1e-6, 1, epsilon_bt=1.0, m_const=0.5)
    S = np.concatenate([np.linspace(0.0, 0.3, 100), np.linspace(0.6, 1.0, 100)])
    y = (S >= 0.5).astype(np.uint8)
    q = np.concatenate([as_rng(rng).uniform(0.3, 0.5, 600), np.full(3, 0.49)])
    return training_game(prob, par, S, y, 99, 0.5, 0, q), (lambda view: view[600:])


@checked
def query_leak_instance(problem: Problem | None = None, rng: Rng = None) -> tuple:
    """A query-privacy instance on which BetweenThresholds without (correctly scaled) noise leaks.

    Thresholds; S as in :func:`labelboost_erm_instance`; phase 1 asks 600 queries in [0, 0.25] ∪ [0.75, 0.8]
    (votes ≤ ¼: no TOP; no dichotomy near them is cheap) except the differing one: x⁰ = 0.45 in world 0, x¹ = 0.05 in world 1 (its label
    is hidden).  All of D_1 is relabelled (m = ε) and becomes S_2, learnt by a single ERM
    (T_2 = 1, λ_2 = 600): in world 0 LabelBoost labels x⁰ with 1 w.p. ≈ ½, making the ERM's
    threshold 0.45, so the phase-2 probes at 0.5 read 1; in world 1 they read 0.  Faithful
    BetweenThresholds (ε' = 1 on T_2 = 1 vote) drowns this in Lap(6) noise.
    Parameters: (λ, T, R, c) = (1, 200, 600, 1), (600, 1, 4, 1), ε = 0.5, ε'_i = 1, m = 0.5.
    Returns (instance, featurize) — the view's phase-2 part.
    """
    prob = problem if problem is not None else make_everlasting_problem("thresholds", 0)
    par = custom_parameters([(1, 200, 600, 1), (600, 1, 4, 1)], 0.05, 0.05, 0.5, 1e-6, 1, epsilon_bt=1.0, m_const=0.5)
    S = np.concatenate([np.linspace(0.0, 0.3, 100), np.linspace(0.6, 1.0, 100)])
    y = (S >= 0.5).astype(np.uint8)
    r = as_rng(rng)
    q = np.concatenate(
        [[0.45], np.where(r.random(599) < 0.5, r.uniform(0.0, 0.25, 599), r.uniform(0.75, 0.8, 599)), np.full(3, 0.5)]
    )
    return query_game(prob, par, S, y, q, 0, 0.05), (lambda view: view[599:])
