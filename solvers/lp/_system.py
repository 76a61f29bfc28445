"""Tier 0 — parsing and validation: the caller's system as a :class:`_System`.

The polyhedron ``{x : A_ub x <= b_ub, A_eq x = b_eq}`` is validated (shapes, NaN and
infinities rejected with an error naming the argument, non-numeric entries refused) and
every row is scaled by a positive rational to coprime integers, so that all later exact
work is integer arithmetic.  Floats are taken at their exact binary value; numeric numpy
input goes through a vectorised path (:func:`_fast_block`: mantissas and exponents from
``np.frexp``), anything else through :func:`solvers._rational.to_fraction`.
A float copy of the rows (``A_float``, ``b_float``) is kept for the HiGHS proposal.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from solvers._rational import int_row, pow2, to_fraction

__all__ = ["_System", "_prepare", "_as_vector"]


def _as_matrix(A, name: str, ncols: int | None) -> tuple[list[list[Fraction]], np.ndarray | None]:
    """Validate ``A`` as a 2-D rational matrix; returns (rows of Fractions, numpy array or None).

    ``None`` or an empty sequence becomes a matrix with 0 rows (``ncols`` columns).
    """
    if A is None:
        return [], None
    if isinstance(A, np.ndarray) and A.dtype.kind not in "biufO":
        raise TypeError(f"{name}: expected a numeric matrix, got dtype {A.dtype}")
    try:
        arr = np.asarray(A, dtype=object) if not isinstance(A, np.ndarray) else A
    except (ValueError, TypeError) as exc:  # ragged nested lists
        raise ValueError(f"{name}: not a rectangular matrix ({exc})") from None
    if arr.ndim == 1 and arr.shape[0] == 0:
        return [], arr
    if arr.ndim != 2:
        raise ValueError(f"{name}: expected a 2-D matrix, got shape {arr.shape}")
    if ncols is not None and arr.shape[1] != ncols:
        raise ValueError(f"{name}: expected {ncols} columns, got shape {arr.shape}")
    if arr.dtype.kind == "f" and arr.size and not np.isfinite(arr).all():
        i, j = np.argwhere(~np.isfinite(arr))[0]
        raise ValueError(f"{name}: entries must be finite, got {arr[i, j]!r} at ({i}, {j})")
    rows = [[to_fraction(v, name) for v in row] for row in arr.tolist()] if arr.dtype.kind != "O" else [
        [to_fraction(v, name) for v in row] for row in arr
    ]
    return rows, arr


def _as_vector(b, name: str, length: int) -> list[Fraction]:
    if b is None:
        if length:
            raise ValueError(f"{name}: missing right-hand side for {length} rows")
        return []
    if isinstance(b, np.ndarray) and b.dtype.kind not in "biufO":
        raise TypeError(f"{name}: expected a numeric vector, got dtype {b.dtype}")
    arr = np.asarray(b, dtype=object) if not isinstance(b, np.ndarray) else b
    if arr.ndim != 1:
        raise ValueError(f"{name}: expected a 1-D vector, got shape {arr.shape}")
    if arr.shape[0] != length:
        raise ValueError(f"{name}: expected length {length} (one entry per row), got {arr.shape[0]}")
    if arr.dtype.kind == "f" and arr.size and not np.isfinite(arr).all():
        raise ValueError(f"{name}: entries must be finite, got {arr[~np.isfinite(arr)][0]!r}")
    vals = arr.tolist() if arr.dtype.kind != "O" else list(arr)
    return [to_fraction(v, name) for v in vals]


@dataclass
class _System:
    """The validated system, rows scaled to integers: ub rows first, then eq rows.

    ``A[i], b[i]`` is the caller's row ``i`` times ``scale[i] > 0``.
    """

    d: int
    m_ub: int
    m_eq: int
    A: list
    b: list
    scale: list
    A_float: np.ndarray
    b_float: np.ndarray

    @property
    def m(self) -> int:
        return self.m_ub + self.m_eq


_FLOAT_EXACT_INT = 2.0**53


def _numeric_array(X) -> np.ndarray | None:
    """``X`` as a bool/int/float ndarray when that is lossless, else None (general path)."""
    if isinstance(X, np.ndarray):
        arr = X
    else:
        try:
            arr = np.asarray(X)
        except (ValueError, TypeError):
            return None
        # numpy turns [2**60 + 1, 0.5] into floats: only trust float arrays of small magnitude
        if arr.dtype.kind == "f" and arr.size and np.isfinite(arr).all() and np.abs(arr).max() >= _FLOAT_EXACT_INT:
            return None
    if arr.dtype.kind in "bi" or (arr.dtype.kind == "u" and (arr.size == 0 or arr.max() < 2**62)):
        return arr
    if arr.dtype.kind == "f" and arr.dtype.itemsize <= 8:  # float64/32/16 embed exactly in float64
        return arr
    return None


def _fast_block(a: np.ndarray, b: np.ndarray):
    """Numeric (m, d) and (m,) arrays -> integer rows, integer rhs, scales, float copies."""
    m, d = a.shape
    ints_in = a.dtype.kind in "biu" and b.dtype.kind in "biu"
    if ints_in:
        W = np.hstack([a.astype(np.int64), b.astype(np.int64).reshape(m, 1)])
        rows = W.tolist()
        scale = [Fraction(1)] * m
    else:
        for X in (a, b):
            if X.dtype.kind in "iu" and X.size and np.abs(X).max() >= 2**53:
                return None  # would lose bits in a float copy: general path
        W = np.hstack([a.astype(float), b.astype(float).reshape(m, 1)])
        mf, ef = np.frexp(W)
        mant = (mf * _FLOAT_EXACT_INT).astype(np.int64)
        expo = ef.astype(np.int64) - 53
        nz = mant != 0
        low = np.where(nz, mant & -mant, 1)
        tz = np.round(np.log2(low.astype(float))).astype(np.int64)
        mant = mant >> tz
        expo = expo + tz
        big = np.iinfo(np.int64).max
        k = np.where(nz, expo, big).min(axis=1) if d + 1 else np.zeros(m, dtype=np.int64)
        k = np.where(k == big, 0, k)
        shift = np.where(nz, expo - k[:, None], 0)
        if shift.size == 0 or (shift.max() + 54 < 63):
            rows = (mant << shift).tolist()
        else:
            rows = (mant.astype(object) << shift.astype(object)).tolist()
        scale = [pow2(kk) for kk in k.tolist()]
    A = [r[:d] for r in rows]
    bb = [r[d] for r in rows]
    return A, bb, scale, W[:, :d].astype(float), W[:, d].astype(float)


def _block(A, b, nameA: str, nameb: str, d: int | None):
    """Validate one block (``A``, ``b``); returns (d or None, int rows, int rhs, scales, float A, float b)."""
    if A is None:
        if b is not None and len(b) != 0:
            raise ValueError(f"{nameb}: given ({len(b)} entries) but {nameA} is None")
        return d, [], [], [], None, None
    a_arr = _numeric_array(A)
    b_arr = _numeric_array(b) if b is not None else None
    if a_arr is not None and b_arr is not None and a_arr.ndim == 2 and b_arr.ndim == 1:
        m_, d_ = a_arr.shape
        if d is not None and d_ != d:
            raise ValueError(f"{nameA}: expected {d} columns, got shape {a_arr.shape}")
        if b_arr.shape[0] != m_:
            raise ValueError(f"{nameb}: expected length {m_} (one entry per row of {nameA}), got {b_arr.shape[0]}")
        for X, nm in ((a_arr, nameA), (b_arr, nameb)):
            if X.dtype.kind == "f" and X.size and not np.isfinite(X).all():
                raise ValueError(f"{nm}: entries must be finite, got {X[~np.isfinite(X)][0]!r}")
        out = _fast_block(a_arr, b_arr)
        if out is not None:
            return (d_, *out)
    rows, arr = _as_matrix(A, nameA, d)
    if d is None and arr is not None and arr.ndim == 2:
        d = arr.shape[1]
    vb = _as_vector(b, nameb, len(rows))
    Ai, bi, sc = [], [], []
    for row, rhs in zip(rows, vb):
        ir, ib, s = int_row(row, rhs)
        Ai.append(ir)
        bi.append(ib)
        sc.append(s)
    Af = np.empty((len(rows), d or 0))
    for i, (row, ints, s) in enumerate(zip(rows, Ai, sc)):
        try:  # float copy for HiGHS; integer rows convert fast
            Af[i] = np.array(ints, dtype=float) if s == 1 else [float(v) for v in row]
        except OverflowError:
            Af[i] = [float(v) for v in row]
    bf = np.array([float(v) for v in vb], dtype=float)
    return d, Ai, bi, sc, Af, bf


def _prepare(A_ub, b_ub, A_eq, b_eq, d_hint: int | None = None) -> _System:
    """Validate and scale the system (ub rows, then eq rows) to integer rows."""
    d, Au, bu, su, Afu, bfu = _block(A_ub, b_ub, "A_ub", "b_ub", None)
    d, Ae, be, se, Afe, bfe = _block(A_eq, b_eq, "A_eq", "b_eq", d)
    if d is None:
        d = d_hint
    if d is None:
        raise ValueError(
            "A_ub, A_eq: cannot infer the dimension d: both have no rows and no shape (pass np.zeros((0, d)))"
        )
    if d_hint is not None and d != d_hint:
        raise ValueError(f"dimension mismatch: the constraints have {d} columns, expected {d_hint}")
    for rows, nm in ((Au, "A_ub"), (Ae, "A_eq")):
        if rows and len(rows[0]) != d:
            raise ValueError(f"{nm}: expected {d} columns, got {len(rows[0])}")
    Af = np.vstack([X.reshape(-1, d) if X is not None else np.zeros((0, d)) for X in (Afu, Afe)])
    bf = np.concatenate([X if X is not None else np.zeros(0) for X in (bfu, bfe)])
    return _System(d, len(Au), len(Ae), Au + Ae, bu + be, su + se, Af, bf)

