"""RepairedBBL across phases (#33): Lemma C.1's 4e·δ, query privacy per position of the hidden query,
and the practical planner (every privacy condition exact, sizes free)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoprivate.everlasting.accounting import bt_privacy
from geoprivate.everlasting.game import (
    audit_game,
    audit_query_positions,
    query_game,
    query_position,
)
from geoprivate.everlasting.generic_bbl import make_everlasting_problem
from geoprivate.everlasting.label_boost import labelboost_epsilon
from geoprivate.everlasting.parameters import custom_parameters
from geoprivate.everlasting.query_attack import HaltingAdversary, repaired_position_instance
from geoprivate.everlasting.repaired import StopperParameters, lemma_c1, repaired_guarantees
from geoprivate.mechanisms.sparse_vector import lemma1_applies
from geoprivate.planning import generic_bbl_parameters_from_plan, plan_everlasting_practical
from geoprivate.privacy import Guarantee
from geoprivate.privacy.accounting import basic_composition

THREE = custom_parameters(
    [(1, 40000, 60000, 4), (1, 30000, 40000, 4), (1, 20000, 50, 4)], 0.2, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.05
)


def test_lemma_c1_books_4e_delta():
    g = lemma_c1(Guarantee(1.5, 1e-9))
    assert g.epsilon == 4.5 and g.delta == pytest.approx(4 * math.e * 1e-9, rel=1e-15)


def test_multi_phase_query_delta_follows_lemma_c1():
    st = StopperParameters(1.0, 1e-7)
    g = repaired_guarantees(THREE, st, 40000)
    for i in range(2):
        chain = basic_composition([g["answering_training"][i + 1], Guarantee(0.0, 0.0)])
        # unamplified at these sizes: query = Lemma Q + (chain + LabelBoost + 3, 4e delta_chain)
        assert g["query"][i].delta == pytest.approx(g["query_same_phase"].delta + 4 * math.e * chain.delta, rel=1e-12)
        assert g["query"][i].delta > g["query_same_phase"].delta + 4 * 0.5 * chain.delta  # the old 4 eps delta
    pos = g["query_positions"]
    assert set(pos) == {"same phase as the probes", "earlier phase", "last query of a phase"}
    assert pos["earlier phase"] == max(g["query"][:-1], key=lambda x: (x.epsilon, x.delta))
    one = repaired_guarantees(custom_parameters([(1, 2000, 9, 1)], 0.06, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5), st, 2000)
    assert set(one["query_positions"]) == {"same phase as the probes"}


def test_query_position_of_a_game():
    par, st, (S, y), q0, _, q2 = repaired_position_instance(0)
    prob = make_everlasting_problem("thresholds", 0)
    stream = np.concatenate([q0, q2])
    assert query_position(query_game(prob, par, S, y, stream, 0, 0.05)) == "earlier phase"
    assert query_position(query_game(prob, par, S, y, stream, 8, 0.05)) == "last query of a phase"
    assert query_position(query_game(prob, par, S, y, q0, 0, 0.05)) == "same phase as the probes"
    assert query_position(query_game(prob, par, S, y, stream, 10, 0.05)) == "same phase as the probes"


@pytest.mark.parametrize("repaired", [False, True])
def test_practical_plan_meets_every_privacy_condition_exactly(repaired):
    pl = plan_everlasting_practical(4, 1e-6, phases=2, lam=8, top_rate=0.025, queries=1000, repaired=repaired)
    par = generic_bbl_parameters_from_plan(pl, pl.parameters["epsilon_run"])
    eps, dlt = pl.guarantee["training"]
    assert eps <= 4 and dlt <= 1e-6
    rows = pl.parameters["phases"]
    assert rows[0]["d_hat"] == rows[1]["S"] and rows[0]["R"] >= rows[0]["d_hat"]  # Claim D.6
    if repaired:
        g = repaired_guarantees(par, StopperParameters(*pl.parameters["stopper"]), pl.parameters["n"])
        assert (
            g["training"].epsilon == pytest.approx(eps)
            and g["query_positions"]["same phase as the probes"].delta <= 1e-6
        )
        assert g["query_positions"]["earlier phase"].delta <= 1e-6  # Lemma C.1's 4e delta fits the split
        return
    for p in par.phases:  # Lemma C.3's gap and Observation 2 in every phase
        g, cond = bt_privacy(p.epsilon_bt, p.delta_bt, p.c, p.alpha, p.T)
        assert g is not None and all(cond.values())
        assert not lemma1_applies(p.epsilon_bt, p.delta_bt, 2 * p.alpha, p.T - 1)  # T_i is the smallest
    assert bt_privacy(par.phases[1].epsilon_bt, par.phases[1].delta_bt, par.phases[1].c, 0.025, 10)[0] is None
    assert eps == pytest.approx(
        bt_privacy(
            par.phases[0].epsilon_bt, par.phases[0].delta_bt, par.phases[0].c, par.phases[0].alpha, par.phases[0].T
        )[0].epsilon
        + min(labelboost_epsilon(), rows[0]["s_hat"] * (3 + math.exp(labelboost_epsilon())) / rows[0]["S"])
    )


def test_practical_plan_query_private_needs_claim_27_sizes():
    a = plan_everlasting_practical(4, 1e-6, phases=2, lam=8, repaired=True)
    b = plan_everlasting_practical(4, 1e-6, phases=2, lam=8, repaired=True, query_private=True)
    assert b.parameters["phases"][0]["R"] > 20 * a.parameters["phases"][0]["R"]
    assert b.guarantee["query"]["earlier phase"][0] <= 1 + 1 + 1e-9  # Lemma Q + Claim 2.7 at eps <= 1
    assert a.guarantee["query"]["earlier phase"][0] > 4
    assert any("Claim 2.7 on D_hat_i" in x for x in b.binding)


@pytest.mark.slow
@pytest.mark.parametrize("cid", ["same-phase", "earlier-phase", "last-of-phase"])
def test_position_claims_hold(cid):
    from geoprivate.claims import get_claim, run_claim

    rec = run_claim(get_claim(f"everlasting/repaired-query-position-{cid}"), seed=0)
    assert rec["status"] == "holds", rec


@pytest.mark.slow
def test_game_audits_every_position_with_a_positive_control():
    par, st, (S, y), q0, _, q2 = repaired_position_instance(0)
    prob = make_everlasting_problem("thresholds", 0)
    stream = np.concatenate([q0, q2])
    games = [query_game(prob, par, S, y, q0, 0, 0.05)] + [query_game(prob, par, S, y, stream, h, 0.05) for h in (0, 8)]
    rows = audit_query_positions(games, n_samples=600, stopper=st, rng=1)
    assert [r["position"] for r in rows] == ["same phase as the probes", "earlier phase", "last query of a phase"]
    assert all(not r["flagged"] and r["confidence"] == 1 - 1e-6 for r in rows)
    # positive control: the same auditor, false-alarm rate and (fewer) samples refute the faithful
    # predictor's claim on the halting attack
    toy = custom_parameters([(1, 2000, 3000, 5)], 0.06, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5, m_const=1.0)
    adv = HaltingAdversary(0.5, 7, 0, 0)
    ctl = audit_game(adv.instance(prob, toy), "faithful", n_samples=300, featurize=adv.featurize, rng=2)
    assert ctl.flagged and ctl.confidence == 1 - 1e-6
