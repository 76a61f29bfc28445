"""private_median(method="exponential" | "log-star") over integer domains up to 2^1024 and beyond;
median from interior point ([Yan25] footnote 3); sample-size calculators."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoprivate.mechanisms import (
    interior_point_median,
    interior_point_sample_size,
    is_alpha_median,
    is_interior_point,
    log_star_median_sample_size,
    median_failure_bound,
    median_sample_size,
    private_median,
)
from geoprivate.mechanisms.median import LogStarOptions, median_trim
from geoprivate.privacy import PrivacyLedger


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
