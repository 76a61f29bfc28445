"""The rotational sweep of geoprivate.everlasting.planar_sweep: the same dichotomies and scores as the dense
dichotomy x point matrix, and LabelBoost ([NNSY23] Alg. LabelBoost) uses it above its threshold with the same law."""

import numpy as np
import pytest


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


def test_the_sweep_names_bad_rows_counts_and_points():
    """Issue #41's walk: row -1 or 2.7 gave a result, a row past n an IndexError, a NaN count a cast warning."""
    from geoprivate.everlasting.planar_sweep import planar_sweep

    sw = planar_sweep([[0.0, 0.0], [1.0, 0.25], [0.5, 1.0]])
    assert sw is not None and sw.n == 8
    for bad, exc in ((-1, ValueError), (2.7, TypeError), (True, TypeError), (8, ValueError)):
        with pytest.raises(exc, match="^index"):
            sw.labels(bad)
        with pytest.raises(exc, match="^index"):
            sw.pair(bad)
    with pytest.raises(TypeError, match="^pos"):
        sw.errors([0.5, 1, 0], [0, 0, 1])
    with pytest.raises(ValueError, match="^neg"):
        sw.errors([1, 1, 0], [0, 1])
    with pytest.raises(ValueError, match="^P"):
        planar_sweep([[0.0, np.nan]])
