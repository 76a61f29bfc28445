"""The dimension step in the proof of Claim 9 of [Yan26] (*Private Prediction via Shrinkage*).

Claim 9's proof (§5, G_halfspace) keeps the feasible region as the intersection of the
hard-query hyperplanes and argues: a redundant hyperplane cuts nothing away, and "each
non-redundant constraint decreases the affine dimension of the feasible region by at
least one", so (the region living in R^{d+1}) BetweenThresholds outputs ⊤ at most d + 1
times.  The exact statement checked here:

    For an affine subspace V ⊆ Q^n and a hyperplane H = {z : <a, z> = w} with V ∩ H ≠ ∅:
    dim(V ∩ H) ∈ {dim V − 1, dim V}, and dim(V ∩ H) = dim V − 1 iff H is non-redundant
    (V ⊄ H).  For a linear V and a homogeneous H (w = 0) — the faithful dual form of
    §5.1, where every hard-query hyperplane {(a, w) : <a, x> = w} passes through 0 — the
    intersection is never empty.

Precision about the paper's wording (reported as evidence, not a violation): the proof
calls a hyperplane "parallel to" a previous one redundant.  In an affine chart a
parallel, disjoint hyperplane gives V ∩ H = ∅ — the dimension then "drops" from dim V to
−1, by more than one — but in the paper's homogeneous representation every hyperplane
contains 0, so parallel means equal and emptiness cannot occur.  The flip side, also
recorded as evidence: after n non-redundant homogeneous cuts the region is {0}, i.e.
(a, w) = 0, the degenerate hypothesis of the faithful dual form (issue 3, item 4).

Every intersection is computed by :class:`solvers.affine.AffineSubspace` and checked
against an independent rank computation (sympy) on the stacked equations.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from geoprivate.claims import Verdict, register
from solvers.affine import AffineSubspace

__all__ = []

# (sequences, max ambient dimension, hyperplanes per sequence)
_SIZES = {"small": (60, 5, 7), "medium": (300, 7, 10)}


def _rank(rows) -> int:
    return sympy.Matrix(rows).rank() if rows else 0


def _hyperplane(rng, V: AffineSubspace, homogeneous: bool):
    """A random hyperplane of one of several kinds (random, redundant, parallel, through a point of V)."""
    n = V.ambient_dim
    E, f = V.equations()
    kind = rng.choice(["random", "redundant", "parallel", "through", "through"])
    if kind in ("redundant", "parallel") and E:
        coef = rng.integers(-2, 3, size=len(E)).tolist()
        a = [sum(c * row[j] for c, row in zip(coef, E, strict=True)) for j in range(n)]
        w = sum(c * fi for c, fi in zip(coef, f, strict=True))
        if kind == "parallel" and not homogeneous:
            w += 1
        return kind, a, w
    a = rng.integers(-2, 3, size=n).tolist()
    if homogeneous:
        return kind, a, 0
    if kind == "through":  # through a random point of V: the intersection is non-empty
        u = [Fraction(int(v)) for v in rng.integers(-2, 3, size=V.dim)]
        z = V.to_ambient(u)
        return kind, a, sum(x * y for x, y in zip(a, z, strict=True))
    return kind, a, int(rng.integers(-2, 3))


@register(
    "shrinkage/claim-9-step",
    checks=("Claim 9",),
    statement="If V is an affine subspace and H = {<a,z> = w} meets V, then dim(V∩H) is dim V (H redundant, "
    "V ⊆ H) or dim V − 1 (H non-redundant) — the step 'each non-redundant constraint lowers the affine "
    "dimension' of [Yan26]'s proof of Claim 9; with the homogeneous hyperplanes of the faithful dual form "
    "V∩H is never empty.",
)
def _check_claim_9_step(rng, size):
    n_seq, max_n, n_cuts = _SIZES[size]
    steps = redundant = nonredundant = empty = homog_steps = collapsed_to_zero = 0
    max_drop_when_empty = 0
    for s in range(n_seq):
        n = int(rng.integers(1, max_n + 1))
        homogeneous = s % 2 == 0
        V = AffineSubspace.full(n)
        E_rows, E_aug = [], []  # all hyperplanes so far, for the independent rank check
        nonred_here = 0
        for _ in range(n_cuts):
            kind, a, w = _hyperplane(rng, V, homogeneous)
            r = V.intersect(a, w)
            E_rows.append(list(a))
            E_aug.append(list(a) + [w])
            rk, rk_aug = _rank(E_rows), _rank(E_aug)
            steps += 1
            homog_steps += homogeneous
            instance = {"n": n, "hyperplanes": [[str(v) for v in row] for row in E_aug], "kind": kind}
            truly_empty = rk_aug > rk
            if r.empty != truly_empty:
                return Verdict.violated(instance, reason="emptiness misreported")
            if r.empty:
                if homogeneous:
                    return Verdict.violated(instance, reason="homogeneous intersection empty")
                empty += 1
                max_drop_when_empty = max(max_drop_when_empty, V.dim + 1)
                E_rows.pop()
                E_aug.pop()
                continue
            W = r.subspace
            if W is None:
                return Verdict.violated(instance, reason="not empty, yet no subspace returned")
            # independent: V ⊆ H  <=>  a ⟂ every direction of V and the point of V lies on H
            in_H = (
                all(sum(x * y for x, y in zip(a, v, strict=True)) == 0 for v in V.basis)
                and sum(x * y for x, y in zip(a, V.point, strict=True)) == w
            )
            drop = V.dim - W.dim
            if W.dim != n - rk or r.redundant != in_H or drop not in (0, 1) or (drop == 1) == r.redundant:
                return Verdict.violated(
                    instance, dim_before=V.dim, dim_after=W.dim, rank=rk, redundant=r.redundant, in_H=in_H
                )
            redundant += r.redundant
            nonredundant += not r.redundant
            nonred_here += not r.redundant
            V = W
        if nonred_here > n:
            return Verdict.violated({"n": n}, reason="more than n non-redundant cuts")
        if homogeneous and V.dim == 0:
            collapsed_to_zero += all(v == 0 for v in V.point)
    return Verdict.holds(
        intersections=steps,
        redundant=redundant,
        non_redundant=nonredundant,
        empty_affine_intersections=empty,
        max_dimension_drop_when_empty=max_drop_when_empty,
        homogeneous_intersections=homog_steps,
        homogeneous_runs_collapsed_to_origin=collapsed_to_zero,
    )
