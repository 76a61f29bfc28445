"""Halfspaces: the predicate, exact dichotomy enumeration, and the dual representation.

C. Yan, *Private Prediction via Shrinkage* [Yan26] §5.1: Definition 6 (the predicate
h_{a,w}(x) = [⟨a, x⟩ ≥ w]) and the reduction of a labelled point to a linear constraint
on the hypothesis parameters (a, w) ("Linear Feasibility Problem", before Definition 8).

Labels
------
Everything in :mod:`solvers` uses labels in {0, 1}: ``1`` means ⟨a, x⟩ ≥ w (the paper's
+1), ``0`` means ⟨a, x⟩ < w (the paper's −1).

Exactness
---------
Every sign decided here is exact.  Inputs may be ints, floats (taken at their exact
binary value) or :class:`fractions.Fraction`.  Orientation tests (signs of
determinants and of inner products) are evaluated in floating point with a rigorous
static error filter (|value| > 10⁻⁸·Σ|Leibniz terms|, far above the rounding error of a
≤ 7×7 expansion); the few undecided entries are recomputed in exact integer arithmetic.
Integer inputs of moderate size skip the filter and run in exact ``int64`` arithmetic.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

import numpy as np

from solvers._checks import DEFAULT_MAX_WORK, as_array, check_work
from solvers._domains import (
    Check,
    Count64,
    Interval,
    Joint,
    MaxWork,
    Rational,
    RationalPoints,
    RationalVector,
    checked,
)
from solvers._rational import coordinate, rational_matrix, rational_vector
from solvers.combinatorics import dichotomies as _unique_sorted_rows
from solvers.combinatorics import sauer_bound
from solvers.lp import FeasibilityResult, feasible_point
from solvers.lp._linalg import rref

__all__ = [
    "halfspace_predicate",
    "halfspace_dichotomies",
    "cover_count",
    "HalfspaceWitness",
    "halfspace_witness",
    "is_halfspace_dichotomy",
    "DUAL_FORMS",
    "dual_constraints",
    "dual_hypothesis",
]

# --------------------------------------------------------------------------- rational input


def _to_fraction(v, name: str) -> Fraction:
    """A coordinate as an exact Fraction (booleans refused)."""
    return coordinate(v, name)


def _as_rational_matrix(X, name: str, ncols: int | None = None) -> list[list[Fraction]]:
    """Validate a 2-D numeric array (points x coordinates) and return its rows as exact Fractions."""
    return rational_matrix(X, name, ncols, noun="array (points x coordinates)", allow_bool=False)[0]


_as_rational_vector = rational_vector

#: points of a labelled sample, checked with their labels (``_as_labelled_sample``)
_SamplePoints = Annotated[Any, Joint("_as_labelled_sample(X, labels): exact rows, one per label", kind="array")]
_SampleLabels = Annotated[Any, Joint("_as_labelled_sample(X, labels): 0/1, one per row of X", kind="labels")]


# --------------------------------------------------------------------------- exact orientation core


def _int_row(row) -> tuple[int, ...]:
    """A positive integer multiple of a rational row (signs of determinants are preserved)."""
    den = 1
    for q in row:
        den = den * q.denominator // math.gcd(den, q.denominator)
    ints = [q.numerator * (den // q.denominator) for q in row]
    g = 0
    for v in ints:
        g = math.gcd(g, v)
    if g > 1:
        ints = [v // g for v in ints]
    return tuple(ints)


def _float_or_inf(q: Fraction) -> float:
    """``float(q)``, or ±inf when ``q`` is beyond the floats (10**400)."""
    try:
        return float(q)
    except OverflowError:
        return math.inf if q > 0 else -math.inf


class _Rows:
    """Rational row vectors kept three ways: exact ints (row-scaled), floats, maybe int64."""

    __slots__ = ("ints", "f", "i64", "D", "bound")

    def __init__(self, rows: list[list[Fraction]], D: int):
        # a float image for the filters; an entry beyond the floats is ±inf, which the filters leave to exact ints
        self._fill([_int_row(r) for r in rows], np.array([[_float_or_inf(q) for q in r] for r in rows], dtype=float), D)

    @classmethod
    def of(cls, ints: list, floats: np.ndarray, D: int) -> _Rows:
        """The rows from their primitive integer multiples (as :func:`_int_row` gives them) and their
        floats (``float`` of each rational entry), computed by the caller."""
        out = cls.__new__(cls)
        out._fill(ints, floats, D)
        return out

    def _fill(self, ints: list, floats: np.ndarray, D: int) -> None:
        self.D = D
        self.ints = ints
        self.f = np.asarray(floats, dtype=float).reshape(len(ints), D)
        B = max((abs(v) for r in self.ints for v in r), default=0)
        self.bound = B
        self.i64 = None
        if B < 2**31:
            self.i64 = np.array(self.ints, dtype=np.int64).reshape(len(ints), D)


def _int64_safe(D: int, *bounds: int) -> bool:
    """Whether a D x D determinant (Laplace expansion) of entries bounded by ``bounds`` fits int64."""
    prod = math.factorial(D)
    for b in bounds:
        prod *= max(int(b), 1)
    return prod < 2**62


def _laplace(M: np.ndarray, signed: bool = True) -> np.ndarray:
    """Determinants (``signed``) or permanents of a stack of p x p matrices, by Laplace expansion.

    Works for int64, float and object arrays; p is small (≤ 7) here.
    """
    p = M.shape[-1]
    if p == 0:
        return np.ones(M.shape[:-2], dtype=M.dtype)
    if p == 1:
        return M[..., 0, 0].copy()
    if p == 2:
        if signed:
            return M[..., 0, 0] * M[..., 1, 1] - M[..., 0, 1] * M[..., 1, 0]
        return M[..., 0, 0] * M[..., 1, 1] + M[..., 0, 1] * M[..., 1, 0]
    if p == 3:  # the expansion below written out: the same operations in the same order (bit-identical floats)
        a, b, c = M[..., 0, 0], M[..., 0, 1], M[..., 0, 2]
        d, e, f = M[..., 1, 0], M[..., 1, 1], M[..., 1, 2]
        g, h, i = M[..., 2, 0], M[..., 2, 1], M[..., 2, 2]
        if signed:
            return (a * (e * i - f * h) + -(b * (d * i - f * g))) + c * (d * h - e * g)
        return (a * (e * i + f * h) + b * (d * i + f * g)) + c * (d * h + e * g)
    total = None
    rest = M[..., 1:, :]
    for j in range(p):
        sub = rest[..., [k for k in range(p) if k != j]]  # (column j deleted; fancy indexing, not np.delete)
        term = M[..., 0, j] * _laplace(sub, signed)
        if signed and j % 2:
            term = -term
        total = term if total is None else total + term
    assert total is not None  # p >= 1 columns
    return total


def _cofactors(M: np.ndarray, signed: bool = True) -> np.ndarray:
    """c with ⟨c, y⟩ = det[M; y] for a stack M of shape (K, D-1, D)."""
    D = M.shape[-1]
    out = np.empty(M.shape[:-2] + (D,), dtype=M.dtype)
    for k in range(D):
        minor = _laplace(M[..., [j for j in range(D) if j != k]], signed)
        if signed and (D - 1 + k) % 2:
            minor = -minor
        out[..., k] = minor
    return out


def _cofactors_int(M: np.ndarray) -> np.ndarray:
    """:func:`_cofactors` of an integer stack (exact, so any order of operations gives the same
    numbers): for 3 x 4 the four 3 x 3 minors from the six 2 x 2 minors of the last two rows
    (about half the products of four separate expansions); other shapes by :func:`_cofactors`."""
    if M.shape[-2:] != (3, 4):
        return _cofactors(M)
    r0, r1, r2 = M[..., 0, :], M[..., 1, :], M[..., 2, :]
    m = {(i, j): r1[..., i] * r2[..., j] - r1[..., j] * r2[..., i] for i in range(4) for j in range(i + 1, 4)}

    def det(a, b, c):  # the minor on columns a < b < c, along row 0
        return r0[..., a] * m[b, c] - r0[..., b] * m[a, c] + r0[..., c] * m[a, b]

    return np.stack([-det(1, 2, 3), det(0, 2, 3), -det(0, 1, 3), det(0, 1, 2)], axis=-1)


def _det_py(rows: list[list[int]]) -> int:
    """Exact determinant of a square integer matrix (fraction-free Bareiss)."""
    n = len(rows)
    if n == 0:
        return 1
    M = [list(r) for r in rows]
    sign, prev = 1, 1
    for k in range(n - 1):
        if M[k][k] == 0:
            for i in range(k + 1, n):
                if M[i][k] != 0:
                    M[k], M[i] = M[i], M[k]
                    sign = -sign
                    break
            else:
                return 0
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                M[i][j] = (M[i][j] * M[k][k] - M[i][k] * M[k][j]) // prev
        prev = M[k][k]
    return sign * M[n - 1][n - 1]


def _cofactors_py(rows: list[tuple[int, ...]], D: int) -> list[int]:
    """Exact cofactor vector (⟨c, y⟩ = det[rows; y]) of D-1 integer rows of length D."""
    c = []
    for k in range(D):
        minor = _det_py([[r[j] for j in range(D) if j != k] for r in rows])
        c.append(-minor if (D - 1 + k) % 2 else minor)
    return c


_FILTER = 1e-8  # relative threshold of the static filter (rounding error of ≤7x7 Laplace ≪ 1e-12)
_TINY = 1e-250  # below this the float bound may have underflowed: decide exactly


@dataclass
class _Orientation:
    """sign det[R[S]; T[j]] for subsets S of rows R and all rows j of T, exactly.

    ``signs`` (K, n) int8; ``c_float`` (K, D) float cofactors (approximate); ``c_sign``
    (K, D) int8 exact signs of the cofactors; ``c_zero`` (K,) whether c == 0 exactly;
    ``c_int`` (K, D) the exact cofactors in ``int64`` when they were computed that way (small
    integer rows), else None.
    """

    signs: np.ndarray
    c_float: np.ndarray
    c_sign: np.ndarray
    c_zero: np.ndarray
    c_int: np.ndarray | None = None


def _orient(R: _Rows, subsets: np.ndarray, T: _Rows, same: bool, need_c=None) -> _Orientation:
    """Exact signs of det[R[S]; T[j]] (D x D) for every subset S (rows of ``subsets``) and j.

    ``same``: T is R, so det = 0 exactly when j ∈ S (not recomputed).  ``need_c``: the
    cofactor components whose sign must be exact (None: all); ``c_zero`` is always exact.
    """
    D = R.D
    K = subsets.shape[0]
    n = len(T.ints)
    if K == 0:
        return _Orientation(np.zeros((0, n), np.int8), np.zeros((0, D)), np.zeros((0, D), np.int8), np.zeros(0, bool))
    if R.i64 is not None and T.i64 is not None and _int64_safe(D, *([R.bound] * (D - 1)), T.bound):
        M = R.i64[subsets]  # (K, D-1, D)
        c = _cofactors_int(M)
        vals = c @ T.i64.T
        signs = np.sign(vals).astype(np.int8)
        c_sign = np.sign(c).astype(np.int8)
        return _Orientation(signs, c.astype(float), c_sign, ~c_sign.any(axis=1), c)
    M = R.f[subsets]
    c = _cofactors(M)
    cabs = _cofactors(np.abs(M), signed=False)
    with np.errstate(all="ignore"):
        vals = c @ T.f.T
        bound = cabs @ np.abs(T.f).T
        unsure = ~(np.abs(vals) > _FILTER * bound) | ~np.isfinite(vals) | ~(bound > _TINY)
        c_unsure = ~(np.abs(c) > _FILTER * cabs) | ~np.isfinite(c) | ~(cabs > _TINY)
    signs = np.sign(np.where(np.isfinite(vals), vals, 0.0)).astype(np.int8)
    c_sign = np.sign(np.where(np.isfinite(c), c, 0.0)).astype(np.int8)
    if same:
        rows_idx = np.repeat(np.arange(K), subsets.shape[1])
        signs[rows_idx, subsets.ravel()] = 0
        unsure[rows_idx, subsets.ravel()] = False
    sure_nonzero = (~c_unsure).any(axis=1)
    need = c_unsure if need_c is None else np.zeros_like(c_unsure)
    if need_c is not None:
        need[:, need_c] = c_unsure[:, need_c]
    todo = np.flatnonzero(unsure.any(axis=1) | need.any(axis=1) | ~sure_nonzero)
    if todo.size:
        # exact: cofactors of the undecided subsets in Python integers (object arrays)
        Mi = np.empty((todo.size, D - 1, D), dtype=object)
        for t, k in enumerate(todo.tolist()):
            for a, i in enumerate(subsets[k].tolist()):
                Mi[t, a, :] = R.ints[i]
        ce = _cofactors(Mi)
        c_sign[todo] = np.array([[(x > 0) - (x < 0) for x in row] for row in ce.tolist()], np.int8)
        sub_unsure = unsure[todo]
        tt, jj = np.nonzero(sub_unsure)
        if tt.size:
            Tobj = np.empty((n, D), dtype=object)
            for j in np.unique(jj).tolist():
                Tobj[j, :] = T.ints[j]
            v = (ce[tt] * Tobj[jj]).sum(axis=1)
            signs[todo[tt], jj] = np.array([(x > 0) - (x < 0) for x in v.tolist()], np.int8)
    return _Orientation(signs, c, c_sign, np.asarray(~c_sign.any(axis=1)))


def _unique_rows_first(M: np.ndarray):
    """Distinct rows of a small-int matrix in first-occurrence order: (rows, first, inverse).

    One ``np.unique`` over the rows viewed as opaque bytes (sorted, with the index of each
    row's first occurrence), then renumbered in first-occurrence order: the same answer as
    :func:`_unique_rows_first_loop`, the dictionary of byte strings it replaces."""
    M = np.ascontiguousarray(M)
    if M.ndim != 2 or M.shape[0] < 64 or M.shape[1] * M.itemsize == 0:  # (few rows: the loop is faster)
        return _unique_rows_first_loop(M)
    keys = M.view(np.dtype((np.void, M.shape[1] * M.itemsize))).ravel()
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")  # unique values by first occurrence
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    first = first[order]
    return M[first], first.astype(np.intp), rank[inverse.ravel()].astype(np.intp)


def _unique_rows_first_loop(M: np.ndarray):
    """:func:`_unique_rows_first` by a dictionary of the rows' bytes (empty and degenerate shapes)."""
    M = np.ascontiguousarray(M)
    seen: dict[bytes, int] = {}
    inverse = np.empty(M.shape[0], np.intp)
    first_list: list[int] = []
    raw = M.tobytes()
    w = M.shape[1] * M.itemsize
    for i in range(M.shape[0]):
        key = raw[i * w : (i + 1) * w]
        j = seen.get(key)
        if j is None:
            j = seen[key] = len(first_list)
            first_list.append(i)
        inverse[i] = j
    first = np.array(first_list, np.intp)
    return M[first], first, inverse


def _dot_signs(P: _Rows, Q: _Rows) -> np.ndarray:
    """Exact signs of ⟨P_i, Q_j⟩, shape (len(P), len(Q)), int8."""
    D = P.D
    if P.i64 is not None and Q.i64 is not None and D * max(P.bound, 1) * max(Q.bound, 1) < 2**62:
        return np.sign(P.i64 @ Q.i64.T).astype(np.int8)
    with np.errstate(all="ignore"):
        vals = P.f @ Q.f.T
        bound = np.abs(P.f) @ np.abs(Q.f).T
        unsure = ~(np.abs(vals) > _FILTER * bound) | ~np.isfinite(vals) | ~(bound > _TINY)
    out = np.sign(np.where(np.isfinite(vals), vals, 0.0)).astype(np.int8)
    for i, j in zip(*np.nonzero(unsure), strict=True):
        v = sum(a * b for a, b in zip(P.ints[i], Q.ints[j], strict=True))
        out[i, j] = (v > 0) - (v < 0)
    return out


def _rank_and_pivots(rows: list[list[Fraction]], ncols: int) -> tuple[int, list[int], list[list[Fraction]]]:
    """Exact rank, pivot columns and reduced row echelon form of a rational matrix
    (:func:`solvers.lp._linalg.rref`)."""
    R, pivots = rref(rows, ncols)
    return len(R), pivots, R


# --------------------------------------------------------------------------- predicate


@checked
def halfspace_predicate(
    a: Annotated[Any, Check(rational_vector), Joint("one coordinate per column of X", kind="array")],
    w: Rational,
    X: Annotated[Any, Joint("exact rows with len(a) coordinates (a float fast path first)", kind="array")],
) -> np.ndarray:
    """h_{a,w}(x) = [⟨a, x⟩ ≥ w] for every row x of ``X`` ([Yan26] Definition 6), exactly.

    Parameters
    ----------
    a : array_like, shape (d,)
    w : number
    X : array_like, shape (n, d)
        Ints, floats (exact binary value) or Fractions.

    Returns
    -------
    numpy.ndarray of uint8, shape (n,)
        ``1`` where ⟨a, x⟩ ≥ w (the paper's +1), ``0`` otherwise (the paper's −1).

    Examples
    --------
    >>> halfspace_predicate([1, 1], 1, [[0, 0], [1, 0], [0.5, 0.5]]).tolist()
    [0, 1, 1]
    """
    av, wq = a, w
    if (
        isinstance(X, np.ndarray)
        and X.dtype.kind == "f"
        and X.ndim == 2
        and X.shape[1] == len(av)
        and X.dtype.itemsize <= 8
        and np.isfinite(X).all()
    ):
        out = _predicate_filtered(av, wq, X.astype(np.float64))
        if out is not None:
            return out
    Xq = _as_rational_matrix(X, "X", len(av))
    D = len(av) + 1
    if not Xq:
        return np.zeros(0, np.uint8)
    P = _Rows([av + [-wq]], D)
    Q = _Rows([r + [Fraction(1)] for r in Xq], D)
    return (_dot_signs(P, Q)[0] >= 0).astype(np.uint8)


def _predicate_filtered(av: list, wq: Fraction, X: np.ndarray) -> np.ndarray | None:
    """:func:`halfspace_predicate` for float points: a rigorous float filter, exact rows only
    where it cannot decide.

    ``a`` and ``w`` are rounded to floats once (relative error ``<= u = 2**-53`` each, or
    absolute ``2**-1074`` below the normal range); the residual ``⟨a, x⟩ − w`` computed in
    floats is then within ``4 (d + 3) u (Σ_j |a_j x_j| + |w|) + 2**-1000 (1 + Σ_j |x_j|)`` of
    the exact one (Higham, *Accuracy and Stability*, §3.1), so its sign is proved wherever
    it exceeds that; the other rows go to the exact integer test.  None if a float overflows.
    """
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        try:
            af = np.array([float(v) for v in av], dtype=np.float64)
            wf = float(wq)
        except OverflowError:
            return None
        if not (np.isfinite(af).all() and np.isfinite(wf)):
            return None
        r = X @ af - wf
        err = (4 * (len(av) + 3) * 2.0**-53) * (np.abs(X) @ np.abs(af) + abs(wf)) + 2.0**-1000 * (
            1 + np.abs(X).sum(axis=1)
        )
        if not (np.isfinite(r).all() and np.isfinite(err).all()):
            return None
    out = (r >= 0).astype(np.uint8)
    todo = np.flatnonzero(np.abs(r) <= err)
    if todo.size:
        D = len(av) + 1
        P = _Rows([av + [-wq]], D)
        Q = _Rows([[Fraction(v) for v in X[i].tolist()] + [Fraction(1)] for i in todo], D)
        out[todo] = (_dot_signs(P, Q)[0] >= 0).astype(np.uint8)
    return out


# --------------------------------------------------------------------------- dichotomies


@checked
def cover_count(
    n: Annotated[int, Interval(ge=1, le=2**63 - 1)], d: Count64, *, max_work: MaxWork = DEFAULT_MAX_WORK
) -> int:
    """Cover's count 2·Σ_{k=0}^{d} C(n−1, k) of halfspace dichotomies of n ≥ 1 points in
    general position in ℝ^d (T. M. Cover, 1965), an exact Python int.

    Parameters
    ----------
    n : int >= 1
        Number of points in general position.
    d : int >= 0
        Dimension of the space.
    max_work : int or None, default 10^8
        The work budget of the sum (:func:`solvers.combinatorics.sauer_bound`, which it is twice:
        Σ_{k=0}^{d} C(n−1, k) = sauer_bound(n − 1, d)); ``None`` lifts it.

    Returns
    -------
    int
        2·Σ_{k=0}^{d} C(n−1, k), exactly.

    Examples
    --------
    >>> cover_count(200, 2)
    39802
    """
    return 2 * sauer_bound(n - 1, d, max_work=max_work)


def _all_patterns(r: int) -> np.ndarray:
    """All 2^r 0/1 rows of length r."""
    return ((np.arange(2**r)[:, None] >> np.arange(r - 1, -1, -1)) & 1).astype(np.uint8)


def _dichotomies_distinct(P: list[list[Fraction]], max_work=None) -> np.ndarray:
    """Halfspace dichotomies of distinct rational points (rows of P); unsorted, may repeat."""
    n = len(P)
    if n == 1:
        return np.array([[0], [1]], np.uint8)
    d = len(P[0])
    diffs = [[a - b for a, b in zip(p, P[0], strict=False)] for p in P[1:]]
    r, pivots, _ = _rank_and_pivots(diffs, d)
    # C(n, r) orientation determinants against n points, and up to Cover's count of output rows
    check_work(
        math.comb(n, r) * n + cover_count(n, r) * n,
        max_work,
        f"halfspace_dichotomies: C({n}, {r}) point subsets x {n} points + Cover's bound on the output",
    )
    # projection onto the pivot coordinates is an affine bijection of aff(P) onto R^r
    Q = [[p[j] for j in pivots] + [Fraction(1)] for p in P]
    D = r + 1
    R = _Rows(Q, D)
    subsets = np.array(list(itertools.combinations(range(n), r)), dtype=np.intp).reshape(-1, r)
    S = _orient(R, subsets, R, same=True, need_c=[]).signs
    S = S[S.any(axis=1)]  # affinely dependent subsets span no hyperplane
    first = np.take_along_axis(S, np.argmax(S != 0, axis=1)[:, None], axis=1)
    S = _unique_rows_first(S * first)[0]  # one row per distinct hyperplane (up to orientation)
    zeros = (S == 0).sum(axis=1)
    blocks = [np.zeros((1, n), np.uint8), np.ones((1, n), np.uint8)]
    gen = zeros == r
    if gen.any():
        G = S[gen]
        zc = np.nonzero(G == 0)[1].reshape(-1, r)
        rows = np.arange(G.shape[0])
        pats = _all_patterns(r)
        for orient in (1, -1):
            base = (G * orient > 0).astype(np.uint8)
            for pat in pats:
                B = base.copy()
                B[rows[:, None], zc] = pat
                blocks.append(B)
    for row in S[~gen]:
        Z = np.flatnonzero(row == 0)
        sub = _dichotomies_distinct([P[i] for i in Z.tolist()])
        for orient in (1, -1):
            B = np.repeat((row * orient > 0).astype(np.uint8)[None, :], sub.shape[0], axis=0)
            B[:, Z] = sub
            blocks.append(B)
    return np.concatenate(blocks, axis=0)


@checked
def halfspace_dichotomies(X: RationalPoints, *, max_work: MaxWork = DEFAULT_MAX_WORK) -> np.ndarray:
    """Every labelling of the points X realised by a closed affine halfspace, exactly.

    Π(X) = { (h_{a,w}(x_1), …, h_{a,w}(x_n)) : a ∈ ℝ^d, w ∈ ℝ } with h_{a,w}(x) =
    [⟨a, x⟩ ≥ w] ([Yan26] Definition 6); the constants are included (a = 0).

    Method (cells of the lifted central arrangement, through their extreme rays).
    Lift x ↦ x̂ = (x, 1) and c = (a, −w): h_{a,w}(x) = [⟨c, x̂⟩ ≥ 0], so the labellings
    are the closed sign vectors of the central arrangement {x̂_i^⊥} in ℝ^{d+1}.
    Moving w down by a small amount makes every tie strict, so every labelling is the
    sign vector of an open *cell*.  After restricting to the affine hull of X (dimension
    r; the projection onto r pivot coordinates is an affine bijection) the arrangement
    is essential, so every cell C is a pointed cone with an extreme ray ρ ≠ 0, which
    is a 1-dimensional flat: ρ ⊥ x̂_i exactly for the points Z on a hyperplane H
    *spanned by points of X*.  The labels of C are sign(ρ) off Z, and on Z the sign of
    a small perturbation, i.e. any halfspace dichotomy of Z inside its own affine hull
    (dimension r−1).  Conversely each such combination is realised by ρ + δ.  Hence

        Π(X) = {0, 1} ∪ ⋃_{H spanned by r points of X} ⋃_{± orientation}
                   { sign(±H) off H, any dichotomy of X ∩ H on H },

    computed by enumerating the C(n, r) subsets of r points (one exact orientation
    determinant against every point each), merging subsets that span the same
    hyperplane, and recursing on X ∩ H only when more than r points lie on H
    (degenerate sets); for exactly r points on H all 2^r labellings occur.  The cost
    is O(C(n, d)·n) determinant signs, polynomial for fixed d, never 2^n LPs.

    Parameters
    ----------
    X : array_like, shape (n, d)
        Points; ints, floats (exact binary values) or Fractions.  Repeated, collinear
        and coplanar points are fine.
    max_work : int or None, default 10^8
        Refuse (``ValueError`` with the estimate) when C(n, r)·n determinant signs plus
        Cover's bound on the output size (r = dimension of the affine hull) exceed it;
        ``None`` lifts the limit.  (40 points in general position in ℝ^20 would need
        ~10^12 rows.)

    Returns
    -------
    numpy.ndarray of uint8, shape (|Π(X)|, n)
        Distinct rows, sorted lexicographically with column 0 most significant (the
        convention of :func:`solvers.combinatorics.dichotomies`).  For n ≥ 1 points in
        general position the count is Cover's 2·Σ_{k≤d} C(n−1, k) (:func:`cover_count`).

    See Also
    --------
    is_halfspace_dichotomy : exact LP check (witness or Farkas certificate) of one row.

    Examples
    --------
    >>> halfspace_dichotomies([[0.0], [1.0], [2.0]]).tolist()
    [[0, 0, 0], [0, 0, 1], [0, 1, 1], [1, 0, 0], [1, 1, 0], [1, 1, 1]]
    """
    Xq = X
    n = len(Xq)
    if n == 0:
        return np.zeros((1, 0), np.uint8)
    keys = [tuple(r) for r in Xq]
    index: dict[tuple, int] = {}
    inverse = np.array([index.setdefault(k, len(index)) for k in keys], dtype=np.intp)
    distinct = [list(k) for k in index]
    rows = _dichotomies_distinct(distinct, max_work)
    return _unique_sorted_rows(rows[:, inverse])


# --------------------------------------------------------------------------- LP checker


@checked
@dataclass(frozen=True)
class HalfspaceWitness:
    """Result of :func:`halfspace_witness`.

    Attributes
    ----------
    realisable : bool
    a, w : tuple of Fraction, Fraction or None
        When realisable: exact parameters with h_{a,w}(X) equal to the labels.
    lp : solvers.lp.FeasibilityResult
        The exact LP answer (its Farkas certificate proves non-realisability).
    """

    realisable: bool
    a: tuple | None
    w: Fraction | None
    lp: FeasibilityResult | None


def _witness_system(Xq, labels):
    d = len(Xq[0]) if Xq else 0
    A_ub, b_ub = [], []
    for x, y in zip(Xq, labels, strict=True):
        if y == 1:  # <a,x> >= w  <=>  -<a,x> + w <= 0
            A_ub.append([-v for v in x] + [Fraction(1)])
            b_ub.append(Fraction(0))
        else:  # <a,x> < w; by scaling (a,w), WLOG <a,x> - w <= -1
            A_ub.append(list(x) + [Fraction(-1)])
            b_ub.append(Fraction(-1))
    return A_ub, b_ub, d


def _as_labelled_sample(X, labels):
    """Points as an exact rational matrix and their labels, validated (labels in {0, 1})."""
    Xq = _as_rational_matrix(X, "X")
    y = as_array(labels, "labels")
    if y.ndim != 1 or y.shape[0] != len(Xq):
        raise ValueError(f"labels: expected shape ({len(Xq)},), got {y.shape}")
    if y.size and ((y != 0) & (y != 1)).any():
        raise ValueError("labels: expected 0/1 labels (solvers use {0,1}; convert ±1 at the boundary)")
    return Xq, y


@checked
def halfspace_witness(X: _SamplePoints, labels: _SampleLabels) -> HalfspaceWitness:
    """Decide exactly whether a labelling of X is a halfspace dichotomy (one LP).

    The labelling is realised iff {(a, w) : ⟨a, x⟩ − w ≥ 0 (label 1), ⟨a, x⟩ − w ≤ −1
    (label 0)} is non-empty (strict "< w" scales to margin 1).  Solved by
    :func:`solvers.lp.feasible_point`; the answer carries an exact point or Farkas
    certificate.  Labels in {0, 1}.

    Parameters
    ----------
    X : array_like, shape (n, d)
        The points, read as exact rationals.
    labels : array_like of 0/1, shape (n,)
        The labelling to realise.

    Returns
    -------
    HalfspaceWitness
        ``realisable``, and either a halfspace (a, w) with its exact LP point or the Farkas certificate of infeasibility.
    """

    Xq, y = _as_labelled_sample(X, labels)
    if not Xq:
        return HalfspaceWitness(True, (), Fraction(0), None)
    A_ub, b_ub, d = _witness_system(Xq, y.tolist())
    res = feasible_point(A_ub, b_ub)
    if res.feasible:
        p = res.point
        assert p is not None  # a feasible result carries its point
        return HalfspaceWitness(True, tuple(p[:d]), p[d], res)
    return HalfspaceWitness(False, None, None, res)


@checked
def is_halfspace_dichotomy(X: _SamplePoints, labels: _SampleLabels) -> bool:
    """True iff some closed halfspace h_{a,w} labels X as ``labels`` (exact; see
    :func:`halfspace_witness`), the witness re-checked with :func:`halfspace_predicate`.

    Parameters
    ----------
    X : array_like, shape (n, d)
        The points, read as exact rationals.
    labels : array_like of 0/1, shape (n,)
        The labelling to test.

    Returns
    -------
    bool
        Whether some closed halfspace h_{a,w} gives exactly these labels.
    """
    res = halfspace_witness(X, labels)
    if res.realisable and res.lp is not None:
        got = halfspace_predicate(res.a, res.w, X)
        if not np.array_equal(got, np.asarray(labels, dtype=np.uint8)):
            raise AssertionError("halfspace_witness returned a point that does not realise the labels")
    return res.realisable


# --------------------------------------------------------------------------- dual representation

#: the dual forms of :func:`dual_constraints`
DUAL_FORMS = ("faithful", "margin")


@checked
def dual_constraints(X: _SamplePoints, labels: _SampleLabels, *, form: Literal["faithful", "margin"]):
    """The dual representation of [Yan26] §5.1: one constraint on z = (a, w) per example.

    A labelled point (x, y) becomes a linear constraint ⟨A_i, z⟩ ≥ b_i on the
    hypothesis parameters z = (a_1, …, a_d, w) ∈ ℝ^{d+1}; the output feeds
    :mod:`solvers.depth` (``constraints = (A, b)``).

    Parameters
    ----------
    X : array_like, shape (n, d)
    labels : array_like of {0, 1}, shape (n,)
        1 is the paper's +1, 0 the paper's −1 (ỹ = 2·label − 1 below).
    form : {"faithful", "margin"}
        Required, so that every caller states which one it uses.

        ``"faithful"`` — exactly as the paper writes it: (x, ỹ) ↦ h_{ỹ·(x, −1), 0}, i.e.
        ⟨ỹ·(x, −1), z⟩ ≥ 0, that is ỹ·(⟨a, x⟩ − w) ≥ 0.  Every constraint is
        homogeneous, so **z = 0 satisfies all of them**: depth(0) = n = cdepth(0) is
        maximal whatever the labels, while h_{0,0} labels every point 1 (0 ≥ 0).  More
        generally every z with ⟨a, x⟩ = w on a negative point "satisfies" it while
        h_{a,w} labels that point 1.  So in this form high depth does *not* imply low
        empirical error — the implication §5.2 relies on (Fact 1 → Corollary 4 →
        Claim 11).  Kept as the faithful reference and to exhibit this degeneracy
        (claim ``shrinkage/dual-degeneracy``).

        ``"margin"`` — the normalised form ỹ·(⟨a, x⟩ − w) ≥ 1, i.e. ⟨ỹ·(x, −1), z⟩ ≥ 1.
        Argument for this choice: (i) *soundness*: if z satisfies the constraint of
        (x, ỹ) then h_{a,w}(x) = ỹ (label 1: ⟨a,x⟩ ≥ w + 1 ≥ w; label 0:
        ⟨a,x⟩ ≤ w − 1 < w), so depth_S(z) ≤ #{correctly labelled examples of S};
        (ii) *completeness*: if h_{a,w} labels a set T ⊆ S correctly, then lowering w by
        half the smallest positive gap makes every margin strict, and scaling (a, w) makes
        it ≥ 1, so some z has depth ≥ |T|; hence max depth = max accuracy exactly, and a
        realisable sample gives a non-empty feasible region; (iii) it is still a system
        of n linear constraints in d + 1 variables (the paper's (d+1, n) linear
        feasibility), it treats both labels alike (the usual SVM margin
        normalisation), and hard-query hyperplanes {⟨a, x⟩ = w} are homogeneous, so the
        affine-intersection steps of Algorithm 4 / Claims 8–9 are unchanged.
        An affine chart (fixing w = ±1 or a coordinate) would lose hypotheses with that
        coordinate 0 or of the other sign; a bounding box would keep 0 feasible (in the
        faithful form) and add 2(d+1) constraints that are not examples.

    Returns
    -------
    (A, b) : tuple of numpy object arrays of Fractions, shapes (n, d+1), (n,)
        Constraint i is ⟨A_i, z⟩ ≥ b_i.

    Raises
    ------
    ValueError
        Unknown ``form``, labels not in {0, 1}, shapes that disagree.
    """
    Xq, y = _as_labelled_sample(X, labels)
    d = len(Xq[0]) if Xq else np.shape(X)[1]  # an empty (0, d) sample keeps its dimension
    A = np.empty((len(Xq), d + 1), dtype=object)
    b = np.empty(len(Xq), dtype=object)
    rhs = Fraction(0) if form == "faithful" else Fraction(1)
    for i, (x, lab) in enumerate(zip(Xq, y.tolist(), strict=True)):
        s = 1 if lab == 1 else -1
        A[i, :d] = [s * v for v in x]
        A[i, d] = Fraction(-s)
        b[i] = rhs
    return A, b


@checked
def dual_hypothesis(z: RationalVector) -> tuple[tuple, Fraction]:
    """Split a dual point z = (a_1, …, a_d, w) into the halfspace parameters (a, w).

    Parameters
    ----------
    z : sequence of length d + 1
        A point of the dual (a, w) space.

    Returns
    -------
    tuple
        ``(a, w)``: the normal vector as a tuple of d entries and the offset w as a Fraction.
    """
    zq = z
    if not zq:
        raise ValueError("z: expected at least one coordinate (w)")
    return tuple(zq[:-1]), zq[-1]
