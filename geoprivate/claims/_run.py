"""Running one claim: :func:`run_claim`, its seed derived from the claim id."""

from __future__ import annotations

import time

import numpy as np

from geoprivate._json import strict_json
from geoprivate._validation import as_rng
from geoprivate.claims._registry import DEFAULT_MAX_EXAMPLES, SIZES, Claim, Verdict
from geoprivate.claims._search import search_claim

__all__ = ["run_claim"]


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
        "evidence": strict_json(verdict.evidence, fractions="exact", nonfinite="keep"),
        "seconds": round(time.perf_counter() - t0, 3),
    }
    if claim.source is not None:
        record["source"] = claim.source
    if verdict.status == "violated":
        record["instance"] = strict_json(verdict.instance, fractions="exact", nonfinite="keep")
    if verdict.status == "skipped":
        record["reason"] = verdict.reason
    return record
