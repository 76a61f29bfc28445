"""[Yan25] Theorem 7, Fact 1 and Observation 1 (geoprivate.claims.gaps): the findings kept as tests."""

import math

import numpy as np
import pytest
from scipy import stats

from geoprivate.audit import hockey_stick
from geoprivate.claims import get_claim, run_claim
from geoprivate.claims.gaps import theorem7_epsilon
from geoprivate.mechanisms import is_alpha_median
from geoprivate.privacy import advanced_composition


def _rr_laws(eps, k):
    """Output laws (number of 1s) of k-fold eps-randomized response on neighbouring inputs."""
    p = math.exp(eps) / (1 + math.exp(eps))
    x = np.arange(k + 1)
    return stats.binom.pmf(x, k, p), stats.binom.pmf(x, k, 1 - p)


def test_theorem_7_as_written_fails_on_k_fold_randomized_response():
    """FINDING ([Yan25] Theorem 7): at eps = 0.46, k = 316, delta' = 2.3e-9 the exact delta at
    eps' = sqrt(2k ln(1/delta')) eps is ~6e-3, six orders of magnitude above delta'."""
    eps, k, dp = 0.46, 316, 2.3e-9
    P, Q = _rr_laws(eps, k)
    e7 = theorem7_epsilon(eps, k, dp)
    assert hockey_stick(P, Q, e7) > 1e6 * dp
    # the published advanced composition ([Yan26] Theorem 3) holds on the same instance
    assert hockey_stick(P, Q, advanced_composition(eps, 0.0, k, dp).epsilon) <= dp


def test_theorem_7_claim_reports_the_violation_reproducibly():
    a = run_claim(get_claim("vc1/theorem-7"), seed=0, size="small")
    b = run_claim(get_claim("vc1/theorem-7"), seed=0, size="small")
    assert a["status"] == "violated" and a["instance"] == b["instance"]
    inst = a["instance"]
    P, Q = _rr_laws(inst["epsilon"], inst["k"])
    assert hockey_stick(P, Q, inst["epsilon_theorem7"]) > inst["delta_prime"]


@pytest.mark.parametrize("seed", range(5))
def test_fact_1_is_vacuous_as_written_and_true_for_the_exact_median(seed):
    rng = np.random.default_rng(seed)
    S = rng.integers(0, 10, size=int(rng.integers(1, 25)))
    assert is_alpha_median(S, 1e9, 0.5)  # any number is a 1/2-median
    assert is_alpha_median(S, float(np.sort(S)[(len(S) - 1) // 2]), 0.0)


@pytest.mark.parametrize("cid", ["vc1/fact-1", "vc1/observation-1"])
def test_small_vc1_claims_hold(cid):
    assert run_claim(get_claim(cid), seed=1, size="small")["status"] == "holds"
