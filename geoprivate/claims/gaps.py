"""Claims for numbered statements the catalogue found unchecked ([Yan25]).

* vc1/theorem-7 — [Yan25]'s advanced composition, *as written*: ε' = √(2k ln(1/δ'))·ε
  without the k·ε(e^ε − 1)/(e^ε + 1) term of the published theorem ([Yan26] Theorem 3).
  Checked on the exact privacy-loss law of k-fold ε-randomized response (a composition
  of k ε-DP mechanisms).  FINDING: false once k·ε² is not small against
  √(k ln(1/δ'))·ε; the offending instance is reported.  Theorem 12 (ProperLearner's
  privacy) is derived from it.
* vc1/fact-1 — "every finite multiset has a 1/2-median" under Definition 11, where an
  α-median needs min(#{x ≤ x̂}, #{x ≥ x̂}) ≥ (1/2 − α)|S|: at α = 1/2 the condition is
  ≥ 0, so every number is a 1/2-median and the fact is vacuous as written.  Checked: both
  that (vacuity, recorded) and the statement the paper uses — a 0-median (an exact
  median) exists — on random multisets.
* vc1/observation-1 — for f ∈ C, the all-zero function f_f lies in C_f (Definition 14),
  on random VC-1 classes.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from geoprivate._validation import Epsilon, FloatCount, OpenDelta, checked
from geoprivate.claims import Verdict, register
from geoprivate.claims.mechanisms import _rr_composition_delta
from geoprivate.mechanisms import is_alpha_median
from geoprivate.strategies import mechanism_parameters
from solvers import vc1 as _vc1

__all__ = ["theorem7_epsilon"]

_COUNT = {"small": 1, "medium": 5}


@checked
def theorem7_epsilon(epsilon: Epsilon, k: FloatCount, delta_prime: OpenDelta) -> float:
    """ε' of [Yan25] Theorem 7 as written: √(2k ln(1/δ'))·ε.

    Parameters
    ----------
    epsilon : float > 0
        Each mechanism's ε.
    k : int >= 1
        The number of mechanisms.
    delta_prime : float in (0, 1)
        The δ' of the composition.

    Returns
    -------
    float
    """
    value = math.sqrt(2 * k * -math.log(delta_prime)) * epsilon
    if not math.isfinite(value):
        raise ValueError(f"epsilon = {epsilon!r}, k = {k}: the ε' √(2k ln(1/δ'))·ε is beyond the floats")
    return value


def _theorem7_random_search(rng, size):
    """The plain random search this claim ran before it was searched and shrunk: the worst of 80·count
    random (ε, k, δ′) by exact δ / δ′ (its instance is the 'before' of the shrink report)."""
    worst: tuple[dict[str, Any], float] | None = None
    for _ in range(80 * _COUNT[size]):
        p: dict[str, Any] = {
            "epsilon": float(10 ** rng.uniform(-2, 0.3)),
            "k": int(rng.integers(1, 400)),
            "delta_prime": float(10 ** rng.uniform(-9, -1)),
        }
        d = _rr_composition_delta(p["epsilon"], p["k"], theorem7_epsilon(p["epsilon"], p["k"], p["delta_prime"]))
        if d > p["delta_prime"] * (1 + 1e-9) and (worst is None or d / p["delta_prime"] > worst[1]):
            worst = (p, d / p["delta_prime"])
    assert worst is not None, "no random point exceeds delta_prime"  # the search holds the finding
    return worst[0]


@register(
    "vc1/theorem-7",
    checks=("Theorem 7",),
    statement="[Yan25] Theorem 7 (advanced composition as written): k (eps, delta)-DP mechanisms compose to "
    "(sqrt(2k ln(1/delta')) eps, k delta + delta') for every delta' > 0 [exact delta(eps') of k-fold "
    "eps-randomized response; the published theorem has the extra term k eps (e^eps-1)/(e^eps+1); (eps, k, "
    "delta') searched and the counterexample shrunk to the fewest mechanisms k]",
    instances=mechanism_parameters("[Yan25] Theorem 7"),
    before=_theorem7_random_search,
    measure=("mechanisms composed (k)", lambda p: p["k"]),
)
def _check_theorem_7(p):
    eps, k, dp = p["epsilon"], p["k"], p["delta_prime"]
    e7 = theorem7_epsilon(eps, k, dp)
    d = _rr_composition_delta(eps, k, e7)
    if d <= dp * (1 + 1e-9):
        return True
    return Verdict.violated(
        {
            "epsilon": eps,
            "k": k,
            "delta_prime": dp,
            "mechanism": "k-fold eps-randomized response",
            "epsilon_theorem7": e7,
            "exact_delta_at_epsilon_theorem7": d,
        },
        exact_over_claimed_delta=d / dp,
    )


@register(
    "vc1/fact-1",
    checks=("Fact 1",),
    statement="[Yan25] Fact 1: every finite multiset S has a 1/2-median (Definition 11).  Recorded: at alpha = "
    "1/2 Definition 11 is vacuous (every number qualifies); checked: an exact (0-)median exists, the form "
    "used by Theorem 9 and Lemma 9.",
)
def _check_fact_1(rng, size):
    count = 200 * _COUNT[size]
    vacuous = 0
    for _ in range(count):
        S = rng.integers(0, int(rng.integers(1, 20)) + 1, size=int(rng.integers(1, 30)))
        far = float(S.max()) + 1 + float(rng.integers(0, 100))
        vacuous += is_alpha_median(S, far, 0.5)
        if not any(is_alpha_median(S, float(x), 0.0) for x in np.unique(S)):
            return Verdict.violated({"S": S.tolist()}, note="no element of S is a 0-median")
    return Verdict.holds(
        instances=count,
        points_outside_S_that_are_half_medians=int(vacuous),
        note="Definition 11 at alpha = 1/2 accepts every number: Fact 1 is vacuous as written",
    )


@register(
    "vc1/observation-1",
    checks=("Observation 1",),
    statement="[Yan25] Observation 1: for f in C, the f-representation f_f of f is the all-zero function and "
    "lies in C_f (Definition 14).",
)
def _check_observation_1(rng, size):
    count = 40 * _COUNT[size]
    for _ in range(count):
        M = _vc1.random_vc1_class(int(rng.integers(2, 10)), rng)
        row = int(rng.integers(M.shape[0]))
        Cf = _vc1.f_representation(M, row)
        if Cf[row].any() or not (Cf == 0).all(axis=1).any():
            return Verdict.violated({"M": M.tolist(), "f_row": row}, f_f=Cf[row].tolist())
    return Verdict.holds(instances=count)
