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

__all__ = ["require_plotly", "rational", "exact", "slider_layout", "page_html", "TRANSCRIPT_ID", "FIGURE_ID"]

#: id of the JSON block holding the run's transcript
TRANSCRIPT_ID = "geoprivate-transcript"
#: id of the Plotly figure's div
FIGURE_ID = "geoprivate-explorer"


def require_plotly():
    """Import and return ``plotly.graph_objects``; ImportError naming the extra when it is missing."""
    try:
        import plotly.graph_objects as go
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError('geoprivate explore needs plotly: pip install ".[explore]"') from exc
    return go


def rational(v) -> str:
    """The exact value of a number as text: ``p/q`` for a Fraction, the exact binary
    fraction of a float when its denominator is small (≤ 2¹⁶), else its shortest repr."""
    if isinstance(v, Fraction):
        return str(v)
    if isinstance(v, float) and not math.isfinite(v):
        return repr(v)
    f = Fraction(v)
    return str(f) if f.denominator <= 2**16 else repr(float(v))


def exact(v) -> str:
    """``rational(v)`` followed by ``≈ float`` when the two differ (hover text)."""
    r = rational(v)
    fl = f"{float(v):.6g}"
    return r if r == fl else f"{r} ≈ {fl}"


def slider_layout(labels, *, prefix: str = "round ", duration: int = 400) -> dict:
    """Layout entries (``sliders``, ``updatemenus``) of a slider over the frames named
    ``labels`` (in order) with a play / pause button.  Every step redraws immediately."""

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

    steps = [{"method": "animate", "label": str(lab), "args": animate([str(lab)], 0)} for lab in labels]
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
    text = json.dumps(_portable(data), sort_keys=True, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.replace("</", "<\\/")  # cannot close the script element


def page_html(fig, *, title: str, intro: str, transcript: dict, height: int = 900) -> str:
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
    height : int
        Pixel height of the figure.

    Returns
    -------
    str
        Deterministic: the same figure and transcript give the same text.
    """
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
        f'<script type="application/json" id="{TRANSCRIPT_ID}">{_json_block(transcript)}</script>'
        "</body></html>\n"
    )
