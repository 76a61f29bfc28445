"""The papers' private learners (built on :mod:`geoprivate.mechanisms` and :mod:`solvers`).

* :mod:`geoprivate.learners.vc1` — seed 004: :class:`~geoprivate.learners.vc1.OPTPrivateLearner`
  (Algorithm 2) and :class:`~geoprivate.learners.vc1.ProperLearner` (Algorithm 4) for
  classes of VC dimension 1.
"""

__all__ = ["vc1"]
