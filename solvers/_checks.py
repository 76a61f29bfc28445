"""Input validation shared by the oracles (and re-exported by :mod:`geoprivate`)."""

from __future__ import annotations

import math
import numbers

import numpy as np

__all__ = [
    "shown",
    "check_real",
    "real_number",
    "check_positive_real",
    "check_probability",
    "check_positive_int",
    "check_nonneg_int",
    "check_int_in_range",
    "check_bool",
    "as_rng",
    "as_binary_matrix",
    "as_columns_and_labels",
    "as_positions",
    "as_list",
    "as_array",
    "check_subspace",
    "check_certificate_pair",
    "as_binary_vector",
    "check_work",
    "check_arrangement_work",
    "check_array_bytes",
    "MAX_ARRAY_BYTES",
    "DEFAULT_MAX_WORK",
]

#: The largest array a generator or an oracle allocates on request, in bytes: a bigger request is a
#: ``ValueError`` before anything is allocated (:func:`check_array_bytes`), never a MemoryError later.
MAX_ARRAY_BYTES = 2**31

#: Default budget of :func:`check_work`: about 10^8 elementary steps, i.e. seconds to a
#: minute in numpy.  Every guarded oracle takes ``max_work=`` to override it.
DEFAULT_MAX_WORK = 10**8


def shown(value) -> str:
    """``repr(value)`` for a message, an integer of more than 30 digits as ``10^k``-sized (one short line).

    Examples
    --------
    >>> shown(0.5), shown(10**400)
    ('0.5', 'an integer of 401 digits')
    """
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)):
        v = int(value)
        return str(v) if abs(v) < 10**30 else f"an integer of {len(str(abs(v)))} digits"
    text = repr(float(value)) if isinstance(value, np.floating) else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _real(value, name: str) -> float:
    if type(value) is float:  # the common case first: no ABC check
        v = value
    elif isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    else:
        try:
            v = float(value)
        except OverflowError:  # an int (or Fraction) beyond the floats: 10**400
            raise ValueError(f"{name} must be finite, got {shown(value)}") from None
    if v != v:
        raise ValueError(f"{name} must not be NaN")
    return v


def check_real(
    value, name: str, *, finite: bool = True, low=None, high=None, low_open: bool = False, high_open: bool = False
) -> float:
    """Return ``value`` as a float, checking it is real, not NaN and (by default) finite.

    ``low`` / ``high`` are optional bounds (closed unless ``low_open`` / ``high_open``).

    Examples
    --------
    >>> check_real(0.5, "gap", low=0, low_open=True)
    0.5
    >>> check_real(float("inf"), "gap")
    Traceback (most recent call last):
    ...
    ValueError: gap must be finite, got inf
    """
    v = _real(value, name)
    if finite and not math.isfinite(v):
        raise ValueError(f"{name} must be finite, got {shown(value)}")
    if low is not None and (v <= low if low_open else v < low):
        raise ValueError(f"{name} must be {'>' if low_open else '>='} {low}, got {shown(value)}")
    if high is not None and (v >= high if high_open else v > high):
        raise ValueError(f"{name} must be {'<' if high_open else '<='} {high}, got {shown(value)}")
    return v


def real_number(value, name: str):
    """``value`` unchanged if it is a real number that is not NaN (ints of any size, Fractions, ±inf kept).

    For a coordinate of the line compared exactly (a threshold, an interval's end): no conversion.

    Examples
    --------
    >>> real_number(10**400, "t") == 10**400
    True
    >>> real_number(float("nan"), "t")
    Traceback (most recent call last):
    ...
    ValueError: t must not be NaN
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    if value != value:
        raise ValueError(f"{name} must not be NaN")
    return value


def check_positive_real(value, name: str) -> float:
    """Return ``value`` as a float; raise unless it is a real number with 0 < value < inf.

    Examples
    --------
    >>> check_positive_real(0.25, "eta")
    0.25
    >>> check_positive_real(0, "rho")
    Traceback (most recent call last):
    ...
    ValueError: rho must be positive and finite, got 0
    """
    v = _real(value, name)
    if not (0 < v < math.inf):
        raise ValueError(f"{name} must be positive and finite, got {shown(value)}")
    return v


def check_probability(p, name: str, *, open_left: bool = True, open_right: bool = True) -> float:
    """Return ``p`` as a float in (0, 1) (ends included when ``open_*`` is False)."""
    v = _real(p, name)
    lo_ok = v > 0 if open_left else v >= 0
    hi_ok = v < 1 if open_right else v <= 1
    if not (lo_ok and hi_ok):
        lo = "(" if open_left else "["
        hi = ")" if open_right else "]"
        raise ValueError(f"{name} must lie in {lo}0, 1{hi}, got {shown(p)}")
    return v


def _integer(n, name: str) -> int:
    if type(n) is int:
        return n
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {type(n).__name__}")
    return int(n)


def check_positive_int(n, name: str) -> int:
    """Return ``n`` as an int; raise unless it is an integer >= 1."""
    v = _integer(n, name)
    if v < 1:
        raise ValueError(f"{name} must be >= 1, got {shown(n)}")
    return v


def check_nonneg_int(n, name: str) -> int:
    """Return ``n`` as an int; raise unless it is an integer >= 0."""
    v = _integer(n, name)
    if v < 0:
        raise ValueError(f"{name} must be >= 0, got {shown(n)}")
    return v


def check_int_in_range(n, name: str, low: int, high: int) -> int:
    """Return ``n`` as an int; raise unless it is an integer with ``low <= n <= high``.

    The bound on a size or an iteration count, checked before anything is allocated or looped
    (``2.7`` and ``True`` are refused, never truncated; NumPy integers are accepted).

    Parameters
    ----------
    n : int
        The value to check.
    name : str
        The parameter named in the error.
    low, high : int
        The closed range.

    Returns
    -------
    int

    Examples
    --------
    >>> check_int_in_range(3, "iters", 0, 10)
    3
    >>> check_int_in_range(10**12, "iters", 0, 10**6)
    Traceback (most recent call last):
    ...
    ValueError: iters must lie in [0, 1000000], got 1000000000000
    """
    v = _integer(n, name)
    if not low <= v <= high:
        raise ValueError(f"{name} must lie in [{low}, {high}], got {shown(n)}")
    return v


def check_bool(value, name: str) -> bool:
    """Return ``value`` if it is a real bool (``bool`` or ``numpy.bool_``); else ``TypeError``.

    The string ``'False'`` is truthy: accepting it would silently flip a flag.
    """
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{name} must be a bool, got {type(value).__name__} {shown(value)}")


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


def as_array(x, name: str, dtype=None) -> np.ndarray:
    """``numpy.asarray(x)``, a ragged nesting refused with a one-line error naming ``name``.

    Examples
    --------
    >>> as_array([[0, 1], [1]], "M")
    Traceback (most recent call last):
    ...
    ValueError: M: not a rectangular array (the rows have different lengths)
    """
    try:
        return np.asarray(x, dtype=dtype)
    except ValueError as exc:
        if "inhomogeneous" in str(exc) or "sequence" in str(exc):
            raise ValueError(f"{name}: not a rectangular array (the rows have different lengths)") from None
        raise ValueError(f"{name}: not an array of numbers ({exc})") from None
    except TypeError as exc:
        raise TypeError(f"{name}: not an array of numbers ({exc})") from None
    except OverflowError:
        raise ValueError(f"{name}: entries beyond the floats (an integer of hundreds of digits?)") from None


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
    arr = as_array(M, name)
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
            raise ValueError(f"{name}: entries must be 0 or 1 (a 0/1 matrix), got {arr[i, j].item()!r} at ({i}, {j})")
        out = arr.astype(np.uint8, copy=False)
    if not allow_empty_rows and out.shape[0] == 0:
        raise ValueError(f"{name}: the concept class is empty (0 rows); the quantity is undefined")
    return np.ascontiguousarray(out)


def as_list(value, name: str, what: str = "a sequence") -> list:
    """``value`` as a list: any iterable but a string or bytes (``what`` completes the message).

    Examples
    --------
    >>> as_list((1, 2), "xs")
    [1, 2]
    >>> as_list(3, "xs", "a sequence of points")
    Traceback (most recent call last):
    ...
    TypeError: xs must be a sequence of points, got int
    """
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be {what}, got {type(value).__name__}")
    return list(value)


def as_positions(idx, name: str) -> np.ndarray:
    """A 1-D array of integer positions (a scalar is one); the range is the caller's to check.

    Floats (2.7, and 2.0), booleans and ragged or non-numeric input are refused, never truncated.

    Examples
    --------
    >>> as_positions([0, 2], "cols").tolist()
    [0, 2]
    >>> as_positions([0, 2.7], "cols")
    Traceback (most recent call last):
    ...
    TypeError: cols must hold integers, got dtype float64
    """
    arr = as_array(idx, name)
    if arr.ndim == 0:
        arr = arr.reshape(1)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got shape {arr.shape}")
    if arr.size and arr.dtype.kind not in "iu":
        raise TypeError(f"{name} must hold integers, got dtype {arr.dtype}")
    return arr.astype(np.intp, copy=False)


def as_binary_vector(v, name: str) -> np.ndarray:
    """A 1-D 0/1 vector (a function on the columns, a row of a class), as ``uint8``.

    Examples
    --------
    >>> as_binary_vector([0, 1, 1], "f_row").tolist()
    [0, 1, 1]
    >>> as_binary_vector(3, "f_row")
    Traceback (most recent call last):
    ...
    ValueError: f_row: expected a 1-D 0/1 vector, got shape ()
    """
    arr = as_array(v, name)
    if arr.ndim != 1:
        raise ValueError(f"{name}: expected a 1-D 0/1 vector, got shape {arr.shape}")
    return as_binary_matrix(arr[None, :], name=name)[0]


def as_columns_and_labels(M: np.ndarray, cols, labels) -> tuple[np.ndarray, np.ndarray]:
    """Validate a labelled sample given as column indices of ``M`` and 0/1 labels."""
    if not isinstance(M, np.ndarray) or M.ndim != 2:
        raise TypeError(f"M must be a 2-D array (as_binary_matrix), got {type(M).__name__}")
    c = as_array(cols, "cols")
    y = as_array(labels, "labels")
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


def check_subspace(subspace, name: str = "subspace"):
    """An affine subspace as the oracles take it: ``None``, an object with ``equations()``
    (:class:`solvers.affine.AffineSubspace`) or a pair ``(E, f)``; returned unchanged.

    Examples
    --------
    >>> check_subspace(([[1, 1]], [1]))
    ([[1, 1]], [1])
    >>> check_subspace(3)
    Traceback (most recent call last):
    ...
    TypeError: subspace must be an AffineSubspace or a pair (E, f) of equations E z = f, got int
    """
    if subspace is None or callable(getattr(subspace, "equations", None)):
        return subspace
    if isinstance(subspace, (tuple, list)) and len(subspace) == 2:
        E, f = as_array(subspace[0], name), as_array(subspace[1], name)
        if E.size and E.ndim != 2 or f.ndim > 1 or (E.size and f.size != E.shape[0]):
            raise ValueError(
                f"{name}: (E, f) must be a matrix E and a vector f with one entry per row of E, "
                f"got shapes {E.shape} and {f.shape}"
            )
        return subspace
    raise TypeError(
        f"{name} must be an AffineSubspace or a pair (E, f) of equations E z = f, got {type(subspace).__name__}"
    )


def check_certificate_pair(value, name: str = "certificate"):
    """A Farkas certificate as the checkers take it: an object with ``y_ub`` and ``y_eq`` or a pair
    ``(y_ub, y_eq)`` of sequences; returned unchanged (the lengths are checked against the system).

    Examples
    --------
    >>> check_certificate_pair(((1, 1), ()))
    ((1, 1), ())
    >>> check_certificate_pair(None)
    Traceback (most recent call last):
    ...
    TypeError: certificate must be a FarkasCertificate or a pair (y_ub, y_eq) of sequences, got NoneType
    """
    if hasattr(value, "y_ub") and hasattr(value, "y_eq"):  # a FarkasCertificate
        return value
    ok = isinstance(value, (tuple, list)) and len(value) == 2
    if ok and all(isinstance(y, (tuple, list, np.ndarray)) for y in value):
        return value
    raise TypeError(
        f"{name} must be a FarkasCertificate or a pair (y_ub, y_eq) of sequences, got {type(value).__name__}"
    )


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


def check_array_bytes(n_bytes, what: str) -> None:
    """Refuse to allocate ``n_bytes`` (an estimate, int or float) above :data:`MAX_ARRAY_BYTES`.

    Parameters
    ----------
    n_bytes : int or float
        The memory the request needs (its arrays and temporaries).
    what : str
        The request, naming the parameter that sized it (``"thresholds_matrix(n=100000)"``).

    Raises
    ------
    ValueError
        ``n_bytes > MAX_ARRAY_BYTES``.

    Examples
    --------
    >>> check_array_bytes(10**12, "random_matrix(n_concepts=10**6, n_points=10**6)")
    Traceback (most recent call last):
    ...
    ValueError: too large: random_matrix(n_concepts=10**6, n_points=10**6) needs ~931 GiB of memory (more than 2 GiB: solvers._checks.MAX_ARRAY_BYTES)
    """
    if n_bytes > MAX_ARRAY_BYTES:
        units = ((2**50, "PiB"), (2**40, "TiB"), (2**30, "GiB"))
        size = (
            "more than 10^21 bytes"
            if n_bytes >= 2**70
            else next(f"{n_bytes / u:.3g} {name}" for u, name in units if n_bytes >= u or u == 2**30)
        )
        raise ValueError(
            f"too large: {what} needs ~{size} of memory (more than {MAX_ARRAY_BYTES / 2**30:g} GiB: "
            "solvers._checks.MAX_ARRAY_BYTES)"
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
