"""LabelBoost (Beimel, Nissim, Stemmer 2021), as [NNSY23] restates it in Appendix C.1.

[NNSY23] (Naor, Nissim, Stemmer, Yan,
*Private Everlasting Prediction*), Algorithm LabelBoost (App. C.1), Lemma 4.1 / C.1
(privacy: A∘LabelBoost is (ε+3, 4eδ)-DP when A is (ε, δ)-DP) and Lemma 4.2 / C.2 (utility:
error_S(h) ≤ α w.p. 1 − β when |T| ≤ (β/e) VC(C) exp(α|S| / (2 VC(C))) − |S|).

The algorithm: P = the distinct points of S∘T; H = one concept per dichotomy of C on P
(Π_C(P), enumerated exactly); choose h ∈ H by the exponential mechanism with ε = 1, score
−error count on S (sensitivity 1); relabel S∘T with h.  Labels are {0, 1} throughout.

Vectorised: the scores of *all* dichotomies come from one matrix–vector product
errors = pos_total + H·(neg − pos), where pos/neg count the positive/negative examples of S
at each point of P; for thresholds the same scores come from a cumulative sum in O(|P|)
without building H (|P| + 1 dichotomies, row k labels the points of rank ≥ k with 1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Choice,
    Epsilon,
    Interval,
    Joint,
    Probability,
    Rng,
    as_rng,
    check_finite_array,
    check_index,
    checked,
)
from geoprivate.concepts import ConceptClass, FiniteClass, Intervals, Thresholds
from geoprivate.everlasting.planar_sweep import PlanarSweep, planar_sweep
from geoprivate.mechanisms.exponential import (
    exponential_mechanism,
    exponential_mechanism_log_probabilities,
)
from geoprivate.privacy import PrivacyLedger
from solvers.combinatorics import dichotomies
from solvers.halfspaces import halfspace_dichotomies

__all__ = [
    "Dichotomies",
    "IntervalDichotomies",
    "PlanarDichotomies",
    "dichotomies_of",
    "LABELBOOST_EM_EPSILON",
    "label_boost",
    "label_boost_law",
    "labelboost_epsilon",
    "LabelBoostResult",
    "lemma_c2_max_T",
    "lemma_c2_applies",
    "SELECTIONS",
]

#: the exponential mechanism's ε in LabelBoost's step 4 ([NNSY23] App. C.1 fixes 1)
LABELBOOST_EM_EPSILON = 1.0
#: what label_boost's ledger entry books: the labels given to T ((1 + e^(eps/2))^2 bound, docs/private_as_run.md)
RELEASE_THEOREM = (
    "labels of the unlabelled part T: 2 ln(1 + e^(eps/2)) (docs/private_as_run.md); the labelled part S "
    "and its new labels are not released privately ([NNSY23] Lemma C.1 covers A o LabelBoost)"
)
LEMMA_C1 = "everlasting/lemma-c-1 (LabelBoost privacy: A o LabelBoost is (eps+3, 4 e delta)-DP)"
SELECTIONS = ("exponential", "erm")
#: a count of examples at one point (it enters int64 sums)
MAX_COUNT = 10**15


def _numeric(value, name: str) -> np.ndarray:
    """A finite real array (ragged, strings, NaN and inf refused), kept in its integer/float dtype."""
    arr = check_finite_array(value, name)
    raw = np.asarray(value)
    return raw if raw.dtype.kind in "iuf" else arr


def _points(value, name: str) -> np.ndarray:
    """Points of a concept class: finite reals, 1-D (line, finite classes) or (m, d) (halfspaces)."""
    arr = _numeric(value, name)
    if arr.ndim not in (1, 2):
        raise ValueError(f"{name} must be 1-D or (m, d), got shape {arr.shape}")
    return arr


def _line_points(value, name: str) -> np.ndarray:
    arr = _numeric(value, name)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got shape {arr.shape}")
    return arr


def _counts(value, name: str) -> np.ndarray:
    """Example counts per point: a 1-D array of integers in [0, MAX_COUNT], as int64."""
    arr = check_finite_array(value, name, ndim=1)
    bad = (arr < 0) | (arr > MAX_COUNT) | (arr != np.floor(arr))
    if bad.any():
        raise ValueError(f"{name} must hold integer counts in [0, {MAX_COUNT}], got {arr[bad][:3].tolist()}")
    return arr.astype(np.int64)


_Points = Annotated[Any, Check(_points, kind="array")]
_Counts = Annotated[Any, Check(_counts, kind="array"), Joint("one per point")]
_K = Annotated[int, Interval(ge=0), Joint("a row of the dichotomies", kind="index")]
_Selection = Annotated[str, Choice(*SELECTIONS)]


@checked
class Dichotomies:
    """Π_C(P) for the distinct points P of a database, with vectorised error counts.

    Attributes
    ----------
    points : numpy.ndarray
        The distinct points P (1-D for line classes and finite classes, (m, d) for halfspaces).
    n : int
        |Π_C(P)|.
    """

    def __init__(
        self,
        points: _Points,
        matrix: Annotated[Any, Joint("0/1, one column per point", kind="array")] | None = None,
        threshold_order: Annotated[Any, Joint("a permutation of the points' positions", kind="indices")] | None = None,
    ):
        m = len(points)
        if matrix is not None:
            matrix = check_finite_array(matrix, "matrix", ndim=2).astype(np.uint8)
            if matrix.shape[1] != m or not np.isin(matrix, (0, 1)).all():
                raise ValueError(f"matrix must be 0/1 with one column per point ({m}), got shape {matrix.shape}")
        elif threshold_order is None:
            raise ValueError("threshold_order: needed without a matrix (the closed form's ranks)")
        if threshold_order is not None:
            threshold_order = check_finite_array(threshold_order, "threshold_order", ndim=1)
            if not np.array_equal(np.sort(threshold_order), np.arange(m)):
                raise ValueError(f"threshold_order must be a permutation of 0..{m - 1} (the points' ranks)")
            threshold_order = threshold_order.astype(np.int64)
        self.points = points
        self._matrix: Any = matrix
        self._order: Any = threshold_order  # rank of each point of P (thresholds: closed form)
        self.n = (len(points) + 1) if matrix is None else matrix.shape[0]

    @property
    def closed_form(self) -> bool:
        return self._matrix is None

    def _check_counts(self, pos: np.ndarray, neg: np.ndarray) -> None:
        m = len(self.points)
        for v, name in ((pos, "pos"), (neg, "neg")):
            if v.shape != (m,):
                raise ValueError(f"{name}: expected one count per point ({m}), got shape {v.shape}")

    def errors(self, pos: _Counts, neg: _Counts) -> np.ndarray:
        """Error counts on S of every dichotomy, given positives/negatives of S per point of P."""
        self._check_counts(pos, neg)
        if self._matrix is None:
            # row k labels ranks >= k with 1: errors = #pos at rank < k + #neg at rank >= k
            p = np.zeros(len(pos), np.int64)
            q = np.zeros(len(neg), np.int64)
            p[self._order] = pos
            q[self._order] = neg
            left_pos = np.concatenate([[0], np.cumsum(p)])
            right_neg = np.concatenate([np.cumsum(q[::-1])[::-1], [0]])
            return left_pos + right_neg
        return int(pos.sum()) + self._matrix.astype(np.int64) @ (neg - pos)

    def labels(self, k: _K) -> np.ndarray:
        """Labels in {0, 1} that dichotomy ``k`` gives to the points of P."""
        k = check_index(k, self.n, "k")
        if self._matrix is None:
            return (self._order >= k).astype(np.uint8)
        return self._matrix[int(k)].astype(np.uint8)

    def matrix(self) -> np.ndarray:
        """The explicit (n, |P|) matrix (built on demand for the closed form)."""
        if self._matrix is None:
            return (self._order[None, :] >= np.arange(self.n)[:, None]).astype(np.uint8)
        return self._matrix

    def select(self, pos: _Counts, neg: _Counts, epsilon: Epsilon, rng: Rng, selection: _Selection):
        """Step 4: (index, its error count) by the exponential mechanism (score −errors,
        sensitivity 1) or, for the broken "erm" variant, the first least-error dichotomy."""
        errors = self.errors(pos, neg)
        if selection == "erm":
            k = int(np.argmin(errors))
        else:
            k = exponential_mechanism(-errors.astype(np.float64), epsilon, 1.0, rng)
        return k, int(errors[k])


@checked
class IntervalDichotomies(Dichotomies):
    """Π_C(P) for intervals in closed form: every run of consecutive points and ∅.

    Rows are the runs (i, j), i ≤ j (ranks in sorted order, ``numpy.triu_indices`` order),
    then the empty concept: 1 + m(m+1)/2 rows.  The exponential mechanism's logits are
    separable, −errors(i, j) = −pos_total + G[j+1] − G[i] (G = prefix sums of pos − neg in
    sorted order), so :meth:`select` samples j from its exact marginal and then i given j
    in O(m) — no m²/2 vector (the same law as the exponential mechanism over all rows).
    """

    def __init__(self, points: Annotated[Any, Check(_line_points, kind="array")]):
        super().__init__(points, threshold_order=np.argsort(np.argsort(points, kind="stable"), kind="stable"))
        m = len(points)
        self.n = 1 + m * (m + 1) // 2

    def _gains(self, pos, neg):
        g = np.zeros(len(pos), np.int64)
        g[self._order] = np.asarray(pos, np.int64) - np.asarray(neg, np.int64)
        return np.concatenate([[0], np.cumsum(g)]), int(np.sum(pos))

    def errors(self, pos: _Counts, neg: _Counts) -> np.ndarray:
        self._check_counts(pos, neg)
        G, tot = self._gains(pos, neg)
        i, j = np.triu_indices(len(self.points))
        return np.concatenate([tot - (G[j + 1] - G[i]), [tot]])

    def _pair(self, k):
        m = len(self.points)
        if k == self.n - 1:
            return None
        starts = np.arange(m) * m - np.arange(m) * (np.arange(m) - 1) // 2  # index of (i, i)
        i = int(np.searchsorted(starts, k, side="right")) - 1
        return i, i + int(k - starts[i])

    def _index(self, i, j) -> int:
        m = len(self.points)
        return i * m - i * (i - 1) // 2 + (j - i)

    def labels(self, k: _K) -> np.ndarray:
        pair = self._pair(check_index(k, self.n, "k"))
        if pair is None:
            return np.zeros(len(self.points), np.uint8)
        return ((self._order >= pair[0]) & (self._order <= pair[1])).astype(np.uint8)

    def matrix(self) -> np.ndarray:
        m = len(self.points)
        i, j = np.triu_indices(m)
        rows = (self._order[None, :] >= i[:, None]) & (self._order[None, :] <= j[:, None])
        return np.vstack([rows, np.zeros((1, m), bool)]).astype(np.uint8)

    def select(self, pos: _Counts, neg: _Counts, epsilon: Epsilon, rng: Rng, selection: _Selection):
        self._check_counts(pos, neg)
        rng = as_rng(rng)
        G, tot = self._gains(pos, neg)
        m = len(self.points)
        if selection == "erm":
            prefix_min = np.minimum.accumulate(G[:m])
            best = G[1:] - prefix_min
            j = int(np.argmax(best))
            if best[j] <= 0:
                return self.n - 1, tot
            i = int(np.flatnonzero(G[: j + 1] == prefix_min[j])[0])
            return self._index(i, j), tot - int(best[j])
        h = epsilon / 2.0  # logit(i, j) + h*tot = h (G[j+1] - G[i]); logit(empty) + h*tot = 0
        a = -h * G[:m]
        log_w = h * G[1:] + np.logaddexp.accumulate(a)  # marginal weight of each j
        cand = np.concatenate([log_w, [0.0]]) + rng.gumbel(size=m + 1)
        j = int(np.argmax(cand))
        if j == m:
            return self.n - 1, tot
        i = int(np.argmax(a[: j + 1] + rng.gumbel(size=j + 1)))
        return self._index(i, j), tot - int(G[j + 1] - G[i])


@checked
class PlanarDichotomies(Dichotomies):
    """Π_C(P) for halfplanes in ℝ² by the rotational sweep of
    :mod:`geoprivate.everlasting.planar_sweep`: the scores of all n² − n + 2 dichotomies
    from prefix sums around each pivot, never the (n² − n + 2) × n matrix (built by
    :meth:`matrix` only on request).  Same dichotomies and scores as the dense
    enumeration, in another row order (the sweep's)."""

    def __init__(self, sweep: PlanarSweep):
        self.points, self._matrix, self._order = sweep.points, None, None  # the sweep's own closed form
        self._sweep = sweep
        self.n = sweep.n

    @property
    def closed_form(self) -> bool:
        return True

    def errors(self, pos: _Counts, neg: _Counts) -> np.ndarray:
        self._check_counts(pos, neg)
        return self._sweep.errors(pos, neg)

    def labels(self, k: _K) -> np.ndarray:
        return self._sweep.labels(check_index(k, self.n, "k"))

    def matrix(self) -> np.ndarray:
        return np.array([self._sweep.labels(k) for k in range(self.n)], dtype=np.uint8).reshape(self.n, -1)


#: above this many distinct points, halfplane dichotomies come from the rotational sweep
#: (when the points are in general position); below, from the dense exact enumeration
PLANAR_SWEEP_MIN = 256


@checked
def labelboost_epsilon(em_epsilon: Annotated[float, Interval(gt=0, le=1000)] = LABELBOOST_EM_EPSILON) -> float:
    """A proved bound on LabelBoost's privacy loss when only the unlabelled part's labels are released.

    ε_LB = 2 ln(1 + e^{ε_EM/2}) (≈ 1.948 for the paper's ε_EM = 1).  Argument (docs/private_as_run.md):
    with S₀ = S minus the changed example (x, y), every dichotomy g of P₀ = pts(S₀) ∪ T has one or two
    extensions to x, of total exponential-mechanism weight w(g)·a(g) with a(g) ∈ [e^{−ε/2}, 1 + e^{−ε/2}];
    the law of the T-labelling is Σ_{g: g|T = z} w a / Σ_g w a, so changing a to a' changes each
    probability by at most ((1 + e^{−ε/2})/e^{−ε/2})² = (1 + e^{ε/2})².

    Parameters
    ----------
    em_epsilon : float > 0
        The exponential mechanism's ε in LabelBoost's step 4 ([NNSY23] App. C.1 fixes 1).

    Returns
    -------
    float
    """
    return 2.0 * math.log1p(math.exp(em_epsilon / 2.0))


def _unique_points(concept, points):
    """Distinct points P and, for each input point, its index in P."""
    arr = np.asarray(points)
    if _is_halfspaces(concept):
        arr = np.asarray(points, dtype=np.float64)
        if arr.ndim != 2:
            raise ValueError(f"points: halfspaces need an (n, d) array, got shape {arr.shape}")
        P, inv = np.unique(arr, axis=0, return_inverse=True)
        return P, inv.reshape(-1)
    if arr.ndim != 1:
        raise ValueError(f"points: expected a 1-D array of points, got shape {arr.shape}")
    if arr.dtype.kind == "f" and np.isnan(arr).any():
        raise ValueError("points: contains NaN")
    P, inv = np.unique(arr, return_inverse=True)
    return P, inv.reshape(-1)


def _is_halfspaces(concept) -> bool:
    return type(concept).__name__ == "Halfspaces"


@checked
def dichotomies_of(concept: ConceptClass, P: _Points) -> Dichotomies:
    """Π_C(P) for distinct points P, exactly (App. C.1 step 2).

    Thresholds: closed form (|P| + 1 rows); intervals: closed form (:class:`IntervalDichotomies`);
    finite classes: :func:`solvers.combinatorics.dichotomies` of the columns;
    halfspaces: :func:`solvers.halfspaces.halfspace_dichotomies`, or in ℝ² above
    ``PLANAR_SWEEP_MIN`` points in general position the rotational sweep
    (:class:`PlanarDichotomies`).

    Raises
    ------
    TypeError
        A concept class with no exact dichotomy enumeration.
    """
    if P.ndim != (2 if _is_halfspaces(concept) else 1):
        raise ValueError(
            f"P: {type(concept).__name__} needs {'(m, d)' if P.ndim == 1 else '1-D'} points, got shape {P.shape}"
        )
    if isinstance(concept, Thresholds):
        order = np.argsort(np.argsort(P, kind="stable"), kind="stable")
        return Dichotomies(P, threshold_order=order.astype(np.int64))
    if isinstance(concept, Intervals):
        return IntervalDichotomies(P)
    if _is_halfspaces(concept) and P.ndim == 2 and P.shape[1] == 2 and len(P) > PLANAR_SWEEP_MIN:
        sweep = planar_sweep(P)
        if sweep is not None:  # general position (checked exactly): no matrix at all
            return PlanarDichotomies(sweep)
    if isinstance(concept, FiniteClass) or _is_halfspaces(concept):
        if isinstance(concept, FiniteClass):
            M = dichotomies(concept.matrix[:, concept.columns(P)])
        else:
            M = halfspace_dichotomies(P)
        return Dichotomies(P, matrix=np.asarray(M, dtype=np.uint8))
    raise TypeError(
        f"concept: LabelBoost needs an exact dichotomy enumeration; no support for {type(concept).__name__}"
    )


def _side(concept, value, name: str) -> np.ndarray:
    """One part of the database (S's or T's points) in the concept's shape (empty allowed)."""
    value = np.asarray(value)
    if value.size == 0:
        return value
    want = 2 if _is_halfspaces(concept) else 1
    if value.ndim != want:
        what = "an (n, d) array (halfspaces)" if want == 2 else "a 1-D array of points"
        raise ValueError(f"{name}: expected {what}, got shape {value.shape}")
    return value


def _split(concept, s_points, s_labels, t_points):
    s_points, t_points = _side(concept, s_points, "s_points"), _side(concept, t_points, "t_points")
    check_finite_array(s_labels, "s_labels")  # numbers, not ragged
    s_labels = np.asarray(s_labels)
    if s_labels.ndim != 1 or s_labels.size != len(s_points):
        raise ValueError(
            f"s_labels: expected {len(s_points)} labels (one per point of s_points), got shape {s_labels.shape}"
        )
    if s_labels.size and not np.isin(s_labels, (0, 1)).all():
        raise ValueError("s_labels: labels must be 0/1")
    if len(s_points) and len(t_points) and s_points.shape[1:] != t_points.shape[1:]:
        raise ValueError(f"t_points: points of shape {t_points.shape[1:]}, s_points' are {s_points.shape[1:]}")
    n_s = len(s_points)
    if len(t_points) == 0:
        pts = np.asarray(s_points)
    elif n_s == 0:
        pts = np.asarray(t_points)
    else:
        pts = np.concatenate([np.asarray(s_points), np.asarray(t_points)], axis=0)
    P, inv = _unique_points(concept, pts)
    pos = np.bincount(inv[:n_s], weights=(s_labels == 1), minlength=len(P)).astype(np.int64)
    neg = np.bincount(inv[:n_s], weights=(s_labels == 0), minlength=len(P)).astype(np.int64)
    return pts, P, inv, pos, neg


_Labels01 = Annotated[Any, Check(_numeric, kind="labels"), Joint("0/1, one per point")]


@checked
@dataclass
class LabelBoostResult:
    """Outcome of :func:`label_boost`.

    Attributes
    ----------
    points : numpy.ndarray   the points of S∘T, in order
    labels : numpy.ndarray   their new labels h(x) in {0, 1} (S first, then T)
    n_s : int                |S|
    index : int              the chosen dichotomy (row of Π_C(P))
    n_dichotomies : int      |H| = |Π_C(P)|
    errors_s : int           error count of h on S (against S's given labels)
    selection : str          "exponential" (the paper) or "erm" (a broken, non-private variant)
    """

    points: _Points
    labels: _Labels01
    n_s: Annotated[int, Interval(ge=0), Joint("n_s <= the points")]
    index: Annotated[int, Interval(ge=0), Joint("index < n_dichotomies")]
    n_dichotomies: Annotated[int, Interval(ge=1)]
    errors_s: Annotated[int, Interval(ge=0), Joint("errors_s <= n_s")]
    selection: _Selection

    def __post_init__(self):
        n = len(self.points)
        if self.labels.shape != (n,) or not np.isin(self.labels, (0, 1)).all():
            raise ValueError(f"labels must be 0/1, one per point of points ({n}), got shape {self.labels.shape}")
        if self.n_s > n:
            raise ValueError(f"n_s: |S| = {self.n_s} exceeds the {n} points")
        if self.index >= self.n_dichotomies:
            raise ValueError(
                f"index: {self.index} is not a row of the n_dichotomies = {self.n_dichotomies} dichotomies"
            )
        if self.errors_s > self.n_s:
            raise ValueError(f"errors_s: {self.errors_s} errors on |S| = {self.n_s} examples")

    @property
    def error_s(self) -> float:
        """error_S(h) = errors_s / |S| (0 for an empty S)."""
        return self.errors_s / self.n_s if self.n_s else 0.0

    @property
    def s_labels(self) -> np.ndarray:
        return self.labels[: self.n_s]

    @property
    def t_labels(self) -> np.ndarray:
        return self.labels[self.n_s :]


_Part = Annotated[Any, Check(_numeric, kind="array"), Joint("the concept's points")]
_SLabels = Annotated[Any, Joint("0/1, one per point of s_points", kind="labels")]


@checked
def label_boost(
    concept: ConceptClass,
    s_points: _Part,
    s_labels: _SLabels,
    t_points: _Part,
    rng: Rng = None,
    *,
    epsilon: Epsilon = 1.0,
    selection: _Selection = "exponential",
    ledger: PrivacyLedger | None = None,
) -> LabelBoostResult:
    """Algorithm LabelBoost, [NNSY23] App. C.1 (Beimel et al. 2021); labels {0, 1}.

    Parameters
    ----------
    concept : Thresholds, Intervals, FiniteClass or Halfspaces
    s_points, s_labels : the labelled portion S (labels 0/1)
    t_points : the unlabelled portion T
    rng : Generator, int or None
    epsilon : float, default 1
        The exponential mechanism's parameter (the paper fixes ε = 1; Lemma C.1's +3
        assumes it).
    selection : {"exponential", "erm"}
        "exponential" is the paper's step 4.  "erm" picks a least-error dichotomy
        deterministically: a deliberately **broken** (non-private) variant, the positive
        control of the privacy-game harness.
    ledger : PrivacyLedger, optional
        Receives the exponential mechanism's (ε, 0) entry.  The "erm" variant records the
        same nominal entry with ``applies=False`` (a bug that pretends to be private).

    Returns
    -------
    LabelBoostResult

    Privacy: the labels given to T are 2 ln(1 + e^{ε/2})-DP with respect to S
    (:func:`labelboost_epsilon`, proved in ``docs/private_as_run.md``; the exponential mechanism's ε is
    not a bound, because the candidates Π_C(P) depend on S's points).  That is what the ledger books;
    S's points and their new labels are not released privately ([NNSY23] Lemma C.1 covers A∘LabelBoost).

    Examples
    --------
    >>> from geoprivate.concepts import Thresholds
    >>> from geoprivate.privacy import PrivacyLedger
    >>> ledger = PrivacyLedger()
    >>> r = label_boost(Thresholds(), [0.1, 0.9], [0, 1], [0.5, 0.7], rng=0, ledger=ledger)
    >>> r.labels.shape, r.n_dichotomies
    ((4,), 5)
    >>> ledger.all_apply, round(ledger.basic_composition().epsilon, 3)  # the labels of T: 2 ln(1 + e^(1/2))
    (True, 1.948)
    """
    eps = epsilon
    pts, P, inv, pos, neg = _split(concept, s_points, s_labels, t_points)
    if len(P) == 0:
        raise ValueError("s_points, t_points: LabelBoost needs at least one point")
    H = dichotomies_of(concept, P)
    k, err_k = H.select(pos, neg, eps, as_rng(rng), selection)
    if ledger is not None:
        ledger.record(
            f"LabelBoost ({selection})",
            labelboost_epsilon(eps),
            0.0,
            RELEASE_THEOREM if selection == "exponential" else "none: ERM is not differentially private",
            selection == "exponential",
            n_candidates=H.n,
            em_epsilon=eps,
        )
    lab = H.labels(k)[inv]
    return LabelBoostResult(pts, lab, len(s_points), int(k), H.n, err_k, selection)


@checked
def label_boost_law(
    concept: ConceptClass, s_points: _Part, s_labels: _SLabels, t_points: _Part, *, epsilon: Epsilon = 1.0
):
    """Exact output law of LabelBoost: (labellings of S∘T, log-probabilities).

    Returns
    -------
    labels : numpy.ndarray, shape (|Π_C(P)|, |S∘T|)
        Row k = the relabelled database's labels when dichotomy k is chosen (rows are
        distinct: distinct dichotomies on P give distinct labellings of S∘T).
    log_p : numpy.ndarray, shape (|Π_C(P)|,)
        Natural-log probabilities of the exponential mechanism (no underflow).
    errors : numpy.ndarray
        Error count on S of each dichotomy.
    """
    eps = epsilon
    pts, P, inv, pos, neg = _split(concept, s_points, s_labels, t_points)
    H = dichotomies_of(concept, P)
    errors = H.errors(pos, neg)
    log_p = exponential_mechanism_log_probabilities(-errors.astype(np.float64), eps, 1.0)
    return H.matrix()[:, inv], log_p, errors


#: a sample size of Lemma C.2 (it enters floating point)
_Size = Annotated[int, Interval(ge=0, le=10**18)]


@checked
def lemma_c2_max_T(
    alpha: Probability, beta: Probability, n_s: _Size, vc: Annotated[int, Interval(ge=1, le=10**18)]
) -> float:
    """Lemma 4.2 / C.2's largest |T|: (β/e) VC(C) exp(α|S| / (2 VC(C))) − |S| (may be < 0; inf beyond the floats).

    ``vc`` must be >= 1 (the lemma divides by VC(C); a class of VC dimension 0 has one concept).

    Parameters
    ----------
    alpha, beta : float
        The lemma's α, β in (0, 1).
    n_s : int
        |S|.
    vc : int
        VC(C) >= 1.

    Returns
    -------
    float
        The largest |T| the lemma allows ([NNSY23] Lemma C.2).

    Examples
    --------
    >>> f"{lemma_c2_max_T(0.1, 0.1, 1000, 1):.3e}"
    '1.907e+20'
    >>> lemma_c2_max_T(-0.1, 0.1, 1000, 1)
    Traceback (most recent call last):
    ...
    ValueError: alpha must lie in (0, 1), got -0.1
    """
    x = alpha * n_s / (2 * vc)
    if x > 700:
        return math.inf
    return beta / math.e * vc * math.exp(x) - n_s


@checked
def lemma_c2_applies(
    alpha: float, beta: float, n_s: _Size, n_t: _Size, vc: Annotated[int, Interval(ge=1, le=10**18)]
) -> bool:
    """Whether |T| meets Lemma C.2's condition for this |S| (False when α or β is outside (0, 1)).

    Parameters
    ----------
    alpha, beta : float
        The phase's α, β.
    n_s, n_t : int
        |S| and |T|.
    vc : int
        VC(C) >= 1.

    Returns
    -------
    bool
        Whether [NNSY23] Lemma C.2's condition |T| <= :func:`lemma_c2_max_T` holds.
    """
    return 0 < alpha < 1 and 0 < beta < 1 and n_t <= lemma_c2_max_T(alpha, beta, n_s, vc)
