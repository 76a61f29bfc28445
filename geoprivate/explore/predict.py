"""Explorer of a GenericPredictor run with G_halfspace ([Yan26] Algorithm 2 with Algorithm 4).

One step of the slider per round of the run (plus the start).  For every generator
drawn (the faithful G_halfspace, and with ``repaired=True`` G_halfspace_repaired beside
it on the same data and seeds):

* d = 1 — the dual (a, w) plane: the cdepth_S level regions from the exact arrangement
  (:func:`geoprivate.viz.collapse.levels_in_window`, [Yan26] Definitions 8–9), the
  examples' constraint lines, the hard-query lines a·x_j = w that have arrived, every
  block's exact maximiser (hover: exact rationals and depth_{S_i});
* d = 2 — the (a1, a2, w) space in 3-D: the hard-query planes a·x_j = w, the block
  maximisers, and C|HardQuery itself once it is a line or the point 0 (Claims 8–9);

and below, err_D of the round's predictor h_j ([Yan26] Definition 1; Monte Carlo under
the query law, :func:`geoprivate.prediction.accuracy.measure_accuracy`) and the privacy
spent after the round (:func:`geoprivate.viz.shrinkage.privacy_curve`: nominal, Lemma 1
taken to hold; the run's own guarantee is in the title and the transcript).

The runs are :func:`geoprivate.viz.collapse.collapse_run` —
the runs of the report's collapse figures.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Interval, Joint, Seed, checked
from geoprivate.explore._page import exact, page_html, rational, require_plotly, slider_layout
from geoprivate.prediction import G_halfspace_repaired, PredictionResult
from geoprivate.prediction.generators import hard_query_subspace
from geoprivate.privacy.warnings import PrivacyWarning
from geoprivate.viz.collapse import (
    BLOCK_COLOURS,
    _runs,
    collapse_run,
    dual_constraints_of,
    levels_in_window,
    plot_window,
)
from geoprivate.viz.shrinkage import illustrative_note, privacy_curve
from solvers.depth import depth

__all__ = ["predict_runs", "predict_steps", "predict_transcript", "predict_figure", "predict_page"]

#: the dimension of the explorer's halfspaces: it draws d = 1 (the dual plane) or d = 2 (the (a1, a2, w) space)
Dim = Annotated[int, Interval(ge=1, le=2)]


def _progress(value, name: str):
    """A tqdm-like bar: an object with ``update(n)``."""
    if not callable(getattr(value, "update", None)):
        raise TypeError(f"{name} must have update(n) (a tqdm-like bar), got {type(value).__name__}")
    return value


def _runs_of(runs: list, d: int) -> list:
    """``runs`` (checked by ``_runs``), each a run in ℝ^d."""
    for name, pred, _ in runs:
        if pred.X.ndim != 2 or pred.X.shape[1] != d:
            raise ValueError(f"runs: {name!r} is a run in R^{pred.X.shape[-1]}, not d = {d}")
    return runs


#: the explorer's runs: ``(name, GenericPredictor, PredictionResult)`` triples in ℝ^d
Runs = Annotated[Any, Check(_runs, kind="object"), Joint("runs in R^d")]
#: a tqdm-like progress bar, or None
Progress = Annotated[Any, Check(_progress, kind="object")] | None


@checked
def predict_runs(d: Dim, seed: Seed, *, repaired: bool = False, progress: Progress = None) -> list:
    """``[(name, predictor, result)]``: the faithful G_halfspace run and, with ``repaired``,
    the G_halfspace_repaired run on the same data and seeds (err_D measured).

    Parameters
    ----------
    d : {1, 2}
        Dimension of the halfspaces.
    seed : int
        Seed of the runs (:func:`geoprivate.viz.collapse.collapse_run`).
    repaired : bool
        Add the G_halfspace_repaired run.
    progress : object with ``update(n)``, optional
        Advanced once per run.

    Returns
    -------
    list of (str, GenericPredictor, PredictionResult)
    """
    gens = [("G_halfspace (Alg. 4)", None)] + (
        [("G_halfspace_repaired", G_halfspace_repaired(d, form="margin"))] if repaired else []
    )
    runs = []

    # k = 6 blocks, outside [Yan26] Lemma 1: recorded in the guarantee; the page's title says
    # "illustrative, not private" with the k Lemma 1 needs (predict_page)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        for name, gen in gens:
            runs.append((name, *collapse_run(d, seed=seed, generator=gen, measure=True)))
            if progress is not None:
                progress.update(1)
    return runs


def _finite(v):
    return float(v) if v is not None and math.isfinite(float(v)) else None


@checked
def predict_steps(result: PredictionResult) -> list[dict]:
    """Per slider step (start, round 1, …, round T): the hard queries that have arrived
    (rounds < r), the segment (ensemble) answering next, the affine dimension of
    C|HardQuery, err_D of that predictor and the nominal ε spent after r rounds.

    Parameters
    ----------
    result : PredictionResult
        A GenericPredictor run.

    Returns
    -------
    list of dict
        One per step.
    """
    hard_rounds = list(result.hard_rounds)
    _, eps_curve, _ = privacy_curve(result)
    segs = result.accuracy.segments if result.accuracy is not None else []
    steps = []
    for r in range(result.T + 1):
        n = sum(1 for h in hard_rounds if h < r)
        seg = min(n, len(result.ensembles) - 1)
        steps.append(
            {
                "label": "start" if r == 0 else str(r),
                "round": r,
                "hard_queries": n,
                "segment": seg,
                "affine_dim": result.affine_dims[seg] if seg < len(result.affine_dims) else None,
                "err_D": _estimate(segs[seg]["err_h"]) if seg < len(segs) else None,
                "epsilon_nominal": 0.0 if r == 0 else _finite(eps_curve[r - 1]),
            }
        )
    return steps


def _estimate(value):
    """A Monte Carlo err_D to 10 significant digits (its Hoeffding half-width is ~10⁻²): the last bits
    of a float sum depend on the BLAS thread count, and the page must be the same bytes on every machine."""
    return None if value is None else float(f"{value:.10g}")


def _block_depths(predictor, generator, ensemble) -> list[int]:
    """depth_{S_i}(z_i) exactly, z_i the i-th block's hypothesis (a, w)."""
    out = []
    for (pts, labels), (a, w) in zip(predictor.blocks, ensemble.hypotheses, strict=True):
        A, b = dual_constraints_of(generator, pts, labels)
        out.append(int(depth((A, b), np.array([Fraction(v) for v in a] + [Fraction(w)], dtype=object))))
    return out


@checked
def predict_transcript(runs: Runs, *, d: Dim, seed: Seed) -> dict:
    """The JSON embedded in the page: per run its result (``to_dict(transcript=True)`` without
    the wall-clock seconds), every ensemble's exact hypotheses and the slider steps.

    Parameters
    ----------
    runs : list of (str, GenericPredictor, PredictionResult)
        As :func:`predict_runs` returns them.
    d : {1, 2}
    seed : int
        Recorded.

    Returns
    -------
    dict
    """
    runs = _runs_of(runs, d)
    out: dict[str, Any] = {  # JSON
        "what": "[Yan26] GenericPredictor (Algorithm 2) with G_halfspace (Algorithm 4)",
        "d": d,
        "seed": seed,
        "runs": [],
    }
    for name, pred, res in runs:
        rd = res.to_dict(transcript=True)
        rd.pop("seconds", None)
        if rd.get("accuracy"):
            rd["accuracy"]["law"] = "the run's query law (Gaussian on a grid; Monte Carlo)"
        ens = [
            {
                "start": int(s),
                "hypotheses": [{"a": [rational(v) for v in a], "w": rational(w)} for a, w in e.hypotheses],
            }
            for s, e in res.ensembles
        ]
        out["runs"].append(
            {
                "name": name,
                "generator": repr(pred.generator),
                "result": rd,
                "ensembles": ens,
                "steps": predict_steps(res),
            }
        )
    return out


_HARD = "#111827"


def _hard_hover(res, j) -> str:
    h, ev = res.transcript.hard[j], res.events[j]
    xs = ", ".join(exact(float(v)) for v in np.asarray(h.x).reshape(-1))
    extra = " — deferred, not applied (repair)" if ev.get("deferred") else ""
    return (
        f"hard query {j + 1} (round {h.round + 1}): x = ({xs})<br>released label {h.label}, "
        f"vote q = {exact(ev['vote'])}{extra}"
    )


def _maximiser_hover(name, i, a, w, dep, m) -> str:
    coords = ", ".join(f"a{'' if len(a) == 1 else k + 1} = {exact(v)}" for k, v in enumerate(a))
    return f"{name}<br>block {i + 1}: {coords}, w = {exact(w)}<br>depth_S{i + 1}(a, w) = {dep} of {m}"


class _Run:
    """The traces of one run: static ones once, dynamic ones per step (a fixed count per run)."""

    def __init__(self, go, name, pred, res, col, tag):
        self.go, self.name, self.pred, self.res, self.col, self.tag = go, name, pred, res, col, tag
        self.d = pred.X.shape[1]
        X = np.concatenate([p for p, _ in pred.blocks])
        y = np.concatenate([lab for _, lab in pred.blocks])
        self.A, self.b = dual_constraints_of(pred.generator, X, y)
        self.N = len(y)
        self.steps = predict_steps(res)
        self.ens = [e for _, e in res.ensembles]
        self.depths = [_block_depths(pred, pred.generator, e) for e in self.ens]
        self.hard = np.asarray(res.transcript.hard_points(), np.float64).reshape(-1, self.d)
        zs = [[float(v) for v in a] + [float(w)] for e in self.ens for a, w in e.hypotheses]
        self.zs = np.array(zs, dtype=float).reshape(-1, self.d + 1)

    # ---------------------------------------------------------------- d = 1: the dual plane
    def window(self):
        return plot_window(self.zs)

    def static_d1(self, levels=5, box_factor=25.0):
        from plotly.colors import sample_colorscale

        go, (a0, a1, w0, w1) = self.go, self.window()
        levs, hulls = levels_in_window(self.A, self.b, (a0, a1, w0, w1), levels, box_factor)
        colours = sample_colorscale("Blues", list(np.linspace(0.15, 0.75, len(levs))))
        traces = []
        for lev, colour in zip(levs, colours, strict=True):
            if lev in hulls and len(hulls[lev]) >= 3:
                poly = np.vstack([hulls[lev], hulls[lev][:1]])
                traces.append(
                    go.Scatter(
                        x=poly[:, 0].tolist(),
                        y=poly[:, 1].tolist(),
                        fill="toself",
                        fillcolor=colour,
                        line={"width": 0},
                        mode="lines",
                        hoveron="fills",
                        name=f"cdepth_S ≥ {lev}",
                        legendgroup="levels",
                        showlegend=self.col == 1,
                        text=f"{{cdepth_S ≥ {lev}}} of N = {self.N} (exact arrangement)",
                        hoverinfo="text",
                    )
                )
        xs, ys, tx = [], [], []
        for i in range(len(self.b)):
            p, q, r = (Fraction(self.A[i][0]), Fraction(self.A[i][1]), Fraction(self.b[i]))
            if q == 0 and p == 0:
                continue
            ends = (
                [(a0, float((r - p * Fraction(a0)) / q)), (a1, float((r - p * Fraction(a1)) / q))]
                if q != 0
                else [(float(r / p), w0), (float(r / p), w1)]
            )
            text = f"example {i + 1}: ({rational(p)})·a + ({rational(q)})·w ≥ {rational(r)}"
            xs += [ends[0][0], ends[1][0], None]
            ys += [ends[0][1], ends[1][1], None]
            tx += [text, text, None]
        traces.append(
            go.Scatter(
                x=xs,
                y=ys,
                mode="lines",
                line={"color": "#9ca3af", "width": 0.6},
                name="example constraint lines",
                legendgroup="ex",
                showlegend=self.col == 1,
                hovertext=tx,
                hoverinfo="text",
            )
        )
        return traces

    def dynamic_d1(self, step):
        go, (a0, a1, _, _) = self.go, self.window()
        traces = []
        for j in range(len(self.hard)):
            on = j < step["hard_queries"]
            x = float(self.hard[j, 0])
            traces.append(
                go.Scatter(
                    x=[a0, a1] if on else [],
                    y=[x * a0, x * a1] if on else [],
                    mode="lines",
                    uid=f"{self.tag}-hq{j}",
                    name="hard-query line a·x = w",
                    legendgroup="hq",
                    showlegend=self.col == 1 and j == 0,
                    line={
                        "color": _HARD,
                        "width": 2.4 if j == step["hard_queries"] - 1 else 1.3,
                        "dash": "solid" if j == step["hard_queries"] - 1 else "dash",
                    },
                    hovertext=_hard_hover(self.res, j),
                    hoverinfo="text",
                )
            )
        traces.append(self._maximisers(step))
        zero = step["affine_dim"] == 0
        traces.append(
            go.Scatter(
                x=[0] if zero else [],
                y=[0] if zero else [],
                mode="markers",
                uid=f"{self.tag}-origin",
                name="C|HardQuery = {0}",
                showlegend=False,
                marker={"size": 22, "symbol": "circle-open", "color": _HARD, "line": {"width": 2.5}},
                hovertext="C|HardQuery = {(0, 0)}: every block outputs h_{0,0} ≡ 1",
                hoverinfo="text",
            )
        )
        return traces

    def _maximisers(self, step):
        seg = step["segment"]
        hyp, deps = self.ens[seg].hypotheses, self.depths[seg]
        m = len(self.pred.blocks[0][1])
        colours = [BLOCK_COLOURS[i % len(BLOCK_COLOURS)] for i in range(len(hyp))]
        text = [
            _maximiser_hover(self.name, i, a, w, dep, m) for i, ((a, w), dep) in enumerate(zip(hyp, deps, strict=True))
        ]
        coords = [[float(v) for v in a] + [float(w)] for a, w in hyp]
        marker = {"size": 10 if self.d == 1 else 6, "color": colours, "line": {"color": "white", "width": 1}}
        # (a, w) in the plane for d = 1, (a1, a2, w) in space for d = 2
        axes = {name: [c[i] for c in coords] for i, name in enumerate("xyz"[: self.d + 1])}
        trace = self.go.Scatter if self.d == 1 else self.go.Scatter3d
        return trace(
            **axes,
            mode="markers",
            uid=f"{self.tag}-max",
            name="block maximisers",
            showlegend=self.col == 1,
            marker=marker,
            hovertext=text,
            hoverinfo="text",
        )

    # ---------------------------------------------------------------- d = 2: the (a1, a2, w) space
    def box3(self):
        return max(1.0, float(np.abs(self.zs[:, :2]).max()) * 1.25 if len(self.zs) else 1.0)

    def dynamic_d2(self, step):
        go, L = self.go, self.box3()
        traces = []
        corners = np.array([[-L, -L], [L, -L], [L, L], [-L, L]])
        for j in range(len(self.hard)):
            on = j < step["hard_queries"]
            w = corners @ self.hard[j]
            traces.append(
                go.Mesh3d(
                    x=corners[:, 0].tolist() if on else [],
                    y=corners[:, 1].tolist() if on else [],
                    z=w.tolist() if on else [],
                    i=[0, 0],
                    j=[1, 2],
                    k=[2, 3],
                    opacity=0.25,
                    color="#374151",
                    uid=f"{self.tag}-hq{j}",
                    name=f"hard-query plane {j + 1}",
                    showlegend=False,
                    hovertext=_hard_hover(self.res, j),
                    hoverinfo="text",
                )
            )
        traces.append(self._maximisers(step))
        V, _ = hard_query_subspace(
            self.hard[: step["hard_queries"]], self.d, min_dim=getattr(self.pred.generator, "min_dim", 0)
        )
        if V.dim == 1:
            ends = [tuple(float(v) for v in V.to_ambient((Fraction(t),))) for t in (-L, L)]
            xs, ys, zs = ([e[0] for e in ends], [e[1] for e in ends], [e[2] for e in ends])
            text = "C|HardQuery: the line " + "{t·(" + ", ".join(rational(v) for v in V.to_ambient((1,))) + ")}"
        elif V.dim == 0:
            xs, ys, zs, text = [0], [0], [0], "C|HardQuery = {0}: every block outputs h_{0,0} ≡ 1"
        else:
            xs, ys, zs, text = [], [], [], ""
        traces.append(
            go.Scatter3d(
                x=xs,
                y=ys,
                z=zs,
                mode="lines+markers",
                uid=f"{self.tag}-sub",
                line={"color": "#dc2626", "width": 6},
                marker={"size": 5, "color": "#dc2626"},
                name="C|HardQuery (dim ≤ 1)",
                showlegend=False,
                hovertext=text,
                hoverinfo="text",
            )
        )
        return traces

    def dynamic(self, step):
        return self.dynamic_d1(step) if self.d == 1 else self.dynamic_d2(step)

    def summary(self, step) -> str:
        err = step["err_D"]
        hw = self.res.accuracy.half_width if self.res.accuracy is not None else 0.0
        eps = step["epsilon_nominal"]
        return (
            f"<b>{self.name}</b>: {step['hard_queries']} hard quer{'y' if step['hard_queries'] == 1 else 'ies'}, "
            f"dim C|HardQuery = {step['affine_dim']}, err_D(h) = "
            f"{'—' if err is None else f'{err:.3f} ± {hw:.3f}'}, ε spent (nominal) = "
            f"{'∞' if eps is None else f'{eps:.3g}'}"
        )


def _curves(go, runs_, which, ylabel):
    """The whole err_D / ε curve of each run (static) on the second row."""
    traces = []
    dash = ("solid", "dot")
    for k, run in enumerate(runs_):
        ys = [s[which] for s in run.steps]
        traces.append(
            go.Scatter(
                x=[s["round"] for s in run.steps],
                y=ys,
                mode="lines",
                line={"shape": "hv", "dash": dash[k % 2], "color": "#2563eb" if which == "err_D" else "#dc2626"},
                name=f"{ylabel}: {run.name}",
                hoverinfo="x+y+name",
            )
        )
    return traces


def _markers(go, runs_, step_idx):
    out = []
    for which in ("err_D", "epsilon_nominal"):
        xs = [r.steps[step_idx]["round"] for r in runs_]
        ys = [r.steps[step_idx][which] for r in runs_]
        out.append(
            go.Scatter(
                x=xs,
                y=ys,
                mode="markers",
                marker={"size": 11, "color": "#111827"},
                uid=f"now-{which}",
                name="this round",
                showlegend=False,
                hovertext=[f"{r.name}: {which} = {y}" for r, y in zip(runs_, ys, strict=True)],
                hoverinfo="text",
            )
        )
    return out


@checked
def predict_figure(runs: Runs, *, d: Dim):
    """The Plotly figure: one panel per run (row 1), err_D and ε spent against the round
    (row 2), one frame per slider step.

    Parameters
    ----------
    runs : list of (str, GenericPredictor, PredictionResult)
        As :func:`predict_runs` returns them.
    d : {1, 2}

    Returns
    -------
    plotly.graph_objects.Figure
    """
    runs = _runs_of(runs, d)
    go = require_plotly()
    from plotly.subplots import make_subplots

    n = len(runs)
    kind = "xy" if d == 1 else "scene"
    cols = max(n, 2)
    top = [{"type": kind, "colspan": 2}, None] if n == 1 else [{"type": kind}] * n
    names = [name for name, _, _ in runs] + ([""] if n == 1 else [])
    fig = make_subplots(
        rows=2,
        cols=cols,
        specs=[top, [{"type": "xy"}, {"type": "xy"}] + [None] * (cols - 2)],
        row_heights=[0.66, 0.34],
        vertical_spacing=0.16,
        subplot_titles=names[:n]
        + [""] * (cols - n if n > 1 else 0)
        + ["err_D(c, h_j) of the round's predictor", "ε spent (nominal: Lemma 1 assumed)"],
    )
    R = [_Run(go, name, pred, res, c + 1, f"r{c}") for c, (name, pred, res) in enumerate(runs)]
    T = max(len(r.steps) for r in R)
    labels = [R[0].steps[t]["label"] for t in range(T)]
    for r in R:
        for tr in r.static_d1() if d == 1 else []:
            fig.add_trace(tr, row=1, col=r.col)
    dyn_index = []
    for r in R:
        for tr in r.dynamic(r.steps[0]):
            dyn_index.append(len(fig.data))
            fig.add_trace(tr, row=1, col=r.col)
    for tr in _curves(go, R, "err_D", "err_D"):
        fig.add_trace(tr, row=2, col=1)
    for tr in _curves(go, R, "epsilon_nominal", "ε"):
        fig.add_trace(tr, row=2, col=2)
    for tr, col in zip(_markers(go, R, 0), (1, 2), strict=True):
        dyn_index.append(len(fig.data))
        fig.add_trace(tr, row=2, col=col)

    def title(t):
        return f"round {labels[t]} of {T - 1}<br>" + "<br>".join(r.summary(r.steps[t]) for r in R)

    frames = []
    for t in range(T):
        data = [tr for r in R for tr in r.dynamic(r.steps[t])] + _markers(go, R, t)
        frames.append(go.Frame(name=labels[t], data=data, traces=dyn_index, layout={"title": {"text": title(t)}}))
    fig.frames = frames
    for r in R:
        if d == 1:
            a0, a1, w0, w1 = r.window()
            fig.update_xaxes(range=[a0, a1], title_text="a (slope coefficient)", row=1, col=r.col)
            fig.update_yaxes(range=[w0, w1], title_text="w (threshold)", row=1, col=r.col)
        else:
            L = r.box3()
            Lw = max([L] + [float(np.abs(r.hard).sum(axis=1).max()) * L if len(r.hard) else 0.0])
            scene = "scene" if r.col == 1 else f"scene{r.col}"
            fig.layout[scene].update(
                xaxis={"range": [-L, L], "title": "a1"},
                yaxis={"range": [-L, L], "title": "a2"},
                zaxis={"range": [-Lw, Lw], "title": "w"},
                aspectmode="cube",
            )
    for col, which in ((1, "err_D"), (2, "epsilon_nominal")):  # fixed ranges: frames never re-range an axis
        top = max([s[which] for r in R for s in r.steps if s[which] is not None] + [1e-9])
        fig.update_xaxes(title_text="round", range=[-0.5, T - 0.5], row=2, col=col)
        fig.update_yaxes(range=[0, top * 1.12], row=2, col=col)
    fig.update_layout(
        title={"text": title(0), "font": {"size": 13}, "x": 0.01},
        margin={"t": 150, "b": 150},
        hovermode="closest",
        template="plotly_white",
        legend={"x": 1.01, "y": 1.0, "font": {"size": 10}},
        **slider_layout(labels),
    )
    return fig


@checked
def predict_page(*, d: Dim = 1, seed: Seed = 4, repaired: bool = False, progress: Progress = None) -> str:
    """The explorer page (HTML text) of ``geoprivate explore predict``: same arguments, same bytes.

    Parameters
    ----------
    d : {1, 2}
        Dimension of the halfspaces.
    seed : int
        Seed of the run (:func:`geoprivate.viz.collapse.collapse_run`).
    repaired : bool
        Draw G_halfspace_repaired beside the faithful G_halfspace (same data, same seeds).
    progress : object with ``update(n)``, optional
        A tqdm-like bar advanced once per run drawn (the page is unchanged).

    Returns
    -------
    str
        The page's HTML.
    """
    runs = predict_runs(d, seed, repaired=repaired, progress=progress)
    fig = predict_figure(runs, d=d)

    res0 = runs[0][2]
    g = res0.guarantee
    eps = "∞" if math.isinf(g.epsilon) else g.epsilon
    note = illustrative_note(res0)
    intro = (
        f"<p>[Yan26] GenericPredictor (Algorithm 2) with G_halfspace (Algorithm 4), d = {d}, seed {seed}: "
        f"N = {res0.params['N']} examples in k = {res0.params['k']} blocks of m = {res0.params['m']}, "
        f"T = {res0.T} queries from a white-box disagreement adversary, ε_BT = {res0.params['epsilon_bt']}. "
        + (
            "The dual (a, w) plane: shading = cdepth_S level sets from the exact arrangement "
            "(Definitions 8–9); grey = the examples' constraint lines; black = the hard-query lines "
            "a·x = w; dots = each block's exact maximiser (hover for rationals). "
            if d == 1
            else "The (a1, a2, w) space: grey planes = the hard-query planes a·x = w; dots = each block's exact "
            "maximiser (hover for rationals); red = C|HardQuery once it is a line or the point 0. "
        )
        + (
            f"The run's own privacy guarantee is ε = {eps}: {note} (a k that can be drawn), so the ε curve "
            "is the nominal one. "
            if note
            else f"The run's privacy guarantee is ε = {eps} (Lemma 1 holds for every segment). "
        )
        + "err_D is a Monte Carlo estimate under the query law (± Hoeffding half-width). "
        f"Regenerate: <code>geoprivate explore predict --concept halfspaces --d {d}"
        f"{' --repaired' if repaired else ''} --seed {seed} --out page.html</code>. "
        "The run's transcript is embedded as JSON.</p>"
    )
    return page_html(
        fig,
        title=f"geoprivate explorer: G_halfspace collapse, d = {d}" + (f" ({note})" if note else ""),
        intro=intro,
        transcript=predict_transcript(runs, d=d, seed=seed),
        height=1000,
    )
