"""geoprivate — the papers' private prediction and learning algorithms over exact oracles.

Layers (imports point downwards only)::

    geoprivate.cli / report / notebooks
    geoprivate.claims, experiments, viz
    geoprivate.prediction, learners
    geoprivate.mechanisms, privacy
    geoprivate.concepts
    solvers  (exact oracles, no privacy)

Labels: the solvers and :mod:`geoprivate.concepts` use {0, 1}; algorithms that the
papers state with {-1, +1} convert at their boundary and say so in their docstrings.
"""

__version__ = "0.1.0"
