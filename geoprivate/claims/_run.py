"""Running one claim: :func:`run_claim`, its seed derived from the claim id, in this process or sandboxed."""

from __future__ import annotations

import time

import numpy as np

from geoprivate._json import strict_json
from geoprivate._validation import Seed, as_rng, checked
from geoprivate.claims._registry import (
    DEFAULT_MAX_EXAMPLES,
    DEFAULT_TIME_LIMIT,
    Budget,
    Claim,
    Size,
    TimeLimit,
    Verdict,
    audit_verdict,
)
from geoprivate.claims._sandbox import Outcome, run_forked
from geoprivate.claims._search import search_claim

__all__ = ["run_claim"]


def _seed_sequence(claim: Claim, seed: int | None) -> np.random.SeedSequence:
    key = [int(b) for b in claim.id.encode()]
    return np.random.SeedSequence([0 if seed is None else int(seed), *key])


@checked
def run_claim(
    claim: Claim,
    *,
    seed: Seed | None = 0,
    size: Size = "small",
    max_examples: Budget | None = None,
    sandbox: bool = False,
    time_limit: TimeLimit | None = None,
) -> dict:
    """Run one claim's check and return its JSON-ready record.

    The claim's generator is derived from ``seed`` and the claim id, so one claim's
    result does not depend on which other claims ran before it.  A claim with
    ``instances=`` is searched (at most ``max_examples`` examples, default the claim's own or
    :data:`DEFAULT_MAX_EXAMPLES`) and a failing instance shrunk; the same seed gives the same
    shrunk instance.  A check may return a :class:`Verdict` or an audit result
    (:func:`geoprivate.audit.exact.exact_audit`, :func:`geoprivate.audit.sampler.audit_sampler`),
    which :func:`~geoprivate.claims._registry.audit_verdict` turns into one.

    In this process (the default) an exception of the check propagates: a crash is an error,
    not a verdict.  With ``sandbox=True`` (what ``geoprivate verify`` does) the check runs in a
    forked child process (:mod:`geoprivate.claims._sandbox`): whatever it does — raise, call
    ``sys.exit`` or ``os._exit``, print, hang, loop — the record comes back, with status
    ``error`` or ``timeout`` when no verdict did, the warnings it raised counted and what it
    printed kept.

    Parameters
    ----------
    claim : Claim
    seed : int or None
        The master seed (an integer in [0, 2⁶³)); None: fresh entropy, not reproducible.
    size : {"small", "medium"}
    max_examples : int, optional
        The search budget of a claim with ``instances=`` (1 to :data:`~geoprivate.claims.MAX_EXAMPLES`).
    sandbox : bool, default False
        Run the check in a child process under a time limit (see above).
    time_limit : float, optional
        Seconds the sandboxed check may run (default :data:`DEFAULT_TIME_LIMIT` of ``size``;
        ``math.inf``: no limit).  Only with ``sandbox=True``.

    Returns
    -------
    dict
        id, paper, citation, statement, checks, estimates, status, evidence, seconds, and
        ``instance`` (violated) or ``reason`` (skipped); ``source`` for a user claim.  Sandboxed
        also ``warnings`` (counts and distinct messages), ``output`` (what the check printed,
        when it did) and, for ``error``, ``traceback``.

    Examples
    --------
    >>> from geoprivate.claims import get_claim
    >>> rec = run_claim(get_claim("general/pajor"), sandbox=True)
    >>> rec["status"], rec["warnings"]["counts"]
    ('holds', {})
    """
    if time_limit is not None and not sandbox:
        raise ValueError("time_limit applies to a sandboxed run: pass sandbox=True with it")
    if not sandbox:
        return _record(claim, seed, size, max_examples)
    limit = DEFAULT_TIME_LIMIT[size] if time_limit is None else time_limit
    outcome = run_forked(lambda: _record(claim, seed, size, max_examples), time_limit=limit)
    return _sandboxed_record(claim, outcome, limit)


def _record(claim: Claim, seed: int | None, size: str, max_examples: int | None) -> dict:
    """Run the check here and build its record (exceptions propagate)."""
    ss = _seed_sequence(claim, seed)
    t0 = time.perf_counter()
    if claim.instances is not None:
        budget = max_examples or claim.max_examples or DEFAULT_MAX_EXAMPLES[size]
        verdict: object = search_claim(claim, ss if seed is not None else None, size, int(budget))
    else:
        rng = as_rng(ss) if seed is not None else as_rng(None)
        verdict = claim.check(rng, size)
    audited = audit_verdict(verdict)
    verdict = verdict if audited is None else audited
    if not isinstance(verdict, Verdict):
        raise TypeError(
            f"claim {claim.id}: check returned {type(verdict).__name__}, not a Verdict (or an exact_audit / "
            "audit_sampler result)"
        )
    record = _head(claim)
    record.update(
        status=verdict.status,
        evidence=strict_json(verdict.evidence, fractions="exact", nonfinite="keep"),
        seconds=round(time.perf_counter() - t0, 3),
    )
    if verdict.status == "violated":
        record["instance"] = strict_json(verdict.instance, fractions="exact", nonfinite="keep")
    if verdict.status == "skipped":
        record["reason"] = verdict.reason
    return record


def _head(claim: Claim) -> dict:
    """The fields of a record that describe the claim (not its run)."""
    head = {
        "id": claim.id,
        "paper": claim.paper,
        "citation": claim.citation,
        "statement": claim.statement,
        "checks": list(claim.checks),
        "estimates": list(claim.estimates),
    }
    if claim.source is not None:
        head["source"] = claim.source
    return head


def _sandboxed_record(claim: Claim, outcome: Outcome, limit: float) -> dict:
    """The record of a sandboxed run: the child's own, or one saying why there is none."""
    if outcome.kind == "returned" and isinstance(outcome.value, dict):
        record = outcome.value
    else:
        record = _head(claim)
        if outcome.kind == "timeout":
            record.update(status="timeout", evidence={"time_limit": limit}, reason=outcome.error)
        else:
            record.update(status="error", evidence={"error": outcome.error}, traceback=outcome.traceback)
        record["seconds"] = round(outcome.seconds, 3)
    record["warnings"] = outcome.warnings or {"counts": {}, "messages": []}
    if outcome.output:
        record["output"] = outcome.output
    return record
