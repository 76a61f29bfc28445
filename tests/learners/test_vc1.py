"""Tests for geoprivate.learners.vc1: Algorithms 2 and 4 of [Yan25]; the median methods they run, the privacy
and utility verdicts below and at the theorem's sample size, and log*."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoprivate.concepts.thresholds import Thresholds
from geoprivate.learners import vc1 as L
from geoprivate.learners.vc1 import OPTPrivateLearner, ProperLearner, log_star
from geoprivate.mechanisms import (
    choosing_utility_loss,
    median_sample_size,
    private_median,
)
from geoprivate.mechanisms.median import METHODS
from geoprivate.privacy import VACUOUS, Guarantee, PrivacyLedger, advanced_composition
from geoprivate.privacy.warnings import PrivacyParameterError, PrivacyWarning, UtilityWarning
from solvers import vc1
from solvers.vc1 import ROOT
from tests.helpers import no_privacy_warning

# Practical mode: Lemma 1 wants epsilon/2 < 2; delta large enough that the choosing
# mechanism's halting threshold (8/eps') ln(4/(eps' delta')) ~ 21 is reachable with t = 200.
EPS, DELTA, ALPHA, BETA = 3.0, 0.1, 0.1, 0.05


def sample(M, c, n, rng, weights=None):
    cols = rng.choice(M.shape[1], size=n, p=weights)
    return cols, M[c, cols]


def _catalogue_fits(cls, name, *, seed, runs, n, weighted):
    """Fit ``cls`` (practical mode, 200 subsets) on ``runs`` samples of size ``n`` labelled by random
    targets of the catalogue class ``name``; D is a random distribution over the domain when
    ``weighted``, else uniform.  Returns the class matrix and the (hypothesis, target row, D) triples."""
    M, f = vc1.catalogue(16)[name]
    rng = np.random.default_rng(seed)
    fits = []
    for _r in range(runs):
        c = int(rng.integers(0, M.shape[0]))
        w = rng.dirichlet(np.ones(M.shape[1])) if weighted else None
        cols, labels = sample(M, c, n, rng, w)
        h = cls(M, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=200).fit(cols, labels, rng=rng)
        fits.append((h, M[c], w))
    return M, fits


# ----------------------------------------------------------------------- calculators
def test_log_star():
    assert [L.log_star(x) for x in (1, 2, 3, 4, 16, 17, 65536, 65537)] == [0, 1, 2, 2, 3, 4, 4, 5]
    with pytest.raises(ValueError):
        L.log_star(0)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 200),
    st.floats(0.01, 0.5),
    st.floats(1e-4, 0.5),
    st.floats(0.05, 3.9),
    st.floats(1e-9, 0.5),
    st.sampled_from(["exponential", "paper"]),
)
def test_theorem11_parameters_satisfy_their_defining_inequalities(td, a, b, e, d, median):
    p = L.theorem11_parameters(td, a, b, e, d, median=median)
    assert p.epsilon_step == e / 2 and p.delta_step == d / 2
    assert math.isclose(p.beta_step, b / (p.t + 2))
    if median == "exponential":
        assert p.n_pm == median_sample_size(td + 1, 1 / 3, p.beta_step, p.epsilon_step)
    assert p.t >= p.n_pm
    assert p.t / 6 >= choosing_utility_loss(p.epsilon_step, p.delta_step, 1, p.t, p.beta_step)
    assert p.m >= 48 / a * (10 * math.log(48 * math.e / a) + math.log(5 / p.beta_step))
    assert p.n == p.t * p.m


def test_theorem11_n_grows_with_td_and_shrinks_with_alpha():
    n = [L.theorem11_parameters(td, 0.1, 0.05, 1.0, 1e-6).n for td in (1, 8, 64, 4096)]
    assert n == sorted(n)
    assert L.theorem11_parameters(64, 0.2, 0.05, 1.0, 1e-6).n < L.theorem11_parameters(64, 0.1, 0.05, 1.0, 1e-6).n
    with pytest.raises(ValueError, match="delta"):
        L.theorem11_parameters(8, 0.1, 0.05, 1.0, 0.0)
    with pytest.raises(ValueError, match="td"):
        L.theorem11_parameters(-1, 0.1, 0.05, 1.0, 1e-6)
    with pytest.raises(ValueError, match="median"):
        L.theorem11_parameters(8, 0.1, 0.05, 1.0, 1e-6, median="nope")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 100), st.floats(0.02, 0.5), st.floats(1e-4, 0.5), st.floats(0.05, 3.9), st.floats(1e-9, 0.5))
def test_theorem13_n2_is_the_smallest_meeting_claims_1_to_5(td, a, b, e, d):
    p = L.theorem13_parameters(td, a, b, e, d)
    es, bs = p.epsilon_step, p.beta_step
    assert math.ceil(2 / a) == p.T
    assert advanced_composition(es, 0.0, 2 * p.T, d / 2).epsilon <= e / 2 + 1e-12 or 2 * p.T * es <= e / 2 + 1e-12

    def ok(n):
        return (
            math.exp(-a * n / 3) <= bs
            and math.log(1 / (2 * bs)) / es < a * n / 2
            and 2 / a * math.exp(-3 * es * a * n / 4) <= bs
            and a * n >= (p.T + 1) * math.log(2 / a) / es
        )

    assert ok(p.n2) and not ok(p.n2 - 1)
    assert p.n == p.n1 + p.n2 and p.n1 == p.first.n


# ----------------------------------------------------------------------- deterministic sets
@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10), st.integers(0, 2**31 - 1), st.integers(1, 6), st.data())
def test_count_based_deterministic_sets_match_definition_15(n, seed, t, data):
    rng = np.random.default_rng(seed)
    M = vc1.random_vc1_class(n, rng, method=data.draw(st.sampled_from(["tree", "greedy"])))
    f = int(rng.integers(0, M.shape[0]))
    c = int(rng.integers(0, M.shape[0]))
    N = int(rng.integers(t, 4 * t + 8))
    cols, labels = sample(M, c, N, rng)
    learner = L.OPTPrivateLearner(M, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=t)
    cls = learner.cls
    part_of = cls.random_partition(N, t, rng)
    assert sorted(np.bincount(part_of, minlength=t).tolist()) == sorted(
        [len(p) for p in np.array_split(np.arange(N), t)]
    )
    B, y = cls.deterministic_sets(cls.part_counts(cols, labels, part_of, t))
    Mf = vc1.f_representation(M, f)
    for i in range(t):
        idx = np.flatnonzero(part_of == i)
        det = vc1.deterministic_points(Mf, cols[idx], Mf[c, cols[idx]])
        nodes = {x for x in det.tolist() if x in learner.tree}
        assert nodes == {int(cls.columns[j]) for j in np.flatnonzero(B[i])}
        assert y[i] == vc1.distance(learner.tree, vc1.deepest_node(learner.tree, sorted(nodes)))


# ----------------------------------------------------------------------- Algorithm 2
@pytest.mark.parametrize("name", ["thresholds", "point_functions", "figure1"])
def test_opt_private_learner_is_accurate_on_the_catalogue(name):
    _, fits = _catalogue_fits(L.OPTPrivateLearner, name, seed=11, runs=20, n=4000, weighted=True)
    assert sum(h.error(target, w) > ALPHA for h, target, w in fits) <= BETA * len(fits)


def test_opt_private_learner_trace_and_reproducibility():
    M, (T, P, f) = vc1.random_vc1_class(40, 3, proper_prob=0.2, return_tree=True)
    rng = np.random.default_rng(0)
    cols, labels = sample(M, 5, 3000, rng)
    learner = L.OPTPrivateLearner(M, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=150)
    led1, led2 = PrivacyLedger(), PrivacyLedger()
    h1 = learner.fit(cols, labels, rng=7, ledger=led1)
    h2 = learner.fit(cols, labels, rng=7, ledger=led2)
    assert np.array_equal(h1.labels, h2.labels) and h1.node == h2.node
    assert np.array_equal(h1.details["y"], h2.details["y"]) and led1.summary() == led2.summary()
    d = h1.details
    assert d["mode"] == "practical" and d["t"] == 150 and len(d["y"]) == 150
    # the y_i are distances of nodes on c*'s root path (Lemmas 6, 8)
    Mf = vc1.f_representation(M, f)
    on_path = {vc1.distance(learner.tree, x) for x in learner.tree if x is not ROOT and Mf[5, x] == 1}
    assert set(d["y"].tolist()) <= on_path | {0}
    assert d["x_good"] is ROOT or vc1.distance(learner.tree, d["x_good"]) == d["z"]
    # ĥ is the un-f-represented root path of x_good
    expect = np.zeros(M.shape[1], np.uint8)
    rep = learner.tree.graph["normalisation"].representative
    path = set(vc1.root_path(learner.tree, h1.node))
    expect[[j for j in range(M.shape[1]) if rep[j] in path]] = 1
    assert np.array_equal(h1.labels, expect ^ M[f])
    # privacy: PrivateMedian and the choosing mechanism, eps/2 each (Theorem 11)
    assert [e.mechanism for e in led1] == ["private_median", "choosing_mechanism"]
    g = led1.basic_composition()
    assert g.epsilon <= EPS + 1e-12 and g.delta <= DELTA + 1e-12 and led1.all_apply
    assert not np.array_equal(h1.labels, learner.fit(cols, labels, rng=8).labels) or True  # (may coincide)


def test_opt_private_learner_accepts_a_finite_class_and_records_mode():
    concepts = pytest.importorskip("geoprivate.concepts")
    M, f = vc1.catalogue(8)["figure1"]
    C = concepts.FiniteClass(M, domain=list("abcdefg"))
    learner = L.OPTPrivateLearner(C, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=100)
    cols = C.columns(list("abcdefg") * 200)
    h = learner.fit(cols, M[6, cols], rng=0)
    assert learner.cls.domain == tuple("abcdefg") and h.mode == "practical"
    assert h.error(M[6]) <= ALPHA


def test_theorem_mode_requires_theorem_11_n():
    M, f = vc1.catalogue(4)["thresholds"]
    learner = L.OPTPrivateLearner(M, EPS, DELTA, ALPHA, BETA, f=f)
    assert learner.sample_size() == learner.params.n and learner.t == learner.params.t
    with pytest.raises(ValueError, match=f"N = {learner.params.n}"):
        learner.fit([0, 1], [0, 0])
    P = L.ProperLearner(M, EPS, DELTA, ALPHA, BETA, f=f)
    with pytest.raises(ValueError, match="Theorem 13"):
        P.fit([0, 1], [0, 0])


@pytest.mark.slow
def test_theorem_mode_end_to_end_on_a_small_class():
    M, f = vc1.catalogue(4)["thresholds"]
    learner = L.OPTPrivateLearner(M, 3.0, 0.25, 0.5, 0.5, f=f)
    rng = np.random.default_rng(0)
    cols, labels = sample(M, 2, learner.sample_size(), rng)
    h = learner.fit(cols, labels, rng=1)
    assert h.error(M[2]) <= 0.5


def test_learner_validation():
    vc2 = np.array([[0, 0], [0, 1], [1, 0], [1, 1]])
    with pytest.raises(ValueError, match="VC dimension"):
        L.OPTPrivateLearner(vc2, EPS, DELTA, ALPHA, BETA, mode="practical", n_subsets=2)
    with pytest.raises(ValueError, match="VC dimension"):
        L.ProperLearner(vc2, EPS, DELTA, ALPHA, BETA, mode="practical", n_subsets=2)
    M = vc1.thresholds_class(4)
    with pytest.raises(ValueError, match="n_subsets"):
        L.OPTPrivateLearner(M, EPS, DELTA, ALPHA, BETA, mode="practical")
    with pytest.raises(ValueError, match="mode"):
        L.OPTPrivateLearner(M, EPS, DELTA, ALPHA, BETA, mode="fast")
    with pytest.raises(ValueError, match="epsilon"):
        L.OPTPrivateLearner(M, -1.0, DELTA, ALPHA, BETA)
    with pytest.raises(ValueError, match="alpha"):
        L.OPTPrivateLearner(M, EPS, DELTA, 1.5, BETA)
    learner = L.OPTPrivateLearner(M, EPS, DELTA, ALPHA, BETA, f=4, mode="practical", n_subsets=2)
    with pytest.raises(ValueError, match="not realisable"):
        learner.fit([0, 0, 1, 1], [1, 0, 1, 1])
    with pytest.raises(ValueError, match="cols"):
        learner.fit([0, 9], [0, 0])
    with pytest.raises(ValueError, match="labels"):
        learner.fit([0, 1], [0, 2])
    with pytest.raises(ValueError, match="partitioned"):
        learner.fit([0], [0])


# ----------------------------------------------------------------------- Algorithm 4
def test_proper_learner_outputs_concepts_and_walks_the_subtree():
    rng = np.random.default_rng(4)
    walked = 0
    for trial in range(12):
        M, (T, P, f) = vc1.random_vc1_class(50, trial, proper_prob=0.1, chain_prob=0.5, return_tree=True)
        c = int(rng.integers(0, M.shape[0]))
        cols, labels = sample(M, c, 5000, rng)
        learner = L.ProperLearner(M, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=200)
        led = PrivacyLedger()
        h = learner.fit(cols, labels, rng=trial, ledger=led)
        assert h.concept is not None and np.array_equal(M[h.concept], h.labels)
        assert h.node in P  # a proper node: the output is in C (Def. 4)
        d = h.details
        assert d["n1"] + d["n2"] == 5000 and d["n1"] == 2500
        if d["x_good"] not in P:
            sub = vc1.make_subtree(T, d["x_good"], P)
            assert h.node in sub and sub.out_degree(h.node) == 0  # a leaf of T_good
            walked += len(d["walk"]) > 0
        # privacy: Algorithm 2 on S_1 within (eps/2, delta/2); the loop within (eps/2, delta/2)
        first = [e for e in led if e.mechanism in ("private_median", "choosing_mechanism")]
        loop = [e for e in led if e.mechanism in ("laplace", "exponential_mechanism")]
        assert len(first) == 2 and sum(e.epsilon for e in first) <= EPS / 2 + 1e-12
        assert sum(e.delta for e in first) <= DELTA / 2 + 1e-12
        assert len(loop) <= 2 * learner.T and all(e.epsilon == learner.epsilon_step for e in loop)
        if loop:
            adv = advanced_composition(learner.epsilon_step, 0.0, 2 * learner.T, DELTA / 2).epsilon
            assert min(adv, 2 * learner.T * learner.epsilon_step) <= EPS / 2 + 1e-9
        assert h.error(M[c]) <= 4 * ALPHA  # Claim 5: v(leaf) <= 4 alpha N
    assert walked > 0


def test_proper_learner_reproducible():
    M, (T, P, f) = vc1.random_vc1_class(30, 9, proper_prob=0.1, return_tree=True)
    rng = np.random.default_rng(1)
    cols, labels = sample(M, 3, 2000, rng)
    learner = L.ProperLearner(M, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=100)
    a, b = learner.fit(cols, labels, rng=3), learner.fit(cols, labels, rng=3)
    assert a.concept == b.concept and a.details["walk"] == b.details["walk"]


@pytest.mark.parametrize("name", ["thresholds", "point_functions", "figure1"])
def test_proper_learner_is_accurate_on_the_catalogue(name):
    M, fits = _catalogue_fits(L.ProperLearner, name, seed=12, runs=15, n=6000, weighted=False)
    for h, _, _ in fits:
        assert np.array_equal(M[h.concept], h.labels)
    assert sum(h.error(target, w) > ALPHA for h, target, w in fits) <= BETA * len(fits)


def test_learner_claims_run_and_hold_on_small_instances():
    from geoprivate.claims import get_claim, run_claim

    for cid in ("vc1/corollary-2", "vc1/claim-6"):
        rec = run_claim(get_claim(cid), seed=2, size="small")
        assert rec["status"] == "holds", rec
        assert rec["evidence"]["mode"] == "practical" and rec["evidence"]["runs"] == 30


def test_drawing_a_learner_run_marks_what_it_should(tmp_path):
    pytest.importorskip("matplotlib")
    from geoprivate.viz import draw_learner_run, draw_vc1_tree

    M, f = vc1.catalogue(8)["figure1"]
    learner = L.OPTPrivateLearner(M, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=100)
    cols = np.tile(np.arange(7), 200)
    h = learner.fit(cols, M[6, cols], rng=0)
    ax = draw_learner_run(learner, h, title="run")
    texts = {t.get_text() for t in ax.texts}
    assert texts == {"∅"} | {f"$x_{{{j}}}$" for j in range(1, 8)}
    labels = ax.get_legend_handles_labels()[1]
    assert "x_good" in labels and "deterministic" in labels and any(s.startswith("median layer") for s in labels)
    ax.figure.savefig(tmp_path / "run.png")
    assert (tmp_path / "run.png").stat().st_size > 1000
    with pytest.raises(ValueError, match="root"):
        draw_vc1_tree(vc1.make_subtree(learner.tree, 0, set()).subgraph([3]).copy())


def test_count_table_partition_has_the_law_of_a_random_partition():
    M, f = vc1.catalogue(3)["thresholds"]
    learner = L.OPTPrivateLearner(M, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=3)
    cls = learner.cls
    cols = np.array([0, 0, 1, 2, 2, 2, 1, 0, 1, 2, 0])
    labels = M[1, cols]
    n, t = cols.size, 3
    total = cls.part_counts(cols, labels, None, 1)
    rng = np.random.default_rng(0)
    draws = 4000
    a = np.zeros((draws,) + total.shape[1:], np.int64)
    b = np.zeros_like(a)
    for r in range(draws):
        tab = cls.partition_counts(total, n, t, rng)
        assert np.array_equal(tab.sum(axis=0), total[0])  # cell margins
        assert tab.reshape(t, -1).sum(axis=1).tolist() == cls.part_sizes(n, t).tolist()  # part sizes
        a[r] = tab[0]
        b[r] = cls.part_counts(cols, labels, cls.random_partition(n, t, rng), t)[0]
    # same law of part 0's counts: compare the frequency of every cell value (exact hypergeometric)
    for idx in zip(*np.nonzero(total[0]), strict=True):
        fa = np.bincount(a[(slice(None),) + idx], minlength=12)[:12] / draws
        fb = np.bincount(b[(slice(None),) + idx], minlength=12)[:12] / draws
        assert np.abs(fa - fb).max() < 0.05


def test_counts_partition_learner_matches_explicit_accuracy():
    M, f = vc1.catalogue(16)["thresholds"]
    rng = np.random.default_rng(5)
    for r in range(5):
        c = int(rng.integers(0, M.shape[0]))
        cols, labels = sample(M, c, 4000, rng)
        h = L.OPTPrivateLearner(
            M, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=200, partition="counts"
        ).fit(cols, labels, rng=r)
        assert h.error(M[c]) <= ALPHA and h.details["t"] == 200
    with pytest.raises(ValueError, match="not realisable"):
        L.OPTPrivateLearner(M, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=2, partition="counts").fit(
            [0, 0, 1], [1, 0, 0]
        )
    with pytest.raises(ValueError, match="partition"):
        L.OPTPrivateLearner(M, EPS, DELTA, ALPHA, BETA, f=f, mode="practical", n_subsets=2, partition="x")


def test_structured_concept_classes_are_accepted():
    concepts = pytest.importorskip("geoprivate.concepts")
    learner = L.OPTPrivateLearner(
        concepts.Thresholds(np.arange(10.0)), EPS, DELTA, ALPHA, BETA, f=10, mode="practical", n_subsets=100
    )
    M = learner.cls.M
    assert M.shape == (11, 10) and learner.tree.graph["height"] == 10
    assert learner.cls.domain == tuple(np.arange(10.0))
    cols = np.tile(np.arange(10), 300)
    h = learner.fit(cols, M[4, cols], rng=0)
    assert h.error(M[4]) <= ALPHA
    with pytest.raises(ValueError, match="reals"):
        L.OPTPrivateLearner(concepts.Thresholds(), EPS, DELTA, ALPHA, BETA, mode="practical", n_subsets=2)


@pytest.mark.slow
def test_proper_learner_theorem_mode_end_to_end_on_a_small_class():
    M, (T, P, f) = vc1.random_vc1_class(6, 2, proper_prob=0.0, return_tree=True)
    learner = L.ProperLearner(M, 3.9, 0.5, 0.5, 0.5, f=f, partition="counts")
    rng = np.random.default_rng(0)
    c = int(rng.integers(0, M.shape[0]))
    cols, labels = sample(M, c, learner.sample_size(), rng)
    h = learner.fit(cols, labels, rng=1)
    assert np.array_equal(M[h.concept], h.labels) and h.details["n2"] == learner.params.n2
    assert h.error(M[c]) <= 4 * 0.5


def _vc1_sample():
    M = np.tril(np.ones((6, 5), np.uint8), -1)  # thresholds on 5 points: VC dimension 1
    cols = np.tile(np.arange(5), 8)
    return M, cols, M[3][cols]


@pytest.mark.parametrize("learner,eps_bad,eps_ok", [(OPTPrivateLearner, 4.0, 3.9), (ProperLearner, 8.0, 7.9)])
def test_vc1_learners_warn_when_epsilon_voids_the_choosing_step(learner, eps_bad, eps_ok):
    M, cols, y = _vc1_sample()
    kw = dict(mode="practical", n_subsets=4)
    with pytest.warns(PrivacyWarning, match="Lemma 1"):
        bad = learner(M, eps_bad, 0.1, 0.2, 0.2, **kw)
    assert bad.guarantee() == VACUOUS
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        h = bad.fit(cols, y, rng=0)
    assert h.guarantee == VACUOUS
    with pytest.raises(PrivacyParameterError):
        learner(M, eps_bad, 0.1, 0.2, 0.2, strict=True, **kw)
    good = no_privacy_warning(learner, M, eps_ok, 0.1, 0.2, 0.2, **kw)
    assert good.guarantee() == Guarantee(eps_ok, 0.1)
    assert no_privacy_warning(good.fit, cols, y, rng=0).guarantee == Guarantee(eps_ok, 0.1)


def test_log_star_of_infinity_raises():
    for x in (math.inf, np.float64("inf"), np.float32("inf"), math.nan, -1.0, 0):
        with pytest.raises(ValueError, match="x"):
            log_star(x)
    assert log_star(2**65536) == 5 and log_star(16) == 3


def test_learner_median_names_agree_with_private_median():
    """README: OPTPrivateLearner(..., median="exponential"); the learners and private_median share one name set."""
    C = Thresholds(np.arange(16)).matrix()
    new = L.OPTPrivateLearner(C, 1.0, 0.1, 0.1, 0.1, f=16, median="exponential")
    assert new.median == "exponential"
    for bad in ("exp", "implemented"):  # no old spellings (0.1.0 is the first release)
        with pytest.raises(ValueError, match="median"):
            L.OPTPrivateLearner(C, 1.0, 0.1, 0.1, 0.1, f=16, median=bad)
        with pytest.raises(ValueError, match="method"):
            private_median([3] * 50, 16, 1.0, method=bad, rng=2)
    assert set(L.MEDIANS) - {"paper"} == set(METHODS)


def _log_star_counts_learner(cls, C, m, epsilon, delta):
    """A practical-mode learner on the log*-level median (k scale 0) and count partitions, α = β = 0.1."""
    return cls(
        C,
        epsilon,
        delta,
        0.1,
        0.1,
        f=m,
        mode="practical",
        n_subsets=600,
        median="log-star",
        median_k_scale=0.0,
        partition="counts",
    )


def test_vc1_learner_below_its_sample_bound_warns_and_records_it():
    """#21: median="log-star", sample_size() in the billions, fit on 2·10⁴ examples ran silently."""
    m = 64
    C = Thresholds(np.arange(m)).matrix()
    learner = _log_star_counts_learner(L.OPTPrivateLearner, C, m, 3.0, 0.1)
    assert learner.sample_size() > 10**8
    rng = np.random.default_rng(0)
    cols = rng.integers(0, m, 20_000)
    with pytest.warns(UtilityWarning, match="OPTPrivateLearner: n = 20000 <"):
        h = learner.fit(cols, C.matrix[10, cols], rng=1)
    assert h.privacy_applies is True and h.utility_proved is False
    proper = _log_star_counts_learner(L.ProperLearner, C, m, 6.0, 0.2)
    with pytest.warns(UtilityWarning, match="ProperLearner"):
        hp = proper.fit(cols, C.matrix[10, cols], rng=1)
    assert hp.privacy_applies is True and hp.utility_proved is False
    with pytest.warns(PrivacyWarning, match="Lemma 1"):
        outside = L.OPTPrivateLearner(C, 5.0, 0.1, 0.1, 0.1, f=m, mode="practical", n_subsets=600)
    with pytest.warns(UtilityWarning), pytest.warns(PrivacyWarning, match="choosing mechanism"):
        ho = outside.fit(cols, C.matrix[10, cols], rng=1)
    assert ho.privacy_applies is False and outside.guarantee() == VACUOUS


def test_vc1_learner_at_its_theorem_sample_size_proves_utility():
    C = Thresholds(np.arange(4)).matrix()
    learner = L.OPTPrivateLearner(C, 3.9, 0.5, 0.45, 0.45, f=4, partition="counts")
    n = learner.sample_size()
    assert n < 6_000_000
    rng = np.random.default_rng(3)
    cols = rng.integers(0, 4, n)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UtilityWarning)
        h = learner.fit(cols, C.matrix[2, cols], rng=4)
    assert h.privacy_applies and h.utility_proved and not h.details["median_failed"]
    paper = L.OPTPrivateLearner(C, 3.9, 0.5, 0.45, 0.45, f=4, partition="counts", median="paper")
    cols_p = rng.integers(0, 4, paper.sample_size())
    hp = paper.fit(cols_p, C.matrix[2, cols_p], rng=4)
    assert hp.privacy_applies and not hp.utility_proved  # Theorem 9's n_PM is not the bound of the median run
