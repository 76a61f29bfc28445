"""The query attack, the stopper, RepairedBBL's guarantees and the adversary search validate
before they allocate or loop (issue #32, reproducers 5, 6, 7, 9 and 10)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoprivate.audit.search import MAX_ITERS, hill_climb
from geoprivate.everlasting.ensembles import make_everlasting_problem
from geoprivate.everlasting.query_attack import (
    MAX_STREAM,
    HaltingAdversary,
    adversary_search,
    exact_view_law,
    halting_parameters,
    repaired_view_law,
    vote_level_training_set,
)
from geoprivate.everlasting.repaired import StopperParameters, repaired_guarantees
from geoprivate.mechanisms.stopper import StoppedBetweenThresholds, query_guarantee, training_guarantee
from tests.hang_guard import hang_guard

#: a problem for the calls whose other arguments are refused before any game (checked first since issue #41)
_PROBLEM = make_everlasting_problem("thresholds", rng=0)

NAN = float("nan")


@pytest.fixture(scope="module")
def params():
    return halting_parameters()


def test_hill_climb_refuses_a_nan_objective_and_bad_iters():
    """#5: a NaN start froze the search at (start, nan, nan); iters=-5 was accepted."""
    with pytest.raises(ValueError, match="NaN"):
        hill_climb(lambda x: NAN, 0, None, lambda a, r: a + 1, 3, "hill", None)
    with pytest.raises(ValueError, match="NaN"):  # a NaN later in the search, too
        hill_climb(lambda x: NAN if x else 0.0, 0, None, lambda a, r: a + 1, 3, "hill", None)
    for bad, err in ((-5, ValueError), (MAX_ITERS + 1, ValueError), (2.7, TypeError), (True, TypeError)):
        with pytest.raises(err, match="iters"):
            hill_climb(lambda x: 1.0, 0, None, lambda a, r: a, bad, "hill", None)
    best, val, start = hill_climb(lambda x: -abs(x - 3), 0, None, lambda a, r: a + 1, 5, "hill", None)
    assert (best, val, start) == (3, 0, -3)


def test_adversary_search_refuses_unbounded_iters_before_any_game(params):
    """#5: adversary_search(iters=10**12) ran with no limit; refused before the first game (problem=None)."""
    with hang_guard(60):  # not a rate: a hang guard
        with pytest.raises(ValueError, match="iters"):
            adversary_search(_PROBLEM, params, iters=10**12)
        with pytest.raises(TypeError, match="n_search"):
            adversary_search(_PROBLEM, params, n_search=2.5)


def test_exact_view_law_refuses_a_hidden_round_outside_the_stream():
    """#6: hidden_round=99 returned views with nothing hidden."""
    with pytest.raises(ValueError, match="hidden_round"):
        exact_view_law([0.5, 0.5], 99, 0.5, 0.4, 0.6, 10, 2)
    with pytest.raises(ValueError, match="values"):
        exact_view_law([0.5, NAN], 0, 0.5, 0.4, 0.6, 10, 2)
    law = exact_view_law([0.5, 0.5], 0, 0.5, 0.4, 0.6, 10, 2)
    assert all(len(v) <= 1 for v in law)  # the hidden round's label is never in a view
    assert abs(float(sum(law.values())) - 1) < 1e-20


def test_repaired_view_law_refuses_nan_values():
    """#6: repaired_view_law([.5, nan], ...) had total mass NaN."""
    args = (0.5, 0.4, 0.6, 10, 2, 1.0, 1e-6, 10)
    with pytest.raises(ValueError, match="values"):
        repaired_view_law([0.5, NAN], 0, *args)
    with pytest.raises(ValueError, match="hidden_round"):
        repaired_view_law([0.5, 0.5], 5, *args)
    law = repaired_view_law([0.5, 0.5], 0, *args)
    assert abs(sum(law.values()) - 1) < 1e-6


def test_repaired_guarantees_need_the_initial_sample(params):
    """#7: n_initial = 0 gave a training guarantee (75.6, 2.8e-4)."""
    need = params.phase(1).S
    for bad, err in ((0, ValueError), (need - 1, ValueError), (2.5, TypeError)):
        with pytest.raises(err, match="n_initial"):
            repaired_guarantees(params, StopperParameters(), bad)
    g = repaired_guarantees(params, StopperParameters(), need)
    assert np.isfinite(g["training"].epsilon)
    with pytest.raises(ValueError, match="labelboost_epsilon"):
        repaired_guarantees(params, StopperParameters(), need, [NAN])


def test_halting_parameters_and_stopper_arithmetic_never_raise_raw_errors():
    """#9: ZeroDivisionError at alpha=0; OverflowError at epsilon_stop=1000 and max_queries=10**400."""
    with pytest.raises(ValueError, match="alpha"):
        halting_parameters(alpha=0.0)
    with pytest.raises(ValueError, match="delta"):
        halting_parameters(delta=0.0)
    g = query_guarantee(1000.0, 1e-6)
    assert g.epsilon == 1000.0 and g.delta == 1.0
    assert query_guarantee(1.0, 1e-6).delta == pytest.approx((1 + np.e) * 1e-6)
    bt = StoppedBetweenThresholds(0.5, 0.4, 0.6, 100, 0, c=2, epsilon_stop=1.0, beta_stop=1e-6, max_queries=10**400)
    small = StoppedBetweenThresholds(0.5, 0.4, 0.6, 100, 0, c=2, epsilon_stop=1.0, beta_stop=1e-6, max_queries=10**6)
    assert bt.c_max > small.c_max > 2
    with pytest.raises(ValueError, match="c_max"):
        training_guarantee(0.5, 0.4, 0.6, 100, 10**400)


def test_the_halting_adversary_checks_sizes_before_building_the_stream(params):
    """#10: HaltingAdversary(.5, 10**9).queries() built the stream first; 2.7 was truncated to 2."""
    with hang_guard(60):  # a hang guard, not a rate
        with pytest.raises(ValueError, match="n_probes"):
            HaltingAdversary(0.5, 10**9)
        with pytest.raises(ValueError, match="MAX_STREAM"):
            HaltingAdversary(0.5, MAX_STREAM // 2, 0, 2)
    with pytest.raises(TypeError, match="hidden_round"):
        HaltingAdversary(0.5, 6, 2.7)
    with pytest.raises(ValueError, match="probe_level"):
        HaltingAdversary(NAN, 6)
    with pytest.raises(TypeError, match="decoys"):
        HaltingAdversary(0.5, 6, 0, True)
    adv = HaltingAdversary(0.5, 6, 2, 1)
    q, h = adv.queries()
    assert q.size == adv.stream_length and h == 4
    with pytest.raises(ValueError, match="inside phase 1"):
        HaltingAdversary(0.5, params.phase(1).R).instance(_PROBLEM, params)
    with pytest.raises(TypeError, match="k"):
        vote_level_training_set(10, 2.5)
    pts, lab = vote_level_training_set(10, 2)
    assert int(lab.sum()) == 2


def test_the_hypothesis_sequence_never_wraps_a_negative_index():
    from geoprivate.ensembles import ThresholdEnsemble
    from geoprivate.everlasting.generic_bbl import HypothesisSequence

    seq = HypothesisSequence({1: ThresholdEnsemble([0.2, 0.5])}, np.array([1, 1]), np.array([1, 2]))
    assert seq(np.array([0, 1]), np.array([0.3, 0.3])).tolist() == [1, 0]
    for bad, err in (([-1], ValueError), ([2], ValueError), ([0.5], TypeError)):
        with pytest.raises(err, match="r"):
            seq(np.array(bad), np.array([0.3]))


def test_lemma_c2_max_t_refuses_an_alpha_outside_0_1():
    """Issue #41's first example: lemma_c2_max_T(alpha=-0.1, ...) returned -1000.0; NaN came back as NaN."""
    from geoprivate.everlasting.label_boost import lemma_c2_applies, lemma_c2_max_T

    for bad, name in ((-0.1, "alpha"), (NAN, "alpha")):
        with pytest.raises(ValueError, match=f"^{name} must"):
            lemma_c2_max_T(bad, 0.1, 1000, 1)
    with pytest.raises(ValueError, match="^beta must"):
        lemma_c2_max_T(0.1, 2, 1000, 1)
    with pytest.raises(ValueError, match="^n_s must"):
        lemma_c2_max_T(0.1, 0.1, -5, 1)
    assert lemma_c2_max_T(0.1, 0.1, 10**5, 1) == math.inf  # beyond the floats: no bound on |T|
    assert not lemma_c2_applies(1.5, 0.1, 1000, 10, 1)  # a predicate: outside (0, 1) it does not apply


def test_erm_ensemble_and_level_errors_name_their_bad_arguments():
    """Issue #41's walk: empty or NaN points, ragged labels, a short order, a wrong ensemble were raw errors
    or a result."""
    from geoprivate.everlasting.ensembles import erm_ensemble, level_errors, make_everlasting_problem

    prob = make_everlasting_problem("thresholds", rng=0)
    x = np.linspace(0.05, 0.95, 8)
    y = (x >= 0.5).astype(int)
    ens = erm_ensemble(prob, x, y, 4, 2)
    assert ens.k == 4 and len(level_errors(prob, ens)) == 6
    with pytest.raises(ValueError, match="^points"):
        erm_ensemble(prob, [0.1, NAN], [0, 1], 1, 2)
    with pytest.raises(ValueError, match="^T, lam"):
        erm_ensemble(prob, x, y, 5, 2)
    with pytest.raises(ValueError, match="^order"):
        erm_ensemble(prob, x, y, 4, 2, order=[0, 1, 2])
    with pytest.raises(ValueError, match="^labels"):
        erm_ensemble(prob, x, y[:3], 4, 2)
    with pytest.raises(ValueError, match="^ens: an ensemble of thresholds"):
        level_errors(make_everlasting_problem("intervals", rng=0), ens)


def test_game_generic_bbl_and_label_boost_refuse_wrapped_indices_and_bad_phases():
    """Issue #41's walk: a training index of -1 and a dichotomy row of -1 or 2.7 were wrapped or truncated,
    a phase count of 2.7 or True was accepted, and a huge em_epsilon was an OverflowError."""
    from geoprivate.concepts import Thresholds
    from geoprivate.everlasting import custom_parameters
    from geoprivate.everlasting.game import training_game
    from geoprivate.everlasting.generic_bbl import relabels
    from geoprivate.everlasting.label_boost import dichotomies_of, labelboost_epsilon

    prob = make_everlasting_problem("thresholds", rng=0)
    par = custom_parameters([(1, 30, 10, 1)], 0.2, 0.05, 1.0, 1e-6, 1, epsilon_bt=0.5, sizes=[(0, 0)])
    x = np.linspace(0.05, 0.95, 30)
    y = prob.target(x)
    q = np.linspace(0.1, 0.9, 10)
    assert training_game(prob, par, x, y, 29, 0.5, 1, q).world1.points[29] == 0.5
    with pytest.raises(ValueError, match="^index"):
        training_game(prob, par, x, y, -1, 0.5, 1, q)
    with pytest.raises(TypeError, match="^new_label"):
        training_game(prob, par, x, y, 0, 0.5, True, q)
    H = dichotomies_of(Thresholds(), np.array([0.1, 0.5, 0.9]))
    assert H.labels(3).tolist() == [0, 0, 0]
    for bad, err in ((-1, ValueError), (4, ValueError), (2.7, TypeError)):
        with pytest.raises(err, match="^k"):
            H.labels(bad)
    assert relabels(par, 1) is False  # |D_hat_1| = 0: no LabelBoost
    for bad, err in ((2.7, TypeError), (True, TypeError), (2, ValueError)):
        with pytest.raises(err, match="phases"):
            relabels(par, 1, bad)
    with pytest.raises(ValueError, match="^em_epsilon"):
        labelboost_epsilon(10.0**4)
