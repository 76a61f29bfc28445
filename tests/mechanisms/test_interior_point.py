"""RecPrefix-R (geoprivate.mechanisms.interior_point; docs/interior_point.md §6's test list).

Distribution tests use fixed seeds and p-value 1e-6; the statistical privacy audits use
confidence 1 - 1e-6 (false-alarm rate 1e-6 per test, as in OpenDP)."""

import importlib
import itertools
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from geoprivate.audit import interior_point_exact_audit, statistical_epsilon_lower_bound
from geoprivate.mechanisms import (
    choosing_mechanism,
    interior_point,
    interior_point_output_law,
    interior_point_parameters,
    private_median,
)
from geoprivate.mechanisms.exponential import exponential_mechanism_probabilities
from geoprivate.mechanisms.laplace import uniform_below
from geoprivate.privacy import PrivacyLedger
from geoprivate.privacy.warnings import PrivacyParameterError, PrivacyWarning, UtilityWarning
from tests.hang_guard import hang_guard

CONF = 1 - 1e-6
ip = importlib.import_module("geoprivate.mechanisms.interior_point")  # the module, not the function


# ------------------------------------------------------------------ §6.1-6.2 LCP, chain
def test_lcp_edge_cases():
    for b in (1, 4, 64, 1024):
        x = (1 << b) - 3 if b > 1 else 1
        assert ip.lcp(x, x, b) == b
        assert ip.lcp(x, x ^ 1, b) == b - 1
        assert ip.lcp(0, 1 << (b - 1), b) == 0


@given(st.integers(1, 300), st.data())
def test_lcp_is_common_leading_bits(b, data):
    x = data.draw(st.integers(0, (1 << b) - 1))
    y = data.draw(st.integers(0, (1 << b) - 1))
    sx, sy = format(x, f"0{b}b"), format(y, f"0{b}b")
    expect = next((i for i in range(b) if sx[i] != sy[i]), b)
    assert ip.lcp(x, y, b) == ip.lcp(y, x, b) == expect
    z = ip.lcp(x, y, b)
    assert x >> (b - z) == y >> (b - z)  # the z-prefixes agree


def test_domain_chain_and_levels():
    assert ip.domain_chain(2**1024)[1:] == (1025, 12)
    assert ip.iterated_log2(2**1024) == 5 and ip.iterated_log2(2**65536) == 5
    assert ip.domain_chain(16, 4) == (16, 5, 4)
    assert ip.domain_chain(16) == (16,)
    p = ip.interior_point_parameters(2**1024, 1.0, 1e-6, 0.1)
    assert p.levels == 2 and p.epsilon_step == pytest.approx(0.2) and p.delta_step == 5e-7
    assert p.beta_step == pytest.approx(0.1 / 7)
    for n in (5, 17, 2**20, 2**300):
        ch = ip.domain_chain(n, 3)
        assert all(a > c for a, c in zip(ch, ch[1:], strict=False)) and ch[-1] <= 3
        assert len(ch) - 1 <= ip.iterated_log2(n) + 1


@given(st.integers(2, 2**80), st.integers(0, 20))
def test_lcp_dataset_lies_in_next_domain(n, seed):
    rng = np.random.default_rng(seed)
    b = (n - 1).bit_length()
    vals = [uniform_below(n, rng) for _ in range(9)]
    y = ip.pair_lcps(vals, ip.random_pairing(9, rng), b)
    assert len(y) == 4 and all(0 <= v <= b for v in y)


# ------------------------------------------------------------------ §6.3-6.4 neighbours
def _replacement_distance(a, b):
    """Number of replacements turning multiset a into multiset b (same size)."""
    return sum((Counter(a) - Counter(b)).values())


def test_trim_maps_neighbours_to_neighbours_exhaustively():
    checked = 0
    for n in range(1, 8):
        for ms in itertools.combinations_with_replacement(range(4), n):
            for i, new in itertools.product(range(n), range(4)):
                nb = list(ms)
                nb[i] = new
                for k in range(n // 2 + 1):
                    a, b = ip.trim(ms, k), ip.trim(nb, k)
                    assert len(a) == len(b) and _replacement_distance(a, b) <= 1
                    checked += 1
    assert checked > 10_000


@given(st.lists(st.integers(0, 2**64 - 1), min_size=2, max_size=40), st.data())
def test_fixed_pairing_neighbour_changes_at_most_one_lcp(vals, data):
    i = data.draw(st.integers(0, len(vals) - 1))
    nb = list(vals)
    nb[i] = data.draw(st.integers(0, 2**64 - 1))
    order = ip.random_pairing(len(vals), np.random.default_rng(data.draw(st.integers(0, 99))))
    y, y2 = ip.pair_lcps(vals, order, 64), ip.pair_lcps(nb, order, 64)
    assert sum(a != b for a, b in zip(y, y2, strict=True)) <= 1


def test_boundary_candidates_are_public_and_in_block():
    for b, z, p in [(4, 3, 2), (4, 0, 0), (4, 4, 13), (1024, 17, 12345)]:
        s = b - z
        c = ip.boundary_candidates(p, z, b, 1 << b)
        assert all(v >> s == p for v in c) and 1 <= len(c) <= 3
    assert ip.boundary_candidates(0, 0, 4, 12) == [0, 7, 11]  # block max 15 clamped to N - 1


# ------------------------------------------------------------------ interval exponential mechanism
@given(st.lists(st.integers(0, 40), min_size=1, max_size=12), st.integers(41, 60), st.floats(0.05, 3.0))
@settings(max_examples=60)
def test_interval_em_law_equals_explicit_em(vals, n_dom, eps):
    s = sorted(vals)
    starts, lengths, probs = ip.interval_exponential_law(s, n_dom, eps)
    assert sum(lengths) == n_dom and starts == sorted(starts)
    pointwise = np.concatenate([np.full(L, p / L) for L, p in zip(lengths, probs, strict=True)])
    explicit = exponential_mechanism_probabilities([ip.interior_quality(s, v) for v in range(n_dom)], eps)
    np.testing.assert_allclose(pointwise, explicit, rtol=1e-9, atol=1e-15)


def test_interval_em_sampler_matches_law():
    s = sorted([3, 3, 7, 20, 21, 40])
    starts, lengths, probs = ip.interval_exponential_law(s, 64, 0.8)
    rng = np.random.default_rng(5)
    draws = [ip.interval_exponential_mechanism(s, 64, 0.8, rng) for _ in range(20_000)]
    seg = np.searchsorted(np.array(starts), draws, side="right") - 1
    counts = np.bincount(seg, minlength=len(starts))
    keep = probs * 20_000 >= 5
    obs = np.append(counts[keep], counts[~keep].sum())
    exp = np.append(probs[keep], probs[~keep].sum()) * 20_000
    assert stats.chisquare(obs[exp > 0], exp[exp > 0]).pvalue > 1e-6


def test_uniform_below_huge():
    rng = np.random.default_rng(0)
    n = 3 * 2**1022 + 5
    xs = [uniform_below(n, rng) for _ in range(4000)]
    assert all(isinstance(x, int) and 0 <= x < n for x in xs)
    top = np.array([x * 4 // n for x in xs])  # quarters of [0, n): uniform
    assert stats.chisquare(np.bincount(top, minlength=4)).pvalue > 1e-6
    assert uniform_below(1, np.random.default_rng(1)) == 0


# ------------------------------------------------------------------ §6.5 huge domains
@pytest.mark.parametrize("bits", [1024, 4096])
def test_outputs_in_domain_for_huge_domains(bits):
    n_dom = 2**bits - 12345
    rng = np.random.default_rng(bits)
    vals = [n_dom - 1 - uniform_below(2**40, rng) for _ in range(3000)]
    for seed in range(3):
        r = ip.interior_point(vals, n_dom, 1.0, 1e-6, 0.1, mode="practical", k_scale=0.0, rng=seed)
        assert isinstance(r.value, int) and 0 <= r.value < n_dom
        assert r.params.levels == len(ip.domain_chain(n_dom)) - 1


# ------------------------------------------------------------------ §6.6 utility on adversarial data
def _families(rng, n, n_dom):
    b = (n_dom - 1).bit_length()
    base = n_dom // 3
    yield "two points", [base] * (n // 2) + [base + 1] * (n - n // 2)
    yield "all equal", [base] * n
    yield "size-2 clusters", [base + (j // 2) * (1 << 40) + (j % 2) for j in range(n)]
    yield "one outlier", [base] * (n - 1) + [n_dom - 1]
    yield "dyadic nested", [(1 << (b - 1 - (j % (b - 1)))) for j in range(n)]
    yield "uniform", [uniform_below(n_dom, rng) for _ in range(n)]
    yield "two far clusters", [0] * (n // 2) + [n_dom - 1] * (n - n // 2)


def test_interior_on_adversarial_families_practical():
    """Practical K (k_scale = 0.05), |X| = 2^1024, n = 20000: every family, 2 seeds each."""
    rng = np.random.default_rng(0)
    n_dom = 2**1024
    for name, vals in _families(rng, 20_000, n_dom):
        for seed in range(2):
            r = ip.interior_point(vals, n_dom, 1.0, 1e-6, 0.1, mode="practical", k_scale=0.05, rng=seed)
            assert not r.failed, (name, r.trace)
            assert ip.is_interior_point(vals, r.value), name


def test_theorem_mode_bound_and_validation():
    p = ip.interior_point_parameters(2**32, 1.0, 1e-6, 0.1)
    assert p.n_required == 176_996 and p.utility_proved and p.privacy_applies  # docs §5 table
    assert ip.interior_point_sample_size(2**1024, 1.0, 1e-6, 0.1) == 177_040
    assert ip.interior_point_sample_size(2**65536, 1.0, 1e-6, 0.1) == 607_780
    with pytest.raises(ValueError, match="k_scale"):
        ip.interior_point_parameters(2**32, 1.0, 1e-6, 0.1, k_scale=0.5)
    with pytest.raises(ValueError, match="delta"):
        ip.interior_point_parameters(2**32, 1.0, 0.0, 0.1)
    with pytest.raises(ValueError, match="beta"):
        ip.interior_point_parameters(2**32, 1.0, 1e-6, 1.5)
    with pytest.raises(ValueError, match="mode"):
        ip.interior_point_parameters(2**32, 1.0, 1e-6, 0.1, mode="fast")
    with pytest.raises(ValueError, match="n_base"):
        ip.domain_chain(100, 2)
    with pytest.raises(ValueError, match="values must lie"):
        ip.interior_point([0, 16], 16, 1.0, 0.1, 0.1)
    with pytest.raises(TypeError, match="values"):
        ip.interior_point([0.5], 16, 1.0, 0.1, 0.1)
    assert ip.interior_point_parameters(16, 1.0, 0.0, 0.1).levels == 0  # no CHOOSE: delta may be 0


def test_theorem_mode_at_n_required_small_domain():
    """Theorem constants, n = n_req (loose point eps = 8, delta = 0.5, beta = 0.5, N = 2^20)."""
    n_dom = 2**20
    p = ip.interior_point_parameters(n_dom, 8.0, 0.5, 0.5)
    rng = np.random.default_rng(1)
    vals = [uniform_below(1 << 10, rng) + 5000 for _ in range(p.n_required)]
    fails = 0
    for seed in range(4):
        r = ip.interior_point(vals, n_dom, 8.0, 0.5, 0.5, rng=seed)
        assert r.utility_guaranteed
        fails += not ip.is_interior_point(vals, r.value)
    assert fails <= 2  # beta = 0.5 (in fact none fail)


def test_warning_outside_lemma1_and_ledger():
    with pytest.warns(PrivacyWarning, match="Lemma 1"):
        r = ip.interior_point([1, 2, 3], 2**10, 30.0, 0.1, 0.1, rng=0)
    with pytest.raises(PrivacyParameterError):
        ip.interior_point([1, 2, 3], 2**10, 30.0, 0.1, 0.1, rng=0, strict=True)
    assert not r.params.privacy_applies
    led = PrivacyLedger()
    r = ip.interior_point([5] * 50, 2**10, 1.0, 1e-3, 0.1, rng=0, ledger=led)
    (e,) = led.entries
    assert e.mechanism == "interior_point" and e.applies and e.epsilon == 1.0 and e.delta == 1e-3
    assert e.params["failed"] == r.failed and e.params["n_required"] == r.params.n_required


def test_same_seed_same_transcript():
    vals = list(range(0, 40000, 7))
    a = ip.interior_point(vals, 2**64, 1.0, 1e-6, 0.1, mode="practical", k_scale=0.05, rng=11)
    b = ip.interior_point(vals, 2**64, 1.0, 1e-6, 0.1, mode="practical", k_scale=0.05, rng=11)
    assert a == b


# ------------------------------------------------------------------ §6.8 exact whole-algorithm audit
TINY = dict(domain_size=16, mode="practical", k_scale=0.0)  # K = 0: trimming would empty n <= 6


def _worst_delta(datasets, eps, delta, n_base=5):
    return max(
        interior_point_exact_audit(v, epsilon=eps, delta=delta, beta=0.5, n_base=n_base, **TINY)["delta_at_epsilon"]
        for v in datasets
    )


DATASETS = [[3, 4, 5, 5, 6, 12], [0, 15, 15, 0], [7, 8, 9], [1, 1, 1, 1, 2]]


def test_exact_law_sums_to_one_and_matches_sampler():
    vals = [3, 4, 5, 5, 6, 12]
    law = ip.interior_point_output_law(vals, epsilon=5.7, delta=0.5, beta=0.5, n_base=5, **TINY)
    assert math.isclose(sum(law.values()), 1.0, rel_tol=1e-12)
    assert law[None] < 0.8  # the audited point does produce outputs
    rng = np.random.default_rng(3)
    m = 6000
    outs = Counter()
    for _ in range(m):
        r = ip.interior_point(vals, epsilon=5.7, delta=0.5, beta=0.5, n_base=5, default=0, rng=rng, **TINY)
        outs[None if r.failed else r.value] += 1
    keys = sorted(law, key=lambda k: -1 if k is None else k)
    probs = np.array([law[k] for k in keys])
    obs = np.array([outs[k] for k in keys])
    keep = probs * m >= 5
    o = np.append(obs[keep], obs[~keep].sum())
    e = np.append(probs[keep], probs[~keep].sum()) * m
    assert stats.chisquare(o[e > 0], e[e > 0] * o.sum() / e[e > 0].sum()).pvalue > 1e-6


@pytest.mark.parametrize(
    "n_base,eps,delta",
    [(5, 5.7, 0.5), (5, 5.7, 0.05), (5, 3.0, 0.3), pytest.param(4, 9.0, 0.5, marks=pytest.mark.slow)],
)
def test_exact_audit_tiny_domain(n_base, eps, delta):
    """|X| = 16, N_base = 5 (one level; P(FAIL) ~ 1/2) or 4 (two levels, mostly FAIL), n <= 6,
    K = 0, every neighbour of every dataset: delta(eps) <= delta, exactly."""
    worst = _worst_delta(DATASETS, eps, delta, n_base)
    assert worst <= delta * (1 + 1e-9)


def _no_threshold_law(prefixes, counts, epsilon_step, delta_step):
    """Broken CHOOSE: the exponential mechanism over the present prefixes, no halting test."""
    w = np.exp(np.asarray(counts, float) * epsilon_step / 4)
    law = dict(zip(prefixes, (w / w.sum()).tolist(), strict=True))
    law[None] = 0.0
    return law


def test_exact_audit_flags_broken_choose(monkeypatch):
    """Dropping the choosing mechanism's threshold (support of prefixes moves with the data)."""
    eps, delta = 5.7, 0.05
    assert _worst_delta(DATASETS[:2], eps, delta) <= delta
    monkeypatch.setattr(ip, "choose_prefix_law", _no_threshold_law)
    assert _worst_delta(DATASETS[:2], eps, delta) > 2 * delta


# ------------------------------------------------------------------ statistical audit (larger n)
def _sampler(k_scale=0.05, eps=8.0):
    def run(vals, rng):
        r = ip.interior_point(vals, 2**64, eps, 0.1, 0.1, mode="practical", k_scale=k_scale, rng=rng)
        return "FAIL" if r.failed else (r.value >> 56, (r.value >> 7) & 0xFF)  # top byte, and a fine bucket

    return run


def test_statistical_audit_faithful():
    s = [(1 << 60) + 3 * j for j in range(400)]
    s2 = list(s)
    s2[0] = 2**64 - 1
    res = statistical_epsilon_lower_bound(
        _sampler(k_scale=0.0), s, s2, n_samples=1000, delta=0.1, confidence=CONF, rng=0
    )
    assert res.counts[0] < 1000  # the chosen event is not "always" (the algorithm does produce outputs)
    assert res.epsilon_lower <= 8.0


def _broken_choose(prefixes, counts, epsilon_step, delta_step, rng):
    """No halting test and argmax instead of sampling: outputs the heaviest prefix."""
    return prefixes[int(np.argmax(counts))]


def test_statistical_audit_flags_broken(monkeypatch):
    """Deterministic CHOOSE on a dataset where one replacement moves the heaviest prefix."""
    monkeypatch.setattr(ip, "choose_prefix", _broken_choose)
    run = _sampler(k_scale=0.0, eps=1.0)
    s = [5] * 100 + [2**63 + 5] * 101
    s2 = [5] * 101 + [2**63 + 5] * 100
    res = statistical_epsilon_lower_bound(run, s, s2, n_samples=1000, confidence=CONF, rng=1, delta=0.1)
    assert res.violates(1.0), res


def test_choose_prefix_is_choosing_mechanism():
    prefixes, counts = ip.prefix_counts([1, 1, 2, 9, 9, 9], 2, 4)
    assert prefixes == [0, 2] and counts == [3, 3]
    a = ip.choose_prefix(prefixes, counts, 1.5, 0.4, np.random.default_rng(4))
    j = choosing_mechanism(counts, 1.5, 0.4, 1, rng=np.random.default_rng(4))
    assert a == (None if j is None else prefixes[j])


@pytest.mark.parametrize("bad", [float("inf"), float("-inf"), float("nan")])
def test_iterated_log2_refuses_non_finite(bad):
    from geoprivate.mechanisms.interior_point import iterated_log2

    with pytest.raises(ValueError, match="n"):
        iterated_log2(bad)
    assert iterated_log2(2.0**1000) == iterated_log2(2**1000) == 5


@pytest.mark.parametrize("eps", [5e-324, 1e-300])
def test_interior_point_parameters_tiny_epsilon_is_a_value_error(eps):
    with pytest.raises(ValueError, match="epsilon"):  # today ZeroDivisionError / OverflowError
        interior_point_parameters(2**32, eps, 1e-6, 0.1)
    with pytest.raises(ValueError, match="epsilon"):
        private_median([1, 2, 3], 2**32, eps, 1e-6, alpha=0.1, beta=0.1, method="log-star")


def test_interior_point_parameters_tiny_delta_is_a_value_error():
    with pytest.raises(ValueError, match="delta"):
        interior_point_parameters(2**32, 1.0, 5e-324, 1e-300)


def test_interior_point_output_law_refuses_large_max_n_at_once():
    with hang_guard(60), pytest.raises(ValueError, match="max_n"):  # before the fix: 12! orders, a hang
        interior_point_output_law([1, 2, 3], 16, 1.0, 0.1, 0.5, mode="practical", k_scale=0.0, n_base=5, max_n=12)
    law = interior_point_output_law([1, 2, 3], 16, 1.0, 0.1, 0.5, mode="practical", k_scale=0.0, n_base=5, max_n=8)
    assert abs(sum(law.values()) - 1) < 1e-9


def test_interior_point_verdicts_and_warning():
    with pytest.warns(UtilityWarning, match="n_required"):
        r = interior_point(list(range(100)), 2**32, 1.0, 1e-6, 0.1, rng=0)
    assert r.privacy_applies and not r.utility_proved and r.utility_proved == r.utility_guaranteed
    with pytest.warns(UtilityWarning), pytest.warns(PrivacyWarning, match="Lemma 1"):
        bad = interior_point(list(range(100)), 2**32, 30.0, 1e-6, 0.1, rng=0)
    assert not bad.privacy_applies
