"""The planner: the smallest private-as-run configuration of an algorithm for a target (ε, δ).

Each planner searches the algorithm's free parameters subject to *every condition its privacy
proof needs* (docs/private_as_run.md), evaluated exactly as the run will evaluate them, and
returns the cheapest configuration with the conditions that bind and a predicted cost.  The
accuracy side is fixed by the caller's α, β (and, for GenericBBL, the TOP budget c_i), never
traded against privacy.

* :func:`plan_generic_bbl` — [NNSY23] GenericBBL: T_i, λ_i, c_i, ε'_i, |S_i|, R_i, |Ŝ_i|, |D̂_i| and
  the input size n (step 2); privacy via :func:`geoprivate.everlasting.generic_bbl.generic_bbl_privacy`.
* :func:`plan_everlasting_practical` — GenericBBL or the toolkit's RepairedBBL in practical mode
  (privacy via :func:`geoprivate.everlasting.repaired.repaired_bbl_privacy` for the latter).
* :func:`plan_dp_winnow` — [BF26] DP-Winnow: ε̂, η, m, K, L with Theorem 4.4's composition
  (:func:`geoprivate.learners.winnow.dp_winnow_privacy`).
* :func:`plan_dp_greedy_cover` — [BF26] DP-GreedyCover: n of Theorem 3.5 and ε̂ of Lemma A.1.
* :func:`plan_vc1` — [Yan25] OPTPrivateLearner / ProperLearner: n of Theorem 11 / 13 (privacy needs no n).
* :func:`plan_private_median` — [Yan25]'s private median: its sample bound (privacy needs no n).
* :func:`plan_generic_predictor` — [Yan26] GenericPredictor: the smallest k meeting Lemma 1.

**One statement per run.**  A plan's ``guarantee`` is computed by :func:`planned_guarantee` with the
function its run calls, or the planner refuses in one line; :meth:`Plan.run` (:func:`run_plan`) runs it
and reports exactly that guarantee.  ``plan.n`` and ``plan.phases`` give the sizes.

Every plan answers in well under a second (closed forms and a 1-D search over a few hundred points).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Choice,
    Delta,
    Epsilon,
    Interval,
    Joint,
    NonNegInt,
    OpenDelta,
    Positive,
    PositiveInt,
    Probability,
    Progress,
    Rng,
    Seed,
    as_rng,
    check_delta,
    check_epsilon,
    check_int_in_range,
    check_positive_int,
    check_positive_real,
    check_probability,
    checked,
)
from geoprivate.adversaries import binary_search_sequence
from geoprivate.concepts import Thresholds
from geoprivate.everlasting.accounting import claim27_epsilon
from geoprivate.everlasting.generic_bbl import GenericBBL, generic_bbl_privacy, make_everlasting_problem
from geoprivate.everlasting.label_boost import labelboost_epsilon, lemma_c2_max_T
from geoprivate.everlasting.parameters import bt_epsilon, custom_parameters, lambda_vc
from geoprivate.everlasting.repaired import REPAIRED_ACCOUNTANT, RepairedBBL, StopperParameters, repaired_bbl_privacy
from geoprivate.learners.decision_lists import (
    dp_greedy_cover,
    greedy_cover_epsilon_hat,
    greedy_cover_privacy,
    random_decision_list,
    theorem_3_5_sample_size,
)
from geoprivate.learners.vc1 import OPTPrivateLearner, ProperLearner, theorem11_parameters, theorem13_parameters
from geoprivate.learners.winnow import (
    DPWinnowParameters,
    dp_winnow,
    dp_winnow_privacy,
    lemma_4_2_bound,
    majority_sequence,
    tight_winnow_search,
)
from geoprivate.mechanisms import (
    choosing_applies,
    interior_point_parameters,
    lemma1_applies,
    log_star_median_sample_size,
    median_sample_size,
    min_gap,
    private_median,
)
from geoprivate.mechanisms.stopper import training_guarantee
from geoprivate.prediction import G_oblivious, GenericPredictor
from geoprivate.prediction.predictor import T_LOWER, T_UPPER
from geoprivate.privacy.accounting import ACCOUNTANTS, Guarantee, check_accountant
from geoprivate.privacy.tight import tight_c_tops_composition, tight_step_epsilon
from solvers._checks import as_positions
from solvers.vc1 import thresholds_tree

__all__ = [
    "PLANNERS",
    "Plan",
    "PlannedPhase",
    "dp_winnow_parameters_from_plan",
    "generic_bbl_parameters_from_plan",
    "load_plan",
    "plan",
    "plan_accountant",
    "plan_dp_greedy_cover",
    "plan_dp_winnow",
    "plan_everlasting_practical",
    "plan_generic_bbl",
    "plan_generic_predictor",
    "plan_private_median",
    "plan_vc1",
    "planned_guarantee",
    "planned_privacy",
    "everlasting_run_cost",
    "run_everlasting_plan",
    "run_plan",
    "vc1_privacy_conditions",
]

#: measured on the 2-core reference machine (benchmarks/price_of_privacy.py): seconds per example of
#: |S_1| (step 2, blocks, ERM) and per query (votes, BetweenThresholds); bytes per example held
SECONDS_PER_EXAMPLE = 6e-7
SECONDS_PER_QUERY = 4e-6
BYTES_PER_EXAMPLE = 28
#: bounds the planners check before any arithmetic (beyond them sizes leave floating point):
#: GenericBBL phases and queries, DP-Winnow rounds and dimension, VC-1 depth, DP-GreedyCover features
MAX_PHASES = 64
MAX_QUERIES = 10**18
MAX_ROUNDS = 10**30
MAX_DIMENSION = 10**9
MAX_DEPTH = 2**64
MAX_FEATURES = 10**9

_Accountant = Annotated[str, Choice(*ACCOUNTANTS)]
#: the planners' targets and rates: below these floors ln(1/x), 1/x and the halving per phase leave the floats
MIN_EPSILON = 1e-100
MIN_DELTA = 1e-300
MIN_RATE = 1e-100
_PlanEpsilon = Annotated[float, Interval(ge=MIN_EPSILON)]
_PlanDelta = Annotated[float, Interval(ge=MIN_DELTA, lt=1)]
_Rate = Annotated[float, Interval(ge=MIN_RATE, lt=1)]
_Queries = Annotated[int, Interval(ge=1, le=MAX_QUERIES)]
_Phases = Annotated[int, Interval(ge=1, le=MAX_PHASES)]
_VC = Annotated[int, Interval(ge=1, le=MAX_DIMENSION)]
_Depth = Annotated[int, Interval(ge=1, le=MAX_DEPTH), Joint("exactly one of td and domain_size")]
_Medians = ("exponential", "paper", "log-star")


@checked
@dataclass(frozen=True)
class PlannedPhase:
    """The sizes of one planned GenericBBL / RepairedBBL phase (:attr:`Plan.phases`).

    Attributes
    ----------
    i : int
        The phase (1-based).
    lam, T, S : int
        λ_i, T_i and |S_i| = λ_i T_i.
    R, c : int
        The queries R_i and the TOP budget c_i.
    s_hat, d_hat : int
        |Ŝ_i| and |D̂_i| (LabelBoost's labelled and unlabelled sub-samples).
    """

    i: PositiveInt
    lam: PositiveInt
    T: PositiveInt
    S: Annotated[int, Interval(ge=1), Joint("S = lam T")]
    R: PositiveInt
    c: PositiveInt
    s_hat: NonNegInt
    d_hat: NonNegInt

    def __post_init__(self):
        if self.lam * self.T != self.S:
            raise ValueError(f"S: |S_i| = lam T = {self.lam * self.T}, got {self.S}")


def _algorithm(value, name: str) -> str:
    """A planned algorithm's name (a key of :data:`PLANNERS`)."""
    if not isinstance(value, str) or value not in _ALGORITHMS:
        raise ValueError(f"{name}: expected one of {sorted(_ALGORITHMS)}, got {value!r}")
    return value


#: the algorithms a plan may name (the keys of :data:`PLANNERS`)
_ALGORITHMS = (
    "generic-bbl",
    "repaired-bbl",
    "dp-winnow",
    "dp-greedy-cover",
    "vc1",
    "private-median",
    "generic-predictor",
)


@checked
@dataclass
class Plan:
    """A planned configuration, and the guarantee its run will report.

    Attributes
    ----------
    algorithm : str
        ``"generic-bbl"``, ``"repaired-bbl"``, ``"dp-winnow"``, ``"dp-greedy-cover"``, ``"vc1"``,
        ``"private-median"`` or ``"generic-predictor"``.
    epsilon, delta : float
        The target.
    guarantee : dict
        ``epsilon``, ``delta`` (and ``scope``; for the everlasting plans the ``training`` and
        ``query`` sides): exactly what :func:`run_plan` reports, computed by the function the run
        uses (:func:`planned_guarantee`).
    parameters : dict
        The configuration (per phase for GenericBBL).
    binding : list of str
        The conditions that hold with equality (up to rounding) at the optimum.
    cost : dict
        Predicted examples, memory_bytes, seconds.
    notes : list of str
        What the plan does not promise, in words.

    Examples
    --------
    >>> pl = plan_dp_greedy_cover(1.0, 1e-6, M=4, alpha=0.45, beta=0.45)
    >>> pl.n == pl.parameters["n"], pl.guarantee["epsilon"]
    (True, 1.0)
    >>> res = pl.run(rng=0)
    >>> res.privacy_applies, res.guarantee.epsilon == pl.guarantee["epsilon"]
    (True, True)
    """

    algorithm: Annotated[str, Check(_algorithm, kind="choice")]
    epsilon: Epsilon
    delta: Delta
    guarantee: dict
    parameters: dict
    binding: list = field(default_factory=list)
    cost: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)

    @property
    def n(self) -> int:
        """The examples the run needs: n of step 2 (GenericBBL), the sample size, or T rounds (DP-Winnow)."""
        return int(self.parameters["n"])

    @property
    def phases(self) -> tuple:
        """The planned phases' sizes (:class:`PlannedPhase`; empty for a single-stage algorithm)."""
        keys = [f.name for f in fields(PlannedPhase)]
        return tuple(PlannedPhase(**{k: r[k] for k in keys}) for r in self.parameters.get("phases") or ())

    def run(self, data: Any = None, *, rng: Rng = 0, **kw: Any):
        """Run the planned configuration: :func:`run_plan` (``data`` None draws a synthetic instance).

        Parameters
        ----------
        data : optional
            The algorithm's input (see :func:`run_plan`).
        rng : int, Generator or None
            The run's randomness.
        **kw
            Passed to the runner.

        Returns
        -------
        object
            The algorithm's result; its guarantee equals :attr:`guarantee`.
        """
        return run_plan(self, data, rng=rng, **kw)

    def as_dict(self) -> dict:
        return asdict(self)


def _per_phase_ints(value, name: str, low: int) -> int | list:
    """One integer >= ``low`` (every phase), or a list/tuple of them (one per phase)."""
    items = value if isinstance(value, (list, tuple)) else [value]
    for v in items:
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{name} must hold integers (one, or one per phase), got {v!r}")
        if not low <= v <= MAX_QUERIES:
            raise ValueError(f"{name} must hold integers in [{low}, {MAX_QUERIES:.0e}], got {v!r}")
    return [int(v) for v in value] if isinstance(value, (list, tuple)) else int(value)


def _as_plan(value, name: str) -> Plan:
    """A :class:`Plan` (a dict or a file is :func:`load_plan`'s to read)."""
    if not isinstance(value, Plan):
        raise TypeError(f"{name} must be a Plan, got {type(value).__name__}")
    return value


#: a plan argument
_PlanArg = Annotated[Plan, Check(_as_plan, kind="object")]


def _target(epsilon, delta):
    """The target (ε, δ): ε a finite real > 0, δ in (0, 1) (strings and booleans refused)."""
    return check_epsilon(epsilon), check_probability(delta, "delta")


# ---------------------------------------------------------------------------- GenericBBL
def gap_T(epsilon_bt: float, delta: float, c: int, alpha: float) -> int:
    """Smallest T with Lemma C.3's gap: 2α ≥ 12/(ε' T)(ln(10/ε') + ln(2c/δ) + 1) ([NNSY23] Claim D.9)."""
    T = math.ceil(6 * (math.log(10 / epsilon_bt) + math.log(2 * c / delta) + 1) / (alpha * epsilon_bt))
    while not lemma1_applies(epsilon_bt, delta / (2 * c), 2 * alpha, T):  # float rounding only
        T += 1
    return T


def _bt_eps(eps_bt, delta, c, accountant: str = "paper", others=()) -> float:
    """BetweenThresholds' ε with c TOPs at δ' = δ/(2c) (Observation 2 / basic, or tight with ``others``)."""
    if accountant == "tight":
        return tight_c_tops_composition(eps_bt, delta / (2 * c), c, others=others).epsilon
    return bt_epsilon(eps_bt, delta / (2 * c), c) + sum(g.epsilon for g in others)


def _lemma_c2_s_hat(alpha, beta, d_hat, vc) -> int:
    """Smallest |Ŝ| with |D̂| ≤ (β/e) VC exp(α|Ŝ|/(2VC)) − |Ŝ| ([NNSY23] Lemma C.2)."""
    s = max(1, math.ceil(2 * vc / alpha * math.log(max(1.0, math.e * d_hat / (beta * vc)))))
    while lemma_c2_max_T(alpha, beta, s, vc) < d_hat:
        s += 1
    return s


def _eps_bt_max(budget, delta, c, accountant: str = "paper") -> float | None:
    """Largest ε' < 1 with BetweenThresholds' ε (Observation 2 / basic, or tight) ≤ budget (bisection)."""
    if accountant == "tight" and budget > 0:  # Observation 2's c segments composed optimally at its delta
        e = tight_step_epsilon(c, budget, delta, step_delta=delta / (2 * c))
        return min(e, 1 - 1e-12) if e > 0 else None
    if budget <= 0 or _bt_eps(1e-12, delta, c) > budget:
        return None
    lo, hi = 1e-12, 1 - 1e-12
    if _bt_eps(hi, delta, c) <= budget:
        return hi
    for _ in range(100):
        mid = math.sqrt(lo * hi)
        lo, hi = (mid, hi) if _bt_eps(mid, delta, c) <= budget else (lo, mid)
    return lo


def _phase_row(i: int, alpha, beta, lam: int, T: int, R: int, c: int, e_bt: float, dlt: float, **extra) -> dict:
    """One phase of a GenericBBL plan: α_i, β_i, λ_i, T_i, |S_i| = λ_i T_i, R_i, c_i, ε'_i, δ' = δ/(2c_i).

    Parameters
    ----------
    i : int
        The phase (1-based).
    alpha, beta : float
        α_i and β_i.
    lam, T, R, c : int
        λ_i, T_i, R_i and the TOP budget c_i.
    e_bt, dlt : float
        BetweenThresholds' ε'_i and the target δ ([NNSY23] Observation 2 runs each TOP at δ/(2c_i)).
    **extra
        Further entries (``bt_epsilon``, ``s_hat``, ``d_hat``), in order.

    Returns
    -------
    dict
        The row, keys in the order the plans print them.
    """
    row = {"i": i, "alpha": alpha, "beta": beta, "lam": lam, "T": T, "S": lam * T, "R": R, "c": c}
    row.update(epsilon_bt=e_bt, delta_bt=dlt / (2 * c), **extra)
    return row


def _later_phases(alphas, betas, lams, R_last: int, eps: float, dlt: float, c_const: float, accountant="paper"):
    """Phases k, k−1, …, 2 of :func:`plan_generic_bbl`, planned backwards from query privacy's conditions.

    Each later phase runs Claim D.1's (1, δ) BetweenThresholds ([NNSY23] Observation 2 with c_i TOPs),
    takes the smallest T_i with Lemma C.3's gap (Claim D.9), and asks the phase before it for
    R_{i−1} ≥ |S_i| (3 + e^{ε+4})/ε queries (Claim E.6's sub-sampling of D̂_{i−1}).

    Parameters
    ----------
    alphas, betas, lams : list
        α_i, β_i and λ_i of every phase (index 0 = phase 1).
    R_last : int
        R of the last phase.
    eps, dlt : float
        The target (ε, δ).
    c_const : float
        The constant of c_i = ⌈c_const α_i R_i⌉.

    Returns
    -------
    later : list
        ``later[i]`` the row of phase i + 1 (``later[0]`` is None: phase 1 is searched separately).
    R_next_needed : int or None
        R_1 that phase 2 needs (None for one phase).
    S_next : int or None
        |S_2| (None for one phase).
    """
    k = len(alphas)
    m_q = 3 + math.exp(min(eps, 1.0) + 4)  # Claim E.6: D_hat_i sub-sampled at rate eps/(3 + e^(eps+4))
    later: list = [None] * k
    R_next_needed = None
    S_next = None
    for i in range(k - 1, 0, -1):
        ai, lam = alphas[i], lams[i]
        R = R_last if i == k - 1 else R_next_needed
        assert R is not None  # set by the phase after this one (the loop runs backwards)
        c = max(1, math.ceil(c_const * ai * R))
        e_bt = _eps_bt_max(1.0, dlt, c, accountant)  # Claim D.1: (1, delta)
        if e_bt is None:
            raise ValueError(f"phases: phase {i + 1}'s BetweenThresholds cannot be (1, delta)-DP with c = {c}")
        T = gap_T(e_bt, dlt, c, ai)
        S = lam * T
        row = _phase_row(i + 1, ai, betas[i], lam, T, R, c, e_bt, dlt, bt_epsilon=_bt_eps(e_bt, dlt, c, accountant))
        later[i] = row
        S_next = S
        # phase i (0-based i-1) must produce S_(i+1) = S: D_hat_(i) >= S, R_(i) >= D_hat m_q / eps
        R_next_needed = math.ceil(S * m_q / min(eps, 1.0))
    return later, R_next_needed, S_next


def _phase1_search(
    eps: float, dlt: float, c1: int, alpha1: float, lam1: int, s_hat1: int | None, accountant: str = "paper"
):
    """Phase 1 of :func:`plan_generic_bbl`: the ε'_1 giving the smallest n that is (ε, δ)-DP for S.

    Searches 400 log-spaced ε'_1 and the bisection optimum of the un-amplified case.  For each, T_1 is
    the smallest with Lemma C.3's gap (Claim D.9); the inner ε is BetweenThresholds' (Observation 2)
    plus, with later phases, LabelBoost's (amplified by Claim 2.7 from Ŝ_1 ⊂ S_1 when that helps).
    Within budget n = |S_1|; otherwise, for ε ≤ 1, step 2 sub-samples S_1 from
    n = |S_1|(3 + e^{ε_inner})/ε examples (Claim 2.7).

    Parameters
    ----------
    eps, dlt : float
        The target (ε, δ).
    c1 : int
        Phase 1's TOP budget.
    alpha1 : float
        α_1.
    lam1 : int
        λ_1.
    s_hat1 : int or None
        |Ŝ_1| (Lemma C.2) when there are later phases, None for one phase.

    Returns
    -------
    tuple or None
        ``(n, |S_1|, ε'_1, T_1, ε_inner, ε_guaranteed, binding conditions, LabelBoost's ε)`` of the best
        configuration, or None when none meets every condition.
    """
    e_lb = labelboost_epsilon()
    best = None
    grid = list(np.geomspace(1e-5, 0.999, 400 if accountant == "paper" else 60))  # a tight ε costs a PLD
    un = _eps_bt_max(eps, dlt, c1, accountant)
    if un is not None:
        grid.append(un)
    for e_bt in grid:
        e_bt = float(e_bt)
        T = gap_T(e_bt, dlt, c1, alpha1)
        S1 = lam1 * T
        if s_hat1 is not None and s_hat1 > S1:
            continue
        amp = claim27_epsilon(e_lb, s_hat1, S1) if s_hat1 is not None else 0.0
        e_m2 = (e_lb if amp is None else min(e_lb, amp)) if s_hat1 is not None else 0.0
        inner = _bt_eps(e_bt, dlt, c1, accountant, [Guarantee(e_m2)] if e_m2 > 0 else [])
        if inner <= eps:
            n, g, binding = S1, inner, ["Lemma C.3 gap (Claim D.9)", "Observation 2 budget"]
        elif eps <= 1 and inner < 40:
            n = math.ceil(S1 * (3 + math.exp(min(inner, 700.0))) / eps)
            g, binding = eps, ["Lemma C.3 gap (Claim D.9)", "Claim 2.7 (step 2: n = |S_1|(3 + e^eps_inner)/eps)"]
        else:
            continue
        if best is None or (n, S1) < (best[0], best[1]):
            best = (n, S1, e_bt, T, inner, g, binding, e_m2)
    return best


@checked
def plan_generic_bbl(
    epsilon: _PlanEpsilon,
    delta: _PlanDelta,
    *,
    alpha: _Rate = 0.05,
    beta: _Rate = 0.05,
    queries: _Queries = 1000,
    vc: _VC = 1,
    phases: _Phases = 1,
    lambda1: _Queries | None = None,
    tops: _Queries | None = None,
    c_const: Positive = 64.0,
    accountant: _Accountant = "paper",
) -> Plan:
    """Smallest GenericBBL configuration that is (ε, δ)-DP w.r.t. its training set as run.

    Free parameters searched: ε'_1 (a grid of 400 log-spaced values plus the bisection optimum of
    the un-amplified case), and whether step 2 sub-samples S_1 from a larger S ([NNSY23] Claim 2.7).
    Fixed by accuracy: λ_i (Theorem A.2, or ``lambda1`` scaled as in practical mode), the TOP
    budget c_i (``tops`` for phase 1, else ⌈c_const α_i R_i⌉ — the paper's 64 α_i R_i by default),
    and for more than one phase |Ŝ_i| (Lemma C.2), |D̂_i| ≥ |S_{i+1}| (Claim D.6) and
    R_i ≥ |D̂_i| (3 + e^{ε+4})/ε (Claim E.6's sub-sampling).  Phases after the first are planned
    with Claim D.1's (≤ 1, δ) BetweenThresholds and Lemma C.3's gap (query privacy's conditions).

    Parameters
    ----------
    epsilon, delta : the target (training privacy; ε ≤ 1 whenever Claim 2.7 is used)
    alpha, beta : GenericBBL's α, β (α_1 = α/2, …)
    queries : R of the last phase (R_1 for one phase)
    vc : VC dimension of the class
    phases : 1, 2 or 3 (more are allowed; sizes grow fast)
    lambda1 : λ_1 (None: Theorem A.2's λ_i); later λ_i scale by the same factor
    tops : c_1 (None: ⌈c_const α_1 R_1⌉)
    c_const : the constant of c_i = ⌈c_const α_i R_i⌉ (the paper's 64)
    accountant : {"paper", "tight"}, default "paper" — Observation 2's c_i segments (with LabelBoost in
        phase 1) composed by the paper's theorems or optimally (:mod:`geoprivate.privacy.tight`; ε'_1
        searched on 60 points instead of 400); the plan records it and its run runs under it

    Returns
    -------
    Plan
        ``guarantee`` is :func:`~geoprivate.everlasting.generic_bbl.generic_bbl_privacy` on the planned
        parameters, what :meth:`Plan.run` reports.

    Raises
    ------
    ValueError
        No configuration meets every privacy condition (one line naming why).

    Examples
    --------
    >>> pl = plan_generic_bbl(1.0, 1e-6, alpha=0.2, queries=20, lambda1=1, tops=2)
    >>> pl.n, [(ph.T, ph.c) for ph in pl.phases], pl.guarantee["epsilon"]
    (2304, [(2304, 2)], 1.0)
    >>> res = pl.run(rng=0)
    >>> res.privacy_applies, res.privacy.summary() == pl.guarantee
    (True, True)
    """
    eps, dlt = _target(epsilon, delta)
    accountant = check_accountant(accountant)
    a, b = check_probability(alpha, "alpha") / 2, check_probability(beta, "beta") / 2
    R_last = check_int_in_range(queries, "queries", 1, MAX_QUERIES)
    vc, k = check_int_in_range(vc, "vc", 1, MAX_DIMENSION), check_int_in_range(phases, "phases", 1, MAX_PHASES)
    c_const = check_positive_real(c_const, "c_const")
    scale = 1.0 if lambda1 is None else check_positive_int(lambda1, "lambda1") / lambda_vc(a, b, vc)
    alphas = [a / 2**i for i in range(k)]
    betas = [b / 2**i for i in range(k)]
    lams = [max(1, math.ceil(scale * lambda_vc(ai, bi, vc))) for ai, bi in zip(alphas, betas, strict=True)]
    notes = []
    later, R_next_needed, S_next = _later_phases(alphas, betas, lams, R_last, eps, dlt, c_const, accountant)
    # ---- phase 1: the training-privacy search
    R1 = R_last if k == 1 else R_next_needed
    c1 = (
        check_int_in_range(tops, "tops", 1, MAX_QUERIES)
        if tops is not None
        else max(1, math.ceil(c_const * alphas[0] * R1))
    )
    d_hat1 = S_next if k > 1 else 0
    s_hat1 = _lemma_c2_s_hat(alphas[0], betas[0], d_hat1, vc) if k > 1 else 0
    e_lb = labelboost_epsilon()
    best = _phase1_search(eps, dlt, c1, alphas[0], lams[0], s_hat1 if k > 1 else None, accountant)
    if best is None:
        raise ValueError(
            f"epsilon={eps}: no configuration meets every privacy condition (try a larger epsilon, "
            "fewer phases, or eps <= 1 to allow Claim 2.7)"
        )
    n, S1, e_bt, T1, inner, _, binding, e_m2 = best
    if k > 1 and e_m2 < e_lb:
        binding.append("Claim 2.7 (S_hat_1 from S_1)")
    if k > 1:
        binding.append("Lemma C.2 (|S_hat_1|)")
    phase1 = _phase_row(
        1,
        alphas[0],
        betas[0],
        lams[0],
        T1,
        R1,
        c1,
        e_bt,
        dlt,
        bt_epsilon=_bt_eps(e_bt, dlt, c1, accountant),
        s_hat=s_hat1,
        d_hat=d_hat1,
    )
    rows = [phase1] + list(later[1:])
    for i, p in enumerate(rows[1:], start=1):
        nxt = rows[i + 1]["S"] if i + 1 < k else 0
        p["d_hat"] = nxt
        p["s_hat"] = _lemma_c2_s_hat(p["alpha"], p["beta"], nxt, vc) if nxt else 0
    total_q = sum(p["R"] for p in rows)
    mem = BYTES_PER_EXAMPLE * max(n, max(p["S"] for p in rows))
    secs = SECONDS_PER_EXAMPLE * (n + sum(p["S"] for p in rows)) + SECONDS_PER_QUERY * total_q
    if tops is None:
        notes.append(
            f"c_i = ceil({c_const:g} alpha_i R_i) (Claim D.5's budget); a smaller --tops shrinks T_i but "
            "the run halts if more queries fall in the band"
        )
    notes.append("training privacy only ([NNSY23] Claim E.5); query privacy (Claim E.6) is not booked")
    plan_ = Plan(
        "generic-bbl",
        eps,
        dlt,
        {},
        {"n": n, "phases": rows, "vc": vc, "alpha": alpha, "beta": beta, "epsilon_inner": inner}
        | _accountant_key(accountant),
        binding,
        {"examples": n, "memory_bytes": mem, "seconds": secs, "queries": total_q},
        notes,
    )
    return _promise(plan_)


_PLAN_KEYS = ("n", "phases", "vc", "alpha", "beta")
_PHASE_KEYS = ("lam", "T", "R", "c", "epsilon_bt", "s_hat", "d_hat")


#: what a GenericBBL / RepairedBBL run holds per example (points, labels, the block permutation and the
#: reordered copies) and per hypothesis of an ensemble, and the CPU seconds of one block's ERM, by concept
#: (measured on the 2-core reference machine: a halfplane ERM is an exact LP of a 16-point block, ~0.7 ms;
#: its exact (a, w) in Fractions, in the ensemble and its vote table, ~950 bytes)
RUN_COST = {
    "thresholds": {"bytes_per_example": 48, "bytes_per_hypothesis": 16, "seconds_per_erm": 2e-7},
    "intervals": {"bytes_per_example": 48, "bytes_per_hypothesis": 200, "seconds_per_erm": 5e-5},
    "finite": {"bytes_per_example": 48, "bytes_per_hypothesis": 64, "seconds_per_erm": 1e-4},
    "halfspaces": {"bytes_per_example": 80, "bytes_per_hypothesis": 1000, "seconds_per_erm": 7e-4},
}
#: the memory a run may plan to hold before it is refused (``max_memory`` of :func:`run_everlasting_plan`)
DEFAULT_MAX_MEMORY = 8 * 2**30


@checked
def everlasting_run_cost(
    plan: _PlanArg, concept: Annotated[str, Choice(*RUN_COST)] = "thresholds", phases: _Phases | None = None
) -> dict:
    """Memory and CPU time a run of an everlasting plan needs, estimated before anything is drawn.

    Parameters
    ----------
    plan : Plan
        A ``generic-bbl`` or ``repaired-bbl`` plan.
    concept : str
        A concept of :data:`RUN_COST` (``"thresholds"``, ``"intervals"``, ``"finite"``, ``"halfspaces"``).
    phases : int, optional
        The phases run (all by default).

    Returns
    -------
    dict
        ``memory_bytes`` (the largest phase's examples and hypotheses held at once), ``seconds`` (ERMs
        and queries), ``erms`` (blocks solved) and ``queries``.
    """
    _check_generic_bbl_plan(plan)
    if concept not in RUN_COST:
        raise ValueError(f"concept: expected one of {sorted(RUN_COST)}, got {concept!r}")
    c = RUN_COST[concept]
    rows = plan.parameters["phases"][: phases or None]
    erms = sum(int(r["T"]) for r in rows)
    queries = sum(int(r["R"]) for r in rows)
    memory = c["bytes_per_example"] * plan.n + c["bytes_per_hypothesis"] * max(int(r["T"]) for r in rows)
    seconds = c["seconds_per_erm"] * erms + SECONDS_PER_EXAMPLE * plan.n + SECONDS_PER_QUERY * queries
    return {"memory_bytes": memory + BYTES_PER_QUERY * queries, "seconds": seconds, "erms": erms, "queries": queries}


def _check_generic_bbl_plan(plan: Plan) -> None:
    """A generic-bbl plan (e.g. read from a file) has every field the run needs, of the right kind.

    Raises a one-line ``ValueError`` naming the missing or bad key (never a ``KeyError``).
    """
    if not isinstance(plan, Plan):
        raise TypeError(f"plan must be a Plan, got {type(plan).__name__}")
    if plan.algorithm not in ("generic-bbl", "repaired-bbl"):
        raise ValueError(f"plan: expected a generic-bbl or repaired-bbl plan, got {plan.algorithm!r}")
    check_epsilon(plan.epsilon, "plan epsilon")
    check_probability(plan.delta, "plan delta")
    P = plan.parameters
    if not isinstance(P, dict):
        raise ValueError(f"plan: 'parameters' must be an object, got {type(P).__name__}")
    missing = [k for k in _PLAN_KEYS if k not in P]
    if missing:
        raise ValueError(f"plan: the parameters lack {', '.join(repr(k) for k in missing)}")
    check_positive_int(P["n"], "plan parameter 'n'")
    check_positive_int(P["vc"], "plan parameter 'vc'")
    check_probability(P["alpha"], "plan parameter 'alpha'")
    check_probability(P["beta"], "plan parameter 'beta'")
    rows = P["phases"]
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise ValueError("plan: parameter 'phases' must be a non-empty list of phase objects")
    for i, r in enumerate(rows, start=1):
        missing = [k for k in _PHASE_KEYS if k not in r]
        if missing:
            raise ValueError(f"plan: phase {i} lacks {', '.join(repr(k) for k in missing)}")
        for k in ("lam", "T", "R", "c"):
            check_positive_int(r[k], f"plan phase {i} '{k}'")
        for k in ("s_hat", "d_hat"):
            check_int_in_range(r[k], f"plan phase {i} '{k}'", 0, MAX_QUERIES)
        check_epsilon(r["epsilon_bt"], f"plan phase {i} 'epsilon_bt'")
    if plan.algorithm == "repaired-bbl":
        st = P.get("stopper")
        if not (isinstance(st, (list, tuple)) and len(st) == 2):
            raise ValueError(f"plan: a repaired-bbl plan needs 'stopper' = [epsilon_stop, beta_stop], got {st!r}")


def _stopper(plan: Plan) -> StopperParameters:
    """A repaired-bbl plan's stopper (ε_s, β_s)."""
    return StopperParameters(*plan.parameters["stopper"])


@checked
def generic_bbl_parameters_from_plan(
    plan: _PlanArg, epsilon_run: Annotated[float, Interval(ge=MIN_EPSILON, le=1)] | None = None
):
    """The planned configuration as :class:`~geoprivate.everlasting.parameters.EverlastingParameters`.

    The run's ε (which sizes |Ŝ_i|, |D̂_i| in step 3f via m, and Claim 2.7's amplification) is the
    plan's ``epsilon_run``, else its target capped at 1.

    Parameters
    ----------
    plan : Plan
        A plan of the generic predictor.
    epsilon_run : float, optional
        The run's ε (default: the plan's ``epsilon_run``, else its target ε capped at 1).

    Returns
    -------
    EverlastingParameters
        The configuration the predictor runs with.
    """
    _check_generic_bbl_plan(plan)
    P = plan.parameters
    rows = P["phases"]
    spec = [(r["lam"], r["T"], r["R"], r["c"], r["epsilon_bt"]) for r in rows]
    sizes = [(r["s_hat"], r["d_hat"] if i < len(rows) - 1 else 0) for i, r in enumerate(rows)]
    e = P.get("epsilon_run", min(1.0, plan.epsilon)) if epsilon_run is None else epsilon_run
    return custom_parameters(
        spec, P["alpha"], P["beta"], e, plan.delta, P["vc"], epsilon_bt=rows[0]["epsilon_bt"], sizes=sizes
    )


# ---------------------------------------------------------------------------- DP-Winnow
@checked
def plan_dp_winnow(
    epsilon: _PlanEpsilon,
    delta: _PlanDelta,
    *,
    T: Annotated[int, Interval(ge=1, le=MAX_ROUNDS)],
    d: Annotated[int, Interval(ge=1, le=MAX_DIMENSION)],
    rho: Annotated[float, Interval(gt=0, le=1)],
    beta: _Rate = 0.05,
    c: Probability = 0.5,
    accountant: _Accountant = "paper",
) -> Plan:
    """DP-Winnow's ε̂, η, m, K, L minimising [BF26] Theorem 4.5's mistake bound subject to (ε, δ) as run.

    Search: η on a grid (K = ⌈Lemma 4.7's update bound⌉ follows), m ∈ {1, 4, 16}; for each the
    largest ε̂ with :func:`~geoprivate.learners.winnow.dp_winnow_privacy` ≤ ε (bisection), L =
    8 ln(2T/β)/ε̂ (Lemma 4.3).  The objective is the mistake bound 16 ln(2T²/β) K/ε̂.

    Parameters
    ----------
    epsilon, delta : float
        The target privacy parameters.
    T : int
        The number of rounds.
    d : int
        The dimension.
    rho : float
        The margin ρ.
    beta : float, default 0.05
        The failure probability β.
    c : float, default 0.5
        The confidence level c.
    accountant : {"paper", "tight"}, default "paper"
        Theorem 4.4's composition, or the optimal composition of the same components
        (:func:`~geoprivate.learners.winnow.tight_winnow_search` from the paper's optimum; the
        guarantee is :func:`~geoprivate.learners.winnow.dp_winnow_privacy` under that accountant).

    Returns
    -------
    Plan
        The chosen parameters, their privacy as run and the objective (``parameters["n"]`` = T rounds);
        a note in words when the proved mistake bound is not below T (no learning is proved).

    Examples
    --------
    >>> pl = plan_dp_winnow(1.0, 1e-6, T=200, d=8, rho=0.5)
    >>> pl.n, pl.guarantee["delta"], pl.parameters["mistake_bound"] >= 200
    (200, 1e-06, True)
    >>> run = pl.run(rng=0)  # a majority of 1/rho coordinates
    >>> run.privacy_applies, run.guarantee.epsilon == pl.guarantee["epsilon"], run.utility_proved
    (True, True, False)
    """
    eps, dlt = _target(epsilon, delta)
    T, d = check_int_in_range(T, "T", 1, MAX_ROUNDS), check_int_in_range(d, "d", 1, MAX_DIMENSION)
    rho = check_positive_real(rho, "rho")
    beta = check_probability(beta, "beta")
    c = check_probability(c, "c")
    accountant = check_accountant(accountant)
    best = None
    for eta in np.geomspace(1e-10, 2 * (1 - c) * rho * 0.999, 60):
        try:
            K = math.ceil(lemma_4_2_bound(d, float(eta), rho, c))
        except ValueError:
            continue
        for m in (1, 4, 16):
            if dp_winnow_privacy(1e-12, float(eta), m, K, dlt).epsilon > eps:
                continue
            lo, hi = 1e-12, 1.0
            if dp_winnow_privacy(hi, float(eta), m, K, dlt).epsilon <= eps:
                lo = hi
            else:
                for _ in range(40):
                    mid = math.sqrt(lo * hi)
                    lo, hi = (mid, hi) if dp_winnow_privacy(mid, float(eta), m, K, dlt).epsilon <= eps else (lo, mid)
            e_hat = lo
            bound = 16 * (math.log(2) + 2 * math.log(T) - math.log(beta)) / e_hat * K
            if best is None or bound < best[0]:
                best = (bound, float(eta), m, K, e_hat)
    if accountant == "tight":  # the same grid of eta, searched from the paper's optimum (m = 1 dominates)
        etas = np.geomspace(1e-10, 2 * (1 - c) * rho * 0.999, 60)
        seen = tight_winnow_search(eps, dlt, d=d, rho=rho, c=c, etas=etas, start=best[1] if best else None)
        best = min(
            (16 * (math.log(2) + 2 * math.log(T) - math.log(beta)) * r, eta, m, K, e) for r, eta, m, K, e in seen
        )
        best = None if not math.isfinite(best[0]) else best
    if best is None:
        raise ValueError(
            f"epsilon, rho: no DP-Winnow configuration on the grid is (epsilon, delta)-DP as run "
            f"(epsilon={eps}, rho={rho})"
        )
    bound, eta, m, K, e_hat = best
    L = 8 * (math.log(2) + math.log(T) - math.log(beta)) / e_hat
    notes = []
    if bound >= T:
        notes.append(
            f"DP-Winnow is not proved to learn at this epsilon: the proved mistake bound {bound:.4g} is at "
            f"least T = {T} (it allows a mistake in every round), so a run reports utility_proved = False"
        )
    plan_ = Plan(
        "dp-winnow",
        eps,
        dlt,
        {},
        {
            "n": T,
            "eps_hat": e_hat,
            "eta": eta,
            "m": m,
            "K": K,
            "L": L,
            "T": T,
            "d": d,
            "rho": rho,
            "beta": beta,
            "c": c,
            "mistake_bound": bound,
        }
        | _accountant_key(accountant),
        [
            "[BF26] Theorem 4.4 composition (K AboveThreshold + mK samples at 4 eta)"
            if accountant == "paper"
            else "optimal composition ([KOV15]) of Theorem 4.4's K AboveThreshold + mK samples at 4 eta",
            "Lemma 4.7 (K = update bound)",
        ],
        {"examples": T, "memory_bytes": 8 * d * 4, "seconds": 2e-7 * T * d / 64, "mistake_bound_fraction": bound / T},
        notes,
    )
    return _promise(plan_)


@checked
def dp_winnow_parameters_from_plan(plan: _PlanArg) -> DPWinnowParameters:
    """A ``dp-winnow`` plan as :class:`~geoprivate.learners.winnow.DPWinnowParameters` (δ of the plan kept).

    Parameters
    ----------
    plan : Plan
        A plan of :func:`plan_dp_winnow`.

    Returns
    -------
    DPWinnowParameters
        Practical mode with the plan's ε̂, η, m, K, L and its target (ε, δ), so that the run composes
        at the plan's δ (:func:`~geoprivate.learners.winnow.dp_winnow_privacy`).
    """
    _check_algorithm(plan, "dp-winnow")
    P = plan.parameters
    return DPWinnowParameters(
        P["T"], P["d"], P["rho"], P["eps_hat"], P["eta"], P["L"], P["m"], P["K"], P["beta"], P["c"],
        "practical", plan.epsilon, plan.delta,
    )  # fmt: skip


# ---------------------------------------------------------------------------- DP-GreedyCover
@checked
def plan_dp_greedy_cover(
    epsilon: _PlanEpsilon,
    delta: _PlanDelta,
    *,
    M: Annotated[int, Interval(ge=1, le=MAX_FEATURES)],
    alpha: _Rate = 0.1,
    beta: _Rate = 0.05,
) -> Plan:
    """DP-GreedyCover: ε̂ of Lemma A.1 for (ε, δ) and n of [BF26] Theorem 3.5 (privacy needs no n).

    Parameters
    ----------
    epsilon, delta : float
        The target privacy parameters.
    M : int
        The number of features |F|.
    alpha : float, default 0.1
        The PAC accuracy α.
    beta : float, default 0.05
        The PAC confidence β.

    Returns
    -------
    Plan
        ε̂ and the sample size n.

    Examples
    --------
    >>> pl = plan_dp_greedy_cover(1.0, 1e-6, M=4, alpha=0.3, beta=0.1)
    >>> pl.n == pl.parameters["n"], (pl.guarantee["epsilon"], pl.guarantee["delta"])
    (True, (1.0, 1e-06))
    >>> res = pl.run(rng=0)
    >>> res.privacy_applies, res.utility_proved, res.guarantee.epsilon
    (True, True, 1.0)
    """
    eps, dlt = _target(epsilon, delta)
    M = check_int_in_range(M, "M", 1, MAX_FEATURES)
    alpha, beta = check_probability(alpha, "alpha"), check_probability(beta, "beta")
    e_hat = greedy_cover_epsilon_hat(eps, dlt)
    n = theorem_3_5_sample_size(M, alpha, beta, min(eps, 1 - 1e-12), dlt, as_printed=False)
    plan_ = Plan(
        "dp-greedy-cover",
        eps,
        dlt,
        {},
        {"epsilon_hat": e_hat, "M": M, "alpha": alpha, "beta": beta, **n},
        ["Lemma A.1 (M+1 exponential mechanisms, eps_hat = eps/(2(ln(1/delta) + 3/2)))"],
        {"examples": n["n"], "memory_bytes": n["n"] * M, "seconds": 1e-8 * n["n"] * M * M},
        ["n is the accuracy bound of Theorem 3.5; privacy holds at any n"],
    )
    return _promise(plan_)


# ---------------------------------------------------------------------------- VC-1 learners
#: the [Yan25] learners the planner sizes, with the factor on ε of the choosing mechanism that Lemma 1 gates
VC1_LEARNERS = {"opt": ("OPTPrivateLearner", 2), "proper": ("ProperLearner", 4)}
#: a fit's cost: sorting the sample's (part, point, label) keys, then step 3's one pass per part over
#: the tree's Euler tour and ancestor table (log TD levels); measured on the 2-core reference machine
#: (TD = 2¹², t = 7 029, n = 112 464: 0.6 s; benchmarks/bench_speed.py "VC-1 fit")
VC1_SECONDS_PER_EXAMPLE = 2e-6
SECONDS_PER_PART_LEVEL = 3e-6


@checked
def vc1_privacy_conditions(
    learner: Annotated[str, Choice(*VC1_LEARNERS)], median: Annotated[str, Choice(*_Medians)]
) -> list:
    """The conditions of the privacy proof of a [Yan25] learner as run (its class Notes).

    Parameters
    ----------
    learner : {"opt", "proper"}
        OPTPrivateLearner (Algorithm 2, Theorem 11) or ProperLearner (Algorithm 4, Theorem 13).
    median : str
        Step 4's median (``"exponential"``, ``"paper"`` or ``"log-star"``).

    Returns
    -------
    list of str
        One line per condition, with its statement number in [Yan25].
    """
    name, k = VC1_LEARNERS[learner]
    med = (
        "RecPrefix-R median at (eps/2, delta/2): Theorem 8 and Lemma 1 per step (needs eps/(2(2L+1)) < 2), Theorem 6"
        if median == "log-star"
        else "exponential-mechanism median at eps/2 (Theorem 8)"
    )
    out = [f"{name}: choosing mechanism at eps/{k} < 2 (Lemma 1)", med]
    if learner == "proper":
        out.append("loop on S_2: 2T releases at eps_step, advanced composition to (eps/2, delta/2) (Theorem 7)")
    return out


@checked
def plan_vc1(
    epsilon: _PlanEpsilon,
    delta: _PlanDelta,
    *,
    td: _Depth | None = None,
    domain_size: _Depth | None = None,
    alpha: _Rate = 0.1,
    beta: _Rate = 0.1,
    learner: Annotated[str, Choice(*VC1_LEARNERS)] = "opt",
    median: Annotated[str, Choice(*_Medians)] = "exponential",
    accountant: _Accountant = "paper",
) -> Plan:
    """The smallest n at which a [Yan25] VC-1 learner's accuracy is proved, at a private-as-run (ε, δ).

    Privacy needs no n (the class Notes of :class:`~geoprivate.learners.vc1.OPTPrivateLearner`):
    only Lemma 1's ε/2 < 2 (ε/4 < 2 for the proper learner) and the median's own conditions.
    The n is the learners' own calculator: [Yan25] Theorem 11's N = t·m
    (:func:`~geoprivate.learners.vc1.theorem11_parameters`) or Theorem 13's N_1 + N_2
    (:func:`~geoprivate.learners.vc1.theorem13_parameters`), with the median actually run.

    Parameters
    ----------
    epsilon, delta : float
        Target (ε, δ), the learner's total budget.
    td, domain_size : int
        TD(X, C_f), the depth of Algorithm 1's tree; or |X|, an upper bound on it (exactly one).
    alpha, beta : float
        Accuracy target: error ≤ α with probability ≥ 1 − β.
    learner : {"opt", "proper"}
    median : {"exponential", "paper", "log-star"}
    accountant : {"paper", "tight"}, default "paper"
        ProperLearner's loop on S_2 sized by Theorem 7 or by the optimal composition of its 2T
        releases (:func:`~geoprivate.learners.vc1.theorem13_parameters`); OPTPrivateLearner composes
        two mechanisms at the δ they book, where basic composition is already optimal.

    Returns
    -------
    Plan
        ``parameters`` holds n, t, m (and n1, n2, T for the proper learner); ``binding`` the
        privacy conditions and the condition that sets t.

    Raises
    ------
    ValueError
        Neither or both of ``td``/``domain_size``; an unknown learner or median; ε at which
        Lemma 1 fails (no private configuration exists).

    Examples
    --------
    The run of a plan (:meth:`Plan.run`) draws N = t·m examples, tens of millions even at TD = 8, so
    this example plans only (``tests/test_planning_run.py`` runs one under the slow marker).

    >>> pl = plan_vc1(1.0, 1e-6, td=8, alpha=0.45, beta=0.1)
    >>> pl.n == pl.parameters["t"] * pl.parameters["m"], (pl.guarantee["epsilon"], pl.guarantee["delta"])
    (True, (1.0, 1e-06))
    >>> plan_vc1(8.0, 1e-6, td=8)
    Traceback (most recent call last):
    ...
    ValueError: epsilon=8.0: OPTPrivateLearner's choosing mechanism runs at epsilon/2, outside Lemma 1's (0, 2)
    """
    eps, dlt = _target(epsilon, delta)
    accountant = check_accountant(accountant)
    if (td is None) == (domain_size is None):
        raise ValueError(f"vc1: give exactly one of td and domain_size, got td={td!r}, domain_size={domain_size!r}")
    if learner not in VC1_LEARNERS:
        raise ValueError(f"learner: expected one of {sorted(VC1_LEARNERS)}, got {learner!r}")
    depth = check_int_in_range(
        td if td is not None else domain_size, "td" if td is not None else "domain_size", 1, MAX_DEPTH
    )
    alpha, beta = check_probability(alpha, "alpha"), check_probability(beta, "beta")
    name, k = VC1_LEARNERS[learner]
    if not choosing_applies(eps / k):
        raise ValueError(f"epsilon={eps!r}: {name}'s choosing mechanism runs at epsilon/{k}, outside Lemma 1's (0, 2)")
    if learner == "opt":
        p1 = theorem11_parameters(depth, alpha, beta, eps, dlt, median=median)
        extra = {}
    else:
        p13 = theorem13_parameters(depth, alpha, beta, eps, dlt, median=median, accountant=accountant)
        p1 = p13.first
        extra = {"n1": p13.n1, "n2": p13.n2, "T": p13.T, "epsilon_step": p13.epsilon_step}
    n = p1.n + extra.get("n2", 0)
    sets_t = (
        "t = n_PM of the median (Theorem 11)"
        if p1.t == p1.n_pm
        else "t/6 >= (16/eps_step) ln(4t/(beta_step eps_step delta_step)) (Lemma 9 with Lemma 1)"
    )
    binding = vc1_privacy_conditions(learner, p1.median) + [
        f"accuracy: {sets_t}; part size m of Theorem 3 (VC = 1)" + ("; N_2 of Claims 1-5" if extra else "")
    ]
    notes = ["privacy holds at any n; n is the accuracy bound"]
    if domain_size is not None:
        notes.append("TD taken as |X|, an upper bound (the tree's depth is at most the number of points)")
    plan_ = Plan(
        "vc1",
        eps,
        dlt,
        {},
        {
            "learner": name,
            "median": p1.median,
            "td": depth,
            "alpha": alpha,
            "beta": beta,
            "n": n,
            "t": p1.t,
            "m": p1.m,
            "n_pm": p1.n_pm,
            **extra,
        }
        | _accountant_key(accountant),
        binding,
        {
            "examples": n,
            "memory_bytes": 48 * n + 64 * p1.t + 16 * (depth + 1) * max(1, depth.bit_length()),
            "seconds": VC1_SECONDS_PER_EXAMPLE * n + SECONDS_PER_PART_LEVEL * p1.t * (1 + math.log2(depth + 1)),
        },
        notes,
    )
    return _promise(plan_)


# ---------------------------------------------------------------------------- the private median
@checked
def plan_private_median(
    epsilon: _PlanEpsilon,
    delta: Annotated[float, Check(check_delta), Joint("delta > 0 for the log-star median")] = 0.0,
    *,
    domain_size: Annotated[int, Interval(ge=1, le=MAX_DEPTH)],
    alpha: Annotated[float, Interval(ge=MIN_RATE, lt=1), Joint("alpha < 1/2")] = 0.1,
    beta: _Rate = 0.05,
    method: Annotated[str, Choice("exponential", "log-star")] = "exponential",
) -> Plan:
    """The smallest n at which :func:`~geoprivate.mechanisms.private_median` is proved accurate, at (ε, δ).

    Privacy needs no n: the exponential-mechanism median is (ε, 0)-DP for every ε > 0 ([Yan25] Theorem 8);
    the log*-level median (``method="log-star"``) is (ε, δ)-DP under RecPrefix-R's conditions (δ > 0).
    n is the method's own sample bound for an α-median w.p. ≥ 1 − β
    (:func:`~geoprivate.mechanisms.median_sample_size`,
    :func:`~geoprivate.mechanisms.log_star_median_sample_size`).

    Parameters
    ----------
    epsilon, delta : float
        The target (δ is used by ``"log-star"`` only).
    domain_size : int
        |X|, the domain {0, …, |X| − 1}.
    alpha : float in (0, 1/2)
        The median's accuracy (an α-median).
    beta : float
        Its failure probability.
    method : {"exponential", "log-star"}

    Returns
    -------
    Plan
        ``parameters["n"]`` the sample size; run it with :func:`run_plan`.

    Examples
    --------
    >>> pl = plan_private_median(1.0, domain_size=100, alpha=0.2, beta=0.1)
    >>> pl.n, pl.guarantee["epsilon"], pl.guarantee["delta"]
    (70, 1.0, 0.0)
    >>> res = pl.run(rng=0)
    >>> res.privacy_applies, (res.epsilon, res.delta) == (1.0, 0.0), res.utility_proved
    (True, True, True)
    """
    eps = check_epsilon(epsilon)
    dlt = check_delta(delta)
    size = check_int_in_range(domain_size, "domain_size", 1, MAX_DEPTH)
    a, b = check_probability(alpha, "alpha"), check_probability(beta, "beta")
    if not a < 0.5:
        raise ValueError(f"alpha: an alpha-median with alpha >= 1/2 is every point (a vacuous target), got {alpha!r}")
    if method not in ("exponential", "log-star"):
        raise ValueError(f"method: expected 'exponential' or 'log-star', got {method!r}")
    if method == "log-star":
        if dlt == 0:
            raise ValueError("delta: the log-star median needs delta > 0")
        n = log_star_median_sample_size(size, a, b, eps, dlt)
    else:
        n = median_sample_size(size, a, b, eps)
    plan_ = Plan(
        "private-median",
        eps,
        dlt,
        {},
        {"n": n, "domain_size": size, "alpha": a, "beta": b, "method": method},
        ["[Yan25] Theorem 8 (exponential mechanism, score sensitivity 1)"]
        if method == "exponential"
        else ["RecPrefix-R: Lemma 1 per choosing step, Theorem 6 over its 2L+1 steps"],
        {"examples": n, "memory_bytes": 8 * n, "seconds": 1e-7 * n},
        ["privacy holds at any n; n is the accuracy bound"],
    )
    return _promise(plan_)


# ---------------------------------------------------------------------------- GenericPredictor's k
@checked
def plan_generic_predictor(
    epsilon: Annotated[float, Interval(ge=MIN_EPSILON), Joint("epsilon < 1 (Lemma 1)")],
    delta: OpenDelta,
    *,
    T: _Queries,
    m: _Queries = 10,
    t_lower: Annotated[float, Check(check_positive_real), Joint("0 < t_lower < t_upper < 1")] = T_LOWER,
    t_upper: Annotated[float, Check(check_positive_real), Joint("0 < t_lower < t_upper < 1")] = T_UPPER,
) -> Plan:
    """The smallest k at which [Yan26] Lemma 1 makes GenericPredictor's every BetweenThresholds segment (ε, δ)-DP.

    ``epsilon, delta`` are the segment's (ε_BT, δ_BT), GenericPredictor's own ``epsilon`` and ``delta``;
    k = ⌈min_gap(ε, δ, 1)/(t_u − t_l)⌉ (Lemma 1 with database size n = k), and N = k·m examples.  A run
    composes its segments ([Yan26] Observation 1, Theorem 3): its ``result.guarantee`` is that
    composition over the segments it used (one more than its hard queries), which the plan cannot
    fix in advance; the plan promises each segment's (ε, δ), exactly as the run's ledger records it.

    Parameters
    ----------
    epsilon, delta : float in (0, 1)
        ε_BT and δ_BT of each segment (Lemma 1's hypotheses).
    T : int
        The number of queries the run answers.
    m : int
        The block size (accuracy: [Yan26] Claim 3's m; free in practical mode).
    t_lower, t_upper : float
        BetweenThresholds' thresholds (Algorithm 2: 3/8, 5/8).

    Returns
    -------
    Plan
        ``parameters`` k, m, n = k·m, T and the thresholds; run it with :func:`run_plan`.

    Examples
    --------
    >>> pl = plan_generic_predictor(0.5, 1e-6, T=50, m=2)
    >>> pl.parameters["k"], pl.n
    (1710, 3420)
    >>> res = pl.run(rng=0)
    >>> res.privacy_applies, all(e.epsilon == 0.5 and e.delta == 1e-6 for e in res.ledger.entries)
    (True, True)
    """
    if not 0 < check_epsilon(epsilon) < 1:
        raise ValueError(f"epsilon: Lemma 1 needs epsilon in (0, 1), got {epsilon!r}")
    dlt = check_probability(delta, "delta")
    eps = float(epsilon)
    T = check_int_in_range(T, "T", 1, MAX_QUERIES)
    m = check_int_in_range(m, "m", 1, MAX_QUERIES)
    gap = check_positive_real(t_upper, "t_upper") - check_positive_real(t_lower, "t_lower")
    if not (0 < t_lower < t_upper < 1):
        raise ValueError(f"t_lower, t_upper: need 0 < t_lower < t_upper < 1, got {t_lower!r}, {t_upper!r}")
    k = math.ceil(min_gap(eps, dlt, 1) / gap)
    while not lemma1_applies(eps, dlt, gap, k):  # float rounding only
        k += 1
    plan_ = Plan(
        "generic-predictor",
        eps,
        dlt,
        {},
        {"k": k, "m": m, "n": k * m, "T": T, "t_lower": t_lower, "t_upper": t_upper},
        ["[Yan26] Lemma 1's gap: t_u - t_l >= 12/(eps k)(ln(10/eps) + ln(1/delta) + 1)"],
        {"examples": k * m, "memory_bytes": 8 * k * m, "seconds": SECONDS_PER_QUERY * T},
        [
            "the plan fixes each BetweenThresholds segment's (epsilon, delta); a run's total composes the "
            "segments it used ([Yan26] Theorem 3), a number the run reports and the plan cannot fix",
            "m is free in practical mode: accuracy is measured, not proved",
        ],
    )
    return _promise(plan_)


PLANNERS: dict[str, Callable[..., Plan]] = {
    "generic-bbl": plan_generic_bbl,
    "dp-winnow": plan_dp_winnow,
    "dp-greedy-cover": plan_dp_greedy_cover,
    "vc1": plan_vc1,
    "private-median": plan_private_median,
    "generic-predictor": plan_generic_predictor,
}


@checked
def plan(
    algorithm: Annotated[str, Choice(*_ALGORITHMS)],
    epsilon: _PlanEpsilon,
    delta: Annotated[float, Check(check_delta), Joint("the planner's own delta domain")],
    **kw: Any,
) -> Plan:
    """Dispatch to the planner of ``algorithm`` (one of :data:`PLANNERS`).

    Parameters
    ----------
    algorithm : str
        A key of :data:`PLANNERS`.
    epsilon, delta : float
        The target privacy parameters.
    **kw
        The planner's own keyword arguments.

    Returns
    -------
    Plan
        The planner's result.
    """
    if algorithm not in PLANNERS:
        raise ValueError(f"algorithm must be one of {sorted(PLANNERS)}, got {algorithm!r}")
    return PLANNERS[algorithm](epsilon, delta, **kw)


@checked
def load_plan(obj: Annotated[Any, Joint("a plan's dict, its JSON file or a Plan", kind="object")]) -> Plan:
    """A :class:`Plan` from its ``as_dict()`` form (a dict or a JSON file path).

    Parameters
    ----------
    obj : dict, str or Path
        ``plan.as_dict()`` or the path of the JSON ``geoprivate plan ... --json`` wrote.

    Returns
    -------
    Plan
        The plan (its guarantee as stored; :func:`planned_guarantee` recomputes it).

    Raises
    ------
    ValueError
        An unreadable file or a malformed plan (one line).
    """
    if isinstance(obj, (str, Path)):
        try:
            obj = json.loads(Path(obj).read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"obj: cannot read a plan from {str(obj)!r}: {exc}") from None
    if not isinstance(obj, dict) or "algorithm" not in obj:
        raise ValueError("obj: expected the JSON of `geoprivate plan ... --json` (a dict, or a path to it)")
    try:
        return Plan(**obj)
    except TypeError as exc:
        raise ValueError(f"obj: malformed plan ({exc})") from None


# ---------------------------------------------------------------------------- practical mode (#33)
#: measured (2-core reference machine): CPU seconds of LabelBoost on halfplanes per m² (m = |Ŝ_i| + |D̂_i|
#: points; 300 Gaussian points on the grid 2⁻¹⁰ took 2.0 s).  Grid points are rarely in general position,
#: so the planar sweep falls back to the dense enumeration, which refuses m ≳ 550 (its max_work)
SECONDS_PER_SWEEP_PAIR = 2.2e-5
#: bytes held per query of a phase (points, votes, answers, hypothesis levels, D_hat_i for LabelBoost)
BYTES_PER_QUERY = 48


def _repaired_phase_T(budget, t_gap_half, c, stopper, R, delta) -> tuple | None:
    """Smallest T (and its ε') with the stopped BetweenThresholds' training ε_tr ≤ budget, δ_tr ≤ δ."""
    cmax = stopper.c_max(_RowStub(c, R))
    tl, tu = 0.5 - t_gap_half, 0.5 + t_gap_half
    best = None
    for e_bt in np.geomspace(1e-7, 0.999, 300):
        e_bt = float(e_bt)
        if e_bt / 2 + cmax * e_bt / 3 >= budget:
            break
        lo, hi = 1, 2
        while not _ok_tr(training_guarantee(e_bt, tl, tu, hi, cmax), budget, delta):
            hi *= 2
            if hi > 1 << 50:
                break
        else:
            while hi - lo > 1:
                mid = (lo + hi) // 2
                lo, hi = (lo, mid) if _ok_tr(training_guarantee(e_bt, tl, tu, mid, cmax), budget, delta) else (mid, hi)
            if best is None or hi < best[0]:
                best = (hi, e_bt, cmax)
    return best


def _ok_tr(g, budget, delta) -> bool:
    return g.epsilon <= budget and g.delta <= delta


@dataclass(frozen=True)
class _RowStub:
    """The two attributes :meth:`StopperParameters.c_max` reads from a phase."""

    c: int
    R: int


@checked
def plan_everlasting_practical(
    epsilon: _PlanEpsilon,
    delta: _PlanDelta,
    *,
    phases: _Phases = 2,
    alpha: _Rate = 0.1,
    beta: _Rate = 0.05,
    lam: Annotated[Any, Check(_per_phase_ints, kind="object", low=1), Joint("one value or one per phase")] = 8,
    top_rate: Annotated[float, Interval(ge=0, le=1)] = 0.02,
    top_margin: Annotated[int, Interval(ge=0, le=MAX_QUERIES)] = 8,
    queries: _Queries = 1000,
    s_hat: Annotated[Any, Check(_per_phase_ints, kind="object", low=0), Joint("one value or one per phase")] = 2000,
    vc: _VC = 1,
    repaired: bool = False,
    stopper: StopperParameters | None = None,
    later_budget: Epsilon = 1.0,
    query_private: bool = False,
    accountant: _Accountant = "paper",
) -> Plan:
    """GenericBBL / RepairedBBL in practical mode: every *privacy* condition exact, sizes otherwise free.

    Privacy conditions, evaluated exactly as the run evaluates them: GenericBBL — [NNSY23]
    Observation 2 and Lemma C.3's gap (Claim D.9) in **every** phase (phase 1 at the training
    budget ε − ε_LB, later phases at Claim D.1's (``later_budget``, δ)); LabelBoost booked at
    2 ln(1 + e^{1/2}) ≈ 1.948, or amplified by Claim 2.7 when |S_1| ≥ (|Ŝ_1|/ε)(3 + e^{1.948});
    RepairedBBL — the stopped BetweenThresholds' (ε_tr, δ_tr) (``docs/everlasting_query_privacy.md``)
    in every phase with its cap c_max, and with ``query_private=True`` the Claim 2.7 size
    R_i ≥ |D̂_i|(3 + e^{ε_chain})/ε that books a hidden query of an earlier phase.
    Accuracy is *not* assumed: λ_i, c_i (= ⌈top_rate·R_i⌉ + top_margin), |Ŝ_i| are the caller's
    and the runs measure err_D; |D̂_i| = |S_{i+1}| (Claim D.6) and R_i = |D̂_i| are the smallest
    the step allows.

    Parameters
    ----------
    epsilon, delta : float
        Target (ε ≤ 4 in the issue); the run's own ε (sizes m, Claim 2.7) is min(ε, 1).
    phases : int
        Number of phases k.
    alpha, beta : float
        GenericBBL's α, β (α_1 = α/2, halved per phase: the band of phase i is [½ − α_i, ½ + α_i]).
    lam : int or list of int
        λ_i (one value for every phase, or one per phase).
    top_rate, top_margin : float, int
        The TOP budget c_i = ⌈top_rate·R_i⌉ + top_margin (the measured share of queries in the band).
    queries : int
        R_k of the last phase.
    s_hat : int or list of int
        |Ŝ_i| (LabelBoost's labelled sub-sample), capped at |S_i|.
    vc : int
        VC dimension.
    repaired : bool
        Plan RepairedBBL (the toolkit's construction) instead of GenericBBL.
    stopper : StopperParameters, optional
        RepairedBBL's stopper (default ε_s = 1, β_s = δ/(2(1 + e)): the query δ of a phase is δ/2,
        and later phases' δ_tr ≤ δ/(8e), so that Lemma C.1's 4e·δ_tr leaves the other δ/2).
    later_budget : float
        The answering loop's ε in phases ≥ 2 (Claim D.1's 1).
    query_private : bool
        RepairedBBL: also meet the Claim 2.7 size that books an earlier-phase hidden query.
    accountant : {"paper", "tight"}, default "paper"
        GenericBBL: Observation 2's c_i segments (and LabelBoost) composed by the paper's theorems or
        optimally (:mod:`geoprivate.privacy.tight`), in the conditions and in the guarantee; the plan
        records it and its run runs under it.  RepairedBBL books ``"paper"`` only.

    Returns
    -------
    Plan
        ``parameters["phases"]`` rows as :func:`plan_generic_bbl`'s (run them with :meth:`Plan.run`);
        ``guarantee`` is what the run will report, computed by the predictor's own function
        (:func:`~geoprivate.everlasting.generic_bbl.generic_bbl_privacy`,
        :func:`~geoprivate.everlasting.repaired.repaired_bbl_privacy`); ``binding`` the privacy
        conditions that fix each T_i.

    Raises
    ------
    ValueError
        One line naming the condition no configuration meets (e.g. two phases at ε ≤ 1.948: phase 1
        cannot pay LabelBoost).

    Examples
    --------
    >>> pl = plan_everlasting_practical(4, 1e-6, phases=1, repaired=True, alpha=0.2, queries=20, lam=1)
    >>> pl.n, pl.guarantee["training"][0] <= 4, pl.guarantee["query"]["same phase as the probes"]
    (16519, True, [1.0, 5.000000000000002e-07])
    >>> res = pl.run(rng=0)
    >>> res.privacy_applies, res.privacy.summary() == pl.guarantee
    (True, True)
    """
    eps, dlt = _target(epsilon, delta)
    if check_accountant(accountant) != "paper" and repaired:
        raise ValueError(REPAIRED_ACCOUNTANT)
    k = check_positive_int(phases, "phases")
    vc = check_positive_int(vc, "vc")
    lams = [check_positive_int(v, "lam") for v in (lam if isinstance(lam, (list, tuple)) else [lam] * k)]
    shats = [int(v) for v in (s_hat if isinstance(s_hat, (list, tuple)) else [s_hat] * k)]
    if len(lams) != k or len(shats) != k:
        raise ValueError(f"lam, s_hat: expected one value or {k} values")
    if not 0 <= top_rate <= 1:
        raise ValueError(f"top_rate must lie in [0, 1], got {top_rate!r}")
    R_last = check_positive_int(queries, "queries")
    st = stopper if stopper is not None else StopperParameters(1.0, dlt / (2 * (1 + math.e)))
    e_lb = labelboost_epsilon()
    e_run = min(eps, 1.0)
    a1 = check_probability(alpha, "alpha") / 2
    alphas = [a1 / 2**i for i in range(k)]
    if 0.5 + alphas[-1] == 0.5 - alphas[-1]:
        raise ValueError(f"alpha: phase {k}'s band [1/2 - alpha_k, 1/2 + alpha_k] is empty in floating point")
    spec = dict(
        k=k, eps=eps, dlt=dlt, alphas=alphas, beta=beta, lams=lams, shats=shats, R_last=R_last,
        top_rate=top_rate, top_margin=int(top_margin), e_run=e_run, repaired=repaired, st=st,
        later_budget=later_budget, query_private=query_private, accountant=accountant,
    )  # fmt: skip
    feasible: tuple[list, list] | None
    e_m2, feasible = e_lb, None
    for _ in range(8):  # LabelBoost's booking depends on |S_1| (Claim 2.7), |S_1| on the budget it leaves
        rows, binding = _practical_rows(spec, e_m2)
        amp = claim27_epsilon(e_lb, rows[0]["s_hat"], rows[0]["S"]) if k > 1 else None
        booked = e_lb if amp is None else min(e_lb, amp)
        if booked <= e_m2 + 1e-12:
            feasible = (rows, binding)  # phase 1's budget eps - e_m2 covers what the run will book
        if amp is None or abs(booked - e_m2) < 1e-9:
            break
        e_m2 = min(e_lb, 1.05 * booked)
    assert feasible is not None  # the first pass books at most e_m2 = e_lb, so it is feasible
    rows, binding = feasible
    n = rows[0]["S"]
    return _practical_plan(
        rows, binding, k, eps, dlt, n, vc, alpha, beta, e_run, repaired, st, query_private, accountant
    )


def _practical_rows(spec: dict, e_m2: float):
    """The phases of :func:`plan_everlasting_practical`, last to first (R_i follows |S_{i+1}|).

    ``spec`` holds the planner's fixed arguments; ``e_m2`` is the LabelBoost ε phase 1's budget pays.
    """
    k, eps, dlt, alphas, beta, lams, shats = (spec[x] for x in ("k", "eps", "dlt", "alphas", "beta", "lams", "shats"))
    R_last, top_rate, top_margin, e_run = spec["R_last"], spec["top_rate"], spec["top_margin"], spec["e_run"]
    repaired, st, later_budget, query_private = (
        spec["repaired"],
        spec["st"],
        spec["later_budget"],
        spec["query_private"],
    )

    e_lb = labelboost_epsilon()
    rows: list = [None] * k
    binding: list = []
    S_next, chain_next = 0, None
    for i in range(k - 1, -1, -1):
        ai = alphas[i]
        if i == k - 1:
            R = R_last
        elif repaired and query_private:
            assert chain_next is not None  # set by the phase after this one (the loop runs last to first)
            R = max(S_next, math.ceil(S_next * (3 + math.exp(min(chain_next, 700.0))) / e_run))
        else:
            R = S_next
        c = math.ceil(top_rate * R) + int(top_margin)
        budget = (eps - (e_m2 if k > 1 else 0.0)) if i == 0 else later_budget
        if budget <= 0:
            raise ValueError(
                f"epsilon={eps}: with {k} phases phase 1 pays LabelBoost's {e_m2:.3f} ([NNSY23] Claim E.5's M2), "
                "which leaves nothing for its BetweenThresholds (plan one phase, or a larger epsilon)"
            )
        if repaired:
            # delta split: a later phase's delta_tr enters an earlier hidden query's chain times 4e (Lemma C.1)
            found = _repaired_phase_T(budget, ai, c, st, R, dlt if i == 0 else dlt / (8 * math.e))
            if found is None:
                raise ValueError(
                    f"epsilon, later_budget: phase {i + 1}: no T gives the stopped BetweenThresholds "
                    f"({budget:.3g}, delta)"
                )
            T, e_bt, cmax = found
            why = (
                f"phase {i + 1}: stopped BetweenThresholds (eps_tr <= {budget:.3g}, delta_tr <= delta), c_max = {cmax}"
            )
        else:
            e_bt = _eps_bt_max(budget, dlt, c, spec["accountant"])
            if e_bt is None:
                raise ValueError(
                    f"phase {i + 1}: BetweenThresholds with c = {c} TOPs cannot be ({budget:.3g}, delta)-DP"
                )
            T = gap_T(e_bt, dlt, c, ai)
            why = f"phase {i + 1}: Lemma C.3 gap (Claim D.9) at Observation 2's eps' for budget {budget:.3g}"
        binding.append(why)
        S = lams[i] * T
        rows[i] = _phase_row(
            i + 1,
            ai,
            beta / 2 ** (i + 1),
            lams[i],
            T,
            R,
            c,
            e_bt,
            dlt,
            s_hat=min(shats[i], S) if i < k - 1 else 0,
            d_hat=S_next if i < k - 1 else 0,
        )
        if repaired:
            tr = st.training(_phase_view(rows[i], dlt))
            chain_next = tr.epsilon + e_lb + 3  # [NNSY23] Claim E.6 (i)-(iii) with Lemma C.1's +3
        S_next = S
    return rows, binding


def _practical_plan(
    rows, binding, k, eps, dlt, n, vc, alpha, beta, e_run, repaired, st, query_private, accountant="paper"
) -> Plan:
    """Assemble the practical :class:`Plan` and compute its guarantee by the predictor's accounting."""
    e_lb = labelboost_epsilon()
    if repaired and query_private and k > 1:
        binding.append(
            "query privacy of an earlier phase: Claim 2.7 on D_hat_i (R_i >= |D_hat_i|(3 + e^eps_chain)/eps)"
        )
    if k > 1 and claim27_epsilon(e_lb, rows[0]["s_hat"], rows[0]["S"]) is not None:
        binding.append("Claim 2.7 (S_hat_1 from S_1) amplifies LabelBoost")
    plan_ = Plan(
        "repaired-bbl" if repaired else "generic-bbl",
        eps,
        dlt,
        {},
        {
            "n": n,
            "phases": rows,
            "vc": vc,
            "alpha": alpha,
            "beta": beta,
            "mode": "practical",
            "epsilon_run": e_run,
            "stopper": [st.epsilon_stop, st.beta_stop] if repaired else None,
        }
        | _accountant_key(accountant),
        binding,
        {},
        ["practical mode: privacy conditions exact, accuracy measured (not proved)"],
    )
    _promise(plan_)
    examples = sum(r["S"] for r in rows)
    secs = SECONDS_PER_EXAMPLE * examples + SECONDS_PER_QUERY * sum(r["R"] for r in rows)
    if vc > 1:
        secs += SECONDS_PER_SWEEP_PAIR * sum((r["s_hat"] + r["d_hat"]) ** 2 for r in rows)
    plan_.cost = {
        "examples": n,
        "memory_bytes": BYTES_PER_EXAMPLE * max(r["S"] for r in rows) + BYTES_PER_QUERY * max(r["R"] for r in rows),
        "seconds": secs,
        "queries": sum(r["R"] for r in rows),
    }
    return plan_


def _phase_view(row, delta):
    """The fields of a planned phase the stopper's accounting reads (as PhaseParameters has them)."""
    return SimpleNamespace(
        c=row["c"],
        R=row["R"],
        T=row["T"],
        epsilon_bt=row["epsilon_bt"],
        t_lower=0.5 - row["alpha"],
        t_upper=0.5 + row["alpha"],
    )


@checked
def run_everlasting_plan(
    plan: _PlanArg,
    concept: Annotated[str, Choice(*RUN_COST)] = "thresholds",
    seed: Seed = 0,
    *,
    phases: _Phases | None = None,
    max_examples: PositiveInt = 50_000_000,
    max_queries: PositiveInt = 50_000_000,
    max_memory: PositiveInt = DEFAULT_MAX_MEMORY,
    progress: Progress = None,
    query_progress: Progress = None,
):
    """Run a GenericBBL or RepairedBBL plan on a synthetic problem: n examples of the target, R_i queries of D.

    Plans of :func:`plan_generic_bbl` and :func:`plan_everlasting_practical` (or read by :func:`load_plan`).

    Parameters
    ----------
    plan : Plan
        A ``generic-bbl`` or ``repaired-bbl`` plan.
    concept : str
        ``"thresholds"`` or ``"halfspaces"`` (halfplanes: d = 2).
    seed : int
        Seeds the problem, the sample and the predictor (independent child streams).
    phases : int, optional
        Run only the first ``phases`` phases (a different mechanism: its guarantee is its own).
    max_examples, max_queries : int
        Refuse a plan needing more examples or queries (a calculator answer, not a run).
    max_memory : int
        Refuse, before drawing anything, a run whose estimate (:func:`everlasting_run_cost`) holds
        more bytes (default 8 GiB).
    progress, query_progress : tqdm-like, optional
        Updated per phase / per batch of answered queries.

    Returns
    -------
    EverlastingResult
        Its ``privacy`` and ``guarantee`` are recomputed by the predictor from the parameters used
        (not copied from the plan); for the whole plan they equal ``plan.guarantee``.

    Raises
    ------
    ValueError
        A plan for another algorithm, or one needing more than ``max_examples`` examples,
        ``max_queries`` queries in all or ``max_memory`` bytes.
    """
    _check_generic_bbl_plan(plan)
    max_memory = check_positive_int(max_memory, "max_memory")
    n = plan.n
    if n > max_examples:
        raise ValueError(
            f"plan: needs n = {n:.3e} examples, above max_examples = {max_examples:.3e} "
            "(a calculator answer: see `geoprivate plan`)"
        )
    total_q = sum(r["R"] for r in plan.parameters["phases"][: phases or None])
    if total_q > max_queries:
        raise ValueError(
            f"plan: needs {total_q:.3e} queries, above max_queries = {max_queries:.3e} "
            "(a calculator answer: see `geoprivate plan`)"
        )
    cost = everlasting_run_cost(plan, concept, phases)
    if cost["memory_bytes"] > max_memory:
        raise ValueError(
            f"max_memory: a {concept} run of this plan would hold about {cost['memory_bytes'] / 2**30:.1f} GiB "
            f"(n = {n:.3e} examples, {cost['erms']:.3e} hypotheses), above max_memory = {max_memory / 2**30:.1f} GiB "
            "(a larger epsilon needs fewer examples)"
        )
    root = np.random.SeedSequence(seed)
    s_prob, s_data, s_alg = root.spawn(3)
    prob = make_everlasting_problem(concept, np.random.default_rng(s_prob))
    par = generic_bbl_parameters_from_plan(plan)
    x = prob.sample(np.random.default_rng(s_data), n)
    seed_alg = int(s_alg.generate_state(1)[0])
    if plan.algorithm == "repaired-bbl":
        alg: GenericBBL = RepairedBBL(prob, x, prob.target(x), par, seed_alg, stopper=_stopper(plan))
    else:
        alg = GenericBBL(prob, x, prob.target(x), par, seed_alg, accountant=plan_accountant(plan))
    del x
    return alg.run(phases, progress=progress, query_progress=query_progress)


# ---------------------------------------------------------------------------- the accountant of a plan
def _accountant_key(accountant: str) -> dict:
    """``{"accountant": accountant}`` for the tight accountant, nothing for the paper's (the default)."""
    return {"accountant": accountant} if accountant != "paper" else {}


@checked
def plan_accountant(plan: _PlanArg) -> str:
    """The accountant a plan was made under (``parameters["accountant"]``; ``"paper"`` when absent).

    Parameters
    ----------
    plan : Plan
        Any planner's plan.

    Returns
    -------
    str
        ``"paper"`` or ``"tight"`` (:data:`~geoprivate.privacy.accounting.ACCOUNTANTS`).
    """
    return check_accountant(plan.parameters.get("accountant", "paper"))


# ---------------------------------------------------------------------------- one statement per run
def _check_algorithm(plan: Plan, *algorithms: str) -> None:
    """A one-line refusal unless ``plan`` is a :class:`Plan` of one of ``algorithms``."""
    if not isinstance(plan, Plan):
        raise TypeError(f"plan must be a Plan, got {type(plan).__name__}")
    if plan.algorithm not in algorithms:
        raise ValueError(f"plan: expected a plan of {' or '.join(algorithms)}, got {plan.algorithm!r}")


@checked
def planned_privacy(plan: _PlanArg):
    """The privacy record a run of a GenericBBL / RepairedBBL plan reports, computed before the run.

    :func:`~geoprivate.everlasting.generic_bbl.generic_bbl_privacy` or
    :func:`~geoprivate.everlasting.repaired.repaired_bbl_privacy` on the parameters the run will use
    (:func:`generic_bbl_parameters_from_plan`) and the plan's n: the very function the run calls.

    Parameters
    ----------
    plan : Plan
        A ``generic-bbl`` or ``repaired-bbl`` plan.

    Returns
    -------
    TrainingPrivacy or RepairedPrivacy
    """
    _check_generic_bbl_plan(plan)
    par = generic_bbl_parameters_from_plan(plan)
    if plan.algorithm == "repaired-bbl":
        return repaired_bbl_privacy(par, _stopper(plan), plan.n)
    return generic_bbl_privacy(par, plan.n, accountant=plan_accountant(plan))


def _everlasting_guarantee(plan: Plan) -> dict:
    priv = planned_privacy(plan)
    if not priv.privacy_applies:
        raise ValueError(
            f"{plan.algorithm}: the planned configuration does not meet {priv.statement}: "
            f"{', '.join(priv.failed_conditions())} fail(s)"
        )
    return priv.summary()


def _dp_winnow_guarantee(plan: Plan) -> dict:
    P = plan.parameters
    g = dp_winnow_privacy(P["eps_hat"], P["eta"], P["m"], P["K"], plan.delta, accountant=plan_accountant(plan))
    scope = "[BF26] Theorem 4.4 (proof C.1, 4 eta per sample)"
    return {"epsilon": g.epsilon, "delta": g.delta, "scope": scope} | _accountant_key(g.accountant)


def _dp_greedy_cover_guarantee(plan: Plan) -> dict:
    g = greedy_cover_privacy(plan.parameters["M"], epsilon=plan.epsilon, delta=plan.delta)
    return {"epsilon": g.epsilon, "delta": g.delta, "scope": "[BF26] Lemma A.1 (add/remove one example)"}


def _vc1_guarantee(plan: Plan) -> dict:
    learner = {v[0]: k for k, v in VC1_LEARNERS.items()}[plan.parameters["learner"]]
    name, k = VC1_LEARNERS[learner]
    if not choosing_applies(plan.epsilon / k):
        raise ValueError(f"epsilon={plan.epsilon!r}: {name}'s choosing mechanism runs at epsilon/{k}, outside (0, 2)")
    g = {"epsilon": plan.epsilon, "delta": plan.delta, "scope": f"[Yan25] {name} (its class Notes)"}
    return g | _accountant_key(plan_accountant(plan))


def _median_guarantee(plan: Plan) -> dict:
    P = plan.parameters
    if P["method"] == "exponential":  # [Yan25] Theorem 8: (eps, 0) for every eps > 0
        return {"epsilon": plan.epsilon, "delta": 0.0, "scope": "[Yan25] Theorem 8 (exponential mechanism)"}
    ip = interior_point_parameters(P["domain_size"], plan.epsilon, plan.delta, P["beta"])  # what the run computes
    if not ip.privacy_applies:
        raise ValueError(
            f"epsilon={plan.epsilon!r}: the log-star median's choosing steps run at epsilon/(2L+1) = "
            f"{ip.epsilon_step!r} (L = {ip.levels}), outside Lemma 1's (0, 2)"
        )
    return {"epsilon": plan.epsilon, "delta": plan.delta, "scope": "RecPrefix-R (private_median's Notes)"}


def _predictor_guarantee(plan: Plan) -> dict:
    P = plan.parameters
    if not lemma1_applies(plan.epsilon, plan.delta, P["t_upper"] - P["t_lower"], P["k"]):
        raise ValueError(f"k={P['k']}: [Yan26] Lemma 1 does not apply at epsilon={plan.epsilon}, delta={plan.delta}")
    return {
        "epsilon": plan.epsilon,
        "delta": plan.delta,
        "scope": "each BetweenThresholds segment ([Yan26] Lemma 1); a run composes the segments it used (Theorem 3)",
    }


_GUARANTEES: dict[str, Callable[[Plan], dict]] = {
    "generic-bbl": _everlasting_guarantee,
    "repaired-bbl": _everlasting_guarantee,
    "dp-winnow": _dp_winnow_guarantee,
    "dp-greedy-cover": _dp_greedy_cover_guarantee,
    "vc1": _vc1_guarantee,
    "private-median": _median_guarantee,
    "generic-predictor": _predictor_guarantee,
}


@checked
def planned_guarantee(plan: _PlanArg) -> dict:
    """The guarantee a run of ``plan`` reports, by the function the run itself uses — or a refusal.

    The planners store it in :attr:`Plan.guarantee`; :func:`run_plan` returns a result whose guarantee
    equals it (the property test ``tests/test_planning_run.py`` runs every planner's smallest plans).

    Parameters
    ----------
    plan : Plan
        Any planner's plan.

    Returns
    -------
    dict
        ``epsilon``, ``delta``, ``scope`` (and for GenericBBL / RepairedBBL the ``training`` and
        ``query`` sides).

    Raises
    ------
    ValueError
        One line naming the privacy condition that fails for the planned parameters.
    """
    _check_algorithm(plan, *_GUARANTEES)
    return _GUARANTEES[plan.algorithm](plan)


def _promise(plan_: Plan) -> Plan:
    """Store the planned guarantee in ``plan_`` (refusing when privacy does not apply) and note its scope."""
    g = planned_guarantee(plan_)
    tr = g.get("training") or [g["epsilon"], g["delta"]]
    # the target is training privacy for the everlasting plans, the whole guarantee otherwise
    if plan_.algorithm != "generic-predictor" and not (
        tr[0] <= plan_.epsilon * (1 + 1e-12) and tr[1] <= plan_.delta * (1 + 1e-12)
    ):
        raise ValueError(
            f"{plan_.algorithm}: the planned configuration gives ({tr[0]:.6g}, {tr[1]:.3g}), above the target "
            f"({plan_.epsilon:g}, {plan_.delta:g})"
        )
    if g.get("query") and g["epsilon"] > plan_.epsilon * (1 + 1e-12):
        plan_.notes.append(
            f"query privacy of a hidden query ({g['epsilon']:.4g}, {g['delta']:.3g}) is above the target: only "
            "training privacy is planned to it (query_private=True plans the query side too)"
        )
    plan_.guarantee = g
    return plan_


# ---------------------------------------------------------------------------- from a plan to its run
def _int_seed(rng) -> int:
    """An int seed for the runners that derive child streams by SeedSequence (a Generator gives one draw)."""
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool) and rng >= 0:
        return int(rng)
    return int(as_rng(rng).integers(0, 2**63))


def _run_everlasting(plan: Plan, data, rng, **kw):
    return run_everlasting_plan(plan, "thresholds" if data is None else data, _int_seed(rng), **kw)


def _run_dp_winnow(plan: Plan, data, rng, **kw):
    P = plan.parameters
    gen = as_rng(rng)
    if data is None:
        k = max(1, min(P["d"], math.floor(1 / P["rho"])))
        k -= 1 - k % 2  # odd: a majority of k coordinates has margin 1/k >= rho
        X, y, _, _ = majority_sequence(P["T"], P["d"], k, gen)
    else:
        X, y = data
    return dp_winnow(X, y, dp_winnow_parameters_from_plan(plan), gen, accountant=plan_accountant(plan), **kw)


def _run_dp_greedy_cover(plan: Plan, data, rng, **kw):
    P = plan.parameters
    gen = as_rng(rng)
    if data is None:
        M = P["M"]
        Phi = gen.integers(0, 2, size=(plan.n, M), dtype=np.int8)
        y = random_decision_list(M, min(M, 3), gen).predict(Phi)
    else:
        Phi, y = data
    return dp_greedy_cover(
        Phi, y, epsilon=plan.epsilon, delta=plan.delta, alpha=P["alpha"], beta=P["beta"], rng=gen, **kw
    )


def _run_vc1(plan: Plan, data, rng, **kw):
    P = plan.parameters
    gen = as_rng(rng)
    if data is None:  # thresholds on TD points, the target threshold drawn at random, x uniform
        cls = thresholds_tree(P["td"])
        cols = gen.integers(0, P["td"], size=plan.n)
        labels = (cols >= gen.integers(0, P["td"] + 1)).astype(np.int8)
    else:
        cls, cols, labels = data
    learner = OPTPrivateLearner if P["learner"] == "OPTPrivateLearner" else ProperLearner
    fitter = learner(
        cls, plan.epsilon, plan.delta, P["alpha"], P["beta"], median=P["median"], partition="counts",
        accountant=plan_accountant(plan),
    )  # fmt: skip
    return fitter.fit(cols, labels, gen, **kw)


def _run_median(plan: Plan, data, rng, **kw):
    P = plan.parameters
    gen = as_rng(rng)
    if data is None:
        values = gen.integers(0, P["domain_size"], size=plan.n)
    else:
        values = as_positions(data, "data")
        if values.size and (values.min() < 0 or values.max() >= P["domain_size"]):
            raise ValueError(f"data: expected integers in [0, {P['domain_size']}), the plan's domain")
    return private_median(
        values, P["domain_size"], plan.epsilon, _median_guarantee(plan)["delta"], P["alpha"], gen,
        method=P["method"], beta=P["beta"], **kw,
    )  # fmt: skip


def _run_generic_predictor(plan: Plan, data, rng, **kw):
    P = plan.parameters
    gen = as_rng(rng)
    if data is None:  # thresholds on [0, 1), target 0.3, the binary-search adversary
        x = gen.uniform(size=plan.n)
        data = (G_oblivious(Thresholds()), x, (x >= 0.3).astype(np.int8), binary_search_sequence(P["T"]))
    generator, points, labels, adversary = data
    pred = GenericPredictor(
        generator, points, labels, k=P["k"], m=P["m"], epsilon=plan.epsilon, delta=plan.delta, rng=gen,
        t_lower=P["t_lower"], t_upper=P["t_upper"], strict=True,
    )  # fmt: skip
    return pred.run(adversary, P["T"], **kw)


_RUNNERS: dict[str, Callable] = {
    "generic-bbl": _run_everlasting,
    "repaired-bbl": _run_everlasting,
    "dp-winnow": _run_dp_winnow,
    "dp-greedy-cover": _run_dp_greedy_cover,
    "vc1": _run_vc1,
    "private-median": _run_median,
    "generic-predictor": _run_generic_predictor,
}


@checked
def run_plan(plan: _PlanArg, data: Any = None, *, rng: Rng = 0, **kw: Any):
    """Run a plan of any planner: the algorithm with the planned configuration, on ``data`` or a synthetic instance.

    ``data`` is the algorithm's input; None draws a synthetic instance of the planned size from ``rng``:

    * ``generic-bbl`` / ``repaired-bbl``: the concept name (``"thresholds"``, ``"halfspaces"``) of
      :func:`run_everlasting_plan` (``kw``: ``phases``, ``max_examples``, progress bars);
    * ``dp-winnow``: ``(X, y)`` of T rounds in {−1, 1}^d (None: a majority of ⌊1/ρ⌋ coordinates, margin ≥ ρ);
    * ``dp-greedy-cover``: ``(Phi, y)`` with M feature columns (None: a random decision list of 3 terms);
    * ``vc1``: ``(concept_class, cols, labels)`` (None: thresholds on TD points, ``partition="counts"``);
    * ``private-median``: the values (None: uniform on the domain);
    * ``generic-predictor``: ``(generator, points, labels, adversary)`` (None: thresholds on [0, 1),
      the binary-search adversary).

    Parameters
    ----------
    plan : Plan
        The plan.
    data : optional
        The input (above).
    rng : int, Generator or None
        The run's randomness (default 0: the same run every time).
    **kw
        Passed to the algorithm's run.

    Returns
    -------
    object
        The algorithm's own result (EverlastingResult, DPWinnowRun, GreedyCoverResult, VC1Hypothesis,
        MedianResult, PredictionResult); its guarantee is ``plan.guarantee`` (for the predictor: every
        segment's).

    Examples
    --------
    >>> pl = plan_dp_winnow(1.0, 1e-6, T=200, d=8, rho=0.5)
    >>> res = run_plan(pl, rng=0)
    >>> res.privacy_applies, res.guarantee.epsilon == pl.guarantee["epsilon"]
    (True, True)
    """
    _check_algorithm(plan, *_RUNNERS)
    return _RUNNERS[plan.algorithm](plan, data, rng, **kw)
