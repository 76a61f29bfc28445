"""The statement catalogue: every numbered statement of the four papers, and what checks it.

Each paper's Lemmas, Claims, Theorems, Corollaries, Observations, Facts, Propositions,
Remarks, Definitions and Algorithms (as the paper numbers them) is one
:class:`Statement`, mapped to exactly one of

* **checked** — the ids of the registered claims that check it (``claims``);
* **not yet covered** — the issue that will cover it (``issue``), or ``issue=None`` for
  an honest gap nobody is working on;
* **not executable** — with the reason (``reason``): a bound stated only up to O(·),
  an informal restatement, a statement over *all* distributions / algorithms /
  adversaries, ...;
* **implemented** (definitions, algorithms, structural observations) — the code that
  implements it (``implemented_by``, dotted names checked by the tests), or
  **definition** when nothing needs to implement it.

The cross-reference is two-sided and tested: a claim names what it checks through
``register(..., checks=("Claim 13",))`` (a label of its own paper, or
``"<paper>:<label>"`` for another paper, e.g. ``"vc1:Theorem 8"`` from a ``general``
claim), and :data:`CHECKS` below adds the mapping for claim modules whose decorators are
not edited here (``shrinkage.py``).  :func:`consistency_problems` lists every
disagreement; ``tests/test_catalogue.py`` fails on any.

Extending (when a new claim lands): add ``checks=(...)`` to its ``register`` call and put
its id into the ``claims=`` of the statement's entry below (dropping ``issue=``).
``geoprivate verify --coverage`` prints the table.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from geoprivate.claims import PAPERS, all_claims

__all__ = ["Statement", "STATEMENTS", "CHECKS", "STATUSES", "statements", "get_statement", "claim_checks",
           "consistency_problems", "coverage_rows", "coverage_summary", "format_coverage", "resolve"]

#: statuses in display order
STATUSES = ("checked", "not yet covered", "not executable", "implemented", "definition")

#: the mapping for claims registered in modules this catalogue does not edit (their
#: decorators carry no ``checks=``): claim id -> labels (of the claim's own paper)
CHECKS: dict[str, tuple[str, ...]] = {
    "shrinkage/claim-4": ("Claim 4",),
    "shrinkage/claim-5": ("Claim 5",),
    "shrinkage/claim-6": ("Claim 6",),
    "shrinkage/claim-9": ("Claim 8", "Claim 9"),
    "shrinkage/claim-10": ("Claim 10",),
    "shrinkage/claim-13": ("Claim 2", "Claim 13"),
    "shrinkage/appendix-a2": ("Theorem 4", "Theorem 5", "Appendix A.2", "Appendix A.3"),
    "shrinkage/appendix-lemma1": ("Appendix A.2", "Appendix A.3"),
}


@dataclass(frozen=True)
class Statement:
    """One numbered statement of a paper and what covers it (see the module docstring)."""

    paper: str
    label: str
    title: str
    claims: tuple[str, ...] = ()
    issue: int | None = None
    pending: bool = False
    reason: str = ""
    implemented_by: tuple[str, ...] = field(default=())

    @property
    def key(self) -> tuple[str, str]:
        return (self.paper, self.label)

    @property
    def kind(self) -> str:
        return self.label.split()[0]

    @property
    def status(self) -> str:
        if self.claims:
            return "checked"
        if self.pending:
            return "not yet covered"
        if self.reason:
            return "not executable"
        return "implemented" if self.implemented_by else "definition"

    def coverage(self) -> str:
        """One phrase: the claim ids, the issue, the reason or the implementing code."""
        s = self.status
        if s == "checked":
            extra = f" (more: #{self.issue})" if self.issue else ""
            return ", ".join(self.claims) + extra
        if s == "not yet covered":
            who = f"issue #{self.issue}" if self.issue else "no issue yet"
            return who + (f" — {self.reason}" if self.reason else "")
        if s == "not executable":
            return self.reason
        return ", ".join(self.implemented_by) or (self.reason or "definition (used in statements and proofs)")


_ALL: list[Statement] = []


def _s(paper, label, title, *, claims=(), issue=None, pending=False, reason="", impl=()):
    if isinstance(claims, str):
        claims = (claims,)
    if isinstance(impl, str):
        impl = (impl,)
    pending = pending or (issue is not None and not claims)
    _ALL.append(Statement(paper, label, title, tuple(claims), issue, pending, reason, tuple(impl)))


# reasons used more than once
_O = "bound stated only up to O(·)/Õ(·) with unspecified constants"
_INFORMAL = "informal restatement (see the formal statement)"
_ALLD = "a probability bound uniform over all distributions / all concept pairs; no finite check certifies it"
_GAME = "over all adversaries; geoprivate.everlasting.game audits instances (lower bounds on ε, tests/test_everlasting_game.py)"
_TEXTBOOK_DP = "general DP fact over all mechanisms (post-processing / composition); the accountant applies it"

# ----------------------------------------------------------------------------- seed 001 (shrinkage)
P = "shrinkage"
_s(P, "Definition 1", "(ε, δ, α, β)-differentially private predictor", impl="geoprivate.prediction.GenericPredictor")
_s(P, "Definition 2", "VC dimension", impl="solvers.combinatorics.vc_dimension")
_s(P, "Definition 3", "α-approximation of a multiset for a range space")
_s(P, "Theorem 1", "random subsets of size O((d log(d/α) + log(1/β))/α²) are α-approximations",
   reason=_O)
_s(P, "Definition 4", "generalisation error err_D and empirical error err_S", impl="solvers.combinatorics.empirical_errors")
_s(P, "Theorem 2", "uniform convergence: m ≥ 48/α(10 VC log(48e/α) + log(5/β)) ⇒ err_S ≤ α/10 ⇒ err_D < α", reason=_ALLD)
_s(P, "Definition 5", "(ε, δ)-differential privacy", impl="geoprivate.privacy.audit.hockey_stick")
_s(P, "Theorem 3", "advanced composition", claims="shrinkage/theorem-3")
_s(P, "Algorithm 1", "BetweenThresholds", impl="geoprivate.mechanisms.BetweenThresholds")
_s(P, "Lemma 1", "BetweenThresholds is (ε, δ)-DP when t_u − t_ℓ ≥ 12/(εn)(log(10/ε) + log(1/δ) + 1)",
   claims="shrinkage/lemma-1")
_s(P, "Lemma 2", "BetweenThresholds is α-accurate w.p. 1 − β when n ≥ 8/(αε)(log(T+1) + log(1/β))",
   claims="shrinkage/lemma-2")
_s(P, "Observation 1", "GenericPredictor = v-fold composition of BetweenThresholds",
   impl="geoprivate.prediction.privacy_total")
_s(P, "Claim 1", "GenericPredictor is (O(√(v ln(1/δ)) ε), O(vδ))-DP",
   reason=_O + "; its proof (Theorem 3 over v Lemma-1 instances) is checked by shrinkage/theorem-3 and shrinkage/lemma-1")
_s(P, "Claim 2", "if all f_{i,j} are α-good then w.p. 1 − vβ all predictors are 4α-good",
   claims=('shrinkage/claim-13', 'shrinkage/claim-13-distributional'))
_s(P, "Algorithm 2", "GenericPredictor", impl="geoprivate.prediction.GenericPredictor")
_s(P, "Algorithm 3", "G_oblivious (restrict C to HardQuery-consistent concepts)", impl="geoprivate.prediction.G_oblivious")
_s(P, "Claim 3", "uniform deviation |err_S − err_{S_i}| ≤ α w.p. 1 − kβ for m = O(·)",
   reason=_O + "; the deviation α itself is computed exactly inside shrinkage/claim-6")
_s(P, "Claim 4", "HardQuery is realisable by C", claims="shrinkage/claim-4")
_s(P, "Claim 5", "oblivious adversary: at most O(VC·log T + log(1/β)) TOPs", claims="shrinkage/claim-5")
_s(P, "Corollary 1", "privacy of GenericPredictor with G_oblivious", reason=_O)
_s(P, "Claim 6", "every f_{i,j} has err ≤ O(v·α) (induction over hard queries)", claims=('shrinkage/claim-6', 'shrinkage/corollary-2'))
_s(P, "Corollary 2", "accuracy with G_oblivious: every query predicted by an O(vα)-good h_j",
   claims=('shrinkage/corollary-2',))
_s(P, "Theorem 4", "N = Õ(d^3.5 log^3.5 T) suffices (oblivious adversary)", claims="shrinkage/appendix-a2")
_s(P, "Definition 6", "halfspaces HALFSPACE_d", impl="geoprivate.concepts.Halfspaces")
_s(P, "Definition 7", "(α, β)-solving (d, n)-linear feasibility")
_s(P, "Definition 8", "convexification f_Conv", impl="solvers.depth.cdepth")
_s(P, "Definition 9", "depth and cdepth", claims=("shrinkage/cdepth-ge-depth", "shrinkage/max-cdepth-eq-max-depth"))
_s(P, "Fact 1", "depth_S(x) ≥ (d+1)·cdepth_S(x) − d|S|", claims="shrinkage/fact-1")
_s(P, "Lemma 3", "cdepth of a random subset approximates cdepth of S", reason=_O)
_s(P, "Algorithm 4", "G_halfspace (cdepth maximiser on C|HardQuery)", impl="geoprivate.prediction.G_halfspace", claims=('shrinkage/repaired-vs-faithful',))
_s(P, "Claim 7", "uniform cdepth deviation between S and S_i", reason=_O + "; its α is estimated inside shrinkage/claim-10")
_s(P, "Claim 8", "C|HardQuery is always non-empty", claims="shrinkage/claim-9")
_s(P, "Claim 9", "at most d + 1 TOPs with G_halfspace", claims=('shrinkage/claim-9', 'shrinkage/claim-9-step', 'shrinkage/repaired-vs-faithful', 'shrinkage/tops-at-most-d'))
_s(P, "Corollary 3", "privacy of GenericPredictor with G_halfspace", reason=_O)
_s(P, "Claim 10", "cdepth_S(f_{i,j})/N ≥ 1 − (2d+3)α", claims="shrinkage/claim-10")
_s(P, "Corollary 4", "depth_S(f_{i,j}) ≥ (1 − O(d²α))N", pending=True,
   reason="no claim yet: the exact form (d+1)(1 − (2d+3)α)N − dN from Fact 1 + Claim 10 is vacuous at "
          "runnable m (Claim 7's α ≥ 1/(2d+3), see shrinkage/claim-10)")
_s(P, "Claim 11", "every f_{i,j} is O(d²α)-good", claims=('shrinkage/dual-degeneracy', 'shrinkage/corollary-5'))
_s(P, "Corollary 5", "accuracy with G_halfspace: all queries predicted O(d²α)-good",
   claims=('shrinkage/corollary-5',))
_s(P, "Theorem 5", "N = Õ(d^5.5 log T) suffices for halfspaces", claims="shrinkage/appendix-a2")
_s(P, "Claim 12", "restatement of Claim 1 (privacy of GenericPredictor)",
   reason=_O + "; restates Claim 1, whose proof steps are checked by shrinkage/theorem-3 and shrinkage/lemma-1")
_s(P, "Claim 13", "restatement of Claim 2 (accuracy of GenericPredictor), with its proof",
   claims=('shrinkage/claim-13', 'shrinkage/claim-13-distributional', 'shrinkage/corollary-5'))
_s(P, "Appendix A.2", "parameter setting, oblivious adversary (k, m, ε_BT, δ_BT)",
   claims=("shrinkage/appendix-a2", "shrinkage/appendix-lemma1"))
_s(P, "Appendix A.3", "parameter setting, halfspaces",
   claims=("shrinkage/appendix-a2", "shrinkage/appendix-lemma1"))

# ----------------------------------------------------------------------------- seed 002 (everlasting)
P = "everlasting"
_s(P, "Definition 1.1", "private prediction interface", impl="geoprivate.everlasting.GenericBBL")
_s(P, "Definition 1.2", "single-query private prediction")
_s(P, "Theorem 1.3", "informal version of Theorem 3.3", reason=_INFORMAL)
_s(P, "Theorem 1.4", "informal version of Theorem 5.1", reason=_INFORMAL)
_s(P, "Definition 2.1", "(ε, δ)-indistinguishability", impl="geoprivate.privacy.audit.hockey_stick")
_s(P, "Definition 2.2", "neighbouring datasets")
_s(P, "Definition 2.3", "differential privacy", impl="geoprivate.privacy.audit.delta_for_epsilon")
_s(P, "Proposition 2.4", "post-processing", reason=_TEXTBOOK_DP)
_s(P, "Proposition 2.5", "basic composition", reason=_TEXTBOOK_DP + " (geoprivate.privacy.basic_composition)")
_s(P, "Definition 2.6", "exponential mechanism", claims="general/exponential-mechanism-dp")
_s(P, "Claim 2.7", "privacy amplification by sub-sampling", claims=('everlasting/claim-2-7', 'everlasting/claims-d-conditions',
                                                                   'everlasting/step-2-amplification'))
_s(P, "Definition 2.8", "generalisation error")
_s(P, "Definition 2.9", "PAC learning")
_s(P, "Definition 2.10", "private PAC learning")
_s(P, "Definition 3.1", "everlasting prediction", impl="geoprivate.everlasting.GenericBBL")
_s(P, "Definition 3.2", "everlasting differentially private prediction interface", impl="geoprivate.everlasting.game.play")
_s(P, "Theorem 3.3", "an everlasting predictor basing predictions on S yields a private learner",
   reason="HypothesisLearner/AccuracyBoost (App. B)", claims=('everlasting/claim-b-1-generic-bbl', 'everlasting/claim-b-2-generic-bbl'))
_s(P, "Definition 3.4", "private everlasting black-box prediction", impl="geoprivate.everlasting.GenericBBL")
_s(P, "Lemma 4.1", "privacy of LabelBoost: (ε + 3, 4eδ)", claims=('everlasting/lemma-c-1',))
_s(P, "Lemma 4.2", "utility of LabelBoost", claims=('everlasting/lemma-c-2',))
_s(P, "Lemma 4.3", "privacy of BetweenThresholds (= seed 001 Lemma 1)", claims="shrinkage/lemma-1")
_s(P, "Lemma 4.4", "accuracy of BetweenThresholds (= seed 001 Lemma 2)", claims="shrinkage/lemma-2")
_s(P, "Observation 1", "BetweenThresholds with c TOPs is (ε', 2cδ)-DP", claims="everlasting/observation-2")
_s(P, "Theorem 5.1", "GenericBBL is a (6α, 4β, ε, δ, n)-private everlasting predictor",
   reason="Theorem 5.2 (everlasting/theorem-5-2) and Claim 5.3 together; privacy " + _GAME)
_s(P, "Theorem 5.2", "accuracy of GenericBBL (6α w.p. 1 − 4β)", claims=('everlasting/theorem-5-2',))
_s(P, "Claim 5.3", "GenericBBL is (ε, δ)-DP", reason=_GAME)
_s(P, "Remark 5.4", "the agnostic setting by standard reductions", reason="remark without a checkable statement")
_s(P, "Definition A.1", "VC dimension", impl="solvers.combinatorics.vc_dimension")
_s(P, "Theorem A.2", "VC bound: an (α, β, n)-PAC learner with n = (8 VC log(13/α) + 4 log(2/β))/α", reason=_ALLD)
_s(P, "Claim B.1", "HypothesisLearner: error ≤ 8α w.p. ≥ 3/4", claims=('everlasting/claim-b-1', 'everlasting/claim-b-1-generic-bbl', 'everlasting/claim-b-1-set-reading'))
_s(P, "Claim B.2", "AccuracyBoost: 24α-good w.p. 1 − β", claims=('everlasting/claim-b-2', 'everlasting/claim-b-2-generic-bbl'))
_s(P, "Lemma C.1", "privacy of LabelBoost (appendix statement)",
   claims=('everlasting/lemma-c-1', 'everlasting/labelboost-release', 'everlasting/labelboost-bound'))
_s(P, "Lemma C.2", "utility of LabelBoost (appendix statement)", claims=('everlasting/lemma-c-2',))
_s(P, "Lemma C.3", "privacy of BetweenThresholds (appendix statement)", claims="shrinkage/lemma-1")
_s(P, "Lemma C.4", "accuracy of BetweenThresholds (appendix statement)", claims="shrinkage/lemma-2")
_s(P, "Observation 2", "BetweenThresholds with c TOPs (appendix statement)", claims=('everlasting/observation-2', 'everlasting/claim-d-1'))
_s(P, "Claim D.1", "BetweenThresholds in step 3c is (1, δ)-DP", claims=("everlasting/claim-d-1",))
_s(P, "Claim D.2", "15T_i/16 hypotheses of step 3b are α_i-good", claims=("everlasting/claims-d-conditions",))
_s(P, "Claim D.3", "Pr[|q(x) − 1/2| ≤ 3/8] ≤ 15α_i", pending=True, reason="no claim yet")
_s(P, "Claim D.4", "far-from-1/2 queries answered L/R w.h.p.", claims=("everlasting/claim-d-4",))
_s(P, "Claim D.5", "at most 64α_iR_i TOPs per phase", claims=("everlasting/claim-d-5", "everlasting/claims-d-conditions"))
_s(P, "Claim D.6", "|D̂'_i| ≥ λ_{i+1}T_{i+1}", claims=("everlasting/claim-d-6", "everlasting/step-3f-sizes"))
_s(P, "Claim D.7", "parameter inequality of phase i", claims=("everlasting/claims-d-conditions",))
_s(P, "Claim D.8", "|D̂_i| within LabelBoost's utility condition", claims=("everlasting/claims-d-conditions",))
_s(P, "Claim D.9", "parameter inequality of phase i (growth)", claims=("everlasting/claims-d-conditions",))
_s(P, "Claim E.1", "sample sizes of phase i + 1", pending=True,
   reason="recorded per phase by GenericBBL; no claim of its own (growth: everlasting/claim-d-6)")
_s(P, "Claim E.2", "event E_1 has probability ≥ 1 − β", pending=True, reason="no claim yet")
_s(P, "Claim E.3", "error of the relabelled sample", pending=True,
   reason="LabelBoost's error on the sub-sample is recorded per phase; no claim of its own")
_s(P, "Claim E.4", "all hypotheses 6α-good w.p. ≥ 1 − 4β", claims=("everlasting/theorem-5-2",))
_s(P, "Claim E.5", "privacy game, sample S: views (ε, δ)-indistinguishable for all adversaries",
   reason=_GAME)
_s(P, "Claim E.6", "privacy game, queries D: views (ε, δ)-indistinguishable for all adversaries",
   reason=_GAME)
_s(P, "Remark E.7", "why the proofs hold for adversarial D", reason="proof remark without a checkable statement")

# ----------------------------------------------------------------------------- seed 003 (winnow)
P = "winnow"
_s(P, "Theorem 1.1", "informal version of Theorem 3.5", reason=_INFORMAL)
_s(P, "Theorem 1.2", "informal version of Theorem 4.5", reason=_INFORMAL)
_s(P, "Proposition 2.1", "exponential mechanism: ε-DP and utility 2/ε(log|H| + τ) w.p. 1 − e^{−τ}", pending=True,
   reason="its privacy half is general/exponential-mechanism-dp (as seed 004 Theorem 8); the utility bound has no claim")
_s(P, "Definition 3.1", "differentially private learning algorithm")
_s(P, "Definition 3.2", "err_D and (α, β)-PAC learning")
_s(P, "Algorithm 3.1", "DP-GreedyCover", impl="geoprivate.learners.decision_lists.dp_greedy_cover")
_s(P, "Proposition 3.3", "a consistent decision list over the remaining features exists", claims=('winnow/proposition-3-3',))
_s(P, "Theorem 3.5", "DP-GreedyCover is an (ε, δ)-DP (α, β)-PAC learner with the stated n", claims=('winnow/lemma-a-1', 'winnow/theorem-3-5'))
_s(P, "Definition 4.1", "DP learning against an oblivious adversary")
_s(P, "Algorithm 4.1", "ConfidentWinnow", impl="geoprivate.learners.winnow.confident_winnow")
_s(P, "Lemma 4.2", "ConfidentWinnow makes ≤ log d/((1 − c)ηρ − η²/2) updates", claims=('winnow/lemma-4-2',))
_s(P, "Lemma 4.3", "AboveThreshold is ε-DP and accurate (Dwork–Roth)", pending=True,
   reason="geoprivate.mechanisms.AboveThreshold exists; no claim yet")
_s(P, "Algorithm 4.2", "DP-Winnow", impl="geoprivate.learners.winnow.dp_winnow")
_s(P, "Theorem 4.4", "DP-Winnow is (ε, δ)-DP with the stated ε̂, η", claims=('winnow/proof-c-1', 'winnow/theorem-4-4'))
_s(P, "Theorem 4.5", "DP-Winnow's mistake bound", claims=('winnow/lemma-4-7', 'winnow/theorem-4-4'))
_s(P, "Lemma 4.6", "sign agreement of w̃ and w w.p. ≥ 1 − β/T", claims=('winnow/lemma-4-6',))
_s(P, "Lemma 4.7", "DP-Winnow performs < K updates w.p. ≥ 1 − β", claims=('winnow/lemma-4-7',))
_s(P, "Lemma 4.10", "monotone 1-decision lists as halfspaces with margin Ω(1/r^D)", claims=('winnow/lemma-4-10', 'winnow/theorem-4-11'))
_s(P, "Theorem 4.11", "DP-Winnow learns monotone 1-decision lists", claims=('winnow/theorem-4-11',))
_s(P, "Theorem 4.12", "DP-Winnow learns F-decision lists", pending=True,
   reason="no claim yet: it needs the F-decision-list embedding of Lemma 4.10 generalised")
_s(P, "Lemma A.1", "privacy of the EMCover framework", claims=('winnow/lemma-a-1',))
_s(P, "Lemma A.3", "adaptive coin process (Gupta et al.)", pending=True, reason="no claim or issue yet")
_s(P, "Lemma A.4", "DP-GreedyCover errs on ≤ 4M/ε log(√(2/β) M) examples", claims=('winnow/theorem-3-5',))
_s(P, "Theorem A.6", "VC generalisation bound (Blumer et al.)", reason=_ALLD)
_s(P, "Corollary A.8", "DP PAC learner for k-decision lists", claims=('winnow/proposition-a-9',))
_s(P, "Proposition A.9", "|C_d^k| ≤ e² d^k (conjunction count)", claims=('winnow/proposition-a-9',))

# ----------------------------------------------------------------------------- seed 004 (vc1)
P = "vc1"
_s(P, "Definition 1", "differential privacy", impl="geoprivate.privacy.audit.hockey_stick")
_s(P, "Theorem 1", "improper learner with N = Õ(log* d/(αε))", reason=_O + "; practical runs: vc1/corollary-2")
_s(P, "Theorem 2", "proper learner sample size", reason=_O + "; practical runs: vc1/claim-6")
_s(P, "Definition 2", "error_D(c, h)")
_s(P, "Definition 3", "(α, β)-PAC learning")
_s(P, "Definition 4", "proper / improper learning")
_s(P, "Definition 5", "VC dimension", impl="solvers.combinatorics.vc_dimension")
_s(P, "Theorem 3", "uniform convergence (as seed 001 Theorem 2)", reason=_ALLD)
_s(P, "Definition 6", "thresholds dimension TD", impl="solvers.combinatorics.threshold_dimension")
_s(P, "Definition 7", "online learning")
_s(P, "Definition 8", "Littlestone dimension", impl="solvers.combinatorics.littlestone_dimension")
_s(P, "Theorem 4", "⌊log d_L⌋ ≤ TD ≤ 2^{d_L+1}", claims="vc1/theorem-4")
_s(P, "Corollary 1", "O(log* TD) = O(log* d_L)", reason="asymptotic restatement of Theorem 4 (checked by vc1/theorem-4)")
_s(P, "Definition 9", "differential privacy (mechanisms)", impl="geoprivate.privacy.audit.hockey_stick")
_s(P, "Theorem 5", "post-processing", reason=_TEXTBOOK_DP)
_s(P, "Theorem 6", "basic composition", reason=_TEXTBOOK_DP + " (geoprivate.privacy.basic_composition)", claims=('vc1/theorem-9',))
_s(P, "Theorem 7", "advanced composition, written as ε' = √(2k ln(1/δ'))·ε (no kε(e^ε − 1) term)",
   claims="vc1/theorem-7")
_s(P, "Theorem 8", "exponential mechanism is ε-DP", claims="general/exponential-mechanism-dp")
_s(P, "Definition 10", "differentially private PAC learning")
_s(P, "Definition 11", "α-median", impl="geoprivate.mechanisms.is_alpha_median", claims=('vc1/theorem-9',))
_s(P, "Fact 1", "every finite set has a 1/2-median", claims="vc1/fact-1")
_s(P, "Theorem 9", "PrivateMedian with n = O(log*|X| ...) ", claims=('vc1/theorem-9', 'vc1/theorem-9-crossover', 'vc1/theorem-9-em'))
_s(P, "Definition 12", "k-bounded quality function", impl="geoprivate.mechanisms.is_k_bounded")
_s(P, "Lemma 1", "choosing mechanism: (ε, δ)-DP and utility", claims=('vc1/lemma-1', 'vc1/theorem-9'))
_s(P, "Definition 13", "partial order ⪯ under C", impl="solvers.vc1.partial_order")
_s(P, "Example 1", "thresholds are a chain x_1 ⪯ … ⪯ x_k", impl="solvers.vc1.thresholds_class")
_s(P, "Definition 14", "f-representation c_f", impl="solvers.vc1.f_representation")
_s(P, "Lemma 2", "VC(C) = VC(C_f), d_L(C) = d_L(C_f)", claims="vc1/lemma-2")
_s(P, "Observation 1", "for f ∈ C the all-zero concept f_f lies in C_f", claims="vc1/observation-1")
_s(P, "Lemma 3", "incomparable points are never both 1", claims="vc1/lemma-3")
_s(P, "Definition 15", "deterministic point", impl="solvers.vc1.deterministic_points")
_s(P, "Definition 16", "distance d_{C_f}(x)", impl="solvers.vc1.distance")
_s(P, "Algorithm 1", "MakeTree", impl="solvers.vc1.make_tree")
_s(P, "Lemma 4", "max_x d_{C_f}(x) ≤ TD(X, C_f)", claims="vc1/lemma-4")
_s(P, "Theorem 10", "OPTPrivateLearner is (2ε, 2δ)-DP", pending=True,
   reason="no audit yet (a statistical audit of the learner would cover it)")
_s(P, "Lemma 5", "I(c) is a chain ending at a maximal element", claims="vc1/lemma-5")
_s(P, "Lemma 6", "deterministic points lie in I(c*_f)", claims="vc1/lemma-6")
_s(P, "Algorithm 2", "OPTPrivateLearner", impl="geoprivate.learners.vc1.OPTPrivateLearner")
_s(P, "Lemma 7", "all h_i are α-good w.p. 1 − βt", pending=True, reason="no claim yet")
_s(P, "Lemma 8", "y_1..y_t form a chain", claims="vc1/lemma-8")
_s(P, "Lemma 9", "error_D(h_good, c*_f) ≤ α w.p. 1 − 2β", pending=True, reason="no claim yet")
_s(P, "Corollary 2", "OPTPrivateLearner is α-accurate w.p. 1 − (t+2)β", claims="vc1/corollary-2")
_s(P, "Theorem 11", "OPTPrivateLearner's sample size Õ(log* d/(αε))", reason=_O)
_s(P, "Definition 17", "proper node", impl="solvers.vc1.proper_nodes")
_s(P, "Definition 18", "weight of a node", impl="solvers.vc1.node_weights")
_s(P, "Definition 19", "value of a node", impl="solvers.vc1.node_values")
_s(P, "Definition 20", "sub-tree T_x", impl="solvers.vc1.make_subtree")
_s(P, "Algorithm 3", "MakeSubTree", impl="solvers.vc1.make_subtree")
_s(P, "Algorithm 4", "ProperLearner", impl="geoprivate.learners.vc1.ProperLearner")
_s(P, "Theorem 12",
   "(√(2T ln(1/δ′))·2ε, δ′)-DP by advanced composition (stated for OPTPrivateLearner, proved for Algorithm 4 step 7)",
   pending=True, reason="no claim yet")
for _n, _t in [(1, "few 1-labelled points below x_good"), (2, "a good leaf ℓ_good exists"),
               (3, "Algorithm 4 reaches step 7c w.p. 1 − Tβ"), (4, "q(x_new) ≥ −2αN − T ln(2/α)/ε"),
               (5, "step 7c selects a good x_new")]:
    _s(P, f"Claim {_n}", _t, pending=True, reason="no claim yet (Claim 6 is checked end to end)")
_s(P, "Claim 6", "ProperLearner is an (O(α), O(β/α))-PAC learner", claims="vc1/claim-6")
_s(P, "Theorem 13", "ProperLearner's sample size", reason=_O)

del P

#: every statement, in paper order
STATEMENTS: tuple[Statement, ...] = tuple(_ALL)
_BY_KEY = {s.key: s for s in STATEMENTS}
if len(_BY_KEY) != len(STATEMENTS):  # pragma: no cover - caught by the tests at import
    raise RuntimeError("duplicate statement in the catalogue")


def statements(paper: str | None = None) -> list[Statement]:
    """The catalogued statements (of one paper when ``paper`` is given), in paper order."""
    if paper is not None and paper not in PAPERS:
        raise ValueError(f"paper must be one of {sorted(PAPERS)}, got {paper!r}")
    return [s for s in STATEMENTS if paper is None or s.paper == paper]


def get_statement(paper: str, label: str) -> Statement:
    try:
        return _BY_KEY[(paper, label)]
    except KeyError:
        raise KeyError(f"no statement {label!r} of paper {paper!r} in the catalogue") from None


def _parse(label: str, default_paper: str) -> tuple[str, str]:
    if ":" in label:
        paper, lab = label.split(":", 1)
        return paper.strip(), lab.strip()
    return default_paper, label.strip()


def claim_checks(claim) -> set[tuple[str, str]]:
    """(paper, label) of every statement ``claim`` checks: its ``checks`` plus :data:`CHECKS`."""
    labels = tuple(claim.checks) + CHECKS.get(claim.id, ())
    return {_parse(lab, claim.paper) for lab in labels}


def resolve(dotted: str):
    """Import ``package.module.name`` and return the object (AttributeError/ImportError otherwise)."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for p in parts[i:]:
            obj = getattr(obj, p)
        return obj
    raise ImportError(f"cannot import {dotted!r}")


def consistency_problems(claims=None) -> list[str]:
    """Every disagreement between the registered claims and the catalogue (empty: consistent).

    Checked: a claim checks a statement that is not catalogued; a catalogued claim id is
    not registered; a statement lists a claim that does not say it checks it, or a
    claim checks a statement that does not list it; :data:`CHECKS` names an unknown
    claim.
    """
    claims = all_claims() if claims is None else list(claims)
    by_id = {c.id: c for c in claims}
    problems = []
    for cid in CHECKS:
        if cid not in by_id:
            problems.append(f"CHECKS names {cid!r}, which is not a registered claim")
    declared = {c.id: claim_checks(c) for c in claims}
    for cid, keys in declared.items():
        for key in sorted(keys):
            if key not in _BY_KEY:
                problems.append(f"claim {cid!r} checks {key[1]!r} of {key[0]!r}, which is not in the catalogue")
            elif cid not in _BY_KEY[key].claims:
                problems.append(f"claim {cid!r} checks {key[0]} {key[1]!r} but the catalogue entry does not list "
                                f"it: add {cid!r} to its claims=")
    for s in STATEMENTS:
        for cid in s.claims:
            if cid not in by_id:
                problems.append(f"{s.paper} {s.label!r} lists {cid!r}, which is not a registered claim")
            elif s.key not in declared[cid]:
                problems.append(f"{s.paper} {s.label!r} lists {cid!r}, whose checks= does not name it")
    return problems


def coverage_rows(paper: str | None = None) -> list[dict]:
    """One JSON-ready dict per statement: paper, label, title, status, coverage, claims, issue."""
    return [{"paper": s.paper, "label": s.label, "title": s.title, "status": s.status, "coverage": s.coverage(),
             "claims": list(s.claims), "issue": s.issue, "reason": s.reason,
             "implemented_by": list(s.implemented_by)} for s in statements(paper)]


def coverage_summary() -> dict[str, dict[str, int]]:
    """paper -> status -> count."""
    out: dict[str, dict[str, int]] = {}
    for s in STATEMENTS:
        row = out.setdefault(s.paper, {k: 0 for k in STATUSES})
        row[s.status] += 1
    return out


def format_coverage(width: int = 110) -> str:
    """The catalogue as a plain-text table (what ``geoprivate verify --coverage`` prints)."""
    lines = []
    for paper, pfile in PAPERS.items():
        rows = statements(paper)
        if not rows:
            continue
        lines.append(f"== {paper} ({pfile})")
        for s in rows:
            text = f"  {s.label:<15} {s.status:<16} {s.coverage()}"
            lines.append(text if len(text) <= width else text[: width - 1] + "…")
    lines.append("-" * 60)
    for paper, counts in coverage_summary().items():
        lines.append(f"{paper:<12} " + ", ".join(f"{v} {k}" for k, v in counts.items() if v))
    problems = consistency_problems()
    lines.append(f"{len(STATEMENTS)} statements; catalogue/claims consistency: "
                 + ("ok" if not problems else f"{len(problems)} problem(s)"))
    lines.extend(f"  ! {p}" for p in problems)
    return "\n".join(lines)
