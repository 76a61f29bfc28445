"""The toolkit's linear programs as readable, modifiable :mod:`cvxpy` problems.

The exact oracles (:mod:`solvers.lp`, :mod:`solvers.depth`, the margin oracle) call HiGHS
directly on hand-built arrays — fast, but not something a reader can lift out and change.
Each builder here returns the *same* LP as a :class:`Formulation`, a :class:`cvxpy.Problem`
whose variables and constraints are also reachable by the names the papers use
(``p.var["x"]``, ``p.con["margin"]``).  Add a constraint, swap the objective, try another
norm or solver, and solve; the exact oracles stay the source of truth (``tests/
test_formulations.py`` checks on generated instances that cvxpy's optimum agrees with the
exact one to solver tolerance, and that the exact checkers accept or refute cvxpy's point).

============================  =============================================================
:func:`feasibility_problem`   ``A_ub x <= b_ub, A_eq x = b_eq``; ``strict=True``: max-slack
:func:`optimization_problem`  ``max c^T x`` over the same polyhedron
:func:`cdepth_level_problem`  ``ConvexHull(D_S(k)) ∩ {E z = f} ≠ ∅`` ([Yan26] §5, Def. 8–9)
:func:`margin_problem`        best ℓ1-margin halfspace ([BF26] §2 and Lemma 4.2)
============================  =============================================================

Labels: :func:`margin_problem` takes 0/1 labels (the solvers' convention) and uses
``y = 2·label − 1 ∈ {−1, +1}`` as the paper does.

Examples
--------
Modify a formulation — add a constraint — and solve it again:

>>> import cvxpy as cp
>>> p = optimization_problem([1, 1], [[1, 2], [3, 1], [-1, 0], [0, -1]], [4, 6, 0, 0])
>>> print(round(float(p.solve(solver=cp.HIGHS)), 6))     # exact optimum 14/5 (solvers.lp.maximize)
2.8
>>> x = p.var["x"]
>>> q = p.with_constraints(cap=x[0] <= 1)             # a new Formulation; p is unchanged
>>> print(round(float(q.solve(solver=cp.HIGHS)), 6), sorted(q.con))
2.5 ['cap', 'ub']

References
----------
C. Yan, *Private Prediction via Shrinkage* [Yan26] §5, Definitions 8–9 and
Algorithm 4 (G_halfspace).  Bun, Fang, *Privately Learning Decision Lists and a
Differentially Private Winnow* [BF26] §2 "Large-Margin Halfspaces" (``‖v‖₁ = 1``, margin ρ) and
Lemma 4.2 (``v ≥ 0``).  S. Diamond, S. Boyd, *CVXPY* (JMLR 2016).
"""

from __future__ import annotations

from typing import Annotated, Any

import cvxpy as cp
import numpy as np

from solvers._checks import as_array
from solvers._domains import Interval, Joint, LPPart, Subspace, checked
from solvers._highs import consume_banner
from solvers.lp._system import _prepare

__all__ = [
    "Formulation",
    "feasibility_problem",
    "optimization_problem",
    "cdepth_level_problem",
    "margin_problem",
]


_Objective = cp.Minimize | cp.Maximize
_Matrix = Annotated[Any, Joint("finite numbers, d columns as the other arrays", kind="array")]


@checked
class Formulation(cp.Problem):
    """A :class:`cvxpy.Problem` whose variables and constraints are also reachable by name.

    Attributes
    ----------
    var : dict of str -> cvxpy.Variable
    con : dict of str -> cvxpy.Constraint
        The names used in the builder's docstring (and the paper).
    source : str
        Which oracle / paper statement the LP encodes.
    """

    def __init__(self, objective: _Objective, constraints: dict, variables: dict, source: str):
        super().__init__(objective, list(constraints.values()))
        self.var = dict(variables)
        self.con = dict(constraints)
        self.source = source

    def solve(self, *args: Any, **kwargs: Any):
        """:meth:`cvxpy.Problem.solve`, with highspy's once-per-process banner kept off standard output.

        Parameters
        ----------
        *args, **kwargs
            As :meth:`cvxpy.Problem.solve` (e.g. ``solver=cp.HIGHS``).

        Returns
        -------
        float
            The optimal value (cvxpy's return value).
        """

        consume_banner()
        return super().solve(*args, **kwargs)

    def with_constraints(self, **named: Any) -> Formulation:
        """A new :class:`Formulation`: this one plus the given named constraints."""
        clash = sorted(set(named) & set(self.con))
        if clash:
            raise ValueError(f"with_constraints: names already used: {clash}")
        return Formulation(self.objective, {**self.con, **named}, self.var, self.source)

    def with_objective(self, objective: _Objective) -> Formulation:
        """A new :class:`Formulation` with the same constraints and another objective."""
        return Formulation(objective, self.con, self.var, self.source)

    def __repr__(self) -> str:
        return f"Formulation({self.source!r}, variables={sorted(self.var)}, constraints={sorted(self.con)})"


# --------------------------------------------------------------------------- validation


def _system_arrays(A_ub, b_ub, A_eq, b_eq, d_hint=None):
    """Validated float arrays of the system (same rules and messages as :mod:`solvers.lp`)."""

    try:
        S = _prepare(A_ub, b_ub, A_eq, b_eq, d_hint=d_hint)
    except OverflowError:  # an exact entry beyond the floats: cvxpy solves in floats
        raise ValueError(
            "A_ub, b_ub, A_eq, b_eq: an entry is beyond the floats (a cvxpy formulation is in floats)"
        ) from None
    A = np.asarray(S.A_float, dtype=float).reshape(S.m, S.d)
    b = np.asarray(S.b_float, dtype=float).reshape(S.m)
    return S.d, A[: S.m_ub], b[: S.m_ub], A[S.m_ub :], b[S.m_ub :]


def _finite_matrix(X, name: str, ncols: int | None = None, ndim: int = 2) -> np.ndarray:
    arr = as_array(X, name, dtype=float)
    if ndim == 2 and arr.ndim == 1 and arr.size == 0:
        arr = arr.reshape(0, ncols or 0)
    if arr.ndim != ndim:
        raise ValueError(f"{name}: expected a {ndim}-D array, got shape {arr.shape}")
    if ndim == 2 and ncols is not None and arr.shape[1] != ncols:
        raise ValueError(f"{name}: expected {ncols} columns, got shape {arr.shape}")
    if arr.size and not np.isfinite(arr).all():
        raise ValueError(f"{name}: entries must be finite, got {arr[~np.isfinite(arr)][0]!r}")
    return arr


def _polyhedron(x, A_ub, b_ub, A_eq, b_eq) -> dict:
    cons = {}
    if len(A_ub):
        cons["ub"] = A_ub @ x <= b_ub
    if len(A_eq):
        cons["eq"] = A_eq @ x == b_eq
    return cons


# --------------------------------------------------------------------------- builders


@checked
def feasibility_problem(A_ub: LPPart, b_ub: LPPart, A_eq: LPPart = None, b_eq: LPPart = None, *, strict: bool = False):
    """``{x : A_ub x <= b_ub, A_eq x = b_eq}`` as a cvxpy problem (the LP of :func:`solvers.lp.feasible_point`).

    Parameters
    ----------
    A_ub, b_ub, A_eq, b_eq : array_like
        As in :func:`solvers.lp.feasible_point` (validated by the same code: NaN and
        infinities are rejected naming the argument).
    strict : bool, default False
        False: ``minimize 0`` s.t. ``ub: A_ub x <= b_ub``, ``eq: A_eq x = b_eq``; status
        ``optimal`` means feasible.  True: the max-slack LP of the strict question,
        ``maximize t`` s.t. ``ub: A_ub x + t·1 <= b_ub``, ``eq``, ``cap: t <= 1``; the strict
        system is feasible iff ``t* > 0`` (``FeasibilityResult.slack`` is the exact ``t*``).

    Returns
    -------
    Formulation
        Variables ``x`` (and ``t`` when strict); constraints ``ub``, ``eq`` (when present), ``cap``.
    """
    d, Au, bu, Ae, be = _system_arrays(A_ub, b_ub, A_eq, b_eq)
    x = cp.Variable(d, name="x")
    if not strict:
        return Formulation(cp.Minimize(0), _polyhedron(x, Au, bu, Ae, be), {"x": x}, "solvers.lp.feasible_point")
    t = cp.Variable(name="t")
    cons = {}
    if len(Au):
        cons["ub"] = Au @ x + t <= bu
    if len(Ae):
        cons["eq"] = Ae @ x == be
    cons["cap"] = t <= 1
    return Formulation(cp.Maximize(t), cons, {"x": x, "t": t}, "solvers.lp.feasible_point(strict=True)")


@checked
def optimization_problem(c: LPPart, A_ub: LPPart, b_ub: LPPart, A_eq: LPPart = None, b_eq: LPPart = None):
    """``max c^T x`` s.t. ``ub: A_ub x <= b_ub``, ``eq: A_eq x = b_eq`` (the LP of :func:`solvers.lp.maximize`).

    Parameters
    ----------
    c : array_like, shape (n,)
        The objective.
    A_ub, b_ub : array_like
        The inequality constraints.
    A_eq, b_eq : array_like, optional
        The equality constraints.

    Returns
    -------
    Formulation
        Variable ``x``; constraints ``ub``, ``eq`` (when present).  cvxpy's statuses
        ``optimal`` / ``unbounded`` / ``infeasible`` correspond to
        :class:`solvers.lp.OptimizeResult.status`.
    """
    cv = _finite_matrix(c, "c", ndim=1)
    for name, M in (("A_ub", A_ub), ("A_eq", A_eq)):
        arr = None if M is None else as_array(M, name)
        if arr is not None and arr.ndim == 2 and arr.shape[0] and arr.shape[1] != len(cv):
            raise ValueError(f"c must have one entry per column of {name} ({arr.shape[1]}), got {len(cv)}")
    d, Au, bu, Ae, be = _system_arrays(A_ub, b_ub, A_eq, b_eq, d_hint=len(cv))
    x = cp.Variable(d, name="x")
    return Formulation(cp.Maximize(cv @ x), _polyhedron(x, Au, bu, Ae, be), {"x": x}, "solvers.lp.maximize")


@checked
def cdepth_level_problem(
    points: _Matrix,
    rays: _Matrix = None,
    anchors: Annotated[Any, Joint("one index into points per ray", kind="indices")] = None,
    lineality: _Matrix = None,
    subspace: Subspace = None,
    *,
    anchoring_ratio: Annotated[float, Interval(gt=0)] | None = None,
):
    """Is ``ConvexHull(D_S(k)) ∩ {z : E z = f}`` non-empty?  ([Yan26] §5, Definitions 8–9.)

    ``cdepth_S(z) = max{k : z ∈ ConvexHull(D_S(k))}`` (Def. 9), so the maximum of cdepth
    over an affine subspace (G_halfspace, Algorithm 4 step 2) is the largest level ``k`` for
    which this LP is feasible.  The level set ``D_S(k) = {z : depth_S(z) >= k}`` is given by
    its generators, as in :mod:`solvers.depth`: the arrangement vertices ``p_v`` of depth
    ``>= k`` (``points``), the unbounded edges ``{p_anchor(e) + s·r_e : s >= 0}`` whose open ray
    has depth ``>= k`` (``rays`` and their ``anchors``) and the lineality space ``ker A``
    (``lineality``).  The LP, in the variables of that docstring::

        z = Σ_v λ_v p_v + Σ_e μ_e r_e + Σ_l ν_l ℓ_l      (hull)
        Σ_v λ_v = 1,  λ >= 0,  μ >= 0                      (convex_combination, lam_nonneg, mu_nonneg)
        E z = f                                             (subspace)
        μ_e <= M · λ_anchor(e)                              (anchoring, if anchoring_ratio=M)

    Without ``anchoring`` the LP decides the *closure* of the hull; with it (any ``M``) a
    solution is a point of the hull itself (Def. 8 asks for the hull).

    Parameters
    ----------
    points : array_like, shape (n_v, d)
        Vertices of depth ``>= k`` (at least one, or the level set is empty).
    rays, anchors : array_like, shapes (n_e, d) and (n_e,), optional
        Directions of the unbounded edges and the index (into ``points``) of each one's vertex.
    lineality : array_like, shape (n_l, d), optional
        A basis of the lineality space.
    subspace : (E, f) or solvers.affine.AffineSubspace or None
        The affine subspace ``{z : E z = f}`` (None: all of ℝ^d).
    anchoring_ratio : float or None
        ``M`` of the anchoring constraints (None: closure LP, no anchoring).

    Returns
    -------
    Formulation
        Variables ``z``, ``lam``, ``mu``, ``nu``; minimise 0 (status ``optimal`` = non-empty).
    """
    P = _finite_matrix(points, "points")
    n_v, d = P.shape
    if n_v == 0:
        raise ValueError("points: the level set needs at least one vertex (an empty level set has no hull)")
    R = _finite_matrix(rays if rays is not None else np.zeros((0, d)), "rays", d)
    n_e = R.shape[0]
    anc = as_array(anchors if anchors is not None else np.zeros(0), "anchors", dtype=float).reshape(-1)
    if anc.shape[0] != n_e:
        raise ValueError(f"anchors: expected one vertex index per ray ({n_e}), got {anc.shape[0]}")
    if n_e and (np.any(anc != np.round(anc)) or anc.min() < 0 or anc.max() >= n_v):
        raise ValueError(f"anchors: expected indices into points (0..{n_v - 1}), got {anc.tolist()}")
    anc = anc.astype(np.intp)
    L = _finite_matrix(lineality if lineality is not None else np.zeros((0, d)), "lineality", d)
    if subspace is None:
        E, f = np.zeros((0, d)), np.zeros(0)
    else:
        Eq, fq = subspace.equations() if hasattr(subspace, "equations") else subspace
        E = _finite_matrix(np.asarray(Eq, dtype=object).astype(float).reshape(-1, d), "subspace E", d)
        f = _finite_matrix(np.asarray(fq, dtype=object).astype(float).reshape(-1), "subspace f", ndim=1)
        if len(f) != len(E):
            raise ValueError(f"subspace f: expected {len(E)} entries (one per row of E), got {len(f)}")
    z = cp.Variable(d, name="z")
    lam = cp.Variable(n_v, name="lam")
    mu = cp.Variable(n_e, name="mu") if n_e else None
    nu = cp.Variable(len(L), name="nu") if len(L) else None
    combo = P.T @ lam
    if mu is not None:
        combo = combo + R.T @ mu
    if nu is not None:
        combo = combo + L.T @ nu
    cons = {"hull": z == combo, "convex_combination": cp.sum(lam) == 1, "lam_nonneg": lam >= 0}
    if mu is not None:
        cons["mu_nonneg"] = mu >= 0
        if anchoring_ratio is not None:
            cons["anchoring"] = mu <= anchoring_ratio * lam[anc]
    if len(E):
        cons["subspace"] = E @ z == f
    variables = {"z": z, "lam": lam, "mu": mu, "nu": nu}
    return Formulation(
        cp.Minimize(0),
        cons,
        {k: v for k, v in variables.items() if v is not None},
        "[Yan26] §5, Definitions 8-9 (cdepth level LP)",
    )


@checked
def margin_problem(
    X: _Matrix, labels: Annotated[Any, Joint("0/1, one per row of X", kind="labels")], *, nonnegative: bool = False
):
    """The best ℓ1-margin halfspace through the origin ([BF26] §2 and Lemma 4.2).

    [BF26] calls ``sgn⟨v, x⟩`` with ``‖v‖₁ = 1`` a ρ-margin halfspace for a sample when
    ``y_i ⟨v, x_i⟩ >= ρ`` for all i.  The best margin is the LP::

        maximize ρ   s.t.   y_i ⟨v, x_i⟩ >= ρ  (margin),   ‖v‖₁ <= 1  (l1_ball)

    ``‖v‖₁ = 1`` is relaxed to ``‖v‖₁ <= 1`` (convex): when the sample is strictly
    separable (optimum > 0) the optimal ``v`` has ``‖v‖₁ = 1`` (scale it up otherwise), so
    the values agree; when it is not, this LP returns 0 (``v = 0``), not the (negative)
    best margin on the sphere.  ``nonnegative=True`` is the setting of Lemma 4.2 /
    ConfidentWinnow (``v >= 0``, ``‖v‖₁ = 1``): constraints ``v_nonneg`` and ``simplex``
    (``Σ v = 1``, exact, no relaxation), and the optimum may be negative.

    Parameters
    ----------
    X : array_like, shape (n, d)
        Examples ([BF26] uses ``x ∈ {−1, 1}^d``; any finite reals are accepted).
    labels : array_like of {0, 1}, shape (n,)
        Converted at the boundary to ``y = 2·label − 1 ∈ {−1, +1}``.
    nonnegative : bool, default False

    Returns
    -------
    Formulation
        Variables ``v``, ``rho``; constraints ``margin`` and ``l1_ball`` (or ``v_nonneg``,
        ``simplex``).
    """
    Xa = _finite_matrix(X, "X")
    n, d = Xa.shape
    lab = _finite_matrix(labels, "labels", ndim=1)
    if lab.shape[0] != n:
        raise ValueError(f"labels: expected {n} labels (one per row of X), got {lab.shape[0]}")
    if np.any((lab != 0) & (lab != 1)):
        raise ValueError(
            "labels: expected 0/1 labels (solvers use {0,1}; convert ±1 at the boundary), "
            f"got {sorted(set(lab.tolist()))}"
        )
    y = 2.0 * lab - 1.0
    v = cp.Variable(d, name="v")
    rho = cp.Variable(name="rho")
    cons = {"margin": cp.multiply(y, Xa @ v) >= rho}
    if nonnegative:
        cons["v_nonneg"] = v >= 0
        cons["simplex"] = cp.sum(v) == 1
    else:
        cons["l1_ball"] = cp.norm1(v) <= 1
    return Formulation(
        cp.Maximize(rho),
        cons,
        {"v": v, "rho": rho},
        "[BF26] §2 (rho-margin halfspace)" + (", Lemma 4.2 (v >= 0)" if nonnegative else ""),
    )
