"""The papers' claims as executable checks.

A claim has an id ``<paper>/<kind>-<number>`` (``paper`` one of :data:`PAPERS`), the
citation key of the paper it comes from (:mod:`geoprivate._papers`), a statement in words, and a ``check(rng, size)`` that builds
instances and returns a :class:`Verdict`: ``holds`` (with evidence numbers),
``violated`` (with the offending instance — a *finding*, not a crash) or ``skipped``
(with the reason).

Claims live in the submodules of this package, one per paper (``general``,
``shrinkage``, ``everlasting``, ``winnow``, ``vc1``, ...); every submodule is imported
by :func:`all_claims`, so registering is just decorating a function::

    @register("general/sauer-shelah", citation=None,
              statement="|Pi_C(P)| <= sum_{i<=d} C(|P|, i) where d = VC(C)")
    def _check(rng, size):
        ...
        return Verdict.holds(instances=200)

``geoprivate verify`` runs them all (see :mod:`geoprivate.cli`).

**Your own claims.** :func:`claim` (the same decorator as :func:`register`) takes any id
``<namespace>/<name>`` (lower-case letters, digits, ``-`` and ``.``); the namespaces of
:data:`PAPERS` are reserved for the toolkit.  ``geoprivate verify --claims-from FILE|DIR|MODULE``
and the entry-point group ``geoprivate.claims`` load them (:func:`load_claims`).  A claim may
declare its instance space, ``instances=`` a hypothesis strategy, and a check taking *one*
instance and returning ``True``/``False`` or a :class:`Verdict`: ``verify`` searches the space
and reports the shrunk counterexample (:mod:`geoprivate.claims._search`)::

    from hypothesis import strategies as st
    from geoprivate.claims import claim

    @claim("mylab/sum-small", statement="a + b < 10 for digits a, b",
           instances=st.tuples(st.integers(0, 9), st.integers(0, 9)))
    def _sum_small(pair):
        return pair[0] + pair[1] < 10      # violated; shrunk to [1, 9]
"""

from __future__ import annotations

import importlib
import math
import pkgutil
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from types import EllipsisType
from typing import Any

import numpy as np

from geoprivate._papers import PAPER_KEYS
from geoprivate._validation import as_rng

__all__ = [
    "PAPERS",
    "SIZES",
    "Verdict",
    "Claim",
    "claim",
    "register",
    "all_claims",
    "get_claim",
    "run_claim",
    "select_claims",
    "load_claims",
    "load_entry_points",
    "ENTRY_POINT_GROUP",
    "DEFAULT_MAX_EXAMPLES",
    "strict_json",
    "claim_trial",
]

#: paper name used in claim ids -> citation key of the paper in :data:`geoprivate._papers.REFERENCES`
#: (None: textbook facts used by several papers)
PAPERS: dict[str, str | None] = {**PAPER_KEYS, "general": None}
SIZES = ("small", "medium")
STATUSES = ("holds", "violated", "skipped")
_ID = re.compile(r"^(?P<paper>[a-z0-9][a-z0-9.-]*)/(?P<kind>[a-z0-9][a-z0-9.-]*)$")
#: the entry-point group installed packages use to register claims (``module`` or ``module:attr``)
ENTRY_POINT_GROUP = "geoprivate.claims"
#: hypothesis examples searched per claim with ``instances=`` when ``--max-examples`` is not given
DEFAULT_MAX_EXAMPLES = {"small": 100, "medium": 1000}


def _plain(value: Any) -> Any:
    """Convert numpy scalars/arrays (recursively) into JSON-friendly Python values."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Fraction):
        return str(value)  # exact: "3/7", never float noise
    if isinstance(value, (set, frozenset)):
        return [_plain(v) for v in sorted(value, key=repr)]
    return value


def strict_json(value: Any) -> Any:
    """``value`` JSON-ready for a strict parser: numpy and Fraction as :func:`_plain` makes them, NaN/±inf → None.

    Parameters
    ----------
    value : object

    Returns
    -------
    object
        Safe for ``json.dumps(..., allow_nan=False)`` (RFC 8259: no NaN/Infinity tokens).
    """
    value = _plain(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: strict_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [strict_json(v) for v in value]
    return value


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

    status: str
    evidence: dict = field(default_factory=dict)
    instance: Any = None
    reason: str = ""

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, got {self.status!r}")

    @classmethod
    def holds(cls, **evidence) -> Verdict:
        return cls("holds", dict(evidence))

    @classmethod
    def violated(cls, instance, **evidence) -> Verdict:
        return cls("violated", dict(evidence), instance=instance)

    @classmethod
    def skipped(cls, reason: str, **evidence) -> Verdict:
        return cls("skipped", dict(evidence), reason=reason)


@dataclass(frozen=True)
class Claim:
    """A registered claim (see the module docstring)."""

    id: str
    paper: str
    #: citation key of the paper (``[key]`` in :mod:`geoprivate._papers`); None for textbook facts
    citation: str | None
    statement: str
    #: ``check(rng, size) -> Verdict``; with ``instances``, ``check(instance) -> bool | Verdict``
    check: Callable[..., object]
    #: the paper's numbered statements this claim checks, as the paper labels them
    #: ("Claim 13", "Lemma 4.2", "Theorem 5.2", "Algorithm 4", "Appendix A.2"); empty for
    #: textbook facts and for project findings that check no single statement
    checks: tuple[str, ...] = ()
    #: O(·) statements whose smallest constant consistent with the claim's runs it measures
    #: (evidence, not a check: the statement stays "not executable" in the catalogue)
    estimates: tuple[str, ...] = ()
    #: a hypothesis strategy of instances; ``check`` then takes one instance (see :func:`register`)
    instances: Any = None
    #: ``(rng, size) -> instance``: the instance a plain random search reports (before shrinking)
    before: Callable | None = None
    #: ``(name, instance -> number)``: the size compared before/after shrinking
    measure: tuple[str, Callable] | None = None
    #: hypothesis examples per search (None: :data:`DEFAULT_MAX_EXAMPLES` of the size)
    max_examples: int | None = None
    #: where a user claim was loaded from (the ``--claims-from`` argument that replays it); None: built in
    source: str | None = None

    @property
    def builtin(self) -> bool:
        """True for the toolkit's own claims (namespaces of :data:`PAPERS`)."""
        return self.paper in PAPERS


_REGISTRY: dict[str, Claim] = {}


def register(
    claim_id: str,
    *,
    statement: str,
    citation: str | None | EllipsisType = ...,
    checks=(),
    estimates=(),
    instances=None,
    before=None,
    measure=None,
    max_examples: int | None = None,
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
    checks = (checks,) if isinstance(checks, str) else tuple(checks)
    estimates = (estimates,) if isinstance(estimates, str) else tuple(estimates)
    m = _ID.match(claim_id) if isinstance(claim_id, str) else None
    if m is None:
        raise ValueError(
            f"claim_id must look like '<namespace>/<name>' (lower-case letters, digits, '-', '.'), got {claim_id!r}"
        )
    if (before is None) != (measure is None) or (before is not None and instances is None):
        raise ValueError(f"claim {claim_id!r}: before= and measure= go together, with instances=")
    paper = m["paper"]
    pfile = PAPERS.get(paper) if citation is ... else citation

    def deco(fn):
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
    from pathlib import Path

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
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


def all_claims() -> list[Claim]:
    """Every registered claim, sorted by id (imports every claim module first)."""
    _load_all()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def get_claim(claim_id: str) -> Claim:
    """The claim with this id; ``KeyError`` naming the closest known ids otherwise."""
    if claim_id in _REGISTRY:
        return _REGISTRY[claim_id]
    _load_all()
    try:
        return _REGISTRY[claim_id]
    except KeyError:
        raise KeyError(f"unknown claim {claim_id!r}{_suggest(claim_id)}") from None


def _suggest(pattern: str) -> str:
    """'; did you mean a, b?' from the closest ids and namespaces (difflib), or a pointer to the list."""
    import difflib

    names = sorted(_REGISTRY) + sorted({c.paper for c in _REGISTRY.values()})
    close = difflib.get_close_matches(pattern, names, n=5, cutoff=0.5)
    if close:
        return "; did you mean " + ", ".join(close) + "?"
    return f"; namespaces: {', '.join(sorted({c.paper for c in _REGISTRY.values()}))} (geoprivate verify --list)"


def select_claims(patterns) -> list[Claim]:
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
    KeyError
        A pattern matching nothing, with the closest ids (not all of them).
    """
    import fnmatch

    patterns = [patterns] if isinstance(patterns, str) else list(patterns)
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
            raise KeyError(f"unknown claim {pat!r} (no id, prefix or glob matches){_suggest(pat)}")
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


def load_claims(source: str) -> list[str]:
    """Import user claims from a ``.py`` file, a directory of them, or an importable module.

    Parameters
    ----------
    source : str
        The ``--claims-from`` argument.

    Returns
    -------
    list of str
        One line per file that failed to load (``"FILE: SyntaxError: ... (line 3)"``); the
        other files are loaded all the same.  Empty when everything loaded.
    """
    from geoprivate.claims._sources import load_source

    return load_source(source)


def load_entry_points() -> list[str]:
    """Import the claim modules installed packages declare in the ``geoprivate.claims`` entry-point group.

    Returns
    -------
    list of str
        One line per entry point that failed to load.
    """
    from geoprivate.claims._sources import load_entry_point_group

    return load_entry_point_group(ENTRY_POINT_GROUP)


def _seed_sequence(claim: Claim, seed: int | None) -> np.random.SeedSequence:
    key = [int(b) for b in claim.id.encode()]
    return np.random.SeedSequence([0 if seed is None else int(seed), *key])


def run_claim(claim: Claim, *, seed: int | None = 0, size: str = "small", max_examples: int | None = None) -> dict:
    """Run one claim's check and return its JSON-ready record.

    The claim's generator is derived from ``seed`` and the claim id, so one claim's
    result does not depend on which other claims ran before it.  A claim with
    ``instances=`` is searched (at most ``max_examples`` examples, default the claim's own or
    :data:`DEFAULT_MAX_EXAMPLES`) and a failing instance shrunk; the same seed gives the same
    shrunk instance.  Exceptions propagate (a crash is an error, not a verdict).

    Parameters
    ----------
    claim : Claim
    seed : int or None
    size : {"small", "medium"}
    max_examples : int, optional

    Returns
    -------
    dict
        id, paper, citation, statement, checks, estimates, status, evidence, seconds, and
        ``instance`` (violated) or ``reason`` (skipped); ``source`` for a user claim.
    """
    if size not in SIZES:
        raise ValueError(f"size must be one of {SIZES}, got {size!r}")
    if max_examples is not None and (isinstance(max_examples, bool) or int(max_examples) < 1):
        raise ValueError(f"max_examples must be a positive integer, got {max_examples!r}")
    ss = _seed_sequence(claim, seed)
    t0 = time.perf_counter()
    if claim.instances is not None:
        from geoprivate.claims._search import search_claim

        budget = max_examples or claim.max_examples or DEFAULT_MAX_EXAMPLES[size]
        verdict: object = search_claim(claim, ss if seed is not None else None, size, int(budget))
    else:
        rng = as_rng(ss) if seed is not None else as_rng(None)
        verdict = claim.check(rng, size)
    if not isinstance(verdict, Verdict):
        raise TypeError(f"claim {claim.id}: check returned {type(verdict).__name__}, not a Verdict")
    record = {
        "id": claim.id,
        "paper": claim.paper,
        "citation": claim.citation,
        "statement": claim.statement,
        "checks": list(claim.checks),
        "estimates": list(claim.estimates),
        "status": verdict.status,
        "evidence": _plain(verdict.evidence),
        "seconds": round(time.perf_counter() - t0, 3),
    }
    if claim.source is not None:
        record["source"] = claim.source
    if verdict.status == "violated":
        record["instance"] = _plain(verdict.instance)
    if verdict.status == "skipped":
        record["reason"] = verdict.reason
    return record


def claim_trial(params: dict, rng) -> dict:
    """Sweep target running one claim (``target = "geoprivate.claims:claim_trial"``; see :mod:`geoprivate.claims._sweep`).

    Parameters
    ----------
    params : dict
        ``claim``; optional ``claims_from``, ``size``, ``max_examples``.
    rng : numpy.random.Generator

    Returns
    -------
    dict
        JSON scalars: status, violated, objective, seed, instance, evidence, seconds.
    """
    from geoprivate.claims._sweep import claim_trial as _trial

    return _trial(params, rng)
