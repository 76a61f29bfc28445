"""Exact linear feasibility and linear optimisation with checkable certificates.

The polyhedron is ``P = {x in Q^d : A_ub x <= b_ub, A_eq x = b_eq}`` (``x`` free).
Every answer returned here is *exact* and *certified*:

* feasible  -> a point of ``P`` with :class:`fractions.Fraction` coordinates;
* infeasible -> Farkas multipliers ``(y_ub, y_eq)`` with ``y_ub >= 0``,
  ``y_ub^T A_ub + y_eq^T A_eq = 0`` and ``y_ub^T b_ub + y_eq^T b_eq < 0``.

Strategy (DESIGN.md "Exactness")
--------------------------------
1. **Float proposal.**  HiGHS (through ``highspy``, presolve off so that the
   simplex basis and the dual ray refer to the model as given) solves the LP in
   floating point.
2. **Exact repair.**  Optimal: the final simplex basis names ``d`` tight constraints
   (non-basic rows, and non-basic free columns, fixed at 0); that ``d x d`` system
   is solved in integer arithmetic (fraction-free Gauss-Jordan on the rows scaled to
   integers; sparse Markowitz elimination for many unknowns) and the point is checked
   against *every* constraint exactly; for :func:`maximize` the dual multipliers of
   the same basis are solved for and checked too.  Infeasible: HiGHS's dual ray is
   rationalised (its support is taken and the small linear system
   ``y_S^T [A_S | b_S] = (0, -1)`` solved exactly) and checked exactly.
3. **Second float attempts** when the proposal does not survive the exact check: HiGHS
   again with tight tolerances, then the max-slack LP (its optimum is a feasible point
   when ``t* >= 0``, its duals a Farkas certificate when ``t* < 0``), both repaired and
   checked as above.
4. **Exact active-set repair** (``method="exact-active-set"``): a vertex-form simplex in
   rational arithmetic on ``max t : A_ub x + t <= b_ub, t <= 0`` (equations eliminated
   through :class:`solvers.affine.AffineSubspace`), started at the float solution, so
   that near-degenerate systems whose feasible region is below HiGHS's tolerances
   (widths ~1e-9) are settled in a few exact steps.  Used up to 40 free coordinates,
   with an iteration cap (smallest-index rule; on the cap the fallback below answers).
5. **Exact fallback** (``method="exact-simplex"``): an integer-preserving
   (Edmonds/Bareiss fraction-free) two-phase tableau simplex with Bland's rule.  It
   always terminates and always yields a certificate; it is slow (pure Python
   integers, ~30 ms for 50 x 5, growing with ``m * (2d + m)`` per pivot), so it is
   the last resort.

Every answer is re-checked by the same exact checker that backs
:func:`is_feasible_point` / :func:`is_farkas_certificate` before it is returned
(an ``AssertionError`` would signal a bug, never a wrong answer).

Input numbers: Python/numpy integers, :class:`fractions.Fraction` (any
``numbers.Rational``), and floats, which are taken at their **exact binary value**
(``Fraction(0.1) == 3602879701896397/36028797018963968``), so an answer certifies
the system the caller actually passed.  NaN and infinities are rejected.

Strict inequalities (``strict=True``): the max-slack LP
``slack = max { t : A_ub x + t*1 <= b_ub, A_eq x = b_eq, t <= 1 }``
(rows in the caller's own scaling, capped at 1 so that it is bounded; with no
inequality rows ``slack = 1`` if the equations are solvable).  The strict system
``A_ub x < b_ub, A_eq x = b_eq`` is feasible iff ``slack > 0``.  Otherwise the
certificate is a Motzkin (transposition theorem) certificate: ``y_ub >= 0``,
``y^T A = 0`` and either ``y^T b < 0``, or ``y^T b <= 0`` with ``y_ub != 0``
(see :func:`is_farkas_certificate` with ``strict=True``).

References
----------
Seed paper 001 (C. Yan, *Private Prediction via Shrinkage*), §5: the halfspace
generator G_halfspace (Algorithm 4) reduces to linear feasibility problems.
J. Edmonds, "Systems of distinct representatives and linear algebra" (1967) and
E. H. Bareiss (1968) for fraction-free elimination; R. G. Bland (1977) for the
anti-cycling pivot rule.
"""

from __future__ import annotations

import functools
import math
import numbers
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

__all__ = [
    "FarkasCertificate",
    "LPResult",
    "OptimizeResult",
    "feasible_point",
    "maximize",
    "is_feasible_point",
    "is_farkas_certificate",
    "is_optimize_certificate",
]


_ZERO = Fraction(0)

# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class FarkasCertificate:
    """Farkas multipliers: ``y_ub`` (one per inequality row, ``>= 0``) and ``y_eq`` (free).

    For the system ``A_ub x <= b_ub, A_eq x = b_eq`` they certify infeasibility when
    ``y_ub^T A_ub + y_eq^T A_eq = 0`` and ``y_ub^T b_ub + y_eq^T b_eq < 0``.
    """

    y_ub: tuple
    y_eq: tuple


@dataclass(frozen=True)
class LPResult:
    """Outcome of :func:`feasible_point`.

    Attributes
    ----------
    feasible : bool
        Whether the (strict, if ``strict=True``) system has a solution.
    point : tuple of Fraction or None
        A solution, satisfying every constraint exactly (strictly, for ``strict=True``).
    certificate : FarkasCertificate or None
        When infeasible: Farkas (or, for ``strict=True``, Motzkin) multipliers.
    slack : Fraction or None
        Only for ``strict=True``: the max-slack value (module docstring); ``None`` when
        even the equations ``A_eq x = b_eq`` have no solution.
    method : str
        Which tier answered: ``"highs+exact"`` (float proposal, exact repair),
        ``"exact-active-set"``, ``"exact-simplex"`` or ``"trivial"`` (no constraints);
        informative only — every answer is exact and checked whatever the tier.
    """

    feasible: bool
    point: tuple | None
    certificate: FarkasCertificate | None
    slack: Fraction | None = None
    method: str = ""


@dataclass(frozen=True)
class OptimizeResult:
    """Outcome of :func:`maximize`.

    Attributes
    ----------
    status : {"optimal", "unbounded", "infeasible"}
    point : tuple of Fraction or None
        An optimal point (``optimal``) or a feasible point (``unbounded``).
    value : Fraction or None
        The optimal value ``c^T x``.
    dual : FarkasCertificate or None
        For ``optimal``: multipliers ``y_ub >= 0``, ``y_eq`` with
        ``A_ub^T y_ub + A_eq^T y_eq = c`` and ``b^T y = value`` (strong duality, exact).
    ray : tuple of Fraction or None
        For ``unbounded``: ``A_ub r <= 0``, ``A_eq r = 0``, ``c^T r > 0``.
    certificate : FarkasCertificate or None
        For ``infeasible``: Farkas multipliers.
    method : str
    """

    status: str
    point: tuple | None = None
    value: Fraction | None = None
    dual: FarkasCertificate | None = None
    ray: tuple | None = None
    certificate: FarkasCertificate | None = None
    method: str = ""


# --------------------------------------------------------------------------- input


def _to_fraction(x, name: str) -> Fraction:
    t = type(x)
    if t is Fraction:
        return x
    if t is int:
        return Fraction(x)
    if isinstance(x, (bool, np.bool_)):
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
    rows = [[_to_fraction(v, name) for v in row] for row in arr.tolist()] if arr.dtype.kind != "O" else [
        [_to_fraction(v, name) for v in row] for row in arr
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
    return [_to_fraction(v, name) for v in vals]


def _int_row(row: list[Fraction], rhs: Fraction) -> tuple[list[int], int, Fraction]:
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


@functools.lru_cache(maxsize=4096)
def _pow2(k: int) -> Fraction:
    """``2**-k`` as a Fraction (cached: row scale factors of float input)."""
    return Fraction(1, 1 << k) if k >= 0 else Fraction(1 << -k)


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
        scale = [_pow2(kk) for kk in k.tolist()]
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
        ir, ib, s = _int_row(row, rhs)
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


# --------------------------------------------------------------------------- exact checks


def _dot(row, vec) -> int:
    return sum(a * v for a, v in zip(row, vec))


def _common_denominator(vals) -> tuple[list[int], int]:
    """Fractions -> (integer numerators, positive common denominator)."""
    D = math.lcm(*(v.denominator for v in vals)) if vals else 1
    return [v.numerator * (D // v.denominator) for v in vals], D


def _int_arrays(S: _System):
    """Cached numpy views of the integer rows: int64 when every entry is small, else object."""
    cache = getattr(S, "_arrays", None)
    if cache is None:
        try:
            A = np.array(S.A, dtype=np.int64).reshape(S.m, S.d)
            big = int(np.abs(A).max()) if A.size else 0
            if big >= 2**62:
                raise OverflowError
        except OverflowError:
            A = np.array(S.A, dtype=object).reshape(S.m, S.d)
            big = max(abs(v) for row in S.A for v in row)
        bigb = max(map(abs, S.b), default=0)
        cache = (A, big, bigb)
        S._arrays = cache
    return cache


def _point_ok(S: _System, nums: list[int], D: int, strict: bool = False) -> bool:
    """Exact: ``A x <= b`` (``<`` if strict) on ub rows, ``=`` on eq rows, for ``x = nums / D``, ``D > 0``."""
    if S.m == 0:
        return True
    A, big, bigb = _int_arrays(S)
    bigx = max((abs(v) for v in nums), default=0)
    if A.dtype != object and big * bigx * max(S.d, 1) < 2**62 and bigb * D < 2**62:
        lhs = A @ np.array(nums, dtype=np.int64)
        rhs = np.array(S.b, dtype=np.int64) * D
    else:
        lhs = A.astype(object) @ np.array(nums, dtype=object)
        rhs = np.array(S.b, dtype=object) * D
    lhs = np.asarray(lhs).reshape(S.m)
    u = S.m_ub
    if u and ((lhs[:u] >= rhs[:u]).any() if strict else (lhs[:u] > rhs[:u]).any()):
        return False
    return bool((lhs[u:] == rhs[u:]).all())


def _cert_ok(S: _System, y: list[int], strict: bool = False) -> bool:
    """Exact Farkas check for integer multipliers ``y`` of the *scaled* rows."""
    if any(v < 0 for v in y[: S.m_ub]):
        return False
    supp = [i for i, v in enumerate(y) if v]
    for j in range(S.d):
        if sum(y[i] * S.A[i][j] for i in supp) != 0:
            return False
    yb = sum(y[i] * S.b[i] for i in supp)
    if yb < 0:
        return True
    return strict and yb == 0 and any(y[i] > 0 for i in supp if i < S.m_ub)


def _scaled_to_caller(S: _System, y_scaled: list[Fraction]) -> FarkasCertificate:
    y = [v * s if v else _ZERO for v, s in zip(y_scaled, S.scale)]
    return FarkasCertificate(tuple(y[: S.m_ub]), tuple(y[S.m_ub :]))


def _caller_to_scaled_ints(S: _System, cert: FarkasCertificate) -> list[int]:
    y = [Fraction(v) / s for v, s in zip(list(cert.y_ub) + list(cert.y_eq), S.scale)]
    nums, _ = _common_denominator(y)
    return nums


def is_feasible_point(A_ub, b_ub, A_eq, b_eq, point, *, strict: bool = False) -> bool:
    """Exact check that ``point`` satisfies ``A_ub x <= b_ub`` (``<`` if ``strict``) and ``A_eq x = b_eq``.

    Parameters
    ----------
    A_ub, b_ub, A_eq, b_eq : array_like
        As in :func:`feasible_point` (``None`` for an absent block).
    point : sequence of numbers
        Coordinates (ints, Fractions, floats at their exact binary value).

    Returns
    -------
    bool

    Examples
    --------
    >>> is_feasible_point([[1, 1]], [1], None, None, [Fraction(1, 2), Fraction(1, 2)])
    True
    >>> is_feasible_point([[1, 1]], [1], None, None, [Fraction(1, 2), Fraction(1, 2)], strict=True)
    False
    """
    p = _as_vector(point, "point", len(point) if point is not None else 0)
    S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=len(p))
    nums, D = _common_denominator(p)
    return _point_ok(S, nums, D, strict)


def is_farkas_certificate(A_ub, b_ub, A_eq, b_eq, certificate, *, strict: bool = False) -> bool:
    """Exact check of Farkas (``strict=False``) or Motzkin (``strict=True``) multipliers.

    ``strict=False``: ``y_ub >= 0``, ``y_ub^T A_ub + y_eq^T A_eq = 0`` and
    ``y_ub^T b_ub + y_eq^T b_eq < 0`` — proves ``{A_ub x <= b_ub, A_eq x = b_eq}`` empty.

    ``strict=True``: the same, except that ``y^T b <= 0`` suffices when ``y_ub != 0`` —
    proves ``{A_ub x < b_ub, A_eq x = b_eq}`` empty (Motzkin's transposition theorem).

    Parameters
    ----------
    certificate : FarkasCertificate or pair (y_ub, y_eq)

    Examples
    --------
    >>> is_farkas_certificate([[1], [-1]], [0, -1], None, None, FarkasCertificate((1, 1), ()))
    True
    """
    if isinstance(certificate, FarkasCertificate):
        y_ub, y_eq = certificate.y_ub, certificate.y_eq
    else:
        y_ub, y_eq = certificate
    S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=None if (A_ub is not None or A_eq is not None) else 0)
    yu = _as_vector(list(y_ub), "certificate.y_ub", S.m_ub)
    ye = _as_vector(list(y_eq), "certificate.y_eq", S.m_eq)
    nums = _caller_to_scaled_ints(S, FarkasCertificate(tuple(yu), tuple(ye)))
    return _cert_ok(S, nums, strict)


def is_optimize_certificate(c, A_ub, b_ub, A_eq, b_eq, result: "OptimizeResult") -> bool:
    """Exact check of a :func:`maximize` answer.

    ``optimal``: ``point`` feasible, ``dual`` has ``y_ub >= 0`` and
    ``A_ub^T y_ub + A_eq^T y_eq = c``, and ``c^T point == b^T y == value`` (weak duality
    then proves optimality).  ``unbounded``: ``point`` feasible and ``ray`` with
    ``A_ub r <= 0``, ``A_eq r = 0``, ``c^T r > 0``.  ``infeasible``: ``certificate``
    passes :func:`is_farkas_certificate`.
    """
    cv = _as_vector(c, "c", len(c))
    S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=len(cv))
    if result.status == "infeasible":
        return result.certificate is not None and is_farkas_certificate(A_ub, b_ub, A_eq, b_eq, result.certificate)
    if result.point is None:
        return False
    nums, D = _common_denominator(_as_vector(list(result.point), "point", S.d))
    if not _point_ok(S, nums, D):
        return False
    if result.status == "unbounded":
        if result.ray is None:
            return False
        r = _as_vector(list(result.ray), "ray", S.d)
        rn, _ = _common_denominator(r)
        return all(
            (_dot(S.A[i], rn) <= 0 if i < S.m_ub else _dot(S.A[i], rn) == 0) for i in range(S.m)
        ) and sum(a * b for a, b in zip(cv, r)) > 0
    if result.status != "optimal" or result.dual is None:
        return False
    y = [Fraction(v) / s for v, s in zip(list(result.dual.y_ub) + list(result.dual.y_eq), S.scale)]
    if len(y) != S.m:
        return False
    value = sum(a * Fraction(b, D) for a, b in zip(cv, nums))
    return value == result.value and _optimal_ok(S, cv, nums, D, y)


# --------------------------------------------------------------------------- exact linear algebra


_DENSE_MAX = 10  # systems with more unknowns go through the sparse elimination below


def _sparse_solve(rows: list[dict], rhs: list, n: int, guess=None) -> list[Fraction] | None:
    """A solution of the sparse system ``rows * y = rhs`` (``rows[i]``: column -> value).

    Gaussian elimination over Fractions with a Markowitz-style pivot choice (shortest
    row, then shortest column), so the unit and near-unit rows that dominate the LPs of
    convex-hull membership (``-lambda_i <= 0``) cost O(1) each.  Returns ``None`` if the
    system is inconsistent; free unknowns take ``guess[j]`` (rationalised) or 0.
    """
    R = [{c: Fraction(v) for c, v in r.items() if v} for r in rows]
    B = [Fraction(v) for v in rhs]
    col_rows: dict[int, set] = {}
    for i, r in enumerate(R):
        for c in r:
            col_rows.setdefault(c, set()).add(i)
    active = set(range(len(R)))
    order = []
    while active:
        i = min(active, key=lambda k: len(R[k]))
        active.discard(i)
        Ri = R[i]
        if not Ri:
            if B[i] != 0:
                return None
            continue
        c = min(Ri, key=lambda cc: len(col_rows[cc]))
        p = Ri[c]
        for k in list(col_rows[c]):
            if k == i or k not in active:
                continue
            Rk = R[k]
            f = Rk[c] / p
            for cc, v in Ri.items():
                nv = Rk.get(cc, _ZERO) - f * v
                if nv:
                    if cc not in Rk:
                        col_rows[cc].add(k)
                    Rk[cc] = nv
                elif cc in Rk:
                    del Rk[cc]
                    col_rows[cc].discard(k)
            B[k] -= f * B[i]
        order.append((i, c))
    pivot_cols = {c for _, c in order}
    y = [_ZERO] * n
    for j in range(n):
        if j not in pivot_cols and guess is not None:
            g = guess[j]
            y[j] = g if isinstance(g, Fraction) else Fraction(float(g)).limit_denominator(10**6)
    for i, c in reversed(order):
        acc = B[i]
        for cc, v in R[i].items():
            if cc != c and y[cc]:
                acc -= v * y[cc]
        y[c] = acc / R[i][c]
    return y


def _solve_square(M: list[list[int]], rhs: list[int]) -> tuple[list[int], int] | None:
    """Fraction-free (Bareiss) Gauss-Jordan solve of the integer system ``M x = rhs``.

    Returns ``(nums, D)`` with ``x = nums / D``, ``D > 0`` and ``gcd(nums, D) = 1``, or
    ``None`` if ``M`` is singular.  After the last step every pivot equals ``det M`` and the
    right-hand side column holds ``det M * x``: no rational arithmetic is needed.
    """
    n = len(M)
    if n == 0:
        return [], 1
    if n > _DENSE_MAX:
        # (if M is singular but the system consistent, this returns *a* solution; callers
        # check the point against every constraint anyway)
        y = _sparse_solve([{j: v for j, v in enumerate(row) if v} for row in M], rhs, n)
        return None if y is None else _common_denominator(y)
    T = [list(M[i]) + [rhs[i]] for i in range(n)]
    prev = 1
    for k in range(n):
        piv = next((i for i in range(k, n) if T[i][k] != 0), None)
        if piv is None:
            return None
        if piv != k:
            T[k], T[piv] = T[piv], T[k]
        Tk = T[k]
        p = Tk[k]
        for i in range(n):
            if i == k:
                continue
            Ti = T[i]
            f = Ti[k]
            if f == 0 and prev == 1:
                if p != 1:
                    T[i] = [p * a for a in Ti]
                continue
            T[i] = [(p * a - f * b) // prev for a, b in zip(Ti, Tk)]
        prev = p
    det = prev
    nums = [T[i][n] for i in range(n)]
    if det < 0:
        det, nums = -det, [-v for v in nums]
    g = math.gcd(det, *nums)
    return [v // g for v in nums], det // g


def _rref_solve(M: list[list[int]], rhs: list[int], guess: list[Fraction]) -> list[Fraction] | None:
    """A solution of the integer system ``M y = rhs`` (any shape) or ``None`` if there is none.

    Fraction-free Gauss-Jordan elimination (every intermediate entry is an integer
    minor, divisions are exact); free variables take the values in ``guess``.
    """
    n = len(guess)
    if n > _DENSE_MAX:
        return _sparse_solve([{j: v for j, v in enumerate(row) if v} for row in M], rhs, n, guess)
    T = [list(r) + [v] for r, v in zip(M, rhs)]
    nr = len(T)
    pivots = []
    prev = 1
    r = 0
    for c in range(n):
        if r == nr:
            break
        piv = next((i for i in range(r, nr) if T[i][c] != 0), None)
        if piv is None:
            continue
        T[r], T[piv] = T[piv], T[r]
        p = T[r][c]
        Tr = T[r]
        for i in range(nr):
            if i == r:
                continue
            Ti = T[i]
            f = Ti[c]
            T[i] = [(p * a - f * bb) // prev for a, bb in zip(Ti, Tr)]
        prev = p
        pivots.append(c)
        r += 1
    # pivot rows: T[k] has entry `prev` in pivot column k and 0 in the other pivot columns
    # (earlier pivot rows were rescaled by later pivots: fraction-free Gauss-Jordan invariant)
    if any(T[i][n] != 0 for i in range(r, nr)):
        return None
    piv_set = set(pivots)
    free = [j for j in range(n) if j not in piv_set]
    y = [_ZERO] * n
    for j in free:
        g = guess[j]
        y[j] = g if isinstance(g, Fraction) else Fraction(float(g)).limit_denominator(10**6)
    for k, c in enumerate(pivots):
        row = T[k]
        acc = Fraction(row[n])
        for j in free:
            if row[j]:
                acc -= row[j] * y[j]
        y[c] = acc / row[c]
    return y


# --------------------------------------------------------------------------- float proposal (HiGHS)


def _highs_solve(S: _System, c: np.ndarray | None, options: dict | None = None):
    """Run HiGHS on the float system; returns the Highs object and its model status."""
    import highspy

    d, m = S.d, S.m
    inf = highspy.kHighsInf
    A = S.A_float
    bu = S.b_float
    lower = np.concatenate([np.full(S.m_ub, -inf), bu[S.m_ub : S.m]])
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("presolve", "off")
    for key, value in (options or {}).items():
        h.setOptionValue(key, value)
    lp = highspy.HighsLp()
    lp.num_col_ = d
    lp.num_row_ = m
    lp.col_cost_ = np.zeros(d) if c is None else -np.asarray(c, dtype=float)  # HiGHS minimises
    lp.col_lower_ = np.full(d, -inf)
    lp.col_upper_ = np.full(d, inf)
    lp.row_lower_ = lower
    lp.row_upper_ = bu.astype(float)
    mat = lp.a_matrix_
    mat.format_ = highspy.MatrixFormat.kRowwise
    mat.num_col_ = d
    mat.num_row_ = m
    A = np.ascontiguousarray(A, dtype=float).reshape(m, d)
    if m * d > 400:  # pass only the nonzeros (unit rows such as -lambda_i <= 0 are common)
        rows_, cols_ = np.nonzero(A)
        mat.start_ = np.concatenate([[0], np.cumsum(np.bincount(rows_, minlength=m))]).astype(np.int32)
        mat.index_ = cols_.astype(np.int32)
        mat.value_ = A[rows_, cols_]
    else:
        mat.start_ = np.arange(0, m * d + 1, d, dtype=np.int32)
        mat.index_ = np.tile(np.arange(d, dtype=np.int32), m)
        mat.value_ = A.ravel()
    h.passModel(lp)
    h.run()
    return h, h.getModelStatus()


def _dual_ray(h) -> tuple[bool, np.ndarray | None]:
    """HiGHS's dual ray, across highspy versions (``(status, has, ray)`` or ``(status, ray)``)."""
    try:
        out = h.getDualRay()
    except Exception:  # pragma: no cover - very old/new highspy: the exact fallback answers
        return False, None
    if isinstance(out, tuple) and len(out) == 3:
        return bool(out[1]), np.asarray(out[2], dtype=float)
    if isinstance(out, tuple) and len(out) == 2:  # pragma: no cover
        return out[1] is not None, np.asarray(out[1], dtype=float)
    return False, None  # pragma: no cover


def _basis_vertex(S: _System, h, rows_A, rows_b, d) -> tuple[list[int], list[int], list[int], int] | None:
    """Exact point of the HiGHS basis: (tight row ids, fixed col ids, nums, D) or None."""
    import highspy

    basic = highspy.HighsBasisStatus.kBasic
    bas = h.getBasis()
    if not bas.valid:
        return None
    tight = [i for i, s in enumerate(bas.row_status) if s != basic]
    fixed = [j for j, s in enumerate(bas.col_status) if s != basic]
    if len(tight) + len(fixed) != d:
        return None
    M = [rows_A[i] for i in tight] + [[1 if k == j else 0 for k in range(d)] for j in fixed]
    r = [rows_b[i] for i in tight] + [0] * len(fixed)
    sol = _solve_square(M, r)
    if sol is None:
        return None
    return tight, fixed, sol[0], sol[1]


def _ray_certificate(S: _System, ray: np.ndarray, strict: bool = False) -> list[int] | None:
    """Rationalise a float dual ray into an exact Farkas certificate (scaled-row ints) or None."""
    ray = np.asarray(ray, dtype=float)
    if ray.shape != (S.m,) or not np.isfinite(ray).all():
        return None
    scale = np.array([float(s) for s in S.scale]) if S.m else np.zeros(0)
    for sign in (1.0, -1.0):
        y = sign * ray / scale  # multipliers of the scaled rows
        big = np.max(np.abs(y)) if y.size else 0.0
        if big <= 0:
            return None
        y = y / big
        # support: judged on the multiplier times the row's size, in the caller's units
        # (the integer scaling factors of different rows can differ by many orders)
        weight = np.abs(ray) * (np.abs(S.A_float).sum(axis=1) + np.abs(S.b_float))
        wmax = weight.max()
        if S.m_ub and (sign * ray[: S.m_ub] < -1e-7 * np.abs(ray).max()).any():
            continue
        support = [i for i in range(S.m) if weight[i] > 1e-9 * wmax]
        # exact: y_S^T [A_S | b_S] = (0, ..., 0, -1), free variables from the float ray
        M = [[S.A[i][j] for i in support] for j in range(S.d)]
        M.append([S.b[i] for i in support])
        rhs = [0] * S.d + [-1]
        yb = float(sign * ray @ S.b_float) / big  # y^T b is the same in scaled and caller units
        if not yb < 0:
            continue
        guess = [float(y[i] / -yb) for i in support]  # used only for free variables
        sol = _rref_solve(M, rhs, guess)
        if sol is None:
            continue
        full = [Fraction(0)] * S.m
        for i, v in zip(support, sol):
            full[i] = v
        nums, _ = _common_denominator(full)
        if _cert_ok(S, nums, strict):
            return nums
    return None


# --------------------------------------------------------------------------- exact simplex (fallback)


def _exact_simplex(S: _System, c: list[int] | None):
    """Integer-preserving two-phase simplex with Bland's rule, on the scaled integer rows.

    Solves ``max c^T x`` over the system (``c=None``: feasibility only); ``x`` is split
    as ``x+ - x-``, inequality rows get slacks, rows with a negative right-hand side and
    equality rows get artificials (phase 1).  All tableau entries are integers (the
    true tableau times the current basis determinant ``D``); duals are read off the
    columns of the initial unit basis.

    Returns one of
    ``("optimal", x_nums, D, y_scaled)`` (``y_scaled``: Fractions, one per row),
    ``("infeasible", y_ints)``, ``("unbounded", x_nums, D, ray_nums)``.
    """
    d = S.d
    rowsA = [list(r) for r in S.A]
    rowsb = list(S.b)
    kinds = ["ub"] * S.m_ub + ["eq"] * S.m_eq
    m = len(rowsA)
    ub_ids = [i for i in range(m) if kinds[i] == "ub"]
    n_ub = len(ub_ids)
    # columns: x+ (d) | x- (d) | slacks (n_ub) | artificials (n_art) | rhs
    sigma = [1 if rowsb[i] >= 0 else -1 for i in range(m)]
    art_rows = [i for i in range(m) if kinds[i] == "eq" or sigma[i] < 0]
    n_art = len(art_rows)
    ncol = 2 * d + n_ub + n_art
    T = np.zeros((m + 1, ncol + 1), dtype=object)
    T[:] = 0
    slack_col = {}
    for k, i in enumerate(ub_ids):
        slack_col[i] = 2 * d + k
    unit = [0] * m
    basis = [0] * m
    for i in range(m):
        s = sigma[i]
        for j in range(d):
            T[i + 1, j] = s * rowsA[i][j]
            T[i + 1, d + j] = -s * rowsA[i][j]
        if i in slack_col:
            T[i + 1, slack_col[i]] = s
        T[i + 1, ncol] = s * rowsb[i]
    for k, i in enumerate(art_rows):
        T[i + 1, 2 * d + n_ub + k] = 1
        unit[i] = basis[i] = 2 * d + n_ub + k
    for i in range(m):
        if i not in art_rows:
            unit[i] = basis[i] = slack_col[i]
    is_art = np.zeros(ncol, dtype=bool)
    is_art[2 * d + n_ub :] = True
    D = 1

    def pivot(r, s):  # r: constraint row (0-based), s: column
        nonlocal T, D
        p = T[r + 1, s]
        col = T[:, s].copy()
        prow = T[r + 1, :].copy()
        T = (p * T - np.outer(col, prow)) // D
        T[r + 1, :] = prow
        D = p
        if D < 0:
            T = -T
            D = -D
        basis[r] = s

    def run(allow):
        """Bland's rule on the objective row T[0] (entering: negative reduced cost)."""
        while True:
            obj = T[0]
            s = next((j for j in range(ncol) if allow[j] and obj[j] < 0), None)
            if s is None:
                return None
            best = None
            for i in range(m):
                a = T[i + 1, s]
                if a > 0:
                    if best is None:
                        best = i
                    else:
                        lhs = T[i + 1, ncol] * T[best + 1, s]
                        rhs = T[best + 1, ncol] * a
                        if lhs < rhs or (lhs == rhs and basis[i] < basis[best]):
                            best = i
            if best is None:
                return s  # unbounded direction along column s
            pivot(best, s)

    def set_objective(cost):  # cost: list of ints (maximise), length ncol
        row = np.zeros(ncol + 1, dtype=object)
        row[:] = 0
        for i in range(m):
            cb = cost[basis[i]]
            if cb:
                row = row + cb * T[i + 1]
        row[:ncol] = row[:ncol] - D * np.array(cost, dtype=object)
        T[0] = row

    def duals(cost):
        # pi_i = R_{unit_i} / D + cost_{unit_i};  original-row multiplier y_i = sigma_i * pi_i
        return [sigma[i] * (Fraction(T[0, unit[i]], D) + cost[unit[i]]) for i in range(m)]

    # phase 1: maximise -sum(artificials)
    cost1 = [0] * ncol
    for k in range(n_art):
        cost1[2 * d + n_ub + k] = -1
    allow = ~is_art
    if n_art:
        set_objective(cost1)
        run(allow)
        if T[0, ncol] != 0:  # optimum -sum(a) < 0: infeasible
            y = duals(cost1)  # sigma * pi: a Farkas certificate (see the phase-1 dual)
            nums, _ = _common_denominator(y)
            return ("infeasible", nums[: S.m])
        # drive remaining (zero-level) artificials out of the basis where possible
        for r in range(m):
            if is_art[basis[r]]:
                s = next((j for j in range(ncol) if not is_art[j] and T[r + 1, j] != 0), None)
                if s is not None:
                    pivot(r, s)
    # phase 2
    cost2 = [0] * ncol
    if c is not None:
        for j in range(d):
            cost2[j] = c[j]
            cost2[d + j] = -c[j]
    set_objective(cost2)
    s_unb = run(allow)

    def current_x():
        x = [0] * d
        for i in range(m):
            bcol = basis[i]
            if bcol < d:
                x[bcol] += T[i + 1, ncol]
            elif bcol < 2 * d:
                x[bcol - d] -= T[i + 1, ncol]
        return [int(v) for v in x], int(D)

    xn, Dx = current_x()
    if s_unb is not None:
        r = [0] * d
        if s_unb < d:
            r[s_unb] += D
        elif s_unb < 2 * d:
            r[s_unb - d] -= D
        for i in range(m):
            a = T[i + 1, s_unb]
            bcol = basis[i]
            if bcol < d:
                r[bcol] -= a
            elif bcol < 2 * d:
                r[bcol - d] += a
        return ("unbounded", xn, Dx, [int(v) for v in r])
    return ("optimal", xn, Dx, duals(cost2))


# --------------------------------------------------------------------------- public solvers


def _to_point(nums: list[int], D: int) -> tuple:
    return tuple(Fraction(v, D) for v in nums)


def _certificate_from_ints(S: _System, y: list[int]) -> FarkasCertificate:
    """Integer multipliers of the scaled rows -> coprime integer multipliers of the caller's rows."""
    supp = [i for i, v in enumerate(y) if v]
    vals = [y[i] * S.scale[i] for i in supp]  # caller units: y_caller_i = y_scaled_i * scale_i
    L = math.lcm(*(v.denominator for v in vals)) if vals else 1
    ints = [v.numerator * (L // v.denominator) for v in vals]
    g = math.gcd(*ints) if ints else 1
    full = [_ZERO] * S.m
    for i, v in zip(supp, ints):
        full[i] = Fraction(v // g)
    return FarkasCertificate(tuple(full[: S.m_ub]), tuple(full[S.m_ub :]))


def _normalise_certificate(cert: FarkasCertificate) -> FarkasCertificate:
    """Scale multipliers to coprime integers (positive scaling keeps them a certificate)."""
    vals = list(cert.y_ub) + list(cert.y_eq)
    nz = [v for v in vals if v]
    if not nz:
        return cert
    L = math.lcm(*(v.denominator for v in nz))
    g = math.gcd(*(v.numerator * (L // v.denominator) for v in nz))
    f = Fraction(L, g)
    out = [v * f if v else _ZERO for v in vals]
    return FarkasCertificate(tuple(out[: len(cert.y_ub)]), tuple(out[len(cert.y_ub) :]))


def feasible_point(A_ub, b_ub, A_eq=None, b_eq=None, *, strict: bool = False) -> LPResult:
    """Exact feasibility of ``{x : A_ub x <= b_ub, A_eq x = b_eq}`` with a certificate either way.

    Parameters
    ----------
    A_ub : array_like, shape (m_ub, d), or None
        Inequality rows (may have 0 rows; then ``d`` is read from its shape or from ``A_eq``).
    b_ub : array_like, shape (m_ub,), or None
    A_eq : array_like, shape (m_eq, d), optional
    b_eq : array_like, shape (m_eq,), optional
    strict : bool, default False
        If True, decide the strict system ``A_ub x < b_ub, A_eq x = b_eq`` through the
        max-slack LP ``slack = max{t : A_ub x + t*1 <= b_ub, A_eq x = b_eq, t <= 1}``
        (rows in the caller's own scaling; capped at 1; ``slack = 1`` when there are no
        inequality rows and the equations are solvable; ``None`` when they are not).
        Strictly feasible iff ``slack > 0``; the returned point is then a maximiser, so
        every inequality holds with margin ``>= slack``.  Otherwise the certificate is a
        Motzkin certificate (see :func:`is_farkas_certificate` with ``strict=True``);
        ``slack == 0`` means feasible but not strictly, ``slack < 0`` infeasible.

    Returns
    -------
    LPResult
        ``feasible`` and either ``point`` (exact, checked) or ``certificate`` (exact,
        checked: :func:`is_farkas_certificate` returns True on it, with the same
        ``strict``).

    Raises
    ------
    ValueError
        For shapes that disagree, NaN or infinite entries, or an undeterminable ``d``.
    TypeError
        For non-numeric entries.

    Examples
    --------
    >>> r = feasible_point([[1, 1], [-1, 0], [0, -1]], [1, 0, 0])
    >>> r.feasible and is_feasible_point([[1, 1], [-1, 0], [0, -1]], [1, 0, 0], None, None, r.point)
    True
    >>> r = feasible_point([[1], [-1]], [0, -1])          # x <= 0 and x >= 1
    >>> r.feasible, r.certificate
    (False, FarkasCertificate(y_ub=(Fraction(1, 1), Fraction(1, 1)), y_eq=()))
    """
    S = _prepare(A_ub, b_ub, A_eq, b_eq)
    if strict:
        return _feasible_strict(S)
    return _feasible(S)


_TIGHT = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


def _feasible(S: _System) -> LPResult:
    """Float proposal + exact repair (a second HiGHS run with tight tolerances if the
    first proposal does not survive the exact check), exact simplex as the last resort."""
    import highspy

    MS = highspy.HighsModelStatus
    if S.m == 0:
        return LPResult(True, tuple(Fraction(0) for _ in range(S.d)), None, None, "trivial")
    h = status = None
    for options in (None, _TIGHT):
        try:
            h, status = _highs_solve(S, None, options=options)
        except Exception:  # pragma: no cover - float path unavailable: exact fallback
            break
        if status == MS.kOptimal:
            v = _basis_vertex(S, h, S.A, S.b, S.d)
            if v is not None and _point_ok(S, v[2], v[3]):
                return LPResult(True, _to_point(v[2], v[3]), None, None, "highs+exact")
            x = _rounded_point(h, S)
            if x is not None:
                return LPResult(True, _to_point(*x), None, None, "highs+exact")
        elif status == MS.kInfeasible:
            has, ray = _dual_ray(h)
            if has:
                y = _ray_certificate(S, ray)
                if y is not None:
                    return LPResult(False, None, _certificate_from_ints(S, y), None, "highs+exact")
        else:
            break
    out = _feasible_via_slack(S)
    if out is None:
        x = None
        if h is not None and status == MS.kOptimal:
            x = h.getSolution().col_value
        out = _feasible_active_set(S, x)
    return out if out is not None else _feasible_exact(S)


def _rounded_point(h, S: _System):
    """The float solution rounded to nearby simple rationals, if that is exactly feasible."""
    x = h.getSolution().col_value
    if len(x) < S.d or not all(math.isfinite(v) for v in x[: S.d]):
        return None
    for den in (10**3, 10**6, 10**9):
        p = [Fraction(v).limit_denominator(den) for v in x[: S.d]]
        nums, D = _common_denominator(p)
        if _point_ok(S, nums, D):
            return nums, D
    return None


_ACTIVE_SET_MAX_DIM = 40


def _nullspace(rows: list[list], n: int) -> list[list[Fraction]]:
    """A basis of ``{v : r . v = 0 for r in rows}`` (exact, from the RREF)."""
    R = [[Fraction(v) for v in r] for r in rows]
    piv = []
    r = 0
    for c in range(n):
        k = next((i for i in range(r, len(R)) if R[i][c] != 0), None)
        if k is None:
            continue
        R[r], R[k] = R[k], R[r]
        p = R[r][c]
        R[r] = [v / p for v in R[r]]
        for i in range(len(R)):
            if i != r and R[i][c] != 0:
                f = R[i][c]
                R[i] = [a - f * b for a, b in zip(R[i], R[r])]
        piv.append(c)
        r += 1
        if r == len(R):
            break
    out = []
    for f in (j for j in range(n) if j not in set(piv)):
        v = [_ZERO] * n
        v[f] = Fraction(1)
        for i, c in enumerate(piv):
            v[c] = -R[i][f]
        out.append(v)
    return out


def _phase1_active_set(G: list[list[int]], h: list[int], u0: list[Fraction], max_iter: int):
    """Exact active-set (vertex-form) simplex for ``max t : G u + t <= h, t <= 0``.

    Starts from the feasible point ``(u0, min(0, min(h - G u0)))`` — typically the
    float solution, so few steps are needed — and walks with exact rational steps:
    first to a vertex (moving along null-space directions of the working set, lines
    of the region being pinned), then simplex pivots with Bland's smallest-index rule.
    Returns ``("feasible", u)``, ``("infeasible", lam)`` with ``lam >= 0``,
    ``lam^T G = 0``, ``lam^T h < 0``, or ``None`` (iteration cap; the caller falls back).
    """
    m, k = len(G), len(u0)
    n = k + 1
    rows = [list(g) + [1] for g in G] + [[0] * k + [1]]
    rhs = list(h) + [0]
    c = [0] * k + [1]

    def dot(a, z):
        return sum(x * y for x, y in zip(a, z) if x and y)

    un, uD = _common_denominator(list(u0))
    slack0 = Fraction(min((h[i] * uD - sum(a * x for a, x in zip(G[i], un) if a and x) for i in range(m)),
                          default=0), uD)
    z = list(u0) + [min(_ZERO, slack0)]
    if z[k] >= 0:
        return "feasible", z[:k]
    W: list = []  # row ids, or ("pin", vector) for lines of the region
    pins_int = {}

    def wrow(w):
        return rows[w] if not isinstance(w, tuple) else pins_int[w[1]]

    def ratio(dvec, exclude):
        """Smallest step along dvec to a constraint not in ``exclude`` (ties: smallest index).

        Integer arithmetic: z = zn / zD and dvec = dn / dD with common denominators."""
        zn, zD = _common_denominator(z)
        dn, dD = _common_denominator(dvec)
        best, bnum, bden = None, 0, 1
        for j in range(m + 1):
            if j in exclude:
                continue
            rj = rows[j]
            ad = sum(a * x for a, x in zip(rj, dn) if a and x)
            if ad > 0:
                num = rhs[j] * zD - sum(a * x for a, x in zip(rj, zn) if a and x)
                if best is None or num * bden < bnum * ad:
                    best, bnum, bden = j, num, ad
        if best is None:
            return None, None
        return best, Fraction(bnum * dD, zD * bden)

    for _ in range(max_iter):
        active = {w for w in W if not isinstance(w, tuple)}
        if len(W) < n:
            N = _nullspace([wrow(w) for w in W], n)
            v = next((x for x in N if dot(c, x) != 0), N[0])
            if dot(c, v) < 0:
                v = [-x for x in v]
            j, step = ratio(v, active)
            if j is None:
                v = [-x for x in v]
                j, step = ratio(v, active)
                if j is None:  # a line of the region: pin it
                    L = math.lcm(*(x.denominator for x in v))
                    key = len(pins_int)
                    pins_int[key] = [int(x * L) for x in v]
                    W.append(("pin", key))
                    continue
            z = [a + step * b for a, b in zip(z, v)]
            W.append(j)
        else:
            M = [wrow(w) for w in W]
            lam = _rref_solve([[M[i][j] for i in range(n)] for j in range(n)], c, [_ZERO] * n)
            if lam is None:
                return None
            neg = [(W[i], i) for i in range(n) if not isinstance(W[i], tuple) and lam[i] < 0]
            if not neg:
                break
            _, pos = min(neg)
            e = [0] * n
            e[pos] = -1
            dvec = _rref_solve(M, e, [_ZERO] * n)
            if dvec is None:
                return None
            j, step = ratio(dvec, active)
            if j is None:
                return None
            z = [a + step * b for a, b in zip(z, dvec)]
            W[pos] = j
        if z[k] >= 0:
            return "feasible", z[:k]
    else:
        return None
    if z[k] >= 0:
        return "feasible", z[:k]
    lam_rows = [_ZERO] * m
    for w, l in zip(W, lam):
        if not isinstance(w, tuple) and w < m:
            lam_rows[w] = l
    return "infeasible", lam_rows


def _feasible_active_set(S: _System, x_float) -> LPResult | None:
    """Exact repair seeded by the float solution (see :func:`_phase1_active_set`).

    Equations are eliminated first (the LP runs in the coordinates of the affine
    subspace ``A_eq x = b_eq``); the certificate's ``y_eq`` is then recovered exactly.
    """
    from solvers.affine import AffineSubspace

    if S.d - S.m_eq + 1 > _ACTIVE_SET_MAX_DIM:  # dim >= d - m_eq: too big, skip before building it
        return None
    if S.m_eq:
        try:
            V = AffineSubspace.from_equations(S.A[S.m_ub :], S.b[S.m_ub :])
        except ValueError:
            return None
    else:
        V = AffineSubspace.full(S.d)
    if V.dim + 1 > _ACTIVE_SET_MAX_DIM:
        return None
    if S.m_eq:
        G, h = V.restrict(np.array(S.A[: S.m_ub], dtype=object).reshape(S.m_ub, S.d), S.b[: S.m_ub])
        Gi, hi, sc = [], [], []
        for row, rh in zip(G, h):
            a, bb, s = _int_row(list(row), rh)
            Gi.append(a)
            hi.append(bb)
            sc.append(s)
    else:  # the full space: coordinates are x itself
        Gi, hi, sc = S.A[: S.m_ub], S.b[: S.m_ub], [1] * S.m_ub
    xf = list(x_float) if x_float is not None and len(x_float) == S.d else [0.0] * S.d
    if not all(math.isfinite(v) for v in xf):
        xf = [0.0] * S.d
    u0 = [Fraction(xf[p]).limit_denominator(10**9) - V.point[p] for p in V.pivots]
    out = _phase1_active_set(Gi, hi, u0, max_iter=20 * (S.m + S.d + 2))
    if out is None:
        return None
    if out[0] == "feasible":
        x = V.to_ambient(out[1])
        nums, D = _common_denominator(list(x))
        if _point_ok(S, nums, D):
            return LPResult(True, tuple(x), None, None, "exact-active-set")
        return None
    lam = [l * s for l, s in zip(out[1], sc)]  # multipliers of S's ub rows
    y = lam + [_ZERO] * S.m_eq
    if S.m_eq:  # A_eq^T y_eq = -A_ub^T y_ub
        supp = [i for i in range(S.m_ub) if lam[i]]
        target = [-sum(lam[i] * S.A[i][j] for i in supp) for j in range(S.d)]
        L = math.lcm(*(t.denominator for t in target)) if target else 1
        M = [[S.A[S.m_ub + e][j] for e in range(S.m_eq)] for j in range(S.d)]
        ye = _rref_solve(M, [int(t * L) for t in target], [_ZERO] * S.m_eq)
        if ye is None:
            return None
        y = lam + [v / L for v in ye]
    nums, _ = _common_denominator(y)
    if _cert_ok(S, nums):
        return LPResult(False, None, _certificate_from_ints(S, nums), None, "exact-active-set")
    return None


def _feasible_exact(S: _System) -> LPResult:
    out = _exact_simplex(S, None)
    if out[0] == "infeasible":
        y = out[1]
        assert _cert_ok(S, y), "internal error: exact simplex produced an invalid Farkas certificate"
        return LPResult(False, None, _certificate_from_ints(S, y), None, "exact-simplex")
    _, xn, D = out[:3]
    assert _point_ok(S, xn, D), "internal error: exact simplex produced an infeasible point"
    return LPResult(True, _to_point(xn, D), None, None, "exact-simplex")


def _slack_system(S: _System):
    """The max-slack LP in variables ``(x, t)``, as a scaled-integer :class:`_System`.

    Caller rows ``a_i x + t <= b_i`` (ub), ``a_i x = b_i`` (eq) and the cap ``t <= 1``
    (placed right after the ub rows); ``t`` is in the caller's units, so each ub row is
    rescaled by the denominator of its scale factor to keep integer coefficients.
    """
    A, b, scale = [], [], []
    for i in range(S.m):
        s = S.scale[i]
        if i < S.m_ub:  # scaled row s*a_i x + s*t <= s*b_i, times den(s) to stay integral
            k = s.denominator
            A.append([v * k for v in S.A[i]] + [s.numerator] if k != 1 else S.A[i] + [s.numerator])
            b.append(S.b[i] * k)
            scale.append(_pow2(0) if s.numerator == 1 else Fraction(s.numerator))
        else:
            A.append(S.A[i] + [0])
            b.append(S.b[i])
            scale.append(s)
    A.append([0] * S.d + [1])
    b.append(1)
    scale.append(Fraction(1))
    tcol = np.r_[np.ones(S.m_ub), np.zeros(S.m_eq)].reshape(S.m, 1)
    Af = np.hstack([S.A_float.reshape(S.m, S.d), tcol])
    Af = np.vstack([Af, np.eye(1, S.d + 1, S.d)])
    bf = np.concatenate([S.b_float, [1.0]])
    # the cap row t <= 1 is an inequality row: put it right after the ub rows
    order = list(range(S.m_ub)) + [S.m] + list(range(S.m_ub, S.m))
    return _System(
        S.d + 1, S.m_ub + 1, S.m_eq,
        [A[i] for i in order], [b[i] for i in order], [scale[i] for i in order],
        Af[order], bf[order],
    )


def _max_slack(S: _System, exact_fallback: bool = True):
    """Solve the max-slack LP exactly.

    Returns ``(slack, x, cert, method)``: ``slack`` None when the equations alone are
    infeasible (``cert`` then certifies that); otherwise the exact optimum ``t*`` and its
    maximiser ``x``, and for ``t* <= 0`` a Motzkin certificate ``cert`` with
    ``y_ub >= 0``, ``sum(y_ub) = 1``, ``y^T A = 0`` and ``y^T b = t*``.  With
    ``exact_fallback=False`` returns None when the float path does not produce a
    certified answer.
    """
    T = _slack_system(S)
    c = [0] * S.d + [1]
    res = _maximize_sys(T, c, exact_fallback=exact_fallback)
    if res is None:
        return None
    if res.status == "infeasible":  # only the equations can be infeasible
        y = list(res.certificate.y_ub) + list(res.certificate.y_eq)
        cap = y.pop(S.m_ub)  # the cap row t <= 1 sits right after the ub rows
        cert = FarkasCertificate(tuple(y[: S.m_ub]), tuple(y[S.m_ub :]))
        assert cap == 0 and _cert_ok(S, _caller_to_scaled_ints(S, cert)), "internal error: invalid certificate"
        return None, None, cert, res.method
    assert res.status == "optimal", "max-slack LP is bounded by construction"
    t = res.value
    x = tuple(res.point[: S.d])
    if t > 0:
        return t, x, None, res.method
    y = list(res.dual.y_ub) + list(res.dual.y_eq)
    cap = y.pop(S.m_ub)
    assert cap == 0, "internal error: the cap t <= 1 cannot be tight when slack <= 0"
    cert = FarkasCertificate(tuple(y[: S.m_ub]), tuple(y[S.m_ub :]))
    return t, x, cert, res.method


def _feasible_strict(S: _System) -> LPResult:
    t, x, cert, method = _max_slack(S)
    if t is None:
        return LPResult(False, None, cert, None, method)
    if t > 0:
        nums, D = _common_denominator(list(x))
        assert _point_ok(S, nums, D, strict=True), "internal error: max-slack point not strictly feasible"
        return LPResult(True, x, None, t, method)
    assert _cert_ok(S, _caller_to_scaled_ints(S, cert), strict=True), "internal error: invalid Motzkin certificate"
    return LPResult(False, None, _normalise_certificate(cert), t, method)


def _feasible_via_slack(S: _System) -> LPResult | None:
    """Second float attempt for the non-strict question: the max-slack LP (its optimum
    is a feasible point when ``t* >= 0`` and its duals a Farkas certificate when
    ``t* < 0``); None if its float path fails too."""
    out = _max_slack(S, exact_fallback=False)
    if out is None:
        return None
    t, x, cert, method = out
    if t is None:
        return LPResult(False, None, cert, None, method)
    if t >= 0:
        nums, D = _common_denominator(list(x))
        if _point_ok(S, nums, D):
            return LPResult(True, x, None, None, method)
        return None
    ints = _caller_to_scaled_ints(S, cert)
    if _cert_ok(S, ints):
        return LPResult(False, None, _normalise_certificate(cert), None, method)
    return None


def maximize(c, A_ub, b_ub, A_eq=None, b_eq=None) -> OptimizeResult:
    """Exact ``max c^T x`` over ``{x : A_ub x <= b_ub, A_eq x = b_eq}`` (``x`` free).

    Parameters
    ----------
    c : array_like, shape (d,)
    A_ub, b_ub, A_eq, b_eq : as in :func:`feasible_point`.

    Returns
    -------
    OptimizeResult
        ``optimal``: exact optimal point, value and dual multipliers (strong duality
        checked exactly); ``unbounded``: a feasible point and an improving ray;
        ``infeasible``: a Farkas certificate.

    Examples
    --------
    >>> r = maximize([1, 1], [[1, 2], [3, 1], [-1, 0], [0, -1]], [4, 6, 0, 0])
    >>> r.status, r.value, r.point
    ('optimal', Fraction(14, 5), (Fraction(8, 5), Fraction(6, 5)))
    """
    cv = _as_vector(c, "c", len(c) if c is not None else 0)
    S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=len(cv))
    return _maximize_sys(S, cv)


def _optimal_ok(S: _System, c: list[Fraction], xn, D, y_scaled: list[Fraction]) -> bool:
    """Exact primal feasibility, dual feasibility and equal objective values."""
    if not _point_ok(S, xn, D):
        return False
    supp = [i for i, v in enumerate(y_scaled) if v]
    if any(y_scaled[i] < 0 for i in supp if i < S.m_ub):
        return False
    Lc = math.lcm(*(v.denominator for v in c)) if c else 1
    cint = [int(v * Lc) for v in c]
    ynum, yden = _common_denominator([y_scaled[i] for i in supp])
    # sum_i y_i A_ij == c_j   <=>   Lc * sum_i ynum_i A_ij == cint_j * yden
    for j in range(S.d):
        if Lc * sum(yv * S.A[i][j] for yv, i in zip(ynum, supp)) != cint[j] * yden:
            return False
    # c^T x == b^T y   <=>   (cint . xn) * yden == (ynum . b) * Lc * D
    return _dot(cint, xn) * yden == sum(yv * S.b[i] for yv, i in zip(ynum, supp)) * Lc * D


def _maximize_sys(S: _System, c: list[Fraction], exact_fallback: bool = True) -> OptimizeResult | None:
    import highspy

    MS = highspy.HighsModelStatus
    c = [Fraction(v) for v in c]
    if S.m == 0:  # no constraints: optimal (c = 0) or unbounded along c
        zero = tuple(_ZERO for _ in range(S.d))
        if any(c):
            return OptimizeResult("unbounded", zero, None, None, tuple(c), None, "trivial")
        return OptimizeResult("optimal", zero, _ZERO, FarkasCertificate((), ()), None, None, "trivial")
    if S.m:
        try:
            h, status = _highs_solve(S, np.array([float(v) for v in c]))
        except Exception:  # pragma: no cover
            h, status = None, None
        if status == MS.kOptimal:
            v = _basis_vertex(S, h, S.A, S.b, S.d)
            if v is not None:
                tight, fixed, xn, D = v
                # duals: [A_tight; E_fixed]^T (y_tight, r) = c with r == 0 required
                n = S.d
                M = [[S.A[i][j] for i in tight] + [1 if j == k else 0 for k in fixed] for j in range(n)]
                Lc = math.lcm(*(v.denominator for v in c)) if c else 1
                sol = _rref_solve(M, [int(v * Lc) for v in c], [_ZERO] * n)
                if sol is not None:
                    sol = [v / Lc if v else _ZERO for v in sol]
                if sol is not None and all(v == 0 for v in sol[len(tight):]):
                    y = [_ZERO] * S.m
                    for i, v in zip(tight, sol):
                        y[i] = v
                    if _optimal_ok(S, c, xn, D, y):
                        return OptimizeResult(
                            "optimal", _to_point(xn, D), sum(cj * Fraction(xj, D) for cj, xj in zip(c, xn)),
                            _scaled_to_caller(S, y), None, None, "highs+exact",
                        )
        elif status == MS.kInfeasible:
            has, ray = _dual_ray(h)
            if has:
                y = _ray_certificate(S, ray)
                if y is not None:
                    cert = _certificate_from_ints(S, y)
                    return OptimizeResult("infeasible", certificate=cert, method="highs+exact")
        elif status in (MS.kUnbounded, MS.kUnboundedOrInfeasible) and exact_fallback:
            out = _unbounded_exact(S, c)
            if out is not None:
                return out
    return _maximize_exact(S, c) if exact_fallback else None


def _unbounded_exact(S: _System, c: list[Fraction]) -> OptimizeResult | None:
    """Certify unboundedness through two feasibility problems: a point of P and a ray
    ``A_ub r <= 0, A_eq r = 0, c^T r = 1`` (each solved and checked exactly)."""
    p = _feasible(S)
    if not p.feasible:
        return OptimizeResult("infeasible", certificate=p.certificate, method=p.method)
    Lc = math.lcm(*(v.denominator for v in c)) if c else 1
    ci = [int(v * Lc) for v in c]
    R = _System(
        S.d, S.m_ub, S.m_eq + 1, S.A + [ci], [0] * S.m + [Lc], S.scale + [Fraction(1)],
        np.vstack([S.A_float, np.array([float(v) for v in c]).reshape(1, S.d)]),
        np.concatenate([np.zeros(S.m), [1.0]]),
    )
    r = _feasible(R)
    if not r.feasible:
        return None
    return OptimizeResult("unbounded", p.point, None, None, r.point, None, "highs+exact")


def _maximize_exact(S: _System, c: list[Fraction]) -> OptimizeResult:
    L = math.lcm(*(v.denominator for v in c)) if c else 1
    ci = [int(v * L) for v in c]
    out = _exact_simplex(S, ci)
    if out[0] == "infeasible":
        y = out[1]
        assert _cert_ok(S, y), "internal error: invalid Farkas certificate"
        return OptimizeResult("infeasible", certificate=_certificate_from_ints(S, y),
                              method="exact-simplex")
    if out[0] == "unbounded":
        _, xn, D, r = out
        assert _point_ok(S, xn, D), "internal error: infeasible point"
        assert all(
            (_dot(S.A[i], r) <= 0 if i < S.m_ub else _dot(S.A[i], r) == 0) for i in range(S.m)
        ) and sum(cj * rj for cj, rj in zip(c, r)) > 0, "internal error: invalid unbounded ray"
        g = math.gcd(*r) or 1
        return OptimizeResult("unbounded", _to_point(xn, D), None, None,
                              tuple(Fraction(v // g) for v in r), None, "exact-simplex")
    _, xn, D, y = out
    y = [v / L for v in y[: S.m]]
    assert _optimal_ok(S, c, xn, D, y), "internal error: exact simplex optimum does not check"
    value = sum(cj * Fraction(xj, D) for cj, xj in zip(c, xn))
    return OptimizeResult("optimal", _to_point(xn, D), value, _scaled_to_caller(S, y), None, None, "exact-simplex")
