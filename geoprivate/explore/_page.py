"""One self-contained HTML page: a Plotly figure with a step slider and the run's transcript.

The page has no network dependency: Plotly's JavaScript is embedded
(``include_plotlyjs=True``) and the run's transcript is a JSON block
(``<script type="application/json" id="geoprivate-transcript">``) that the page's
figures were drawn from.  Nothing in the page depends on the clock or on object ids,
so the same run gives the same bytes (:func:`page_html`).
"""

from __future__ import annotations

import html
import json
import math
from fractions import Fraction
from typing import Annotated, Any

from geoprivate._validation import Check, Interval, RealNumber, checked, shown

__all__ = ["require_plotly", "rational", "exact", "slider_layout", "page_html", "TRANSCRIPT_ID", "FIGURE_ID"]

#: id of the JSON block holding the run's transcript
TRANSCRIPT_ID = "geoprivate-transcript"
#: id of the Plotly figure's div
FIGURE_ID = "geoprivate-explorer"


def require_plotly():
    """Import and return ``plotly.graph_objects``; ImportError naming the extra when it is missing.

    Returns
    -------
    module
        ``plotly.graph_objects``.
    """
    try:
        import plotly.graph_objects as go
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError('geoprivate explore needs plotly: pip install ".[explore]"') from exc
    return go


@checked
def rational(v: RealNumber) -> str:
    """The exact value of a number as text: ``p/q`` for a Fraction, the exact binary
    fraction of a float when its denominator is small (≤ 2¹⁶), else its shortest repr.

    Parameters
    ----------
    v : int, float or Fraction
        A real number (±inf allowed; NaN refused).

    Returns
    -------
    str
    """
    if isinstance(v, Fraction):
        return str(v)
    if isinstance(v, float) and not math.isfinite(v):
        return repr(v)
    f = Fraction(v)
    return str(f) if f.denominator <= 2**16 else repr(float(v))


@checked
def exact(v: RealNumber) -> str:
    """``rational(v)`` followed by ``≈ float`` when the two differ (hover text).

    Parameters
    ----------
    v : int, float or Fraction
        A real number (±inf allowed; NaN refused).

    Returns
    -------
    str
    """
    r = rational(v)
    try:
        fl = f"{float(v):.6g}"
    except OverflowError:  # an integer or Fraction beyond the floats: its exact text only
        return r
    return r if r == fl else f"{r} ≈ {fl}"


def _frame_labels(value, name: str) -> list[str]:
    """The frames' names: a non-empty sequence of strings or numbers (as text), distinct."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of frame names, got {type(value).__name__}")
    out = []
    for v in value:
        if isinstance(v, float) and not math.isfinite(v):
            raise ValueError(f"{name} must hold finite numbers or strings, got {v!r}")
        if not isinstance(v, (str, int, float)) or isinstance(v, bool):
            raise TypeError(f"{name} must hold strings or numbers, got {type(v).__name__} {shown(v)}")
        out.append(str(v))
    if not out:
        raise ValueError(f"{name} must name at least one frame")
    if len(set(out)) != len(out):
        raise ValueError(f"{name} must be distinct (a frame is found by its name), got {out[:5]}")
    return out


@checked
def slider_layout(
    labels: Annotated[Any, Check(_frame_labels, kind="array")],
    *,
    prefix: str = "round ",
    duration: Annotated[int, Interval(ge=0, le=600_000)] = 400,
) -> dict:
    """Layout entries (``sliders``, ``updatemenus``) of a slider over the frames named
    ``labels`` (in order) with a play / pause button.  Every step redraws immediately.

    Parameters
    ----------
    labels : sequence of str or numbers
        The frames' names, in order.
    prefix : str
        Shown before the current frame's name.
    duration : int in [0, 600000]
        Milliseconds per frame when playing.

    Returns
    -------
    dict
        ``sliders`` and ``updatemenus``.
    """

    def animate(names, ms):
        return [
            names,
            {
                "mode": "immediate",
                "frame": {"duration": ms, "redraw": True},
                "transition": {"duration": 0},
                "fromcurrent": True,
            },
        ]

    steps = [{"method": "animate", "label": lab, "args": animate([lab], 0)} for lab in labels]
    return {
        "sliders": [
            {
                "active": 0,
                "steps": steps,
                "x": 0.12,
                "len": 0.88,
                "y": -0.06,
                "pad": {"t": 40},
                "currentvalue": {"prefix": prefix, "font": {"size": 15}},
            }
        ],
        "updatemenus": [
            {
                "type": "buttons",
                "direction": "left",
                "x": 0.0,
                "y": -0.06,
                "xanchor": "left",
                "yanchor": "top",
                "pad": {"t": 60},
                "buttons": [
                    {"label": "▶ play", "method": "animate", "args": animate(None, duration)},
                    {
                        "label": "❚❚ pause",
                        "method": "animate",
                        "args": [[None], {"mode": "immediate", "frame": {"duration": 0, "redraw": False}}],
                    },
                ],
            }
        ],
    }


def _portable(data):
    """``data`` with every float at 12 significant digits: the transcript's float estimates (Monte Carlo
    err_D, sums) differ in their last bits with the BLAS thread count, and the page must be the same
    bytes on every machine.  Exact values travel as rational strings and are not touched."""
    if isinstance(data, float):
        return float(f"{data:.12g}")
    if isinstance(data, dict):
        return {k: _portable(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_portable(v) for v in data]
    return data


def _json_block(data) -> str:
    try:
        text = json.dumps(_portable(data), sort_keys=True, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:  # NaN/inf, a non-JSON object
        raise ValueError(f"transcript must be plain JSON (finite numbers, null for none): {exc}") from None
    return text.replace("</", "<\\/")  # cannot close the script element


def _plotly_figure(value, name: str):
    """A :class:`plotly.graph_objects.Figure`."""
    go = require_plotly()
    if not isinstance(value, go.Figure):
        raise TypeError(f"{name} must be a plotly Figure, got {type(value).__name__}")
    return value


@checked
def page_html(
    fig: Annotated[Any, Check(_plotly_figure, kind="object")],
    *,
    title: str,
    intro: str,
    transcript: dict,
    height: Annotated[int, Interval(ge=100, le=100_000)] = 900,
) -> str:
    """The whole page as a string.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        With frames and a slider (:func:`slider_layout`).
    title : str
        The page title (plain text).
    intro : str
        HTML paragraph(s) above the figure: what is drawn and where it comes from.
    transcript : dict
        Plain JSON (no NaN/inf: ``null``) — the run the figure was drawn from.
    height : int in [100, 100000]
        Pixel height of the figure.

    Returns
    -------
    str
        Deterministic: the same figure and transcript give the same text.
    """
    block = _json_block(transcript)
    body = fig.to_html(
        full_html=False,
        include_plotlyjs=True,
        div_id=FIGURE_ID,
        auto_play=False,
        default_height=f"{height}px",
        default_width="100%",
        config={"displaylogo": False, "responsive": True},
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:system-ui,sans-serif;margin:1em 2em;color:#111827}"
        "p{max-width:1100px;line-height:1.4}code{font-size:.9em}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>{intro}{body}"
        f'<script type="application/json" id="{TRANSCRIPT_ID}">{block}</script>'
        "</body></html>\n"
    )
