"""Private as run (#21): GenericBBL's training privacy from its own parameters, LabelBoost's
accounting, the planner, independent streams (#24) and the #20 validation rows."""

import json
import math
import warnings

import numpy as np
import pytest

from geoprivate.concepts import Intervals, Thresholds
from geoprivate.everlasting.accounting import (
    LABELBOOST_FINDING,
    claim27_epsilon,
    labelboost_exact_loss,
    training_privacy,
)
from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
from geoprivate.everlasting.label_boost import labelboost_epsilon
from geoprivate.everlasting.parameters import (
    custom_parameters,
    practical_parameters,
    theorem_parameters,
)
from geoprivate.planning import (
    generic_bbl_parameters_from_plan,
    plan_dp_greedy_cover,
    plan_dp_winnow,
    plan_generic_bbl,
    run_everlasting_plan,
)
from geoprivate.privacy.warnings import PrivacyWarning, UtilityWarning


# ---------------------------------------------------------------- LabelBoost as GenericBBL uses it
def test_labelboost_loss_exceeds_one_and_meets_the_proved_bound():
    F = LABELBOOST_FINDING
    issue = labelboost_exact_loss(
        Thresholds(), F["s_points"], F["s_labels"], F["s2_points"], F["s2_labels"], F["t_points"]
    )
    assert issue > 1.0  # the ledger's former eps = 1 is wrong
    k = 40  # S = (0, 1) + k x (1, 0), S' = (2, 0) + k x (1, 0), D_hat = {1}: approaches 2 ln(1 + e^(1/2))
    worst = labelboost_exact_loss(
        Thresholds(), [0.0] + [1.0] * k, [1] + [0] * k, [2.0] + [1.0] * k, [0] * (k + 1), [1.0]
    )
    bound = labelboost_epsilon()
    assert bound == pytest.approx(2 * math.log1p(math.exp(0.5)))
    assert bound - 1e-6 < worst <= bound + 1e-12


def test_labelboost_bound_holds_on_random_small_instances():
    rng = np.random.default_rng(3)
    bound = labelboost_epsilon()
    for it in range(150):
        C = (Thresholds(), Intervals())[it % 2]
        ns, nt = int(rng.integers(1, 5)), int(rng.integers(1, 4))
        sp, sl = rng.integers(0, 6, ns).astype(float), rng.integers(0, 2, ns)
        s2, l2 = sp.copy(), sl.copy()
        s2[0], l2[0] = rng.integers(0, 6), rng.integers(0, 2)
        tp = rng.integers(0, 6, nt).astype(float)
        assert labelboost_exact_loss(C, sp, sl, s2, l2, tp) <= bound + 1e-12


def test_claim27_epsilon():
    assert claim27_epsilon(1.0, 0, 10) == 0.0
    assert claim27_epsilon(1.0, 10, 50) is None  # 10 (3 + e) / 50 > 1: Claim 2.7 does not apply
    assert claim27_epsilon(1.0, 1, 100) == pytest.approx((3 + math.e) / 100)
    with pytest.raises(ValueError, match="n_small"):
        claim27_epsilon(1.0, 5, 3)


# ---------------------------------------------------------------- training privacy as run
def _one_phase(T, c, eps_bt, alpha=0.06, lam=16, R=100):
    return custom_parameters([(lam, T, R, c)], alpha, 0.05, 0.5, 1e-6, 1, epsilon_bt=eps_bt)


def test_training_privacy_of_the_issue_configuration():
    par = _one_phase(280_000, 24, 0.018)
    p1 = par.phase(1)
    tp = training_privacy(p1, 1e-6, p1.S, relabelled=False)
    assert tp.privacy_applies and tp.guarantee.epsilon < 1 and tp.guarantee.delta == pytest.approx(1e-6)
    assert "Claim 2.7 (S_1 from S, step 2)" in tp.conditions and not tp.conditions["Claim 2.7 (S_1 from S, step 2)"]
    big = training_privacy(p1, 1e-6, 100 * p1.S, relabelled=False)
    assert big.guarantee.epsilon < tp.guarantee.epsilon  # amplified only with a larger S (step 2)
    small_T = training_privacy(_one_phase(1000, 24, 0.018).phase(1), 1e-6, 16000, relabelled=False)
    assert not small_T.privacy_applies and small_T.guarantee.is_vacuous
    assert not small_T.conditions["Lemma C.3 gap (Claim D.9)"]
    noisy = training_privacy(p1, 1e-6, p1.S, relabelled=False, faithful_bt=False)
    assert not noisy.privacy_applies


def test_relabelling_books_labelboost_at_the_proved_bound_unless_amplified():
    p1 = _one_phase(280_000, 24, 0.018).phase(1)
    without = training_privacy(p1, 1e-6, p1.S, relabelled=False).guarantee.epsilon
    unamp = training_privacy(p1, 1e-6, p1.S, relabelled=True, s_hat_used=p1.S).guarantee.epsilon
    assert unamp == pytest.approx(without + labelboost_epsilon())
    amp = training_privacy(p1, 1e-6, p1.S, relabelled=True, s_hat_used=100).guarantee.epsilon
    assert without < amp < without + 0.01


def test_a_private_one_phase_run_reports_its_guarantee_and_err_D():
    pl = plan_generic_bbl(1.0, 1e-6, alpha=0.3, beta=0.1, queries=300, tops=4, lambda1=4)
    assert pl.guarantee["epsilon"] <= 1.0 and pl.binding
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UtilityWarning)
        res = run_everlasting_plan(pl, "thresholds", 0)
    assert res.privacy_applies and not res.guarantee.is_vacuous
    assert res.guarantee.epsilon <= 1.0 + 1e-12
    assert res.guarantee.epsilon == pytest.approx(pl.guarantee["epsilon"])
    d = res.to_dict()
    assert d["privacy_applies"] is True and d["utility_proved"] is False
    assert math.isfinite(res.phases[0].err_D_max)


def test_practical_defaults_stay_vacuous_and_warn_separately():
    prob = make_everlasting_problem("thresholds", 0)
    par = practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 1, T1=20, lambda1=5, r_const=16)
    x = prob.sample(np.random.default_rng(0), par.phase(1).S)
    with pytest.warns(PrivacyWarning, match="Lemma C.3 gap"), pytest.warns(UtilityWarning, match="Theorem 5.2"):
        res = GenericBBL(prob, x, prob.target(x), par, 1).run()
    assert not res.privacy_applies and res.guarantee.is_vacuous and not res.utility_proved


# ---------------------------------------------------------------- streams (#24)
def test_streams_same_seed_same_transcript_and_queries_do_not_shift_training_draws():
    prob = make_everlasting_problem("thresholds", 0)
    a_par = custom_parameters([(5, 20, 60, 8)], 0.1, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5)
    b_par = custom_parameters([(5, 20, 200, 8)], 0.1, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5)
    x = prob.sample(np.random.default_rng(1), 400)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a1 = GenericBBL(prob, x, prob.target(x), a_par, 7, keep_hypotheses=True)
        a2 = GenericBBL(prob, x, prob.target(x), a_par, 7, keep_hypotheses=True)
        b = GenericBBL(prob, x, prob.target(x), b_par, 7, keep_hypotheses=True)
        assert (a1.S_points == b.S_points).all()  # step 2 is independent of R
        ra1, ra2, rb = a1.run(), a2.run(), b.run()
    assert (ra1.predictions == ra2.predictions).all()
    ea, eb = ra1.extra["hypotheses"].ensembles[1], rb.extra["hypotheses"].ensembles[1]
    assert (ea.hypotheses == eb.hypotheses).all()  # the phase-1 blocks and ERMs do not depend on R_1
    # the query stream is its own: the first 60 queries agree, and so do the first answers
    assert (ra1.predictions[:20] == rb.predictions[:20]).all()


# ---------------------------------------------------------------- #20 rows
def test_parameter_validation_rows():
    with pytest.raises(ValueError, match="delta"):
        custom_parameters([], 0.05, 0.05, 0.5, 2.0, 1, epsilon_bt=1.0)
    with pytest.raises(ValueError, match="spec"):
        custom_parameters([], 0.05, 0.05, 0.5, 1e-6, 1, epsilon_bt=1.0)
    with pytest.raises(ValueError, match="lambda"):
        custom_parameters([(-1, 10, 10, 1)], 0.05, 0.05, 0.5, 1e-6, 1, epsilon_bt=1.0)
    with pytest.raises(ValueError, match="lambda1"):
        practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 1, lambda1=-1)
    for args in [(1e-300, 0.05, 0.5, 1e-6), (0.05, 0.05, 1e-300, 1e-6), (0.05, 0.05, 0.5, 1e-300)]:
        with pytest.raises(ValueError, match="overflows"):
            theorem_parameters(*args, 1, 2)


def test_a_query_source_over_R_is_refused():
    prob = make_everlasting_problem("thresholds", 0)
    par = custom_parameters([(5, 20, 30, 8)], 0.1, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5)
    x = prob.sample(np.random.default_rng(1), 100)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        alg = GenericBBL(prob, x, prob.target(x), par, 0)
        with pytest.raises(ValueError, match="at most R_1 = 30"):
            alg.run(queries=lambda rng, i, R: prob.sample(rng, 3 * R))


# ---------------------------------------------------------------- planner
def test_planner_generic_bbl_conditions_bind_and_plans_become_parameters():
    pl = plan_generic_bbl(1.0, 1e-6, alpha=0.06, queries=1000, tops=24, lambda1=16)
    ph = pl.parameters["phases"][0]
    assert ph["lam"] == 16 and ph["c"] == 24 and pl.parameters["n"] == ph["S"]
    par = generic_bbl_parameters_from_plan(pl)
    p1 = par.phase(1)
    assert all(p1.privacy_conditions.values())
    tp = training_privacy(p1, 1e-6, pl.parameters["n"], relabelled=False)
    assert tp.privacy_applies and tp.guarantee.epsilon <= 1.0 + 1e-12
    # one step smaller T breaks Lemma C.3's gap: the plan is the smallest for its eps'
    q = custom_parameters([(16, ph["T"] - 1, 1000, 24)], 0.06, 0.05, 1.0, 1e-6, 1, epsilon_bt=ph["epsilon_bt"])
    assert not q.phase(1).privacy_conditions["Lemma C.3 gap (Claim D.9)"]
    two = plan_generic_bbl(1.0, 1e-6, alpha=0.06, queries=1000, phases=2, tops=24, lambda1=16)
    assert len(two.parameters["phases"]) == 2 and two.guarantee["epsilon"] <= 1.0
    r1, r2 = two.parameters["phases"]
    assert r1["d_hat"] >= r2["S"]  # Claim D.6


def test_planner_winnow_and_greedy_cover():
    w = plan_dp_winnow(1.0, 1e-6, T=1000, d=100, rho=0.2)
    assert w.guarantee["epsilon"] <= 1.0 + 1e-9 and w.parameters["K"] >= 1
    g = plan_dp_greedy_cover(1.0, 1e-6, M=10)
    assert g.parameters["n"] > 0
    with pytest.raises(ValueError, match="epsilon"):
        plan_generic_bbl(0.0, 1e-6)


def test_cli_plan_and_private_run(tmp_path, capsys):
    from geoprivate.cli import main

    plan_bbl = ["plan", "generic-bbl", "--epsilon", "1", "--delta", "1e-6", "--alpha", "0.3", "--lambda1", "4"]
    assert main([*plan_bbl, "--beta", "0.1", "--queries", "300", "--tops", "12", "--json"]) == 0
    out = capsys.readouterr().out
    plan = json.loads(out)
    assert plan["algorithm"] == "generic-bbl"
    f = tmp_path / "plan.json"
    f.write_text(out)
    assert main(["everlasting", "--plan", str(f), "--json"]) in (0, 1)  # 1: BetweenThresholds halted
    res = json.loads(capsys.readouterr().out)
    assert res["privacy_applies"] is True and res["guarantee"]["epsilon"] <= 1.0 + 1e-12
    assert main(["plan", "dp-winnow", "--epsilon", "1", "--delta", "1e-6"]) == 2
    assert main([*plan_bbl, "--queries", "50", "--tops", "2"]) == 0
    assert "binding" in capsys.readouterr().out


# ---------------------------------------------------------------- two verdicts elsewhere
def test_dp_greedy_cover_and_dp_winnow_report_both_verdicts():
    from geoprivate.learners.decision_lists import dp_greedy_cover
    from geoprivate.learners.winnow import dp_winnow
    from geoprivate.learners.winnow import practical_parameters as winnow_practical

    rng = np.random.default_rng(0)
    Phi = rng.integers(0, 2, (60, 4))
    y = Phi[:, 0]
    with pytest.warns(UtilityWarning, match="Theorem 3.5"):
        r = dp_greedy_cover(Phi, y, epsilon=1.0, delta=1e-6, rng=1, alpha=0.1, beta=0.1)
    assert r.privacy_applies and not r.utility_proved
    X = rng.choice([-1, 1], (50, 8))
    yy = X[:, 0].copy()
    p = winnow_practical(50, 8, 1.0, eps_hat=0.5, eta=0.1, m=2)
    with pytest.warns(UtilityWarning, match="allows a mistake in every round"):
        run = dp_winnow(X, yy, p, rng=2)
    rep = run.regret_report()
    assert p.update_bound <= p.K and p.mistake_bound >= p.T  # Theorem 4.5's conditions hold, its bound is vacuous
    assert rep["privacy_applies"] is True and rep["utility_proved"] is False
    assert "at least T = 50" in rep["utility_note"]


# ---------------------------------------------------------------- the shared problem layer (#24)
@pytest.mark.parametrize("name", ["thresholds", "intervals", "finite", "halfspaces"])
def test_both_problem_zoos_draw_through_the_shared_layer(name):
    from geoprivate.prediction.problems import make_problem
    from geoprivate.problems import draw_target

    ev = make_everlasting_problem(name, np.random.default_rng(4), n_points=24, n_concepts=64)
    pr = make_problem(name, 50, np.random.default_rng(4), n_points=24, n_concepts=64)
    td = draw_target(name, np.random.default_rng(4), n_points=24, n_concepts=64)
    x = td.law(np.random.default_rng(9), 200)
    assert (ev.target(x) == td.target(x)).all() and (pr.target(x) == td.target(x)).all()
    assert (ev.sample(np.random.default_rng(1), 5) == td.law(np.random.default_rng(1), 5)).all()


def test_a_plan_too_large_to_run_is_refused_not_attempted():
    pl = plan_generic_bbl(1.0, 1e-6, alpha=0.06, queries=1000, phases=2, tops=24, lambda1=16)
    with pytest.raises(ValueError, match="queries"):
        run_everlasting_plan(pl, "thresholds", 0)  # R_1 ~ 10^10 queries


def test_generic_bbl_reexports_step_3b_and_keeps_no_alias():
    from geoprivate.everlasting import ensembles, generic_bbl

    assert generic_bbl.erm_ensemble is ensembles.erm_ensemble and generic_bbl.level_errors is ensembles.level_errors
    for old in ("VoteEnsemble", "EverlastingProblem"):  # one ensemble and one problem class (#24, #34)
        assert not hasattr(generic_bbl, old) and not hasattr(ensembles, old)
    assert not hasattr(generic_bbl, "Ensemble")


def test_the_parameters_name_what_leaves_the_floats():
    """Issue #41's walk: epsilon = 5e-324 was a ZeroDivisionError, m_const = 5e-324 an OverflowError, a spec
    of 3 a TypeError not naming spec; NaN constants were accepted."""
    from geoprivate.everlasting.parameters import Constants

    with pytest.raises(ValueError, match="^alpha, beta, epsilon, delta: the formulas leave floating-point range"):
        theorem_parameters(0.05, 0.05, 5e-324, 1e-6, 1, 2)
    with pytest.raises(ValueError, match="m_const: the formulas leave floating-point range"):
        custom_parameters([(5, 20, 30, 8)], 0.1, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5, m_const=5e-324)
    with pytest.raises(TypeError, match="^spec must be a list"):
        custom_parameters(3, 0.1, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5)
    with pytest.raises(ValueError, match="^tau"):
        Constants(tau=float("nan"))
