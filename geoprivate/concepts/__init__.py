"""Concept classes: thin objects over the exact oracles of :mod:`solvers`.

Labels are {0, 1}.  Every class can be restricted to a finite point set
(``restrict_to(points)`` → :class:`FiniteClass`), so every matrix oracle applies;
structured classes also answer in closed form (thresholds and intervals: ERM by
sorting), and the tests check closed form against the matrix oracle.
"""

from geoprivate.concepts.base import ConceptClass
from geoprivate.concepts.finite import FiniteClass
from geoprivate.concepts.halfspaces import Halfspaces
from geoprivate.concepts.intervals import Intervals
from geoprivate.concepts.point_functions import PointFunctions
from geoprivate.concepts.thresholds import Thresholds

__all__ = ["ConceptClass", "FiniteClass", "Thresholds", "Intervals", "PointFunctions", "Halfspaces"]
