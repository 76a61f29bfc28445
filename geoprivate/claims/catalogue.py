"""The statement catalogue: every numbered statement of the four papers, and its status.

The statements themselves (labels and one-line titles) are listed in
:mod:`geoprivate.claims.statements`; this module gives each one a status:

* **checked** — registered claims name it in their ``checks=``
  (``@register("vc1/lemma-3", checks=("Lemma 3",), ...)``; a label of the claim's own paper,
  or ``"<paper>:<label>"`` for another paper).  The link is *derived* from the decorators:
  a new claim with ``checks=`` makes its statements checked without any edit here;
* **audited** — a privacy statement "over all adversaries" (``audit=True`` below) that a
  registered audit checks: the worst instance of a small adversary search, a lower
  confidence bound on ε at false-alarm rate 10⁻⁶, the claimed ε beside it.  No finite run
  proves such a statement; an audit can refute it;
* **not executable** — with the reason: a bound stated only up to O(·) (claims registered
  with ``estimates=`` measure the smallest O(·) constant consistent with their runs, as
  evidence, without making the statement checked), an informal restatement, a statement
  over *all* distributions / mechanisms, an audit target without a registered audit yet;
* **implemented** (definitions, algorithms, structural observations) — the code that
  implements it (``impl``, dotted names checked by the tests), or **definition** when
  nothing needs to implement it;
* **not yet covered** — an honest gap (``pending=True``).

``geoprivate verify --coverage`` prints the table and one line of counts per paper, then the counts of
the proofs' steps per paper (:mod:`geoprivate.claims.steps`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Annotated, Any

from geoprivate._validation import Check, Choice, Interval, Joint, checked, shown
from geoprivate.claims import PAPERS, all_claims
from geoprivate.claims._registry import Claim, UnknownClaim, _labels
from geoprivate.claims.statements import STATEMENT_LIST, titles
from geoprivate.claims.steps import STEPS, format_step_summary

__all__ = [
    "Statement",
    "STATEMENTS",
    "STATUSES",
    "CITATION_KEYS",
    "statements",
    "get_statement",
    "claim_checks",
    "claim_estimates",
    "claims_checking",
    "claims_estimating",
    "link_problems",
    "coverage_rows",
    "coverage_summary",
    "format_coverage",
    "user_coverage_rows",
    "resolve",
]

#: statuses in display order
STATUSES = ("checked", "audited", "not executable", "implemented", "definition", "not yet covered")

#: paper key -> citation key, as the field cites the papers
#: each paper's citation key as printed ("[NNSY23]"), from the one bibliography (:mod:`geoprivate._papers`)
CITATION_KEYS = {paper: f"[{key}]" for paper, key in PAPERS.items() if key is not None}

_TITLES = titles()

#: a paper's claim-id prefix (a key of :data:`~geoprivate.claims.PAPERS`)
Paper = Annotated[str, Choice(*PAPERS)]


def _parse(label: str, default_paper: str) -> tuple[str, str]:
    if ":" in label:
        paper, lab = label.split(":", 1)
        return paper.strip(), lab.strip()
    return default_paper, label.strip()


@checked
def claim_checks(claim: Claim) -> set[tuple[str, str]]:
    """``(paper, label)`` of every statement a claim checks (its ``checks=``).

    Parameters
    ----------
    claim : geoprivate.claims.Claim

    Returns
    -------
    set of (str, str)
    """
    return {_parse(lab, claim.paper) for lab in claim.checks}


@checked
def claim_estimates(claim: Claim) -> set[tuple[str, str]]:
    """``(paper, label)`` of every O(·) statement whose constant a claim measures (its ``estimates=``).

    Parameters
    ----------
    claim : geoprivate.claims.Claim

    Returns
    -------
    set of (str, str)
    """
    return {_parse(lab, claim.paper) for lab in claim.estimates}


def _builtin_claims():
    """The toolkit's own claims (user claims name statements of their own citation, not the catalogue's)."""
    return [c for c in all_claims() if c.paper in PAPERS]


def _index(links) -> dict[tuple[str, str], tuple[str, ...]]:
    out: dict[tuple[str, str], list[str]] = {}
    for c in _builtin_claims():
        for key in links(c):
            out.setdefault(key, []).append(c.id)
    return {k: tuple(sorted(v)) for k, v in out.items()}


@checked
def claims_checking(paper: Paper, label: str) -> tuple[str, ...]:
    """Ids of the registered claims whose ``checks=`` name this statement (derived, never stored).

    Parameters
    ----------
    paper, label : str
        The statement, e.g. ``("vc1", "Lemma 3")``.

    Returns
    -------
    tuple of str
        Sorted claim ids; empty when nothing checks it.
    """
    return _index(claim_checks).get((paper, label), ())


@checked
def claims_estimating(paper: Paper, label: str) -> tuple[str, ...]:
    """Ids of the registered claims whose ``estimates=`` name this O(·) statement.

    Parameters
    ----------
    paper, label : str
        The statement, e.g. ``("shrinkage", "Theorem 1")``.

    Returns
    -------
    tuple of str
    """
    return _index(claim_estimates).get((paper, label), ())


@checked
@dataclass(frozen=True)
class Statement:
    """One numbered statement of a paper and its status (see the module docstring).

    Attributes
    ----------
    paper, label : str
        The paper key and the label as the paper prints it.
    pending : bool
        An honest gap: nothing covers it yet.
    reason : str
        Why it is not executable (used when no claim checks it).
    implemented_by : tuple of str
        Dotted names of the code implementing a definition or algorithm.
    audit : bool
        A privacy statement over all adversaries: "audited" once a registered audit checks it.
    """

    paper: Paper
    label: Annotated[str, Joint("a statement of paper in the statement list (statements.py)")]
    pending: bool = False
    reason: str = ""
    implemented_by: Annotated[Any, Check(_labels, kind="object")] = field(default=())
    audit: bool = False

    def __post_init__(self):
        if (self.paper, self.label) not in _TITLES:
            raise ValueError(f"label: {shown(self.label)} is not a statement of {self.paper!r} in the statement list")

    @property
    def key(self) -> tuple[str, str]:
        return (self.paper, self.label)

    @property
    def kind(self) -> str:
        return self.label.split()[0]

    @property
    def title(self) -> str:
        return _TITLES[self.key]

    @property
    def claims(self) -> tuple[str, ...]:
        """The registered claims that check it (derived from their ``checks=``)."""
        return claims_checking(self.paper, self.label)

    @property
    def estimates(self) -> tuple[str, ...]:
        """The registered claims measuring its O(·) constant (derived from their ``estimates=``)."""
        return claims_estimating(self.paper, self.label)

    @property
    def status(self) -> str:
        if self.claims:
            return "audited" if self.audit else "checked"
        if self.pending:
            return "not yet covered"
        if self.reason:
            return "not executable"
        return "implemented" if self.implemented_by else "definition"

    def coverage(self) -> str:
        """One phrase: the claim ids, the reason or the implementing code.

        Returns
        -------
        str
        """
        s = self.status
        if s in ("checked", "audited"):
            return ", ".join(self.claims)
        if s == "not yet covered":
            return "no claim yet" + (f" — {self.reason}" if self.reason else "")
        if s == "not executable":
            est = self.estimates
            return self.reason + (f"; O(·) constant measured by {', '.join(est)}" if est else "")
        return ", ".join(self.implemented_by) or (self.reason or "definition (used in statements and proofs)")


_ALL: list[Statement] = []


def _s(paper, label, *, pending=False, reason="", impl=(), audit=False):
    if isinstance(impl, str):
        impl = (impl,)
    _ALL.append(Statement(paper, label, pending, reason, tuple(impl), audit))


# reasons used more than once
_O = "bound stated only up to O(·)/Õ(·) with unspecified constants"
_INFORMAL = "informal restatement (see the formal statement)"
_ALLD = "a probability bound uniform over all distributions / all concept pairs; no finite check certifies it"
_GAME = "over all adversaries; geoprivate.everlasting.game audits instances (lower bounds on ε, tests/everlasting/test_game.py)"
_TEXTBOOK_DP = "general DP fact over all mechanisms (post-processing / composition); the accountant applies it"

# ----------------------------------------------------------------------------- [Yan26] (shrinkage)
P = "shrinkage"
_s(P, "Definition 1", impl="geoprivate.prediction.GenericPredictor")
_s(P, "Definition 2", impl="solvers.combinatorics.vc_dimension")
_s(P, "Definition 3")
_s(P, "Theorem 1", reason=_O)
_s(P, "Definition 4", impl="solvers.combinatorics.empirical_errors")
_s(P, "Theorem 2", reason=_ALLD)
_s(P, "Definition 5", impl="geoprivate.audit.hockey_stick")
_s(P, "Theorem 3")
_s(P, "Algorithm 1", impl="geoprivate.mechanisms.BetweenThresholds")
_s(P, "Lemma 1")
_s(P, "Lemma 2")
_s(P, "Observation 1", impl="geoprivate.prediction.privacy_total")
_s(
    P,
    "Claim 1",
    audit=True,
    reason=_O
    + "; its proof (Theorem 3 over v Lemma-1 instances) is checked by shrinkage/theorem-3 and shrinkage/lemma-1",
)
_s(P, "Claim 2")
_s(P, "Algorithm 2", impl="geoprivate.prediction.GenericPredictor")
_s(P, "Algorithm 3", impl="geoprivate.prediction.G_oblivious")
_s(P, "Claim 3", reason=_O + "; the deviation α itself is computed exactly inside shrinkage/claim-6")
_s(P, "Claim 4")
_s(P, "Claim 5")
_s(P, "Corollary 1", audit=True, reason=_O)
_s(P, "Claim 6")
_s(P, "Corollary 2")
_s(P, "Theorem 4")
_s(P, "Definition 6", impl="geoprivate.concepts.Halfspaces")
_s(P, "Definition 7")
_s(P, "Definition 8", impl="solvers.depth.cdepth")
_s(P, "Definition 9")
_s(P, "Fact 1")
_s(P, "Lemma 3", reason=_O)
_s(P, "Algorithm 4", impl="geoprivate.prediction.G_halfspace")
_s(P, "Claim 7", reason=_O + "; its α is estimated inside shrinkage/claim-10")
_s(P, "Claim 8")
_s(P, "Claim 9")
_s(P, "Corollary 3", audit=True, reason=_O)
_s(P, "Claim 10")
_s(P, "Corollary 4")
_s(P, "Claim 11")
_s(P, "Corollary 5")
_s(P, "Theorem 5")
_s(
    P,
    "Claim 12",
    audit=True,
    reason=_O + "; restates Claim 1, whose proof steps are checked by shrinkage/theorem-3 and shrinkage/lemma-1",
)
_s(P, "Claim 13")
_s(P, "Appendix A.2")
_s(P, "Appendix A.3")

# ----------------------------------------------------------------------------- [NNSY23] (everlasting)
P = "everlasting"
_s(P, "Definition 1.1", impl="geoprivate.everlasting.GenericBBL")
_s(P, "Definition 1.2")
_s(P, "Theorem 1.3", reason=_INFORMAL)
_s(P, "Theorem 1.4", reason=_INFORMAL)
_s(P, "Definition 2.1", impl="geoprivate.audit.hockey_stick")
_s(P, "Definition 2.2")
_s(P, "Definition 2.3", impl="geoprivate.audit.delta_for_epsilon")
_s(P, "Proposition 2.4", reason=_TEXTBOOK_DP)
_s(P, "Proposition 2.5", reason=_TEXTBOOK_DP + " (geoprivate.privacy.basic_composition)")
_s(P, "Definition 2.6")
_s(P, "Claim 2.7")
_s(P, "Definition 2.8")
_s(P, "Definition 2.9")
_s(P, "Definition 2.10")
_s(P, "Definition 3.1", impl="geoprivate.everlasting.GenericBBL")
_s(P, "Definition 3.2", impl="geoprivate.everlasting.game.play")
_s(P, "Theorem 3.3", reason="HypothesisLearner/AccuracyBoost (App. B)")
_s(P, "Definition 3.4", impl="geoprivate.everlasting.GenericBBL")
_s(P, "Lemma 4.1")
_s(P, "Lemma 4.2")
_s(P, "Lemma 4.3")
_s(P, "Lemma 4.4")
_s(P, "Observation 1")
_s(P, "Theorem 5.1", reason="Theorem 5.2 (everlasting/theorem-5-2) and Claim 5.3 together; privacy " + _GAME)
_s(P, "Theorem 5.2")
_s(P, "Claim 5.3", audit=True, reason=_GAME)
_s(P, "Remark 5.4", reason="remark without a checkable statement")
_s(P, "Definition A.1", impl="solvers.combinatorics.vc_dimension")
_s(P, "Theorem A.2", reason=_ALLD)
_s(P, "Claim B.1")
_s(P, "Claim B.2")
_s(P, "Lemma C.1")
_s(P, "Lemma C.2")
_s(P, "Lemma C.3")
_s(P, "Lemma C.4")
_s(P, "Observation 2")
_s(P, "Claim D.1")
_s(P, "Claim D.2")
_s(P, "Claim D.3")
_s(P, "Claim D.4")
_s(P, "Claim D.5")
_s(P, "Claim D.6")
_s(P, "Claim D.7")
_s(P, "Claim D.8")
_s(P, "Claim D.9")
_s(P, "Claim E.1")
_s(P, "Claim E.2")
_s(P, "Claim E.3")
_s(P, "Claim E.4")
_s(P, "Claim E.5", audit=True, reason=_GAME)
_s(P, "Claim E.6", audit=True, reason=_GAME + "; the query-privacy audit is registered with the halting attack")
_s(P, "Remark E.7", reason="proof remark without a checkable statement")

# ----------------------------------------------------------------------------- [BF26] (winnow)
P = "winnow"
_s(P, "Theorem 1.1", reason=_INFORMAL)
_s(P, "Theorem 1.2", reason=_INFORMAL)
_s(P, "Proposition 2.1")
_s(P, "Definition 3.1")
_s(P, "Definition 3.2")
_s(P, "Algorithm 3.1", impl="geoprivate.learners.decision_lists.dp_greedy_cover")
_s(P, "Proposition 3.3")
_s(P, "Theorem 3.5")
_s(P, "Definition 4.1")
_s(P, "Algorithm 4.1", impl="geoprivate.learners.winnow.confident_winnow")
_s(P, "Lemma 4.2")
_s(P, "Lemma 4.3")
_s(P, "Algorithm 4.2", impl="geoprivate.learners.winnow.dp_winnow")
_s(P, "Theorem 4.4")
_s(P, "Theorem 4.5")
_s(P, "Lemma 4.6")
_s(P, "Lemma 4.7")
_s(P, "Lemma 4.10")
_s(P, "Theorem 4.11")
_s(P, "Theorem 4.12")
_s(P, "Lemma A.1")
_s(P, "Lemma A.3")
_s(P, "Lemma A.4")
_s(P, "Theorem A.6", reason=_ALLD)
_s(P, "Corollary A.8")
_s(P, "Proposition A.9")

# ----------------------------------------------------------------------------- [Yan25] (vc1)
P = "vc1"
_s(P, "Definition 1", impl="geoprivate.audit.hockey_stick")
_s(P, "Theorem 1", reason=_O + "; practical runs: vc1/corollary-2")
_s(P, "Theorem 2", reason=_O + "; practical runs: vc1/claim-6")
_s(P, "Definition 2")
_s(P, "Definition 3")
_s(P, "Definition 4")
_s(P, "Definition 5", impl="solvers.combinatorics.vc_dimension")
_s(P, "Theorem 3", reason=_ALLD)
_s(P, "Definition 6", impl="solvers.combinatorics.threshold_dimension")
_s(P, "Definition 7")
_s(P, "Definition 8", impl="solvers.combinatorics.littlestone_dimension")
_s(P, "Theorem 4")
_s(P, "Corollary 1", reason="asymptotic restatement of Theorem 4 (checked by vc1/theorem-4)")
_s(P, "Definition 9", impl="geoprivate.audit.hockey_stick")
_s(P, "Theorem 5", reason=_TEXTBOOK_DP)
_s(P, "Theorem 6", reason=_TEXTBOOK_DP + " (geoprivate.privacy.basic_composition)")
_s(P, "Theorem 7")
_s(P, "Theorem 8")
_s(P, "Definition 10")
_s(P, "Definition 11", impl="geoprivate.mechanisms.is_alpha_median")
_s(P, "Fact 1")
_s(P, "Theorem 9")
_s(P, "Definition 12", impl="geoprivate.mechanisms.is_k_bounded")
_s(P, "Lemma 1")
_s(P, "Definition 13", impl="solvers.vc1.partial_order")
_s(P, "Example 1", impl="solvers.vc1.thresholds_class")
_s(P, "Definition 14", impl="solvers.vc1.f_representation")
_s(P, "Lemma 2")
_s(P, "Observation 1")
_s(P, "Lemma 3")
_s(P, "Definition 15", impl="solvers.vc1.deterministic_points")
_s(P, "Definition 16", impl="solvers.vc1.distance")
_s(P, "Algorithm 1", impl="solvers.vc1.make_tree")
_s(P, "Lemma 4")
_s(
    P,
    "Theorem 10",
    audit=True,
    reason="privacy over all neighbouring datasets: audit target without a registered audit",
)
_s(P, "Lemma 5")
_s(P, "Lemma 6")
_s(P, "Algorithm 2", impl="geoprivate.learners.vc1.OPTPrivateLearner")
_s(P, "Lemma 7")
_s(P, "Lemma 8")
_s(P, "Lemma 9")
_s(P, "Corollary 2")
_s(P, "Theorem 11", reason=_O)
_s(P, "Definition 17", impl="solvers.vc1.proper_nodes")
_s(P, "Definition 18", impl="solvers.vc1.node_weights")
_s(P, "Definition 19", impl="solvers.vc1.node_values")
_s(P, "Definition 20", impl="solvers.vc1.make_subtree")
_s(P, "Algorithm 3", impl="solvers.vc1.make_subtree")
_s(P, "Algorithm 4", impl="geoprivate.learners.vc1.ProperLearner")
_s(P, "Theorem 12")
for _n in range(1, 6):
    _s(P, f"Claim {_n}")
_s(P, "Claim 6")
_s(P, "Theorem 13", reason=_O)

del P

#: every statement, in paper order
STATEMENTS: tuple[Statement, ...] = tuple(_ALL)
_BY_KEY = {s.key: s for s in STATEMENTS}
if len(_BY_KEY) != len(STATEMENTS):  # pragma: no cover - caught by the tests at import
    raise RuntimeError("duplicate statement in the catalogue")
if set(_BY_KEY) != {(p, lab) for p, lab, _ in STATEMENT_LIST}:  # pragma: no cover - caught at import
    raise RuntimeError(
        "the catalogue and geoprivate.claims.statements list different statements: "
        f"{sorted(set(_BY_KEY) ^ {(p, lab) for p, lab, _ in STATEMENT_LIST})}"
    )


@checked
def statements(paper: Paper | None = None) -> list[Statement]:
    """The catalogued statements (of one paper when ``paper`` is given), in paper order.

    Parameters
    ----------
    paper : str, optional
        A key of :data:`~geoprivate.claims.PAPERS`.

    Returns
    -------
    list of Statement
    """
    return [s for s in STATEMENTS if paper is None or s.paper == paper]


@checked
def get_statement(paper: Paper, label: str) -> Statement:
    """The catalogue's entry of one statement.

    Parameters
    ----------
    paper, label : str
        The statement, e.g. ``("vc1", "Theorem 7")``.

    Returns
    -------
    Statement

    Raises
    ------
    UnknownClaim
        (a ``KeyError`` and a ``ValueError``) when the catalogue has no such statement.
    """
    try:
        return _BY_KEY[(paper, label)]
    except KeyError:
        raise UnknownClaim(f"label: no statement {shown(label)} of paper {paper!r} in the catalogue") from None


@checked
def resolve(dotted: str) -> Any:
    """Import ``package.module.name`` and return the object.

    Parameters
    ----------
    dotted : str
        A dotted name (``geoprivate.claims.catalogue.statements``).

    Returns
    -------
    object

    Raises
    ------
    ValueError
        Naming ``dotted`` when no prefix of it imports or an attribute is missing.
    """
    parts = dotted.split(".")
    if not all(p.isidentifier() for p in parts):
        raise ValueError(f"dotted must be a dotted name of identifiers, got {shown(dotted)}")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for p in parts[i:]:
            if not hasattr(obj, p):
                raise ValueError(f"dotted: {'.'.join(parts[:i])} has no attribute {p!r} (resolving {dotted!r})")
            obj = getattr(obj, p)
        return obj
    raise ValueError(f"dotted: cannot import {dotted!r}")


def _claim_list(value, name: str) -> list:
    """A sequence of :class:`~geoprivate.claims.Claim`, as a list."""
    if isinstance(value, (str, bytes, Claim)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of claims, got {type(value).__name__}")
    out = list(value)
    for c in out:
        if not isinstance(c, Claim):
            raise TypeError(f"{name} must hold claims (geoprivate.claims.Claim), got {type(c).__name__} {shown(c)}")
    return out


@checked
def link_problems(claims: Annotated[Any, Check(_claim_list, kind="object")] | None = None) -> list[str]:
    """Claims whose ``checks=`` or ``estimates=`` name a statement the catalogue does not have.

    The links themselves are derived from the decorators, so there is nothing else to keep
    in sync; a misspelt label is the one thing that can go wrong.

    Parameters
    ----------
    claims : list of Claim, optional
        Default: every registered claim.

    Returns
    -------
    list of str
        One line per unknown label; empty when every label resolves.
    """
    claims = _builtin_claims() if claims is None else [c for c in claims if c.paper in PAPERS]
    problems = []
    for c in claims:
        for what, keys in (("checks", claim_checks(c)), ("estimates", claim_estimates(c))):
            for key in sorted(keys):
                if key not in _BY_KEY:
                    problems.append(f"claim {c.id!r} {what} {key[1]!r} of {key[0]!r}, which is not in the catalogue")
    return problems


@checked
def coverage_rows(paper: Paper | None = None) -> list[dict]:
    """One JSON-ready dict per statement: paper, label, title, status, coverage, claims, estimates.

    Parameters
    ----------
    paper : str, optional
        Only this paper's statements.

    Returns
    -------
    list of dict
    """
    return [
        {
            "paper": s.paper,
            "citation": CITATION_KEYS[s.paper],
            "label": s.label,
            "title": s.title,
            "status": s.status,
            "coverage": s.coverage(),
            "claims": list(s.claims),
            "estimates": list(s.estimates),
            "audit_target": s.audit,
            "reason": s.reason,
            "implemented_by": list(s.implemented_by),
        }
        for s in statements(paper)
    ]


@checked
def coverage_summary() -> dict[str, dict[str, int]]:
    """paper -> status -> count.

    Returns
    -------
    dict
    """
    out: dict[str, dict[str, int]] = {}
    for s in STATEMENTS:
        row = out.setdefault(s.paper, dict.fromkeys(STATUSES, 0))
        row[s.status] += 1
    return out


@checked
def user_coverage_rows() -> list[dict]:
    """The statements user claims name (their ``checks=``, in their own citation), one row per statement.

    Returns
    -------
    list of dict
        namespace, citation, label, claims — for every loaded claim outside the papers' namespaces;
        a user claim naming no statement is listed with label None.
    """
    rows: dict[tuple, list[str]] = {}
    for c in all_claims():
        if c.paper in PAPERS:
            continue
        for label in c.checks or (None,):
            rows.setdefault((c.paper, c.citation, label), []).append(c.id)
    return [
        {"namespace": ns, "citation": cit, "label": label, "claims": sorted(ids)}
        for (ns, cit, label), ids in sorted(rows.items(), key=lambda kv: (kv[0][0], str(kv[0][1]), str(kv[0][2])))
    ]


@checked
def format_coverage(width: Annotated[int, Interval(ge=40, le=10_000)] = 110) -> str:
    """The catalogue as a plain-text table, then one line of status counts per paper.

    This is what ``geoprivate verify --coverage`` prints.

    Parameters
    ----------
    width : int in [40, 10000], default 110
        The longest line of the table (longer ones are cut with "…").

    Returns
    -------
    str
    """
    lines = []
    for paper in PAPERS:
        rows = statements(paper)
        if not rows:
            continue
        lines.append(f"== {paper} {CITATION_KEYS[paper]}")
        for s in rows:
            text = f"  {s.label:<15} {s.status:<16} {s.coverage()}"
            lines.append(text if len(text) <= width else text[: width - 1] + "…")
    lines.append("-" * 60)
    for paper, counts in coverage_summary().items():
        lines.append(f"{paper:<12} {CITATION_KEYS[paper]:<9} " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    problems = link_problems()
    lines.append(
        f"{len(STATEMENTS)} statements; claim links: " + ("ok" if not problems else f"{len(problems)} unknown label(s)")
    )
    lines.append("-" * 60)
    lines.append(format_step_summary())
    lines.append(
        f"{len(STEPS)} proof steps (each: checked by a claim, derived by sympy, or not executable with its reason; "
        "--json lists every step with its status, reason and finding)"
    )
    lines.extend(f"  ! {p}" for p in problems)
    user = user_coverage_rows()
    if user:
        lines.append("== your claims (the statements they name, in your citation)")
        for row in user:
            cite = " ".join(x for x in (row["citation"] or f"[{row['namespace']}]", row["label"] or "") if x)
            lines.append(f"  {cite:<30} checked by {', '.join(row['claims'])}")
    return "\n".join(lines)
