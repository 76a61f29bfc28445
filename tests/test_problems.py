"""The one problem layer and the one ensemble abstraction shared by [Yan26]'s predictors and [NNSY23]'s GenericBBL."""

import numpy as np
import pytest

from geoprivate.concepts import FiniteClass, Thresholds
from geoprivate.ensembles import (
    Ensemble,
    FiniteEnsemble,
    HalfspaceEnsemble,
    IntervalEnsemble,
    ThresholdEnsemble,
    make_ensemble,
)
from geoprivate.everlasting import ensembles as ev_ensembles
from geoprivate.everlasting import generic_bbl
from geoprivate.everlasting.generic_bbl import erm_ensemble, make_everlasting_problem
from geoprivate.prediction import generators
from geoprivate.prediction.problems import make_problem
from geoprivate.problems import CONCEPTS, Problem, draw_problem


def _same_law_and_target(p, q, name):
    """p and q have the same class, target and law D (checked on fresh points of D)."""
    assert type(p) is type(q) is Problem
    assert p.name == q.name == name
    assert type(p.concept) is type(q.concept)
    if name == "finite":
        assert np.array_equal(p.concept.matrix, q.concept.matrix)
    xp = p.sample(np.random.default_rng(7), 200)
    xq = q.sample(np.random.default_rng(7), 200)
    assert np.array_equal(xp, xq)
    assert np.array_equal(p.target(xp), q.target(xq))
    if name == "halfspaces":
        assert np.array_equal(p.target_params[0], q.target_params[0]) and p.target_params[1] == q.target_params[1]
    else:
        assert p.target_params == q.target_params
    assert p.vc == q.vc and p.description == q.description


@pytest.mark.parametrize("name", CONCEPTS)
@pytest.mark.parametrize("seed", [0, 3])
def test_the_two_zoos_give_the_same_problem(name, seed):
    """make_problem ([Yan26]) and make_everlasting_problem ([NNSY23]) agree on D and the target."""
    p = make_problem(name, 50, seed, n_points=24, n_concepts=64)
    q = make_everlasting_problem(name, seed, n_points=24, n_concepts=64)
    _same_law_and_target(p, q, name)
    _same_law_and_target(p, draw_problem(name, seed, n_points=24, n_concepts=64), name)
    # the prediction problem also carries its sample, labelled by the target
    assert p.X.shape[0] == 50 and np.array_equal(p.y, p.target(p.X))
    assert q.X is None and q.y is None


def test_one_problem_and_one_ensemble_class_no_aliases():
    for module, old in (
        (ev_ensembles, "EverlastingProblem"),
        (ev_ensembles, "VoteEnsemble"),
        (generic_bbl, "Ensemble"),
    ):
        assert not hasattr(module, old)
    assert generators.Ensemble is Ensemble
    for cls in (ThresholdEnsemble, IntervalEnsemble, FiniteEnsemble, HalfspaceEnsemble):
        assert getattr(generators, cls.__name__) is cls


def test_draw_problem_sample_follows_the_target_draw():
    """The target is drawn first, then S: the sample does not move the target."""
    a = draw_problem("intervals", 11, n_sample=30)
    b = draw_problem("intervals", 11)
    assert a.target_params == b.target_params
    assert np.array_equal(a.y, a.target(a.X)) and set(np.unique(a.y)) <= {0, 1}
    assert a.law is a.sampler


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"name": "circles"}, "concept"),
        ({"name": "thresholds", "n_sample": -1}, "n_sample"),
        ({"name": "thresholds", "n_sample": 2.5}, "n_sample"),
        ({"name": "thresholds", "n_sample": 10**12}, "n_sample"),
        ({"name": "halfspaces", "d": 0}, "d"),
        ({"name": "finite", "n_points": 10**5, "n_concepts": 10**5}, "n_points"),
    ],
)
def test_draw_problem_rejects_bad_input(kwargs, match):
    # 2.5 is the wrong kind (TypeError), the rest wrong values; sizes are refused before any draw
    with pytest.raises((ValueError, TypeError), match=match):
        draw_problem(**kwargs)


def _ensembles():
    rng = np.random.default_rng(5)
    M = np.array([[0, 1, 1, 0], [1, 1, 0, 0], [1, 0, 1, 1]], np.uint8)
    thr = make_ensemble("thresholds", np.array([0.2, 0.5, np.inf, 0.5]))
    itv = make_ensemble("intervals", [(0.1, 0.4), None, (0.3, 0.9)])
    fin = make_ensemble("finite", [0, 2, 2], matrix=M)
    hs = make_ensemble("halfspaces", [((1, 0), 0), ((0, 1), 0.25), ((2, 0), 0)])
    line = rng.uniform(0, 1, 64)
    return [
        (thr, np.concatenate([line, [0.2, 0.5]])),
        (itv, np.concatenate([line, [0.1, 0.4, 0.9]])),
        (fin, np.arange(4)),
        (hs, np.vstack([rng.standard_normal((64, 2)), [[0.0, 0.25], [0.0, 0.0]]])),
    ]


@pytest.mark.parametrize("i", range(4))
def test_counts_votes_and_predict_agree(i):
    ens, xs = _ensembles()[i]
    labels = ens.predict(xs)
    assert labels.shape == (ens.k, len(xs))
    assert np.array_equal(ens.counts(xs), labels.sum(axis=0))
    np.testing.assert_allclose(ens.votes(xs), labels.mean(axis=0), rtol=0, atol=1e-15)
    assert ens.k == ens.T


def test_make_ensemble_rejects_bad_input():
    with pytest.raises(ValueError, match="name"):
        make_ensemble("circles", [])
    with pytest.raises(ValueError, match="matrix"):
        make_ensemble("finite", [0])


@pytest.mark.parametrize("name", CONCEPTS)
def test_erm_ensemble_is_the_shared_ensemble(name):
    """GenericBBL's step 3b returns the shared hierarchy; each f_t is an ERM of its block.

    Halfspaces: the LP witness of a block often has block points exactly on its boundary; the shared
    ensemble decides them exactly (the old float ``VoteEnsemble`` miscounted such points)."""
    prob = make_everlasting_problem(name, 1)
    rng = np.random.default_rng(2)
    T, lam = 6, 5
    x = prob.sample(rng, T * lam)
    y = prob.target(x)
    ens = erm_ensemble(prob, x, y, T, lam)
    assert isinstance(ens, Ensemble) and ens.kind == name and ens.k == T
    # realisable blocks: every f_t is consistent with its block, so the counts on S are T·c(x) on each block's points
    lab = ens.predict(x)
    for t in range(T):
        blk = slice(t * lam, (t + 1) * lam)
        assert np.array_equal(lab[t, blk], y[blk])
    assert np.array_equal(ens.counts(x), lab.sum(axis=0))
    if name == "finite":
        assert isinstance(prob.concept, FiniteClass)
    if name == "thresholds":
        assert isinstance(prob.concept, Thresholds) and isinstance(ens.hypotheses, np.ndarray)
