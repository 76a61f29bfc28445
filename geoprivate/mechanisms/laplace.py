"""Laplace noise: a fast float sampler and an exact, floating-point-safe discrete sampler.

Two modes, chosen by ``safe``:

* ``safe=False`` (default, *simulation mode*): ``rng.laplace`` in float64.  Fast and
  statistically correct, but a textbook float Laplace mechanism is **not** private
  against Mironov's floating-point attack (Mironov, CCS 2012): the set of reachable
  doubles ``value + noise`` depends on ``value``.
* ``safe=True`` (*safe mode*): exact discrete Laplace on the grid ``granularity * Z``
  (``granularity`` a power of two), sampled in exact integer arithmetic by the
  Canonne–Kamath–Steinke (NeurIPS 2020) algorithms (Bernoulli(exp(-gamma)) by
  rejection, then the geometric construction) from uniform integers only.  The output
  is an exact multiple of the grid; :func:`laplace_mechanism` with ``safe=True`` also
  snaps the true value to the grid first, so ``value + noise`` is computed exactly and
  the released double is exactly a grid point whose law is the discrete Laplace law —
  the attack has nothing to exploit.  This is the safe mode.
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Epsilon,
    Positive,
    PositiveInt,
    Rng,
    Sensitivity,
    as_rng,
    check_epsilon,
    check_finite_array,
    checked,
    shown,
)
from geoprivate.privacy.accounting import PrivacyLedger
from solvers._checks import check_array_bytes
from solvers._rational import coordinate

__all__ = [
    "laplace_noise",
    "discrete_laplace",
    "laplace_mechanism",
    "default_granularity",
    "bernoulli_exp",
    "uniform_below",
]


#: Largest noise scale a release accepts: value + noise must stay a finite double (a Laplace
#: draw exceeds 1e300 * 700 with probability e^-700).
MAX_RELEASE_SCALE = 1e300


def _check_release_scale(scale) -> None:
    """Refuse a release whose noise scale (sensitivity/epsilon, exact or float) could overflow."""
    if not scale < MAX_RELEASE_SCALE:
        shown = f"{float(scale):.3g}" if scale < 1e308 else ">= 1e308"
        raise ValueError(
            f"noise scale = {shown} must be below {MAX_RELEASE_SCALE:g} "
            "so that value + noise stays finite (epsilon too small)"
        )


def _check_size(size, name: str = "size"):
    """None, an int >= 0 or a tuple of them (2.7 and True refused); the draws must fit in memory."""
    if size is None:
        return None
    if isinstance(size, (int, np.integer)) and not isinstance(size, (bool, np.bool_)):
        if size < 0:
            raise ValueError(f"{name} must be >= 0, got {size}")
        shape: int | tuple = int(size)
        count = shape
    else:
        if isinstance(size, (str, bytes)) or not hasattr(size, "__iter__"):
            raise TypeError(f"{name} must be None, an int or a tuple of ints, got {size!r}")
        dims = list(size)
        if any(isinstance(s, (bool, np.bool_)) or not isinstance(s, numbers.Integral) for s in dims):
            raise TypeError(f"{name} must be None, an int or a tuple of ints, got {size!r}")
        if any(s < 0 for s in dims):
            raise ValueError(f"{name} must be non-negative, got {size!r}")
        shape = tuple(int(s) for s in dims)
        count = math.prod(shape)
    # refused before anything is allocated (10**12 draws would be a MemoryError for 7.28 TiB)
    check_array_bytes(8 * count, f"{name}={size!r} ({count} draws of 8 bytes)")
    return shape


def _positive_exact(value, name: str) -> Fraction:
    """A positive finite number as an exact Fraction (floats at their binary value)."""
    q = coordinate(value, name)
    if q <= 0:
        raise ValueError(f"{name} must be positive, got {value!r}")
    return q


def _nonneg_exact(value, name: str) -> Fraction:
    """A non-negative finite number as an exact Fraction (floats at their binary value)."""
    q = coordinate(value, name)
    if q < 0:
        raise ValueError(f"{name} must be >= 0, got {value!r}")
    return q


def _finite_values(value, name: str) -> np.ndarray:
    """A real number or an array of them, finite (as float64)."""
    arr = check_finite_array(value, name)
    check_array_bytes(8 * arr.size, f"{name}: {arr.size} entries")  # the noise is as large as the value
    return arr


#: None, a number of draws or a shape (checked against the memory it needs)
_Size = Annotated[Any, Check(_check_size, kind="int")]


# ---------------------------------------------------------------- exact integer samplers
@checked
def uniform_below(n: PositiveInt, rng: Rng) -> int:
    """A uniform integer in [0, n) for any Python int n >= 1, exactly (the package's one big-integer sampler).

    Below 2^62 one ``rng.integers`` draw; above, the top k = bit_length(n − 1) bits of 64-bit words,
    rejected until < n (expected < 2 rounds).  Used by the exact discrete Laplace (Canonne–Kamath–Steinke
    2020) and by RecPrefix-R's exact interval sampling (:mod:`geoprivate.mechanisms.interior_point`).

    Parameters
    ----------
    n : int
        The exclusive upper bound, n >= 1 (a Python int of any size).
    rng : numpy.random.Generator
        The random source (last, as everywhere in the package).

    Returns
    -------
    int
        A uniformly distributed integer in [0, n).
    """
    return _uniform_below(n, as_rng(rng))


def _uniform_below(n: int, rng: np.random.Generator) -> int:
    """:func:`uniform_below` on checked arguments (the samplers' inner loops)."""
    if n <= (1 << 62):
        return int(rng.integers(n))
    k = (n - 1).bit_length()
    words = (k + 63) // 64
    while True:
        w = rng.integers(0, 1 << 64, size=words, dtype=np.uint64, endpoint=False)
        x = int.from_bytes(w.astype("<u8").tobytes(), "little") >> (64 * words - k)
        if x < n:
            return x


def _bernoulli_exp_unit(num: int, den: int, rng) -> bool:
    """Bernoulli(exp(-num/den)) for 0 <= num/den <= 1 (CKS 2020, Algorithm 1, first case)."""
    k = 1
    while True:
        # A ~ Bernoulli(gamma / k)
        if _uniform_below(den * k, rng) >= num:
            break
        k += 1
    return k % 2 == 1


@checked
def bernoulli_exp(gamma: Annotated[Any, Check(_nonneg_exact, kind="real")], rng: Rng = None) -> bool:
    """Exact Bernoulli(exp(-gamma)) for rational gamma >= 0 (Canonne–Kamath–Steinke 2020, Alg. 1).

    Parameters
    ----------
    gamma : fractions.Fraction, int or float (converted exactly to a Fraction)
    rng : Generator, int or None

    Returns
    -------
    bool
    """
    rng = as_rng(rng)
    num, den = gamma.numerator, gamma.denominator
    while num > den:
        if not _bernoulli_exp_unit(1, 1, rng):
            return False
        num -= den
    return _bernoulli_exp_unit(num, den, rng)


def _discrete_laplace_one(t: int, s: int, rng) -> int:
    """One draw of the discrete Laplace with P(z) ∝ exp(-|z| s / t) (CKS 2020, Algorithm 2)."""
    while True:
        u = _uniform_below(t, rng)
        if not _bernoulli_exp_unit(u, t, rng):
            continue
        v = 0
        while _bernoulli_exp_unit(1, 1, rng):
            v += 1
        y = (u + t * v) // s
        b = int(rng.integers(0, 2))
        if b == 1 and y == 0:
            continue
        return -y if b else y


@checked
def discrete_laplace(
    scale: Annotated[Any, Check(_positive_exact, kind="real")], size: _Size = None, rng: Rng = None
) -> int | np.ndarray:
    """Exact discrete Laplace on the integers: P(z) ∝ exp(-|z| / scale).

    ``scale`` is converted exactly to a rational (a float is a dyadic rational) and the
    draws use only uniform integers (Canonne, Kamath, Steinke, *The Discrete Gaussian for
    Differential Privacy*, 2020, Algorithms 1–2).

    Parameters
    ----------
    scale : float or Fraction > 0
        The law's scale t: P(z) ∝ exp(-|z| / t).
    size : None, int or tuple of ints
        ``None`` returns one Python int.
    rng : numpy.random.Generator, int or None
        Source of randomness (SPEC 7).

    Returns
    -------
    int or numpy.ndarray of int64
    """
    sc = scale
    if size is not None and sc > 2**50:
        raise ValueError(
            f"scale: draws of scale {shown(sc)} > 2^50 do not fit an int64 array (size=None returns a Python int)"
        )
    rng = as_rng(rng)
    t, s = sc.numerator, sc.denominator
    if size is None:
        return _discrete_laplace_one(t, s, rng)
    count = int(np.prod(size)) if isinstance(size, tuple) else size
    out = np.fromiter((_discrete_laplace_one(t, s, rng) for _ in range(count)), dtype=np.int64, count=count)
    return out.reshape(size)


@checked
def default_granularity(scale: Positive) -> float:
    """Grid step used by the safe mode: the power of two 2^(floor(log2 scale) - 20).

    The grid is about a million times finer than the noise scale, so the discrete law is
    within ~1e-6 (relative) of the continuous one, while values up to 2^32 * scale stay
    exactly representable on the grid.

    Parameters
    ----------
    scale : float > 0
        Scale of the Laplace noise.

    Returns
    -------
    float
        A power of two, about 10⁻⁶ · scale.
    """
    sc = scale
    g = math.ldexp(1.0, math.floor(math.log2(sc)) - 20)
    if g == 0.0:
        raise ValueError(f"scale={scale!r} is too small for the safe grid (its step 2^-20 scale underflows to 0)")
    return g


def _check_granularity(granularity, scale) -> float:
    if granularity is None:
        return default_granularity(scale)
    g = check_epsilon(granularity, "granularity")
    m, _ = math.frexp(g)
    if m != 0.5:
        raise ValueError(f"granularity must be a power of two, got {granularity!r}")
    return g


@checked
def laplace_noise(
    scale: Positive, size: _Size = None, rng: Rng = None, *, safe: bool = False, granularity: Positive | None = None
):
    """Laplace(0, ``scale``) noise (density exp(-|x|/scale) / (2 scale)).

    Parameters
    ----------
    scale : float > 0
    size : None, int or tuple of ints
        ``None`` returns a Python float.
    rng : Generator, int or None
    safe : bool, default False
        False: fast float64 sampler (``rng.laplace``) — for simulation; **not** safe
        against the floating-point attack of Mironov (2012).  True: exact discrete Laplace
        on the grid ``granularity * Z`` (see :func:`discrete_laplace`), P(x) ∝
        exp(-|x|/scale) for grid points x; the outputs are exact multiples of the grid.
        Combine with :func:`laplace_mechanism` (``safe=True``), which snaps the value to
        the same grid, to release values safely.
    granularity : float, optional
        Power-of-two grid step for ``safe=True`` (default :func:`default_granularity`).

    Returns
    -------
    float or numpy.ndarray of float64
        One draw (``size=None``) or an array of shape ``size``.

    Raises
    ------
    ValueError
        scale <= 0 or not finite; negative size; granularity not a power of two.
    """
    sc = scale
    rng = as_rng(rng)
    if not safe:
        if size is None:
            return float(rng.laplace(0.0, sc))
        return rng.laplace(0.0, sc, size=size)
    g = _check_granularity(granularity, sc)
    units = Fraction(sc) / Fraction(g)  # exact: both are dyadic
    z = discrete_laplace(units, size=size, rng=rng)
    if size is None:
        return float(z) * g
    assert isinstance(z, np.ndarray)  # size given: an array of draws
    return z.astype(np.float64) * g  # exact: |z| < 2^53 with overwhelming probability


@checked
def laplace_mechanism(
    value: Annotated[Any, Check(_finite_values, kind="array")],
    epsilon: Epsilon,
    sensitivity: Sensitivity = 1.0,
    rng: Rng = None,
    *,
    safe: bool = False,
    granularity: Positive | None = None,
    ledger: PrivacyLedger | None = None,
):
    """Release ``value + Lap(sensitivity/epsilon)``: epsilon-DP for a query of that sensitivity.

    With ``safe=True`` the value is snapped to the power-of-two grid ``g`` (exact in
    binary floating point), the noise is exact discrete Laplace on the same grid with scale
    ``(sensitivity + g) / epsilon`` (snapping can move neighbouring values apart by up to
    ``g`` more), and the sum is exact: the mechanism is exactly epsilon-DP as a map to
    doubles (Mironov's attack does not apply).

    Parameters
    ----------
    value : float or array_like of floats
    epsilon, sensitivity : float > 0
    rng : Generator, int or None
    safe : bool
    granularity : float, optional (power of two; safe mode only)
    ledger : PrivacyLedger, optional
        Receives one entry ``("laplace_mechanism", epsilon, 0, ...)``.

    Returns
    -------
    float or numpy.ndarray
    """
    eps, sens, arr = epsilon, sensitivity, value
    _check_release_scale(sens / eps)
    rng = as_rng(rng)
    size = None if arr.ndim == 0 else arr.shape
    if not safe:
        out = arr + laplace_noise(sens / eps, size=size, rng=rng)
    else:
        g = _check_granularity(granularity, sens / eps)
        scale = (Fraction(sens) + Fraction(g)) / Fraction(eps)
        _check_release_scale(scale)
        if np.any(np.abs(arr) * 2.0**-52 >= g):  # checked before dividing: arr / g may overflow
            raise ValueError(f"value too large for the grid {g!r}: |value| must be < 2^52 * granularity")
        snapped = np.round(arr / g) * g
        z = discrete_laplace(scale / Fraction(g), size=size, rng=rng)
        out = snapped + np.asarray(z, dtype=np.float64) * g
    if ledger is not None:
        ledger.record(
            "laplace_mechanism",
            eps,
            0.0,
            "Laplace mechanism (Dwork-McSherry-Nissim-Smith 2006; Dwork-Roth Thm 3.6)",
            True,
            sensitivity=sens,
            safe=bool(safe),
        )
    return float(out) if size is None else out
