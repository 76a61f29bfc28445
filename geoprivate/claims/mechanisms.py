"""Claims about the DP building blocks, checked by exact audits or exact/empirical laws.

* shrinkage/lemma-1 — BetweenThresholds is (eps, delta)-DP when the gap meets Lemma 1
  (exact hockey-stick audit on short neighbouring query sequences).
* shrinkage/lemma-2 — BetweenThresholds accuracy: empirical failure rate <= beta.
* shrinkage/theorem-3 — advanced composition: the formula, and its validity on the exact
  privacy-loss law of k-fold randomized response.
* general/exponential-mechanism-dp — exact pure-DP loss of the exponential mechanism <= eps.
* vc1/lemma-1 — choosing mechanism: exact utility failure probability <= beta and exact
  (eps, delta) audit on neighbouring k-bounded quality vectors.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import stats

from geoprivate.audit import (
    between_thresholds_audit,
    between_thresholds_repeated_audit,
    delta_for_epsilon,
    epsilon_for_delta,
    exponential_mechanism_audit,
)
from geoprivate.claims import Verdict, register
from geoprivate.mechanisms import (
    choosing_output_law,
    choosing_utility_loss,
    median_quality,
    median_sample_size,
    min_gap,
    min_n,
    simulate_between_thresholds,
)
from geoprivate.mechanisms.exponential import exponential_mechanism_probabilities
from geoprivate.privacy import advanced_composition, c_tops_composition, subsampling_amplification

__all__ = []


# ---------------------------------------------------------------- [Yan26] Lemma 1
def _bt_neighbours(rng, tl, tu, s, n, m):
    """Neighbouring query sequences of length m, values near the (noisy) thresholds."""
    anchors = rng.choice([tl, tu, (tl + tu) / 2], size=m)
    q = np.clip(anchors + rng.normal(0, 2 * s, size=m), 0, 1)
    signs = rng.choice([-1, 1]) * np.ones(m) if rng.random() < 0.5 else rng.choice([-1, 1], size=m)
    qp = np.clip(q + signs / n, 0, 1)
    return q.tolist(), qp.tolist()


@register(
    "shrinkage/lemma-1",
    checks=("Lemma 1", "everlasting:Lemma 4.3", "everlasting:Lemma C.3"),
    statement="BetweenThresholds ([Yan26] Alg. 1) is (eps, delta)-DP for eps, delta in (0,1) when "
    "t_u - t_l >= 12/(eps n)(ln(10/eps) + ln(1/delta) + 1) [exact closed-form audit on adaptive-free "
    "sequences of length <= 6 (where BT is (m eps/6, 0)-DP for any gap, so they cannot refute the gap), "
    "plus quadrature audits of 40-200 repeated queries at the gap's middle, the worst family found]",
)
def _check_lemma_1(rng, size):
    count = 6 if size == "small" else 40
    worst_ratio, worst_eps_ratio, audits = 0.0, 0.0, 0
    for _ in range(count):
        eps = float(rng.uniform(0.2, 0.95))
        delta = float(10 ** rng.uniform(-6, -1))
        n_min = math.ceil(min_gap(eps, delta, 1) / 0.9)  # gap <= 0.9 so thresholds fit in (0, 1)
        n = int(n_min * rng.uniform(1, 2))
        g = min_gap(eps, delta, n)
        centre = float(rng.uniform(g / 2 + 0.01, 1 - g / 2 - 0.01)) if g < 0.98 else 0.5
        tl, tu = centre - g / 2, centre + g / 2 + 1e-12
        s = 6 / (eps * n)
        m = int(rng.integers(1, 7))
        q, qp = _bt_neighbours(rng, tl, tu, s, n, m)
        r = between_thresholds_audit(q, qp, eps, tl, tu, n, delta=delta, dps=30)
        audits += 1
        d_eps = r["delta_at_epsilon"]
        if d_eps > delta or r["epsilon_at_delta"] > eps * (1 + 1e-9):
            return Verdict.violated(
                {"epsilon": eps, "delta": delta, "n": n, "t_lower": tl, "t_upper": tu, "q": q, "q_prime": qp},
                delta_at_epsilon=d_eps,
                epsilon_at_delta=r["epsilon_at_delta"],
            )
        worst_ratio = max(worst_ratio, d_eps / delta)
        pure = epsilon_for_delta(list(r["p"].values()), [r["q"].get(k, 0) for k in r["p"]], 0.0)
        worst_eps_ratio = max(worst_eps_ratio, pure / eps)
    # long sequences: m - 1 repeated queries at the middle of the gap, last one shifted the other way
    long_worst, long_count = 0.0, 3 if size == "small" else 12
    for _ in range(long_count):
        eps = float(rng.uniform(0.2, 0.95))
        delta = float(10 ** rng.uniform(-6, -2))
        n = int(math.ceil(min_gap(eps, delta, 1) / 0.8) * rng.uniform(1, 1.5))
        g = min_gap(eps, delta, n) * (1 + 1e-9)
        m = int(rng.integers(40, 201))
        sign = float(rng.choice([-1, 1]))
        r = between_thresholds_repeated_audit(
            0.5, 0.5 + sign / n, m, eps, 0.5 - g / 2, 0.5 + g / 2, n, q_last=0.5, q_last_prime=0.5 - sign / n
        )
        d_eps = r["delta_at_epsilon"]
        if d_eps > delta:
            return Verdict.violated(
                {"epsilon": eps, "delta": delta, "n": n, "gap": g, "m": m, "q": 0.5, "q_prime": 0.5 + sign / n},
                delta_at_epsilon=d_eps,
            )
        long_worst = max(long_worst, d_eps / delta)
    return Verdict.holds(
        audits=audits,
        max_delta_at_eps_over_delta=float(f"{worst_ratio:.3g}"),
        max_pure_eps_over_eps=round(worst_eps_ratio, 4),
        long_audits=long_count,
        long_max_delta_at_eps_over_delta=float(f"{long_worst:.3g}"),
    )


# ---------------------------------------------------------------- [Yan26] Lemma 2
@register(
    "shrinkage/lemma-2",
    checks=("Lemma 2", "everlasting:Lemma 4.4", "everlasting:Lemma C.4"),
    statement="BetweenThresholds accuracy ([Yan26] Lemma 2): if n >= 8/(alpha eps)(ln(T+1) + ln(1/beta)) "
    "then with probability >= 1 - beta every answer before halting is alpha-accurate "
    "[empirical failure rate, one-sided binomial test at p = 1e-6]",
)
def _check_lemma_2(rng, size):
    runs = 4000 if size == "small" else 20000
    rates = []
    for alpha, beta, eps, T in [(0.1, 0.1, 0.5, 20), (0.05, 0.05, 0.9, 50), (0.2, 0.2, 0.3, 5)]:
        n = min_n(alpha, beta, eps, T)
        tl, tu = 0.5 - 0.1, 0.5 + 0.1
        # adversarial-ish values: just outside the accuracy band of each answer
        q = rng.choice([tl + alpha, tu - alpha, tl - alpha, tu + alpha, 0.5], size=T)
        q = np.clip(q + rng.normal(0, alpha / 4, size=T), 0, 1)
        codes = simulate_between_thresholds(q, eps, tl, tu, n, runs, rng)
        bad = (
            ((codes == 0) & (q > tl + alpha))
            | ((codes == 1) & (q < tu - alpha))
            | ((codes == 2) & ((q < tl - alpha) | (q > tu + alpha)))
        )
        fails = int(bad.any(axis=1).sum())
        p = stats.binomtest(fails, runs, beta, alternative="greater").pvalue
        rates.append(round(fails / runs, 5))
        if p < 1e-6:
            return Verdict.violated(
                {"alpha": alpha, "beta": beta, "epsilon": eps, "T": T, "n": n, "values": q.tolist()},
                failure_rate=fails / runs,
                p_value=p,
            )
    return Verdict.holds(settings=3, runs_each=runs, failure_rates=rates)


# ---------------------------------------------------------------- [Yan26] Theorem 3
def _rr_composition_delta(eps, k, eps_prime):
    """Exact delta(eps') of k-fold eps-randomized response (worst pair of neighbours)."""
    p = math.exp(eps) / (1 + math.exp(eps))
    x = np.arange(k + 1)
    loss = eps * (2 * x - k)
    pmf = stats.binom.pmf(x, k, p)
    gain = np.where(loss > eps_prime, -np.expm1(np.minimum(eps_prime - loss, 0.0)), 0.0)
    return float(np.sum(pmf * gain))


@register(
    "shrinkage/theorem-3",
    checks=("Theorem 3",),
    statement="Advanced composition ([Yan26] Theorem 3): k (eps, delta)-DP mechanisms compose to "
    "(sqrt(2k ln(1/delta')) eps + k eps (e^eps - 1)/(e^eps + 1), k delta + delta') "
    "[formula, and validity on the exact privacy-loss law of k-fold randomized response]",
)
def _check_theorem_3(rng, size):
    count = 60 if size == "small" else 300
    min_slack = math.inf
    for _ in range(count):
        eps = float(10 ** rng.uniform(-2, 0.3))
        k = int(rng.integers(1, 400))
        dp = float(10 ** rng.uniform(-9, -1))
        g = advanced_composition(eps, 0.0, k, dp)
        ref = math.sqrt(2 * k * math.log(1 / dp)) * eps + k * eps * (math.exp(eps) - 1) / (math.exp(eps) + 1)
        if not math.isclose(g.epsilon, ref, rel_tol=1e-12) or not math.isclose(g.delta, dp, rel_tol=1e-12):
            return Verdict.violated({"epsilon": eps, "k": k, "delta_prime": dp}, got=g.epsilon, expected=ref)
        d = _rr_composition_delta(eps, k, g.epsilon)
        if d > dp * (1 + 1e-9):
            return Verdict.violated({"epsilon": eps, "k": k, "delta_prime": dp}, exact_delta=d, claimed_delta=dp)
        min_slack = min(min_slack, dp / d if d > 0 else math.inf)
    return Verdict.holds(instances=count, min_claimed_over_exact_delta=float(f"{min_slack:.3g}"))


# ---------------------------------------------------------------- exponential mechanism
@register(
    "general/exponential-mechanism-dp",
    checks=("vc1:Theorem 8", "everlasting:Definition 2.6", "winnow:Proposition 2.1"),
    statement="The exponential mechanism (McSherry-Talwar; [Yan25] Thm 8, [NNSY23] Def. 2.6) with "
    "P(r) ∝ exp(eps q(r)/(2 Delta)) is eps-DP [exact log-ratio audit; near-tight instance]",
)
def _check_exponential_mechanism(rng, size):
    count = 300 if size == "small" else 2000
    worst = 0.0
    for _ in range(count):
        m = int(rng.integers(1, 60))
        eps = float(10 ** rng.uniform(-2, 1))
        sens = float(10 ** rng.uniform(-1, 1))
        s = rng.normal(0, 10 * sens, size=m)
        t = s + rng.uniform(-sens, sens, size=m) * rng.choice([0.0, 1.0], size=m, p=[0.2, 0.8])
        r = exponential_mechanism_audit(s, t, eps, sens)
        if r["epsilon_exact"] > eps * (1 + 1e-9):
            return Verdict.violated(
                {"scores": s.tolist(), "scores_prime": t.tolist(), "epsilon": eps, "sensitivity": sens},
                epsilon_exact=r["epsilon_exact"],
            )
        worst = max(worst, r["epsilon_exact"] / eps)
    # near-tight: one score up by Delta, all others down by Delta, many candidates
    m, eps = 2000, 1.0
    t = -np.ones(m)
    t[0] = 1.0
    tight = exponential_mechanism_audit(np.zeros(m), t, eps)["epsilon_exact"]
    return Verdict.holds(
        instances=count, max_loss_over_eps_random=round(worst, 4), tight_instance_loss_over_eps=round(tight / eps, 4)
    )


# ---------------------------------------------------------------- [Yan25] Lemma 1
def _k_bounded_scores(rng, n, n_cand, k):
    """Scores of a k-bounded quality on a random dataset: each element raises <= k distinct scores.

    Returns the scores and, per element, the boolean mask of the candidates it raised.
    """
    kk = min(k, n_cand)
    order = np.argsort(rng.random((n, n_cand)), axis=1)  # a random permutation per element
    counts = rng.integers(0, kk + 1, size=n)
    raised = np.zeros((n, n_cand), dtype=bool)
    rows = np.repeat(np.arange(n), counts)
    cols = order[rows, np.concatenate([np.arange(c) for c in counts]) if n else []]
    raised[rows, cols] = True
    return raised.sum(axis=0).astype(np.int64), raised


def _choosing_law_vector(scores, eps, delta, k):
    probs, p_bot = choosing_output_law(scores, eps, delta, k)
    return np.append(probs, p_bot)


@register(
    "vc1/lemma-1",
    checks=("Lemma 1",),
    statement="Choosing mechanism ([Yan25] Lemma 1, BNS13) for a k-bounded quality, eps in (0,2): "
    "(eps, delta)-DP, and P[q(D, z) >= max q - (16/eps) ln(4kn/(beta eps delta))] >= 1 - beta "
    "[exact output law: exact failure probability and exact hockey-stick audit on neighbours]",
)
def _check_choosing_lemma_1(rng, size):
    count = 150 if size == "small" else 800
    worst_fail_ratio, worst_delta_ratio, nontrivial = 0.0, 0.0, 0
    for _ in range(count):
        eps = float(rng.uniform(0.05, 1.99))
        delta = float(10 ** rng.uniform(-8, -1))
        beta = float(10 ** rng.uniform(-4, -0.5))
        k = int(rng.integers(1, 4))
        n_cand = int(rng.integers(1, 12))
        # sizes around the halting threshold and the utility loss, where the lemma has content
        thr = 8 / eps * math.log(4 * k / (eps * delta))
        n = max(1, int(rng.uniform(0.3, 12.0) * thr * n_cand / (min(k, n_cand) / 2 + 0.5)))
        scores, raised = _k_bounded_scores(rng, n, n_cand, k)
        law = _choosing_law_vector(scores, eps, delta, k)
        loss = choosing_utility_loss(eps, delta, k, n, beta)
        target = scores.max() - loss
        q_of_out = np.append(scores, 0)  # ⊥ has quality 0
        fail = float(law[q_of_out < target].sum())
        if fail > beta:
            return Verdict.violated(
                {"scores": scores.tolist(), "epsilon": eps, "delta": delta, "k": k, "n": n, "beta": beta},
                failure_probability=fail,
            )
        worst_fail_ratio = max(worst_fail_ratio, fail / beta)
        nontrivial += bool(target > 0)
        # neighbour: replace element i by a fresh one (scores it raised -1, <= k others +1)
        i = int(rng.integers(0, n))
        nb = scores.copy()
        nb[raised[i]] -= 1
        nb[rng.permutation(n_cand)[: int(rng.integers(0, min(k, n_cand) + 1))]] += 1
        law2 = _choosing_law_vector(nb, eps, delta, k)
        d = delta_for_epsilon(law, law2, eps)
        if d > delta * (1 + 1e-9) + 1e-15:
            return Verdict.violated(
                {"scores": scores.tolist(), "neighbour": nb.tolist(), "epsilon": eps, "delta": delta, "k": k},
                delta_at_epsilon=d,
            )
        worst_delta_ratio = max(worst_delta_ratio, d / delta)
    return Verdict.holds(
        instances=count,
        utility_nontrivial=nontrivial,
        max_failure_over_beta=float(f"{worst_fail_ratio:.3g}"),
        max_delta_at_eps_over_delta=float(f"{worst_delta_ratio:.3g}"),
    )


# ---------------------------------------------------------------- [NNSY23] Claim 2.7
def _leaky_rr_law(eps_p, delta_p, has_target: bool) -> np.ndarray:
    """An (eps', delta')-DP mechanism A that depends only on whether a target record is present:
    outputs 2 ("leak") w.p. delta' if present, else a randomized-response bit."""
    e = math.exp(eps_p)
    if has_target:
        return np.array([(1 - delta_p) / (1 + e), (1 - delta_p) * e / (1 + e), delta_p])
    return np.array([e / (1 + e), 1 / (1 + e), 0.0])  # a law: sums to 1 (was scaled by 1 - delta')


@register(
    "everlasting/claim-2-7",
    checks=("Claim 2.7",),
    statement="Amplification by sub-sampling ([NNSY23] Claim 2.7): an (eps', delta')-DP A run on a random "
    "size-n subset of t = (n/eps)(3 + e^eps') records is (eps, 4 eps delta'/(3 + e^eps'))-DP for eps <= 1 "
    "[exact hockey-stick audit on the worst-case 'leaky randomized response' A]",
)
def _check_claim_2_7(rng, size):
    count = 200 if size == "small" else 1000
    worst = 0.0
    for _ in range(count):
        eps_p = float(10 ** rng.uniform(-2, 1))
        delta_p = float(10 ** rng.uniform(-8, -1))
        eps = float(rng.uniform(0.01, 1.0))
        n = int(rng.integers(1, 50))
        t, g = subsampling_amplification(eps_p, delta_p, eps, n)
        A_in, A_out = _leaky_rr_law(eps_p, delta_p, True), _leaky_rr_law(eps_p, delta_p, False)
        assert delta_for_epsilon(A_in, A_out, eps_p) <= delta_p * (1 + 1e-9) + 1e-15  # A is (eps', delta')-DP
        frac = n / t  # probability that the differing record is sub-sampled
        B = frac * A_in + (1 - frac) * A_out
        B_prime = A_out  # the neighbour replaced the target record
        d = delta_for_epsilon(B, B_prime, g.epsilon)
        if d > g.delta * (1 + 1e-9) + 1e-15:  # float rounding of the law entries
            return Verdict.violated(
                {"epsilon_prime": eps_p, "delta_prime": delta_p, "epsilon": eps, "n": n, "t": t},
                delta_at_epsilon=d,
                claimed_delta=g.delta,
            )
        worst = max(worst, d / g.delta if g.delta > 0 else 0.0)
    return Verdict.holds(instances=count, max_delta_at_eps_over_claimed=float(f"{worst:.3g}"))


# ---------------------------------------------------------------- [NNSY23] Observation 2
@register(
    "everlasting/observation-2",
    checks=("Observation 1", "Observation 2"),
    statement="c-fold composition ([NNSY23] Observation 2, BetweenThresholds with c tops): c adaptively "
    "composed (eps, delta)-DP mechanisms are (sqrt(2c ln(1/(c delta))) eps + c eps (e^eps - 1), 2 c delta)-DP "
    "[exact privacy-loss law of c-fold leaky randomized response]",
)
def _check_observation_2(rng, size):
    count = 100 if size == "small" else 500
    worst = 0.0
    for _ in range(count):
        eps = float(10 ** rng.uniform(-2, 0))
        c = int(rng.integers(1, 300))
        delta = float(10 ** rng.uniform(-9, math.log10(0.5 / c)))
        g = c_tops_composition(eps, delta, c)
        # leaky RR: P(leak) = delta on one side; the rest eps-RR.  Composition law: a leak in any
        # coordinate is an infinite-loss event; otherwise loss = eps (2X - c) with X ~ Bin(c, p)
        p = math.exp(eps) / (1 + math.exp(eps))
        no_leak = (1 - delta) ** c
        x = np.arange(c + 1)
        pmf = stats.binom.pmf(x, c, p)
        loss = eps * (2 * x - c)
        gain = np.where(loss > g.epsilon, -np.expm1(np.minimum(g.epsilon - loss, 0.0)), 0.0)
        d = (1 - no_leak) + no_leak * float(np.sum(pmf * gain))
        if d > g.delta * (1 + 1e-9):
            return Verdict.violated({"epsilon": eps, "delta": delta, "c": c}, delta_at_epsilon=d, claimed=g.delta)
        worst = max(worst, d / g.delta)
    return Verdict.holds(instances=count, max_exact_delta_over_claimed=float(f"{worst:.3g}"))


# ---------------------------------------------------------------- [Yan25] Theorem 9 (EM version)
@register(
    "vc1/theorem-9-em",
    statement="PrivateMedian over a finite ordered domain ([Yan25] Theorem 9), exponential-mechanism "
    "version: eps-DP, and an alpha-median w.p. >= 1 - beta once n >= 2 ln(|X|/beta)/(alpha eps) "
    "[exact output law; ln|X| sample size — the log* version is claim vc1/theorem-9]",
    checks=("Theorem 9",),
)
def _check_theorem_9(rng, size):
    count = 80 if size == "small" else 400
    worst_fail, worst_eps = 0.0, 0.0
    for _ in range(count):
        X = int(rng.integers(2, 300))
        alpha = float(rng.uniform(0.05, 0.5))
        beta = float(10 ** rng.uniform(-6, -1))
        eps = float(10 ** rng.uniform(-1, 0.5))
        n = median_sample_size(X, alpha, beta, eps)
        dom = np.arange(X)
        kind = rng.integers(3)
        if kind == 0:
            vals = rng.integers(0, X, size=n)
        elif kind == 1:  # two far clusters: the hard case for medians
            vals = np.where(rng.random(n) < 0.5, 0, X - 1)
        else:
            vals = np.clip(np.round(rng.normal(X / 2, X / 20, size=n)), 0, X - 1).astype(int)
        q = median_quality(vals, dom)
        p = exponential_mechanism_probabilities(q, eps)
        fail = float(p[q < (0.5 - alpha) * n - 1e-9].sum())
        if fail > beta:
            return Verdict.violated(
                {"domain_size": X, "alpha": alpha, "beta": beta, "epsilon": eps, "values": vals.tolist()},
                failure_probability=fail,
            )
        worst_fail = max(worst_fail, fail / beta)
        nb = vals.copy()
        nb[int(rng.integers(n))] = int(rng.integers(X))
        r = exponential_mechanism_audit(q, median_quality(nb, dom), eps)
        if r["max_score_change"] > 1 or r["epsilon_exact"] > eps * (1 + 1e-9):
            return Verdict.violated(
                {"values": vals.tolist(), "neighbour": nb.tolist(), "epsilon": eps},
                epsilon_exact=r["epsilon_exact"],
                max_score_change=r["max_score_change"],
            )
        worst_eps = max(worst_eps, r["epsilon_exact"] / eps)
    return Verdict.holds(
        instances=count, max_failure_over_beta=float(f"{worst_fail:.3g}"), max_loss_over_eps=round(worst_eps, 4)
    )
