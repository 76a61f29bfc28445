"""Private prediction via shrinkage ([Yan26]): Algorithms 2–4.

* :class:`GenericPredictor` — Algorithm 2 (subsample-and-aggregate + BetweenThresholds,
  batched between hard queries); :class:`CompositionPredictor` — the √T baseline.
* :class:`G_oblivious` — Algorithm 3 (ERM over C|HardQuery); :class:`G_halfspace` —
  Algorithm 4 (cdepth maximiser on the hard-query affine subspace).
* :class:`Transcript`, :class:`HardQuery` — the run's (x_j, y_j, Label_j).
* :mod:`~geoprivate.prediction.parameters` — Appendix A.2/A.3 (theorem mode), practical mode.
* :func:`label_sequence_count` — |L| of Claim 5, exactly.
* :mod:`~geoprivate.prediction.problems` — ready-made problems (class, target, sample, adversary).

Labels are {0, 1} (1 = the paper's +1, 0 = its −1).
"""

from geoprivate.prediction.generators import (
    HALFSPACES,
    Ensemble,
    FiniteEnsemble,
    G_halfspace,
    G_halfspace_repaired,
    G_oblivious,
    HalfspaceEnsemble,
    IntervalEnsemble,
    ThresholdEnsemble,
    hard_query_subspace,
)
from geoprivate.prediction.parameters import appendix_a2, appendix_a3, practical_parameters, theorem_parameters
from geoprivate.prediction.predictor import CompositionPredictor, GenericPredictor, PredictionResult, privacy_total
from geoprivate.prediction.tracking import label_sequence_count, label_sequences
from geoprivate.prediction.transcript import HardQuery, Transcript

__all__ = [
    "GenericPredictor",
    "PredictionResult",
    "CompositionPredictor",
    "privacy_total",
    "G_oblivious",
    "G_halfspace",
    "G_halfspace_repaired",
    "HALFSPACES",
    "hard_query_subspace",
    "Ensemble",
    "ThresholdEnsemble",
    "IntervalEnsemble",
    "FiniteEnsemble",
    "HalfspaceEnsemble",
    "Transcript",
    "HardQuery",
    "label_sequence_count",
    "label_sequences",
    "appendix_a2",
    "appendix_a3",
    "theorem_parameters",
    "practical_parameters",
]
