"""private_median(method="exponential" | "log-star") over integer domains up to 2^1024 and beyond;
median from interior point ([Yan25] footnote 3); sample-size calculators; the two verdicts (privacy,
utility) and a failure the caller can see; the domain reader; refused parameters."""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoprivate.mechanisms import (
    LogStarOptions,
    MedianResult,
    interior_point_median,
    interior_point_sample_size,
    is_alpha_median,
    is_interior_point,
    log_star_median_sample_size,
    median_failure_bound,
    median_sample_size,
    private_median,
)
from geoprivate.mechanisms.median import median_domain, median_trim
from geoprivate.privacy import PrivacyLedger
from geoprivate.privacy.warnings import UtilityWarning


@given(st.integers(1, 2000), st.floats(0.01, 0.99))
def test_median_trim_keeps_alpha_fraction(n, alpha):
    r = median_trim(n, alpha)
    assert n - 2 * r >= alpha * n - 1e-9 and r >= (0.5 - alpha / 2) * n - 1


@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=60), st.floats(0.02, 0.98), st.data())
def test_interior_point_of_trimmed_data_is_half_alpha_median(vals, alpha, data):
    """Footnote 3: any interior point of S_mid is an (alpha/2)-median of S (checked exactly)."""
    s = sorted(vals)
    r = median_trim(len(s), alpha)
    mid = s[r : len(s) - r]
    v = data.draw(st.integers(mid[0], mid[-1]))
    assert is_interior_point(mid, v) and is_alpha_median(vals, v, alpha / 2)


def test_exponential_median_over_huge_domain():
    rng = np.random.default_rng(0)
    n_dom = 2**1024
    for trial in range(5):
        vals = [2**1000 * int(rng.integers(1, 2**20)) + int(rng.integers(0, 2**60)) for _ in range(10_000)]
        y = private_median(vals, n_dom, 1.0, rng=trial).value
        assert isinstance(y, int) and 0 <= y < n_dom
        assert is_alpha_median(vals, y, 0.1)
    assert private_median(vals, n_dom, 1.0, rng=7) == private_median(vals, n_dom, 1.0, rng=7)
    assert private_median(vals, range(n_dom), 1.0, rng=7) == private_median(vals, n_dom, 1.0, rng=7)


def test_log_star_median_huge_domain_practical():
    vals = [2**1023 + 5 * j * j for j in range(30_000)]
    for seed in range(3):
        opts = LogStarOptions("practical", k_scale=0.02)
        y = private_median(vals, 2**1024, 1.0, 1e-6, alpha=0.3, beta=0.1, method="log-star", log_star=opts, rng=seed)
        y = y.value
        assert is_alpha_median(vals, y, 0.15)  # an (alpha/2)-median


def test_log_star_median_array_domain_and_learner_shape():
    """Array domain {0..td} as in Algorithm 2 step 4 (values in the domain)."""
    y = np.repeat(np.arange(8), [5, 900, 3000, 3000, 2000, 900, 100, 100])
    out = private_median(
        y,
        np.arange(8),
        5.0,
        0.2,
        alpha=1 / 3,
        beta=0.1,
        method="log-star",
        log_star=LogStarOptions("practical", n_base=4, k_scale=0.0),
        rng=0,
    ).value
    assert int(out) in range(8)
    assert is_alpha_median(y, int(out), 1 / 3)


def test_log_star_validation_and_ledger():
    with pytest.raises(ValueError, match="alpha"):
        private_median([1, 2], 2**64, 1.0, 1e-6, beta=0.1, method="log-star")
    with pytest.raises(ValueError, match="beta"):
        private_median([1, 2], 2**64, 1.0, 1e-6, alpha=0.1, method="log-star")
    with pytest.raises(ValueError, match="delta"):
        private_median([1, 2], 2**64, 1.0, 0.0, alpha=0.1, beta=0.1, method="log-star")
    with pytest.raises(ValueError, match="method"):
        private_median([1, 2], 2**64, 1.0, method="recursive")
    with pytest.raises(ValueError, match="values must lie"):
        private_median([1, 2**64], 2**64, 1.0)
    with pytest.raises(ValueError, match="domain"):
        private_median([1], range(3, 9), 1.0)
    led = PrivacyLedger()
    private_median(list(range(100)), 2**64, 1.0, 1e-6, alpha=0.2, beta=0.1, method="log-star", rng=0, ledger=led)
    private_median(list(range(100)), 2**64, 1.0, alpha=0.2, rng=0, ledger=led)
    a, b = led.entries
    assert a.mechanism == b.mechanism == "private_median"
    assert a.params["method"] == "log-star" and a.delta == 1e-6 and a.applies
    assert a.params["n_required"] == interior_point_sample_size(2**64, 1.0, 1e-6, 0.1)
    assert not a.params["utility_guaranteed"]  # n = 100 << n_req
    assert b.params["method"] == "exponential" and b.delta == 0.0
    assert 0 < b.params["failure_bound"] <= 1


def test_sample_sizes():
    for bits in (4, 64, 1024, 4096):
        m = 2**bits
        n_em = median_sample_size(m, 0.2, 0.1, 1.0)
        assert median_failure_bound(n_em, m, 0.2, 1.0) <= 0.1 < median_failure_bound(n_em - 1, m, 0.2, 1.0)
        n_ls = log_star_median_sample_size(m, 0.2, 0.1, 1.0, 1e-6)
        n_req = interior_point_sample_size(m, 1.0, 1e-6, 0.1)
        assert n_ls - 2 * median_trim(n_ls, 0.2) >= n_req > (n_ls - 1) - 2 * median_trim(n_ls - 1, 0.2)
    # log* wins only for astronomically large |X| (docs §5): at 2^1024 EM is still far smaller
    assert median_sample_size(2**1024, 0.2, 0.1, 1.0) < log_star_median_sample_size(2**1024, 0.2, 0.1, 1.0, 1e-6)
    assert median_sample_size(2 ** (2**20), 0.2, 0.1, 1.0) > log_star_median_sample_size(
        2 ** (2**20), 0.2, 0.1, 1.0, 1e-6
    )


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 2**100), st.integers(0, 1000))
def test_interior_point_median_in_domain(n_dom, seed):
    rng = np.random.default_rng(seed)
    vals = [int(rng.integers(0, min(n_dom, 2**62))) for _ in range(50)]
    r = interior_point_median(vals, n_dom, 0.3, 0.1, 1.0, 0.01, mode="practical", k_scale=0.0, rng=seed)
    assert 0 <= r.value < n_dom and (r.failed or not math.isnan(r.value))


@pytest.mark.parametrize("claim_id", ["vc1/theorem-9", "vc1/theorem-9-crossover", "vc1/theorem-9-em"])
def test_theorem9_claims_hold(claim_id):
    from geoprivate.claims import get_claim, run_claim

    rec = run_claim(get_claim(claim_id), seed=0, size="small")
    assert rec["status"] == "holds", rec
    assert "Theorem 9" in rec["checks"]


HUGE = [2**1023 + 7 * i for i in range(4001)]


def test_failed_log_star_median_is_none_not_a_domain_element():
    led = PrivacyLedger()
    with pytest.warns(UtilityWarning, match="accuracy not proved"):
        y = private_median(HUGE, 2**1024, 1.0, 1e-6, alpha=0.1, beta=0.1, method="log-star", rng=0, ledger=led).value
    assert y is None  # today: 0, outside the data, looking like an answer
    assert led.entries[0].params["failed"] and not led.entries[0].params["utility_proved"]
    with pytest.warns(UtilityWarning):
        r = private_median(HUGE, 2**1024, 1.0, 1e-6, alpha=0.1, beta=0.1, method="log-star", rng=0)
    assert isinstance(r, MedianResult) and r.failed and r.value is None
    assert r.privacy_applies and not r.utility_proved and r.n == 4001 and r.sample_bound > 4001


def test_array_domain_log_star_failure_is_visible():
    data = np.linspace(-5, -3, 2001)
    with pytest.warns(UtilityWarning):
        r = private_median(data, np.arange(-10, 11), 1.0, 1e-6, alpha=0.1, beta=0.1, method="log-star", rng=0)
    assert r.failed and r.value is None  # today: -10, outside [-5, -3]
    # a run that succeeds returns an element of the array domain that is an alpha-median of the data
    with pytest.warns(UtilityWarning):
        ok = private_median(
            data,
            np.arange(-10, 11),
            4.0,
            0.2,
            alpha=0.3,
            beta=0.1,
            method="log-star",
            log_star=LogStarOptions("practical", n_base=4, k_scale=0.0),
            rng=1,
        )
    assert not ok.failed and ok.value in range(-10, 11) and is_alpha_median(data, ok.value, 0.3 + 1 / 2001)


def test_median_sample_size_tiny_epsilon_is_the_exact_integer():
    n = median_sample_size(100, 0.1, 0.1, 1e-308)  # today OverflowError
    exact = math.ceil(Fraction(2.0 * (math.log(100) - math.log(0.1))) / (Fraction(0.1) * Fraction(1e-308)))
    assert isinstance(n, int) and n == exact and n > 10**308
    # n is the least integer with alpha·eps·n/2 >= ln(|X|/beta) (exactly, on the float inputs)
    need = Fraction(math.log(100) - math.log(0.1))
    assert Fraction(0.1) * Fraction(1e-308) * n / 2 >= need > Fraction(0.1) * Fraction(1e-308) * (n - 1) / 2
    assert median_failure_bound(n, 100, 0.1, 1e-308) == pytest.approx(0.1, rel=1e-12)
    assert median_sample_size(100, 0.1, 0.1, 1.0) == math.ceil(2 * (math.log(100) - math.log(0.1)) / 0.1)


@pytest.mark.parametrize("alpha", [0.51, 0.75, 1.0])
def test_median_alpha_above_one_half_is_refused(alpha):
    with pytest.raises(ValueError, match="alpha"):  # today accepted up to 1
        private_median(np.arange(100), np.arange(100), 1.0, alpha=alpha)
    with pytest.raises(ValueError, match="alpha"):
        median_sample_size(100, alpha, 0.1, 1.0)
    with pytest.raises(ValueError, match="alpha"):
        median_failure_bound(100, 100, alpha, 1.0)
    with pytest.raises(ValueError, match="alpha"):
        log_star_median_sample_size(100, alpha, 0.1, 1.0, 1e-6)
    assert median_sample_size(100, 0.5, 0.1, 1.0) >= 1  # alpha = 1/2 itself is allowed


def test_log_star_options_object_is_the_one_spelling():
    vals = [2**63 + 5 * j * j for j in range(30_000)]
    kw = dict(alpha=0.3, beta=0.1, method="log-star", rng=4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UtilityWarning)
        a = private_median(vals, 2**64, 1.0, 1e-6, log_star=LogStarOptions("practical", k_scale=0.0), **kw).value
    assert a is not None and is_alpha_median(vals, a, 0.15)
    with pytest.raises(TypeError, match="mode"):  # the options are not keywords of private_median
        private_median(vals, 2**64, 1.0, 1e-6, mode="practical", k_scale=0.0, **kw)
    with pytest.raises(TypeError, match="log_star"):
        private_median(vals, 2**64, 1.0, 1e-6, log_star={"mode": "practical"}, **kw)


def test_median_domain_reads_every_domain_form_once():
    d = median_domain([5, 1, 3], 8)
    assert (d.size, d.ranks, d.element(3)) == (8, [1, 3, 5], 3)
    assert median_domain([5, 1, 3], range(8)) == d
    a = median_domain([0.5, -2.0, 9.0, 0.0], [-1.0, 0.0, 1.0])
    assert (a.size, a.ranks, a.element(2)) == (3, [0, 1, 2, 2], 1.0)  # smallest element >= x, clipped
    with pytest.raises(ValueError, match="domain"):
        median_domain([1], range(3, 9))
    with pytest.raises(ValueError, match="increasing"):
        median_domain([1], [0, 2, 1])


def test_exponential_median_verdicts():
    data = np.arange(2000) % 10
    r = private_median(data, np.arange(10), 1.0, alpha=0.2, beta=0.1, rng=0)
    assert r.privacy_applies and r.utility_proved and r.sample_bound == median_sample_size(10, 0.2, 0.1, 1.0)
    with pytest.warns(UtilityWarning, match="n = 20 <"):
        small = private_median(data[:20], np.arange(10), 1.0, alpha=0.2, beta=0.1, rng=0)
    assert small.privacy_applies and not small.utility_proved and not small.failed
    none = private_median(data, np.arange(10), 1.0, rng=0)  # no accuracy target: nothing to prove
    assert none.sample_bound is None and not none.utility_proved


@pytest.mark.parametrize("name", ["geoprivate.mechanisms.median", "geoprivate.mechanisms.interior_point"])
def test_docstring_examples_run(name):
    import doctest
    import importlib

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UtilityWarning)  # the examples run below the sample bounds on purpose
        result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_an_alpha_of_one_half_proves_no_accuracy():
    """#40: every point is a 1/2-median, so a run at alpha = 1/2 reports utility_proved=False and says why."""
    values = np.arange(2000) % 10
    ok = private_median(values, np.arange(10), 1.0, alpha=0.4, beta=0.1, rng=0)
    assert ok.utility_proved and ok.n >= ok.sample_bound
    with pytest.warns(UtilityWarning, match="met by a coin"):
        half = private_median(values, np.arange(10), 1.0, alpha=0.5, beta=0.1, rng=0)
    assert half.privacy_applies and not half.utility_proved and half.n >= half.sample_bound
