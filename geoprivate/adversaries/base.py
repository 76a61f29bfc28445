"""The adversary protocol ([Yan26] §1.1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from geoprivate.ensembles import Ensemble

__all__ = ["Adversary", "View"]


@dataclass
class View:
    """What an adaptive adversary may look at before round ``round`` (0-based).

    ``transcript`` is public (the released (x_j, y_j, Label_j)); ``ensemble`` is the
    predictor's current F_j, which depends on the private sample: reading it makes the
    adversary *white-box* (outside [Yan26]'s model, a stress test of the TOP bounds).
    """

    round: int
    transcript: Any  # a prediction.Transcript (not imported: prediction imports this module)
    ensemble: Ensemble | None = None


class Adversary:
    """Base class.  ``kind`` is "oblivious", "stochastic" or "adaptive"."""

    kind = "adversary"
    adaptive = False

    def sequence(self, T: int):
        """The whole query sequence x_1..x_T (non-adaptive adversaries)."""
        raise TypeError(f"{type(self).__name__} is adaptive: use next_query(view)")

    def next_query(self, view: View):
        """The next query given the run so far (adaptive adversaries)."""
        raise TypeError(f"{type(self).__name__} is not adaptive: use sequence(T)")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.kind})"
