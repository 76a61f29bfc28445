"""The steps of [Yan26]'s proofs (*Private Prediction via Shrinkage*).

Privacy proofs: Claim 12 (= Claim 1, GenericPredictor's privacy) and BetweenThresholds' privacy condition at
Appendix A.2/A.3's parameters (Corollaries 1 and 3 have no proof beyond substituting v into Claim 1).  Accuracy proofs: Claims 3–11
and 13, Corollary 4 and the parameter displays of Appendix A.2/A.3.

Logs are natural (the toolkit's reading of the paper throughout).  The steps are listed, with their
status, by ``geoprivate verify --coverage`` (:mod:`geoprivate.claims.steps`).
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from mpmath import iv

from geoprivate.claims._registry import Verdict, register
from geoprivate.claims._steps import Derivation, StepBook, integer, real, rr_composition_delta, sympy_zero
from geoprivate.concepts import FiniteClass
from geoprivate.prediction.generators import G_oblivious
from solvers.generators import random_matrix

__all__ = ["BOOKS"]

P = "shrinkage"

eps = real("eps", 0, 1, symbol="ε")
delta = real("delta", 0, 1, log=True, symbol="δ")


@register(
    "shrinkage/claim-12.step-1",
    statement="[Yan26] Claim 12, privacy proof, step 1: one different point of S makes (at most) one f_{i,j} "
    "different [G_oblivious (Algorithm 3) over a random finite class: every block's hypothesis for S and for S with "
    "one example replaced, the same hard queries; (class, sample, blocks, hard queries) searched with hypothesis, "
    "a failure shrunk]",
    instances=st.fixed_dictionaries(
        {"concepts": st.integers(1, 12), "points": st.integers(1, 8), "k": st.integers(1, 6), "seed": st.integers(0, 2**16)}
    ),
    max_examples=30,
)
def _claim12_step1(inst):
    rng = np.random.default_rng(inst["seed"])
    M = random_matrix(inst["concepts"], inst["points"], rng=rng).astype(np.uint8)
    g = G_oblivious(FiniteClass(M))
    k, m = inst["k"], int(rng.integers(1, 5))
    target = int(rng.integers(M.shape[0]))
    blocks = []
    for _ in range(k):
        pts = rng.integers(0, M.shape[1], size=m)
        blocks.append((pts, M[target, pts].astype(np.int64)))
    hard = rng.integers(0, M.shape[1], size=int(rng.integers(0, 3)))
    hard_labels = rng.integers(0, 2, size=hard.size)
    before = g(blocks, hard, hard_labels).hypotheses
    i, j = int(rng.integers(k)), int(rng.integers(m))
    pts, lab = blocks[i][0].copy(), blocks[i][1].copy()
    pts[j], lab[j] = int(rng.integers(M.shape[1])), 1 - lab[j]
    changed = [*blocks[:i], (pts, lab), *blocks[i + 1 :]]
    after = g(changed, hard, hard_labels).hypotheses
    differ = sum(a != b for a, b in zip(before, after, strict=True))
    if differ > 1:
        return Verdict.violated({**inst, "block": i, "position": j}, hypotheses_changed=differ)
    return True


C12 = StepBook(P, "Claim 12", "privacy", "ε, δ ∈ (0, 1) per BetweenThresholds instance; v ≥ 1 instances (⊤s); k ≥ 1 blocks")
C12.linked(r"\text{one different point makes one } f_{i,j} \text{ different}", [], "shrinkage/claim-12.step-1")


def _sensitivity():
    import sympy as sp

    k = sp.symbols("k", positive=True)
    s = sp.symbols("s", real=True)  # the sum of the other k − 1 votes
    q = lambda f: sp.Rational(1, 2) * (1 + (s + f) / k)  # noqa: E731
    return [sympy_zero(q(1) - q(-1) - 1 / k, "q(f = +1) − q(f = −1) − 1/k = 0 for q = ½(1 + (1/k)Σf)")]


C12.derived(
    r"q_{x_j}(F_j)=\frac{1}{2}\left(1+\frac{1}{k}\sum_{i=1}^k f_{i,j}(x_j)\right)\text{ has sensitivity }1/k \text{ (Algorithm 2's comment)}",
    [integer("k", 1, symbol="k")],
    Derivation("changing one f_{i,j}(x_j) ∈ {±1} moves q by exactly 1/k: q(+1) − q(−1) − 1/k simplifies to 0", _sensitivity),
)


def _theorem3_epsilon(e, k, dp):
    return iv.sqrt(2 * k * iv.log(1 / dp)) * e + k * e * (iv.exp(e) - 1) / (iv.exp(e) + 1)


C12.checked(
    r"v \text{ instances of } (\varepsilon,\delta)\text{-DP BetweenThresholds compose to } "
    r"(\sqrt{2v\ln(1/\delta')}\cdot\varepsilon+v\varepsilon\frac{e^\varepsilon-1}{e^\varepsilon+1},v\delta+\delta') \text{ (Theorem 3)}",
    [eps, integer("v", 1, 128, symbol="v"), real("delta_p", 0, 1, log=True, symbol="δ'")],
    lambda p: (rr_composition_delta(p.eps, int(p.q("v")), _theorem3_epsilon(p.eps, int(p.q("v")), p.delta_p)), p.delta_p),
    what="the exact δ of v-fold ε-randomised response (the worst composition of v ε-DP mechanisms) at Theorem 3's "
    "ε′ is at most δ′ (v ≤ 128, where the law is summed)",
)
C12.skip(
    r"=(O(\sqrt{v\cdot\ln(1/\delta)}\cdot\varepsilon),O(v\delta))",
    "a bound up to O(·) with unspecified constants (tight only while vε² is small against √(v ln(1/δ))·ε, "
    "Theorem 3's remark ε < 1/√v)",
)

_APPX_FINDING = (
    "k = (64/ε_BT)(ln(T+1) + ln(1/β_BT)) has no ln(1/δ_BT) term, so with n = k Lemma 1's gap 12/(ε_BT k)(ln(10/ε_BT) "
    "+ ln(1/δ_BT) + 1) exceeds t_u − t_ℓ = 1/4 once ln(1/δ_BT) is large against ln(T/β_BT): BetweenThresholds' "
    "privacy (Lemma 1), hence Theorems 4/5's privacy at these parameters, is not established; a k with the "
    "ln(1/δ_BT) term restores it"
)
_VARS_A = [
    integer("d", 1, symbol="d"),
    integer("T", 2, symbol="T"),
    real("alpha", 0, 1, symbol="α"),
    real("beta", 0, 1, symbol="β"),
    eps,
    delta,
]
_GAP = "k lacks Lemma 1's ln(1/δ_BT) term: BetweenThresholds' privacy gap fails at n = k"
A2 = StepBook(P, "Appendix A.2", "privacy", "d ≥ 1, T ≥ 2, α, β, ε, δ ∈ (0, 1) (Theorem 4's parameters)")
A2.linked(
    r"k=\frac{64}{\varepsilon_{BT}}(\log(T+1)+\log(1/\beta_{BT})) \text{ as BetweenThresholds' } n \text{ (Lemma 1): }"
    r"t_u-t_\ell=\tfrac14\geq\frac{12}{\varepsilon_{BT}k}(\log(10/\varepsilon_{BT})+\log(1/\delta_{BT})+1)",
    _VARS_A,
    "shrinkage/appendix-lemma1",
    gap=_GAP,
    finding=_APPX_FINDING,
)
A3 = StepBook(P, "Appendix A.3", "privacy", "d ≥ 1, T > e, δ < 1/e, α, β, ε ∈ (0, 1) (Theorem 5's parameters)")
A3.linked(
    r"k=\frac{64}{\varepsilon_{BT}}(\log(T+1)+\log(1/\beta_{BT})) \text{ as BetweenThresholds' } n \text{ at A.3's } "
    r"\varepsilon_{BT}=\varepsilon/\sqrt{d\ln(d/\delta)},\ \delta_{BT}=\delta/d",
    _VARS_A,
    "shrinkage/appendix-lemma1",
    gap=_GAP,
    finding=_APPX_FINDING,
)


#: every proof's steps of this paper, in the paper's order
BOOKS = (C12, A2, A3)
