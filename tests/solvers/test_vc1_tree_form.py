"""VC-1 classes given by their tree ([Yan25] §4, Lemma 5, Def. 17): solvers.vc1.tree_from_parents,
thresholds_tree, the O(TD log TD) checks, and the learners of [Yan25] taking a tree (TD = 2¹⁶)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from geoprivate.learners.vc1 import OPTPrivateLearner, ProperLearner
from solvers import vc1
from solvers.combinatorics import vc_dimension
from solvers.vc1 import ROOT


def _same_tree(A, B) -> bool:
    return (
        set(A.edges) == set(B.edges)
        and A.graph["proper"] == B.graph["proper"]
        and A.graph["height"] == B.graph["height"]
        and all(A.nodes[v]["distance"] == B.nodes[v]["distance"] for v in A)
    )


@pytest.mark.parametrize("m", [1, 2, 7, 33])
def test_thresholds_tree_is_make_tree_of_the_thresholds_matrix(m):
    assert _same_tree(vc1.thresholds_tree(m), vc1.make_tree(vc1.thresholds_class(m), f=m))


@pytest.mark.parametrize("seed", range(12))
def test_tree_from_parents_round_trips_make_tree(seed):
    """The parents of make_tree's tree give back the same tree; its class (class_from_tree) has VC ≤ 1
    and make_tree of that class is the tree again (with the identity normalisation)."""
    rng = np.random.default_rng(seed)
    M, (_, _, f) = vc1.random_vc1_class(int(rng.integers(1, 14)), rng, return_tree=True)
    T = vc1.make_tree(M, f)
    assert vc1.is_vc1_tree_form(T)
    parent, proper = vc1.tree_parents(T)
    assert vc1.tree_problem(parent, proper) is None
    U = vc1.tree_from_parents(parent, proper)
    assert vc1.is_vc1_tree_form(U)
    cols = T.graph["normalisation"].columns
    relabel = {j: int(c) for j, c in enumerate(cols)}
    assert {(relabel.get(u, u), relabel[v]) for u, v in U.edges} == set(T.edges)
    C = vc1.class_from_tree(U, U.graph["proper"], parent.size)
    assert vc_dimension(C) <= 1
    assert _same_tree(vc1.make_tree(C, 0), U)


@pytest.mark.parametrize(
    ("parent", "proper", "why"),
    [
        ([1, 0], [True, True], "cycle"),
        ([-1, 0], [False, True], "Assumption 1"),
        ([-1, -1], [False, True], "Assumption 2"),
        ([-1, 5], [True, True], "must lie in"),
        ([-1, 0], [True], "proper: expected"),
        ([-1.0, 0.0], [True, True], "integer"),
    ],
)
def test_tree_problem_names_what_is_wrong(parent, proper, why):
    problem = vc1.tree_problem(np.array(parent), np.array(proper))
    assert problem is not None and why in problem
    with pytest.raises(ValueError, match=why):
        vc1.tree_from_parents(np.array(parent), np.array(proper))


def test_is_vc1_tree_form_rejects_broken_trees():
    T = vc1.thresholds_tree(5)
    T.nodes[2]["distance"] = 7
    assert not vc1.is_vc1_tree_form(T)
    U = vc1.thresholds_tree(5)
    U.graph["proper"] = U.graph["proper"] - {0}  # a leaf that is not proper
    assert not vc1.is_vc1_tree_form(U)
    V = vc1.thresholds_tree(5)
    V.add_edge(ROOT, 1)  # two parents
    assert not vc1.is_vc1_tree_form(V)


def test_tree_index_of_a_tree_matches_the_matrix_one():
    m = 40
    a = vc1.tree_index(vc1.make_tree(vc1.thresholds_class(m), f=m))
    b = vc1.tree_index(vc1.thresholds_tree(m))
    for name in ("tin", "tout", "depth", "up", "node_at_tin", "concept_tins"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


def test_version_space_lca_does_not_need_sorted_entries():
    rng = np.random.default_rng(3)
    M, (_, _, f) = vc1.random_vc1_class(12, rng, return_tree=True)
    index = vc1.tree_index(vc1.make_tree(M, f))
    t, k = 6, 60
    part, node, label = rng.integers(0, t, k), rng.integers(-1, index.root, k), rng.integers(0, 2, k)
    o = np.lexsort((label, node, part))
    ref = vc1.version_space_lca(index, part[o], node[o], label[o], t)
    assert np.array_equal(vc1.version_space_lca(index, part, node, label, t), ref)


@pytest.mark.parametrize("learner", [OPTPrivateLearner, ProperLearner])
@pytest.mark.parametrize("median", ["exponential", "log-star"])
def test_learners_on_the_tree_equal_the_learners_on_the_matrix(learner, median):
    m = 64
    C, T = vc1.thresholds_class(m), vc1.thresholds_tree(m)
    kw = dict(mode="practical", n_subsets=40, median=median, partition="counts")
    a = learner(C, 1.0, 1e-6, 0.1, 0.1, f=m, **kw)
    b = learner(T, 1.0, 1e-6, 0.1, 0.1, **kw)
    classes = vc1.class_from_tree(T, T.graph["proper"], m)
    for seed in range(3):
        rng = np.random.default_rng(seed)
        c = int(rng.integers(0, m + 1))
        cols = rng.integers(0, m, 3000)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ha, hb = a.fit(cols, C[c, cols], rng=seed), b.fit(cols, C[c, cols], rng=seed)
        assert np.array_equal(ha.labels, hb.labels) and ha.node == hb.node
        assert ha.details["z"] == hb.details["z"] and np.array_equal(ha.details["y"], hb.details["y"])
        if hb.concept is not None:  # rows numbered as class_from_tree numbers them
            assert np.array_equal(classes[hb.concept], hb.labels)
        assert (hb.concept is None) == (ha.concept is None)


def test_a_tree_class_refuses_f_and_broken_trees():
    T = vc1.thresholds_tree(8)
    with pytest.raises(ValueError, match="f:"):
        OPTPrivateLearner(T, 1.0, 1e-6, 0.1, 0.1, f=3, mode="practical", n_subsets=4)
    T.graph["proper"] = T.graph["proper"] - {0}
    with pytest.raises(ValueError, match="concept_class"):
        OPTPrivateLearner(T, 1.0, 1e-6, 0.1, 0.1, mode="practical", n_subsets=4)


def test_optprivatelearner_fits_thresholds_with_td_2_16():
    """TD = 2¹⁶ (a 2³²-entry matrix as a class): the tree form, t of Lemma 9 at ε = 1, parts of 16."""
    m = 2**16
    T = vc1.thresholds_tree(m)
    assert T.graph["height"] == m
    alg = OPTPrivateLearner(T, 1.0, 1e-6, 0.1, 0.1, mode="practical", n_subsets=7029, partition="counts")
    rng = np.random.default_rng(0)
    c = m // 3
    cols = rng.integers(0, m, 16 * 7029)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # below the proven n, by design
        h = alg.fit(cols, (cols >= c).astype(np.uint8), rng=rng)
    assert h.privacy_applies
    assert h.error((np.arange(m) >= c).astype(np.uint8)) <= 0.1
    assert h.concept is not None and h.concept == 1 + int(np.flatnonzero(h.labels)[0])
