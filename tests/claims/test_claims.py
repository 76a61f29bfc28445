"""Registered claims across the papers: those that hold, the findings violated on their kept instance, the
audits with a flagged positive control, every claim linked to its catalogued statement, and the exact helpers
behind them (tail integrals, Chernoff steps, printed versus corrected constants)."""

import math
from fractions import Fraction

import numpy as np
import pytest

from geoprivate.claims import catalogue, get_claim, run_claim

HOLDS = [
    "winnow/proposition-2-1-utility",
    "winnow/lemma-4-3",
    "winnow/lemma-a-3",
    "winnow/theorem-4-12",
    "everlasting/claim-d-3",
    "everlasting/claims-e-1-e-3",
    "vc1/claims-1-5",
    "vc1/lemmas-7-9",
    "shrinkage/composition-constant",
    "vc1/sample-size-constants",
]
FINDINGS = ["vc1/theorem-12", "everlasting/claim-e-4-chernoff"]
AUDITS = ["vc1/theorem-10-audit", "everlasting/claim-5-3-audit", "shrinkage/claim-1-audit"]


@pytest.mark.parametrize("cid", HOLDS)
def test_claim_holds(cid):
    r = run_claim(get_claim(cid), seed=0)
    assert r["status"] == "holds", r


@pytest.mark.parametrize("cid", FINDINGS)
def test_finding_is_violated_with_its_instance(cid):
    r = run_claim(get_claim(cid), seed=0)
    assert r["status"] == "violated" and r["instance"], r


@pytest.mark.parametrize("cid", AUDITS)
def test_audit_holds_with_a_flagged_positive_control(cid):
    r = run_claim(get_claim(cid), seed=0)
    assert r["status"] == "holds", r
    ev = r["evidence"]
    for part in [ev] if "claimed_epsilon" in ev else ev.values():
        assert part["control_flagged"] and part["control_epsilon_lower"] > part["claimed_epsilon"]
        assert part["epsilon_lower"] <= part["claimed_epsilon"] and part["false_alarm"] == 1e-6


@pytest.mark.slow
@pytest.mark.parametrize("cid", ["shrinkage/corollary-4", "shrinkage/sampling-constant"])
def test_slower_claims_hold(cid):
    assert run_claim(get_claim(cid), seed=0)["status"] == "holds"


def test_every_new_claim_is_linked_to_its_statement():
    for cid in HOLDS + FINDINGS + AUDITS + ["shrinkage/corollary-4", "shrinkage/sampling-constant"]:
        c = get_claim(cid)
        assert c.checks or c.estimates, cid
    assert catalogue.get_statement("vc1", "Theorem 10").status == "audited"
    assert catalogue.get_statement("vc1", "Theorem 11").status == "not executable"
    assert "vc1/sample-size-constants" in catalogue.get_statement("vc1", "Theorem 11").coverage()


# ---------------------------------------------------------------- exact helpers
def test_exponential_mechanism_utility_and_the_printed_sign():
    from geoprivate.claims.winnow_mechanisms import em_utility_failure

    gap = 2.0 * (math.log(3) + 1.0)
    s = [0.0, -gap * 1.001, -gap * 1.001]
    p = em_utility_failure(s, 1.0, 1.0)
    assert 0 < p <= math.exp(-1.0)
    assert em_utility_failure(s, 1.0, 1.0, sign=-1.0) > math.exp(-1.0)  # exp(-eps q/2) minimises


def test_coin_process_tail_exact():
    from geoprivate.claims.winnow_mechanisms import coin_process_tail

    half = Fraction(1, 2)
    assert coin_process_tail([half, half], half) == Fraction(1, 4)  # Y = 1 only without heads
    assert coin_process_tail([half, half], Fraction(1)) == 0
    assert coin_process_tail([Fraction(1)], half, count_the_head=True) == 1 > math.exp(-0.5)


def test_above_threshold_failure_integral_matches_closed_form_for_one_query():
    from geoprivate.claims.winnow_mechanisms import above_threshold_failure
    from geoprivate.mechanisms.sparse_vector import above_threshold_alpha

    eps, beta = 1.0, 0.5
    alpha = above_threshold_alpha(eps, beta, 1)
    p, err = above_threshold_failure([-alpha * 1.5], 0.0, eps, beta)  # fails iff it halts
    # Pr[nu - rho >= 1.5 alpha] for nu ~ Lap(4), rho ~ Lap(2): difference of Laplaces, closed form
    a, b, x = 4.0, 2.0, 1.5 * alpha
    exact = (a * a * math.exp(-x / a) - b * b * math.exp(-x / b)) / (2 * (a * a - b * b))
    assert abs(p - exact) < 1e-9 + err


def test_claim_d3_tight_instance():
    from geoprivate.claims.everlasting_phases import claim_d3_mass

    T, n = 16, 16  # 15 good hypotheses, each wrong on its own point; one bad hypothesis wrong everywhere
    g = np.zeros(n, np.uint8)
    H = np.zeros((T, n), np.uint8)
    for t in range(15):
        H[t, t] = 1
    H[15] = 1
    mass = claim_d3_mass(H, g, [Fraction(1, n)] * n)
    assert mass == 15 * Fraction(1, n)  # = 15 alpha with alpha = 1/16: the bound is attained


def test_e4_chernoff_step_needs_beta_below_1_64():
    from geoprivate.claims.everlasting_phases import e4_chernoff_tail, e4_T

    b = 1 / 200
    assert e4_chernoff_tail(math.ceil(e4_T(b)), b) <= b
    assert e4_chernoff_tail(10_000, 1 / 40) > 0.99  # mean (1 - 4/40) T < 15T/16


def test_best_consistent_error():
    from geoprivate.claims.everlasting_phases import best_consistent_error

    M = np.array([[0, 0, 1, 1], [0, 1, 1, 1], [1, 1, 1, 1]], np.uint8)
    assert best_consistent_error(M, 0, [2], [1]) == 0.0
    assert best_consistent_error(M, 0, [1], [1]) == 0.25
    assert best_consistent_error(M, 0, [0, 3], [1, 0]) == math.inf


def test_theorem12_printed_vs_corrected():
    from geoprivate.claims.mechanisms import _rr_composition_delta
    from geoprivate.claims.vc1_learner import corrected_loop_epsilon, theorem12_epsilon

    T, dp = 40, 1e-3
    assert _rr_composition_delta(1.0, 2 * T, theorem12_epsilon(1.0, T, dp)) > dp
    assert _rr_composition_delta(1.0, 2 * T, corrected_loop_epsilon(1.0, T, dp)) <= dp
    assert _rr_composition_delta(0.01, 2 * T, theorem12_epsilon(0.01, T, dp)) <= dp


def test_feature_points_embed_f_decision_lists():
    from solvers.margins import decision_list_halfspace, feature_points, margin

    Phi = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0], [1, 1, 1]], np.uint8)
    feats, signs = [2, 0], [1, -1, 1]  # if f2 then + elif f0 then - else +
    y = np.array([-1, 1, 1, 1, 1])
    assert margin(decision_list_halfspace(feats, signs, 3), feature_points(Phi), y) > 0
    with pytest.raises(ValueError, match="Phi"):
        feature_points([[2]])


def test_interval_deviation_exact():
    from geoprivate.claims.constants import interval_deviation

    S = np.array([0.1, 0.2, 0.3, 0.4])
    assert interval_deviation(S, [0, 1, 2, 3]) == 0.0
    assert interval_deviation(S, [0, 1]) == pytest.approx(0.5)  # [0.1, 0.2]: 1/2 of S, all of S'
