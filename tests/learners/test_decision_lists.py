"""Tests for geoprivate.learners.decision_lists ([BF26] §3, App. A): lists, Rivest, DP-GreedyCover."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoprivate.audit import delta_for_epsilon, epsilon_for_delta
from geoprivate.learners.decision_lists import (
    TRUE,
    DecisionList,
    FeatureSet,
    NotRealizableError,
    conjunction_count,
    conjunctions,
    dp_greedy_cover,
    greedy_cover_epsilon_hat,
    greedy_cover_output_law,
    is_consistent,
    is_inconsistency_certificate,
    lemma_a4_error_bound,
    literals,
    random_decision_list,
    rivest,
    theorem_3_5_sample_size,
)
from geoprivate.privacy import PrivacyLedger
from geoprivate.privacy.warnings import UtilityWarning
from tests import ROOT


def naive_predict(dl: DecisionList, Phi) -> np.ndarray:
    out = []
    for row in Phi:
        lab = dl.default
        for f, b in zip(dl.features, dl.bits, strict=True):
            if f == TRUE or row[f] == 1:
                lab = b
                break
        out.append(lab)
    return np.array(out, dtype=np.uint8)


def realizable(rng, n, M, length):
    P = rng.integers(0, 2, size=(n, M)).astype(np.uint8)
    c = random_decision_list(M, length, rng)
    return P, c.predict(P), c


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 8), st.integers(1, 40))
def test_vectorised_evaluation_matches_loop(seed, M, n):
    rng = np.random.default_rng(seed)
    P = rng.integers(0, 2, size=(n, M))
    dl = random_decision_list(M, int(rng.integers(0, M + 1)), rng)
    assert np.array_equal(dl.predict(P), naive_predict(dl, P))
    no_default = DecisionList(dl.features[:-1], dl.bits[:-1], 1)
    assert np.array_equal(no_default.predict(P), naive_predict(no_default, P))


def test_feature_sets_match_their_definition():
    rng = np.random.default_rng(1)
    X = rng.integers(0, 2, size=(50, 4))
    fs = conjunctions(4, 2, include_empty=True)
    Phi = fs.transform(X)
    for f, term in enumerate(fs.terms):
        want = np.ones(50, dtype=bool)
        for j, pol in term:
            want &= X[:, j] == pol
        assert np.array_equal(Phi[:, f].astype(bool), want)
    lit = literals(4)
    assert len(lit) == 8 and np.array_equal(lit.transform(X)[:, 0], X[:, 0])
    assert FeatureSet.from_matrix(3).transform(X[:, :3]).tolist() == X[:, :3].tolist()


@pytest.mark.parametrize("d,k", [(1, 1), (3, 2), (5, 3), (6, 6), (8, 2)])
def test_proposition_a9_conjunction_count(d, k):
    assert len(conjunctions(d, k, include_empty=True)) == conjunction_count(d, k)
    assert conjunction_count(d, k) <= math.e**2 * d**k


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_rivest_is_consistent_on_realizable_samples(seed):
    rng = np.random.default_rng(seed)
    M = int(rng.integers(1, 12))
    P, y, _ = realizable(rng, int(rng.integers(1, 200)), M, int(rng.integers(0, M + 1)))
    h = rivest(P, y)
    assert is_consistent(h, P, y)
    assert h.features[-1] == TRUE and len(set(h.features)) == len(h.features)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_rivest_certifies_non_realizable_samples(seed):
    rng = np.random.default_rng(seed)
    P = rng.integers(0, 2, size=(30, 3)).astype(np.uint8)
    y = rng.integers(0, 2, size=30).astype(np.uint8)
    try:
        h = rivest(P, y)
    except NotRealizableError as e:
        assert is_inconsistency_certificate(P, y, e.certificate)
    else:
        assert is_consistent(h, P, y)


def test_inconsistency_certificate_rejects_bogus_sets():
    P = np.array([[1, 0], [1, 1], [0, 1]], dtype=np.uint8)
    y = np.array([1, 0, 1])
    assert not is_inconsistency_certificate(P, y, [0, 2])  # same labels
    assert not is_inconsistency_certificate(P, y, [])
    assert not is_inconsistency_certificate(P, y, [0, 1])  # feature 1 covers only the negative
    P2 = np.array([[1], [1]], dtype=np.uint8)
    assert is_inconsistency_certificate(P2, [0, 1], [0, 1])
    with pytest.raises(NotRealizableError):
        rivest(P2, [0, 1])


def test_dp_greedy_cover_reproducible_and_total():
    rng = np.random.default_rng(2)
    P, y, _ = realizable(rng, 300, 10, 4)
    a = dp_greedy_cover(P, y, epsilon=1.0, delta=1e-6, rng=7)
    b = dp_greedy_cover(P, y, epsilon=1.0, delta=1e-6, rng=7)
    assert a.hypothesis == b.hypothesis and a.errors_per_round == b.errors_per_round
    assert a.hypothesis.features[-1] == TRUE
    assert len(set(a.hypothesis.features)) == len(a.hypothesis.features) <= 11
    assert a.ledger.entries[0].epsilon == 1.0 and a.ledger.entries[0].delta == 1e-6
    assert a.epsilon_hat == pytest.approx(1.0 / (2 * (math.log(1e6) + 1.5)))


def test_dp_greedy_cover_accuracy_lemma_a4():
    """Training error below Lemma A.4's bound (beta = 0.05) on 20 realizable samples."""
    failures = 0
    for seed in range(20):
        rng = np.random.default_rng(seed)
        P, y, _ = realizable(rng, 2000, 12, 5)
        eh = 0.5
        r = dp_greedy_cover(P, y, epsilon_hat=eh, rng=seed)
        # our weights are exp(eps_hat q) = Prop. 2.1 at 2 eps_hat, so the bound with 2 eps_hat applies too
        failures += int((r.hypothesis.predict(P) != y).sum() > lemma_a4_error_bound(12, eh, 0.05))
    assert failures <= 3


def test_output_law_matches_sampling():
    rng = np.random.default_rng(4)
    P, y, _ = realizable(rng, 12, 3, 2)
    law = greedy_cover_output_law(P, y, 0.4)
    assert sum(law.values()) == pytest.approx(1.0, abs=1e-12)
    n = 3000
    cnt = Counter(
        tuple(
            zip(
                *(lambda h: (h.features, h.bits))(dp_greedy_cover(P, y, epsilon_hat=0.4, rng=s).hypothesis), strict=True
            )
        )
        for s in range(n)
    )
    top = max(law, key=law.get)
    p = law[top]
    assert abs(cnt[top] / n - p) < 5 * math.sqrt(p * (1 - p) / n)


def test_exact_privacy_add_remove_within_lemma_a1():
    rng = np.random.default_rng(9)
    eps, delta = 1.0, 1e-3
    eh = greedy_cover_epsilon_hat(eps, delta)
    for _ in range(5):
        P, y, _ = realizable(rng, 6, 3, 2)
        law = greedy_cover_output_law(P, y, eh)
        law_minus = greedy_cover_output_law(P[1:], y[1:], eh)
        assert delta_for_epsilon(law, law_minus, eps) <= delta
        assert epsilon_for_delta(law, law_minus, 0.0) <= 2 * eh * (math.log(1 / delta) + 1.5) + 1e-9


def test_validation():
    P = np.zeros((3, 2), dtype=np.uint8)
    with pytest.raises(ValueError, match="y"):
        rivest(P, [1, -1, 1])
    with pytest.raises(ValueError, match="Phi"):
        rivest([[0, 2], [1, 1], [0, 0]], [1, 0, 1])
    with pytest.raises(ValueError, match="epsilon"):
        dp_greedy_cover(P, [0, 1, 0], rng=0)
    with pytest.raises(ValueError, match="delta"):
        dp_greedy_cover(P, [0, 1, 0], epsilon=1.0, rng=0)
    with pytest.raises(ValueError, match="delta"):
        greedy_cover_epsilon_hat(1.0, 0.0)
    with pytest.raises(ValueError, match="alpha"):
        theorem_3_5_sample_size(10, 0.0, 0.1, 1.0, 1e-6)
    with pytest.raises(ValueError, match="k"):
        conjunctions(3, 4)


def test_theorem_3_5_calculator_monotone():
    base = theorem_3_5_sample_size(50, 0.1, 0.05, 1.0, 1e-6)
    assert theorem_3_5_sample_size(50, 0.1, 0.05, 0.5, 1e-6)["n_privacy"] == pytest.approx(2 * base["n_privacy"])
    assert theorem_3_5_sample_size(100, 0.1, 0.05, 1.0, 1e-6)["n"] > base["n"]
    assert base["n"] == math.ceil(max(base["n_vc"], base["n_privacy"]))


def test_ledger_is_the_callers():
    led = PrivacyLedger()
    P, y, _ = realizable(np.random.default_rng(0), 20, 3, 1)
    dp_greedy_cover(P, y, epsilon_hat=0.3, delta=1e-5, rng=1, ledger=led)
    assert len(led) == 1 and led.entries[0].epsilon == pytest.approx(2 * 0.3 * (math.log(1e5) + 1.5))


def test_rivest_with_errors_on_noisy_samples():
    rng = np.random.default_rng(11)
    for _ in range(20):
        P, y, _ = realizable(rng, 200, 8, 4)
        assert rivest(P, y, allow_errors=True) == rivest(P, y)
        noisy = np.where(rng.random(200) < 0.1, 1 - y, y).astype(np.uint8)
        h = rivest(P, noisy, allow_errors=True)
        assert h.features[-1] == TRUE and len(set(h.features)) == len(h.features)
        # every term has the fewest errors on the remaining sample among the unused features
        rem, used = np.ones(200, dtype=bool), set()
        for f, b in zip(h.features, h.bits, strict=True):
            n1, n0 = int(noisy[rem].sum()), int((1 - noisy[rem]).sum())
            errs = [
                min(int((P[rem, g] & noisy[rem]).sum()), int((P[rem, g] & (1 - noisy[rem])).sum()))
                for g in range(8)
                if g not in used and P[rem, g].any()
            ]
            if f == TRUE:
                assert min(n1, n0) == 0 or min(n1, n0) <= min(errs, default=n1 + n0)
                break
            cov = rem & (P[:, f] == 1)
            assert int((noisy[cov] != b).sum()) == min(errs)
            rem &= ~cov
            used.add(f)


@pytest.mark.slow
def test_real_data_script_runs(tmp_path):
    pytest.importorskip("sklearn")
    pytest.importorskip("matplotlib")
    import importlib.util

    path = ROOT / "benchmarks" / "real_data.py"
    spec = importlib.util.spec_from_file_location("real_data", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    res = mod.main(["--seeds", "1", "--datasets", "breast_cancer", "--out", str(tmp_path / "p.png")])
    r = res["breast_cancer"]
    assert (tmp_path / "p.png").stat().st_size > 0
    assert all(0 <= mu <= 1 for mu, _ in r.values())
    # the non-private references beat chance on this easy set
    assert r["logistic regression (non-private)"][0] < 0.2 and r["Rivest (greedy, non-private)"][0] < 0.3


def test_practical_mode_without_delta_records_pure_composition():
    P, y, _ = realizable(np.random.default_rng(0), 20, 4, 2)
    r = dp_greedy_cover(P, y, epsilon_hat=0.1, rng=1)
    assert r.ledger.entries[0].delta == 0 and r.ledger.entries[0].epsilon == pytest.approx(2 * 0.1 * 5)
    assert r.epsilon == pytest.approx(1.0)


def test_theorem_3_5_printed_vs_corrected_factor():
    M, a, b, e, d = 30, 0.1, 0.05, 1.0, 1e-6
    printed = theorem_3_5_sample_size(M, a, b, e, d)["n_privacy"]
    corrected = theorem_3_5_sample_size(M, a, b, e, d, as_printed=False)["n_privacy"]
    # 1/eps_hat = 2(ln(1/delta) + 3/2)/eps: the proof's own division
    want = 8 * M * math.log(2 * M / math.sqrt(b)) / (a * greedy_cover_epsilon_hat(e, d))
    assert corrected == pytest.approx(want) and printed < corrected


def test_a_huge_conjunction_class_is_refused_before_its_count_is_summed():
    """Found by the deep fuzz run (#32): conjunctions(10**6, 10**6) summed a million-digit count first."""
    from geoprivate.learners.decision_lists import _conjunction_count_capped, conjunction_count, conjunctions

    with pytest.raises(ValueError, match="max_terms"):
        conjunctions(10**6, 10**6)
    for d, k in ((5, 3), (10, 10), (30, 4)):
        assert _conjunction_count_capped(d, k, 10**12) == conjunction_count(d, k)


def test_is_inconsistency_certificate_refuses_fractional_rows():
    from geoprivate.learners.decision_lists import is_inconsistency_certificate

    with pytest.raises(TypeError, match="rows"):
        is_inconsistency_certificate(np.zeros((2, 1), int), [0, 1], [0.9, 1.2])
    assert is_inconsistency_certificate(np.zeros((2, 1), int), [0, 1], [0, 1])


def test_decision_list_refuses_negative_features():
    from geoprivate.learners.decision_lists import TRUE, DecisionList

    with pytest.raises(ValueError, match="features"):
        DecisionList((-3,), (1,), 0)
    with pytest.raises(ValueError, match="features"):
        DecisionList((1.5,), (1,), 0)
    assert DecisionList((TRUE,), (1,), 0).predict(np.zeros((2, 1), np.uint8)).tolist() == [1, 1]


@pytest.mark.parametrize("d, k", [(2000, 3), (40, 40)])
def test_conjunctions_refuse_a_class_over_budget(d, k):
    from geoprivate.learners.decision_lists import conjunction_count, conjunctions

    with pytest.raises(ValueError, match="max_terms"):
        conjunctions(d, k)
    assert len(conjunctions(6, 2, include_empty=True)) == conjunction_count(6, 2)


@pytest.mark.parametrize("eps", [1e-320, 5e-324])
def test_theorem_3_5_sample_size_tiny_epsilon_is_a_clear_error(eps):
    from geoprivate.learners.decision_lists import theorem_3_5_sample_size

    with pytest.raises(ValueError, match="epsilon"):
        theorem_3_5_sample_size(10, 0.1, 0.1, eps, 1e-6)
    with pytest.raises(ValueError, match="vc_dimension"):
        theorem_3_5_sample_size(10, 0.1, 0.1, 0.5, 1e-6, vc_dimension=-1)


def test_greedy_cover_alpha_of_one_half_proves_no_accuracy():
    """#40: an error bound of 1/2 is a coin's; n >= Theorem 3.5's n is not enough for utility_proved."""
    rng = np.random.default_rng(0)
    Phi = rng.integers(0, 2, size=(9000, 3))
    y = random_decision_list(3, 2, rng=1).predict(Phi)
    assert theorem_3_5_sample_size(3, 0.5, 0.5, 1.0, 1e-6)["n"] <= 9000
    ok = dp_greedy_cover(Phi, y, epsilon=1.0, delta=1e-6, rng=2, alpha=0.45, beta=0.5)
    assert ok.privacy_applies and ok.utility_proved
    with pytest.warns(UtilityWarning, match="met by a coin"):
        half = dp_greedy_cover(Phi, y, epsilon=1.0, delta=1e-6, rng=2, alpha=0.5, beta=0.5)
    assert half.privacy_applies and not half.utility_proved


# --------------------------------------------------------------------------- the fuzz walk's findings (issue #41)
def test_theorem_3_5_at_the_smallest_delta_and_beta_is_finite():
    """ln(1/δ) of δ = 5e-324 is 744.4, not ln(inf): n and ε̂ stay finite (they overflowed or vanished)."""
    from geoprivate.learners.decision_lists import greedy_cover_epsilon_hat, theorem_3_5_sample_size

    r = theorem_3_5_sample_size(4, 0.1, 5e-324, 1.0, 5e-324)
    assert math.isfinite(r["n_vc"]) and math.isfinite(r["n_privacy"])
    assert greedy_cover_epsilon_hat(1.0, 5e-324) == pytest.approx(1 / (2 * (-math.log(5e-324) + 1.5)))
    assert greedy_cover_epsilon_hat(1.0, 1e-6) == 1.0 / (2 * (math.log(1 / 1e-6) + 1.5))  # unchanged


def test_greedy_cover_quality_refuses_counts_above_the_remaining_examples():
    from geoprivate.learners.decision_lists import greedy_cover_quality

    ok = np.ones(2, dtype=bool)
    with pytest.raises(ValueError, match="c1: a feature covers at most"):
        greedy_cover_quality([5, 0], [0, 0], 3, 3, ok)
    with pytest.raises(ValueError, match="n1"):
        greedy_cover_quality([0, 0], [0, 0], 10**400, 3, ok)
