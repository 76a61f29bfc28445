"""audit_sampler: joint events, the caller's features and events, strategies of pairs, validity.

Positive controls (broken mechanisms flagged: one seen only jointly), negative controls (correct
mechanisms never flagged, a fast representative here and >= 60 seeded audits in a slow test),
the caller's features, events and hypothesis strategies, validation, determinism under a seed
and invariance to the chunk size of the draws.
"""

from __future__ import annotations

import math

import hypothesis.strategies as st
import numpy as np
import pytest

from geoprivate.audit import audit_sampler
from geoprivate.audit import sampler as sampler_module
from geoprivate.audit.sampler import JointEvent, UserEvent, output_matrix
from geoprivate.audit.suites.statdp import statdp_case

K = 5  # prefixes


def prefix_sums(epsilon: float, scale_with_k: bool = False):
    """Prefix sums of a vector, fresh Laplace noise per prefix: scale 1/ε (each prefix alone is ε-DP,
    jointly K·ε: broken for an ε claim) or K/ε (correct: K releases of sensitivity 1 at ε/K each)."""
    scale = (K if scale_with_k else 1) / epsilon

    def mechanism(x, rng, n):
        return np.cumsum(x) + rng.laplace(scale=scale, size=(n, len(x)))

    return mechanism


PREFIX_PAIR = ((0,) * K, (1,) + (0,) * (K - 1))  # one record changes by 1: every prefix moves


def laplace_mechanism(epsilon: float):
    def mechanism(x, rng, n):
        return x + rng.laplace(scale=1 / epsilon, size=n)

    return mechanism


# --------------------------------------------------------------------------- joint events


def test_a_violation_seen_only_jointly_is_flagged():
    """Each coordinate alone is exactly ε-DP, so per-feature events cannot flag it (validity); the
    joint events do, with a bound far above ε."""
    mech = prefix_sums(0.7)
    r = audit_sampler(mech, [PREFIX_PAIR], 0.7, n_samples=100_000, rng=0)
    assert r.flagged and r.event.kind == "joint" and isinstance(r.event, JointEvent)
    assert r.epsilon_lower > 2.0 and r.epsilon_lower < K * 0.7  # the true loss is 3.5
    old = audit_sampler(mech, [PREFIX_PAIR], 0.7, n_samples=100_000, rng=0, joint=False)
    assert not old.flagged and old.epsilon_lower <= 0.7 and old.event.kind == "feature"
    # the tested event is a function of one output row: it counts the same on any batch split
    x = mech(PREFIX_PAIR[1], np.random.default_rng(1), 2000)
    assert np.array_equal(r.event.mask(x), np.concatenate([r.event.mask(x[:700]), r.event.mask(x[700:])]))


@pytest.mark.slow
@pytest.mark.parametrize("epsilon", [0.2, 0.7, 1.5])
def test_prefix_sums_flagged_at_a_million_runs(epsilon):
    """The issue's Done-when run: 10^6 samples, no user feature."""
    r = audit_sampler(prefix_sums(epsilon), [PREFIX_PAIR], epsilon, rng=0)
    assert r.flagged and r.event.kind == "joint" and r.epsilon_lower <= K * epsilon


def test_positive_controls():
    """Broken variants are flagged with no event given: a continuous output and transcripts."""
    case = statdp_case("histogram_eps")
    r = audit_sampler(case.mechanism(0.2), case.neighbours, 0.2, n_samples=20_000, rng=1)
    assert r.flagged and r.epsilon_lower > 0.2 and r.event is not None
    case = statdp_case("iSVT1")
    r = audit_sampler(case.mechanism(0.7), case.neighbours[:8], 0.7, n_samples=20_000, rng=2)
    assert r.flagged and r.counts[1] == 0  # a transcript the other input never produces


def test_correct_mechanisms_are_not_flagged():
    """One fast representative of the >= 60-audit slow test below (false-alarm rate 1e-6 each)."""
    for seed in range(2):
        r = audit_sampler(prefix_sums(0.7, scale_with_k=True), [PREFIX_PAIR], 0.7, n_samples=30_000, rng=seed)
        assert not r.flagged and r.epsilon_lower <= 0.7
    case = statdp_case("histogram")
    r = audit_sampler(case.mechanism(0.7), case.neighbours, 0.7, n_samples=20_000, rng=0)
    assert not r.flagged
    case = statdp_case("SVT")
    r = audit_sampler(case.mechanism(0.7), case.neighbours[:4], 0.7, n_samples=20_000, rng=0)
    assert not r.flagged


CORRECT = {
    "laplace": (laplace_mechanism, [(0.0, 1.0)]),
    "prefix sums, noise K/eps": (lambda e: prefix_sums(e, scale_with_k=True), [PREFIX_PAIR]),
    "noisy_max_v1a": (lambda e: statdp_case("noisy_max_v1a").mechanism(e), statdp_case("noisy_max_v1a").neighbours),
    "noisy_max_v2a": (lambda e: statdp_case("noisy_max_v2a").mechanism(e), statdp_case("noisy_max_v2a").neighbours),
    "histogram": (lambda e: statdp_case("histogram").mechanism(e), statdp_case("histogram").neighbours),
    "SVT": (lambda e: statdp_case("SVT").mechanism(e), statdp_case("SVT").neighbours),
}


@pytest.mark.slow
def test_no_correct_mechanism_is_flagged_in_sixty_audits():
    """6 correct mechanisms x 3 claimed eps x 4 seeds = 72 audits at their exact eps: none flagged."""
    runs = []
    for name, (make, pairs) in CORRECT.items():
        for eps in (0.2, 0.7, 1.5):
            for seed in range(4):
                r = audit_sampler(make(eps), pairs, eps, n_samples=50_000, rng=seed)
                runs.append((name, eps, seed, r.flagged, r.epsilon_lower, r.event_description))
    assert len(runs) >= 60
    assert not [run for run in runs if run[3]], runs


# --------------------------------------------------------------------------- the caller's features, events, strategies


def test_user_features_read_outputs_the_auditor_cannot():
    """Outputs as strings: the caller's feature turns each into a number."""
    rr = lambda bit, rng, n: np.where(rng.random(n) < 0.75, "yes" if bit else "no", "no" if bit else "yes").tolist()
    with pytest.raises(ValueError, match="mechanism outputs must be numbers"):
        audit_sampler(rr, [(0, 1)], 0.5, n_samples=2_000, rng=0)
    r = audit_sampler(rr, [(0, 1)], 0.5, n_samples=20_000, rng=0, features=lambda o: o == "yes")
    assert r.flagged and r.epsilon_lower < math.log(3)
    r = audit_sampler(rr, [(0, 1)], 1.2, n_samples=20_000, rng=0, features=[len, lambda o: o[0] == "y"])
    assert not r.flagged


def test_user_events_compete_and_are_named():
    def says_yes(outputs):
        return np.array([o == "yes" for o in outputs])

    rr = lambda bit, rng, n: np.where(rng.random(n) < 0.75, "yes" if bit else "no", "no" if bit else "yes").tolist()
    blind = lambda o: 0.0  # a constant feature: only the caller's event can see anything
    r = audit_sampler(rr, [(0, 1)], 0.5, n_samples=20_000, rng=0, features=blind, events=says_yes)
    assert r.flagged and isinstance(r.event, UserEvent)
    assert r.event_description in ("events[0] (says_yes)", "not events[0] (says_yes)")
    assert r.epsilon_lower < math.log(3) and r.event.kind == "user"
    mech = laplace_mechanism(0.5)  # claimed 0.2 below: broken, and both kinds of events see it
    r = audit_sampler(mech, [(0.0, 1.0)], 0.2, n_samples=20_000, rng=0, events=[lambda o: o > 3.0, lambda o: o < -3.0])
    assert r.flagged and r.n_events > 4


def test_neighbours_may_be_a_strategy():
    pairs = st.integers(0, 3).map(lambda i: ((0,) * K, tuple(int(j == i) for j in range(K))))
    mech = prefix_sums(0.7)
    a = audit_sampler(mech, pairs, 0.7, n_samples=10_000, rng=3, n_pairs=4, n_tested=2)
    b = audit_sampler(mech, pairs, 0.7, n_samples=10_000, rng=3, n_pairs=4, n_tested=2)
    assert a == b and a.n_pairs <= 4 and a.n_tested == min(2, a.n_pairs)
    assert a.flagged and a.pair[0] == (0,) * K and sum(a.pair[1]) == 1
    assert "false alarm <= 1e-06 over 4 tests (2 pairs of 4)" in a.summary() and a.n_tests == 4


def test_the_result_states_its_false_alarm_rate_and_what_it_examined():
    """Each tested pair's best per-feature and best joint event are tested (4 tests, 8 intervals)."""
    r = audit_sampler(prefix_sums(0.7, True), [PREFIX_PAIR, PREFIX_PAIR[::-1]], 0.7, n_samples=5_000, rng=0)
    assert r.false_alarm == 1e-6 and r.n_pairs == 2 and r.n_tested == 2 and len(r.per_pair) == 2
    assert r.n_tests == 4 and sorted(t["kind"] for row in r.per_pair for t in row["tested"]) == [
        "feature",
        "feature",
        "joint",
        "joint",
    ]
    assert r.n_events > 100 and all("kind" in row and "predicted" in row for row in r.per_pair)
    best = max((t for row in r.per_pair for t in row["tested"]), key=lambda t: t["epsilon_lower"])
    assert best["epsilon_lower"] == r.epsilon_lower and best["counts"] == r.counts


def test_determinism_and_chunk_invariance(monkeypatch):
    """Same rng, same audit; and the draws in chunks of 1000 give the very same audit as in one chunk
    (NumPy's Laplace draws do not depend on how a stream is split)."""
    mech = prefix_sums(0.7)
    a = audit_sampler(mech, [PREFIX_PAIR], 0.7, n_samples=5_000, n_pilot=4_000, rng=7)
    b = audit_sampler(mech, [PREFIX_PAIR], 0.7, n_samples=5_000, n_pilot=4_000, rng=7)
    assert a == b
    monkeypatch.setattr(sampler_module, "_CHUNK", 1000)
    c = audit_sampler(mech, [PREFIX_PAIR], 0.7, n_samples=5_000, n_pilot=4_000, rng=7)
    assert c == a


def test_ragged_sequences_are_read():
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
    assert a.flagged and a.counts[1] == 0  # (False, True) is impossible on (1, 1)
    x = output_matrix([[True], [False, True]], 2)
    assert x.shape == (2, 2) and np.isnan(x[0, 1])


# --------------------------------------------------------------------------- validation


def test_audit_sampler_refuses_bad_input():
    def mech(d, rng, n):
        return rng.random(n)

    with pytest.raises(ValueError, match="neighbours"):
        audit_sampler(mech, [], 1.0)
    with pytest.raises(TypeError, match="neighbours"):
        audit_sampler(mech, 3, 1.0)
    with pytest.raises(ValueError, match="neighbours"):
        audit_sampler(mech, [(0, 1, 2)], 1.0)
    with pytest.raises(ValueError, match="false_alarm"):
        audit_sampler(mech, [(0, 1)], 1.0, false_alarm=0.0)
    with pytest.raises(ValueError, match="mechanism must return 10 outputs"):
        audit_sampler(lambda d, rng, n: rng.random(n + 1), [(0, 1)], 1.0, n_samples=10, n_pilot=10)
    with pytest.raises(TypeError, match="mechanism"):
        audit_sampler(3, [(0, 1)], 1.0)
    with pytest.raises(TypeError, match="features"):
        audit_sampler(mech, [(0, 1)], 1.0, features=[len, 3])
    with pytest.raises(TypeError, match="events"):
        audit_sampler(mech, [(0, 1)], 1.0, events=[])
    with pytest.raises(ValueError, match=r"events\[0\] must return a bool array of shape \(1000,\)"):
        audit_sampler(mech, [(0, 1)], 1.0, n_samples=1000, n_pilot=1000, events=lambda o: o[:10] > 0.5)
    with pytest.raises(ValueError, match="n_pairs"):
        audit_sampler(mech, [(0, 1)], 1.0, n_pairs=0)
    with pytest.raises(TypeError, match="joint"):
        audit_sampler(mech, [(0, 1)], 1.0, joint="yes")
    with pytest.raises(ValueError, match="n_tested"):
        audit_sampler(mech, [(0, 1)], 1.0, n_tested=0)


@pytest.mark.slow
def test_audit_sampler_flags_isvt4_at_0_2_with_a_million_runs():
    """A hard case: iSVT4 at eps = 0.2 (missed by statistical_epsilon_lower_bound)."""
    case = statdp_case("iSVT4")
    r = audit_sampler(case.mechanism(0.2), case.neighbours, 0.2, rng=0)
    assert r.flagged


def test_a_one_coordinate_joint_event_of_one_interval_is_tested_as_that_interval():
    """The cells {code lo..hi} of a coordinate and the interval the simplification writes are the
    same event on every value, atoms, infinities and NaN included."""
    rng = np.random.default_rng(0)
    for _ in range(200):
        b = np.unique(np.concatenate([rng.choice([-np.inf, np.inf, 0.0, 1.0], size=2), rng.normal(size=8)]))
        coder = sampler_module._Coder(tuple(b.tolist()))
        v = np.concatenate([rng.choice(b, 50), rng.normal(size=200) * 2, [np.nan, np.inf, -np.inf]])[:, None]
        w = np.sort(rng.normal(size=coder.n_codes))  # increasing: {w >= t} is one run of cells
        w[-1] = -9.0  # NaN's cell stays out
        event = JointEvent(sampler_module._AdditiveScore((("x", None),), (coder,), (tuple(w.tolist()),)), w[3], True)
        simple = sampler_module._simplified(event)
        assert simple.kind == "feature" and np.array_equal(simple.mask(v), event.mask(v))
