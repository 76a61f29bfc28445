"""Auditing a user's own mechanism (issue #31, item 4): exact_audit and audit_sampler.

exact_audit: exact rational δ(ε) with both orders, a worst pair shrunk by hypothesis,
refusals of non-laws; on the sparse-vector variants of [LSL17] with geometric noise it
reports each incorrect one with a shrunk worst pair and passes the correct SVT.
audit_sampler: positive and negative controls on StatDP's suite [DWWZK18] at small n, the
automatic featurisation of sequence outputs, determinism under a seed.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import hypothesis.strategies as st
import numpy as np
import pytest

from geoprivate.audit import LogRational, audit_sampler, exact_audit
from geoprivate.audit.sampler import output_matrix
from geoprivate.audit.suites.noisy_exact import noisy_max_value_law
from geoprivate.audit.suites.statdp import STATDP_CASES, statdp_case, statdp_neighbours
from geoprivate.audit.suites.svt_exact import SVT_VARIANTS, svt_claimed_epsilon, svt_geometric_law


def rr(bit):
    """Randomised response with e^eps = 3."""
    return {bit: F(3, 4), 1 - bit: F(1, 4)}


def data_dependent_em(data):
    """Exponential mechanism whose candidate set is the data itself (the LabelBoost flaw)."""
    w = {x: F(2) ** data.count(x) for x in set(data)}
    z = sum(w.values())
    return {x: v / z for x, v in w.items()}


def replace_one(values, max_size=6):
    """Neighbouring lists (replace one element)."""
    return st.lists(values, min_size=1, max_size=max_size).flatmap(
        lambda d: st.tuples(st.just(d), st.integers(0, len(d) - 1), values).map(
            lambda t: (t[0], t[0][: t[1]] + [t[2]] + t[0][t[1] + 1 :])
        )
    )


def all_differ(max_len):
    """Neighbouring integer query vectors in {0, 1, 2}^m, every query moving by at most 1."""
    return st.lists(st.integers(0, 2), min_size=1, max_size=max_len).flatmap(
        lambda q: st.tuples(st.just(tuple(q)), st.tuples(*[st.integers(max(0, v - 1), v + 1) for v in q]))
    )


# --------------------------------------------------------------------------- exact_audit


def test_exact_audit_randomised_response_exactly():
    ok = exact_audit(rr, [(0, 1)], LogRational(3))
    assert ok.holds and ok.exact and ok.delta_bounds == (0, 0) and ok.exp_epsilon_at_delta == 3
    bad = exact_audit(rr, [(0, 1)], LogRational(2))
    assert bad.violated and bad.delta_bounds == (F(1, 4), F(1, 4))  # 3/4 - 2 * 1/4
    # a float epsilon: e^eps enclosed rigorously, the bounds are rationals around the true delta
    r = exact_audit(rr, [(0, 1)], 1.0)
    lo, hi = r.delta_bounds
    assert lo <= hi and lo > 0 and float(hi - lo) < 1e-30
    assert lo <= F(3, 4) - F(math.e) * F(1, 4) <= hi or abs(float(lo) - (0.75 - math.e / 4)) < 1e-15
    assert exact_audit(rr, [(0, 1)], 1.0987).holds  # ln 3 = 1.09861...
    assert exact_audit(rr, [(0, 1)], 1.0986).violated


def test_exact_audit_both_orders_and_one_sided_outcomes():
    laws = {"a": {0: F(1, 2), 1: F(1, 2)}, "b": {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}}
    r = exact_audit(laws.__getitem__, [("a", "b")], LogRational(2))
    assert r.direction == "d1>d0"  # outcome 2 exists only under b: its mass counts fully
    assert r.delta_bounds[1] == F(1, 4) and r.epsilon_at_delta == math.inf
    r2 = exact_audit(laws.__getitem__, [("a", "b")], LogRational(2), delta=F(1, 4))
    assert r2.holds and r2.exp_epsilon_at_delta == 1 and r2.epsilon_at_delta == 0  # delta absorbs outcome 2
    r3 = exact_audit(rr, [(0, 1)], LogRational(2), delta=F(1, 8))
    assert r3.exp_epsilon_at_delta == F(5, 2)  # 3/4 - e/4 = 1/8 exactly


def test_exact_audit_worst_pair_of_an_iterable_and_float_laws():
    def law(p):
        return {1: p, 0: 1 - p}

    pairs = [(0.5, 0.5), (0.6, 0.5), (0.9, 0.5), (0.55, 0.5)]
    r = exact_audit(law, pairs, 0.5)
    assert r.pair == (0.9, 0.5) and not r.exact and r.violated
    assert r.epsilon_at_delta == pytest.approx(math.log(0.5 / 0.1))
    assert r.delta_at_epsilon == pytest.approx(0.5 - math.exp(0.5) * 0.1)


def test_exact_audit_refuses_non_laws():
    with pytest.raises(ValueError, match=r"^law\(0\) must sum to 1 exactly") as e:
        exact_audit(lambda d: {0: F(1, 2)}, [(0, 1)], 1.0)
    assert "\n" not in str(e.value)
    with pytest.raises(ValueError, match=r"law\(0\) must sum to 1 \(float tolerance 1e-09\)"):
        exact_audit(lambda d: {0: 0.5, 1: 0.6}, [(0, 1)], 1.0)
    exact_audit(lambda d: {0: 0.5, 1: 0.5 + 1e-12}, [(0, 1)], 1.0)  # within the float tolerance
    with pytest.raises(ValueError, match=r"law\(0\)\[1\] must be >= 0"):
        exact_audit(lambda d: {0: F(3, 2), 1: F(-1, 2)}, [(0, 1)], 1.0)
    with pytest.raises(TypeError, match="law must return a mapping"):
        exact_audit(lambda d: [1.0], [(0, 1)], 1.0)
    with pytest.raises(ValueError, match="epsilon"):
        exact_audit(rr, [(0, 1)], -1.0)
    with pytest.raises(ValueError, match="delta"):
        exact_audit(rr, [(0, 1)], 1.0, delta=1.5)
    with pytest.raises(ValueError, match="at least one pair"):
        exact_audit(rr, [], 1.0)
    with pytest.raises(ValueError, match="LogRational value must be >= 1"):
        LogRational(F(1, 2))


def test_exact_audit_shrinks_the_worst_pair_deterministically():
    """A data-dependent candidate set: the worst pair is a total flip of the support, shrunk to one element."""
    strat = replace_one(st.integers(0, 5))
    r = exact_audit(data_dependent_em, strat, LogRational(4), max_examples=60, seed=3)
    assert r.violated and r.shrunk and r.delta_bounds == (1, 1) and r.epsilon_at_delta == math.inf
    assert r.shrunk_pair == ([0], [1])  # the smallest pair with disjoint supports, beside the worst found
    assert not r.exhaustive and r.epsilon_at_delta_pair == r.pair
    again = exact_audit(data_dependent_em, strat, LogRational(4), max_examples=60, seed=3)
    assert again == r


# --------------------------------------------------------------------------- exact laws of the SVT variants


def _brute_force_law(queries, s, variant, threshold=1, reach=20):
    """The same law summed directly over truncated noise grids (floats; tails below 1e-5)."""
    p_rho, p_nu, strict, cutoff = SVT_VARIANTS[variant]
    k = np.arange(-reach, reach + 1)

    def pmf(r):
        r = float(r)
        return (1 - r) / (1 + r) * r ** np.abs(k)

    m = len(queries)
    grids = [k] + ([np.zeros(1, dtype=int)] * m if p_nu is None else [k] * m)
    pmfs = [pmf(s**p_rho)] + ([np.ones(1)] * m if p_nu is None else [pmf(s**p_nu)] * m)
    mesh = [g.ravel() for g in np.meshgrid(*grids, indexing="ij")]
    w = np.prod([g.ravel() for g in np.meshgrid(*pmfs, indexing="ij")], axis=0)
    rho, nus = mesh[0], np.stack(mesh[1:], axis=1)
    top = np.asarray(queries) + nus >= threshold + rho[:, None] + strict
    code = top.astype(int)
    if cutoff is not None:
        code = np.where(np.cumsum(top, axis=1) - top < cutoff, code, -1)  # -1: halted
    rows, inv = np.unique(code, axis=0, return_inverse=True)
    mass = np.bincount(inv.ravel(), weights=w)
    return {tuple(bool(v) for v in row if v >= 0): p for row, p in zip(rows.tolist(), mass, strict=True)}


@pytest.mark.parametrize("variant", sorted(SVT_VARIANTS))
def test_svt_geometric_law_is_exact(variant):
    s = F(1, 2)  # every noise ratio <= 1/2: the truncated tails weigh < 1e-5
    for q in [(1,), (0, 2), (2, 1)]:
        law = svt_geometric_law(q, s, variant)
        assert sum(law.values()) == 1 and all(isinstance(v, F) and v > 0 for v in law.values())
        brute = _brute_force_law(q, s, variant)
        assert set(brute) >= set(law)
        for t, p in brute.items():
            assert float(law.get(t, 0)) == pytest.approx(p, abs=1e-5), (q, t)


@pytest.mark.parametrize("variant", ["iSVT1", "iSVT3", "SVT"])
def test_exact_audit_of_the_sparse_vector_variants(variant):
    """The incorrect variants are reported with a shrunk worst pair; the correct SVT passes exactly."""
    s = F(4, 5)
    r = exact_audit(lambda q: svt_geometric_law(q, s, variant), all_differ(3), svt_claimed_epsilon(s), max_examples=25)
    assert r.exact and r.shrunk
    if variant == "SVT":
        assert r.holds and r.delta_bounds[1] == 0 and r.epsilon_at_delta <= r.epsilon
    else:
        assert r.violated and r.delta_bounds[0] > 0 and r.epsilon_at_delta > r.epsilon
        assert len(r.pair[0]) <= 3


def test_exact_audit_of_noisy_max_value_and_histograms():
    """StatDP's noisy_max_v1b is caught at 3 queries (loss 3 eps / 2), histogram passes at its tight eps, histogram_eps fails."""
    s = F(4, 5)
    eps = svt_claimed_epsilon(s)  # e^eps = s^-4
    r = exact_audit(lambda q: noisy_max_value_law(q, s**2), all_differ(3), eps, max_examples=40)
    assert r.violated and r.shrunk and len(r.pair[0]) == 3
    assert r.exp_epsilon_at_delta == 1 / s**6  # max of 3 noises of ratio s^2, all shifted by 1
    one_bin = st.tuples(st.integers(0, 2), st.integers(-1, 1)).map(lambda t: ((t[0],), (t[0] + t[1],)))
    ok = exact_audit(lambda q: noisy_max_value_law(q, s**4), one_bin, eps, max_examples=20)
    assert ok.holds and ok.delta_bounds == (0, 0) and ok.exp_epsilon_at_delta == 1 / s**4  # tight, exactly
    bad = exact_audit(lambda q: noisy_max_value_law(q, F(1, 8)), one_bin, 1 / math.log(8), max_examples=20)
    assert bad.violated and bad.exp_epsilon_at_delta == 8  # Lap(eps) is (1/eps)-DP
    with pytest.raises(ValueError, match="hi must exceed lo"):
        noisy_max_value_law((0,), F(1, 2), lo=3, hi=3)


@pytest.mark.slow
def test_exact_audit_of_isvt2_and_longer_inputs():
    s = F(4, 5)
    eps = svt_claimed_epsilon(s)
    for variant in SVT_VARIANTS:
        r = exact_audit(lambda q, v=variant: svt_geometric_law(q, s, v), all_differ(4), eps, max_examples=100)
        assert r.violated == (variant != "SVT"), (variant, r)


# --------------------------------------------------------------------------- StatDP's suite and audit_sampler


def test_statdp_suite_is_statdps():
    assert [c.name for c in STATDP_CASES] == [
        "noisy_max_v1a", "noisy_max_v1b", "noisy_max_v2a", "noisy_max_v2b", "histogram", "histogram_eps",
        "SVT", "iSVT1", "iSVT2", "iSVT3", "iSVT4",
    ]  # fmt: skip
    assert statdp_neighbours(5, False) == (((1,) * 5, (0, 1, 1, 1, 1)), ((1,) * 5, (2, 1, 1, 1, 1)))
    pairs = statdp_neighbours(5, True)
    assert len(pairs) == 8 and pairs[-1] == ((1, 1, 0, 0, 0), (0, 0, 1, 1, 1))
    assert all(max(abs(a - b) for a, b in zip(*p, strict=True)) <= 1 for p in pairs)
    assert sum(not c.violates(0.7) for c in STATDP_CASES) == 4 and statdp_case("histogram_eps").violates(0.7)
    assert not statdp_case("histogram_eps").violates(1.5)
    rng = np.random.default_rng(0)
    t = statdp_case("SVT").mechanism(0.7)((1,) * 5, rng, 1000)
    assert t.shape == (1000, 5)
    tops = (t == np.inf).sum(axis=1)
    assert tops.max() <= 1 and np.all(np.isnan(t) | (t == np.inf) | (t == -np.inf))
    v = statdp_case("iSVT4").mechanism(0.7)((1,) * 5, rng, 1000)
    assert np.all(np.isfinite(v).sum(axis=1) <= 1)  # one released value at most (c = 1)


def test_audit_sampler_positive_control():
    """Broken variants are flagged with no event given: a continuous output, and a sequence output."""
    case = statdp_case("histogram_eps")
    r = audit_sampler(case.mechanism(0.2), case.neighbours, 0.2, n_samples=20_000, rng=1)
    assert r.flagged and r.epsilon_lower > 0.2 and r.event is not None
    case = statdp_case("iSVT1")
    r = audit_sampler(case.mechanism(0.7), case.neighbours[:8], 0.7, n_samples=20_000, rng=2)
    assert r.flagged and r.counts[1] == 0  # a transcript the other input never produces
    assert r.event.feature[0] in ("count", "first", "x", "length")


def test_audit_sampler_negative_control():
    """A correct mechanism is never flagged (false-alarm rate 1e-6), whatever the seed."""
    case = statdp_case("histogram")
    for seed in range(3):
        r = audit_sampler(case.mechanism(0.7), case.neighbours, 0.7, n_samples=20_000, rng=seed)
        assert not r.flagged and r.epsilon_lower <= 0.7
    case = statdp_case("noisy_max_v1a")
    r = audit_sampler(case.mechanism(0.7), case.neighbours[:4], 0.7, n_samples=20_000, rng=0)
    assert not r.flagged


def test_audit_sampler_is_deterministic_and_reads_ragged_sequences():
    def svt_list(q, rng, n):  # a user's SVT returning Python lists of unequal length
        rho = rng.laplace(scale=2.0, size=n)
        out = []
        for r in rho:
            t = []
            for v in q:
                t.append(v >= 1 + r)
                if t[-1]:
                    break
            out.append(t)
        return out

    a = audit_sampler(svt_list, [((0, 2), (1, 1))], 1.0, n_samples=5_000, rng=7)
    b = audit_sampler(svt_list, [((0, 2), (1, 1))], 1.0, n_samples=5_000, rng=7)
    assert a == b and a.flagged and a.counts[1] == 0  # (False, True) is impossible on (1, 1)
    x = output_matrix([[True], [False, True]], 2)
    assert x.shape == (2, 2) and np.isnan(x[0, 1])


def test_audit_sampler_refuses_bad_input():
    def mech(d, rng, n):
        return rng.random(n)

    with pytest.raises(ValueError, match="neighbours"):
        audit_sampler(mech, [], 1.0)
    with pytest.raises(ValueError, match="false_alarm"):
        audit_sampler(mech, [(0, 1)], 1.0, false_alarm=0.0)
    with pytest.raises(ValueError, match="mechanism must return 10 outputs"):
        audit_sampler(lambda d, rng, n: rng.random(n + 1), [(0, 1)], 1.0, n_samples=10, n_pilot=10)
    with pytest.raises(TypeError, match="mechanism"):
        audit_sampler(3, [(0, 1)], 1.0)


@pytest.mark.slow
def test_audit_sampler_flags_isvt4_at_0_2_with_a_million_runs():
    """The issue's hard case: iSVT4 at eps = 0.2 (missed by statistical_epsilon_lower_bound)."""
    case = statdp_case("iSVT4")
    r = audit_sampler(case.mechanism(0.2), case.neighbours, 0.2, rng=0)
    assert r.flagged
