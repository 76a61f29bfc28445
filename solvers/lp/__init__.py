"""Exact linear feasibility and linear optimisation with checkable certificates.

The polyhedron is ``P = {x in Q^d : A_ub x <= b_ub, A_eq x = b_eq}`` (``x`` free).
Every answer returned here is *exact* and *certified*:

* feasible  -> a point of ``P`` with :class:`fractions.Fraction` coordinates;
* infeasible -> Farkas multipliers ``(y_ub, y_eq)`` with ``y_ub >= 0``,
  ``y_ub^T A_ub + y_eq^T A_eq = 0`` and ``y_ub^T b_ub + y_eq^T b_eq < 0``.

Strategy (DESIGN.md "Exactness")
--------------------------------
1. **Float proposal.**  HiGHS (through ``highspy``, presolve off so that the
   simplex basis and the dual ray refer to the model as given) solves the LP in
   floating point: feasibility with tight tolerances (1e-10: on near-degenerate systems
   HiGHS's basis then survives the exact check far more often), Devex pricing and each
   row scaled by a power of two to size ~2**12 (the tolerance is absolute), :func:`maximize` and the
   max-slack LP of ``strict=True`` through their dual LP ``min b^T y : A^T y = c, y_ub >= 0``
   when there are more rows than columns (``d`` rows for HiGHS instead of ``m``; its
   basis is the primal one complemented, read off the nonzero duals).
2. **Exact repair.**  Optimal: the final simplex basis names ``d`` tight constraints
   (non-basic rows, and non-basic free columns, fixed at 0); that ``d x d`` system
   is solved in integer arithmetic (fraction-free Gauss-Jordan on the rows scaled to
   integers, python-flint; p-adic lifting for many unknowns) and the point is checked
   against *every* constraint exactly; for :func:`maximize` the dual multipliers of
   the same basis are solved for (a second reduction, of ``[M^T | c]``) and checked too.
   Infeasible: HiGHS's dual ray (the dual LP's improving ray for :func:`maximize`) is
   rationalised (its support is taken and the small linear system
   ``y_S^T [A_S | b_S] = (0, -1)`` solved exactly) and checked exactly.  The checks run in
   integers, the point through the rigorous float filter of :mod:`solvers.lp._checks`
   (integers only for the rows it cannot settle); the answer's Fractions are made when
   first read (the answer was checked before it is returned).
3. **Second float attempts** when the proposal does not survive the exact check: if the
   vertex of HiGHS's basis violates a row (on near-degenerate systems typically one or two
   rows whose exact residual is ~1e-12 relative), exact basis exchanges bring the violated
   rows into the basis (``method="highs+exchange"``,
   :func:`solvers.lp._repair._exchange_repair`); then, for systems above 300 entries
   ``m (d + 1)``, the max-slack LP (its optimum is a feasible point when ``t* >= 0``, its
   duals a Farkas certificate when ``t* < 0``), all repaired and checked as above; smaller
   systems go straight to the exact fallback (5.), faster there.
4. **Exact active-set repair** (``method="exact-active-set"``): a vertex-form simplex in
   rational arithmetic on ``max t : A_ub x + t <= b_ub, t <= 0`` (equations eliminated
   through :class:`solvers.affine.AffineSubspace`), started at the exact vertex of HiGHS's
   final basis (else the float solution), so
   that near-degenerate systems whose feasible region is below HiGHS's tolerances
   (widths ~1e-9) are settled in a few exact steps.  Used up to 40 free coordinates,
   with an iteration cap (smallest-index rule; on the cap the fallback below answers),
   and only above 300 entries ``m (d + 1)``: smaller systems go straight to the fallback,
   which is faster there.
5. **Exact fallback** (``method="exact-simplex"``): a revised simplex on the dual
   (``d`` or ``d + 1`` rows, one column per constraint) with the basis inverse kept
   fraction-free (Edmonds/Bareiss) in python-flint integer matrices, Dantzig's rule with the
   lexicographic ratio test [DOW55].  It always terminates and always yields a certificate;
   ``O(d^2 + m d)`` integer operations per pivot, so it is the last resort.

Every answer is re-checked by the same exact checker that backs
:func:`is_feasible_point` / :func:`is_farkas_certificate` before it is returned
(an ``AssertionError`` would signal a bug, never a wrong answer).

Input numbers: Python/numpy integers, :class:`fractions.Fraction` (any
``numbers.Rational``), and floats, which are taken at their **exact binary value**
(``Fraction(0.1) == 3602879701896397/36028797018963968``), so an answer certifies
the system the caller actually passed.  NaN and infinities are rejected.

Strict inequalities (``strict=True``): the max-slack LP
``slack = max { t : A_ub x + t*1 <= b_ub, A_eq x = b_eq, t <= 1 }``
(rows in the caller's own scaling, capped at 1 so that it is bounded; with no
inequality rows ``slack = 1`` if the equations are solvable).  The strict system
``A_ub x < b_ub, A_eq x = b_eq`` is feasible iff ``slack > 0``.  Otherwise the
certificate is a Motzkin (transposition theorem) certificate: ``y_ub >= 0``,
``y^T A = 0`` and either ``y^T b < 0``, or ``y^T b <= 0`` with ``y_ub != 0``
(see :func:`is_farkas_certificate` with ``strict=True``).

Reading order (one tier, one module)
------------------------------------
``solvers/lp/`` is a package; this ``__init__`` holds the documentation and the public
names.  Each tier is one module, readable on its own:

==========================  ===========================================================
``_solve.py``               :func:`feasible_point`, :func:`maximize`: the order of the tiers
``_verify.py``              the public exact checkers (``is_*``)
``_results.py``             the returned dataclasses
``solvers/_rational.py``    exact rational helpers (shared with :mod:`solvers.affine`)
``_system.py``              tier 0: parsing, validation, rows scaled to integers
``_highs.py``               tier 1: the float proposal (HiGHS)
``_linalg.py``              exact linear algebra (fraction-free, sparse, python-flint)
``_checks.py``              the exact checks every answer passes
``_repair.py``              tier 2: exact repair of HiGHS's basis / dual ray
``_slack.py``               the max-slack LP (``strict=True``; second float attempt)
``_active_set.py``          tier 3: exact active-set repair
``_simplex.py``             tier 4: the exact revised simplex (last resort)
==========================  ===========================================================

The same LPs as readable, modifiable :mod:`cvxpy` problems are built by
:mod:`solvers.formulations` (the exact oracles here stay the source of truth).

References
----------
C. Yan, *Private Prediction via Shrinkage* [Yan26] §5: the halfspace
generator G_halfspace (Algorithm 4) reduces to linear feasibility problems.
J. Edmonds, "Systems of distinct representatives and linear algebra" (1967) and
E. H. Bareiss (1968) for fraction-free elimination; G. B. Dantzig, A. Orden and
P. Wolfe (1955) for the lexicographic rule of the fallback, R. G. Bland (1977) for the
smallest-index rule of the active-set walk.
"""

from solvers.lp._results import FarkasCertificate, FeasibilityResult, OptimizeResult
from solvers.lp._solve import feasible_point, maximize
from solvers.lp._verify import is_farkas_certificate, is_feasible_point, is_optimize_certificate

__all__ = [
    "FarkasCertificate",
    "FeasibilityResult",
    "OptimizeResult",
    "feasible_point",
    "maximize",
    "is_feasible_point",
    "is_farkas_certificate",
    "is_optimize_certificate",
]
