"""GenericBBL's accounting under either accountant (#42): the paper's (Observation 2, basic composition with
LabelBoost) and the tight one (the same components composed optimally); RepairedBBL keeps the paper's."""

import warnings

import numpy as np
import pytest

from geoprivate.everlasting.accounting import bt_privacy, training_privacy
from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
from geoprivate.everlasting.parameters import custom_parameters
from geoprivate.everlasting.repaired import RepairedBBL
from geoprivate.planning import (
    generic_bbl_parameters_from_plan,
    plan_everlasting_practical,
    plan_generic_bbl,
    run_everlasting_plan,
)
from geoprivate.privacy.warnings import UtilityWarning
from tests.helpers import needs_dp_accounting


def _phase1(T=280_000, c=24, eps_bt=0.018):
    return custom_parameters([(16, T, 100, c)], 0.06, 0.05, 0.5, 1e-6, 1, epsilon_bt=eps_bt).phase(1)


@needs_dp_accounting
def test_training_privacy_under_the_tight_accountant_is_smaller_and_names_it():
    p1 = _phase1()
    for relabelled, s_hat in ((False, 0), (True, p1.S)):
        paper = training_privacy(p1, 1e-6, p1.S, relabelled=relabelled, s_hat_used=s_hat)
        tight = training_privacy(p1, 1e-6, p1.S, relabelled=relabelled, s_hat_used=s_hat, accountant="tight")
        assert tight.privacy_applies and tight.conditions == paper.conditions
        assert tight.guarantee.epsilon < paper.guarantee.epsilon and tight.guarantee.delta == paper.guarantee.delta
        assert tight.guarantee.accountant == "tight" and tight.as_dict()["accountant"] == "tight"
    # the conditions gate both: a failed gap is vacuous under either accountant
    assert bt_privacy(0.018, 1e-6 / 48, 24, 0.06, 1000, accountant="tight")[0] is None
    with pytest.raises(ValueError, match="accountant"):
        training_privacy(p1, 1e-6, p1.S, relabelled=False, accountant="exact")


@needs_dp_accounting
def test_generic_bbl_planned_and_run_under_the_tight_accountant():
    kw = dict(alpha=0.3, beta=0.1, queries=1000, tops=28, lambda1=4)  # 28 segments: the optimum beats basic
    paper, tight = plan_generic_bbl(1.0, 1e-6, **kw), plan_generic_bbl(1.0, 1e-6, **kw, accountant="tight")
    assert tight.guarantee["accountant"] == "tight" and tight.guarantee["epsilon"] <= 1.0
    assert tight.parameters["n"] < paper.parameters["n"]
    prob = make_everlasting_problem("thresholds", 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UtilityWarning)
        res = run_everlasting_plan(tight, "thresholds", 0)
        # the tight configuration is not (1, δ)-DP by the paper's theorems: the run under them says so
        par = generic_bbl_parameters_from_plan(tight)
        x = prob.sample(np.random.default_rng(0), tight.parameters["n"])
        as_paper = GenericBBL(prob, x, prob.target(x), par, 0).guarantee()
    assert res.guarantee.accountant == "tight" and res.guarantee.epsilon == pytest.approx(tight.guarantee["epsilon"])
    bt = [e for e in res.ledger.entries if e.mechanism.startswith("BetweenThresholds")]
    assert bt and all(e.accountant == "tight" and "[KOV15]" in e.theorem for e in bt)
    assert as_paper.accountant == "paper" and as_paper.epsilon > 1.0


@needs_dp_accounting
@pytest.mark.slow
def test_practical_planner_under_the_tight_accountant():
    kw = dict(phases=2, alpha=0.8, queries=20, s_hat=20, top_rate=0.02, lam=8)
    paper = plan_everlasting_practical(4.0, 1e-6, **kw)
    tight = plan_everlasting_practical(4.0, 1e-6, **kw, accountant="tight")
    assert tight.parameters["accountant"] == "tight" and tight.guarantee["accountant"] == "tight"
    assert tight.guarantee["training"][0] <= 4.0 and tight.parameters["n"] < paper.parameters["n"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UtilityWarning)
        res = run_everlasting_plan(tight, "thresholds", 0)
    # the run recomputes its guarantee under the plan's accountant (at most the plan's: it may stop before relabelling)
    assert res.guarantee.accountant == "tight" and res.guarantee.epsilon <= tight.guarantee["training"][0] + 1e-9


def test_repaired_bbl_books_the_paper_accountant_only():
    with pytest.raises(ValueError, match="RepairedBBL books only accountant='paper'"):
        plan_everlasting_practical(4.0, 1e-6, phases=2, repaired=True, accountant="tight")
    prob = make_everlasting_problem("thresholds", 0)
    par = custom_parameters([(4, 100, 10, 2)], 0.3, 0.1, 0.5, 1e-6, 1, epsilon_bt=0.5)
    x = prob.sample(np.random.default_rng(0), par.phase(1).S)
    with pytest.raises(ValueError, match="accountant"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        RepairedBBL(prob, x, prob.target(x), par, 0, accountant="tight")


def test_the_accounting_helpers_name_their_bad_arguments():
    """Issue #41's walk: NaN or True epsilons and counts gave a verdict, c = 1e400 an OverflowError."""
    from geoprivate.concepts import Thresholds
    from geoprivate.everlasting.accounting import bt_privacy, claim27_epsilon, labelboost_release_law

    for bad, exc in ((float("nan"), ValueError), (True, TypeError)):
        with pytest.raises(exc, match="^epsilon_inner"):
            claim27_epsilon(bad, 1, 10)
    with pytest.raises(TypeError, match="^n_small"):
        claim27_epsilon(1.0, 2.7, 10)
    with pytest.raises(ValueError, match="^c must"):
        bt_privacy(0.1, 1e-6, 10**400, 0.1, 100)
    with pytest.raises(ValueError, match="^s_points"):
        labelboost_release_law(Thresholds(), [], [], [0.5])
    with pytest.raises(ValueError, match="^s_labels"):
        labelboost_release_law(Thresholds(), [0.2, 0.6], [0, 2], [0.5])
    assert claim27_epsilon(0.0, 0, 10) == 0.0  # unchanged: nothing of the database used
