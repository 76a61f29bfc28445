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

from geoprivate.prediction.generators import concept_kind
from solvers import combinatorics as comb
from solvers.halfspaces import halfspace_dichotomies

__all__ = ["label_sequences", "label_sequence_count"]


def label_sequences(concept, queries, hard_points=(), hard_labels=()):
    """(P, rows): the distinct query points P and the 0/1 matrix of L restricted to P.

    Row r of ``rows`` is one labelling of P realised by C|HardQuery (distinct rows).
    ``hard_points`` must be among the queries (HardQuery ⊆ the sequence).
    """
    kind = concept_kind(concept)
    q = np.asarray(queries)
    if kind == "halfspaces":
        P = np.unique(q.astype(np.float64), axis=0)
        M = halfspace_dichotomies(P)
        hp = np.asarray(hard_points, dtype=np.float64).reshape(-1, P.shape[1])
        cols = [int(np.flatnonzero((h == P).all(axis=1))[0]) for h in hp]
    else:
        P = np.unique(q)
        if kind == "finite":
            M = concept.matrix[:, P.astype(np.intp)]
            M = comb.dichotomies(M)
        else:
            M = concept.restrict_to(P).matrix
        cols = np.searchsorted(P, np.asarray(hard_points)).tolist()
        if any(c >= P.shape[0] or P[c] != h for c, h in zip(cols, np.asarray(hard_points).tolist(), strict=True)):
            raise ValueError("hard_points: must be among the queries")
    rows = comb.restrict(M, np.asarray(cols, dtype=np.intp), np.asarray(hard_labels, dtype=np.int64))
    return P, M[rows]


def _line_indices(queries, hard_points, hard_labels):
    P = np.unique(np.asarray(queries, dtype=np.float64))
    hp = np.asarray(hard_points, dtype=np.float64).reshape(-1)
    idx = np.searchsorted(P, hp)
    if np.any(idx >= P.size) or np.any(P[np.minimum(idx, P.size - 1)] != hp):
        raise ValueError("hard_points: must be among the queries")
    lab = np.asarray(hard_labels, dtype=np.int64).reshape(-1)
    return P.size, idx[lab == 1], idx[lab == 0]


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


def label_sequence_count(concept, queries, hard_points=(), hard_labels=()) -> int:
    """|L| = number of label sequences of the queries realised by C|HardQuery (exact).

    Closed form for thresholds (on the reals) and intervals, the matrix of
    :func:`label_sequences` otherwise.
    """
    kind = concept_kind(concept)
    if kind in ("thresholds", "intervals") and getattr(concept, "domain", None) is None:
        n, ones, zeros = _line_indices(queries, hard_points, hard_labels)
        return _threshold_count(n, ones, zeros) if kind == "thresholds" else _interval_count(n, ones, zeros)
    return int(label_sequences(concept, queries, hard_points, hard_labels)[1].shape[0])
