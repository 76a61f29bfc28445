"""Adaptive online adversaries: each query may depend on the run so far ([Yan26] §1.1).

:class:`DisagreementAdversary` is white-box: it reads the predictor's current ensemble
F_j (which depends on the private sample) and queries where the vote is closest to 1/2,
i.e. in the ensemble's disagreement region — the queries most likely to make
BetweenThresholds answer ⊤.  For halfspaces it queries points x whose dual hyperplane
{z : ⟨(x, −1), z⟩ = 0} passes through the middle of the ensemble's (normalised) dual
points z_i = (a_i, w_i), i.e. x on the boundary of the mean hypothesis.  It is the stress
test of the TOP bounds (Claim 5 assumes an oblivious adversary; Claim 9 allows adaptive
ones).  :class:`TranscriptBisection` only reads the released labels (the paper's model).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Interval, Positive, Rng, as_rng, checked
from geoprivate.adversaries.base import Adversary, View
from geoprivate.ensembles import Ensemble

__all__ = ["DisagreementAdversary", "TranscriptBisection"]


def _line_candidates(c: np.ndarray) -> np.ndarray:
    if c.size == 0:
        return c
    mids = (c[:-1] + c[1:]) / 2 if c.size > 1 else np.empty(0)
    return np.concatenate([c, mids])


@checked
class DisagreementAdversary(Adversary):
    """White-box adaptive adversary: query where the current ensemble's vote is closest to 1/2.

    Parameters
    ----------
    sampler : callable (rng, n) -> points
        The fallback law D (used when the ensemble agrees everywhere it looks, and as the
        pool of directions for halfspaces).
    rng : Generator, int or None
    pool : int, default 64
        Number of candidate points drawn per round for halfspaces.
    grid : float, optional
        Round every candidate to a multiple of ``grid`` (keeps exact arithmetic on
        rationals with small denominators; candidates are scored after rounding).

    Notes
    -----
    Candidates: thresholds and intervals — the hypotheses' endpoints and the midpoints
    between consecutive ones; finite classes — every domain position; halfspaces — ``pool``
    points of D projected onto the boundary of the mean normalised hypothesis, plus
    the point of each distinct hypothesis's boundary closest to the origin (at most
    4·``pool`` of them, drawn by ``rng`` when there are more).  Ties are broken by
    ``rng``.  If no candidate has a vote strictly between 0 and 1, a point of D is asked.
    """

    kind = "adaptive"
    adaptive = True

    def __init__(
        self,
        sampler: Callable[..., Any],
        rng: Rng = None,
        *,
        pool: Annotated[int, Interval(ge=1, le=10**6)] = 64,
        grid: Positive | None = None,
    ):
        self.sampler = sampler
        self.rng = as_rng(rng)
        self.pool = pool
        self.grid = grid

    def candidates(self, ensemble: Ensemble) -> np.ndarray:
        kind = getattr(ensemble, "kind", "")
        if kind in ("thresholds", "intervals"):
            return _line_candidates(ensemble.critical_points())
        if kind == "finite":
            return ensemble.critical_points()
        if kind == "halfspaces":
            tab = getattr(ensemble, "_table", None)  # float copies of the distinct hypotheses, if cached
            if tab is not None:
                Z = np.hstack([tab.A, tab.w[:, None]])[tab.index]
            else:
                Z = np.array([[float(v) for v in a] + [float(w)] for a, w in ensemble.hypotheses])
            norms = np.linalg.norm(Z, axis=1, keepdims=True)
            Z = Z[norms[:, 0] > 0] / norms[norms[:, 0] > 0]
            P = np.asarray(self.sampler(self.rng, self.pool), dtype=np.float64)
            if Z.shape[0]:
                zbar = Z.mean(axis=0)
                a, w = zbar[:-1], zbar[-1]
                nn = float(a @ a)
                if nn > 1e-18:
                    P = P - np.outer((P @ a - w) / nn, a)
            crit = ensemble.critical_points()
            if crit.shape[0] > 4 * self.pool:  # at most 4 * pool boundary points, drawn by rng
                crit = crit[np.sort(self.rng.choice(crit.shape[0], 4 * self.pool, replace=False))]
            if crit.size:
                P = np.vstack([P, crit])
            return P if self.grid is None else np.round(P / self.grid) * self.grid
        raise TypeError(f"DisagreementAdversary: unsupported ensemble {type(ensemble).__name__}")

    def next_query(self, view: View):  # noqa: D102 - documented on Adversary
        if view.ensemble is None:
            raise ValueError("DisagreementAdversary is white-box: the view must carry the ensemble")
        cand = self.candidates(view.ensemble)
        if len(cand):
            score = np.abs(view.ensemble.votes(cand) - 0.5)
            best = float(score.min())
            if best < 0.5:
                idx = np.flatnonzero(score == best)
                return cand[int(idx[self.rng.integers(idx.size)])]
        x = np.asarray(self.sampler(self.rng, 1))[0]
        return x if self.grid is None else np.round(x / self.grid) * self.grid


@checked
class TranscriptBisection(Adversary):
    """Adaptive adversary for thresholds that sees only the released labels.

    Queries the midpoint between the largest point released with label 0 and the
    smallest released with label 1 (starting from [lo, hi]) — a binary search for the
    predictor's decision boundary using public outputs only.  When the released labels
    contradict every threshold (a 1 left of a 0), it queries uniformly in [lo, hi].
    """

    kind = "adaptive"
    adaptive = True

    def __init__(self, lo: float = 0.0, hi: float = 1.0, rng: Rng = None):
        if not lo < hi:
            raise ValueError(f"need lo < hi, got lo={lo!r}, hi={hi!r}")
        self.lo, self.hi = float(lo), float(hi)
        self.rng = as_rng(rng)
        self._seen, self._lo, self._hi = 0, self.lo, self.hi

    def next_query(self, view: View):  # noqa: D102 - documented on Adversary
        tr = view.transcript
        if not (hasattr(tr, "points") and hasattr(tr, "labels")):
            raise TypeError(f"view: its transcript must be a Transcript (points and labels), got {type(tr).__name__}")
        if len(tr) < self._seen:  # a new run: start over
            self._seen, self._lo, self._hi = 0, self.lo, self.hi
        x = np.asarray(tr.points[self._seen :], dtype=np.float64)
        lab = np.asarray(tr.labels[self._seen :])
        self._seen = len(tr)
        lo = self._lo = max([self._lo] + x[lab == 0].tolist())
        hi = self._hi = min([self._hi] + x[lab == 1].tolist())
        if lo < hi:
            return (lo + hi) / 2
        return float(self.rng.uniform(self.lo, self.hi))
