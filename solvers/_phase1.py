"""A small dense float phase-1 simplex whose columns arrive in groups: a proposal, never an answer.

:class:`Phase1` looks for ``x >= 0`` with ``A x = g`` over the first ``n`` columns of a fixed
matrix ``A`` (few rows, up to a few thousand columns), minimising the sum of artificial
variables (revised simplex, explicit basis inverse, Dantzig's rule and Bland's after a run of
degenerate pivots).  :meth:`Phase1.extend` makes more columns available and the search goes on
from the current basis: the basis stays primal feasible for phase 1, so a group of columns costs
only the pivots it enables.  Its user is the level search of :mod:`solvers.depth` at a point
subspace (columns = arrangement vertices and rays in decreasing depth), where each HiGHS call
costs ~0.4 ms of setup for a handful of pivots on ``d + 1`` rows.

Nothing here is trusted: the caller solves the final bases exactly (the support of a feasible
basis gives an exact combination, the dual of an optimal infeasible basis a Farkas
certificate: ``y^T A <= 0`` on every available column, ``y^T g > 0``) and checks every answer in
exact arithmetic; a basis that does not certify sends it to its general path.
"""

from __future__ import annotations

import numpy as np

__all__ = ["Phase1"]

#: relative tolerance of pricing and of the ratio test (float proposals only)
_TOL = 1e-9


class Phase1:
    """Phase 1 of the simplex on ``{x >= 0 : A[:, :n] x = g}``, columns made available in groups.

    Parameters
    ----------
    A : numpy.ndarray, shape (r, N)
        The columns, in the order in which they become available.
    g : numpy.ndarray, shape (r,)
        The right-hand side.

    Attributes
    ----------
    basis : list of int
        The basic variables: a column index, or ``-1 - i`` for the artificial variable of row
        ``i`` (its column is ``sign(g_i) e_i``).
    x : numpy.ndarray
        Their values.
    """

    def __init__(self, A: np.ndarray, g: np.ndarray):
        self.A = np.asarray(A, dtype=float)
        r = self.A.shape[0]
        self.sign = np.where(np.asarray(g) < 0, -1.0, 1.0)
        self.g = np.asarray(g, dtype=float)
        self.basis: list[int] = [-1 - i for i in range(r)]
        self.x = np.abs(self.g)
        self.inv = np.diag(self.sign)  # the inverse of the basis matrix diag(sign)
        self.cost = np.ones(r)  # phase-1 costs of the basic variables (1: artificial)
        self.n = 0
        self.pivots = 0

    def extend(self, n: int) -> None:
        """Make the first ``n`` columns available (``n`` never decreases)."""
        self.n = max(self.n, int(n))

    def objective(self) -> float:
        """The sum of the artificial variables (0 when the current basis is feasible)."""
        return float(self.cost @ self.x)

    def feasible(self) -> bool:
        """Whether the artificial variables are all (numerically) zero."""
        return self.objective() <= _TOL * (1.0 + float(np.abs(self.g).max(initial=0.0)))

    def column(self, j: int) -> np.ndarray:
        """Column ``j`` (``j < 0``: an artificial variable's signed unit column)."""
        if j >= 0:
            return self.A[:, j]
        e = np.zeros(self.A.shape[0])
        e[-1 - j] = self.sign[-1 - j]
        return e

    def run(self, max_pivots: int = 500) -> bool | None:
        """Pivot to a phase-1 optimum over the available columns.

        Returns True (feasible: the artificial variables are 0), False (optimal with a positive
        sum: no nonnegative combination of the available columns equals ``g``, numerically), or
        None when the pivot budget runs out or the basis becomes singular.
        """
        degenerate = 0
        refresh = 0
        while True:
            if self.feasible():
                return True
            A = self.A[:, : self.n]
            y = self.cost @ self.inv  # the simplex multipliers
            if A.shape[1] == 0:
                return False
            val = y @ A  # minus the reduced costs of the structural columns
            scale = np.abs(y) @ np.abs(A) + 1e-300
            ok = val > _TOL * scale
            if not ok.any():
                return False
            q = int(np.flatnonzero(ok)[0]) if degenerate > 2 * len(self.basis) else int(np.argmax(val / scale))
            u = self.inv @ A[:, q]
            up = u > _TOL * np.abs(u).max()
            if not up.any():  # cannot happen in phase 1 (the objective is bounded below)
                return None
            ratios = np.full(len(u), np.inf)
            ratios[up] = self.x[up] / u[up]
            theta = ratios.min()
            ties = np.flatnonzero(ratios <= theta + _TOL * (1.0 + theta))
            if degenerate > 2 * len(self.basis):  # Bland: the least variable leaves (artificials first)
                r = min(ties.tolist(), key=lambda i: self.basis[i])
            else:  # an artificial variable leaves first, then the largest pivot
                r = max(ties.tolist(), key=lambda i: (self.basis[i] < 0, abs(u[i])))
            degenerate = degenerate + 1 if theta <= _TOL else 0
            self.x = self.x - theta * u
            self.x[r] = theta
            np.maximum(self.x, 0.0, out=self.x)
            pivot_row = self.inv[r] / u[r]
            self.inv -= np.outer(u, pivot_row)
            self.inv[r] = pivot_row
            self.basis[r] = q
            self.cost[r] = 0.0
            self.pivots += 1
            refresh += 1
            if refresh >= 25:  # re-factorise now and then (float drift)
                refresh = 0
                if not self._refactor():
                    return None
            if self.pivots > max_pivots:
                return None

    def _refactor(self) -> bool:
        """Recompute the basis inverse and the basic values from scratch; False if singular."""
        B = np.column_stack([self.column(j) for j in self.basis])
        try:
            self.inv = np.linalg.inv(B)
        except np.linalg.LinAlgError:
            return False
        self.x = np.maximum(self.inv @ self.g, 0.0)
        return bool(np.isfinite(self.inv).all())

    def support(self) -> list[int]:
        """The columns of the current basis with a positive value (the artificial ones left out)."""
        tol = _TOL * (1.0 + float(self.x.max(initial=0.0)))
        return [j for j, v in zip(self.basis, self.x.tolist(), strict=True) if j >= 0 and v > tol]
