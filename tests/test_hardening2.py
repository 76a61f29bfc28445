"""Hardening II (issue #20): one test per row of the issue's table that this module owns.

Each reproducer of the issue gets a clear one-line error naming the parameter, a warning,
or the right answer.  CLI rows live in ``tests/test_hardening2_cli.py``, sweep-store rows
in ``tests/test_experiments_store2.py``.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest

from geoprivate.privacy.warnings import PrivacyWarning


# ---------------------------------------------------------------- an audit that checks nothing
@pytest.mark.parametrize("bad", [-1, 0, 0.0, 1.5, float("nan"), float("inf")])
def test_mechanism_audit_refuses_a_bin_that_resolves_nothing(bad):
    from geoprivate.experiments.targets import mechanism_audit

    with pytest.raises(ValueError, match="bin"):
        mechanism_audit(
            {"mechanism": "laplace_half_noise", "epsilon": 0.5, "bin": bad, "n_samples": 200}, np.random.default_rng(0)
        )


def test_mechanism_audit_refuses_bad_epsilon_and_sample_count():
    from geoprivate.experiments.targets import mechanism_audit

    with pytest.raises(ValueError, match="epsilon"):
        mechanism_audit({"mechanism": "laplace", "epsilon": -1.0}, np.random.default_rng(0))
    with pytest.raises(ValueError, match="n_samples"):
        mechanism_audit({"mechanism": "laplace", "epsilon": 0.5, "n_samples": 0}, np.random.default_rng(0))


def test_mechanism_audit_default_bin_still_catches_the_broken_control():
    from geoprivate.experiments.targets import mechanism_audit

    out = mechanism_audit(
        {"mechanism": "laplace_half_noise", "epsilon": 0.5, "n_samples": 20000}, np.random.default_rng(0)
    )
    assert out["violates"] and out["epsilon_lower"] > 0.5


# ---------------------------------------------------------------- a game that tests nothing
def _tiny_game():
    from geoprivate.everlasting.generic_bbl import make_everlasting_problem
    from geoprivate.everlasting.parameters import practical_parameters

    prob = make_everlasting_problem("thresholds", 0)
    par = practical_parameters(
        0.05, 0.05, 1.0, 1e-6, 1, 2, T1=3, lambda1=1, r_const=32, m_const=1, c_const=0.3, epsilon_bt=0.2
    )
    return prob, par, np.array([0.2, 0.3, 0.6, 0.8]), np.array([0, 0, 1, 1])


def test_query_game_refuses_a_cast_new_query_a_bad_round_and_identical_worlds():
    from geoprivate.everlasting.game import play, query_game

    prob, par, S, y = _tiny_game()
    with pytest.raises(ValueError, match="new_query"):  # 0.5 into an int stream would be 0: identical worlds
        query_game(prob, par, S, y, np.zeros(30, int), 0, 0.5)
    with pytest.raises(ValueError, match="round_"):
        query_game(prob, par, S, y, np.zeros(30), -1, 0.5)
    with pytest.raises(ValueError, match="round_"):
        query_game(prob, par, S, y, np.zeros(30), 30, 0.5)
    with pytest.raises(ValueError, match="identical"):
        query_game(prob, par, S, y, np.full(30, 0.5), 3, 0.5)
    inst = query_game(prob, par, S, y, np.full(10, 0.9), 4, 0.1)
    for b in (2, -1, True):
        with pytest.raises(ValueError, match="b"):
            play(inst, b, 0)
    with pytest.raises(ValueError, match="variant"):
        play(inst, 0, 0, variant="nope")


# ---------------------------------------------------------------- nonsense accepted
def _winnow_sample(T=60, d=5, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.choice([-1, 1], size=(T, d))
    return X, np.where(X[:, 0] > 0, 1, -1)


def test_confident_winnow_refuses_a_margin_above_one():
    from geoprivate.learners.winnow import confident_winnow, lemma_4_2_bound

    X, y = _winnow_sample()
    with pytest.raises(ValueError, match="rho"):
        confident_winnow(X, y, eta=0.1, rho=5.0)
    with pytest.raises(ValueError, match="rho"):
        lemma_4_2_bound(5, 0.1, 5.0, 0.25)
    assert confident_winnow(X, y, eta=0.1, rho=1.0).bound is not None


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


@pytest.mark.parametrize("label", [7, -1, float("nan")])
def test_hypothesis_learner_refuses_labels_outside_01(label):
    from geoprivate.everlasting.boosting import hypothesis_learner

    def seq(r, x):
        out = (x % 2).astype(float)
        out[0] = label
        return out

    with pytest.raises(ValueError, match="seq"):
        hypothesis_learner(seq, 5, 0.1, 0)
    h, failed = hypothesis_learner(lambda r, x: x % 2, 5, 0.1, 0)
    assert not failed and h.tolist() == [0, 1, 0, 1, 0]


def test_winnow_practical_parameters_refuse_fractional_K_and_m():
    from geoprivate.learners.winnow import practical_parameters

    with pytest.raises(TypeError, match="K"):
        practical_parameters(300, 5, 0.5, eps_hat=0.5, eta=0.1, m=10, K=2.9)
    with pytest.raises(TypeError, match="m"):
        practical_parameters(300, 5, 0.5, eps_hat=0.5, eta=0.1, m=10.5)
    with pytest.raises(ValueError, match="L"):
        practical_parameters(300, 5, 0.5, eps_hat=0.5, eta=0.1, m=10, L=-1.0)
    assert practical_parameters(300, 5, 0.5, eps_hat=0.5, eta=0.1, m=10, K=3).K == 3


# ---------------------------------------------------------------- hang / OOM
def test_dp_winnow_refuses_block_zero():
    from geoprivate.learners.winnow import dp_winnow, practical_parameters

    X, y = _winnow_sample()
    p = practical_parameters(60, 5, 0.5, eps_hat=0.5, eta=0.1, m=10)
    with pytest.raises(ValueError, match="block"):
        dp_winnow(X, y, p, 0, block=0)
    with pytest.raises(ValueError, match="em_step"):
        dp_winnow(X, y, p, 0, em_step="other")
    assert dp_winnow(X, y, p, 0, block=1).transcript == dp_winnow(X, y, p, 0).transcript


@pytest.mark.parametrize("bad", [float("inf"), float("-inf"), float("nan")])
def test_iterated_log2_refuses_non_finite(bad):
    from geoprivate.mechanisms.interior_point import iterated_log2

    with pytest.raises(ValueError, match="n"):
        iterated_log2(bad)
    assert iterated_log2(2.0**1000) == iterated_log2(2**1000) == 5


@pytest.mark.parametrize("d, k", [(2000, 3), (40, 40)])
def test_conjunctions_refuse_a_class_over_budget(d, k):
    from geoprivate.learners.decision_lists import conjunction_count, conjunctions

    with pytest.raises(ValueError, match="max_terms"):
        conjunctions(d, k)
    assert len(conjunctions(6, 2, include_empty=True)) == conjunction_count(6, 2)


def test_sign_disagreement_probability_refuses_an_exact_sum_over_budget():
    from geoprivate.learners.winnow import sign_disagreement_probability

    with pytest.raises(ValueError, match="exact=False"):
        sign_disagreement_probability(0.1, 200_000)
    approx = sign_disagreement_probability(0.1, 200_000, exact=False)  # betainc does not converge here
    assert 0 < approx < __import__("mpmath").exp(-1000)  # Hoeffding: <= exp(-m a^2 / 2) = exp(-1000)
    assert sign_disagreement_probability(Fraction(1, 2), 3) == Fraction(5, 32)


# ---------------------------------------------------------------- overflow on tiny parameters
def test_theorem_4_5_parameters_tiny_rho_is_a_clear_error():
    from geoprivate.learners.winnow import lemma_4_6_sample_size, theorem_4_5_parameters

    with pytest.raises(ValueError, match="rho"):
        theorem_4_5_parameters(100, 5, 1e-200, 0.5, 1e-6, 0.1)
    with pytest.raises(ValueError, match="rho"):
        lemma_4_6_sample_size(100, 0.1, 0.5, 5e-324)
    assert theorem_4_5_parameters(100, 5, 0.5, 0.5, 1e-6, 0.1).K >= 1


@pytest.mark.parametrize("eps", [1e-320, 5e-324])
def test_theorem_3_5_sample_size_tiny_epsilon_is_a_clear_error(eps):
    from geoprivate.learners.decision_lists import theorem_3_5_sample_size

    with pytest.raises(ValueError, match="epsilon"):
        theorem_3_5_sample_size(10, 0.1, 0.1, eps, 1e-6)
    with pytest.raises(ValueError, match="vc_dimension"):
        theorem_3_5_sample_size(10, 0.1, 0.1, 0.5, 1e-6, vc_dimension=-1)


@pytest.mark.parametrize("vc", [0, -1, 1.5])
def test_lemma_c2_max_T_needs_vc_at_least_one(vc):
    from geoprivate.everlasting.label_boost import lemma_c2_max_T

    with pytest.raises(ValueError, match="vc"):
        lemma_c2_max_T(0.1, 0.1, 100, vc)
    assert lemma_c2_max_T(0.1, 0.1, 100, 1) == pytest.approx(0.1 / math.e * math.exp(5) - 100)


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


def test_one_validation_layer_no_private_copies():
    """winnow._positive and sparse_vector._real are gone: both use geoprivate._validation."""
    import geoprivate.learners.winnow as wn
    import geoprivate.mechanisms.sparse_vector as sv
    from geoprivate._validation import check_positive_real, check_real

    assert not hasattr(wn, "_positive") and not hasattr(sv, "_real")
    assert wn.check_positive_real is check_positive_real and sv.check_real is check_real
