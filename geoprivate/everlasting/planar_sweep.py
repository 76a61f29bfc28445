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

import numpy as np

__all__ = ["PlanarSweep", "integer_points", "planar_sweep"]


def integer_points(P: np.ndarray) -> np.ndarray:
    """The float points ``P`` (n, 2) times one power of two, as exact integers.

    int64 when every entry is below 2**29 in absolute value (then the cross products of
    differences fit in int64), else Python integers (an object array)."""
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

    def __init__(self, points, others: np.ndarray, width: np.ndarray):
        self.points = points
        self.others, self.width = others, width
        m = len(points)
        self.n = m * (m - 1) + 2 if m >= 2 else 1 + m

    def pair(self, index: int) -> tuple[int, int] | None:
        """``(i, j)`` of row ``index`` (rows 0 and 1 are ∅ and P: None)."""
        if index < 2:
            return None
        i, p = divmod(int(index) - 2, max(len(self.points) - 1, 1))
        return i, int(self.others[i, p])

    def errors(self, pos, neg, chunk: int = 256) -> np.ndarray:
        """Error counts on S of every dichotomy (row order of :meth:`pair`): the constants,
        then ``D(i, j)`` pivot by pivot, as ``Σ pos + w_i + Σ_{window} w`` (w = neg − pos)."""
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

    def labels(self, index: int) -> np.ndarray:
        """Labels in {0, 1} of row ``index`` on ``points``, decided exactly (integer orientation)."""
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


def planar_sweep(P) -> PlanarSweep | None:
    """The rotational sweep of the distinct points ``P`` (n, 2), or None.

    None when the points are not in general position (three collinear) or a float angle
    could not be confirmed exactly; the caller then uses the dense enumeration
    (:func:`solvers.halfspaces.halfspace_dichotomies`).
    """
    P = np.asarray(P, dtype=np.float64)
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
