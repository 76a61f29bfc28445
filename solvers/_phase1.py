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

from operator import mul

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
    unit : bool, default False
        Every column of ``A`` has largest |entry| 1 (then the pricing's scale is ``|y|_1``, no
        second product).
    later : numpy.ndarray of bool, shape (N,), optional
        Columns that enter the basis only when no other available column improves (the caller's
        preference; the optimum is the same, the basis it ends on may be another).

    Attributes
    ----------
    basis : list of int
        The basic variables: a column index, or ``-1 - i`` for the artificial variable of row
        ``i`` (its column is ``sign(g_i) e_i``).
    x : list of float
        Their values.
    """

    def __init__(self, A: np.ndarray, g: np.ndarray, unit: bool = False, later: np.ndarray | None = None):
        A = np.asarray(A, dtype=float)
        r = A.shape[0]
        self.A = A
        self.unit = unit  # every column has largest |entry| 1 (the caller scaled them)
        self.later = later  # columns entered only when no other one improves
        self.W = None if unit else np.vstack([A, np.abs(A)])  # pricing: y A and |y| |A| in one product
        self.g = [float(v) for v in g]
        self.sign = [-1.0 if v < 0 else 1.0 for v in self.g]
        self.basis: list[int] = [-1 - i for i in range(r)]
        self.x = [abs(v) for v in self.g]
        self.inv = [[self.sign[i] if i == j else 0.0 for j in range(r)] for i in range(r)]
        self.cost = [1.0] * r  # costs of the basic variables (phase 1: 1 on the artificial ones)
        self.c: np.ndarray | None = None  # phase 2: the costs of the columns (:meth:`minimise`)
        self.n = 0
        self.pivots = 0
        self._tiny = _TOL * (1.0 + max((abs(v) for v in self.g), default=0.0))

    def extend(self, n: int) -> None:
        """Make the first ``n`` columns available (``n`` never decreases)."""
        self.n = max(self.n, int(n))

    def objective(self) -> float:
        """The cost of the current basic solution: the sum of the artificial variables in phase 1
        (0 when the basis is feasible), ``c·x`` after :meth:`minimise`."""
        return sum(c * v for c, v in zip(self.cost, self.x, strict=True))

    def feasible(self) -> bool:
        """Whether the artificial variables are all (numerically) zero."""
        return sum(v for j, v in zip(self.basis, self.x, strict=True) if j < 0) <= self._tiny

    def column(self, j: int) -> list[float]:
        """Column ``j`` (``j < 0``: an artificial variable's signed unit column)."""
        if j >= 0:
            return self.A[:, j].tolist()
        e = [0.0] * len(self.g)
        e[-1 - j] = self.sign[-1 - j]
        return e

    def run(self, max_pivots: int = 500) -> bool | None:
        """Pivot to a phase-1 optimum over the available columns.

        Returns True (feasible: the artificial variables are 0), False (optimal with a positive
        sum: no nonnegative combination of the available columns equals ``g``, numerically), or
        None when the pivot budget runs out or the basis becomes singular.  The r-vectors and the
        r x r inverse are Python lists (r is small: numpy's per-call cost would dominate); only
        the pricing over the columns is one numpy product.
        """
        return self._pivots(None, max_pivots)

    def minimise(self, c: np.ndarray, max_pivots: int = 500) -> bool | None:
        """Phase 2 from a feasible basis: minimise ``c·x`` over the available columns (``c >= 0`` on
        all ``N`` columns), artificial variables held at 0 (one basic at 0 leaves as soon as a
        column moves it).  True at an optimum (:meth:`objective` is its value), None on failure."""
        if not self.feasible():
            return None
        self.c = c = np.asarray(c, dtype=float)
        cost = c.tolist()
        self.cost = [cost[j] if j >= 0 else 0.0 for j in self.basis]
        return self._pivots(c, max_pivots)

    def _pivots(self, c: np.ndarray | None, max_pivots: int) -> bool | None:
        """The simplex iterations of :meth:`run` (``c`` None: phase 1) and :meth:`minimise`."""
        r = len(self.basis)
        rows = range(r)
        degenerate = refresh = 0
        phase2 = c is not None
        basis, inv, x, cost = self.basis, self.inv, self.x, self.cost
        A = self.A[:, : self.n]
        tiny, cmax = self._tiny, (0.0 if c is None else float(c.max(initial=0.0)))
        cn = None if c is None else c[: self.n]
        later = None if self.later is None else self.later[: self.n]
        stalled: set[int] = set()
        while True:
            if not phase2 and sum(v for j, v in zip(basis, x, strict=True) if j < 0) <= tiny:
                return True
            if self.n == 0:
                return phase2 or False
            y = [0.0] * r
            for i in rows:
                ci = cost[i]
                if ci:
                    y = [v + ci * w for v, w in zip(y, inv[i], strict=True)]
            if self.W is None:  # unit columns (largest |entry| 1): |y a_j| <= |y|_1, one product prices them all
                score = np.dot(y, A)
                if cn is not None:  # minus the reduced costs c_j - y a_j
                    score -= cn
                norm = sum(map(abs, y)) + cmax + 1e-300
            else:
                val, scale = np.array([y + [0.0] * r, [0.0] * r + [abs(v) for v in y]]) @ self.W[:, : self.n]
                if cn is not None:
                    val = val - cn
                    scale = scale + np.abs(cn)
                score, norm = val / (scale + 1e-300), 1.0
            if stalled:  # columns whose step no row bounds (rounding: the objective is bounded below)
                score[list(stalled)] = -np.inf
            bland = degenerate > 2 * r
            if bland:  # the first improving column
                ok = np.flatnonzero(score > _TOL * norm)
                if not len(ok):
                    return phase2 or False
                q = int(ok[0])
            else:  # Dantzig on the scaled reduced costs (the preferred columns first, if any improves)
                q = int(score.argmax())
                if not score[q] > _TOL * norm:
                    return phase2 or False
                if later is not None and later[q]:
                    qp = int(np.where(later, -np.inf, score).argmax())
                    if score[qp] > _TOL * norm:
                        q = qp
            a = A[:, q].tolist()
            u = [sum(map(mul, row, a)) for row in inv]
            top = _TOL * max(map(abs, u))
            best, theta = -1, 0.0
            for i in rows:
                ui = u[i]
                if ui > top or (phase2 and basis[i] < 0 and -ui > top):
                    t = x[i] / ui if ui > 0 else 0.0  # (an artificial at 0 leaves at once)
                    if best < 0 or t < theta - _TOL * (1.0 + theta):
                        best, theta = i, t
                    elif t <= theta + _TOL * (1.0 + theta):
                        # ties: Bland, the least variable (artificials first); else an artificial
                        # variable leaves first, then the largest pivot
                        if bland:
                            better = basis[i] < basis[best]
                        else:
                            better = (basis[i] < 0, abs(ui)) > (basis[best] < 0, abs(u[best]))
                        if better:
                            best, theta = i, min(theta, t)
            if best < 0:  # both phases are bounded below (c >= 0): a rounding artefact; price the others
                stalled.add(q)
                if len(stalled) > 2 * r:
                    return None
                continue
            stalled.clear()
            degenerate = degenerate + 1 if theta <= _TOL else 0
            p = best
            up = u[p]
            prow = [v / up for v in inv[p]]
            for i in rows:
                ui = u[i]
                if i != p and ui:
                    inv[i] = [v - ui * w for v, w in zip(inv[i], prow, strict=True)]
                    if theta:
                        x[i] = max(x[i] - theta * ui, 0.0)
            inv[p] = prow
            x[p] = theta
            basis[p] = q
            cost[p] = 0.0 if c is None else float(c[q])
            self.pivots += 1
            refresh += 1
            if refresh >= 25:  # re-factorise now and then (float drift)
                refresh = 0
                if not self._refactor():
                    return None
                inv, x = self.inv, self.x
            if self.pivots > max_pivots:
                return None

    def _refactor(self) -> bool:
        """Recompute the basis inverse and the basic values from scratch; False if singular."""
        B = np.array([self.column(j) for j in self.basis]).T
        try:
            inv = np.linalg.inv(B)
        except np.linalg.LinAlgError:
            return False
        if not np.isfinite(inv).all():
            return False
        self.inv = inv.tolist()
        self.x = np.maximum(inv @ np.array(self.g), 0.0).tolist()
        return True

    def support(self) -> list[int]:
        """The columns of the current basis with a positive value (the artificial ones left out)."""
        tol = _TOL * (1.0 + max(self.x, default=0.0))
        return [j for j, v in zip(self.basis, self.x, strict=True) if j >= 0 and v > tol]
