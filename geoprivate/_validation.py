"""Parameter validation for the DP layer: messages name the parameter and the value."""

from __future__ import annotations

import math
import numbers

from solvers._checks import as_rng

__all__ = ["as_rng", "check_epsilon", "check_delta", "check_probability", "check_positive_int"]


def _real(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    v = float(value)
    if math.isnan(v):
        raise ValueError(f"{name} must not be NaN")
    return v


def check_epsilon(epsilon, name: str = "epsilon") -> float:
    """Return ``epsilon`` as a float; raise ``ValueError`` unless 0 < epsilon < inf."""
    v = _real(epsilon, name)
    if not (0 < v < math.inf):
        raise ValueError(f"{name} must be positive and finite, got {epsilon!r}")
    return v


def check_delta(delta, name: str = "delta") -> float:
    """Return ``delta`` as a float; raise ``ValueError`` unless 0 <= delta < 1."""
    v = _real(delta, name)
    if not (0 <= v < 1):
        raise ValueError(f"{name} must lie in [0, 1), got {delta!r}")
    return v


def check_probability(p, name: str, *, open_left: bool = True, open_right: bool = True) -> float:
    """Return ``p`` as a float in (0, 1) (ends included when ``open_*`` is False)."""
    v = _real(p, name)
    lo_ok = v > 0 if open_left else v >= 0
    hi_ok = v < 1 if open_right else v <= 1
    if not (lo_ok and hi_ok):
        lo = "(" if open_left else "["
        hi = ")" if open_right else "]"
        raise ValueError(f"{name} must lie in {lo}0, 1{hi}, got {p!r}")
    return v


def check_positive_int(n, name: str) -> int:
    """Return ``n`` as an int; raise unless it is an integer >= 1."""
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {type(n).__name__}")
    if n < 1:
        raise ValueError(f"{name} must be >= 1, got {n}")
    return int(n)
