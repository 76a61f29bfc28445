"""Finite neighbour spaces (issue #39 item 2): the closed-form sizes, the streams and the strategies
agree with brute force over every dataset of the space; the cap refuses in one line."""

from __future__ import annotations

import itertools
import types
from collections import Counter

import pytest
from hypothesis import HealthCheck, find, settings
from hypothesis.errors import NoSuchExample

from geoprivate.audit.neighbours import NeighbourSpace, dataset_neighbours, query_vector_neighbours


def brute_query_pairs(max_len, lo, hi, relation, min_len=1):
    out = set()
    for m in range(min_len, max_len + 1):
        vectors = list(itertools.product(range(lo, hi + 1), repeat=m))
        for a, b in itertools.combinations(vectors, 2):
            moves = [abs(x - y) for x, y in zip(a, b, strict=True)]
            if max(moves) <= 1 if relation == "every-query" else sum(moves) == 1:
                out.add(frozenset((a, b)))
    return out


def brute_dataset_pairs(u, min_size, max_size, relation, ordered):
    datasets = {
        d if ordered else tuple(sorted(d))
        for n in range(min_size, max_size + 1)
        for d in itertools.product(range(u), repeat=n)
    }
    out = set()
    for a, b in itertools.permutations(datasets, 2):
        if relation == "replace-one" and len(a) == len(b):
            ok = (
                sum(x != y for x, y in zip(a, b, strict=True)) == 1
                if ordered
                else (Counter(a) - Counter(b)).total() == 1
            )
        elif relation == "add-remove" and len(b) == len(a) + 1:
            ok = any(b[:j] + b[j + 1 :] == a for j in range(len(b))) if ordered else not Counter(a) - Counter(b)
        else:
            ok = False
        if ok:
            out.add(frozenset((a, b)))
    return out


def _check_space(space: NeighbourSpace, brute: set) -> None:
    stream = space.pairs()
    assert isinstance(stream, types.GeneratorType)  # streamed, never listed
    got = [frozenset(p) for p in stream]
    assert len(got) == len(set(got)) == space.size == len(brute)  # each unordered pair once
    assert set(got) == brute and all(len(p) == 2 for p in got)  # d0 != d1


@pytest.mark.parametrize("relation", ["every-query", "one-query"])
@pytest.mark.parametrize(("max_len", "lo", "hi", "min_len"), [(3, 0, 2, 1), (2, -1, 2, 1), (4, 0, 1, 2)])
def test_query_vector_spaces_are_brute_force(relation, max_len, lo, hi, min_len):
    space = query_vector_neighbours(max_len, lo, hi, relation=relation, min_len=min_len)
    _check_space(space, brute_query_pairs(max_len, lo, hi, relation, min_len))


@pytest.mark.parametrize("relation", ["replace-one", "add-remove"])
@pytest.mark.parametrize("ordered", [False, True])
@pytest.mark.parametrize(("u", "min_size", "max_size"), [(3, 0, 3), (2, 1, 4), (4, 0, 2), (1, 0, 3)])
def test_dataset_spaces_are_brute_force(relation, ordered, u, min_size, max_size):
    if relation == "replace-one" and u < 2:
        with pytest.raises(ValueError, match="universe must hold at least two records"):
            dataset_neighbours(u, max_size, relation=relation)
        return
    space = dataset_neighbours(u, max_size, relation=relation, min_size=min_size, ordered=ordered)
    _check_space(space, brute_dataset_pairs(u, min_size, max_size, relation, ordered))


def test_records_are_mapped_and_sizes_are_closed_forms():
    space = dataset_neighbours(["x", "y"], 2, relation="add-remove")
    assert list(space.pairs())[:3] == [((), ("x",)), ((), ("y",)), (("x",), ("x", "x"))]
    huge = query_vector_neighbours(30, 0, 9, max_pairs=10**50)
    assert huge.size > 10**36 and next(iter(huge)) == ((0,), (1,))  # counted, not enumerated


@pytest.mark.parametrize(
    "space",
    [
        query_vector_neighbours(2, 0, 2),
        query_vector_neighbours(3, -1, 0, relation="one-query"),
        dataset_neighbours(3, 2),
        dataset_neighbours("abc", 3, relation="add-remove", ordered=True),
        dataset_neighbours(3, 3, relation="add-remove"),
    ],
    ids=repr,
)
def test_strategies_draw_the_pairs_of_their_space_and_reach_them_all(space):
    pairs = {frozenset(p) for p in space.pairs()}
    seen = set()

    def record(pair) -> bool:
        assert frozenset(pair) in pairs, pair
        seen.add(frozenset(pair))
        return False

    conf = settings(max_examples=1500, database=None, suppress_health_check=list(HealthCheck))
    with pytest.raises(NoSuchExample):
        find(space.strategy(), record, settings=conf)
    assert seen == pairs


def test_the_cap_refuses_in_one_line_and_the_strategy_stays():
    space = dataset_neighbours(5, 6, max_pairs=100)
    with pytest.raises(ValueError, match=r"^max_pairs=100 is below the 2,520 pairs of the space \(multisets") as e:
        space.pairs()
    assert "\n" not in str(e.value)
    d0, d1 = find(space.strategy(), lambda p: len(p[0]) == 6, settings=settings(database=None))
    assert len(d1) == 6 and sum((Counter(d0) - Counter(d1)).values()) == 1  # searched, never enumerated


@pytest.mark.parametrize(
    ("call", "exc", "msg"),
    [
        (lambda: query_vector_neighbours(0), ValueError, "max_len must lie in"),
        (lambda: query_vector_neighbours(2.5), TypeError, "max_len must be an integer"),
        (lambda: query_vector_neighbours(3, 2, 2), ValueError, "hi must exceed lo"),
        (lambda: query_vector_neighbours(3, relation="linf"), ValueError, "relation must be one of"),
        (lambda: query_vector_neighbours(3, min_len=4), ValueError, "min_len must lie in"),
        (lambda: query_vector_neighbours(3, max_pairs=0), ValueError, "max_pairs must be >= 1"),
        (lambda: dataset_neighbours(0, 3), ValueError, "universe must lie in"),
        (lambda: dataset_neighbours([1, 1], 3), ValueError, "all distinct"),
        (lambda: dataset_neighbours([[1], [2]], 3), TypeError, "universe records must be hashable"),
        (lambda: dataset_neighbours(3.0, 3), TypeError, "universe must be an int or a sequence"),
        (lambda: dataset_neighbours(3, 0), ValueError, "max_size must lie in"),
        (lambda: dataset_neighbours(3, 2, min_size=3), ValueError, "min_size must lie in"),
        (lambda: dataset_neighbours(3, 2, relation="swap"), ValueError, "relation must be one of"),
        (lambda: dataset_neighbours(3, 2, min_size=2, relation="add-remove"), ValueError, "min_size must be below"),
        (lambda: dataset_neighbours(3, 2, ordered=1), TypeError, "ordered must be a bool"),
    ],
)
def test_parameters_are_checked_in_one_line(call, exc, msg):
    with pytest.raises(exc, match=msg) as e:
        call()
    assert "\n" not in str(e.value)
