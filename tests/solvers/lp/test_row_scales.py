"""Feasibility problems reach HiGHS with rows scaled by powers of two (solvers.lp._highs._row_scales).

The scaling changes nothing but HiGHS's view of its tolerances: the same rows up to positive
factors, so the same basis and point; the dual ray is scaled back before it is rationalised.  A run
that ends neither optimal nor infeasible is repeated on the rows as given.
"""

import highspy
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.lp import _highs, _solve, feasible_point, is_farkas_certificate, is_feasible_point
from solvers.lp._system import _prepare


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(-300, 300))
def test_scales_are_powers_of_two_that_bring_small_rows_to_size(seed, decade):
    rng = np.random.default_rng(seed)
    A = rng.normal(size=(8, 3)) * 10.0 ** rng.integers(-12, 13, size=(8, 1))
    A[0] = 0.0  # a zero row
    A[1] = A[1] / np.abs(A[1]).max() * 10.0**decade  # a row of size 10**decade
    b = rng.normal(size=8) * 10.0 ** rng.integers(-12, 13, size=8)
    S = _prepare(A, b, None, None)
    s = _highs._row_scales(S)
    mant, _ = np.frexp(s)
    assert (mant == 0.5).all() and (s >= 1).all()  # exact powers of two, never down
    size = np.maximum(np.abs(A).sum(axis=1), np.abs(b))
    scaled = size * s
    assert np.isfinite(scaled).all() and np.isfinite(A * s[:, None]).all()
    small = size < 2.0 ** (_highs._ROW_SIZE - 1)
    assert ((scaled[small] >= 2.0 ** (_highs._ROW_SIZE - 1)) & (scaled[small] < 2.0**_highs._ROW_SIZE)).all()
    assert (s[~small] == 1).all()  # rows of size 2**11 and more as given


@pytest.mark.parametrize("feasible", [True, False])
def test_rows_over_six_hundred_decades_are_certified(feasible):
    """Rows of size 1e-300 next to rows of size 1e+300: a certified point or Farkas certificate."""
    rng = np.random.default_rng(7)
    A = rng.normal(size=(12, 3)) * 10.0 ** rng.integers(-300, 301, size=(12, 1))
    b = A @ rng.normal(size=3) + np.abs(A).sum(axis=1) * 1e-3
    if not feasible:  # x_0 <= -1 and -x_0 <= -1, at opposite ends of the float range
        A = np.vstack([A, [1e-300, 0, 0], [-1e300, 0, 0]])
        b = np.concatenate([b, [-1e-300, -1e300]])
    r = feasible_point(A, b)
    assert r.feasible == feasible
    if feasible:
        assert is_feasible_point(A, b, None, None, r.point)
    else:
        assert is_farkas_certificate(A, b, None, None, r.certificate)


def test_infeasible_rows_of_different_sizes_get_a_certificate_from_the_scaled_ray():
    """HiGHS's dual ray on the scaled rows, scaled back: a Farkas certificate of the caller's rows."""
    rng = np.random.default_rng(3)
    A = rng.normal(size=(30, 4)) * 10.0 ** rng.integers(-8, 9, size=(30, 1))
    b = A @ rng.normal(size=4) + np.abs(A).sum(axis=1)
    y = rng.exponential(size=30) * (rng.random(30) < 0.3)
    y[0] = 1.0
    A = np.vstack([A, -(y @ A)])
    b = np.concatenate([b, [-(y @ b) - np.abs(y @ b) - 1.0]])
    S = _prepare(A, b, None, None)
    scale = _highs._row_scales(S)
    assert scale.max() / scale.min() > 2**20  # rows of very different sizes
    h, status = _highs._highs_solve(S, None, tight=True, scale=scale)
    try:
        assert status == highspy.HighsModelStatus.kInfeasible
        cert = _solve._ray_farkas(S, h, scale)
    finally:
        _highs._release(h)
    assert cert is not None and is_farkas_certificate(A, b, None, None, cert)
    r = feasible_point(A, b)
    assert not r.feasible and r.method == "highs+exact"


def test_a_scaled_run_that_ends_unknown_is_repeated_on_the_rows_as_given(monkeypatch):
    calls = []
    solve = _highs._highs_solve

    def unknown_when_scaled(S, c, tight=False, scale=None):
        h, status = solve(S, c, tight, scale)
        calls.append(scale is not None)
        return h, (highspy.HighsModelStatus.kUnknown if scale is not None else status)

    monkeypatch.setattr(_highs, "_highs_solve", unknown_when_scaled)
    rng = np.random.default_rng(1)
    A = rng.normal(size=(60, 5))
    b = A @ rng.normal(size=5) + rng.exponential(size=60)
    r = feasible_point(A, b)
    assert calls == [True, False]
    assert r.feasible and r.method == "highs+exact" and is_feasible_point(A, b, None, None, r.point)
