"""Explorer of a GenericBBL run ([NNSY23] §5, Algorithm GenericBBL), phase by phase.

One slider step per phase i: |S_i| and R_i (the labelled database and the queries
answered in the phase), the TOPs BetweenThresholds used against its cap c_i, and err_D of
the phase's hypotheses (mean and max) against Theorem 5.2's 6α.  The bars of the phases
not yet reached are empty.  The run is :func:`geoprivate.viz.everlasting.phases_run` —
the run of the report's figure.
"""

from __future__ import annotations

import math

from geoprivate._validation import Seed, checked
from geoprivate.everlasting.generic_bbl import EverlastingResult
from geoprivate.explore._page import exact, page_html, require_plotly, slider_layout
from geoprivate.viz.everlasting import everlasting_note, phases_run

__all__ = ["everlasting_transcript", "everlasting_figure", "everlasting_page"]


def _clean(v):
    """JSON value with non-finite floats as None (recursively)."""
    if isinstance(v, float):
        return v if math.isfinite(v) else None
    if isinstance(v, dict):
        return {k: _clean(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_clean(x) for x in v]
    return v


@checked
def everlasting_transcript(result: EverlastingResult, *, seed: Seed) -> dict:
    """The JSON embedded in the page: ``result.to_dict()`` without wall-clock seconds.

    Parameters
    ----------
    result : EverlastingResult
        A GenericBBL run.
    seed : int
        Its seed (recorded).

    Returns
    -------
    dict
        Plain JSON (non-finite floats as null).
    """
    d = result.to_dict()
    d.pop("seconds", None)
    for p in d["phases"]:
        p.pop("seconds", None)
    return _clean({"what": "[NNSY23] GenericBBL (§5)", "seed": seed, "result": d})


def _phase_traces(go, phases, upto: int) -> list:
    """The five traces of a frame: |S_i| and R_i, TOPs / c_i, mean and max err_D of phases 1..``upto``.

    Parameters
    ----------
    go : module
        ``plotly.graph_objects``.
    phases : list
        The run's phase records (``result.phases``).
    upto : int
        How many phases the frame shows.

    Returns
    -------
    list
        Two bars for panel 1, one for panel 2, two lines for panel 3 (that order).
    """
    shown = phases[:upto]
    xs = [p.i for p in shown]
    return [
        go.Bar(
            x=xs,
            y=[p.S for p in shown],
            name="|S_i|",
            uid="S",
            marker_color="#2563eb",
            hovertext=[f"phase {p.i}: |S_i| = {p.S}, λ_i = {p.lam}, T_i = {p.T}" for p in shown],
            hoverinfo="text",
        ),
        go.Bar(
            x=xs,
            y=[p.R for p in shown],
            name="R_i",
            uid="R",
            marker_color="#93c5fd",
            hovertext=[f"phase {p.i}: R_i = {p.R} queries, answered {p.answered}" for p in shown],
            hoverinfo="text",
        ),
        go.Bar(
            x=xs,
            y=[p.tops / p.c for p in shown],
            name="TOPs / c_i",
            uid="tops",
            marker_color="#dc2626",
            hovertext=[
                f"phase {p.i}: TOPs = {p.tops} of c_i = {p.c} ({exact(p.tops / p.c)}){' — failed' if p.failed else ''}"
                for p in shown
            ],
            hoverinfo="text",
        ),
        go.Scatter(
            x=xs,
            y=[p.err_D_mean for p in shown],
            mode="lines+markers",
            name="mean err_D(h_ij)",
            uid="mean",
            hovertext=[f"phase {p.i}: mean err_D = {exact(p.err_D_mean)} ({p.err_D_method})" for p in shown],
            hoverinfo="text",
        ),
        go.Scatter(
            x=xs,
            y=[p.err_D_max for p in shown],
            mode="lines+markers",
            name="max err_D(h_ij)",
            uid="max",
            hovertext=[f"phase {p.i}: max err_D = {exact(p.err_D_max)} ({p.err_D_method})" for p in shown],
            hoverinfo="text",
        ),
    ]


def _phase_title(result, k: int) -> str:
    """The title of frame ``k`` (phase k's sizes, TOPs and err_D against 6α)."""
    ph = result.phases
    p = ph[k - 1]
    return (
        f"phase {p.i} of {len(ph)}: |S_i| = {p.S}, R_i = {p.R}, TOPs {p.tops} / c_i = {p.c}, "
        f"mean err_D = {p.err_D_mean:.4g}, max err_D = {p.err_D_max:.4g} (6α = {result.six_alpha:.3g})"
    )


@checked
def everlasting_figure(result: EverlastingResult):
    """Three panels (sizes, TOPs / c_i, err_D) with one frame per phase of a GenericBBL run ([NNSY23] §5).

    Parameters
    ----------
    result : the run's result (:meth:`geoprivate.everlasting.GenericBBL.run`)
        Its ``phases`` and ``six_alpha`` (Theorem 5.2's accuracy target).

    Returns
    -------
    plotly.graph_objects.Figure
        With a slider over the phases (:func:`geoprivate.explore._page.slider_layout`).
    """
    go = require_plotly()
    from plotly.subplots import make_subplots

    ph = result.phases
    names = [str(p.i) for p in ph]
    fig = make_subplots(
        rows=1,
        cols=3,
        subplot_titles=("|S_i| and R_i (log scale)", "TOPs used / c_i", "err_D of the phase's hypotheses"),
    )
    cols = (1, 1, 2, 3, 3)
    for tr, col in zip(_phase_traces(go, ph, 1), cols, strict=True):
        fig.add_trace(tr, row=1, col=col)
    fig.add_trace(
        go.Scatter(
            x=[0.5, len(ph) + 0.5],
            y=[result.six_alpha] * 2,
            mode="lines",
            name="6α (Theorem 5.2)",
            line={"color": "red", "dash": "dot"},
            hoverinfo="name+y",
        ),
        row=1,
        col=3,
    )
    idx = list(range(5))
    fig.frames = [
        go.Frame(
            name=names[k - 1],
            data=_phase_traces(go, ph, k),
            traces=idx,
            layout={"title": {"text": _phase_title(result, k)}},
        )
        for k in range(1, len(ph) + 1)
    ]
    for col in (1, 2, 3):
        fig.update_xaxes(range=[0.5, len(ph) + 0.5], title_text="phase i", dtick=1, row=1, col=col)
    top = max(max(p.S, p.R) for p in ph)
    fig.update_yaxes(type="log", range=[0, math.log10(top) + 0.3], row=1, col=1)
    fig.update_yaxes(range=[0, (max(p.tops / p.c for p in ph) or 1.0) * 1.15], row=1, col=2)
    fig.update_yaxes(range=[0, max(result.six_alpha, max(p.err_D_max for p in ph)) * 1.1], row=1, col=3)
    fig.update_layout(
        title={"text": _phase_title(result, 1), "font": {"size": 13}, "x": 0.01},
        barmode="group",
        template="plotly_white",
        margin={"t": 110, "b": 150},
        **slider_layout(names, prefix="phase ", duration=900),
    )
    return fig


@checked
def everlasting_page(*, seed: Seed = 0) -> str:
    """The page of ``geoprivate explore everlasting --seed S`` (HTML text; same seed, same bytes).

    Parameters
    ----------
    seed : int, default 0
        The run's seed (:func:`geoprivate.viz.everlasting.phases_run`).

    Returns
    -------
    str
        The page's HTML.
    """
    res = phases_run(seed)
    g = res.guarantee
    note = everlasting_note(res)
    intro = (
        f"<p>[NNSY23] GenericBBL (§5) on {res.problem}, {res.parameters.mode} mode, seed {seed}, "
        f"{len(res.phases)} phases. The slider walks through the phases: the labelled database S_i, the "
        "R_i queries answered, BetweenThresholds' TOPs against its cap c_i, and err_D of the phase's "
        "hypotheses against Theorem 5.2's 6α (hover for the exact values). The run's privacy guarantee: "
        f"ε = {'∞ (the theorem does not apply in practical mode)' if math.isinf(g.epsilon) else g.epsilon}. "
        f"Regenerate: <code>geoprivate explore everlasting --seed {seed} --out page.html</code>. "
        "The run's record is embedded as JSON.</p>"
    )
    return page_html(
        everlasting_figure(res),
        title="geoprivate explorer: GenericBBL phase by phase" + (f" ({note})" if note else ""),
        intro=intro,
        transcript=everlasting_transcript(res, seed=seed),
        height=620,
    )
