"""Exact tracking of the quantity Claim 5 halves: |L|, the label sequences still possible.

[Yan26], proof of Claim 5: for a fixed query sequence x_1..x_T,
L = {(h(x_1), …, h(x_T)) : h ∈ C|HardQuery}; |L_0| ≤ Sauer's bound Σ_{i≤VC} C(T, i), and
with probability ≥ 1/2 a hard query's random label keeps at most half of L.

Computed exactly from the dichotomies of the distinct query points (repeated queries
do not change the count): Π_C(P) by the class's own ``restrict_to`` (finite classes,
thresholds, intervals) or :func:`solvers.halfspaces.halfspace_dichotomies`, then
:func:`solvers.combinatorics.restrict` to HardQuery (:func:`label_sequences`).
:func:`label_sequence_count` counts thresholds and intervals in closed form (the
matrix of intervals has ~n²/2 rows): the tests check it against the matrix count.
Labels {0, 1}.
"""

from __future__ import annotations

import numpy as np

from geoprivate._validation import checked
from geoprivate.prediction.generators import (
    ConceptArg,
    SampleLabels,
    SamplePoints,
    class_points,
    concept_kind,
    labels01,
)
from solvers import combinatorics as comb
from solvers.halfspaces import halfspace_dichotomies

__all__ = ["label_sequences", "label_sequence_count"]


def _sequence(concept, queries, hard_points, hard_labels):
    """The queries and HardQuery validated (points of the class, 0/1 labels); their distinct points P and
    the position in P of every hard point (each must be among the queries: HardQuery ⊆ the sequence)."""
    kind = concept_kind(concept)
    q = class_points(kind, concept, queries, "queries")
    hp = class_points(kind, concept, hard_points, "hard_points", q.shape[1] if q.ndim == 2 else None)
    hl = labels01(hard_labels, hp.shape[0], "hard_labels")
    if kind == "halfspaces":
        P = np.unique(q, axis=0)
        hit = (hp[:, None, :] == P[None, :, :]).all(axis=2)
        if not hit.any(axis=1).all():
            raise ValueError("hard_points: must be among the queries")
        cols = hit.argmax(axis=1)
    else:
        P = np.unique(q)
        cols = np.searchsorted(P, hp)
        if np.any(cols >= P.size) or np.any(P[np.minimum(cols, P.size - 1)] != hp):
            raise ValueError("hard_points: must be among the queries")
    return kind, P, cols.astype(np.intp), hl


@checked
def label_sequences(
    concept: ConceptArg, queries: SamplePoints, hard_points: SamplePoints = (), hard_labels: SampleLabels = ()
):
    """(P, rows): the distinct query points P and the 0/1 matrix of L restricted to P.

    Row r of ``rows`` is one labelling of P realised by C|HardQuery (distinct rows).
    ``hard_points`` must be among the queries (HardQuery ⊆ the sequence).

    Parameters
    ----------
    concept : FiniteClass, Thresholds, Intervals or halfspaces
        The class C.
    queries : array_like
        The query sequence (points of the class).
    hard_points, hard_labels : array_like
        HardQuery (among the queries) and its labels in {0, 1}.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        P and the matrix of L on P.
    """
    kind, P, cols, hl = _sequence(concept, queries, hard_points, hard_labels)
    if kind == "halfspaces":
        M = halfspace_dichotomies(P)
    elif kind == "finite":
        M = comb.dichotomies(concept.matrix[:, P])
    else:
        M = concept.restrict_to(P).matrix
    rows = comb.restrict(M, cols, hl)
    return P, M[rows]


def _threshold_count(n, ones, zeros) -> int:
    # labellings of sorted points = cut positions c in 0..n (label 1 from index c on)
    hi = int(ones.min()) if ones.size else n
    lo = int(zeros.max()) if zeros.size else -1
    return max(0, hi - lo)


def _interval_count(n, ones, zeros) -> int:
    # labellings = runs [i..j] of sorted points, plus the empty labelling
    if ones.size:
        imin, imax = int(ones.min()), int(ones.max())
        if np.any((zeros >= imin) & (zeros <= imax)):
            return 0
        lo = int(zeros[zeros < imin].max()) if np.any(zeros < imin) else -1
        hi = int(zeros[zeros > imax].min()) if np.any(zeros > imax) else n
        return (imin - lo) * (hi - imax)
    cuts = np.concatenate([[-1], np.unique(zeros), [n]])
    gaps = np.diff(cuts) - 1
    return int((gaps * (gaps + 1) // 2).sum()) + 1


@checked
def label_sequence_count(
    concept: ConceptArg, queries: SamplePoints, hard_points: SamplePoints = (), hard_labels: SampleLabels = ()
) -> int:
    """|L| = number of label sequences of the queries realised by C|HardQuery (exact).

    Closed form for thresholds (on the reals) and intervals, the matrix of
    :func:`label_sequences` otherwise.

    Parameters
    ----------
    concept : FiniteClass, Thresholds, Intervals or halfspaces
        The class C.
    queries : array_like
        The query sequence (points of the class).
    hard_points, hard_labels : array_like
        HardQuery (among the queries) and its labels in {0, 1}.

    Returns
    -------
    int
    """
    kind = concept_kind(concept)
    if kind in ("thresholds", "intervals") and getattr(concept, "domain", None) is None:
        _, P, cols, hl = _sequence(concept, queries, hard_points, hard_labels)
        n, ones, zeros = P.size, cols[hl == 1], cols[hl == 0]
        return _threshold_count(n, ones, zeros) if kind == "thresholds" else _interval_count(n, ones, zeros)
    return int(label_sequences(concept, queries, hard_points, hard_labels)[1].shape[0])
