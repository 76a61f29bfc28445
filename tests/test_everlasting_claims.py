"""The seed 002 claims of geoprivate.claims.everlasting, and the findings they document."""

import pytest

from geoprivate.claims import get_claim, run_claim
from geoprivate.everlasting.parameters import gap_needed, theorem_parameters

FAST = ["everlasting/lemma-c-1", "everlasting/lemma-c-2", "everlasting/claim-d-1", "everlasting/claim-d-4",
        "everlasting/claim-d-5", "everlasting/claim-d-6", "everlasting/theorem-5-2",
        "everlasting/claim-b-1", "everlasting/claim-b-2"]


@pytest.mark.parametrize("cid", FAST)
def test_claim_holds_and_names_statements(cid):
    c = get_claim(cid)
    assert c.checks and c.paper == "everlasting"
    r = run_claim(c, seed=1)
    assert r["status"] == "holds", r


def test_finding_claim_d9_gap_fails_with_tau_1_1e10():
    """Finding: with natural logs, Lemma C.3's gap condition (Claim D.9) fails at tau = 1.1e10."""
    p = theorem_parameters(0.02110877532661176, 0.02920498386805666, 0.7787711788553949, 0.011545604204658588,
                           29, phases=1)
    ph = p.phase(1)
    assert not ph.checks["Claim D.9"]
    assert gap_needed(ph) > 2 * ph.alpha * 1.05
    # a larger tau repairs it (the failing term decreases like log(tau)/sqrt(tau))
    assert theorem_parameters(0.02110877532661176, 0.02920498386805666, 0.7787711788553949,
                              0.011545604204658588, 29, phases=1, tau=1e12).phase(1).checks["Claim D.9"]
    r = run_claim(get_claim("everlasting/claims-d-conditions"), seed=0)
    assert r["status"] == "violated" and "Claim D.9" in r["evidence"]["failing"]


def test_finding_claim_b1_fails_under_the_set_reading():
    """Finding: HypothesisLearner's pseudocode (L_x a set) breaks Claim B.1; the proof's multiset holds."""
    import numpy as np

    from geoprivate.everlasting.boosting import hypothesis_learner, rotating_sequence

    rng = np.random.default_rng(0)
    c = rng.integers(0, 2, 1000)
    h_set, _ = hypothesis_learner(rotating_sequence(c, 0.05, 1), 1000, 1e-3, 2, reading="set")
    h_multi, _ = hypothesis_learner(rotating_sequence(c, 0.05, 1), 1000, 1e-3, 2, reading="multiset")
    assert (h_set != c).mean() > 8 * 0.05 > (h_multi != c).mean()
    assert run_claim(get_claim("everlasting/claim-b-1-set-reading"))["status"] == "violated"
