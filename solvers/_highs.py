"""A thin direct call of HiGHS (highspy) for the many tiny float LPs of :mod:`solvers.depth`.

``scipy.optimize.linprog(method="highs")`` validates and converts its input on every call,
which costs several milliseconds — more than solving an LP with a few dozen columns.
:func:`linprog` takes the same arguments (dense or scipy.sparse matrices, ``bounds`` as a
list of ``(lo, hi)`` with ``None`` for infinite) and returns an object with ``status``
(0 = optimal, 2 = infeasible, 3 = unbounded, 4 = other) and ``x``, like scipy's result.
Only *proposals* come from here: every fact :mod:`solvers.depth` reports is re-derived in
exact rational arithmetic.  Falls back to scipy when highspy is not importable.
"""

from __future__ import annotations

import contextlib
import importlib
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["linprog", "HighsSolution", "new_highs", "consume_banner"]

_hs: Any
try:  # pragma: no cover - exercised implicitly
    _hs = importlib.import_module("highspy")
except ImportError:  # pragma: no cover
    _hs = None

_INF = 1e30
_SOLVER: dict[int, Any] = {}
_BANNER_SHOWN = False


def new_highs():
    """A silent ``highspy.Highs`` object (``output_flag`` off, presolve off).

    Newer highspy releases (1.16) print a copyright banner on file descriptor 1 when the first
    ``Highs`` object of a process is built, before any option can silence it; it would corrupt
    ``--json`` output and notebook cells.  The first construction therefore runs with fd 1
    pointed at the null device (flushing Python's buffer first); later ones print nothing.
    """
    global _BANNER_SHOWN
    import os
    import sys

    if _BANNER_SHOWN:
        h = _hs.Highs()
    else:
        with contextlib.suppress(AttributeError, ValueError):  # a closed or replaced stdout
            sys.stdout.flush()
        saved = os.dup(1)
        try:
            with open(os.devnull, "w") as null:
                os.dup2(null.fileno(), 1)
                h = _hs.Highs()
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        _BANNER_SHOWN = True
    h.setOptionValue("output_flag", False)
    h.setOptionValue("presolve", "off")
    return h


def consume_banner() -> None:
    """Let highspy print its once-per-process banner into the null device (see :func:`new_highs`).

    Call before handing a problem to another HiGHS front end (cvxpy's ``solver=cp.HIGHS``): the
    banner is printed when the first ``Highs`` object of a process is built, so building one here,
    silently, keeps it off standard output whoever builds the next.
    """
    if _hs is not None and not _BANNER_SHOWN:
        new_highs()


def _solver():
    """One Highs instance per process (creating one costs more than a small solve); the model
    is replaced by every ``passModel``."""
    import os

    h = _SOLVER.get(os.getpid())
    if h is None:
        h = new_highs()
        _SOLVER.clear()
        _SOLVER[os.getpid()] = h
    return h


@dataclass
class HighsSolution:
    """A float proposal from :func:`linprog`, scipy-style: ``status`` (0 optimal, 2 infeasible,
    3 unbounded, 4 other) and ``x`` (None unless optimal).  Not an exact answer: the exact
    results of :mod:`solvers.lp` are :class:`solvers.lp.FeasibilityResult` and
    :class:`solvers.lp.OptimizeResult`."""

    status: int
    x: np.ndarray | None


def linprog(c, A_ub=None, b_ub=None, A_eq=None, b_eq=None, bounds=None) -> HighsSolution:
    """min cᵀx s.t. A_ub x ≤ b_ub, A_eq x = b_eq, bounds (see the module docstring)."""
    c = np.asarray(c, dtype=np.float64)
    n = c.shape[0]
    if _hs is None:  # pragma: no cover
        from scipy.optimize import linprog as sp

        r = sp(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs")
        return HighsSolution(int(r.status), r.x if r.status == 0 else None)
    mats = [M for M in (A_ub, A_eq) if M is not None]
    sparse_in = any(hasattr(M, "tocsc") for M in mats)
    A: Any
    if sparse_in:  # large LPs arrive sparse: keep them sparse
        from scipy import sparse

        A = sparse.vstack([sparse.csc_matrix(M) for M in mats]).tocsc() if mats else sparse.csc_matrix((0, n))
    else:
        A = np.vstack([np.asarray(M, dtype=np.float64).reshape(-1, n) for M in mats]) if mats else np.zeros((0, n))
    bu = np.asarray(b_ub, dtype=np.float64).reshape(-1) if A_ub is not None else np.zeros(0)
    be = np.asarray(b_eq, dtype=np.float64).reshape(-1) if A_eq is not None else np.zeros(0)
    lo_r = np.concatenate([np.full(bu.shape[0], -_INF), be])
    hi_r = np.concatenate([bu, be])
    rows = A.shape[0]
    if bounds is None:
        bounds = [(0, None)] * n
    lo_c = np.array([-_INF if b[0] is None else float(b[0]) for b in bounds])
    hi_c = np.array([_INF if b[1] is None else float(b[1]) for b in bounds])
    lp = _hs.HighsLp()
    lp.num_col_ = n
    lp.num_row_ = rows
    lp.col_cost_ = c
    lp.col_lower_ = lo_c
    lp.col_upper_ = hi_c
    lp.row_lower_ = lo_r
    lp.row_upper_ = hi_r
    lp.a_matrix_.format_ = _hs.MatrixFormat.kColwise
    if sparse_in:
        lp.a_matrix_.start_ = A.indptr.astype(np.int32)
        lp.a_matrix_.index_ = A.indices.astype(np.int32)
        lp.a_matrix_.value_ = A.data.astype(np.float64)
    else:  # dense input: its non-zeros, column-wise
        At = np.ascontiguousarray(A.T)
        mask = At != 0
        lp.a_matrix_.start_ = np.concatenate([[0], np.cumsum(mask.sum(axis=1))]).astype(np.int32)
        lp.a_matrix_.index_ = np.nonzero(mask)[1].astype(np.int32)
        lp.a_matrix_.value_ = At[mask]
    h = _solver()
    h.passModel(lp)
    h.run()
    st = h.getModelStatus()
    if st == _hs.HighsModelStatus.kOptimal:
        return HighsSolution(0, np.array(h.getSolution().col_value, dtype=np.float64))
    if st == _hs.HighsModelStatus.kInfeasible:
        return HighsSolution(2, None)
    if st in (_hs.HighsModelStatus.kUnbounded, _hs.HighsModelStatus.kUnboundedOrInfeasible):
        return HighsSolution(3, None)
    return HighsSolution(4, None)
