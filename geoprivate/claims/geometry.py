"""Geometric claims behind G_halfspace ([Yan26] §5): Cover's count, Fact 1, cdepth vs depth,
and the degeneracy of the paper's dual form.

Every check builds instances (random and degenerate) and decides them exactly with
:mod:`solvers.halfspaces` and :mod:`solvers.depth`; every cdepth value comes with a
:class:`~solvers.depth.HullCertificate` that is re-checked here.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np

from geoprivate.claims import Verdict, register
from solvers.depth import _cdepth_hull_only, cdepth, depth, is_hull_certificate, max_cdepth, max_depth_brute
from solvers.halfspaces import (
    cover_count,
    dual_constraints,
    dual_hypothesis,
    halfspace_dichotomies,
    halfspace_predicate,
    is_halfspace_dichotomy,
)

__all__: list[str] = []

_N = {"small": 1, "medium": 4}


def _system(rng, m, d, degenerate):
    """Random constraints ⟨A_i, z⟩ ≥ w_i; degenerate ones repeat, negate and zero rows."""
    A = rng.integers(-3, 4, (m, d))
    w = rng.integers(-3, 4, m)
    if degenerate and m >= 3:
        A[1], w[1] = A[0], w[0]  # a repeated constraint
        A[2], w[2] = -A[0], -w[0]  # the opposite one: a hyperplane of depth 2
        if m >= 4:
            A[3] = 2 * A[0]  # a parallel one
    return A, w


def _probe_points(rng, A, w, d, k):
    """Generic points plus points on hyperplanes and at their intersections."""
    pts = [rng.uniform(-4, 4, d) for _ in range(k)]
    pts += [rng.integers(-3, 4, d) for _ in range(k)]
    for i in range(min(len(A), k)):  # a point on hyperplane i
        a = A[i]
        if np.any(a):
            z = [Fraction(int(v)) for v in rng.integers(-2, 3, d)]
            j = int(np.flatnonzero(a)[0])
            s = sum(Fraction(int(a[t])) * z[t] for t in range(d) if t != j)
            z[j] = (Fraction(int(w[i])) - s) / int(a[j])
            pts.append(z)
    return pts


def _instances(rng, size):
    reps = _N[size]
    for _rep in range(reps):
        for d, m in ((1, 5), (2, 5), (2, 6), (3, 5)):
            for degenerate in (False, True):
                A, w = _system(rng, m, d, degenerate)
                yield A, w, d, m, degenerate


# --------------------------------------------------------------------------- Cover


@register(
    "general/cover-count",
    statement="""
    For n >= 1 points in general position in R^d, the closed affine halfspaces (constants
    included) realise exactly 2 * sum_{k<=d} C(n-1, k) labellings (Cover 1965); for any
    point set at most that many.  Checked with the exact enumeration
    solvers.halfspaces.halfspace_dichotomies, itself cross-checked against one exact LP
    per labelling on small degenerate sets.
    """,
)
def _check_cover(rng, size):
    reps = _N[size]
    checked = brute = degenerate = 0
    for _ in range(8 * reps):
        d = int(rng.integers(1, 4))
        n = int(rng.integers(1, 16 if d < 3 else 12))
        X = rng.standard_normal((n, d))  # general position with probability 1
        H = halfspace_dichotomies(X)
        if H.shape[0] != cover_count(n, d):
            return Verdict.violated({"X": X.tolist(), "count": int(H.shape[0]), "cover": cover_count(n, d)})
        checked += 1
    for _ in range(4 * reps):
        d = int(rng.integers(1, 3))
        n = int(rng.integers(2, 7))
        X = rng.integers(-1, 2, (n, d))  # repeated / collinear points
        H = halfspace_dichotomies(X)
        if H.shape[0] > cover_count(n, d):
            return Verdict.violated({"X": X.tolist(), "count": int(H.shape[0]), "cover": cover_count(n, d)})
        rows = {tuple(r) for r in H.tolist()}
        for lab in itertools.product((0, 1), repeat=n):
            if (lab in rows) != is_halfspace_dichotomy(X, np.array(lab)):
                return Verdict.violated({"X": X.tolist(), "labelling": list(lab), "enumerated": lab in rows})
        brute += 1
        degenerate += int(H.shape[0] < cover_count(n, d))
    return Verdict.holds(
        general_position_sets=checked, lp_cross_checked_sets=brute, degenerate_sets_below_cover=degenerate
    )


# --------------------------------------------------------------------------- Fact 1 / cdepth >= depth


def _cdepth_rows(rng, size):
    """(A, w, d, m, degenerate, z, depth, cdepth) on random and degenerate instances.

    cdepth is computed by the hull LPs alone (search from level 0, never from depth(z)),
    its certificate re-checked, and compared with the public :func:`cdepth`.
    """
    out = []
    for A, w, d, m, deg in _instances(rng, size):
        for z in _probe_points(rng, A, w, d, 2):
            res = _cdepth_hull_only((A, w), z)
            if not is_hull_certificate((A, w), res.certificate) or res.certificate.point != tuple(
                Fraction(v) if not isinstance(v, Fraction) else v for v in np.asarray(z, dtype=object).tolist()
            ):
                raise AssertionError("cdepth returned a certificate that does not check")
            if cdepth((A, w), z) != res.value:
                raise AssertionError("cdepth disagrees with the hull-only search")
            out.append((A, w, d, m, deg, z, depth((A, w), z), res.value))
    return out


def _plain(z):
    return [str(Fraction(v)) if not isinstance(v, Fraction) else str(v) for v in z]


@register(
    "shrinkage/fact-1",
    checks=("Fact 1",),
    statement="""
    Fact 1 of [Yan26] (from Kaplan et al.): for every finite collection S of halfspace
    constraints in R^d and every x, depth_S(x) >= (d+1) * cdepth_S(x) - d * |S|.  Checked with
    exact cdepth (Definitions 8-9, convex hull of the level set, certified) on random and
    degenerate (repeated, opposite, parallel constraints) instances, at generic points,
    integer points and points on the hyperplanes.
    """,
)
def _check_fact1(rng, size):
    rows = _cdepth_rows(rng, size)
    slack = []
    for A, w, d, m, _deg, z, dz, cz in rows:
        bound = (d + 1) * cz - d * m
        if dz < bound:
            return Verdict.violated(
                {"A": A.tolist(), "w": w.tolist(), "z": _plain(z), "depth": dz, "cdepth": cz, "bound": bound}
            )
        slack.append(dz - bound)
    return Verdict.holds(
        points=len(rows),
        min_slack=min(slack),
        tight=sum(s == 0 for s in slack),
        degenerate_points=sum(r[4] for r in rows),
    )


@register(
    "shrinkage/cdepth-ge-depth",
    checks=("Definition 9",),
    statement="""
    cdepth_S(x) >= depth_S(x) for every x (x lies in its own level set D_S(depth_S(x)),
    Definitions 8-9 of [Yan26]); strict inequality happens (cdepth is the convexified,
    larger function).  Checked exactly on random and degenerate instances.
    """,
)
def _check_cdepth_ge(rng, size):
    rows = _cdepth_rows(rng, size)
    strict = 0
    for A, w, _d, _m, _deg, z, dz, cz in rows:
        if cz < dz:
            return Verdict.violated({"A": A.tolist(), "w": w.tolist(), "z": _plain(z), "depth": dz, "cdepth": cz})
        strict += cz > dz
    return Verdict.holds(points=len(rows), strictly_larger=strict)


@register(
    "shrinkage/max-cdepth-eq-max-depth",
    checks=("Definition 9",),
    statement="""
    max over R^d of cdepth_S equals max over R^d of depth_S (the level sets are nested and
    conv(D_S(k)) is non-empty iff D_S(k) is), so G_halfspace's unrestricted step 2 attains the
    best depth.  solvers.depth.max_cdepth (certified) against a brute-force maximum over
    subsets of constraints with a common point (one exact LP each).
    """,
)
def _check_max_eq(rng, size):
    n = probes = 0
    for A, w, d, _m, _deg in _instances(rng, size):
        r = max_cdepth((A, w))
        best = max_depth_brute((A, w))
        at_max = _cdepth_hull_only((A, w), r.point).value  # hull LPs only
        ok = r.value == best == at_max and is_hull_certificate((A, w), r.certificate)
        if not ok:
            return Verdict.violated(
                {
                    "A": A.tolist(),
                    "w": w.tolist(),
                    "max_cdepth": r.value,
                    "cdepth_at_maximiser": at_max,
                    "max_depth": best,
                }
            )
        for z in _probe_points(rng, A, w, d, 1):  # nowhere above the max depth
            c = _cdepth_hull_only((A, w), z).value
            if c > best:
                return Verdict.violated(
                    {"A": A.tolist(), "w": w.tolist(), "z": _plain(z), "cdepth": c, "max_depth": best}
                )
            probes += 1
        n += 1
    return Verdict.holds(instances=n, probe_points=probes)


# --------------------------------------------------------------------------- the dual form


@register(
    "shrinkage/dual-degeneracy",
    checks=("Claim 11",),
    statement="""
    [Yan26] §5.1-5.2 reduce halfspace prediction to linear feasibility: a labelled point
    (x, y) becomes the constraint h_{y*(x,-1), 0} on the parameters (a, w), and "points of
    large depth with respect to a labeled subset correspond to hypotheses with small
    empirical error on that subset" (used via Fact 1 in Corollary 4 and Claim 11).  Checked
    as: depth_S(a, w) <= #{(x, y) in S : h_{a,w}(x) = y} for every (a, w).  FINDING: false
    for the form as written - every constraint is homogeneous, so (a, w) = 0 satisfies all
    of them (maximal depth and cdepth |S|) while h_{0,0} labels every point +1; more
    generally (a, w) with <a, x> = w on a negative example satisfies its constraint but
    labels it +1.  The normalised margin form y*(<a,x> - w) >= 1
    (solvers.halfspaces.dual_constraints(form="margin")) satisfies the inequality on the
    same instances.
    """,
)
def _check_dual(rng, size):
    reps = _N[size]
    first = None
    margin_points = faithful_bad = 0
    max_cdepth_degenerate = 0
    for _ in range(6 * reps):
        d = int(rng.integers(1, 3))
        n = int(rng.integers(4, 8))
        X = rng.integers(-4, 5, (n, d))
        a_true = rng.integers(-2, 3, d)
        if not np.any(a_true):
            a_true[0] = 1
        y = (X @ a_true >= 0).astype(np.uint8)
        if y.all():
            y[0] = 0
            X[0] = -X[0] if np.any(X[0]) else X[0] - 1
            y = (X @ a_true >= 0).astype(np.uint8)
            if y.all():
                continue
        Af, bf = dual_constraints(X, y, form="faithful")
        Am, bm = dual_constraints(X, y, form="margin")
        zero = [0] * (d + 1)
        a0, w0 = dual_hypothesis(zero)
        errors0 = int((halfspace_predicate(a0, w0, X) != y).sum())
        dep0 = depth((Af, bf), zero)
        correct0 = n - errors0
        if dep0 > correct0:
            faithful_bad += 1
            if first is None:
                first = {
                    "X": X.tolist(),
                    "labels": y.tolist(),
                    "z": zero,
                    "faithful_depth": dep0,
                    "faithful_cdepth": cdepth((Af, bf), zero),
                    "correct_labels_of_h_z": correct0,
                }
        r = max_cdepth((Af, bf))
        a1, w1 = dual_hypothesis(r.point)
        max_cdepth_degenerate += int(int((halfspace_predicate(a1, w1, X) == y).sum()) < r.value)
        # the margin form: depth <= #correct at random parameter points and at its maximiser
        Z = [rng.integers(-3, 4, d + 1) for _ in range(10)] + [zero, list(max_cdepth((Am, bm)).point)]
        for z in Z:
            a, w = dual_hypothesis(z)
            if depth((Am, bm), z) > int((halfspace_predicate(a, w, X) == y).sum()):
                raise AssertionError("margin form unsound: a bug in solvers.halfspaces")
            margin_points += 1
    if first is not None:
        return Verdict.violated(
            first,
            faithful_samples_violating=faithful_bad,
            faithful_max_cdepth_points_worse_than_depth=max_cdepth_degenerate,
            margin_form_points_checked=margin_points,
            margin_form_violations=0,
        )
    return Verdict.holds(margin_form_points_checked=margin_points)
