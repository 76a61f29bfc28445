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

import math
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from solvers._rational import beyond_floats, int_row, pow2, rational_matrix, to_fraction


def _as_matrix(A, name: str, ncols: int | None) -> tuple[list[list[Fraction]], np.ndarray | None]:
    """Validate ``A`` as a 2-D rational matrix; returns (rows of Fractions, numpy array or None).

    ``None`` or an empty sequence becomes a matrix with 0 rows (``ncols`` columns).
    """
    if A is None:
        return [], None
    if isinstance(A, (list, tuple)) and len(A) == 0:
        return [], np.asarray(A, dtype=object)
    if isinstance(A, np.ndarray) and A.ndim == 1 and A.shape[0] == 0:
        return [], A
    return rational_matrix(A, name, ncols)


def _caller_vector(v, name: str) -> list[Fraction]:
    """A vector the caller gives over the columns (``c``, ``point``): exact numbers, any length (the
    system's column count is checked by :func:`_prepare`'s ``d_hint``)."""
    if v is None or isinstance(v, (str, bytes)) or not hasattr(v, "__len__"):
        raise TypeError(f"{name} must be a 1-D vector of numbers, got {type(v).__name__}")
    return _as_vector(v, name, len(v))


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
    if arr.dtype.kind == "f" and arr.dtype.itemsize <= 8:  # Python floats, exactly: the common case, fast
        try:  # (as_integer_ratio refuses inf and nan)
            return [Fraction(*v.as_integer_ratio()) for v in arr.tolist()]
        except (OverflowError, ValueError):
            raise ValueError(f"{name}: entries must be finite, got {arr[~np.isfinite(arr)][0]!r}") from None
    if arr.dtype.kind == "f" and arr.size and not np.isfinite(arr).all():
        raise ValueError(f"{name}: entries must be finite, got {arr[~np.isfinite(arr)][0]!r}")
    vals = arr.tolist() if arr.dtype.kind != "O" else list(arr)
    return [to_fraction(v, name) for v in vals]


class _System:
    """The validated system, rows scaled to integers: ub rows first, then eq rows.

    ``A[i], b[i]`` is the caller's row ``i`` times ``scale[i] > 0`` (integers).  For numeric
    numpy input the integer rows are computed *on demand*: :meth:`rows` converts only the
    rows an exact step needs (a basis, the support of a certificate, rows the float filter
    of :func:`solvers.lp._checks._point_ok` could not settle), and ``A``, ``b``, ``scale``
    convert everything on first access.

    ``A_float``, ``b_float`` are float copies in the caller's units; ``float_exact`` says
    they equal the caller's numbers exactly (float64/32/16 input, integers below 2**53), which
    is what lets a rigorous float error bound stand in for exact arithmetic on most rows.
    """

    def __init__(
        self, d, m_ub, m_eq, A, b, scale, A_float, b_float, *, float_exact=False, blocks=None, float_input=False
    ):
        self.d, self.m_ub, self.m_eq = d, m_ub, m_eq
        self.float_input = float_input  # the caller passed float arrays (not integers, not Fractions)
        self._A, self._b, self._scale = A, b, scale
        self.A_float, self.b_float = A_float, b_float
        self.float_exact = float_exact
        self._blocks = blocks  # [(first row, numeric a, numeric b)] when A, b, scale are None
        self._row_cache: dict[int, tuple] = {}  # rows converted by rows()
        self._abs: tuple | None = None
        self._arrays: tuple | None = None  # numpy copies of the integer rows (solvers.lp._checks)

    @property
    def m(self) -> int:
        return self.m_ub + self.m_eq

    def abs_rows(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``|A_float|``, the underflow allowance ``2**-1000 (1 + sum_j |a_ij|)`` of each row,
        ``sum_j |a_ij|`` and ``|b_float|`` (cached: the float filter of :mod:`solvers.lp._checks`
        uses them on every check)."""
        if self._abs is None:
            with np.errstate(over="ignore"):
                absA = np.abs(self.A_float).reshape(self.m, self.d)
                rowsum = absA.sum(axis=1)
                self._abs = (absA, _TINY * (1 + rowsum), rowsum, np.abs(self.b_float))
        return self._abs

    def _materialise(self) -> None:
        if self._A is None:
            A, b, scale = [], [], []
            for _, a_arr, b_arr in self._blocks:
                Ai, bi, si = _int_rows(a_arr, b_arr)
                A += Ai
                b += bi
                scale += si
            self._A, self._b, self._scale = A, b, scale

    @property
    def A(self) -> list:
        self._materialise()
        return self._A

    @property
    def b(self) -> list:
        self._materialise()
        return self._b

    @property
    def scale(self) -> list:
        self._materialise()
        return self._scale

    def rows(self, idx) -> tuple[list, list, list]:
        """``(A rows, b entries, scales)`` of the rows ``idx`` (a sequence of row ids)."""
        if self._A is not None:
            idx = [int(i) for i in idx]
            return [self._A[i] for i in idx], [self._b[i] for i in idx], [self._scale[i] for i in idx]
        done = self._row_cache
        try:
            got = [done[i] for i in idx]  # every row converted before (a basis, then its checks)
        except KeyError:
            self._convert(sorted({int(i) for i in idx if i not in done}))
            got = [done[i] for i in idx]
        return [g[0] for g in got], [g[1] for g in got], [g[2] for g in got]

    def _convert(self, todo: list[int]) -> None:
        """Convert the rows ``todo`` (sorted row ids) to integers, into the row cache."""
        done = self._row_cache
        for start, a_arr, b_arr in self._blocks:
            sel = [i for i in todo if start <= i < start + a_arr.shape[0]]
            if sel:
                loc = [i - start for i in sel] if start else sel
                convert = _int_rows_few if len(sel) <= 32 else _int_rows
                done.update(zip(sel, zip(*convert(a_arr[loc], b_arr[loc]), strict=False), strict=False))


_FLOAT_EXACT_INT = 2.0**53
_TINY = 2.0**-1000  # underflow allowance of the float filter (each subnormal product loses < 2**-1074)


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


def _float_copies(a: np.ndarray, b: np.ndarray):
    """Float copies of a numeric block and whether they are exact; None if a float copy of
    mixed int/float input would lose bits (the general path answers then)."""
    ints_in = a.dtype.kind in "biu" and b.dtype.kind in "biu"
    big = [np.abs(X).max() >= 2**53 for X in (a, b) if X.dtype.kind in "iu" and X.size]
    if any(big) and not ints_in:
        return None
    return a.astype(float), b.astype(float), not any(big)


def _int_rows_few(a: np.ndarray, b: np.ndarray):
    """:func:`_int_rows` for a few rows, in plain Python (no numpy call overhead).

    Same result, row by row: integer rows stay as they are (scale 1); a float row is
    multiplied by the power of two ``s`` that makes it integral with at least one odd entry
    (``s = 2**-k`` of :func:`_int_rows`; the scale of a zero row is 1)."""
    if a.dtype.kind in "biu" and b.dtype.kind in "biu":
        return a.astype(np.int64).tolist(), b.astype(np.int64).tolist(), [Fraction(1)] * a.shape[0]
    A, B, S = [], [], []
    # Python floats, or ints below 2**53 (mixed input): int.as_integer_ratio() == float(v).as_integer_ratio()
    for row, rhs in zip(a.tolist(), b.tolist(), strict=True):
        row.append(rhs)
        ratios = [v.as_integer_ratio() for v in row]
        L = max([q for _, q in ratios])  # denominators are powers of two: the lcm is the largest
        ints = [p * (L // q) for p, q in ratios]
        g = math.gcd(*ints)
        t = (g & -g).bit_length() - 1 if g else 0  # the common power of two
        if t:
            ints = [v >> t for v in ints]
        B.append(ints.pop())
        A.append(ints)
        S.append(pow2(t - (L.bit_length() - 1)))
    return A, B, S


def _int_rows(a: np.ndarray, b: np.ndarray):
    """Numeric (m, d) and (m,) arrays -> integer rows, integer rhs, scales (vectorised).

    A float row is scaled by ``2**-k`` (``k``: the smallest binary exponent in the row) so
    that its mantissas become integers; integer rows are kept (scale 1)."""
    m, d = a.shape
    if a.dtype.kind in "biu" and b.dtype.kind in "biu":
        W = np.hstack([a.astype(np.int64), b.astype(np.int64).reshape(m, 1)])
        rows = W.tolist()
        scale = [Fraction(1)] * m
    else:
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
    return [r[:d] for r in rows], [r[d] for r in rows], scale


class _Block(NamedTuple):
    """One validated block (ub or eq): integer rows now (``rows``) or on demand (``numeric``)."""

    d: int | None
    m: int
    rows: tuple | None  # (int rows, int rhs, scales)
    numeric: tuple | None  # (numeric a, numeric b): converted by _int_rows when needed
    exact: bool  # the float copies equal the caller's numbers
    A_float: np.ndarray | None
    b_float: np.ndarray | None

    def materialised(self) -> tuple:
        if self.rows is not None:
            return self.rows
        assert self.numeric is not None, "a block holds its rows or its numeric arrays"
        return _int_rows(*self.numeric)


def _block(A, b, nameA: str, nameb: str, d: int | None) -> _Block:
    """Validate one block (``A``, ``b``)."""
    if A is None:
        if b is not None and len(b) != 0:
            raise ValueError(f"{nameb}: given ({len(b)} entries) but {nameA} is None")
        return _Block(d, 0, ([], [], []), None, True, None, None)
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
        out = _float_copies(a_arr, b_arr)
        if out is not None:  # integer rows on demand (see _System.rows)
            Af, bf, exact = out
            return _Block(d_, m_, None, (a_arr, b_arr), exact, Af, bf)
    rows, arr = _as_matrix(A, nameA, d)
    if d is None and arr is not None and arr.ndim == 2:
        d = arr.shape[1]
    if rows and d is not None and len(rows[0]) != d:
        raise ValueError(f"{nameA}: expected {d} columns, got {len(rows[0])}")
    vb = _as_vector(b, nameb, len(rows))
    Ai, bi, sc = [], [], []
    for row, rhs in zip(rows, vb, strict=True):
        ir, ib, s = int_row(row, rhs)
        Ai.append(ir)
        bi.append(ib)
        sc.append(s)
    Af = np.empty((len(rows), d or 0))
    try:
        for i, (row, ints, s) in enumerate(zip(rows, Ai, sc, strict=True)):
            try:  # float copy for HiGHS; integer rows convert fast
                Af[i] = np.array(ints, dtype=float) if s == 1 else [float(v) for v in row]
            except OverflowError:  # a scaled row beyond the floats: the row's own entries may still fit
                Af[i] = [float(v) for v in row]
    except OverflowError:
        raise beyond_floats(nameA) from None
    try:
        bf = np.array([float(v) for v in vb], dtype=float)
    except OverflowError:
        raise beyond_floats(nameb) from None
    return _Block(d, len(rows), (Ai, bi, sc), None, False, Af, bf)


def _prepare_float_ub(A_ub, b_ub, A_eq, b_eq, d_hint) -> _System | None:
    """The common case in a few numpy calls: finite float64 ``A_ub`` (m >= 1 rows), ``b_ub``, no
    equations.  The same :class:`_System` as the general path below (rows on demand,
    ``float_exact``); None for anything else (the general path validates and answers).  The
    caller's arrays are the float copies, not copied: nothing in :mod:`solvers.lp` writes to them."""
    if A_eq is not None or b_eq is not None or type(A_ub) is not np.ndarray or type(b_ub) is not np.ndarray:
        return None
    if A_ub.dtype != np.float64 or b_ub.dtype != np.float64 or A_ub.ndim != 2 or b_ub.ndim != 1:
        return None
    m, d = A_ub.shape
    if m == 0 or b_ub.shape[0] != m or (d_hint is not None and d != d_hint):
        return None
    if not (np.isfinite(A_ub).all() and np.isfinite(b_ub).all()):
        return None
    return _System(
        d,
        m,
        0,
        None,
        None,
        None,
        A_ub,
        b_ub,
        float_exact=True,
        blocks=[(0, A_ub, b_ub)],
        float_input=True,
    )


def _prepare(A_ub, b_ub, A_eq, b_eq, d_hint: int | None = None, hint_name: str = "c") -> _System:
    """Validate the system (ub rows, then eq rows); integer rows now or on demand (``d_hint``: the
    length of the caller's vector ``hint_name``, which must equal the number of columns)."""
    S = _prepare_float_ub(A_ub, b_ub, A_eq, b_eq, d_hint)
    if S is not None:
        return S
    ub = _block(A_ub, b_ub, "A_ub", "b_ub", None)
    eq = _block(A_eq, b_eq, "A_eq", "b_eq", ub.d)
    d = eq.d if eq.d is not None else d_hint
    if d is None:
        raise ValueError(
            "A_ub, A_eq: cannot infer the dimension d: both have no rows and no shape (pass np.zeros((0, d)))"
        )
    if d_hint is not None and d != d_hint:
        raise ValueError(f"{hint_name}: expected {d} entries (one per column of the constraints), got {d_hint}")
    Af = np.vstack([B.A_float.reshape(-1, d) if B.A_float is not None else np.zeros((0, d)) for B in (ub, eq)])
    bf = np.concatenate([B.b_float if B.b_float is not None else np.zeros(0) for B in (ub, eq)])
    exact = ub.exact and eq.exact
    if all(B.rows is None or B.m == 0 for B in (ub, eq)):  # numeric input: integer rows on demand
        blocks = [(start, *B.numeric) for start, B in ((0, ub), (ub.m, eq)) if B.numeric is not None]
        float_input = any(X.dtype.kind == "f" for _, a_arr, b_arr in blocks for X in (a_arr, b_arr))
        return _System(
            d, ub.m, eq.m, None, None, None, Af, bf, float_exact=exact, blocks=blocks, float_input=float_input
        )
    (Au, bu, su), (Ae, be, se) = ub.materialised(), eq.materialised()
    return _System(d, ub.m, eq.m, Au + Ae, bu + be, su + se, Af, bf, float_exact=exact)
