"""Thresholds on a line: c_t(x) = 1 iff x >= t ([Yan25] Def. 6 orientation)."""

from __future__ import annotations

import math
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Joint, RealNumber, checked
from geoprivate.concepts._line import Domain, LineValues, check_in_domain, line_sample, quadratic_restriction
from geoprivate.concepts.base import ConceptClass
from geoprivate.concepts.finite import FiniteClass

__all__ = ["Thresholds"]


@checked
class Thresholds(ConceptClass):
    """Thresholds c_t(x) = [x ≥ t], labels in {0, 1}.

    Over a finite ordered domain X = {x_1 < … < x_n} the class is {c_t : t ∈ X} ∪ {c_∞}
    (n + 1 concepts, c_∞ ≡ 0); with ``domain=None`` t ranges over the reals ∪ {+∞}.
    This orientation makes (x_1..x_n), (c_{x_1}..c_{x_n}) a class of thresholds in the
    sense of [Yan25] Def. 6, so TD = n.

    Parameters
    ----------
    domain : sequence of reals, optional
        A finite ordered domain; ``None`` for the real line.
    """

    def __init__(self, domain: Domain = None):
        self.domain = domain
        self.name = "thresholds on R" if self.domain is None else f"thresholds on {self.domain.size} points"

    @property
    def n_concepts(self) -> float:
        return math.inf if self.domain is None else self.domain.size + 1

    def predict(self, t: RealNumber, points: LineValues) -> np.ndarray:
        """Labels of c_t on ``points`` (``t = math.inf`` is the all-0 concept)."""
        if isinstance(t, int) and abs(t) > 2**1000 and points.dtype != object:  # compared as the float it exceeds
            t = math.inf if t > 0 else -math.inf
        return (points >= t).astype(np.uint8)

    def matrix(self) -> FiniteClass:
        """The whole class over its finite domain (rows t = x_1, …, x_n, ∞)."""
        if self.domain is None:
            raise ValueError("matrix: thresholds on the reals have no finite matrix; use restrict_to(points)")
        return self.restrict_to(self.domain)

    def restrict_to(self, points: LineValues) -> FiniteClass:
        """Π_C(points): for m distinct points, the m + 1 labellings [p ≥ v] (v a point) and 0."""
        x = points
        quadratic_restriction(x.size, f"thresholds restricted to {x.size} points")
        if np.unique(x).size != x.size:
            raise ValueError("points: must be distinct")
        check_in_domain(x, self.domain)
        rows = [(x >= v) for v in np.unique(x)] + [np.zeros(x.size, bool)]
        return FiniteClass(
            np.array(rows, dtype=np.uint8).reshape(len(rows), x.size),
            domain=x.tolist(),
            name=f"{self.name} on {x.size} points",
        ).restrict_to(x.tolist())

    # -- closed forms
    def vc_dimension(self) -> int:
        return 1

    def littlestone_dimension(self) -> float:
        """⌊log₂(n + 1)⌋ over n points (binary search); infinite over the reals."""
        return math.inf if self.domain is None else int(math.floor(math.log2(self.domain.size + 1)))

    def threshold_dimension(self) -> float:
        return math.inf if self.domain is None else int(self.domain.size)

    def erm(self, points: LineValues, labels: Annotated[Any, Joint("0/1, one per point", kind="labels")]):
        """Closed-form ERM by sorting: ``(t, errors)``.

        errors(c_{v_i}) = #positives left of v_i + #negatives at or right of v_i; the
        candidates are the distinct sample values and ∞.  Ties go to the smallest t
        (∞ last).  O(m log m).
        """
        values, pos, neg = line_sample(points, labels)
        check_in_domain(values, self.domain)
        # errors at t = v_i for i = 0..m-1, then t = inf
        left_pos = np.concatenate([[0], np.cumsum(pos)])
        right_neg = np.concatenate([np.cumsum(neg[::-1])[::-1], [0]])
        errors = left_pos + right_neg
        i = int(np.argmin(errors))
        t = values[i] if i < values.size else math.inf
        return (t.item() if hasattr(t, "item") else t), int(errors[i])
