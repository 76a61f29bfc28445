"""The feasible region of G_halfspace collapsing as hard queries arrive ([Yan26] §5.2).

For d = 1 a hypothesis h_{a,w}(x) = [a·x ≥ w] is a point z = (a, w) of the dual plane.
Every example (x, y) of the sample S is a half-plane of that plane (its dual constraint,
:func:`solvers.halfspaces.dual_constraints`); depth_S(z) counts the half-planes holding z
and the cdepth level set {cdepth_S ≥ ℓ} is the convex hull of {depth_S ≥ ℓ}
(Definitions 8–9).  Algorithm 4 (G_halfspace) restricts every block S_i to
C|HardQuery = {(a, w) : a·x_j = w for every hard query x_j} — a line through the origin
per hard query — and takes a cdepth_{S_i} maximiser there.  One panel per hard query
(plus the start): the plane, then a line, then the point (0, 0) (Claims 8–9).

The level regions are computed from the exact arrangement: the vertices of the lines
of S (and of a bounding box ``box_factor`` times the plotting window) are rational,
their depth is counted exactly, and {cdepth_S ≥ ℓ} ∩ box is the convex hull of the
vertices of depth ≥ ℓ (a union of closed faces of the arrangement is the hull of its
vertices).  Only the clipping to the box — far outside the window — is not the
paper's unbounded region.  The dots are the generator's own maximisers (from the run).

Everything uses :class:`matplotlib.figure.Figure` directly (no pyplot state).
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Choice,
    Interval,
    Joint,
    Seed,
    check_finite_array,
    checked,
    shown,
)
from geoprivate.adversaries import DisagreementAdversary
from geoprivate.ensembles import HalfspaceEnsemble
from geoprivate.prediction import G_halfspace, GenericPredictor, PredictionResult
from geoprivate.prediction.generators import hard_query_subspace
from geoprivate.viz.provenance import RunEpsilon, check_axes
from solvers._checks import as_binary_vector, check_array_bytes
from solvers._rational import coordinate, rational_points, rational_vector
from solvers.depth import depth
from solvers.halfspaces import dual_constraints

__all__ = [
    "dual_constraints_of",
    "arrangement_vertices",
    "depth_level_hulls",
    "draw_collapse_d1",
    "draw_collapse_comparison",
    "collapse_run",
    "draw_collapse_slices",
    "line_depth_profile",
    "plot_window",
    "levels_in_window",
    "block_maximisers",
    "BLOCK_COLOURS",
]

#: the largest dimension a collapse run is drawn in (its generator solves exact programs in d + 1 unknowns)
MAX_D = 16
#: the most blocks, examples per block and queries of a collapse run (a figure's run is small)
MAX_BLOCKS, MAX_PER_BLOCK, MAX_T = 10_000, 10_000, 100_000


def _generator(value, name: str):
    """A halfspace generator: it has ``constraints(points, labels)`` or a dual ``form`` ("faithful" / "margin")."""
    if callable(getattr(value, "constraints", None)) or getattr(value, "form", None) in ("faithful", "margin"):
        return value
    raise TypeError(
        f"{name} must be a halfspace generator (constraints(points, labels), or form 'faithful' / 'margin'), "
        f"got {type(value).__name__}"
    )


def _plane_rows(value, name: str) -> list[list[Fraction]]:
    """Constraint rows of the (a, w) plane: exact numbers, two per row."""
    rows = rational_points(value, name)
    if rows and len(rows[0]) != 2:
        raise ValueError(f"{name} must have two entries per row (a, w), got {len(rows[0])}")
    return rows


def _box(value, name: str, n: int = 4) -> tuple[Fraction, ...]:
    """``(lo, hi)`` pairs of exact finite numbers (a box ``(a0, a1, w0, w1)``, a window ``(u0, u1)``), lo < hi."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be {n} numbers, got {type(value).__name__}")
    items = list(value)
    if len(items) != n:
        raise ValueError(f"{name} must be {n} numbers, got {len(items)}")
    out = tuple(coordinate(v, name) for v in items)
    big = next((v for v in out if abs(v) > 2**512), None)  # drawn as floats: far below the largest double
    if big is not None:
        raise ValueError(f"{name} must lie within ±2^512, got {shown(big if big.denominator != 1 else int(big))}")
    if any(out[i] >= out[i + 1] for i in range(0, n, 2)):
        raise ValueError(f"{name} must have lo < hi on each axis, got {[float(v) for v in out]}")
    return out


def _window(value, name: str) -> tuple[float, ...]:
    """A plotting window ``(a0, a1, w0, w1)`` of finite floats with a0 < a1, w0 < w1."""
    return tuple(float(v) for v in _box(value, name))


def _levels(value, name: str) -> list[int]:
    """The cdepth levels to compute: integers >= 0."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of levels (int), got {type(value).__name__}")
    out = []
    for v in value:
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{name} must hold integers, got {type(v).__name__} {shown(v)}")
        if v < 0:
            raise ValueError(f"{name} must hold levels >= 0, got {v}")
        out.append(int(v))
    return out


def _vertices(value, name: str) -> list:
    """:func:`arrangement_vertices` output: ``((a, w), depth)`` pairs."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be arrangement_vertices' list, got {type(value).__name__}")
    out = list(value)
    for v in out:
        if not (isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], tuple) and len(v[0]) == 2):
            raise TypeError(f"{name} must hold ((a, w), depth) pairs, got {shown(v)}")
    return out


def _runs(value, name: str) -> list:
    """A non-empty sequence of ``(name, GenericPredictor, PredictionResult)``."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of (name, predictor, result), got {type(value).__name__}")
    out = list(value)
    for r in out:
        if not (
            isinstance(r, tuple)
            and len(r) == 3
            and isinstance(r[0], str)
            and isinstance(r[1], GenericPredictor)
            and isinstance(r[2], PredictionResult)
        ):
            raise TypeError(f"{name} must hold (str, GenericPredictor, PredictionResult) triples, got {shown(r)}")
    if not out:
        raise ValueError(f"{name}: expected at least one (name, predictor, result)")
    return out


#: a halfspace generator (G_halfspace-like), or None for the predictor's own
Generator = Annotated[Any, Check(_generator, kind="object")] | None
#: constraint rows of the dual plane (a, w), checked with their right-hand sides
PlaneRows = Annotated[Any, Check(_plane_rows, kind="array")]
#: right-hand sides: exact numbers, one per row of A
Rhs = Annotated[Any, Check(rational_vector, kind="array"), Joint("one per row of A")]
#: a box (a0, a1, w0, w1) of exact numbers
Box = Annotated[Any, Check(_box, kind="array")]
#: how many cdepth levels to shade
Levels = Annotated[int, Interval(ge=1, le=10**6)]
#: the level hulls are clipped to a box this many times the window
BoxFactor = Annotated[float, Interval(ge=1, le=10**6)]
#: a plotting window (a0, a1, w0, w1)
Window = Annotated[Any, Check(_window, kind="array")]


def _same_length(A, b) -> None:
    """``b`` must have one entry per row of ``A``."""
    if len(b) != len(A):
        raise ValueError(f"b must have one entry per row of A ({len(A)}), got {len(b)}")


BLOCK_COLOURS = (
    "#dc2626",
    "#2563eb",
    "#16a34a",
    "#9333ea",
    "#ea580c",
    "#0891b2",
    "#be185d",
    "#4d7c0f",
    "#1e40af",
    "#a16207",
)


@checked
def dual_constraints_of(
    generator: Annotated[Any, Check(_generator, kind="object")],
    points: Annotated[Any, Joint("rows of R^d, one per label", kind="array")],
    labels: Annotated[Any, Joint("0/1, one per point", kind="labels")],
):
    """(A, b) — the dual constraints ⟨A_i, z⟩ ≥ b_i of a labelled sample under ``generator``.

    Uses ``generator.constraints`` (as :class:`~geoprivate.prediction.G_halfspace` has);
    a generator without it must carry ``form`` for :func:`solvers.halfspaces.dual_constraints`.

    Parameters
    ----------
    generator : G_halfspace-like
        Has ``constraints(points, labels)`` or a ``form``.
    points : array_like, shape (n, d)
        The sample points.
    labels : array_like of 0/1, shape (n,)
        Their labels.

    Returns
    -------
    (A, b)
        The constraint rows A_i (exact rationals, d + 1 entries each) and the right-hand sides b_i.
    """
    X = check_finite_array(points, "points", ndim=2)
    y = as_binary_vector(labels, "labels")
    if y.size != X.shape[0]:
        raise ValueError(f"labels must have one entry per point ({X.shape[0]}), got {y.size}")
    if callable(getattr(generator, "constraints", None)):
        return generator.constraints(X, y)
    return dual_constraints(X, y.astype(np.int64), form=generator.form)


def _lines(A, b):
    """Rows (p, q, r) of the lines p·a + q·w = r (exact Fractions)."""
    return [(Fraction(A[i][0]), Fraction(A[i][1]), Fraction(b[i])) for i in range(len(b))]


@checked
def arrangement_vertices(A: PlaneRows, b: Rhs, box: Box):
    """Exact vertices of the arrangement of the constraint lines and the box ``(a0, a1, w0, w1)``
    that lie in the box, with their exact depth (number of constraints ⟨A_i, z⟩ ≥ b_i they satisfy).

    Parameters
    ----------
    A : array_like, shape (m, 2)
        Constraint rows in the (a, w) plane.
    b : array_like, shape (m,)
        Right-hand sides.
    box : (a0, a1, w0, w1)
        The window.

    Returns
    -------
    list of ((Fraction, Fraction), int)
    """
    _same_length(A, b)
    a0, a1, w0, w1 = box
    lines = _lines(A, b) + [
        (Fraction(1), Fraction(0), a0),
        (Fraction(1), Fraction(0), a1),
        (Fraction(0), Fraction(1), w0),
        (Fraction(0), Fraction(1), w1),
    ]
    cons = _lines(A, b)
    seen = {}
    for (p1, q1, r1), (p2, q2, r2) in combinations(lines, 2):
        det = p1 * q2 - p2 * q1
        if det == 0:
            continue
        a = (r1 * q2 - r2 * q1) / det
        w = (p1 * r2 - p2 * r1) / det
        if a0 <= a <= a1 and w0 <= w <= w1 and (a, w) not in seen:
            seen[(a, w)] = sum(1 for p, q, r in cons if p * a + q * w >= r)
    return list(seen.items())


@checked
def depth_level_hulls(
    A: PlaneRows,
    b: Rhs,
    box: Box,
    levels: Annotated[Any, Check(_levels, kind="array")],
    *,
    vertices: Annotated[Any, Check(_vertices, kind="object"), Joint("arrangement_vertices(A, b, box)")] | None = None,
):
    """level -> (k, 2) float array: the polygon {cdepth_S ≥ level} ∩ box (counter-clockwise),
    a segment or point when degenerate, absent when empty.  See the module docstring.

    ``vertices`` (from :func:`arrangement_vertices` on the same box) saves recomputing them.

    Parameters
    ----------
    A : array_like, shape (m, 2)
        Constraint rows in the (a, w) plane.
    b : array_like, shape (m,)
        Right-hand sides.
    box : (a0, a1, w0, w1)
        The window.
    levels : iterable of int
        The cdepth levels to compute.
    vertices : list, optional
        :func:`arrangement_vertices` of the same arguments.

    Returns
    -------
    dict
        level -> numpy.ndarray of float, shape (k, 2): the region's polygon (or segment, or point).
    """
    from scipy.spatial import ConvexHull, QhullError

    _same_length(A, b)
    verts = arrangement_vertices(A, b, box) if vertices is None else vertices
    out = {}
    for lev in levels:
        pts = np.array([[float(a), float(w)] for (a, w), dep in verts if dep >= lev], dtype=float)
        if len(pts) == 0:
            continue
        pts = np.unique(pts, axis=0)
        if len(pts) >= 3:
            try:
                out[lev] = pts[ConvexHull(pts).vertices]
                continue
            except QhullError:  # collinear
                pass
        order = np.lexsort((pts[:, 1], pts[:, 0]))
        out[lev] = pts[order[[0, -1]]] if len(pts) > 1 else pts
    return out


@checked
def plot_window(
    points: Annotated[Any, Check(check_finite_array, kind="array")],
    pad: Annotated[float, Interval(ge=0, le=10**6)] = 0.25,
    min_half: Annotated[float, Interval(gt=0, le=1e100)] = 1.0,
):
    """(a0, a1, w0, w1): a window around ``points`` (k, 2) and the origin, padded by ``pad``.

    Parameters
    ----------
    points : array_like, shape (k, 2)
        The points to show (the origin is always included).
    pad : float, default 0.25
        Relative padding on each side.
    min_half : float, default 1.0
        The least half-width in a (the least half-height in w is 0.2 times it).

    Returns
    -------
    tuple of float
        (a0, a1, w0, w1).
    """
    if points.size % 2:
        raise ValueError(f"points must be (a, w) pairs, got shape {points.shape}")
    pts = np.vstack([points.reshape(-1, 2), [[0.0, 0.0]]])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    with np.errstate(over="ignore", invalid="ignore"):
        half = np.maximum((hi - lo) / 2 * (1 + 2 * pad), min_half * np.array([1.0, 0.2]))
        mid = (hi + lo) / 2
        window = (mid[0] - half[0], mid[0] + half[0], mid[1] - half[1], mid[1] + half[1])
    if not all(np.isfinite(window)):
        raise ValueError(
            f"points, pad: the window around them is beyond the floats (points up to {np.abs(pts).max():.3g})"
        )
    return tuple(float(v) for v in window)


@checked
def levels_in_window(A: PlaneRows, b: Rhs, window: Window, levels: Levels, box_factor: BoxFactor):
    """The top ``levels`` depth levels and their hulls in a box ``box_factor`` times the window.

    Parameters
    ----------
    A, b : array_like
        The halfspaces ⟨A_i, z⟩ >= b_i of the depth arrangement.
    window : tuple of float
        (a0, a1, w0, w1), from :func:`plot_window`.
    levels : int
        How many of the top depth levels to return.
    box_factor : float
        The box's size relative to the window.

    Returns
    -------
    levels : list of int
        The depth levels, ascending.
    hulls : dict
        Level -> the vertices of its hull inside the box.
    """
    _same_length(A, b)
    a0, a1, w0, w1 = window
    ca, cw, ha, hw = (a0 + a1) / 2, (w0 + w1) / 2, (a1 - a0) / 2 * box_factor, (w1 - w0) / 2 * box_factor
    corners = (ca - ha, ca + ha, cw - hw, cw + hw)
    if not all(math.isfinite(v) for v in corners):
        raise ValueError(f"window, box_factor: the box {box_factor:g} times the window is beyond the floats")
    box = tuple(Fraction(v).limit_denominator(10**6) for v in corners)
    if box[0] >= box[1] or box[2] >= box[3]:
        raise ValueError(f"window: too narrow to hold a box at a denominator of 10^6, got {window}")
    verts = arrangement_vertices(A, b, box)
    top = max(dep for _, dep in verts)
    levs = list(range(top, max(top - levels, 0), -1))[::-1]
    return levs, depth_level_hulls(A, b, box, levs, vertices=verts)


def _panel(
    ax, A, b, hulls, levels, hard_xs, maximisers, window, dim, title, labels=("a (slope coefficient)", "w (threshold)")
):
    from matplotlib.patches import Polygon

    a0, a1, w0, w1 = window
    cmap_vals = np.linspace(0.15, 0.75, len(levels))
    import matplotlib

    cmap = matplotlib.colormaps["Blues"]
    for lev, v in zip(levels, cmap_vals, strict=True):
        if lev in hulls and len(hulls[lev]) >= 3:
            ax.add_patch(
                Polygon(hulls[lev], closed=True, facecolor=cmap(v), edgecolor="none", zorder=0, gid=f"level-{lev}")
            )
    aa = np.linspace(a0, a1, 2)
    for i in range(len(b)):
        p, q, r = float(A[i][0]), float(A[i][1]), float(b[i])
        if p == 0 and q == 0:  # constant on this plane: no line to draw
            continue
        if q != 0:
            ax.plot(aa, (r - p * aa) / q, color="0.6", lw=0.4, zorder=1)
        else:
            ax.axvline(r / p, color="0.6", lw=0.4, zorder=1)
    for j, x in enumerate(hard_xs):
        ax.plot(
            aa,
            x * aa,
            color="#111827",
            lw=2.2 if j == len(hard_xs) - 1 else 1.2,
            ls="-" if j == len(hard_xs) - 1 else "--",
            zorder=3,
            gid="hard-query",
        )
    if dim == 0:
        ax.scatter([0], [0], s=260, facecolors="none", edgecolors="#111827", linewidths=2.2, zorder=4)
    for i, (a, w) in enumerate(maximisers):
        ax.scatter(
            [a],
            [w],
            s=46,
            color=BLOCK_COLOURS[i % len(BLOCK_COLOURS)],
            edgecolors="white",
            linewidths=0.8,
            zorder=5,
            gid="maximiser",
        )
    ax.set_xlim(a0, a1)
    ax.set_ylim(w0, w1)
    ax.set_xlabel(labels[0])
    ax.set_ylabel(labels[1])
    ax.set_title(title, fontsize=11)


def _d1_ensemble(value, name: str) -> HalfspaceEnsemble:
    """A HalfspaceEnsemble of d = 1 (hypotheses (a, w) with a of one coordinate)."""
    if not isinstance(value, HalfspaceEnsemble):
        raise TypeError(f"{name} must be a HalfspaceEnsemble, got {type(value).__name__}")
    if any(len(a) != 1 for a, _ in value.hypotheses):
        raise ValueError(f"{name} must be an ensemble of d = 1 (one coefficient a per hypothesis)")
    return value


@checked
def block_maximisers(ensemble: Annotated[HalfspaceEnsemble, Check(_d1_ensemble)]):
    """[(a, w)] floats: each block's hypothesis of a d = 1 HalfspaceEnsemble.

    Parameters
    ----------
    ensemble : HalfspaceEnsemble
        A d = 1 ensemble.

    Returns
    -------
    list of tuple of float
        One (a, w) per block.
    """
    return [(float(a[0]), float(w)) for a, w in ensemble.hypotheses]


def _axes_list(value, name: str) -> list:
    """A sequence of matplotlib Axes (one per panel)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of matplotlib Axes, got {type(value).__name__}")
    return [check_axes(ax, name) for ax in value]


@checked
def draw_collapse_d1(
    predictor: GenericPredictor,
    result: PredictionResult,
    *,
    generator: Generator = None,
    levels: Levels = 5,
    box_factor: BoxFactor = 25.0,
    window: Window | None = None,
    axes: Annotated[Any, Check(_axes_list, kind="object"), Joint("one per panel of result")] | None = None,
    name: str | None = None,
):
    """The feasible-region collapse of a d = 1 run of GenericPredictor with G_halfspace.

    Parameters
    ----------
    predictor : GenericPredictor
        Its ``blocks`` are drawn (all examples of all blocks = S).
    result : PredictionResult
        Its hard queries and ``ensembles`` (the maximiser of every block after each one).
    generator : optional
        Whose dual constraints to draw (default ``predictor.generator``); any object with
        ``constraints(points, labels)`` or ``form`` — e.g. a repaired generator.
    levels : int
        How many cdepth levels (from the maximum down) to shade.
    box_factor : float
        The level hulls are clipped to a box this many times the window.
    window : (a0, a1, w0, w1), optional
        Plot limits; default from the maximisers and the origin.
    axes : sequence of Axes, optional
        One per panel (n_hard + 1); a new Figure otherwise.
    name : str, optional
        Prefix of the panel titles (e.g. the generator's name).

    Returns
    -------
    matplotlib.figure.Figure
        With ``result.n_hard + 1`` axes, one per panel, in order.
    """
    gen = predictor.generator if generator is None else generator
    if getattr(gen, "d", 1) != 1 or predictor.X.ndim != 2 or predictor.X.shape[1] != 1:
        raise ValueError("draw_collapse_d1 needs a d = 1 halfspace run (points of shape (N, 1))")
    X = np.concatenate([p for p, _ in predictor.blocks])
    y = np.concatenate([lab for _, lab in predictor.blocks])
    A, b = dual_constraints_of(gen, X, y)
    hard = [float(np.asarray(x).reshape(-1)[0]) for x in result.transcript.hard_points()]
    ens = [e for _, e in result.ensembles]
    panels = len(hard) + 1
    if len(ens) < panels:
        raise ValueError(f"result has {len(ens)} ensembles for {len(hard)} hard queries")
    dots = [m for e in ens[:panels] for m in block_maximisers(e)]
    window = window if window is not None else plot_window(dots)
    levs, hulls = levels_in_window(A, b, window, levels, box_factor)
    if axes is not None and len(axes) < panels:
        raise ValueError(f"axes must hold one Axes per panel ({panels}), got {len(axes)}")
    if axes is None:
        from matplotlib.figure import Figure

        fig = Figure(figsize=(4.2 * panels, 4.4), layout="constrained")
        axes = fig.subplots(1, panels, squeeze=False)[0]
    else:
        fig = axes[0].figure
    dims = list(result.affine_dims) or [None] * panels
    prefix = f"{name}: " if name else ""
    shapes: dict[int | None, str] = {2: "the plane ℝ²", 1: "a line", 0: "the point (0, 0)"}
    for j in range(panels):
        dim = dims[j] if j < len(dims) else None
        what = shapes.get(dim, "?")
        head = f"{prefix}start" if j == 0 else f"{prefix}after hard query {j}: x = {hard[j - 1]:.4g}"
        title = f"{head}\nC|HardQuery = {what} (dim {dim})"
        _panel(axes[j], A, b, hulls, levs, hard[:j], block_maximisers(ens[j]), window, dim, title)
    _legend(axes[-1], levs, len(ens[0].hypotheses), len(y))
    fig.suptitle(
        f"G_halfspace, d = 1: dual (a, w) plane, N = {len(y)} examples in {len(predictor.blocks)} blocks "
        f"([Yan26] Alg. 4, Claims 8–9)",
        fontsize=12,
    )
    return fig


def _legend(ax, levs, k, N):
    import matplotlib
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    cmap = matplotlib.colormaps["Blues"]
    handles = [
        Patch(color=cmap(0.75), label=f"cdepth_S ≥ {levs[-1]} of {N}"),
        Patch(color=cmap(0.15), label=f"cdepth_S ≥ {levs[0]}"),
        Line2D([], [], color="0.6", lw=0.6, label="example constraint lines"),
        Line2D([], [], color="#111827", lw=2, label="hard-query line a·x = w"),
        Line2D([], [], marker="o", ls="", color=BLOCK_COLOURS[0], label=f"block maximisers ({k} blocks)"),
    ]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=9, frameon=False)


@checked
def draw_collapse_comparison(runs: Annotated[Any, Check(_runs, kind="object")], **kwargs: Any):
    """Rows of collapse panels, one row per ``(name, predictor, result)`` — e.g. the faithful
    G_halfspace beside a repaired generator on the same sample.  Returns a Figure.

    Parameters
    ----------
    runs : iterable of (str, GenericPredictor, PredictionResult)
        One row of panels each.
    **kwargs
        Passed to :func:`draw_collapse_d1` (``levels``, ``box_factor``, ``window``, ...).

    Returns
    -------
    matplotlib.figure.Figure
    """
    from matplotlib.figure import Figure

    cols = max(r.n_hard for _, _, r in runs) + 1
    fig = Figure(figsize=(4.2 * cols + 2.5, 4.4 * len(runs)), layout="constrained")
    grid = fig.subplots(len(runs), cols, squeeze=False)
    for row, (name, pred, res) in zip(grid, runs, strict=True):
        draw_collapse_d1(pred, res, axes=list(row[: res.n_hard + 1]), name=name, **kwargs)
        for ax in row[res.n_hard + 1 :]:
            ax.set_visible(False)
    fig.suptitle("Feasible-region collapse, d = 1 (dual (a, w) plane)", fontsize=12)
    return fig


def _collapse_target(rng, d: int, grid: float):
    """The target of a collapse run, drawn from ``rng``: a threshold (d = 1) or a halfspace (d ≥ 2).

    Parameters
    ----------
    rng : numpy.random.Generator
        The run's data stream (the target is its first draw).
    d : int
        Dimension.
    grid : float
        Grid of the points.

    Returns
    -------
    callable
        ``target(points) -> 0/1 labels``.  d = 1: [x ≥ t*] with t* half-way between grid
        points (every block has a margin of at least grid/2); d ≥ 2: [⟨a, x⟩ ≥ 0.3] with a
        standard Gaussian ``a``.
    """
    if d == 1:
        t_star = (np.round(rng.normal(0.0, 0.5) / grid) + 0.5) * grid
        return lambda q: (np.asarray(q, np.float64).reshape(-1) >= t_star).astype(np.uint8)
    a, w0 = rng.normal(size=d), 0.3
    return lambda q: (np.asarray(q, np.float64).reshape(-1, d) @ a >= w0 + 1e-9).astype(np.uint8)


#: the default seed and grid of a collapse run per dimension (seed 2 in ℝ² reaches the point after
#: three hard queries)
COLLAPSE_DEFAULTS = {1: {"seed": 4, "grid": 1 / 16}, 2: {"seed": 2, "grid": 1 / 8}}


@checked
def collapse_run(
    d: Annotated[int, Interval(ge=1, le=MAX_D)],
    *,
    seed: Seed | None = None,
    k: Annotated[int, Interval(ge=1, le=MAX_BLOCKS)] = 6,
    m: Annotated[int, Interval(ge=1, le=MAX_PER_BLOCK)] = 8,
    T: Annotated[int, Interval(ge=1, le=MAX_T)] = 30,
    epsilon: RunEpsilon = 4.0,
    form: Annotated[str, Choice("margin", "faithful")] = "margin",
    grid: Annotated[float, Interval(ge=1e-9, le=10)] | None = None,
    generator: Generator = None,
    measure: bool = False,
):
    """A small reproducible run in ℝ^d for the collapse figures: ``(predictor, result)``.

    Data: N = k·m standard Gaussian points rounded to ``grid``, labelled by a threshold
    (d = 1) or a halfspace (d ≥ 2) target (:func:`_collapse_target`); the white-box
    :class:`~geoprivate.adversaries.DisagreementAdversary` queries the same law.
    Practical mode: with k = 6 blocks BetweenThresholds' [Yan26] Lemma 1/2 conditions do not
    hold, so TOPs may also come from noise (the run's guarantee records it).
    ``generator`` defaults to the faithful ``G_halfspace(d, form=form)``; pass
    ``G_halfspace_repaired(d, form=form)`` for the repaired one on the same data and seeds.
    ``measure=True`` also measures err_D of every segment under the query law
    (``result.accuracy``, Monte Carlo from the child stream ``seed + 3``; the run is unchanged).

    Parameters
    ----------
    d : int in [1, MAX_D]
        Dimension (the figures draw d = 1 and d = 2).
    seed : int, optional
        Seed of the data, the predictor and the adversary (default 4 for d = 1, 2 otherwise:
        :data:`COLLAPSE_DEFAULTS`).
    k, m : int
        Blocks and examples per block (N = k·m).
    T : int
        Number of queries.
    epsilon : float
        BetweenThresholds' epsilon (practical mode).
    form : {"margin", "faithful"}
        The generator's dual form.
    grid : float in [1e-9, 10], optional
        Grid the Gaussian points are rounded to (default 1/16 for d = 1, 1/8 otherwise).
    generator : optional
        The generator (default ``G_halfspace(d, form=form)``).
    measure : bool, default False
        Also measure err_D of every segment.

    Returns
    -------
    predictor : GenericPredictor
    result : PredictionResult
    """
    check_array_bytes(8 * k * m * d, f"k·m·d = {k * m * d} points' coordinates (k, m)")
    defaults = COLLAPSE_DEFAULTS[min(d, 2)]
    seed = int(defaults["seed"]) if seed is None else seed
    grid = float(defaults["grid"]) if grid is None else grid
    rng = np.random.default_rng(seed)
    target = _collapse_target(rng, d, grid)

    def sampler(r, n):
        return np.round(r.standard_normal((n, d)) / grid) * grid

    X = sampler(rng, k * m)
    gen = G_halfspace(d, form=form) if generator is None else generator
    pred = GenericPredictor(gen, X, target(X), k=k, m=m, epsilon=epsilon, rng=seed + 1)
    law: dict[str, Any] = dict(law=sampler, accuracy_rng=seed + 3) if measure else {}
    res = pred.run(DisagreementAdversary(sampler, rng=seed + 2, pool=16, grid=grid), T, target=target, **law)
    return pred, res


# --------------------------------------------------------------------------- any d: slices of C|HardQuery


def _coord_names(d):
    return (["a"] if d == 1 else [f"a{i + 1}" for i in range(d)]) + ["w"]


def _line_rows(value, name: str) -> list[Fraction]:
    """Constraint coefficients along a line: exact numbers, one per row (shape (m, 1))."""
    rows = rational_points(value, name)
    if rows and len(rows[0]) != 1:
        raise ValueError(f"{name} must have one entry per row (shape (m, 1)), got {len(rows[0])}")
    return [r[0] for r in rows]


@checked
def line_depth_profile(
    A1: Annotated[Any, Check(_line_rows, kind="array")],
    b1: Annotated[Any, Check(rational_vector, kind="array"), Joint("one per row of A1")],
    window: Annotated[Any, Check(_box, kind="array", n=2)],
):
    """depth_S and cdepth_S along a line, in its coordinate u (constraints A1·u ≥ b1, shape (m, 1)).

    Returns (u, depth, cdepth): sample points (every breakpoint inside ``window`` and the
    midpoints between them) and the exact values there; on a line {cdepth ≥ ℓ} is the
    interval hull of {depth ≥ ℓ} (Definitions 8–9), computed over all breakpoints, not
    only those in the window.

    Parameters
    ----------
    A1 : array_like, shape (m, 1)
        Constraint coefficients along the line.
    b1 : array_like, shape (m,)
        Right-hand sides.
    window : (u0, u1)
        The interval of u to sample.

    Returns
    -------
    u : numpy.ndarray of float
        Sample coordinates.
    depth, cdepth : numpy.ndarray of int
        The exact depth_S and cdepth_S there.
    """
    if len(b1) != len(A1):
        raise ValueError(f"b1 must have one entry per row of A1 ({len(A1)}), got {len(b1)}")
    if not A1:
        raise ValueError("A1 must hold at least one constraint")
    lo, hi = (Fraction(v).limit_denominator(10**6) for v in window)
    cons = list(zip(A1, b1, strict=True))
    brk = sorted({r / p for p, r in cons if p != 0})
    span = (max(brk) - min(brk)) if len(brk) > 1 else Fraction(1)
    allpts = sorted(set(brk) | {min(brk, default=0) - span - 1, max(brk, default=0) + span + 1})
    allpts = sorted(set(allpts) | {(u + v) / 2 for u, v in zip(allpts, allpts[1:], strict=False)})

    def depth(u):
        return sum(1 for p, r in cons if p * u >= r)

    deps = {u: depth(u) for u in allpts}
    top = max(deps.values())
    hull = {}
    first, last = allpts[0], allpts[-1]  # beyond every breakpoint: depth is constant out to ±∞
    for lev in range(top + 1):
        inside = [u for u, dep in deps.items() if dep >= lev]
        hull[lev] = (-math.inf if deps[first] >= lev else min(inside), math.inf if deps[last] >= lev else max(inside))
    pts = sorted({u for u in allpts if lo <= u <= hi} | {lo, hi})
    pts = sorted(set(pts) | {(u + v) / 2 for u, v in zip(pts, pts[1:], strict=False)})

    def cdepth(u):
        return (
            max(lev for lev, (a, b) in hull.items() if a <= u <= b) if any(a <= u <= b for a, b in hull.values()) else 0
        )

    return (np.array([float(u) for u in pts]), np.array([depth(u) for u in pts]), np.array([cdepth(u) for u in pts]))


def _slice_2d(ax, V, A, b, zs, names, levels, box_factor, title):
    A2, b2 = V.restrict(A, b)
    us = [tuple(float(v) for v in V.from_ambient(z)) for z in zs]
    window = plot_window(us)
    levs, hulls = levels_in_window(A2, b2, window, levels, box_factor)
    piv = V.pivots
    _panel(
        ax,
        A2,
        b2,
        hulls,
        levs,
        [],
        us,
        window,
        V.dim,
        title,
        labels=(f"{names[piv[0]]} (coordinate on C|HardQuery)", f"{names[piv[1]]} (coordinate on C|HardQuery)"),
    )
    return levs


def _slice_1d(ax, V, A, b, zs, names, title):
    A1, b1 = V.restrict(A, b)
    us = [float(V.from_ambient(z)[0]) for z in zs]
    lo, hi = min(us + [0.0]), max(us + [0.0])
    half = max((hi - lo) * 0.75, 1.0)
    u, dep, cdep = line_depth_profile(A1, b1, ((lo + hi) / 2 - half, (lo + hi) / 2 + half))
    ax.plot(u, dep, color="0.5", lw=1, drawstyle="steps-mid", label="depth_S", gid="depth")
    ax.plot(u, cdep, color="#1d4ed8", lw=2, label="cdepth_S", gid="cdepth")
    prof = {float(x): c for x, c in zip(u, cdep, strict=True)}
    for i, x in enumerate(us):
        ax.scatter(
            [x],
            [prof.get(x, np.interp(x, u, cdep))],
            s=46,
            color=BLOCK_COLOURS[i % len(BLOCK_COLOURS)],
            edgecolors="white",
            zorder=5,
            gid="maximiser",
        )
    ax.set_xlabel(f"{names[V.pivots[0]]} (coordinate on the line C|HardQuery)")
    ax.set_ylabel("examples of S satisfied")
    ax.legend(fontsize=8, loc="lower center")
    ax.set_title(title, fontsize=11)


def _slice_0d(ax, A, b, zs, title):
    dep = int(depth((A, b), np.array([Fraction(0)] * len(A[0]), dtype=object)))
    for i, _ in enumerate(zs):
        ax.scatter(
            [0],
            [0],
            s=46 + 30 * i,
            facecolors="none",
            edgecolors=BLOCK_COLOURS[i % len(BLOCK_COLOURS)],
            zorder=5,
            gid="maximiser",
        )
    ax.text(
        0,
        -0.45,
        f"every block outputs z = 0\n(h labels every point 1)\ndepth_S(0) = {dep} of {len(b)}",
        ha="center",
        va="top",
        fontsize=10,
    )
    ax.set_xlim(-1, 1)
    ax.set_ylim(-1.2, 1)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title, fontsize=11)


def _slice_3d(fig, spec, zs, names, title):
    ax = fig.add_subplot(spec, projection="3d")
    Z = np.array([[float(v) for v in z] for z in zs])
    for i, z in enumerate(Z):
        ax.scatter([z[0]], [z[1]], [z[2]], s=40, color=BLOCK_COLOURS[i % len(BLOCK_COLOURS)], gid="maximiser")
    ax.set_xlabel(names[0])
    ax.set_ylabel(names[1])
    ax.set_zlabel(names[2])
    ax.set_box_aspect(None, zoom=0.8)  # keep the axis labels inside the panel
    ax.set_title(title, fontsize=11)
    return ax


@checked
def draw_collapse_slices(
    predictor: GenericPredictor,
    result: PredictionResult,
    *,
    generator: Generator = None,
    levels: Levels = 5,
    box_factor: BoxFactor = 25.0,
    name: str | None = None,
):
    """C|HardQuery of a G_halfspace run in its own coordinates, one panel per hard query.

    Works for any d: a panel shows the subspace C|HardQuery = {(a, w) : a·x_j = w} after
    j hard queries (Algorithm 4) — a 3-D scatter of the block maximisers when it is ℝ³
    (d = 2 at the start); on a plane, the cdepth_S level regions of the restricted
    arrangement (exact, as :func:`draw_collapse_d1`); on a line, depth_S and cdepth_S
    along it; at the point {0}, the fact that every block outputs z = 0.  Coordinates
    on C|HardQuery are the pivot coordinates of its exact RREF basis
    (:class:`solvers.affine.AffineSubspace`).  Returns a Figure with n_hard + 1 panels.

    Parameters
    ----------
    predictor : GenericPredictor
        The predictor of the run (its blocks are S).
    result : PredictionResult
        The run's result (hard queries and the ensembles after each).
    generator : optional
        Whose dual constraints to draw (default ``predictor.generator``).
    levels : int, default 5
        How many cdepth levels to shade.
    box_factor : float, default 25
        The level regions are clipped to a box this many times the window.
    name : str, optional
        Title prefix.

    Returns
    -------
    matplotlib.figure.Figure
    """
    from matplotlib.figure import Figure

    gen = predictor.generator if generator is None else generator
    X = np.concatenate([p for p, _ in predictor.blocks])
    y = np.concatenate([lab for _, lab in predictor.blocks])
    d = X.shape[1]
    A, b = dual_constraints_of(gen, X, y)
    hard = np.asarray(result.transcript.hard_points(), dtype=np.float64).reshape(-1, d)
    ens = [e for _, e in result.ensembles]
    panels = len(hard) + 1
    fig = Figure(figsize=(4.6 * panels, 4.8), layout="constrained")
    grid = fig.add_gridspec(1, panels, wspace=0.08)
    names = _coord_names(d)
    prefix = f"{name}: " if name else ""
    for j in range(panels):
        V, _ = hard_query_subspace(hard[:j], d)
        zs = [tuple(Fraction(v) for v in a) + (Fraction(w),) for a, w in ens[j].hypotheses]
        head = f"{prefix}start" if j == 0 else f"{prefix}after hard query {j}"
        title = f"{head}\nC|HardQuery: dim {V.dim}"
        if V.dim == 3 and d == 2:
            _slice_3d(fig, grid[0, j], zs, names, title + " (ℝ³): block maximisers")
            continue
        ax = fig.add_subplot(grid[0, j])
        if V.dim == 2:
            _slice_2d(ax, V, A, b, zs, names, levels, box_factor, title + " (a plane)")
        elif V.dim == 1:
            _slice_1d(ax, V, A, b, zs, names, title + " (a line)")
        elif V.dim == 0:
            _slice_0d(ax, A, b, zs, title + " (the point 0)")
        else:
            ax.text(0.5, 0.5, f"dim {V.dim}: not drawn", ha="center", transform=ax.transAxes)
            ax.set_title(title, fontsize=11)
    fig.suptitle(
        f"G_halfspace, d = {d}: C|HardQuery in its own coordinates, N = {len(y)} examples in "
        f"{len(predictor.blocks)} blocks ([Yan26] Alg. 4, Claims 8–9)",
        fontsize=12,
    )
    return fig
