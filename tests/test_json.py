"""The one JSON sanitiser (geoprivate._json.strict_json): its Fraction policy and its strictness."""

import json
import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from geoprivate._json import strict_json

VALUE = {
    "q": Fraction(3, 7),
    "inf": math.inf,
    "nan": np.float64("nan"),
    "arr": np.arange(3),
    "t": (Fraction(1, 2), -math.inf),
    "s": {3, 10, 2},
    2: np.int64(4),
    "b": np.bool_(True),
}


def test_float_policy_writes_fractions_as_numbers_and_non_finite_as_null():
    out = strict_json(VALUE)
    assert out == {
        "q": 3 / 7,
        "inf": None,
        "nan": None,
        "arr": [0, 1, 2],
        "t": [0.5, None],
        "s": [10, 2, 3],  # sorted by repr: the same order on every run
        "2": 4,
        "b": True,
    }
    json.dumps(out, allow_nan=False)
    assert strict_json(Decimal("0.25")) == 0.25
    assert strict_json(object.__new__(object)).startswith("<object")


def test_exact_policy_writes_fractions_as_p_over_q_and_keeps_other_objects():
    out = strict_json(VALUE, fractions="exact")
    assert out["q"] == "3/7" and out["t"] == ["1/2", None]
    assert strict_json(Decimal("0.25"), fractions="exact") == Decimal("0.25")  # a default=str writer prints it
    json.dumps(out, allow_nan=False)


def test_keep_leaves_non_finite_floats_for_a_later_pass():
    out = strict_json({"x": math.inf, "y": [np.float64("nan")]}, fractions="exact", nonfinite="keep")
    assert out["x"] == math.inf and math.isnan(out["y"][0])
    with pytest.raises(ValueError):
        json.dumps(out, allow_nan=False)


@pytest.mark.parametrize("kwargs", [{"fractions": "str"}, {"nonfinite": "drop"}])
def test_an_unknown_policy_is_a_one_line_value_error(kwargs):
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        strict_json(1, **kwargs)
