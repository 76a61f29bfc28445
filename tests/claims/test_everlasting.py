"""The [NNSY23] claims of geoprivate.claims.everlasting, and the findings they document."""

import pytest

from geoprivate.claims import get_claim, run_claim
from geoprivate.everlasting.parameters import gap_needed, theorem_parameters

FAST = [
    "everlasting/lemma-c-1",
    "everlasting/lemma-c-2",
    "everlasting/claim-d-1",
    "everlasting/claim-d-4",
    "everlasting/claim-d-5",
    "everlasting/claim-d-6",
    "everlasting/theorem-5-2",
    "everlasting/claim-b-1",
    "everlasting/claim-b-2",
    "everlasting/claim-b-1-generic-bbl",
    "everlasting/claim-b-2-generic-bbl",
]


@pytest.mark.parametrize("cid", FAST)
def test_claim_holds_and_names_statements(cid):
    c = get_claim(cid)
    assert c.checks and c.paper == "everlasting"
    r = run_claim(c, seed=1)
    assert r["status"] == "holds", r


def test_finding_claim_d9_gap_fails_with_tau_1_1e10():
    """Finding: with natural logs, Lemma C.3's gap condition (Claim D.9) fails at tau = 1.1e10."""
    p = theorem_parameters(
        0.02110877532661176, 0.02920498386805666, 0.7787711788553949, 0.011545604204658588, 29, phases=1
    )
    ph = p.phase(1)
    assert not ph.checks["Claim D.9"]
    assert gap_needed(ph) > 2 * ph.alpha * 1.05
    # a larger tau repairs it (the failing term decreases like log(tau)/sqrt(tau))
    assert (
        theorem_parameters(
            0.02110877532661176, 0.02920498386805666, 0.7787711788553949, 0.011545604204658588, 29, phases=1, tau=1e12
        )
        .phase(1)
        .checks["Claim D.9"]
    )
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


def test_hypothesis_sequence_reproduces_recorded_err_D():
    """The h_{i,j} handed to HypothesisLearner are the ones whose err_D GenericBBL reports."""
    import warnings

    import numpy as np

    from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
    from geoprivate.everlasting.parameters import practical_parameters

    prob = make_everlasting_problem("finite", 0)
    par = practical_parameters(0.05, 0.05, 0.5, 1e-6, prob.vc, 1, T1=40, lambda1=8, r_const=16, epsilon_bt=1.0)
    rng = np.random.default_rng(0)
    x = prob.sample(rng, par.phase(1).S)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = GenericBBL(prob, x, prob.target(x), par, rng, keep_hypotheses=True).run(1)
    seq = res.extra["hypotheses"]
    n = prob.concept.n_points
    c = prob.target(np.arange(n))
    errs = (seq(np.repeat(np.arange(len(seq)), n), np.tile(np.arange(n), len(seq))).reshape(-1, n) != c).mean(1)
    assert len(seq) == res.phases[0].answered
    assert errs.max() == res.phases[0].err_D_max and abs(errs.mean() - res.phases[0].err_D_mean) < 1e-12
