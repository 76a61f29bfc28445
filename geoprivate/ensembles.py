"""One ensemble abstraction: the hypotheses F = (f_1, …, f_k) of a predictor, answering votes.

Shared by [Yan26]'s generators (:mod:`geoprivate.prediction.generators`: F_j of one stretch between
hard queries, Algorithm 2) and [NNSY23]'s GenericBBL (:mod:`geoprivate.everlasting.ensembles`: F_i of
one phase, step 3b).  An :class:`Ensemble` is a list of hypotheses in the class's own representation
with

* ``predict(xs)``: the labels f_i(x) in {0, 1}, shape (k, len(xs));
* ``counts(xs)``: the vote *counts* Σ_i f_i(x) (integers, what GenericBBL feeds BetweenThresholds);
* ``votes(xs)``: the vote *fractions* counts / k (q_x(F_j) of [Yan26] Algorithm 2, step 2c);
* ``critical_points()`` (where the vote changes) and, on the line, ``breakpoints()``.

One subclass per problem of :data:`geoprivate.problems.CONCEPTS`; :func:`make_ensemble` picks it
from the problem's name.  Hypotheses may be a NumPy array (GenericBBL's thresholds: 10⁵–10⁶ of them,
kept as the array, never copied into a list).  Labels {0, 1}.
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Annotated, Any, Literal

import numpy as np

from geoprivate._validation import (
    BinaryMatrix,
    Check,
    Joint,
    LinePoints,
    check_finite_array,
    check_indices,
    check_real,
    checked,
)
from solvers._checks import as_array, as_list


def _sample_errors(value, name: str) -> np.ndarray:
    """Non-negative integer error counts, one per hypothesis (int64)."""
    arr = as_array(value, name)
    if arr.ndim != 1 or (arr.size and arr.dtype.kind not in "iuf"):
        raise TypeError(f"{name} must be a 1-D array of integer counts, got dtype {arr.dtype}, shape {arr.shape}")
    if arr.dtype.kind == "f" and arr.size and not (np.isfinite(arr).all() and (arr == np.round(arr)).all()):
        raise ValueError(f"{name} must hold integer counts, got {arr[~np.isfinite(arr) | (arr != np.round(arr))][:3]}")
    if arr.size and arr.min() < 0:
        raise ValueError(f"{name} must be non-negative counts, got {arr.min()}")
    return arr.astype(np.int64)


def _halfspaces(value, name: str) -> list:
    """Halfspaces (a, w): a a non-empty 1-D vector of finite reals, w a finite real; as a list."""
    out = as_list(value, name, "a sequence of halfspaces (a, w)")
    if not out:
        raise ValueError(f"{name}: at least one halfspace (a, w) is needed, got none")
    for h in out:
        if isinstance(h, (str, bytes)) or not hasattr(h, "__len__") or len(h) != 2:
            raise TypeError(f"{name} must hold pairs (a, w), got {h!r}")
        a, w = h
        if isinstance(a, (str, bytes)) or not hasattr(a, "__iter__"):
            raise TypeError(f"{name} (a): a vector of reals is needed, got {type(a).__name__}")
        for v in a:
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):
                raise TypeError(f"{name} (a): coordinates must be real numbers, got {type(v).__name__}")
        check_finite_array([float(v) for v in a], f"{name} (a)", ndim=1, allow_empty=False)
        if isinstance(w, (bool, np.bool_)) or not isinstance(w, numbers.Real):
            raise TypeError(f"{name} (w): a real number is needed, got {type(w).__name__}")
        check_real(float(w), f"{name} (w)")
    return out


#: the hypotheses of an ensemble, checked by its class (thresholds, intervals, rows of a matrix, halfspaces)
_Hypotheses = Annotated[Any, Joint("the hypotheses of the ensemble's class, at least one", kind="array")]
_SampleErrors = Annotated[Any, Check(_sample_errors, kind="array")]
_Halfspaces = Annotated[Any, Check(_halfspaces, kind="object")]
#: points of R^d, checked against the halfspaces' dimension
_PointsRd = Annotated[Any, Joint("finite points of R^d (d of the halfspaces)", kind="array")]
#: query columns of a finite class, checked against its matrix
_Columns = Annotated[Any, Joint("column indices of the matrix", kind="indices")]

__all__ = [
    "Ensemble",
    "FiniteEnsemble",
    "HalfspaceEnsemble",
    "IntervalEnsemble",
    "ThresholdEnsemble",
    "halfspace_votes",
    "halfspace_votes_matrix",
    "make_ensemble",
]


@checked
class Ensemble:
    """The hypotheses F = {f_1, …, f_k}: one stretch of [Yan26] Algorithm 2, or one phase of [NNSY23] GenericBBL.

    Parameters
    ----------
    hypotheses : sequence or numpy.ndarray
        f_i for i = 1..k (the class's own representation); an array is kept as it is.
    sample_errors : array_like of int, optional
        err_{S_i}(f_i)·m (the number of mistakes on each block); None when not computed (GenericBBL).
    realisable : bool, default True
        Whether every f_i is consistent with HardQuery ([Yan26] Claims 4 / 8).
    info : dict, optional
        Generator-specific data (affine dimension, cdepth values, ...).
    """

    kind = "ensemble"

    def __init__(
        self,
        hypotheses: Annotated[Any, Joint("the hypotheses, interpreted by the subclass", kind="object")],
        sample_errors: _SampleErrors | None = None,
        realisable: bool = True,
        info: dict | None = None,
    ):
        if isinstance(hypotheses, (str, bytes)) or not hasattr(hypotheses, "__iter__"):
            raise TypeError(f"hypotheses must be a sequence, got {type(hypotheses).__name__}")
        self.hypotheses = hypotheses if isinstance(hypotheses, np.ndarray) else list(hypotheses)
        if len(self.hypotheses) == 0:
            raise ValueError(
                "hypotheses: an ensemble needs at least one hypothesis (its votes are fractions of k), got 0"
            )
        self.sample_errors = sample_errors
        if sample_errors is not None and sample_errors.size != len(self.hypotheses):
            raise ValueError(
                f"sample_errors must have one entry per hypothesis ({len(self.hypotheses)}), got {sample_errors.size}"
            )
        self.realisable = realisable
        self.info = dict(info or {})

    @property
    def k(self) -> int:
        """The number of hypotheses (GenericBBL's T_i)."""
        return len(self.hypotheses)

    @property
    def T(self) -> int:
        """GenericBBL's name for :attr:`k` ([NNSY23] §5: T_i blocks per phase)."""
        return self.k

    def predict(self, xs: Annotated[Any, Joint("queries of the ensemble's domain", kind="array")]) -> np.ndarray:
        """Labels f_i(x) in {0, 1}, shape (k, len(xs))."""
        raise NotImplementedError

    def counts(self, xs: Annotated[Any, Joint("queries of the ensemble's domain", kind="array")]) -> np.ndarray:
        """Σ_i f_i(x): how many hypotheses label each x with 1 (int64)."""
        return self.predict(xs).sum(axis=0, dtype=np.int64)

    def votes(self, xs: Annotated[Any, Joint("queries of the ensemble's domain", kind="array")]) -> np.ndarray:
        """q_x(F_j) = ½(1 + (1/k) Σ_i f_{i,j}(x)) in ±1 terms: the fraction voting 1 ([Yan26] Algorithm 2, step 2c)."""
        return self.predict(xs).mean(axis=0)

    def critical_points(self) -> np.ndarray:
        """Points where the vote changes (for adaptive adversaries); may be empty."""
        return np.empty(0)


@checked
class ThresholdEnsemble(Ensemble):
    """Thresholds f_i(x) = [x ≥ t_i] (t_i = inf: the all-0 concept)."""

    kind = "thresholds"

    def __init__(
        self,
        hypotheses: _Hypotheses,
        sample_errors: _SampleErrors | None = None,
        realisable: bool = True,
        info: dict | None = None,
    ):
        super().__init__(hypotheses, sample_errors, realisable, info)
        self._t_in_order = _float_array(self.hypotheses)
        self._t = np.sort(self._t_in_order)

    def predict(self, xs: LinePoints):
        return (xs[None, :] >= self._t_in_order[:, None]).astype(np.uint8)

    def counts(self, xs: LinePoints):
        return np.searchsorted(self._t, xs, side="right")

    def votes(self, xs: LinePoints):
        return self.counts(xs) / self._t.size

    def breakpoints(self) -> np.ndarray:
        """The finite thresholds, sorted (with repetitions): the vote is constant between them."""
        return self._t[np.isfinite(self._t)]

    def critical_points(self):
        return np.unique(self.breakpoints())


@checked
class IntervalEnsemble(Ensemble):
    """Intervals f_i(x) = [a_i ≤ x ≤ b_i] (None: the empty concept)."""

    kind = "intervals"

    def __init__(
        self,
        hypotheses: _Hypotheses,
        sample_errors: _SampleErrors | None = None,
        realisable: bool = True,
        info: dict | None = None,
    ):
        super().__init__(hypotheses, sample_errors, realisable, info)
        ne = [h for h in self.hypotheses if h is not None]
        if any(np.ndim(h) != 1 or len(h) != 2 for h in ne):
            raise ValueError("hypotheses: each interval must be a pair (a, b) or None")
        ab = np.array(
            [(check_real(h[0], "hypotheses", finite=False), check_real(h[1], "hypotheses", finite=False)) for h in ne],
            dtype=np.float64,
        ).reshape(-1, 2)
        if np.any(ab[:, 0] > ab[:, 1]):
            bad = ab[ab[:, 0] > ab[:, 1]][0].tolist()
            raise ValueError(f"hypotheses: an interval [a, b] needs a <= b (None is the empty concept), got {bad}")
        self._a = np.sort(ab[:, 0])
        self._b = np.sort(ab[:, 1])

    def predict(self, xs: LinePoints):
        x = xs
        rows = [
            np.zeros(x.size, np.uint8) if h is None else ((x >= h[0]) & (x <= h[1])).astype(np.uint8)
            for h in self.hypotheses
        ]
        return np.array(rows, dtype=np.uint8).reshape(len(rows), x.size)

    def counts(self, xs: LinePoints):
        x = xs
        return np.searchsorted(self._a, x, side="right") - np.searchsorted(self._b, x, side="left")

    def votes(self, xs: LinePoints):
        return self.counts(xs) / self.k

    def breakpoints(self) -> np.ndarray:
        """The left ends, then the right ends (each sorted, with repetitions)."""
        return np.concatenate([self._a, self._b])

    def critical_points(self):
        return np.unique(self.breakpoints())


@checked
class FiniteEnsemble(Ensemble):
    """Rows of a finite class's matrix; queries are column indices (domain positions)."""

    kind = "finite"

    def __init__(
        self,
        matrix: BinaryMatrix,
        hypotheses: _Hypotheses,
        sample_errors: _SampleErrors | None = None,
        realisable: bool = True,
        info: dict | None = None,
    ):
        super().__init__(hypotheses, sample_errors, realisable, info)
        M = matrix
        self._M = M
        self._rows = check_indices(self.hypotheses, M.shape[0], "hypotheses")
        self._count_by_column = M[self._rows].sum(axis=0).astype(np.int64)
        self._vote_by_column = M[self._rows].mean(axis=0)

    def _columns(self, xs) -> np.ndarray:
        """Queries as domain positions: integers in [0, n_points) (-1 and 1.7 refused, never wrapped)."""
        return check_indices(xs, self._M.shape[1], "xs")

    def predict(self, xs: _Columns):
        return self._M[self._rows][:, self._columns(xs)]

    def counts(self, xs: _Columns):
        return self._count_by_column[self._columns(xs)]

    def votes(self, xs: _Columns):
        return self._vote_by_column[self._columns(xs)]

    def critical_points(self):
        return np.arange(self._M.shape[1])


def _float_array(hypotheses) -> np.ndarray:
    """Threshold hypotheses as float64: ±inf allowed (the all-0 / all-1 concepts), NaN refused."""
    if not isinstance(hypotheses, np.ndarray):
        hypotheses = [float(t) if isinstance(t, Fraction) else t for t in hypotheses]
    return check_finite_array(hypotheses, "hypotheses", ndim=1, allow_infinite=True)


@checked
def halfspace_votes_matrix(hypotheses: _Halfspaces, X: _PointsRd) -> np.ndarray:
    """Exact h_{a,w}(x) = [⟨a, x⟩ ≥ w] for every hypothesis (a, w) and row x of X.

    A float evaluation decides entries whose margin exceeds a rigorous rounding bound;
    the rest are decided exactly in integer arithmetic (tested against
    :func:`solvers.halfspaces.halfspace_predicate`).

    Parameters
    ----------
    hypotheses : sequence of (a, w)
        Halfspaces with exact (rational or float) coefficients a ∈ ℝ^d and offset w.
    X : array_like of float, shape (n, d)
        The points.

    Returns
    -------
    numpy.ndarray of uint8, shape (k, n)
        Row i: the labels of hypothesis i.
    """
    return _HalfspaceTable(hypotheses).predict(X)


#: entries (distinct halfspaces × points) evaluated at once by :meth:`_HalfspaceTable.counts` (~18 bytes each)
VOTE_BLOCK_ENTRIES = 1 << 22


def _canonical(a, w):
    """(a, w) scaled by 1/|first non-zero coefficient| (exact): the same halfspace [⟨a, x⟩ ≥ w]."""
    vals = [Fraction(v) for v in a] + [Fraction(w)]
    lead = next((abs(v) for v in vals if v != 0), Fraction(1))
    vals = [v / lead for v in vals]
    return tuple(vals[:-1]), vals[-1]


class _HalfspaceTable:
    """Float copies of the distinct halfspaces among exact hypotheses (a, w) (positive multiples
    identified) for vectorised, exactly-decided evaluation."""

    def __init__(self, hypotheses):
        self.hypotheses = _halfspaces(hypotheses, "hypotheses")
        keys: dict = {}
        self.index = np.array([keys.setdefault(_canonical(a, w), len(keys)) for a, w in self.hypotheses], np.intp)
        self.distinct = list(keys)
        d = len(self.distinct[0][0]) if self.distinct else 0
        try:  # scaled by 1/|first non-zero coefficient|: a ratio may leave floating point
            self.A = np.array([[float(v) for v in a] for a, _ in self.distinct], dtype=np.float64).reshape(-1, d)
            self.w = np.array([float(w) for _, w in self.distinct], dtype=np.float64)
        except OverflowError:
            raise ValueError(
                "hypotheses: a halfspace's coefficients span more than floating point (their ratio overflows)"
            ) from None
        self._ints = None

    def _integer_rows(self):
        """Each distinct (a, w) times the lcm of its denominators: integer rows, same sign."""
        if self._ints is None:
            rows = []
            for a, w in self.distinct:
                vals = [Fraction(v) for v in a] + [Fraction(w)]
                L = math.lcm(*(v.denominator for v in vals))
                rows.append([int(v * L) for v in vals])
            self._ints = rows
        return self._ints

    @staticmethod
    def _integer_points(X):
        """Each row x of X as (integer vector, D) with x = vector / D exactly (D a power of two)."""
        out = []
        for x in X.tolist():
            ratios = [v.as_integer_ratio() for v in x]
            D = max(q for _, q in ratios)  # powers of two: every q divides D
            out.append(([p * (D // q) for p, q in ratios], D))
        return out

    def predict_distinct(self, X, name: str = "X", lo: int = 0, hi: int | None = None) -> np.ndarray:
        """Exact labels of the distinct halfspaces ``lo:hi`` (all by default) on the rows of X: (k, n) uint8."""
        X = check_finite_array(X, name, shape=(None, self.A.shape[1]))
        A, w = self.A[lo:hi], self.w[lo:hi]
        with np.errstate(over="ignore", invalid="ignore"):  # huge coordinates: decided exactly below
            S = X @ A.T - w[None, :]
            # rounding of (a, w) to floats and of the dot product: far below 1e-9 relative
            bound = 1e-9 * (np.abs(X) @ np.abs(A).T + np.abs(w)[None, :])
            und = ~np.isfinite(S) | ~np.isfinite(bound) | (np.abs(S) <= bound)
        out = (S >= 0).T.astype(np.uint8)
        if und.any():
            r_idx, h_idx = np.nonzero(und)
            urows = np.unique(r_idx)
            pts = dict(zip(urows.tolist(), self._integer_points(X[urows]), strict=True))
            ints = self._integer_rows()
            for r, i in zip(r_idx.tolist(), h_idx.tolist(), strict=True):
                xv, D = pts[r]
                row = ints[lo + i]
                out[i, r] = sum(a * x for a, x in zip(row, xv, strict=False)) >= row[-1] * D
        return out

    def predict(self, X, name: str = "X") -> np.ndarray:
        return self.predict_distinct(X, name)[self.index]

    def counts(self, X, name: str = "X") -> np.ndarray:
        """Σ_i h_i(x) per row of X, in blocks of distinct halfspaces: memory O(:data:`VOTE_BLOCK_ENTRIES`),
        not O(k · n) (three million hypotheses on a thousand queries would need 48 GB at once)."""
        X = check_finite_array(X, name, shape=(None, self.A.shape[1]))
        mult = np.bincount(self.index, minlength=len(self.distinct)).astype(np.int64)
        total = np.zeros(X.shape[0], np.int64)
        step = max(1, VOTE_BLOCK_ENTRIES // max(1, X.shape[0]))
        for lo in range(0, len(self.distinct), step):
            total += mult[lo : lo + step] @ self.predict_distinct(X, name, lo, lo + step).astype(np.int64)
        return total

    def votes(self, X, name: str = "X") -> np.ndarray:
        return self.counts(X, name) / len(self.hypotheses)


@checked
def halfspace_votes(hypotheses: _Halfspaces, X: _PointsRd) -> np.ndarray:
    """Fraction of the halfspace hypotheses labelling each row of X with 1 (exact decisions).

    Parameters
    ----------
    hypotheses : sequence of (a, w)
        As in :func:`halfspace_votes_matrix`.
    X : array_like of float, shape (n, d)
        The points.

    Returns
    -------
    numpy.ndarray of float, shape (n,)
    """
    return halfspace_votes_matrix(hypotheses, X).mean(axis=0)


@checked
class HalfspaceEnsemble(Ensemble):
    """Halfspaces h_{a,w}(x) = [⟨a, x⟩ ≥ w] with exact rational (a, w); queries rows of ℝ^d."""

    kind = "halfspaces"

    def __init__(
        self,
        hypotheses: _Hypotheses,
        sample_errors: _SampleErrors | None = None,
        realisable: bool = True,
        info: dict | None = None,
    ):
        super().__init__(hypotheses, sample_errors, realisable, info)
        self._table = _HalfspaceTable(self.hypotheses)

    def predict(self, xs: _PointsRd):
        return self._table.predict(xs, "xs")

    def counts(self, xs: _PointsRd):
        return self._table.counts(xs, "xs")

    def votes(self, xs: _PointsRd):
        return self._table.votes(xs, "xs")

    def critical_points(self):
        """For each distinct hypothesis, the point of its boundary closest to the origin (float)."""
        if not hasattr(self, "_crit"):
            A, w = self._table.A, self._table.w
            nn = (A * A).sum(axis=1)
            ok = nn > 0
            self._crit = A[ok] * (w[ok] / nn[ok])[:, None] if ok.any() else np.empty((0, 0))
        return self._crit


@checked
def make_ensemble(
    name: Literal["thresholds", "intervals", "finite", "halfspaces"],
    hypotheses: _Hypotheses,
    *,
    matrix: Annotated[Any, Joint("the finite class's 0/1 matrix (name='finite' only)", kind="array")] = None,
    sample_errors: _SampleErrors | None = None,
    realisable: bool = True,
    info: dict | None = None,
) -> Ensemble:
    """The :class:`Ensemble` of the problem ``name`` (one of :data:`geoprivate.problems.CONCEPTS`).

    Parameters
    ----------
    name : str
        "thresholds", "intervals", "finite" or "halfspaces".
    hypotheses : sequence or numpy.ndarray
        The f_i in the class's representation: t_i; (a_i, b_i) or None; row indices; (a_i, w_i).
    matrix : numpy.ndarray, optional
        The finite class's 0/1 matrix (required for "finite").
    sample_errors, realisable, info
        As in :class:`Ensemble`.

    Returns
    -------
    Ensemble
        A ThresholdEnsemble, IntervalEnsemble, FiniteEnsemble or HalfspaceEnsemble.

    Raises
    ------
    ValueError
        Unknown ``name``, or "finite" without ``matrix``.
    """
    if name != "finite" and matrix is not None:
        raise ValueError(f"matrix: only the finite class takes a matrix, got one for name={name!r}")
    if name == "finite":
        if matrix is None:
            raise ValueError("matrix: the finite class's matrix is required for a finite ensemble, got None")
        return FiniteEnsemble(matrix, hypotheses, sample_errors, realisable, info)
    classes = {"thresholds": ThresholdEnsemble, "intervals": IntervalEnsemble, "halfspaces": HalfspaceEnsemble}
    return classes[name](hypotheses, sample_errors, realisable, info)
