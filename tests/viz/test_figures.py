"""Figures render on small instances and contain what they claim."""

from fractions import Fraction

import numpy as np
import pytest

pytest.importorskip("matplotlib")

from geoprivate.adversaries import FixedSequence, binary_search_sequence  # noqa: E402
from geoprivate.prediction import G_halfspace, G_oblivious, GenericPredictor  # noqa: E402
from geoprivate.prediction.problems import make_problem  # noqa: E402
from geoprivate.viz import collapse, shrinkage  # noqa: E402
from solvers import depth as sdepth  # noqa: E402
from solvers.combinatorics import sauer_bound  # noqa: E402
from solvers.halfspaces import dual_constraints  # noqa: E402


def _by_gid(ax, gid):
    arts = list(ax.lines) + list(ax.collections) + list(ax.patches)
    return [a for a in arts if a.get_gid() == gid]


@pytest.fixture(scope="module")
def collapse_run():
    return collapse.collapse_run(1, seed=4)


def test_collapse_has_one_panel_per_hard_query_plus_one(collapse_run, tmp_path):
    pred, res = collapse_run
    fig = collapse.draw_collapse_d1(pred, res)
    axes = fig.axes
    assert len(axes) == res.n_hard + 1 and res.n_hard >= 2
    assert res.affine_dims[:3] == [2, 1, 0]
    for j, ax in enumerate(axes):
        assert len(_by_gid(ax, "hard-query")) == j  # every hard-query line so far
        dots = _by_gid(ax, "maximiser")
        assert len(dots) == pred.k  # one maximiser per block
        assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
        assert any(p.get_gid().startswith("level-") for p in ax.patches)
    assert "the point (0, 0)" in axes[2].get_title() and "a line" in axes[1].get_title()
    last = np.array([d.get_offsets()[0] for d in _by_gid(axes[2], "maximiser")])
    assert np.all(last == 0)  # the region is the point (0, 0)
    fig.savefig(tmp_path / "c.png", dpi=50)
    assert (tmp_path / "c.png").stat().st_size > 1000


def test_collapse_comparison_draws_rows(collapse_run):
    pred, res = collapse_run
    fig = collapse.draw_collapse_comparison([("margin", pred, res), ("margin again", pred, res)])
    visible = [ax for ax in fig.axes if ax.get_visible()]
    assert len(visible) == 2 * (res.n_hard + 1)


@pytest.mark.parametrize("seed", range(4))
def test_level_hulls_agree_with_exact_cdepth(seed):
    rng = np.random.default_rng(seed)
    x = np.round(rng.normal(size=(7, 1)) * 8) / 8
    y = (x[:, 0] >= 0.0625).astype(int)
    y[rng.integers(7)] ^= 1  # one flipped label: the top level is no longer everything
    A, b = dual_constraints(x, y, form="margin")
    box = (Fraction(-40), Fraction(40), Fraction(-40), Fraction(40))
    verts = collapse.arrangement_vertices(A, b, box)
    for (a, w), dep in verts[:20]:
        assert dep == sdepth.depth((A, b), np.array([a, w], dtype=object))
    top = max(dep for _, dep in verts)
    hulls = collapse.depth_level_hulls(A, b, box, range(top - 2, top + 1), vertices=verts)
    assert top in hulls and top + 1 not in hulls
    for lev, poly in hulls.items():
        c = poly.mean(axis=0)
        z = np.array([Fraction(c[0]).limit_denominator(1000), Fraction(c[1]).limit_denominator(1000)], dtype=object)
        assert len(poly) < 3 or sdepth.cdepth((A, b), z) >= lev


def test_collapse_rejects_a_d2_run():
    P = make_problem("halfspaces", 12, rng=0, d=2)
    pred = GenericPredictor(G_halfspace(2, form="margin"), P.X, P.y, k=3, m=4, epsilon=1.0, rng=0)
    res = pred.run(FixedSequence(P.X[:2]), 2)
    with pytest.raises(ValueError, match="d = 1"):
        collapse.draw_collapse_d1(pred, res)
    with pytest.raises(TypeError, match="result must be PredictionResult"):
        collapse.draw_collapse_d1(pred, None)


@pytest.fixture(scope="module")
def oblivious_run():
    T = 300
    P = make_problem("thresholds", 100 * 12, rng=0)
    pred = GenericPredictor(G_oblivious(P.concept), P.X, P.y, k=100, m=12, epsilon=1.0, rng=1)
    return pred.run(binary_search_sequence(T), T, target=P.target, track_L=True)


def test_oblivious_L_figure_shows_L_and_sauer(oblivious_run):
    r = oblivious_run
    fig = shrinkage.draw_oblivious_L(r, vc=1)
    ax, ax2 = fig.axes
    step = ax.lines[0].get_ydata()
    assert set(np.unique(step)) == {float(v) for v in r.L_sizes}
    n = len(np.unique(r.transcript.points))
    assert any(np.allclose(line.get_ydata(), sauer_bound(n, 1)) for line in ax.lines[1:])
    assert ax.get_yscale() == "log" and ax2.lines[0].get_ydata()[-1] == r.n_hard


def test_privacy_curve_ends_at_the_runs_nominal_total(oblivious_run):
    r = oblivious_run
    rounds, shrink, comp = shrinkage.privacy_curve(r)
    assert len(rounds) == r.T and np.all(np.diff(shrink) >= 0) and np.all(np.diff(comp) >= -1e-12)
    assert shrink[-1] == pytest.approx(r.nominal.epsilon)
    fig = shrinkage.draw_privacy_spent(r)
    assert fig.axes[0].get_yscale() == "log"


def test_hard_queries_vs_T_plots_the_sweep():
    s = shrinkage.hard_queries_sweep([10, 100], k=40, m=10)
    assert s["composition"] == [10, 100] and all(v >= 0 for v in s["shrinkage"])
    fig = shrinkage.draw_hard_queries_vs_T(s)
    ax = fig.axes[0]
    assert ax.get_xscale() == "log" and len(ax.lines) == 3


def test_a_subnormal_epsilon_and_a_box_beyond_the_floats_are_refused_up_front():
    with pytest.raises(ValueError, match="^epsilon must be >= 1e-300"):
        shrinkage.hard_queries_sweep([10], k=4, m=10, epsilon=5e-324)
    with pytest.raises(ValueError, match=r"^box must lie within ±2\^512, got an integer of 401 digits"):
        collapse.arrangement_vertices([[1, 0]], [0], (10**400, 1, 0, 1))


def test_slices_d2_one_panel_per_hard_query_plus_one():
    pred, res = collapse.collapse_run(2, seed=2)
    assert res.affine_dims[:4] == [3, 2, 1, 0]
    fig = collapse.draw_collapse_slices(pred, res)
    axes = fig.axes
    assert len(axes) == res.n_hard + 1
    assert axes[0].name == "3d" and all(ax.name == "rectilinear" for ax in axes[1:])
    assert any(p.get_gid().startswith("level-") for p in axes[1].patches)  # plane: cdepth levels
    assert {ln.get_gid() for ln in axes[2].lines} >= {"depth", "cdepth"}  # line: profiles
    for ax in axes:
        assert len(_by_gid(ax, "maximiser")) == pred.k


@pytest.mark.parametrize("seed", range(4))
def test_line_depth_profile_is_exact(seed):
    rng = np.random.default_rng(seed)
    A1 = np.array([[Fraction(int(v))] for v in rng.integers(-3, 4, size=9)], dtype=object)
    b1 = np.array([Fraction(int(v), 2) for v in rng.integers(-6, 7, size=9)], dtype=object)
    u, dep, cdep = collapse.line_depth_profile(A1, b1, (-4, 4))
    assert np.all(cdep >= dep)
    for x, dx, cx in list(zip(u, dep, cdep, strict=True))[::5]:
        z = np.array([Fraction(x).limit_denominator(10**6)], dtype=object)
        assert dx == sdepth.depth((A1, b1), z) and cx == sdepth.cdepth((A1, b1), z)
