"""Private everlasting prediction, [NNSY23].

* :mod:`~geoprivate.everlasting.label_boost` — LabelBoost (App. C.1), vectorised, with its
  exact output law (Lemmas 4.1/C.1, 4.2/C.2).
* :mod:`~geoprivate.everlasting.parameters` — theorem-mode calculator for GenericBBL (§5)
  and the practical-mode scaled constants.
* :mod:`~geoprivate.everlasting.generic_bbl` — GenericBBL (§5), phase by phase.
* :mod:`~geoprivate.everlasting.game` — the privacy game of Figure 1 with the statistical
  auditor (training-example and query privacy separately).
* :mod:`~geoprivate.everlasting.boosting` — HypothesisLearner and AccuracyBoost (App. B).
* :mod:`~geoprivate.everlasting.query_attack` — the halting attack on query privacy (Claim E.6
  fails), exact view laws, the adversary search.
* :mod:`~geoprivate.everlasting.repaired` — RepairedBBL, the toolkit's construction (not the
  paper's) with a private TOP budget.

Labels are {0, 1} throughout.
"""

from geoprivate.everlasting.boosting import accuracy_boost, hypothesis_learner  # noqa: E402
from geoprivate.everlasting.generic_bbl import (  # noqa: E402
    EverlastingResult,
    GenericBBL,
    make_everlasting_problem,
)
from geoprivate.everlasting.label_boost import (
    Dichotomies,
    LabelBoostResult,
    dichotomies_of,
    label_boost,
    label_boost_law,
    lemma_c2_applies,
    lemma_c2_max_T,
)
from geoprivate.everlasting.parameters import (  # noqa: E402
    custom_parameters,
    practical_parameters,
    theorem_parameters,
)

__all__ = [
    "Dichotomies",
    "LabelBoostResult",
    "dichotomies_of",
    "label_boost",
    "label_boost_law",
    "lemma_c2_applies",
    "lemma_c2_max_T",
    "theorem_parameters",
    "practical_parameters",
    "custom_parameters",
    "GenericBBL",
    "EverlastingResult",
    "make_everlasting_problem",
    "hypothesis_learner",
    "accuracy_boost",
]
