"""Hypothesis generators of [Yan26]: G_oblivious (Algorithm 3) and G_halfspace (Algorithm 4).

C. Yan, *Private Prediction via Shrinkage* [Yan26].
A generator maps (S_i, transcript_j) to a hypothesis f_{i,j}; it depends on the
transcript only through HardQuery, so :class:`~geoprivate.prediction.GenericPredictor`
calls it for all k blocks at once (an :class:`Ensemble`) and only when HardQuery
changes (the observation in the proof of Claim 5 / Claim 6: "HardQuery doesn't change").

Labels are {0, 1} (1 = the paper's +1).

* :class:`G_oblivious` — Algorithm 3: f_{i,j} = argmin_{h ∈ C|HardQuery} err_{S_i}(h), with
  exact oracles: a :class:`~geoprivate.concepts.FiniteClass` (matrix ERM over the rows
  consistent with HardQuery), :class:`~geoprivate.concepts.Thresholds` and
  :class:`~geoprivate.concepts.Intervals` (their closed-form ERM), and halfspaces
  (exact minimum disagreement over the restricted class: enumerate the halfspace
  dichotomies of S_i ∪ HardQuery, :func:`solvers.halfspaces.halfspace_dichotomies`, and
  realise the best one with an exact LP witness).

  *Restriction by weighting.*  The ERM over C|HardQuery is computed as the ERM over C of
  the sample S_i plus every hard query repeated m + 1 times (m = |S_i|).  A concept
  consistent with HardQuery errs ≤ m times, an inconsistent one ≥ m + 1 times, so when
  C|HardQuery ≠ ∅ (Claim 4) the minimisers are exactly the argmin of Algorithm 3.  When
  C|HardQuery = ∅ (only possible when Lemma 2's accuracy event fails) Algorithm 3 is
  undefined; this lexicographic ERM then returns a concept violating as few hard queries
  as possible, and the ensemble records ``realisable=False`` (a Claim-4 event).

* :class:`G_halfspace` — Algorithm 4: C|HardQuery = {z = (a, w) : ⟨a, x⟩ = w for every
  hard x} (an exact :class:`solvers.affine.AffineSubspace` of ℝ^{d+1}; the hard labels are
  *not* used, as in the paper), f_{i,j} = a maximiser of cdepth_{S_i} over it
  (:func:`solvers.depth.max_cdepth`) in the dual representation chosen by ``form``
  (:func:`solvers.halfspaces.dual_constraints`): ``"faithful"`` is the paper's
  homogeneous form, in which z = 0 has full depth and labels everything 1 — Algorithm 4
  then returns h_{0,0} ≡ 1 for every block (the degeneracy reported by claim
  ``shrinkage/claim-9``); ``"margin"`` is the normalised form ỹ(⟨a,x⟩ − w) ≥ 1.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from solvers import combinatorics as comb
from solvers.affine import AffineSubspace
from solvers.halfspaces import (
    DUAL_FORMS,
    dual_constraints,
    dual_hypothesis,
    halfspace_dichotomies,
    halfspace_predicate,
    halfspace_witness,
)

from geoprivate.concepts import FiniteClass, Intervals, Thresholds

__all__ = [
    "Ensemble",
    "ThresholdEnsemble",
    "IntervalEnsemble",
    "FiniteEnsemble",
    "HalfspaceEnsemble",
    "G_oblivious",
    "G_halfspace",
    "G_halfspace_repaired",
    "HALFSPACES",
    "halfspace_votes",
    "halfspace_votes_matrix",
    "hard_query_subspace",
    "concept_kind",
]

#: marker for "the class of halfspaces over R^d" (G_oblivious accepts it, or any object
#: whose class is named ``Halfspaces`` and has an int attribute ``d``)
HALFSPACES = "halfspaces"


def concept_kind(concept) -> str:
    """``"finite"``, ``"thresholds"``, ``"intervals"`` or ``"halfspaces"``; TypeError otherwise."""
    if isinstance(concept, FiniteClass):
        return "finite"
    if isinstance(concept, Thresholds):
        return "thresholds"
    if isinstance(concept, Intervals):
        return "intervals"
    if concept == HALFSPACES or type(concept).__name__ == "Halfspaces":
        return "halfspaces"
    raise TypeError(
        "concept: expected a FiniteClass, Thresholds, Intervals or halfspaces "
        f"(geoprivate.prediction.HALFSPACES), got {type(concept).__name__}"
    )


# --------------------------------------------------------------------------- ensembles


class Ensemble:
    """The hypotheses F_j = {f_{1,j}, …, f_{k,j}} of one stretch between hard queries.

    Attributes
    ----------
    hypotheses : list
        f_{i,j} for i = 1..k (the class's own representation).
    sample_errors : numpy.ndarray of int
        err_{S_i}(f_{i,j})·m (the number of mistakes on the block).
    realisable : bool
        Whether every f_{i,j} is consistent with HardQuery (Claims 4 / 8).
    info : dict
        Generator-specific data (affine dimension, cdepth values, ...).
    """

    kind = "ensemble"

    def __init__(self, hypotheses, sample_errors, realisable=True, info=None):
        self.hypotheses = list(hypotheses)
        self.sample_errors = np.asarray(sample_errors, dtype=np.int64)
        self.realisable = bool(realisable)
        self.info = dict(info or {})

    @property
    def k(self) -> int:
        return len(self.hypotheses)

    def predict(self, xs) -> np.ndarray:
        """Labels f_{i,j}(x) in {0, 1}, shape (k, len(xs))."""
        raise NotImplementedError

    def votes(self, xs) -> np.ndarray:
        """q_x(F_j) = ½(1 + (1/k) Σ_i f_{i,j}(x)) in ±1 terms: the fraction voting 1 (Algorithm 2, step 2c)."""
        return self.predict(xs).mean(axis=0)

    def critical_points(self) -> np.ndarray:
        """Points where the vote changes (for adaptive adversaries); may be empty."""
        return np.empty(0)


class ThresholdEnsemble(Ensemble):
    """Thresholds f_i(x) = [x ≥ t_i] (t_i = inf: the all-0 concept)."""

    kind = "thresholds"

    def __init__(self, hypotheses, sample_errors, realisable=True, info=None):
        super().__init__(hypotheses, sample_errors, realisable, info)
        self._t = np.sort(np.array([float(t) for t in self.hypotheses], dtype=np.float64))

    def predict(self, xs):
        x = np.asarray(xs, dtype=np.float64)
        t = np.array([float(t) for t in self.hypotheses])
        return (x[None, :] >= t[:, None]).astype(np.uint8)

    def votes(self, xs):
        x = np.asarray(xs, dtype=np.float64)
        return np.searchsorted(self._t, x, side="right") / self._t.size

    def critical_points(self):
        return np.unique(self._t[np.isfinite(self._t)])


class IntervalEnsemble(Ensemble):
    """Intervals f_i(x) = [a_i ≤ x ≤ b_i] (None: the empty concept)."""

    kind = "intervals"

    def __init__(self, hypotheses, sample_errors, realisable=True, info=None):
        super().__init__(hypotheses, sample_errors, realisable, info)
        ne = [h for h in self.hypotheses if h is not None]
        self._a = np.sort(np.array([float(h[0]) for h in ne], dtype=np.float64))
        self._b = np.sort(np.array([float(h[1]) for h in ne], dtype=np.float64))

    def predict(self, xs):
        x = np.asarray(xs, dtype=np.float64)
        rows = [
            np.zeros(x.size, np.uint8) if h is None else ((x >= h[0]) & (x <= h[1])).astype(np.uint8)
            for h in self.hypotheses
        ]
        return np.array(rows, dtype=np.uint8).reshape(len(rows), x.size)

    def votes(self, xs):
        x = np.asarray(xs, dtype=np.float64)
        inside = np.searchsorted(self._a, x, side="right") - np.searchsorted(self._b, x, side="left")
        return inside / self.k

    def critical_points(self):
        return np.unique(np.concatenate([self._a, self._b]))


class FiniteEnsemble(Ensemble):
    """Rows of a finite class; queries are column indices (domain positions)."""

    kind = "finite"

    def __init__(self, matrix, hypotheses, sample_errors, realisable=True, info=None):
        super().__init__(hypotheses, sample_errors, realisable, info)
        self._M = matrix
        self._vote_by_column = matrix[np.asarray(self.hypotheses, dtype=np.intp)].mean(axis=0)

    def predict(self, xs):
        return self._M[np.asarray(self.hypotheses, dtype=np.intp)][:, np.asarray(xs, dtype=np.intp)]

    def votes(self, xs):
        return self._vote_by_column[np.asarray(xs, dtype=np.intp)]

    def critical_points(self):
        return np.arange(self._M.shape[1])


def halfspace_votes_matrix(hypotheses, X) -> np.ndarray:
    """Exact h_{a,w}(x) = [⟨a, x⟩ ≥ w] for every hypothesis (a, w) and row x of X, shape (k, n).

    A float evaluation decides entries whose margin exceeds a rigorous rounding bound;
    the rest are decided exactly in integer arithmetic (tested against
    :func:`solvers.halfspaces.halfspace_predicate`).
    """
    return _HalfspaceTable(hypotheses).predict(X)


def _canonical(a, w):
    """(a, w) scaled by 1/|first non-zero coefficient| (exact): the same halfspace [⟨a, x⟩ ≥ w]."""
    vals = [Fraction(v) for v in a] + [Fraction(w)]
    lead = next((abs(v) for v in vals if v != 0), Fraction(1))
    vals = [v / lead for v in vals]
    return tuple(vals[:-1]), vals[-1]


class _HalfspaceTable:
    """Float copies of the distinct halfspaces among exact hypotheses (a, w) (positive multiples
    identified) for vectorised, exactly-decided evaluation."""

    def __init__(self, hypotheses):
        self.hypotheses = list(hypotheses)
        keys = {}
        self.index = np.array([keys.setdefault(_canonical(a, w), len(keys)) for a, w in self.hypotheses], np.intp)
        self.distinct = list(keys)
        d = len(self.distinct[0][0]) if self.distinct else 0
        self.A = np.array([[float(v) for v in a] for a, _ in self.distinct], dtype=np.float64).reshape(-1, d)
        self.w = np.array([float(w) for _, w in self.distinct], dtype=np.float64)
        self._ints = None

    def _integer_rows(self):
        """Each distinct (a, w) times the lcm of its denominators: integer rows, same sign."""
        if self._ints is None:
            rows = []
            for a, w in self.distinct:
                vals = [Fraction(v) for v in a] + [Fraction(w)]
                L = math.lcm(*(v.denominator for v in vals))
                rows.append([int(v * L) for v in vals])
            self._ints = rows
        return self._ints

    @staticmethod
    def _integer_points(X):
        """Each row x of X as (integer vector, D) with x = vector / D exactly (D a power of two)."""
        out = []
        for x in X.tolist():
            ratios = [v.as_integer_ratio() for v in x]
            D = max(q for _, q in ratios)  # powers of two: every q divides D
            out.append(([p * (D // q) for p, q in ratios], D))
        return out

    def predict_distinct(self, X) -> np.ndarray:
        X = np.asarray(X, dtype=np.float64)
        if X.ndim != 2:
            raise ValueError(f"X: expected shape (n, d), got {X.shape}")
        S = X @ self.A.T - self.w[None, :]
        # rounding of (a, w) to floats and of the dot product: far below 1e-9 relative
        bound = 1e-9 * (np.abs(X) @ np.abs(self.A).T + np.abs(self.w)[None, :])
        out = (S >= 0).T.astype(np.uint8)
        und = np.abs(S) <= bound
        if und.any():
            r_idx, h_idx = np.nonzero(und)
            urows = np.unique(r_idx)
            pts = dict(zip(urows.tolist(), self._integer_points(X[urows])))
            ints = self._integer_rows()
            for r, i in zip(r_idx.tolist(), h_idx.tolist()):
                xv, D = pts[r]
                row = ints[i]
                out[i, r] = sum(a * x for a, x in zip(row, xv)) >= row[-1] * D
        return out

    def predict(self, X) -> np.ndarray:
        return self.predict_distinct(X)[self.index]

    def votes(self, X) -> np.ndarray:
        counts = np.bincount(self.index, minlength=len(self.distinct)).astype(np.float64)
        return (counts @ self.predict_distinct(X)) / len(self.hypotheses)


def halfspace_votes(hypotheses, X) -> np.ndarray:
    """Fraction of the halfspace hypotheses labelling each row of X with 1."""
    return halfspace_votes_matrix(hypotheses, X).mean(axis=0)


class HalfspaceEnsemble(Ensemble):
    """Halfspaces h_{a,w}(x) = [⟨a, x⟩ ≥ w] with exact rational (a, w); queries rows of ℝ^d."""

    kind = "halfspaces"

    def __init__(self, hypotheses, sample_errors, realisable=True, info=None):
        super().__init__(hypotheses, sample_errors, realisable, info)
        self._table = _HalfspaceTable(self.hypotheses)

    def predict(self, xs):
        return self._table.predict(xs)

    def votes(self, xs):
        return self._table.votes(xs)

    def critical_points(self):
        """For each distinct hypothesis, the point of its boundary closest to the origin (float)."""
        if not hasattr(self, "_crit"):
            A, w = self._table.A, self._table.w
            nn = (A * A).sum(axis=1)
            ok = nn > 0
            self._crit = A[ok] * (w[ok] / nn[ok])[:, None] if ok.any() else np.empty((0, 0))
        return self._crit


# --------------------------------------------------------------------------- G_oblivious


def _weighted(points, labels, hard_points, hard_labels, weight: int):
    """The sample S_i followed by every hard query repeated ``weight`` times."""
    if len(hard_labels) == 0:
        return np.asarray(points), np.asarray(labels)
    hp = np.repeat(np.asarray(hard_points), weight, axis=0)
    hl = np.repeat(np.asarray(hard_labels), weight)
    return np.concatenate([np.asarray(points), hp]), np.concatenate([np.asarray(labels), hl])


class G_oblivious:
    """G_oblivious, [Yan26] Algorithm 3: ERM over C|HardQuery on the block S_i.

    Parameters
    ----------
    concept : FiniteClass, Thresholds, Intervals, or ``HALFSPACES``
        The class C.  Points are: column indices for a FiniteClass (domain positions),
        reals for thresholds and intervals, rows of ℝ^d for halfspaces.

    Notes
    -----
    See the module docstring for the exact restriction (weighting) and the behaviour
    when C|HardQuery = ∅.  Halfspaces: exact, O(C(m + |HardQuery|, d)·m) per block —
    meant for small m (the arrangement of S_i ∪ HardQuery).

    Examples
    --------
    >>> from geoprivate.concepts import Thresholds
    >>> g = G_oblivious(Thresholds())
    >>> g.hypothesis([0.1, 0.4, 0.8], [0, 1, 1], [0.6], [0])   # hard query: 0.6 labelled 0
    (0.8, 1, 0)
    """

    name = "G_oblivious"

    def __init__(self, concept):
        self.concept = concept
        self.kind = concept_kind(concept)

    # -- one block
    def hypothesis(self, points, labels, hard_points=(), hard_labels=()):
        """f = argmin_{h ∈ C|HardQuery} err_{S_i}(h) for one block.

        Returns
        -------
        (hypothesis, sample_errors, hard_errors)
            ``hard_errors == 0`` iff C|HardQuery ≠ ∅ (Claim 4).
        """
        labels = np.asarray(labels, dtype=np.int64)
        hard_labels = np.asarray(hard_labels, dtype=np.int64)
        m = labels.shape[0]
        w = m + 1
        if self.kind == "thresholds":
            P, Y = _weighted(
                np.asarray(points, np.float64), labels, np.asarray(hard_points, np.float64), hard_labels, w
            )
            h, err = self.concept.erm(P, Y)
        elif self.kind == "intervals":
            P, Y = _weighted(
                np.asarray(points, np.float64), labels, np.asarray(hard_points, np.float64), hard_labels, w
            )
            h, err = self.concept.erm(P, Y)
        elif self.kind == "finite":
            cols, Y = _weighted(np.asarray(points, np.intp), labels, np.asarray(hard_points, np.intp), hard_labels, w)
            M = self.concept.matrix
            h = comb.erm(M, cols, Y)
            err = int((M[h, cols] != Y).sum())
        else:
            h, err = self._halfspace_erm(points, labels, hard_points, hard_labels, w)
        return h, int(err % w), int(err // w)

    def _halfspace_erm(self, points, labels, hard_points, hard_labels, w):
        X = np.asarray(points, dtype=np.float64)
        d = X.shape[1]
        H = np.asarray(hard_points, dtype=np.float64).reshape(-1, d)
        P = np.vstack([X, H])
        Y = np.concatenate([labels, hard_labels]).astype(np.int64)
        D = halfspace_dichotomies(P).astype(np.int64)
        weights = np.concatenate([np.ones(X.shape[0], np.int64), np.full(H.shape[0], w, np.int64)])
        loss = (D != Y[None, :]) @ weights
        best = int(np.argmin(loss))
        wit = halfspace_witness(P, D[best])
        if not wit.realisable:  # pragma: no cover - dichotomies are realisable by construction
            raise RuntimeError("halfspace_dichotomies returned a non-realisable labelling")
        return (tuple(wit.a), wit.w), int(loss[best])

    def _finite_all(self, blocks, hard_points, hard_labels):
        """All blocks at once for a FiniteClass: the error table (k × |C|) by two matrix products.

        Same minimiser as :func:`solvers.combinatorics.erm` on the weighted sample (smallest
        row index among ties); tested against it.
        """
        M = self.concept.matrix.astype(np.int64)
        n = M.shape[1]
        k = len(blocks)
        pos = np.zeros((k, n), np.int64)
        neg = np.zeros((k, n), np.int64)
        for i, (pts, lab) in enumerate(blocks):
            pts = np.asarray(pts, np.intp)
            lab = np.asarray(lab)
            pos[i] = np.bincount(pts[lab == 1], minlength=n)
            neg[i] = np.bincount(pts[lab == 0], minlength=n)
        sample_err = neg @ M.T + pos @ (1 - M).T
        hp = np.asarray(hard_points, np.intp)
        hl = np.asarray(hard_labels, np.int64)
        hard_err = (M[:, hp] != hl[None, :]).sum(axis=1) if hp.size else np.zeros(M.shape[0], np.int64)
        ms = np.array([len(lab) for _, lab in blocks], np.int64)
        total = sample_err + (ms[:, None] + 1) * hard_err[None, :]
        rows = np.argmin(total, axis=1)
        return rows.tolist(), sample_err[np.arange(k), rows].tolist(), hard_err[rows].tolist()

    # -- all blocks
    def __call__(self, blocks, hard_points=(), hard_labels=()) -> Ensemble:
        """F_j for blocks ``[(points_i, labels_i), ...]`` and the current HardQuery."""
        if self.kind == "finite":
            hyps, errs, hard_errs = self._finite_all(blocks, hard_points, hard_labels)
            return FiniteEnsemble(
                self.concept.matrix, hyps, errs, all(h == 0 for h in hard_errs), {"hard_errors": hard_errs}
            )
        hyps, errs, hard_errs = [], [], []
        for pts, lab in blocks:
            h, e, he = self.hypothesis(pts, lab, hard_points, hard_labels)
            hyps.append(h)
            errs.append(e)
            hard_errs.append(he)
        realisable = all(he == 0 for he in hard_errs)
        info = {"hard_errors": hard_errs}
        if self.kind == "thresholds":
            return ThresholdEnsemble(hyps, errs, realisable, info)
        if self.kind == "intervals":
            return IntervalEnsemble(hyps, errs, realisable, info)
        if self.kind == "finite":
            return FiniteEnsemble(self.concept.matrix, hyps, errs, realisable, info)
        return HalfspaceEnsemble(hyps, errs, realisable, info)

    def is_realisable(self, points, labels) -> bool:
        """Whether some concept of C labels the whole sample correctly."""
        if self.kind == "halfspaces":
            return halfspace_witness(np.asarray(points, dtype=np.float64), labels).realisable
        return self.hypothesis(points, labels)[1] == 0

    def __repr__(self) -> str:
        return f"G_oblivious({self.kind})"


# --------------------------------------------------------------------------- G_halfspace


def hard_query_subspace(hard_points, d: int, *, min_dim: int = 0, deferred=None) -> tuple[AffineSubspace, list[bool]]:
    """C|HardQuery of Algorithm 4: {z = (a, w) ∈ ℝ^{d+1} : ⟨a, x⟩ − w = 0 for every hard x}.

    Returns the exact subspace and, per hard query, whether its hyperplane was redundant
    (did not lower the dimension; Claim 9's proof).  With ``min_dim`` > 0 (the repaired
    generator :class:`G_halfspace_repaired`) a hyperplane that would cut the subspace
    below dimension ``min_dim`` is not applied; ``deferred`` (a list) then receives, per
    hard query, whether it was left out.
    """
    V = AffineSubspace.full(d + 1)
    redundant = []
    for x in np.asarray(hard_points, dtype=np.float64).reshape(-1, d):
        r = V.intersect([Fraction(float(v)) for v in x] + [Fraction(-1)], 0)
        if r.empty:  # pragma: no cover - homogeneous hyperplanes always meet at 0
            raise RuntimeError("hard-query hyperplanes do not meet")
        skip = (not r.redundant) and r.subspace.dim < min_dim
        if deferred is not None:
            deferred.append(bool(skip))
        redundant.append(bool(r.redundant))
        if not skip:
            V = r.subspace
    return V, redundant


class G_halfspace:
    """G_halfspace, [Yan26] Algorithm 4: a cdepth_{S_i} maximiser over C|HardQuery.

    Parameters
    ----------
    d : int
        Dimension of the data (hypotheses z = (a, w) live in ℝ^{d+1}).
    form : {"faithful", "margin"}
        Dual representation of a labelled point (:func:`solvers.halfspaces.dual_constraints`).
        Required, so every caller states its choice: ``"faithful"`` is the paper's
        homogeneous constraint ỹ(⟨a, x⟩ − w) ≥ 0, where z = 0 satisfies every
        constraint (and every hard-query hyperplane) and labels everything 1;
        ``"margin"`` is ỹ(⟨a, x⟩ − w) ≥ 1.
    workers : int, default 1
        Processes computing the k blocks' maximisers (a fork-based pool when > 1 and
        there are at least 2·workers blocks).  Each block's maximiser is a deterministic
        function of its sample and C|HardQuery, so the ensemble — hence the transcript
        for a given seed — does not depend on the number of workers (tested).

    Notes
    -----
    The hard labels are ignored (Algorithm 4 restricts to the hyperplane ⟨a, x⟩ = w,
    on which every hypothesis labels x with 1 since the predicate is ⟨a, x⟩ ≥ w).
    The ensemble's ``info`` holds ``affine_dim`` (dimension of C|HardQuery),
    ``cdepth`` (per block, exact and certified by :func:`solvers.depth.max_cdepth`),
    ``redundant`` (per hard query) and ``deferred`` (:class:`G_halfspace_repaired`).
    """

    name = "G_halfspace"

    def __init__(self, d, *, form, workers: int = 1):
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d < 1:
            raise ValueError(f"d must be a positive integer, got {d!r}")
        if form not in DUAL_FORMS:
            raise ValueError(f"form: expected one of {DUAL_FORMS}, got {form!r}")
        if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or workers < 1:
            raise ValueError(f"workers must be a positive integer, got {workers!r}")
        self.workers = int(workers)
        self.d = int(d)
        self.form = form
        self.kind = "halfspaces"
        self._cache: dict = {}

    def constraints(self, points, labels):
        """The block's dual constraints (A, b) in the chosen form (cached per block)."""
        key = (np.asarray(points, np.float64).tobytes(), np.asarray(labels, np.int64).tobytes())
        if key not in self._cache:
            self._cache[key] = dual_constraints(
                np.asarray(points, np.float64), np.asarray(labels, np.int64), form=self.form
            )
        return self._cache[key]

    def hypothesis(self, points, labels, subspace):
        """f_{i,j} = argmax_{z ∈ subspace} cdepth_{S_i}(z) as ((a, w), CDepthResult)."""
        from solvers.depth import max_cdepth

        res = max_cdepth(self.constraints(points, labels), subspace)
        return dual_hypothesis(res.point), res

    min_dim = 0

    def subspace(self, hard_points):
        """(C|HardQuery, redundant flags, deferred flags) for the hard points."""
        deferred: list = []
        V, redundant = hard_query_subspace(hard_points, self.d, min_dim=self.min_dim, deferred=deferred)
        return V, redundant, deferred

    def _block(self, block, V):
        pts, lab = block
        h, res = self.hypothesis(pts, lab, V)
        pred = halfspace_predicate(h[0], h[1], np.asarray(pts, np.float64))
        return h, int(res.value), int((pred != np.asarray(lab)).sum())

    def _map(self, blocks, V):
        if self.workers > 1 and len(blocks) >= 2 * self.workers:
            import multiprocessing as mp
            from concurrent.futures import ProcessPoolExecutor
            from functools import partial

            chunk = max(1, len(blocks) // (4 * self.workers))
            with ProcessPoolExecutor(self.workers, mp_context=mp.get_context("fork")) as ex:
                return list(ex.map(partial(_block_of, self, V), blocks, chunksize=chunk))
        return [self._block(b, V) for b in blocks]

    def __call__(self, blocks, hard_points=(), hard_labels=()) -> HalfspaceEnsemble:
        V, redundant, deferred = self.subspace(hard_points)
        out = self._map(list(blocks), V)
        hyps = [h for h, _, _ in out]
        cd = [v for _, v, _ in out]
        errs = [e for _, _, e in out]
        return HalfspaceEnsemble(
            hyps,
            errs,
            True,
            {"affine_dim": V.dim, "cdepth": cd, "redundant": redundant, "deferred": deferred, "form": self.form},
        )

    def is_realisable(self, points, labels) -> bool:
        return halfspace_witness(np.asarray(points, dtype=np.float64), labels).realisable

    def __repr__(self) -> str:
        return f"G_halfspace(d={self.d}, form={self.form!r})"


def _block_of(gen, V, block):
    """A pool task: one block's (hypothesis, cdepth value, sample errors)."""
    return gen._block(block, V)


class G_halfspace_repaired(G_halfspace):
    """G_halfspace with the collapse repaired: C|HardQuery is never cut below dimension 1.

    Not in [Yan26]; a repair of Algorithm 4 placed beside the faithful :class:`G_halfspace`.

    Why.  Every hard-query hyperplane {(a, w) : ⟨a, x⟩ = w} passes through the origin of
    the dual space, so after d + 1 affinely independent hard queries C|HardQuery = {0}
    and every f_{i,j} is h_{0,0} ≡ 1 (claim ``shrinkage/claim-9``): Claim 9's TOP bound
    holds because nothing is left to disagree about, and err_D becomes Pr_D[c(x) = 0].

    Design.  A hard query whose hyperplane would cut the subspace from dimension 1 to 0
    is recorded (``info["deferred"]``) but not applied.  After d non-redundant hard
    queries the subspace is the line {t·z₀ : t ∈ ℝ} through the origin, z₀ = (a₀, w₀) the
    hyperplane ⟨a₀, x⟩ = w₀ through those d hard points — points the adversary found in
    the ensemble's disagreement region, i.e. near the target's boundary — and each block
    still maximises cdepth_{S_i} over the line, which chooses the orientation (t > 0 or
    t < 0) its own data supports (t = 0 is h_{0,0}).  The boundary is learned from the
    hard queries, the orientation from the sample.  The hard labels are still unused, as
    in Algorithm 4 (their random labels carry no information about c).

    TOP bound (claim ``shrinkage/repaired-tops``).  Under Lemma 2's event (τ = 1/8):
    a redundant hyperplane cannot produce a TOP (every hypothesis of V puts x on its
    boundary, vote 1 — Claim 9's argument), so at most d TOPs take the subspace from
    dimension d + 1 to 1.  From then on the ensemble is fixed (deferred hard queries do
    not change V): with π₊, π₋, π₀ the fractions of blocks with t > 0, t < 0, t = 0, every
    vote is π₊ + π₀, π₋ + π₀ or 1, so if neither of the first two lies in
    [t_ℓ − τ, t_u + τ] = [1/4, 3/4] no accurate TOP occurs again and #TOPs ≤ d.  When the
    blocks split their orientation (one of them in [1/4, 3/4]), TOPs can recur without
    bound — the price of keeping a non-trivial hypothesis; the claim reports it.
    """

    name = "G_halfspace_repaired"
    min_dim = 1

    def __repr__(self) -> str:
        return f"G_halfspace_repaired(d={self.d}, form={self.form!r})"
