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
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from geoprivate._papers import PAPER_KEYS
from geoprivate._validation import as_rng

__all__ = ["PAPERS", "SIZES", "Verdict", "Claim", "register", "all_claims", "get_claim", "run_claim"]

#: paper name used in claim ids -> citation key of the paper in :data:`geoprivate._papers.REFERENCES`
#: (None: textbook facts used by several papers)
PAPERS: dict[str, str | None] = {**PAPER_KEYS, "general": None}
SIZES = ("small", "medium")
STATUSES = ("holds", "violated", "skipped")
_ID = re.compile(r"^(?P<paper>[a-z0-9]+)/(?P<kind>[a-z0-9]+(?:-[a-z0-9]+)*)$")


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
    def holds(cls, **evidence) -> "Verdict":
        return cls("holds", dict(evidence))

    @classmethod
    def violated(cls, instance, **evidence) -> "Verdict":
        return cls("violated", dict(evidence), instance=instance)

    @classmethod
    def skipped(cls, reason: str, **evidence) -> "Verdict":
        return cls("skipped", dict(evidence), reason=reason)


@dataclass(frozen=True)
class Claim:
    """A registered claim (see the module docstring)."""

    id: str
    paper: str
    #: citation key of the paper (``[key]`` in :mod:`geoprivate._papers`); None for textbook facts
    citation: str | None
    statement: str
    check: Callable[[np.random.Generator, str], Verdict]
    #: the paper's numbered statements this claim checks, as the paper labels them
    #: ("Claim 13", "Lemma 4.2", "Theorem 5.2", "Algorithm 4", "Appendix A.2"); empty for
    #: textbook facts and for project findings that check no single statement
    checks: tuple[str, ...] = ()
    #: O(·) statements whose smallest constant consistent with the claim's runs it measures
    #: (evidence, not a check: the statement stays "not executable" in the catalogue)
    estimates: tuple[str, ...] = ()


_REGISTRY: dict[str, Claim] = {}


def register(claim_id: str, *, statement: str, citation: str | None = ..., checks=(), estimates=()):
    """Decorator registering ``check(rng, size) -> Verdict`` as claim ``claim_id``.

    ``citation`` defaults to the citation key of the paper named by the id's prefix;
    ``checks`` names the paper's numbered statements the claim checks (e.g.
    ``("Claim 13", "Corollary 2")``): the statement catalogue derives each statement's
    "checked"/"audited" status from these, with no edit of its own.  ``estimates`` names
    O(·) statements whose smallest constant consistent with the runs the claim measures
    (reported as evidence; such a statement is not thereby checked).
    """
    checks = (checks,) if isinstance(checks, str) else tuple(checks)
    estimates = (estimates,) if isinstance(estimates, str) else tuple(estimates)
    m = _ID.match(claim_id)
    if m is None or m["paper"] not in PAPERS:
        raise ValueError(
            f"claim id must look like '<paper>/<kind>-<number>' with paper in {sorted(PAPERS)}, got {claim_id!r}"
        )
    paper = m["paper"]
    pfile = PAPERS[paper] if citation is ... else citation

    def deco(fn):
        if claim_id in _REGISTRY and _REGISTRY[claim_id].check is not fn:
            raise ValueError(f"claim {claim_id!r} registered twice")
        _REGISTRY[claim_id] = Claim(claim_id, paper, pfile, statement.strip(), fn, checks, estimates)
        return fn

    return deco


def _load_all() -> None:
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


def all_claims() -> list[Claim]:
    """Every registered claim, sorted by id (imports every claim module first)."""
    _load_all()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def get_claim(claim_id: str) -> Claim:
    """The claim with this id; ``KeyError`` listing the known ids otherwise."""
    _load_all()
    try:
        return _REGISTRY[claim_id]
    except KeyError:
        raise KeyError(f"unknown claim {claim_id!r}; known: {', '.join(sorted(_REGISTRY))}") from None


def run_claim(claim: Claim, *, seed: int | None = 0, size: str = "small") -> dict:
    """Run one claim's check and return its JSON-ready record.

    The claim's generator is derived from ``seed`` and the claim id, so one claim's
    result does not depend on which other claims ran before it.  Exceptions propagate
    (a crash is an error, not a verdict).
    """
    if size not in SIZES:
        raise ValueError(f"size must be one of {SIZES}, got {size!r}")
    key = [int(b) for b in claim.id.encode()]
    ss = np.random.SeedSequence([0 if seed is None else int(seed), *key])
    rng = as_rng(ss) if seed is not None else as_rng(None)
    t0 = time.perf_counter()
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
    if verdict.status == "violated":
        record["instance"] = _plain(verdict.instance)
    if verdict.status == "skipped":
        record["reason"] = verdict.reason
    return record
