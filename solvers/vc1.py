"""Structure of concept classes of VC dimension 1: partial orders and trees.

Every class of VC dimension 1 hides a tree (Ben-David; [Yan25] §4): after the
f-representation by a concept f of the class (Def. 14), the domain is partially ordered
(Def. 13) and every concept is a path from a node up to the root (Lemma 5).  This module
computes that structure exactly, as :mod:`networkx` objects a researcher can draw and
query, and the combinatorial quantities the private learners of [Yan25] read off it
(deterministic points, proper nodes, sub-trees, weights and values).  No privacy here.

Conventions
-----------
* A concept class is a 0/1 matrix ``M`` of shape ``(n_concepts, n_points)``: row =
  concept, column = domain point, labels in {0, 1}.
* Order: ``x ⪯ y`` under a class iff every concept labelling ``x`` with 1 labels ``y``
  with 1 (Def. 13).  In the tree of :func:`make_tree` the root :data:`ROOT` (the paper's
  ∅) is the top: ``x ≺ ∅`` for every point, edges go parent → child, i.e. from the
  larger to the smaller point, and the 1-set of every concept of C_f is a root path
  ``{y : x ⪯ y}``.
* Assumptions 1–2 of §4 are a normalisation step (:func:`normalise`), applied by
  :func:`make_tree` to C_f: points no concept separates are merged into their smallest
  column index, points every concept labels alike are dropped (their label is a
  constant of the class), duplicate concepts are dropped.  The :class:`Normalisation`
  keeps the map back to the original domain.

References
----------
.. [vc1] C. Yan, *An Õptimal DP PAC Learner for Concept Classes with VC Dimension 1* [Yan25]: Assumptions 1–2, Defs. 13–19, Algorithms 1
   and 3, Lemmas 2–6, Figure 1.
.. [bd] S. Ben-David, *2 notes on classes with Vapnik–Chervonenkis dimension 1*,
   arXiv:1507.05307 (2015).
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import networkx as nx
import numpy as np

from solvers._checks import (
    as_array,
    as_binary_matrix,
    as_binary_vector,
    as_columns_and_labels,
    as_positions,
    as_rng,
    shown,
)
from solvers._domains import (
    BinaryMatrix,
    Check,
    Columns,
    Interval,
    Joint,
    Labels01,
    NonEmptyBinaryMatrix,
    NonNegInt,
    Rng,
    UnitInterval,
    checked,
)
from solvers.combinatorics import restrict
from solvers.generators import figure1_matrix, point_functions_matrix, thresholds_matrix

__all__ = [
    "ROOT",
    "Normalisation",
    "normalise",
    "f_representation",
    "from_f_representation",
    "f_represent_labels",
    "order_matrix",
    "shattered_pair",
    "partial_order",
    "hasse_diagram",
    "make_tree",
    "is_vc1_tree",
    "tree_class",
    "distance",
    "root_path",
    "deepest_node",
    "deterministic_points",
    "proper_nodes",
    "make_subtree",
    "is_subtree_good",
    "node_weights",
    "node_values",
    "TreeIndex",
    "tree_index",
    "version_space_lca",
    "random_vc1_tree",
    "class_from_tree",
    "tree_problem",
    "tree_from_parents",
    "tree_parents",
    "is_vc1_tree_form",
    "thresholds_tree",
    "random_vc1_class",
    "thresholds_class",
    "point_functions_class",
    "figure1_class",
    "FIGURE1_F",
    "catalogue",
]


class _Root:
    """The sentinel root ∅ of the trees of Algorithm 1 (a singleton)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ROOT"

    def __str__(self) -> str:
        return "∅"

    def __reduce__(self):
        return (_Root, ())


#: The root ∅ of every tree built by :func:`make_tree` (distance 0, above every point).
ROOT = _Root()


# --------------------------------------------------------------------------- f-representation
def _row_vector(M: np.ndarray, f, name: str = "f") -> np.ndarray:
    """``f`` as a 0/1 vector over the columns of ``M``: a row index of ``M`` or a vector."""
    if isinstance(f, numbers.Integral) and not isinstance(f, bool):
        if not 0 <= int(f) < M.shape[0]:
            raise ValueError(f"{name}: row index must lie in [0, {M.shape[0]}), got {f}")
        return M[int(f)].copy()
    vec = as_binary_matrix(np.asarray(f)[None, :] if np.ndim(f) == 1 else f, name=name)
    if vec.shape != (1, M.shape[1]):
        raise ValueError(
            f"{name}: expected a row index or a 0/1 vector of length {M.shape[1]}, got shape {np.shape(f)}"
        )
    return vec[0]


def _node(value, name: str):
    """A tree node: :data:`ROOT` or an integer column (bools and 2.7 refused); membership is the caller's."""
    if isinstance(value, (bool, np.bool_)) or (
        isinstance(value, numbers.Number) and not isinstance(value, numbers.Integral)
    ):
        raise TypeError(f"{name} must be a node (an integer column or ROOT), got {type(value).__name__} {shown(value)}")
    return int(value) if isinstance(value, numbers.Integral) else value


def _node_list(value, name: str) -> list:
    """A collection of tree nodes (integer point columns or :data:`ROOT`) as a list, in its order."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (set, frozenset, list, tuple, np.ndarray, dict)):
        raise TypeError(f"{name} must be a collection of nodes (a set, list or array), got {type(value).__name__}")
    return [_node(x, name) for x in (value.tolist() if isinstance(value, np.ndarray) else value)]


def _node_set(value, name: str) -> frozenset:
    """A collection of tree nodes (integer point columns or :data:`ROOT`) as a frozenset."""
    try:
        return frozenset(_node_list(value, name))
    except TypeError as exc:  # unhashable entries
        raise TypeError(f"{name}: nodes must be hashable ({exc})") from None


#: a node of a tree of :func:`make_tree`: a normalised point column or :data:`ROOT` (checked against the tree)
_Node = Annotated[Any, Check(_node, kind="index")]
#: a collection of nodes, passed on as a frozenset
_Nodes = Annotated[Any, Check(_node_set, kind="object")]
_Row = Annotated[Any, Check(as_binary_vector, kind="labels")]
#: integer node indices of a :class:`TreeIndex` (a 1-D int array; the range is checked against the tree)
_TreeNodes = Annotated[Any, Check(as_positions, kind="indices")]
#: a tree (or a class) of at most this many points: networkx holds ~1 kB per node
MAX_TREE_POINTS = 10**6


@checked
def f_representation(
    M: BinaryMatrix, f: Annotated[Any, Joint("a row index of M or a 0/1 vector over its columns", kind="object")]
) -> np.ndarray:
    """The f-representation C_f of the class ``M`` ([Yan25] Def. 14).

    ``c_f(x) = 1`` iff ``f(x) != c(x)``, i.e. ``C_f = M XOR f`` row by row.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
    f : int or array_like of 0/1
        A row index of ``M`` (the paper's choice ``f ∈ C``, used from Lemma 3 on) or any
        0/1 function on the columns (Lemma 2 holds for every f).

    Returns
    -------
    numpy.ndarray of uint8, same shape as ``M``.

    Examples
    --------
    >>> f_representation([[0, 1], [1, 1]], 1).tolist()
    [[1, 0], [0, 0]]
    """
    return M ^ _row_vector(M, f)[None, :]


@checked
def from_f_representation(Mf: BinaryMatrix, f_row: _Row) -> np.ndarray:
    """Back from C_f to C ([Yan25], after Def. 14): ``c(x) = 1`` iff ``f(x) != c_f(x)``.

    ``f_row`` is the 0/1 vector of f (not a row index: f's row in ``Mf`` is all zeros).

    Parameters
    ----------
    Mf : array_like of 0/1, shape (n_concepts, n_points)
        The f-represented class C_f.
    f_row : array_like of 0/1, shape (n_points,)
        The 0/1 vector of f.

    Returns
    -------
    numpy.ndarray of uint8, shape (n_concepts, n_points)
        The class C.
    """
    return Mf ^ _row_vector(Mf, f_row, name="f_row")[None, :]


@checked
def f_represent_labels(
    f_row: Annotated[Any, Check(as_binary_vector), Joint("one entry per column cols indexes", kind="labels")],
    cols: Columns,
    labels: Labels01,
) -> np.ndarray:
    """Labels of a sample under the f-representation: ``1`` iff ``label != f(x)``.

    The map is an involution, so it also converts f-represented labels back.

    Parameters
    ----------
    f_row : array_like of 0/1, shape (n_points,)
        The 0/1 vector of f.
    cols : array_like of int
        Column indices of the sample points.
    labels : array_like of 0/1
        Their labels (or f-represented labels, to convert back).

    Returns
    -------
    numpy.ndarray of uint8
        ``labels[i] != f(cols[i])`` for each sample point.
    """
    c, y = as_columns_and_labels(f_row[None, :], cols, labels)
    return y ^ f_row[c]


# --------------------------------------------------------------------------- Assumptions 1-2
@checked
@dataclass(frozen=True)
class Normalisation:
    """Assumptions 1–2 of [Yan25] §4 applied to a class, with the map back.

    Attributes
    ----------
    matrix : numpy.ndarray of uint8, shape (k, m), or None
        Distinct concepts over distinct, non-constant points (``None`` for a class given by its
        tree, :func:`tree_from_parents`: its concepts are the root paths of the proper nodes).
    columns : numpy.ndarray of int
        ``columns[j]``: the original column of normalised column ``j`` (the smallest
        index of its group of identical columns).
    column_map : numpy.ndarray of int, length n_points
        Normalised column of every original column, ``-1`` for a dropped constant column.
    constant : numpy.ndarray of int8, length n_points
        The label every concept gives a dropped column, ``-1`` for kept columns.
    rows : numpy.ndarray of int
        ``rows[i]``: the first original row equal to normalised row ``i``.
    row_map : numpy.ndarray of int, length n_concepts
        Normalised row of every original row.
    """

    matrix: np.ndarray | None
    columns: np.ndarray
    column_map: np.ndarray
    constant: np.ndarray
    rows: np.ndarray
    row_map: np.ndarray

    @property
    def representative(self) -> np.ndarray:
        """Original representative column of every original column (``-1`` if dropped)."""
        out = np.full(self.column_map.shape, -1, dtype=np.intp)
        kept = self.column_map >= 0
        out[kept] = self.columns[self.column_map[kept]]
        return out

    def expand(self, row: _Row) -> np.ndarray:
        """A 0/1 vector over the normalised columns → over the original domain."""
        if row.shape != (self.columns.size,):
            raise ValueError(f"row: expected length {self.columns.size}, got shape {row.shape}")
        out = self.constant.astype(np.uint8).copy()
        kept = self.column_map >= 0
        out[kept] = row[self.column_map[kept]]
        return out


def _first_index_groups(A: np.ndarray):
    """For the rows of ``A``: (first index of each distinct row, map row -> group), groups
    numbered in order of first occurrence.  Rows are hashed by their bytes: O(size of A)."""
    A = np.ascontiguousarray(A)
    seen: dict = {}
    groups = np.empty(A.shape[0], np.intp)
    first: list[int] = []
    for i in range(A.shape[0]):
        key = A[i].tobytes()
        g = seen.get(key)
        if g is None:
            g = seen[key] = len(first)
            first.append(i)
        groups[i] = g
    return np.array(first, dtype=np.intp), groups


@checked
def normalise(M: NonEmptyBinaryMatrix) -> Normalisation:
    """Apply Assumptions 1–2 of [Yan25] §4 to the class ``M``.

    Assumption 2: a point every concept labels alike carries no information and is
    dropped (its label is recorded in :attr:`Normalisation.constant`).  Assumption 1: of
    points no concept separates (identical columns) only the smallest index is kept.
    Duplicate concepts are dropped ("every concept in C is different").

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class C.

    Returns
    -------
    Normalisation
        The normalised matrix, the maps between its columns and rows and the original ones,
        and the label of every dropped constant column.

    Raises
    ------
    ValueError
        If ``M`` has no rows.
    """
    n = M.shape[1]
    nonconst = np.flatnonzero(M.min(axis=0) != M.max(axis=0)) if n else np.zeros(0, np.intp)
    constant = np.full(n, -1, dtype=np.int8)
    const_cols = np.setdiff1d(np.arange(n), nonconst)
    constant[const_cols] = M[0, const_cols]
    first, groups = _first_index_groups(M[:, nonconst].T)
    columns = nonconst[first]
    column_map = np.full(n, -1, dtype=np.intp)
    column_map[nonconst] = groups
    sub = M[:, columns]
    rows, row_map = _first_index_groups(sub)
    return Normalisation(np.ascontiguousarray(sub[rows]), columns, column_map, constant, rows, row_map)


# --------------------------------------------------------------------------- partial order
def _pair_counts(M: np.ndarray):
    """``n11[x, y]`` = #concepts with c(x)=c(y)=1 (one matrix product) and column sums."""
    dtype = np.float32 if M.shape[0] < (1 << 24) else np.float64
    A: np.ndarray = M.astype(dtype)
    n11 = A.T @ A
    ones = A.sum(axis=0)
    return n11, ones


@checked
def order_matrix(M: BinaryMatrix) -> np.ndarray:
    """The relation ⪯ of [Yan25] Def. 13 as a boolean matrix: ``L[x, y]`` iff x ⪯ y.

    ``x ⪯ y`` iff no concept has ``c(x) = 1, c(y) = 0``.  The number of such concepts is
    ``ones[x] - (Mᵀ M)[x, y]``: one boolean matrix product, no pairwise loop.  (Exact:
    the product is a sum of 0/1 terms, exact in float32 below 2²⁴ concepts.)

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class C.

    Returns
    -------
    numpy.ndarray of bool, shape (n_points, n_points)
        Reflexive and transitive; antisymmetric once identical columns are merged.
    """
    n11, ones = _pair_counts(M)
    return (ones[:, None] - n11) == 0


@checked
def shattered_pair(M: BinaryMatrix):
    """Two columns shattered by ``M`` (a witness of VC(M) ≥ 2), or ``None`` if VC(M) ≤ 1.

    The four pattern counts of every pair of columns come from the single product
    ``Mᵀ M`` (n11, then n10 = ones_x − n11, n01 = ones_y − n11, n00 = k − the rest), so
    the test is exact and costs one matrix product.  Check a returned pair with
    :func:`solvers.combinatorics.is_shattered`.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class C.

    Returns
    -------
    tuple of (int, int) or None
        Two column indices shattered by ``M``, or None if VC(M) <= 1.
    """
    if M.shape[1] < 2 or M.shape[0] < 4:
        return None
    n11, ones = _pair_counts(M)
    n10 = ones[:, None] - n11
    n01 = ones[None, :] - n11
    n00 = M.shape[0] - n11 - n10 - n01
    hit = (n11 > 0) & (n10 > 0) & (n01 > 0) & (n00 > 0)
    np.fill_diagonal(hit, False)
    idx = np.argwhere(hit)
    if idx.size == 0:
        return None
    return int(idx[0, 0]), int(idx[0, 1])


@checked
def partial_order(M: BinaryMatrix) -> nx.DiGraph:
    """The strict partial order ≺ of [Yan25] Def. 13 on the columns of ``M``.

    Nodes are the column indices; there is an edge ``x → y`` iff ``x ≺ y`` (``x ⪯ y`` and
    not ``y ⪯ x``).  Computed with :func:`order_matrix` (one matrix product).  For the
    order under C_f pass ``f_representation(M, f)``.  The graph is transitively closed and
    can have Θ(n²) edges; use :func:`hasse_diagram` to draw it.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class C.

    Returns
    -------
    networkx.DiGraph
        The column indices, with an edge x → y iff x ≺ y (transitively closed).
    """
    L = order_matrix(M)
    strict = L & ~L.T
    G: nx.DiGraph[int] = nx.DiGraph()
    G.add_nodes_from(range(L.shape[0]))
    G.add_edges_from((x, y) for x, y in np.argwhere(strict).tolist())
    return G


@checked
def hasse_diagram(M: BinaryMatrix) -> nx.DiGraph:
    """The transitive reduction of :func:`partial_order`: edge ``x → y`` iff y covers x.

    ``y`` covers ``x`` iff ``x ≺ y`` and no ``z`` has ``x ≺ z ≺ y``; the second condition is
    ``(S @ S)[x, y] == 0`` for the strict-order matrix ``S`` — a second boolean product
    (equal to :func:`networkx.transitive_reduction` of the partial order, which the
    tests check).

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class C.

    Returns
    -------
    networkx.DiGraph
        The column indices, with an edge x → y iff y covers x.
    """
    L = order_matrix(M)
    strict = L & ~L.T
    S = strict.astype(np.float32 if strict.shape[0] < (1 << 24) else np.float64)
    cover = strict & ((S @ S) == 0)
    G: nx.DiGraph[int] = nx.DiGraph()
    G.add_nodes_from(range(L.shape[0]))
    G.add_edges_from((x, y) for x, y in np.argwhere(cover).tolist())
    return G


# --------------------------------------------------------------------------- Algorithm 1
@checked
def make_tree(M: NonEmptyBinaryMatrix, f: NonNegInt = 0) -> nx.DiGraph:
    """MakeTree ([Yan25] Algorithm 1): the tree of a class of VC dimension ≤ 1.

    Step 1 f-represents the class by its row ``f`` (Def. 14); all orders are then under
    C_f.  After Assumptions 1–2 (:func:`normalise`) the up-set ``{y : x ⪯ y}`` of every
    point is a chain (Lemma 3: some concept contains x, and every two points it contains
    are comparable), so the points covered by a node ℓ — the children Algorithm 1 gives
    the leaf ℓ in step 3(a)i — are exactly the points whose highest strict upper bound
    is ℓ, and the nodes of layer k are the points of distance k (Def. 16).  The tree is
    built layer by layer in that order.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class C (labels {0, 1}).
    f : int
        Index of the row of ``M`` used for the f-representation (``f ∈ C``).

    Returns
    -------
    networkx.DiGraph
        Nodes: :data:`ROOT` and the representative column indices of ``M`` (constant
        columns are dropped, identical columns merged into the smallest index — see
        ``G.graph["normalisation"]``).  Edges parent → child.  Node attribute
        ``"distance"`` = d_{C_f}(x) (Def. 16; 0 at the root).  Graph attributes: ``"f"``
        (the row index), ``"f_row"`` (f over the original domain), ``"normalisation"``
        (:class:`Normalisation` of C_f), ``"n_points"``, ``"height"`` (the largest
        distance; equals TD(C_f), see Lemma 4), ``"proper"`` (frozenset of proper nodes,
        Def. 17).

    Raises
    ------
    ValueError
        If ``M`` has no rows, ``f`` is not a row index, or VC(M) > 1 (the message names
        a shattered pair of columns).

    Notes
    -----
    Assumptions 1–2 are applied to C_f, not to C.  They are not invariant under the
    f-representation: two points with ``c(x) = 1 − c(x')`` for every c (separated by
    every concept of C, so Assumption 1 holds in C) become identical in C_f when
    ``f(x) != f(x')``.  The proof of Lemma 4 uses Assumption 1 in C_f, and without the
    merge the layers of Algorithm 1 would count such a pair twice.

    Examples
    --------
    >>> T = make_tree(figure1_class(), f=FIGURE1_F)
    >>> sorted(T.successors(ROOT)), sorted(T.successors(0)), sorted(T.successors(4))
    ([0, 1, 2], [3, 4], [5, 6])
    """
    f_row = _row_vector(M, f)
    norm = normalise(M ^ f_row[None, :])  # Assumptions 1-2 for C_f (see Notes)
    A = norm.matrix  # C_f on the normalised domain
    assert A is not None  # normalise() of a matrix keeps the matrix (only tree_from_parents has none)
    n11, ones = _pair_counts(A)
    n10 = ones[:, None] - n11  # concepts with c(x)=1, c(y)=0
    n01 = n10.T
    n00 = A.shape[0] - n11 - n10 - n01
    hit = (n11 > 0) & (n10 > 0) & (n01 > 0) & (n00 > 0)
    if hit.any():
        x, y = np.argwhere(hit)[0]
        raise ValueError(
            f"M: VC dimension is at least 2 (columns {norm.columns[x]} and {norm.columns[y]} "
            "are shattered); make_tree needs a class of VC dimension <= 1"
        )
    leq = n10 == 0  # x ⪯ y
    strict = leq & ~leq.T
    dist = leq.sum(axis=1)  # |{y : x ⪯ y}| = d(x): the up-set is a chain ending below ∅
    m = A.shape[1]
    masked = np.where(strict, dist[None, :], -1)
    parent = masked.argmax(axis=1) if m else np.zeros(0, np.intp)
    has_parent = masked.max(axis=1) > 0 if m else np.zeros(0, bool)

    T = nx.DiGraph()
    T.add_node(ROOT, distance=0)
    for layer in range(1, int(dist.max(initial=0)) + 1):  # Algorithm 1, step 3: one layer per pass
        for j in np.flatnonzero(dist == layer):
            node = int(norm.columns[j])
            T.add_node(node, distance=layer)
            T.add_edge(int(norm.columns[parent[j]]) if has_parent[j] else ROOT, node)
    T.graph.update(
        f=int(f),
        f_row=f_row,
        normalisation=norm,
        n_points=M.shape[1],
        height=int(dist.max(initial=0)),
    )
    T.graph["proper"] = frozenset(_proper_from_fmatrix(A, norm.columns, T))
    return T


@checked
def tree_class(M: NonEmptyBinaryMatrix, tree: nx.DiGraph) -> tuple[np.ndarray, np.ndarray]:
    """C_f restricted to the tree's point nodes: ``(A, nodes)`` with ``A[:, j]`` the column of ``nodes[j]``.

    ``M`` is the class the tree was built from (the original C); rows are its distinct
    concepts (normalised order), f-represented by the tree's ``f``.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class C.
    tree : networkx.DiGraph
        A tree from :func:`make_tree` (edges parent → child, node attribute ``"distance"``).

    Returns
    -------
    A : numpy.ndarray of uint8, shape (n_concepts, n_nodes)
        The f-represented concepts on the tree's point nodes.
    nodes : numpy.ndarray of int
        The column index of each node.
    """
    if M.shape[1] != tree.graph["n_points"]:
        raise ValueError(f"M: the tree was built over {tree.graph['n_points']} points, M has {M.shape[1]}")
    norm = normalise(M ^ tree.graph["f_row"][None, :])
    assert norm.matrix is not None  # normalise always keeps the matrix
    return norm.matrix, norm.columns.copy()


def _proper_from_fmatrix(A: np.ndarray, columns: np.ndarray, tree: nx.DiGraph) -> set:
    """Lowest node of every concept's 1-set (Def. 17); ROOT if a concept is all zeros."""
    dist = np.array([tree.nodes[int(c)]["distance"] for c in columns], dtype=np.int64)
    if A.shape[1] == 0:
        return {ROOT}
    lowest = np.where(A.astype(bool), dist[None, :], -1).argmax(axis=1)
    empty = ~A.any(axis=1)
    out: set = {int(c) for c in columns[np.unique(lowest[~empty])]}
    if empty.any():
        out.add(ROOT)
    return out


@checked
def is_vc1_tree(M: NonEmptyBinaryMatrix, tree: nx.DiGraph) -> bool:
    """Checker for :func:`make_tree`: the tree's root paths reproduce C_f exactly.

    True iff the tree is an arborescence rooted at :data:`ROOT` whose nodes are the
    representative columns, every node's ``distance`` is its depth, the 1-set of every
    concept of C_f is the root path of some node (Lemma 5), and every node in
    ``tree.graph["proper"]`` is the lowest node of some concept (Def. 17).

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class C.
    tree : networkx.DiGraph
        A tree from :func:`make_tree` (edges parent → child, node attribute ``"distance"``).

    Returns
    -------
    bool
        Whether the tree's root paths are exactly the 1-sets of C_f (and its node attributes are right).
    """
    A, columns = tree_class(M, tree)
    if not nx.is_arborescence(tree) or ROOT not in tree or tree.in_degree(ROOT) != 0:
        return False
    if set(tree.nodes) != {ROOT, *map(int, columns)}:
        return False
    depth = nx.single_source_shortest_path_length(tree, ROOT)
    if any(tree.nodes[v]["distance"] != depth[v] for v in tree.nodes):
        return False
    lowest: set = set()
    for row in A:
        ones = {int(columns[j]) for j in np.flatnonzero(row)}
        if not ones:
            lowest.add(ROOT)
            continue
        low = max(ones, key=lambda v: depth[v])
        if set(root_path(tree, low)) != ones:
            return False
        lowest.add(low)
    return set(tree.graph.get("proper", lowest)) == lowest


@checked
def distance(tree: nx.DiGraph, x: _Node) -> int:
    """d_{C_f}(x) of [Yan25] Def. 16: the length of the longest chain x ≺ x₁ ≺ … ≺ ∅.

    In the tree of :func:`make_tree` it is the depth of ``x`` (``distance(tree, ROOT) == 0``).

    Parameters
    ----------
    tree : networkx.DiGraph
        A tree from :func:`make_tree` (edges parent → child, node attribute ``"distance"``).
    x : int or ROOT
        A node of ``tree``.

    Returns
    -------
    int
        The depth of ``x`` (0 for :data:`ROOT`).
    """
    if x not in tree:
        raise ValueError(f"x: {x!r} is not a node of the tree (merged or constant columns are not nodes)")
    return int(tree.nodes[x]["distance"])


@checked
def root_path(tree: nx.DiGraph, x: _Node) -> list:
    """The nodes ``{y : x ⪯ y}`` from ``x`` up to (excluding) :data:`ROOT`: the 1-set of
    the concept of C_f whose lowest point is ``x`` (empty for ``x = ROOT``).

    Parameters
    ----------
    tree : networkx.DiGraph
        A tree from :func:`make_tree` (edges parent → child, node attribute ``"distance"``).
    x : int or ROOT
        A node of ``tree``.

    Returns
    -------
    list of int
        ``x`` and its ancestors, excluding :data:`ROOT`.
    """
    if x not in tree:
        raise ValueError(f"x: {x!r} is not a node of the tree")
    path = []
    while x is not ROOT:
        path.append(x)
        (x,) = tree.predecessors(x)
    return path


@checked
def deepest_node(tree: nx.DiGraph, nodes: Annotated[Any, Check(_node_list, kind="object")]):
    """The node of largest distance among ``nodes`` (:data:`ROOT` if there are none).

    Algorithm 2 step 3(a): ``y_i`` is the deepest deterministic point of B_i.  B_i is a
    chain (Lemmas 5, 6), so the deepest node is unique; ties (impossible on a chain) go to
    the first one given.

    Parameters
    ----------
    tree : networkx.DiGraph
        A tree from :func:`make_tree` (edges parent → child, node attribute ``"distance"``).
    nodes : iterable of int or ROOT
        Candidate nodes.

    Returns
    -------
    int or ROOT
        The candidate of largest distance, or :data:`ROOT` if there is none.
    """
    best: _Root | int = ROOT
    best_d = 0
    for x in nodes:
        d = distance(tree, x)
        if d > best_d:
            best, best_d = (x if x is ROOT else int(x)), d
    return best


# --------------------------------------------------------------------------- Defs. 15, 17
@checked
def deterministic_points(M: NonEmptyBinaryMatrix, cols: Columns, labels: Labels01) -> np.ndarray:
    """Points deterministic by the sample in the class ``M`` ([Yan25] Def. 15).

    ``x`` is deterministic iff every concept of ``M`` consistent with the sample labels
    ``x`` with 1.  Pass C_f and f-represented labels for the paper's use in Algorithm 2.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
    cols, labels : array_like
        The sample: column indices (repeats allowed) and labels in {0, 1}.

    Returns
    -------
    numpy.ndarray of int
        Sorted column indices.

    Raises
    ------
    ValueError
        If no concept of ``M`` is consistent with the sample (the definition would make
        every point deterministic vacuously; a non-realisable sample is an error).
    """
    version_space = restrict(M, cols, labels)
    if version_space.size == 0:
        raise ValueError("labels: the sample is not realisable by the class (no consistent concept)")
    return np.flatnonzero(M[version_space].min(axis=0) == 1)


@checked
def proper_nodes(M: NonEmptyBinaryMatrix, tree: nx.DiGraph) -> frozenset:
    """The proper nodes of [Yan25] Def. 17.

    The paper writes ``I(c_f) = {y | y ⪯ x}``; with its own orientation (concepts are
    up-sets, Lemma 5, and Algorithm 4 step 9 uses ``{x | ℓ ⪯ x}``) the intended set is the
    root path ``{y : x ⪯ y}``.  We implement that reading: x is proper iff some concept
    of C_f has exactly the root path of x as its 1-set, i.e. x is the lowest point of
    some concept.  :data:`ROOT` is proper iff C_f has the all-zero concept (always, as
    f ∈ C).  Every leaf of the tree is proper.

    Parameters
    ----------
    M : array_like of 0/1
        The class the tree was built from (the original C).
    tree : networkx.DiGraph
        From :func:`make_tree`.

    Returns
    -------
    frozenset
        The proper point nodes, and :data:`ROOT`.
    """
    A, columns = tree_class(M, tree)
    return frozenset(_proper_from_fmatrix(A, columns, tree))


@checked
def make_subtree(tree: nx.DiGraph, x_good: _Node, proper: _Nodes) -> nx.DiGraph:
    """MakeSubTree ([Yan25] Algorithm 3): the sub-tree T_good rooted at ``x_good``.

    1. If ``x_good`` is proper, the output is the single node ``x_good``.
    2. Keep only the nodes ``x ⪯ x_good`` (``x_good`` and its descendants).
    3. Remove every node ``x`` with a proper ``x'`` such that ``x ≺ x' ≺ x_good``.

    So the proper nodes of T_good are exactly its leaves.

    Parameters
    ----------
    tree : networkx.DiGraph
        From :func:`make_tree`.
    x_good : node
        A node of ``tree`` (a column index or :data:`ROOT`).
    proper : collection of nodes
        The proper nodes (:func:`proper_nodes`).

    Returns
    -------
    networkx.DiGraph
        Induced sub-graph (a copy, with node attributes); ``G.graph["root"] = x_good``.
    """
    if x_good not in tree:
        raise ValueError(f"x_good: {x_good!r} is not a node of the tree")
    keep = [x_good]
    if x_good not in proper:
        stack = list(tree.successors(x_good))
        while stack:
            x = stack.pop()
            keep.append(x)
            if x not in proper:  # below a proper x' ≺ x_good everything is removed (step 3)
                stack.extend(tree.successors(x))
    sub = tree.subgraph(keep).copy()
    sub.graph = dict(tree.graph.items())
    sub.graph["root"] = x_good
    return sub


@checked
def is_subtree_good(tree: nx.DiGraph, sub: nx.DiGraph, x_good: _Node, proper: _Nodes) -> bool:
    """Checker for :func:`make_subtree`, straight from the three steps of Algorithm 3
    written with the order (ancestor sets) instead of a traversal.

    Parameters
    ----------
    tree : networkx.DiGraph
        A tree from :func:`make_tree` (edges parent → child, node attribute ``"distance"``).
    sub : networkx.DiGraph
        The sub-tree to check (from :func:`make_subtree`).
    x_good : int or ROOT
        The sub-tree's root.
    proper : collection
        The proper nodes of ``tree``.

    Returns
    -------
    bool
        Whether ``sub`` is the sub-tree Algorithm 3 builds from these arguments.
    """
    if x_good not in tree:
        raise ValueError(f"x_good: {x_good!r} is not a node of the tree")
    if x_good in proper:
        expected = {x_good}
    else:
        below = nx.descendants(tree, x_good)
        expected = {x_good}
        for x in below:
            between = set(nx.shortest_path(tree, x_good, x)[1:-1])  # x ≺ x' ≺ x_good
            if not (between & proper):
                expected.add(x)
    if set(sub.nodes) != expected or sub.graph.get("root") != x_good:
        return False
    leaves = {v for v in sub.nodes if sub.out_degree(v) == 0}
    return leaves == (set(sub.nodes) & proper) or x_good in proper


# --------------------------------------------------------------------------- Defs. 18, 19
def _node_of_columns(tree: nx.DiGraph, cols) -> np.ndarray:
    """Representative column of each sample column (``-1`` if the column was dropped)."""
    n = tree.graph["n_points"]
    c = as_positions(cols, "cols")
    if c.size and (c.min() < 0 or c.max() >= n):
        raise ValueError(f"cols: column indices must lie in [0, {n}), got {c.min()}..{c.max()}")
    return tree.graph["normalisation"].representative[c.astype(np.intp)]


def _zero_counts(tree: nx.DiGraph, cols, labels) -> dict:
    nodes = _node_of_columns(tree, cols)
    y = as_array(labels, "labels")
    if y.shape != nodes.shape:
        raise ValueError(f"labels: expected shape {nodes.shape}, got {y.shape}")
    if y.size and ((y != 0) & (y != 1)).any():
        raise ValueError("labels: expected 0/1 labels (f-represented)")
    sel = nodes[(y == 0) & (nodes >= 0)]
    vals, counts = np.unique(sel, return_counts=True)
    return dict(zip(vals.tolist(), counts.tolist(), strict=True))


@checked
def node_weights(tree: nx.DiGraph, cols: Columns, labels: Labels01) -> dict:
    """Weights of [Yan25] Def. 18: ``w(x) = |{(x', 0) ∈ S : x' ⪯ x}|``.

    The number of sample points with (f-represented) label 0 at ``x`` or below it,
    counted with multiplicity; ``cols`` are original column indices (mapped to their
    representative node; dropped constant columns count nowhere).  ``w(ROOT)`` counts
    every label-0 point on a node.

    Parameters
    ----------
    tree : networkx.DiGraph
        A tree from :func:`make_tree` (edges parent → child, node attribute ``"distance"``).
    cols : array_like of int
        Original column indices of the sample points (repeats allowed).
    labels : array_like of 0/1
        Their f-represented labels.

    Returns
    -------
    dict
        node → int, for every node of ``tree`` (a tree or a sub-tree).
    """
    zero = _zero_counts(tree, cols, labels)
    w: dict = {}
    root = tree.graph.get("root", ROOT)
    order = list(nx.dfs_postorder_nodes(tree, root))
    for x in order:
        w[x] = zero.get(x, 0) + sum(w[c] for c in tree.successors(x))
    return w


@checked
def node_values(subtree: nx.DiGraph, cols: Columns, labels: Labels01) -> dict:
    """Values of [Yan25] Def. 19: ``v(x) = |{(x', 0) ∈ S : x ⪯ x' ≺ x_good}|``.

    The number of label-0 sample points on the path from ``x`` up to, but excluding,
    the root ``x_good`` of the sub-tree (from :func:`make_subtree`); ``v(x_good) = 0``.

    Parameters
    ----------
    subtree : networkx.DiGraph
        A sub-tree from :func:`make_subtree` (its root is ``x_good``).
    cols : array_like of int
        Original column indices of the sample points (repeats allowed).
    labels : array_like of 0/1
        Their f-represented labels.

    Returns
    -------
    dict
        node → int, for every node of ``subtree``.
    """
    zero = _zero_counts(subtree, cols, labels)
    root = subtree.graph.get("root", ROOT)
    v = {root: 0}
    for parent, child in nx.bfs_edges(subtree, root):
        v[child] = v[parent] + zero.get(child, 0)
    return v


# --------------------------------------------------------------------------- generators
@checked
def random_vc1_tree(
    n_points: Annotated[int, Interval(ge=0, le=MAX_TREE_POINTS)],
    rng: Rng = None,
    *,
    proper_prob: UnitInterval = 0.5,
    chain_prob: UnitInterval = 0.3,
):
    """A random rooted tree on the points 0..n_points-1 with a random set of proper nodes.

    Node ``i`` (in a random relabelling) attaches to the previous node with probability
    ``chain_prob`` (deep trees) and otherwise to a uniform earlier node or :data:`ROOT`
    (bushy trees).  Each point is proper with probability ``proper_prob``; leaves and
    points with exactly one child are forced proper (otherwise the class would violate
    Assumption 2, resp. Assumption 1), and :data:`ROOT` is proper.  So the class of
    :func:`class_from_tree` is in general *not* a maximum class.

    Parameters
    ----------
    n_points : int >= 0
        Number of point nodes.
    rng : numpy.random.Generator, int or None
        Source of randomness (SPEC 7).
    proper_prob : float in [0, 1], default 0.5
        Probability that a node without a forcing reason is proper.
    chain_prob : float in [0, 1], default 0.3
        Probability that a node attaches to the previous one.

    Returns
    -------
    (networkx.DiGraph, frozenset)
        The tree (edges parent → child, node attribute ``"distance"``) and its proper nodes.
    """
    rng = as_rng(rng)
    label = rng.permutation(n_points)
    T = nx.DiGraph()
    T.add_node(ROOT, distance=0)
    parent: _Root | int
    for i in range(n_points):
        if i > 0 and rng.random() < chain_prob:
            parent = int(label[i - 1])
        else:
            k = int(rng.integers(0, i + 1))
            parent = ROOT if k == i else int(label[k])
        node = int(label[i])
        T.add_node(node, distance=T.nodes[parent]["distance"] + 1)
        T.add_edge(parent, node)
    draws = rng.random(n_points)
    proper: set = {ROOT}
    for i in range(n_points):
        node = int(label[i])
        if draws[i] < proper_prob or T.out_degree(node) <= 1:
            proper.add(node)
    return T, frozenset(proper)


@checked
def class_from_tree(
    tree: nx.DiGraph, proper: _Nodes, n_points: Annotated[int, Interval(ge=0, le=MAX_TREE_POINTS)] | None = None
) -> np.ndarray:
    """The class C_f whose concepts are the root paths of the proper nodes.

    Row 0 is the all-zero concept (the root path of :data:`ROOT`, i.e. f_f); then one
    row per proper point, in increasing column order.  Inverse of :func:`make_tree`
    (tested: ``make_tree(class_from_tree(T, P), f=0)`` has the edges of ``T``).

    Parameters
    ----------
    tree : networkx.DiGraph
        A tree from :func:`make_tree` (edges parent → child, node attribute ``"distance"``).
    proper : collection of int
        The proper point nodes.
    n_points : int, optional
        Number of columns (default: one more than the largest node).

    Returns
    -------
    numpy.ndarray of uint8, shape (1 + #proper, n_points)
        The all-zero concept, then the root path of each proper point.
    """
    pts = [v for v in tree.nodes if v is not ROOT]
    if n_points is None:
        n_points = max(pts, default=-1) + 1
    missing = [p for p in proper if p not in tree]
    if missing:
        raise ValueError(f"proper: {[shown(p) for p in missing[:3]]} are not nodes of the tree")
    if n_points is not None and pts and n_points <= max(pts):
        raise ValueError(f"n_points must exceed every point of the tree (the largest is {max(pts)}), got {n_points}")
    rows = [np.zeros(n_points, np.uint8)]
    for x in sorted(v for v in proper if v is not ROOT):
        r = np.zeros(n_points, np.uint8)
        r[root_path(tree, x)] = 1
        rows.append(r)
    return np.array(rows, dtype=np.uint8).reshape(len(rows), n_points)


@checked
def random_vc1_class(
    n_points: Annotated[int, Interval(ge=0, le=MAX_TREE_POINTS)],
    rng: Rng = None,
    *,
    method: Literal["tree", "greedy"] = "tree",
    proper_prob: UnitInterval = 0.5,
    chain_prob: UnitInterval = 0.3,
    n_tries: Annotated[int, Interval(ge=0, le=10**6)] | None = None,
    return_tree: bool = False,
):
    """A random concept class of VC dimension ≤ 1 over ``n_points`` points (labels {0, 1}).

    Parameters
    ----------
    n_points : int
    rng : numpy.random.Generator, int or None
    method : {"tree", "greedy"}
        ``"tree"``: a :func:`random_vc1_tree`, its :func:`class_from_tree`, XOR-ed with a
        uniformly random f and with rows shuffled — so C itself looks nothing like a tree.
        ``"greedy"``: independent of the tree structure — random 0/1 rows are added one by
        one and kept iff the class stays VC ≤ 1 (``n_tries`` attempts, default
        ``4 * n_points + 8``).
    proper_prob, chain_prob : float in [0, 1], default 0.5 and 0.3
        Passed to :func:`random_vc1_tree` (``"tree"`` only).
    n_tries : int, optional
        The number of rows tried (``"greedy"`` only; default ``4 * n_points + 8``).
    return_tree : bool
        (``"tree"`` only) also return ``(tree, proper, f)``: the generating tree and the
        row index of f; ``make_tree(M, f)`` then reproduces ``tree`` exactly.

    Returns
    -------
    numpy.ndarray of uint8 (and the triple above if ``return_tree``)
    """
    rng = as_rng(rng)
    if method == "greedy":
        if return_tree:
            raise ValueError("return_tree: only available with method='tree'")
        tries = 4 * n_points + 8 if n_tries is None else n_tries
        rows = [rng.integers(0, 2, n_points, dtype=np.uint8)]
        for _ in range(tries):
            cand = rng.integers(0, 2, n_points, dtype=np.uint8)
            M = np.vstack(rows + [cand])
            if shattered_pair(M) is None:
                rows.append(cand)
        return np.vstack(rows)
    T, proper = random_vc1_tree(n_points, rng, proper_prob=proper_prob, chain_prob=chain_prob)
    Mf = class_from_tree(T, proper, n_points)
    g = rng.integers(0, 2, n_points, dtype=np.uint8)
    perm = rng.permutation(Mf.shape[0])
    M = (Mf ^ g[None, :])[perm]
    if return_tree:
        f = int(np.flatnonzero(perm == 0)[0])
        return M, (T, proper, f)
    return M


# --------------------------------------------------------------------------- classes given by their tree
_Parents = Annotated[Any, Joint("a parent array, -1 for the root (checked by tree_problem with proper)", kind="array")]
_Proper = Annotated[Any, Joint("a bool per node, as long as parent (checked by tree_problem)", kind="labels")]


@checked
def tree_problem(parent: _Parents, proper: _Proper) -> str | None:
    """Why the arrays are not the tree of a normalised VC-1 class in C_f, or ``None`` if they are.

    A rooted tree whose concepts are the root paths of its proper nodes and of :data:`ROOT` (the
    all-zero concept f_f) has VC dimension ≤ 1 by construction: two incomparable points lie on no
    common root path (no concept labels both 1), and for a point x below y every root path through x
    passes y (no concept labels x 1 and y 0) — so no pair is shattered ([Yan25] Lemma 5 read
    backwards; Ben-David's characterisation).  What is checked is that the arrays are such a tree
    and that Assumptions 1–2 of [Yan25] §4 hold, which :func:`make_tree` would otherwise enforce:
    every leaf is proper (else its column is 0 in every concept: Assumption 2) and every point that
    is not proper has at least two children (else it is labelled exactly as its only child:
    Assumption 1).  Under these, the tree is :func:`make_tree`'s tree of its class.  Cost O(m log m)
    in vectorised numpy (depths by pointer jumping), never the O(TD² · |C|) of a matrix.

    Parameters
    ----------
    parent : array_like of int, shape (m,)
        ``parent[j]``: the parent of point j, −1 for :data:`ROOT`.
    proper : array_like of bool, shape (m,)
        Whether point j is proper (Def. 17).

    Returns
    -------
    str or None
        A one-line reason, or None.
    """
    try:
        parent = as_array(parent, "parent")
        proper = as_array(proper, "proper")
    except (TypeError, ValueError) as exc:
        return str(exc)
    m = parent.size
    if parent.ndim != 1 or (m and parent.dtype.kind not in "iu"):
        return "parent: expected a 1-D integer array (-1 for ROOT)"
    if proper.shape != parent.shape or (m and proper.dtype != bool):
        return f"proper: expected a boolean array of shape {parent.shape}"
    if m and (parent.min() < -1 or parent.max() >= m):
        return f"parent: entries must lie in [-1, {m})"
    depth = _depths(parent)
    if depth is None:
        return "parent: not a tree rooted at ROOT (a cycle)"
    kids = np.bincount(parent[parent >= 0], minlength=m)
    if (~proper & (kids == 0)).any():
        return f"proper: leaf {int(np.flatnonzero(~proper & (kids == 0))[0])} is not proper (Assumption 2)"
    if (~proper & (kids == 1)).any():
        j = int(np.flatnonzero(~proper & (kids == 1))[0])
        return f"proper: point {j} is not proper and has one child, its column equals the child's (Assumption 1)"
    return None


def _depths(parent: np.ndarray) -> np.ndarray | None:
    """Depth of every point below :data:`ROOT` (1 for its children) by pointer jumping: ⌈log₂ m⌉ + 1
    vectorised rounds, O(m log m); None if some point never reaches ROOT (a cycle)."""
    p = np.asarray(parent, dtype=np.intp)
    depth = np.ones(p.size, dtype=np.intp)  # edges from j to p[j]
    for _ in range(max(1, int(p.size).bit_length()) + 1):
        up = p >= 0
        if not up.any():
            return depth
        q = np.where(up, p, 0)
        depth = np.where(up, depth + depth[q], depth)
        p = np.where(up, p[q], -1)
    return None


@checked
def tree_from_parents(
    parent: _Parents,
    proper: _Proper,
    f_row: Annotated[Any, Check(as_array), Joint("a 0/1 vector with one entry per node", kind="labels")] | None = None,
) -> nx.DiGraph:
    """The tree of a VC-1 class given by the tree itself, as :func:`make_tree` returns it — no matrix.

    The class is C = {root path of x : x proper or ROOT} XOR f: with ``f_row`` = 0 the points are
    the columns and C = C_f.  Checked in O(m) by :func:`tree_problem` (VC ≤ 1 holds by
    construction, O(m log m)), so a class of TD = 2¹⁶ is held in O(TD) memory where its matrix has
    2³² entries.
    ``G.graph["normalisation"]`` is the identity (no merged or constant column, ``matrix`` None)
    and ``G.graph["f"]`` is None (f is given by ``f_row``, not a row index).

    Parameters
    ----------
    parent : array_like of int, shape (m,)
        ``parent[j]``: the parent of point j, −1 for :data:`ROOT` (edges go parent → child).
    proper : array_like of bool, shape (m,)
        The proper points (Def. 17); :data:`ROOT` is always proper (f ∈ C).
    f_row : array_like of 0/1, shape (m,), optional
        f over the domain (default all zeros).

    Returns
    -------
    networkx.DiGraph
        As :func:`make_tree`: node attribute ``"distance"``, graph attributes ``f``, ``f_row``,
        ``normalisation``, ``n_points``, ``height``, ``proper``.

    Raises
    ------
    ValueError
        If the arrays are not such a tree (the reason of :func:`tree_problem`).
    """
    problem = tree_problem(parent, proper)
    if problem is not None:
        raise ValueError(problem)
    parent = np.asarray(parent, dtype=np.intp)
    proper = np.asarray(proper, dtype=bool)
    m = parent.size
    f_row = np.zeros(m, np.uint8) if f_row is None else _row_vector(np.zeros((1, m), np.uint8), f_row, "f_row")
    depth = _depths(parent)
    assert depth is not None  # tree_problem found no cycle
    idx = np.arange(m, dtype=np.intp)
    norm = Normalisation(None, idx, idx.copy(), np.full(m, -1, np.int8), np.zeros(0, np.intp), np.zeros(0, np.intp))
    T: nx.DiGraph = nx.DiGraph()
    T.add_node(ROOT, distance=0)
    T.add_nodes_from((j, {"distance": d}) for j, d in enumerate(depth.tolist()))
    T.add_edges_from((ROOT if p < 0 else p, j) for j, p in enumerate(parent.tolist()))
    height = int(depth.max(initial=0))
    T.graph.update(f=None, f_row=f_row, normalisation=norm, n_points=m, height=height)
    T.graph["proper"] = frozenset([ROOT, *np.flatnonzero(proper).tolist()])
    return T


@checked
def tree_parents(tree: nx.DiGraph) -> tuple[np.ndarray, np.ndarray]:
    """``(parent, proper)`` of a tree from :func:`make_tree` or :func:`tree_from_parents`, over its
    normalised columns (``parent`` −1 for :data:`ROOT`): the arrays :func:`tree_problem` checks.

    Parameters
    ----------
    tree : networkx.DiGraph
        A tree from :func:`make_tree` or :func:`tree_from_parents`.

    Returns
    -------
    (numpy.ndarray of int, numpy.ndarray of bool)
        The parent of every normalised column and whether it is proper.
    """
    columns = tree.graph["normalisation"].columns
    pos: dict = {int(c): j for j, c in enumerate(columns)}
    pos[ROOT] = -1
    parent = np.full(columns.size, -2, dtype=np.intp)  # −2: not a node of the tree (caught by the check)
    for u, v in tree.edges:
        if v in pos and v is not ROOT and u in pos:
            parent[pos[v]] = pos[u]
    proper = np.zeros(columns.size, dtype=bool)
    proper[[pos[x] for x in tree.graph["proper"] if x is not ROOT and x in pos]] = True
    return parent, proper


@checked
def is_vc1_tree_form(tree: nx.DiGraph) -> bool:
    """O(TD log TD) checker of a tree-form class: an arborescence under :data:`ROOT` over the normalised
    columns, ``distance`` = depth, ROOT proper, and :func:`tree_problem`'s conditions — so the root
    paths of its proper nodes form a class of VC dimension ≤ 1 satisfying Assumptions 1–2.  (The
    check against a class matrix is :func:`is_vc1_tree`, O(|C| · TD).)

    Parameters
    ----------
    tree : networkx.DiGraph
        The graph to check (any; a VC-1 class's tree has the graph attributes of :func:`make_tree`).

    Returns
    -------
    bool
        Whether the tree is the tree of a VC-1 class (in C_f) in :func:`make_tree`'s form.
    """
    if ROOT not in tree or tree.in_degree(ROOT) != 0 or ROOT not in tree.graph.get("proper", ()):
        return False
    if tree.number_of_edges() != tree.number_of_nodes() - 1 or any(d > 1 for _, d in tree.in_degree):
        return False
    parent, proper = tree_parents(tree)
    if tree.number_of_nodes() != parent.size + 1 or tree_problem(parent, proper) is not None:
        return False
    depth = _depths(parent)
    columns = tree.graph["normalisation"].columns
    return depth is not None and all(
        tree.nodes[int(c)].get("distance") == d for c, d in zip(columns, depth.tolist(), strict=True)
    )


@checked
def thresholds_tree(n_points: Annotated[int, Interval(ge=1, le=MAX_TREE_POINTS)]) -> nx.DiGraph:
    """Thresholds on 0 < 1 < … < n−1 ([Yan25] §1.2) as their tree: the chain n−1 → n−2 → … → 0 under
    :data:`ROOT`, every point proper, f = the all-zero threshold — the tree of
    ``make_tree(thresholds_class(n), f=n)`` (tested) without its (n+1) × n matrix, so TD = n = 2¹⁶ fits.

    Parameters
    ----------
    n_points : int >= 1
        Number of points (= TD).

    Returns
    -------
    networkx.DiGraph
        The tree (:func:`tree_from_parents`); concept ``t`` (x ↦ [x ≥ t]) is the root path of ``t``
        (of ROOT for t = n).
    """
    parent = np.arange(1, n_points + 1, dtype=np.intp)
    parent[-1] = -1
    return tree_from_parents(parent, np.ones(int(n_points), dtype=bool))


# --------------------------------------------------------------------------- catalogue
#: Thresholds on 0 < 1 < … < n−1 ([Yan25] §1.2): row t labels x with 1 iff x ≥ t, t = 0..n.
thresholds_class = thresholds_matrix


@checked
def point_functions_class(n_points: Annotated[int, Interval(ge=1, le=MAX_TREE_POINTS)]) -> np.ndarray:
    """Point functions ``f_t(x) = 1`` iff ``x = t`` ([Yan25] §1.2): the identity, shape (n, n).

    Parameters
    ----------
    n_points : int >= 0
        Number of points.

    Returns
    -------
    numpy.ndarray of uint8, shape (n_points, n_points)
    """
    return point_functions_matrix(n_points, with_zero=False)


#: Row of :func:`figure1_class` that is f: h_8 = ∅, so the class is its own f-representation.
FIGURE1_F = 7


#: The example of [Yan25] §1.3.2 / Figure 1 (columns x_1..x_7, rows h_1..h_8).  With
#: f = h_8 (:data:`FIGURE1_F`) the tree is ∅ → x_1, x_2, x_3; x_1 → x_4, x_5; x_5 → x_6, x_7.
figure1_class = figure1_matrix


@checked
def catalogue(n_points: Annotated[int, Interval(ge=1, le=MAX_TREE_POINTS)] = 8) -> dict:
    """Named VC-1 classes: ``name -> (M, f)`` with ``f`` the row index to build the tree by.

    ``"thresholds"`` (f = the all-zero threshold, a chain of height n), ``"point_functions"``
    (f = f_0: a star under x_0), and ``"figure1"`` ([Yan25] Figure 1).

    Parameters
    ----------
    n_points : int, default 8
        Number of points of the threshold and point-function classes.

    Returns
    -------
    dict
        ``name -> (M, f)``: the class and the row index of f.
    """
    return {
        "thresholds": (thresholds_class(n_points), n_points),
        "point_functions": (point_functions_class(n_points), 0),
        "figure1": (figure1_class(), FIGURE1_F),
    }


# --------------------------------------------------------------------------- version spaces in one pass
@checked
@dataclass(frozen=True)
class TreeIndex:
    """Arrays of the tree of :func:`make_tree` for version-space queries in O(log TD) each.

    Nodes are the normalised columns ``0 … m − 1`` of ``tree.graph["normalisation"]`` and
    ``m`` for :data:`ROOT`.  ``tin``/``tout``: a pre-order (Euler tour) numbering, so ``u`` is
    an ancestor-or-self of ``v`` iff ``tin[u] <= tin[v] <= tout[u]``; ``depth``: Def. 16's
    distance (0 at the root); ``up[l][v]``: the 2^l-th ancestor (the root above itself);
    ``concept_tins``: sorted ``tin`` of the lowest node of every concept of C_f (its root
    path is the concept's 1-set, Lemma 5; ROOT for the all-zero concept), i.e. of the proper
    nodes (Def. 17); ``node_at_tin``:
    the inverse of ``tin``.

    Attributes
    ----------
    tin, tout, depth, node_at_tin, concept_tins : numpy.ndarray of int
    up : numpy.ndarray of int, shape (levels, m + 1)
    """

    tin: np.ndarray
    tout: np.ndarray
    depth: np.ndarray
    up: np.ndarray
    node_at_tin: np.ndarray
    concept_tins: np.ndarray

    @property
    def root(self) -> int:
        return self.tin.size - 1

    def _nodes(self, idx: np.ndarray, name: str) -> np.ndarray:
        """Node indices in [0, root] (-1 and 2.7 refused, never wrapped or truncated)."""
        if idx.size and (idx.min() < 0 or idx.max() > self.root):
            raise ValueError(
                f"{name}: nodes must lie in [0, {self.root}], got {idx[(idx < 0) | (idx > self.root)][:3].tolist()}"
            )
        return idx

    def lca(self, u: _TreeNodes, v: _TreeNodes) -> np.ndarray:
        """The lowest common ancestors of the node arrays ``u`` and ``v`` (binary lifting)."""
        u, v = self._nodes(u, "u").copy(), self._nodes(v, "v").copy()
        if u.shape != v.shape:
            raise ValueError(f"u and v must have the same length, got {u.size} and {v.size}")
        swap = self.depth[u] < self.depth[v]
        u[swap], v[swap] = v[swap], u[swap].copy()
        diff = self.depth[u] - self.depth[v]
        for lvl in range(self.up.shape[0]):
            hop = (diff >> lvl) & 1 == 1
            u[hop] = self.up[lvl][u[hop]]
        for lvl in range(self.up.shape[0] - 1, -1, -1):
            a, b = self.up[lvl][u], self.up[lvl][v]
            move = a != b
            u[move], v[move] = a[move], b[move]
        return np.where(u == v, u, self.up[0][u])

    def subtree_counts(self, nodes: _TreeNodes, among: _TreeNodes) -> np.ndarray:
        """For every node of ``nodes``: how many of ``among`` lie in its subtree (itself included)."""
        s = np.sort(self.tin[self._nodes(among, "among")])
        nodes = self._nodes(nodes, "nodes")
        return np.searchsorted(s, self.tout[nodes], "right") - np.searchsorted(s, self.tin[nodes], "left")


@checked
def tree_index(tree: nx.DiGraph) -> TreeIndex:
    """The :class:`TreeIndex` of a tree from :func:`make_tree` (O(m log TD) time and memory).

    Parameters
    ----------
    tree : networkx.DiGraph
        A tree from :func:`make_tree`.

    Returns
    -------
    TreeIndex
        Euler-tour numbering, depths, ancestor table and the concepts' lowest nodes.
    """
    norm = tree.graph["normalisation"]
    m = norm.columns.size
    pos: dict = {int(c): j for j, c in enumerate(norm.columns)}
    pos[ROOT] = m
    parent = np.full(m + 1, m, dtype=np.intp)
    depth = np.zeros(m + 1, dtype=np.intp)
    tin = np.zeros(m + 1, dtype=np.intp)
    size = np.ones(m + 1, dtype=np.intp)
    visit: list[int] = []
    stack = [ROOT]
    while stack:  # pre-order
        x = stack.pop()
        visit.append(pos[x])
        kids = sorted(tree.successors(x), reverse=True)
        for k in kids:
            parent[pos[k]] = pos[x]
            depth[pos[k]] = tree.nodes[k]["distance"]
        stack.extend(kids)
    order = np.array(visit, dtype=np.intp)
    tin[order] = np.arange(m + 1)
    for v in order[::-1][:-1]:  # children before parents: subtree sizes
        size[parent[v]] += size[v]
    levels = max(1, int(depth.max(initial=0)).bit_length())
    up = np.empty((levels, m + 1), dtype=np.intp)
    up[0] = parent
    for lvl in range(1, levels):
        up[lvl] = up[lvl - 1][up[lvl - 1]]
    lowest = np.array([pos[x] for x in tree.graph["proper"]], dtype=np.intp)  # Def. 17: the concepts' lowest nodes
    return TreeIndex(tin, tin + size - 1, depth, up, order, np.sort(tin[lowest]))


def _by_part(part: np.ndarray) -> np.ndarray:
    """An order that groups equal parts: the identity when ``part`` is already sorted (the samples'
    entries come sorted by part), else a stable sort."""
    if part.size < 2 or (part[1:] >= part[:-1]).all():
        return np.arange(part.size)
    return np.argsort(part, kind="stable")


@checked
def version_space_lca(
    index: TreeIndex,
    part: _TreeNodes,
    node: Annotated[Any, Check(as_positions, kind="array")],
    label: _TreeNodes,
    t: Annotated[int, Interval(ge=0, le=2**40)],
) -> np.ndarray:
    """Per part of a labelled sample, the lowest common ancestor of its version space in C_f.

    The concepts of C_f are the root paths of their lowest nodes (Lemma 5), so a concept agrees
    with a part iff its lowest node lies below every 1-labelled point (these must form a chain
    ending in p*) and below no 0-labelled point.  The version space is the set of concept
    nodes of the Euler-tour interval of p* minus the intervals of the 0-labelled points inside
    it; the points every consistent concept labels 1 (Def. 15) are the root path of the LCA of
    that set, which is the LCA of its first and last node in tour order.  One pass over the
    sample's distinct (part, point, label) entries: O(entries · log) plus O(t log TD), never
    t × TD (one-key integer sorts and per-part reductions; no lexsort, which was most of a fit's time
    at t = 6·10⁵).

    Parameters
    ----------
    index : TreeIndex
        The tree's arrays.
    part, node, label : array_like of int
        The distinct (part, point, f-represented label) of the sample; ``node`` is a normalised
        column, or −1 for a dropped constant column (which C_f labels 0).
    t : int
        The number of parts.

    Returns
    -------
    numpy.ndarray of int, shape (t,)
        The LCA (a node; ``index.root`` for ∅), or −1 where no concept agrees with the part.
    """
    if not part.size == node.size == label.size:
        raise ValueError(f"part, node and label must have the same length, got {part.size}, {node.size}, {label.size}")
    root = index.root
    for name, arr, low, high, what in (
        ("part", part, 0, t - 1, f" (t = {t} parts)"),
        ("node", node, -1, root, " (the tree's nodes, -1 for a dropped column)"),
        ("label", label, 0, 1, ""),
    ):
        if arr.size and (arr.min() < low or arr.max() > high):
            bad = arr[(arr < low) | (arr > high)][:3].tolist()
            raise ValueError(f"{name}: entries must lie in [{low}, {high}]{what}, got {bad}")
    bad = np.zeros(t, dtype=bool)
    bad[part[(node < 0) & (label == 1)]] = True  # a 1 on a point every concept of C_f labels 0
    keep = node >= 0
    part, node, label = part[keep], node[keep], label[keep]
    big = root + 2
    # p*: the deepest 1-labelled point of each part (ROOT when there is none): a max per part
    ones = label == 1
    pstar = np.full(t, root, dtype=np.intp)
    po, no = part[ones], node[ones]
    if po.size:
        o = _by_part(po)
        po, no = po[o], no[o]
        starts = np.flatnonzero(np.r_[True, po[1:] != po[:-1]])
        deepest = np.maximum.reduceat(index.depth[no] * big + no, starts)  # depth first, then the node
        pstar[po[starts]] = deepest % big
    lo, hi = index.tin[pstar], index.tout[pstar]
    # every 1-labelled point is an ancestor-or-self of p* (the 1s form a chain)
    chain = (index.tin[no] <= lo[po]) & (lo[po] <= index.tout[no])
    bad[po[~chain]] = True
    # a 0-labelled ancestor-or-self of p* leaves nothing; one inside p*'s subtree cuts its subtree out
    pz, nz = part[~ones], node[~ones]
    s, e = index.tin[nz], index.tout[nz]
    bad[pz[(s <= lo[pz]) & (lo[pz] <= e)]] = True
    inside = (s > lo[pz]) & (s <= hi[pz])
    pz, s, e = pz[inside], s[inside], e[inside]
    o = np.argsort(pz * big + s)  # by part, then tour order (one integer key: faster than lexsort)
    pz, s, e = pz[o], s[o], e[o]
    run_max = np.maximum.accumulate(e + pz * big) if e.size else e
    outer = np.r_[True, (s + pz * big)[1:] > run_max[:-1]] if s.size else np.zeros(0, bool)
    pz, s, e = pz[outer], s[outer], e[outer]  # maximal cut intervals, disjoint, in tour order
    # the gaps between cuts: [lo, s_1 - 1], [e_1 + 1, s_2 - 1], …, [e_k + 1, hi]
    gp = np.concatenate([np.arange(t), pz])
    ga = np.concatenate([lo, e + 1])
    gb = np.concatenate([np.full(t, -1), s - 1])  # placeholder ends, fixed below
    o = np.argsort(gp * big + ga)
    gp, ga, gb = gp[o], ga[o], gb[o]
    nxt_same = np.r_[gp[1:] == gp[:-1], False]
    gb = np.where(nxt_same, np.r_[gb[1:], 0], hi[gp])
    ct = index.concept_tins
    first = np.searchsorted(ct, ga, "left")
    stop = np.searchsorted(ct, gb, "right")
    full = stop > first
    big_g = gp.size + 1
    gi = np.arange(gp.size)
    lo_gap = np.full(t, big_g, dtype=np.intp)
    hi_gap = np.full(t, -1, dtype=np.intp)
    np.minimum.at(lo_gap, gp[full], gi[full])
    np.maximum.at(hi_gap, gp[full], gi[full])
    ok = (hi_gap >= 0) & ~bad
    out = np.full(t, -1, dtype=np.intp)
    if ok.any():
        a = index.node_at_tin[ct[first[lo_gap[ok]]]]
        b = index.node_at_tin[ct[stop[hi_gap[ok]] - 1]]
        out[ok] = index.lca(a, b)
    return out
