"""Figures for notebooks and reports (matplotlib; no pyplot state, works headless).

Every function returns a :class:`matplotlib.figure.Figure` (or draws into given axes).

* :mod:`geoprivate.viz.vc1` — the tree of a VC-1 class ([Yan25] Algorithm 1) with
  proper nodes, deterministic points, the median layer and x_good marked.
* :mod:`geoprivate.viz.collapse` — the feasible region of G_halfspace ([Yan26]
  Algorithm 4) collapsing in the dual (a, w) plane, one panel per hard query, from the
  exact arrangement; faithful and repaired generators side by side; any d as slices of
  C|HardQuery in its own coordinates (a 3-D view, a plane, a line, the point).
* :mod:`geoprivate.viz.shrinkage` — G_oblivious's |L| against the round (Claim 5), hard
  queries against T, privacy spent over the rounds, err_D per segment.
* :mod:`geoprivate.viz.everlasting` — GenericBBL phase by phase ([NNSY23]).
* :mod:`geoprivate.viz.winnow` — a DP-Winnow run: mistakes and updates ([BF26]).
"""

from geoprivate.viz.collapse import (
    collapse_run,
    depth_level_hulls,
    draw_collapse_comparison,
    draw_collapse_d1,
    draw_collapse_slices,
)
from geoprivate.viz.shrinkage import (
    draw_err_D,
    draw_hard_queries_vs_T,
    draw_oblivious_L,
    draw_privacy_spent,
    hard_queries_sweep,
    privacy_curve,
)
from geoprivate.viz.vc1 import draw_learner_run, draw_vc1_tree, tree_layout

__all__ = [
    "draw_vc1_tree",
    "draw_learner_run",
    "tree_layout",
    "draw_collapse_d1",
    "draw_collapse_comparison",
    "collapse_run",
    "draw_collapse_slices",
    "depth_level_hulls",
    "draw_oblivious_L",
    "hard_queries_sweep",
    "draw_hard_queries_vs_T",
    "privacy_curve",
    "draw_privacy_spent",
    "draw_err_D",
]
