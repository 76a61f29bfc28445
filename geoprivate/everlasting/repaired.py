"""RepairedBBL: GenericBBL with a private TOP budget — **the toolkit's construction, not [NNSY23]'s**.

[NNSY23] Claim E.6 fails for GenericBBL as printed (the halting attack,
:mod:`geoprivate.everlasting.query_attack`): step 3c's c_i-TOP BetweenThresholds halts at
the c_i-th TOP and re-draws its threshold noise after every TOP, so one hidden query moves
the halting round.  RepairedBBL is GenericBBL with step 3c replaced by
:class:`~geoprivate.mechanisms.stopper.StoppedBetweenThresholds` (one threshold noise per
phase; TOPs leave the answering state alone; an AboveThreshold "stopper" over the TOP count
decides the halt, with a hard cap that binds w.p. ≤ β_s).  Every other step (1, 2, 3a, 3b,
3(d)iii, 3e–3g) is GenericBBL's, unchanged.

Privacy (argued in ``docs/everlasting_query_privacy.md``, computed by
:func:`repaired_guarantees` from the run's own parameters; :func:`repaired_bbl_privacy` adds the
construction's conditions — Lemma T in every phase run, LabelBoost's exponential mechanism, not
[NNSY23] Lemma C.3's gap — and is what a run reports in ``result.privacy`` and a plan promises):

* training privacy — [NNSY23] Claim E.5's composition with M1 (the answering loop) at the
  stopped mechanism's (ε_tr, δ_tr) instead of Claim D.1's (1, δ), then M2 (LabelBoost on
  Ŝ_1) as recorded, then step 2's sub-sampling (Claim 2.7) when |S| is large enough;
* query privacy — the answering loop of the hidden query's phase is (ε_s, (1 + e^{ε_s})β_s);
  when the run relabels after that phase, [NNSY23] Claim E.6's steps (i)–(iv) follow with
  M1 at the next phase's (ε_tr, δ_tr); basic composition of the two.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Epsilon, Interval, Joint, Rng, check_finite_array, check_int_in_range, checked
from geoprivate.everlasting.accounting import RepairedPrivacy, claim27_epsilon
from geoprivate.everlasting.generic_bbl import GenericBBL, relabels
from geoprivate.everlasting.label_boost import labelboost_epsilon
from geoprivate.everlasting.parameters import EverlastingParameters, PhaseParameters
from geoprivate.mechanisms.stopper import (
    CONSTRUCTION,
    StoppedBetweenThresholds,
    query_guarantee,
    stopper_cap,
    training_guarantee,
)
from geoprivate.privacy import VACUOUS, Guarantee
from geoprivate.privacy.accounting import basic_composition
from geoprivate.problems import Problem

#: why RepairedBBL keeps the paper accountant: nothing of its accounting is a composition the tight
#: accountant improves
REPAIRED_ACCOUNTANT = (
    "accountant: RepairedBBL books only accountant='paper': its answering loop's bound is its own analysis "
    "(not a composition of (eps, delta) black boxes) and its compositions are of two mechanisms at the delta "
    "basic composition books (the optimum at 1 - (1 - delta_1)(1 - delta_2) is eps_1 + eps_2, [KOV15] Theorem 3.3)"
)

__all__ = [
    "CONSTRUCTION",
    "REPAIRED_ACCOUNTANT",
    "RepairedBBL",
    "StopperParameters",
    "lemma_c1",
    "repaired_bbl_privacy",
    "repaired_guarantees",
]


def _phase(value, name: str, attrs: tuple = ()) -> Any:
    """A phase's numbers: a :class:`PhaseParameters` (or a row with the attributes used)."""
    missing = [a for a in attrs if not hasattr(value, a)]
    if missing:
        raise TypeError(f"{name} must be a phase (PhaseParameters) with {', '.join(attrs)}, got {type(value).__name__}")
    return value


_NInput = Annotated[int, Interval(ge=1, le=10**15), Joint("at least lambda_1 T_1 of parameters")]
_Phases = Annotated[int, Interval(ge=1), Joint("at most the parameters' phases")] | None


@checked
@dataclass(frozen=True)
class StopperParameters:
    """The stopper's own parameters: ε_s (the query-privacy ε of a phase) and β_s."""

    epsilon_stop: Epsilon = 1.0
    beta_stop: Annotated[float, Interval(gt=0, lt=1)] = 1e-6

    def c_max(self, p: Annotated[PhaseParameters, Check(_phase, kind="object", attrs=("c", "R"))]) -> int:
        """Phase p's hard TOP cap ⌈c_i + 2 a_s⌉ (a_s over R_i queries)."""
        return stopper_cap(p.c, self.epsilon_stop, self.beta_stop, p.R)

    def training(
        self,
        p: Annotated[
            PhaseParameters, Check(_phase, kind="object", attrs=("c", "R", "epsilon_bt", "t_lower", "t_upper", "T"))
        ],
    ) -> Guarantee:
        """Phase p's answering loop, training privacy (:func:`~geoprivate.mechanisms.stopper.training_guarantee`)."""
        return training_guarantee(p.epsilon_bt, p.t_lower, p.t_upper, p.T, self.c_max(p))

    def query(self) -> Guarantee:
        """One phase's answering loop, query privacy (:func:`~geoprivate.mechanisms.stopper.query_guarantee`)."""
        return query_guarantee(self.epsilon_stop, self.beta_stop)


def _amplify(g: Guarantee, small: int, large: int, epsilon: float) -> Guarantee:
    """[NNSY23] Claim 2.7 when ``large`` ≥ (small/ε)(3 + e^{ε_g}); otherwise ``g`` unchanged."""
    if math.isfinite(g.epsilon) and g.epsilon < 700 and large >= small / epsilon * (3 + math.exp(g.epsilon)):
        return Guarantee(epsilon, min(1.0, 4 * epsilon * g.delta / (3 + math.exp(g.epsilon))))
    return g


def _labelboost_as_booked(p) -> float:
    """LabelBoost's ε in phase ``p`` as GenericBBL books it: the proved bound, amplified when Claim 2.7 applies."""
    e_lb = labelboost_epsilon()
    amp = claim27_epsilon(e_lb, p.s_hat, p.S)
    return e_lb if amp is None else min(e_lb, amp)


@checked
def lemma_c1(inner: Guarantee) -> Guarantee:
    """[NNSY23] Lemma C.1: A∘LabelBoost is (ε + 3, 4e·δ)-DP when A is (ε, δ)-DP.

    Claim E.6's step (iii) prints "(ε + 4, 4εδ)"; its step (iv) amplifies 4e·δ (16eεδ/(3 + e^{ε+4})
    = Claim 2.7 applied to δ'' = 4eδ), so the 4εδ of step (iii) is a misprint of Lemma C.1's 4eδ
    (``everlasting/lemma-c-1-delta`` checks the composition on the toolkit's instances).

    Parameters
    ----------
    inner : Guarantee
        A's (ε, δ).

    Returns
    -------
    Guarantee
        (ε + 3, min(1, 4e·δ)).
    """
    return Guarantee(inner.epsilon + 3.0, min(1.0, 4 * math.e * inner.delta))


def _check_n_input(parameters: EverlastingParameters, n: int, name: str) -> int:
    """|S| given to the predictor: at least lambda_1 T_1 (step 2 sub-samples S_1 of it)."""
    need = parameters.phases[0].S
    if n < need:
        raise ValueError(f"{name}: RepairedBBL needs |S| >= lambda_1 T_1 = {need} examples (step 2), got {n}")
    return n


@checked
def repaired_guarantees(
    parameters: EverlastingParameters,
    stopper: StopperParameters,
    n_initial: _NInput,
    labelboost_epsilon: Annotated[Any, Joint("one per phase of parameters, >= 0", kind="array")] | None = None,
) -> dict:
    """Training and query privacy of RepairedBBL on these parameters (per phase of the hidden query).

    Parameters
    ----------
    parameters : EverlastingParameters
    stopper : StopperParameters
    n_initial : int — |S| given to the predictor (step 2 sub-samples λ_1 T_1 of it)
    labelboost_epsilon : list of float, optional — LabelBoost's ε per phase as the run
        recorded it (default: the proved 2 ln(1 + e^{1/2}) of
        :func:`~geoprivate.everlasting.accounting.labelboost_epsilon`, amplified by Claim 2.7 on
        Ŝ_i ⊆ S_i when the sizes allow, as GenericBBL records it)

    Returns
    -------
    dict with ``training`` (Guarantee), ``query`` (list: Guarantee if the hidden query is in
    phase i and the run relabels after it; the last phase's entry is the answering loop
    alone), ``query_same_phase`` (Guarantee: the hidden query's phase is the last one run),
    ``query_positions`` (position of the hidden query → Guarantee:
    ``"same phase as the probes"``, and with more than one phase ``"earlier phase"`` and
    ``"last query of a phase"``,
    the worst over the phases followed by a relabelling), and the per-phase
    ``answering_training`` guarantees.
    """
    eps = parameters.epsilon
    phases = parameters.phases
    n_initial = _check_n_input(parameters, n_initial, "n_initial")
    if labelboost_epsilon is not None and check_finite_array(labelboost_epsilon, "labelboost_epsilon").size == 0:
        labelboost_epsilon = None  # an empty list: the default, as before
    if labelboost_epsilon is not None:
        lb_arr = check_finite_array(labelboost_epsilon, "labelboost_epsilon", shape=(len(phases),))
        if np.any(lb_arr < 0):
            raise ValueError(f"labelboost_epsilon must be >= 0, got {lb_arr[lb_arr < 0][:3].tolist()}")
    lb = list(lb_arr) if labelboost_epsilon is not None else [_labelboost_as_booked(p) for p in phases]
    ans = [stopper.training(p) for p in phases]
    p1 = phases[0]
    m12 = basic_composition([ans[0], Guarantee(lb[0], 0.0)])
    training = _amplify(m12, p1.S, n_initial, eps)
    same = stopper.query()
    query = []
    for i, p in enumerate(phases):
        if i + 1 < len(phases):
            chain = basic_composition([ans[i + 1], Guarantee(lb[i + 1], 0.0)])  # E.6 (i)-(ii)
            m3 = lemma_c1(chain)  # E.6 (iii)
            m4 = _amplify(m3, p.d_hat, p.R, eps)  # E.6 (iv): Claim 2.7 on D_hat_i
            query.append(basic_composition([same, m4]))
        else:
            query.append(same)
    earlier = max(query[:-1], key=lambda g: (g.epsilon, g.delta)) if len(query) > 1 else None
    positions = {"same phase as the probes": same}
    if earlier is not None:
        positions["earlier phase"] = earlier
        positions["last query of a phase"] = earlier
    return {
        "training": training,
        "query": query,
        "query_positions": positions,
        "query_same_phase": same,
        "answering_training": ans,
        "c_max": [stopper.c_max(p) for p in phases],
        "construction": CONSTRUCTION,
    }


@checked
def repaired_bbl_privacy(
    parameters: EverlastingParameters,
    stopper: StopperParameters,
    n_input: _NInput,
    *,
    phases: _Phases = None,
    faithful_labelboost: bool = True,
) -> RepairedPrivacy:
    """RepairedBBL's privacy on these parameters: what a plan promises and what its run reports.

    The construction's own conditions (``docs/everlasting_query_privacy.md``), not GenericBBL's: the
    answering loop is the stopped BetweenThresholds, private by Lemma T whenever T_i w_i > 2 (its ε_tr is
    then finite) — [NNSY23] Lemma C.3's gap is BetweenThresholds' condition and does not enter — and
    LabelBoost is the exponential mechanism.  LabelBoost is booked in a phase when the run relabels there
    (:func:`~geoprivate.everlasting.generic_bbl.relabels`), amplified by Claim 2.7 when the sizes allow.
    The planner (:mod:`geoprivate.planning`) and :meth:`RepairedBBL.run` both call this function.

    Parameters
    ----------
    parameters : EverlastingParameters
        The configuration.
    stopper : StopperParameters
        The stopper's (ε_s, β_s).
    n_input : int
        |S| given to the predictor.
    phases : int or None
        The number of phases run (None: all).
    faithful_labelboost : bool
        False for LabelBoost's ERM variant (privacy does not apply).

    Returns
    -------
    RepairedPrivacy
    """
    n_input = _check_n_input(parameters, n_input, "n_input")
    if phases is not None:
        phases = check_int_in_range(phases, "phases", 1, len(parameters.phases))
    n_ph = len(parameters.phases) if phases is None else phases
    run = dataclasses.replace(parameters, phases=tuple(parameters.phases[:n_ph]))
    lb = [_labelboost_as_booked(p) if relabels(parameters, p.i, phases) else 0.0 for p in run.phases]
    g = repaired_guarantees(run, stopper, n_input, lb)
    cond = {
        f"Lemma T (phase {p.i}): T_i (t_u - t_l)/2 > 2": bool(math.isfinite(a.epsilon))
        for p, a in zip(run.phases, g["answering_training"], strict=True)
    }
    if any(lb) or any(relabels(parameters, p.i, phases) for p in run.phases):
        cond["LabelBoost by the exponential mechanism"] = bool(faithful_labelboost)
    worst_q = max(g["query"], key=lambda x: (x.epsilon, x.delta))
    both = Guarantee(max(g["training"].epsilon, worst_q.epsilon), max(g["training"].delta, worst_q.delta))
    applies = all(cond.values()) and both.privacy_applies
    return RepairedPrivacy(
        applies,
        both if applies else VACUOUS,
        g["training"],
        g["query"],
        g["query_positions"],
        g["answering_training"],
        g["c_max"],
        cond,
        construction=CONSTRUCTION,
    )


@checked
class RepairedBBL(GenericBBL):
    """GenericBBL with step 3c answered by a stopped BetweenThresholds — the toolkit's construction.

    Parameters
    ----------
    problem, points, labels, parameters, rng : as :class:`~geoprivate.everlasting.generic_bbl.GenericBBL`
    stopper : StopperParameters, default ε_s = 1, β_s = 10⁻⁶
    strict : bool — refuse (instead of warn) when the guarantees' hypotheses fail

    The result's ``privacy`` is :func:`repaired_bbl_privacy` (training and query side, the
    construction's own conditions: Lemma T per phase, not [NNSY23] Lemma C.3's gap, which is
    BetweenThresholds') and its ``guarantee`` the larger of the training guarantee and the worst
    hidden query's (both sides of Figure 1), or vacuous when a condition fails.

    Examples
    --------
    The configuration ``plan_everlasting_practical(4, 1e-6, phases=1, repaired=True, alpha=0.2,
    queries=20, lam=1)`` of :mod:`geoprivate.planning` plans (its ``plan.run()`` is this run):

    >>> import numpy as np
    >>> from geoprivate.everlasting import custom_parameters, make_everlasting_problem
    >>> par = custom_parameters([(1, 16519, 20, 9)], 0.2, 0.05, 1.0, 1e-6, 1, epsilon_bt=0.0334, sizes=[(0, 0)])
    >>> prob = make_everlasting_problem("thresholds", 0)
    >>> x = prob.sample(np.random.default_rng(1), 16519)
    >>> st = StopperParameters(1.0, 1e-6 / (2 * (1 + np.e)))  # the query delta of the phase is 1e-6/2
    >>> res = RepairedBBL(prob, x, prob.target(x), par, rng=2, stopper=st).run()
    >>> res.privacy_applies, round(res.privacy.training.epsilon, 3), res.privacy.training.delta < 1e-6
    (True, 3.992, True)
    >>> res.privacy.query_positions["same phase as the probes"]  # Lemma Q: (eps_s, (1 + e^eps_s) beta_s)
    Guarantee(epsilon=1.0, delta=5.000000000000002e-07)
    """

    label = "RepairedBBL (geoprivate's construction: private TOP budget; not in [NNSY23])"

    def __init__(
        self,
        problem: Problem,
        points: Annotated[Any, Joint("the problem's points, at least lambda_1 T_1", kind="array")],
        labels: Annotated[Any, Joint("0/1, one per point", kind="labels")],
        parameters: EverlastingParameters,
        rng: Rng = None,
        *,
        stopper: StopperParameters | None = None,
        strict: bool = False,
        **kw: Any,
    ):
        if kw.get("bt_noise", 1.0) != 1.0:
            raise ValueError("RepairedBBL: bt_noise is a control of the faithful GenericBBL, not available here")
        if kw.get("accountant", "paper") != "paper":
            raise ValueError(REPAIRED_ACCOUNTANT)
        self.stopper = stopper if stopper is not None else StopperParameters()
        super().__init__(problem, points, labels, parameters, rng, strict=strict, **kw)

    def _answerer(self, p, rng):
        """Step 3c, repaired: :class:`StoppedBetweenThresholds` with this phase's numbers."""
        bt = StoppedBetweenThresholds(
            p.epsilon_bt,
            p.t_lower,
            p.t_upper,
            p.T,
            rng,
            c=p.c,
            epsilon_stop=self.stopper.epsilon_stop,
            beta_stop=self.stopper.beta_stop,
            max_queries=p.R,
        )
        g = bt.training_guarantee()
        self.ledger.record(
            "StoppedBetweenThresholds (training privacy)",
            min(g.epsilon, 1e300),
            g.delta,
            "docs/everlasting_query_privacy.md, training privacy of the answering loop (toolkit's construction)",
            bool(math.isfinite(g.epsilon) and self._privacy_before.privacy_applies),
            phase=p.i,
            c=p.c,
            c_max=bt.c_max,
            T=p.T,
        )
        return bt

    def privacy(self, phases: _Phases = None) -> RepairedPrivacy:
        """:func:`repaired_bbl_privacy` of a run of ``phases`` phases (None: all) on these parameters.

        Parameters
        ----------
        phases : int or None
            The number of phases the run is asked for.

        Returns
        -------
        RepairedPrivacy
        """
        return repaired_bbl_privacy(
            self.parameters,
            self.stopper,
            self.n_input,
            phases=phases,
            faithful_labelboost=self.selection == "exponential",
        )
