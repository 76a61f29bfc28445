"""The transcript of a prediction run ([Yan26] Algorithm 2) and its hard queries.

C. Yan, *Private Prediction via Shrinkage* [Yan26]:
``transcript_j = ((x_1, y_1, Label_1), …, (x_{j−1}, y_{j−1}, Label_{j−1}))`` with
y ∈ {L, R, ⊤} the answer of BetweenThresholds and Label the released label;
``HardQuery = {(x, y, Label) ∈ transcript_j : y = ⊤}`` (Algorithms 3 and 4, step 1).

Labels
------
Released labels are stored in {0, 1}: ``1`` is the paper's +1, ``0`` the paper's −1
(the convention of :mod:`geoprivate.concepts` and :mod:`solvers`).  Answers are stored
as the int8 codes of :class:`geoprivate.mechanisms.Answer` (L = 0, R = 1, TOP = 2).

Storage is columnar (numpy arrays grown by doubling) so that a run of 10⁶ rounds is
recorded without a Python object per round.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Interval, Joint, NonNegInt, check_finite_array, checked
from geoprivate.mechanisms import Answer
from solvers._checks import as_array, as_list, as_positions, check_array_bytes

__all__ = ["HardQuery", "Transcript", "L_CODE", "R_CODE", "TOP_CODE"]

L_CODE, R_CODE, TOP_CODE = Answer.L.value, Answer.R.value, Answer.TOP.value
#: the dimension of a query point a transcript stores (a point of R^d, d at most this)
MAX_POINT_SIZE = 10**6


def _point(value, name: str):
    """A query point: a finite real (a line point or a domain position) or a finite vector of R^d."""
    check_finite_array(value, name)
    return value


def _point_shape(value, name: str) -> tuple:
    """``()`` (points on the line, domain positions) or ``(d,)`` with 1 <= d <= MAX_POINT_SIZE."""
    shape = tuple(as_list(value, name, "a shape: () or (d,)"))
    if len(shape) > 1 or any(
        isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)) or not 1 <= v <= MAX_POINT_SIZE
        for v in shape
    ):
        raise ValueError(f"{name} must be () or (d,) with 1 <= d <= {MAX_POINT_SIZE}, got {value!r}")
    return tuple(int(v) for v in shape)


def _dtype(value, name: str) -> np.dtype:
    """The points' dtype: float64 (points of the line or of R^d) or a signed integer type (domain positions)."""
    try:
        dt = np.dtype(value)
    except TypeError:
        raise TypeError(f"{name} must be a numpy dtype (float64 or an integer type), got {value!r}") from None
    if dt != np.float64 and dt.kind != "i":
        raise ValueError(f"{name} must be float64 or a signed integer type, got {dt}")
    return dt


@checked
@dataclass(frozen=True)
class HardQuery:
    """One element (x_j, ⊤, Label_j) of HardQuery: the round j (0-based), the point and its label.

    ``label`` is in {0, 1} (1 = the paper's +1).

    Attributes
    ----------
    round : int
        The round j (0-based).
    x : float, int or numpy.ndarray
        The query point (finite).
    label : int
        Its released label in {0, 1}.
    """

    round: NonNegInt
    x: Annotated[Any, Check(_point, kind="array")]
    label: Annotated[int, Interval(ge=0, le=1)]


@checked
class Transcript:
    """Rounds (x_j, y_j, Label_j) of a run, stored column-wise.

    Parameters
    ----------
    point_shape : tuple
        Shape of one query point: ``()`` for points on the line or domain elements
        given as column indices, ``(d,)`` for points of ℝ^d.
    dtype : numpy dtype of the points (float64 or int64).
    capacity : int
        Initial capacity (grown by doubling; its memory is checked before anything is allocated).
    """

    def __init__(
        self,
        point_shape: Annotated[Any, Check(_point_shape, kind="object")] = (),
        dtype: Annotated[Any, Check(_dtype, kind="object")] = np.float64,
        capacity: Annotated[int, Interval(ge=1, le=2**40)] = 1024,
    ):
        self.point_shape = point_shape
        check_array_bytes(
            capacity * (8 * math.prod(point_shape) + 2), f"capacity={capacity} rounds of shape {point_shape}"
        )
        self._x = np.empty((capacity,) + self.point_shape, dtype=dtype)
        self._y = np.empty(capacity, dtype=np.int8)
        self._lab = np.empty(capacity, dtype=np.uint8)
        self._n = 0
        self.hard: list[HardQuery] = []

    def __len__(self) -> int:
        return self._n

    def _grow(self, need: int) -> None:
        cap = self._y.shape[0]
        if need <= cap:
            return
        new = max(need, 2 * cap)
        for name in ("_x", "_y", "_lab"):
            old = getattr(self, name)
            arr = np.empty((new,) + old.shape[1:], dtype=old.dtype)
            arr[: self._n] = old[: self._n]
            setattr(self, name, arr)

    def extend(
        self,
        xs: Annotated[Any, Joint("finite points of the transcript's point shape and dtype", kind="array")],
        codes: Annotated[Any, Joint("answer codes in {0, 1, 2}, one per point", kind="indices")],
        labels: Annotated[Any, Joint("labels in {0, 1}, one per point", kind="labels")],
    ) -> None:
        """Append rounds: points ``xs``, answer codes (L=0, R=1, TOP=2), labels in {0, 1}.

        Every TOP among them is also appended to :attr:`hard`.

        Parameters
        ----------
        xs : array_like, shape (m,) + point_shape
            The query points (finite; integers for a transcript of domain positions).
        codes : array_like of int, shape (m,)
            BetweenThresholds' answers as codes (L = 0, R = 1, TOP = 2).
        labels : array_like of int, shape (m,)
            The released labels in {0, 1}.
        """
        if self._x.dtype.kind == "i":  # domain positions: integers (2.7 refused, never truncated)
            x = as_array(xs, "xs")
            if x.size and x.dtype.kind not in "iu":
                raise TypeError(f"xs must hold integer domain positions, got dtype {x.dtype}")
        else:
            x = check_finite_array(xs, "xs")
        if x.ndim != 1 + len(self.point_shape) or x.shape[1:] != self.point_shape:
            raise ValueError(f"xs must have shape (m,) + {self.point_shape}, got {x.shape}")
        c = as_positions(codes, "codes")
        y = as_positions(labels, "labels")
        if c.size and (c.min() < 0 or c.max() > TOP_CODE):
            raise ValueError(
                f"codes must be answer codes in {{0, 1, 2}}, got {c[(c < 0) | (c > TOP_CODE)][:3].tolist()}"
            )
        if y.size and (y.min() < 0 or y.max() > 1):
            raise ValueError(f"labels must be 0 or 1, got {y[(y < 0) | (y > 1)][:3].tolist()}")
        self._extend(x, c, y)

    def _extend(self, xs, codes, labels) -> None:
        """:meth:`extend` on checked arrays (the predictor's inner loop)."""
        xs = np.asarray(xs)
        codes = np.asarray(codes, dtype=np.int8)
        labels = np.asarray(labels, dtype=np.uint8)
        m = codes.shape[0]
        if xs.shape[0] != m or labels.shape[0] != m:
            raise ValueError(
                f"xs, codes and labels must have the same length, got {xs.shape[0]}, {m}, {labels.shape[0]}"
            )
        self._grow(self._n + m)
        self._x[self._n : self._n + m] = xs
        self._y[self._n : self._n + m] = codes
        self._lab[self._n : self._n + m] = labels
        for t in np.flatnonzero(codes == TOP_CODE).tolist():
            x = xs[t]
            self.hard.append(
                HardQuery(
                    self._n + t,
                    x.copy() if isinstance(x, np.ndarray) else x.item() if hasattr(x, "item") else x,
                    int(labels[t]),
                )
            )
        self._n += m

    @property
    def points(self) -> np.ndarray:
        """The queries x_1, …, x_T (a view)."""
        return self._x[: self._n]

    @property
    def answers(self) -> np.ndarray:
        """BetweenThresholds' answers as int8 codes (L=0, R=1, TOP=2)."""
        return self._y[: self._n]

    @property
    def labels(self) -> np.ndarray:
        """Released labels Label_j in {0, 1}."""
        return self._lab[: self._n]

    @property
    def hard_rounds(self) -> list[int]:
        """0-based rounds j with y_j = TOP."""
        return [h.round for h in self.hard]

    def hard_points(self) -> np.ndarray:
        """The hard queries' points, shape ``(|HardQuery|,) + point_shape``."""
        if not self.hard:
            return np.empty((0,) + self.point_shape, dtype=self._x.dtype)
        return np.array([h.x for h in self.hard], dtype=self._x.dtype).reshape((-1,) + self.point_shape)

    def hard_labels(self) -> np.ndarray:
        """The hard queries' labels in {0, 1}."""
        return np.array([h.label for h in self.hard], dtype=np.uint8)

    def rounds(self, start: NonNegInt = 0, stop: NonNegInt | None = None) -> list[tuple]:
        """Rounds as ``(x, Answer, label)`` tuples (for inspection of short runs).

        Parameters
        ----------
        start : int, default 0
            The first round.
        stop : int, optional
            One past the last round (default, or beyond the transcript: its end).

        Returns
        -------
        list of tuple
        """
        stop = self._n if stop is None else min(stop, self._n)
        names = {0: Answer.L, 1: Answer.R, 2: Answer.TOP}
        out = []
        for j in range(start, stop):
            x = self._x[j]
            out.append((x.tolist() if self.point_shape else x.item(), names[int(self._y[j])], int(self._lab[j])))
        return out

    def __repr__(self) -> str:
        return f"Transcript({self._n} rounds, {len(self.hard)} hard)"
