"""Tests of geoprivate.everlasting: LabelBoost, the parameter calculator, GenericBBL."""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoprivate.concepts import FiniteClass, Halfspaces, Intervals, Thresholds
from geoprivate.everlasting import dichotomies_of, label_boost, label_boost_law, lemma_c2_max_T
from geoprivate.everlasting.generic_bbl import (
    GenericBBL,
    erm_ensemble,
    level_errors,
    make_everlasting_problem,
)
from geoprivate.everlasting.label_boost import labelboost_epsilon
from geoprivate.everlasting.parameters import (
    initial_sample_size,
    practical_parameters,
    theorem_parameters,
)
from geoprivate.privacy import PrivacyLedger
from geoprivate.privacy.warnings import PrivacyParameterError, PrivacyWarning
from solvers import combinatorics as comb
from solvers.generators import random_matrix


def _sorted_rows(M):
    return sorted(map(tuple, np.asarray(M).tolist()))


# ---------------------------------------------------------------- LabelBoost
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), st.integers(0, 2**31 - 1))
def test_closed_form_dichotomies_match_restrict_to(m, seed):
    rng = np.random.default_rng(seed)
    P = np.unique(rng.uniform(size=m))
    for C in (Thresholds(), Intervals()):
        H = dichotomies_of(C, P)
        M = H.matrix()
        assert M.shape[0] == H.n
        assert _sorted_rows(M) == _sorted_rows(C.restrict_to(P).matrix)
        assert all((H.labels(k) == M[k]).all() for k in range(H.n))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_vectorised_errors_equal_loop(seed):
    rng = np.random.default_rng(seed)
    concepts = [Thresholds(), Intervals()]
    M = comb.dichotomies(random_matrix(12, 8, 0.5, rng))
    fin = FiniteClass(M)
    for C in concepts + [fin, Halfspaces(2)]:
        if isinstance(C, FiniteClass):
            pts = rng.integers(0, 8, size=9)
        elif isinstance(C, Halfspaces):
            pts = np.round(rng.normal(size=(7, 2)), 2)
        else:
            pts = rng.uniform(size=9)
        s, t = pts[:4], pts[4:]
        y = rng.integers(0, 2, size=4)
        L, lp, errs = label_boost_law(C, s, y, t)
        loop = np.array([int((row[:4] != y).sum()) for row in L])  # per-dichotomy loop
        assert (loop == errs).all()
        assert abs(np.exp(lp).sum() - 1) < 1e-9
        assert len(set(map(tuple, L.tolist()))) == L.shape[0]  # distinct relabellings


def test_label_boost_relabels_consistently_and_is_reproducible():
    rng = np.random.default_rng(1)
    x = rng.uniform(size=50)
    y = (x[:20] >= 0.3).astype(int)
    a = label_boost(Thresholds(), x[:20], y, x[20:], rng=7)
    b = label_boost(Thresholds(), x[:20], y, x[20:], rng=7)
    assert (a.labels == b.labels).all() and a.index == b.index
    # the new labels are a threshold dichotomy of S∘T
    order = np.argsort(x)
    lab = a.labels[order]
    assert (np.diff(lab.astype(int)) >= 0).all()
    assert a.errors_s == int((a.s_labels != y).sum())


def test_label_boost_erm_variant_and_ledger():
    led = PrivacyLedger()
    x = np.linspace(0, 1, 30)
    y = (x[:10] >= 0.5).astype(int)
    r = label_boost(Thresholds(), x[:10], y, x[10:], rng=0, selection="erm", ledger=led)
    assert r.errors_s == 0 and not led.all_apply
    led2 = PrivacyLedger()
    label_boost(Thresholds(), x[:10], y, x[10:], rng=0, ledger=led2)
    # the labels of T are 2 ln(1 + e^(1/2))-DP (docs/private_as_run.md), not the exponential mechanism's 1
    assert led2.all_apply and led2.entries[0].epsilon == labelboost_epsilon() > 1.9
    with pytest.raises(ValueError, match="selection"):
        label_boost(Thresholds(), x[:10], y, x[10:], selection="greedy")
    with pytest.raises(ValueError, match="s_labels"):
        label_boost(Thresholds(), x[:10], y[:3], x[10:])


def test_interval_sampler_matches_exact_law():
    rng = np.random.default_rng(3)
    x = rng.uniform(size=6)
    s, y, t = x[:3], np.array([0, 1, 1]), x[3:]
    L, lp, _ = label_boost_law(Intervals(), s, y, t)
    rows = {tuple(r): i for i, r in enumerate(L.tolist())}
    N = 5000
    counts = np.zeros(len(rows))
    for _ in range(N):
        counts[rows[tuple(label_boost(Intervals(), s, y, t, rng=rng).labels.tolist())]] += 1
    p = np.exp(lp)
    # chi-square-like bound: every frequency within 5 standard deviations
    assert (np.abs(counts / N - p) <= 5 * np.sqrt(p * (1 - p) / N) + 1e-3).all()


def test_lemma_c2_max_T():
    assert lemma_c2_max_T(0.1, 0.1, 10, 1) < 0
    assert lemma_c2_max_T(0.1, 0.1, 400, 1) > 1e6


# ---------------------------------------------------------------- parameters
def test_theorem_parameters_formulas():
    p = theorem_parameters(0.05, 0.05, 0.5, 1e-6, vc=1, phases=3)
    ph = p.phase(1)
    assert ph.alpha == 0.025 and ph.beta == 0.025
    lam = (8 * math.log(13 / 0.025) + 4 * math.log(2 / 0.025)) / 0.025
    assert ph.lam == math.ceil(lam)
    assert ph.lam * ph.T == ph.S and ph.R == 51200 * ph.S
    assert ph.c == math.ceil(64 * Fraction(ph.alpha) * ph.R)
    assert ph.t_upper - ph.t_lower == pytest.approx(2 * ph.alpha)
    # n * eps / (3 + e^(eps+4)) is |S_1| (step 2), up to rounding of lambda_1 and T_1
    assert p.n * 0.5 / (3 + math.exp(4.5)) == pytest.approx(ph.S, rel=1e-3)
    assert all(all(q.checks.values()) for q in p.phases)
    assert [q.S for q in p.phases] == sorted(q.S for q in p.phases)
    assert p.theorem_hypotheses
    with pytest.raises(ValueError, match="tau"):
        theorem_parameters(0.05, 0.05, 0.5, 1e-6, vc=1, tau=10.0)
    with pytest.raises(ValueError, match="epsilon"):
        theorem_parameters(0.05, 0.05, 1.5, 1e-6, vc=1)
    assert initial_sample_size(0.05, 0.05, 0.5, 1e-6, 1) > 1e20


def test_practical_parameters_record_scaling():
    p = practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 3, T1=40, lambda1=8, r_const=16)
    assert p.mode == "practical" and p.phase(1).T == 40 and p.phase(1).lam == 8
    assert p.constants.r_const == 16 and not p.theorem_hypotheses
    assert not p.phase(1).checks["Claim D.9"]
    with pytest.raises(ValueError, match="Claim D.6"):
        practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 3, T1=40, lambda1=8, r_const=2)
    assert practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 1, T1=40, lambda1=8, r_const=2).phase(1).next_S > 0


# ---------------------------------------------------------------- GenericBBL
def test_threshold_erm_rows_match_closed_form():
    rng = np.random.default_rng(5)
    prob = make_everlasting_problem("thresholds", rng)
    x = np.round(rng.uniform(size=(30, 7)), 1).ravel()
    y = rng.integers(0, 2, size=x.size)
    ens = erm_ensemble(prob, x, y, 30, 7)
    for t in range(30):
        tt, _ = Thresholds().erm(x[7 * t : 7 * t + 7], y[7 * t : 7 * t + 7])
        assert ens.hypotheses[t] == tt


def test_level_errors_exact_against_dense_grid():
    rng = np.random.default_rng(2)
    for name in ("thresholds", "intervals"):
        prob = make_everlasting_problem(name, rng)
        x = prob.sample(rng, 60)
        ens = erm_ensemble(prob, x, prob.target(x), 12, 5)
        lev = level_errors(prob, ens)
        g = (np.arange(200000) + 0.5) / 200000
        v, c = ens.counts(g), prob.target(g)  # vote counts (VoteEnsemble.votes before the one Ensemble)
        for k in (0, 3, 6, 13):
            assert abs(lev[k] - np.mean((v >= k) != c)) < 1e-4
    prob = make_everlasting_problem("finite", rng)
    x = prob.sample(rng, 40)
    lev = level_errors(prob, erm_ensemble(prob, x, prob.target(x), 8, 5))
    assert lev[0] == np.mean(prob.target(np.arange(prob.concept.n_points)) != 1)


@pytest.mark.parametrize("name", ["thresholds", "finite", "intervals"])
def test_generic_bbl_runs_phases(name):
    rng = np.random.default_rng(11)
    prob = make_everlasting_problem(name, rng)
    par = practical_parameters(0.05, 0.05, 0.5, 1e-6, prob.vc, 2, T1=40, lambda1=8, r_const=16, epsilon_bt=1.0)
    x = prob.sample(rng, par.phase(1).S + 10)
    with pytest.warns(PrivacyWarning):
        bbl = GenericBBL(prob, x, prob.target(x), par, rng=3)
    res = bbl.run()
    assert not res.failed and len(res.phases) == 2
    assert res.phases[1].S > res.phases[0].S  # the sample grows
    assert res.predictions.size == sum(p.R for p in par.phases)
    assert res.guarantee.is_vacuous and not res.ledger.all_apply
    for ph in res.phases:
        assert ph.tops <= ph.c and 0 <= ph.err_D_mean <= ph.err_D_max <= 1
        assert ph.labelboost_error <= 0.05
    assert res.phases[-1].err_D_max <= res.six_alpha  # Theorem 5.2's 6 alpha in the last phase
    d = res.to_dict()
    assert d["mode"] == "practical" and "q_x" in d["query_reading"]


def test_generic_bbl_same_seed_same_transcript_and_validation():
    rng = np.random.default_rng(0)
    prob = make_everlasting_problem("thresholds", rng)
    par = practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 1, T1=20, lambda1=5, r_const=16)
    x = prob.sample(rng, par.phase(1).S)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        a = GenericBBL(prob, x, prob.target(x), par, rng=5).run()
        b = GenericBBL(prob, x, prob.target(x), par, rng=5).run()
        assert (a.predictions == b.predictions).all()
        with pytest.raises(ValueError, match="needs"):
            GenericBBL(prob, x[:5], prob.target(x[:5]), par)
        with pytest.raises(ValueError, match="selection"):
            GenericBBL(prob, x, prob.target(x), par, selection="argmax")
        with pytest.raises(ValueError, match="bt_noise"):
            GenericBBL(prob, x, prob.target(x), par, bt_noise=0)
    with pytest.raises(PrivacyParameterError):
        GenericBBL(prob, x, prob.target(x), par, strict=True)


def test_generic_bbl_halfspaces_monte_carlo_err_D():
    from geoprivate.everlasting.parameters import custom_parameters

    prob = make_everlasting_problem("halfspaces", 0)
    par = custom_parameters(
        [(12, 20, 600, 960), (12, 6, 100, 160)], 0.05, 0.05, 0.5, 1e-6, 3, epsilon_bt=4.0, m_const=4
    )
    rng = np.random.default_rng(0)
    x = prob.sample(rng, par.phase(1).S)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        res = GenericBBL(prob, x, prob.target(x), par, rng).run()
    assert not res.failed and len(res.phases) == 2
    for ph in res.phases:
        assert ph.err_D_method.startswith("monte-carlo")
        assert ph.err_D_max <= ph.err_D_max_upper <= 1
    with pytest.raises(ValueError, match="Claim D.6"):
        custom_parameters([(12, 20, 100, 160), (12, 6, 100, 160)], 0.05, 0.05, 0.5, 1e-6, 3, epsilon_bt=4.0, m_const=4)


@pytest.mark.parametrize("vc", [0, -1, 1.5])
def test_lemma_c2_max_T_needs_vc_at_least_one(vc):
    from geoprivate.everlasting.label_boost import lemma_c2_max_T

    with pytest.raises(TypeError if isinstance(vc, float) else ValueError, match="^vc must"):
        lemma_c2_max_T(0.1, 0.1, 100, vc)
    assert lemma_c2_max_T(0.1, 0.1, 100, 1) == pytest.approx(0.1 / math.e * math.exp(5) - 100)
