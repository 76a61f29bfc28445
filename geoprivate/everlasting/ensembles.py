"""GenericBBL's step 3b (the ERM ensembles F_i) and exact err_D per vote level ([NNSY23] §5).

Split from :mod:`geoprivate.everlasting.generic_bbl` (which keeps the algorithm and its records and
re-exports these names).  The problems are the shared layer's :class:`geoprivate.problems.Problem`
(:func:`make_everlasting_problem` draws one with GenericBBL's defaults);
F_i is a :class:`geoprivate.ensembles.Ensemble` whose ``counts`` are the vote counts GenericBBL feeds
BetweenThresholds; ``erm_ensemble`` is step 3b (blocks streamed for
thresholds); ``level_errors`` gives err_D([votes ≥ k], c) exactly
(thresholds and intervals under U[0, 1), finite classes under the uniform law) or by Monte Carlo
(halfspaces).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Interval, Joint, Rng, checked
from geoprivate.concepts import FiniteClass, Intervals
from geoprivate.ensembles import Ensemble, IntervalEnsemble, ThresholdEnsemble, make_ensemble
from geoprivate.prediction.accuracy import uniform_line_cells
from geoprivate.prediction.generators import class_points, labels01
from geoprivate.problems import Problem, draw_problem
from solvers._checks import as_positions
from solvers.halfspaces import halfspace_witness

__all__ = [
    "ERM_CHUNK_ROWS",
    "MC_SAMPLES",
    "erm_ensemble",
    "level_errors",
    "make_everlasting_problem",
]


# ====================================================================== problems (the shared layer)


@checked
def make_everlasting_problem(
    name: Annotated[str, Joint("a problem of draw_problem")],
    rng: Rng = None,
    *,
    n_points: Annotated[int, Interval(ge=1, le=10**6)] = 24,
    n_concepts: Annotated[int, Interval(ge=1, le=10**6)] = 64,
    d: Annotated[int, Interval(ge=1, le=10**4)] = 2,
) -> Problem:
    """The shared layer's :func:`geoprivate.problems.draw_problem` (no sample) with GenericBBL's defaults.

    Thresholds (t* ~ U(0.2, 0.8)), intervals ([a*, b*] inside (0.1, 0.9)), a random finite class
    (``n_points`` × ``n_concepts``), or halfspaces in R^d (D Gaussian on the grid 2^-10).

    Raises
    ------
    ValueError
        Unknown ``name``; d, n_points or n_concepts < 1.
    """
    return draw_problem(name, rng, d=d, n_points=n_points, n_concepts=n_concepts)


# ====================================================================== step 3b
ERM_CHUNK_ROWS = 1 << 16


@checked
def erm_ensemble(
    problem: Problem,
    points: Annotated[Any, Joint("points of the problem's class, at least T lam", kind="array")],
    labels: Annotated[Any, Joint("0/1, one per point", kind="labels")],
    T: Annotated[int, Interval(ge=1, le=10**12)],
    lam: Annotated[int, Interval(ge=1, le=10**12), Joint("T lam <= the points")],
    order: Annotated[Any, Joint("positions of the points, at least T lam", kind="indices")] | None = None,
) -> Ensemble:
    """Step 3b: an ERM f_t ∈ C on each block S_{i,t} (blocks = consecutive λ-slices).

    ``order`` (optional): a permutation of the points; block t is then ``points[order[tλ:(t+1)λ]]``,
    gathered chunk by chunk for thresholds (no permuted copy of the whole sample is held).

    Parameters
    ----------
    problem : Problem
        The class and target ([NNSY23] §5's C).
    points, labels : array_like
        The sample S_i and its 0/1 labels.
    T, lam : int
        T_i blocks of λ_i examples (T λ at most the sample's size).
    order : array_like of int, optional
        Positions of the points giving the blocks' order.

    Returns
    -------
    Ensemble
        F_i, one ERM hypothesis per block.
    """
    _check_sample(problem, points, labels, T, lam, order)
    C = problem.concept
    if problem.name == "thresholds":
        X, Y = np.asarray(points), np.asarray(labels)
        idx = np.arange(T * lam) if order is None else np.asarray(order)[: T * lam]
        rows = np.empty(T, np.float64)
        for r0 in range(0, T, ERM_CHUNK_ROWS):  # stream blocks: memory O(chunk), not O(|S_i|)
            r1 = min(T, r0 + ERM_CHUNK_ROWS)
            j = idx[r0 * lam : r1 * lam]
            rows[r0:r1] = _threshold_erm_rows(X[j].reshape(r1 - r0, lam), Y[j].reshape(r1 - r0, lam))
        return make_ensemble("thresholds", rows)
    if order is not None:
        points, labels = np.asarray(points)[order], np.asarray(labels)[order]
    pts = np.asarray(points)[: T * lam]
    pts = pts.reshape(T, lam, *pts.shape[1:])
    lab = np.asarray(labels)[: T * lam].reshape(T, lam)
    if problem.name == "intervals":
        assert isinstance(C, Intervals)  # the class draw_problem builds for this name
        return make_ensemble("intervals", [C.erm(p, y)[0] for p, y in zip(pts, lab, strict=True)])
    if problem.name == "halfspaces":
        return make_ensemble("halfspaces", [_halfspace_erm(p, y) for p, y in zip(pts, lab, strict=True)])
    assert isinstance(C, FiniteClass)  # the class draw_problem builds for "finite"
    return make_ensemble("finite", [C.erm(p.tolist(), y) for p, y in zip(pts, lab, strict=True)], matrix=C.matrix)


def _check_sample(problem: Problem, points, labels, T: int, lam: int, order) -> None:
    """:func:`erm_ensemble`'s joint checks: points of the class, 0/1 labels, T λ of them, ``order`` in range."""
    X = class_points(problem.name, problem.concept, points, "points")
    labels01(labels, X.shape[0])
    if T * lam > X.shape[0]:
        raise ValueError(f"T, lam: T lam = {T * lam} examples, but points holds {X.shape[0]}")
    if order is not None:
        idx = as_positions(order, "order")
        if idx.size < T * lam or (idx.size and (idx.min() < 0 or idx.max() >= X.shape[0])):
            raise ValueError(f"order: expected at least T lam = {T * lam} positions in [0, {X.shape[0]})")


def _halfspace_erm(X, y):
    """A consistent halfspace (exact LP witness) for a realisable block; (a, w)."""
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
@checked
def level_errors(problem: Problem, ens: Ensemble) -> list:
    """err_D([votes ≥ k], c) for k = 0..T+1, exactly (Fractions for finite classes).

    On the line D = U[0, 1): the vote count and the target are constant between the
    ensemble's and the target's breakpoints, so the error is a sum of segment lengths.

    Parameters
    ----------
    problem : Problem
        The class, the target c and the law D.
    ens : Ensemble
        An ensemble of the problem's class (F_i).

    Returns
    -------
    list
        err_D of each vote level k = 0, ..., T + 1 (Fractions for a finite class).
    """
    if ens.kind != problem.name:
        raise ValueError(f"ens: an ensemble of {ens.kind} for a problem of {problem.name}")
    T = ens.k
    if problem.name == "halfspaces":
        return _monte_carlo_level_errors(problem, ens)[0]
    if problem.name == "finite":
        assert isinstance(problem.concept, FiniteClass)  # the class draw_problem builds for this name
        n = problem.concept.n_points
        v = ens.counts(np.arange(n))
        c = problem.target(np.arange(n))
        return [Fraction(int(((v >= k).astype(np.uint8) != c).sum()), n) for k in range(T + 2)]
    tp = problem.target_params
    tb = [tp] if problem.name == "thresholds" else list(tp)
    assert isinstance(ens, (ThresholdEnsemble, IntervalEnsemble))  # a line problem's ensemble
    mids, lens = uniform_line_cells(np.concatenate([ens.breakpoints(), np.asarray(tb, float)]), 0.0, 1.0)
    v = ens.counts(mids)
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
    v, c, T = ens.counts(x), problem.target(x), ens.k
    h1 = np.bincount(v[c == 1], minlength=T + 2)
    h0 = np.bincount(v[c == 0], minlength=T + 2)
    counts = np.concatenate([[0], np.cumsum(h1)])[: T + 2] + np.concatenate([np.cumsum(h0[::-1])[::-1], [0]])[: T + 2]
    return (counts / n).tolist(), counts
