"""Finite spaces of neighbouring inputs: enumerated exhaustively, or searched with hypothesis.

A :class:`NeighbourSpace` is what :func:`geoprivate.audit.exact_audit` needs to *certify* the
worst neighbouring pair of a mechanism: it streams every pair of the space once
(:meth:`NeighbourSpace.pairs`, a generator: bounded memory), knows how many pairs it has
(:attr:`NeighbourSpace.size`, a closed form, so that a space too large to enumerate is refused
before anything runs) and gives a hypothesis strategy over the same pairs
(:meth:`NeighbourSpace.strategy`) for a search where the space is too large.  Each unordered pair
{D, D′} with D ≠ D′ appears once (an audit looks at both orders); datasets are tuples.

Query vectors ([DR14] Definition 3.1's sensitivity of a vector of counting queries), in the
integer box {lo, …, hi}^m, lengths m = ``min_len`` … ``max_len`` (:func:`query_vector_neighbours`):

* ``"every-query"``: every query moves by at most 1 (‖q − q′‖∞ ≤ 1; the convention of the
  sparse-vector proofs [LSL17] and of StatDP's neighbours [DWWZK18]);
* ``"one-query"``: exactly one query moves by 1 (‖q − q′‖₁ = 1).

Datasets of records from a small universe, sizes ``min_size`` … ``max_size``
(:func:`dataset_neighbours`; [DR14] Definition 2.4 with either relation):

* ``"add-remove"``: D′ is D with one record added;
* ``"replace-one"``: D′ is D with one record replaced by another (same size);

as multisets (``ordered=False``: a dataset is the sorted tuple of its records, in the
universe's order) or as sequences (``ordered=True``: a record is added at any position,
replaced at any position).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Annotated, Any

from geoprivate._validation import Check, Choice, Interval, Joint, NonNegInt, PositiveInt, check_int_in_range, checked

__all__ = ["NeighbourSpace", "query_vector_neighbours", "dataset_neighbours"]

QUERY_RELATIONS = ("every-query", "one-query")
DATASET_RELATIONS = ("add-remove", "replace-one")
#: the largest |value| of a query box (its ends)
MAX_QUERY_VALUE = 1 << 62
#: the most records in a universe, and in a dataset
MAX_RECORDS = 1 << 20
#: the longest query vector
MAX_LEN = 64


@checked
class NeighbourSpace:
    """A finite space of neighbouring pairs: a generator of all of them, their number, a strategy.

    Built by :func:`query_vector_neighbours` and :func:`dataset_neighbours`.  Passed to
    :func:`geoprivate.audit.exact_audit`, the audit enumerates every pair and its worst pair is
    certified (``exhaustive=True``); ``space.strategy()`` passed instead searches it.

    Attributes
    ----------
    description : str
        What the space is (for messages and reports).
    size : int
        The number of unordered pairs {D, D′}, D ≠ D′ (a closed form; nothing is enumerated).
    max_pairs : int
        The cap: :meth:`pairs` refuses a space with more pairs.
    exhaustive : bool
        Always True: :meth:`pairs` yields every pair of the space.

    Examples
    --------
    >>> space = query_vector_neighbours(2, 0, 1)
    >>> space.size, list(space.pairs())[:3]
    (7, [((0,), (1,)), ((0, 0), (0, 1)), ((0, 0), (1, 0))])
    """

    exhaustive = True

    def __init__(
        self,
        description: str,
        size: NonNegInt,
        pairs: Callable[[], Iterator],
        strategy: Callable,
        max_pairs: PositiveInt,
    ):
        self.description = description
        self.size = size
        self.max_pairs = max_pairs
        self._pairs = pairs
        self._strategy = strategy

    def pairs(self) -> Iterator[tuple]:
        """Every pair (D, D′) of the space once, streamed (refused when ``size`` > ``max_pairs``).

        Returns
        -------
        iterator of (tuple, tuple)

        Raises
        ------
        ValueError
            The space has more pairs than ``max_pairs``.
        """
        if self.size > self.max_pairs:
            raise ValueError(
                f"max_pairs={self.max_pairs:,} is below the {self.size:,} pairs of the space ({self.description}); "
                "raise max_pairs, shrink the space, or search it with .strategy()"
            )
        return self._pairs()

    def __iter__(self) -> Iterator[tuple]:
        return self.pairs()

    def strategy(self):
        """A hypothesis strategy of the same pairs (any pair of the space can be drawn; no cap).

        Returns
        -------
        hypothesis strategy of (tuple, tuple)
            Shrinks towards shorter/smaller datasets, lower values and the first records.
        """
        return self._strategy()

    def __repr__(self) -> str:
        return f"NeighbourSpace({self.description}, {self.size:,} pairs)"


# ------------------------------------------------------------------ query vectors


def _every_query_offsets(q: tuple, lo: int, hi: int) -> Iterator[tuple]:
    """Offsets o ∈ {−1, 0, 1}^m keeping q + o in the box, whose first non-zero entry is +1."""
    ranges = [range(max(lo, v - 1) - v, min(hi, v + 1) - v + 1) for v in q]
    for o in itertools.product(*ranges):
        first = next((x for x in o if x), 0)
        if first == 1:
            yield o


def _query_pairs(lengths: range, lo: int, hi: int, relation: str) -> Iterator[tuple]:
    values = range(lo, hi + 1)
    for m in lengths:
        for q in itertools.product(values, repeat=m):
            if relation == "one-query":
                for i, v in enumerate(q):
                    if v < hi:
                        yield q, q[:i] + (v + 1,) + q[i + 1 :]
            else:
                for o in _every_query_offsets(q, lo, hi):
                    yield q, tuple(v + x for v, x in zip(q, o, strict=True))


def _query_count(lengths: range, lo: int, hi: int, relation: str) -> int:
    v = hi - lo + 1
    if relation == "one-query":  # a pair = (q, i) with q_i < hi
        return sum(m * (v - 1) * v ** (m - 1) for m in lengths)
    # ordered pairs (equal ones included) per coordinate: 3v − 2; drop q = q′, halve
    return sum(((3 * v - 2) ** m - v**m) // 2 for m in lengths)


def _query_strategy(lengths: range, lo: int, hi: int, relation: str):
    from hypothesis import strategies as st

    def step(v: int, o: int) -> int:  # v + o, turned back at the box's edges
        w = v + o
        return w if lo <= w <= hi else v - o

    @st.composite
    def pair(draw):
        m = draw(st.integers(lengths.start, lengths.stop - 1))
        q = tuple(draw(st.lists(st.integers(lo, hi), min_size=m, max_size=m)))
        # moves drawn independently of q (an optimiser climbing one choice changes one thing)
        if relation == "one-query":
            i = draw(st.integers(0, m - 1))
            return q, q[:i] + (step(q[i], draw(st.sampled_from((1, -1)))),) + q[i + 1 :]
        moves = draw(st.lists(st.integers(-1, 1), min_size=m, max_size=m))
        other = tuple(min(max(v + o, lo), hi) for v, o in zip(q, moves, strict=True))
        if other == q:  # no query moved (or only off the box): move the first one
            other = (step(q[0], 1),) + q[1:]
        return q, other

    return pair()


_QueryValue = Annotated[int, Interval(ge=-MAX_QUERY_VALUE, le=MAX_QUERY_VALUE)]


@checked
def query_vector_neighbours(
    max_len: Annotated[int, Interval(ge=1, le=MAX_LEN)],
    lo: _QueryValue = 0,
    hi: Annotated[int, Interval(ge=-MAX_QUERY_VALUE, le=MAX_QUERY_VALUE), Joint("lo < hi")] = 2,
    *,
    relation: Annotated[str, Choice(*QUERY_RELATIONS)] = "every-query",
    min_len: Annotated[int, Interval(ge=1), Joint("min_len <= max_len")] = 1,
    max_pairs: PositiveInt = 1_000_000,
) -> NeighbourSpace:
    """Neighbouring integer query vectors q, q′ ∈ {lo, …, hi}^m, m = ``min_len`` … ``max_len``.

    The input of a mechanism answering m sensitivity-1 queries (sparse vector [LSL17],
    report-noisy-max; [DR14] Definition 3.1): pairs of vectors of the same length.

    Parameters
    ----------
    max_len : int
        The longest vector (>= 1).
    lo, hi : int, default 0 and 2
        The box of query values (lo < hi).
    relation : {"every-query", "one-query"}, default "every-query"
        ``"every-query"``: every query moves by at most 1 (‖q − q′‖∞ ≤ 1); ``"one-query"``:
        exactly one query moves by 1.
    min_len : int, default 1
        The shortest vector (1 <= min_len <= max_len).
    max_pairs : int, default 1_000_000
        The cap on the number of pairs :meth:`NeighbourSpace.pairs` enumerates.

    Returns
    -------
    NeighbourSpace
        Its ``size`` is Σ_m ((3v − 2)^m − v^m)/2 (every-query) or Σ_m m (v − 1) v^(m−1)
        (one-query), v = hi − lo + 1.

    Examples
    --------
    >>> space = query_vector_neighbours(2, 0, 2, relation="one-query")
    >>> space.size, sum(1 for _ in space.pairs())
    (14, 14)
    >>> query_vector_neighbours(4, 0, 9, max_pairs=1000).pairs()
    Traceback (most recent call last):
    ...
    ValueError: max_pairs=1,000 is below the 313,155 pairs of the space (query vectors in {0..9}^1..4, every query moves by at most 1); raise max_pairs, shrink the space, or search it with .strategy()
    """
    min_len = check_int_in_range(min_len, "min_len", 1, max_len)
    if hi <= lo:
        raise ValueError(f"hi must exceed lo (a box with one value has no neighbours), got lo={lo}, hi={hi}")
    lengths = range(min_len, max_len + 1)
    how = "every query moves by at most 1" if relation == "every-query" else "one query moves by 1"
    return NeighbourSpace(
        f"query vectors in {{{lo}..{hi}}}^{min_len}..{max_len}, {how}",
        _query_count(lengths, lo, hi, relation),
        lambda: _query_pairs(lengths, lo, hi, relation),
        lambda: _query_strategy(lengths, lo, hi, relation),
        max_pairs,
    )


# ------------------------------------------------------------------ datasets


def _dataset_pairs(n_records: int, sizes: range, relation: str, ordered: bool) -> Iterator[tuple]:
    """Pairs of datasets as tuples of record *indices* (mapped to records by the caller)."""
    idx = range(n_records)
    if relation == "add-remove":  # sizes: those of the smaller dataset D
        for n in sizes:
            if ordered:  # D′ of length n + 1, minus one element of each run (distinct D's)
                for big in itertools.product(idx, repeat=n + 1):
                    for j in range(n + 1):
                        if j == 0 or big[j] != big[j - 1]:
                            yield big[:j] + big[j + 1 :], big
            else:
                for small in itertools.combinations_with_replacement(idx, n):
                    for x in idx:
                        yield small, tuple(sorted(small + (x,)))
        return
    for n in sizes:  # replace-one
        if ordered:
            for d in itertools.product(idx, repeat=n):
                for j, v in enumerate(d):
                    for y in range(v + 1, n_records):
                        yield d, d[:j] + (y,) + d[j + 1 :]
        else:  # the common core C (size n − 1) and the two records x < y
            for core in itertools.combinations_with_replacement(idx, n - 1):
                for x, y in itertools.combinations(idx, 2):
                    yield tuple(sorted(core + (x,))), tuple(sorted(core + (y,)))


def _dataset_count(u: int, sizes: range, relation: str, ordered: bool) -> int:
    if relation == "add-remove":
        if ordered:  # Σ over D′ of length k = n + 1 of its number of runs
            return sum(u ** (n + 1) + n * (u - 1) * u**n for n in sizes)
        return sum(u * math.comb(u + n - 1, n) for n in sizes)  # (D, x): D′ = D + x
    pairs_of_records = math.comb(u, 2)
    if ordered:
        return sum(n * u ** (n - 1) * pairs_of_records for n in sizes)
    return sum(math.comb(u + n - 2, n - 1) * pairs_of_records for n in sizes)


def _dataset_strategy(records: tuple, sizes: range, relation: str, ordered: bool):
    from hypothesis import strategies as st

    n_rec = len(records)
    index = st.integers(0, n_rec - 1)

    @st.composite
    def pair(draw):
        n = draw(st.integers(sizes.start, sizes.stop - 1))
        if relation == "add-remove":
            d = tuple(draw(st.lists(index, min_size=n, max_size=n)))
            x = draw(index)
            j = draw(st.integers(0, n)) if ordered else 0
            small, big = (d, d[:j] + (x,) + d[j:]) if ordered else (tuple(sorted(d)), tuple(sorted(d + (x,))))
        else:
            d = tuple(draw(st.lists(index, min_size=n, max_size=n)))
            j = draw(st.integers(0, n - 1))
            old = d[j]
            y = draw(index.filter(lambda v: v != old))
            small, big = d, d[:j] + (y,) + d[j + 1 :]
            if not ordered:
                small, big = tuple(sorted(small)), tuple(sorted(big))
        return tuple(records[i] for i in small), tuple(records[i] for i in big)

    return pair()


def _check_records(universe, name: str = "universe") -> tuple:
    """The universe: an int n (records 0 … n − 1) or a sequence of distinct hashable records."""
    if isinstance(universe, int) and not isinstance(universe, bool):
        return tuple(range(check_int_in_range(universe, name, 1, MAX_RECORDS)))
    if not isinstance(universe, Sequence):
        raise TypeError(f"{name} must be an int or a sequence of records, got {type(universe).__name__}")
    if len(universe) > MAX_RECORDS:
        raise ValueError(f"{name} must hold at most {MAX_RECORDS} records, got {len(universe)}")
    records = tuple(universe)
    try:
        distinct = len(set(records)) == len(records)
    except TypeError:
        raise TypeError(f"{name} records must be hashable") from None
    if not records or not distinct:
        raise ValueError(f"{name} must hold at least one record, all distinct, got {len(records)} records")
    return records


@checked
def dataset_neighbours(
    universe: Annotated[Any, Check(_check_records, kind="object")],
    max_size: Annotated[int, Interval(ge=1, le=MAX_RECORDS)],
    *,
    relation: Annotated[str, Choice(*DATASET_RELATIONS)] = "replace-one",
    min_size: Annotated[int, Interval(ge=0), Joint("min_size <= max_size")] = 0,
    ordered: bool = False,
    max_pairs: PositiveInt = 1_000_000,
) -> NeighbourSpace:
    """Neighbouring datasets of at most ``max_size`` records from a small ``universe``.

    Parameters
    ----------
    universe : int or sequence
        The records: ``n`` for 0 … n − 1, or a sequence of distinct hashable records.
    max_size : int
        The largest dataset (>= 1).
    relation : {"replace-one", "add-remove"}, default "replace-one"
        ``"replace-one"``: D′ is D with one record replaced (sizes max(1, min_size) …
        max_size); ``"add-remove"``: D′ is D with one record added (|D| = min_size …
        max_size − 1).  [DR14] Definition 2.4's neighbouring relation, either convention.
    min_size : int, default 0
        The smallest dataset (0 <= min_size <= max_size).
    ordered : bool, default False
        False: multisets (sorted tuples, in the universe's order); True: sequences.
    max_pairs : int, default 1_000_000
        The cap on the number of pairs :meth:`NeighbourSpace.pairs` enumerates.

    Returns
    -------
    NeighbourSpace
        Pairs of tuples of records.

    Examples
    --------
    >>> space = dataset_neighbours("ab", 2, relation="add-remove")
    >>> space.size, list(space.pairs())
    (6, [((), ('a',)), ((), ('b',)), (('a',), ('a', 'a')), (('a',), ('a', 'b')), (('b',), ('a', 'b')), (('b',), ('b', 'b'))])
    """
    records = universe
    min_size = check_int_in_range(min_size, "min_size", 0, max_size)
    if relation == "add-remove":
        if min_size == max_size:
            raise ValueError(f"min_size must be below max_size for add-remove, got {min_size} and {max_size}")
        sizes = range(min_size, max_size)  # of the smaller dataset
    else:
        if len(records) < 2:
            raise ValueError("universe must hold at least two records to replace one by another")
        sizes = range(max(1, min_size), max_size + 1)
    u = len(records)
    kind = "sequences" if ordered else "multisets"

    def stream() -> Iterator[tuple]:
        for small, big in _dataset_pairs(u, sizes, relation, ordered):
            yield tuple(records[i] for i in small), tuple(records[i] for i in big)

    return NeighbourSpace(
        f"{kind} of {min_size}..{max_size} records from {u}, {relation}",
        _dataset_count(u, sizes, relation, ordered),
        stream,
        lambda: _dataset_strategy(records, sizes, relation, ordered),
        max_pairs,
    )
