"""The numbered statements of the four papers: numbers and one-line titles, shipped with the package.

This is the list the statement catalogue (:mod:`geoprivate.claims.catalogue`) is checked
against: every Lemma, Claim, Theorem, Corollary, Observation, Fact, Proposition, Remark,
Definition, Algorithm and Example of [Yan26], [NNSY23], [BF26] and [Yan25], labelled exactly
as the paper labels it, in paper order, with a one-line title (the titles are summaries,
not the papers' text).  The catalogue gives each one a status; the tests fail when a
statement of this list has no catalogue entry or an entry names a statement not listed here.

An optional cross-check re-reads local copies of the papers' texts and fails when a numbered
header of a paper is missing here: set ``GEOPRIVATE_PAPERS_DIR`` to the directory holding them
(see :func:`paper_text_headers`); it is off by default and nothing else reads the papers.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated

from geoprivate._papers import PAPER_KEYS
from geoprivate._validation import Choice, checked

__all__ = ["STATEMENT_LIST", "titles", "labels", "PAPERS_DIR_ENV", "paper_text_headers", "papers_dir"]

#: (paper key, label, one-line title), paper by paper in the papers' order
STATEMENT_LIST: tuple[tuple[str, str, str], ...] = (
    # shrinkage
    ("shrinkage", "Definition 1", "(ε, δ, α, β)-differentially private predictor"),
    ("shrinkage", "Definition 2", "VC dimension"),
    ("shrinkage", "Definition 3", "α-approximation of a multiset for a range space"),
    ("shrinkage", "Theorem 1", "random subsets of size O((d log(d/α) + log(1/β))/α²) are α-approximations"),
    ("shrinkage", "Definition 4", "generalisation error err_D and empirical error err_S"),
    ("shrinkage", "Theorem 2", "uniform convergence: m ≥ 48/α(10 VC log(48e/α) + log(5/β)) ⇒ err_S ≤ α/10 ⇒ err_D < α"),
    ("shrinkage", "Definition 5", "(ε, δ)-differential privacy"),
    ("shrinkage", "Theorem 3", "advanced composition"),
    ("shrinkage", "Algorithm 1", "BetweenThresholds"),
    ("shrinkage", "Lemma 1", "BetweenThresholds is (ε, δ)-DP when t_u − t_ℓ ≥ 12/(εn)(log(10/ε) + log(1/δ) + 1)"),
    ("shrinkage", "Lemma 2", "BetweenThresholds is α-accurate w.p. 1 − β when n ≥ 8/(αε)(log(T+1) + log(1/β))"),
    ("shrinkage", "Observation 1", "GenericPredictor = v-fold composition of BetweenThresholds"),
    ("shrinkage", "Claim 1", "GenericPredictor is (O(√(v ln(1/δ)) ε), O(vδ))-DP"),
    ("shrinkage", "Claim 2", "if all f_{i,j} are α-good then w.p. 1 − vβ all predictors are 4α-good"),
    ("shrinkage", "Algorithm 2", "GenericPredictor"),
    ("shrinkage", "Algorithm 3", "G_oblivious (restrict C to HardQuery-consistent concepts)"),
    ("shrinkage", "Claim 3", "uniform deviation |err_S − err_{S_i}| ≤ α w.p. 1 − kβ for m = O(·)"),
    ("shrinkage", "Claim 4", "HardQuery is realisable by C"),
    ("shrinkage", "Claim 5", "oblivious adversary: at most O(VC·log T + log(1/β)) TOPs"),
    ("shrinkage", "Corollary 1", "privacy of GenericPredictor with G_oblivious"),
    ("shrinkage", "Claim 6", "every f_{i,j} has err ≤ O(v·α) (induction over hard queries)"),
    ("shrinkage", "Corollary 2", "accuracy with G_oblivious: every query predicted by an O(vα)-good h_j"),
    ("shrinkage", "Theorem 4", "N = Õ(d^3.5 log^3.5 T) suffices (oblivious adversary)"),
    ("shrinkage", "Definition 6", "halfspaces HALFSPACE_d"),
    ("shrinkage", "Definition 7", "(α, β)-solving (d, n)-linear feasibility"),
    ("shrinkage", "Definition 8", "convexification f_Conv"),
    ("shrinkage", "Definition 9", "depth and cdepth"),
    ("shrinkage", "Fact 1", "depth_S(x) ≥ (d+1)·cdepth_S(x) − d|S|"),
    ("shrinkage", "Lemma 3", "cdepth of a random subset approximates cdepth of S"),
    ("shrinkage", "Algorithm 4", "G_halfspace (cdepth maximiser on C|HardQuery)"),
    ("shrinkage", "Claim 7", "uniform cdepth deviation between S and S_i"),
    ("shrinkage", "Claim 8", "C|HardQuery is always non-empty"),
    ("shrinkage", "Claim 9", "at most d + 1 TOPs with G_halfspace"),
    ("shrinkage", "Corollary 3", "privacy of GenericPredictor with G_halfspace"),
    ("shrinkage", "Claim 10", "cdepth_S(f_{i,j})/N ≥ 1 − (2d+3)α"),
    ("shrinkage", "Corollary 4", "depth_S(f_{i,j}) ≥ (1 − O(d²α))N"),
    ("shrinkage", "Claim 11", "every f_{i,j} is O(d²α)-good"),
    ("shrinkage", "Corollary 5", "accuracy with G_halfspace: all queries predicted O(d²α)-good"),
    ("shrinkage", "Theorem 5", "N = Õ(d^5.5 log T) suffices for halfspaces"),
    ("shrinkage", "Claim 12", "restatement of Claim 1 (privacy of GenericPredictor)"),
    ("shrinkage", "Claim 13", "restatement of Claim 2 (accuracy of GenericPredictor), with its proof"),
    ("shrinkage", "Appendix A.2", "parameter setting, oblivious adversary (k, m, ε_BT, δ_BT)"),
    ("shrinkage", "Appendix A.3", "parameter setting, halfspaces"),
    # everlasting
    ("everlasting", "Definition 1.1", "private prediction interface"),
    ("everlasting", "Definition 1.2", "single-query private prediction"),
    ("everlasting", "Theorem 1.3", "informal version of Theorem 3.3"),
    ("everlasting", "Theorem 1.4", "informal version of Theorem 5.1"),
    ("everlasting", "Definition 2.1", "(ε, δ)-indistinguishability"),
    ("everlasting", "Definition 2.2", "neighbouring datasets"),
    ("everlasting", "Definition 2.3", "differential privacy"),
    ("everlasting", "Proposition 2.4", "post-processing"),
    ("everlasting", "Proposition 2.5", "basic composition"),
    ("everlasting", "Definition 2.6", "exponential mechanism"),
    ("everlasting", "Claim 2.7", "privacy amplification by sub-sampling"),
    ("everlasting", "Definition 2.8", "generalisation error"),
    ("everlasting", "Definition 2.9", "PAC learning"),
    ("everlasting", "Definition 2.10", "private PAC learning"),
    ("everlasting", "Definition 3.1", "everlasting prediction"),
    ("everlasting", "Definition 3.2", "everlasting differentially private prediction interface"),
    ("everlasting", "Theorem 3.3", "an everlasting predictor basing predictions on S yields a private learner"),
    ("everlasting", "Definition 3.4", "private everlasting black-box prediction"),
    ("everlasting", "Lemma 4.1", "privacy of LabelBoost: (ε + 3, 4eδ)"),
    ("everlasting", "Lemma 4.2", "utility of LabelBoost"),
    ("everlasting", "Lemma 4.3", "privacy of BetweenThresholds (= [Yan26] Lemma 1)"),
    ("everlasting", "Lemma 4.4", "accuracy of BetweenThresholds (= [Yan26] Lemma 2)"),
    ("everlasting", "Observation 1", "BetweenThresholds with c TOPs is (ε', 2cδ)-DP"),
    ("everlasting", "Theorem 5.1", "GenericBBL is a (6α, 4β, ε, δ, n)-private everlasting predictor"),
    ("everlasting", "Theorem 5.2", "accuracy of GenericBBL (6α w.p. 1 − 4β)"),
    ("everlasting", "Claim 5.3", "GenericBBL is (ε, δ)-DP"),
    ("everlasting", "Remark 5.4", "the agnostic setting by standard reductions"),
    ("everlasting", "Definition A.1", "VC dimension"),
    ("everlasting", "Theorem A.2", "VC bound: an (α, β, n)-PAC learner with n = (8 VC log(13/α) + 4 log(2/β))/α"),
    ("everlasting", "Claim B.1", "HypothesisLearner: error ≤ 8α w.p. ≥ 3/4"),
    ("everlasting", "Claim B.2", "AccuracyBoost: 24α-good w.p. 1 − β"),
    ("everlasting", "Lemma C.1", "privacy of LabelBoost (appendix statement)"),
    ("everlasting", "Lemma C.2", "utility of LabelBoost (appendix statement)"),
    ("everlasting", "Lemma C.3", "privacy of BetweenThresholds (appendix statement)"),
    ("everlasting", "Lemma C.4", "accuracy of BetweenThresholds (appendix statement)"),
    ("everlasting", "Observation 2", "BetweenThresholds with c TOPs (appendix statement)"),
    ("everlasting", "Claim D.1", "BetweenThresholds in step 3c is (1, δ)-DP"),
    ("everlasting", "Claim D.2", "15T_i/16 hypotheses of step 3b are α_i-good"),
    ("everlasting", "Claim D.3", "Pr[|q(x) − 1/2| ≤ 3/8] ≤ 15α_i"),
    ("everlasting", "Claim D.4", "far-from-1/2 queries answered L/R w.h.p."),
    ("everlasting", "Claim D.5", "at most 64α_iR_i TOPs per phase"),
    ("everlasting", "Claim D.6", "|D̂'_i| ≥ λ_{i+1}T_{i+1}"),
    ("everlasting", "Claim D.7", "parameter inequality of phase i"),
    ("everlasting", "Claim D.8", "|D̂_i| within LabelBoost's utility condition"),
    ("everlasting", "Claim D.9", "parameter inequality of phase i (growth)"),
    ("everlasting", "Claim E.1", "sample sizes of phase i + 1"),
    ("everlasting", "Claim E.2", "event E_1 has probability ≥ 1 − β"),
    ("everlasting", "Claim E.3", "error of the relabelled sample"),
    ("everlasting", "Claim E.4", "all hypotheses 6α-good w.p. ≥ 1 − 4β"),
    ("everlasting", "Claim E.5", "privacy game, sample S: views (ε, δ)-indistinguishable for all adversaries"),
    ("everlasting", "Claim E.6", "privacy game, queries D: views (ε, δ)-indistinguishable for all adversaries"),
    ("everlasting", "Remark E.7", "why the proofs hold for adversarial D"),
    # winnow
    ("winnow", "Theorem 1.1", "informal version of Theorem 3.5"),
    ("winnow", "Theorem 1.2", "informal version of Theorem 4.5"),
    ("winnow", "Proposition 2.1", "exponential mechanism: ε-DP and utility 2/ε(log|H| + τ) w.p. 1 − e^{−τ}"),
    ("winnow", "Definition 3.1", "differentially private learning algorithm"),
    ("winnow", "Definition 3.2", "err_D and (α, β)-PAC learning"),
    ("winnow", "Algorithm 3.1", "DP-GreedyCover"),
    ("winnow", "Proposition 3.3", "a consistent decision list over the remaining features exists"),
    ("winnow", "Theorem 3.5", "DP-GreedyCover is an (ε, δ)-DP (α, β)-PAC learner with the stated n"),
    ("winnow", "Definition 4.1", "DP learning against an oblivious adversary"),
    ("winnow", "Algorithm 4.1", "ConfidentWinnow"),
    ("winnow", "Lemma 4.2", "ConfidentWinnow makes ≤ log d/((1 − c)ηρ − η²/2) updates"),
    ("winnow", "Lemma 4.3", "AboveThreshold is ε-DP and accurate (Dwork–Roth)"),
    ("winnow", "Algorithm 4.2", "DP-Winnow"),
    ("winnow", "Theorem 4.4", "DP-Winnow is (ε, δ)-DP with the stated ε̂, η"),
    ("winnow", "Theorem 4.5", "DP-Winnow's mistake bound"),
    ("winnow", "Lemma 4.6", "sign agreement of w̃ and w w.p. ≥ 1 − β/T"),
    ("winnow", "Lemma 4.7", "DP-Winnow performs < K updates w.p. ≥ 1 − β"),
    ("winnow", "Lemma 4.10", "monotone 1-decision lists as halfspaces with margin Ω(1/r^D)"),
    ("winnow", "Theorem 4.11", "DP-Winnow learns monotone 1-decision lists"),
    ("winnow", "Theorem 4.12", "DP-Winnow learns F-decision lists"),
    ("winnow", "Lemma A.1", "privacy of the EMCover framework"),
    ("winnow", "Lemma A.3", "adaptive coin process (Gupta et al.)"),
    ("winnow", "Lemma A.4", "DP-GreedyCover errs on ≤ 4M/ε log(√(2/β) M) examples"),
    ("winnow", "Theorem A.6", "VC generalisation bound (Blumer et al.)"),
    ("winnow", "Corollary A.8", "DP PAC learner for k-decision lists"),
    ("winnow", "Proposition A.9", "|C_d^k| ≤ e² d^k (conjunction count)"),
    # vc1
    ("vc1", "Definition 1", "differential privacy"),
    ("vc1", "Theorem 1", "improper learner with N = Õ(log* d/(αε))"),
    ("vc1", "Theorem 2", "proper learner sample size"),
    ("vc1", "Definition 2", "error_D(c, h)"),
    ("vc1", "Definition 3", "(α, β)-PAC learning"),
    ("vc1", "Definition 4", "proper / improper learning"),
    ("vc1", "Definition 5", "VC dimension"),
    ("vc1", "Theorem 3", "uniform convergence (as [Yan26] Theorem 2)"),
    ("vc1", "Definition 6", "thresholds dimension TD"),
    ("vc1", "Definition 7", "online learning"),
    ("vc1", "Definition 8", "Littlestone dimension"),
    ("vc1", "Theorem 4", "⌊log d_L⌋ ≤ TD ≤ 2^{d_L+1}"),
    ("vc1", "Corollary 1", "O(log* TD) = O(log* d_L)"),
    ("vc1", "Definition 9", "differential privacy (mechanisms)"),
    ("vc1", "Theorem 5", "post-processing"),
    ("vc1", "Theorem 6", "basic composition"),
    ("vc1", "Theorem 7", "advanced composition, written as ε' = √(2k ln(1/δ'))·ε (no kε(e^ε − 1) term)"),
    ("vc1", "Theorem 8", "exponential mechanism is ε-DP"),
    ("vc1", "Definition 10", "differentially private PAC learning"),
    ("vc1", "Definition 11", "α-median"),
    ("vc1", "Fact 1", "every finite set has a 1/2-median"),
    ("vc1", "Theorem 9", "PrivateMedian with n = O(log*|X| ...) "),
    ("vc1", "Definition 12", "k-bounded quality function"),
    ("vc1", "Lemma 1", "choosing mechanism: (ε, δ)-DP and utility"),
    ("vc1", "Definition 13", "partial order ⪯ under C"),
    ("vc1", "Example 1", "thresholds are a chain x_1 ⪯ … ⪯ x_k"),
    ("vc1", "Definition 14", "f-representation c_f"),
    ("vc1", "Lemma 2", "VC(C) = VC(C_f), d_L(C) = d_L(C_f)"),
    ("vc1", "Observation 1", "for f ∈ C the all-zero concept f_f lies in C_f"),
    ("vc1", "Lemma 3", "incomparable points are never both 1"),
    ("vc1", "Definition 15", "deterministic point"),
    ("vc1", "Definition 16", "distance d_{C_f}(x)"),
    ("vc1", "Algorithm 1", "MakeTree"),
    ("vc1", "Lemma 4", "max_x d_{C_f}(x) ≤ TD(X, C_f)"),
    ("vc1", "Theorem 10", "OPTPrivateLearner is (2ε, 2δ)-DP"),
    ("vc1", "Lemma 5", "I(c) is a chain ending at a maximal element"),
    ("vc1", "Lemma 6", "deterministic points lie in I(c*_f)"),
    ("vc1", "Algorithm 2", "OPTPrivateLearner"),
    ("vc1", "Lemma 7", "all h_i are α-good w.p. 1 − βt"),
    ("vc1", "Lemma 8", "y_1..y_t form a chain"),
    ("vc1", "Lemma 9", "error_D(h_good, c*_f) ≤ α w.p. 1 − 2β"),
    ("vc1", "Corollary 2", "OPTPrivateLearner is α-accurate w.p. 1 − (t+2)β"),
    ("vc1", "Theorem 11", "OPTPrivateLearner's sample size Õ(log* d/(αε))"),
    ("vc1", "Definition 17", "proper node"),
    ("vc1", "Definition 18", "weight of a node"),
    ("vc1", "Definition 19", "value of a node"),
    ("vc1", "Definition 20", "sub-tree T_x"),
    ("vc1", "Algorithm 3", "MakeSubTree"),
    ("vc1", "Algorithm 4", "ProperLearner"),
    (
        "vc1",
        "Theorem 12",
        "(√(2T ln(1/δ′))·2ε, δ′)-DP by advanced composition (stated for OPTPrivateLearner, proved for Algorithm 4 step 7)",
    ),
    ("vc1", "Claim 1", "few 1-labelled points below x_good"),
    ("vc1", "Claim 2", "a good leaf ℓ_good exists"),
    ("vc1", "Claim 3", "Algorithm 4 reaches step 7c w.p. 1 − Tβ"),
    ("vc1", "Claim 4", "q(x_new) ≥ −2αN − T ln(2/α)/ε"),
    ("vc1", "Claim 5", "step 7c selects a good x_new"),
    ("vc1", "Claim 6", "ProperLearner is an (O(α), O(β/α))-PAC learner"),
    ("vc1", "Theorem 13", "ProperLearner's sample size"),
)

_HEADER = re.compile(
    r"^(Lemma|Claim|Theorem|Corollary|Observation|Fact|Proposition|Remark)\s+([A-Z]?\.?\d+(?:\.\d+)*)[ .(]"
)

#: environment variable naming a directory with local copies of the papers' texts (optional cross-check)
PAPERS_DIR_ENV = "GEOPRIVATE_PAPERS_DIR"


def titles() -> dict[tuple[str, str], str]:
    """``(paper, label) -> title`` for every listed statement.

    Returns
    -------
    dict
        One entry per row of :data:`STATEMENT_LIST`.
    """
    return {(p, lab): t for p, lab, t in STATEMENT_LIST}


@checked
def labels(paper: Annotated[str, Choice(*PAPER_KEYS)]) -> list[str]:
    """The labels of one paper's statements, in paper order.

    Parameters
    ----------
    paper : str
        A paper key (``"shrinkage"``, ``"everlasting"``, ``"winnow"``, ``"vc1"``).

    Returns
    -------
    list of str
    """
    return [lab for p, lab, _ in STATEMENT_LIST if p == paper]


@checked
def paper_text_headers(text: str) -> set[str]:
    """The numbered statement headers (``"Claim 13"``, ``"Lemma 4.2"``) at line starts of a paper's text.

    Used only by the optional cross-check against local copies of the papers
    (``GEOPRIVATE_PAPERS_DIR``); Definitions, Algorithms and Examples are not headed
    uniformly in the texts and are not matched.

    Parameters
    ----------
    text : str
        A paper's plain text.

    Returns
    -------
    set of str
    """
    return {f"{m[1]} {m[2]}" for m in map(_HEADER.match, text.splitlines()) if m}


def papers_dir() -> Path | None:
    """The directory named by ``GEOPRIVATE_PAPERS_DIR``, or None when unset (the default).

    Returns
    -------
    pathlib.Path or None
    """
    value = os.environ.get(PAPERS_DIR_ENV)
    return Path(value) if value else None
