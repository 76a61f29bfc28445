"""Shared plumbing of the classes over a totally ordered domain (thresholds, intervals, points)."""

from __future__ import annotations

import numbers
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Joint, checked
from solvers._checks import as_array, check_array_bytes

__all__ = ["as_line_points", "line_sample", "check_in_domain", "as_ordered_domain", "LineValues", "Domain"]


def as_line_points(points, name: str = "points") -> np.ndarray:
    """1-D array of comparable reals (ints, floats or Fractions); NaN rejected.

    Parameters
    ----------
    points : array_like, shape (n,)
        The points.
    name : str, default "points"
        The parameter name used in error messages.

    Returns
    -------
    numpy.ndarray, shape (n,)
        The validated points (object dtype for Fractions).
    """
    arr = as_array(points, name, dtype=object if _has_fraction(points) else None)
    if arr.ndim != 1:
        raise ValueError(f"{name}: expected a 1-D sequence of reals, got shape {arr.shape}")
    if arr.dtype.kind not in "iufO" and arr.size:
        raise ValueError(f"{name}: expected real numbers, got dtype {arr.dtype}")
    if arr.dtype.kind == "f" and np.isnan(arr).any():
        raise ValueError(f"{name}: contains NaN")
    if arr.dtype.kind == "O" and not all(isinstance(v, numbers.Real) for v in arr):
        raise ValueError(f"{name}: expected real numbers")
    return arr


def _has_fraction(points) -> bool:
    try:
        return any(not isinstance(v, (int, float, np.number)) for v in points)
    except TypeError:
        return False


def as_ordered_domain(domain, name: str = "domain"):
    """``None`` (the reals) or the sorted distinct values of a finite domain.

    Parameters
    ----------
    domain : array_like or None
        A finite domain, or ``None`` for the reals.

    Returns
    -------
    numpy.ndarray or None
        The sorted distinct domain values, or ``None``.
    """
    if domain is None:
        return None
    arr = as_line_points(domain, name)
    if arr.size == 0:
        raise ValueError(f"{name}: a finite domain must not be empty")
    uniq = np.array(sorted(set(arr.tolist())), dtype=arr.dtype)
    if uniq.size != arr.size:
        raise ValueError(f"{name}: points must be distinct")
    return uniq


#: points of the line as given (ints, floats, Fractions; NaN refused), a 1-D array
LineValues = Annotated[Any, Check(as_line_points, kind="array")]
#: a finite ordered domain (its sorted distinct values) or None for the reals
Domain = Annotated[Any, Check(as_ordered_domain, kind="array")]


def quadratic_restriction(n: int, what: str) -> None:
    """Refuse a restriction whose matrix has about n² rows of n points before it is built."""
    check_array_bytes(4 * n**3 if "intervals" in what else 4 * n * n, what)


@checked
def check_in_domain(
    points: Annotated[Any, Check(as_line_points, kind="array")],
    domain: Domain,
) -> None:
    """Raise ``ValueError`` naming the points that lie outside a finite ``domain``.

    Parameters
    ----------
    points : numpy.ndarray, shape (n,)
        Validated points (from :func:`as_line_points`).
    domain : numpy.ndarray or None
        From :func:`as_ordered_domain` (``None``: the reals, nothing to check).
    """
    if domain is None or points.size == 0:
        return
    missing = set(points.tolist()) - set(domain.tolist())
    if missing:
        raise ValueError(f"points: {sorted(missing)[:5]} not in the finite domain")


@checked
def line_sample(points: LineValues, labels: Annotated[Any, Joint("0/1, one per point", kind="labels")]):
    """Validate a labelled sample on the line and group it by distinct point.

    Parameters
    ----------
    points : array_like, shape (n,)
        The sample points.
    labels : array_like, shape (n,)
        Their labels in {0, 1}.

    Returns
    -------
    values : numpy.ndarray
        The sorted distinct points.
    pos, neg : numpy.ndarray of int
        Per value, how many sample points there carry label 1 and label 0.
    """
    x = points
    y = as_array(labels, "labels")
    if y.shape != x.shape:
        raise ValueError(f"points and labels must have the same length, got {x.shape[0]} and {y.shape}")
    if y.size and ((y != 0) & (y != 1)).any():
        raise ValueError("labels: expected 0/1 labels")
    values, inverse = np.unique(x, return_inverse=True)
    pos = np.bincount(inverse, weights=(y == 1), minlength=values.size).astype(np.int64)
    neg = np.bincount(inverse, weights=(y == 0), minlength=values.size).astype(np.int64)
    return values, pos, neg
