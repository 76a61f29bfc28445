"""Point functions: c_z(x) = 1 iff x = z."""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Joint, checked
from geoprivate.concepts.base import ConceptClass
from geoprivate.concepts.finite import FiniteClass, Points
from solvers._checks import as_array

__all__ = ["PointFunctions"]


def _element(value, name: str):
    """A domain element: anything hashable."""
    try:
        hash(value)
    except TypeError:
        raise TypeError(f"{name} must be a domain element (hashable), got {type(value).__name__}") from None
    return value


@checked
class PointFunctions(ConceptClass):
    """POINT_X = {c_z : z ∈ X}, c_z(x) = [x = z]; labels in {0, 1}.

    Parameters
    ----------
    domain : sequence of hashable, optional
        A finite domain X (then the class has |X| concepts and no all-0 concept).
        ``None``: an infinite domain of hashable points, so restricted to any finite
        point set the all-0 labelling is realised (by a point outside it).
    """

    def __init__(self, domain: Points | None = None):
        if domain is None:
            self.domain = None
        else:
            self.domain = tuple(domain)
            if not self.domain:
                raise ValueError("domain: a finite domain must not be empty")
            if len(set(self.domain)) != len(self.domain):
                raise ValueError("domain: points must be distinct")
        self.name = "point functions" + ("" if self.domain is None else f" on {len(self.domain)} points")

    def predict(self, z: Annotated[Any, Check(_element)], points: Points) -> np.ndarray:
        return np.array([x == z for x in points], dtype=np.uint8)

    def matrix(self) -> FiniteClass:
        """The whole class over a finite domain: the identity matrix."""
        if self.domain is None:
            raise ValueError("matrix: point functions on an infinite domain have no finite matrix")
        return FiniteClass(np.eye(len(self.domain), dtype=np.uint8), domain=self.domain, name=self.name)

    def restrict_to(self, points: Points) -> FiniteClass:
        """Π_C(points): e_p for each point p, and 0 if some domain point lies outside ``points``."""
        pts = points
        if len(set(pts)) != len(pts):
            raise ValueError("points: must be distinct")
        if self.domain is not None:
            missing = [p for p in pts if p not in set(self.domain)]
            if missing:
                raise ValueError(f"points: {missing[:5]} not in the finite domain")
        rows = [np.eye(len(pts), dtype=np.uint8)]
        if self.domain is None or len(set(self.domain) - set(pts)) > 0:
            rows.append(np.zeros((1, len(pts)), np.uint8))
        return FiniteClass(np.vstack(rows), domain=pts).restrict_to(pts)

    def vc_dimension(self) -> int:
        return 0 if self.domain is not None and len(self.domain) == 1 else 1

    def littlestone_dimension(self) -> int:
        """1 (a mistake on a point pins the concept down), 0 on a one-point domain."""
        return self.vc_dimension()

    def erm(self, points: Points, labels: Annotated[Any, Joint("0/1, one per point", kind="labels")]):
        """Closed-form ERM: ``(z, errors)``.

        c_z errs on the positives away from z and the negatives at z.  The best z is a
        sample point maximising #pos(z) − #neg(z), unless a point outside the sample
        does better (gain 0): then ``z`` is the first domain point outside the sample,
        or ``None`` on an infinite domain ("any point not in the sample").  Ties go to
        the sample point seen first.
        """
        pts = points
        y = as_array(labels, "labels")
        if y.shape != (len(pts),):
            raise ValueError(f"points and labels must have the same length, got {len(pts)} and {y.shape}")
        if y.size and ((y != 0) & (y != 1)).any():
            raise ValueError("labels: expected 0/1 labels")
        if self.domain is not None:
            bad = [p for p in pts if p not in set(self.domain)]
            if bad:
                raise ValueError(f"points: {bad[:5]} not in the finite domain")
        gain: dict = {}
        for p, lab in zip(pts, y.tolist(), strict=True):
            gain[p] = gain.get(p, 0) + (1 if lab == 1 else -1)
        total_pos = int((y == 1).sum())
        best_z, best = None, None
        for p, g in gain.items():
            if best is None or g > best:
                best_z, best = p, g
        # a concept at a point outside the sample labels the whole sample 0 (gain 0);
        # ``...`` marks "no such point" (a finite domain the sample covers)
        outside = None if self.domain is None else next((z for z in self.domain if z not in gain), ...)
        if outside is not ... and (best is None or best < 0):
            return outside, total_pos
        return best_z, total_pos - (best or 0)
