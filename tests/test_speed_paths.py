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


@pytest.mark.parametrize("seed", range(8))
def test_planar_sweep_same_dichotomies_and_scores_as_dense(seed):
    from geoprivate.everlasting.planar_sweep import planar_sweep
    from solvers.halfspaces import halfspace_dichotomies

    rng = np.random.default_rng(seed)
    P = np.unique(rng.normal(size=(int(rng.integers(1, 25)), 2)), axis=0)
    pos, neg = rng.integers(0, 3, size=len(P)), rng.integers(0, 3, size=len(P))
    sweep = planar_sweep(P)
    assert sweep is not None
    errs = sweep.errors(pos, neg, chunk=5)
    M = np.asarray(halfspace_dichotomies(P), dtype=np.int64)
    dense = {tuple(r): int(e) for r, e in zip(M.tolist(), (int(pos.sum()) + M @ (neg - pos)).tolist(), strict=True)}
    swept = {tuple(sweep.labels(k).tolist()): int(errs[k]) for k in range(sweep.n)}
    assert len(swept) == sweep.n == len(errs)  # every row a distinct dichotomy
    assert swept == dense


def test_planar_sweep_refuses_collinear_points():
    from geoprivate.everlasting.planar_sweep import planar_sweep

    assert planar_sweep(np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [0.0, 1.0]])) is None
    assert planar_sweep(np.array([[0.0, 0.0], [1.0, 0.0], [0.5, 1.0]])) is not None


def test_label_boost_uses_the_sweep_above_the_threshold(monkeypatch):
    import importlib

    from geoprivate.concepts import Halfspaces

    lb = importlib.import_module("geoprivate.everlasting.label_boost")  # the module, not the function

    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 2))
    y = (X @ np.array([1.0, -0.5]) >= 0.1).astype(int)
    dense = lb.label_boost_law(Halfspaces(2), X[:10], y[:10], X[10:])
    monkeypatch.setattr(lb, "PLANAR_SWEEP_MIN", 5)
    H = lb.dichotomies_of(Halfspaces(2), np.unique(X, axis=0))
    assert isinstance(H, lb.PlanarDichotomies)
    swept = lb.label_boost_law(Halfspaces(2), X[:10], y[:10], X[10:])
    law = lambda out: sorted(zip(map(tuple, out[0].tolist()), np.round(out[1], 12).tolist(), strict=True))
    assert law(swept) == law(dense)
    r = lb.label_boost(Halfspaces(2), X[:10], y[:10], X[10:], rng=1)
    assert r.n_dichotomies == 30 * 29 + 2
    assert int((r.s_labels != y[:10]).sum()) == r.errors_s


def test_prepare_fast_path_is_the_general_path():
    from solvers.lp._system import _prepare, _prepare_float_ub

    rng = np.random.default_rng(0)
    A, b = rng.normal(size=(7, 3)), rng.normal(size=7)
    fast = _prepare(A, b, None, None)
    assert _prepare_float_ub(A, b, None, None, None) is not None
    general = _prepare(A.tolist(), b.tolist(), None, None)  # lists: the general path
    assert (fast.d, fast.m_ub, fast.m_eq, fast.float_exact) == (general.d, general.m_ub, general.m_eq, True)
    assert fast.A == general.A and fast.b == general.b and fast.scale == general.scale
    assert np.array_equal(fast.A_float, general.A_float) and np.array_equal(fast.b_float, general.b_float)
    bad = A.copy()
    bad[0, 0] = np.nan
    assert _prepare_float_ub(bad, b, None, None, None) is None
    with pytest.raises(ValueError, match="A_ub"):
        _prepare(bad, b, None, None)


def test_maximize_and_strict_certificates_check_exactly():
    from solvers import lp

    rng = np.random.default_rng(3)
    for _ in range(10):
        A = rng.normal(size=(30, 4))
        b = A @ rng.normal(size=4) + rng.exponential(size=30)
        c = rng.normal(size=4)
        r = lp.maximize(c, A, b)
        assert lp.is_optimize_certificate(c, A, b, None, None, r)
        s = lp.feasible_point(A, b, strict=True)
        assert s.feasible and s.slack > 0 and lp.is_feasible_point(A, b, None, None, s.point, strict=True)
