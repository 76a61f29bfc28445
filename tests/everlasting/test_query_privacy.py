"""Query privacy of everlasting prediction: the halting attack on [NNSY23] Claim E.6 and the repair."""

import math
import warnings

import numpy as np
import pytest

from geoprivate.claims import get_claim, run_claim
from geoprivate.everlasting.game import FALSE_ALARM, audit_game, play
from geoprivate.everlasting.generic_bbl import (
    GenericBBL,
    erm_ensemble,
    make_everlasting_problem,
)
from geoprivate.everlasting.parameters import custom_parameters, practical_parameters
from geoprivate.everlasting.query_attack import (
    HaltingAdversary,
    adversary_search,
    exact_query_audit,
    halting_parameters,
    repaired_exact_audit,
    repaired_view_law,
    vote_level_training_set,
)
from geoprivate.everlasting.repaired import (
    RepairedBBL,
    StopperParameters,
    repaired_guarantees,
)
from geoprivate.mechanisms.stopper import (
    StoppedBetweenThresholds,
    query_guarantee,
    stopper_cap,
    stopper_slack,
    training_guarantee,
)

PROB = make_everlasting_problem("thresholds", 0)
# a toy phase with the attack's structure (one-example blocks), fast to run: T = 2000, c = 5
TOY = custom_parameters([(1, 2000, 3000, 5)], 0.06, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5, m_const=1.0)
# the smallest instance for the repaired exact law: c = 1, R = 9
TINY = custom_parameters([(1, 2000, 9, 1)], 0.06, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5, m_const=1.0)


# ---------------------------------------------------------------- the attack's building blocks
def test_vote_level_training_set_gives_the_vote_everywhere_right_of_0_6():
    S, y = vote_level_training_set(101, 40)
    ens = erm_ensemble(PROB, S, y, 101, 1)
    assert ens.counts(np.array([0.65, 0.7, 0.99])).tolist() == [40, 40, 40]  # vote counts (VoteEnsemble.votes before)
    assert ens.counts(np.array([0.05])).tolist() == [0]
    with pytest.raises(ValueError, match="k must"):
        vote_level_training_set(10, 11)


def test_halting_parameters_meet_claims_d1_and_d9():
    par = halting_parameters()
    p = par.phase(1)
    assert p.checks["Claim D.1"] and p.checks["Claim D.9"]
    assert p.c == 5 and p.lam == 1 and abs(p.epsilon_bt - 0.0391) < 1e-3 and p.T == 115809
    with pytest.raises(ValueError, match="c"):
        halting_parameters(c=0)


def test_adversary_validates_its_knobs():
    with pytest.raises(ValueError, match="probe_level"):
        HaltingAdversary(1.5)
    with pytest.raises(ValueError, match="hidden_round"):
        HaltingAdversary(0.5, 3, 4)
    q, h = HaltingAdversary(0.5, 2, 1, 1).queries()
    assert q.tolist() == [0.7, 0.05, 0.7, 0.7, 0.05] and h == 2


# ---------------------------------------------------------------- the finding
def test_genericbbl_as_run_halts_one_answer_earlier_in_world_0():
    par = halting_parameters()
    inst = HaltingAdversary(0.5, 6, 0, 0).instance(PROB, par)
    assert [len(play(inst, b, 3)) for b in (0, 1)] == [4, 5]


def test_exact_law_of_the_attack_gives_delta_near_one():
    res = exact_query_audit(HaltingAdversary(0.5, 6, 0, 0), halting_parameters(), epsilon=0.5)
    assert res["delta_at_epsilon"] > 0.999 > res["claimed_delta"]
    assert res["law_world0"]["(1, 1, 1, 1)"] > 0.999 and res["law_world1"]["(1, 1, 1, 1, 1)"] > 0.999


def test_exact_law_sums_to_one_and_no_hidden_query_means_no_leak():
    adv = HaltingAdversary(0.5, 3, 0, 1)  # 7 queries, c = 5 never reached: no halt, no leak
    res = exact_query_audit(adv, halting_parameters(), epsilon=0.5)
    assert abs(sum(res["law_world0"].values()) - 1) < 1e-12
    assert res["delta_at_epsilon"] < 1e-100


def test_faithful_flagged_at_the_false_alarm_rate():
    adv = HaltingAdversary(0.5, 6, 0, 0)
    a = audit_game(adv.instance(PROB, TOY), "faithful", n_samples=300, featurize=adv.featurize, rng=1)
    assert a.confidence == 1 - FALSE_ALARM and a.flagged and a.epsilon_lower > 2.5
    # (the positive controls bt-noiseless / labelboost-erm: tests/everlasting/test_game.py, unchanged)


def test_adversary_search_finds_the_halt_and_the_final_audit_flags():
    out = adversary_search(
        PROB, TOY, start=HaltingAdversary(0.5, 4, 0, 0), iters=5, n_search=80, n_samples=200, max_probes=6, rng=5
    )
    assert out["search_best"] >= out["search_start"]
    assert out["audit"].flagged and out["audit"].confidence == 1 - FALSE_ALARM


# ---------------------------------------------------------------- the stopped mechanism
def test_stopped_between_thresholds_batch_equals_one_at_a_time_and_halts():
    vals = np.full(400, 0.5)
    a = StoppedBetweenThresholds(0.5, 0.47, 0.53, 2000, 7, c=3, epsilon_stop=1.0, beta_stop=0.01, max_queries=400)
    b = StoppedBetweenThresholds(0.5, 0.47, 0.53, 2000, 7, c=3, epsilon_stop=1.0, beta_stop=0.01, max_queries=400)
    ca = a.query_batch_codes(vals)
    cb = np.concatenate([b.query_batch_codes(vals[j : j + 1]) for j in range(len(vals)) if not b.halted])
    assert ca.tolist() == cb.tolist() and a.halted and b.halted and a.tops == b.tops
    assert a.c <= a.tops <= a.c_max and a.halted_by in ("stopper", "cap")


def test_stopper_numbers_follow_their_formulas():
    assert math.isclose(stopper_slack(1.0, 1e-3, 100), 8 * math.log(2 * 100 / 1e-3))
    assert stopper_cap(5, 1.0, 1e-3, 100) == math.ceil(5 + 16 * math.log(2e5))
    g = training_guarantee(0.1, 0.45, 0.55, 10_000, 20)
    assert math.isclose(g.epsilon, 0.05 + 20 * (0.1 / 3 - math.log1p(-2 / 500)))
    assert math.isclose(g.delta, 0.5 * math.exp(-0.025 * 0.1 * 10_000 / 2))
    assert training_guarantee(0.1, 0.45, 0.55, 30, 20).epsilon == math.inf  # n w <= 2
    assert query_guarantee(1.0, 1e-6).delta == pytest.approx((1 + math.e) * 1e-6)
    with pytest.raises(ValueError, match="beta_stop"):
        StoppedBetweenThresholds(0.5, 0.4, 0.6, 100, c=1, epsilon_stop=1.0, beta_stop=2.0, max_queries=10)


# ---------------------------------------------------------------- the repaired predictor
def test_repaired_survives_the_attack_with_budget_spent():
    st = StopperParameters(1.0, 1e-3)
    adv = HaltingAdversary(0.5, 200, 0, 0)  # enough probes to reach the stopper's halt
    inst = adv.instance(PROB, TOY)
    lengths = [len(play(inst, 0, s, "repaired", stopper=st)) for s in range(3)]
    assert max(lengths) < 200  # the budget is spent: the stopper halts inside the stream
    a = audit_game(inst, "repaired", n_samples=300, featurize=lambda v: len(v), rng=1, stopper=st)
    assert not a.flagged and a.nominal_epsilon == 1.0 and a.epsilon_lower <= 1.0


def test_repaired_exact_audit_agrees_with_its_claim_and_quadrature_is_stable():
    st = StopperParameters(4.0, 0.2)
    adv = HaltingAdversary(0.5, 7, 0, 0)
    r = repaired_exact_audit(adv, TINY, st, nodes=12)
    r2 = repaired_exact_audit(adv, TINY, st, nodes=16)
    assert abs(r["mass"][0] - 1) < 1e-9 and abs(r["epsilon_at_delta_0"] - r2["epsilon_at_delta_0"]) < 1e-6
    assert 0.5 < r["epsilon_at_delta_0"] <= st.epsilon_stop  # the halt is visible, but only up to eps_s
    # the faithful predictor on the same structure (c = 1): the halt gives delta ~ 1
    f = exact_query_audit(HaltingAdversary(0.5, 6, 0, 0), TINY, epsilon=st.epsilon_stop)
    assert f["delta_at_epsilon"] > 0.9


def test_repaired_view_law_validates():
    with pytest.raises(ValueError, match="values"):
        repaired_view_law(np.zeros(11), 0, 0.5, 0.47, 0.53, 2000, 1, 1.0, 0.1, 9)


def test_repaired_is_deterministic_labelled_and_as_accurate():
    warnings.simplefilter("ignore")
    par = practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 2, T1=40, lambda1=8, r_const=16.0, epsilon_bt=1.0)
    err = {"faithful": np.zeros(2), "repaired": np.zeros(2)}
    for seed in range(4):
        rng = np.random.default_rng(seed)
        prob = make_everlasting_problem("thresholds", rng)
        x = prob.sample(rng, par.phase(1).S)
        for name, cls in (("faithful", GenericBBL), ("repaired", RepairedBBL)):
            res = cls(prob, x, prob.target(x), par, seed).run()
            err[name] += [ph.err_D_mean for ph in res.phases]
    # stated factor: the repaired's err_D (mean over the phase's hypotheses, averaged over 4 seeds) <= 1.5x
    assert np.all(err["repaired"] <= 1.5 * err["faithful"])
    a = RepairedBBL(PROB, *vote_level_training_set(2000, 1000), TOY, 3).run(queries=lambda r, i, R: np.full(50, 0.7))
    b = RepairedBBL(PROB, *vote_level_training_set(2000, 1000), TOY, 3).run(queries=lambda r, i, R: np.full(50, 0.7))
    assert a.predictions.tolist() == b.predictions.tolist()
    assert "not in [NNSY23]" in a.privacy.construction
    g = repaired_guarantees(TOY, StopperParameters(), 2000)
    assert g["query_same_phase"].epsilon == 1.0 and g["c_max"][0] == StopperParameters().c_max(TOY.phase(1))
    with pytest.raises(TypeError, match="stopper"):
        RepairedBBL(PROB, *vote_level_training_set(2000, 1000), TOY, 3, stopper=1.0)


# ---------------------------------------------------------------- the claims
def test_claim_e5_vote_shift_holds():
    rec = run_claim(get_claim("everlasting/claim-e-5-vote-shift"), seed=0)
    assert rec["status"] == "holds" and rec["evidence"]["epsilon_at_delta"] < 1.0


@pytest.mark.slow
def test_claim_e6_is_violated_with_a_replayable_instance():
    c = get_claim("everlasting/claim-e-6")
    a, b = run_claim(c, seed=0), run_claim(c, seed=0)
    assert a["status"] == "violated" and a["instance"] == b["instance"]
    assert a["instance"]["claims_D1_D9"] == [True, True] and a["evidence"]["delta_at_epsilon"] > 0.999
    assert a["evidence"]["view_lengths_world0"] == [4] and a["evidence"]["view_lengths_world1"] == [5]


@pytest.mark.slow
def test_claim_e6_medium_clopper_pearson_bound_and_repaired_claim():
    rec = run_claim(get_claim("everlasting/claim-e-6"), seed=0, size="medium")
    assert rec["status"] == "violated" and rec["evidence"]["clopper_pearson_delta_lower"] > 0.5
    assert run_claim(get_claim("everlasting/repaired-query-privacy"), seed=0)["status"] == "holds"


@pytest.mark.slow
def test_on_the_claims_d1_d9_instance_faithful_flagged_and_repaired_passes():
    par = halting_parameters()
    adv = HaltingAdversary(0.5, 6, 0, 0)
    a = audit_game(adv.instance(PROB, par), "faithful", n_samples=200, featurize=adv.featurize, rng=11)
    assert a.flagged and a.confidence == 1 - FALSE_ALARM
    st = StopperParameters(1.0, 1e-6)
    assert st.c_max(par.phase(1)) == 424
    adv_r = HaltingAdversary(0.5, 460, 0, 0)  # spends the repaired predictor's whole TOP budget
    inst = adv_r.instance(PROB, par)
    assert max(len(play(inst, 0, s, "repaired", stopper=st)) for s in range(3)) < 460
    r = audit_game(inst, "repaired", n_samples=200, featurize=len, rng=12, stopper=st)
    assert not r.flagged and r.nominal_epsilon == 1.0


def test_cli_everlasting_repaired(capsys):
    import json

    from geoprivate.cli import main

    assert (
        main(["everlasting", "--mode", "practical", "--repaired", "--phases", "1", "--json", "--epsilon-stop", "0.5"])
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["privacy"]["query_same_phase"]["epsilon"] == 0.5 and "not in [NNSY23]" in out["privacy"]["construction"]
    assert main(["everlasting", "--mode", "practical", "--repaired", "--phases", "1"]) == 0
    assert "RepairedBBL" in capsys.readouterr().out
    assert main(["everlasting", "--mode", "practical", "--repaired", "--epsilon-stop", "-1"]) == 2


def test_the_query_attack_names_its_bad_arguments():
    """Issue #41's walk: a parameters of the wrong kind was an AttributeError, n of 1e400 an OverflowError,
    epsilon = 5e-324 a NaN cast, a featurized view of NaN a result."""
    from geoprivate.everlasting.query_attack import HaltingAdversary, exact_query_audit, repaired_view_law

    with pytest.raises(TypeError, match="^parameters"):
        exact_query_audit(HaltingAdversary(), 3)
    args = ([0.5, 0.2], None, 1.0, 0.4, 0.6, 10, 2, 1.0, 0.01, 100)
    with pytest.raises(ValueError, match="^n must"):
        repaired_view_law(*args[:5], 10**400, *args[6:])
    with pytest.raises(ValueError, match="^epsilon, n"):
        repaired_view_law(args[0], None, 5e-324, *args[3:])
    with pytest.raises(TypeError, match="^view"):
        HaltingAdversary.featurize((0, float("nan")))
    assert HaltingAdversary.featurize((0, 1, 1)) == (3, (0, 1, 1))
