"""Tier 1 — the float proposal: HiGHS (through ``highspy``) on the float copy of the system.

Presolve is off so that the simplex basis and the dual ray refer to the model as given;
nothing here is trusted — :mod:`solvers.lp._repair` turns the basis or the dual ray into
an exact answer, and :mod:`solvers.lp._checks` checks it.

Building a ``highspy.Highs`` object costs about 60 us, a seventh of solving a 50 x 5 system,
so solved objects are kept for reuse (:func:`_release`, free lists per thread and process:
one for HiGHS's default options, one for the tight tolerances of feasibility problems):
``passModel`` replaces the model and clears the previous basis and solution, and the answers
(status, solution, basis, dual ray, iteration count) are the same as from a new object.

``maximize`` and the max-slack LP hand HiGHS the dual LP when there are more rows than columns
(:func:`_highs_solve_dual`): ``d`` rows instead of ``m``, less of HiGHS's own work.
"""

from __future__ import annotations

import os
import threading
import weakref

import numpy as np

from solvers._highs import new_highs
from solvers.lp._system import _System

_FREE = threading.local()  # .pid, .pools: {"default": [...], "tight": [...]}: solved Highs objects, ready for reuse
_POOL_MAX = 4
_TIGHT_OBJECTS: weakref.WeakSet = weakref.WeakSet()  # the objects that carry the tight tolerances (pool "tight")
#: options for feasibility problems: the tightest tolerances HiGHS accepts (its final basis then
#: survives the exact check on near-degenerate systems far more often: 159 of 200 against 43 of
#: bench_speed's family, at the same cost elsewhere; they used to be a restart from the default
#: run's basis, a second run) and Devex pricing in the dual simplex (HiGHS's own choice is dual
#: steepest edge: on these small LPs Devex took 3-8 % less of our CPU time per call on the
#: near-degenerate 50 x 5 and the planted 200 x 10 families, and left 21 of 200 bases to repair
#: against 26)
_TIGHT = {
    "primal_feasibility_tolerance": 1e-10,
    "dual_feasibility_tolerance": 1e-10,
    "simplex_dual_edge_weight_strategy": 1,
}
#: feasibility problems reach HiGHS with each row and its right-hand side scaled by a power of two
#: (never down) to size about ``2**_ROW_SIZE`` (:func:`_row_scales`): HiGHS's feasibility tolerance is
#: absolute, so a row of size 1e-6 could end 1e-4 of its size violated at its final basis (whose
#: exact vertex then fails the exact check); at size 2**12 the tolerance is ~1e-14 of the row's size
#: or less.  On ``benchmarks/bench_speed.py``'s near-degenerate family (rows over 12 decades) HiGHS's
#: basis then survives the exact check on 174 of 200 systems against 160.  Much larger sizes cost
#: HiGHS its infeasibility proofs (2**30: all of 60 planted infeasible 50 x 5 systems end "unknown";
#: 2**12: 1 of 360 planted infeasible systems); a run that ends neither optimal nor infeasible is
#: repeated on the rows as given (``solvers.lp._solve._feasible``).
_ROW_SIZE = 12
_FORMATS: dict[str, tuple[int, int]] = {}  # "row"/"col" -> (highspy.MatrixFormat, ObjSense.kMinimize) as ints
_SHAPES: dict[tuple, tuple] = {}  # shape -> arrays of a model that depend on its shape only (_index_arrays)


def _pools() -> dict[str, list]:
    """This thread's free lists (emptied in a forked child: its objects belong to the parent)."""
    if getattr(_FREE, "pid", None) != os.getpid():
        _FREE.pid, _FREE.pools = os.getpid(), {"default": [], "tight": []}
    return _FREE.pools


def _acquire(tight: bool = False):
    """A silent ``Highs`` object with default options (``tight``: with the tolerances ``_TIGHT``): a
    released one of this thread and process, else a new one."""
    free = _pools()["tight" if tight else "default"]
    if free:
        return free.pop()
    h = new_highs()
    if tight:
        for key, value in _TIGHT.items():
            h.setOptionValue(key, value)
        _TIGHT_OBJECTS.add(h)
    return h


def _format(kind: str) -> tuple[int, int]:
    """``(highspy.MatrixFormat, ObjSense.kMinimize)`` as ints for a ``"row"``- or ``"col"``-wise matrix."""
    if not _FORMATS:
        import highspy

        minimize = int(highspy.ObjSense.kMinimize)
        _FORMATS["row"] = (int(highspy.MatrixFormat.kRowwise), minimize)
        _FORMATS["col"] = (int(highspy.MatrixFormat.kColwise), minimize)
    return _FORMATS[kind]


def _release(h) -> None:
    """Give ``h`` back for reuse once its caller is done with its basis and solution (None: no-op)."""
    if h is None:
        return
    free = _pools()["tight" if h in _TIGHT_OBJECTS else "default"]
    if len(free) < _POOL_MAX:
        free.append(h)


def _index_arrays(m: int, d: int, m_ub: int):
    """The arrays of an ``m x d`` dense model that depend on its shape only (cached, read-only):
    ``(start, index, free, lower)`` — the row starts and column indices of a dense row-wise
    matrix, ``(-inf, +inf)`` bounds for ``d`` free columns and the lower row bounds ``-inf``
    of the ``m_ub`` inequality rows.  HiGHS copies what it is given."""
    key = (m, d, m_ub)
    out = _SHAPES.get(key)
    if out is None:
        import highspy

        inf = highspy.kHighsInf
        start = np.arange(0, m * d, d, dtype=np.int32)
        index = np.tile(np.arange(d, dtype=np.int32), m)
        free = (np.full(d, -inf), np.full(d, inf), np.zeros(d, dtype=np.int32))
        out = (start, index, free, np.full(m_ub, -inf))
        for a in (start, index, *free, out[3]):
            a.flags.writeable = False
        if len(_SHAPES) >= 64:
            _SHAPES.clear()
        _SHAPES[key] = out
    return out


def _matrix(S: _System, scale: np.ndarray | None = None):
    """``(start, index, value)`` of ``S``'s rows, row-wise (sparse for mostly-zero rows such as
    the unit rows ``-lambda_i <= 0`` of a hull membership LP), each row times ``scale[i]`` if given."""
    d, m = S.d, S.m
    A = S.A_float
    if A.shape != (m, d) or not A.flags.c_contiguous or A.dtype != np.float64:
        A = np.ascontiguousarray(A, dtype=float).reshape(m, d)
    if m * d > 400 and np.count_nonzero(A) < 0.5 * m * d:
        rows_, cols_ = np.nonzero(A)
        start = np.concatenate([[0], np.cumsum(np.bincount(rows_, minlength=m))[:-1]]).astype(np.int32)
        value = A[rows_, cols_]
        return start, cols_.astype(np.int32), value if scale is None else value * scale[rows_]
    start, index, _, _ = _index_arrays(m, d, S.m_ub)
    return start, index, A.ravel() if scale is None else (A * scale[:, None]).ravel()


def _row_scales(S: _System) -> np.ndarray:
    """Powers of two ``s_i >= 1`` that bring a row's size ``max(sum_j |a_ij|, |b_i|)`` to ``[2**11, 2**12)``
    (``_ROW_SIZE``; larger rows keep ``s_i = 1``): exact in floats, no overflow (every scaled entry
    stays below ``2**12``), the same rows up to positive factors."""
    _, _, rowsum, absb = S.abs_rows()
    return np.ldexp(1.0, np.maximum(_ROW_SIZE - np.frexp(np.maximum(rowsum, absb))[1], 0))


def _highs_solve(S: _System, c: np.ndarray | None, tight: bool = False, scale: np.ndarray | None = None):
    """Run HiGHS on the float system (``tight``: with the tolerances ``_TIGHT``; ``scale``: each row
    and its bounds times ``scale[i] > 0``, :func:`_row_scales`: the same basis and point, a dual ray
    to be multiplied by ``scale``); returns the Highs object and its model status.

    The model is passed as arrays (``Highs.passModel(num_col, num_row, ...)``, row-wise):
    filling a ``HighsLp`` attribute by attribute costs about 100 us more per call on a
    50 x 5 system, as much as the exact certification of a feasible point."""
    d, m = S.d, S.m
    bu = np.asarray(S.b_float, dtype=float) if scale is None else S.b_float * scale
    _, _, (col_lo, col_up, integrality), lower_ub = _index_arrays(m, d, S.m_ub)
    lower = lower_ub if S.m_eq == 0 else np.concatenate([lower_ub, bu[S.m_ub : m]])
    start, index, value = _matrix(S, scale)
    h = _acquire(tight)
    cost = np.zeros(d) if c is None else -np.asarray(c, dtype=float)  # HiGHS minimises
    arrays = (cost, col_lo, col_up, lower, bu, start, index, value)
    try:
        h.passModel(d, m, len(value), *_format("row"), 0.0, *arrays, integrality)
    except TypeError:  # pragma: no cover - a highspy without the array overload
        h.passModel(_highs_lp(d, m, *arrays))
    h.run()
    return h, h.getModelStatus()


def _highs_solve_dual(S: _System, c: np.ndarray):
    """Run HiGHS on the LP dual to ``max c^T x`` over ``S``: ``min b^T y`` subject to
    ``A^T y = c``, ``y_ub >= 0`` (``y_eq`` free); returns the Highs object and its model status.

    The same numbers as :func:`_highs_solve` (the row-wise arrays of ``A`` passed column-wise),
    but ``d`` rows instead of ``m``: with ``m >> d`` (50 x 5) HiGHS's own work is smaller — about
    15 % less CPU than the primal LP on the benchmark's systems.  Its optimal basis is the primal
    one, complemented (:func:`solvers.lp._repair._dual_basis`: a basic ``y_i`` is a tight row);
    an optimal solution of one is optimal for the other (strong duality), and whatever HiGHS says
    is only a proposal, certified exactly afterwards."""
    d, m = S.d, S.m
    y_lo, y_up, integrality = _dual_bounds(m, S.m_ub)
    start, index, value = _matrix(S)
    cc = np.asarray(c, dtype=float)
    h = _acquire()
    try:
        h.passModel(
            m,
            d,
            len(value),
            *_format("col"),
            0.0,
            np.asarray(S.b_float, dtype=float),
            y_lo,
            y_up,
            cc,
            cc,
            start,
            index,
            value,
            integrality,
        )
    except TypeError:  # pragma: no cover - a highspy without the array overload: the caller uses the primal LP
        _release(h)
        raise
    h.run()
    return h, h.getModelStatus()


def _dual_bounds(m: int, m_ub: int):
    """Bounds of the dual variables (``y_ub >= 0``, ``y_eq`` free) and their integrality (none), cached."""
    key = (m, m_ub, "dual")
    out = _SHAPES.get(key)
    if out is None:
        import highspy

        inf = highspy.kHighsInf
        lo = np.concatenate([np.zeros(m_ub), np.full(m - m_ub, -inf)])
        out = (lo, np.full(m, inf), np.zeros(m, dtype=np.int32))
        for a in out:
            a.flags.writeable = False
        _SHAPES[key] = out
    return out


def _highs_lp(d, m, cost, col_lower, col_upper, row_lower, row_upper, start, index, value):
    """The same model as a ``highspy.HighsLp`` (row-wise), for highspy releases without the array overload."""
    import highspy

    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = d, m
    lp.col_cost_, lp.col_lower_, lp.col_upper_ = cost, col_lower, col_upper
    lp.row_lower_, lp.row_upper_ = row_lower, row_upper
    mat = lp.a_matrix_
    mat.format_ = highspy.MatrixFormat.kRowwise
    mat.num_col_, mat.num_row_ = d, m
    mat.start_ = np.append(start, len(value)).astype(np.int32)
    mat.index_, mat.value_ = index, value
    return lp


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


def _primal_ray(h) -> tuple[bool, np.ndarray | None]:
    """HiGHS's primal ray (an unbounded direction), across highspy versions, like :func:`_dual_ray`."""
    try:
        out = h.getPrimalRay()
    except Exception:  # pragma: no cover - very old/new highspy: the caller's other path answers
        return False, None
    if isinstance(out, tuple) and len(out) == 3:
        return bool(out[1]), np.asarray(out[2], dtype=float)
    return False, None  # pragma: no cover
