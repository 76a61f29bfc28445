"""Figures of [Yan26] (*Private Prediction via Shrinkage*) runs of GenericPredictor.

* :func:`draw_oblivious_L` — G_oblivious (Algorithm 3) against a fixed sequence: |L|
  (label sequences of the whole sequence still realisable by C|HardQuery, exact) against
  the round, TOPs marked, Sauer's bound on |L₀|; and the TOP count against log₂|L₀|
  (Claim 5's budget).
* :func:`draw_hard_queries_vs_T` — hard queries (privacy-paying rounds) against T on a
  log axis: shrinkage vs the composition baseline (every round pays) vs the bound
  log₂ Sauer(T, VC) of Claim 5; :func:`hard_queries_sweep` produces the numbers.
* :func:`draw_privacy_spent` — ε spent over the rounds of a run (Observation 1 and
  Theorem 3 over the BetweenThresholds segments so far) beside the composition baseline.
* :func:`draw_err_D` — accuracy as Definition 1 defines it: err_D(c, h_j) per segment
  beside Claim 13's bound 4·mean_i err_D(c, f_{i,j}).

All return a :class:`matplotlib.figure.Figure` built without pyplot.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Interval,
    OpenDelta,
    Positive,
    Probability,
    checked,
    shown,
)
from geoprivate.adversaries import binary_search_sequence
from geoprivate.mechanisms import min_gap
from geoprivate.prediction import G_oblivious, GenericPredictor, PredictionResult, privacy_total
from geoprivate.prediction.problems import make_problem
from geoprivate.viz.provenance import AxesArg, RunEpsilon
from solvers.combinatorics import sauer_bound

__all__ = [
    "SHOWCASE_EPSILON",
    "SHOWCASE_DELTA",
    "SHOWCASE_GAP",
    "lemma1_k",
    "illustrative_note",
    "draw_oblivious_L",
    "hard_queries_sweep",
    "draw_hard_queries_vs_T",
    "privacy_curve",
    "draw_privacy_spent",
    "draw_err_D",
]


#: BetweenThresholds of the showcase runs (figures, explorer): ε_BT = 1/2, δ_BT = 10⁻⁶ and the gap 1/4 of
#: GenericPredictor's thresholds 1/2 ± 1/8; Lemma 1's k for them is :func:`lemma1_k`'s default
SHOWCASE_EPSILON, SHOWCASE_DELTA, SHOWCASE_GAP = 0.5, 1e-6, 0.25

#: the most queries of a run of :func:`hard_queries_sweep` (the report's medium sweep reaches 10⁵)
MAX_SWEEP_T = 10**6

#: the most examples k·m of the runs of :func:`hard_queries_sweep` (make_problem's cap)
MAX_SWEEP_N = 10**8


def _sizes(value, name: str) -> list[int]:
    """A non-empty sequence of numbers of queries: integers in [1, MAX_SWEEP_T]."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of integers, got {type(value).__name__}")
    out = []
    for v in value:
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{name} must hold integers, got {type(v).__name__} {shown(v)}")
        if not 1 <= v <= MAX_SWEEP_T:
            raise ValueError(f"{name} must hold integers in [1, {MAX_SWEEP_T}], got {shown(v)}")
        out.append(int(v))
    if not out:
        raise ValueError(f"{name} must hold at least one T")
    return out


def _sweep(value, name: str) -> dict:
    """:func:`hard_queries_sweep`'s output: four lists of finite numbers of one length (T > 0)."""
    if not isinstance(value, dict):
        raise TypeError(f"{name} must be hard_queries_sweep's dict, got {type(value).__name__}")
    keys = ("T", "shrinkage", "composition", "bound")
    if any(k not in value for k in keys):
        raise ValueError(f"{name} must have the keys {keys}, got {sorted(value)}")
    cols = {k: np.asarray(value[k], dtype=object) for k in keys}
    n = len(cols["T"])
    for k, col in cols.items():
        if col.ndim != 1 or len(col) != n:
            raise ValueError(f"{name}[{k!r}] must be a list of {n} numbers, got shape {col.shape}")
        try:
            arr = np.asarray(value[k], dtype=float)
        except (TypeError, ValueError, OverflowError):
            raise TypeError(f"{name}[{k!r}] must hold numbers, got {shown(value[k])}") from None
        if not np.isfinite(arr).all() or (arr < 0).any() or (k == "T" and (arr <= 0).any()):
            raise ValueError(f"{name}[{k!r}] must hold finite numbers >= 0 (T > 0), got {shown(value[k])}")
    if n == 0:
        raise ValueError(f"{name} must hold at least one T")
    return value


@checked
def lemma1_k(
    epsilon: Probability = SHOWCASE_EPSILON, delta: OpenDelta = SHOWCASE_DELTA, gap: Positive = SHOWCASE_GAP
) -> int:
    """Smallest number of blocks k for which [Yan26] Lemma 1 proves BetweenThresholds (ε, δ)-DP at this gap.

    Parameters
    ----------
    epsilon, delta : float in (0, 1)
        BetweenThresholds' privacy parameters (default the showcase's 1/2 and 10⁻⁶).
    gap : float
        The threshold gap t_u − t_l (default 1/4, GenericPredictor's).

    Returns
    -------
    int
        ⌈min_gap(ε, δ, 1) / gap⌉: the database size n = k meeting Lemma 1.
    """
    k = min_gap(epsilon, delta, 1) / gap
    if not k < 2**63:
        raise ValueError(f"epsilon = {epsilon!r}, gap = {gap!r}: Lemma 1's k = min_gap/gap = {k:.3g} is beyond any run")
    return math.ceil(k)


@checked
def illustrative_note(result: PredictionResult) -> str:
    """``""`` when a GenericPredictor run is private as run, else the title line of an illustrative picture.

    The line names the failing condition, computed from the run's parameters: "illustrative, not private:
    [Yan26] Lemma 1 needs ε_BT < 1 and k ≥ 1710 (at ε_BT = 0.5, δ = 1e-06); this run: ε_BT = 4, k = 6".

    Parameters
    ----------
    result : PredictionResult
        A GenericPredictor run.

    Returns
    -------
    str
        Empty when ``result.privacy_applies``.
    """
    if result.privacy_applies:
        return ""
    p = result.params
    eps, k, gap = float(p["epsilon_bt"]), int(p["k"]), float(p["t_upper"]) - float(p["t_lower"])
    d = p.get("delta_bt")
    e_need = eps if 0 < eps < 1 else SHOWCASE_EPSILON
    d_need = float(d) if d is not None and 0 < float(d) < 1 else SHOWCASE_DELTA
    need = ("ε_BT < 1 and " if not eps < 1 else "") + f"k ≥ {lemma1_k(e_need, d_need, gap)}"
    return (
        f"illustrative, not private: [Yan26] Lemma 1 needs {need} (at ε_BT = {e_need:g}, δ = {d_need:g}); "
        f"this run: ε_BT = {eps:g}, k = {k}"
    )


def _figure(w, h, ncols=1):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(w, h), layout="constrained")
    return fig, fig.subplots(1, ncols, squeeze=False)[0]


def _steps(T, hard_rounds, values):
    """Round-indexed step values: values[i] holds from hard_rounds[i-1] + 1 on (values[0] from 0)."""
    out = np.empty(T + 1, dtype=float)
    out[:] = values[0]
    for r, v in zip(hard_rounds, values[1:], strict=False):
        out[r + 1 :] = v
    return out


@checked
def draw_oblivious_L(
    result: PredictionResult,
    *,
    vc: Annotated[int, Interval(ge=0, le=10**6)],
    n_distinct: Annotated[int, Interval(ge=1, le=10**9)] | None = None,
    title: str | None = None,
):
    """|L| against the round for a G_oblivious run made with ``track_L=True``.

    Parameters
    ----------
    result : PredictionResult
        ``result.L_sizes`` (|L| after 0, 1, … hard queries) and its hard rounds.
    vc : int
        VC dimension of the class (Sauer's bound Σ_{i≤vc} C(n, i) on |L₀|).
    n_distinct : int, optional
        Number of distinct query points (default: counted from the transcript).
    title : str, optional
        The figure's title.

    Returns
    -------
    Figure with two axes: |L| (log scale) and the cumulative TOP count.
    """
    if not result.L_sizes:
        raise ValueError("result has no L_sizes: run GenericPredictor.run(..., track_L=True)")
    T, hard = result.T, list(result.hard_rounds)
    n = n_distinct if n_distinct is not None else len(np.unique(np.asarray(result.transcript.points), axis=0))
    sauer = sauer_bound(n, vc)
    fig, (ax, ax2) = _figure(11, 4.2, 2)
    rounds = np.arange(T + 1)
    ax.step(rounds, _steps(T, hard, result.L_sizes), where="post", color="#2563eb", lw=2, label="|L| (exact)")
    ax.scatter(
        hard,
        [result.L_sizes[i + 1] for i in range(len(hard))],
        marker="v",
        s=60,
        color="#dc2626",
        zorder=3,
        label="TOP (hard query)",
    )
    ax.axhline(sauer, color="#6b7280", ls="--", label=f"Sauer's bound on |L₀|: {sauer}")
    ax.set_yscale("log")
    ax.set_xlabel("round j")
    ax.set_ylabel("|L| = label sequences still realisable")
    ax.set_title("G_oblivious: the version space on the fixed sequence", fontsize=11)
    ax.legend(fontsize=9, loc="center right")
    tops = _steps(T, hard, list(range(len(hard) + 1)))
    log_l0 = math.log2(result.L_sizes[0])
    ax2.step(rounds, tops, where="post", color="#dc2626", lw=2, label="TOPs so far")
    ax2.axhline(log_l0, color="#2563eb", ls="--", label=f"log₂|L₀| = {log_l0:.2f}")
    ax2.set_xlabel("round j")
    ax2.set_ylabel("hard queries (TOPs)")
    ax2.set_ylim(0, max(log_l0, len(hard)) * 1.15 + 0.5)
    ax2.set_title("TOPs vs Claim 5's budget log₂|L₀|", fontsize=11)
    ax2.legend(fontsize=9, loc="upper left")
    fig.suptitle(title or f"[Yan26] Algorithm 3 (Claim 5): T = {T}, VC = {vc}, {len(hard)} hard queries", fontsize=12)
    return fig


@checked
def hard_queries_sweep(
    Ts: Annotated[Any, Check(_sizes, kind="array")],
    *,
    k: Annotated[int, Interval(ge=1, le=MAX_SWEEP_N)] = 300,
    m: Annotated[int, Interval(ge=1, le=MAX_SWEEP_N)] = 20,
    epsilon: RunEpsilon = 1.0,
    delta: OpenDelta | None = None,
    seed: Annotated[int, Interval(ge=0, le=2**62)] = 0,
):
    """Thresholds against the binary-search sequence for every T in ``Ts`` (private as run when k meets Lemma 1).

    Returns a dict of lists: ``T``, ``shrinkage`` (hard queries of GenericPredictor +
    G_oblivious), ``composition`` (rounds that pay privacy in the composition baseline:
    all T), ``bound`` (log₂ of Sauer's bound with VC = 1 on the T points: Claim 5's
    O(VC log T) with its constant 1).

    Parameters
    ----------
    Ts : iterable of int
        Numbers of queries, each in [1, :data:`MAX_SWEEP_T`].
    k, m : int
        Blocks and examples per block of GenericPredictor.
    epsilon : float
        BetweenThresholds' epsilon.
    delta : float, optional
        BetweenThresholds' delta (None: the δ the gap gives, Lemma 1 inverted).
    seed : int in [0, 2⁶²]
        Seed of every run (run i uses seed + 1 + i).

    Returns
    -------
    dict of lists
        ``T``, ``shrinkage``, ``composition`` and ``bound``, one entry per T.
    """
    if k * m > MAX_SWEEP_N:
        raise ValueError(f"k·m = {k * m} examples must be at most {MAX_SWEEP_N} (k = {k}, m = {m})")
    P = make_problem("thresholds", k * m, rng=seed)
    out: dict[str, list] = {"T": [], "shrinkage": [], "composition": [], "bound": []}
    for i, T in enumerate(Ts):
        pred = GenericPredictor(
            G_oblivious(P.concept), P.X, P.y, k=k, m=m, epsilon=epsilon, delta=delta, rng=seed + 1 + i
        )
        r = pred.run(binary_search_sequence(T), T, target=P.target)
        out["T"].append(T)
        out["shrinkage"].append(r.n_hard)
        out["composition"].append(T)
        out["bound"].append(math.log2(sauer_bound(T, 1)))
    return out


@checked
def draw_hard_queries_vs_T(sweep: Annotated[dict, Check(_sweep, kind="object")], *, title: str | None = None):
    """Hard queries against T (log–log): shrinkage vs composition baseline vs the bound.

    Parameters
    ----------
    sweep : dict
        The output of :func:`hard_queries_sweep`.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig, (ax,) = _figure(6.5, 4.4)
    T = np.asarray(sweep["T"], dtype=float)
    ax.loglog(T, sweep["composition"], "s-", color="#6b7280", label="composition baseline (every round pays)")
    ax.loglog(
        T,
        np.maximum(sweep["bound"], 1e-9),
        "--",
        color="#2563eb",
        label="log₂ Sauer(T, VC=1): Claim 5's O(VC log T), constant 1",
    )
    ax.loglog(
        T,
        np.maximum(sweep["shrinkage"], 0.8),
        "o-",
        color="#dc2626",
        lw=2,
        label="GenericPredictor + G_oblivious (TOPs)",
    )
    ax.set_xlabel("T (queries)")
    ax.set_ylabel("privacy-paying rounds")
    ax.set_title(title or "Thresholds, binary-search adversary ([Yan26] Claim 5)", fontsize=11)
    ax.legend(fontsize=9)
    return fig


@checked
def privacy_curve(result: PredictionResult, *, delta_prime: OpenDelta | None = None):
    """(rounds, ε_shrinkage, ε_composition): ε after every round by Theorem 3 (or basic
    composition, whichever is smaller) over the BetweenThresholds segments started so far,
    with each segment's nominal δ; and the same over j per-round releases of ε_BT
    (the composition baseline).  Nominal: Lemma 1 is taken to hold (see ``result.guarantee``).

    Parameters
    ----------
    result : PredictionResult
        A GenericPredictor run.
    delta_prime : float, optional
        The δ′ of advanced composition (default: the run's ``delta_prime``).

    Returns
    -------
    rounds : numpy.ndarray of int
    epsilon_shrinkage, epsilon_composition : numpy.ndarray of float
        ε spent after each round by GenericPredictor and by the composition baseline.
    """
    eps = float(result.params["epsilon_bt"])
    dp = float(delta_prime if delta_prime is not None else result.params["delta_prime"])
    entries = list(result.ledger.entries) if result.ledger is not None else []
    dlt = min(1.0, float(entries[0].delta)) if entries else 0.0
    T, hard = result.T, list(result.hard_rounds)
    segs = _steps(T, hard, list(range(1, len(hard) + 2))).astype(int)[1:]
    cache = {v: privacy_total(eps, dlt, int(v), dp).epsilon for v in np.unique(segs)}
    rounds = np.arange(1, T + 1)
    shrink = np.array([cache[v] for v in segs])
    comp_cache: dict[int, float] = {}
    comp = np.empty(T)
    for j in range(1, T + 1):  # advanced composition is monotone in j; evaluated on a log grid then held
        comp_cache.setdefault(j, privacy_total(eps, 0.0, int(j), dp).epsilon)
        comp[j - 1] = comp_cache[j]
    return rounds, shrink, comp


@checked
def draw_privacy_spent(result: PredictionResult, *, title: str | None = None):
    """ε spent against the round: GenericPredictor (pays at TOPs) vs the composition baseline.

    Parameters
    ----------
    result : PredictionResult
        A GenericPredictor run.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure
    """
    rounds, shrink, comp = privacy_curve(result)
    fig, (ax,) = _figure(6.5, 4.4)
    ax.plot(rounds, comp, color="#6b7280", lw=2, label="composition baseline (ε_BT per round)")
    ax.step(rounds, shrink, where="post", color="#dc2626", lw=2, label="GenericPredictor (per segment)")
    hard = list(result.hard_rounds)
    ax.scatter(
        hard,
        shrink[np.asarray(hard, dtype=int)] if hard else [],
        marker="v",
        color="#dc2626",
        s=50,
        zorder=3,
        label="TOP",
    )
    ax.set_yscale("log")
    ax.set_xlabel("round j")
    ax.set_ylabel("ε spent so far (δ′ = {:g})".format(float(result.params["delta_prime"])))
    applies = result.ledger is not None and all(e.applies for e in result.ledger.entries)
    note = "" if applies else "\n(nominal: Lemma 1's gap condition fails at these practical parameters)"
    ax.set_title((title or "Privacy spent over the rounds (Observation 1, Theorem 3)") + note, fontsize=10)
    ax.legend(fontsize=9, loc="lower right")
    return fig


@checked
def draw_err_D(result: PredictionResult, *, ax: AxesArg | None = None, title: str | None = None):
    """err_D(c, h_j) per segment (between hard queries) beside Claim 13's bound.

    ``result`` is a :class:`~geoprivate.prediction.PredictionResult` whose ``accuracy``
    was measured (``run(..., law=...)``): per segment ``err_h`` = err_D(c, h_j) of the
    round-j predictor ([Yan26] Definition 1; exact or Monte Carlo, as the run records)
    and ``mean_block`` = mean_i err_D(c, f_{i,j}).  Draws into ``ax`` when given;
    returns the Figure.

    Parameters
    ----------
    result : PredictionResult
        A run whose accuracy was measured.
    ax : matplotlib.axes.Axes, optional
        Where to draw (default: a new figure).
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.figure.Figure
    """
    acc = result.accuracy
    if acc is None:
        raise ValueError("result: no accuracy was measured (run the predictor with law=...)")
    if ax is None:
        fig, (ax,) = _figure(5.5, 3.8)
    else:
        fig = ax.figure
    seg = acc.segments
    j = np.arange(len(seg))
    ax.step(j, [g["err_h"] for g in seg], where="post", marker="o", label="err_D(c, h_j)")
    ax.step(j, [4 * g["mean_block"] for g in seg], where="post", ls="--", label="4 mean_i err_D(c, f_ij) (Claim 13)")
    how = "exact" if acc.method == "exact" else f"Monte Carlo ±{acc.half_width:.3f}"
    ax.set_xlabel("segment (hard queries so far)")
    ax.set_ylabel(f"error under D ({how})")
    ax.set_title(title or "Accuracy as [Yan26] Definition 1 defines it", fontsize=10)
    ax.legend(fontsize=9)
    return fig
