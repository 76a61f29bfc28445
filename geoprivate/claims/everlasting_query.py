"""Query privacy of GenericBBL ([NNSY23] Claims E.5, E.6) under the halting attack, and the repair.

* everlasting/claim-e-6 — [NNSY23] Claim E.6 (privacy of the unlabelled points) on the
  halting attack (:mod:`geoprivate.everlasting.query_attack`), parameters meeting every
  condition of Claims D.1 and D.9: the exact law of B's view gives δ(ε) ≈ 1 for the
  printed δ = 10⁻⁶ — **violated**, with the instance; the runs of GenericBBL itself
  (:func:`geoprivate.everlasting.game.play`) show the two view lengths.
* everlasting/claim-e-5-vote-shift — Claim E.5's step (i) (M1, the answering loop, is
  (1, δ)-DP by Lemma C.3 / Claim D.1) when the differing training example moves the vote of a
  probed point by 1/T_1 at the band's edges and centre: the exact law's δ(1) stays ≤ δ
  (BetweenThresholds' guarantee covers its whole c-TOP state, halt included).
* everlasting/repaired-query-privacy — the toolkit's RepairedBBL (not a paper statement):
  the exact-up-to-quadrature audit of its view on the attack gives ε ≤ its claimed ε_s.
"""

from __future__ import annotations

import math

from geoprivate.audit import clopper_pearson, delta_for_epsilon, epsilon_for_delta
from geoprivate.claims import Verdict, register
from geoprivate.everlasting.game import play
from geoprivate.everlasting.generic_bbl import make_everlasting_problem
from geoprivate.everlasting.parameters import custom_parameters
from geoprivate.everlasting.query_attack import (
    HaltingAdversary,
    exact_query_audit,
    exact_view_law,
    halting_parameters,
    repaired_exact_audit,
    repaired_position_audit,
)
from geoprivate.everlasting.repaired import StopperParameters, _labelboost_as_booked, repaired_guarantees
from geoprivate.privacy import Guarantee
from geoprivate.privacy.accounting import basic_composition

__all__ = []

_E6 = (
    "For all adversaries B and neighbouring query streams D^0, D^1 (one query differs, its label hidden), "
    "View^0 and View^1 are (epsilon, delta)-indistinguishable; the proof asserts the labels of phase i except "
    "the differing query follow the same law in both worlds"
)


def _attack_summary(par, adv, audit) -> dict:
    p = par.phase(1)
    top = {w: dict(sorted(audit[w].items(), key=lambda kv: -kv[1])[:3]) for w in ("law_world0", "law_world1")}
    return {
        "alpha": par.alpha,
        "epsilon": par.epsilon,
        "delta": par.delta,
        "lambda_1": p.lam,
        "T_1": p.T,
        "R_1": p.R,
        "c_1": p.c,
        "epsilon_bt": p.epsilon_bt,
        "delta_bt": p.delta_bt,
        "claims_D1_D9": [bool(p.checks["Claim D.1"]), bool(p.checks["Claim D.9"])],
        "training_set": f"{round(adv.probe_level * p.T)} positives at 0.6, "
        f"{p.T - round(adv.probe_level * p.T)} negatives at 0.3 (thresholds, one-example blocks)",
        "stream_world0": adv.queries()[0].tolist(),
        "hidden_round": adv.queries()[1],
        "hidden_world1": 0.05,
        "adversary": adv.as_dict(),
        "most_likely_views": top,
    }


@register("everlasting/claim-e-6", statement=_E6, checks=("Claim E.6",))
def _check_claim_e6(rng, size):
    par = halting_parameters()  # alpha = 0.06, c = 5, delta = 1e-6: Claims D.1 and D.9 hold
    adv = HaltingAdversary(0.5, 6, 0, 0)  # 7 queries: the smallest stream that reaches the halt (c = 5)
    audit = exact_query_audit(adv, par, epsilon=par.epsilon)
    audit1 = exact_query_audit(adv, par, epsilon=1.0)
    prob = make_everlasting_problem("thresholds", rng)
    inst = adv.instance(prob, par)
    runs = 10 if size == "small" else 100
    seeds = rng.integers(0, 2**63, size=2 * runs)
    lengths = [[len(play(inst, b, int(s))) for s in seeds[b * runs : (b + 1) * runs]] for b in (0, 1)]
    evidence = {
        "delta_at_epsilon": audit["delta_at_epsilon"],
        "epsilon": par.epsilon,
        "delta_at_epsilon_1": audit1["delta_at_epsilon"],
        "claimed_delta": par.delta,
        "method": "exact law of the view (closed-form BetweenThresholds segments, mpmath)",
        "runs": 2 * runs,
        "view_lengths_world0": sorted(set(lengths[0])),
        "view_lengths_world1": sorted(set(lengths[1])),
    }
    if size != "small":
        k0 = sum(v == min(lengths[0]) for v in lengths[0])
        k1 = sum(v == min(lengths[0]) for v in lengths[1])
        p_lo = clopper_pearson(k0, runs, 1e-6)[0]
        q_hi = clopper_pearson(k1, runs, 1e-6)[1]
        evidence["clopper_pearson_delta_lower"] = max(0.0, p_lo - math.exp(par.epsilon) * q_hi)
    if audit["delta_at_epsilon"] > par.delta:
        return Verdict.violated(_attack_summary(par, adv, audit), **evidence)
    return Verdict.holds(**evidence)


_E5 = (
    "Claim E.5 step (i): the answering loop M1 of GenericBBL is (1, delta)-DP with respect to the training set "
    "(Lemma C.3 / Claim D.1), also when the differing example moves a probed vote by 1/T across a threshold"
)


@register("everlasting/claim-e-5-vote-shift", statement=_E5, checks=("Claim E.5",))
def _check_claim_e5(rng, size):
    par = halting_parameters()
    p = par.phase(1)
    m = 6 if size == "small" else 8
    worst, at, eps_at = 0.0, None, 0.0
    # the probed vote k/T: the band's lower edge, centre and upper edge (the example moves it by 1/T)
    for level in (p.t_lower, 0.5, p.t_upper):
        k = math.floor(level * p.T)
        laws = [exact_view_law([kk / p.T] * m, None, p.epsilon_bt, p.t_lower, p.t_upper, p.T, p.c) for kk in (k, k + 1)]
        keys = sorted(set(laws[0]) | set(laws[1]))
        pa, qa = [laws[0].get(x, 0) for x in keys], [laws[1].get(x, 0) for x in keys]
        d = float(delta_for_epsilon(pa, qa, 1.0))
        eps_at = max(eps_at, float(epsilon_for_delta(pa, qa, par.delta)))
        if d >= worst:
            worst, at = d, {"votes": [k, k + 1], "probes": m}
    evidence = {
        "delta_at_epsilon_1": worst,
        "epsilon_at_delta": eps_at,
        "claimed": [1.0, par.delta],
        "worst_instance": at,
        "settings": 3,
        "vote_shift_over_gap": (1 / p.T) / (p.t_upper - p.t_lower),
        "T_1": p.T,
        "c_1": p.c,
        "note": "a training example moves a vote by 1/T_1, far less than the band 2 alpha_1 under Claim "
        "D.9; BetweenThresholds' c-TOP guarantee covers its state (halt included), so no gap",
    }
    if worst > par.delta:
        return Verdict.violated(at, **evidence)
    return Verdict.holds(**evidence)


_REP = (
    "geoprivate's RepairedBBL (not in [NNSY23]): the halting attack's two views are "
    "(epsilon_s, (1 + e^epsilon_s) beta_s)-indistinguishable (exact law up to quadrature)"
)


def _exact_same_phase_rows(stoppers, size) -> list:
    """Exact audits of RepairedBBL's one-phase view (hidden query first, then 3rd) under each stopper."""
    par = custom_parameters([(1, 2000, 9, 1)], 0.06, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5, m_const=1.0)
    keys = ("claimed_epsilon", "claimed_delta", "epsilon_at_delta_0", "delta_at_claimed_epsilon", "adversary")
    rows = []
    for st in stoppers:
        for adv in (HaltingAdversary(0.5, 7, 0, 0), HaltingAdversary(0.5, 7, 3, 0)):
            r = repaired_exact_audit(adv, par, st, nodes=12 if size == "small" else 20)
            rows.append({k: r[k] for k in keys})
    return rows


@register("everlasting/repaired-query-privacy", statement=_REP, checks=())
def _check_repaired(rng, size):
    stoppers = [StopperParameters(4.0, 0.2)] + ([StopperParameters(1.0, 1e-2)] if size != "small" else [])
    rows = _exact_same_phase_rows(stoppers, size)
    bad = [r for r in rows if r["epsilon_at_delta_0"] > r["claimed_epsilon"] + 1e-6]
    evidence = {"audits": len(rows), "max_epsilon_at_delta_0": max(r["epsilon_at_delta_0"] for r in rows), "rows": rows}
    if bad:
        return Verdict.violated(bad[0], **evidence)
    return Verdict.holds(**evidence)


_POS = (
    "geoprivate's RepairedBBL (not in [NNSY23]): with the hidden query at this position of the stream, the exact "
    "law of B's view is within the predictor's own query guarantee for that position "
    "(repaired_guarantees(...)['query_positions'])"
)


def _position_verdict(rows, position):
    bad = [
        r
        for r in rows
        if r["epsilon_at_delta_0"] > r["claimed_epsilon"] + 1e-6 and r["delta_at_claimed_epsilon"] > r["claimed_delta"]
    ]
    evidence = {
        "position": position,
        "audits": len(rows),
        "max_epsilon_at_delta_0": max(r["epsilon_at_delta_0"] for r in rows),
        "rows": rows,
    }
    return Verdict.violated(bad[0], **evidence) if bad else Verdict.holds(**evidence)


@register(
    "everlasting/repaired-query-position-same-phase", statement=_POS + ": the same phase as the probes", checks=()
)
def _check_position_same(rng, size):
    rows = _exact_same_phase_rows([StopperParameters(1.0, 1e-2)], size)
    return _position_verdict(rows, "same phase as the probes")


@register(
    "everlasting/repaired-query-position-earlier-phase",
    statement=_POS + ": an earlier phase than the probes",
    checks=(),
)
def _check_position_earlier(rng, size):
    return _position_verdict([repaired_position_audit(0, nodes=8 if size == "small" else 12)], "earlier phase")


@register(
    "everlasting/repaired-query-position-last-of-phase", statement=_POS + ": the last query of a phase", checks=()
)
def _check_position_last(rng, size):
    return _position_verdict([repaired_position_audit(8, nodes=8 if size == "small" else 12)], "last query of a phase")


_C1 = (
    "[NNSY23] Lemma C.1 (A o LabelBoost is (eps + 3, 4e delta)-DP) is the delta RepairedBBL books when a hidden query "
    "of phase i reaches S_(i+1): Claim E.6's step (iv) (16 e eps delta/(3 + e^(eps+4))) is Claim 2.7 applied to "
    "4e delta, so step (iii)'s printed 4 eps delta is a misprint"
)


@register("everlasting/lemma-c-1-delta", statement=_C1, checks=("Lemma C.1",))
def _check_lemma_c1_delta(rng, size):
    rows = []
    # step (iv) of Claim E.6 as printed against Claim 2.7 applied to Lemma C.1's 4e delta (and to 4 eps delta)
    for eps in (0.1, 0.5, 1.0):
        printed = 16 * math.e * eps / (3 + math.exp(eps + 4))
        via_4e = 4 * eps / (3 + math.exp(eps + 4)) * (4 * math.e)
        via_4eps = 4 * eps / (3 + math.exp(eps + 4)) * (4 * eps)
        rows.append({"epsilon": eps, "printed_step_iv": printed, "claim27_of_4e": via_4e, "claim27_of_4eps": via_4eps})
    reading_4e = all(abs(r["printed_step_iv"] - r["claim27_of_4e"]) <= 1e-12 * r["printed_step_iv"] for r in rows)
    reading_4eps = all(abs(r["printed_step_iv"] - r["claim27_of_4eps"]) <= 1e-12 * r["printed_step_iv"] for r in rows)
    # the toolkit's multi-phase accounting recomputed independently on a three-phase instance
    par = custom_parameters(
        [(1, 40000, 60000, 4), (1, 30000, 40000, 4), (1, 20000, 50, 4)], 0.2, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.05
    )
    st = StopperParameters(1.0, 1e-7)
    g = repaired_guarantees(par, st, 40000)
    checked = []
    for i in range(len(par.phases) - 1):
        chain = basic_composition([g["answering_training"][i + 1], Guarantee(_lb(par, i + 1), 0.0)])
        want = min(1.0, 4 * math.e * chain.delta)
        got = g["query"][i].delta - g["query_same_phase"].delta  # unamplified here: m4 = m3
        checked.append({"phase": i + 1, "chain_delta": chain.delta, "booked_m3_delta": got, "lemma_c1_delta": want})
    ok_code = all(
        abs(c["booked_m3_delta"] - c["lemma_c1_delta"]) <= 1e-9 * max(c["lemma_c1_delta"], 1e-300) for c in checked
    )
    evidence = {
        "step_iv": rows,
        "reading_4e_matches_step_iv": reading_4e,
        "reading_4eps_matches_step_iv": reading_4eps,
        "accounting": checked,
    }
    if not (reading_4e and not reading_4eps and ok_code):
        return Verdict.violated({"step_iv": rows, "accounting": checked}, **evidence)
    return Verdict.holds(**evidence)


def _lb(par, i):
    return _labelboost_as_booked(par.phases[i])
