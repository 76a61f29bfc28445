"""Claims about GenericBBL's privacy accounting as run ([NNSY23] Claim E.5, Lemma C.1, Claim 2.7).

* everlasting/labelboost-release — the former ledger entry: LabelBoost's released labels (step 3f keeps
  S_{i+1} ⊆ D̂'_i) are 1-DP w.r.t. Ŝ_i.  Violated (exact law; the issue's instance and a worse one).
* everlasting/labelboost-bound — the bound booked instead, 2 ln(1 + e^{1/2}), holds on random small
  instances (exact laws) and is approached on thresholds (tight).
* everlasting/step-2-amplification — the reported training ε is Claim 2.7's amplified ε only when
  |S| ≥ |S_1|(3 + e^{ε_inner})/ε, else the unamplified composition (Observation 2 + LabelBoost).
* everlasting/step-3f-sizes — a run draws exactly the step's sizes (no max(1, ·) on |Ŝ_i|, |D̂_i|, no
  truncation of S_{i+1}) and books LabelBoost on the size it drew.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

from hypothesis import strategies as st

from geoprivate.claims import Verdict, register
from geoprivate.concepts import FiniteClass, Intervals, Thresholds
from geoprivate.everlasting.accounting import (
    LABELBOOST_FINDING,
    claim27_epsilon,
    labelboost_exact_loss,
    training_privacy,
)
from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
from geoprivate.everlasting.label_boost import labelboost_epsilon
from geoprivate.everlasting.parameters import custom_parameters
from geoprivate.strategies import neighbouring_datasets, points_on_line, rationals
from solvers import combinatorics as comb
from solvers.generators import random_matrix

__all__ = []


def _worst_threshold_instance(k: int = 40) -> dict:
    """S = (0, 1) + k × (1, 0); S' = (2, 0) + k × (1, 0); D̂ = {1}: the loss tends to 2 ln(1 + e^{1/2})."""
    return {
        "s_points": [0.0] + [1.0] * k,
        "s_labels": [1] + [0] * k,
        "s2_points": [2.0] + [1.0] * k,
        "s2_labels": [0] * (k + 1),
        "t_points": [1.0],
    }


def _loss(inst, concept=None) -> float:
    return labelboost_exact_loss(
        concept or Thresholds(),
        inst["s_points"],
        inst["s_labels"],
        inst["s2_points"],
        inst["s2_labels"],
        inst["t_points"],
    )


def _labelboost_instance(pair_and_t) -> dict:
    """A searched instance (neighbouring labelled sets S, S' and the unlabelled D̂) as the loss takes it."""
    (S, S2), T = pair_and_t
    return {
        "s_points": [p for p, _ in S],
        "s_labels": [y for _, y in S],
        "s2_points": [p for p, _ in S2],
        "s2_labels": [y for _, y in S2],
        "t_points": list(T),
    }


def _as_floats(inst: dict) -> dict:
    return {k: [float(v) for v in vals] if k.endswith("points") else list(vals) for k, vals in inst.items()}


#: LabelBoost's instance space: S, S' differ in one labelled point; D̂ a few unlabelled points (rationals)
_LABELBOOST_INSTANCES = st.tuples(
    neighbouring_datasets(st.tuples(rationals(0, 8, 2), st.integers(0, 1)), max_size=5, relation="replace-one"),
    points_on_line(1, 3, distinct=False, lo=0, hi=8),
)


def _labelboost_before(rng, size) -> tuple:
    """The instance this claim reported before it was searched: S = (0, 1) + 40 × (1, 0) (80 at medium)."""
    inst = _worst_threshold_instance(40 if size == "small" else 80)
    points = [(Fraction(p), y) for p, y in zip(inst["s_points"], inst["s_labels"], strict=True)]
    points2 = [(Fraction(p), y) for p, y in zip(inst["s2_points"], inst["s2_labels"], strict=True)]
    return ((points, points2), [Fraction(p) for p in inst["t_points"]])


@register(
    "everlasting/labelboost-release",
    checks=("Lemma C.1",),
    statement="The labels LabelBoost gives the unlabelled points D_hat_i (what step 3f keeps as S_(i+1)) are "
    "1-differentially private w.r.t. the labelled sub-sample S_hat_i, as GenericBBL's ledger booked them (the "
    "exponential mechanism's eps = 1) [exact output law on thresholds; neighbouring (S, S', D_hat) searched and "
    "the counterexample shrunk to the fewest labelled points]",
    instances=_LABELBOOST_INSTANCES,
    before=_labelboost_before,
    measure=("labelled points in S", lambda inst: len(inst[0][0])),
)
def _check_labelboost_release(pair_and_t):
    inst = _labelboost_instance(pair_and_t)
    loss = _loss(_as_floats(inst))
    if loss <= 1.0 + 1e-9:
        return True
    return Verdict.violated(
        inst,
        exact_loss=round(loss, 6),
        issue_instance_loss=round(_loss(LABELBOOST_FINDING), 6),
        booked=1.0,
        proved_bound=round(labelboost_epsilon(), 6),
        supremum="2 ln(1 + e^(1/2)), approached by S = (0, 1) + k x (1, 0) (docs/private_as_run.md)",
    )


@register(
    "everlasting/labelboost-bound",
    checks=("Lemma C.1",),
    statement="LabelBoost (exponential mechanism eps = 1) releasing the labels of its unlabelled part is "
    "(2 ln(1 + e^(1/2)), 0)-DP w.r.t. one labelled example, and the bound is tight [exact laws on random small "
    "neighbouring databases over thresholds, intervals and random finite classes; a thresholds family "
    "approaching it]",
)
def _check_labelboost_bound(rng, size):
    bound = labelboost_epsilon()
    count = 200 if size == "small" else 2000
    best = 0.0
    for it in range(count):
        kind = it % 3
        C: FiniteClass | Thresholds | Intervals
        if kind == 2:
            M = comb.dichotomies(random_matrix(int(rng.integers(3, 9)), 5, 0.5, rng))
            C, hi = FiniteClass(M), 5
        else:
            C, hi = (Thresholds(), Intervals())[kind], 6
        ns, nt = int(rng.integers(1, 5)), int(rng.integers(1, 4))
        sp, sl = rng.integers(0, hi, ns), rng.integers(0, 2, ns)
        s2, l2 = sp.copy(), sl.copy()
        s2[0], l2[0] = rng.integers(0, hi), rng.integers(0, 2)
        tp = rng.integers(0, hi, nt)
        if kind < 2:
            sp, s2, tp = sp.astype(float), s2.astype(float), tp.astype(float)
        v = labelboost_exact_loss(C, sp, sl, s2, l2, tp)
        best = max(best, v)
        if v > bound + 1e-9:
            return Verdict.violated(
                {
                    "class": type(C).__name__,
                    "s_points": sp.tolist(),
                    "s_labels": sl.tolist(),
                    "s2_points": s2.tolist(),
                    "s2_labels": l2.tolist(),
                    "t_points": tp.tolist(),
                },
                exact_loss=v,
                bound=bound,
            )
    tight = _loss(_worst_threshold_instance(40))
    return Verdict.holds(
        instances=count, max_random_loss=round(best, 6), bound=round(bound, 9), approached=round(tight, 9)
    )


@register(
    "everlasting/step-2-amplification",
    checks=("Claim 2.7",),
    statement="GenericBBL's training privacy as run: Claim 2.7 amplifies phase 1 (Observation 2 + LabelBoost on "
    "S_hat_1) to eps only when |S| >= |S_1| (3 + e^eps_inner)/eps; with |S| = |S_1| (what the CLI passed) the "
    "unamplified composition is reported [random phase-1 parameters meeting Lemma C.3's gap]",
)
def _check_step_2_amplification(rng, size):
    count = 30 if size == "small" else 300
    for _ in range(count):
        alpha = float(rng.uniform(0.05, 0.3))
        c = int(rng.integers(1, 50))
        e_bt = float(rng.uniform(0.005, 0.2))
        T = math.ceil(6 * (math.log(10 / e_bt) + math.log(2 * c / 1e-6) + 1) / (alpha / 2 * e_bt)) + 1  # alpha_1
        par = custom_parameters([(8, T, 100, c)], alpha, 0.05, 0.5, 1e-6, 1, epsilon_bt=e_bt)
        p1 = par.phase(1)
        s_hat = int(rng.integers(0, 50))
        base = training_privacy(p1, 1e-6, p1.S, relabelled=True, s_hat_used=s_hat)
        amp_lb = claim27_epsilon(labelboost_epsilon(), s_hat, p1.S)
        inner = p1.bt_guarantee_epsilon + (
            labelboost_epsilon() if amp_lb is None else min(labelboost_epsilon(), amp_lb)
        )
        need = math.ceil(p1.S * (3 + math.exp(inner)) / 0.5)  # Claim 2.7's t for eps = 1/2
        amp = training_privacy(p1, 1e-6, need, relabelled=True, s_hat_used=s_hat).guarantee.epsilon
        half = math.ceil(p1.S * (3 + math.exp(inner)) / 2)  # t for eps = 2 > 1: Claim 2.7 does not apply
        below = training_privacy(p1, 1e-6, half, relabelled=True, s_hat_used=s_hat).guarantee.epsilon
        inst = {
            "alpha": alpha,
            "c": c,
            "epsilon_bt": e_bt,
            "T": T,
            "s_hat": s_hat,
            "n_amplified": need,
            "n_below": half,
        }
        if not base.privacy_applies or abs(base.guarantee.epsilon - inner) > 1e-9:
            return Verdict.violated(inst, reported=base.guarantee.epsilon, unamplified=inner)
        if amp > 0.5 + 1e-9 or abs(below - inner) > 1e-9:
            return Verdict.violated(inst, amplified=amp, below=below, unamplified=inner)
    return Verdict.holds(instances=count)


@register(
    "everlasting/step-3f-sizes",
    checks=("Claim D.6",),
    statement="GenericBBL draws exactly step 3f's sizes: |S_hat_i| = floor(eps |S_i|/m) (0 allowed, no max(1, .)), "
    "|D_hat_i| = floor(eps R_i/m), |S_(i+1)| = lambda_(i+1) T_(i+1) <= |D_hat_i| (Claim D.6; never truncated), "
    "and books LabelBoost on the size it drew [practical runs on thresholds, 2 phases]",
)
def _check_step_3f_sizes(rng, size):
    runs = 3 if size == "small" else 12
    for r in range(runs):
        prob = make_everlasting_problem("thresholds", rng)
        m = float(rng.choice([1.0, 4.0, 60.0]))  # 60: |S_hat_1| = 0
        par = custom_parameters(
            [(5, 20, 20000, 20000), (5, 30, 200, 200)], 0.1, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5, m_const=m
        )
        x = prob.sample(rng, par.phase(1).S)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = GenericBBL(prob, x, prob.target(x), par, int(rng.integers(2**31))).run(2)
        p1, rec = par.phase(1), res.phases[0]
        lb = [e for e in res.ledger.entries if e.mechanism.startswith("LabelBoost")]
        ok = (
            res.phases[1].S == par.phase(2).S == rec.next_S_drawn
            and lb
            and lb[0].params["s_hat"] == p1.s_hat
            and p1.s_hat == math.floor(0.5 * p1.S / m)
        )
        if not ok:
            return Verdict.violated(
                {"m_const": m, "run": r},
                s_hat=p1.s_hat,
                drawn=lb[0].params["s_hat"] if lb else None,
                next_S=par.phase(2).S,
                drawn_next=rec.next_S_drawn,
            )
    return Verdict.holds(runs=runs)
