"""Tests for solvers.vc1: the tree structure of VC-1 classes ([Yan25] §4, Algs. 1 and 3)."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import vc1
from solvers.combinatorics import (
    is_shattered,
    littlestone_dimension,
    restrict,
    threshold_dimension,
    vc_dimension,
)
from solvers.vc1 import ROOT

SETTINGS = settings(max_examples=60, deadline=None)


@st.composite
def matrices(draw, max_rows=8, max_cols=6):
    k = draw(st.integers(1, max_rows))
    n = draw(st.integers(0, max_cols))
    bits = draw(st.lists(st.integers(0, 1), min_size=k * n, max_size=k * n))
    return np.array(bits, dtype=np.uint8).reshape(k, n)


@st.composite
def vc1_classes(draw, max_points=10, min_points=0):
    n = draw(st.integers(min_points, max_points))
    seed = draw(st.integers(0, 2**31 - 1))
    method = draw(st.sampled_from(["tree", "greedy"]))
    M = vc1.random_vc1_class(
        n, seed, method=method, proper_prob=draw(st.floats(0, 1)), chain_prob=draw(st.floats(0, 1))
    )
    f = draw(st.integers(0, M.shape[0] - 1))
    return M, f


def brute_leq(M):
    n = M.shape[1]
    return np.array(
        [[not np.any((M[:, x] == 1) & (M[:, y] == 0)) for y in range(n)] for x in range(n)], dtype=bool
    ).reshape(n, n)


# ----------------------------------------------------------------------- f-representation
@SETTINGS
@given(matrices(), st.data())
def test_f_representation_is_an_involution_and_maps_labels(M, data):
    f = data.draw(st.integers(0, M.shape[0] - 1))
    Mf = vc1.f_representation(M, f)
    assert not Mf[f].any()  # f_f is the all-zero concept (Observation 1)
    assert np.array_equal(vc1.from_f_representation(Mf, M[f]), M)
    if M.shape[1]:
        c = data.draw(st.integers(0, M.shape[0] - 1))
        cols = np.arange(M.shape[1])
        assert np.array_equal(vc1.f_represent_labels(M[f], cols, M[c]), Mf[c])


@settings(max_examples=40, deadline=None)
@given(matrices(max_rows=7, max_cols=5), st.data())
def test_lemma2_vc_and_littlestone_unchanged_for_any_f(M, data):
    f = np.array(data.draw(st.lists(st.integers(0, 1), min_size=M.shape[1], max_size=M.shape[1])), np.uint8)
    Mf = vc1.f_representation(M, f)
    assert vc_dimension(Mf) == vc_dimension(M)
    assert littlestone_dimension(Mf) == littlestone_dimension(M)


# ----------------------------------------------------------------------- partial order
@SETTINGS
@given(matrices())
def test_order_matrix_matches_definition_13(M):
    assert np.array_equal(vc1.order_matrix(M), brute_leq(M))


@SETTINGS
@given(matrices())
def test_partial_order_and_hasse_diagram(M):
    L = brute_leq(M)
    G = vc1.partial_order(M)
    assert set(G.nodes) == set(range(M.shape[1]))
    assert {(x, y) for x, y in G.edges} == {
        (x, y) for x in range(M.shape[1]) for y in range(M.shape[1]) if L[x, y] and not L[y, x]
    }
    assert nx.is_directed_acyclic_graph(G)
    H = vc1.hasse_diagram(M)
    assert set(H.edges) == set(nx.transitive_reduction(G).edges)


@SETTINGS
@given(matrices())
def test_shattered_pair_iff_vc_at_least_two(M):
    pair = vc1.shattered_pair(M)
    assert (pair is not None) == (vc_dimension(M) >= 2)
    if pair is not None:
        assert is_shattered(M, pair)


# ----------------------------------------------------------------------- Algorithm 1
@SETTINGS
@given(matrices(), st.data())
def test_make_tree_rejects_vc2_and_builds_a_checked_tree_otherwise(M, data):
    f = data.draw(st.integers(0, M.shape[0] - 1))
    if vc_dimension(M) >= 2:
        with pytest.raises(ValueError, match="VC dimension"):
            vc1.make_tree(M, f)
    else:
        T = vc1.make_tree(M, f)
        assert vc1.is_vc1_tree(M, T)


def test_make_tree_rejects_the_four_labellings_of_two_points():
    with pytest.raises(ValueError, match=r"columns 0 and 1 are shattered"):
        vc1.make_tree([[0, 0], [0, 1], [1, 0], [1, 1]])


@SETTINGS
@given(vc1_classes())
def test_root_paths_reproduce_the_f_representation_exactly(inst):
    M, f = inst
    T = vc1.make_tree(M, f)
    assert vc1.is_vc1_tree(M, T)
    A, cols = vc1.tree_class(M, T)
    rows = {tuple(r) for r in A}
    pos = {int(c): j for j, c in enumerate(cols)}
    from_tree = set()
    for x in T.graph["proper"]:
        r = np.zeros(len(cols), np.uint8)
        r[[pos[v] for v in vc1.root_path(T, x)]] = 1
        from_tree.add(tuple(r))
    assert rows == from_tree
    # every original concept is recovered on the original domain
    norm = T.graph["normalisation"]
    for c in range(M.shape[0]):
        assert np.array_equal(norm.expand(A[norm.row_map[c]]) ^ M[f], M[c])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 14), st.integers(0, 2**31 - 1), st.floats(0, 1), st.floats(0, 1))
def test_generator_round_trip(n, seed, pp, cp):
    M, (T0, P, f) = vc1.random_vc1_class(n, seed, proper_prob=pp, chain_prob=cp, return_tree=True)
    assert vc_dimension(M) <= 1
    T = vc1.make_tree(M, f)
    assert set(T.nodes) == set(T0.nodes)
    assert set(T.edges) == set(T0.edges)
    assert T.graph["proper"] == P == vc1.proper_nodes(M, T)
    assert all(T.out_degree(v) > 1 or v in P for v in T.nodes if v is not ROOT)


def test_generator_is_reproducible_and_not_only_maximum_classes():
    a = vc1.random_vc1_class(30, 7)
    assert np.array_equal(a, vc1.random_vc1_class(30, 7))
    assert not np.array_equal(a, vc1.random_vc1_class(30, 8))
    g = vc1.random_vc1_class(9, np.random.default_rng(3), method="greedy")
    assert np.array_equal(g, vc1.random_vc1_class(9, np.random.default_rng(3), method="greedy"))
    # a maximum VC-1 class over m points has m + 1 concepts; the generator makes smaller ones too
    sizes = []
    for s in range(20):
        M = vc1.random_vc1_class(12, s, proper_prob=0.2)
        T = vc1.make_tree(M, 0)
        sizes.append(M.shape[0] < len(T))
    assert any(sizes)


@SETTINGS
@given(vc1_classes())
def test_distance_is_definition_16(inst):
    M, f = inst
    T = vc1.make_tree(M, f)
    A, cols = vc1.tree_class(M, T)
    G = vc1.partial_order(A)  # on the normalised C_f: a strict partial order
    longest = {}
    for x in reversed(list(nx.topological_sort(G))):
        longest[x] = 1 + max((longest[y] for y in G.successors(x)), default=0)
    for j, c in enumerate(cols):
        assert vc1.distance(T, int(c)) == longest[j]
    assert vc1.distance(T, ROOT) == 0
    with pytest.raises(ValueError, match="x:"):
        vc1.distance(T, "nope")


@settings(max_examples=40, deadline=None)
@given(vc1_classes(max_points=9))
def test_lemma4_height_at_most_td_and_in_fact_equal(inst):
    M, f = inst
    T = vc1.make_tree(M, f)
    td = threshold_dimension(vc1.f_representation(M, f))
    assert T.graph["height"] == max(vc1.distance(T, v) for v in T.nodes)
    assert T.graph["height"] <= td  # Lemma 4
    assert T.graph["height"] == td  # conversely a chain of thresholds lies on one root path


@SETTINGS
@given(vc1_classes())
def test_lemma3_incomparable_points_are_never_both_one(inst):
    M, f = inst
    Mf = vc1.f_representation(M, f)
    L = vc1.order_matrix(Mf)
    incomparable = ~L & ~L.T
    both = Mf.T.astype(int) @ Mf.astype(int) > 0
    assert not (incomparable & both).any()


def test_complementary_points_of_c_are_merged_in_c_f():
    # x0 and x1 are complementary in C (Assumption 1 holds in C) but identical in C_f.
    M = np.array([[1, 0, 0], [0, 1, 0], [0, 1, 1]], np.uint8)
    T = vc1.make_tree(M, f=1)
    norm = T.graph["normalisation"]
    assert norm.representative[1] == 0 and 1 not in T
    assert vc1.is_vc1_tree(M, T)
    assert T.graph["height"] == threshold_dimension(vc1.f_representation(M, 1))


# ----------------------------------------------------------------------- catalogue
def test_catalogue_trees():
    n = 7
    cat = vc1.catalogue(n)
    M, f = cat["thresholds"]
    T = vc1.make_tree(M, f)
    assert T.graph["height"] == n and nx.is_arborescence(T)
    assert all(T.out_degree(v) <= 1 for v in T.nodes)  # a chain
    M, f = cat["point_functions"]
    T = vc1.make_tree(M, f)
    assert set(T.successors(ROOT)) == {0} and set(T.successors(0)) == set(range(1, n))
    M, f = cat["figure1"]
    T = vc1.make_tree(M, f)
    # Figure 1: x1..x7 are columns 0..6; layers {x1,x2,x3}, {x4,x5}, {x6,x7}
    assert set(T.edges) == {(ROOT, 0), (ROOT, 1), (ROOT, 2), (0, 3), (0, 4), (4, 5), (4, 6)}
    assert [sorted(v for v in T if v is not ROOT and vc1.distance(T, v) == d) for d in (1, 2, 3)] == [
        [0, 1, 2],
        [3, 4],
        [5, 6],
    ]
    assert vc1.root_path(T, 4) == [4, 0]  # h5 is the path x5 -> x1 -> ∅
    for name, (M, f) in cat.items():
        assert vc_dimension(M) == 1, name
        assert vc1.is_vc1_tree(M, vc1.make_tree(M, f))


def test_catalogue_against_concept_classes():
    concepts = pytest.importorskip("geoprivate.concepts")
    if not hasattr(concepts, "FiniteClass"):
        pytest.skip("geoprivate.concepts not there yet")
    # thresholds and point functions over 0..n-1 have the same dichotomies as our matrices
    from solvers.combinatorics import dichotomies

    n = 6
    for cls_name, ours in (("Thresholds", vc1.thresholds_class(n)), ("PointFunctions", vc1.point_functions_class(n))):
        cls = getattr(concepts, cls_name, None)
        if cls is None:
            continue
        try:
            fc = cls().restrict_to(np.arange(n))
        except TypeError:
            pytest.skip(f"{cls_name} constructor signature unknown")
        theirs = dichotomies(fc.matrix)
        # theirs may or may not contain the constant concepts; ours must contain theirs up to those
        assert {tuple(r) for r in theirs} - {tuple(r) for r in dichotomies(ours)} <= {(0,) * n, (1,) * n}


# ----------------------------------------------------------------------- Defs. 15, 17
@SETTINGS
@given(vc1_classes(min_points=1), st.data())
def test_deterministic_points_definition_15_and_lemma6(inst, data):
    M, f = inst
    Mf = vc1.f_representation(M, f)
    c = data.draw(st.integers(0, M.shape[0] - 1))
    cols = np.array(data.draw(st.lists(st.integers(0, M.shape[1] - 1), max_size=12)), dtype=np.intp)
    labels = Mf[c, cols]
    B = vc1.deterministic_points(Mf, cols, labels)
    vs = restrict(Mf, cols, labels)
    expected = [x for x in range(M.shape[1]) if all(Mf[h, x] == 1 for h in vs)]
    assert B.tolist() == expected
    assert set(B.tolist()) <= set(np.flatnonzero(Mf[c]).tolist())  # Lemma 6


def test_deterministic_points_rejects_non_realisable_samples():
    with pytest.raises(ValueError, match="not realisable"):
        vc1.deterministic_points(vc1.thresholds_class(3), [0, 0], [1, 0])


@SETTINGS
@given(vc1_classes())
def test_proper_nodes_definition_17(inst):
    M, f = inst
    T = vc1.make_tree(M, f)
    P = vc1.proper_nodes(M, T)
    A, cols = vc1.tree_class(M, T)
    rows = {frozenset(int(cols[j]) for j in np.flatnonzero(r)) for r in A}
    assert {x for x in T.nodes if frozenset(vc1.root_path(T, x)) in rows} == P
    assert ROOT in P
    assert all(x in P for x in T.nodes if T.out_degree(x) == 0)  # every leaf is proper


# ----------------------------------------------------------------------- Alg. 3, Defs. 18-19
@SETTINGS
@given(vc1_classes(), st.data())
def test_make_subtree_algorithm_3(inst, data):
    M, f = inst
    T = vc1.make_tree(M, f)
    P = T.graph["proper"]
    x_good = data.draw(st.sampled_from(sorted(T.nodes, key=lambda v: -1 if v is ROOT else v)))
    S = vc1.make_subtree(T, x_good, P)
    assert vc1.is_subtree_good(T, S, x_good, P)
    assert nx.is_arborescence(S)
    if x_good not in P:
        leaves = {v for v in S if S.out_degree(v) == 0}
        assert leaves == set(S.nodes) & P  # proper iff leaf


@SETTINGS
@given(vc1_classes(min_points=1), st.data())
def test_weights_and_values_definitions_18_19(inst, data):
    M, f = inst
    T = vc1.make_tree(M, f)
    cols = np.array(data.draw(st.lists(st.integers(0, M.shape[1] - 1), max_size=15)), dtype=np.intp)
    labels = np.array(data.draw(st.lists(st.integers(0, 1), min_size=cols.size, max_size=cols.size)), np.uint8)
    rep = T.graph["normalisation"].representative[cols]
    w = vc1.node_weights(T, cols, labels)

    def below_or_equal(a, x):  # a ⪯ x  <=>  x on the root path of a
        return x is ROOT or (a in T and x in vc1.root_path(T, a))

    for x in T.nodes:
        assert w[x] == sum(
            1 for r, y in zip(rep.tolist(), labels, strict=True) if y == 0 and r >= 0 and below_or_equal(r, x)
        )
    x_good = data.draw(st.sampled_from(sorted(T.nodes, key=lambda v: -1 if v is ROOT else v)))
    S = vc1.make_subtree(T, x_good, T.graph["proper"])
    v = vc1.node_values(S, cols, labels)
    for x in S.nodes:
        above = set() if x_good is ROOT else set(vc1.root_path(T, x_good))
        path = set(vc1.root_path(T, x)) - above
        assert v[x] == sum(1 for r, y in zip(rep.tolist(), labels, strict=True) if y == 0 and r in path)


# ----------------------------------------------------------------------- validation
def test_validation_messages():
    M = vc1.thresholds_class(3)
    with pytest.raises(ValueError, match="f: row index"):
        vc1.make_tree(M, 9)
    with pytest.raises(TypeError, match="f must be an integer"):
        vc1.make_tree(M, True)
    with pytest.raises(ValueError, match="M:"):
        vc1.make_tree([[0, 2]])
    with pytest.raises(ValueError, match="empty"):
        vc1.make_tree(np.zeros((0, 3)))
    T = vc1.make_tree(M, 3)
    with pytest.raises(ValueError, match="x_good"):
        vc1.make_subtree(T, 99, T.graph["proper"])
    with pytest.raises(ValueError, match="cols"):
        vc1.node_weights(T, [5], [0])
    with pytest.raises(ValueError, match="method"):
        vc1.random_vc1_class(3, 0, method="nope")
    with pytest.raises(ValueError, match="n_points"):
        vc1.random_vc1_tree(-1, 0)


def test_root_sentinel():
    import pickle

    assert pickle.loads(pickle.dumps(ROOT)) is ROOT
    assert repr(ROOT) == "ROOT" and str(ROOT) == "∅"
    assert ROOT != 0 and ROOT is vc1._Root()


@SETTINGS
@given(vc1_classes())
def test_deepest_node_of_a_root_path_is_its_lowest_point(inst):
    M, f = inst
    T = vc1.make_tree(M, f)
    for x in T.nodes:
        path = vc1.root_path(T, x)
        assert vc1.deepest_node(T, path[::-1]) == x if path else vc1.deepest_node(T, path) is ROOT


def test_vc1_claims_hold_on_small_instances():
    from geoprivate.claims import get_claim, run_claim

    for cid in ("vc1/lemma-2", "vc1/lemma-3", "vc1/lemma-4", "vc1/lemma-5", "vc1/lemma-6", "vc1/lemma-8"):
        rec = run_claim(get_claim(cid), seed=1, size="small")
        assert rec["status"] == "holds", rec


@SETTINGS
@given(vc1_classes())
def test_tree_layout_is_tidy(inst):
    from geoprivate.viz import tree_layout

    M, f = inst
    T = vc1.make_tree(M, f)
    pos = tree_layout(T)
    assert set(pos) == set(T.nodes)
    leaves = [v for v in T if T.out_degree(v) == 0]
    assert len({pos[v][0] for v in leaves}) == len(leaves)  # leaves never overlap
    for v in T:
        assert pos[v][1] == -vc1.distance(T, v)
        kids = list(T.successors(v))
        if kids:
            assert abs(pos[v][0] - sum(pos[k][0] for k in kids) / len(kids)) < 1e-9


def test_figure1_example_deterministic_sets_of_h7():
    # §1.3.2: with true concept h_7, deterministic sets can only be ∅, {x1}, {x1,x5}, {x1,x5,x7}
    H = vc1.figure1_class()
    allowed = {(), (0,), (0, 4), (0, 4, 6)}
    rng = np.random.default_rng(0)
    seen = set()
    for _ in range(300):
        cols = rng.integers(0, 7, int(rng.integers(0, 6)))
        B = tuple(vc1.deterministic_points(H, cols, H[6, cols]).tolist())
        assert B in allowed
        seen.add(B)
    assert seen == allowed


# ----------------------------------------------------------------------- one-pass version spaces
@SETTINGS
@given(st.integers(1, 12), st.integers(0, 2**31 - 1), st.integers(1, 5), st.floats(0, 0.4))
def test_version_space_lca_is_definition_15_in_one_pass(n, seed, t, noise):
    """Per part, version_space_lca is −1 iff no concept of C_f agrees (restrict is empty), else its
    root path is exactly the set of points deterministic by the part (Def. 15), on random VC-1
    classes with realisable and (label noise) non-realisable parts."""
    rng = np.random.default_rng(seed)
    M = vc1.random_vc1_class(n, rng, method="tree" if seed % 2 else "greedy")
    f = int(rng.integers(0, M.shape[0]))
    tree = vc1.make_tree(M, f)
    index = vc1.tree_index(tree)
    norm = tree.graph["normalisation"]
    Mf = vc1.f_representation(M, f)
    parts, cols, labels = [], [], []
    for i in range(t):
        k = int(rng.integers(0, 6))
        c = rng.integers(0, M.shape[1], k)
        y = Mf[int(rng.integers(0, M.shape[0])), c] ^ (rng.random(k) < noise).astype(np.uint8)
        parts += [i] * k
        cols.append(c)
        labels.append(y)
    cols, labels, parts = np.concatenate(cols), np.concatenate(labels), np.array(parts, dtype=np.intp)
    lca = vc1.version_space_lca(index, parts, norm.column_map[cols], labels, t)
    m = norm.columns.size
    for i in range(t):
        c, y = cols[parts == i], labels[parts == i]
        if restrict(Mf, c, y).size == 0:
            assert lca[i] == -1
            continue
        assert lca[i] >= 0
        det = {int(x) for x in vc1.deterministic_points(Mf, c, y) if int(x) in tree}
        path = set() if lca[i] == m else set(vc1.root_path(tree, int(norm.columns[lca[i]])))
        assert path == det


def test_tree_index_lca_matches_networkx():
    rng = np.random.default_rng(3)
    M = vc1.random_vc1_class(40, rng)
    tree = vc1.make_tree(M, 0)
    index = vc1.tree_index(tree)
    cols = tree.graph["normalisation"].columns
    m = cols.size
    name = {j: int(c) for j, c in enumerate(cols)} | {m: ROOT}
    u, v = rng.integers(0, m + 1, 200), rng.integers(0, m + 1, 200)
    got = index.lca(u, v)
    for a, b, g in zip(u, v, got, strict=True):
        assert name[int(g)] == nx.lowest_common_ancestor(tree, name[int(a)], name[int(b)])
