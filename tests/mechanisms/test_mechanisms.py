"""Laplace (fast and safe), exponential mechanism, report-noisy-max, choosing mechanism,
private median, sub-sampling.  Distribution tests use fixed seeds and p-value 1e-6."""

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from geoprivate.mechanisms import (
    AboveThreshold,
    BetweenThresholds,
    bernoulli_exp,
    choosing_guarantee,
    choosing_mechanism,
    choosing_output_law,
    choosing_threshold,
    choosing_utility_loss,
    default_granularity,
    discrete_laplace,
    exponential_mechanism,
    exponential_mechanism_log_probabilities,
    exponential_mechanism_probabilities,
    is_alpha_median,
    is_k_bounded,
    laplace_mechanism,
    laplace_noise,
    median_failure_bound,
    median_quality,
    median_sample_size,
    private_median,
    report_noisy_max,
    simulate_between_thresholds,
    subsample,
    subsampled,
)
from geoprivate.privacy import VACUOUS, Guarantee, PrivacyLedger
from geoprivate.privacy.warnings import PrivacyParameterError, PrivacyWarning
from tests.helpers import no_privacy_warning

P_MIN = 1e-6


def _chi2_pvalue(counts, probs):
    counts = np.asarray(counts, float)
    probs = np.asarray(probs, float)
    keep = probs * counts.sum() >= 5
    obs = np.append(counts[keep], counts[~keep].sum())
    exp = np.append(probs[keep], probs[~keep].sum()) * counts.sum()
    if exp[-1] == 0:
        obs, exp = obs[:-1], exp[:-1]
    return stats.chisquare(obs, exp).pvalue


# ------------------------------------------------------------------ Laplace
def test_fast_laplace_law():
    x = laplace_noise(2.5, size=20_000, rng=1)
    assert stats.kstest(x, stats.laplace(scale=2.5).cdf).pvalue > P_MIN


@pytest.mark.parametrize("gamma", [Fraction(0), Fraction(3, 10), Fraction(1), Fraction(5, 2), Fraction(7, 3)])
def test_bernoulli_exp_is_exact_bernoulli(gamma):
    rng = np.random.default_rng(2)
    k = sum(bernoulli_exp(gamma, rng) for _ in range(6000))
    p = math.exp(-float(gamma))
    assert stats.binomtest(k, 6000, p).pvalue > P_MIN


def test_discrete_laplace_law():
    scale = Fraction(3, 2)
    z = discrete_laplace(scale, size=20_000, rng=3)
    assert z.dtype == np.int64
    support = np.arange(-25, 26)
    w = np.exp(-np.abs(support) / 1.5)
    w /= w.sum()  # tail beyond 25 has mass < 1e-7
    counts = np.array([(z == s).sum() for s in support])
    assert counts.sum() == z.size
    assert _chi2_pvalue(counts, w) > P_MIN


def test_safe_laplace_is_on_grid_and_laplace_distributed():
    x = laplace_noise(0.7, size=5000, rng=4, safe=True)
    g = default_granularity(0.7)
    assert np.all(x / g == np.round(x / g))
    assert stats.kstest(x, stats.laplace(scale=0.7).cdf).pvalue > P_MIN
    with pytest.raises(ValueError, match="power of two"):
        laplace_noise(1.0, rng=0, safe=True, granularity=0.3)


def test_safe_laplace_mechanism_outputs_grid_points():
    led = PrivacyLedger()
    vals = np.array([0.1, 1 / 3, 1e3 + 0.123456789])
    out = laplace_mechanism(vals, epsilon=1.0, sensitivity=1.0, rng=5, safe=True, ledger=led)
    g = default_granularity(1.0)
    assert np.all(out / g == np.round(out / g))
    assert led.entries[0].epsilon == 1.0 and led.entries[0].params["safe"]
    # the released value is centred on the true one
    many = laplace_mechanism(np.zeros(4000) + 1 / 3, 1.0, rng=6, safe=True)
    assert abs(np.median(many) - 1 / 3) < 0.1


def test_laplace_reproducible_and_validated():
    assert np.array_equal(laplace_noise(1.0, 10, rng=7), laplace_noise(1.0, 10, rng=7))
    assert np.array_equal(laplace_noise(1.0, 10, rng=7, safe=True), laplace_noise(1.0, 10, rng=7, safe=True))
    for bad in (0, -1.0, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="scale"):
            laplace_noise(bad)
    with pytest.raises(ValueError, match="finite"):
        laplace_mechanism(float("nan"), 1.0)


# ------------------------------------------------------------------ exponential mechanism
def test_exponential_mechanism_law_chi_square():
    scores = np.array([0.0, 1.0, 3.0, 2.0, -1.0])
    p = exponential_mechanism_probabilities(scores, 1.0)
    rng = np.random.default_rng(8)
    draws = [exponential_mechanism(scores, 1.0, rng=rng) for _ in range(10_000)]
    assert _chi2_pvalue(np.bincount(draws, minlength=5), p) > P_MIN


def test_exponential_mechanism_exact_ratios():
    scores = np.array([0.0, 1.0, 5.0])
    p = exponential_mechanism_probabilities(scores, epsilon=0.8, sensitivity=2.0)
    assert p.sum() == pytest.approx(1.0)
    assert p[2] / p[0] == pytest.approx(math.exp(0.8 * 5.0 / 4.0))


def test_exponential_mechanism_huge_scores_no_nan():
    scores = np.array([1e6, 1e6 - 1, 0.0, -1e6])
    p = exponential_mechanism_probabilities(scores, 1.0)
    lp = exponential_mechanism_log_probabilities(scores, 1.0)
    assert np.all(np.isfinite(p)) and np.all(np.isfinite(lp))
    assert p.sum() == pytest.approx(1.0)
    assert lp[0] - lp[1] == pytest.approx(0.5)
    assert lp[3] == pytest.approx(-1e6, rel=1e-6)  # not -inf
    idx = [exponential_mechanism(scores, 1.0, rng=s) for s in range(200)]
    assert set(idx) <= {0, 1}


@settings(max_examples=100)
@given(st.lists(st.floats(-50, 50), min_size=1, max_size=12), st.floats(0.05, 5), st.data())
def test_exponential_mechanism_is_epsilon_dp_exactly(scores, eps, data):
    s = np.array(scores)
    shift = np.array(data.draw(st.lists(st.floats(-1, 1), min_size=len(s), max_size=len(s))))
    lp = exponential_mechanism_log_probabilities(s, eps)
    lq = exponential_mechanism_log_probabilities(s + shift, eps)
    assert np.max(np.abs(lp - lq)) <= eps * (1 + 1e-9) + 1e-12


def test_exponential_mechanism_validation_and_reproducibility():
    with pytest.raises(ValueError, match="non-empty"):
        exponential_mechanism([], 1.0)
    with pytest.raises(ValueError, match="finite"):
        exponential_mechanism([0.0, np.nan], 1.0)
    with pytest.raises(ValueError, match="epsilon"):
        exponential_mechanism([0.0], 0.0)
    with pytest.raises(ValueError, match="sensitivity"):
        exponential_mechanism([0.0], 1.0, sensitivity=-1)
    with pytest.raises(TypeError):
        exponential_mechanism(["a"], 1.0)
    s = np.arange(50.0)
    assert [exponential_mechanism(s, 0.1, rng=i) for i in range(20)] == [
        exponential_mechanism(s, 0.1, rng=i) for i in range(20)
    ]
    led = PrivacyLedger()
    exponential_mechanism(s, 0.3, rng=0, ledger=led)
    assert led.entries[0].epsilon == 0.3 and led.entries[0].delta == 0.0


def test_report_noisy_max_two_candidates_law():
    # P(pick 1) = P(L1 - L0 > -d); for D = L1 - L0 with L iid Lap(b), P(D > z) = e^{-z/b}(2 + z/b)/4, z >= 0
    d, eps = 1.0, 1.0
    b = 2.0 / eps
    p1 = 1 - math.exp(-d / b) * (2 + d / b) / 4
    rng = np.random.default_rng(9)
    k = sum(report_noisy_max([0.0, d], eps, rng=rng) for _ in range(10_000))
    assert stats.binomtest(k, 10_000, p1).pvalue > P_MIN
    led = PrivacyLedger()
    report_noisy_max([0.0, 1.0], 1.0, rng=0, monotone=True, ledger=led)
    assert led.entries[0].params["monotone"]


# ------------------------------------------------------------------ choosing mechanism
def test_choosing_mechanism_law_chi_square():
    scores = np.array([0, 60, 58, 0, 40, 61])
    eps, delta, k = 1.0, 0.01, 1
    probs, p_bot = choosing_output_law(scores, eps, delta, k)
    assert probs[0] == probs[3] == 0.0
    assert probs.sum() + p_bot == pytest.approx(1.0)
    rng = np.random.default_rng(10)
    out = [choosing_mechanism(scores, eps, delta, k, rng=rng) for _ in range(8000)]
    counts = np.append(np.bincount([o for o in out if o is not None], minlength=6), sum(o is None for o in out))
    assert _chi2_pvalue(counts, np.append(probs, p_bot)) > P_MIN


def test_choosing_mechanism_halts_on_low_scores_and_ignores_zero_scores():
    eps, delta, k = 1.0, 1e-6, 2
    thr = choosing_threshold(eps, delta, k)
    assert thr == pytest.approx(8 * math.log(8 / 1e-6))
    probs, p_bot = choosing_output_law([1, 1, 0], eps, delta, k)
    assert p_bot > 1 - 1e-5
    big = np.zeros(10_000, dtype=int)
    big[1234] = int(thr + 60)
    picks = {choosing_mechanism(big, eps, delta, k, rng=s) for s in range(50)}
    assert picks == {1234}  # the many zero-score candidates are never output


def test_choosing_mechanism_utility_bound_holds_empirically():
    # [Yan25] Lemma 1: P[q(z) >= max q - (16/eps) ln(4kn/(beta eps delta))] >= 1 - beta
    eps, delta, k, n, beta = 1.0, 1e-3, 1, 400, 0.05
    loss = choosing_utility_loss(eps, delta, k, n, beta)
    rng = np.random.default_rng(11)
    scores = rng.multinomial(n, np.ones(30) / 30)  # a 1-bounded quality: each element raises one score
    fails = 0
    for _ in range(2000):
        z = choosing_mechanism(scores, eps, delta, k, rng=rng)
        q = 0 if z is None else scores[z]
        fails += q < scores.max() - loss
    assert stats.binomtest(fails, 2000, beta, alternative="greater").pvalue > P_MIN


def test_choosing_mechanism_validation_and_ledger():
    for bad in ([-1, 2], [0.5, 1]):
        with pytest.raises(ValueError, match="non-negative integers"):
            choosing_mechanism(bad, 1.0, 0.1, 1)
    with pytest.raises(ValueError, match="delta"):
        choosing_mechanism([1, 2], 1.0, 0.0, 1)
    with pytest.raises(ValueError, match="k"):
        choosing_mechanism([1, 2], 1.0, 0.1, 0)
    led = PrivacyLedger()
    choosing_mechanism([100, 0], 1.0, 0.1, 1, rng=0, ledger=led)
    choosing_mechanism([100, 0], 2.5, 0.1, 1, rng=0, ledger=led)  # eps outside (0, 2): Lemma 1 silent
    assert [e.applies for e in led.entries] == [True, False]
    assert led.entries[0].theorem.startswith("vc1/lemma-1")


def test_is_k_bounded_point_functions():
    # q(D, z) = #{x in D : x == z} is 1-bounded; q(D, z) = #{x in D : x <= z} is not
    data = [3, 1, 3, 2, 0, 3]
    cands = range(5)
    assert is_k_bounded(lambda D, z: sum(x == z for x in D), data, cands, 1)
    assert not is_k_bounded(lambda D, z: sum(x <= z for x in D), data, cands, 1)
    assert not is_k_bounded(lambda D, z: 1, data, cands, 5)


# ------------------------------------------------------------------ private median
@settings(max_examples=60)
@given(st.lists(st.integers(-5, 15), min_size=1, max_size=40))
def test_median_quality_matches_definition_11(values):
    dom = np.arange(-6, 17)
    q = median_quality(values, dom)
    ref = [min(sum(v <= y for v in values), sum(v >= y for v in values)) for y in dom]
    assert q.tolist() == ref
    assert q.max() >= len(values) / 2  # Fact 1
    best = dom[int(np.argmax(q))]
    assert is_alpha_median(values, best, 0.0)


def test_private_median_returns_alpha_median_and_matches_law():
    rng = np.random.default_rng(12)
    values = rng.integers(0, 64, size=300)
    dom = np.arange(64)
    eps, alpha = 1.0, 0.1
    assert median_failure_bound(300, 64, alpha, eps) < 1e-4
    outs = [private_median(values, dom, eps, rng=rng).value for _ in range(3000)]
    assert all(is_alpha_median(values, y, alpha) for y in outs)
    p = exponential_mechanism_probabilities(median_quality(values, dom), eps)
    assert _chi2_pvalue(np.bincount(outs, minlength=64), p) > P_MIN


def test_median_sample_size_meets_failure_bound():
    for m, a, b, e in [(10, 0.1, 0.05, 1.0), (1000, 0.25, 1e-3, 0.3)]:
        n = median_sample_size(m, a, b, e)
        assert median_failure_bound(n, m, a, e) <= b
        assert n == 1 or median_failure_bound(n - 1, m, a, e) > b * (1 - 1e-12)


def test_private_median_validation_and_ledger():
    with pytest.raises(ValueError, match="strictly increasing"):
        private_median([1, 2], [0, 2, 1], 1.0)
    with pytest.raises(ValueError, match="values"):
        private_median([], [0, 1], 1.0)
    with pytest.raises(ValueError, match="delta"):
        private_median([0], [0, 1], 1.0, delta=1.0)
    with pytest.raises(ValueError, match="epsilon"):
        private_median([0], [0, 1], -1.0)
    led = PrivacyLedger()
    y = private_median([0.5, 0.7, 0.9], [0.0, 0.6, 1.0], 1.0, alpha=0.2, rng=0, ledger=led).value
    assert y in (0.0, 0.6, 1.0)
    assert led.entries[0].delta == 0.0 and "failure_bound" in led.entries[0].params
    assert private_median([1, 2, 3], [0, 1, 2, 3], 0.5, rng=3) == private_median([1, 2, 3], [0, 1, 2, 3], 0.5, rng=3)
    assert private_median([1, 2, 3], [0, 1, 2, 3], 0.5, rng=3).value in (0, 1, 2, 3)


# ------------------------------------------------------------------ sub-sampling
def test_subsample_uniform_and_subsampled_ledger():
    J = subsample(10, 3, rng=0)
    assert len(set(J.tolist())) == 3 and J.min() >= 0 and J.max() < 10
    rng = np.random.default_rng(13)
    counts = np.zeros(10)
    for _ in range(3000):
        counts[subsample(10, 3, rng)] += 1
    assert _chi2_pvalue(counts, np.full(10, 0.1)) > P_MIN
    led = PrivacyLedger()
    data = np.arange(100)
    out = subsampled(lambda d, r: float(np.mean(d)), data, 20, 1.0, 1e-3, 0.5, rng=0, ledger=led)
    assert 0 <= out <= 99
    assert not led.entries[0].applies  # 100 < (20/0.5)(3 + e) = 228.7
    data = np.arange(60)
    assert subsampled(lambda d, r: len(d), data, 5, 1.0, 1e-3, 1.0, rng=0, ledger=led) == 5
    assert led.entries[1].applies and led.entries[1].params["t_needed"] == 29  # ceil(5 (3 + e))


@pytest.mark.parametrize("eps", [2.0, 5.0])
def test_choosing_mechanism_outside_lemma1_warns(eps):
    led = PrivacyLedger()
    with pytest.warns(PrivacyWarning, match="Lemma 1"):
        choosing_mechanism([0, 3, 5], eps, 0.1, 1, rng=0, ledger=led)
    assert led.entries[0].applies is False and choosing_guarantee(eps, 0.1) == VACUOUS
    with pytest.raises(PrivacyParameterError):
        choosing_mechanism([0, 3, 5], eps, 0.1, 1, rng=0, strict=True)
    # inside Lemma 1 (epsilon in (0, 2)): silent, guarantee stated
    no_privacy_warning(choosing_mechanism, [0, 3, 5], 1.9, 0.1, 1, rng=0, strict=True)
    assert choosing_guarantee(1.9, 0.1) == Guarantee(1.9, 0.1)


def test_subsampling_below_claim_2_7_size_warns():
    data = np.arange(20)
    with pytest.warns(PrivacyWarning, match="Claim 2.7"):
        subsampled(lambda s, r: s.sum(), data, 5, 1.0, 1e-6, 0.5, rng=0)
    with pytest.raises(PrivacyParameterError):
        subsampled(lambda s, r: s.sum(), data, 5, 1.0, 1e-6, 0.5, rng=0, strict=True)


def test_exponential_mechanism_huge_scores_pick_the_better_candidate():
    # logit gap (1.7e308 - 1e308) * 4 / 2 = 1.4e308: the better candidate has probability 1
    assert {exponential_mechanism([1e308, 1.7e308], 4.0, rng=s) for s in range(20)} == {1}
    p = exponential_mechanism_probabilities([1e308, 1.7e308], 4.0)
    assert p.tolist() == [0.0, 1.0]


def test_exponential_mechanism_probabilities_never_nan():
    p = exponential_mechanism_probabilities([0, 1e300], 1e10)
    assert p.tolist() == [0.0, 1.0]
    lp = exponential_mechanism_log_probabilities([-1.7e308, 1.7e308, 0.0], 1.0)
    assert not np.isnan(lp).any() and lp[1] == 0.0
    # the shifted logits give the textbook law where it is representable
    s = np.array([0.0, 1.0, 3.0])
    q = np.exp(s * 0.7 / 2)
    assert np.allclose(exponential_mechanism_probabilities(s, 0.7), q / q.sum(), rtol=1e-14)


def test_exponential_mechanism_refuses_an_overflowing_logit_scale():
    with pytest.raises(ValueError, match="epsilon / sensitivity"):
        exponential_mechanism([0.0, 1.0], 1e300, sensitivity=1e-300, rng=0)


def test_report_noisy_max_huge_scores():
    assert report_noisy_max([-1.7e308, 1.7e308], 1.0, rng=0) == 1


@pytest.mark.parametrize(
    "make",
    [
        lambda: BetweenThresholds(1e-310, 0.3, 0.7, n=10, rng=0),
        lambda: AboveThreshold(1e-310, 0.3, 0.1, rng=0),
        lambda: laplace_mechanism(1.0, 1e-310, rng=0),
        lambda: simulate_between_thresholds([0.5], 1e-310, 0.3, 0.7, 10, 5, rng=0),
        lambda: choosing_mechanism([1, 2], 1e-310, 0.1, 1, rng=0),
    ],
)
def test_tiny_epsilon_infinite_noise_is_an_error(make):
    with pytest.raises(ValueError, match="finite"):
        make()
