"""Exact laws of two-sided geometric noise (geoprivate.audit.laws): identities, brute force, validation.

Every brute-force comparison below sums over a bounded support and accounts for the rest with
an exact tail (a closed-form geometric series written out here independently of the module, or
an exact bound on the omitted mass), so the comparisons are equalities or exact inequalities,
never tolerances.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from geoprivate.audit import LogRational, exact_audit
from geoprivate.audit.laws import (
    PiecewiseGeometric,
    clamped_law,
    discrete_laplace_cdf,
    discrete_laplace_clamped_law,
    discrete_laplace_epsilon,
    discrete_laplace_pmf,
    discrete_laplace_sf,
    noisy_argmax_law,
    noisy_comparison_given_threshold,
    noisy_comparison_probability,
    noisy_max_cdf,
    shared_threshold_law,
    threshold_crossing_law,
)

RATIOS = [F(1, 2), F(4, 5), F(1, 7), F(99, 100)]
PG = PiecewiseGeometric


def pmf(k: int, r: F) -> F:
    """The textbook pmf (1 − r)/(1 + r) r^|k|, written independently of the module."""
    return (1 - r) / (1 + r) * r ** abs(k)


def upper_tail(k: int, r: F) -> F:
    """P(Z >= k) for k >= 1: Σ_{j>=k} (1 − r)/(1 + r) r^j = r^k/(1 + r)."""
    return r**k / (1 + r)


# ------------------------------------------------------------------------------ scalar laws
@pytest.mark.parametrize("r", RATIOS)
def test_pmf_is_the_closed_form_and_sums_to_one_exactly(r):
    for c in (-2, 0, 3):
        for k in range(-6, 7):
            assert discrete_laplace_pmf(k, r, c) == pmf(k - c, r)
        assert PG.discrete_laplace(r, "pmf", c).total() == 1
    K = 5  # brute force on |k| <= K plus the two exact tails
    assert sum(pmf(k, r) for k in range(-K, K + 1)) + 2 * upper_tail(K + 1, r) == 1


@pytest.mark.parametrize("r", RATIOS)
def test_cdf_and_sf_are_exact_partial_sums(r):
    K = 12
    for c in (-1, 0, 2):
        for k in range(-5, 6):
            cdf, sf = discrete_laplace_cdf(k, r, c), discrete_laplace_sf(k, r, c)
            assert cdf + sf == 1
            # cdf(k) = Σ_{j <= k} pmf(j − c): a sum from −K plus the exact lower tail P(Z <= −K − 1 − c)
            head = sum(pmf(j - c, r) for j in range(-K, k + 1))
            assert cdf == head + upper_tail(K + 1 + c, r)
        assert PG.discrete_laplace(r, "cdf", c) + PG.discrete_laplace(r, "sf", c) == PG.constant(1)


def test_discrete_laplace_epsilon_is_the_tight_epsilon_of_the_geometric_mechanism():
    r = F(2, 3)
    eps = discrete_laplace_epsilon(r)
    assert eps == LogRational(F(3, 2)) and discrete_laplace_epsilon(r, 3).value == F(27, 8)

    def mechanism(x):  # the geometric mechanism on a counting query, clamped to a window (post-processing)
        return discrete_laplace_clamped_law(r, -3, 4, centre=x)

    ok = exact_audit(mechanism, [(0, 1), (1, 0)], eps)
    assert ok.holds and ok.exact and ok.delta_bounds == (0, 0) and ok.exp_epsilon_at_delta == 1 / r
    bad = exact_audit(mechanism, [(0, 1)], LogRational(1 / r - F(1, 1000)))
    assert bad.violated and bad.delta_bounds[0] > 0


# ----------------------------------------------------------------------- piecewise-geometric functions
def _functions():
    r, s = F(1, 2), F(3, 4)
    return [
        PG.discrete_laplace(r, "pmf", 1),
        PG.discrete_laplace(s, "cdf", -2),
        PG.discrete_laplace(r, "sf", 0),
        PG.step(2, F(1, 3), 5),
        PG(0, (F(1), F(-2), F(7, 3)), ((F(3), F(1, 5)),), ((F(1, 3), F(2)),)),
    ]


def test_arithmetic_is_pointwise():
    fs = _functions()
    for f, g in itertools.product(fs, repeat=2):
        add, mul, sub = f + g, f * g, f - g
        for t in range(-6, 7):
            assert add(t) == f(t) + g(t) and mul(t) == f(t) * g(t) and sub(t) == f(t) - g(t)
    f = fs[0]
    for t in range(-4, 5):
        assert (1 - f)(t) == 1 - f(t) and (2 * f)(t) == 2 * f(t) and (f + F(1, 2))(t) == f(t) + F(1, 2)
        assert (-f)(t) == -f(t)


def test_total_is_the_sum_over_the_integers():
    r = F(2, 3)
    g = PG.discrete_laplace(r, "pmf", 1) * PG.discrete_laplace(F(1, 2), "cdf", 3)  # summable: the pmf decays
    K = 40
    head = sum(g(t) for t in range(-K, K + 1))
    assert 0 <= g.total() - head <= 2 * upper_tail(K, r)  # 0 <= g <= pmf on the omitted tails
    # middle 1 + 2, left Σ_{t<0} 2^t = 1, right Σ_{t>=2} 3 (1/2)^t = 3/2
    assert PG(0, (F(1), F(2)), ((F(2), F(1)),), ((F(1, 2), F(3)),)).total() == F(11, 2)


def test_total_refuses_a_divergent_sum():
    with pytest.raises(ValueError, match=r"t -> -inf diverges"):
        PG.constant(1).total()
    with pytest.raises(ValueError, match=r"t -> \+inf diverges"):
        PG.discrete_laplace(F(1, 2), "cdf").total()


def test_equality_is_of_functions_not_of_windows():
    f = PG.discrete_laplace(F(1, 2), "pmf", 2)
    assert f == f._on(-3, 9) and f != PG.discrete_laplace(F(1, 2), "pmf", 3)
    with pytest.raises(TypeError):
        hash(f)


# ----------------------------------------------------------------------------- post-processings
@pytest.mark.parametrize("r", RATIOS[:3])
def test_clamping_conserves_mass_and_keeps_the_interior(r):
    for c, (lo, hi) in itertools.product((-2, 0, 5), [(-3, 3), (0, 0), (1, 2), (-8, -6)]):
        law = discrete_laplace_clamped_law(r, lo, hi, c)
        assert list(law) == list(range(lo, hi + 1)) and sum(law.values()) == 1
        for v in range(lo + 1, hi):
            assert law[v] == pmf(v - c, r)
        if lo < hi:
            assert law[lo] == discrete_laplace_cdf(lo, r, c) and law[hi] == discrete_laplace_sf(hi - 1, r, c)
    assert clamped_law(lambda k: 0.25 * (k + 2), -2, 2) == {-2: 0.0, -1: 0.25, 0: 0.25, 1: 0.25, 2: 0.25}


def test_noisy_max_and_argmax_against_brute_force():
    r, q = F(1, 2), (0, 2, 1)
    for v in range(-3, 5):
        assert noisy_max_cdf(v, q, r) == discrete_laplace_cdf(v - 0, r) * discrete_laplace_cdf(
            v - 2, r
        ) * discrete_laplace_cdf(v - 1, r)
    law = noisy_argmax_law(q, r)
    assert sum(law.values()) == 1 and set(law) == {0, 1, 2} and law[1] > law[2] > law[0]
    K = 10  # every noise in [-K, K], exactly enumerated; the rest has mass <= 3 P(|Z| > K)
    brute = dict.fromkeys(range(3), F(0))
    for nus in itertools.product(range(-K, K + 1), repeat=3):
        x = [qi + n for qi, n in zip(q, nus, strict=True)]
        brute[x.index(max(x))] += pmf(nus[0], r) * pmf(nus[1], r) * pmf(nus[2], r)
    slack = 3 * 2 * upper_tail(K + 1, r)
    for i in range(3):
        assert 0 <= law[i] - brute[i] <= slack
    assert noisy_argmax_law((4,), r) == {0: 1}


# --------------------------------------------------------------------- comparisons with a noisy threshold
def _comparison_by_brute_force(q, T, r_nu, r_rho, K):
    """P(q + ν >= T + ρ): ρ in [−K, K] by enumeration, the two tails |ρ| > K by closed-form series.

    Given ρ, P(⊤ | ρ) = P(ν >= T + ρ − q); for ρ > K >= q − T that is r_ν^(T + ρ − q)/(1 + r_ν),
    and for ρ < −K <= −(q − T + 1) it is 1 − r_ν^(q − T + 1 − ρ)/(1 + r_ν).
    """
    assert abs(q - T) + 1 <= K

    def top(rho):
        k = T + rho - q
        return upper_tail(k, r_nu) if k >= 1 else 1 - upper_tail(1 - k, r_nu)

    c = (1 - r_rho) / (1 + r_rho)
    head = sum(pmf(rho, r_rho) * top(rho) for rho in range(-K, K + 1))
    x = r_rho * r_nu
    above = c * r_nu ** (T - q) / (1 + r_nu) * x ** (K + 1) / (1 - x)
    below = c * r_rho ** (K + 1) / (1 - r_rho) - c * r_nu ** (q - T + 1) / (1 + r_nu) * x ** (K + 1) / (1 - x)
    return head + above + below


@pytest.mark.parametrize(("r_nu", "r_rho"), [(F(1, 2), F(1, 2)), (F(4, 5), F(16, 25)), (F(1, 3), F(9, 10))])
def test_comparison_with_a_noisy_threshold_equals_brute_force_with_exact_tails(r_nu, r_rho):
    for q, T in [(0, 0), (3, 1), (-2, 2), (1, 5)]:
        p = noisy_comparison_probability(q, T, r_nu, r_rho)
        assert p == _comparison_by_brute_force(q, T, r_nu, r_rho, K=abs(q - T) + 3)
        assert noisy_comparison_probability(q, T, r_nu, r_rho, strict=True) == _comparison_by_brute_force(
            q - 1, T, r_nu, r_rho, K=abs(q - 1 - T) + 3
        )
    assert noisy_comparison_probability(0, 0, F(1, 2), F(1, 2)) == F(1, 2) + F(5, 54)  # 1/2 + P(ν = ρ)/2
    top = noisy_comparison_given_threshold(2, 1, None)  # no query noise: 1[2 >= 1 + ρ]
    assert [top(rho) for rho in (0, 1, 2)] == [1, 1, 0]


def test_shared_threshold_law_against_enumeration_with_an_exact_tail_bound():
    r_rho, r_nu, q, T = F(1, 2), F(2, 3), (0, 2, 1), 1
    tops = [noisy_comparison_given_threshold(v, T, r_nu) for v in q]
    for cutoff in (None, 1, 2):
        law = shared_threshold_law(tops, r_rho, cutoff=cutoff)
        assert sum(law.values()) == 1
        K = 30  # ρ in [−K, K] enumerated with the exact conditional probabilities; P(|ρ| > K) bounds the rest
        brute: dict = {}

        def walk(i, t, n_top, p, rho, cutoff=cutoff, brute=brute):
            if i == len(q) or (cutoff is not None and n_top >= cutoff):
                brute[t] = brute.get(t, 0) + p
                return
            pt = discrete_laplace_sf(T + rho - 1, r_nu, q[i])  # P(q_i + ν > T + ρ − 1)
            walk(i + 1, t + (True,), n_top + 1, p * pt, rho)
            walk(i + 1, t + (False,), n_top, p * (1 - pt), rho)

        for rho in range(-K, K + 1):
            walk(0, (), 0, pmf(rho, r_rho), rho)
        assert set(brute) == set(law)
        for key, p in law.items():
            assert 0 <= p - brute[key] <= 2 * upper_tail(K + 1, r_rho)
    one = shared_threshold_law(tops[:1], r_rho)
    assert one[(True,)] == noisy_comparison_probability(q[0], T, r_nu, r_rho)


@pytest.mark.parametrize("cutoff", [None, 1, 2])
def test_threshold_crossing_law_agrees_with_the_shared_threshold_law_without_query_noise(cutoff):
    r, T = F(3, 5), 1
    for q in [(1, 0), (0, 2, 1), (3, 3, -1, 2)]:
        tops = [noisy_comparison_given_threshold(v, T, None) for v in q]
        exact = shared_threshold_law(tops, r, cutoff=cutoff)
        crossing = threshold_crossing_law(list(q), T, lambda x: discrete_laplace_cdf(x, r), cutoff=cutoff)
        assert {k: v for k, v in crossing.items() if v} == exact


# ----------------------------------------------------------------------------------- validation
@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: discrete_laplace_pmf(0, 0.5), TypeError, "r must be an exact rational"),
        (lambda: discrete_laplace_pmf(0, True), TypeError, "r must be an exact rational"),
        (lambda: discrete_laplace_cdf(0, F(3, 2)), ValueError, r"r must lie in \(0, 1\)"),
        (lambda: discrete_laplace_sf(0, 0), ValueError, r"r must lie in \(0, 1\)"),
        (lambda: discrete_laplace_pmf(1.5, F(1, 2)), TypeError, "k must be an integer"),
        (lambda: discrete_laplace_pmf(0, F(1, 2), centre=0.5), TypeError, "centre must be an integer"),
        (lambda: discrete_laplace_epsilon(F(1, 2), 0), ValueError, "sensitivity must be >= 1"),
        (lambda: discrete_laplace_clamped_law(F(1, 2), 3, 2), ValueError, "lo must be <= hi"),
        (lambda: clamped_law(3, 0, 1), TypeError, "cdf must be callable"),
        (lambda: PG.discrete_laplace(F(1, 2), "pdf"), ValueError, "kind must be one of"),
        (lambda: PG(0, left=((F(-1), 1),)), ValueError, r"left\[0\] base must be > 0"),
        (lambda: PG(0, middle=(0.5,)), TypeError, r"middle\[0\] must be an exact rational"),
        (lambda: PG(0.5), TypeError, "lo must be an integer"),
        (lambda: PG.constant(1)(2.0), TypeError, "t must be an integer"),
        (lambda: noisy_max_cdf(0, [], F(1, 2)), ValueError, "queries must be a non-empty"),
        (lambda: noisy_argmax_law([0, 1.5], F(1, 2)), TypeError, r"queries\[1\] must be an integer"),
        (lambda: noisy_comparison_given_threshold(0, 0, 1.0), TypeError, "r_query must be an exact rational"),
        (lambda: noisy_comparison_probability(0, 0, F(1, 2), F(2)), ValueError, "r_threshold must lie"),
        (lambda: shared_threshold_law([0.5], F(1, 2)), TypeError, r"tops\[0\] must be a PiecewiseGeometric"),
        (lambda: shared_threshold_law([PG.constant(0)], F(1, 2), cutoff=0), ValueError, "cutoff must be >= 1"),
        (lambda: threshold_crossing_law([], 0, lambda x: 0.5), ValueError, "values must be a non-empty"),
        (lambda: threshold_crossing_law(3, 0, lambda x: 0.5), TypeError, "values must be a non-empty"),
        (lambda: shared_threshold_law([], F(1, 2)), ValueError, "tops must be a non-empty"),
        # integers and windows that would never finish in exact arithmetic are refused before any power
        (lambda: discrete_laplace_pmf(2**63, F(1, 2)), ValueError, r"k must lie in \[-1000000, 1000000\]"),
        (lambda: noisy_argmax_law([0, 10**400], F(1, 2)), ValueError, r"queries\[1\] must lie in"),
        (lambda: clamped_law(lambda k: F(1, 2), 0, 10**5), ValueError, "hi - lo must be at most MAX_WINDOW"),
        (lambda: discrete_laplace_epsilon(F(1, 2), 10**7), ValueError, "sensitivity must be at most MAX_POINT"),
        (
            lambda: threshold_crossing_law([0.5], 0, lambda x: discrete_laplace_cdf(x, F(1, 2))),
            TypeError,
            r"threshold_cdf failed at the cut point x = 0.5",
        ),
        (lambda: threshold_crossing_law([0], "1", lambda x: 0.5), TypeError, "threshold must be a real"),
        (
            lambda: threshold_crossing_law([0, float("nan")], 0, lambda x: 0.5),
            ValueError,
            r"values\[1\] must be finite",
        ),
    ],
)
def test_validation_names_the_parameter(call, error, match):
    with pytest.raises(error, match=match):
        call()
