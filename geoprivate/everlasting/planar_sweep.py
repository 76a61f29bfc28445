"""LabelBoost's scores for halfplanes in ℝ² by a rotational sweep, without the dichotomy matrix.

[NNSY23] Appendix C.1's LabelBoost scores every dichotomy of HALFSPACE_2 on the distinct
points P by its error count on S.  For n points in general position (no three collinear)
the dichotomies are exactly (Cover's count, n² − n + 2 of them)

* the two constants (∅ and P), and
* for every ordered pair (i, j), i ≠ j: ``D(i, j) = Left(i → j) ∪ {i}``, where
  ``Left(i → j)`` is the set of points strictly left of the directed line through p_i, p_j
  (rotate a separating line until it touches one point of each side).

The error count of a labelling D is ``Σ_P pos + Σ_{x ∈ D} (neg(x) − pos(x))``.  Around each
pivot p_i the other points are sorted by angle; ``Left(i → j)`` is then the open angular
window ``(β_j, β_j + π)`` and its weight a difference of two prefix sums: one rotation
around each pivot updates every score incrementally, O(n² log n) time and O(n) memory
per pivot (the scores themselves are n² − n + 2 integers) instead of an
(n² − n + 2) × n matrix.

Exactness: the angles are floats, but everything they decide is re-checked in integer
arithmetic (the coordinates scaled by a common power of two): the cyclic angular order
around every pivot (each consecutive pair strictly counter-clockwise) and both ends of
every window.  If a check fails — three collinear points, or an angle floats cannot
separate — :func:`planar_sweep` returns None and the caller uses the dense enumeration.
"""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Interval, Joint, check_finite_array, checked
from solvers._checks import as_positions, check_array_bytes

__all__ = ["PlanarSweep", "integer_points", "planar_sweep"]


def _plane_points(value, name: str) -> np.ndarray:
    """Finite points of the plane, shape (n, 2), as float64 (the sweep holds two n x (n - 1) int32 tables)."""
    X = check_finite_array(value, name)
    if X.size == 0:
        X = X.reshape(0, 2)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"{name}: expected points of the plane, shape (n, 2), got {X.shape}")
    check_array_bytes(8 * X.shape[0] ** 2, f"{name}: the sweep of {X.shape[0]} points")
    return X


#: finite points of the plane, shape (n, 2)
_PlanePoints = Annotated[Any, Check(_plane_points, kind="array")]
#: a row of the sweep's dichotomies (0 and 1: the constants)
_Row = Annotated[int, Interval(ge=0), Joint("a row: index < n", kind="index")]
#: per point, a count of examples (the sample's positives or negatives at that point)
_Counts = Annotated[Any, Joint("one count >= 0 per point", kind="array")]


@checked
def integer_points(P: _PlanePoints) -> np.ndarray:
    """The float points ``P`` (n, 2) times one power of two, as exact integers.

    int64 when every entry is below 2**29 in absolute value (then the cross products of
    differences fit in int64), else Python integers (an object array).

    Parameters
    ----------
    P : array_like, shape (n, 2)
        Finite points of the plane.

    Returns
    -------
    numpy.ndarray, shape (n, 2)
        The scaled points, exact integers.

    Examples
    --------
    >>> integer_points([[0.5, 1.0], [0.25, 0.0]]).tolist()
    [[2, 4], [1, 0]]
    """
    ratios = [float(v).as_integer_ratio() for v in np.asarray(P, dtype=np.float64).ravel()]
    L = max((q for _, q in ratios), default=1)  # denominators are powers of two
    ints = [p * (L // q) for p, q in ratios]
    big = max((abs(v) for v in ints), default=0)
    dtype = np.int64 if big < 2**29 else object
    return np.array(ints, dtype=dtype).reshape(np.asarray(P).shape)


def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


def _upper(vx, vy) -> np.ndarray:
    """Exact half of the circle: True for angles in [0, π) (y > 0, or y = 0 and x > 0)."""
    return (vy > 0) | ((vy == 0) & (vx > 0))


def _pivot_order(Z: np.ndarray, i: int):
    """The other points around pivot ``i`` in exact counter-clockwise order from angle 0.

    Returns ``(others, vx, vy, ang)`` (indices, exact difference vectors and float angles in
    [0, 2π), non-decreasing, in that order) or
    None when two of them are at the same angle (collinear with the pivot) or floats
    misordered them (checked exactly)."""
    n = Z.shape[0]
    others = np.concatenate([np.arange(i), np.arange(i + 1, n)])
    vx, vy = Z[others, 0] - Z[i, 0], Z[others, 1] - Z[i, 1]
    up = _upper(vx, vy)
    ang = np.arctan2(vy.astype(np.float64), vx.astype(np.float64))
    ang = np.where(ang < 0, ang + 2 * np.pi, ang)  # [0, 2π) up to rounding; the half is exact
    order = np.lexsort((ang, ~up))  # the upper half [0, π) first, each half by angle
    others, vx, vy, up, ang = others[order], vx[order], vy[order], up[order], ang[order]
    same_half = up[:-1] == up[1:]
    c = _cross(vx[:-1], vy[:-1], vx[1:], vy[1:])
    if not np.all(c[same_half] > 0):
        return None
    return others, vx, vy, np.maximum.accumulate(ang)


def _table(value, name: str) -> np.ndarray:
    """A sweep table: a 2-D integer array (its shape is checked against the points)."""
    arr = np.asarray(value) if isinstance(value, np.ndarray) else None
    if arr is None or arr.ndim != 2 or (arr.size and arr.dtype.kind not in "iu"):
        raise TypeError(f"{name} must be a 2-D integer array (built by planar_sweep), got {type(value).__name__}")
    return arr


_Table = Annotated[Any, Check(_table, kind="object"), Joint("shape (n, n - 1), entries in range")]


@checked
class PlanarSweep:
    """The geometry of the rotational sweep of the distinct points ``P`` (n, 2), computed once.

    For each pivot i, ``others[i]`` lists the other points in exact counter-clockwise order
    and ``width[i, p]`` is the number of points strictly left of the directed line from
    p_i through ``others[i, p]`` (they are the next ``width[i, p]`` points in that cyclic
    order).  Build it with :func:`planar_sweep`; :meth:`errors` then scores every
    dichotomy for any (pos, neg) by prefix sums.

    Attributes
    ----------
    points : numpy.ndarray, shape (n, 2)
    n : int
        The number of dichotomies, n² − n + 2 (1 + n for n < 2).
    """

    def __init__(self, points: _PlanePoints, others: _Table, width: _Table):
        m = points.shape[0]
        k = max(m - 1, 0)
        for t, nm, hi in ((others, "others", m), (width, "width", k)):
            if t.shape != (m, k) or (t.size and (t.min() < 0 or t.max() >= hi)):
                raise ValueError(
                    f"points, {nm}: {m} points need a table of shape ({m}, {k}) with entries in [0, {hi}), "
                    f"got shape {t.shape}"
                )
        self.points = points
        self.others, self.width = others, width
        m = len(points)
        self.n = m * (m - 1) + 2 if m >= 2 else 1 + m

    def _row(self, index: int) -> None:
        if index >= self.n:
            raise ValueError(f"index: expected a row in [0, {self.n}), got {index}")

    def pair(self, index: _Row) -> tuple[int, int] | None:
        """``(i, j)`` of row ``index`` (rows 0 and 1 are ∅ and P: None).

        Parameters
        ----------
        index : int
            A row in [0, n).

        Returns
        -------
        tuple of int or None
            The pivot pair of the row.
        """
        self._row(index)
        if index < 2:
            return None
        i, p = divmod(int(index) - 2, max(len(self.points) - 1, 1))
        return i, int(self.others[i, p])

    def errors(self, pos: _Counts, neg: _Counts, chunk: Annotated[int, Interval(ge=1, le=10**6)] = 256) -> np.ndarray:
        """Error counts on S of every dichotomy (row order of :meth:`pair`): the constants,
        then ``D(i, j)`` pivot by pivot, as ``Σ pos + w_i + Σ_{window} w`` (w = neg − pos).

        Parameters
        ----------
        pos, neg : array_like of int, shape (n_points,)
            Per point, the sample's examples labelled 1 (resp. 0) there.
        chunk : int
            Pivots per vectorised step.

        Returns
        -------
        numpy.ndarray of int64, shape (n,)
            The error count of every row.
        """
        m = len(self.points)
        for v, nm in ((pos, "pos"), (neg, "neg")):
            c = as_positions(v, nm)
            if c.shape != (m,) or (c.size and c.min() < 0):
                raise ValueError(f"{nm}: expected {m} counts >= 0 (one per point), got shape {c.shape}")
        w = np.asarray(neg, np.int64) - np.asarray(pos, np.int64)
        tot = int(np.sum(pos))
        m = len(self.points)
        head = np.array([tot, tot + int(w.sum())], np.int64)[: 1 + min(m, 1)]
        if m < 2:
            return head
        k = m - 1
        out = [head]
        p = np.arange(k)
        for s in range(0, m, chunk):
            O = self.others[s : s + chunk]
            W = w[O]
            pref = np.zeros((O.shape[0], 2 * k + 1), np.int64)
            np.cumsum(np.concatenate([W, W], axis=1), axis=1, out=pref[:, 1:])
            lo = p + 1
            hi = lo + self.width[s : s + chunk].astype(np.intp)
            win = np.take_along_axis(pref, hi, axis=1) - pref[:, lo]
            out.append((tot + w[s : s + chunk, None] + win).ravel())
        return np.concatenate(out)

    def labels(self, index: _Row) -> np.ndarray:
        """Labels in {0, 1} of row ``index`` on ``points``, decided exactly (integer orientation).

        Parameters
        ----------
        index : int
            A row in [0, n).

        Returns
        -------
        numpy.ndarray of uint8, shape (n_points,)
        """
        self._row(index)
        m = len(self.points)
        if index == 0:
            return np.zeros(m, np.uint8)
        if index == 1:
            return np.ones(m, np.uint8)
        ij = self.pair(index)
        assert ij is not None  # index >= 2: a pivot pair
        i, j = ij
        Z = integer_points(self.points)
        c = _cross(Z[j, 0] - Z[i, 0], Z[j, 1] - Z[i, 1], Z[:, 0] - Z[i, 0], Z[:, 1] - Z[i, 1])
        lab = np.asarray(c > 0, dtype=np.uint8)
        lab[i] = 1
        return lab


@checked
def planar_sweep(P: _PlanePoints) -> PlanarSweep | None:
    """The rotational sweep of the distinct points ``P`` (n, 2), or None.

    None when the points are not in general position (three collinear) or a float angle
    could not be confirmed exactly; the caller then uses the dense enumeration
    (:func:`solvers.halfspaces.halfspace_dichotomies`).

    Parameters
    ----------
    P : array_like, shape (n, 2)
        Finite, distinct points of the plane.

    Returns
    -------
    PlanarSweep or None
        The sweep, or None (not in general position).
    """
    Z = integer_points(P)
    n = Z.shape[0]
    if n < 2:
        return PlanarSweep(P, np.zeros((n, 0), np.intp), np.zeros((n, 0), np.intp))
    k = n - 1
    others_all = np.empty((n, k), np.int32)  # 2 x 16 MB for n = 2000
    width_all = np.empty((n, k), np.int32)
    p = np.arange(k)
    for i in range(n):
        out = _pivot_order(Z, i)
        if out is None:
            return None
        others, vx, vy, ang = out
        # doubled cyclic order: the window (β_p, β_p + π) of position p is [p + 1, hi);
        # hi from the float angles, confirmed exactly at both ends of the window
        vx2, vy2 = np.concatenate([vx, vx]), np.concatenate([vy, vy])
        ang2 = np.concatenate([ang, ang + 2 * np.pi])
        hi = np.clip(np.searchsorted(ang2, ang + np.pi, side="left"), p + 1, p + k)
        last = hi - 1
        ok_last = (last == p) | (_cross(vx, vy, vx2[last], vy2[last]) > 0)
        ok_first = (hi == p + k) | (_cross(vx, vy, vx2[hi], vy2[hi]) < 0)
        if not (np.all(ok_last) and np.all(ok_first)):
            return None
        others_all[i] = others
        width_all[i] = hi - (p + 1)
    return PlanarSweep(P, others_all, width_all)
