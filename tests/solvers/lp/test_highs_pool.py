"""The float proposal's Highs objects are reused: the answers equal a fresh object's, and the
objects with the tight tolerances of feasibility problems keep a free list of their own."""

import numpy as np
import pytest

from solvers.lp import _highs as H
from solvers.lp._highs import _TIGHT
from solvers.lp._system import _prepare


def _planted(rng, m, d, feasible):
    A = rng.normal(size=(m, d))
    b = A @ rng.normal(size=d) + rng.exponential(size=m)
    if not feasible:
        y = rng.exponential(size=m) * (rng.random(m) < 0.2)
        y[0] = 1.0
        A, b = np.vstack([A, -(y @ A)]), np.append(b, -(y @ b) - 1.0)
    return A, b


def _answer(h, status):
    return int(status), list(h.getSolution().col_value), H._dual_ray(h)[1].tolist()


@pytest.mark.parametrize("seed", range(4))
def test_a_reused_object_answers_as_a_fresh_one(seed):
    rng = np.random.default_rng(seed)
    for k in range(12):
        A, b = _planted(rng, *((50, 5) if k % 2 else (20, 3)), feasible=k % 3 != 0)
        c = rng.normal(size=A.shape[1]) if k % 4 == 1 else None
        S = _prepare(A, b, None, None)
        fresh = H.new_highs()
        fresh.passModel(H._highs_lp(S.d, S.m, *_arrays(S, c)))
        fresh.run()
        h, status = H._highs_solve(S, c)
        H._release(h)
        h2, status2 = H._highs_solve(S, c)
        assert h2 is h
        tol = h2.getOptionValue("primal_feasibility_tolerance")  # highspy 1.16: (status, value)
        assert (tol[-1] if isinstance(tol, tuple) else tol) == 1e-7
        assert _answer(h2, status2) == _answer(fresh, fresh.getModelStatus())
        H._release(h2)


def _arrays(S, c):
    import highspy

    inf = highspy.kHighsInf
    d, m = S.d, S.m
    cost = np.zeros(d) if c is None else -np.asarray(c, dtype=float)
    start = np.arange(0, m * d, d, dtype=np.int32)
    index = np.tile(np.arange(d, dtype=np.int32), m)
    return cost, np.full(d, -inf), np.full(d, inf), np.full(m, -inf), S.b_float, start, index, S.A_float.ravel()


def test_nested_solves_get_distinct_objects():
    rng = np.random.default_rng(9)
    S = _prepare(*_planted(rng, 30, 3, True), None, None)
    h1, _ = H._highs_solve(S, None)
    h2, _ = H._highs_solve(S, None)  # while h1 is still held (the max-slack LP inside _feasible)
    assert h1 is not h2
    H._release(h2)
    H._release(h1)


def test_tight_objects_keep_their_own_pool():
    """Feasibility runs HiGHS with the tolerances ``_TIGHT`` from the start: those objects go back
    to their own free list; the default ones keep HiGHS's defaults."""
    rng = np.random.default_rng(3)
    S = _prepare(*_planted(rng, 30, 3, True), None, None)

    def tol(h):
        v = h.getOptionValue("primal_feasibility_tolerance")
        return v[-1] if isinstance(v, tuple) else v

    ht, _ = H._highs_solve(S, None, tight=True)
    hd, _ = H._highs_solve(S, None)
    assert (tol(ht), tol(hd)) == (_TIGHT["primal_feasibility_tolerance"], 1e-7)
    H._release(ht)
    H._release(hd)
    ht2, _ = H._highs_solve(S, None, tight=True)
    hd2, _ = H._highs_solve(S, None)
    assert (ht2, hd2) == (ht, hd) and (tol(ht2), tol(hd2)) == (_TIGHT["primal_feasibility_tolerance"], 1e-7)
    H._release(ht2)
    H._release(hd2)
