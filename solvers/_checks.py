"""Input validation shared by the oracles (and re-exported by :mod:`geoprivate`)."""

from __future__ import annotations

import numbers

import numpy as np

__all__ = [
    "as_rng",
    "as_binary_matrix",
    "as_columns_and_labels",
    "check_work",
    "check_arrangement_work",
    "DEFAULT_MAX_WORK",
]

#: Default budget of :func:`check_work`: about 10^8 elementary steps, i.e. seconds to a
#: minute in numpy.  Every guarded oracle takes ``max_work=`` to override it.
DEFAULT_MAX_WORK = 10**8


def as_rng(rng=None) -> np.random.Generator:
    """Turn ``rng`` into a :class:`numpy.random.Generator` (scientific-python SPEC 7).

    Parameters
    ----------
    rng : numpy.random.Generator, int, numpy.random.SeedSequence or None
        A Generator is returned as is (so the caller's stream advances); an int or a
        SeedSequence seeds a new PCG64 Generator; ``None`` draws fresh OS entropy.

    Raises
    ------
    TypeError
        For anything else (in particular the legacy ``numpy.random.RandomState``
        and floats, which would silently change the stream).
    """
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None or isinstance(rng, np.random.SeedSequence):
        return np.random.default_rng(rng)
    if isinstance(rng, numbers.Integral) and not isinstance(rng, bool):
        if rng < 0:
            raise ValueError(f"rng: a seed must be a non-negative integer, got {rng}")
        return np.random.default_rng(int(rng))
    raise TypeError(f"rng: expected a numpy.random.Generator, an int seed or None, got {type(rng).__name__}")


def as_binary_matrix(M, name: str = "M", *, allow_empty_rows: bool = True) -> np.ndarray:
    """Validate a 0/1 concept matrix and return it as a C-contiguous ``uint8`` array.

    Rows are concepts, columns are domain points.  Accepts nested lists, bool,
    integer or float arrays whose entries are exactly 0 or 1.

    Raises
    ------
    ValueError
        If ``M`` is not two-dimensional, holds NaN or an entry other than 0/1, or has
        no rows while ``allow_empty_rows`` is False.
    """
    arr = np.asarray(M)
    if arr.ndim != 2:
        raise ValueError(f"{name}: expected a 2-D 0/1 matrix (concepts x points), got shape {arr.shape}")
    if arr.dtype == bool:
        out = arr.view(np.uint8)
    else:
        if arr.dtype.kind not in "biuf":
            raise ValueError(f"{name}: expected a numeric 0/1 matrix, got dtype {arr.dtype}")
        if arr.size and arr.dtype.kind == "f" and np.isnan(arr).any():
            raise ValueError(f"{name}: contains NaN")
        # min/max reductions are much cheaper than an elementwise mask on large inputs
        if arr.size and (arr.min() < 0 or arr.max() > 1 or (arr.dtype.kind == "f" and (arr != np.round(arr)).any())):
            bad = (arr != 0) & (arr != 1)
            i, j = np.argwhere(bad)[0]
            raise ValueError(f"{name}: entries must be 0 or 1, got {arr[i, j].item()!r} at ({i}, {j})")
        out = arr.astype(np.uint8, copy=False)
    if not allow_empty_rows and out.shape[0] == 0:
        raise ValueError(f"{name}: the concept class is empty (0 rows); the quantity is undefined")
    return np.ascontiguousarray(out)


def as_columns_and_labels(M: np.ndarray, cols, labels) -> tuple[np.ndarray, np.ndarray]:
    """Validate a labelled sample given as column indices of ``M`` and 0/1 labels."""
    c = np.asarray(cols)
    y = np.asarray(labels)
    if c.ndim != 1 or y.ndim != 1:
        raise ValueError(f"cols and labels must be 1-D, got shapes {c.shape} and {y.shape}")
    if c.shape != y.shape:
        raise ValueError(f"cols and labels must have the same length, got {c.shape[0]} and {y.shape[0]}")
    if c.size and c.dtype.kind not in "iu":
        raise ValueError(f"cols: expected integer column indices, got dtype {c.dtype}")
    c = c.astype(np.intp)
    n = M.shape[1]
    if c.size and (c.min() < 0 or c.max() >= n):
        raise ValueError(f"cols: column indices must lie in [0, {n}), got {c.min()}..{c.max()}")
    if y.size and ((y != 0) & (y != 1)).any():
        raise ValueError("labels: expected 0/1 labels (solvers use {0,1}; convert ±1 at the boundary)")
    return c, y.astype(np.uint8)


def check_work(estimate: int, max_work, what: str, *, override: str = "max_work") -> None:
    """Refuse a computation whose estimated work exceeds ``max_work`` (``None``: no limit).

    Oracles whose cost is C(m, r) subsets, 2^n states or a huge dense matrix call this
    before allocating anything, so an impossible request is a clear ``ValueError`` with
    the estimate and how to override it, instead of a MemoryError after a minute or an
    endless loop.

    Parameters
    ----------
    estimate : int
        Estimated number of elementary steps (or array entries); exact Python ints are
        fine (``math.comb``, ``2**n``).
    max_work : int or None
        The budget; ``None`` disables the check.
    what : str
        What is being estimated, for the message (``"C(30, 10) vertex subsets"``).
    override : str
        Name of the keyword that raises the budget.

    Raises
    ------
    ValueError
        ``estimate > max_work``, or ``max_work`` is not a positive integer / None.

    Examples
    --------
    >>> check_work(10, 100, "ten steps")
    >>> check_work(10**9, 100, "C(40, 20) subsets")
    Traceback (most recent call last):
    ...
    ValueError: too large: C(40, 20) subsets ~ 1.0e+09 > max_work=100; pass max_work=None (or a larger int) to run it anyway
    """
    if max_work is None:
        return
    if isinstance(max_work, bool) or not isinstance(max_work, numbers.Integral) or max_work < 1:
        raise ValueError(f"{override} must be a positive integer or None, got {max_work!r}")
    if estimate > max_work:
        est = f"{float(estimate):.1e}" if estimate < 10**300 else f"10^{len(str(int(estimate))) - 1}"
        raise ValueError(
            f"too large: {what} ~ {est} > {override}={max_work}; "
            f"pass {override}=None (or a larger int) to run it anyway"
        )


def check_arrangement_work(m: int, r: int, max_work, what: str) -> None:
    """Guard for the exact arrangement of m hyperplanes of rank r (:mod:`solvers.depth`).

    Its vertices come from the C(m, r) r-subsets, each oriented against all m rows, and
    its edges from the r (r-1)-subsets of each: about C(m, r)·m·(r + 1) + C(m, r−1)·m
    sign evaluations.  Raises ``ValueError`` (see :func:`check_work`) above ``max_work``.
    """
    import math

    est = math.comb(m, r) * m * (r + 1) + (math.comb(m, r - 1) * m if r >= 1 else 0)
    check_work(est, max_work, f"{what}: C({m}, {r}) vertex subsets of the arrangement x {m} constraints")
