"""Textbook facts checked by search over :mod:`geoprivate.strategies` (hypothesis), shrinking any failure.

* general/cover-count-searched — Cover's count of halfspace dichotomies, exact on rational point sets in
  general position in ℝ^1, the plane and ℝ^3, an upper bound on degenerate ones;
* general/erm-realisable — the line classes' exact ERM makes no error on a realisable sample and at least
  one on a non-realisable one;
* general/sauer-shelah-searched — |C| ≤ Σ_{i ≤ VC(C)} C(n, i) on finite classes from 0/1 matrices and
  VC-1 classes from random VC-1 trees (whose VC dimension is ≤ 1);
* general/lp-certificates — the exact LP oracle answers feasible systems with a point and infeasible ones
  with Farkas multipliers, both checked in rational arithmetic;
* general/exponential-mechanism-add-remove — the exponential mechanism over a fixed candidate set with a
  sensitivity-1 score is ε-DP under add/remove neighbours (exact law, the hockey-stick divergence).
"""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import strategies as st

import geoprivate.concepts as concepts
from geoprivate.audit import hockey_stick
from geoprivate.claims import Verdict, register
from geoprivate.concepts import FiniteClass
from geoprivate.strategies import (
    concept_classes,
    labelled_samples,
    linear_programs,
    neighbouring_datasets,
    points,
    points_in_plane,
    rationals,
    zero_one_matrices,
)
from solvers.halfspaces import cover_count, halfspace_dichotomies
from solvers.lp import feasible_point, is_farkas_certificate, is_feasible_point

__all__ = []

_BUDGET = 30  # examples per search at --size small (a claim's own budget; --max-examples overrides)


def _point_sets(general_position: bool):
    return st.one_of(
        points(1, 1 if general_position else 2, 6, general_position=general_position),
        points_in_plane(1 if general_position else 3, 6, general_position=general_position),
        points(3, 1 if general_position else 4, 5, general_position=general_position),
    )


@register(
    "general/cover-count-searched",
    statement="For n points in general position in R^d, the closed affine halfspaces realise exactly "
    "2 sum_{k<=d} C(n-1, k) labellings (Cover 1965), and at most that many on degenerate sets [rational point "
    "sets in R^1, the plane and R^3, general position and degenerate, searched; exact enumeration]",
    instances=st.tuples(st.booleans(), st.booleans()).flatmap(lambda gp: st.tuples(st.just(gp[0]), _point_sets(gp[0]))),
    max_examples=_BUDGET,
)
def _check_cover_searched(inst):
    general, X = inst
    n, d = len(X), len(X[0])
    count = int(halfspace_dichotomies(X).shape[0])
    cover = cover_count(n, d)
    if count == cover if general else count <= cover:
        return True
    return Verdict.violated({"general_position": general, "X": X}, count=count, cover=cover)


@register(
    "general/erm-realisable",
    statement="The exact ERM of thresholds, intervals and point functions makes no error on a sample "
    "labelled by a concept of the class and at least one on a sample no concept labels [labelled samples on "
    "the line, realisable and not, searched]",
    instances=st.tuples(st.sampled_from(["thresholds", "intervals", "point-functions"]), st.booleans()).flatmap(
        lambda kr: st.tuples(st.just(kr[0]), st.just(kr[1]), labelled_samples(kr[0], realisable=kr[1]))
    ),
    max_examples=_BUDGET,
)
def _check_erm_realisable(inst):
    kind, realisable, (pts, labels) = inst
    cls = {"thresholds": "Thresholds", "intervals": "Intervals", "point-functions": "PointFunctions"}[kind]

    _, errors = getattr(concepts, cls)().erm([float(p) for p in pts], labels)
    if (errors == 0) == realisable:
        return True
    return Verdict.violated({"class": kind, "realisable": realisable, "points": pts, "labels": labels}, errors=errors)


@register(
    "general/sauer-shelah-searched",
    statement="|C| <= sum_{i <= VC(C)} C(n, i) on n points, for finite classes from 0/1 matrices and for "
    "VC-1 classes built from VC-1 trees (whose VC dimension is at most 1) [searched]",
    instances=st.one_of(
        st.tuples(st.just("finite"), zero_one_matrices(max_rows=32, max_cols=5).map(FiniteClass)),
        st.tuples(st.just("vc1-tree"), concept_classes("vc1-tree", max_points=8)),
    ),
    max_examples=_BUDGET,
)
def _check_sauer_shelah_searched(inst):
    kind, C = inst
    d = C.vc_dimension()
    n = C.n_points
    bound = sum(math.comb(n, i) for i in range(d + 1))
    if C.n_concepts <= bound and (kind != "vc1-tree" or d <= 1):
        return True
    return Verdict.violated({"kind": kind, "matrix": C.matrix.tolist()}, vc=d, concepts=C.n_concepts, bound=bound)


@register(
    "general/lp-certificates",
    statement="The exact LP oracle (solvers.lp.feasible_point) answers a feasible system A x <= b with a point "
    "and an infeasible one with Farkas multipliers, each checked in rational arithmetic [systems with known "
    "certificates searched]",
    instances=st.booleans().flatmap(lambda f: linear_programs(feasible=f)),
    max_examples=_BUDGET,
)
def _check_lp_certificates(lp):
    A, b = lp["A_ub"], lp["b_ub"]
    res = feasible_point(A, b)
    if res.feasible != lp["feasible"]:
        return Verdict.violated(lp, answered_feasible=res.feasible)
    ok = (
        is_feasible_point(A, b, None, None, res.point)
        if res.feasible
        else is_farkas_certificate(A, b, None, None, res.certificate)
    )
    return bool(ok)


def _em_law(data, candidates, epsilon):
    """Exact output law of the exponential mechanism with score q(D, r) = #{x in D : x <= r} (sensitivity 1)."""
    weights = {r: math.exp(epsilon * sum(1 for x in data if x <= r) / 2) for r in candidates}
    total = sum(weights.values())
    return {r: w / total for r, w in weights.items()}


@register(
    "general/exponential-mechanism-add-remove",
    statement="The exponential mechanism over a fixed candidate set with a sensitivity-1 score, "
    "Pr[r] ~ exp(eps q(D, r) / 2), is eps-DP under add/remove neighbours [q(D, r) = #{x in D : x <= r}; "
    "neighbouring datasets of rationals searched; exact law, delta(eps) by the hockey-stick divergence]",
    instances=st.tuples(
        neighbouring_datasets(rationals(0, 4, 2), max_size=5, relation="add-remove"),
        st.sampled_from([1.0, 0.5, 0.1, 2.0]),
    ),
    max_examples=_BUDGET,
)
def _check_em_add_remove(inst):
    (D, D2), eps = inst
    candidates = [Fraction(i, 2) for i in range(9)]
    P, Q = _em_law(D, candidates, eps), _em_law(D2, candidates, eps)
    delta = max(hockey_stick(P, Q, eps), hockey_stick(Q, P, eps))
    if delta <= 1e-12:
        return True
    return Verdict.violated({"D": D, "D_prime": D2, "epsilon": eps}, delta=delta)
