"""DP-Winnow over the rounds ([BF26] Algorithm 4.2): cumulative mistakes and updates.

One panel: cumulative mistakes of DP-Winnow (and, optionally, of non-private Winnow on the
same sequence) against the round, with the update rounds (AboveThreshold firing, k < K)
as ticks, and the paper's bounds (Lemma 4.7's update bound, Theorem 4.5's mistake bound)
as horizontal lines when they fit the axis.

Uses :class:`matplotlib.figure.Figure` directly (no pyplot), so it runs headless.
"""

from __future__ import annotations

from typing import Annotated

import numpy as np

from geoprivate._validation import Joint, checked
from geoprivate.learners.winnow import ConfidentWinnowRun, DPWinnowRun
from geoprivate.viz.provenance import AxesArg

__all__ = ["draw_dp_winnow_run"]


@checked
def draw_dp_winnow_run(
    run: DPWinnowRun,
    *,
    baseline: Annotated[ConfidentWinnowRun, Joint("a run on the same sequence as run")] | None = None,
    ax: AxesArg | None = None,
    title: str | None = None,
    show_bounds: bool = True,
):
    """Draw a :class:`geoprivate.learners.winnow.DPWinnowRun`.

    Parameters
    ----------
    run : DPWinnowRun
    baseline : ConfidentWinnowRun, optional
        A non-private run on the same sequence (its ``mistakes`` are round indices).
    ax : matplotlib.axes.Axes, optional (a new Figure is made when omitted)
    title : str, optional
    show_bounds : bool
        Draw Lemma 4.7's update bound and Theorem 4.5's mistake bound if they are within
        3x the largest plotted count (they usually are not: the figure then says so).

    Returns
    -------
    matplotlib.axes.Axes
    """
    T = run.mistakes.size
    if baseline is not None and not isinstance(baseline, ConfidentWinnowRun):
        raise TypeError(f"baseline must be a ConfidentWinnowRun or None, got {type(baseline).__name__}")
    if baseline is not None and len(baseline.mistakes) and max(baseline.mistakes) >= T:
        raise ValueError(
            f"baseline must be a run on the same sequence as run ({T} rounds), got a mistake at round {max(baseline.mistakes)}"
        )
    if ax is None:
        from matplotlib.figure import Figure

        ax = Figure(figsize=(7.0, 3.6)).add_subplot(111)
    rounds = np.arange(1, T + 1)
    cum = np.cumsum(run.mistakes)
    ax.plot(rounds, cum, color="#2563eb", lw=1.6, label=f"DP-Winnow mistakes ({int(cum[-1])})")
    ups = np.asarray(run.update_rounds, dtype=np.intp)
    cum_up = np.searchsorted(ups, np.arange(T), side="right")
    ax.step(rounds, cum_up, where="post", color="#dc2626", lw=1.2, label=f"updates ({ups.size})")
    top = max(int(cum[-1]), ups.size, 1)
    if baseline is not None:
        base = np.zeros(T, dtype=np.int64)
        base[np.asarray(baseline.mistakes, dtype=np.intp)] = 1
        cb = np.cumsum(base)
        ax.plot(rounds, cb, color="0.35", lw=1.2, ls="--", label=f"Winnow mistakes ({int(cb[-1])})")
        top = max(top, int(cb[-1]))
    if ups.size:
        ax.plot(ups + 1, np.zeros(ups.size), "|", color="#dc2626", ms=8)
    notes = []
    if show_bounds:
        p = run.params
        for value, name, color in (
            (p.update_bound, "Lemma 4.7 update bound", "#dc2626"),
            (p.mistake_bound, "Thm 4.5 mistake bound", "#2563eb"),
        ):
            if np.isfinite(value) and value <= 3 * top:
                ax.axhline(value, color=color, ls=":", lw=1.0, label=f"{name} ({value:.3g})")
            else:
                notes.append(f"{name} = {value:.3g}")
    ax.set_xlabel("round t")
    ax.set_ylabel("cumulative count")
    eps = run.guarantee.epsilon
    default = f"DP-Winnow ({run.params.mode} mode, ε = {eps:.3g}, δ = {run.guarantee.delta:.2g})"
    ax.set_title(title or default, fontsize=10)
    if notes:
        ax.text(
            0.99,
            0.02,
            "off the axis: " + "; ".join(notes),
            transform=ax.transAxes,
            ha="right",
            va="bottom",
            fontsize=7,
            color="0.3",
        )
    ax.legend(fontsize=8, loc="upper left")
    return ax
