"""An explicit finite concept class: a 0/1 matrix over a finite domain."""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np

from geoprivate._validation import BinaryMatrix, Check, Joint, NonNegInt, checked
from geoprivate.concepts.base import ConceptClass
from solvers import combinatorics as comb

__all__ = ["FiniteClass"]


def _point_list(points, name: str = "points") -> list:
    """Domain elements as a list (rows of a 2-D array as tuples); each must be hashable."""
    if not hasattr(points, "__iter__"):
        raise TypeError(f"{name} must be a sequence of domain elements, got {type(points).__name__}")
    out = _as_point_list(points)
    for x in out:
        try:
            hash(x)
        except TypeError:
            raise TypeError(f"{name}: domain elements must be hashable, got {type(x).__name__} {x!r}") from None
    return out


#: elements of a finite domain (hashable), as a list
Points = Annotated[Any, Check(_point_list, kind="object")]
_Labels = Annotated[Any, Joint("0/1, one per point", kind="labels")]


@checked
class FiniteClass(ConceptClass):
    """A concept class given by its matrix: row = concept, column = domain point.

    Labels are {0, 1}.  Every matrix oracle of :mod:`solvers.combinatorics` applies;
    methods taking points take *domain elements*, which are mapped to columns.

    Parameters
    ----------
    matrix : array_like of 0/1, shape (n_concepts, n_points)
    domain : sequence of hashable, optional
        The domain point of each column (distinct); default ``range(n_points)``.
    name : str, optional

    Examples
    --------
    >>> C = FiniteClass([[0, 0, 1], [0, 1, 1], [1, 1, 1]], domain="abc")
    >>> C.vc_dimension(), C.littlestone_dimension(), C.shattered_set()
    (1, 1, ('a',))
    """

    def __init__(self, matrix: BinaryMatrix, domain: Points | None = None, name: str = "finite class"):
        self.matrix = matrix
        self.matrix.setflags(write=False)
        n = self.matrix.shape[1]
        self.domain = tuple(range(n)) if domain is None else tuple(domain)
        if len(self.domain) != n:
            raise ValueError(f"domain: has {len(self.domain)} points but matrix has {n} columns")
        self._column = {x: j for j, x in enumerate(self.domain)}
        if len(self._column) != n:
            raise ValueError("domain: points must be distinct")
        self.name = name

    # -- shape
    @property
    def n_concepts(self) -> int:
        return self.matrix.shape[0]

    @property
    def n_points(self) -> int:
        return self.matrix.shape[1]

    def columns(self, points: Points) -> np.ndarray:
        """Column indices of domain points; ``ValueError`` naming a point not in the domain."""
        try:
            return np.array([self._column[x] for x in _as_point_list(points)], dtype=np.intp)
        except KeyError as exc:
            raise ValueError(f"points: {exc.args[0]!r} is not in the domain of {self.name}") from None

    def predict(self, concept: NonNegInt, points: Points) -> np.ndarray:
        """Labels in {0, 1} that concept (row index) gives to ``points``."""
        if concept >= self.n_concepts:
            raise ValueError(f"concept must be a row index in [0, {self.n_concepts}), got {concept}")
        return self.matrix[concept, self.columns(points)]

    # -- ConceptClass
    def restrict_to(self, points: Points) -> FiniteClass:
        """Π_C(points): the distinct labellings of ``points`` (domain elements), sorted."""
        pts = points
        return FiniteClass(
            comb.dichotomies(self.matrix[:, self.columns(pts)]), domain=pts, name=f"{self.name} on {len(pts)} points"
        )

    # -- oracles, in terms of domain points
    def vc_dimension(self) -> int:
        return comb.vc_dimension(self.matrix)

    def shattered_set(self) -> tuple:
        return tuple(self.domain[j] for j in comb.shattered_set(self.matrix))

    def littlestone_dimension(self) -> int:
        return comb.littlestone_dimension(self.matrix)

    def threshold_dimension(self) -> int:
        return comb.threshold_dimension(self.matrix)

    def _sample(self, points: list, labels) -> np.ndarray:
        """The columns of a labelled sample's points, one label each (checked by the oracle)."""
        n_labels = len(labels) if hasattr(labels, "__len__") else -1
        if n_labels != len(points):
            raise ValueError(f"points and labels must have the same length, got {len(points)} and {n_labels}")
        return self.columns(points)

    def version_space(self, points: Points, labels: _Labels) -> FiniteClass:
        """C|S: the concepts consistent with the labelled sample (labels in {0, 1})."""
        rows = comb.restrict(self.matrix, self._sample(points, labels), labels)
        return FiniteClass(self.matrix[rows], domain=self.domain, name=f"{self.name} | sample")

    def erm(self, points: Points, labels: _Labels) -> int:
        """Row index of a concept of least empirical error (smallest index among ties)."""
        return comb.erm(self.matrix, self._sample(points, labels), labels)

    def empirical_errors(self, points: Points, labels: _Labels) -> np.ndarray:
        return comb.empirical_errors(self.matrix, self._sample(points, labels), labels)


def _as_point_list(points) -> list:
    if isinstance(points, np.ndarray):
        return points.tolist() if points.ndim == 1 else [tuple(p) for p in points.tolist()]
    return list(points)
