"""Drawing the tree of a VC-1 class ([Yan25] Algorithm 1; Figures 1–3 of the paper).

The root ∅ is at the top, layer k (points of distance k, Def. 16) on the k-th row below
it.  Proper nodes (Def. 17) are stars and the others circles, as in the paper's Figure 3;
deterministic points (Def. 15) are shaded by how many parts S_i made them deterministic;
the median layer z of Algorithm 2 is a horizontal band; x_good is red; an optional
hypothesis node (the leaf ℓ of Algorithm 4, or c*'s node) gets a ring.

Uses :class:`matplotlib.figure.Figure` directly (no pyplot), so it runs with the Agg
backend and does not touch global plotting state.
"""

from __future__ import annotations

from typing import Annotated, Any

import networkx as nx
import numpy as np

from geoprivate._validation import Check, Interval, Joint, Seed, check_index, checked, shown
from geoprivate.learners.vc1 import OPTPrivateLearner, ProperLearner, VC1Hypothesis
from geoprivate.viz.provenance import AxesArg
from solvers import vc1
from solvers.vc1 import ROOT

__all__ = ["tree_layout", "draw_vc1_tree", "draw_learner_run", "figure1_run"]

#: the most domain points :func:`figure1_run` draws
MAX_POINTS = 10**6
#: the t of the figure's run: its sample is partitioned into this many non-empty parts
FIGURE1_PARTS = 50


def _nodes(value, name: str):
    """A collection of tree nodes (not a string)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a collection of tree nodes, got {type(value).__name__}")
    return value


def _counts(value, name: str):
    """Deterministic points: a collection of nodes, or a dict node -> count (a finite number >= 0)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if (
                isinstance(v, bool)
                or not isinstance(v, (int, float, np.integer, np.floating))
                or not 0 <= v < float("inf")
            ):
                raise ValueError(f"{name} must map nodes to counts >= 0, got {shown(v)} for {shown(k)}")
        return value
    return _nodes(value, name)


def _names(value, name: str):
    """Node labels: a dict node -> label or a callable node -> str."""
    if not (isinstance(value, dict) or callable(value)):
        raise TypeError(f"{name} must be a dict or a callable (node -> label), got {type(value).__name__}")
    return value


@checked
def figure1_run(
    seed: Seed = 0,
    *,
    target: Annotated[int, Joint("a row of the class of [Yan25] Figure 1", kind="index")] = 3,
    n: Annotated[int, Interval(ge=FIGURE1_PARTS, le=MAX_POINTS)] = 1000,
):
    """The run of the report's VC-1 figure: OPTPrivateLearner ([Yan25] Algorithm 2) in
    practical mode (t = 50 parts, ε = 3, δ = 0.1, α = 0.1, β = 0.05) on the class of the
    paper's Figure 1, ``n`` uniform domain points labelled by the class's row ``target``.

    Parameters
    ----------
    seed : int, default 0
        The run's seed.
    target : int, default 3
        The row of the class labelling the points.
    n : int in [FIGURE1_PARTS, MAX_POINTS], default 1000
        The number of domain points drawn (at least one per part).

    Returns
    -------
    tuple
        ``(learner, cols, labels, hypothesis, target)``.
    """
    M, f = vc1.catalogue(4)["figure1"]
    target = check_index(target, M.shape[0], "target")
    rng = np.random.default_rng(seed)
    learner = OPTPrivateLearner(M, 3.0, 0.1, 0.1, 0.05, f=f, mode="practical", n_subsets=FIGURE1_PARTS)
    cols = rng.choice(M.shape[1], size=n)
    labels = M[target][cols]
    return learner, cols, labels, learner.fit(cols, labels, rng=rng), target


@checked
def tree_layout(tree: nx.DiGraph, root: Annotated[Any, Joint("a node of tree")] = ROOT) -> dict:
    """Tidy positions ``node -> (x, y)``: leaves at consecutive x, a parent above the mean
    of its children, y = −distance (the root at 0).

    Parameters
    ----------
    tree : networkx.DiGraph
        A tree (edges parent → child) with node attribute ``"distance"``.
    root : node, default ROOT
        Its root.

    Returns
    -------
    dict
        node -> (x, y).
    """
    if not _is_node(tree, root):
        raise ValueError(f"root: {shown(root)} is not a node of the tree")
    if not nx.is_arborescence(tree.subgraph(nx.descendants(tree, root) | {root})):
        raise ValueError("tree must be a tree below root (edges parent → child, no cycle, one parent each)")
    pos: dict = {}
    next_x = [0.0]
    depth = nx.single_source_shortest_path_length(tree, root)

    def key(v):
        return (-1, 0) if v is ROOT else (0, v)

    for v in nx.dfs_postorder_nodes(tree, root, sort_neighbors=lambda vs: sorted(vs, key=key)):
        kids = list(tree.successors(v))
        if kids:
            x = sum(pos[k][0] for k in kids) / len(kids)
        else:
            x = next_x[0]
            next_x[0] += 1.0
        pos[v] = (x, -float(tree.nodes[v].get("distance", depth[v])))
    return pos


def _is_node(tree: nx.DiGraph, v) -> bool:
    """Whether ``v`` is a node of ``tree`` (an unhashable value is not)."""
    try:
        return v in tree
    except TypeError:
        return False


@checked
def draw_vc1_tree(
    tree: nx.DiGraph,
    *,
    ax: AxesArg | None = None,
    proper: Annotated[Any, Check(_nodes, kind="object")] | None = None,
    deterministic: Annotated[Any, Check(_counts, kind="object")] | None = None,
    median_layer: Annotated[int, Interval(ge=0, le=10**6)] | None = None,
    x_good: Any = None,
    highlight: Any = None,
    names: Annotated[Any, Check(_names, kind="object")] | None = None,
    title: str | None = None,
):
    """Draw the tree of :func:`solvers.vc1.make_tree` (or a sub-tree of Algorithm 3).

    Parameters
    ----------
    tree : networkx.DiGraph
    ax : matplotlib.axes.Axes, optional
        Drawn into; a new :class:`~matplotlib.figure.Figure` is made when omitted.
    proper : collection of nodes, optional
        Proper nodes (stars); default ``tree.graph["proper"]`` when present.
    deterministic : collection of nodes or dict node -> count, optional
        Deterministic points; with counts, the shade is proportional to the count.
    median_layer : int, optional
        The private median z of Algorithm 2: the layer is shaded.
    x_good : node, optional
        Drawn in red.
    highlight : node, optional
        Ringed (e.g. the proper learner's leaf or the true concept's node).
    names : dict or callable, optional
        Node labels; default ``x_{j+1}`` for column j (the paper's names) and ∅ for the root.
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        from matplotlib.figure import Figure

        fig = Figure(
            figsize=(max(4.0, 0.6 * len(tree)) + 1.6, 1.2 + 1.1 * (1 + tree.graph.get("height", 3))),
            layout="constrained",
        )  # room for the legend outside the axes
        ax = fig.add_subplot(111)
    root = tree.graph.get("root", ROOT)
    pos = tree_layout(tree, root)
    proper = set(tree.graph.get("proper", ()) if proper is None else proper)
    if deterministic is None:
        det = {}
    elif isinstance(deterministic, dict):
        det = {k: v for k, v in deterministic.items() if k in tree}
    else:
        det = {k: 1 for k in deterministic if k in tree}
    if median_layer is not None:
        ax.axhspan(
            -median_layer - 0.35,
            -median_layer + 0.35,
            color="#fde68a",
            alpha=0.6,
            zorder=0,
            label=f"median layer z = {median_layer}",
        )
    for u, v in tree.edges:
        (x0, y0), (x1, y1) = pos[u], pos[v]
        ax.plot([x0, x1], [y0, y1], color="0.55", lw=1.0, zorder=1)
    _draw_nodes(ax, pos, proper, det, x_good=x_good, highlight=highlight, names=names)
    _finish_axes(ax, pos, bool(det), x_good=x_good, title=title)
    return ax


def _node_label(v, names) -> str:
    """The label of node ``v``: from ``names`` (dict or callable), else ``x_{j+1}`` and ∅ for the root."""
    if callable(names):
        return names(v)
    if isinstance(names, dict) and v in names:
        return str(names[v])
    return "∅" if v is ROOT else f"$x_{{{v + 1}}}$"


def _draw_nodes(ax, pos, proper, det, *, x_good=None, highlight=None, names=None) -> None:
    """The tree's nodes: stars for proper nodes, shaded by ``det``'s counts, x_good red, ``highlight`` ringed.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    pos : dict
        Node -> (x, y) (:func:`tree_layout`).
    proper : set
        Proper nodes.
    det : dict
        Deterministic node -> count (the shade is count / max count).
    x_good, highlight : node, optional
    names : dict or callable, optional
        Node labels (:func:`_node_label`).
    """
    top = max(det.values(), default=1)
    for v, (x, y) in pos.items():
        shade = det.get(v, 0) / top
        face = (0.25 + 0.75 * (1 - shade), 0.55 + 0.45 * (1 - shade), 1.0) if v in det else "white"
        edge = "#dc2626" if v == x_good and x_good is not None else "0.2"
        marker = "*" if v in proper else "o"
        size = 420 if marker == "*" else 260
        ax.scatter(
            [x],
            [y],
            s=size,
            marker=marker,
            c=[face],
            edgecolors=edge,
            linewidths=2.5 if edge != "0.2" else 1.0,
            zorder=3,
        )
        if highlight is not None and v == highlight:
            ax.scatter([x], [y], s=900, marker="o", facecolors="none", edgecolors="#16a34a", linewidths=2, zorder=2)
        ax.annotate(
            _node_label(v, names), (x, y), textcoords="offset points", xytext=(0, 11), ha="center", fontsize=8, zorder=4
        )


def _finish_axes(ax, pos, has_det: bool, *, x_good=None, title=None) -> None:
    """The legend (proper, improper, deterministic, x_good), the distance axis and the title.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    pos : dict
        Node -> (x, y): the y range gives the distance ticks.
    has_det : bool
        Whether deterministic points are drawn.
    x_good : node, optional
    title : str, optional
    """
    # legend proxies
    ax.scatter([], [], marker="*", s=120, c="white", edgecolors="0.2", label="proper node")
    ax.scatter([], [], marker="o", s=80, c="white", edgecolors="0.2", label="improper node")
    if has_det:
        ax.scatter([], [], marker="o", s=80, c=[(0.25, 0.55, 1.0)], edgecolors="0.2", label="deterministic")
    if x_good is not None:
        ax.scatter([], [], marker="o", s=80, c="white", edgecolors="#dc2626", linewidths=2.5, label="x_good")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=7, frameon=False)
    ax.set_yticks([-d for d in range(int(-min(y for _, y in pos.values())) + 1)])
    ax.set_yticklabels([str(d) for d in range(int(-min(y for _, y in pos.values())) + 1)])
    ax.set_ylabel("distance d(x)")
    ax.set_xticks([])
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)


@checked
def draw_learner_run(
    learner: OPTPrivateLearner | ProperLearner,
    hypothesis: VC1Hypothesis,
    *,
    ax: AxesArg | None = None,
    target: Any = None,
    title: str | None = None,
):
    """Draw a run of :class:`~geoprivate.learners.vc1.OPTPrivateLearner` or
    :class:`~geoprivate.learners.vc1.ProperLearner`: deterministic counts, median layer,
    x_good, and the output node ringed (or ``target``'s node when given).

    Parameters
    ----------
    learner : OPTPrivateLearner or ProperLearner
        A fitted learner.
    hypothesis : object
        Its output.
    ax : matplotlib.axes.Axes, optional
        Where to draw (default: a new figure).
    target : optional
        A concept whose node to ring instead of the output's.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure
    """
    d = hypothesis.details
    return draw_vc1_tree(
        learner.tree,
        ax=ax,
        deterministic=d.get("deterministic"),
        median_layer=d.get("z"),
        x_good=d.get("x_good"),
        highlight=hypothesis.node if target is None else target,
        title=title,
    )
