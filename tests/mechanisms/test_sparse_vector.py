"""BetweenThresholds ([Yan26] Alg. 1, Lemmas 1-2; [NNSY23] Obs. 2) and AboveThreshold: guarantees inside and
outside Lemma 1 (a PrivacyWarning and a vacuous guarantee, or a refusal with ``strict=True``), an underflowing δ,
and the batched ``first_above`` equal to the query-by-query loop, draw for draw."""

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, stats

from geoprivate.mechanisms import (
    AboveThreshold,
    Answer,
    BetweenThresholds,
    HaltedError,
    above_threshold_alpha,
    lemma1_applies,
    lemma1_delta,
    min_gap,
    min_n,
)
from geoprivate.privacy import VACUOUS, Guarantee, PrivacyLedger, c_tops_composition
from geoprivate.privacy.warnings import PrivacyParameterError, PrivacyWarning
from tests.helpers import no_privacy_warning

P_MIN = 1e-6


def _lap_cdf(x, b):
    return 0.5 * math.exp(x / b) if x < 0 else 1 - 0.5 * math.exp(-x / b)


def _single_query_law(q, eps, tl, tu, n):
    """P(L), P(R), P(TOP) of one query, by numerical quadrature over mu (independent check)."""
    bm, bn = 2 / (eps * n), 6 / (eps * n)
    dens = lambda m: math.exp(-abs(m) / bm) / (2 * bm)
    pts = sorted({0.0, q - tl, tu - q, (tu - tl) / 2})
    lim = 60 * bm
    pl = integrate.quad(lambda m: dens(m) * _lap_cdf(tl + m - q, bn), -lim, lim, points=pts, limit=200)[0]
    pr = integrate.quad(
        lambda m: dens(m) * (1 - _lap_cdf(max(tl + m, tu - m) - q, bn)), -lim, lim, points=pts, limit=200
    )[0]
    return pl, pr, 1 - pl - pr


# ------------------------------------------------------------------ formulas
def test_min_gap_is_lemma_1_formula():
    eps, delta, n = 0.5, 1e-6, 1000
    assert min_gap(eps, delta, n) == pytest.approx(12 / (eps * n) * (math.log(20) + math.log(1e6) + 1))
    g = min_gap(eps, delta, n)
    d = lemma1_delta(eps, g, n)
    assert d == pytest.approx(delta, rel=1e-9)
    assert lemma1_applies(eps, delta, g * (1 + 1e-9), n)
    assert not lemma1_applies(eps, delta, g * 0.99, n)
    assert not lemma1_applies(1.0, delta, 10.0, n)  # Lemma 1 needs eps < 1
    for args in [(0, 0.1, 10), (1.0, 0.1, 10), (0.5, 0.0, 10), (0.5, 1.0, 10), (0.5, 0.1, 0)]:
        with pytest.raises(ValueError):
            min_gap(*args)


@settings(max_examples=100)
@given(st.floats(0.01, 0.99), st.floats(1e-6, 0.5), st.floats(0.01, 0.99), st.integers(1, 10**6))
def test_min_n_is_smallest_meeting_lemma_2(alpha, beta, eps, T):
    n = min_n(alpha, beta, eps, T)
    bound = 8 / (alpha * eps) * (math.log(T + 1) + math.log(1 / beta))
    assert n >= bound and n - 1 < bound


# ------------------------------------------------------------------ behaviour
def test_one_mu_shifts_both_thresholds():
    bt = BetweenThresholds(0.5, 0.3, 0.6, 200, rng=1)
    assert bt.t_hat_lower - bt.t_lower == pytest.approx(bt.t_upper - bt.t_hat_upper)
    assert bt.mu == pytest.approx(bt.t_hat_lower - 0.3)
    mus = [BetweenThresholds(0.5, 0.3, 0.6, 200, rng=s).mu for s in range(3000)]
    assert stats.kstest(mus, stats.laplace(scale=2 / (0.5 * 200)).cdf).pvalue > P_MIN


@pytest.mark.parametrize("q", [0.2, 0.38, 0.45, 0.5, 0.58])
def test_single_query_law_matches_quadrature(q):
    eps, tl, tu, n = 0.5, 0.4, 0.55, 100
    pl, pr, pt = _single_query_law(q, eps, tl, tu, n)
    rng = np.random.default_rng(2)
    counts = np.zeros(3)
    for _ in range(6000):
        counts[BetweenThresholds(eps, tl, tu, n, rng=rng).query(q).value] += 1
    exp = np.array([pl, pr, pt]) * counts.sum()
    keep = exp > 0
    assert stats.chisquare(counts[keep], exp[keep] * counts[keep].sum() / exp[keep].sum()).pvalue > P_MIN


def test_halts_at_top_and_further_query_raises():
    bt = BetweenThresholds(0.5, 0.3, 0.7, n=10_000, rng=0)
    assert bt.query(0.5) is Answer.TOP
    assert bt.halted and bt.tops == 1
    with pytest.raises(HaltedError):
        bt.query(0.1)
    with pytest.raises(HaltedError):
        bt.query_batch([0.1])


def test_c_tops_variant_halts_after_c_tops():
    led = PrivacyLedger()
    bt = BetweenThresholds(0.5, 0.3, 0.7, n=10_000, rng=0, c=3, ledger=led)
    answers = [bt.query(0.5) for _ in range(3)]
    assert answers == [Answer.TOP] * 3 and bt.halted
    assert bt.segments == 3 and len(led) == 3  # fresh mu after each TOP but the last
    assert len({e.params["segment"] for e in led.entries}) == 3
    g = bt.guarantee()
    assert g == c_tops_composition(0.5, bt.delta, 3)


def test_unbounded_variant_reinitialises_and_never_halts():
    bt = BetweenThresholds(0.5, 0.3, 0.7, n=10_000, rng=0, c=None)
    mus = set()
    for _ in range(5):
        mus.add(bt.mu)
        assert bt.query(0.5) is Answer.TOP
    assert not bt.halted and bt.tops == 5 and len(mus) == 5
    assert bt.guarantee().epsilon == pytest.approx(0.5 * 6)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=300), st.integers(0, 2**32), st.sampled_from([1, 2, None]))
def test_batch_equals_loop_bit_for_bit(values, seed, c):
    a = BetweenThresholds(0.9, 0.45, 0.55, 50, rng=seed, c=c)
    b = BetweenThresholds(0.9, 0.45, 0.55, 50, rng=seed, c=c)
    vals = np.array(values)
    loop, batch = [], []
    i = 0
    while i < len(vals) and not a.halted:
        ans = a.query(vals[i])
        loop.append(ans)
        i += 1
    j = 0
    while j < len(vals) and not b.halted:
        out = b.query_batch(vals[j:])
        batch.extend(out.tolist())
        j += len(out)
    assert loop == batch
    assert a.n_queries == b.n_queries and a.tops == b.tops and a.mu == b.mu


def test_batch_stops_at_first_top():
    bt = BetweenThresholds(0.5, 0.3, 0.7, n=10_000, rng=3, c=None)
    vals = np.r_[np.zeros(5000), 0.5, np.zeros(10)]
    out = bt.query_batch(vals)
    assert len(out) == 5001 and out[-1] is Answer.TOP
    assert all(a is Answer.L for a in out[:-1])
    codes = bt.query_batch_codes(np.ones(7))
    assert codes.dtype == np.int8 and codes.tolist() == [1] * 7


def test_reproducible_same_seed_same_answers():
    vals = np.random.default_rng(4).uniform(0, 1, 2000)
    a = BetweenThresholds(0.5, 0.45, 0.55, 500, rng=7, c=None).query_batch(vals)
    b = BetweenThresholds(0.5, 0.45, 0.55, 500, rng=7, c=None).query_batch(vals)
    c = BetweenThresholds(0.5, 0.45, 0.55, 500, rng=8, c=None).query_batch(vals)
    assert a.tolist() == b.tolist()
    assert a.tolist() != c.tolist()


@pytest.mark.parametrize(
    "kwargs, name",
    [
        (dict(epsilon=0.0), "epsilon"),
        (dict(epsilon=-1.0), "epsilon"),
        (dict(t_lower=0.6, t_upper=0.6), "t_lower"),
        (dict(t_lower=0.7, t_upper=0.6), "t_lower"),
        (dict(n=0), "n"),
        (dict(delta=1.0), "delta"),
        (dict(delta=-0.1), "delta"),
        (dict(c=0), "c"),
        (dict(t_lower=float("nan")), "t_lower"),
    ],
)
def test_validation(kwargs, name):
    args = dict(epsilon=0.5, t_lower=0.3, t_upper=0.7, n=100)
    args.update(kwargs)
    with pytest.raises(ValueError, match=name):
        BetweenThresholds(**args)


def test_query_value_validation():
    bt = BetweenThresholds(0.5, 0.3, 0.7, 100, rng=0)
    with pytest.raises(ValueError, match="value"):
        bt.query(float("nan"))
    with pytest.raises(ValueError, match="finite"):
        bt.query_batch([0.1, np.inf])
    with pytest.raises(TypeError):
        bt.query("0.5")


def test_ledger_claims_lemma_1_only_when_gap_suffices():
    eps, delta, n = 0.5, 1e-3, 1000
    g = min_gap(eps, delta, n)
    led = PrivacyLedger()
    BetweenThresholds(eps, 0.5 - g / 2, 0.5 + g / 2 + 1e-9, n, rng=0, delta=delta, ledger=led)
    BetweenThresholds(eps, 0.5 - g / 4, 0.5 + g / 4, n, rng=0, delta=delta, ledger=led)
    BetweenThresholds(1.5, 0.0, 1.0, n, rng=0, delta=delta, ledger=led)
    assert [e.applies for e in led.entries] == [True, False, False]
    assert all(e.theorem.startswith("shrinkage/lemma-1") for e in led.entries)
    assert led.basic_composition() == VACUOUS
    ok = BetweenThresholds(eps, 0.5 - g / 2, 0.5 + g / 2 + 1e-9, n, rng=0, delta=delta)
    assert ok.guarantee() == Guarantee(eps, delta)
    assert BetweenThresholds(eps, 0.5 - g / 4, 0.5 + g / 4, n, rng=0, delta=delta).guarantee() == VACUOUS


def test_default_delta_is_the_one_the_gap_buys():
    bt = BetweenThresholds(0.5, 0.3, 0.7, 1000, rng=0)
    assert bt.lemma1_applies
    assert bt.delta == pytest.approx(lemma1_delta(0.5, 0.4, 1000))
    assert min_gap(0.5, bt.delta, 1000) - 1e-15 <= 0.4


def test_lemma_2_accuracy_empirical_failure_rate():
    # n = min_n(alpha, beta, eps, T): P(some answer before halting is alpha-inaccurate) <= beta
    alpha, beta, eps, T = 0.1, 0.1, 0.5, 20
    n = min_n(alpha, beta, eps, T)
    tl, tu = 0.4, 0.6
    rng = np.random.default_rng(5)
    trials, fails = 1500, 0
    for _ in range(trials):
        q = rng.uniform(0, 1, T)
        out = BetweenThresholds(eps, tl, tu, n, rng=rng).query_batch_codes(q)
        qq = q[: len(out)]
        bad = (
            ((out == 0) & (qq > tl + alpha))
            | ((out == 1) & (qq < tu - alpha))
            | ((out == 2) & ((qq < tl - alpha) | (qq > tu + alpha)))
        )
        fails += bool(bad.any())
    assert stats.binomtest(fails, trials, beta, alternative="greater").pvalue > P_MIN


# ------------------------------------------------------------------ AboveThreshold
def test_above_threshold_interface_and_law():
    eps, L = 1.0, 3.0
    # P(first query above) = P(q + nu >= L + rho), nu ~ Lap(4/eps), rho ~ Lap(2/eps)
    q = 2.0
    b1, b2 = 4 / eps, 2 / eps
    p = integrate.quad(
        lambda r: math.exp(-abs(r) / b2) / (2 * b2) * (1 - _lap_cdf(L + r - q, b1)),
        -80,
        80,
        points=[0, q - L],
        limit=200,
    )[0]
    rng = np.random.default_rng(6)
    k = 0
    for _ in range(6000):
        Q = AboveThreshold(eps, L, 0.1, rng=rng)
        Q.add_query(q)
        k += Q.test_above_threshold()
    assert stats.binomtest(k, 6000, p).pvalue > P_MIN


def test_above_threshold_halts_and_validates():
    led = PrivacyLedger()
    Q = AboveThreshold(1.0, 0.0, 0.1, rng=0, ledger=led)
    with pytest.raises(RuntimeError):
        Q.test_above_threshold()
    Q.add_query(1e6)
    assert Q.test_above_threshold() is True and Q.halted
    with pytest.raises(HaltedError):
        Q.add_query(0.0)
    assert led.entries[0].epsilon == 1.0 and led.entries[0].delta == 0.0
    assert Q.alpha(10) == pytest.approx(8 * math.log(2 * 10 / 0.1) / 1.0)
    assert above_threshold_alpha(0.5, 0.1, 10, sensitivity=2) == pytest.approx(2 * 8 * math.log(200) / 0.5)
    with pytest.raises(ValueError, match="beta"):
        AboveThreshold(1.0, 0.0, 1.5)
    with pytest.raises(ValueError, match="epsilon"):
        AboveThreshold(0.0, 0.0, 0.1)


def _first_above_query_by_query(Q, qs):
    """Feed ``qs`` to AboveThreshold ``Q`` one query at a time (add_query, test_above_threshold).

    Parameters
    ----------
    Q : AboveThreshold
        A fresh mechanism.
    qs : iterable of float
        The query values.

    Returns
    -------
    int or None
        The index of the first query answered "above", or None when none is.
    """
    for t, q in enumerate(qs):
        Q.add_query(q)
        if Q.test_above_threshold():
            return t
    return None


def test_above_threshold_lemma_4_3_accuracy():
    eps, beta, T, L = 1.0, 0.1, 30, 50.0
    a = above_threshold_alpha(eps, beta, T)
    rng = np.random.default_rng(7)
    fails = 0
    for _ in range(1000):
        qs = rng.uniform(0, 100, T)
        k = _first_above_query_by_query(AboveThreshold(eps, L, beta, rng=rng), qs)
        k = T if k is None else k
        bad = np.any(qs[:k] > L + a) or (k < T and qs[k] < L - a)
        fails += bool(bad)
    assert stats.binomtest(fails, 1000, beta, alternative="greater").pvalue > P_MIN


def test_between_thresholds_gap_below_lemma1_warns_and_is_vacuous():
    led = PrivacyLedger()
    with pytest.warns(PrivacyWarning, match="gap|delta"):
        b = BetweenThresholds(0.5, 0.49, 0.51, n=10, rng=0, ledger=led)
    assert b.guarantee() == VACUOUS and b.guarantee().is_vacuous
    assert not led.all_apply and led.entries[0].applies is False
    with pytest.raises(PrivacyParameterError, match="Lemma 1"):
        BetweenThresholds(0.5, 0.49, 0.51, n=10, rng=0, strict=True)


@pytest.mark.parametrize("eps", [1.0, 1.5, 40.0])
def test_between_thresholds_epsilon_at_least_one_warns(eps):
    with pytest.warns(PrivacyWarning, match="epsilon"):
        b = BetweenThresholds(eps, 0.0, 1.0, n=10**6, rng=0)
    assert b.guarantee() == VACUOUS
    with pytest.raises(PrivacyParameterError):
        BetweenThresholds(eps, 0.0, 1.0, n=10**6, rng=0, strict=True)


@pytest.mark.parametrize("eps,delta,n", [(0.5, 1e-6, 10_000), (0.1, 1e-9, 10**6), (0.99, 0.5, 500)])
def test_between_thresholds_inside_lemma1_is_silent_and_guaranteed(eps, delta, n):
    gap = min_gap(eps, delta, n) * 1.01
    b = no_privacy_warning(BetweenThresholds, eps, 0.5 - gap / 2, 0.5 + gap / 2, n, rng=0, delta=delta, strict=True)
    assert b.guarantee() == Guarantee(eps, delta)


def test_strict_must_be_a_bool():
    with pytest.raises(TypeError, match="strict"):
        BetweenThresholds(0.5, 0.49, 0.51, n=10, rng=0, strict="yes")


def test_between_thresholds_with_an_underflowing_delta_keeps_lemma_1():
    """delta = exp(-829) underflows: the reported delta is the smallest float (a true upper bound)."""
    from geoprivate.mechanisms.sparse_vector import (
        BetweenThresholds,
        lemma1_applies,
        lemma1_delta,
        min_gap,
    )

    with warnings.catch_warnings():
        warnings.simplefilter("error", PrivacyWarning)
        bt = BetweenThresholds(0.5, 0.4, 0.6, 100_000, rng=0)
    assert bt.lemma1_applies and bt.delta == 5e-324
    assert bt.guarantee().delta == 5e-324 and bt.guarantee().epsilon == 0.5
    assert lemma1_delta(0.5, 0.2, 100_000) == 5e-324
    assert min_gap(0.5, 5e-324, 100_000) < 0.2 and lemma1_applies(0.5, 5e-324, 0.2, 100_000)
    assert math.isfinite(min_gap(0.5, 5e-324, 1))


@pytest.mark.parametrize("seed", range(5))
def test_first_above_is_the_loop_draw_for_draw(seed):
    vals = np.cumsum(np.random.default_rng(100 + seed).integers(0, 2, size=60))
    fast, slow = AboveThreshold(1.0, 12.0, 0.1, rng=seed), AboveThreshold(1.0, 12.0, 0.1, rng=seed)
    assert fast.first_above(vals) == _first_above_query_by_query(slow, vals)
    assert fast.halted == slow.halted and fast.n_queries == slow.n_queries
    # the generator is left where the loop leaves it
    assert fast._rng.random() == slow._rng.random()


def test_first_above_none_consumes_every_draw():
    fast, slow = AboveThreshold(1.0, 1e9, 0.1, rng=3), AboveThreshold(1.0, 1e9, 0.1, rng=3)
    assert fast.first_above([1, 2, 3]) is None
    for v in (1, 2, 3):
        slow.add_query(v)
        assert not slow.test_above_threshold()
    assert fast._rng.random() == slow._rng.random()
    with pytest.raises(ValueError, match="values"):
        fast.first_above([1.0, float("nan")])
