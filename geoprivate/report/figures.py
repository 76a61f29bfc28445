"""The figures of the report: a registry of ``name -> (title, paper, builder)``.

A builder takes the report's ``size`` ("small" / "medium") and returns a matplotlib
Figure; every builder is seeded, so the same report is drawn twice alike.  Adding a
figure for a newly landed algorithm is one decorated function::

    @report_figure("everlasting_phases", "GenericBBL phase by phase", paper="everlasting")
    def _phases(size):
        ...
        return fig

``geoprivate figures --out DIR`` writes every registered figure as a PNG.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated

from geoprivate._validation import Interval, check_callable, checked
from geoprivate.adversaries import binary_search_sequence
from geoprivate.claims._registry import Size
from geoprivate.learners.winnow import dp_winnow, lemma_4_6_sample_size, majority_sequence, practical_parameters, winnow
from geoprivate.mechanisms import log_star_median_sample_size, median_sample_size
from geoprivate.prediction import G_halfspace_repaired, G_oblivious, GenericPredictor
from geoprivate.prediction.problems import make_problem
from geoprivate.privacy.warnings import PrivacyWarning
from geoprivate.report.explorers import Paper
from geoprivate.viz.collapse import (
    collapse_run,
    draw_collapse_comparison,
    draw_collapse_d1,
    draw_collapse_slices,
)
from geoprivate.viz.everlasting import draw_phases, phases_run
from geoprivate.viz.provenance import DATA_KEY, FigureArg, data_json, figure_data, png_with_text
from geoprivate.viz.shrinkage import (
    SHOWCASE_DELTA,
    SHOWCASE_EPSILON,
    draw_err_D,
    draw_hard_queries_vs_T,
    draw_oblivious_L,
    draw_privacy_spent,
    hard_queries_sweep,
    illustrative_note,
    lemma1_k,
)
from geoprivate.viz.vc1 import draw_learner_run, figure1_run
from geoprivate.viz.winnow import draw_dp_winnow_run

__all__ = ["ReportFigure", "FIGURES", "UnknownFigure", "report_figure", "build_figure", "figure_png"]

#: the dots per inch a PNG is drawn at (as `geoprivate figures --dpi`): below 20 the fonts cannot be rendered
Dpi = Annotated[int, Interval(ge=20, le=1200)]


class UnknownFigure(KeyError, ValueError):
    """A figure name that is not registered (a ``KeyError`` and a ``ValueError``)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@checked
@dataclass(frozen=True)
class ReportFigure:
    """A registered figure: ``builder(size) -> Figure``, its title, paper and caption."""

    name: str
    title: str
    paper: Paper
    builder: Callable
    caption: str = ""


#: name -> ReportFigure, in registration order
FIGURES: dict[str, ReportFigure] = {}


@checked
def report_figure(name: str, title: str, *, paper: Paper, caption: str = "") -> Callable:
    """Register ``builder(size) -> Figure`` as a report figure.

    Parameters
    ----------
    name : str
        The figure's name (its file: ``<name>.png``).
    title : str
    paper : str
        The paper it illustrates.
    caption : str
        What the figure shows and from which run.

    Returns
    -------
    callable
        The decorator (it returns the builder unchanged).
    """
    if not name.isidentifier():
        raise ValueError(f"name must be an identifier (it names the figure's file), got {name!r}")

    def deco(fn):
        check_callable(fn, "the decorated builder")
        if name in FIGURES and FIGURES[name].builder is not fn:
            raise ValueError(f"report figure {name!r} registered twice")
        FIGURES[name] = ReportFigure(name, title, paper, fn, caption)
        return fn

    return deco


@checked
def build_figure(name: str, size: Size = "small"):
    """The Figure of a registered name.

    Parameters
    ----------
    name : str
        A key of :data:`FIGURES`.
    size : {"small", "medium"}
        The report's size.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    UnknownFigure
        (a ``KeyError`` and a ``ValueError``) listing the names.
    """
    try:
        fig = FIGURES[name]
    except KeyError:
        raise UnknownFigure(f"unknown figure {name!r} (name); known: {', '.join(FIGURES)}") from None
    return fig.builder(size)


@checked
def figure_png(fig: FigureArg, dpi: Dpi = 110) -> bytes:
    """PNG bytes of a Figure (Agg canvas; no pyplot), carrying the data it shows
    (:func:`geoprivate.viz.provenance.figure_data`, under ``geoprivate:data``).

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    dpi : int in [20, 1200], default 110

    Returns
    -------
    bytes
    """
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return png_with_text(buf.getvalue(), DATA_KEY, data_json(figure_data(fig, dpi=dpi)))


def _illustrative(run, *args, **kwargs):
    """A collapse run: k = 6 blocks, so few that the arrangement can be drawn — outside [Yan26] Lemma 1.

    Its PrivacyWarning is not repeated: the figure's title says "illustrative, not private" and names the
    condition (:func:`_titled`).
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        return run(*args, **kwargs)


def _titled(fig, result):
    """Put the run's privacy note (empty when private as run) above the figure's title."""
    note = illustrative_note(result)
    if note:
        fig.suptitle(f"{note}\n{fig.get_suptitle()}", fontsize=11)
    return fig


@report_figure(
    "collapse_d1",
    "Feasible-region collapse of G_halfspace, d = 1",
    paper="shrinkage",
    caption="Dual (a, w) plane of [Yan26] §5.2. Shading: cdepth_S level sets (exact arrangement); grey: "
    "the examples' constraint lines (margin form); black: hard-query lines a·x = w through the "
    "origin; dots: each block's cdepth maximiser (Algorithm 4). Illustrative, not private (k = 6 blocks, so that the arrangement can be drawn): the title names Lemma 1's k.",
)
def _collapse(size):
    pred, res = _illustrative(collapse_run, 1, seed=4)
    return _titled(draw_collapse_d1(pred, res), res)


@report_figure(
    "collapse_d2",
    "C|HardQuery of G_halfspace, d = 2, in its own coordinates",
    paper="shrinkage",
    caption="The same run structure in ℝ²: (a1, a2, w) space, then the plane, the line and the point cut "
    "out by the hard queries; on the plane the cdepth_S levels of the restricted arrangement, on "
    "the line depth_S and cdepth_S along it. Illustrative, not private (k = 6 blocks, so that the arrangement can be drawn): the title names Lemma 1's k.",
)
def _collapse_d2(size):
    pred, res = _illustrative(collapse_run, 2, seed=2)
    return _titled(draw_collapse_slices(pred, res), res)


def _oblivious_run(T=1000):
    k = lemma1_k()  # private as run: [Yan26] Lemma 1 holds for every BetweenThresholds segment
    P = make_problem("thresholds", k * 20, rng=0)
    pred = GenericPredictor(
        G_oblivious(P.concept), P.X, P.y, k=k, m=20, epsilon=SHOWCASE_EPSILON, delta=SHOWCASE_DELTA, rng=1
    )
    return pred.run(binary_search_sequence(T), T, target=P.target, track_L=True)


@report_figure(
    "oblivious_L",
    "G_oblivious against the binary-search sequence",
    paper="shrinkage",
    caption="Thresholds, T = 1000, k = Lemma 1's k for ε_BT = 1/2, δ = 10⁻⁶ and the gap 1/4 (blocks of m = 20; "
    "the run's privacy guarantee applies). |L| is exact.",
)
def _oblivious(size):
    return draw_oblivious_L(_oblivious_run(), vc=1)


@report_figure(
    "hard_queries_vs_T",
    "Hard queries against T",
    paper="shrinkage",
    caption="Thresholds, binary-search adversary, k = Lemma 1's k, m = 20, ε_BT = 1/2, δ = 10⁻⁶ (private as run).",
)
def _hard_vs_T(size):
    Ts = [10, 100, 1000, 10000] if size == "small" else [10, 30, 100, 300, 1000, 3000, 10000, 30000, 100000]

    sweep = hard_queries_sweep(Ts, k=lemma1_k(), epsilon=SHOWCASE_EPSILON, delta=SHOWCASE_DELTA)
    return draw_hard_queries_vs_T(sweep)


@report_figure(
    "privacy_spent",
    "Privacy spent over the rounds",
    paper="shrinkage",
    caption="The run of 'oblivious_L': ε after each round (Lemma 1's gap condition holds at its k, so the "
    "curve is the run's own guarantee).",
)
def _privacy(size):
    return draw_privacy_spent(_oblivious_run())


@report_figure(
    "vc1_tree",
    "OPTPrivateLearner on the class of [Yan25] Figure 1",
    paper="vc1",
    caption="Practical mode (t = 50 parts, N = 1000, ε = 3, δ = 0.1): deterministic points shaded by "
    "count, the private median layer, x_good in red, the output node ringed.",
)
def _vc1_tree(size):
    learner, _, _, h, c = figure1_run(seed=0)
    title = f"OPTPrivateLearner, target h_{c + 1}, error {h.error(learner.cls.M[c]):.3f}"
    ax = draw_learner_run(learner, h, title=title)
    return ax.figure


@report_figure(
    "collapse_d1_repaired",
    "Faithful G_halfspace vs G_halfspace_repaired, d = 1",
    paper="shrinkage",
    caption="The run of 'collapse_d1' (same data, same seeds) with the paper's Algorithm 4 (top) and the "
    "repaired generator (bottom), which never cuts C|HardQuery below dimension 1: the boundary "
    "comes from the hard queries, the orientation from each block's sample. Illustrative, not private (k = 6 blocks, so that the arrangement can be drawn): the title names Lemma 1's k.",
)
def _collapse_repaired(size):
    faithful = _illustrative(collapse_run, 1, seed=4)
    repaired = _illustrative(collapse_run, 1, seed=4, generator=G_halfspace_repaired(1, form="margin"))
    fig = draw_collapse_comparison([("G_halfspace (Alg. 4)", *faithful), ("G_halfspace_repaired", *repaired)])
    return _titled(fig, faithful[1])


@report_figure(
    "err_D_rounds",
    "err_D of the round's predictor, thresholds at Lemma 1's k",
    paper="shrinkage",
    caption="G_oblivious on thresholds against the binary-search sequence, T = 1000, ε_BT = 0.5, "
    "δ_BT = 10⁻⁶, k = Lemma 1's k for the gap 1/4 (the run's privacy guarantee applies); "
    "err_D exact under the uniform law.",
)
def _err_D(size):
    eps, delta, T = SHOWCASE_EPSILON, SHOWCASE_DELTA, 1000
    k = lemma1_k(eps, delta)
    P = make_problem("thresholds", k * 20, rng=0)
    pred = GenericPredictor(G_oblivious(P.concept), P.X, P.y, k=k, m=20, epsilon=eps, delta=delta, rng=1)
    res = pred.run(binary_search_sequence(T), T, target=P.target, law=P.sampler)
    return draw_err_D(res, title=f"err_D per segment (k = {k}, ε spent = {res.guarantee.epsilon:.3g})")


@report_figure(
    "everlasting_phases",
    "GenericBBL phase by phase (practical mode)",
    paper="everlasting",
    caption="Thresholds on [0, 1), uniform D; three phases with scaled constants (recorded in the result). "
    "Practical mode: the privacy theorem does not apply (the title names the failing conditions; a private "
    "run is one phase: geoprivate everlasting); err_D exact.",
)
def _everlasting(size):
    return draw_phases(phases_run(seed=0))


@report_figure(
    "dp_winnow_run",
    "DP-Winnow: mistakes and updates over the rounds",
    paper="winnow",
    caption="Majority of 3 of d = 200 coordinates (margin 1/3), practical parameters (ε̂ = 1, η = ρ/4, m "
    "from Lemma 4.6). The accounted ε in the title is astronomically large at this T: the figure "
    "shows the mechanics, not a meaningful private run.",
)
def _winnow(size):
    from matplotlib.figure import Figure

    T, d = (5_000, 200) if size == "small" else (20_000, 200)
    X, y, v, rho = majority_sequence(T, d, 3, rng=1)
    p = practical_parameters(T, d, rho, eps_hat=1.0, eta=rho / 4, m=lemma_4_6_sample_size(T, 0.05, 0.5, rho))
    run = dp_winnow(X, y, p, rng=2, target=v)
    fig = Figure(figsize=(7, 4), layout="constrained")
    draw_dp_winnow_run(run, baseline=winnow(X, y, eta=rho / 4), ax=fig.add_subplot(111))
    return fig


@report_figure(
    "median_bounds",
    "PrivateMedian: proven sample sizes against |X|",
    paper="vc1",
    caption="Smallest n each proof guarantees an α-median w.p. ≥ 1 − β (α = 1/3, β = 0.1, ε = 1, "
    "δ = 10⁻⁶): the exponential-mechanism median, 2 ln(|X|/β)/(αε), and the toolkit's log* "
    "construction RecPrefix-R (docs/interior_point.md §5; not Theorem 9's n_PM). Measured "
    "curves: benchmarks/bench_median.py.",
)
def _median(size):
    from matplotlib.figure import Figure

    bits = [4, 8, 16, 32, 64, 128, 256, 512, 1024, 4096, 2**14]
    em = [median_sample_size(2**b, 1 / 3, 0.1, 1.0) for b in bits]
    ls = [log_star_median_sample_size(2**b, 1 / 3, 0.1, 1.0, 1e-6) for b in bits]
    fig = Figure(figsize=(6.5, 4.2), layout="constrained")
    ax = fig.add_subplot(111)
    ax.loglog(bits, em, "o-", base=2, label="exponential mechanism (ln|X|)")
    ax.loglog(bits, ls, "s-", base=2, label="log* construction (RecPrefix-R)")
    ax.set_xlabel("log₂ |X|")
    ax.set_ylabel("proven sample size n")
    ax.set_title("PrivateMedian: proven n against the domain size", fontsize=10)
    ax.legend(fontsize=9)
    return fig
