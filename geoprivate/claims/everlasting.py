"""Claims of [NNSY23] (*Private Everlasting Prediction*) about LabelBoost and GenericBBL.

(``everlasting/claim-2-7`` and ``everlasting/observation-2`` live in
:mod:`geoprivate.claims.mechanisms`; ``everlasting/claim-d-1`` below checks that GenericBBL's
BetweenThresholds is that c-TOP instance.)

* everlasting/lemma-c-1 — LabelBoost privacy: exact output law of A∘LabelBoost on tiny
  neighbouring databases, for ε_A-DP algorithms A, against ε_A + 3.
* everlasting/lemma-c-2 — LabelBoost utility: exact failure probability ≤ β at the lemma's |T|.
* everlasting/claim-d-1 — the c-TOP BetweenThresholds of step 3c is (≤ 1, δ)-DP by Observation 2.
* everlasting/claim-d-4 — exact P(R | q > 7/8) ≥ 1 − exp(−T/(144√(c ln(2/δ)))).
* everlasting/claim-d-5 — ⊤ count > 64 α_i R_i has probability ≤ β_i (binomial, exact).
* everlasting/claim-d-6 — growth |S_{i+1}| > |S_i| and |D̂_i| ≥ |S_{i+1}| under the paper's parameters.
* everlasting/claims-d-conditions — Claims D.2, D.5, D.7, D.8, D.9's size conditions hold
  with τ = 1.1·10¹⁰ (theorem mode), over random (α, β, ε, δ, VC).
* everlasting/theorem-5-2 — practical mode: err_D of every h_{i,j} ≤ 6α on thresholds and a
  finite class (fraction of seeded runs, against 1 − 4β).
* everlasting/claim-b-1, everlasting/claim-b-2 — HypothesisLearner / AccuracyBoost.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from hypothesis import strategies as st
from scipy import stats
from scipy.special import logsumexp

from geoprivate.audit import between_thresholds_output_law
from geoprivate.claims import Verdict, register
from geoprivate.concepts import FiniteClass, Halfspaces, Intervals, Thresholds
from geoprivate.everlasting.boosting import accuracy_boost, hypothesis_learner, hypothesis_learner_R, rotating_sequence
from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
from geoprivate.everlasting.label_boost import label_boost_law, lemma_c2_max_T
from geoprivate.everlasting.parameters import custom_parameters, gap_needed, practical_parameters, theorem_parameters
from geoprivate.mechanisms import Answer, BetweenThresholds
from geoprivate.privacy import VACUOUS, c_tops_composition
from geoprivate.privacy.warnings import PrivacyWarning
from solvers import combinatorics as comb
from solvers.generators import random_matrix, thresholds_matrix

__all__ = []


# ---------------------------------------------------------------- Lemma 4.1 / C.1
def _log_A_em(L, pts, eps_a, G):
    """log-law of A = exponential mechanism over the rows of G (ε_A, score −errors on the relabelled DB)."""
    errs = (G[:, pts][None, :, :] != L[:, None, :]).sum(axis=2)  # (relabellings, |G|)
    z = -eps_a * errs / 2.0
    return z - logsumexp(z, axis=1, keepdims=True)


def _log_A_rr(L, j, eps_a):
    """log-law of A = randomized response on the label of position j (ε_A-DP)."""
    keep = math.log(math.exp(eps_a) / (1 + math.exp(eps_a)))
    flip = math.log(1 / (1 + math.exp(eps_a)))
    return np.stack([np.where(L[:, j] == 0, keep, flip), np.where(L[:, j] == 1, keep, flip)], axis=1)


def _law_B(C, s, y, t, A):
    L, lp, _ = label_boost_law(C, s, y, t)
    return logsumexp(lp[:, None] + A(L), axis=0)


def _neighbour(rng, s, y, t, n_points):
    s2, y2, t2 = s.copy(), y.copy(), t.copy()
    where = rng.integers(3)
    if where == 0:  # change a labelled example's label
        i = rng.integers(len(s))
        y2[i] = 1 - y2[i]
    elif where == 1:  # change a labelled example's point
        s2[rng.integers(len(s))] = rng.integers(n_points)
    else:  # change an unlabelled point
        t2[rng.integers(len(t))] = rng.integers(n_points)
    return s2, y2, t2, ("label", "point in S", "point in T")[where]


@register(
    "everlasting/lemma-c-1",
    checks=("Lemma 4.1", "Lemma C.1"),
    statement="If A is (eps, 0)-DP then A o LabelBoost is (eps + 3, 0)-DP ([NNSY23] Lemma 4.1/C.1 with "
    "delta = 0) [exact output laws on tiny neighbouring S o T over finite classes (thresholds on 6 points, "
    "random classes), A = exponential mechanism or randomized response on one label; neighbours change "
    "a label, a point of S, or a point of T]",
)
def _check_lemma_c1(rng, size):
    count = 60 if size == "small" else 400
    worst, worst_inst = -math.inf, {"change": None}
    for _ in range(count):
        n_points = int(rng.integers(4, 7))
        if rng.random() < 0.5:
            M = thresholds_matrix(n_points)
        else:
            M = comb.dichotomies(random_matrix(int(rng.integers(3, 10)), n_points, 0.5, rng))
        C = FiniteClass(M)
        ns, nt = int(rng.integers(1, 4)), int(rng.integers(1, 4))
        s, t = rng.integers(0, n_points, size=ns), rng.integers(0, n_points, size=nt)
        y = M[rng.integers(M.shape[0]), s].astype(int) if rng.random() < 0.7 else rng.integers(0, 2, size=ns)
        s2, y2, t2, kind = _neighbour(rng, s, y, t, n_points)
        eps_a = float(rng.choice([0.1, 0.5, 1.0, 2.0]))
        if rng.random() < 0.5:
            pts = np.concatenate([s, t])
            pts2 = np.concatenate([s2, t2])
            p = _law_B(C, s, y, t, lambda L, pts=pts, eps_a=eps_a, M=M: _log_A_em(L, pts, eps_a, M))
            q = _law_B(C, s2, y2, t2, lambda L, pts2=pts2, eps_a=eps_a, M=M: _log_A_em(L, pts2, eps_a, M))
            a_name = "exponential mechanism over C"
        else:
            j = int(rng.integers(ns + nt))
            p = _law_B(C, s, y, t, lambda L, j=j, eps_a=eps_a: _log_A_rr(L, j, eps_a))
            q = _law_B(C, s2, y2, t2, lambda L, j=j, eps_a=eps_a: _log_A_rr(L, j, eps_a))
            a_name = f"randomized response on label {j}"
        loss = float(np.max(np.abs(p - q)))
        inst = {
            "matrix": M,
            "S": s,
            "labels": y,
            "T": t,
            "S'": s2,
            "labels'": y2,
            "T'": t2,
            "change": kind,
            "A": a_name,
            "epsilon_A": eps_a,
        }
        if loss > eps_a + 3 + 1e-9:
            return Verdict.violated(inst, exact_epsilon=loss, claimed=eps_a + 3)
        if loss - eps_a > worst:
            worst, worst_inst = loss - eps_a, inst
    return Verdict.holds(
        instances=count,
        max_exact_epsilon_minus_eps_A=round(worst, 4),
        claimed_increase=3,
        worst_change=worst_inst["change"],
    )


# ---------------------------------------------------------------- Lemma 4.2 / C.2
def _c2_instance(rng, kind):
    C: Thresholds | Intervals | Halfspaces | FiniteClass
    if kind == "thresholds":
        C, vc, cap = Thresholds(), 1, 2000
        draw = lambda n: rng.uniform(size=n)  # noqa: E731
        t0 = rng.uniform(0.2, 0.8)
        target = lambda x: (x >= t0).astype(int)  # noqa: E731
    elif kind == "intervals":
        C, vc, cap = Intervals(), 2, 250
        draw = lambda n: rng.uniform(size=n)  # noqa: E731
        a, b = sorted(rng.uniform(size=2))
        target = lambda x: ((x >= a) & (x <= b)).astype(int)  # noqa: E731
    elif kind == "halfspaces":
        C, vc, cap = Halfspaces(2), 3, 25
        draw = lambda n: np.round(rng.normal(size=(n, 2)), 3)  # noqa: E731
        w = rng.normal(size=2)
        target = lambda x: (x @ w >= 0.1).astype(int)  # noqa: E731
    else:
        M = comb.dichotomies(random_matrix(40, 16, 0.5, rng))
        C, vc, cap = FiniteClass(M), max(1, comb.vc_dimension(M)), 400
        draw = lambda n: rng.integers(0, 16, size=n)  # noqa: E731
        row = rng.integers(M.shape[0])
        target = lambda x: M[row, x].astype(int)  # noqa: E731
    return C, vc, cap, draw, target


@register(
    "everlasting/lemma-c-2",
    checks=("Lemma 4.2", "Lemma C.2"),
    statement="If S is labelled by c in C and |T| <= (beta/e) VC exp(alpha |S| / (2 VC)) - |S|, LabelBoost's "
    "h has error_S(h) <= alpha w.p. >= 1 - beta [exact failure probability of the exponential mechanism over "
    "all dichotomies; thresholds, intervals, halfspaces in R^2, random finite classes; |S| the least "
    "allowing |T| >= 0, |T| at the bound (capped for size)]",
)
def _check_lemma_c2(rng, size):
    count = 24 if size == "small" else 120
    worst, n_done = 0.0, 0
    for r in range(count):
        kind = ("thresholds", "intervals", "finite", "halfspaces")[r % 4]
        C, vc, cap, draw, target = _c2_instance(rng, kind)
        alpha, beta = float(rng.uniform(0.1, 0.5)), float(10 ** rng.uniform(-2, -0.5))
        ns = 1
        while lemma_c2_max_T(alpha, beta, ns, vc) < 0:
            ns += 1
        ns += int(rng.integers(0, 3))
        nt = int(min(cap, math.floor(lemma_c2_max_T(alpha, beta, ns, vc))))
        if ns > cap:
            continue
        s, t = draw(ns), draw(nt)
        _, lp, errs = label_boost_law(C, s, target(s), t)
        fail = float(np.exp(lp[errs > alpha * ns]).sum()) if (errs > alpha * ns).any() else 0.0
        n_done += 1
        if fail > beta:
            return Verdict.violated(
                {"class": kind, "alpha": alpha, "beta": beta, "S": s, "T_size": nt}, failure_probability=fail
            )
        worst = max(worst, fail / beta)
    return Verdict.holds(instances=n_done, max_failure_over_beta=float(f"{worst:.3g}"))


# ---------------------------------------------------------------- Claim D.1 / Observation 2
def _random_theorem_parameters(rng, phases):
    a, b, d = (float(10 ** rng.uniform(-4, math.log10(1 / 16))) for _ in range(3))
    e = float(rng.uniform(0.05, 0.999))
    vc = int(rng.integers(1, 30))
    return theorem_parameters(a, b, e, d, vc, phases=phases), (a, b, e, d, vc)


@register(
    "everlasting/claim-d-1",
    checks=("Claim D.1", "Observation 2"),
    statement="With eps'_i = 1/(3 sqrt(c_i ln(2/delta))), delta'_i = delta/(2 c_i) (step 3c), the c_i-TOP "
    "BetweenThresholds is (1, delta)-DP by Observation 2; and GenericBBL's instance reports exactly that "
    "Observation-2 guarantee [theorem-mode parameters, random alpha, beta, eps, delta, VC; the c-TOP "
    "BetweenThresholds of geoprivate.mechanisms]",
)
def _check_claim_d1(rng, size):
    count = 40 if size == "small" else 200
    worst = 0.0
    for _ in range(count):
        p, (a, b, e, d, _) = _random_theorem_parameters(rng, 2)
        for ph in p.phases:
            g = c_tops_composition(ph.epsilon_bt, ph.delta_bt, ph.c)
            bt = BetweenThresholds(ph.epsilon_bt, ph.t_lower, ph.t_upper, ph.T, 0, c=ph.c, delta=ph.delta_bt)
            expected = g if bt.lemma1_applies else VACUOUS  # Lemma C.3's gap (Claim D.9) may fail
            if g.epsilon > 1 or g.delta > d * (1 + 1e-12) or bt.guarantee() != expected:
                return Verdict.violated(
                    {"alpha": a, "beta": b, "epsilon": e, "delta": d, "phase": ph.i},
                    obs2_epsilon=g.epsilon,
                    obs2_delta=g.delta,
                    bt_guarantee=str(bt.guarantee()),
                )
            worst = max(worst, g.epsilon)
    return Verdict.holds(
        instances=count,
        max_observation2_epsilon=round(worst, 6),
        analytic_bound=round(math.sqrt(2) / 3 + 2 / (9 * math.log(32)), 6),
    )


# ---------------------------------------------------------------- Claim D.4
@register(
    "everlasting/claim-d-4",
    checks=("Claim D.4",),
    statement="For t_u < 5/8, t_l > 3/8 and q(S) > 7/8 (resp. < 1/8) BetweenThresholds answers R (resp. L) "
    "w.p. >= 1 - exp(-T eps'/48) (= 1 - exp(-T/(144 sqrt(c ln(2/delta)))) with step 3c's eps') "
    "[exact closed-form law of one query, random T, eps', alpha_i <= 1/16]",
)
def _check_claim_d4(rng, size):
    count = 40 if size == "small" else 200
    worst = -math.inf
    for _ in range(count):
        T = int(rng.integers(5, 3000))
        eps = float(10 ** rng.uniform(-2, 0))
        a = float(rng.uniform(0.001, 1 / 16))
        high = rng.random() < 0.5
        q = float(rng.uniform(7 / 8 + 1e-9, 1.0)) if high else float(rng.uniform(0.0, 1 / 8 - 1e-9))
        law = between_thresholds_output_law([q], eps, 0.5 - a, 0.5 + a, T, dps=30)
        p_ok = float(law.get(((Answer.R,) if high else (Answer.L,)), 0))
        bound = 1 - math.exp(-T * eps / 48)
        if p_ok < bound - 1e-12:
            return Verdict.violated({"T": T, "epsilon_bt": eps, "alpha_i": a, "q": q}, probability=p_ok, bound=bound)
        worst = max(worst, bound - p_ok)
    return Verdict.holds(instances=count, max_bound_minus_probability=float(f"{worst:.3g}"))


# ---------------------------------------------------------------- Claim D.5
@register(
    "everlasting/claim-d-5",
    checks=("Claim D.5",),
    statement="If each of R_i >= 3 ln(1/beta_i)/alpha_i queries gets TOP w.p. <= 32 alpha_i independently, "
    "more than c_i = 64 alpha_i R_i TOPs occur w.p. <= beta_i (the Chernoff step of Claim D.5; the paper "
    "prints 'at most' for 'more than') [exact binomial tail, R_i at the bound and 10x above]",
)
def _check_claim_d5(rng, size):
    count = 200 if size == "small" else 2000
    worst = 0.0
    for _ in range(count):
        a = float(10 ** rng.uniform(-4, math.log10(1 / 32)))
        b = float(10 ** rng.uniform(-6, math.log10(1 / 16)))
        R = math.ceil(3 * math.log(1 / b) / a * (1 if rng.random() < 0.5 else 10))
        tail = float(stats.binom.sf(math.floor(64 * a * R), R, 32 * a))
        if tail > b:
            return Verdict.violated({"alpha_i": a, "beta_i": b, "R_i": R}, tail=tail)
        worst = max(worst, tail / b)
    return Verdict.holds(instances=count, max_tail_over_beta=float(f"{worst:.3g}"))


# ---------------------------------------------------------------- growth / Claim D.6, D.x conditions
@register(
    "everlasting/claim-d-6",
    checks=("Claim D.6",),
    statement="Under the paper's parameters |D_hat_i| >= lambda_{i+1} T_{i+1} = |S_{i+1}| and the sample "
    "grows: |S_{i+1}| > |S_i| [theorem-mode calculator, exact integers, 8 phases, random alpha, beta, "
    "delta < 1/16, eps < 1, VC <= 29]",
)
def _check_claim_d6(rng, size):
    count = 40 if size == "small" else 200
    min_growth, min_slack = math.inf, math.inf
    for _ in range(count):
        p, args = _random_theorem_parameters(rng, 8)
        for x, y in zip(p.phases[:-1], p.phases[1:], strict=False):
            if not (y.S > x.S and x.d_hat >= x.next_S == y.S):
                return Verdict.violated(
                    dict(zip(("alpha", "beta", "epsilon", "delta", "vc"), args, strict=True)) | {"phase": x.i},
                    S_i=x.S,
                    S_next=y.S,
                    d_hat=x.d_hat,
                )
            min_growth = min(min_growth, y.S / x.S)
            min_slack = min(min_slack, x.d_hat / x.next_S)
    return Verdict.holds(
        instances=count, min_growth_ratio=round(min_growth, 3), min_d_hat_over_next_S=round(min_slack, 3)
    )


#: theorem-mode parameters (α, β, ε, δ, VC): the VC dimension first, so a counterexample shrinks to the smallest VC
_D_CONDITION_INSTANCES = st.fixed_dictionaries(
    {
        "vc": st.integers(1, 29),
        "alpha": st.integers(0, 64).map(lambda i: float(10 ** (math.log10(1 / 16) - 3 * i / 64))),
        "beta": st.integers(0, 64).map(lambda i: float(10 ** (math.log10(1 / 16) - 3 * i / 64))),
        "epsilon": st.integers(0, 64).map(lambda i: 0.999 - 0.949 * i / 64),
        "delta": st.integers(0, 64).map(lambda i: float(10 ** (math.log10(1 / 16) - 3 * i / 64))),
    }
)


def _d_conditions_before(rng, size):
    """The instance this claim reported before it was searched: the first failing of 40 (200) random draws."""
    for _ in range(40 if size == "small" else 200):
        _, (a, b, e, d, vc) = _random_theorem_parameters(rng, 4)
        inst = {"vc": vc, "alpha": a, "beta": b, "epsilon": e, "delta": d}
        if _check_claims_d_conditions(inst) is not True:
            return inst
    raise RuntimeError("no failure among the random draws")  # pragma: no cover


@register(
    "everlasting/claims-d-conditions",
    checks=("Claim D.2", "Claim D.5", "Claim D.7", "Claim D.8", "Claim D.9", "Claim 2.7"),
    statement="With tau = 1.1e10 the size conditions of Claims D.2 (T_i >= 96 ln(1/alpha_i)), D.5 "
    "(exp(-T_i eps'_i/48) < alpha_i, R_i >= 3 ln(1/beta_i)/alpha_i), D.7 (Lemma C.4's n), D.8 (Lemma C.2's "
    "|T|), D.9 (Lemma C.3's gap) and Claim 2.7's sub-sampling size hold in every phase [theorem mode, "
    "natural logs, 4 phases; (alpha, beta, eps, delta, VC) searched, the counterexample shrunk to the smallest VC]",
    instances=_D_CONDITION_INSTANCES,
    before=_d_conditions_before,
    measure=("VC dimension", lambda inst: inst["vc"]),
    max_examples=40,
)
def _check_claims_d_conditions(inst):
    p = theorem_parameters(inst["alpha"], inst["beta"], inst["epsilon"], inst["delta"], inst["vc"], phases=4)
    for ph in p.phases:
        bad = sorted(k for k, v in ph.checks.items() if not v)
        if bad:
            return Verdict.violated(
                {**inst, "phase": ph.i},
                failing=bad,
                gap_needed_over_gap=round(gap_needed(ph) / (2 * ph.alpha), 4),
                note="natural logs; see docs/everlasting.md (Claim D.9 with tau = 1.1e10)",
            )
    return True


# ---------------------------------------------------------------- Theorem 5.2 (practical mode)
@register(
    "everlasting/theorem-5-2",
    checks=("Theorem 5.2", "Claim E.4"),
    statement="Every hypothesis h_{i,j} of GenericBBL is 6 alpha-good w.p. >= 1 - 4 beta [PRACTICAL mode "
    "(scaled tau, lambda, R, m, eps'_i = 4: constants recorded), thresholds on U[0,1) and a random finite "
    "class, 2 phases, exact err_D of every h_{i,j}; fraction of seeded runs with all h good vs 1 - 4 beta]",
)
def _check_theorem_5_2(rng, size):
    runs = 4 if size == "small" else 20
    alpha, beta = 0.05, 0.05
    good, worst, total = 0, 0.0, 0
    for r in range(runs):
        prob = make_everlasting_problem(("thresholds", "finite")[r % 2], rng)
        par = practical_parameters(alpha, beta, 0.5, 1e-6, prob.vc, 2, T1=60, lambda1=8, r_const=12, epsilon_bt=4.0)
        x = prob.sample(rng, par.phase(1).S)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PrivacyWarning)
            res = GenericBBL(prob, x, prob.target(x), par, rng=rng).run(2)
        m = max(ph.err_D_max for ph in res.phases)
        worst = max(worst, m)
        good += (not res.failed) and m <= 6 * alpha
        total += 1
    frac = good / total
    ev = dict(
        runs=total,
        all_good_fraction=frac,
        max_err_D=round(worst, 4),
        six_alpha=6 * alpha,
        mode="practical",
        constants="T1=60, lambda1=8, r_const=12, m_const=1, epsilon_bt=4",
    )
    if frac < 1 - 4 * beta:
        return Verdict.violated({"alpha": alpha, "beta": beta, "mode": "practical"}, **ev)
    return Verdict.holds(**ev)


# ---------------------------------------------------------------- Claims B.1 / B.2 (Appendix B)
def _b1_runs(rng, n, alpha, beta, runs, reading):
    c = rng.integers(0, 2, n)
    errs = []
    for _ in range(runs):
        h, failed = hypothesis_learner(rotating_sequence(c, alpha, rng), n, beta, rng, reading=reading)
        errs.append(1.0 if failed else float((h != c).mean()))
    return np.asarray(errs)


@register(
    "everlasting/claim-b-1",
    checks=("Claim B.1",),
    statement="On a hypothesis sequence with every error_D(c, h_r) <= alpha (Equation 1), HypothesisLearner "
    "outputs h with error_D(c, h) <= 8 alpha w.p. >= 3/4 [multiset reading of L_x, as in the proof; |X| "
    "uniform, sequences whose alpha-error window rotates, exact error of each output]",
)
def _check_claim_b1(rng, size):
    runs = 20 if size == "small" else 100
    worst_frac, worst_err = 1.0, 0.0
    for n, alpha, beta in ((200, 0.05, 1 / 8), (1000, 0.05, 1e-3), (500, 0.02, 0.01)):
        errs = _b1_runs(rng, n, alpha, beta, runs, "multiset")
        frac = float((errs <= 8 * alpha).mean())
        worst_frac, worst_err = min(worst_frac, frac), max(worst_err, float(errs.max()) / alpha)
        if frac < 3 / 4:
            return Verdict.violated({"n_points": n, "alpha": alpha, "beta": beta}, good_fraction=frac)
    return Verdict.holds(runs_per_instance=runs, min_good_fraction=worst_frac, max_error_over_alpha=round(worst_err, 3))


#: the set reading's instance space: |X|, alpha, beta and the seed of the 12 runs (a run is random)
_B1_SET_INSTANCES = st.fixed_dictionaries(
    {
        "n_points": st.integers(1, 1000),
        "alpha": st.sampled_from([0.05, 0.1, 0.02]),
        "beta": st.sampled_from([1e-3, 0.01, 1 / 8]),
        "seed": st.integers(0, 2**16),
    }
)


def _b1_set_before(rng, size):
    """The instance this claim reported before it was searched: |X| = 1000, alpha = 0.05, beta = 1e-3."""
    return {"n_points": 1000, "alpha": 0.05, "beta": 1e-3, "seed": int(rng.integers(0, 2**16))}


@register(
    "everlasting/claim-b-1-set-reading",
    checks=("Claim B.1",),
    statement="FINDING: with L_x a set, as the pseudocode of HypothesisLearner prints (L_x = L_x U {h_r(x)}), "
    "Claim B.1 fails: a point erred on by an alpha fraction of the h_r is seen with both labels after "
    "~ln|X| ln(1/beta) picks and then gets the wrong label w.p. 1/2 [rotating alpha-error window, 12 runs per "
    "instance; (|X|, alpha, beta, seed) searched, the counterexample shrunk to the fewest points]; the proof's "
    "multiset reading (everlasting/claim-b-1) holds",
    instances=_B1_SET_INSTANCES,
    before=_b1_set_before,
    measure=("points |X|", lambda inst: inst["n_points"]),
    max_examples=40,
)
def _check_claim_b1_set_reading(inst):
    n, alpha, beta = inst["n_points"], inst["alpha"], inst["beta"]
    errs = _b1_runs(np.random.default_rng(inst["seed"]), n, alpha, beta, 12, "set")
    frac = float((errs <= 8 * alpha).mean())
    if frac >= 3 / 4:
        return True
    return Verdict.violated(
        {**inst, "reading": "set"},
        good_fraction=frac,
        mean_error=round(float(errs.mean()), 4),
        eight_alpha=8 * alpha,
    )


@register(
    "everlasting/claim-b-2",
    checks=("Claim B.2",),
    statement="AccuracyBoost (majority of 104 ln(1/beta) HypothesisLearner outputs) is 24 alpha-good w.p. "
    ">= 1 - beta [multiset reading; independent sequences satisfying Equation 1; exact error]",
)
def _check_claim_b2(rng, size):
    runs = 3 if size == "small" else 15
    n, alpha, beta = 300, 0.05, 0.05
    c = rng.integers(0, 2, n)
    worst = 0.0
    for _ in range(runs):
        h, Rp = accuracy_boost(lambda i, r: rotating_sequence(c, alpha, r), n, beta, rng)
        err = float((h != c).mean())
        if err > 24 * alpha:
            return Verdict.violated({"n_points": n, "alpha": alpha, "beta": beta}, error=err)
        worst = max(worst, err)
    return Verdict.holds(runs=runs, inner_runs=Rp, max_error=worst, twenty_four_alpha=24 * alpha)


def _bbl_sequence(prob, par, rng):
    """One GenericBBL run (phase 1, practical) on a fresh sample; its hypothesis sequence h_{1,j}."""
    x = prob.sample(rng, par.phase(1).S)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        res = GenericBBL(prob, x, prob.target(x), par, rng, keep_hypotheses=True).run(1)
    return res.extra["hypotheses"]


def _seq_errors(seq, c, R):
    """Exact err_D(c, h_r) (D uniform on the domain) of h_0..h_R."""
    n = c.size
    r = np.repeat(np.arange(R + 1), n)
    x = np.tile(np.arange(n), R + 1)
    return (seq(r, x).reshape(R + 1, n) != c[None, :]).mean(axis=1)


def _bbl_setup(rng, n_points):
    """A random finite class on ``n_points`` points and phase-1 parameters with R_1 >= HypothesisLearner's R."""
    prob = make_everlasting_problem("finite", rng, n_points=n_points, n_concepts=64)
    R = hypothesis_learner_R(n_points, 1 / 8) + 1
    par = custom_parameters([(8, 40, R, math.ceil(64 * 0.025 * R))], 0.05, 0.05, 0.5, 1e-6, prob.vc, epsilon_bt=4.0)
    assert isinstance(prob.concept, FiniteClass)  # make_everlasting_problem("finite", ...)
    return prob, par, prob.target(np.arange(prob.concept.n_points))


@register(
    "everlasting/claim-b-1-generic-bbl",
    checks=("Claim B.1", "Theorem 3.3"),
    statement="HypothesisLearner run on GenericBBL's own hypotheses h_{1,j} (a random finite class, D uniform, "
    "PRACTICAL phase 1, 200 points) outputs h with error <= 8 alpha w.p. >= 3/4, alpha := the largest exact error among the "
    "h_r it reads (Equation 1 measured, not assumed) [multiset reading]",
)
def _check_claim_b1_generic_bbl(rng, size):
    prob, par, c = _bbl_setup(rng, 200)
    n, beta = c.size, 1 / 8
    R = hypothesis_learner_R(n, beta)
    runs = 12 if size == "small" else 60
    good, ratios = 0, []
    for _ in range(runs):
        seq = _bbl_sequence(prob, par, rng)
        alpha = float(_seq_errors(seq, c, R).max())
        h, failed = hypothesis_learner(seq, n, beta, rng)
        err = 1.0 if failed else float((h != c).mean())
        good += err <= 8 * alpha
        if alpha > 0:
            ratios.append(err / alpha)
    frac = good / runs
    ev = dict(
        runs=runs,
        good_fraction=frac,
        max_error_over_alpha=round(max(ratios, default=0.0), 3),
        runs_with_alpha_0=runs - len(ratios),
        hypotheses_read=R + 1,
    )
    if frac < 3 / 4:
        return Verdict.violated({"class": prob.description, "beta": beta}, **ev)
    return Verdict.holds(**ev)


@register(
    "everlasting/claim-b-2-generic-bbl",
    checks=("Claim B.2", "Theorem 3.3"),
    statement="AccuracyBoost over 104 ln(1/beta) independent GenericBBL runs (fresh samples S_i; PRACTICAL "
    "phase 1, random finite class on 48 points) outputs a 24 alpha-good majority, alpha := the largest exact error of any "
    "hypothesis the HypothesisLearners read [beta = 1/4, multiset reading]",
)
def _check_claim_b2_generic_bbl(rng, size):
    prob, par, c = _bbl_setup(rng, 48)
    beta = 0.25
    R = hypothesis_learner_R(c.size, 1 / 8)
    alphas = []

    def make_seq(i, r):
        seq = _bbl_sequence(prob, par, r)
        alphas.append(float(_seq_errors(seq, c, R).max()))
        return seq

    h, Rp = accuracy_boost(make_seq, c.size, beta, rng)
    err, alpha = float((h != c).mean()), max(alphas)
    ev = dict(runs=Rp, error=err, alpha_equation_1=alpha, twenty_four_alpha=24 * alpha)
    if err > 24 * alpha:
        return Verdict.violated({"class": prob.description, "beta": beta}, **ev)
    return Verdict.holds(**ev)
