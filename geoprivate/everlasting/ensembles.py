"""GenericBBL's problems, ensembles F_i, step 3b's ERM and exact err_D per vote level ([NNSY23] §5).

Split from :mod:`geoprivate.everlasting.generic_bbl` (which keeps the algorithm and its records and
re-exports these names): the problem wraps the shared layer's draw
(:func:`geoprivate.problems.draw_target`); :class:`VoteEnsemble` answers vote counts; ``erm_ensemble``
is step 3b (blocks streamed for thresholds); ``level_errors`` gives err_D([votes ≥ k], c) exactly
(thresholds and intervals under U[0, 1), finite classes under the uniform law) or by Monte Carlo
(halfspaces).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from geoprivate._validation import as_rng
from geoprivate.prediction.accuracy import uniform_line_cells
from geoprivate.problems import CONCEPTS, TargetDraw, draw_target

__all__ = [
    "ERM_CHUNK_ROWS",
    "MC_SAMPLES",
    "EverlastingProblem",
    "VoteEnsemble",
    "erm_ensemble",
    "level_errors",
    "make_everlasting_problem",
]


# ====================================================================== problems
@dataclass
class EverlastingProblem:
    """A class, a target in it, the law D of the points, and how to compute err_D exactly.

    ``target_params`` is the target as the class names it: a threshold t*, an interval
    (a*, b*), a row index of the finite class's matrix, or (a*, w*); ``draw`` is the shared
    problem layer's :class:`~geoprivate.problems.TargetDraw` (target and law).
    """

    name: str
    concept: object
    target_params: object
    vc: int
    description: str
    draw: TargetDraw

    def target(self, x) -> np.ndarray:
        """c(x) in {0, 1}."""
        return self.draw.target(x)

    def sample(self, rng, n: int) -> np.ndarray:
        """n i.i.d. points of D (U[0, 1) on the line; uniform on the domain positions; grid Gaussian)."""
        return self.draw.law(rng, n)


def make_everlasting_problem(
    name: str, rng=None, *, n_points: int = 24, n_concepts: int = 64, d: int = 2
) -> EverlastingProblem:
    """Thresholds (t* ~ U(0.2, 0.8)), intervals ([a*, b*] inside (0.1, 0.9)), a random finite class,
    or halfspaces in R^d (D Gaussian on the grid 2^-10, a* Gaussian, w* = 0.1 |a*|), drawn by
    :func:`geoprivate.problems.draw_target`."""
    if name not in CONCEPTS:
        raise ValueError(f"concept: expected 'thresholds', 'intervals', 'finite' or 'halfspaces', got {name!r}")
    td = draw_target(name, as_rng(rng), d=d, n_points=n_points, n_concepts=n_concepts)
    if name == "halfspaces":
        desc = f"halfspaces in R^{d}, D Gaussian (grid 2^-10)"
    elif name == "thresholds":
        desc = f"thresholds on [0,1), D uniform, t*={td.params:.4f}"
    elif name == "intervals":
        desc = f"intervals on [0,1), D uniform, [{td.params[0]:.4f}, {td.params[1]:.4f}]"
    else:
        desc = f"{td.concept.name} (VC {td.vc}), D uniform, target row {td.params}"
    return EverlastingProblem(name, td.concept, td.params, max(1, td.vc), desc, td)


# ====================================================================== ensembles (step 3b)
class VoteEnsemble:
    """F_i = (f_1..f_T) of one phase, answering vote *counts* Σ_t f_t(x) for many x at once.

    (Distinct from :class:`geoprivate.prediction.generators.Ensemble`, whose ``votes`` are fractions
    and whose hypotheses carry their sample errors; ``generic_bbl.Ensemble`` is kept as an alias.)
    """

    def __init__(self, kind, params, T, concept=None):
        self.kind, self.params, self.T, self.concept = kind, params, T, concept
        if kind == "thresholds":
            self._sorted = np.sort(np.asarray(params, dtype=np.float64))
        elif kind == "halfspaces":
            self._A = np.array([[float(v) for v in a] for a, _ in params], dtype=np.float64)
            self._w = np.array([float(w) for _, w in params], dtype=np.float64)
        elif kind == "intervals":
            lo = np.array([p[0] for p in params if p is not None], dtype=np.float64)
            hi = np.array([p[1] for p in params if p is not None], dtype=np.float64)
            self._lo, self._hi = np.sort(lo), np.sort(hi)
        else:
            self._votes = concept.matrix[np.asarray(params, dtype=np.intp)].sum(axis=0).astype(np.int64)

    def votes(self, x) -> np.ndarray:
        x = np.asarray(x)
        if self.kind == "thresholds":
            return np.searchsorted(self._sorted, x.astype(np.float64), side="right")
        if self.kind == "halfspaces":
            return (x.astype(np.float64) @ self._A.T >= self._w[None, :]).sum(axis=1)
        if self.kind == "intervals":
            xf = x.astype(np.float64)
            return np.searchsorted(self._lo, xf, side="right") - np.searchsorted(self._hi, xf, side="left")
        return self._votes[x.astype(np.intp)]

    def breakpoints(self) -> np.ndarray:
        if self.kind == "thresholds":
            return self._sorted[np.isfinite(self._sorted)]
        return np.concatenate([self._lo, self._hi])


ERM_CHUNK_ROWS = 1 << 16


def erm_ensemble(problem: EverlastingProblem, points, labels, T: int, lam: int, order=None) -> VoteEnsemble:
    """Step 3b: an ERM f_t ∈ C on each block S_{i,t} (blocks = consecutive λ-slices).

    ``order`` (optional): a permutation of the points; block t is then ``points[order[tλ:(t+1)λ]]``,
    gathered chunk by chunk for thresholds (no permuted copy of the whole sample is held).
    """
    C = problem.concept
    if problem.name == "thresholds":
        X, Y = np.asarray(points), np.asarray(labels)
        idx = np.arange(T * lam) if order is None else np.asarray(order)[: T * lam]
        rows = np.empty(T, np.float64)
        for r0 in range(0, T, ERM_CHUNK_ROWS):  # stream blocks: memory O(chunk), not O(|S_i|)
            r1 = min(T, r0 + ERM_CHUNK_ROWS)
            j = idx[r0 * lam : r1 * lam]
            rows[r0:r1] = _threshold_erm_rows(X[j].reshape(r1 - r0, lam), Y[j].reshape(r1 - r0, lam))
        return VoteEnsemble("thresholds", rows, T)
    if order is not None:
        points, labels = np.asarray(points)[order], np.asarray(labels)[order]
    pts = np.asarray(points)[: T * lam]
    pts = pts.reshape(T, lam, *pts.shape[1:])
    lab = np.asarray(labels)[: T * lam].reshape(T, lam)
    if problem.name == "intervals":
        return VoteEnsemble("intervals", [C.erm(p, y)[0] for p, y in zip(pts, lab)], T)
    if problem.name == "halfspaces":
        return VoteEnsemble("halfspaces", [_halfspace_erm(p, y) for p, y in zip(pts, lab)], T)
    rows = [C.erm(p.tolist(), y) for p, y in zip(pts, lab)]
    return VoteEnsemble("finite", rows, T, concept=C)


def _halfspace_erm(X, y):
    """A consistent halfspace (exact LP witness) for a realisable block; (a, w)."""
    from solvers.halfspaces import halfspace_witness

    wit = halfspace_witness(X, y)
    if not wit.realisable:
        raise ValueError("halfspaces: a block of S_i is not realisable (GenericBBL's samples are realisable)")
    return wit.a, wit.w


def _threshold_erm_rows(pts, lab) -> np.ndarray:
    """Vectorised closed-form threshold ERM per row (Thresholds.erm's rule, ties to smallest t)."""
    order = np.argsort(pts, axis=1, kind="stable")
    xs = np.take_along_axis(pts, order, axis=1)
    ys = np.take_along_axis(lab, order, axis=1).astype(np.int64)
    # t = xs[k] (k = 0..lam-1) errs on positives left of k plus negatives at/right of k; k = lam is t = inf
    left_pos = np.concatenate([np.zeros((xs.shape[0], 1), np.int64), np.cumsum(ys, axis=1)], axis=1)
    neg = 1 - ys
    right_neg = np.concatenate([np.cumsum(neg[:, ::-1], axis=1)[:, ::-1], np.zeros((xs.shape[0], 1), np.int64)], axis=1)
    err = left_pos + right_neg
    # equal points: only the first of a run of equal values is a valid cut
    dup = np.concatenate(
        [np.zeros((xs.shape[0], 1), bool), xs[:, 1:] == xs[:, :-1], np.zeros((xs.shape[0], 1), bool)], axis=1
    )
    err = np.where(dup, np.iinfo(np.int64).max, err)
    k = np.argmin(err, axis=1)
    t = np.full(xs.shape[0], np.inf)
    fin = k < xs.shape[1]
    t[fin] = xs[fin, k[fin]]
    return t


# ====================================================================== exact err_D per vote level
def level_errors(problem: EverlastingProblem, ens: VoteEnsemble) -> list:
    """err_D([votes ≥ k], c) for k = 0..T+1, exactly (Fractions for finite classes).

    On the line D = U[0, 1): the vote count and the target are constant between the
    ensemble's and the target's breakpoints, so the error is a sum of segment lengths.
    """
    T = ens.T
    if problem.name == "halfspaces":
        return _monte_carlo_level_errors(problem, ens)[0]
    if problem.name == "finite":
        n = problem.concept.n_points
        v = ens.votes(np.arange(n))
        c = problem.target(np.arange(n))
        return [Fraction(int(((v >= k).astype(np.uint8) != c).sum()), n) for k in range(T + 2)]
    tp = problem.target_params
    tb = [tp] if problem.name == "thresholds" else list(tp)
    mids, lens = uniform_line_cells(np.concatenate([ens.breakpoints(), np.asarray(tb, float)]), 0.0, 1.0)
    v = ens.votes(mids)
    c = problem.target(mids)
    # label-1 region at level k is {v >= k}: errors = len(c=1, v<k) + len(c=0, v>=k)
    h1 = np.bincount(v[c == 1], weights=lens[c == 1], minlength=T + 2)
    h0 = np.bincount(v[c == 0], weights=lens[c == 0], minlength=T + 2)
    miss = np.concatenate([[0.0], np.cumsum(h1)])[: T + 2]  # c=1 with v < k
    false = np.concatenate([np.cumsum(h0[::-1])[::-1], [0.0]])[: T + 2]  # c=0 with v >= k
    return (miss + false).tolist()


MC_SAMPLES = 20000


def _monte_carlo_level_errors(problem, ens, n: int = MC_SAMPLES, seed: int = 2**31 - 1):
    """err_D per vote level from n fresh points of D (a fixed measurement generator, so the
    algorithm's transcript is untouched); also the counts for Clopper–Pearson intervals."""
    x = problem.sample(np.random.default_rng(seed), n)
    v, c = ens.votes(x), problem.target(x)
    h1 = np.bincount(v[c == 1], minlength=ens.T + 2)
    h0 = np.bincount(v[c == 0], minlength=ens.T + 2)
    counts = (
        np.concatenate([[0], np.cumsum(h1)])[: ens.T + 2]
        + np.concatenate([np.cumsum(h0[::-1])[::-1], [0]])[: ens.T + 2]
    )
    return (counts / n).tolist(), counts
