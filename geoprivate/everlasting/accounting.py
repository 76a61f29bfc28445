"""GenericBBL's privacy *as run*: the conditions its privacy proof needs, on the parameters used.

[NNSY23] Claim 5.3 (privacy of GenericBBL) is proved in Appendix E: Claim E.5 (privacy of the
labelled training set S) and Claim E.6 (privacy of the queries).  Training privacy needs only

* **Observation 2** (BetweenThresholds allowed c_1 TOPs; the composition behind Claim D.1):
  0 < c_1 δ'_1 < 1 and ε'_1 > 0; its ε is computed (the smaller of Observation 2 and basic
  composition c_1 ε'_1), never assumed ≤ 1;
* **Lemma C.3's gap** (= Claim D.9): ε'_1, δ'_1 ∈ (0, 1) and
  t_u − t_l = 2α_1 ≥ 12/(ε'_1 T_1) (ln(10/ε'_1) + ln(1/δ'_1) + 1), i.e.
  T_1 ε'_1 ≥ 6 (ln(10/ε'_1) + ln(2c_1/δ) + 1)/α_1;
* **Claim 2.7's sizes** (Kasiviswanathan et al.): LabelBoost on Ŝ_1 ⊆ S_1 and the whole of
  phase 1 on S_1 ⊆ S are amplified only when the larger database is at least
  (n_small/ε)(3 + e^{ε'}); otherwise the unamplified ε is booked;
* the faithful mechanisms (BetweenThresholds' noise at scale, LabelBoost's exponential
  mechanism).

τ, λ_i, R_i, the 25600 of R_i and the accuracy claims (D.2, D.5–D.8) do not enter; every
phase after the first is post-processing of (View of phase 1, S_2) (Claim E.5's proof).

**LabelBoost as GenericBBL uses it.**  Step 3f keeps S_{i+1} ⊆ D̂'_i: only the labels LabelBoost
gives to the *unlabelled* points D̂_i are released.  The ledger used to book this at the
exponential mechanism's ε = 1; that is not a theorem (a change of one labelled example also
changes the point set P and hence the candidate set H = Π_C(P)), and it is false: on
thresholds the exact loss reaches 1 + ln(1 + e^{-1/2}) ≈ 1.474 (:data:`LABELBOOST_FINDING`).
We book :func:`labelboost_epsilon` = 2 ln(1 + e^{ε_EM/2}) ≈ 1.948 for ε_EM = 1, proved in
``docs/private_as_run.md`` (tighter than Lemma C.1's ε + 3 with A the (0, 0)-DP projection).

Query privacy (Claim E.6) is *not* booked here: BetweenThresholds' TOP count and halting depend
on every query, including a hidden one, which the proof's step "(D_1^{b,L}, …) follow the same
distribution" ignores.  The guarantee of a run is training privacy only, and says so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Choice, Delta, Epsilon, Interval, Joint, checked
from geoprivate.everlasting.label_boost import LABELBOOST_EM_EPSILON, label_boost_law, labelboost_epsilon
from geoprivate.mechanisms.sparse_vector import lemma1_applies
from geoprivate.prediction.generators import class_points, concept_kind, labels01
from geoprivate.privacy.accounting import ACCOUNTANTS, Guarantee, c_tops_composition, check_accountant
from geoprivate.privacy.tight import tight_c_tops_composition

__all__ = [
    "LABELBOOST_FINDING",
    "REPAIRED_SCOPE",
    "RepairedPrivacy",
    "SCOPE",
    "TrainingPrivacy",
    "bt_privacy",
    "claim27_epsilon",
    "labelboost_exact_loss",
    "labelboost_release_law",
    "training_privacy",
]

SCOPE = (
    "training privacy w.r.t. the labelled set S ([NNSY23] Claim E.5, recomputed on the run's parameters); "
    "query privacy (Claim E.6) is not booked"
)

#: The issue's instance: S = four positives at x = 4, one of them moved to (6.5, 0); D̂ = {4, 2.5, 5}.
LABELBOOST_FINDING = {
    "s_points": [4.0, 4.0, 4.0, 4.0],
    "s_labels": [1, 1, 1, 1],
    "s2_points": [4.0, 4.0, 4.0, 6.5],
    "s2_labels": [1, 1, 1, 0],
    "t_points": [4.0, 2.5, 5.0],
    "loss": 1.0 + math.log1p(math.exp(-0.5)),
}


def _concept(value, name: str):
    """A class LabelBoost labels exactly (thresholds, intervals, a finite class, halfspaces)."""
    try:
        concept_kind(value)
    except TypeError:
        raise TypeError(f"{name} must be a concept class (Thresholds, Intervals, FiniteClass), got {value!r}") from None
    return value


_Concept = Annotated[Any, Check(_concept, kind="object")]
_SetPoints = Annotated[Any, Joint("points of the concept's domain", kind="array")]
_SetLabels = Annotated[Any, Joint("0/1, one per point", kind="labels")]
_Accountant = Annotated[str, Choice(*ACCOUNTANTS)]
#: a database size (it enters floating point)
_Size = Annotated[int, Interval(ge=0, le=10**300)]


def _check_labelled(concept, points, labels, names: tuple[str, str]) -> np.ndarray:
    """A non-empty labelled set of the concept's domain: its points, or a one-line error naming them."""
    P = class_points(concept_kind(concept), concept, points, names[0])
    if P.shape[0] == 0:
        raise ValueError(f"{names[0]}: LabelBoost needs at least one labelled point")
    labels01(labels, P.shape[0], names[1])
    return P


def _check_unlabelled(concept, points, d: int | None) -> None:
    class_points(concept_kind(concept), concept, points, "t_points", d)


@checked
def labelboost_release_law(
    concept: _Concept, s_points: _SetPoints, s_labels: _SetLabels, t_points: _SetPoints, *, em_epsilon: Epsilon = 1.0
) -> dict:
    """Exact law of the labels LabelBoost gives to T (what GenericBBL's step 3f keeps).

    Parameters
    ----------
    concept : Thresholds, Intervals or FiniteClass
        The class C.
    s_points, s_labels : array_like
        The labelled set S.
    t_points : array_like
        The unlabelled points T.
    em_epsilon : float
        The exponential mechanism's ε.

    Returns
    -------
    dict
        labelling of T (tuple of 0/1) → natural-log probability.
    """
    P = _check_labelled(concept, s_points, s_labels, ("s_points", "s_labels"))
    _check_unlabelled(concept, t_points, P.shape[1] if P.ndim == 2 else None)
    labels, log_p, _ = label_boost_law(concept, s_points, s_labels, t_points, epsilon=em_epsilon)
    n_s = len(s_points)
    out: dict = {}
    for row, lp in zip(labels[:, n_s:], log_p, strict=True):
        key = tuple(int(v) for v in row)
        out[key] = np.logaddexp(out[key], lp) if key in out else float(lp)
    return out


@checked
def labelboost_exact_loss(
    concept: _Concept,
    s_points: _SetPoints,
    s_labels: _SetLabels,
    s2_points: _SetPoints,
    s2_labels: _SetLabels,
    t_points: _SetPoints,
    *,
    em_epsilon: Epsilon = 1.0,
) -> float:
    """max_z |ln Pr[z | S] − ln Pr[z | S']| over the T-labellings z (exact; inf if supports differ).

    Parameters
    ----------
    concept : a class with exact dichotomies (Thresholds, Intervals, FiniteClass)
    s_points, s_labels, s2_points, s2_labels : neighbouring labelled sets S, S'
    t_points : the unlabelled points D̂
    em_epsilon : float
        The exponential mechanism's ε.

    Returns
    -------
    float
        The exact privacy loss of LabelBoost's release on this pair.
    """
    _check_labelled(concept, s2_points, s2_labels, ("s2_points", "s2_labels"))
    a = labelboost_release_law(concept, s_points, s_labels, t_points, em_epsilon=em_epsilon)
    b = labelboost_release_law(concept, s2_points, s2_labels, t_points, em_epsilon=em_epsilon)
    if set(a) != set(b):
        return math.inf
    return max(abs(a[z] - b[z]) for z in a)


@checked
def claim27_epsilon(
    epsilon_inner: Annotated[float, Interval(ge=0, le=math.inf)],
    n_small: Annotated[int, Interval(ge=0, le=10**300), Joint("n_small <= n_large")],
    n_large: Annotated[int, Interval(ge=1, le=10**300)],
) -> float | None:
    """The ε that [NNSY23] Claim 2.7 gives a sub-sampled (ε', ·)-DP algorithm, or None.

    Claim 2.7: a size-n random subset of a database of size t = (n/ε)(3 + e^{ε'}) makes an
    (ε', δ')-DP algorithm (ε, 4εδ'/(3 + e^{ε'}))-DP, for ε ≤ 1.  For a given t the smallest such ε is
    n(3 + e^{ε'})/t; None when that exceeds 1 (the claim does not apply).  n_small = 0 (nothing of
    the database is used) gives 0.
    """
    if n_small < 0 or n_large < 1 or n_small > n_large:
        raise ValueError(f"n_small, n_large: need 0 <= n_small <= n_large, n_large >= 1, got {n_small}, {n_large}")
    if n_small == 0:
        return 0.0
    eps = n_small * (3.0 + math.exp(min(epsilon_inner, 700.0))) / n_large
    return eps if eps <= 1.0 else None


@checked
def bt_privacy(
    epsilon_bt: float,
    delta_bt: float,
    c: Annotated[int, Interval(ge=1, le=10**300)],
    alpha: float,
    T: Annotated[int, Interval(ge=1, le=10**300)],
    *,
    accountant: _Accountant = "paper",
) -> tuple[Guarantee | None, dict]:
    """BetweenThresholds with c TOPs on T hypotheses, gap 2α: ([NNSY23] Observation 2 + Lemma C.3).

    ``accountant="tight"`` composes Observation 2's c segments optimally instead
    (:func:`~geoprivate.privacy.tight.tight_c_tops_composition`); the conditions are the same.

    Returns
    -------
    (Guarantee or None, conditions)
        None when a condition fails; ε = min(Observation 2, c ε') (or the tight ε), δ = 2 c δ'.
    """
    obs2_ok = epsilon_bt > 0 and 0 < c * delta_bt < 1
    gap_ok = bool(0 < epsilon_bt < 1 and 0 < delta_bt < 1 and lemma1_applies(epsilon_bt, delta_bt, 2 * alpha, T))
    cond = {"Observation 2 (Claim D.1's composition)": bool(obs2_ok), "Lemma C.3 gap (Claim D.9)": gap_ok}
    if not (obs2_ok and gap_ok):
        return None, cond
    if check_accountant(accountant) == "tight":
        return tight_c_tops_composition(epsilon_bt, delta_bt, c), cond
    g = c_tops_composition(epsilon_bt, delta_bt, c)
    return Guarantee(min(g.epsilon, c * epsilon_bt), g.delta), cond


@checked
@dataclass
class TrainingPrivacy:
    """GenericBBL's training privacy as run ([NNSY23] Claim E.5's composition, recomputed).

    Attributes
    ----------
    privacy_applies : bool          every privacy condition holds
    guarantee : Guarantee           (inf, 1) when privacy does not apply
    conditions : dict               condition → bool
    terms : dict                    the ε of each step (BetweenThresholds, LabelBoost, amplifications)
    """

    privacy_applies: bool
    guarantee: Guarantee
    conditions: dict = field(default_factory=dict)
    terms: dict = field(default_factory=dict)
    scope: str = SCOPE
    #: the proof whose conditions these are (named in the warning when one fails)
    statement = "training privacy ([NNSY23] Claim E.5)"
    #: Claim E.6 is not booked for GenericBBL
    query_booked = False

    def failed_conditions(self) -> list:
        """The required conditions that fail (Claim 2.7's sizes are informative: unamplified is booked)."""
        return [k for k, v in self.conditions.items() if not v and not k.startswith("Claim 2.7")]

    def summary(self) -> dict:
        """The guarantee as a plan states it: ε, δ, the scope, and the training side (no query side).

        Returns
        -------
        dict
            ``epsilon``, ``delta``, ``scope``, ``training`` = [ε, δ] and ``query`` = None.
        """
        g = self.guarantee
        return {
            "epsilon": g.epsilon,
            "delta": g.delta,
            "scope": self.scope,
            "training": [g.epsilon, g.delta],
            "query": None,
        } | ({"accountant": g.accountant} if g.accountant != "paper" else {})

    def as_dict(self) -> dict:
        g = self.guarantee
        return {
            "privacy_applies": self.privacy_applies,
            "scope": self.scope,
            "epsilon": None if math.isinf(g.epsilon) else g.epsilon,
            "delta": g.delta,
            "accountant": g.accountant,
            "conditions": dict(self.conditions),
            "terms": {k: (None if isinstance(v, float) and math.isinf(v) else v) for k, v in self.terms.items()},
        }


def _phase(value, name: str):
    """A phase's parameters (:class:`~geoprivate.everlasting.parameters.PhaseParameters`: T, c, ε', δ', α, |S|)."""
    if not all(hasattr(value, a) for a in ("T", "c", "epsilon_bt", "delta_bt", "alpha", "S")):
        raise TypeError(f"{name} must be a phase's parameters (PhaseParameters), got {type(value).__name__}")
    return value


@checked
def training_privacy(
    phase1: Annotated[Any, Check(_phase, kind="object")],
    delta: Delta,
    n_input: Annotated[int, Interval(ge=1, le=10**300)],
    *,
    relabelled: bool,
    s_hat_used: Annotated[int, Interval(ge=0, le=10**300), Joint("s_hat_used <= |S_1|")] = 0,
    faithful_bt: bool = True,
    faithful_labelboost: bool = True,
    em_epsilon: Annotated[float, Interval(gt=0, le=700)] = LABELBOOST_EM_EPSILON,
    accountant: _Accountant = "paper",
) -> TrainingPrivacy:
    """Training privacy of a GenericBBL run from phase 1's parameters as used.

    Parameters
    ----------
    phase1 : PhaseParameters
        Phase 1 (T_1, c_1, ε'_1, δ'_1, α_1, |S_1|).
    delta : float
        The run's δ (δ'_1 = δ/(2 c_1); Observation 2's δ is 2 c_1 δ'_1).
    n_input : int
        |S| given to GenericBBL (step 2 draws S_1 ⊆ S).
    relabelled : bool
        Whether step 3f ran in phase 1 (LabelBoost on Ŝ_1; False when the run stopped in phase 1).
    s_hat_used : int
        |Ŝ_1| actually drawn.
    faithful_bt, faithful_labelboost : bool
        False for the broken variants (mis-scaled noise, ERM selection): privacy does not apply.
    accountant : {"paper", "tight"}, default "paper"
        Claim E.5's compositions (Observation 2, then basic composition with LabelBoost), or the
        optimal composition of the same components (c_1 segments and LabelBoost, jointly, at
        Observation 2's δ); Claim 2.7's amplification follows either way.

    Returns
    -------
    TrainingPrivacy
    """
    p = phase1
    if s_hat_used > p.S:
        raise ValueError(f"s_hat_used: |S_hat_1| = {s_hat_used} is drawn from S_1, which holds {p.S}")
    accountant = check_accountant(accountant)
    bt, cond = bt_privacy(p.epsilon_bt, p.delta_bt, p.c, p.alpha, p.T, accountant=accountant)
    cond["BetweenThresholds noise as specified"] = bool(faithful_bt)
    terms: dict = {"BetweenThresholds (phase 1)": bt.epsilon if bt is not None else math.inf}
    eps_m2 = 0.0
    if relabelled:
        cond["LabelBoost by the exponential mechanism"] = bool(faithful_labelboost)
        e_lb = labelboost_epsilon(em_epsilon)
        amp = claim27_epsilon(e_lb, s_hat_used, p.S)
        cond["Claim 2.7 (S_hat_1 from S_1)"] = amp is not None  # informative: unamplified is booked otherwise
        eps_m2 = e_lb if amp is None else min(e_lb, amp)
        terms["LabelBoost on S_hat_1 (bound 2 ln(1 + e^(1/2)), amplified if Claim 2.7 applies)"] = eps_m2
    required = [k for k in cond if not k.startswith("Claim 2.7")]
    applies = all(cond[k] for k in required)
    if not applies:
        return TrainingPrivacy(False, Guarantee(math.inf, 1.0), cond, terms)
    assert bt is not None  # bt_privacy gives None only with one of its (required) conditions failed
    if accountant == "tight" and eps_m2 > 0:  # the c_1 segments and LabelBoost composed jointly
        inner = tight_c_tops_composition(p.epsilon_bt, p.delta_bt, p.c, others=[Guarantee(eps_m2)])
    else:
        inner = Guarantee(bt.epsilon + eps_m2, bt.delta, accountant=accountant)
    amp = claim27_epsilon(inner.epsilon, p.S, n_input)
    cond["Claim 2.7 (S_1 from S, step 2)"] = amp is not None
    if amp is not None and amp < inner.epsilon:
        d_amp = 4 * amp * inner.delta / (3 + math.exp(min(inner.epsilon, 700.0)))
        g = Guarantee(amp, min(1.0, d_amp), accountant=accountant)
        terms["step 2 amplification (Claim 2.7)"] = amp
    else:
        g = inner
    return TrainingPrivacy(True, g, cond, terms)


REPAIRED_SCOPE = (
    "training privacy w.r.t. the labelled set S and query privacy of one hidden query (geoprivate's "
    "construction, docs/everlasting_query_privacy.md: Lemma T, Lemma Q, [NNSY23] Claims E.5-E.6); "
    "the (epsilon, delta) is the larger of the two sides"
)


@checked
@dataclass
class RepairedPrivacy:
    """RepairedBBL's privacy as run: both sides of Figure 1, from :func:`repaired_guarantees`.

    Attributes
    ----------
    privacy_applies : bool
        Every condition of the construction's privacy proofs holds (``conditions``).
    guarantee : Guarantee
        Training and the worst hidden query together (the larger ε and δ); (inf, 1) when a
        condition fails.
    training : Guarantee
        Training privacy (Claim E.5's composition with Lemma T's (ε_tr, δ_tr)).
    query : list of Guarantee
        Per phase of the hidden query (Lemma Q, composed with Claim E.6's chain when a phase follows).
    query_positions : dict
        Position of the hidden query → Guarantee (:func:`repaired_guarantees`).
    answering_training : list of Guarantee
        Lemma T per phase.
    c_max : list of int
        The TOP cap per phase.
    conditions : dict
        Condition → bool.
    """

    privacy_applies: bool
    guarantee: Guarantee
    training: Guarantee
    query: list
    query_positions: dict
    answering_training: list
    c_max: list
    conditions: dict = field(default_factory=dict)
    construction: str = ""
    scope: str = REPAIRED_SCOPE
    #: the proofs whose conditions these are (named in the warning when one fails)
    statement = "RepairedBBL's privacy (Lemma T, Lemma Q; docs/everlasting_query_privacy.md)"
    query_booked = True

    def failed_conditions(self) -> list:
        """The conditions that fail."""
        return [k for k, v in self.conditions.items() if not v]

    def summary(self) -> dict:
        """The guarantee as a plan states it: ε, δ, the scope, the training side and each position's query side.

        Returns
        -------
        dict
            ``epsilon``, ``delta``, ``scope``, ``training`` = [ε, δ], ``query`` = {position: [ε, δ]}.
        """
        g = self.guarantee
        return {
            "epsilon": g.epsilon,
            "delta": g.delta,
            "scope": self.scope,
            "training": [self.training.epsilon, self.training.delta],
            "query": {k: [q.epsilon, q.delta] for k, q in self.query_positions.items()},
        }

    def as_dict(self) -> dict:
        def gd(x):
            return {"epsilon": None if math.isinf(x.epsilon) else x.epsilon, "delta": x.delta}

        return {
            "privacy_applies": self.privacy_applies,
            "scope": self.scope,
            "construction": self.construction,
            **gd(self.guarantee),
            "conditions": dict(self.conditions),
            "c_max": list(self.c_max),
            "training": gd(self.training),
            "query_per_phase": [gd(q) for q in self.query],
            "query_same_phase": gd(self.query[-1]),
            "query_positions": {k: gd(v) for k, v in self.query_positions.items()},
            "answering_training": [gd(a) for a in self.answering_training],
        }
