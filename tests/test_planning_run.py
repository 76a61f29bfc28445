"""Plan = run: every planner's plan, run at its smallest size, reports exactly the guarantee it promised.

The planners compute ``Plan.guarantee`` with the function the run itself calls
(:func:`geoprivate.planning.planned_guarantee`); these tests run the plans (:meth:`Plan.run`) and compare
the run's one privacy record with the plan, exactly, with ``privacy_applies`` True — or check that the
planner refuses in one line.
"""

import itertools
import warnings

import numpy as np
import pytest

from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
from geoprivate.everlasting.repaired import RepairedBBL, repaired_bbl_privacy
from geoprivate.planning import (
    Plan,
    PlannedPhase,
    generic_bbl_parameters_from_plan,
    plan_dp_greedy_cover,
    plan_dp_winnow,
    plan_everlasting_practical,
    plan_generic_bbl,
    plan_generic_predictor,
    plan_private_median,
    plan_vc1,
    planned_guarantee,
    run_plan,
)
from geoprivate.privacy.warnings import PrivacyWarning, UtilityWarning

#: the smallest sizes the practical planner allows a caller to ask for
SMALL = {"queries": 10, "lam": 1, "s_hat": 5}


def _plan_or_refusal(epsilon, delta, phases, repaired):
    try:
        return plan_everlasting_practical(epsilon, delta, phases=phases, repaired=repaired, **SMALL)
    except ValueError as exc:
        assert "\n" not in str(exc) and str(exc)  # a refusal is one line naming the condition
        return None


def _run_quietly(plan, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UtilityWarning)  # accuracy is measured at these sizes, not proved
        warnings.simplefilter("error", PrivacyWarning)  # a planned run is never outside its privacy theorem
        return run_plan(plan, rng=0, **kw)


def _check_everlasting(plan):
    res = _run_quietly(plan)
    assert res.privacy_applies
    assert res.privacy.summary() == plan.guarantee  # training and query side, scope: exactly
    assert (res.guarantee.epsilon, res.guarantee.delta) == (plan.guarantee["epsilon"], plan.guarantee["delta"])
    assert plan.guarantee["training"][0] <= plan.epsilon and plan.guarantee["training"][1] <= plan.delta
    return res


# ------------------------------------------------------------------ the reproducer (Done-when)
@pytest.mark.parametrize(("epsilon", "phases"), [(1.0, 1), (1.0, 2), (4.0, 1), (4.0, 2)])
def test_repaired_bbl_runs_with_its_planned_guarantee_or_is_refused(epsilon, phases):
    """RepairedBBL planned at (1, 1e-6) and (4, 1e-6), one and two phases: the run reports the plan."""
    pl = _plan_or_refusal(epsilon, 1e-6, phases, True)
    if pl is None:
        assert epsilon < 1.948 and phases == 2  # phase 1 cannot pay LabelBoost's 2 ln(1 + e^(1/2))
        with pytest.raises(ValueError, match="LabelBoost"):
            plan_everlasting_practical(epsilon, 1e-6, phases=phases, repaired=True)
        return
    res = _check_everlasting(pl)
    assert isinstance(res.privacy.query_positions, dict) and res.to_dict()["query_privacy_booked"] is True


def test_the_reproducer_at_the_default_sizes_is_private_as_planned():
    """plan_everlasting_practical(1.0, 1e-6, phases=1, repaired=True) used to run with guarantee (inf, 1)."""
    pl = plan_everlasting_practical(1.0, 1e-6, phases=1, repaired=True)
    res = _check_everlasting(pl)
    assert not any("Lemma C.3" in k for k in res.privacy.conditions)  # the stopped mechanism's own Lemma T
    assert all(res.privacy.conditions.values())
    assert "privacy" not in res.extra  # one privacy record per run: no second copy that could disagree


# ------------------------------------------------------------------ the property test over the grid
GRID = list(itertools.product([0.5, 1.0, 2.5, 4.0], [1e-6, 1e-3], [1, 2], [False, True]))
#: two-phase RepairedBBL plans draw ~10^6 examples and answer ~3.10^5 queries (seconds each): one stays
FAST_TWO_PHASE_REPAIRED = (2.5, 1e-3, 2, True)


@pytest.mark.parametrize(
    ("epsilon", "delta", "phases", "repaired"),
    [
        pytest.param(*g, marks=pytest.mark.slow if g[2:] == (2, True) and g != FAST_TWO_PHASE_REPAIRED else ())
        for g in GRID
    ],
)
def test_every_practical_plan_runs_with_the_guarantee_it_promised(epsilon, delta, phases, repaired):
    pl = _plan_or_refusal(epsilon, delta, phases, repaired)
    if pl is None:
        assert phases == 2 and epsilon <= 1.948 + 1e-9
        return
    _check_everlasting(pl)


@pytest.mark.parametrize("phases", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_generic_bbl_planner_runs_with_the_guarantee_it_promised(phases):
    pl = plan_generic_bbl(4.0 if phases == 2 else 1.0, 1e-6, alpha=0.2, queries=10, lambda1=1, tops=2, phases=phases)
    _check_everlasting(pl)


def test_a_run_that_ends_early_reports_the_mechanism_it_was_asked_for():
    """The guarantee is the configured mechanism's: a run that ends in phase 1 still books phase 1's LabelBoost.

    (Whether a run reaches its relabelling depends on the halting time, a function of the data; the
    guarantee of the planned mechanism covers every outcome.  Here the query source stops early.)
    """
    pl = plan_everlasting_practical(4.0, 1e-6, phases=2, **SMALL)
    par = generic_bbl_parameters_from_plan(pl)
    prob = make_everlasting_problem("thresholds", 0)
    x = prob.sample(np.random.default_rng(1), pl.n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UtilityWarning)
        res = GenericBBL(prob, x, prob.target(x), par, rng=2).run(queries=lambda r, i, R: prob.sample(r, R // 2))
    assert len(res.phases) == 1 and res.phases[0].answered == par.phase(1).R // 2
    assert res.privacy.summary() == pl.guarantee
    assert any(k.startswith("LabelBoost") for k in res.privacy.terms)
    one = GenericBBL(prob, x, prob.target(x), par, rng=2).privacy(phases=1)  # asked for one phase: no relabelling
    assert one.guarantee.epsilon < res.guarantee.epsilon


def test_a_plan_whose_parameters_break_a_privacy_condition_is_refused_in_one_line():
    pl = plan_everlasting_practical(4.0, 1e-6, phases=1, repaired=True, **SMALL)
    row = dict(pl.parameters["phases"][0], T=5, S=5)  # Lemma T needs T_1 (t_u - t_l)/2 > 2
    bad = Plan(pl.algorithm, pl.epsilon, pl.delta, {}, pl.parameters | {"phases": [row], "n": 5})
    with pytest.raises(ValueError, match=r"Lemma T \(phase 1\)") as exc:
        planned_guarantee(bad)
    assert "\n" not in str(exc.value)
    par = generic_bbl_parameters_from_plan(bad)
    with pytest.warns(PrivacyWarning, match="Lemma T"):
        prob = make_everlasting_problem("thresholds", 0)
        x = prob.sample(np.random.default_rng(0), 5)
        alg = RepairedBBL(prob, x, prob.target(x), par, 0)
    assert not alg.privacy().privacy_applies and alg.guarantee().is_vacuous
    assert repaired_bbl_privacy(par, alg.stopper, 5).failed_conditions() == ["Lemma T (phase 1): T_i (t_u - t_l)/2 > 2"]


def test_a_plan_exposes_n_and_its_phases():
    pl = plan_everlasting_practical(4.0, 1e-6, phases=2, **SMALL)
    assert pl.n == pl.parameters["n"] == pl.phases[0].S
    assert pl.phases == tuple(
        PlannedPhase(**{k: r[k] for k in PlannedPhase.__dataclass_fields__}) for r in pl.parameters["phases"]
    )
    assert pl.phases[0].d_hat == pl.phases[1].S  # Claim D.6
    assert plan_dp_greedy_cover(1.0, 1e-6, M=3).phases == ()


# ------------------------------------------------------------------ the other planners
@pytest.mark.parametrize(("epsilon", "delta"), [(0.5, 1e-6), (1.0, 1e-3)])
def test_dp_winnow_runs_with_the_planned_guarantee(epsilon, delta):
    pl = plan_dp_winnow(epsilon, delta, T=100, d=6, rho=0.5)
    run = _run_quietly(pl)
    assert run.privacy_applies
    assert (run.guarantee.epsilon, run.guarantee.delta) == (pl.guarantee["epsilon"], pl.guarantee["delta"])
    assert pl.guarantee["epsilon"] <= epsilon
    assert run.utility_proved is (pl.parameters["mistake_bound"] < pl.parameters["T"]) is False


@pytest.mark.parametrize(("epsilon", "delta"), [(0.5, 1e-6), (2.0, 1e-3)])
def test_dp_greedy_cover_runs_with_the_planned_guarantee(epsilon, delta):
    pl = plan_dp_greedy_cover(epsilon, delta, M=3, alpha=0.4, beta=0.2)
    res = _run_quietly(pl)
    assert res.privacy_applies and res.utility_proved  # n is Theorem 3.5's, alpha < 1/2
    assert (res.guarantee.epsilon, res.guarantee.delta) == (pl.guarantee["epsilon"], pl.guarantee["delta"])


@pytest.mark.parametrize(
    ("epsilon", "domain_size", "method"),
    list(itertools.product([0.5, 10.0, 50.0], [4, 64], ["exponential", "log-star"])),
)
def test_private_median_runs_with_the_planned_guarantee_or_is_refused(epsilon, domain_size, method):
    try:
        pl = plan_private_median(epsilon, 1e-6, domain_size=domain_size, alpha=0.2, beta=0.1, method=method)
    except ValueError as exc:  # RecPrefix-R's choosing steps at epsilon/(2L+1) >= 2: outside Lemma 1
        assert method == "log-star" and domain_size > 4 and epsilon >= 10 and "Lemma 1" in str(exc)
        return
    res = _run_quietly(pl)
    assert res.privacy_applies and res.utility_proved and not res.failed
    assert (res.epsilon, res.delta) == (pl.guarantee["epsilon"], pl.guarantee["delta"])


def test_generic_predictor_runs_every_segment_at_the_planned_guarantee():
    pl = plan_generic_predictor(0.5, 1e-6, T=50, m=2)
    res = _run_quietly(pl)
    assert res.privacy_applies and res.ledger.entries
    assert {(e.epsilon, e.delta) for e in res.ledger.entries} == {(pl.guarantee["epsilon"], pl.guarantee["delta"])}
    with pytest.raises(ValueError, match="epsilon"):
        plan_generic_predictor(1.0, 1e-6, T=50)  # Lemma 1 needs epsilon < 1


def test_vc1_plan_promises_what_its_learners_guarantee():
    for learner in ("opt", "proper"):
        pl = plan_vc1(1.0, 1e-6, td=8, alpha=0.45, beta=0.1, learner=learner)
        assert (pl.guarantee["epsilon"], pl.guarantee["delta"]) == (1.0, 1e-6)
    with pytest.raises(ValueError, match="outside Lemma 1"):
        plan_vc1(4.0, 1e-6, td=8)


@pytest.mark.slow
@pytest.mark.parametrize("learner", ["opt", "proper"])
def test_vc1_runs_with_the_planned_guarantee(learner):
    """N = t·m is 5·10⁷ examples or more even at TD = 8: minutes and gigabytes, hence slow."""
    pl = plan_vc1(1.0, 1e-6, td=8, alpha=0.45, beta=0.45, learner=learner)
    h = _run_quietly(pl)
    assert h.privacy_applies and h.utility_proved
    assert (h.guarantee.epsilon, h.guarantee.delta) == (pl.guarantee["epsilon"], pl.guarantee["delta"])


def test_every_planner_has_a_runner_and_the_dispatch_refuses_a_stranger():
    with pytest.raises(ValueError, match="algorithm: expected one of"):
        Plan("nothing", 1.0, 1e-6, {}, {"n": 1})
    stranger = Plan("vc1", 1.0, 1e-6, {}, {"n": 1})
    stranger.algorithm = "nothing"  # a Plan mutated after its checked construction
    with pytest.raises(ValueError, match="expected a plan of"):
        run_plan(stranger)
    with pytest.raises(TypeError, match="plan must be a Plan"):
        run_plan({"algorithm": "dp-winnow"})
