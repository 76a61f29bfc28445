"""err_D as [Yan26] defines it (Definition 1, Claim 2/13) and the predictor's hardening rows."""

import json
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoprivate.adversaries import FixedSequence
from geoprivate.cli import main
from geoprivate.prediction import GenericPredictor
from geoprivate.prediction.accuracy import (
    SegmentState,
    answer_law,
    label_one_probability,
    lemma2_violation_probability,
    measure_accuracy,
)
from geoprivate.prediction.problems import make_adversary, make_generator, make_problem
from geoprivate.privacy.warnings import PrivacyWarning


@settings(max_examples=60, deadline=None)
@given(q=st.floats(0, 1), mu=st.floats(-0.4, 0.4), b=st.floats(0.001, 0.5))
def test_answer_law_is_a_law_and_matches_algorithm_1(q, mu, b):
    s = SegmentState(0, 1, 3 / 8 + mu, 5 / 8 - mu, b)
    pL, pR, pT = answer_law(np.array([q]), s)
    assert abs(pL[0] + pR[0] + pT[0] - 1) < 1e-12 and min(pL[0], pR[0], pT[0]) >= 0
    if s.t_hat_lower > s.t_hat_upper:
        assert pT[0] < 1e-12  # crossed thresholds: L is tested first, no TOP
    # Algorithm 1 simulated with the same mu
    c = q + np.random.default_rng(0).laplace(0, b, 40_000)
    emp_L = (c < s.t_hat_lower).mean()
    emp_R = ((c >= s.t_hat_lower) & (c > s.t_hat_upper)).mean()
    assert abs(emp_L - pL[0]) < 0.02 and abs(emp_R - pR[0]) < 0.02


def test_label_law_is_monotone_and_violation_small_at_large_k():
    s = SegmentState(0, 1, 0.37, 0.63, 6 / (0.5 * 2000))
    q = np.linspace(0, 1, 201)
    p1 = label_one_probability(q, s)
    assert np.all(np.diff(p1) >= -1e-15) and p1[0] < 1e-6 and p1[-1] > 1 - 1e-6
    assert lemma2_violation_probability(q, s, 3 / 8, 5 / 8).max() < 1e-3


@pytest.mark.parametrize("name,seed", [("thresholds", 1), ("thresholds", 2), ("intervals", 3), ("finite", 4)])
def test_exact_err_D_matches_monte_carlo(name, seed):
    """The exact cell integral agrees with a Monte Carlo estimate on fresh draws from D."""
    P = make_problem(name, 60 * 8, seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        pred = GenericPredictor(make_generator(P), P.X, P.y, k=60, m=8, epsilon=0.9, rng=seed)
    r = pred.run(make_adversary("adaptive", P, 150, seed), 150, target=P.target, law=P.sampler)
    assert r.accuracy.method == "exact"

    class Draws:  # the same law, seen as a plain sampler: Monte Carlo
        def __call__(self, rng, n):
            return P.sampler(rng, n)

    mc = measure_accuracy(r, P.target, Draws(), n_samples=40_000, rng=seed)
    assert mc.method == "monte-carlo" and mc.half_width > 0
    for a, b in zip(r.accuracy.segments, mc.segments, strict=True):
        for key in ("err_h", "mean_block", "rho"):
            assert abs(a[key] - b[key]) <= mc.half_width
    assert r.accuracy.max_err_D <= 1 and r.accuracy.claim13_bound == 4 * r.accuracy.max_mean_block_err_D


@pytest.mark.parametrize("name", ["thresholds", "intervals", "finite"])
def test_claim13_distributional_holds_on_runs(name):
    """err_D(h_j) <= 4 mean_i err_D(f_ij) + rho_j in every segment (Claim 13 with Lemma 2's failure mass)."""
    for seed in range(3):
        P = make_problem(name, 400 * 10, seed)
        pred = GenericPredictor(make_generator(P), P.X, P.y, k=400, m=10, epsilon=0.9, rng=seed, delta=0.5)
        r = pred.run(make_adversary("adaptive", P, 200, seed), 200, target=P.target, law=P.sampler)
        assert r.accuracy.claim13_holds(), r.accuracy.segments


def test_err_D_reported_in_json_and_text(capsys):
    assert main(["predict", "--concept", "thresholds", "--T", "300", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["epsilon_spent"] is not None and out["privacy_applies"]
    assert 0 <= out["max_err_D"] <= 1 and out["claim13_bound"] == 4 * out["mean_block_err_D"]
    assert out["accuracy"]["method"] == "exact" and "mistakes" not in out
    assert main(["predict", "--concept", "finite", "--T", "200", "--seed", "2"]) == 0
    cap = capsys.readouterr()
    assert "err_D(c, h_j)" in cap.out and "stream_disagreements" in cap.out and cap.err == ""


def test_outside_lemma1_says_so_on_one_stderr_line(capsys):
    assert main(["predict", "--T", "100", "--k", "50", "--m", "5"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Lemma 1 does not apply" in err[0]


# --------------------------------------------------------------------------- hardening (#9 rows)


def _pred(name="finite", **kw):
    P = make_problem(name, 40 * 5, 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        return P, GenericPredictor(make_generator(P), P.X, P.y, k=40, m=5, epsilon=0.5, rng=0, **kw)


@pytest.mark.parametrize("bad", [-1, 2.7, 100])
def test_finite_indices_are_refused_not_wrapped(bad):
    P, pred = _pred()
    with pytest.raises(ValueError, match="domain position"):
        pred.run(FixedSequence(np.array([0, 1, bad])), 3)
    assert pred._runs == 0  # a failed run consumes no run id


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_nan_queries_are_refused(bad):
    P, pred = _pred("thresholds")
    with pytest.raises(ValueError, match="finite"):
        pred.run(FixedSequence(np.array([0.1, bad])), 2)

    class Adaptive:
        adaptive = True

        def next_query(self, view):
            return bad

    with pytest.raises(ValueError, match="finite"):
        pred.run(Adaptive(), 3)
    assert pred._runs == 0
    assert pred.run(FixedSequence(np.array([0.1, 0.2])), 2).run_id == 0


def test_thresholds_outside_unit_interval_warn_and_inverted_refused():
    P = make_problem("thresholds", 2000 * 2, 0)
    with pytest.warns(PrivacyWarning, match="outside"):
        GenericPredictor(make_generator(P), P.X, P.y, k=2000, m=2, epsilon=0.5, delta=1e-6, t_lower=5.0, t_upper=6.0)
    with pytest.raises(ValueError, match="t_lower"):
        _pred("thresholds", t_lower=0.6, t_upper=0.4)


def test_running_privacy_total_across_runs():
    P = make_problem("thresholds", 1800 * 4, 1)
    pred = GenericPredictor(make_generator(P), P.X, P.y, k=1800, m=4, epsilon=0.5, delta=1e-6, rng=1)
    seq = FixedSequence(P.sampler(np.random.default_rng(0), 300))
    r1 = pred.run(seq, 300, target=P.target)
    r2 = pred.run(seq, 300, target=P.target)
    assert (r1.run_id, r2.run_id) == (0, 1)
    assert r1.total_guarantee == r1.guarantee
    assert len(pred.total_ledger) == r1.segments + r2.segments
    assert r2.total_guarantee.epsilon > max(r1.guarantee.epsilon, r2.guarantee.epsilon)
    d = r2.to_dict()
    assert d["epsilon_total"] > d["epsilon_spent"]


# --------------------------------------------------------------------------- exact halfspace votes


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), d=st.integers(1, 3))
def test_halfspace_table_is_exact_on_boundaries(seed, d):
    """Vectorised votes agree with the exact predicate, also on points exactly on a boundary."""
    from fractions import Fraction

    from geoprivate.prediction.generators import HalfspaceEnsemble
    from solvers.halfspaces import halfspace_predicate

    rng = np.random.default_rng(seed)
    hyps = []
    for _ in range(5):
        a = tuple(Fraction(int(v), int(rng.integers(1, 7))) for v in rng.integers(-5, 6, d))
        hyps.append((a, Fraction(int(rng.integers(-5, 6)), 3)))
    hyps.append((tuple(2 * v for v in hyps[0][0]), 2 * hyps[0][1]))  # a positive multiple: same halfspace
    ens = HalfspaceEnsemble(hyps, np.zeros(len(hyps)))
    X = np.vstack([rng.normal(size=(20, d)), ens.critical_points(), np.round(rng.normal(size=(5, d)) * 3) / 3])
    want = np.array([halfspace_predicate(a, w, X) for a, w in hyps], dtype=np.uint8)
    assert np.array_equal(ens.predict(X), want)
    assert np.allclose(ens.votes(X), want.mean(axis=0))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), d=st.integers(1, 4))
def test_gaussian_halfspace_error_matches_scipy_and_monte_carlo(seed, d):
    from scipy.stats import multivariate_normal

    from geoprivate.prediction.accuracy import _bvn_upper, gaussian_halfspace_error

    rng = np.random.default_rng(seed)
    s, t, rho = rng.normal(size=2).tolist() + [float(rng.uniform(-0.99, 0.99))]
    ref = multivariate_normal(mean=[0, 0], cov=[[1, rho], [rho, 1]]).cdf([-s, -t])
    assert abs(float(_bvn_upper(s, t, rho)) - ref) < 1e-5
    A = rng.normal(size=(5, d))
    A[0] = 0
    A[1] = 2.5 * A[2]
    w = rng.normal(size=5)
    a_star, w_star = rng.normal(size=d), float(rng.normal())
    err = gaussian_halfspace_error(A, w, a_star, w_star)
    X = rng.standard_normal((200_000, d))
    c = X @ a_star >= w_star
    mc = ((w[None, :] <= X @ A.T) != c[:, None]).mean(axis=0)
    assert np.all(np.abs(err - mc) < 0.01)  # 200k draws: 5 sigma is about 0.0056
