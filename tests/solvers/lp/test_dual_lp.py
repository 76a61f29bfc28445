"""maximize and the max-slack LP through HiGHS's dual LP (issue #43): new path against the old one.

``maximize`` and ``feasible_point(strict=True)`` hand HiGHS the dual LP ``min b^T y : A^T y = c,
y_ub >= 0`` when there are more rows than columns; the optimal basis is read off the nonzero
duals, an unbounded dual gives the Farkas certificate.  With the dual LP disabled the primal LP
answers (the path before #43); on random small systems (degenerate, infeasible, unbounded, float)
both give the same verdict and the same exact optimum, and every answer passes the exact checkers.
"""

from fractions import Fraction

import highspy
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.lp import _highs, feasible_point, is_farkas_certificate, is_feasible_point, is_optimize_certificate
from solvers.lp import maximize as lp_maximize
from solvers.lp._repair import _BASIC, _basis_sets, _dual_basis
from solvers.lp._simplex import _maximize_exact
from solvers.lp._system import _prepare
from tests.solvers.lp.test_exact_simplex import degenerate_systems

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _primal_only(monkeypatch):
    """Disable the dual LP: every caller falls back to the primal LP (the path before #43)."""

    def broken(*args, **kwargs):
        raise RuntimeError("dual LP disabled for this test")

    monkeypatch.setattr(_highs, "_highs_solve_dual", broken)


@st.composite
def float_systems(draw):
    """Float systems with more rows than columns: planted feasible, planted infeasible, or a cone."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    d = int(rng.integers(1, 6))
    m = int(rng.integers(d + 1, 4 * d + 6))
    A = rng.normal(size=(m, d)) * 10.0 ** rng.integers(-3, 4, size=(m, 1))
    kind = draw(st.sampled_from(["feasible", "infeasible", "cone", "degenerate"]))
    x0 = rng.normal(size=d)
    b = A @ x0 + rng.exponential(size=m)
    if kind == "infeasible":
        y = rng.exponential(size=m) * (rng.random(m) < 0.5)
        A, b = np.vstack([A, -(y @ A)]), np.append(b, -(y @ b) - 1.0)
    elif kind == "cone":
        b = np.zeros(m)
    elif kind == "degenerate":  # every row tight at one point (integral floats: exactly)
        A = np.round(A)
        b = A @ np.round(x0)
    c = rng.normal(size=d)
    return A, b, c


def _agree(c, A, b, Ae, be, monkeypatch):
    new = lp_maximize(c, A, b, Ae, be)
    with monkeypatch.context() as mp:
        _primal_only(mp)
        old = lp_maximize(c, A, b, Ae, be)
    assert is_optimize_certificate(c, A, b, Ae, be, new)
    assert is_optimize_certificate(c, A, b, Ae, be, old)
    assert new.status == old.status
    if new.status == "optimal":
        assert new.value == old.value
    return new


@SETTINGS
@given(degenerate_systems(), st.data())
def test_maximize_dual_lp_agrees_with_primal_lp_on_degenerate_systems(sys_, data):
    A, b, Ae, be = sys_
    c = [data.draw(st.integers(-3, 3)) for _ in range(A.shape[1])]
    with pytest.MonkeyPatch.context() as mp:
        r = _agree(c, A, b, Ae, be, mp)
    e = _maximize_exact(_prepare(A, b, Ae, be), [Fraction(v) for v in c])
    assert e.status == r.status and (r.status != "optimal" or e.value == r.value)


@SETTINGS
@given(float_systems())
def test_maximize_dual_lp_agrees_with_primal_lp_on_float_systems(sys_):
    A, b, c = sys_
    with pytest.MonkeyPatch.context() as mp:
        _agree(c, A, b, None, None, mp)


@SETTINGS
@given(float_systems())
def test_strict_dual_lp_agrees_with_primal_lp(sys_):
    """The max-slack LP: the same exact slack t* either way, and both answers check (Motzkin)."""
    A, b, _ = sys_
    new = feasible_point(A, b, strict=True)
    with pytest.MonkeyPatch.context() as mp:
        _primal_only(mp)
        old = feasible_point(A, b, strict=True)
    assert (new.feasible, new.slack) == (old.feasible, old.slack)
    for r in (new, old):
        if r.feasible:
            assert is_feasible_point(A, b, None, None, r.point, strict=True)
        else:
            assert is_farkas_certificate(A, b, None, None, r.certificate, strict=True)


def test_dual_basis_is_the_primal_basis_complemented():
    """The tight rows read off the dual LP's nonzero duals equal its basis statuses (basic
    ``y_i``) and, on nondegenerate systems, the primal LP's non-basic rows."""
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(20):
        A = rng.normal(size=(30, 4))
        b = A @ rng.normal(size=4) + rng.exponential(size=30)
        c = rng.normal(size=4)
        S = _prepare(A, b, None, None)
        hd, sd = _highs._highs_solve_dual(S, c)
        hp, sp = _highs._highs_solve(S, c)
        try:
            assert sd == sp == highspy.HighsModelStatus.kOptimal
            tight, fixed = _dual_basis(S, hd)
            statuses = [i for i, s in enumerate(hd.getBasis().col_status) if s.value == _BASIC]
            assert fixed == [] and tight == statuses
            assert (tight, fixed) == tuple(_basis_sets(S, hp))
            checked += 1
        finally:
            _highs._release(hd)
            _highs._release(hp)
    assert checked == 20


def test_infeasible_maximize_gets_its_certificate_from_the_dual_ray(monkeypatch):
    """An unbounded dual LP (an infeasible primal): its improving ray is rationalised into the
    Farkas certificate, without a second HiGHS run on the primal LP."""
    rng = np.random.default_rng(2)
    A = rng.normal(size=(40, 4))
    b = A @ rng.normal(size=4) + rng.exponential(size=40)
    y = rng.exponential(size=40)
    A, b = np.vstack([A, -(y @ A)]), np.append(b, -(y @ b) - 1.0)
    calls = []
    primal = _highs._highs_solve
    monkeypatch.setattr(_highs, "_highs_solve", lambda *a, **k: calls.append(1) or primal(*a, **k))
    r = lp_maximize(rng.normal(size=4), A, b)
    assert r.status == "infeasible" and r.method == "highs+exact" and not calls
    assert is_farkas_certificate(A, b, None, None, r.certificate)


def test_highspy_constants_used_as_ints():
    """The ints passed to passModel and compared with basis statuses are highspy's."""
    assert highspy.HighsBasisStatus.kBasic.value == _BASIC
    assert _highs._format("row") == (int(highspy.MatrixFormat.kRowwise), int(highspy.ObjSense.kMinimize))
    assert _highs._format("col") == (int(highspy.MatrixFormat.kColwise), int(highspy.ObjSense.kMinimize))
