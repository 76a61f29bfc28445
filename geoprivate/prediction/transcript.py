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

from dataclasses import dataclass

import numpy as np

from geoprivate.mechanisms import Answer

__all__ = ["HardQuery", "Transcript", "L_CODE", "R_CODE", "TOP_CODE"]

L_CODE, R_CODE, TOP_CODE = Answer.L.value, Answer.R.value, Answer.TOP.value


@dataclass(frozen=True)
class HardQuery:
    """One element (x_j, ⊤, Label_j) of HardQuery: the round j (0-based), the point and its label.

    ``label`` is in {0, 1} (1 = the paper's +1).
    """

    round: int
    x: object
    label: int


class Transcript:
    """Rounds (x_j, y_j, Label_j) of a run, stored column-wise.

    Parameters
    ----------
    point_shape : tuple
        Shape of one query point: ``()`` for points on the line or domain elements
        given as column indices, ``(d,)`` for points of ℝ^d.
    dtype : numpy dtype of the points (float64 or int64).
    capacity : int
        Initial capacity (grown by doubling).
    """

    def __init__(self, point_shape=(), dtype=np.float64, capacity: int = 1024):
        self.point_shape = tuple(point_shape)
        self._x = np.empty((max(1, capacity),) + self.point_shape, dtype=dtype)
        self._y = np.empty(max(1, capacity), dtype=np.int8)
        self._lab = np.empty(max(1, capacity), dtype=np.uint8)
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

    def extend(self, xs, codes, labels) -> None:
        """Append rounds: points ``xs``, answer codes (L=0, R=1, TOP=2), labels in {0, 1}.

        Every TOP among them is also appended to :attr:`hard`.
        """
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

    def rounds(self, start: int = 0, stop: int | None = None) -> list[tuple]:
        """Rounds as ``(x, Answer, label)`` tuples (for inspection of short runs)."""
        stop = self._n if stop is None else min(stop, self._n)
        names = {0: Answer.L, 1: Answer.R, 2: Answer.TOP}
        out = []
        for j in range(start, stop):
            x = self._x[j]
            out.append((x.tolist() if self.point_shape else x.item(), names[int(self._y[j])], int(self._lab[j])))
        return out

    def __repr__(self) -> str:
        return f"Transcript({self._n} rounds, {len(self.hard)} hard)"
