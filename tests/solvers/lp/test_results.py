"""Results whose Fractions are made on first access (solvers.lp._results._deferred): they equal,
hash, print, copy and pickle as the plain frozen dataclasses, cannot be changed, and hold the
same exact answer as the eager construction."""

import copy
import dataclasses
import pickle
from fractions import Fraction

import numpy as np
import pytest

from solvers.lp import FeasibilityResult, OptimizeResult, feasible_point, is_optimize_certificate, maximize
from solvers.lp._results import _deferred


def test_a_deferred_result_behaves_as_the_plain_one():
    made = []
    r = _deferred(
        OptimizeResult,
        {"point": lambda: made.append("point") or (Fraction(1, 3),), "value": lambda: Fraction(2, 3)},
        status="optimal",
        dual=None,
        ray=None,
        certificate=None,
        method="highs+exact",
    )
    plain = OptimizeResult("optimal", (Fraction(1, 3),), Fraction(2, 3), None, None, None, "highs+exact")
    assert not made  # nothing made before it is read
    assert isinstance(r, OptimizeResult) and r == plain and plain == r and hash(r) == hash(plain)
    assert r.point == (Fraction(1, 3),) and r.point is r.point and made == ["point"]  # made once
    assert repr(r) == repr(plain)
    for twin in (copy.copy(r), copy.deepcopy(r), pickle.loads(pickle.dumps(r)), dataclasses.replace(r)):
        assert type(twin) is OptimizeResult and twin == plain
    assert dataclasses.asdict(r) == dataclasses.asdict(plain)
    assert dataclasses.replace(r, method="x").method == "x"
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.value = Fraction(0)  # type: ignore[misc]
    assert r != dataclasses.replace(plain, value=Fraction(1))


def test_solver_answers_equal_their_plain_copies():
    """maximize / feasible_point answers (deferred where certified from a basis) equal a plain
    dataclass built from their fields, and still check exactly."""
    rng = np.random.default_rng(4)
    A = rng.normal(size=(30, 4))
    b = A @ rng.normal(size=4) + rng.exponential(size=30)
    c = rng.normal(size=4)
    for r, cls in (
        (maximize(c, A, b), OptimizeResult),
        (feasible_point(A, b), FeasibilityResult),
        (feasible_point(A, b, strict=True), FeasibilityResult),
        (feasible_point(np.round(A * 10), np.round(b * 10) + 10), FeasibilityResult),
    ):
        plain = cls(**{f.name: getattr(r, f.name) for f in dataclasses.fields(cls)})
        assert r == plain and repr(r) == repr(plain)
    r = maximize(c, A, b)
    assert all(type(v) is Fraction for v in r.point) and type(r.value) is Fraction
    assert is_optimize_certificate(c, A, b, None, None, r)
