"""The one validation layer (geoprivate._validation): every check names the parameter it refuses."""

import math

import numpy as np
import pytest

from geoprivate import _validation as V


@pytest.mark.parametrize(
    "fn,args,exc",
    [
        (V.check_epsilon, (0,), ValueError),
        (V.check_epsilon, (math.inf,), ValueError),
        (V.check_epsilon, (True,), TypeError),
        (V.check_epsilon, ("0.5",), TypeError),
        (V.check_delta, (1.0,), ValueError),
        (V.check_delta, (math.nan,), ValueError),
        (V.check_positive_int, (0, "n"), ValueError),
        (V.check_positive_int, (2.0, "n"), TypeError),
        (V.check_nonneg_int, (-1, "n"), ValueError),
        (V.check_bool, ("False", "flag"), TypeError),
        (V.check_index, (-1, 2, "i"), ValueError),
        (V.check_index, (2.7, 2, "i"), TypeError),
        (V.check_index, (100, 2, "i"), ValueError),
        (V.check_indices, ([0, 5], 3, "idx"), ValueError),
        (V.check_indices, ([0.0, 1.0], 3, "idx"), TypeError),
        (V.check_probability_vector, ([0.5, 0.6], "p"), ValueError),
        (V.check_probability_vector, ([1.5, -0.5], "p"), ValueError),
        (V.check_finite_array, ([[1, np.nan]], "X"), ValueError),
        (V.check_noise_scale, (math.inf, "b"), ValueError),
        (
            V.check_real,
            (
                5,
                "x",
            ),
            None,
        ),
    ],
)
def test_validators_name_the_parameter(fn, args, exc):
    if exc is None:
        fn(*args)
        return
    with pytest.raises(exc) as e:
        fn(*args)
    name = args[-1] if isinstance(args[-1], str) and fn is not V.check_epsilon else "epsilon"
    if fn is V.check_delta:
        name = "delta"
    assert name in str(e.value)


def test_check_finite_array_shapes():
    assert V.check_finite_array([[1, 2, 3]], "X", shape=(None, 3)).shape == (1, 3)
    with pytest.raises(ValueError, match=r"X must have shape \(\*, 2\)"):
        V.check_finite_array([[1, 2, 3]], "X", shape=(None, 2))
    with pytest.raises(ValueError, match="2-D"):
        V.check_finite_array([1, 2], "X", ndim=2)


def test_one_validation_layer_no_private_copies():
    """winnow._positive and sparse_vector._real are gone: both use geoprivate._validation."""
    import geoprivate.learners.winnow as wn
    import geoprivate.mechanisms.sparse_vector as sv
    from geoprivate._validation import check_positive_real, check_real, domains

    assert not hasattr(wn, "_positive") and not hasattr(sv, "_real")
    # winnow declares its parameters' domains (solvers._domains), checked by the same layer
    eps = domains(wn.theorem_4_4_parameters)["epsilon"]
    assert eps.kind == "real" and not eps.admits(0.0) and not eps.admits(float("nan")) and eps.admits(0.5)
    assert check_positive_real(0.5, "epsilon") == 0.5
    # sparse_vector declares its values' domain instead (solvers._domains, the same checks underneath)
    value = domains(sv.BetweenThresholds.query)["value"]
    assert value.kind == "real" and not value.admits(float("nan")) and value.admits(0.5)
    assert check_real(0.5, "value") == 0.5
