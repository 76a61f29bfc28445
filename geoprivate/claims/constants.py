"""The smallest O(·) constants consistent with measured runs, for statements stated only up to O(·).

Such a statement says: with N ≥ C·f(parameters), the event holds w.p. ≥ 1 − β, for some
unspecified constant C.  A run at size N where the event fails with probability > β (a
Clopper–Pearson lower bound above β at false-alarm rate 10⁻⁶, or an exact probability)
shows that N < C·f, i.e. C > N/f: a lower bound on every constant that could make the
statement true.  These claims report that bound as evidence ("holds here with the O(·)
constant ≥ c"); they are registered with ``estimates=``, so the catalogue keeps the
statements "not executable" and shows the constant beside them.

* ``shrinkage/sampling-constant`` — [Yan26] Theorem 1 and Claim 3: random subsets as
  α-approximations, f = (d ln(d/α) + ln(1/β))/α² (intervals on the line, d = 2, whose
  deviation is Claim 3's uniform error deviation for thresholds; exact sup by prefix sums).
* ``shrinkage/composition-constant`` — [Yan26] Claims 1/12: the privacy of v composed
  ε-DP instances, f = √(v ln(1/δ))·ε, against the exact ε(δ) of v-fold ε-randomised response
  (an ε-DP mechanism, the worst one under composition).
* ``vc1/sample-size-constants`` — [Yan25] Theorems 1/11 (OPTPrivateLearner) and 2/13
  (ProperLearner): the largest N at which the learner still fails w.p. > β.
"""

from __future__ import annotations

import math
import warnings
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import FloatCount, Joint, LinePoints, Probability, check_indices, checked
from geoprivate.audit import clopper_pearson
from geoprivate.claims import Verdict, register
from geoprivate.claims.mechanisms import _rr_composition_delta
from geoprivate.learners.vc1 import OPTPrivateLearner, ProperLearner, log_star
from geoprivate.privacy.warnings import PrivacyWarning
from solvers import vc1 as _vc1
from solvers.combinatorics import littlestone_dimension

__all__ = ["interval_deviation", "sampling_f"]

_FALSE_ALARM = 1e-6


@checked
def sampling_f(d: FloatCount, alpha: Probability, beta: Probability) -> float:
    """[Yan26]'s sample-size shape (d ln(d/α) + ln(1/β))/α² (Theorem 1, Claims 3 and 7, Lemma 3).

    Parameters
    ----------
    d : int >= 1
        The VC dimension.
    alpha, beta : float in (0, 1)
        Accuracy and confidence.

    Returns
    -------
    float
    """
    value = (d * (math.log(d) - math.log(alpha)) - math.log(beta)) / alpha / alpha
    if not math.isfinite(value):
        raise ValueError(f"d = {d}, alpha = {alpha!r}: the size (d ln(d/α) + ln(1/β))/α² is beyond the floats")
    return value


@checked
def interval_deviation(S: LinePoints, sub: Annotated[Any, Joint("positions of S", kind="indices")]) -> float:
    """sup over intervals I of |S ∩ I|/|S| − |S' ∩ I|/|S'| (exact; S' ⊆ S given by indices ``sub``).

    With D(t) = F_S(t) − F_{S'}(t) at the sorted points, the supremum over intervals is
    max D − min D (the empty prefix included).

    Parameters
    ----------
    S : array_like of float, shape (n,)
        The points (finite reals).
    sub : array_like of int
        Positions in ``S`` of the subset S' (at least one).

    Returns
    -------
    float
    """
    if S.size == 0:
        raise ValueError("S must hold at least one point")
    sub = check_indices(sub, S.size, "sub")
    if sub.size == 0:
        raise ValueError("sub must hold at least one position (S' is not empty)")
    order = np.argsort(S, kind="stable")
    in_sub = np.zeros(S.size, bool)
    in_sub[sub] = True
    D = np.concatenate([[0.0], np.cumsum(1.0 / S.size - in_sub[order] / in_sub.sum())])
    return float(D.max() - D.min())


@register(
    "shrinkage/sampling-constant",
    estimates=("Theorem 1", "Claim 3"),
    statement="""
[Yan26] Theorem 1 / Claim 3, their O(·) constant: random subsets S' ⊆ S of size m are α-approximations
(for intervals on the line, VC 2: the uniform deviation |err_S − err_{S'}| of thresholds) w.p. 1 − β when
m ≥ C·(d ln(d/α) + ln(1/β))/α².  For each m the (1 − β)-quantile α_m of the exact deviation over 1000
draws (β = 0.1, Clopper–Pearson at 10⁻⁶) gives C ≥ m / f(2, α_m, β).  Evidence, not a check.
""",
)
def _check_sampling_constant(rng, size):
    draws = 1000 if size == "small" else 20000
    beta, n = 0.1, 2000
    S = rng.uniform(0, 1, n)
    best, rows = 0.0, {}
    for m in (10, 30, 100) if size == "small" else (10, 30, 100, 300, 1000):
        dev = np.sort([interval_deviation(S, rng.choice(n, m, replace=False)) for _ in range(draws)])
        # the largest alpha with Pr[dev > alpha] > beta certified: the number of draws above it is
        # so large that its Clopper-Pearson lower bound exceeds beta
        k = draws - 1
        while k > 0 and clopper_pearson(draws - k, draws, _FALSE_ALARM)[0] <= beta:
            k -= 1
        alpha_m = float(dev[k]) * (1 - 1e-12)
        c = m / sampling_f(2, alpha_m, beta) if alpha_m > 0 else 0.0
        rows[str(m)] = {"alpha_fails_beyond_beta": round(alpha_m, 4), "C_lower": round(c, 4)}
        best = max(best, c)
    return Verdict.holds(
        constant_lower_bound=round(best, 4),
        per_m=rows,
        beta=beta,
        draws=draws,
        reading="the statement holds here only with an O(.) constant >= constant_lower_bound",
    )


@register(
    "shrinkage/composition-constant",
    estimates=("Claim 1", "Claim 12"),
    statement="""
[Yan26] Claims 1/12, their O(·) constant: v composed ε-DP instances are (C·√(v ln(1/δ))·ε, O(vδ))-DP.
The exact ε(δ) of v-fold ε-randomised response (an ε-DP mechanism; δ at the claim's O(vδ) read as vδ
with the instances pure) gives C ≥ ε(vδ)/(√(v ln(1/δ))·ε) over a grid of (ε, v, δ).  Evidence.
""",
)
def _check_composition_constant(rng, size):
    best, arg = 0.0, None
    for eps in (0.01, 0.1, 0.5, 1.0):
        for v in (1, 4, 16, 64, 256):
            for delta in (1e-3, 1e-6):
                target = min(v * delta, 0.5)
                lo, hi = 0.0, v * eps  # the exact epsilon at which the v-fold RR's delta falls to target
                for _ in range(60):
                    mid = (lo + hi) / 2
                    lo, hi = (mid, hi) if _rr_composition_delta(eps, v, mid) > target else (lo, mid)
                c = hi / (math.sqrt(v * math.log(1 / delta)) * eps)
                if c > best:
                    best, arg = c, {"epsilon": eps, "v": v, "delta": delta, "exact_epsilon": hi}
    return Verdict.holds(
        constant_lower_bound=round(best, 4),
        attained_at=arg,
        reading="Claim 1 holds for every epsilon-DP instance only with an O(.) constant >= this",
    )


# ---------------------------------------------------------------- [Yan25] Theorems 1/11 and 2/13
def _f11(d_l: int, alpha, beta, eps, delta) -> float:
    ls = max(1, log_star(d_l))
    return (
        ls
        * math.log(ls / (eps * beta * delta)) ** 2
        / eps
        * 48
        / alpha
        * (10 * math.log(48 * math.e / alpha) + math.log(5 / beta))
    )


def _f13(d_l: int, alpha, beta, eps, delta) -> float:
    return _f11(d_l, alpha, beta, eps, delta) + (
        (math.log(1 / alpha) + math.log(1 / (alpha * beta))) * math.sqrt(math.log(1 / delta)) / (alpha**2.5 * eps)
    )


@register(
    "vc1/sample-size-constants",
    estimates=("Theorem 1", "Theorem 2", "Theorem 11", "Theorem 13"),
    statement="""
[Yan25] Theorems 1/11 (OPTPrivateLearner) and 2/13 (ProperLearner), their O(·) constants: at each N of a
grid, 60 practical-mode runs (t = N/32 parts; ε = 3, δ = 0.1, α = 0.2, β = 0.1; thresholds on 16 points,
D uniform);
when the failure rate's Clopper–Pearson lower bound (10⁻⁶) exceeds β the learner is below the theorem's
N, so C > N/f, f the bracket of Theorem 11 (resp. 13) with log* of the Littlestone dimension.  Evidence.
""",
)
def _check_sample_size_constants(rng, size):
    a, b, e, dl = 0.2, 0.1, 3.0, 0.1
    M, f = _vc1.catalogue(16)["thresholds"]
    d_l = max(1, littlestone_dimension(M))
    runs = 60 if size == "small" else 300
    out = {}
    for name, cls, fn in (("OPTPrivateLearner", OPTPrivateLearner, _f11), ("ProperLearner", ProperLearner, _f13)):
        largest_failing = 0
        rates = {}
        for N in (64, 256, 1024, 4096):
            with warnings.catch_warnings():  # t grows with N as in Theorem 11 (parts of 32 points)
                warnings.simplefilter("ignore", PrivacyWarning)
                learner = cls(M, e, dl, a, b, f=f, mode="practical", n_subsets=N // 32)
            fails = 0
            for _ in range(runs):
                c = int(rng.integers(M.shape[0]))
                cols = rng.integers(0, M.shape[1], N)
                h = learner.fit(cols, M[c][cols], rng=rng)
                fails += h.error(M[c]) > a
            rates[str(N)] = fails / runs
            if clopper_pearson(fails, runs, _FALSE_ALARM)[0] > b:
                largest_failing = N
        out[name] = {
            "largest_N_failing_beyond_beta": largest_failing,
            "failure_rates": rates,
            "C_lower": largest_failing / fn(d_l, a, b, e, dl),
            "f": fn(d_l, a, b, e, dl),
        }
    return Verdict.holds(
        **out,
        littlestone_dimension=d_l,
        point={"alpha": a, "beta": b, "epsilon": e, "delta": dl},
        reading="the theorems hold here only with O(.) constants >= C_lower",
    )
