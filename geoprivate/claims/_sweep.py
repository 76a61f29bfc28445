"""A sweep target running one claim: ``target = "geoprivate.claims:claim_trial"`` in a sweep spec.

Each trial runs :func:`geoprivate.claims.run_claim` on the claim named by its parameters, with the
trial's seed, and returns JSON scalars (``geoprivate sweep`` stores them; the instance as a JSON
string).  User claims are loaded from the ``claims_from`` parameter first, so a sweep over a claim's
parameters — ``seed``, ``size``, ``max_examples`` — works on them as on the built-in ones.
"""

from __future__ import annotations

import json

from geoprivate._json import strict_json
from geoprivate._validation import Rng, as_rng, checked
from geoprivate.claims._registry import get_claim
from geoprivate.claims._run import run_claim
from geoprivate.claims._sources import load_claims

__all__ = ["claim_trial"]


@checked
def claim_trial(params: dict, rng: Rng) -> dict:
    """Run one claim as a sweep trial.

    Parameters
    ----------
    params : dict
        ``claim`` (an id, required); optional ``claims_from`` (a source or a list of them),
        ``size`` ("small"), ``max_examples``.
    rng : numpy.random.Generator, int or None
        The trial's generator (or its seed): the claim's seed is drawn from it.

    Returns
    -------
    dict
        ``status``, ``violated`` (bool), ``objective`` (1.0 when violated, else 0.0), ``seed``,
        ``instance`` (JSON text, "" unless violated), ``evidence`` (JSON text), ``seconds``.
    """
    unknown = set(params) - {"claim", "claims_from", "size", "max_examples"}
    if unknown:
        raise ValueError(f"params: unknown keys {sorted(unknown)} (claim, claims_from, size, max_examples)")
    if "claim" not in params:
        raise ValueError("params: 'claim' (a claim id) is required")
    sources = params.get("claims_from") or []
    for src in [sources] if isinstance(sources, str) else sources:
        errors = load_claims(src)
        if errors:
            raise ValueError(f"claims_from: {errors[0]}")
    seed = int(as_rng(rng).integers(0, 2**63 - 1))
    rec = run_claim(
        get_claim(params["claim"]),
        seed=seed,
        size=params.get("size", "small"),
        max_examples=params.get("max_examples"),
    )
    return {
        "status": rec["status"],
        "violated": rec["status"] == "violated",
        "objective": 1.0 if rec["status"] == "violated" else 0.0,
        "seed": seed,
        "instance": json.dumps(strict_json(rec.get("instance"), fractions="exact"), allow_nan=False)
        if "instance" in rec
        else "",
        "evidence": json.dumps(strict_json(rec["evidence"], fractions="exact"), allow_nan=False, default=str),
        "seconds": rec["seconds"],
    }
