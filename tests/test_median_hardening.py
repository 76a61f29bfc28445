"""The medians, the interior point and the VC-1 learners, hardened: one test per row of #20 (median and
interior-point rows) and of #21 (loud below the bound, a failure the caller can see, two verdicts)."""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hang_guard import hang_guard

from geoprivate.concepts.thresholds import Thresholds
from geoprivate.learners import vc1 as L
from geoprivate.mechanisms import (
    LogStarOptions,
    MedianResult,
    interior_point,
    interior_point_output_law,
    interior_point_parameters,
    is_alpha_median,
    log_star_median_sample_size,
    median_failure_bound,
    median_sample_size,
    private_median,
)
from geoprivate.mechanisms.median import METHODS, median_domain
from geoprivate.privacy import VACUOUS, PrivacyLedger
from geoprivate.privacy.warnings import PrivacyWarning, UtilityWarning

HUGE = [2**1023 + 7 * i for i in range(4001)]


# ------------------------------------------------------------------ #20: silent failures
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


@pytest.mark.parametrize("eps", [5e-324, 1e-300])
def test_interior_point_parameters_tiny_epsilon_is_a_value_error(eps):
    with pytest.raises(ValueError, match="epsilon"):  # today ZeroDivisionError / OverflowError
        interior_point_parameters(2**32, eps, 1e-6, 0.1)
    with pytest.raises(ValueError, match="epsilon"):
        private_median([1, 2, 3], 2**32, eps, 1e-6, alpha=0.1, beta=0.1, method="log-star")


def test_interior_point_parameters_tiny_delta_is_a_value_error():
    with pytest.raises(ValueError, match="delta"):
        interior_point_parameters(2**32, 1.0, 5e-324, 1e-300)


def test_median_sample_size_tiny_epsilon_is_the_exact_integer():
    n = median_sample_size(100, 0.1, 0.1, 1e-308)  # today OverflowError
    exact = math.ceil(Fraction(2.0 * (math.log(100) - math.log(0.1))) / (Fraction(0.1) * Fraction(1e-308)))
    assert isinstance(n, int) and n == exact and n > 10**308
    # n is the least integer with alpha·eps·n/2 >= ln(|X|/beta) (exactly, on the float inputs)
    need = Fraction(math.log(100) - math.log(0.1))
    assert Fraction(0.1) * Fraction(1e-308) * n / 2 >= need > Fraction(0.1) * Fraction(1e-308) * (n - 1) / 2
    assert median_failure_bound(n, 100, 0.1, 1e-308) == pytest.approx(0.1, rel=1e-12)
    assert median_sample_size(100, 0.1, 0.1, 1.0) == math.ceil(2 * (math.log(100) - math.log(0.1)) / 0.1)


def test_interior_point_output_law_refuses_large_max_n_at_once():
    with hang_guard(60), pytest.raises(ValueError, match="max_n"):  # before the fix: 12! orders, a hang
        interior_point_output_law([1, 2, 3], 16, 1.0, 0.1, 0.5, mode="practical", k_scale=0.0, n_base=5, max_n=12)
    law = interior_point_output_law([1, 2, 3], 16, 1.0, 0.1, 0.5, mode="practical", k_scale=0.0, n_base=5, max_n=8)
    assert abs(sum(law.values()) - 1) < 1e-9


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


def test_learner_median_names_agree_with_private_median():
    """README: OPTPrivateLearner(..., median="exponential"); the learners and private_median share one name set."""
    C = Thresholds(np.arange(16)).matrix()
    new = L.OPTPrivateLearner(C, 1.0, 0.1, 0.1, 0.1, f=16, median="exponential")
    assert new.median == "exponential"
    for bad in ("exp", "implemented"):  # no old spellings (0.1.0 is the first release)
        with pytest.raises(ValueError, match="median"):
            L.OPTPrivateLearner(C, 1.0, 0.1, 0.1, 0.1, f=16, median=bad)
        with pytest.raises(ValueError, match="method"):
            private_median([3] * 50, 16, 1.0, method=bad, rng=2)
    assert set(L.MEDIANS) - {"paper"} == set(METHODS)


# ------------------------------------------------------------------ #24: the options object, one domain reader
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


# ------------------------------------------------------------------ #21: two verdicts, loud below the bound
def test_exponential_median_verdicts():
    data = np.arange(2000) % 10
    r = private_median(data, np.arange(10), 1.0, alpha=0.2, beta=0.1, rng=0)
    assert r.privacy_applies and r.utility_proved and r.sample_bound == median_sample_size(10, 0.2, 0.1, 1.0)
    with pytest.warns(UtilityWarning, match="n = 20 <"):
        small = private_median(data[:20], np.arange(10), 1.0, alpha=0.2, beta=0.1, rng=0)
    assert small.privacy_applies and not small.utility_proved and not small.failed
    none = private_median(data, np.arange(10), 1.0, rng=0)  # no accuracy target: nothing to prove
    assert none.sample_bound is None and not none.utility_proved


def test_interior_point_verdicts_and_warning():
    with pytest.warns(UtilityWarning, match="n_required"):
        r = interior_point(list(range(100)), 2**32, 1.0, 1e-6, 0.1, rng=0)
    assert r.privacy_applies and not r.utility_proved and r.utility_proved == r.utility_guaranteed
    with pytest.warns(UtilityWarning), pytest.warns(PrivacyWarning, match="Lemma 1"):
        bad = interior_point(list(range(100)), 2**32, 30.0, 1e-6, 0.1, rng=0)
    assert not bad.privacy_applies


def test_vc1_learner_below_its_sample_bound_warns_and_records_it():
    """#21: median="log-star", sample_size() in the billions, fit on 2·10⁴ examples ran silently."""
    m = 64
    C = Thresholds(np.arange(m)).matrix()
    learner = L.OPTPrivateLearner(
        C,
        3.0,
        0.1,
        0.1,
        0.1,
        f=m,
        mode="practical",
        n_subsets=600,
        median="log-star",
        median_k_scale=0.0,
        partition="counts",
    )
    assert learner.sample_size() > 10**8
    rng = np.random.default_rng(0)
    cols = rng.integers(0, m, 20_000)
    with pytest.warns(UtilityWarning, match="OPTPrivateLearner: n = 20000 <"):
        h = learner.fit(cols, C.matrix[10, cols], rng=1)
    assert h.privacy_applies is True and h.utility_proved is False
    proper = L.ProperLearner(
        C,
        6.0,
        0.2,
        0.1,
        0.1,
        f=m,
        mode="practical",
        n_subsets=600,
        median="log-star",
        median_k_scale=0.0,
        partition="counts",
    )
    with pytest.warns(UtilityWarning, match="ProperLearner"):
        hp = proper.fit(cols, C.matrix[10, cols], rng=1)
    assert hp.privacy_applies is True and hp.utility_proved is False
    with pytest.warns(PrivacyWarning, match="Lemma 1"):
        outside = L.OPTPrivateLearner(C, 5.0, 0.1, 0.1, 0.1, f=m, mode="practical", n_subsets=600)
    with pytest.warns(UtilityWarning), pytest.warns(PrivacyWarning, match="choosing mechanism"):
        ho = outside.fit(cols, C.matrix[10, cols], rng=1)
    assert ho.privacy_applies is False and outside.guarantee() == VACUOUS


def test_vc1_learner_at_its_theorem_sample_size_proves_utility():
    C = Thresholds(np.arange(4)).matrix()
    learner = L.OPTPrivateLearner(C, 3.9, 0.5, 0.45, 0.45, f=4, partition="counts")
    n = learner.sample_size()
    assert n < 6_000_000
    rng = np.random.default_rng(3)
    cols = rng.integers(0, 4, n)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UtilityWarning)
        h = learner.fit(cols, C.matrix[2, cols], rng=4)
    assert h.privacy_applies and h.utility_proved and not h.details["median_failed"]
    paper = L.OPTPrivateLearner(C, 3.9, 0.5, 0.45, 0.45, f=4, partition="counts", median="paper")
    cols_p = rng.integers(0, 4, paper.sample_size())
    hp = paper.fit(cols_p, C.matrix[2, cols_p], rng=4)
    assert hp.privacy_applies and not hp.utility_proved  # Theorem 9's n_PM is not the bound of the median run


@pytest.mark.parametrize("name", ["geoprivate.mechanisms.median", "geoprivate.mechanisms.interior_point"])
def test_docstring_examples_run(name):
    import doctest
    import importlib

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UtilityWarning)  # the examples run below the sample bounds on purpose
        result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
