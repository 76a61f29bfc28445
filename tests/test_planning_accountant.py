"""The planners under either accountant (#42): ``accountant="paper"`` (the proofs' composition theorems, the
default) or ``"tight"`` (the optimal composition of the same components, geoprivate.privacy.tight)."""

from __future__ import annotations

import numpy as np
import pytest

from geoprivate.cli import main
from geoprivate.learners.vc1 import ProperLearner, theorem13_parameters
from geoprivate.learners.winnow import DPWinnowParameters, dp_winnow, majority_sequence
from geoprivate.planning import plan_accountant, plan_dp_winnow, plan_vc1, run_plan
from geoprivate.privacy import Guarantee
from geoprivate.privacy.tight import tight_composition
from solvers import vc1
from tests.helpers import needs_dp_accounting


@needs_dp_accounting
def test_dp_winnow_planned_and_run_under_the_tight_accountant():
    """The tight plan is (ε, δ)-DP as run under the accountant it names, and its mistake bound (Theorem 4.5's
    16 ln(2T²/β) K/ε̂) is below the paper plan's: the same components, composed optimally."""
    kw = dict(T=10**15, d=1000, rho=0.2)
    paper = plan_dp_winnow(1.0, 1e-6, **kw)
    tight = plan_dp_winnow(1.0, 1e-6, **kw, accountant="tight")
    assert plan_accountant(paper) == "paper" and "accountant" not in paper.guarantee  # the default, unmarked
    assert plan_accountant(tight) == "tight" and tight.guarantee["accountant"] == "tight"
    assert tight.guarantee["epsilon"] <= 1.0 and tight.guarantee["delta"] <= 1e-6
    assert tight.parameters["mistake_bound"] < paper.parameters["mistake_bound"] / 4
    assert "[KOV15]" in tight.binding[0]
    # the run books the plan's guarantee under the same accountant
    P = tight.parameters
    X, y, _, rho = majority_sequence(200, 1000, 5, 0)
    par = DPWinnowParameters(
        200, 1000, rho, P["eps_hat"], P["eta"], P["L"], P["m"], P["K"], 0.05, 0.5, "practical", 1.0, 1e-6
    )
    run = dp_winnow(X, y, par, rng=0, accountant="tight")
    assert run.guarantee.accountant == "tight" and run.guarantee.epsilon == pytest.approx(tight.guarantee["epsilon"])
    assert np.isclose(run.ledger.entries[0].epsilon, tight.guarantee["epsilon"])
    # run_plan runs a plan under the accountant it records: the guarantee it promised
    small = plan_dp_winnow(1.0, 1e-6, T=200, d=8, rho=0.5, accountant="tight")
    res = run_plan(small, rng=0)
    assert res.guarantee.accountant == "tight" and res.guarantee.epsilon == small.guarantee["epsilon"] <= 1.0


def test_planners_refuse_an_unknown_accountant():
    with pytest.raises(ValueError, match="accountant must be one of"):
        plan_dp_winnow(1.0, 1e-6, T=1000, d=4, rho=0.1, accountant="rdp")


@needs_dp_accounting
def test_vc1_proper_learner_sized_by_the_tight_accountant():
    """ProperLearner's loop on S_2: the same 2T releases composed optimally allow a larger ε_step, so N_2 shrinks;
    the learner built under the accountant names it in its guarantee."""
    paper = plan_vc1(1.0, 1e-6, td=64, learner="proper")
    tight = plan_vc1(1.0, 1e-6, td=64, learner="proper", accountant="tight")
    assert tight.guarantee["accountant"] == "tight"
    assert tight.parameters["epsilon_step"] > 1.3 * paper.parameters["epsilon_step"]
    assert tight.parameters["n2"] < paper.parameters["n2"]
    q = theorem13_parameters(64, 0.1, 0.1, 1.0, 1e-6, accountant="tight")
    assert tight_composition([(Guarantee(q.epsilon_step), 2 * q.T)], 0.5e-6).epsilon <= 0.5  # (ε/2, δ/2) as run
    M, f = vc1.catalogue(4)["thresholds"]
    learner = ProperLearner(M, 1.0, 1e-6, 0.1, 0.1, f=f, mode="practical", n_subsets=4, accountant="tight")
    p = theorem13_parameters(learner.cls.height, 0.1, 0.1, 1.0, 1e-6, accountant="tight")
    assert learner.guarantee().accountant == "tight" and learner.epsilon_step == p.epsilon_step


@needs_dp_accounting
def test_cli_plan_takes_the_accountant(capsys):
    assert main(["plan", "vc1", "--epsilon", "1", "--delta", "1e-6", "--td", "64", "--learner", "proper",
                 "--accountant", "tight"]) == 0  # fmt: skip
    assert "under the tight accountant" in capsys.readouterr().out
    assert (
        main(["plan", "dp-greedy-cover", "--epsilon", "1", "--delta", "1e-6", "--M", "4", "--accountant", "tight"]) == 2
    )
    assert "does not take --accountant" in capsys.readouterr().err
