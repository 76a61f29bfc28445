"""OPTPrivateLearner / ProperLearner with median="log-star" ([Yan25] Alg. 2 step 4 on RecPrefix-R)."""

import numpy as np
import pytest

from geoprivate.concepts.thresholds import Thresholds
from geoprivate.learners import vc1 as L
from geoprivate.mechanisms import log_star_median_sample_size
from geoprivate.privacy import PrivacyLedger

KW = dict(mode="practical", n_subsets=600, median="log-star", median_k_scale=0.0, partition="counts")


@pytest.mark.parametrize("td", [0, 5, 16, 17, 300, 2**16])
def test_theorem11_calculator_uses_the_log_star_bound(td):
    p = L.theorem11_parameters(td, 0.1, 0.1, 1.0, 1e-6, median="log-star")
    assert p.n_pm == log_star_median_sample_size(td + 1, 1 / 3, p.beta_step, p.epsilon_step, p.delta_step)
    assert p.t >= p.n_pm and p.n == p.t * p.m and p.median == "log-star"


def test_learner_log_star_median_on_thresholds():
    m = 64
    C = Thresholds(np.arange(m)).matrix()
    rng = np.random.default_rng(2)
    learner = L.OPTPrivateLearner(C, 3.0, 0.1, 0.1, 0.1, f=m, **KW)
    errors = []
    for _ in range(4):
        c = int(rng.integers(0, m + 1))
        cols = rng.integers(0, m, 20_000)
        led = PrivacyLedger()
        h = learner.fit(cols, C.matrix[c, cols], rng=rng, ledger=led)
        errors.append(h.error(C.matrix[c]))
        e = led.entries[0]
        assert e.mechanism == "private_median" and e.params["method"] == "log-star" and e.params["levels"] == 1
        assert led.basic_composition().epsilon <= 3.0 + 1e-12 and led.all_apply
    assert max(errors) <= 0.1
    a = learner.fit(cols, C.matrix[c, cols], rng=5)
    b = learner.fit(cols, C.matrix[c, cols], rng=5)
    assert a.node == b.node and a.details["z"] == b.details["z"]


def test_proper_learner_log_star_outputs_a_concept():
    m = 32
    C = Thresholds(np.arange(m)).matrix()
    rng = np.random.default_rng(4)
    learner = L.ProperLearner(C, 6.0, 0.2, 0.1, 0.1, f=m, **KW)
    cols = rng.integers(0, m, 30_000)
    h = learner.fit(cols, C.matrix[7, cols], rng=rng)
    assert np.array_equal(C.matrix[h.concept], h.labels)


def test_median_k_scale_validation():
    C = Thresholds(np.arange(8)).matrix()
    with pytest.raises(ValueError, match="median_k_scale"):
        L.OPTPrivateLearner(C, 1.0, 0.1, 0.1, 0.1, f=8, median="log-star", median_k_scale=0.5)
    with pytest.raises(ValueError, match="median_k_scale"):
        L.OPTPrivateLearner(C, 1.0, 0.1, 0.1, 0.1, f=8, mode="practical", n_subsets=5, median_k_scale=2.0)
