"""Intervals on a line: c_{[a,b]}(x) = 1 iff a <= x <= b, plus the empty concept."""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Joint, checked
from geoprivate.concepts._line import Domain, LineValues, check_in_domain, line_sample, quadratic_restriction
from geoprivate.concepts.base import ConceptClass
from geoprivate.concepts.finite import FiniteClass
from solvers._checks import real_number

__all__ = ["Intervals"]


def _interval(value, name: str = "interval"):
    """None (the empty concept) or a pair (a, b) of real numbers with a <= b."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != 2:
        raise TypeError(f"{name} must be None or a pair (a, b) of real numbers, got {value!r}")
    a, b = real_number(value[0], name), real_number(value[1], name)
    if not a <= b:
        raise ValueError(f"{name} must have a <= b (None is the empty concept), got ({a!r}, {b!r})")
    return a, b


@checked
class Intervals(ConceptClass):
    """Closed intervals c_{[a,b]}(x) = [a ≤ x ≤ b] and the empty concept; labels {0, 1}.

    Over a finite ordered domain a ≤ b range over the domain (1 + n(n+1)/2 concepts);
    with ``domain=None`` over the reals.  VC dimension 2 (1 on a one-point domain).

    Parameters
    ----------
    domain : array_like or None, default None
        A finite ordered domain, or ``None`` for the reals.
    """

    def __init__(self, domain: Domain = None):
        self.domain = domain
        self.name = "intervals on R" if self.domain is None else f"intervals on {self.domain.size} points"

    def predict(self, interval: Annotated[Any, Check(_interval, kind="object")], points: LineValues) -> np.ndarray:
        """Labels of c_{[a,b]} on ``points``; ``interval=None`` is the empty concept."""
        x = points
        if interval is None:
            return np.zeros(x.size, np.uint8)
        a, b = interval
        return ((x >= a) & (x <= b)).astype(np.uint8)

    def restrict_to(self, points: LineValues) -> FiniteClass:
        """Π_C(points): every run of consecutive points (in sorted order) and the empty set."""
        x = points
        quadratic_restriction(x.size, f"intervals restricted to {x.size} points")
        if np.unique(x).size != x.size:
            raise ValueError("points: must be distinct")
        check_in_domain(x, self.domain)
        v = np.unique(x)
        i, j = np.triu_indices(v.size)
        rows = (x[None, :] >= v[i][:, None]) & (x[None, :] <= v[j][:, None])
        rows = np.vstack([rows, np.zeros((1, x.size), bool)]).astype(np.uint8)
        return FiniteClass(rows, domain=x.tolist()).restrict_to(x.tolist())

    def vc_dimension(self) -> int:
        return 1 if self.domain is not None and self.domain.size == 1 else 2

    def erm(self, points: LineValues, labels: Annotated[Any, Joint("0/1, one per point", kind="labels")]):
        """Closed-form ERM: ``(interval, errors)`` with ``interval = (a, b)`` or ``None``.

        With g_v = #positives at v − #negatives at v over the sorted distinct sample
        values, an interval covering values i..j errs on #positives − Σ_{i..j} g, so the
        best interval is a maximum-sum run (Kadane, O(m)); the empty concept wins when
        no run has positive sum.  Ties: the empty concept, then the leftmost run.
        """
        values, pos, neg = line_sample(points, labels)
        check_in_domain(values, self.domain)
        gain = pos - neg
        best, best_run = 0, None
        run_sum, run_start = 0, 0
        for k, g in enumerate(gain.tolist()):
            if run_sum <= 0:
                run_sum, run_start = g, k
            else:
                run_sum += g
            if run_sum > best:
                best, best_run = run_sum, (run_start, k)
        total_pos = int(pos.sum())
        if best_run is None:
            return None, total_pos
        a, b = values[best_run[0]], values[best_run[1]]
        return (a.item() if hasattr(a, "item") else a, b.item() if hasattr(b, "item") else b), total_pos - int(best)
