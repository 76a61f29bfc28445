"""The papers' private learners (built on :mod:`geoprivate.mechanisms` and :mod:`solvers`).

* :mod:`geoprivate.learners.vc1` — [Yan25]: :class:`~geoprivate.learners.vc1.OPTPrivateLearner`
  (Algorithm 2) and :class:`~geoprivate.learners.vc1.ProperLearner` (Algorithm 4) for
  classes of VC dimension 1.
* :mod:`geoprivate.learners.decision_lists` — [BF26]: F-decision lists, Rivest's learner,
  DP-GreedyCover (Algorithm 3.1).
* :mod:`geoprivate.learners.winnow` — [BF26]: ConfidentWinnow (Algorithm 4.1), DP-Winnow
  (Algorithm 4.2).
"""

__all__ = ["vc1", "decision_lists", "winnow"]
