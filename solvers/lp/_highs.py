"""Tier 1 — the float proposal: HiGHS (through ``highspy``) on the float copy of the system.

Presolve is off so that the simplex basis and the dual ray refer to the model as given;
nothing here is trusted — :mod:`solvers.lp._repair` turns the basis or the dual ray into
an exact answer, and :mod:`solvers.lp._checks` checks it.
"""

from __future__ import annotations

import numpy as np

from solvers._highs import new_highs
from solvers.lp._system import _System


def _highs_solve(S: _System, c: np.ndarray | None, options: dict | None = None):
    """Run HiGHS on the float system; returns the Highs object and its model status."""
    import highspy

    d, m = S.d, S.m
    inf = highspy.kHighsInf
    A = S.A_float
    bu = S.b_float
    lower = np.concatenate([np.full(S.m_ub, -inf), bu[S.m_ub : S.m]])
    h = new_highs()
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
    if m * d > 400 and np.count_nonzero(A) < 0.5 * m * d:  # sparse (unit rows such as -lambda_i <= 0)
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


def _highs_resolve(h, options: dict):
    """Run HiGHS again on the model it holds, from its final basis, with new ``options``
    (tighter tolerances: HiGHS re-checks the basis and pivots on from it); returns the status."""
    for key, value in options.items():
        h.setOptionValue(key, value)
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
