"""Explorer of a VC-1 class's tree ([Yan25] Algorithms 1–2): the version space shrinking
down the tree as the sample arrives, then OPTPrivateLearner's choice.

The tree is [Yan25] Algorithm 1's (root ∅, layer k = the points of distance k, Def. 16;
proper nodes, Def. 17, are stars).  A concept of C_f is the root path of a node, so the
version space after n sample points — the concepts that agree with them — is a set of
nodes, and with their root paths the *surviving subtree*.  Slider steps: n = 0, 1, …, 16,
then doubling up to N (the whole sample): surviving nodes solid, eliminated ones faded,
the deterministic points (Def. 15: labelled 1 by every surviving concept) filled blue.
The last step is Algorithm 2 on the whole sample (the report's run,
:func:`geoprivate.viz.vc1.figure1_run`): the deterministic points shaded by how many of
the t parts made them deterministic, the private median layer z, x_good (red) and the
output node (ringed).
"""

from __future__ import annotations

from typing import Annotated

import numpy as np

from geoprivate._validation import Interval, Joint, Seed, check_index, check_indices, checked
from geoprivate.explore._page import page_html, require_plotly, slider_layout
from geoprivate.learners.vc1 import OPTPrivateLearner, ProperLearner, VC1Hypothesis
from geoprivate.viz.vc1 import figure1_run, tree_layout
from solvers import vc1 as _vc1
from solvers._checks import as_binary_vector
from solvers._domains import Columns, Labels01
from solvers.vc1 import ROOT

__all__ = ["prefix_sizes", "version_space", "vc1_transcript", "vc1_figure", "vc1_page"]


#: the learner of a VC-1 class whose tree the explorer draws
Learner = OPTPrivateLearner | ProperLearner
#: a row of the learner's class
Target = Annotated[int, Joint("a row of learner.cls.M", kind="index")]


def _sample(learner, cols, labels) -> tuple[np.ndarray, np.ndarray]:
    """The sample ``(cols, labels)`` checked against the learner's class: columns of it, 0/1 labels, one each."""
    c = check_indices(cols, learner.cls.n_points, "cols")
    y = as_binary_vector(labels, "labels")
    if y.size != c.size:
        raise ValueError(f"labels must have one label per column of cols ({c.size}), got {y.size}")
    return c, y


def _target_row(learner, target) -> np.ndarray:
    """The class's row ``target`` (the target concept): the class must be given by its matrix."""
    M = learner.cls.M
    if M is None:
        raise ValueError("learner: its class is given by its tree, without the matrix whose row target names")
    return M[check_index(target, M.shape[0], "target")]


@checked
def prefix_sizes(n: Annotated[int, Interval(ge=0, le=10**12)]) -> list[int]:
    """0, 1, …, 16, then doubling, then n (the slider's sample sizes).

    Parameters
    ----------
    n : int in [0, 10¹²]
        The sample size.

    Returns
    -------
    list of int
    """
    sizes = set(range(min(n, 16) + 1))
    s = 32
    while s < n:
        sizes.add(s)
        s *= 2
    sizes.add(n)
    return sorted(sizes)


def _node_name(v) -> str:
    return "∅" if v is ROOT else f"x{v + 1}"


@checked
def version_space(learner: Learner, cols: Columns, labels: Labels01) -> dict:
    """The surviving concepts of the sample ``(cols, labels)`` as tree nodes.

    Parameters
    ----------
    learner : OPTPrivateLearner or ProperLearner
        Its class (``learner.cls``) and tree.
    cols, labels : array_like
        The sample: columns of the class and their 0/1 labels.

    Returns
    -------
    dict
        ``concepts``: the nodes whose root path is a concept agreeing with the sample;
        ``subtree``: those nodes and their root paths; ``deterministic``: the points every
        surviving concept labels 1 in C_f ([Yan25] Def. 15).
    """
    cols, labels = _sample(learner, cols, labels)
    cls = learner.cls
    counts = cls.part_counts(cols.astype(np.intp), labels.astype(np.uint8), None, 1)
    ok = cls.consistent(counts)[0]
    B, _ = cls.deterministic_sets(counts)
    nodes = []
    for r in np.flatnonzero(ok):
        ones = [int(cls.columns[j]) for j in np.flatnonzero(cls.A[r])]
        nodes.append(max(ones, key=lambda v: cls.tree.nodes[v]["distance"]) if ones else ROOT)
    sub = {ROOT}
    for v in nodes:
        if v is not ROOT:
            sub |= set(_vc1.root_path(cls.tree, v))
    return {"concepts": nodes, "subtree": sub, "deterministic": [int(cls.columns[j]) for j in np.flatnonzero(B[0])]}


def _key(v):
    """Sort key of tree nodes: the root first, then the columns in order."""
    return -1 if v is ROOT else int(v)


@checked
def vc1_transcript(
    learner: Learner, cols: Columns, labels: Labels01, h: VC1Hypothesis, target: Target, *, seed: Seed
) -> dict:
    """The JSON embedded in the page: the sample, the version space at every slider step and
    Algorithm 2's trace (z, the layer scores, x_good, the output).

    Parameters
    ----------
    learner : OPTPrivateLearner or ProperLearner
        The fitted learner.
    cols, labels : array_like
        The sample.
    h : VC1Hypothesis
        Algorithm 2's output (with its ``details``).
    target : int
        Row of the target concept.
    seed : int
        Recorded.

    Returns
    -------
    dict
    """
    cols, labels = _sample(learner, cols, labels)
    target_row = _target_row(learner, target)
    steps = []
    for n in prefix_sizes(len(cols)):
        vs = version_space(learner, cols[:n], labels[:n])
        steps.append(
            {
                "n": n,
                "concepts": sorted(_node_name(v) for v in vs["concepts"]),
                "subtree": sorted(_node_name(v) for v in vs["subtree"]),
                "deterministic": sorted(_node_name(v) for v in vs["deterministic"]),
            }
        )
    d = h.details
    return {
        "what": "[Yan25] OPTPrivateLearner (Algorithm 2) on the class of Figure 1",
        "seed": seed,
        "target_row": int(target),
        "sample": {"cols": np.asarray(cols).tolist(), "labels": np.asarray(labels).tolist()},
        "steps": steps,
        "algorithm2": {
            "t": int(d["t"]),
            "z": int(d["z"]),
            "x_good": _node_name(d["x_good"]),
            "layer": [_node_name(v) for v in d["layer"]],
            "scores": np.asarray(d["scores"]).tolist(),
            "deterministic_counts": {_node_name(k): int(v) for k, v in d["deterministic"].items()},
            "output_node": _node_name(h.node),
            "output_concept_row": h.concept,
            "error": float(h.error(target_row)),
        },
    }


class _TreeDrawing:
    """The drawn tree of one explorer page: node positions and the traces every frame redraws.

    Parameters
    ----------
    learner : OPTPrivateLearner
        The learner whose [Yan25] Algorithm 1 tree is drawn.
    cols, labels : array_like
        The whole sample (point indices, 0/1 labels).
    """

    def __init__(self, learner, cols, labels):
        self.go = require_plotly()
        self.tree = learner.tree
        self.labels = labels
        self.pos = tree_layout(self.tree)
        self.order = sorted(self.pos, key=_key)
        self.proper = set(self.tree.graph.get("proper", ()))
        self.xs = [self.pos[v][0] for v in self.order]
        self.ys = [self.pos[v][1] for v in self.order]
        self.col_of = {int(c): np.asarray(cols) == c for c in range(learner.cls.M.shape[1])}

    def edges_trace(self):
        """The tree's edges (drawn once, under every frame)."""
        ex, ey = [], []
        for u, v in self.tree.edges:
            ex += [self.pos[u][0], self.pos[v][0], None]
            ey += [self.pos[u][1], self.pos[v][1], None]
        return self.go.Scatter(
            x=ex, y=ey, mode="lines", line={"color": "#9ca3af", "width": 1.2}, name="tree edges", hoverinfo="skip"
        )

    def hover(self, v, state, extra=""):
        """The hover text of node ``v`` in a frame's ``state`` (its sample counts so far)."""
        dist = self.tree.nodes[v].get("distance", 0)
        seen = ""
        if v is not ROOT:
            m = self.col_of[v][: state["n"]] if "n" in state else self.col_of[v]
            lab = np.asarray(self.labels)[: state.get("n", len(self.labels))][m]
            seen = f"<br>sample so far: {int((lab == 1).sum())} labelled 1, {int((lab == 0).sum())} labelled 0"
        return (
            f"{_node_name(v)}: distance {dist}, {'proper' if v in self.proper else 'improper'}"
            f"<br>surviving: {'yes' if v in state['subtree'] else 'no'}"
            f", deterministic: {'yes' if v in state['det'] else 'no'}{seen}{extra}"
        )

    def nodes_trace(self, state, det_shade=None):
        """The nodes in a frame: surviving solid, eliminated faded, deterministic blue (or shaded by ``det_shade``)."""
        order, proper = self.order, self.proper
        colours, lines = [], []
        for v in order:
            if det_shade is not None:
                s = det_shade.get(v, 0)
                colours.append(f"rgba(37,99,235,{0.15 + 0.85 * s:.3f})" if s else "white")
            else:
                colours.append("#2563eb" if v in state["det"] else ("white" if v in state["subtree"] else "#e5e7eb"))
            lines.append("#111827" if v in state["subtree"] else "#d1d5db")
        extra = state.get("extra", {})
        return self.go.Scatter(
            x=self.xs,
            y=self.ys,
            mode="markers+text",
            uid="nodes",
            text=[_node_name(v) for v in order],
            textposition="top center",
            name="points of the domain",
            marker={
                "size": [26 if v in proper else 18 for v in order],
                "symbol": ["star" if v in proper else "circle" for v in order],
                "color": colours,
                "line": {"color": lines, "width": 2},
            },
            hovertext=[self.hover(v, state, extra.get(v, "")) for v in order],
            hoverinfo="text",
        )

    def marks(self, xg=None, out=None, z=None):
        """Algorithm 2's marks: the median layer ``z`` (band), x_good and the output node (rings); empty if None."""
        go = self.go
        lo, hi = min(self.xs) - 0.5, max(self.xs) + 0.5
        band = go.Scatter(
            x=[lo, hi, hi, lo, lo] if z is not None else [],
            y=[-z - 0.35, -z - 0.35, -z + 0.35, -z + 0.35, -z - 0.35] if z is not None else [],
            fill="toself",
            fillcolor="rgba(253,230,138,0.6)",
            line={"width": 0},
            mode="lines",
            uid="median",
            name="median layer z",
            hoverinfo="text",
            text=f"private median layer z = {z}" if z is not None else "",
        )
        good = self.ring(xg, uid="xgood", name="x_good", size=34, color="#dc2626", width=3)
        ring = self.ring(out, uid="output", name="output node", size=46, color="#16a34a", width=2)
        return [band, good, ring]

    def ring(self, node, *, uid: str, name: str, size: int, color: str, width: float):
        """An open circle around ``node`` (no point when ``node`` is None).

        Parameters
        ----------
        node : hashable or None
            The node of the tree drawing to ring.
        uid, name : str
            The trace's uid and legend name.
        size : int
            The circle's diameter in pixels.
        color : str
            Its colour.
        width : float
            Its line width.

        Returns
        -------
        plotly.graph_objects.Scatter
            The trace.
        """
        return self.go.Scatter(
            x=[self.pos[node][0]] if node is not None else [],
            y=[self.pos[node][1]] if node is not None else [],
            mode="markers",
            uid=uid,
            name=name,
            hoverinfo="skip",
            marker={"size": size, "symbol": "circle-open", "color": color, "line": {"width": width}},
        )


def _sample_frames(drawing, learner, cols, labels):
    """One frame per prefix of the sample (:func:`prefix_sizes`): the version space after n points.

    Parameters
    ----------
    drawing : _TreeDrawing
    learner : OPTPrivateLearner
    cols, labels : array_like
        The whole sample.

    Returns
    -------
    frames : list of list
        Each frame's traces.
    titles, steps : list of str
        Each frame's title and slider label.
    """
    frames, titles, steps = [], [], []
    for n in prefix_sizes(len(cols)):
        vs = version_space(learner, cols[:n], labels[:n])
        state = {"n": n, "subtree": vs["subtree"], "det": set(vs["deterministic"])}
        frames.append(drawing.marks() + [drawing.nodes_trace(state)])
        conc = ", ".join(sorted(_node_name(v) for v in vs["concepts"]))
        titles.append(
            f"n = {n} sample points: {len(vs['concepts'])} concept(s) survive (their nodes: {conc}); "
            f"{len(vs['deterministic'])} deterministic point(s)"
        )
        steps.append(f"n={n}")
    return frames, titles, steps


def _algorithm2_frame(drawing, learner, cols, labels, h, target):
    """The last frame: [Yan25] Algorithm 2 on the whole sample (deterministic counts, z, x_good, output).

    Parameters
    ----------
    drawing : _TreeDrawing
    learner : OPTPrivateLearner
    cols, labels : array_like
        The whole sample.
    h : the learner's output (its ``details`` hold Algorithm 2's steps)
    target : int
        Row of the target concept.

    Returns
    -------
    traces : list
    title : str
    """
    d = h.details
    top = max(d["deterministic"].values(), default=1)
    shade = {k: v / top for k, v in d["deterministic"].items()}
    extra = {k: f"<br>deterministic in {v} of t = {d['t']} parts" for k, v in d["deterministic"].items()}
    for v, q in zip(d["layer"], np.asarray(d["scores"]).tolist(), strict=True):
        extra[v] = extra.get(v, "") + f"<br>layer score q = {q}"
    vs = version_space(learner, cols, labels)
    state = {"subtree": vs["subtree"], "det": set(d["deterministic"]), "extra": extra}
    traces = drawing.marks(d["x_good"], h.node, d["z"]) + [drawing.nodes_trace(state, det_shade=shade)]
    title = (
        f"Algorithm 2 on all N = {len(cols)} points, t = {d['t']} parts: median layer z = {d['z']}, "
        f"x_good = {_node_name(d['x_good'])}, output node {_node_name(h.node)} "
        f"(error {h.error(learner.cls.M[target]):.3f} against h{target + 1})"
    )
    return traces, title


@checked
def vc1_figure(learner: Learner, cols: Columns, labels: Labels01, h: VC1Hypothesis, target: Target):
    """The tree with one frame per sample size and a last frame for Algorithm 2 ([Yan25] Algorithms 1–2).

    Parameters
    ----------
    learner : OPTPrivateLearner
        The fitted learner (its tree is Algorithm 1's).
    cols, labels : array_like
        The sample: point indices and 0/1 labels.
    h : the learner's output
        Algorithm 2's hypothesis with its ``details``.
    target : int
        Row of the target concept.

    Returns
    -------
    plotly.graph_objects.Figure
        With a slider over the frames (:func:`geoprivate.explore._page.slider_layout`).
    """
    cols, labels = _sample(learner, cols, labels)
    _target_row(learner, target)
    drawing = _TreeDrawing(learner, cols, labels)
    frames_data, titles, steps = _sample_frames(drawing, learner, cols, labels)
    last, title = _algorithm2_frame(drawing, learner, cols, labels, h, target)
    frames_data.append(last)
    titles.append(title)
    steps.append("Alg. 2")
    go, xs = drawing.go, drawing.xs
    fig = go.Figure()
    fig.add_trace(drawing.edges_trace())
    for tr in frames_data[0]:
        fig.add_trace(tr)
    idx = list(range(1, 1 + len(frames_data[0])))
    fig.frames = [
        go.Frame(name=lab, data=data, traces=idx, layout={"title": {"text": t}})
        for lab, data, t in zip(steps, frames_data, titles, strict=True)
    ]
    height = int(drawing.tree.graph.get("height", 3))
    fig.update_xaxes(visible=False, range=[min(xs) - 0.7, max(xs) + 0.7])
    fig.update_yaxes(
        title_text="distance d(x)",
        tickvals=[-k for k in range(height + 1)],
        ticktext=[str(k) for k in range(height + 1)],
        range=[-height - 0.7, 0.7],
    )
    fig.update_layout(
        title={"text": titles[0], "font": {"size": 13}, "x": 0.01},
        template="plotly_white",
        margin={"t": 90, "b": 150},
        legend={"x": 1.01, "y": 1.0},
        **slider_layout(steps, prefix="step ", duration=600),
    )
    return fig


@checked
def vc1_page(*, seed: Seed = 0) -> str:
    """The page of ``geoprivate explore vc1 --seed S`` (HTML text; same seed, same bytes).

    Parameters
    ----------
    seed : int, default 0
        The run's seed (:func:`geoprivate.viz.vc1.figure1_run`).

    Returns
    -------
    str
        The page's HTML.
    """
    learner, cols, labels, h, target = figure1_run(seed)
    intro = (
        "<p>[Yan25] Algorithm 1's tree of the VC-1 class of the paper's Figure 1 (stars: proper nodes), "
        f"target h{target + 1}, N = {len(cols)} uniform points, seed {seed}. The slider adds the sample: "
        "the surviving subtree (solid) holds the nodes whose root path is a concept that agrees with the "
        "points so far, blue = deterministic points (Def. 15). The last step is OPTPrivateLearner "
        "(Algorithm 2, practical mode, t = 50 parts, ε = 3, δ = 0.1): deterministic counts, the private "
        "median layer z (yellow), x_good (red ring) and the output node (green ring). Hover a node for "
        "its counts. Regenerate: "
        f"<code>geoprivate explore vc1 --seed {seed} --out page.html</code>. The run is embedded as JSON.</p>"
    )
    return page_html(
        vc1_figure(learner, cols, labels, h, target),
        title="geoprivate explorer: a VC-1 tree",
        intro=intro,
        transcript=vc1_transcript(learner, cols, labels, h, target, seed=seed),
        height=620,
    )
