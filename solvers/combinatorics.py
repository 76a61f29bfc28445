"""Exact combinatorial oracles on 0/1 concept matrices.

A concept class restricted to a finite point set is a 0/1 matrix ``M`` of shape
``(n_concepts, n_points)``: row = concept, column = domain point, entry = label in
{0, 1}.  Every oracle here is exact and returns a witness that can be re-checked by
the matching ``is_*`` function:

=========================  ==========================================  =========================
oracle                     witness                                     checker
=========================  ==========================================  =========================
``vc_dimension``           ``shattered_set`` (largest shattered cols)  ``is_shattered``
``littlestone_dimension``  mistake tree (``return_tree=True``)         ``is_mistake_tree``
``threshold_dimension``    points and concepts (``return_witness``)    ``is_threshold_chain``
``restrict`` / ``erm``     row indices                                 ``empirical_errors``
=========================  ==========================================  =========================

References
----------
.. [vc1] C. Yan, *An Õptimal DP PAC Learner for Concept Classes with VC Dimension 1* [Yan25]: Def. 5 (VC dimension), Def. 6 (thresholds dimension), Def. 8
   (Littlestone dimension), Theorem 4.
.. [shrink] C. Yan, *Private Prediction via Shrinkage* [Yan26]: §3.1 and the
   Sauer–Shelah argument in the proof of Claim 5.
.. [ever] Naor, Nissim, Stemmer, Yan, *Private Everlasting Prediction* [NNSY23]:
   App. A and C.1 (LabelBoost's hypothesis set H = Π_C(S)).
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal, overload

import numpy as np

from solvers._checks import DEFAULT_MAX_WORK, as_columns_and_labels, check_work
from solvers._domains import (
    BinaryMatrix,
    Columns,
    Count64,
    Joint,
    Labels01,
    MaxWork,
    NonEmptyBinaryMatrix,
    NonNegInt,
    Positions,
    checked,
)

__all__ = [
    "dichotomies",
    "sauer_bound",
    "is_shattered",
    "shattered_set",
    "vc_dimension",
    "shattered_sets",
    "littlestone_dimension",
    "is_mistake_tree",
    "threshold_dimension",
    "is_threshold_chain",
    "restrict",
    "empirical_errors",
    "erm",
]

#: A Littlestone mistake tree: ``None`` (a leaf) or ``(column, subtree_if_0, subtree_if_1)``.
MistakeTree = tuple | None


# --------------------------------------------------------------------------- packing
def _pack_rows(M: np.ndarray) -> np.ndarray:
    """Rows of a 0/1 matrix as big-endian uint64 words, shape ``(n_rows, ceil(n/64))``.

    Column 0 is the most significant bit of word 0, so comparing word tuples compares
    rows lexicographically.
    """
    n_rows, n = M.shape
    n_words = max(1, -(-n // 64))
    packed = np.packbits(M, axis=1)  # MSB first, ceil(n/8) bytes
    pad = n_words * 8 - packed.shape[1]
    if pad:
        packed = np.concatenate([packed, np.zeros((n_rows, pad), np.uint8)], axis=1)
    return np.ascontiguousarray(packed).view(">u8").astype(np.uint64).reshape(n_rows, n_words)


def _unpack_rows(words: np.ndarray, n: int) -> np.ndarray:
    as_bytes = words.astype(">u8").view(np.uint8).reshape(words.shape[0], -1)
    return np.unpackbits(as_bytes, axis=1, count=n)


def _unique_rows(M: np.ndarray) -> np.ndarray:
    """Distinct rows of a validated uint8 0/1 matrix, sorted lexicographically."""
    n_rows, n = M.shape
    if n_rows == 0:
        return M.copy()
    if n == 0:
        return np.zeros((1, 0), np.uint8)
    words = _pack_rows(M)
    # sort + adjacent difference (np.unique is an order of magnitude slower here)
    w = np.sort(words[:, 0])[:, None] if words.shape[1] == 1 else words[np.lexsort(words.T[::-1])]
    keep = np.ones(len(w), bool)
    keep[1:] = (w[1:] != w[:-1]).any(axis=1)
    uniq = w[keep]
    return _unpack_rows(uniq, n)


@checked
def dichotomies(M: BinaryMatrix) -> np.ndarray:
    """The distinct rows Π_C(P) of ``M``, sorted lexicographically.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)

    Returns
    -------
    numpy.ndarray of uint8, shape (|Π_C(P)|, n_points)
        Each realised labelling once; row order is lexicographic with column 0 most
        significant.  Rows are bit-packed into 64-bit words for the sort, so
        10⁶ concepts over 64 points take a fraction of a second.

    Examples
    --------
    >>> dichotomies([[1, 0], [0, 1], [1, 0]]).tolist()
    [[0, 1], [1, 0]]
    """
    return _unique_rows(M)


def _log2_comb(n: int, k: int) -> float:
    """log₂ C(n, k) in floating point (for size estimates only)."""
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)) / math.log(2)


def _partial_binomial_sum(n: int, k: int) -> int:
    """Σ_{i=0}^{k} C(n, i), exactly, by the recurrence C(n, i+1) = C(n, i)(n−i)/(i+1)."""
    term = total = 1
    for i in range(k):
        term = term * (n - i) // (i + 1)
        total += term
    return total


@checked
def sauer_bound(n: Count64, d: Count64, *, max_work: MaxWork = DEFAULT_MAX_WORK) -> int:
    """Σ_{i=0}^{d} C(n, i), the Sauer–Shelah bound on |Π_C(P)| for |P| = n, VC(C) = d.

    Exact Python int.  ``d >= n`` gives 2**n (closed form); for d > n/2 the complement
    2**n − Σ_{i<n−d} C(n, i) is summed instead, so the work is O(min(d, n−d)) big-int
    steps of the result's size.

    Parameters
    ----------
    n, d : int >= 0
    max_work : int or None, default 10^8
        Refuse (``ValueError`` with the estimate) when (number of terms) x (64-bit words
        of the result) exceeds it — ``sauer_bound(10**12, 10**9)`` is a number of ~10^10
        bits; ``None`` lifts the limit.

    Returns
    -------
    int
        Σ_{i=0}^{d} C(n, i), exactly.

    Examples
    --------
    >>> sauer_bound(5, 2)
    16
    >>> sauer_bound(10**6, 10**6 - 1) == 2**(10**6) - 1
    True
    """
    if d >= n:
        check_work(n // 64 + 1, max_work, f"sauer_bound({n}, {d}) = 2^{n}: 64-bit words")
        return 1 << n
    complement = 2 * d > n
    k = n - d - 1 if complement else d
    bits = n if complement else _log2_comb(n, k)
    check_work(
        k * (int(bits) // 64 + 1),
        max_work,
        f"sauer_bound({n}, {d}): {k} binomial terms x {int(bits) // 64 + 1} 64-bit words",
    )
    if complement:
        return (1 << n) - _partial_binomial_sum(n, k)
    return _partial_binomial_sum(n, k)


# --------------------------------------------------------------------------- VC dimension
@checked
def is_shattered(M: BinaryMatrix, cols: Positions) -> bool:
    """True iff every labelling of the columns ``cols`` is realised by some row of ``M``.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class: one row per concept, one column per point.
    cols : sequence of int
        Column indices of the candidate set.

    Returns
    -------
    bool
        Whether the rows of ``M`` realise all 2^|cols| labellings of ``cols``.
    """
    cols = _as_column_tuple(cols, M.shape[1])
    if not cols:
        return M.shape[0] > 0
    codes = M[:, list(cols)].astype(np.int64) @ (1 << np.arange(len(cols), dtype=np.int64))
    return np.unique(codes).size == 1 << len(cols)


def _as_column_tuple(cols, n: int) -> tuple:
    out = tuple(int(c) for c in np.asarray(cols, dtype=np.int64).ravel())
    if any(c < 0 or c >= n for c in out):
        raise ValueError(f"cols: column indices must lie in [0, {n}), got {out}")
    if len(set(out)) != len(out):
        raise ValueError(f"cols: repeated column index in {out}")
    return out


def _reduce_columns(rows: np.ndarray) -> np.ndarray:
    """Indices of columns that can appear in a shattered set, one per twin class.

    A constant column is in no non-empty shattered set; two columns that are equal or
    complementary on every row are never both in a shattered set of size >= 2, and a
    set using one is shattered iff the same set using the other is.  So VC and a
    witness are computed on one representative per class.
    """
    nonconst = np.flatnonzero(rows.min(axis=0) != rows.max(axis=0))
    if nonconst.size == 0:
        return nonconst
    sub = rows[:, nonconst]
    canon = sub ^ sub[0]  # complement a column when its first entry is 1
    _, first = np.unique(canon.T, axis=0, return_index=True)
    return nonconst[np.sort(first)]


def _search_shattered(rows: np.ndarray, cols: np.ndarray, *, find_max: bool) -> list[tuple]:
    """Depth-first search over the shattered subsets of ``cols`` (as tuples of columns).

    A node is a shattered set S with the partition of the rows by their pattern on S
    (2^|S| non-empty groups, as a label per row) and its candidates.  S ∪ {x} is shattered
    iff every group holds both labels at x; a column that fails for S fails for every
    superset, so children only draw from the columns valid at their parent, each set
    being reached once (a child draws only from the candidates after it).

    With ``find_max`` it is a branch and bound returning ``[largest set]``: the child
    S ∪ {x} can grow by at most min(#later candidates, ⌊log₂ smallest child group⌋),
    since a shattered extension by j columns needs 2^j rows in every group, and is cut
    when that cannot beat the best set found.  Otherwise every shattered set is returned.
    """
    n_rows = rows.shape[0]
    Xt = np.ascontiguousarray(rows[:, cols].T)  # one row per candidate column
    found: list[tuple] = [()]

    def visit(S: tuple, group: np.ndarray, cand: np.ndarray) -> None:
        # group[r] in [0, 2^|S|): the pattern of row r on S; cand: indices into Xt
        n_groups = 1 << len(S)
        index = group[None, :] + (n_groups * np.arange(cand.size))[:, None]
        ones = np.bincount(index.ravel(), weights=Xt[cand].ravel(), minlength=cand.size * n_groups)
        ones = ones.reshape(cand.size, n_groups)
        sizes = np.bincount(group, minlength=n_groups)
        smaller = np.minimum(ones, sizes - ones).min(axis=1).astype(np.int64)  # smallest child group
        local = np.flatnonzero(smaller > 0)
        if find_max:
            local = local[np.argsort(-smaller[local], kind="stable")]
        for i, x in enumerate(local):
            rest = local[i + 1 :]
            child = S + (int(cols[cand[x]]),)
            if find_max:
                if len(child) > len(found[0]):
                    found[0] = child
                if len(child) + min(rest.size, int(smaller[x]).bit_length() - 1) <= len(found[0]):
                    continue
            else:
                found.append(child)
            if rest.size:
                visit(child, 2 * group + Xt[cand[x]], cand[rest])

    if cols.size:
        visit((), np.zeros(n_rows, np.int64), np.arange(cols.size))
    return found


@checked
def shattered_sets(M: NonEmptyBinaryMatrix) -> list[tuple]:
    """Every shattered set of columns (the empty set included), by size then lexicographically.

    Pajor's lemma says there are at least |Π_C(P)| of them.  Exponential in the output
    size: meant for small classes (claims, tests).

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class: one row per concept, one column per point.

    Returns
    -------
    list of tuple of int
        Every shattered set of column indices, the empty tuple first.

    Raises
    ------
    ValueError
        If ``M`` has no rows.
    """
    rows = _unique_rows(M)
    nonconst = np.flatnonzero(rows.min(axis=0) != rows.max(axis=0))
    sets = _search_shattered(rows, nonconst, find_max=False)
    return sorted((tuple(sorted(s)) for s in sets), key=lambda s: (len(s), s))


@checked
def shattered_set(M: NonEmptyBinaryMatrix) -> tuple:
    """A largest shattered tuple of column indices (the witness for :func:`vc_dimension`).

    Columns are first reduced (constant columns dropped, one representative per class
    of equal/complementary columns), then a branch and bound over shattered sets runs
    (see :func:`_search_shattered`): subsets of shattered sets are shattered, so a column
    that cannot extend S is never tried below S; a set that could not outgrow the best
    one found is cut, and sizes above ⌊log₂|Π_C|⌋ are never reached (a shattered k-set
    needs 2^k distinct rows).  The witness is re-checked with :func:`is_shattered`.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class: one row per concept, one column per point.

    Returns
    -------
    tuple of int
        Column indices of a largest shattered set; its length is VC(M).

    Raises
    ------
    ValueError
        If ``M`` has no rows (the VC dimension of the empty class is undefined).
    """
    rows = _unique_rows(M)
    cols = _reduce_columns(rows)
    witness = tuple(sorted(_search_shattered(rows, cols, find_max=True)[0]))
    assert is_shattered(M, witness), "internal error: VC witness is not shattered"
    return witness


@checked
def vc_dimension(M: NonEmptyBinaryMatrix) -> int:
    """VC dimension of the rows of ``M`` over its columns ([Yan25] Def. 5).

    The size of :func:`shattered_set`; see there for the algorithm.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class: one row per concept, one column per point.

    Returns
    -------
    int
        The size of a largest shattered set of columns.

    Examples
    --------
    >>> vc_dimension([[0, 0], [0, 1], [1, 1]])   # thresholds on two points
    1
    """
    return len(shattered_set(M))


# --------------------------------------------------------------------------- Littlestone
@overload
def littlestone_dimension(M, *, return_tree: Literal[False] = False) -> int: ...
@overload
def littlestone_dimension(M, *, return_tree: Literal[True]) -> tuple[int, MistakeTree]: ...
@checked
def littlestone_dimension(M: NonEmptyBinaryMatrix, *, return_tree: bool = False) -> int | tuple[int, MistakeTree]:
    """Exact Littlestone dimension ([Yan25] Def. 8) by the SOA recursion.

    LD(V) = 0 for a single concept, else max over splitting points x of
    1 + min(LD(V|x→0), LD(V|x→1)), memoised on the version space V (a bitset of
    distinct rows).  Branch and bound: LD(V) ≤ ⌊log₂|V|⌋, points are tried in order
    of their most balanced split and a point is skipped once
    1 + ⌊log₂ min(|V₀|,|V₁|)⌋ cannot beat the best found.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
    return_tree : bool
        Also return a witness mistake tree of depth LD: ``None`` or
        ``(column, tree_if_label_0, tree_if_label_1)``; every root-to-leaf path is
        realised by a concept (check with :func:`is_mistake_tree`).

    Returns
    -------
    int, or (int, MistakeTree) if ``return_tree``
        LD of the rows of ``M``, with a witness mistake tree of that depth when asked.

    Raises
    ------
    ValueError
        If ``M`` has no rows.
    """
    rows = _unique_rows(M)
    memo: dict[bytes, tuple[int, int]] = {}

    def solve(idx: np.ndarray) -> int:
        if idx.size == 1:
            return 0
        key = idx.tobytes()
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        sub = rows[idx]
        ones = sub.sum(axis=0, dtype=np.int64)
        balance = np.minimum(ones, idx.size - ones)
        upper = idx.size.bit_length() - 1
        best, best_x = 0, -1
        for x in np.argsort(-balance, kind="stable"):
            if balance[x] == 0 or int(balance[x]).bit_length() <= best:  # 1+⌊log₂ b⌋ ≤ best
                break
            is_one = sub[:, x].astype(bool)
            halves = sorted((idx[~is_one], idx[is_one]), key=len)
            low = solve(halves[0])
            if 1 + low <= best:
                continue
            value = 1 + min(low, solve(halves[1]))
            if value > best:
                best, best_x = value, int(x)
                if best == upper:
                    break
        memo[key] = (best, best_x)
        return best

    all_rows = np.arange(rows.shape[0])
    ld = solve(all_rows)
    if not return_tree:
        return ld

    def tree(idx: np.ndarray, depth: int) -> MistakeTree:
        if depth == 0:
            return None
        solve(idx)
        _, x = memo[idx.tobytes()]
        is_one = rows[idx, x].astype(bool)
        return (x, tree(idx[~is_one], depth - 1), tree(idx[is_one], depth - 1))

    return ld, tree(all_rows, ld)


@checked
def is_mistake_tree(
    M: BinaryMatrix,
    tree: Annotated[Any, Joint("walked against M: a tree that does not fit is not a mistake tree (False)")],
    depth: NonNegInt,
) -> bool:
    """True iff ``tree`` is a complete mistake tree of the given depth for ``M``.

    Every internal node ``(x, t0, t1)`` is a column; every root-to-leaf path (choosing
    label b at x and descending into t_b) has length ``depth`` and its labelled points
    are consistent with at least one row of ``M``.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class: one row per concept, one column per point.
    tree : MistakeTree
        ``None`` (a leaf) or ``(column, tree_if_label_0, tree_if_label_1)``.
    depth : int
        The depth every root-to-leaf path must have.

    Returns
    -------
    bool
        Whether ``tree`` is a complete mistake tree of depth ``depth`` realised by ``M``.
    """

    def check(alive: np.ndarray, t: MistakeTree, d: int) -> bool:
        if not alive.any():
            return False
        if d == 0:
            return t is None
        if not (isinstance(t, tuple) and len(t) == 3):
            return False
        x = t[0]
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)) or not 0 <= x < M.shape[1]:
            return False
        col = M[:, int(x)].astype(bool)
        return check(alive & ~col, t[1], d - 1) and check(alive & col, t[2], d - 1)

    return check(np.ones(M.shape[0], bool), tree, depth)


# --------------------------------------------------------------------------- thresholds
@checked
def threshold_dimension(M: NonEmptyBinaryMatrix, *, return_witness: bool = False, max_states: MaxWork = 20_000):
    """Thresholds dimension TD ([Yan25] Def. 6): the largest k with points x_1..x_k
    and concepts c_1..c_k such that c_i(x_j) = 1 iff j >= i.

    Exact branch and bound (iterative depth-first search).  A chain is grown leftwards: a new first point x must be
    labelled 0 by some concept of every current position (so each c_i can stay) and
    1 together with all chain points by some concept (the new c_1).  The set of points
    that could still be added only shrinks as the chain grows, so
    length + #addable bounds every extension; states already seen (the same assignment
    of rows to chain positions) are skipped.  Worst case exponential; instant on
    threshold-like classes of a thousand points.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
    return_witness : bool
        Also return ``(points, concepts)``: column indices x_1..x_k and row indices
        (into ``M``) c_1..c_k; check with :func:`is_threshold_chain`.
    max_states : int or None, default 20000
        The search is exponential in the worst case (a random 100 x 17 matrix has
        millions of states); it stops with a ``ValueError`` — stating the best chain
        found so far, a lower bound — after this many distinct states.  ``None`` lifts
        the limit.

    Returns
    -------
    int, or (int, (tuple of int, tuple of int)) if ``return_witness``
        TD of the rows of ``M``; with the witness chain ``(points, concepts)`` when asked.

    Raises
    ------
    ValueError
        If ``M`` has no rows, or the search exceeds ``max_states``.
    """
    rows = _unique_rows(M)
    cols = rows.astype(bool)
    best_chain: tuple = ()
    best_pos = np.full(rows.shape[0], -1)
    # A state is (chain, pos): chain = (x_1..x_k) as columns, pos[r] = i-1 if row r can
    # serve as c_i (it is 1 exactly on x_i..x_k), else -1.  Position 0 is the set of rows
    # that are 1 on the whole chain; for the empty chain every row is there.
    stack: list[list] = []
    seen: set = set()

    def push(chain: tuple, pos: np.ndarray) -> None:
        nonlocal best_chain, best_pos
        # the future of a state depends on pos and the chain length only (chain points can
        # never be added again: their own position's rows label them 1)
        key = (len(chain), pos.tobytes())
        if key in seen:
            return
        seen.add(key)
        if max_states is not None and len(seen) > max_states:
            raise ValueError(
                f"threshold_dimension: the exact search exceeded max_states={max_states} states on a "
                f"{rows.shape[0]} x {rows.shape[1]} class (TD >= {len(best_chain)} so far); "
                "pass max_states=None (or a larger int) to run it anyway"
            )
        cand = _addable_points(cols, chain, pos)
        if len(chain) > len(best_chain):
            best_chain, best_pos = chain, pos
        if len(chain) + cand.size > len(best_chain):
            stack.append([chain, pos, cand, 0])

    push((), np.zeros(rows.shape[0], np.int64))
    while stack:
        frame = stack[-1]
        chain, pos, cand, i = frame
        # a chain is a sequence: every child may use any other candidate, so the bound
        # is len(chain) + #candidates, not the number left in this loop
        if i >= cand.size or len(chain) + cand.size <= len(best_chain):
            stack.pop()
            continue
        frame[3] = i + 1
        x = int(cand[i])
        col = cols[:, x]
        # prepend x: rows 1 on the chain split into the new c_1 (1 on x) and c_2 (0 on x);
        # deeper positions shift by one and keep only rows with 0 on x
        new_pos = np.where(col, np.where(pos == 0, 0, -1), np.where(pos >= 0, pos + 1, -1))
        if not chain:
            new_pos[new_pos == 1] = -1
        push((x,) + chain, new_pos)
    td = len(best_chain)
    if not return_witness:
        return td
    points = best_chain
    concepts = tuple(int(np.flatnonzero(best_pos == i)[0]) for i in range(td))
    # map distinct-row indices back to rows of the original M
    concepts = tuple(int(np.flatnonzero((rows[r] == M).all(axis=1))[0]) for r in concepts)
    assert is_threshold_chain(M, points, concepts)
    return td, (points, concepts)


def _addable_points(cols: np.ndarray, chain: tuple, pos: np.ndarray) -> np.ndarray:
    """Columns that can be prepended to the chain, ordered most promising first.

    x is addable iff some row at position 0 labels x with 1 (the new c_1) and every
    position keeps a row labelling x with 0.
    """
    first = cols[pos == 0]
    ok = first.any(axis=0)
    if chain:
        live = np.flatnonzero(pos >= 0)
        order = live[np.argsort(pos[live], kind="stable")]
        starts = np.searchsorted(pos[order], np.arange(len(chain)))
        ok &= np.logical_or.reduceat(~cols[order], starts, axis=0).all(axis=0)
        ok[list(chain)] = False
    cand = np.flatnonzero(ok)
    weight = first[:, cand].sum(axis=0)
    return cand[np.argsort(-weight, kind="stable")]


@checked
def is_threshold_chain(M: BinaryMatrix, points: Positions, concepts: Positions) -> bool:
    """True iff rows ``concepts`` = c_1..c_k and columns ``points`` = x_1..x_k form a
    class of thresholds ([Yan25] Def. 6): c_i(x_j) = 1 iff j >= i.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class: one row per concept, one column per point.
    points : sequence of int
        Column indices x_1..x_k.
    concepts : sequence of int
        Row indices c_1..c_k.

    Returns
    -------
    bool
        Whether c_i(x_j) = 1 iff j >= i for all i, j (and the lengths agree).
    """
    points, concepts = points.tolist(), concepts.tolist()
    if len(points) != len(concepts) or len(set(points)) != len(points):
        return False
    k = len(points)
    if k == 0:
        return True
    if min(points) < 0 or max(points) >= M.shape[1] or min(concepts) < 0 or max(concepts) >= M.shape[0]:
        return False
    block = M[np.ix_(concepts, points)]
    return bool((block == np.triu(np.ones((k, k), np.uint8))).all())


# --------------------------------------------------------------------------- samples
@checked
def empirical_errors(M: BinaryMatrix, cols: Columns, labels: Labels01) -> np.ndarray:
    """Number of sample points each concept mislabels: an int array of length n_concepts.

    ``cols`` are column indices (repeats allowed: a sample is a multiset), ``labels``
    their labels in {0, 1}.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class: one row per concept, one column per point.
    cols : array_like of int
        Column indices of the sample points (repeats allowed: a sample is a multiset).
    labels : array_like of 0/1
        The label of each sample point, same length as ``cols``.

    Returns
    -------
    numpy.ndarray of int, shape (n_concepts,)
        How many sample points each concept mislabels.
    """
    c, y = as_columns_and_labels(M, cols, labels)
    if c.size == 0:
        return np.zeros(M.shape[0], np.int64)
    return (M[:, c] != y[None, :]).sum(axis=1, dtype=np.int64)


@checked
def restrict(M: BinaryMatrix, cols: Columns, labels: Labels01) -> np.ndarray:
    """The version space: sorted row indices of the concepts consistent with the sample.

    ``M[restrict(M, cols, labels)]`` is the restricted class C|S.  An inconsistent
    (non-realisable) sample gives an empty array.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class: one row per concept, one column per point.
    cols : array_like of int
        Column indices of the sample points (repeats allowed: a sample is a multiset).
    labels : array_like of 0/1
        The label of each sample point, same length as ``cols``.

    Returns
    -------
    numpy.ndarray of int
        Sorted row indices of the concepts consistent with every sample point (empty if none is).
    """
    return np.flatnonzero(empirical_errors(M, cols, labels) == 0)


@checked
def erm(M: NonEmptyBinaryMatrix, cols: Columns, labels: Labels01, *, all_minimisers: bool = False):
    """Empirical risk minimisation over the rows of ``M``.

    Parameters
    ----------
    M : array_like of 0/1, shape (n_concepts, n_points)
        The class: one row per concept, one column per point.
    cols : array_like of int
        Column indices of the sample points (repeats allowed: a sample is a multiset).
    labels : array_like of 0/1
        The label of each sample point, same length as ``cols``.
    all_minimisers : bool, default False
        Return every minimiser instead of the first.

    Returns
    -------
    int, or numpy.ndarray if ``all_minimisers``
        The row index of a concept of least empirical error.  Ties are broken
        deterministically towards the smallest row index; with ``all_minimisers`` the
        sorted indices of every minimiser.

    Raises
    ------
    ValueError
        If ``M`` has no rows.
    """
    err = empirical_errors(M, cols, labels)
    if all_minimisers:
        return np.flatnonzero(err == err.min())
    return int(np.argmin(err))
