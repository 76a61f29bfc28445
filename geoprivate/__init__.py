"""geoprivate — the papers' private prediction and learning algorithms over exact oracles.

Layers (imports point downwards only; ``tests/test_layers.py`` enforces it)::

    geoprivate.cli / report / explore / __main__           what a person runs
    geoprivate.claims, experiments, planning, viz,         checks, sweeps, the planner, figures,
      strategies                                           instance spaces searched by verify
    geoprivate.prediction, learners, everlasting,          the papers' algorithms, the problems
              problems, ensembles, adversaries             they run on, their ensembles, their adversaries
    geoprivate.audit                                       exact and statistical privacy auditors
    geoprivate.mechanisms                                  DP building blocks
    geoprivate.privacy                                     accounting only (ledger, composition, warnings)
    geoprivate.concepts                                    concept classes
    geoprivate._validation, _papers                        argument checks, the bibliography
    solvers  (exact oracles, no privacy)

Labels: the solvers and :mod:`geoprivate.concepts` use {0, 1}; algorithms that the
papers state with {-1, +1} convert at their boundary and say so in their docstrings.
"""

__version__ = "0.1.0"
