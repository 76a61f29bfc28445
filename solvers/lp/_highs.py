"""Tier 1 — the float proposal: HiGHS (through ``highspy``) on the float copy of the system.

Presolve is off so that the simplex basis and the dual ray refer to the model as given;
nothing here is trusted — :mod:`solvers.lp._repair` turns the basis or the dual ray into
an exact answer, and :mod:`solvers.lp._checks` checks it.

Building a ``highspy.Highs`` object costs about 60 us, a seventh of solving a 50 x 5 system,
so solved objects are kept for reuse (:func:`_release`, one free list per thread and
process): ``passModel`` replaces the model and clears the previous basis and solution, and
the answers (status, solution, basis, dual ray, iteration count) are the same as from a new
object.  Options changed for one call (:func:`_highs_resolve`) are set back on release.
"""

from __future__ import annotations

import os
import threading

import numpy as np

from solvers._highs import new_highs
from solvers.lp._system import _System

_FREE = threading.local()  # .pid, .objects: solved Highs objects with default options, ready for reuse
_POOL_MAX = 4
_TUNED: dict[int, dict] = {}  # id of an object whose options were changed -> the previous values
#: the tight restart: HiGHS re-run from its final basis with these tolerances (a few more pivots)
_TIGHT = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


def _acquire():
    """A silent ``Highs`` object: a released one of this thread and process, else a new one."""
    free = getattr(_FREE, "objects", None)
    if free and _FREE.pid == os.getpid():
        return free.pop()
    return new_highs()


def _release(h) -> None:
    """Give ``h`` back for reuse once its caller is done with its basis and solution (None: no-op)."""
    if h is None:
        return
    for key, value in _TUNED.pop(id(h), {}).items():  # tighter tolerances: not for the next caller
        h.setOptionValue(key, value)
    if getattr(_FREE, "pid", None) != os.getpid():
        _FREE.pid, _FREE.objects = os.getpid(), []
    if len(_FREE.objects) < _POOL_MAX:
        _FREE.objects.append(h)


def _highs_solve(S: _System, c: np.ndarray | None, options: dict | None = None):
    """Run HiGHS on the float system; returns the Highs object and its model status.

    The model is passed as arrays (``Highs.passModel(num_col, num_row, ...)``, row-wise):
    filling a ``HighsLp`` attribute by attribute costs about 100 us more per call on a
    50 x 5 system, as much as the exact certification of a feasible point."""
    import highspy

    d, m = S.d, S.m
    inf = highspy.kHighsInf
    A = np.ascontiguousarray(S.A_float, dtype=float).reshape(m, d)
    bu = np.asarray(S.b_float, dtype=float)
    lower = np.concatenate([np.full(S.m_ub, -inf), bu[S.m_ub : S.m]])
    h = _acquire()
    if options:
        _set_options(h, options)
    if m * d > 400 and np.count_nonzero(A) < 0.5 * m * d:  # sparse (unit rows such as -lambda_i <= 0)
        rows_, cols_ = np.nonzero(A)
        start = np.concatenate([[0], np.cumsum(np.bincount(rows_, minlength=m))[:-1]]).astype(np.int32)
        index, value = cols_.astype(np.int32), A[rows_, cols_]
    else:
        start = np.arange(0, m * d, d, dtype=np.int32)
        index, value = np.tile(np.arange(d, dtype=np.int32), m), A.ravel()
    cost = np.zeros(d) if c is None else -np.asarray(c, dtype=float)  # HiGHS minimises
    arrays = (cost, np.full(d, -inf), np.full(d, inf), lower, bu, start, index, value)
    try:
        h.passModel(
            d,
            m,
            len(value),
            int(highspy.MatrixFormat.kRowwise),
            int(highspy.ObjSense.kMinimize),
            0.0,
            *arrays,
            np.zeros(d, dtype=np.int32),  # every column continuous
        )
    except TypeError:  # pragma: no cover - a highspy without the array overload
        h.passModel(_highs_lp(d, m, *arrays))
    h.run()
    return h, h.getModelStatus()


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


def _set_options(h, options: dict) -> None:
    """Set ``options`` on ``h``, remembering the values they replace (:func:`_release` restores them)."""
    saved = _TUNED.setdefault(id(h), {})
    for key, value in options.items():
        if key not in saved:
            old = h.getOptionValue(key)  # highspy 1.16: (status, value); older: the value
            saved[key] = old[-1] if isinstance(old, tuple) else old
        h.setOptionValue(key, value)


def _highs_resolve(h, options: dict):
    """Run HiGHS again on the model it holds, from its final basis, with new ``options``
    (tighter tolerances: HiGHS re-checks the basis and pivots on from it); returns the status."""
    _set_options(h, options)
    h.run()
    return h.getModelStatus()


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
