"""Query adversaries for private prediction ([Yan26] §1.1: oblivious, stochastic, adaptive).

* :mod:`~geoprivate.adversaries.oblivious` — a sequence fixed in advance
  (:class:`FixedSequence`, the binary-search worst case for thresholds
  :func:`binary_search_sequence`).
* :mod:`~geoprivate.adversaries.stochastic` — i.i.d. queries from D (:class:`Stochastic`
  and the samplers :func:`uniform_line`, :func:`uniform_columns`, :func:`gaussian`).
* :mod:`~geoprivate.adversaries.adaptive` — queries chosen after seeing the run:
  :class:`DisagreementAdversary` (white-box: queries where the current ensemble is split
  closest to half/half — the stress test of Claims 5 and 9) and
  :class:`TranscriptBisection` (sees only the released labels: binary search on them).

Protocol: a non-adaptive adversary has ``adaptive = False`` and ``sequence(T)`` (the
whole query sequence, fixed before the run); an adaptive one has ``adaptive = True``
and ``next_query(view)`` where ``view`` has ``transcript`` (public) and ``ensemble``
(the predictor's current hypotheses — private; only white-box adversaries read it).
"""

from geoprivate.adversaries.adaptive import DisagreementAdversary, TranscriptBisection
from geoprivate.adversaries.base import Adversary, View
from geoprivate.adversaries.oblivious import FixedSequence, binary_search_points, binary_search_sequence
from geoprivate.adversaries.stochastic import (
    GaussianLaw,
    Stochastic,
    UniformColumns,
    UniformLine,
    gaussian,
    uniform_columns,
    uniform_line,
)

__all__ = [
    "Adversary",
    "View",
    "FixedSequence",
    "binary_search_points",
    "binary_search_sequence",
    "Stochastic",
    "uniform_line",
    "uniform_columns",
    "gaussian",
    "UniformLine",
    "UniformColumns",
    "GaussianLaw",
    "DisagreementAdversary",
    "TranscriptBisection",
]
