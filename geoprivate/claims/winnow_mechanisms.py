"""Claims of [BF26] about the mechanisms it borrows: Proposition 2.1's utility half (the
exponential mechanism), Lemma 4.3's accuracy (AboveThreshold, Dwork–Roth) and Lemma A.3
(the adaptive coin process of Gupta et al.).

All three are checked on exact laws, not samples: the exponential mechanism's output law
is closed form; AboveThreshold's failure probability for a fixed query sequence is a
one-dimensional integral over the threshold noise ρ (the query noises are independent given
ρ), evaluated by adaptive quadrature with its error bound; the coin process's tail is a
finite sum in rational arithmetic.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Annotated, Any

import numpy as np
from scipy import integrate

from geoprivate._validation import Check, Epsilon, LinePoints, Positive, Probability, checked, shown
from geoprivate.claims import Verdict, register
from geoprivate.mechanisms import exponential_mechanism_log_probabilities
from geoprivate.mechanisms.sparse_vector import AboveThreshold, above_threshold_alpha
from solvers._domains import Rational
from solvers._rational import coordinate

__all__ = ["em_utility_failure", "above_threshold_failure", "coin_process_tail"]


#: the longest query sequence :func:`above_threshold_failure` integrates over (each quadrature point walks it)
MAX_QUERIES = 10_000


def _sign(value, name: str) -> float:
    """+1 or −1 (an int or a float)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value not in (1, -1):
        raise ValueError(f"{name} must be 1 or -1, got {shown(value)}")
    return float(value)


def _nonempty(values, name: str, limit: int | None = None):
    """A 1-D array of finite reals with at least one entry (and at most ``limit``)."""
    if values.size == 0:
        raise ValueError(f"{name} must hold at least one value, got none")
    if limit is not None and values.size > limit:
        raise ValueError(f"{name} must hold at most {limit} values, got {values.size}")
    return values


# ----------------------------------------------------------------------------- Proposition 2.1
@checked
def em_utility_failure(
    scores: LinePoints, epsilon: Epsilon, tau: Positive, *, sign: Annotated[float, Check(_sign)] = 1.0
) -> float:
    """Exact Pr[q(S, h) < max_f q(S, f) − 2/ε (ln|H| + τ)] under the exponential mechanism.

    Parameters
    ----------
    scores : array_like
        q(S, h) for every h ∈ H (sensitivity 1).
    epsilon, tau : float > 0
    sign : {1, -1}
        1: h sampled ∝ exp(ε q/2) (the mechanism of McSherry–Talwar); −1: ∝ exp(−ε q/2), the
        sign as printed in [BF26] §2.

    Returns
    -------
    float
        The probability of the bad event ([BF26] Proposition 2.1 claims ≤ e^{−τ}).
    """
    s = _nonempty(scores, "scores")
    logp = exponential_mechanism_log_probabilities(sign * s, epsilon)
    bad = s < s.max() - 2.0 / epsilon * (math.log(len(s)) + tau)
    return float(np.exp(logp[bad]).sum()) if bad.any() else 0.0


@register(
    "winnow/proposition-2-1-utility",
    checks=("Proposition 2.1",),
    statement="""
[BF26] Proposition 2.1, utility half: the exponential mechanism (h ∝ exp(ε q(S,h)/2), q of
sensitivity 1) outputs h with q(S,h) ≥ max_f q(S,f) − 2/ε (ln|H| + τ) w.p. ≥ 1 − e^{−τ}, every
τ > 0.  Exact output law on random and adversarial score vectors (one maximiser, the rest just
below the bad line), every τ of a grid.  Recorded: the worst ratio Pr[bad]/e^{−τ}, and that the
sign as printed (∝ exp(−ε q/2)) fails the bound (its privacy half is general/exponential-mechanism-dp).
""",
)
def _check_proposition_2_1_utility(rng, size):
    n_inst = 60 if size == "small" else 400
    taus = (0.1, 0.5, 1.0, 2.0, 5.0)
    worst, worst_printed, count = 0.0, 0.0, 0
    printed_instance = None
    for i in range(n_inst):
        m = int(rng.integers(2, 60))
        eps = float(rng.choice([0.1, 0.5, 1.0, 2.0]))
        for tau in taus:
            gap = 2.0 / eps * (math.log(m) + tau)
            if i % 2 == 0:
                s = rng.uniform(0, 3 * gap, m)
            else:  # adversarial: one maximiser, every other score just below the bad line
                s = np.full(m, -gap * (1 + 1e-9))
                s[0] = 0.0
            p = em_utility_failure(s, eps, tau)
            if p > math.exp(-tau) * (1 + 1e-9):
                return Verdict.violated({"scores": s, "epsilon": eps, "tau": tau}, probability=p, bound=math.exp(-tau))
            worst = max(worst, p / math.exp(-tau))
            pp = em_utility_failure(s, eps, tau, sign=-1.0)
            if pp / math.exp(-tau) > worst_printed:
                worst_printed = pp / math.exp(-tau)
                printed_instance = {"m": m, "epsilon": eps, "tau": tau, "adversarial": i % 2 == 1}
            count += 1
    return Verdict.holds(
        instances=count,
        worst_ratio_to_bound=worst,
        printed_sign_worst_ratio=worst_printed,
        printed_sign_instance=printed_instance,
    )


# ----------------------------------------------------------------------------- Lemma 4.3
def _lap_sf(x: float, b: float) -> float:
    """Pr[ν ≥ x] for ν ~ Lap(b)."""
    return 0.5 * math.exp(-x / b) if x >= 0 else 1.0 - 0.5 * math.exp(x / b)


@checked
def above_threshold_failure(values: LinePoints, L: float, epsilon: Epsilon, beta: Probability) -> tuple[float, float]:
    """Probability that AboveThreshold's run on these query values breaks [BF26] Lemma 4.3.

    With k the index of the first TestAboveThr() = True (T + 1 if none) and
    α = 8 ln(2T/β)/ε, the run fails when some t < k has q_t > L + α, or k ≤ T and
    q_k < L − α.  The noise scales are those of :class:`~geoprivate.mechanisms.sparse_vector.AboveThreshold`
    (ρ ~ Lap(2/ε), ν_t ~ Lap(4/ε)).  Given ρ the comparisons are independent, so the
    failure probability is ∫ f_ρ(r) Pr[fail | ρ = r] dr, integrated by adaptive quadrature.
    The queries may be chosen adaptively, but before the halt every answer is "below",
    so a fixed sequence is the general case.

    Parameters
    ----------
    values : sequence of float
        q^(1)(D), ..., q^(T)(D): finite, 1 to :data:`MAX_QUERIES` of them.
    L : float
        The threshold.
    epsilon : float > 0
    beta : float in (0, 1)

    Returns
    -------
    (float, float)
        The failure probability and the quadrature's absolute error estimate.
    """
    q = _nonempty(values, "values", MAX_QUERIES).tolist()
    T = len(q)
    mech = AboveThreshold(epsilon, L, beta, rng=0)
    b_rho, b_nu = mech.rho_scale, mech.nu_scale
    alpha = above_threshold_alpha(epsilon, beta, T)
    high = [v > L + alpha for v in q]
    low = [v < L - alpha for v in q]

    def fail_given(r):
        total, alive, seen_high = 0.0, 1.0, False
        for t in range(T):
            p = _lap_sf(L + r - q[t], b_nu)
            if seen_high or low[t]:
                total += alive * p
            alive *= 1.0 - p
            seen_high = seen_high or high[t]
        return total + (alive if seen_high else 0.0)

    def integrand(r):
        return fail_given(r) * math.exp(-abs(r) / b_rho) / (2 * b_rho)

    lo, e1 = integrate.quad(integrand, -np.inf, 0.0, limit=200, epsabs=1e-13)
    hi, e2 = integrate.quad(integrand, 0.0, np.inf, limit=200, epsabs=1e-13)
    return lo + hi, e1 + e2


def _lemma_4_3_sequences(rng, T, L, alpha):
    """Query sequences where Lemma 4.3 bites: just above L + α, just below L − α, mixed, random."""
    up, down = L + alpha * (1 + 1e-9), L - alpha * (1 + 1e-9)
    yield "all just above L + alpha", [up] * T
    yield "all just below L - alpha", [down] * T
    yield "below, then above", [down] * (T - 1) + [up]
    yield "random in [L - 2alpha, L + 2alpha]", list(rng.uniform(L - 2 * alpha, L + 2 * alpha, T))


def _asks_above(mech: AboveThreshold, value: float) -> bool:
    """Give ``mech`` the query ``value`` and return whether it answers "above the threshold"."""
    mech.add_query(value)
    return mech.test_above_threshold()


@register(
    "winnow/lemma-4-3",
    checks=("Lemma 4.3",),
    statement="""
[BF26] Lemma 4.3 (AboveThreshold, Dwork–Roth), accuracy: with α = 8 ln(2T/β)/ε, w.p. ≥ 1 − β every
query before the first TestAboveThr() = True has q ≤ L + α, and the halting query has q ≥ L − α.
The failure probability of geoprivate's AboveThreshold (ρ ~ Lap(2/ε), ν ~ Lap(4/ε)) is integrated
over ρ (quadrature error ≤ 1e-10) on sequences placed just outside [L − α, L + α] (where it bites)
and random ones, against β; a Monte Carlo run of the class itself agrees with the integral
(Hoeffding at 1e-6).  Its privacy half is audited with DP-Winnow (winnow/theorem-4-4).
""",
)
def _check_lemma_4_3(rng, size):
    Ts = (1, 5, 20) if size == "small" else (1, 5, 20, 100)
    worst, count = 0.0, 0
    for T in Ts:
        for eps in (0.5, 1.0, 4.0):
            for beta in (0.01, 0.1, 0.5):
                alpha = above_threshold_alpha(eps, beta, T)
                for name, seq in _lemma_4_3_sequences(rng, T, 0.0, alpha):
                    p, err = above_threshold_failure(seq, 0.0, eps, beta)
                    if p - err > beta:
                        return Verdict.violated(
                            {"values": seq, "L": 0.0, "epsilon": eps, "beta": beta}, failure=p, sequence=name
                        )
                    worst = max(worst, (p + err) / beta)
                    count += 1
    # the integral describes the class: one Monte Carlo run of AboveThreshold itself
    T, eps, beta, runs = 5, 1.0, 0.5, 4000 if size == "small" else 20000
    alpha = above_threshold_alpha(eps, beta, T)
    seq = [alpha * (1 + 1e-9)] * T
    p, _ = above_threshold_failure(seq, 0.0, eps, beta)
    fails = 0
    for child in np.random.SeedSequence(int(rng.integers(2**32))).spawn(runs):
        mech = AboveThreshold(eps, 0.0, beta, rng=np.random.default_rng(child))
        k = next((t for t in range(T) if _asks_above(mech, seq[t])), T)
        fails += k > 0  # every query is above L + alpha: only halting at the first one is accurate
    half = math.sqrt(math.log(2 / 1e-6) / (2 * runs))
    if abs(fails / runs - p) > half:
        return Verdict.violated(
            {"values": seq, "epsilon": eps, "beta": beta}, integral=p, monte_carlo=fails / runs, half_width=half
        )
    return Verdict.holds(
        instances=count, worst_failure_over_beta=worst, monte_carlo=fails / runs, integral=p, monte_carlo_runs=runs
    )


# ----------------------------------------------------------------------------- Lemma A.3
def _probabilities(ps, name: str) -> list[Fraction]:
    """A sequence of exact probabilities in [0, 1] (ints, Fractions, floats at their binary value)."""
    if isinstance(ps, (str, bytes)) or not hasattr(ps, "__iter__"):
        raise TypeError(f"{name} must be a sequence of probabilities, got {type(ps).__name__}")
    out = [coordinate(p, name) for p in ps]
    bad = [str(p) for p in out if not 0 <= p <= 1]
    if bad:
        raise ValueError(f"{name} must lie in [0, 1], got {', '.join(bad[:3])}")
    return out


@checked
def coin_process_tail(
    ps: Annotated[Any, Check(_probabilities, kind="array")], y: Rational, *, count_the_head: bool = False
) -> Fraction:
    """Exact Pr[Y > y] of [BF26] Lemma A.3's coin process for one adversary.

    Once a head appears, N_i = 0 for ever after, so an adaptive adversary's only relevant
    history is "no head yet": a deterministic adversary is a sequence p_1..p_T, and a
    randomised one a mixture of such sequences (the tail is linear in the mixture, so the
    worst adversary is deterministic).

    Parameters
    ----------
    ps : sequence of Fraction
        p_1, ..., p_T in [0, 1].
    y : Fraction
    count_the_head : bool
        False: N_i = 1 iff no head among the first i tosses (as printed, toss i included);
        True: among the first i − 1 tosses (the round of the head counts).

    Returns
    -------
    Fraction
    """
    tail, alive, s = Fraction(0), Fraction(1), Fraction(0)
    for p in ps:
        if count_the_head:
            s += p
            if s > y:
                return tail + alive
            alive *= 1 - p
        else:
            alive_next = alive * (1 - p)
            s += p
            if s > y:
                return tail + alive_next
            alive = alive_next
    return tail


@register(
    "winnow/lemma-a-3",
    checks=("Lemma A.3",),
    statement="""
[BF26] Lemma A.3 (Gupta et al.): an adversary picks p_i ∈ [0, 1] adaptively, a coin with heads
probability p_i is tossed; with N_i = 1 iff no head within the first i tosses and Y = Σ p_i N_i,
Pr[Y > y] ≤ e^{−y} for every y > 0.  Exact (rational) tail for every adversary of a grid of
sequences (random, constant, front-loaded) and every y that is a partial sum (where the tail jumps).
Recorded: reading N_i as "no head before toss i" breaks it (p_1 = 1: Y = 1 always).
""",
)
def _check_lemma_a_3(rng, size):
    n_inst = 150 if size == "small" else 1500
    worst, count = 0.0, 0
    for i in range(n_inst):
        T = int(rng.integers(1, 12))
        kind = i % 3
        if kind == 0:
            ps = [Fraction(int(rng.integers(0, 17)), 16) for _ in range(T)]
        elif kind == 1:
            ps = [Fraction(1, int(rng.integers(1, 9)))] * T
        else:
            ps = sorted((Fraction(int(rng.integers(0, 17)), 16) for _ in range(T)), reverse=True)
        sums = list(np.cumsum([float(p) for p in ps]))
        for y in [Fraction(s).limit_denominator(10**6) for s in sums] + [Fraction(1, 2), Fraction(2)]:
            if y <= 0:
                continue
            tail = coin_process_tail(ps, y)
            if tail > math.exp(-float(y)) * (1 + 1e-12):
                return Verdict.violated({"p": [str(p) for p in ps], "y": str(y)}, tail=float(tail))
            worst = max(worst, float(tail) / math.exp(-float(y)))
            count += 1
    other = coin_process_tail([Fraction(1)], Fraction(1, 2), count_the_head=True)
    return Verdict.holds(
        instances=count,
        worst_tail_over_bound=worst,
        other_reading_p1_eq_1_tail_at_half=float(other),
        other_reading_bound=math.exp(-0.5),
    )
