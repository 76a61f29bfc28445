"""The claim registry: :class:`Verdict`, :class:`Claim`, :func:`register` and the look-ups.

Every claim module of :mod:`geoprivate.claims` registers its checks here when imported;
:func:`all_claims` imports them all (see the package docstring).
"""

from __future__ import annotations

import collections.abc
import dataclasses
import difflib
import fnmatch
import importlib
import json
import math
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import EllipsisType
from typing import Annotated, Any

from geoprivate._json import strict_json
from geoprivate._papers import PAPER_KEYS
from geoprivate._validation import Check, Choice, Interval, Joint, check_callable, checked, shown
from geoprivate.audit.exact import ExactAuditResult
from geoprivate.audit.sampler import SamplerAuditResult

__all__ = [
    "PAPERS",
    "SIZES",
    "STATUSES",
    "RECORD_STATUSES",
    "ENTRY_POINT_GROUP",
    "DEFAULT_MAX_EXAMPLES",
    "DEFAULT_TIME_LIMIT",
    "MAX_EXAMPLES",
    "UnknownClaim",
    "Size",
    "Budget",
    "TimeLimit",
    "Verdict",
    "audit_verdict",
    "audit_summary",
    "Claim",
    "register",
    "claim",
    "all_claims",
    "get_claim",
    "select_claims",
]

#: the package whose public submodules hold the toolkit's claims
_PACKAGE = __name__.rpartition(".")[0]

#: paper name used in claim ids -> citation key of the paper in :data:`geoprivate._papers.REFERENCES`
#: (None: textbook facts used by several papers)
PAPERS: dict[str, str | None] = {**PAPER_KEYS, "general": None}


SIZES = ("small", "medium")

#: the ``size`` of a claim's run: one of :data:`SIZES`
Size = Annotated[str, Choice(*SIZES)]


STATUSES = ("holds", "violated", "skipped")


#: every status of a claim's record, with its meaning (the legend of ``verify``'s table and of the report):
#: a check's three verdicts, then the two ways a sandboxed run (``run_claim(..., sandbox=True)``) ends without one
RECORD_STATUSES = {
    "holds": "the claim's check passed on every instance it tried (evidence: how many, extreme values)",
    "violated": "the check found an instance where the statement fails: a finding about the paper (or your "
    "claim), not a crash; the instance is printed and replays with the same --seed",
    "skipped": "the claim could not be checked here (the reason is printed)",
    "error": "the check raised, exited or crashed instead of returning a verdict (one line says how; --debug: "
    "the traceback); the other claims still ran",
    "timeout": "the check did not finish within the time limit (--time-limit) and was stopped",
}


_ID = re.compile(r"^(?P<paper>[a-z0-9][a-z0-9.-]*)/(?P<kind>[a-z0-9][a-z0-9.-]*)$")


#: the entry-point group installed packages use to register claims (``module`` or ``module:attr``)
ENTRY_POINT_GROUP = "geoprivate.claims"


#: hypothesis examples searched per claim with ``instances=`` when ``--max-examples`` is not given
DEFAULT_MAX_EXAMPLES = {"small": 100, "medium": 1000}


#: seconds of wall time a claim may run under ``verify`` (``--time-limit``) when not given: far above the
#: slowest built-in claim at each size, measured on the 2-core development machine — at small
#: vc1/theorem-10-audit, 4 s of CPU (9 s wall on the loaded machine); at medium shrinkage/claim-1-audit,
#: 182 s of CPU — so that a loaded machine does not stop a claim that would finish
DEFAULT_TIME_LIMIT = {"small": 120.0, "medium": 1800.0}

#: the largest search budget (hypothesis examples per claim) a run accepts: 10⁷ examples are days of a
#: check's time, and a budget past it is a typo, not a search
MAX_EXAMPLES = 10**7

#: a search budget: hypothesis examples, 1 to :data:`MAX_EXAMPLES`
Budget = Annotated[int, Interval(ge=1, le=MAX_EXAMPLES)]

#: seconds a guarded run may take: positive, ``math.inf`` for no limit
TimeLimit = Annotated[float, Interval(gt=0, le=math.inf)]


class UnknownClaim(KeyError, ValueError):
    """A claim id, pattern or name that matches nothing registered (a ``KeyError`` and a ``ValueError``)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def _claim_id(value, name: str) -> str:
    """``<namespace>/<name>`` of lower-case letters, digits, ``-`` and ``.`` (a claim's id)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string '<namespace>/<name>', got {type(value).__name__}")
    if _ID.match(value) is None:
        raise ValueError(
            f"{name} must look like '<namespace>/<name>' (lower-case letters, digits, '-', '.'), got {shown(value)}"
        )
    return value


def _labels(value, name: str) -> tuple[str, ...]:
    """A statement label or a sequence of them, as a tuple of non-empty strings (``"Claim 13"``)."""
    if isinstance(value, str):
        value = (value,)
    if isinstance(value, (bytes, dict)) or not isinstance(value, collections.abc.Iterable):
        raise TypeError(f"{name} must be a label or a sequence of labels (str), got {type(value).__name__}")
    labels = tuple(value)
    for lab in labels:
        if not isinstance(lab, str):
            raise TypeError(f"{name} must hold labels (str), got {type(lab).__name__} {shown(lab)}")
        if not lab.strip():
            raise ValueError(f"{name} must hold non-empty labels, got {shown(lab)}")
    return labels


def _strategy(value, name: str):
    """A hypothesis strategy (a claim's instance space)."""
    from hypothesis.strategies import SearchStrategy  # hypothesis loads when a claim declares a space

    if not isinstance(value, SearchStrategy):
        raise TypeError(f"{name} must be a hypothesis strategy, got {type(value).__name__}")
    return value


def _measure(value, name: str) -> tuple[str, Callable]:
    """``(name, instance -> number)``: what a shrink report measures."""
    if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str) and callable(value[1])):
        raise TypeError(f"{name} must be a pair (str, callable), got {shown(value)}")
    return value


#: one or more statement labels, passed on as a tuple of str
Labels = Annotated[Any, Check(_labels, kind="object")]
#: a claim's id ``<namespace>/<name>``
ClaimId = Annotated[str, Check(_claim_id)]
#: a claim's instance space (a hypothesis strategy) or None
Instances = Annotated[Any, Check(_strategy, kind="object")] | None
#: ``(name, instance -> number)`` or None
Measure = Annotated[Any, Check(_measure, kind="object")] | None


@checked
@dataclass(frozen=True)
class Verdict:
    """Outcome of a claim check.

    Attributes
    ----------
    status : {"holds", "violated", "skipped"}
    evidence : dict
        Numbers that support the verdict (instances checked, extreme ratios, ...).
    instance : object
        For ``violated``: the offending instance, small enough to reproduce by hand.
    reason : str
        For ``skipped``: why the claim could not be checked.
    """

    status: Annotated[str, Choice(*STATUSES)]
    evidence: dict = field(default_factory=dict)
    instance: Any = None
    reason: str = ""

    @classmethod
    def holds(cls, **evidence: Any) -> Verdict:
        """A verdict ``holds`` with these evidence numbers.

        Parameters
        ----------
        **evidence
            Numbers that support the verdict (instances checked, extreme ratios, ...).

        Returns
        -------
        Verdict
        """
        return cls("holds", dict(evidence))

    @classmethod
    def violated(cls, instance: Any, **evidence: Any) -> Verdict:
        """A verdict ``violated`` on ``instance`` (the offending instance, small enough to reproduce by hand).

        Parameters
        ----------
        instance : object
            The instance the statement fails on.
        **evidence
            Numbers that support the verdict.

        Returns
        -------
        Verdict
        """
        return cls("violated", dict(evidence), instance=instance)

    @classmethod
    def skipped(cls, reason: str, **evidence: Any) -> Verdict:
        """A verdict ``skipped``: the claim could not be checked, for ``reason``.

        Parameters
        ----------
        reason : str
            Why (one line).
        **evidence
            Numbers recorded all the same.

        Returns
        -------
        Verdict
        """
        return cls("skipped", dict(evidence), reason=reason)


@checked
@dataclass(frozen=True)
class Claim:
    """A registered claim (see the module docstring)."""

    id: ClaimId
    #: the id's namespace (the part before ``/``)
    paper: Annotated[str, Joint("the namespace of id", kind="str")]
    #: citation key of the paper (``[key]`` in :mod:`geoprivate._papers`); None for textbook facts
    citation: str | None
    statement: str
    #: ``check(rng, size) -> Verdict``; with ``instances``, ``check(instance) -> bool | Verdict``
    check: Callable[..., object]
    #: the paper's numbered statements this claim checks, as the paper labels them
    #: ("Claim 13", "Lemma 4.2", "Theorem 5.2", "Algorithm 4", "Appendix A.2"); empty for
    #: textbook facts and for project findings that check no single statement
    checks: Labels = ()
    #: O(·) statements whose smallest constant consistent with the claim's runs it measures
    #: (evidence, not a check: the statement stays "not executable" in the catalogue)
    estimates: Labels = ()
    #: a hypothesis strategy of instances; ``check`` then takes one instance (see :func:`register`)
    instances: Instances = None
    #: ``(rng, size) -> instance``: the instance a plain random search reports (before shrinking)
    before: Callable | None = None
    #: ``(name, instance -> number)``: the size compared before/after shrinking
    measure: Measure = None
    #: hypothesis examples per search (None: :data:`DEFAULT_MAX_EXAMPLES` of the size)
    max_examples: Budget | None = None
    #: where a user claim was loaded from (the ``--claims-from`` argument that replays it); None: built in
    source: str | None = None

    def __post_init__(self):
        if self.paper != self.id.split("/", 1)[0]:
            raise ValueError(f"paper must be the namespace of id {self.id!r}, got {shown(self.paper)}")
        if (self.before is None) != (self.measure is None) or (self.before is not None and self.instances is None):
            raise ValueError(f"claim {self.id!r}: before= and measure= go together, with instances=")

    @property
    def builtin(self) -> bool:
        """True for the toolkit's own claims (namespaces of :data:`PAPERS`)."""
        return self.paper in PAPERS


_REGISTRY: dict[str, Claim] = {}


@checked
def register(
    claim_id: ClaimId,
    *,
    statement: str,
    citation: str | None | EllipsisType = ...,
    checks: Labels = (),
    estimates: Labels = (),
    instances: Instances = None,
    before: Callable | None = None,
    measure: Measure = None,
    max_examples: Budget | None = None,
):
    """Decorator registering a check as claim ``claim_id`` (also exported as :func:`claim`).

    Parameters
    ----------
    claim_id : str
        ``<namespace>/<name>``: lower-case letters, digits, ``-`` and ``.``.  The namespaces of
        :data:`PAPERS` are reserved for the toolkit's own modules; user code picks its own
        (``"mylab/lemma-3"``).
    statement : str
        The statement in words.
    citation : str or None, optional
        A built-in claim defaults to the citation key of its paper; a user claim to None (give
        your own, e.g. ``"Doe 2025"``).
    checks : str or tuple of str
        The numbered statements the claim checks (``("Claim 13", "Corollary 2")``): for a built-in
        claim the statement catalogue derives each statement's status from these; a user claim
        names its own statements, listed by ``verify --coverage`` under its citation.
    estimates : str or tuple of str
        O(·) statements whose smallest constant consistent with the runs the claim measures.
    instances : hypothesis strategy, optional
        The claim's instance space.  Without it the check is ``check(rng, size) -> Verdict``;
        with it, ``check(instance) -> bool | Verdict`` and ``verify`` searches the space and
        shrinks a failing instance to the smallest hypothesis reaches.
    before : callable, optional
        ``before(rng, size) -> instance``: the instance a plain random search reports, so the
        evidence says how much smaller the shrunk one is (with ``measure``).
    measure : (str, callable), optional
        The name and function of an instance's size (e.g. ``("points", len)``).
    max_examples : int, optional
        This claim's search budget (default :data:`DEFAULT_MAX_EXAMPLES`; ``--max-examples``
        overrides both).

    Returns
    -------
    callable
        The decorator (it returns the function unchanged).

    """
    m = _ID.match(claim_id)
    assert m is not None  # checked by ClaimId
    if (before is None) != (measure is None) or (before is not None and instances is None):
        raise ValueError(f"claim {claim_id!r}: before= and measure= go together, with instances=")
    paper = m["paper"]
    pfile = PAPERS.get(paper) if citation is ... else citation

    def deco(fn):
        check_callable(fn, "the decorated check")
        if paper in PAPERS and not _toolkit_code(fn):
            raise ValueError(
                f"claim_id {claim_id!r}: the namespace {paper!r} is reserved for the toolkit's papers "
                f"({', '.join(sorted(PAPERS))}); use your own, e.g. 'mylab/{m['kind']}'"
            )
        if claim_id in _REGISTRY and not _same_function(_REGISTRY[claim_id].check, fn):
            raise ValueError(f"claim {claim_id!r} registered twice")
        _REGISTRY[claim_id] = Claim(
            claim_id,
            paper,
            pfile,
            statement.strip(),
            fn,
            checks,
            estimates,
            instances,
            before,
            measure,
            max_examples,
            _LOADING[-1] if _LOADING and paper not in PAPERS else None,
        )
        return fn

    return deco


def _toolkit_code(fn) -> bool:
    """Whether ``fn`` is the toolkit's own: a module of ``geoprivate`` or a file of the repository's tests/."""
    if (getattr(fn, "__module__", "") or "").startswith("geoprivate.") and not _LOADING:
        return True
    code = getattr(fn, "__code__", None)
    if code is None:
        return False
    tests = Path(__file__).resolve().parents[2] / "tests"
    return Path(code.co_filename).resolve().is_relative_to(tests)


#: the public name of :func:`register`
claim = register


#: the ``--claims-from`` source being loaded (a stack: a user file may load another)
_LOADING: list[str] = []


def _same_function(a, b) -> bool:
    """The same function, or the same one loaded again (a user file read twice)."""
    if a is b:
        return True
    ca, cb = getattr(a, "__code__", None), getattr(b, "__code__", None)
    return (
        ca is not None and cb is not None and (ca.co_filename, ca.co_firstlineno) == (cb.co_filename, cb.co_firstlineno)
    )


def _load_all() -> None:
    for info in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if not info.name.startswith("_"):
            importlib.import_module(f"{_PACKAGE}.{info.name}")


def all_claims() -> list[Claim]:
    """Every registered claim, sorted by id (imports every claim module first)."""
    _load_all()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


@checked
def get_claim(claim_id: str) -> Claim:
    """The claim with this id.

    Parameters
    ----------
    claim_id : str
        A registered id (``vc1/theorem-7``).

    Returns
    -------
    Claim

    Raises
    ------
    UnknownClaim
        (a ``KeyError`` and a ``ValueError``) naming the closest known ids.
    """
    if claim_id in _REGISTRY:
        return _REGISTRY[claim_id]
    _load_all()
    try:
        return _REGISTRY[claim_id]
    except KeyError:
        raise UnknownClaim(f"unknown claim {shown(claim_id)} (claim_id){_suggest(claim_id)}") from None


def _suggest(pattern: str) -> str:
    """'; did you mean a, b?' from the closest ids and namespaces (difflib), or a pointer to the list."""
    names = sorted(_REGISTRY) + sorted({c.paper for c in _REGISTRY.values()})
    close = difflib.get_close_matches(pattern, names, n=5, cutoff=0.5)
    if close:
        return "; did you mean " + ", ".join(close) + "?"
    return f"; namespaces: {', '.join(sorted({c.paper for c in _REGISTRY.values()}))} (geoprivate verify --list)"


@checked
def select_claims(patterns: Annotated[Any, Check(_labels, kind="object")]) -> list[Claim]:
    """The claims a ``--claim`` selection names, sorted by id.

    Parameters
    ----------
    patterns : str or iterable of str
        Each an exact id (``vc1/theorem-7``), a namespace or id prefix (``winnow``,
        ``vc1/theorem-1``), or a glob (``'vc1/theorem-*'``).  An exact id wins over a prefix.

    Returns
    -------
    list of Claim

    Raises
    ------
    UnknownClaim
        (a ``KeyError`` and a ``ValueError``) a pattern matching nothing, with the closest ids (not all of them).
    """
    if any(_may_name_builtin(p) for p in patterns):
        _load_all()
    chosen: dict[str, Claim] = {}
    for pat in patterns:
        if pat in _REGISTRY:
            hits = [pat]
        elif any(ch in pat for ch in "*?["):
            hits = [k for k in _REGISTRY if fnmatch.fnmatchcase(k, pat)]
        else:
            stem = pat.rstrip("/")
            hits = [k for k in _REGISTRY if k.startswith(stem + "/") or (k.startswith(stem) and "/" in stem)]
        if not hits:
            raise UnknownClaim(f"unknown claim {shown(pat)} (patterns: no id, prefix or glob matches){_suggest(pat)}")
        chosen.update((k, _REGISTRY[k]) for k in hits)
    return [chosen[k] for k in sorted(chosen)]


def _may_name_builtin(pattern: str) -> bool:
    """Whether a selection could match a built-in claim (else the papers' modules need not be imported)."""
    namespace = pattern.split("/", 1)[0]
    if any(ch in namespace for ch in "*?["):
        return True
    return any(paper.startswith(namespace) for paper in PAPERS) or namespace not in {
        c.paper for c in _REGISTRY.values()
    }


#: the fields of an audit result that the evidence lists first, in this order (``getattr``: the fields an
#: auditor version lacks are written as null — ``exhaustive`` and ``pairs_examined`` are always listed)
_AUDIT_FIELDS = {
    "exact_audit": (
        "epsilon", "delta", "violated", "delta_at_epsilon", "delta_bounds", "epsilon_at_delta",
        "exp_epsilon_at_delta", "exhaustive", "pairs_examined", "exact", "direction", "shrunk",
    ),
    "audit_sampler": (
        "epsilon", "delta", "flagged", "epsilon_lower", "false_alarm", "n_samples", "n_pilot", "direction",
        "counts", "p_lower", "q_upper",
    ),
}  # fmt: skip

#: result fields never copied into the evidence: the pair and the event are written once, on their own;
#: the laws and the per-pair table can be large (they stay in the result)
_AUDIT_BULK = {"pair", "event", "laws", "per_pair"}

#: an extra field of a newer auditor (a worst pair found beside the shrunk one, ...) is copied into the
#: evidence when its JSON is at most this long
_AUDIT_FIELD_WIDTH = 2000


def _audit_kind(result) -> str | None:
    if isinstance(result, ExactAuditResult):
        return "exact_audit"
    if isinstance(result, SamplerAuditResult):
        return "audit_sampler"
    return None


@checked
def audit_verdict(result: Any) -> Verdict | None:
    """The verdict of an audit result a check returned; None when ``result`` is not one.

    A claim's check may return what :func:`geoprivate.audit.exact.exact_audit`
    (:class:`~geoprivate.audit.exact.ExactAuditResult`) or
    :func:`geoprivate.audit.sampler.audit_sampler` (:class:`~geoprivate.audit.sampler.SamplerAuditResult`)
    returns: the claim is violated when the audit is (``violated`` / ``flagged``), with the worst pair
    as its instance, and holds otherwise.  The evidence names the auditor (``audit``), the pair, and
    for an exact audit δ(ε) and its exact bounds, ε at δ, ``exhaustive`` and the number of pairs
    examined; for a sampled one the event, the lower bound on ε and the false-alarm rate.  Fields a
    newer auditor adds are read with ``getattr`` and copied when small.

    Parameters
    ----------
    result : object
        What the check returned.

    Returns
    -------
    Verdict or None

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from geoprivate.audit.exact import LogRational, exact_audit
    >>> rr = lambda bit: {bit: F(3, 4), 1 - bit: F(1, 4)}  # randomised response, e^eps = 3
    >>> v = audit_verdict(exact_audit(rr, [(0, 1)], LogRational(2)))
    >>> v.status, v.instance, v.evidence["delta_bounds"]
    ('violated', [0, 1], ['1/4', '1/4'])
    """
    kind = _audit_kind(result)
    if kind is None:
        return None
    named = _AUDIT_FIELDS[kind]
    evidence: dict[str, Any] = {"audit": kind, "pair": getattr(result, "pair", None)}
    if kind == "audit_sampler":
        event = getattr(result, "event_description", None)
        evidence["event"] = event if event is not None else str(getattr(result, "event", ""))
    evidence.update((name, getattr(result, name, None)) for name in named)
    for f in dataclasses.fields(result) if dataclasses.is_dataclass(result) else ():
        if f.name not in evidence and f.name not in _AUDIT_BULK and not f.name.startswith("_"):
            value = strict_json(getattr(result, f.name), fractions="exact")
            if len(json.dumps(value, default=str)) <= _AUDIT_FIELD_WIDTH:
                evidence[f.name] = value
    evidence = strict_json(evidence, fractions="exact", nonfinite="keep")
    refuted = bool(getattr(result, "violated" if kind == "exact_audit" else "flagged"))
    return Verdict("violated", evidence, instance=evidence["pair"]) if refuted else Verdict("holds", evidence)


@checked
def audit_summary(evidence: dict) -> str:
    """One line of the audit evidence :func:`audit_verdict` wrote ('' for other evidence): the table's and the report's.

    Parameters
    ----------
    evidence : dict
        A record's evidence.

    Returns
    -------
    str
        E.g. ``exact audit at ε = 0.69, δ = 0: δ(ε) in [1/4, 1/4], ε at δ = 1.1, 1 pair examined,
        exhaustive: not stated``.
    """
    kind = evidence.get("audit") if isinstance(evidence, dict) else None
    if kind not in _AUDIT_FIELDS:
        return ""

    def g(key):
        value = evidence.get(key)
        return f"{value:.6g}" if isinstance(value, float) else str(value)

    claimed = f"ε = {g('epsilon')}, δ = {g('delta')}"
    if kind == "audit_sampler":
        return (
            f"sampled audit at {claimed}: ε >= {g('epsilon_lower')} on the event {evidence.get('event') or '—'} "
            f"({g('n_samples')} samples per input; false-alarm rate {g('false_alarm')})"
        )
    bounds = evidence.get("delta_bounds")
    delta = f"in [{bounds[0]}, {bounds[1]}]" if isinstance(bounds, list) else f"= {g('delta_at_epsilon')}"
    exhaustive = evidence.get("exhaustive")
    return (
        f"exact audit at {claimed}: δ(ε) {delta}, ε at δ = {g('epsilon_at_delta')}, "
        f"{g('pairs_examined')} pair(s) examined, exhaustive: "
        + ("not stated" if exhaustive is None else "yes" if exhaustive else "no (a search)")
    )
