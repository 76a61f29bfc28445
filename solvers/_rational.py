"""Exact rational helpers shared by :mod:`solvers.lp` and :mod:`solvers.affine`.

Kept in a module of their own (importing nothing from ``solvers``) so that the LP layer
and the affine-subspace layer both depend on it and not on each other.

* :func:`to_fraction` — one number (int, numpy integer, :class:`fractions.Fraction`, any
  ``numbers.Rational``, float at its **exact binary value**) to a Fraction; NaN and
  infinities are rejected with a message naming the argument.
* :func:`rational_matrix` — a validated 2-D numeric array as rows of Fractions (the one
  parser of matrices for the LP layer, halfspaces and depth).
* :func:`common_denominator` — Fractions to integer numerators over one denominator.
* :func:`int_row` — a rational row and right-hand side scaled to coprime integers.
* :func:`pow2` — ``2**-k`` as a Fraction (cached; the row scale factors of float input).
"""

from __future__ import annotations

import functools
import math
import numbers
from fractions import Fraction

import numpy as np

__all__ = [
    "to_fraction",
    "coordinate",
    "rational_matrix",
    "rational_points",
    "rational_vector",
    "common_denominator",
    "int_row",
    "pow2",
    "FLOAT_LIMIT",
    "beyond_floats",
    "within_floats",
]


def to_fraction(x, name: str, *, allow_bool: bool = True) -> Fraction:
    """``x`` as an exact Fraction (floats at their binary value); ``name`` goes into the error.

    Booleans count as 0/1 (0/1 constraint matrices) unless ``allow_bool=False`` (point
    coordinates, where a boolean is a mistake).
    """
    t = type(x)
    if t is Fraction:
        return x
    if t is int:
        return Fraction(x)
    if t is float and math.isfinite(x):  # the common case first (non-finite: the error below)
        return Fraction(*x.as_integer_ratio())
    if isinstance(x, (bool, np.bool_)):
        if not allow_bool:
            raise TypeError(f"{name}: booleans are not coordinates, got {x!r}")
        return Fraction(int(x))
    if isinstance(x, numbers.Integral):
        return Fraction(int(x))
    if isinstance(x, Fraction):
        return x
    if isinstance(x, numbers.Rational):
        return Fraction(int(x.numerator), int(x.denominator))
    if isinstance(x, (float, np.floating)):
        if not np.isfinite(x):
            raise ValueError(f"{name}: entries must be finite, got {x!r}")
        return Fraction(*x.as_integer_ratio())  # exact, also for float32 and longdouble
    raise TypeError(f"{name}: entries must be ints, floats or Fractions, got {type(x).__name__} ({x!r})")


def rational_matrix(X, name: str, ncols: int | None = None, *, noun: str = "matrix", allow_bool: bool = True):
    """Validate ``X`` as a 2-D numeric array; returns ``(rows as lists of Fractions, the numpy array)``.

    Errors name ``name`` and say ``noun`` ("matrix", "array (points x coordinates)", ...):
    a non-numeric dtype or a ragged nesting, a shape that is not 2-D or has other than
    ``ncols`` columns, a NaN or an infinity (with its position).  float64/float32 entries
    convert through Python floats (fast); every other entry through :func:`to_fraction`
    (longdouble at its exact value).
    """
    kind = noun.split()[0]
    if isinstance(X, np.ndarray) and X.dtype.kind not in "biufO":
        raise TypeError(f"{name}: expected a numeric {kind}, got dtype {X.dtype}")
    try:
        arr = X if isinstance(X, np.ndarray) else np.asarray(X, dtype=object)
    except (ValueError, TypeError) as exc:  # ragged nested lists
        raise ValueError(f"{name}: not a rectangular {kind} ({exc})") from None
    if arr.ndim != 2:
        raise ValueError(f"{name}: expected a 2-D {noun}, got shape {arr.shape}")
    if ncols is not None and arr.shape[1] != ncols:
        raise ValueError(f"{name}: expected {ncols} columns, got shape {arr.shape}")
    if arr.dtype.kind == "f" and arr.size and not np.isfinite(arr).all():
        i, j = np.argwhere(~np.isfinite(arr))[0]
        raise ValueError(f"{name}: entries must be finite, got {arr[i, j]!r} at ({i}, {j})")
    if arr.dtype in (np.float64, np.float32):
        return [[Fraction(v) for v in row] for row in arr.tolist()], arr
    return [[to_fraction(v, name, allow_bool=allow_bool) for v in row] for row in arr.tolist()], arr


def coordinate(x, name: str) -> Fraction:
    """A coordinate as an exact Fraction: :func:`to_fraction` with booleans refused.

    Parameters
    ----------
    x : int, float, Fraction or numbers.Rational
        The number (a float at its exact binary value; NaN and infinities refused).
    name : str
        The parameter named in the error.

    Returns
    -------
    fractions.Fraction
    """
    return to_fraction(x, name, allow_bool=False)


def rational_points(X, name: str) -> list[list[Fraction]]:
    """Points (the rows of a 2-D numeric array) as exact Fractions; booleans refused (see :func:`rational_matrix`).

    Parameters
    ----------
    X : array_like, shape (n, d)
        The points.
    name : str
        The parameter named in the error.

    Returns
    -------
    list of list of Fraction
    """
    return rational_matrix(X, name, noun="array (points x coordinates)", allow_bool=False)[0]


def rational_vector(v, name: str, length: int | None = None) -> list[Fraction]:
    """A 1-D vector of exact Fractions (of ``length`` entries when given); booleans refused.

    Parameters
    ----------
    v : array_like, shape (d,)
        The vector.
    name : str
        The parameter named in the error.
    length : int, optional
        The length it must have.

    Returns
    -------
    list of Fraction
    """
    try:
        arr = v if isinstance(v, np.ndarray) else np.asarray(v, dtype=object)
    except (ValueError, TypeError) as exc:  # ragged nested lists
        raise ValueError(f"{name}: not a 1-D vector ({exc})") from None
    if arr.ndim != 1:
        raise ValueError(f"{name}: expected a 1-D vector, got shape {arr.shape}")
    if length is not None and arr.shape[0] != length:
        raise ValueError(f"{name}: expected length {length}, got {arr.shape[0]}")
    return [coordinate(x, name) for x in arr.tolist()]


def common_denominator(vals) -> tuple[list[int], int]:
    """Fractions -> (integer numerators, positive common denominator)."""
    D = math.lcm(*(v.denominator for v in vals)) if vals else 1
    return [v.numerator * (D // v.denominator) for v in vals], D


def int_row(row: list[Fraction], rhs: Fraction) -> tuple[list[int], int, Fraction]:
    """Scale ``(row, rhs)`` by a positive rational ``s`` to coprime integers; returns (ints, int, s)."""
    L = math.lcm(*(f.denominator for f in row), rhs.denominator)
    if L == 1:
        ints = [f.numerator for f in row]
        ib = rhs.numerator
    else:
        ints = [f.numerator * (L // f.denominator) for f in row]
        ib = rhs.numerator * (L // rhs.denominator)
    g = math.gcd(*ints, ib)
    if g > 1:
        ints = [v // g for v in ints]
        ib //= g
    else:
        g = 1
    return ints, ib, Fraction(L, g)


@functools.lru_cache(maxsize=4096)
def pow2(k: int) -> Fraction:
    """``2**-k`` as a Fraction (cached: row scale factors of float input)."""
    return Fraction(1, 1 << k) if k >= 0 else Fraction(1 << -k)


#: the magnitude below which an exact number has a float (float64's largest is just below 2**1024): what
#: HiGHS and the float filters of the exact solvers can work with
FLOAT_LIMIT = 2**1023


def beyond_floats(name: str) -> ValueError:
    """The one-line error for an entry of ``name`` whose float does not exist (|x| >= 2**1023).

    Examples
    --------
    >>> str(beyond_floats("b_ub"))
    'b_ub: entries must have magnitude below 2**1023 (~9e307): the solver works on their floats'
    """
    return ValueError(f"{name}: entries must have magnitude below 2**1023 (~9e307): the solver works on their floats")


def within_floats(values: list[Fraction], name: str) -> list[Fraction]:
    """``values`` unchanged when every entry has a float (magnitude below :data:`FLOAT_LIMIT`).

    Parameters
    ----------
    values : list of Fraction
        Exact numbers.
    name : str
        The parameter named in the error.

    Returns
    -------
    list of Fraction
        ``values``.

    Raises
    ------
    ValueError
        :func:`beyond_floats` when an entry is 2**1023 or more in magnitude.

    Examples
    --------
    >>> within_floats([Fraction(1, 3)], "z")
    [Fraction(1, 3)]
    """
    if any(abs(v) >= FLOAT_LIMIT for v in values):
        raise beyond_floats(name)
    return values
