"""exact_audit (issue #39 items 1-2, #43 item 1): a proof for every ε, the mechanism's ε at δ over the
pairs examined, pairs keyed by value, laws cached per dataset, the worst pair found or certified.

Independent checks: brute force over the same pairs in plain Fractions (max likelihood ratio, the
hockey-stick sum at a rational e^ε) and mpmath at 60 digits in a context of its own.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from fractions import Fraction as F

import flint
import hypothesis.strategies as st
import mpmath
import numpy as np
import pytest

from geoprivate.audit import LogRational, exact_audit
from geoprivate.audit.exact import _ExpEpsilon, value_key
from geoprivate.audit.laws import noisy_argmax_law
from geoprivate.audit.neighbours import query_vector_neighbours
from geoprivate.audit.suites.svt_exact import svt_geometric_law
from tests.hang_guard import hang_guard


def rr(p):
    """Randomised response keeping the bit with probability p."""
    return lambda bit: {bit: F(p), 1 - bit: 1 - F(p)}


def _hockey(p: dict, q: dict, e: F) -> F:
    return sum((max(F(0), a - e * q.get(o, 0)) for o, a in p.items()), F(0))


def _brute_r(p: dict, q: dict):
    """e^(ε at δ = 0) of one pair, both orders: the max likelihood ratio (None: an outcome of one law only)."""
    out = F(1)
    for a, b in ((p, q), (q, p)):
        for o, x in a.items():
            if x and not b.get(o):
                return None
            if x:
                out = max(out, x / b[o])
    return out


# --------------------------------------------------------------------------- a proof for every ε


def test_a_float_epsilon_is_its_binary_value():
    """The issue's case: p = 2/3 at ε = float(ln 2) < ln 2 is violated, δ(ε) ≈ 1.5e-17 > 0 in exact bounds."""
    r = exact_audit(rr(F(2, 3)), [(0, 1)], 0.6931471805599453)
    assert r.violated and r.exact and r.delta_bounds[0] > 0
    assert r.epsilon_exact == F(0.6931471805599453) and r.exp_epsilon_at_delta == 2
    ctx = mpmath.MPContext()  # a reference of its own, 60 digits
    ctx.dps = 60
    ref = ctx.mpf(2) / 3 - ctx.exp(ctx.mpf(F(0.6931471805599453).numerator) / 2**53) / 3
    lo, hi = r.delta_bounds
    assert ctx.mpf(lo.numerator) / lo.denominator <= ref <= ctx.mpf(hi.numerator) / hi.denominator
    assert 1e-17 < float(lo) <= float(hi) < 2e-17
    assert exact_audit(rr(F(2, 3)), [(0, 1)], math.nextafter(0.6931471805599453, 1)).holds  # the float above ln 2
    # numpy floats, ints and Fractions are audited as the rationals they are
    r32 = exact_audit(rr(F(3, 4)), [(0, 1)], np.float32(1.0986))
    assert r32.epsilon_exact == F(*np.float32(1.0986).as_integer_ratio()) and r32.violated  # < ln 3
    assert exact_audit(rr(F(3, 4)), [(0, 1)], 2).holds and exact_audit(rr(F(3, 4)), [(0, 1)], F(11, 10)).holds
    assert exact_audit(rr(F(3, 4)), [(0, 1)], F(1098, 1000)).violated


def _audits():
    return [
        exact_audit(rr(F(2, 3)), [(0, 1)], 0.6931471805599453),
        exact_audit(rr(F(3, 4)), [(0, 1)], 1.0, delta=0.01),
        exact_audit(rr(F(3, 4)), [(0, 1)], F(1, 3)),
        exact_audit(lambda q: svt_geometric_law(q, F(4, 5), "iSVT1"), query_vector_neighbours(2), 0.9, delta=1e-3),
        exact_audit(lambda q: svt_geometric_law(q, F(4, 5), "SVT"), query_vector_neighbours(2), LogRational(2)),
    ]


def test_verdicts_and_bounds_do_not_depend_on_the_global_precisions():
    """mpmath.mp.prec and flint.ctx.prec at 20 and at 400 bits before the call: identical results."""
    saved = mpmath.mp.prec, flint.ctx.prec
    runs = []
    try:
        for prec in (20, 400):
            mpmath.mp.prec, flint.ctx.prec = prec, prec
            runs.append(_audits())
    finally:
        mpmath.mp.prec, flint.ctx.prec = saved
    assert runs[0] == runs[1]
    assert [r.violated for r in runs[0]] == [True, True, True, True, False]
    assert all(r.delta_bounds[0] <= r.delta_bounds[1] for r in runs[0])


def test_a_huge_epsilon_answers_at_once():
    """ε = 1e308 (or 10^400 as a Fraction) never computes e^ε: the divergence is the mass where q = 0."""
    one_sided = {"a": {0: F(1, 2), 1: F(1, 2)}, "b": {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}}.__getitem__
    with hang_guard(60):
        r = exact_audit(rr(F(3, 4)), [(0, 1)], 1e308)
        assert r.holds and r.delta_bounds == (0, 0) and r.exp_epsilon_at_delta == 3
        r = exact_audit(one_sided, [("a", "b")], F(10**400))
        assert r.violated and r.delta_bounds == (F(1, 4), F(1, 4)) and r.epsilon_at_delta == math.inf
        assert exact_audit(one_sided, [("a", "b")], 1e308, delta=F(1, 4)).holds
        assert exact_audit(lambda b: {b: 0.75, 1 - b: 0.25}, [(0, 1)], 1e308).holds  # a float law too
        big = exact_audit(lambda b: {b: 1 - F(1, 10**40), 1 - b: F(1, 10**40)}, [(0, 1)], 92.0)
        assert big.violated and 0 < big.delta_bounds[0] <= big.delta_bounds[1]  # e^92 < 10^40: an enclosure


def test_exp_epsilon_comparisons_agree_with_60_digits():
    ctx = mpmath.MPContext()
    ctx.dps = 60
    rng = random.Random(0)
    for _ in range(300):
        eps = F(rng.randint(1, 10**6), rng.randint(1, 10**5))
        a, b = rng.randint(1, 10**12), rng.randint(1, 10**9)
        if rng.random() < 0.3:  # a rational within 1e-30 of e^eps
            x = ctx.exp(ctx.mpf(eps.numerator) / eps.denominator) * (1 + ctx.mpf(rng.choice((-1, 1))) * 10**-30)
            a, b = int(x * 10**40), 10**40
        ref = ctx.exp(ctx.mpf(eps.numerator) / eps.denominator) - ctx.mpf(a) / b
        assert _ExpEpsilon(eps).sign(a, b) == (1 if ref > 0 else -1), (eps, a, b)
    assert _ExpEpsilon(LogRational(F(7, 3))).sign(7, 3) == 0 and _ExpEpsilon(F(0)).sign(1, 1) == 0


# --------------------------------------------------------------------------- ε at δ over the pairs examined


def test_epsilon_at_delta_is_the_mechanisms_over_every_pair():
    """Pair A has the larger δ(ε) at the claim, pair B the larger ε at δ: both are reported."""
    laws = {
        "A0": {0: F(1, 2), 1: F(1, 2)},
        "A1": {0: F(1, 4), 1: F(3, 4)},  # ratio 2: δ(ln 1.1) = 1/2 − 1.1/4
        "B0": {0: F(1, 10), 1: F(9, 10)},
        "B1": {0: F(1, 100), 1: F(99, 100)},  # ratio 10: δ(ln 1.1) = 1/10 − 1.1/100
    }.__getitem__
    r = exact_audit(laws, [("A0", "A1"), ("B0", "B1")], LogRational(F(11, 10)))
    assert r.pair == ("A0", "A1") and r.delta_bounds == (F(9, 40), F(9, 40))
    assert r.epsilon_at_delta_pair == ("B0", "B1") and r.exp_epsilon_at_delta == 10
    ctx = mpmath.MPContext()
    ctx.dps = 60
    assert ctx.mpf(math.nextafter(r.epsilon_at_delta, 0)) < ctx.log(10) < ctx.mpf(r.epsilon_at_delta)  # rounded up
    assert exact_audit(laws, [("A0", "A1"), ("B0", "B1")], r.epsilon_at_delta).holds
    assert exact_audit(laws, [("A0", "A1"), ("B0", "B1")], math.nextafter(r.epsilon_at_delta, 0)).violated


def truncated_geometric(n, r):
    """x ∈ {0..n} released as k ∈ {0..n} with P(k) ∝ r^|k − x| (renormalised: not ε-DP at ln(1/r))."""

    def law(x):
        w = {k: F(r) ** abs(k - x) for k in range(n + 1)}
        z = sum(w.values())
        return {k: v / z for k, v in w.items()}

    return law


@pytest.mark.parametrize("delta", [F(0), F(1, 50), 0.1])
def test_epsilon_at_delta_reaudits_hold_and_just_below_is_violated(delta):
    """The issue's truncated geometric audited at ε = 0.1: the reported ε at δ is the max over the pairs."""
    law = truncated_geometric(6, F(4, 5))
    pairs = [(x, x + 1) for x in range(6)]
    r = exact_audit(law, pairs, 0.1, delta=delta)
    R = r.exp_epsilon_at_delta
    d = F(delta)
    # the characterisation, checked directly: every pair's δ(R) <= δ, and some pair's δ just below R exceeds δ
    below = R * (1 - F(1, 10**12))
    assert all(max(_hockey(law(a), law(b), R), _hockey(law(b), law(a), R)) <= d for a, b in pairs)
    a, b = r.epsilon_at_delta_pair
    assert max(_hockey(law(a), law(b), below), _hockey(law(b), law(a), below)) > d
    if d == 0:
        assert max(_brute_r(law(a), law(b)) for a, b in pairs) == R
    assert exact_audit(law, pairs, LogRational(R), delta=delta).holds
    assert exact_audit(law, pairs, LogRational(below), delta=delta).violated
    assert exact_audit(law, pairs, r.epsilon_at_delta, delta=delta).holds
    assert exact_audit(law, pairs, math.nextafter(r.epsilon_at_delta, 0), delta=delta).violated


# --------------------------------------------------------------------------- pairs keyed by value, laws cached


def test_pairs_are_keyed_by_value_not_by_repr():
    """Arrays over 1000 entries print elided, floats print 8 digits in arrays: a violating pair is still audited."""

    def law(x):
        v = float(np.asarray(x).ravel()[-1] if np.asarray(x).size < 1000 else np.asarray(x)[1000])
        return {0: F(1, 2), 1: F(1, 2)} if v < 0.5 else {0: F(1, 10), 1: F(9, 10)}

    a, b = np.zeros(2001), np.zeros(2001)
    b[1000] = 1.0
    assert repr((a, a)) == repr((a, b))
    r = exact_audit(law, [(a, a), (a, b)], 1.0)
    assert r.violated and r.pairs_examined == 2 and r.pair[1] is b
    x, y = np.array([0.123456781]), np.array([0.123456784])
    assert repr(x) == repr(y)
    laws = {0.123456781: {0: F(1, 2), 1: F(1, 2)}, 0.123456784: {0: F(1, 100), 1: F(99, 100)}}
    r = exact_audit(lambda d: laws[float(d[0])], [(x, x), (x, y)], 1.0)
    assert r.violated and r.pair[1] is y and r.exp_epsilon_at_delta == 50


def test_value_key():
    k = value_key
    assert len({k(1), k(1.0), k(True), k(F(1)), k(np.int64(1)), k(np.float64(1.0))}) == 6
    assert k(0.0) != k(-0.0) and k(float("nan")) == k(float("nan"))
    assert k([1, 2]) != k((1, 2)) and k((1, (2, 3))) == k((1, (2, 3)))
    assert k(np.zeros(3)) != k(np.zeros(3, dtype=np.float32)) and k(np.zeros((1, 2))) != k(np.zeros(2))
    assert k({"a": [1.5]}) == k({"a": [1.5]}) and k(frozenset({1, 2})) == k(frozenset({2, 1}))
    assert k(np.array([1, "a"], dtype=object)) == k(np.array([1, "a"], dtype=object))

    class Opaque:  # identity equality: no value to key by
        pass

    @dataclasses.dataclass(frozen=True)
    class Record:
        x: int

    assert k(Opaque()) is None and k([Opaque()]) is None and k({1: Opaque()}) is None
    assert k(Record(3)) == k(Record(3)) and k(Record(3)) != k(Record(4))
    assert k(np.array([Opaque()], dtype=object)) is None


def test_each_law_is_evaluated_once_per_dataset_and_each_pair_once():
    calls: list = []

    def law(d):
        calls.append(d)
        return rr(F(2, 3) if sum(d) % 2 else F(3, 5))(sum(d) % 2)

    pairs = [((0, 1), (1, 1)), ((1, 1), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (2, 1)), ([0, 1], [1, 1])]
    r = exact_audit(law, pairs, 1.0)
    assert r.pairs_examined == 3 and len(calls) == 5  # (0,1) (1,1) (2,1), and the two lists
    calls.clear()
    space = query_vector_neighbours(3, 0, 2)
    r = exact_audit(law, space, 1.0)
    assert r.pairs_examined == space.size and len(calls) == 3 + 9 + 27 and r.exhaustive

    class Opaque:
        def __init__(self, v):
            self.v = v

        def __iter__(self):
            return iter(self.v)

    calls.clear()
    ds = [Opaque((0,)), Opaque((1,)), Opaque((1,))]
    r = exact_audit(law, [(ds[0], ds[1]), (ds[0], ds[2])], 1.0)  # never keyed, never confused
    assert r.pairs_examined == 2 and len(calls) == 4


# --------------------------------------------------------------------------- the worst pair: certified or found


MECHANISMS = {
    "SVT": lambda q: svt_geometric_law(q, F(4, 5), "SVT"),  # [LSL17] Alg. 1 with geometric noise (correct)
    "report-noisy-max": lambda q: noisy_argmax_law(q, F(2, 3)),  # the argmax, ties to the lowest index
}


@pytest.mark.parametrize("name", sorted(MECHANISMS))
def test_an_exhaustive_audit_certifies_the_worst_pair_found_by_brute_force(name):
    law = MECHANISMS[name]
    space = query_vector_neighbours(3, 0, 2)
    brute = {}
    for a, b in space.pairs():
        brute[(a, b)] = _brute_r(law(a), law(b))
    worst = max(brute.values())
    e = worst * F(9, 10)  # a claim below the worst: δ(ε) of the worst pair, by brute force too
    delta_worst = max(max(_hockey(law(a), law(b), e), _hockey(law(b), law(a), e)) for a, b in brute)
    r = exact_audit(law, space, LogRational(e))
    assert r.exhaustive and r.exact and r.pairs_examined == space.size == len(brute)
    assert r.exp_epsilon_at_delta == worst and brute[r.epsilon_at_delta_pair] == worst
    assert r.violated and r.delta_bounds == (delta_worst, delta_worst)
    assert exact_audit(law, space, LogRational(worst)).holds


@pytest.mark.parametrize("name", sorted(MECHANISMS))
def test_a_strategy_audit_just_below_the_true_worst_epsilon_is_flagged(name):
    """Correct mechanisms on several queries: the search climbs to the worst pair; the result says it searched."""
    law = MECHANISMS[name]
    space = query_vector_neighbours(4, 0, 2)
    certified = exact_audit(law, space, 0.0)
    just_below = LogRational(certified.exp_epsilon_at_delta * (1 - F(1, 10**9)))
    r = exact_audit(law, space.strategy(), just_below, seed=0)
    assert r.violated and not r.exhaustive and 0 < r.pairs_examined < space.size
    assert r.exp_epsilon_at_delta == certified.exp_epsilon_at_delta
    assert r.shrunk and r.shrunk_pair is not None  # beside the worst found, at least as bad
    again = exact_audit(law, [r.shrunk_pair], just_below)
    assert again.exp_epsilon_at_delta >= r.exp_epsilon_at_delta and again.delta_bounds[0] >= r.delta_bounds[1]


def test_a_strategy_reports_the_worst_found_and_shrinks_beside_it():
    def data_dependent_em(data):  # candidates = the data itself (the LabelBoost flaw)
        w = {x: F(2) ** data.count(x) for x in set(data)}
        z = sum(w.values())
        return {x: v / z for x, v in w.items()}

    pairs = st.lists(st.integers(0, 5), min_size=1, max_size=6).flatmap(
        lambda d: st.tuples(st.just(d), st.integers(0, len(d) - 1), st.integers(0, 5)).map(
            lambda t: (t[0], t[0][: t[1]] + [t[2]] + t[0][t[1] + 1 :])
        )
    )
    r = exact_audit(data_dependent_em, pairs, LogRational(4), max_examples=60, seed=3)
    assert r.violated and not r.exhaustive and r.delta_bounds == (1, 1) and r.epsilon_at_delta == math.inf
    assert r.shrunk_pair == ([0], [1]) and r.pairs_examined >= 2
    assert exact_audit(data_dependent_em, pairs, LogRational(4), max_examples=60, seed=3) == r


def test_a_space_over_its_cap_is_refused_in_one_line():
    space = query_vector_neighbours(4, 0, 9, max_pairs=1000)
    with pytest.raises(ValueError, match=r"^max_pairs=1,000 is below the 313,155 pairs of the space") as e:
        exact_audit(rr(F(2, 3)), space, 1.0)
    assert "\n" not in str(e.value)


def test_float_laws_are_not_proofs():
    r = exact_audit(lambda b: {b: 0.75, 1 - b: 0.25} if b else {0: F(3, 4), 1: F(1, 4)}, [(0, 1)], 1.0)
    assert not r.exact and r.violated and r.delta_bounds is None and r.exp_epsilon_at_delta is None
    assert r.epsilon_at_delta == pytest.approx(math.log(3))


def test_exact_audit_refuses_bad_arguments():
    cases = [
        (dict(epsilon="1"), TypeError, "epsilon must be a real number"),
        (dict(epsilon=math.nan), ValueError, "epsilon must"),
        (dict(epsilon=math.inf), ValueError, "epsilon must be finite"),
        (dict(epsilon=-0.5), ValueError, "epsilon must be >= 0"),
        (dict(delta=1.0), ValueError, "delta must lie in"),
        (dict(max_examples=0), ValueError, "max_examples"),
        (dict(seed=-1), ValueError, "seed"),
        (dict(atol=0.0), ValueError, "atol"),
        (dict(neighbours=5), TypeError, "neighbours must be a NeighbourSpace"),
        (dict(neighbours=[(0, 1, 2)]), TypeError, "neighbours must yield pairs"),
        (dict(law=3), TypeError, "law must be callable"),
    ]
    for kw, exc, msg in cases:
        args = dict(law=rr(F(2, 3)), neighbours=[(0, 1)], epsilon=1.0) | kw
        with pytest.raises(exc, match=msg) as e:
            exact_audit(**args)
        assert "\n" not in str(e.value)


def test_iterables_are_exhaustive_over_the_pairs_given():
    gen = ((a, b) for a, b in itertools.pairwise(range(4)))
    r = exact_audit(lambda x: rr(F(3, 4))(x % 2), gen, LogRational(3))
    assert r.exhaustive and r.pairs_examined == 3 and r.holds and r.shrunk_pair is None and not r.shrunk


def _random_law(rng: random.Random, n: int) -> dict:
    w = [rng.randint(1, 9) if rng.random() < 0.9 else 0 for _ in range(n)]
    w[rng.randrange(n)] += 1
    return {o: F(x, sum(w)) for o, x in enumerate(w) if x or rng.random() < 0.5}


def test_verdicts_agree_with_60_digits_on_random_laws():
    """Random exact laws, ε (floats and rationals) and δ: the verdict, the bounds and e^(ε at δ) against
    a 60-digit evaluation of the definition and the characterisation of R (δ(R) <= δ < δ(R − 1e-15))."""
    ctx = mpmath.MPContext()
    ctx.dps = 60
    rng = random.Random(1)
    for _ in range(400):
        n = rng.randint(2, 5)
        laws = [_random_law(rng, n) for _ in range(3)]
        pairs = [(0, 1), (1, 2)][: rng.randint(1, 2)]
        eps = rng.choice([rng.random() * 3, F(rng.randint(0, 30), rng.randint(1, 10))])
        delta = rng.choice([F(0), F(rng.randint(1, 20), 100), rng.random() / 4])
        r = exact_audit(laws.__getitem__, pairs, eps, delta=delta)
        e = ctx.exp(ctx.mpf(F(eps).numerator) / F(eps).denominator)
        worst = max(
            sum(
                max(
                    0,
                    ctx.mpf(x.numerator) / x.denominator
                    - e * ctx.mpf(b.get(o, 0).numerator) / b.get(o, F(1)).denominator,
                )
                for o, x in a.items()
            )
            for i, j in pairs
            for a, b in ((laws[i], laws[j]), (laws[j], laws[i]))
        )
        lo, hi = r.delta_bounds
        assert (
            ctx.mpf(lo.numerator) / lo.denominator - ctx.mpf(10) ** -50
            <= worst
            <= ctx.mpf(hi.numerator) / hi.denominator + ctx.mpf(10) ** -50
        )
        if abs(worst - ctx.mpf(F(delta).numerator) / F(delta).denominator) > ctx.mpf(10) ** -40:
            assert r.violated == (worst > ctx.mpf(F(delta).numerator) / F(delta).denominator)
        R = r.exp_epsilon_at_delta
        if R is None:
            assert r.epsilon_at_delta == math.inf
            continue
        at = [max(_hockey(laws[i], laws[j], R), _hockey(laws[j], laws[i], R)) for i, j in pairs]
        assert max(at) <= F(delta)
        if R > 1:
            below = R - F(1, 10**15)
            assert max(max(_hockey(laws[i], laws[j], below), _hockey(laws[j], laws[i], below)) for i, j in pairs) > F(
                delta
            )
