"""Ensembles, problems and GenericBBL/RepairedBBL refuse what they cannot answer (issue #32,
reproducers 1, 2, 9 and 11): NaN/±inf queries and points, empty intervals written backwards,
halfspaces without hypotheses or with infinite coordinates, finite indices that would wrap."""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest

from geoprivate import ensembles
from geoprivate.ensembles import (
    FiniteEnsemble,
    HalfspaceEnsemble,
    IntervalEnsemble,
    ThresholdEnsemble,
    halfspace_votes,
    make_ensemble,
)
from geoprivate.problems import draw_problem

NAN, INF = float("nan"), float("inf")


@pytest.mark.parametrize("q", [[NAN], [0.3, NAN], [INF], [-INF], "0.5", [[0.1, 0.2]]])
@pytest.mark.parametrize("method", ["counts", "votes", "predict"])
def test_threshold_and_interval_ensembles_refuse_non_finite_queries(q, method):
    """#1: counts([nan]) was [2] while predict(...).sum(0) was [0]."""
    for ens in (ThresholdEnsemble([0.2, 0.5]), IntervalEnsemble([(0.2, 0.8), None])):
        with pytest.raises((ValueError, TypeError), match="xs"):
            getattr(ens, method)(q)


def test_counts_votes_and_predict_agree_on_finite_queries():
    xs = [0.0, 0.2, 0.35, 0.5, 0.8, 0.81, 1.0]
    for ens in (
        ThresholdEnsemble([0.2, 0.5, INF]),
        IntervalEnsemble([(0.2, 0.8), None, (0.5, 0.5)]),
        FiniteEnsemble(np.eye(7, dtype=np.uint8), [0, 3, 3]),
    ):
        q = list(range(7)) if ens.kind == "finite" else xs
        assert ens.counts(q).tolist() == ens.predict(q).sum(axis=0).tolist()
        assert np.allclose(ens.votes(q), ens.predict(q).mean(axis=0))


def test_threshold_hypotheses_may_be_infinite_but_never_nan():
    assert ThresholdEnsemble([-INF, INF]).counts([0.5]).tolist() == [1]
    with pytest.raises(ValueError, match="hypotheses"):
        ThresholdEnsemble([0.2, NAN])
    with pytest.raises(ValueError, match="hypotheses"):
        ThresholdEnsemble([])


def test_a_backwards_interval_is_refused_not_counted_minus_one():
    """#2: IntervalEnsemble([(.8, .2)]).counts([.5]) was -1 (votes -1.0) while predict said 0."""
    with pytest.raises(ValueError, match=r"a <= b"):
        IntervalEnsemble([(0.8, 0.2)])
    with pytest.raises(ValueError, match="hypotheses"):
        IntervalEnsemble([(0.1, NAN)])
    with pytest.raises(ValueError, match="pair"):
        IntervalEnsemble([(0.1, 0.2, 0.3)])


def test_halfspace_votes_refuse_inf_nan_and_no_hypotheses():
    """#9: an inf coordinate raised OverflowError, a NaN one answered [0.], none 'cannot reshape'."""
    H = [((1.0, 0.0), 0.0), ((0.0, 1.0), 0.5)]
    assert halfspace_votes(H, [[1.0, 1.0], [-1.0, 0.0]]).tolist() == [1.0, 0.0]
    for X in ([[INF, 0.0]], [[NAN, 0.0]], [[1.0, 2.0, 3.0]], [1.0, 2.0]):
        with pytest.raises(ValueError, match="X"):
            halfspace_votes(H, X)
    with pytest.raises(ValueError, match="hypotheses"):
        halfspace_votes([], [[1.0, 0.0]])
    with pytest.raises(ValueError, match="hypotheses"):
        HalfspaceEnsemble([((INF, 0.0), 0.0)])


def test_finite_indices_are_never_wrapped_or_truncated():
    """#11: FiniteEnsemble(M, [-1]) and draw_problem('finite', 0).target([-1] / [1.7])."""
    M = np.eye(4, dtype=np.uint8)
    with pytest.raises(ValueError, match="hypotheses"):
        FiniteEnsemble(M, [-1])
    with pytest.raises(ValueError, match="hypotheses"):
        make_ensemble("finite", [4], matrix=M)
    ens = FiniteEnsemble(M, [1, 2])
    for bad, err in (([-1], ValueError), ([4], ValueError), ([1.7], TypeError), ([True], TypeError)):
        with pytest.raises(err, match="xs"):
            ens.counts(bad)
    with pytest.raises(ValueError, match="0/1"):
        FiniteEnsemble(np.full((2, 2), 2), [0])
    prob = draw_problem("finite", 0)
    n = 32  # draw_problem's default n_points
    for bad, err in (([-1], ValueError), ([n], ValueError), ([1.7], TypeError)):
        with pytest.raises(err, match="points"):
            prob.target(bad)
    assert prob.target(np.arange(n)).shape == (n,)


@pytest.mark.parametrize("name", ["thresholds", "intervals", "halfspaces"])
def test_problem_targets_refuse_non_finite_points(name):
    prob = draw_problem(name, 1)
    bad = [[NAN, 0.0]] if name == "halfspaces" else [NAN]
    with pytest.raises(ValueError, match="points"):
        prob.target(bad)
    with pytest.raises(ValueError, match="points"):
        prob.check_points(bad)
    X = prob.sample(np.random.default_rng(0), 5)
    assert prob.target(X).shape == (5,)


def test_generic_and_repaired_bbl_refuse_nan_queries_and_points():
    """#1: RepairedBBL answered [1 1] to queries [nan, .7]; both accepted NaN training points."""
    from geoprivate.everlasting.generic_bbl import GenericBBL
    from geoprivate.everlasting.query_attack import halting_parameters, vote_level_training_set
    from geoprivate.everlasting.repaired import RepairedBBL

    prob = draw_problem("thresholds", 0)
    par = halting_parameters()
    S, y = vote_level_training_set(par.phase(1).T, 5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for cls in (GenericBBL, RepairedBBL):
            with pytest.raises(ValueError, match="queries"):
                cls(prob, S, y, par, 0).run(queries=lambda r, i, R: np.array([NAN, 0.7]))
            S2 = S.copy()
            S2[3] = NAN
            with pytest.raises(ValueError, match="points"):
                cls(prob, S2, y, par, 0)
        # the vote at 0.1 is 0 and at 0.7 is 5/T: far below 1/2 - alpha, both answered 0
        assert RepairedBBL(prob, S, y, par, 0).run(
            queries=lambda r, i, R: np.array([0.1, 0.7])
        ).predictions.tolist() == [
            0,
            0,
        ]


def test_halfspace_counts_in_blocks_equal_the_whole_matrix(monkeypatch):
    """Votes are summed over blocks of distinct halfspaces (bounded memory): same counts as the k × n matrix."""

    rng = np.random.default_rng(3)
    hyps = [
        (tuple(Fraction(int(v)) for v in rng.integers(-5, 6, 2)), Fraction(int(rng.integers(-3, 4)))) for _ in range(40)
    ]
    hyps += hyps[:7]  # repeated hypotheses count with their multiplicity
    X = rng.normal(size=(23, 2))
    ens = ensembles.make_ensemble("halfspaces", hyps)
    whole = ens.predict(X).sum(axis=0, dtype=np.int64)
    monkeypatch.setattr(ensembles, "VOTE_BLOCK_ENTRIES", 50)  # blocks of 2 distinct halfspaces
    assert ens.counts(X).tolist() == whole.tolist()
    assert np.array_equal(ens.votes(X), whole / len(hyps))
