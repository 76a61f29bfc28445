"""Halfspaces in ℝ^d: h_{a,w}(x) = [⟨a, x⟩ ≥ w] ([Yan26] Definition 6).

Labels are {0, 1} (the paper's ±1 with −1 ↦ 0).  A thin object over
:mod:`solvers.halfspaces`: restriction to a finite point set is the exact dichotomy
enumeration :func:`solvers.halfspaces.halfspace_dichotomies`.
"""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Interval, Joint, checked
from geoprivate.concepts.base import ConceptClass
from geoprivate.concepts.finite import FiniteClass
from solvers._checks import as_array
from solvers._domains import Rational
from solvers._rational import rational_points
from solvers.halfspaces import halfspace_dichotomies, halfspace_predicate

__all__ = ["Halfspaces"]


@checked
class Halfspaces(ConceptClass):
    """HALFSPACE_d = {h_{a,w} : a ∈ ℝ^d, w ∈ ℝ}, h_{a,w}(x) = [⟨a, x⟩ ≥ w], labels {0, 1}.

    Constants are included (a = 0: w ≤ 0 gives all 1, w > 0 all 0).

    Parameters
    ----------
    d : int
        Dimension (≥ 1).

    Examples
    --------
    >>> H = Halfspaces(2)
    >>> H.vc_dimension()
    3
    >>> H.predict([1, 0], 0.5, [[0, 0], [1, 1]]).tolist()
    [0, 1]
    >>> H.restrict_to([[0, 0], [1, 0], [0, 1], [1, 1]]).matrix.shape
    (14, 4)
    """

    def __init__(self, d: Annotated[int, Interval(ge=1, le=10**6)]):
        self.d = d
        self.name = f"halfspaces in R^{self.d}"

    def vc_dimension(self) -> int:
        """d + 1 (Radon's theorem; Cover's count gives 2^{d+1} on d + 1 affinely independent points)."""
        return self.d + 1

    def _points(self, X, name="X"):
        arr = X if isinstance(X, np.ndarray) else as_array(X, name, dtype=object)
        if arr.ndim != 2 or arr.shape[1] != self.d:
            raise ValueError(f"{name}: expected shape (n, {self.d}), got {arr.shape}")
        return arr

    def predict(
        self,
        a: Annotated[Any, Check(as_array), Joint("d exact numbers", kind="array")],
        w: Rational,
        X: Annotated[Any, Check(as_array), Joint("points of R^d", kind="array")],
    ) -> np.ndarray:
        """Labels h_{a,w}(x) ∈ {0, 1} of the rows of X (exact)."""
        av = np.asarray(a, dtype=object).reshape(-1)
        if av.shape[0] != self.d:
            raise ValueError(f"a: expected length {self.d}, got {av.shape[0]}")
        return halfspace_predicate(av, w, self._points(X))

    def restrict_to(
        self, points: Annotated[Any, Check(as_array), Joint("distinct points of R^d", kind="array")]
    ) -> FiniteClass:
        """Π_C(points) as a :class:`FiniteClass` (exact enumeration, rows sorted).

        The domain elements are the points as tuples; points must be distinct.
        """
        arr = self._points(points, "points")
        rational_points(arr, "points")  # finite numbers (NaN and inf refused, naming points)
        domain = [tuple(row) for row in arr.tolist()]
        if len(set(domain)) != len(domain):
            raise ValueError("points: must be distinct (repeated points would be one domain element)")
        return FiniteClass(halfspace_dichotomies(arr), domain=domain, name=f"{self.name} on {len(domain)} points")
