"""GenericBBL ([NNSY23] §5), phase by phase, with per-phase state and exact err_D.

[NNSY23]: Algorithm GenericBBL (steps 1–3g),
Theorem 5.1, Theorem 5.2 (every hypothesis h_{i,j} is 6α-good w.p. ≥ 1 − 4β), Claim 5.3
(privacy), Observation 2 (BetweenThresholds with c tops), Lemmas C.1–C.4, Claims D.1–D.9.
Labels are {0, 1}; step 3(d)iii answers 0 on L and 1 on R or ⊤.

Reading of step 3(d)ii (recorded in every result as ``query_reading``): the paper writes
q_x(F_i) = Σ_t f_t(x) while BetweenThresholds takes counting queries in [0, 1] of
sensitivity 1/n (n = T_i, the database of hypotheses) and the thresholds are ½ ± α_i; we
read q_x as the *average* (1/T_i) Σ_t f_t(x), the only reading under which ½ ± α_i, Lemma C.3
(sensitivity 1/T_i) and Claims D.3/D.4 (q(S) > 7/8) make sense.

The hypothesis h_{i,j} of Appendix E ("fix all of the randomness of BetweenThresholds") is
x ↦ [q_x(F_i) + ν_j ≥ t̂_l]: the query noise ν_j and the segment's μ are read from the
BetweenThresholds instance before each batch, so err_D(h_{i,j}) is computed for every
query j, exactly for thresholds and intervals under D = U[0, 1) and for finite classes
under D uniform on the domain (as a rational number).

Batching (as GenericPredictor): within a phase F_i is fixed, so the votes of a window of
queries are computed at once and BetweenThresholds answers the window up to its first ⊤
(:meth:`~geoprivate.mechanisms.BetweenThresholds.query_batch_codes`); the transcript is
the same as one query at a time.  Queries come from an oblivious source (the adversary's
points for the phase, fixed before the phase starts).

The problems are the shared layer's :class:`geoprivate.problems.Problem` and the ensembles F_i its
:class:`geoprivate.ensembles.Ensemble` (``counts`` = the vote counts); step 3b's ERM and the exact
err_D per vote level live in :mod:`geoprivate.everlasting.ensembles` (re-exported here beside the
algorithm that calls them); this module keeps the algorithm, its random streams and its records.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Choice,
    Interval,
    Joint,
    NonNegative,
    NonNegInt,
    Positive,
    Progress,
    Rng,
    as_rng,
    check_finite_array,
    check_indices,
    check_int_in_range,
    check_real,
    checked,
)
from geoprivate.audit import clopper_pearson
from geoprivate.everlasting.accounting import (
    RepairedPrivacy,
    TrainingPrivacy,
    claim27_epsilon,
    training_privacy,
)
from geoprivate.everlasting.ensembles import (  # noqa: F401 - step 3b's names, re-exported beside GenericBBL
    ERM_CHUNK_ROWS,
    MC_SAMPLES,
    _monte_carlo_level_errors,
    _threshold_erm_rows,
    erm_ensemble,
    level_errors,
    make_everlasting_problem,
)
from geoprivate.everlasting.label_boost import SELECTIONS, label_boost, labelboost_epsilon, lemma_c2_applies
from geoprivate.everlasting.parameters import EverlastingParameters, PhaseParameters
from geoprivate.mechanisms import BetweenThresholds, subsample
from geoprivate.privacy import Guarantee, PrivacyLedger
from geoprivate.privacy.accounting import ACCOUNTANTS, check_accountant
from geoprivate.privacy.tight import TIGHT_THEOREM, tight_c_tops_composition
from geoprivate.privacy.warnings import warn_below_sample_bound, warn_outside_theorem
from geoprivate.problems import Problem

__all__ = [
    "QUERY_READING",
    "EverlastingResult",
    "GenericBBL",
    "HypothesisSequence",
    "PhaseRecord",
    "erm_ensemble",
    "generic_bbl_privacy",
    "make_everlasting_problem",
    "relabels",
]

QUERY_READING = (
    "step 3(d)ii: q_x(F_i) = (1/T_i) sum_t f_t(x) (the printed sum, normalised so that the "
    "thresholds 1/2 +- alpha_i and BetweenThresholds' sensitivity 1/T_i apply)"
)


# ====================================================================== records
#: a rate no query measured (a phase that answered nothing): the record's own NaN, never a caller's
UNMEASURED = float("nan")


def _rate(value, name: str) -> float:
    """An error rate in [0, 1], or :data:`UNMEASURED` (the default: the phase measured nothing)."""
    if value is UNMEASURED:
        return value
    return check_real(value, name, low=0.0, high=1.0)


_Rate = Annotated[float, Check(_rate, kind="real")]
_Fraction = Annotated[float, Interval(ge=0, le=1)]


@checked
@dataclass
class PhaseRecord:
    """Per-phase state of a GenericBBL run (reported in the CLI table and the figure).

    The error rates are :data:`UNMEASURED` (NaN) until the phase answers a query.
    """

    i: Annotated[int, Interval(ge=1)]
    S: NonNegInt
    T: Annotated[int, Interval(ge=1)]
    lam: Annotated[int, Interval(ge=1)]
    R: NonNegInt
    c: Annotated[int, Interval(ge=1)]
    answered: NonNegInt = 0
    tops: NonNegInt = 0
    failed: bool = False
    label_errors: NonNegInt = 0  # predictions that disagree with the target c
    err_D_max: _Rate = UNMEASURED
    err_D_mean: _Rate = UNMEASURED
    frac_above_6alpha: _Rate = UNMEASURED
    s_hat: NonNegInt = 0
    d_hat: NonNegInt = 0
    labelboost_error: _Fraction | None = None  # None: no LabelBoost in this phase (the last)
    labelboost_dichotomies: NonNegInt = 0
    lemma_c2_applies: bool = False
    next_S_target_error: _Fraction | None = None  # None: no next phase
    next_S_drawn: NonNegInt = 0
    err_D_method: str = "exact"
    err_D_max_upper: _Rate = UNMEASURED  # = err_D_max when exact; 95% Clopper-Pearson upper bound when Monte Carlo
    seconds: NonNegative = 0.0

    def as_dict(self) -> dict:
        return asdict(self)


def _records(value, name: str) -> list:
    """The run's per-phase records: a list of :class:`PhaseRecord`."""
    if not isinstance(value, list) or not all(isinstance(r, PhaseRecord) for r in value):
        raise TypeError(f"{name} must be a list of PhaseRecord, got {type(value).__name__}")
    return value


def _labels01(value, name: str) -> np.ndarray:
    """0/1 labels (or predictions), 1-D, kept in their integer or bool dtype (floats become uint8)."""
    arr = check_finite_array(value, name, ndim=1)
    if not np.isin(arr, (0, 1)).all():
        raise ValueError(f"{name} must be 0/1, got {arr[~np.isin(arr, (0, 1))][:3].tolist()}")
    raw = np.asarray(value)
    return raw if raw.dtype.kind in "biu" else arr.astype(np.uint8)


def _predictions(value, name: str) -> np.ndarray:
    """The run's predictions: a 1-D array of 0/1 (uint8)."""
    return _labels01(value, name).astype(np.uint8)


_Selection = Annotated[str, Choice(*SELECTIONS)]
_Accountant = Annotated[str, Choice(*ACCOUNTANTS)]
_Phases = Annotated[int, Interval(ge=1), Joint("at most the parameters' phases")] | None


@checked
@dataclass
class EverlastingResult:
    """A GenericBBL run: parameters, per-phase records, predictions, privacy ledger."""

    parameters: EverlastingParameters
    problem: str
    phases: Annotated[list, Check(_records, kind="object")]
    predictions: Annotated[np.ndarray, Check(_predictions, kind="array")]
    ledger: PrivacyLedger
    guarantee: Guarantee
    failed: bool
    seconds: NonNegative
    six_alpha: Positive
    selection: _Selection = "exponential"
    query_reading: str = QUERY_READING
    extra: dict = field(default_factory=dict)
    privacy: TrainingPrivacy | RepairedPrivacy | None = None
    utility_proved: bool = False

    @property
    def privacy_applies(self) -> bool:
        """Every condition of the run's privacy proof holds for the parameters used (``privacy.conditions``)."""
        return self.privacy is not None and self.privacy.privacy_applies

    def to_dict(self) -> dict:
        g = self.guarantee
        return {
            "privacy_applies": self.privacy_applies,
            "utility_proved": self.utility_proved,
            # measured accuracy flags: phases whose worst hypothesis is above 6 alpha / worse than a coin
            "phases_above_6alpha": [p.i for p in self.phases if p.err_D_max > self.six_alpha],
            "phases_worse_than_coin": [p.i for p in self.phases if p.err_D_max > 0.5],
            # GenericBBL: Claim E.6 is not booked (docs/private_as_run.md); RepairedBBL books Lemma Q and the chain
            "query_privacy_booked": bool(self.privacy is not None and self.privacy.query_booked),
            "privacy": self.privacy.as_dict() if self.privacy is not None else None,
            "problem": self.problem,
            "mode": self.parameters.mode,
            "parameters": self.parameters.as_dict(),
            "phases": [p.as_dict() for p in self.phases],
            "failed": self.failed,
            "seconds": self.seconds,
            "six_alpha": self.six_alpha,
            "labelboost_selection": self.selection,
            "query_reading": self.query_reading,
            "guarantee": {"epsilon": None if math.isinf(g.epsilon) else g.epsilon, "delta": g.delta},
            "ledger": self.ledger.summary(),
            "n_predictions": int(self.predictions.size),
        }


# ====================================================================== privacy of a planned run
def _check_phases(parameters: EverlastingParameters, phases: int | None) -> int | None:
    """``phases`` (a number of phases to run) within the configuration's, or None (all)."""
    if phases is None:
        return None
    return check_int_in_range(phases, "phases", 1, len(parameters.phases))


@checked
def relabels(
    parameters: EverlastingParameters,
    i: Annotated[int, Interval(ge=1), Joint("a phase of parameters", kind="index")],
    phases: _Phases = None,
) -> bool:
    """Whether phase ``i`` runs LabelBoost (steps 3e–3f) in a run of ``phases`` phases (None: all of them).

    A data-independent fact of the configuration: phase i relabels when |D̂_i| ≥ 1 and a phase follows
    it in the run (``phases=None`` relabels after the last phase too, as :meth:`GenericBBL.run` does).
    Whether this particular run halted first does not enter: a guarantee is the mechanism's, not the
    outcome's (a halting time depends on the data).

    Parameters
    ----------
    parameters : EverlastingParameters
        The configuration.
    i : int
        The phase (1-based).
    phases : int or None
        The number of phases the run is asked for.

    Returns
    -------
    bool
    """
    phases = _check_phases(parameters, phases)
    n_ph = len(parameters.phases) if phases is None else phases
    return parameters.phase(i).d_hat >= 1 and (i < n_ph or phases is None)


@checked
def generic_bbl_privacy(
    parameters: EverlastingParameters,
    n_input: Annotated[int, Interval(ge=1, le=10**15)],
    *,
    phases: _Phases = None,
    faithful_bt: bool = True,
    faithful_labelboost: bool = True,
    accountant: _Accountant = "paper",
) -> TrainingPrivacy:
    """Training privacy of GenericBBL on these parameters: what a plan promises and what its run reports.

    [NNSY23] Claim E.5 recomputed (:func:`~geoprivate.everlasting.accounting.training_privacy`) for the
    mechanism the configuration defines: phase 1's BetweenThresholds, LabelBoost on Ŝ_1 when phase 1
    relabels (:func:`relabels`), step 2's sub-sampling of S_1 from the n_input examples.  The planner
    (:mod:`geoprivate.planning`) and :meth:`GenericBBL.run` both call this function.

    Parameters
    ----------
    parameters : EverlastingParameters
        The configuration.
    n_input : int
        |S| given to GenericBBL (step 2 draws S_1 of it).
    phases : int or None
        The number of phases run (None: all).
    faithful_bt, faithful_labelboost : bool
        False for the broken variants (mis-scaled noise, ERM selection): privacy does not apply.
    accountant : {"paper", "tight"}, default "paper"
        Claim E.5's compositions, or the optimal composition of the same components
        (:func:`~geoprivate.everlasting.accounting.training_privacy`).

    Returns
    -------
    TrainingPrivacy
        Its guarantee is (inf, 1) when a condition fails.
    """
    p1 = parameters.phase(1)
    lb = relabels(parameters, 1, _check_phases(parameters, phases))
    return training_privacy(
        p1,
        parameters.delta,
        n_input,
        relabelled=lb,
        s_hat_used=p1.s_hat if lb else 0,
        faithful_bt=faithful_bt,
        faithful_labelboost=faithful_labelboost,
        accountant=accountant,
    )


# ====================================================================== GenericBBL
_STREAMS = {"step2": 0, "blocks": 1, "bt": 2, "relabel": 3, "queries": 4}


def _root_seed(rng) -> int:
    """One integer entropy for the run's SeedSequence (an int seed is used as is; a Generator gives one draw)."""
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool) and rng >= 0:
        return int(rng)
    return int(as_rng(rng).integers(0, 2**63))


def _check_points(problem, points, name: str) -> np.ndarray:
    """Training points or queries validated as the problem's points (NaN, ±inf, -1, 1.7 refused)."""
    check = getattr(problem, "check_points", None)
    return np.asarray(points) if check is None else check(points, name)


def _stream_key(key) -> tuple:
    name, *rest = key
    if name not in _STREAMS:
        raise ValueError(f"stream: unknown component {name!r}; expected one of {sorted(_STREAMS)}")
    return (_STREAMS[name], *(int(v) for v in rest))


@checked
class GenericBBL:
    """Algorithm GenericBBL ([NNSY23] §5) on a labelled sample S; labels {0, 1}.

    Parameters
    ----------
    problem : geoprivate.problems.Problem
    points, labels : the initial labelled database S (labels 0/1); step 2 draws
        S_1 ⊆ S of size λ_1 T_1, so len(S) ≥ λ_1 T_1 is required.
    parameters : EverlastingParameters (theorem or practical mode)
    rng : Generator, int or None
    selection : {"exponential", "erm"}
        LabelBoost's step 4: the paper's exponential mechanism, or the broken ERM variant
        (the privacy game's positive control).
    strict : bool
        Raise :class:`~geoprivate.privacy.warnings.PrivacyParameterError` instead of
        warning when a condition of the training-privacy proof fails for these parameters.
    accountant : {"paper", "tight"}, default "paper"
        How the training privacy composes its components (Claim E.5's theorems, or optimally:
        :func:`~geoprivate.everlasting.accounting.training_privacy`); the guarantee and the
        ledger name it.

    Notes
    -----
    Privacy as run (docs/private_as_run.md): ``result.privacy`` (and ``result.guarantee``, its
    (ε, δ)) is the training privacy of [NNSY23] Claim E.5 recomputed from the parameters used —
    :func:`generic_bbl_privacy`: Observation 2 and Lemma C.3's gap for phase 1, LabelBoost at
    2 ln(1 + e^{1/2}) (amplified by Claim 2.7 when |S_1| is large enough) when phase 1 relabels,
    step 2's amplification when len(points) is large enough.  It is the guarantee of the mechanism
    the run was asked for (its phases), not of how far it got: a run that halts early reports the
    same.  ``result.utility_proved`` is Theorem 5.2's conditions (Claims D.2, D.5–D.8).  Query
    privacy (Claim E.6) is not booked (``to_dict()["query_privacy_booked"]`` is False).

    Raises
    ------
    ValueError
        Fewer than λ_1 T_1 examples, labels not 0/1.

    Examples
    --------
    One phase planned for (ε, δ) = (1, 10⁻⁶) (``plan_generic_bbl(1, 1e-6, alpha=0.2, queries=20,
    lambda1=1, tops=2)`` of :mod:`geoprivate.planning` gives these numbers, and its ``plan.run()`` is this
    run): T_1 = 2304 meets Lemma C.3's gap at ε'_1 = 1/2 with c_1 = 2 TOPs.

    >>> import numpy as np
    >>> from geoprivate.everlasting import custom_parameters
    >>> par = custom_parameters([(1, 2304, 20, 2)], 0.2, 0.05, 1.0, 1e-6, 1, epsilon_bt=0.5, sizes=[(0, 0)])
    >>> all(par.phase(1).privacy_conditions.values())  # Observation 2, Lemma C.3's gap (Claim D.9)
    True
    >>> prob = make_everlasting_problem("thresholds", 0)
    >>> x = prob.sample(np.random.default_rng(1), 2304)
    >>> res = GenericBBL(prob, x, prob.target(x), par, rng=2).run()
    >>> res.privacy_applies, res.guarantee.epsilon, res.guarantee.delta
    (True, 1.0, 1e-06)
    """

    def __init__(
        self,
        problem: Problem,
        points: Annotated[Any, Joint("the problem's points, at least lambda_1 T_1", kind="array")],
        labels: Annotated[Any, Joint("0/1, one per point", kind="labels")],
        parameters: EverlastingParameters,
        rng: Rng = None,
        *,
        selection: _Selection = "exponential",
        bt_noise: Positive = 1.0,
        strict: bool = False,
        keep_hypotheses: bool = False,
        accountant: _Accountant = "paper",
    ):
        self.keep_hypotheses = keep_hypotheses
        self.accountant = check_accountant(accountant)
        self._hypotheses: list = []
        self.bt_noise = float(bt_noise)
        self.problem = problem
        self.parameters = parameters
        self.selection = selection
        self._seed = _root_seed(rng)
        pts = _check_points(problem, points, "points")
        check_finite_array(labels, "labels")  # numbers, not ragged (kept in their dtype: the transcript's)
        lab = np.asarray(labels)
        if lab.ndim != 1 or lab.shape[0] != pts.shape[0]:
            raise ValueError(f"labels: expected {pts.shape[0]} labels (one per point of points), got shape {lab.shape}")
        if lab.size and not np.isin(lab, (0, 1)).all():
            raise ValueError("labels: must be 0/1")
        need = parameters.phase(1).S
        if pts.shape[0] < need:
            raise ValueError(f"points: GenericBBL needs |S| >= lambda_1 T_1 = {need} examples, got {pts.shape[0]}")
        self.n_input = int(pts.shape[0])
        J = subsample(pts.shape[0], need, self.stream("step2"))  # step 2
        self.S_points, self.S_labels = pts[J], lab[J]
        self.ledger = PrivacyLedger()
        # privacy as run, before the run: the mechanism these parameters define (all phases)
        self._privacy_before = self.privacy()
        if not self._privacy_before.privacy_applies:
            warn_outside_theorem(
                f"{type(self).__name__} ({parameters.mode} mode, LabelBoost selection {selection!r}): "
                f"{self._privacy_before.statement} does not apply: "
                f"{', '.join(self._privacy_before.failed_conditions())} fail(s); the guarantee is reported as inf",
                strict=strict,
            )
        if not parameters.utility_proved():
            bad = sorted({k for p in parameters.phases for k, v in p.utility_conditions.items() if not v})
            warn_below_sample_bound(
                f"GenericBBL: accuracy (Theorem 5.2) not proved for these parameters: "
                f"{', '.join(bad) or 'alpha, beta, delta < 1/16 and epsilon < 1'} fail(s)"
            )

    def privacy(self, phases: _Phases = None) -> TrainingPrivacy | RepairedPrivacy:
        """The privacy of a run of ``phases`` phases (None: all) on these parameters, before running.

        :func:`generic_bbl_privacy` with this instance's mechanisms (a subclass with another step 3c
        overrides it); :meth:`run` reports exactly this object, and the planner promises it.

        Parameters
        ----------
        phases : int or None
            The number of phases the run is asked for.

        Returns
        -------
        TrainingPrivacy
        """
        return generic_bbl_privacy(
            self.parameters,
            self.n_input,
            phases=phases,
            faithful_bt=self.bt_noise == 1.0,
            faithful_labelboost=self.selection == "exponential",
            accountant=self.accountant,
        )

    def guarantee(self) -> Guarantee:
        """The guarantee a run of every phase will report (:meth:`privacy`), before running.

        Vacuous when a condition of the privacy proof fails (the constructor warned);
        ``utility_proved`` is Theorem 5.2's conditions on the parameters.

        Returns
        -------
        Guarantee
        """
        return self._privacy_before.guarantee.with_utility(self.parameters.utility_proved())

    def stream(self, *key: Any) -> np.random.Generator:
        """An independent generator for one component, keyed by name and phase ([NNSY23] steps 2, 3a–3f).

        Components: ``"step2"``, ``("blocks", i)``, ``("bt", i)``, ``("relabel", i)``, ``("queries", i)``:
        the same seed gives the same transcript, and how many queries a phase receives never shifts
        the draws of another component.
        """
        return np.random.default_rng(np.random.SeedSequence(self._seed, spawn_key=_stream_key(key)))

    # -------------------------------------------------------------- one phase
    def _phase(self, p: PhaseParameters, queries, record: PhaseRecord, levels_out: list, qbar=None):
        prob = self.problem
        perm = self.stream("blocks", p.i).permutation(self.S_points.shape[0])  # step 3a: random disjoint blocks
        ens = erm_ensemble(prob, self.S_points, self.S_labels, p.T, p.lam, order=perm)  # step 3b
        bt = self._answerer(p, self.stream("bt", p.i))  # step 3c
        levels = np.asarray([float(v) for v in level_errors(prob, ens)])
        votes = ens.counts(queries)
        out = np.empty(len(queries), np.uint8)
        errs = []
        pos, W = 0, 4096
        while pos < len(queries) and not bt.halted:  # step 3d
            chunk = votes[pos : pos + W] / p.T
            nu = bt._nu.peek(chunk.size).copy() * bt.nu_scale  # the noise query_batch_codes will use
            tl_hat = bt.t_hat_lower
            codes = bt.query_batch_codes(chunk)
            k = codes.size
            out[pos : pos + k] = codes != 0  # step 3(d)iii: 0 on L, 1 on R or TOP
            lev = np.clip(np.ceil(p.T * (tl_hat - nu[:k]) - 1e-12), 0, p.T + 1).astype(np.int64)
            errs.append(levels[lev])
            if self.keep_hypotheses:
                self._hypotheses.append((p.i, lev))
            pos += k
            if qbar is not None:
                qbar.update(k)
        record.answered, record.tops = pos, bt.tops
        record.failed = pos < len(queries)  # step 3(d)iv: BetweenThresholds halted
        ef = np.concatenate(errs) if errs else np.empty(0)
        if ef.size:
            record.err_D_max, record.err_D_mean = float(ef.max()), float(ef.mean())
            record.err_D_max_upper = record.err_D_max
            if prob.name == "halfspaces":
                record.err_D_method = f"monte-carlo (n={MC_SAMPLES}, fixed measurement seed)"
                k = int(round(record.err_D_max * MC_SAMPLES))
                record.err_D_max_upper = clopper_pearson(k, MC_SAMPLES, 0.05)[1]
            record.frac_above_6alpha = float((ef > 6 * self.parameters.alpha).mean())
        record.label_errors = int((out[:pos] != prob.target(queries[:pos])).sum())
        levels_out.append(levels)
        if self.keep_hypotheses:
            self._ensembles[p.i] = ens
        return out[:pos]

    def _answerer(self, p: PhaseParameters, rng):
        """Step 3c: the c_i-TOP BetweenThresholds of phase i, recorded in the ledger (a hook:
        :class:`~geoprivate.everlasting.repaired.RepairedBBL` answers through its own mechanism)."""
        # bt_noise != 1 is a deliberately broken variant (noise mis-scaled, ledger keeps the nominal)
        bt = BetweenThresholds(p.epsilon_bt / self.bt_noise, p.t_lower, p.t_upper, p.T, rng, c=p.c, delta=p.delta_bt)
        tight = self.accountant == "tight"
        self.ledger.record(
            "BetweenThresholds (c tops)",
            tight_c_tops_composition(p.epsilon_bt, p.delta_bt, p.c).epsilon if tight else p.bt_guarantee_epsilon,
            min(1.0, 2 * p.c * p.delta_bt),
            f"c_i segments of Observation 2 by the {TIGHT_THEOREM}, Lemma C.3's gap (Claim D.9)"
            if tight
            else "[NNSY23] Observation 2 or basic composition of c_i segments (the smaller), Lemma C.3's gap (Claim D.9)",
            bool(all(p.privacy_conditions.values()) and self.bt_noise == 1.0),
            accountant=self.accountant,
            phase=p.i,
            c=p.c,
            T=p.T,
            database=f"S_{p.i}",
        )
        return bt

    def _relabel(self, p: PhaseParameters, D, record: PhaseRecord):
        """Steps 3e–3f: sub-sample Ŝ_i, D̂_i, LabelBoost, draw S_{i+1} ⊆ D̂'_i.

        The sizes are the step's (|Ŝ_i| may be 0: LabelBoost then sees no labelled example); |D̂_i| ≥
        |S_{i+1}| is Claim D.6, enforced by the parameter constructors and checked here (no truncation).
        """
        rng = self.stream("relabel", p.i)
        last = p.i == len(self.parameters.phases)
        if p.d_hat < p.next_S and not last:
            raise ValueError(
                f"parameters: phase {p.i} has |D_hat| = {p.d_hat} < |S_(i+1)| = {p.next_S} "
                "(Claim D.6): GenericBBL cannot draw S_(i+1)"
            )
        # after the last planned phase no phase uses S_(i+1): it is drawn (for its label error) at
        # min(|S_(i+1)|, |D_hat_i|) and recorded as such
        n_next = min(p.next_S, p.d_hat) if last else p.next_S
        if p.d_hat < 1:
            return  # nothing to relabel (a last phase planned without D_hat)
        js = subsample(self.S_points.shape[0], p.s_hat, rng) if p.s_hat > 0 else np.empty(0, np.intp)
        jd = subsample(len(D), p.d_hat, rng)
        lb = label_boost(
            self.problem.concept, self.S_points[js], self.S_labels[js], D[jd], rng, selection=self.selection
        )
        # M2 of Claim E.5: the labels LabelBoost gives D_hat_i are (2 ln(1 + e^(1/2)))-DP w.r.t. S_hat_i
        # (docs/private_as_run.md); amplified to eps by Claim 2.7 when |S_i| >= (|S_hat_i|/eps)(3 + e^eps_LB)
        e_lb = labelboost_epsilon()
        amp = claim27_epsilon(e_lb, len(js), self.S_points.shape[0])
        self.ledger.record(
            f"LabelBoost ({self.selection}) on sub-sample S_hat_i",
            e_lb if amp is None else min(e_lb, amp),
            0.0,
            "2 ln(1 + e^(1/2)) for the released labels (docs/private_as_run.md)"
            + ("" if amp is None else " + [NNSY23] Claim 2.7"),
            self.selection == "exponential",
            phase=p.i,
            amplified=amp is not None,
            s_hat=len(js),
            n_dichotomies=lb.n_dichotomies,
            database=f"S_{p.i}",
        )
        record.labelboost_error = lb.error_s
        record.labelboost_dichotomies = lb.n_dichotomies
        record.lemma_c2_applies = lemma_c2_applies(p.alpha, p.beta, len(js), len(jd), self.problem.vc)
        nxt = subsample(len(jd), n_next, rng)
        record.next_S_drawn = int(n_next)
        self.S_points, self.S_labels = D[jd][nxt], lb.t_labels[nxt]
        record.next_S_target_error = float((self.S_labels != self.problem.target(self.S_points)).mean())

    # -------------------------------------------------------------- run
    def run(
        self,
        phases: _Phases = None,
        *,
        queries: Callable[..., Any] | None = None,
        progress: Progress = None,
        query_progress: Progress = None,
    ) -> EverlastingResult:
        """Run ``phases`` phases (default: all the parameters hold).

        ``queries(rng, i, R_i) -> points``: the oblivious adversary's points of phase i
        (default i.i.d. from D with this run's generator); fewer than R_i points end the
        run inside phase i (the game's round t is reached).  ``progress`` / ``query_progress``:
        tqdm-like objects updated per phase / per batch of answered queries, or None.
        """
        t0 = time.perf_counter()
        n_ph = (
            len(self.parameters.phases)
            if phases is None
            else check_int_in_range(phases, "phases", 1, len(self.parameters.phases))
        )
        levels: list[np.ndarray]  # err_D at every vote level, one array per phase
        records, preds, levels = [], [], []
        self._ensembles: dict = {}
        failed = False
        for p in self.parameters.phases[:n_ph]:
            ts = time.perf_counter()
            rec = PhaseRecord(p.i, self.S_points.shape[0], p.T, p.lam, p.R, p.c, s_hat=p.s_hat, d_hat=p.d_hat)
            q_rng = self.stream("queries", p.i)
            D = _check_points(
                self.problem,
                queries(q_rng, p.i, p.R) if queries is not None else self.problem.sample(q_rng, p.R),
                "queries",
            )
            if len(D) > p.R:
                raise ValueError(
                    f"queries: the source returned {len(D)} points for phase {p.i}; "
                    f"GenericBBL answers at most R_{p.i} = {p.R}"
                )
            preds.append(self._phase(p, D, rec, levels, query_progress))
            stop = len(D) < p.R
            if rec.failed:
                failed = True
            elif not stop and (p.i < n_ph or phases is None):
                self._relabel(p, D, rec)
            rec.seconds = time.perf_counter() - ts
            records.append(rec)
            if progress is not None:
                progress.update(1)
            if failed or stop:
                break
        # the mechanism asked for (phases run, relabelling), not how far this run got: a halt is data-dependent
        priv = self.privacy(phases)
        utility = self.parameters.utility_proved(len(records))
        guarantee = priv.guarantee.with_utility(utility)
        extra = {}
        if self.keep_hypotheses:
            extra["hypotheses"] = HypothesisSequence(
                self._ensembles,
                np.concatenate([np.full(lev.size, i) for i, lev in self._hypotheses]),
                np.concatenate([lev for _, lev in self._hypotheses]),
            )
        return EverlastingResult(
            self.parameters,
            self.problem.description,
            records,
            np.concatenate(preds) if preds else np.empty(0, np.uint8),
            self.ledger,
            guarantee,
            failed,
            time.perf_counter() - t0,
            6 * self.parameters.alpha,
            self.selection,
            extra=extra,
            privacy=priv,
            utility_proved=utility,
        )


def _int_array(value, name: str) -> np.ndarray:
    """A 1-D array of non-negative integers (phases or vote levels)."""
    arr = check_finite_array(value, name, ndim=1)
    if (arr < 0).any() or (arr != np.floor(arr)).any():
        raise ValueError(
            f"{name} must hold non-negative integers, got {arr[(arr < 0) | (arr != np.floor(arr))][:3].tolist()}"
        )
    return arr.astype(np.int64)


@checked
class HypothesisSequence:
    """The hypotheses h_{i,j} of a run (App. E), r = 0, 1, …: h_r(x) = [votes_i(x) ≥ k_r].

    Callable as ``seq(r, x)`` (vectorised over integer arrays), the form HypothesisLearner
    and AccuracyBoost (App. B) take; ``len(seq)`` hypotheses are available.
    """

    def __init__(
        self,
        ensembles: dict,
        phase: Annotated[Any, Check(_int_array, kind="array"), Joint("keys of ensembles, one per level")],
        level: Annotated[Any, Check(_int_array, kind="array")],
    ):
        if phase.shape != level.shape:
            raise ValueError(f"level: expected {phase.shape[0]} levels (one per phase entry), got {level.shape[0]}")
        missing = sorted(set(np.unique(phase).tolist()) - set(ensembles))
        if missing:
            raise ValueError(f"phase: phases {missing[:3]} have no ensemble in ensembles")
        self.ensembles, self.phase, self.level = ensembles, phase, level

    def __len__(self) -> int:
        return int(self.level.size)

    def __call__(self, r, x) -> np.ndarray:
        r, x = np.asarray(r), np.asarray(x)
        check_indices(r.ravel(), len(self), "r")  # the run's hypotheses: -1 and 2.7 refused, never wrapped
        out = np.empty(r.shape, np.uint8)
        for i, ens in self.ensembles.items():
            m = self.phase[r] == i
            out[m] = ens.counts(x[m]) >= self.level[r[m]]
        return out
