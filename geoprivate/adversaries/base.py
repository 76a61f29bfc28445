"""The adversary protocol ([Yan26] §1.1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from geoprivate._validation import Check, Interval, Joint, NonNegInt, checked
from geoprivate.ensembles import Ensemble

#: the longest query sequence an adversary builds at once (8 bytes a query: 800 MB)
MAX_QUERIES = 10**8
#: a number of rounds T (the sequence is built in memory)
Rounds = Annotated[int, Interval(ge=1, le=MAX_QUERIES)]

__all__ = ["Adversary", "View", "Rounds", "MAX_QUERIES"]


def _transcript(value, name: str):
    """A transcript: a prediction.Transcript or a sequence of rounds (anything with a length but a string)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
        raise TypeError(f"{name} must be a Transcript (or a sequence of rounds), got {type(value).__name__}")
    return value


@checked
@dataclass
class View:
    """What an adaptive adversary may look at before round ``round`` (0-based).

    ``transcript`` is public (the released (x_j, y_j, Label_j)); ``ensemble`` is the
    predictor's current F_j, which depends on the private sample: reading it makes the
    adversary *white-box* (outside [Yan26]'s model, a stress test of the TOP bounds).
    """

    round: NonNegInt
    transcript: Annotated[Any, Check(_transcript, kind="object")]  # a prediction.Transcript (prediction imports this)
    ensemble: Ensemble | None = None


@checked
class Adversary:
    """Base class.  ``kind`` is "oblivious", "stochastic" or "adaptive"."""

    kind = "adversary"
    adaptive = False

    def sequence(self, T: Rounds):
        """The whole query sequence x_1..x_T (non-adaptive adversaries)."""
        raise TypeError(f"{type(self).__name__} is adaptive: use next_query(view)")

    def next_query(self, view: Annotated[Any, Joint("a View (the base class is not adaptive: it refuses)")]):
        """The next query given the run so far (adaptive adversaries)."""
        raise TypeError(f"{type(self).__name__} is not adaptive: use sequence(T)")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.kind})"
