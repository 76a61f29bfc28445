"""Searching a claim's instance space and shrinking a counterexample (hypothesis).

A claim registered with ``instances=`` (a hypothesis strategy) has a check taking one instance
and returning ``True`` (holds on it), ``False`` (fails on it) or a :class:`~geoprivate.claims.Verdict`.
:func:`search_claim` asks hypothesis for a failing instance with at most ``max_examples``
generated examples, deterministically under the claim's seed (a seeded ``random.Random``, no
example database, no deadline, phases explicit/generate/shrink), and reports the *shrunk*
counterexample — the smallest instance hypothesis's shrinker reaches that still fails.  Rationals
are reported as strings (``"3/7"``), so the instance is exact.

A claim that also declares ``before=`` (the instance a plain random search reports) and
``measure=`` gets ``evidence["shrunk"] = {"measure", "before", "after", "times_smaller"}``,
computed on both instances.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import numpy as np

from geoprivate._json import strict_json
from geoprivate._validation import as_rng, checked, shown
from geoprivate.claims._registry import Budget, Claim, Size, Verdict, audit_verdict
from geoprivate.claims._sandbox import error_line

__all__ = ["search_claim", "shrink_report"]


def _as_verdict(claim_id: str, result) -> Verdict:
    if isinstance(result, Verdict):
        return result
    if isinstance(result, (bool, np.bool_)):
        return Verdict.holds() if bool(result) else Verdict.violated(None)
    audited = audit_verdict(result)
    if audited is not None:  # the searched instance is the counterexample; the audit's pair stays in the evidence
        return dataclasses.replace(audited, instance=None)
    raise TypeError(
        f"claim {claim_id}: an instance check returned {type(result).__name__}, not a bool, a Verdict or an audit result"
    )


def _settings(max_examples: int):
    from hypothesis import HealthCheck, Phase, settings

    return settings(
        max_examples=max_examples,
        database=None,
        deadline=None,
        derandomize=False,
        phases=(Phase.explicit, Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )


def _instances(claim: Claim, name: str = "claim") -> Any:
    """The claim's instance space (a hypothesis strategy): ``ValueError`` naming ``name`` if it has none."""
    if claim.instances is None:
        raise ValueError(f"{name}: claim {claim.id!r} has no instance space (registered without instances=)")
    return claim.instances


@checked
def search_claim(
    claim: Claim, seed_sequence: np.random.SeedSequence | None, size: Size, max_examples: Budget
) -> Verdict:
    """Search ``claim.instances`` for an instance its check fails on; shrink it.

    Parameters
    ----------
    claim : Claim
        A claim registered with ``instances=``.
    seed_sequence : numpy.random.SeedSequence or None
        The claim's seed (None: fresh entropy, not reproducible).
    size : {"small", "medium"}
        Passed to the claim's ``before`` (the check itself sees only the instance).
    max_examples : int
        hypothesis's budget of generated examples.

    Returns
    -------
    Verdict
        ``violated`` with the shrunk instance (and the check's evidence on it), ``holds`` with
        the number of instances checked, or ``skipped`` when the strategy produced no valid
        instance.
    """
    from hypothesis import find
    from hypothesis.errors import NoSuchExample, Unsatisfiable

    strategy = _instances(claim)
    state = seed_sequence.generate_state(2) if seed_sequence is not None else np.random.SeedSequence().generate_state(2)
    rnd = random.Random(int(state[0]) << 32 | int(state[1]))
    calls = 0

    def fails(instance) -> bool:
        nonlocal calls
        calls += 1
        return _as_verdict(claim.id, claim.check(instance)).status == "violated"

    search = {"max_examples": max_examples, "engine": "hypothesis"}
    try:
        found = find(strategy, fails, settings=_settings(max_examples), random=rnd)
    except NoSuchExample:
        return Verdict.holds(instances=calls, search=search)
    except Unsatisfiable as exc:
        return Verdict.skipped(f"the instance strategy produced no valid instance ({exc})", search=search)
    verdict = _as_verdict(claim.id, claim.check(found))
    if verdict.status != "violated":  # pragma: no cover - a flaky check: the shrunk instance passes again
        return Verdict.skipped("the shrunk instance passes when checked again (the check is not deterministic)")
    search["checks_run"] = calls
    search["shrunk"] = True
    evidence = {**verdict.evidence, "search": search}
    if claim.before is not None and claim.measure is not None:
        evidence["shrunk"] = shrink_report(claim, found, seed_sequence, size)
    return Verdict.violated(found if verdict.instance is None else verdict.instance, **evidence)


@checked
def shrink_report(claim: Claim, found: Any, seed_sequence: np.random.SeedSequence | None, size: Size) -> dict:
    """Before/after sizes of a claim's counterexample: the plain random search's vs the shrunk one.

    Parameters
    ----------
    claim : Claim
        With ``before`` and ``measure``.
    found : object
        The shrunk instance.
    seed_sequence : numpy.random.SeedSequence or None
    size : str

    Returns
    -------
    dict
        ``measure`` (its name), ``before``, ``after`` and ``times_smaller`` (before / after), all
        computed on the two instances.
    """
    if claim.before is None or claim.measure is None:
        raise ValueError(f"claim: claim {claim.id!r} declares no before= and measure= to compare")
    name, fn = claim.measure
    if not _fails(claim, found, "found"):
        raise ValueError(f"found: {shown(found)} is not a counterexample of claim {claim.id!r}")
    rng = as_rng(np.random.SeedSequence(seed_sequence.entropy) if seed_sequence is not None else None)
    before_instance = claim.before(rng, size)
    if not _fails(claim, before_instance, "claim"):
        raise ValueError(f"claim: the before= instance of claim {claim.id!r} is not a counterexample")
    b, a = _measured(fn, before_instance, "claim"), _measured(fn, found, "found")
    return {
        "measure": name,
        "before": strict_json(b, fractions="exact", nonfinite="keep"),
        "after": strict_json(a, fractions="exact", nonfinite="keep"),
        "times_smaller": round(float(b) / float(a), 2) if float(a) > 0 else None,
    }


def _fails(claim: Claim, instance, name: str) -> bool:
    """Whether the claim's check fails on ``instance``; a check that raises on it is a ``ValueError`` naming ``name``."""
    try:
        return _as_verdict(claim.id, claim.check(instance)).status == "violated"
    except Exception as exc:  # noqa: BLE001 - the claim's own code: its failure is named, one line
        raise ValueError(f"{name}: the check of claim {claim.id!r} raised on it ({error_line(exc)})") from None


def _measured(fn, instance, name: str):
    """``fn(instance)`` (a claim's ``measure``), a finite number; its failure is a ``ValueError`` naming ``name``."""
    try:
        value = fn(instance)
        finite = math.isfinite(float(value))
    except Exception as exc:  # noqa: BLE001 - the claim's own code
        raise ValueError(f"{name}: the claim's measure raised on it ({error_line(exc)})") from None
    if not finite:
        raise ValueError(f"{name}: the claim's measure gives {shown(value)}, not a finite number")
    return value
