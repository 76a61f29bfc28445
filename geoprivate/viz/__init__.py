"""Figures for notebooks and reports (matplotlib; no pyplot state, works headless).

* :mod:`geoprivate.viz.vc1` — the tree of a VC-1 class (seed 004 Algorithm 1) with
  proper nodes, deterministic points, the median layer and x_good marked.
"""

from geoprivate.viz.vc1 import draw_learner_run, draw_vc1_tree, tree_layout

__all__ = ["draw_vc1_tree", "draw_learner_run", "tree_layout"]
