"""[BF26] Theorem 4.12: DP-Winnow learns F-decision lists of length r with D alternations.

Lemma 4.10 for a general feature class F (:func:`solvers.margins.feature_points`): the
F-decision list is the monotone 1-decision list over the feature coordinates φ_f(x), so
Lemma 4.10's integer halfspace over |F| + 1 coordinates computes it; the §4.3 non-negative map
doubles the coordinates.  The claim builds that halfspace, checks exactly (rational arithmetic)
that it classifies every point of the cube with margin ≥ 1/‖v‖₁ = Ω(1/r^D), and runs DP-Winnow on
the embedded stream, against Lemma 4.7's update bound and Theorem 4.5's mistake bound at the
margin of the embedding.
"""

from __future__ import annotations

import numpy as np

from geoprivate.claims import Verdict, register
from geoprivate.claims.winnow import _bounds_exceeded, _practical_dp_winnow
from geoprivate.learners.decision_lists import conjunctions
from solvers.margins import (
    decision_list_alternations,
    decision_list_halfspace,
    feature_points,
    margin,
    nonnegative_embedding,
)

__all__: list[str] = []


def _random_f_list(rng, n_features: int, r: int):
    """A random F-decision list of length r: r − 1 distinct features and r output bits ±1."""
    feats = [int(j) for j in rng.choice(n_features, size=r - 1, replace=False)]
    signs = [int(s) for s in rng.choice([-1, 1], size=r)]
    return feats, signs


def _f_list_labels(Phi, feats, signs):
    """Labels ±1 of the F-decision list on the feature rows Φ (first true feature decides)."""
    out = np.full(Phi.shape[0], signs[-1], dtype=np.int8)
    for f, b in zip(reversed(feats), reversed(signs[:-1]), strict=False):
        out[Phi[:, f] == 1] = b
    return out


@register(
    "winnow/theorem-4-12",
    checks=("Theorem 4.12",),
    statement="""
[BF26] Theorem 4.12: DP-Winnow learns length-r F-decision lists with D alternations.  F = conjunctions
of ≤ 2 literals over d = 3, 4 variables (|F| = 18, 32); random lists of length ≤ 4 on the cube {0,1}^d.
Lemma 4.10's halfspace over (φ(x), 1) computes the list with margin ≥ 1/‖v‖₁ ≥ 1/r^D·(const) — checked
exactly on every cube point — and DP-Winnow (practical mode, ρ = that margin, after the §4.3 map to
2(|F| + 1) non-negative coordinates) stays below Lemma 4.7's update bound and Theorem 4.5's mistake bound.
""",
)
def _check_theorem_4_12(rng, size):
    runs = 3 if size == "small" else 12
    T, beta = (3000, 0.05) if size == "small" else (20_000, 0.05)
    worst_up = worst_mis = 0.0
    margins_times_rD = []
    for i in range(runs):
        d = 3 + i % 2
        F = conjunctions(d, 2)
        cube01 = np.array([[(k >> j) & 1 for j in range(d)] for k in range(2**d)], dtype=np.uint8)
        Phi = F.transform(cube01)
        r = int(rng.integers(2, 5))
        feats, signs = _random_f_list(rng, len(F), r)
        y_cube = _f_list_labels(Phi, feats, signs)
        v = decision_list_halfspace(feats, signs, len(F))
        Z_cube = feature_points(Phi)
        rho = margin(v, Z_cube, y_cube)
        D = decision_list_alternations(signs)
        if rho <= 0:
            return Verdict.violated({"d": d, "features": [F.names[f] for f in feats], "signs": signs}, margin=str(rho))
        c = rho * r**D
        margins_times_rD.append(c)
        idx = rng.integers(0, 2**d, size=T)
        wp, Z = nonnegative_embedding(v, Z_cube[idx])
        run, p = _practical_dp_winnow(Z, y_cube[idx], float(rho), beta, rng, np.array([float(w) for w in wp]))
        exceeded = _bounds_exceeded(run, p)
        if exceeded is not None:
            return Verdict.violated(
                {"d": d, "features": [F.names[f] for f in feats], "signs": signs, "T": T}, **exceeded
            )
        worst_up = max(worst_up, run.n_updates / p.update_bound)
        worst_mis = max(worst_mis, run.n_mistakes / p.mistake_bound)
    return Verdict.holds(
        runs=runs,
        T=T,
        feature_class="conjunctions of <= 2 literals (d = 3, 4)",
        max_updates_over_bound=worst_up,
        max_mistakes_over_bound=worst_mis,
        min_margin_times_r_to_D=float(min(margins_times_rD)),
    )
