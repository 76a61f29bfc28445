"""Parameter validation for the DP layer: messages name the parameter and the value.

The one validation layer of :mod:`geoprivate` (in the style of scikit-learn's
``check_scalar`` / ``check_array``): every public entry point turns its arguments into
checked values here, so a bad argument is a ``TypeError`` (wrong kind) or a ``ValueError``
(wrong value) whose message names the parameter and the offending value, never a silent
wrong answer.

* scalars: :func:`check_real`, :func:`check_epsilon`, :func:`check_delta`,
  :func:`check_sensitivity`, :func:`check_probability`, :func:`check_positive_int`,
  :func:`check_nonneg_int`, :func:`check_bool`;
* derived quantities: :func:`check_noise_scale` (a Laplace/Gumbel scale computed from
  epsilon and sensitivity must be positive and finite: epsilon = 1e-310 gives an infinite
  scale, which is an error, not a guarantee);
* arrays: :func:`check_finite_array` (shape / ndim, finite), :func:`check_probability_vector`
  (non-negative, finite, sums to one), :func:`check_index` / :func:`check_indices` (integer
  positions of a finite domain, in range — ``-1``, ``2.7`` and ``100`` are refused, never
  wrapped or truncated).

Resource guards for exponential oracles live in :mod:`solvers._checks`
(:func:`solvers._checks.check_work`) because ``solvers`` never imports ``geoprivate``; so do the
scalar checks and the parameter-domain decorator :func:`checked` (:mod:`solvers._domains`), which
this module re-exports with the privacy domains (``Epsilon``, ``Delta``, ``OpenDelta``,
``Sensitivity``, ``Seed``, ``LinePoints``): a public callable declares each parameter's domain in
its annotation and ``@checked`` checks it on entry::

    @checked
    def choosing_threshold(epsilon: Epsilon, delta: OpenDelta, k: Annotated[int, Interval(ge=1, le=MAX_K)]) -> float:
        return 8.0 / epsilon * (math.log(4.0 * k) - math.log(epsilon) - math.log(delta))
"""

from __future__ import annotations

import math
import os
from typing import Annotated, Any

import numpy as np

from solvers._checks import (
    _integer,
    _real,
    as_array,
    as_positions,
    as_rng,
    check_bool,
    check_int_in_range,
    check_nonneg_int,
    check_positive_int,
    check_positive_real,
    check_probability,
    check_real,
    check_work,
    shown,
)
from solvers._domains import (
    BinaryMatrix,
    Check,
    Choice,
    Interval,
    Joint,
    MaxWork,
    NonNegative,
    NonNegInt,
    Positive,
    PositiveInt,
    Probability,
    RealNumber,
    Rng,
    UnitInterval,
    check_callable,
    checked,
    domains,
)

__all__ = [
    "checked",
    "domains",
    "Interval",
    "Check",
    "Choice",
    "Joint",
    "Epsilon",
    "Delta",
    "OpenDelta",
    "Sensitivity",
    "FloatCount",
    "Seed",
    "LinePoints",
    "PathArg",
    "check_path",
    "Positive",
    "NonNegative",
    "Probability",
    "UnitInterval",
    "PositiveInt",
    "NonNegInt",
    "Rng",
    "RealNumber",
    "MaxWork",
    "BinaryMatrix",
    "check_callable",
    "shown",
    "check_pac_privacy",
    "as_rng",
    "check_work",
    "check_real",
    "check_positive_real",
    "check_epsilon",
    "check_delta",
    "check_sensitivity",
    "check_noise_scale",
    "check_probability",
    "check_positive_int",
    "check_nonneg_int",
    "check_int_in_range",
    "check_seed",
    "check_bool",
    "check_finite_array",
    "check_probability_vector",
    "check_line_points",
    "check_index",
    "check_indices",
]


def check_epsilon(epsilon, name: str = "epsilon") -> float:
    """Return ``epsilon`` as a float; raise ``ValueError`` unless 0 < epsilon < inf."""
    return check_positive_real(epsilon, name)


def check_sensitivity(sensitivity, name: str = "sensitivity") -> float:
    """Return a sensitivity Delta as a float; raise unless 0 < Delta < inf."""
    return check_epsilon(sensitivity, name)


def check_noise_scale(scale, name: str, *, because: str = "") -> float:
    """A derived noise scale (e.g. ``2 Delta / epsilon``) must be positive and finite.

    A tiny epsilon (1e-310) makes ``1/epsilon`` overflow to ``inf``: the noise is then
    infinite and no output is meaningful, so this is an error, never a recorded guarantee.

    Examples
    --------
    >>> check_noise_scale(2.0 / 1e-310, "mu_scale", because="2/(epsilon n)")
    Traceback (most recent call last):
    ...
    ValueError: mu_scale = 2/(epsilon n) must be positive and finite, got inf (epsilon out of floating-point range?)
    """
    try:
        v = float(_real(scale, name))
    except ValueError:  # NaN, or an int beyond the floats
        v = math.nan
    if not (0 < v < math.inf):
        what = f"{name} = {because}" if because else name
        raise ValueError(f"{what} must be positive and finite, got {v!r} (epsilon out of floating-point range?)")
    return v


def check_delta(delta, name: str = "delta") -> float:
    """Return ``delta`` as a float; raise ``ValueError`` unless 0 <= delta < 1."""
    v = _real(delta, name)
    if not (0 <= v < 1):
        raise ValueError(f"{name} must lie in [0, 1), got {delta!r}")
    return v


def check_pac_privacy(alpha, beta, epsilon, delta, *, why: str = "approximate DP needs delta > 0"):
    """(α, β, ε, δ) of an (ε, δ)-DP (α, β)-PAC statement: α, β ∈ (0, 1), ε > 0, δ ∈ (0, 1).

    Returns the four as floats; ``why`` completes the message when δ = 0.
    """
    a = check_probability(alpha, "alpha")
    b = check_probability(beta, "beta")
    e = check_epsilon(epsilon)
    d = check_delta(delta)
    if d == 0:
        raise ValueError(f"delta must lie in (0, 1) ({why}), got 0")
    return a, b, e, d


def check_seed(seed, name: str = "seed") -> int:
    """A seed: an integer in [0, 2**63) (NumPy's SeedSequence takes non-negative integers; 2.7, True refused).

    Parameters
    ----------
    seed : int
        The value to check.
    name : str, default "seed"
        The parameter named in the error.

    Returns
    -------
    int
    """
    return check_int_in_range(seed, name, 0, 2**63 - 1)


def check_finite_array(
    a,
    name: str,
    *,
    ndim: int | None = None,
    shape: tuple | None = None,
    dtype=np.float64,
    allow_empty: bool = True,
    allow_infinite: bool = False,
) -> np.ndarray:
    """Return ``a`` as a numeric array, refusing NaN/inf, wrong ``ndim`` or ``shape``.

    ``shape`` may hold ``None`` for a free axis, e.g. ``(None, 3)``; ``allow_infinite`` lets
    ±inf through (a threshold at +inf is the all-0 concept) but never NaN.  Strings, objects and
    ragged input are a ``TypeError``.
    """
    arr = as_array(a, name)
    if arr.dtype == object or arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must be an array of real numbers, got dtype {arr.dtype}")
    arr = arr.astype(dtype, copy=False)
    if ndim is not None and arr.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-D, got shape {arr.shape}")
    if shape is not None and (
        arr.ndim != len(shape) or any(s is not None and s != t for s, t in zip(shape, arr.shape, strict=True))
    ):
        want = "(" + ", ".join("*" if s is None else str(s) for s in shape) + ")"
        raise ValueError(f"{name} must have shape {want}, got {arr.shape}")
    if not allow_empty and arr.size == 0:
        raise ValueError(f"{name} must not be empty, got shape {arr.shape}")
    if arr.dtype.kind == "f" and arr.size:
        bad = np.isnan(arr) if allow_infinite else ~np.isfinite(arr)
        if bad.any():
            what = "must not hold NaN" if allow_infinite else "must be finite (no NaN/inf)"
            raise ValueError(f"{name} {what}, got {arr[bad].ravel()[:3].tolist()}")
    return arr


def check_line_points(points, name: str = "points") -> np.ndarray:
    """Points (or queries) on the line: a 1-D array of finite reals; a scalar is one point.

    NaN and ±inf are refused: a comparison with NaN is False, so a NaN query would be answered
    (0 by one formula, k by another), never flagged.

    Parameters
    ----------
    points : array_like of float
        The points (a scalar is one point).
    name : str, default "points"
        The parameter named in the error.

    Returns
    -------
    numpy.ndarray of float64, shape (n,)

    Examples
    --------
    >>> check_line_points(0.5, "xs").tolist()
    [0.5]
    >>> check_line_points([0.2, float("nan")], "xs")
    Traceback (most recent call last):
    ...
    ValueError: xs must be finite (no NaN/inf), got [nan]
    """
    x = check_finite_array(points, name)
    if x.ndim == 0:
        x = x.reshape(1)
    if x.ndim != 1:
        raise ValueError(f"{name} must be 1-D (points on the line), got shape {x.shape}")
    return x


def check_probability_vector(p, name: str, *, atol: float = 1e-9) -> np.ndarray:
    """A 1-D vector of finite, non-negative probabilities summing to 1 (within ``atol``).

    Examples
    --------
    >>> check_probability_vector([0.25, 0.75], "p").tolist()
    [0.25, 0.75]
    >>> check_probability_vector([3, 1], "p")
    Traceback (most recent call last):
    ...
    ValueError: p must sum to 1 (a probability law), got sum 4.0
    """
    arr = check_finite_array(p, name, ndim=1, allow_empty=False)
    if np.any(arr < 0):
        raise ValueError(f"{name} must be non-negative, got {arr[arr < 0][:3].tolist()}")
    total = float(math.fsum(arr.tolist()))
    if abs(total - 1.0) > atol:
        raise ValueError(f"{name} must sum to 1 (a probability law), got sum {total!r}")
    return arr


def check_index(i, size: int, name: str) -> int:
    """An integer position in ``range(size)``: ``-1``, ``2.7`` or ``size`` are refused."""
    v = _integer(i, name)
    if not 0 <= v < size:
        raise ValueError(f"{name} must lie in [0, {size}), got {i!r}")
    return v


def check_indices(idx, size: int, name: str) -> np.ndarray:
    """A 1-D array of integer positions in ``range(size)`` (floats such as 2.0 are refused)."""
    arr = as_positions(idx, name)
    if arr.size and (arr.min() < 0 or arr.max() >= size):
        bad = arr[(arr < 0) | (arr >= size)][:3].tolist()
        raise ValueError(f"{name} must lie in [0, {size}), got {bad}")
    return arr


# ------------------------------------------------------------------------------------------- domains
# Parameter domains for annotations read by ``checked`` (solvers._domains): a public callable
# declares ``epsilon: Epsilon`` and the decorator checks it on entry, with the messages above.

#: a privacy parameter epsilon: 0 < epsilon < inf
Epsilon = Annotated[float, Check(check_epsilon)]
#: a privacy parameter delta in [0, 1)
Delta = Annotated[float, Check(check_delta)]
#: delta in (0, 1): approximate DP whose proof needs delta > 0
OpenDelta = Annotated[float, Interval(gt=0, lt=1)]
#: a count (a size n, a number of rounds T, of tops c) that enters floating-point formulas: >= 1 and
#: below 10**300, so that its float exists (10**400 is refused, never an OverflowError later)
FloatCount = Annotated[int, Interval(ge=1, le=10**300)]
#: a sensitivity: 0 < Delta < inf
Sensitivity = Annotated[float, Check(check_sensitivity)]
#: a seed: an integer in [0, 2**63)
Seed = Annotated[int, Check(check_seed)]


def check_path(value, name: str = "path"):
    """A file-system path: a non-empty ``str`` or ``os.PathLike`` without NUL bytes; returned unchanged.

    Examples
    --------
    >>> check_path("out/x.db", "db")
    'out/x.db'
    >>> check_path("", "db")
    Traceback (most recent call last):
    ...
    ValueError: db must be a non-empty path, got ''
    """
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name} must be a path (str or os.PathLike), got {type(value).__name__}")
    text = os.fspath(value)
    if not isinstance(text, str) or not text.strip() or "\x00" in text:
        raise ValueError(f"{name} must be a non-empty path, got {text!r}")
    return value


#: a file-system path (str or os.PathLike, non-empty, no NUL)
PathArg = Annotated[Any, Check(check_path, kind="path")]

#: points (or queries) on the line: a 1-D float64 array of finite reals (a scalar is one point)
LinePoints = Annotated[Any, Check(check_line_points, kind="array")]
