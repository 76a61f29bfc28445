"""Parameter domains declared in the signature and checked on entry (solvers._domains, issue #41).

The annotations are strings (``from __future__ import annotations``) resolved in the module's globals,
as in the package: a check named in one is a module-level function.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import numpy as np
import pytest

from solvers._checks import as_binary_matrix
from solvers._domains import (
    BinaryMatrix,
    Check,
    Choice,
    Interval,
    Joint,
    PositiveInt,
    Rng,
    checked,
    domains,
)


@checked
def f(
    x: float,
    n: Annotated[int, Interval(ge=1, le=10)] = 3,
    *,
    p: Annotated[float, Interval(gt=0, lt=1)] = 0.5,
    mode: Literal["a", "b"] = "a",
    g: PositiveInt | None = None,
):
    return x, n, p, mode, g


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"x": math.nan}, ValueError, "x must not be NaN"),
        ({"x": math.inf}, ValueError, "x must be finite, got inf"),
        ({"x": 10**400}, ValueError, "x must be finite, got an integer of 401 digits"),
        ({"x": True}, TypeError, "x must be a real number, got bool"),
        ({"x": "1.0"}, TypeError, "x must be a real number, got str"),
        ({"x": 1.0, "n": 2.7}, TypeError, "n must be an integer, got float"),
        ({"x": 1.0, "n": True}, TypeError, "n must be an integer, got bool"),
        ({"x": 1.0, "n": 11}, ValueError, r"n must lie in \[1, 10\], got 11"),
        ({"x": 1.0, "p": 1}, ValueError, r"p must lie in \(0, 1\), got 1"),
        ({"x": 1.0, "mode": "c"}, ValueError, "mode must be one of 'a' | 'b', got 'c'"),
        ({"x": 1.0, "g": 0}, ValueError, "g must be >= 1, got 0"),
    ],
)
def test_a_value_outside_its_domain_is_a_one_line_error_naming_it(kwargs, error, message):
    with pytest.raises(error, match=message) as exc:
        f(**kwargs)
    assert "\n" not in str(exc.value)


def test_the_body_receives_the_checked_values():
    assert f(np.float32(0.5), np.int64(2), g=None) == (0.5, 2, 0.5, "a", None)
    assert type(f(1)[0]) is float and type(f(1.0, np.int64(4))[1]) is int


def test_the_signature_name_and_docstring_are_kept():
    assert str(inspect.signature(f)).startswith("(x: 'float', n: 'Annotated[int, Interval(ge=1, le=10)]' = 3, *")
    assert f.__name__ == "f" and f.__wrapped__(math.nan)[0] != f.__wrapped__(math.nan)[0]  # unchecked: NaN passes
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'x'"):
        f()


def test_a_closed_infinite_bound_admits_infinity():
    @checked
    def eps(e: Annotated[float, Interval(ge=0, le=math.inf)]) -> float:
        return e

    assert eps(math.inf) == math.inf
    with pytest.raises(ValueError, match=r"e must lie in \[0, inf\], got -1"):
        eps(-1)


def test_checks_convert_and_receive_the_name_by_keyword():
    @checked
    def g(M: BinaryMatrix, k: Annotated[Any, Check(as_binary_matrix, kind="array", allow_empty_rows=False)]):
        return M, k

    M, _ = g([[0, 1]], [[1]])
    assert M.dtype == np.uint8
    with pytest.raises(ValueError, match="k: the concept class is empty"):
        g([[0, 1]], np.zeros((0, 2)))
    with pytest.raises(ValueError, match="M: entries must be 0 or 1"):
        g([[0, 2]], [[1]])
    assert domains(g)["M"].kind == "array" and domains(g)["k"].kind == "array"


def test_choice_callable_class_rng_and_joint():
    @checked
    def h(
        a: Annotated[str, Choice("x", "y")],
        fn: Callable[..., Any],
        arr: np.ndarray,
        rng: Rng = None,
        other: Annotated[Any, Joint("as long as arr")] = None,
    ):
        return a

    assert h("x", len, np.zeros(2), rng=3, other=object()) == "x"
    for kwargs, message in [
        ({"a": "z"}, "a must be one of 'x' | 'y'"),
        ({"fn": 3}, "fn must be callable, got int"),
        ({"arr": [0.0]}, "arr must be ndarray, got list"),
        ({"rng": 2.7}, "rng: expected a numpy.random.Generator"),
        ({"rng": -1}, "rng: a seed must be a non-negative integer"),
    ]:
        call = {"a": "x", "fn": len, "arr": np.zeros(2), **kwargs}
        with pytest.raises((TypeError, ValueError), match=message):
            h(**call)
    assert domains(h)["other"].joint == "as long as arr" and domains(h)["other"].admits(math.nan)


def test_a_parameter_without_a_domain_or_with_a_bad_default_fails_at_import():
    with pytest.raises(TypeError, match="parameter 'y' has no declared domain"):

        @checked
        def no_domain(x: float, y):
            return x

    with pytest.raises(TypeError, match="the default of n is outside its domain"):

        @checked
        def bad_default(n: PositiveInt = 0):
            return n


CALLS: list = []


def counting(value, name):
    CALLS.append(name)
    return value


def test_defaults_are_not_checked_again_on_a_call():
    @checked
    def k(a: Annotated[Any, Check(counting)], b: Annotated[Any, Check(counting)] = 1):
        return a, b

    CALLS.clear()
    k(0)
    assert CALLS == ["a"]  # b's default is recognised by identity and not checked per call


def test_a_class_checks_its_constructor_and_public_methods():
    @checked
    @dataclass(frozen=True)
    class Rec:
        n: PositiveInt
        p: Annotated[float, Interval(gt=0, lt=1)] = 0.5

        def scaled(self, k: PositiveInt) -> float:
            return self.p * k

        def _private(self, anything):
            return anything

    assert Rec(2).scaled(3) == 1.5 and Rec(2)._private(math.nan) != 0
    with pytest.raises(ValueError, match="n must be >= 1, got 0"):
        Rec(0)
    with pytest.raises(TypeError, match="k must be an integer, got float"):
        Rec(1).scaled(2.5)
    assert set(domains(Rec)) == {"n", "p"}


def test_a_forward_reference_is_compiled_on_first_use():
    @checked
    def later(x: NotYetDefined) -> Any:  # noqa: F821 - defined below, as in a module
        return x

    globals()["NotYetDefined"] = int
    try:
        assert later(3) == 3 and domains(later)["x"].kind == "int"
        with pytest.raises(TypeError, match="x must be an integer"):
            later(2.5)
    finally:
        del globals()["NotYetDefined"]
