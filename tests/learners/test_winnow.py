"""Tests for geoprivate.learners.winnow ([BF26] §4): ConfidentWinnow, DP-Winnow, parameters, privacy."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoprivate.claims import get_claim, run_claim
from geoprivate.learners.winnow import (
    DPWinnowParameters,
    check_realizable,
    confident_winnow,
    dp_winnow,
    dp_winnow_privacy,
    em_sample_privacy_loss,
    least_confident_adversary,
    lemma_4_2_bound,
    lemma_4_6_sample_size,
    majority_sequence,
    practical_parameters,
    sign_disagreement_probability,
    theorem_4_5_parameters,
    winnow,
)
from geoprivate.privacy import PrivacyLedger
from geoprivate.privacy.warnings import PrivacyWarning, UtilityWarning
from tests.helpers import needs_dp_accounting


def _params(T, d, rho, **kw):
    base = dict(eps_hat=1.0, eta=rho / 4, m=lemma_4_6_sample_size(T, 0.05, 0.5, rho))
    base.update(kw)
    return practical_parameters(T, d, rho, **base)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([1, 3, 5]), st.floats(0.0, 0.49), st.floats(0.05, 0.95))
def test_confident_winnow_within_lemma_4_2(seed, k, c, frac):
    rng = np.random.default_rng(seed)
    d = int(rng.integers(k, k + 30))
    X, y, v, rho = majority_sequence(400, d, k, rng)
    eta = frac * 2 * (1 - c) * rho
    bits = rng.integers(0, 2, size=400)
    for adversary in (None, bits, lambda t, w, x, yy: int(t % 3 == 0)):
        run = confident_winnow(X, y, eta=eta, rho=rho, c=c, adversary=adversary, target=v)
        assert run.n_updates <= lemma_4_2_bound(d, eta, rho, c)
        assert set(run.mistakes.tolist()) <= set(run.updates.tolist())  # every mistake updates
        assert run.weights.min() > 0 and run.weights.sum() == pytest.approx(1.0)


def test_winnow_is_confident_winnow_with_c_zero():
    X, y, v, rho = majority_sequence(2000, 20, 3, 1)
    a = winnow(X, y, eta=0.2)
    b = confident_winnow(X, y, eta=0.2, rho=rho, c=0.0, adversary=np.zeros(2000, dtype=np.int8))
    assert np.array_equal(a.updates, b.updates) and np.array_equal(a.updates, a.mistakes)


def test_dp_winnow_reproducible_and_block_invariant():
    X, y, v, rho = majority_sequence(3000, 50, 3, 2)
    p = _params(3000, 50, rho)
    a = dp_winnow(X, y, p, rng=5)
    b = dp_winnow(X, y, p, rng=5, block=7)
    assert a.update_rounds == b.update_rounds and np.array_equal(a.mistakes, b.mistakes)
    assert a.transcript == b.transcript
    c = dp_winnow(X, y, p, rng=6)
    assert c.transcript != a.transcript


def test_dp_winnow_run_invariants():
    X, y, v, rho = majority_sequence(4000, 30, 3, 3)
    led = PrivacyLedger()
    p = _params(4000, 30, rho)
    r = dp_winnow(X, y, p, rng=1, ledger=led, target=v)
    assert len(led) == 1 and led.entries[0].mechanism == "DP-Winnow"
    assert r.guarantee.epsilon == pytest.approx(dp_winnow_privacy(p.eps_hat, p.eta, p.m, p.K, 0.0).epsilon)
    assert r.n_updates <= p.K and r.n_updates == len(r.transcript) - 1
    assert all(counts is None or sum(counts) == p.m for _, counts in r.transcript[1:])
    assert sum(r.transcript[0][1]) == 30  # w~(1) uniform
    # mistakes recomputed from the released transcript (post-processing)
    pred = np.zeros(4000, dtype=np.int64)
    starts = [s for s, _ in r.transcript] + [4000]
    for (s, counts), e in zip(r.transcript, starts[1:], strict=False):
        pred[s:e] = np.sign(X[s:e].astype(np.int64) @ np.array(counts))
    assert np.array_equal(pred != y, r.mistakes)
    rep = r.regret_report()
    assert rep["mistakes"] <= rep["mistake_bound"] and rep["updates"] < rep["update_bound"]


def test_dp_winnow_k_cap_stops_updates():
    X, y, v, rho = majority_sequence(3000, 30, 3, 4)
    p = _params(3000, 30, rho, K=2, L=1.0)
    r = dp_winnow(X, y, p, rng=0)
    assert r.n_updates == 2


def test_validation():
    X, y, v, rho = majority_sequence(50, 5, 3, 0)
    with pytest.raises(ValueError, match="rho"):
        confident_winnow(X, y, eta=0.1, rho=0.0)
    with pytest.raises(ValueError, match="rho"):
        confident_winnow(X, y, eta=0.1, rho=-1.0)
    with pytest.raises(ValueError, match="X"):
        confident_winnow(np.where(X > 0, 1, 0), y, eta=0.1, rho=rho)
    with pytest.raises(ValueError, match="y"):
        confident_winnow(X, (y > 0).astype(int), eta=0.1, rho=rho)
    with pytest.raises(ValueError, match="eta"):
        lemma_4_2_bound(5, 1.0, 0.1, 0.25)
    with pytest.raises(ValueError, match="params"):
        dp_winnow(X[:40], y[:40], _params(50, 5, rho), rng=0)
    with pytest.raises(ValueError, match="epsilon"):
        theorem_4_5_parameters(100, 10, 0.5, 1.5, 1e-6, 0.05)
    with pytest.raises(ValueError, match="rho"):
        DPWinnowParameters(10, 5, 0.0, 1.0, 0.1, 1.0, 5, 2, 0.05)


def test_non_realizable_sequences_are_rejected_when_realisability_is_assumed():
    X, y, v, rho = majority_sequence(300, 7, 3, 1, flip=0.05)
    with pytest.raises(ValueError, match="not realisable"):
        confident_winnow(X, y, eta=0.1, rho=rho, target=v)
    with pytest.raises(ValueError, match="not realisable"):
        dp_winnow(X, y, _params(300, 7, rho), rng=0, target=v)


def test_exact_realizability_check():
    X, y, v, rho = majority_sequence(60, 6, 3, 8)
    check_realizable(X, y, rho)  # exact LP: the best non-negative margin is >= 1/3
    Xc = X.copy()
    Xc[1] = Xc[0]
    yc = y.copy()
    yc[1] = -yc[0]
    with pytest.raises(ValueError, match="not realisable"):
        check_realizable(Xc, yc, rho)


def test_sign_disagreement_exact_and_lemma_4_6():
    rng = np.random.default_rng(0)
    for m in (1, 2, 3, 10, 41):
        a = Fraction(int(rng.integers(1, 10)), 10)
        p = sign_disagreement_probability(a, m)
        # Monte Carlo with the actual sampling of w~
        w = np.array([float((1 + a) / 2), float((1 - a) / 2)])
        x = np.array([1, -1])
        counts = rng.multinomial(m, w, size=40_000)
        emp = float(((counts @ x) <= 0).mean())
        assert abs(emp - float(p)) < 5 * math.sqrt(float(p) * (1 - float(p)) / 40_000) + 1e-9
        assert float(sign_disagreement_probability(a, m, exact=False)) == pytest.approx(float(p), rel=1e-12)
    for T, beta, c, rho in [(10, 0.1, 0.5, 0.5), (100, 0.05, 0.25, 1.0), (1000, 0.5, 0.5, 0.2)]:
        m = lemma_4_6_sample_size(T, beta, c, rho)
        assert float(sign_disagreement_probability(Fraction(c * rho), m, exact=False)) <= beta / T


def test_em_sample_loss_reaches_four_eta_not_two():
    eta = 0.05
    loss = em_sample_privacy_loss([0.0, 40.0], [-1, 1], 1, [1, -1], 1, eta)
    assert loss == pytest.approx(4 * eta, rel=1e-6)  # finding: proof C.1 counts 2 eta
    rng = np.random.default_rng(1)
    for _ in range(200):
        d = int(rng.integers(1, 6))
        args = (rng.normal(0, 2, d), rng.choice([-1, 1], d), 1, rng.choice([-1, 1], d), -1, 0.3)
        assert em_sample_privacy_loss(*args) <= 4 * 0.3 + 1e-12


@pytest.mark.parametrize("eps,delta,T,d,rho", [(0.5, 1e-6, 1000, 100, 0.2), (0.99, 0.01, 10**5, 1000, 0.5)])
def test_theorem_4_5_parameters(eps, delta, T, d, rho):
    p = theorem_4_5_parameters(T, d, rho, eps, delta, 0.05)
    assert p.mode == "theorem" and p.m == math.ceil(2 * math.log(2 * T / 0.05) / (0.25 * rho**2))

    def need(K):
        eta = eps / (8 * math.sqrt(2 * p.m * K * math.log(4 * K / delta)))
        return 2 * math.log(d) / (eta * rho - eta**2)

    assert need(p.K) <= p.K and need(p.K - 1) > p.K - 1  # the least fixed point
    assert p.eps_hat == pytest.approx(eps / (4 * math.sqrt(2 * p.K * math.log(2 / delta))))
    assert dp_winnow_privacy(p.eps_hat, p.eta, p.m, p.K, delta).epsilon < eps
    assert p.update_bound <= p.K  # Lemma 4.7 with c = 1/2 is the same K


def test_privacy_composition_monotone_and_validated():
    g1 = dp_winnow_privacy(0.1, 0.01, 10, 5, 1e-6)
    g2 = dp_winnow_privacy(0.1, 0.01, 10, 6, 1e-6)
    assert g2.epsilon > g1.epsilon
    assert dp_winnow_privacy(0.1, 0.01, 10, 5, 0.0).epsilon == pytest.approx(5 * 0.1 + 50 * 0.04)
    with pytest.raises(ValueError, match="em_step"):
        dp_winnow_privacy(0.1, 0.01, 10, 5, 1e-6, em_step="other")


# ---------------------------------------------------------------- the [BF26] claims
FAST_CLAIMS = [
    "winnow/proposition-3-3",
    "winnow/proposition-a-9",
    "winnow/theorem-3-5",
    "winnow/lemma-a-1",
    "winnow/lemma-4-2",
    "winnow/lemma-4-6",
    "winnow/lemma-4-7",
    "winnow/lemma-4-10",
    "winnow/theorem-4-11",
]


@pytest.mark.parametrize("claim_id", FAST_CLAIMS)
def test_claim_holds(claim_id):
    rec = run_claim(get_claim(claim_id), seed=0, size="small")
    assert rec["status"] == "holds", rec
    assert rec["evidence"]


@pytest.mark.slow
def test_theorem_4_4_audit_flags_broken_variant():
    rec = run_claim(get_claim("winnow/theorem-4-4"), seed=0, size="small")
    assert rec["status"] == "holds", rec
    ev = rec["evidence"]
    assert ev["audit_lower_bound"] <= ev["audit_claimed_epsilon"] < ev["broken_lower_bound"]


def test_proof_c1_finding_is_reported():
    rec = run_claim(get_claim("winnow/proof-c-1"), seed=0, size="small")
    assert rec["status"] == "violated"
    assert rec["evidence"]["extreme_loss_over_eta"] == pytest.approx(4.0, rel=1e-6)
    assert 2 < rec["evidence"]["loss_over_eta"] <= 4  # the shrunk instance breaks 2 eta too
    assert rec["evidence"]["shrunk"]["before"] == 30 and rec["evidence"]["shrunk"]["after"] < 30


def test_claims_reproducible():
    a = run_claim(get_claim("winnow/lemma-4-2"), seed=3)
    b = run_claim(get_claim("winnow/lemma-4-2"), seed=3)
    assert a["evidence"] == b["evidence"]


def test_figure_draws_counts():
    pytest.importorskip("matplotlib")
    from geoprivate.viz.winnow import draw_dp_winnow_run

    X, y, v, rho = majority_sequence(2000, 20, 3, 0)
    r = dp_winnow(X, y, _params(2000, 20, rho), rng=0)
    ax = draw_dp_winnow_run(r, baseline=winnow(X, y, eta=rho / 4))
    lines = ax.get_lines()
    assert lines[0].get_ydata()[-1] == r.n_mistakes
    assert lines[1].get_ydata()[-1] == r.n_updates
    assert any("Winnow mistakes" in t.get_text() for t in ax.get_legend().get_texts())


def test_least_confident_adversary_within_lemma_4_2():
    from solvers.margins import hypercube

    X = hypercube(6)
    for k in (1, 3, 5):
        y = np.sign(X[:, :k].astype(int).sum(axis=1)).astype(np.int8)
        for c in (0.0, 0.3, 0.49):
            eta = 0.7 * 2 * (1 - c) / k
            ups = least_confident_adversary(X, y, eta=eta, rho=1 / k, c=c)
            assert 0 < ups <= lemma_4_2_bound(6, eta, 1 / k, c)


def test_paper_em_step_warns_and_is_not_a_guarantee():

    X, y, v, rho = majority_sequence(200, 10, 3, 0)
    led = PrivacyLedger()
    with pytest.warns(PrivacyWarning, match="4\\*eta"):
        dp_winnow(X, y, _params(200, 10, rho), rng=0, ledger=led, em_step="paper")
    assert not led.all_apply and led.basic_composition().is_vacuous


def test_theorem_mode_run_records_at_most_epsilon():
    X, y, v, rho = majority_sequence(500, 10, 3, 1)
    p = theorem_4_5_parameters(500, 10, rho, 0.9, 1e-6, 0.05)
    led = PrivacyLedger()
    r = dp_winnow(X, y, p, rng=0, ledger=led, target=v)
    e = led.entries[0]
    assert e.applies and e.epsilon <= 0.9 and e.delta <= 1e-6 and e.params["mode"] == "theorem"
    assert r.n_updates <= p.K and r.n_mistakes <= 500


@settings(max_examples=30, deadline=None)
@given(st.floats(0.01, 0.99), st.floats(1e-9, 0.5), st.integers(1, 10**6), st.integers(1, 10**4))
def test_theorem_4_4_parameters_compose_below_epsilon(eps, delta, K, m):
    from geoprivate.learners.winnow import theorem_4_4_parameters

    eps_hat, eta = theorem_4_4_parameters(eps, delta, K, m)
    assert dp_winnow_privacy(eps_hat, eta, m, K, delta).epsilon < eps
    assert dp_winnow_privacy(eps_hat, eta, m, K, delta, em_step="paper").epsilon < eps


# ----------------------------------------------------------------------- streamed sequences (#33)
def _chunked(X, y, sizes):
    def rounds():
        s = 0
        for k in sizes:
            yield X[s : s + k], y[s : s + k]
            s += k

    return rounds


def test_streamed_dp_winnow_is_the_array_run():
    from geoprivate.learners.winnow import dp_winnow, majority_sequence, practical_parameters

    X, y, v, rho = majority_sequence(3000, 40, 3, 5)
    p = practical_parameters(3000, 40, rho, eps_hat=0.5, eta=0.05, m=32, K=60, L=4)
    whole = dp_winnow(X, y, p, rng=9, target=v)
    for stream in (_chunked(X, y, [1, 999, 1000, 700, 300]), list(zip(X[:3000], y[:3000], strict=True))):
        run = dp_winnow(stream, None, p, rng=9, target=v)
        assert run.transcript == whole.transcript and run.update_rounds == whole.update_rounds
        assert np.array_equal(run.mistakes, whole.mistakes) and run.update_margins == whole.update_margins
    assert whole.n_updates > 5
    with pytest.raises(ValueError, match="params"):
        dp_winnow(_chunked(X, y, [1000, 1000]), None, p, rng=9)  # 2000 rounds for T = 3000
    with pytest.raises(TypeError, match="y"):
        dp_winnow(X, None, p, rng=9)


def test_streamed_confident_winnow_and_winnow_are_the_array_runs():
    from geoprivate.learners.winnow import confident_winnow, majority_stream, winnow

    rounds, v, rho = majority_stream(4000, 60, 5, 2, chunk=777)
    X = np.concatenate([a for a, _ in rounds()])
    y = np.concatenate([b for _, b in rounds()])
    for c in (0.0, 0.5):
        a = confident_winnow(X, y, eta=0.05, rho=rho, c=c, target=v)
        b = confident_winnow(rounds, eta=0.05, rho=rho, c=c, target=v)
        loop = confident_winnow(X, y, eta=0.05, rho=rho, c=c, adversary=lambda t, w, x, yt: 1)  # round by round
        assert np.array_equal(a.updates, b.updates) and np.array_equal(a.updates, loop.updates)
        assert np.array_equal(a.mistakes, b.mistakes) and np.array_equal(a.mistakes, loop.mistakes)
        assert a.n_updates > 0
    assert np.array_equal(winnow(rounds, eta=0.1).mistakes, winnow(X, y, eta=0.1).mistakes)


def _winnow_sample(T=60, d=5, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.choice([-1, 1], size=(T, d))
    return X, np.where(X[:, 0] > 0, 1, -1)


def test_confident_winnow_refuses_a_margin_above_one():
    from geoprivate.learners.winnow import confident_winnow, lemma_4_2_bound

    X, y = _winnow_sample()
    with pytest.raises(ValueError, match="rho"):
        confident_winnow(X, y, eta=0.1, rho=5.0)
    with pytest.raises(ValueError, match="rho"):
        lemma_4_2_bound(5, 0.1, 5.0, 0.25)
    assert confident_winnow(X, y, eta=0.1, rho=1.0).bound is not None


def test_winnow_practical_parameters_refuse_fractional_K_and_m():
    from geoprivate.learners.winnow import practical_parameters

    with pytest.raises(TypeError, match="K"):
        practical_parameters(300, 5, 0.5, eps_hat=0.5, eta=0.1, m=10, K=2.9)
    with pytest.raises(TypeError, match="m"):
        practical_parameters(300, 5, 0.5, eps_hat=0.5, eta=0.1, m=10.5)
    with pytest.raises(ValueError, match="L"):
        practical_parameters(300, 5, 0.5, eps_hat=0.5, eta=0.1, m=10, L=-1.0)
    assert practical_parameters(300, 5, 0.5, eps_hat=0.5, eta=0.1, m=10, K=3).K == 3


def test_dp_winnow_refuses_block_zero():
    from geoprivate.learners.winnow import dp_winnow, practical_parameters

    X, y = _winnow_sample()
    p = practical_parameters(60, 5, 0.5, eps_hat=0.5, eta=0.1, m=10)
    with pytest.raises(ValueError, match="block"):
        dp_winnow(X, y, p, 0, block=0)
    with pytest.raises(ValueError, match="em_step"):
        dp_winnow(X, y, p, 0, em_step="other")
    assert dp_winnow(X, y, p, 0, block=1).transcript == dp_winnow(X, y, p, 0).transcript


def test_sign_disagreement_probability_refuses_an_exact_sum_over_budget():
    from geoprivate.learners.winnow import sign_disagreement_probability

    with pytest.raises(ValueError, match="exact=False"):
        sign_disagreement_probability(0.1, 200_000)
    approx = sign_disagreement_probability(0.1, 200_000, exact=False)  # betainc does not converge here
    assert 0 < approx < __import__("mpmath").exp(-1000)  # Hoeffding: <= exp(-m a^2 / 2) = exp(-1000)
    assert sign_disagreement_probability(Fraction(1, 2), 3) == Fraction(5, 32)


def test_theorem_4_5_parameters_tiny_rho_is_a_clear_error():
    from geoprivate.learners.winnow import lemma_4_6_sample_size, theorem_4_5_parameters

    with pytest.raises(ValueError, match="rho"):
        theorem_4_5_parameters(100, 5, 1e-200, 0.5, 1e-6, 0.1)
    with pytest.raises(ValueError, match="rho"):
        lemma_4_6_sample_size(100, 0.1, 0.5, 5e-324)
    assert theorem_4_5_parameters(100, 5, 0.5, 0.5, 1e-6, 0.1).K >= 1


@pytest.mark.parametrize("rho", [1e-140, 1e-149, 1e-150])
def test_theorem_4_5_parameters_refuse_a_margin_whose_eta_leaves_floats(rho):
    """2mK beyond the float range (found by the fuzz run): a one-line ValueError naming rho, not OverflowError."""
    with pytest.raises(ValueError, match="rho"):
        theorem_4_5_parameters(10, 3, rho, 0.5, 1e-6, 0.1)


def test_a_vacuous_mistake_bound_is_not_a_proof_of_accuracy():
    """#40: Theorem 4.5's parameters at T = 2000, d = 50 made 0 updates, 992 mistakes and reported utility_proved."""
    X, y, _, rho = majority_sequence(2000, 50, 5, rng=0)
    p = theorem_4_5_parameters(2000, 50, rho, 0.9, 1e-6, 0.05)
    assert p.update_bound <= p.K and p.mistake_bound >= p.T  # the theorem's conditions hold; its bound is vacuous
    with pytest.warns(UtilityWarning, match="allows a mistake in every round"):
        run = dp_winnow(X, y, p, rng=1)
    assert run.privacy_applies and not run.utility_proved
    assert "is at least T = 2000" in run.utility_note and run.regret_report()["utility_proved"] is False
    conditions = p.utility_conditions()
    assert [k for k, v in conditions.items() if not v] == ["mistake bound 16 ln(2T^2/beta) K/eps_hat < T (non-vacuous)"]


# ----------------------------------------------------------------------- the tight accountant (#42)


@needs_dp_accounting
def test_dp_winnow_run_names_its_accountant():
    X, y, v, rho = majority_sequence(500, 10, 3, 1)
    p = DPWinnowParameters(500, 10, rho, 0.01, 1e-3, 50.0, 4, 20, 0.05, 0.5, "practical", 0.9, 1e-6)
    led = PrivacyLedger()
    paper = dp_winnow(X, y, p, rng=0)
    tight = dp_winnow(X, y, p, rng=0, ledger=led, accountant="tight")
    e = led.entries[0]
    assert e.accountant == "tight" and "[KOV15]" in e.theorem and e.guarantee.accountant == "tight"
    assert tight.guarantee.accountant == "tight" and paper.guarantee.accountant == "paper"
    assert tight.guarantee.epsilon < paper.guarantee.epsilon  # the same components, composed optimally
    assert tight.transcript == paper.transcript  # the accountant changes the booking, never the run
    assert tight.guarantee == dp_winnow_privacy(p.eps_hat, p.eta, p.m, p.K, 1e-6, accountant="tight")


def test_dp_winnow_refuses_an_unknown_accountant():
    X, y, v, rho = majority_sequence(200, 10, 3, 0)
    with pytest.raises(ValueError, match="accountant must be one of"):
        dp_winnow(X, y, _params(200, 10, rho), rng=0, accountant="renyi")
    with pytest.raises(ValueError, match="accountant must be one of"):
        dp_winnow_privacy(0.1, 0.01, 1, 10, 1e-6, accountant=None)


@needs_dp_accounting
def test_tight_eps_hat_is_feasible_and_beats_theorem_4_4():
    from geoprivate.learners.winnow import tight_eps_hat

    eta, K = 1.5923113197420587e-05, 4_338_540
    e = tight_eps_hat(1.0, 1e-6, eta, 1, K)
    assert dp_winnow_privacy(e, eta, 1, K, 1e-6, accountant="tight").epsilon <= 1.0
    assert dp_winnow_privacy(e * 1.002, eta, 1, K, 1e-6, accountant="tight").epsilon > 1.0
    assert dp_winnow_privacy(e, eta, 1, K, 1e-6).epsilon > 1.0  # Theorem 4.4's composition does not allow it
    # the EM samples alone exceed the budget: no eps_hat
    assert tight_eps_hat(0.01, 1e-6, 0.1, 1, 10**6) == 0.0


# --------------------------------------------------------------------------- the fuzz walk's findings (issue #41)
def test_dp_winnow_privacy_at_the_smallest_delta_books_basic_composition():
    """δ = 5e-324 halves to 0: no δ' for advanced composition, so basic composition (it was a raw error)."""
    from geoprivate.learners.winnow import dp_winnow_privacy

    g = dp_winnow_privacy(0.01, 0.001, 1, 100, 5e-324)
    assert g.delta == 0.0 and g.epsilon == pytest.approx(100 * 0.01 + 100 * 4 * 0.001)


def test_winnow_with_a_vanishing_rate_reports_no_bound():
    """Lemma 4.2's bound beyond the floats is vacuous: ``bound`` is None (it was refused as inf)."""
    from geoprivate.learners.winnow import majority_sequence, winnow

    X, y, _, _ = majority_sequence(30, 8, 3, rng=0)
    assert winnow(X, y, eta=5e-324).bound is None


def test_confident_winnow_run_refuses_mistakes_outside_its_updates():
    from geoprivate.learners.winnow import ConfidentWinnowRun

    with pytest.raises(ValueError, match="updates, mistakes"):
        ConfidentWinnowRun(np.array([1, 3]), np.array([2]), np.full(2, 0.5), None, 0.1, 0.5, 0.25)
    with pytest.raises(ValueError, match="updates must hold strictly increasing"):
        ConfidentWinnowRun(np.array([3, 1]), np.array([], int), np.full(2, 0.5), None, 0.1, 0.5, 0.25)


def test_tight_eps_hat_refuses_what_its_search_cannot_compose():
    from geoprivate.learners.winnow import tight_eps_hat

    with pytest.raises(ValueError, match="m, K: the tight accountant"):
        tight_eps_hat(1.0, 1e-6, 0.01, 1, 2**63)
    with pytest.raises(ValueError, match="epsilon: .* too small"):
        tight_eps_hat(5e-324, 1e-6, 0.01, 1, 10)


def test_majority_stream_is_lazy_in_T():
    from geoprivate.learners.winnow import majority_stream

    rounds, _, _ = majority_stream(2**63, 8, 3, rng=0, chunk=16)
    first = [chunk for _, chunk in zip(range(2), rounds(), strict=False)]
    assert [X.shape for X, _ in first] == [(16, 8), (16, 8)]


def test_practical_l_at_the_smallest_beta_is_finite():
    from geoprivate.learners.winnow import practical_parameters

    p = practical_parameters(100, 8, 1 / 3, eps_hat=0.5, eta=0.1, m=4, beta=5e-324)
    assert math.isfinite(p.L) and pytest.approx(8 * (math.log(200) - math.log(5e-324)) / 0.5) == p.L
