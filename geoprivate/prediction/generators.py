"""Hypothesis generators of [Yan26]: G_oblivious (Algorithm 3) and G_halfspace (Algorithm 4).

C. Yan, *Private Prediction via Shrinkage* [Yan26].
A generator maps (S_i, transcript_j) to a hypothesis f_{i,j}; it depends on the
transcript only through HardQuery, so :class:`~geoprivate.prediction.GenericPredictor`
calls it for all k blocks at once (an :class:`Ensemble`) and only when HardQuery
changes (the observation in the proof of Claim 5 / Claim 6: "HardQuery doesn't change").

Labels are {0, 1} (1 = the paper's +1).  The ensembles (:class:`~geoprivate.ensembles.Ensemble` and its
subclasses) live in :mod:`geoprivate.ensembles`, shared with [NNSY23]'s GenericBBL; they stay importable
from here.

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

from fractions import Fraction

import numpy as np

from geoprivate.concepts import FiniteClass, Intervals, Thresholds
from geoprivate.ensembles import (  # the one ensemble abstraction (names kept importable from here)
    Ensemble,
    FiniteEnsemble,
    HalfspaceEnsemble,
    IntervalEnsemble,
    ThresholdEnsemble,
    halfspace_votes,
    halfspace_votes_matrix,
    make_ensemble,
)
from solvers import combinatorics as comb
from solvers.affine import AffineSubspace
from solvers.depth import max_cdepth
from solvers.halfspaces import (
    DUAL_FORMS,
    dual_constraints,
    dual_hypothesis,
    halfspace_dichotomies,
    halfspace_predicate,
    halfspace_witness,
)

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


# --------------------------------------------------------------------------- ensembles: geoprivate.ensembles

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
        if self.kind == "thresholds" or self.kind == "intervals":
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
        loss = (Y[None, :] != D) @ weights
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
        matrix = self.concept.matrix if self.kind == "finite" else None
        return make_ensemble(
            self.kind, hyps, matrix=matrix, sample_errors=errs, realisable=realisable, info=dict(hard_errors=hard_errs)
        )

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
        assert r.subspace is not None  # a non-empty intersection carries its subspace
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

    **Which maximiser (the tie-break).**  cdepth_{S_i} usually has many maximisers on C|HardQuery (a
    segment or a ray of a line, a region of the plane); Algorithm 4 takes "a" maximiser, and which one is
    part of the run's transcript.  f_{i,j} is the point :func:`solvers.depth.max_cdepth` returns for the
    block's dual constraints (in sample order) and the exact subspace (:func:`hard_query_subspace`),
    decided in this order:

    1. the subspace's own point z₀ (``AffineSubspace.point``: the origin, which every hard-query
       hyperplane contains) whenever depth_{S_i}(z₀) already equals the maximum;
    2. else, on a subspace of dimension ≥ 1 where some point satisfies all m constraints (value m): the
       point z₀ + Σ u_j b_j (b_j the subspace's basis) whose coordinates u have the least ℓ1 norm subject
       to a common scaled slack τ = min(10⁻³, t*/2) (t* the largest common slack with |u_j| ≤ 10⁶), as
       HiGHS solves that LP, u rounded to its exact binary value and the depth m checked exactly — the
       satisfying point nearest z₀, up to τ;
    3. else (value k* < m): the point of the exact certificate of level k*, a convex combination of
       arrangement vertices of depth ≥ k* and anchored rays — the one of HiGHS's optimal basis of the
       guess LP, whose cost grows geometrically as a column's depth falls (so it leans on the deepest
       vertices), or, should the guess miss k*, of the anchored combination LP at level k*;
    4. where the float LPs cannot decide whether level k* + 1 is reachable (an arrangement vertex ~1e16
       out, a ray nearly parallel to the subspace), it is decided in exact arithmetic: out of reach, the
       point of cases 1–3; reachable, the search climbs by exact decisions and f_{i,j} is the average of
       the exact simplex's basic solutions at the value (:func:`solvers.depth.max_cdepth`).

    On a point subspace (dimension 0) there is nothing to break.  Cases 2–4 are an LP solver's
    choice: a deterministic function of the constraints, the subspace and the HiGHS version,
    not a geometric rule such as the centre of the maximisers.  In the README's figure (seed 4), after
    the first hard query the first block's maximisers are the ray {t·(1, −5/16) : t ≥ t₀}, t₀ < 19/2,
    and case 3 returns its depth-7 vertex (16, −5).  A change of the rule moves the maximisers:
    ``tests/prediction/test_generators.py`` checks it on that run and ``docs/make_images.py --check``
    the committed figures.

    Examples
    --------
    >>> gen = G_halfspace(1, form="margin")
    >>> V, _, _ = gen.subspace([[-0.5]])  # C|HardQuery: the line w = −a/2
    >>> (a, w), res = gen.hypothesis([[-1.0], [0.0], [1.0]], [0, 1, 1], V)
    >>> res.value, float(a[0]), float(w)  # case 2: every constraint holds from a = 2 on; the nearest, up to τ
    (3, 2.004, -1.002)
    >>> (a, w), res = gen.hypothesis([[-1.0], [0.0], [1.0], [0.5]], [0, 1, 1, 0], V)
    >>> res.value, a, w  # case 3: no point satisfies all four; a vertex of depth 3
    (3, (Fraction(2, 1),), Fraction(-1, 1))
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
