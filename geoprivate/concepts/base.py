"""The interface every concept class implements.

A concept class is a thin object over the exact oracles of :mod:`solvers`: it knows
how to label points and how to restrict itself to a finite point set, which yields a
:class:`~geoprivate.concepts.finite.FiniteClass` (the dichotomy matrix), so every
matrix oracle applies.  Structured classes additionally answer in closed form where
one exists; the tests check closed form against the matrix oracle.

Labels are {0, 1} throughout this module.
"""

from __future__ import annotations

import abc

__all__ = ["ConceptClass"]


class ConceptClass(abc.ABC):
    """Abstract concept class over a domain, labels in {0, 1}.

    Attributes
    ----------
    name : str
        A short human-readable name used in reports.
    """

    #: short human-readable name used in reports
    name: str = "concept class"

    @abc.abstractmethod
    def restrict_to(self, points):
        """Π_C(points) as a :class:`FiniteClass` whose domain is ``points`` (in order)."""

    def vc_dimension(self) -> int:
        """VC dimension (closed form where the class knows one)."""
        raise NotImplementedError(f"{type(self).__name__} has no closed-form VC dimension")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name})"
