"""The proof-step catalogue: every step of the papers' privacy and accuracy proofs, and its status.

The statement catalogue (:mod:`geoprivate.claims.catalogue`) accounts for every numbered *statement*;
this one goes one level down, to the *steps* of their proofs: each (in)equality a proof of a lemma,
claim or theorem about ε, δ, a sample size or an error asserts on free parameters (displayed, or
inline as a link of the chain) is a step ``<paper>/<statement>/step-<k>``, with the step as printed,
its variables and the range the statement uses them on.  A step is

* **checked** — a registered claim (``<paper>/<statement>-step-<k>``) evaluates it on a grid of the
  range and searches the range with hypothesis towards its edges, in interval arithmetic on exact
  rationals (:mod:`geoprivate.claims._steps`), and shrinks a counterexample; or an existing claim
  that checks the step exactly (``linked``);
* **derived** — sympy proves it (the facts it proved are stated);
* **not executable** — with a one-line reason.

A step that fails on the statement's own range is a *finding*: its claim is violated, and the
step says what it breaks (the statement, or only the proof) and, where the statement still holds
by another route, which claim checks that route.  The steps are declared one module per paper
(:mod:`~geoprivate.claims.steps_everlasting`, ...); ``geoprivate verify --coverage`` counts them
per paper beside the statements, and ``--json`` lists each with its status and reason.
"""

from __future__ import annotations

from typing import Annotated

from geoprivate._papers import PAPER_KEYS
from geoprivate._validation import Choice, checked
from geoprivate.claims import steps_everlasting, steps_shrinkage, steps_vc1, steps_winnow
from geoprivate.claims._registry import UnknownClaim
from geoprivate.claims._steps import PROOFS, STEP_STATUSES, Paper, Step, all_registered_steps

__all__ = [
    "STEPS",
    "PRIVACY_SHARE_TARGET",
    "steps",
    "get_step",
    "failed_steps",
    "step_rows",
    "step_summary",
    "format_step_summary",
]

#: the issue's target: the share of a paper's privacy-proof steps that are checked or derived
PRIVACY_SHARE_TARGET = 0.8

#: the modules declaring each paper's steps (imported above; listed so a paper without one is visible)
MODULES = {"shrinkage": steps_shrinkage, "everlasting": steps_everlasting, "winnow": steps_winnow, "vc1": steps_vc1}

_ORDER = {paper: i for i, paper in enumerate(PAPER_KEYS)}

#: every step, in paper order (as :data:`~geoprivate._papers.PAPER_KEYS`), then in its module's order
STEPS: tuple[Step, ...] = tuple(
    sorted(all_registered_steps(), key=lambda s: _ORDER[s.paper])
)  # stable: module order kept
_BY_ID = {s.id: s for s in STEPS}


@checked
def steps(paper: Paper | None = None, proof: Annotated[str, Choice(*PROOFS)] | None = None) -> list[Step]:
    """The catalogued steps, of one paper and/or one kind of proof.

    Parameters
    ----------
    paper : str, optional
        A claim-id prefix (``"everlasting"``).
    proof : {"privacy", "accuracy"}, optional

    Returns
    -------
    list of Step
    """
    return [s for s in STEPS if (paper is None or s.paper == paper) and (proof is None or s.proof == proof)]


@checked
def get_step(step_id: str) -> Step:
    """The step with this id (``everlasting/claim-d-1/step-2``).

    Parameters
    ----------
    step_id : str

    Returns
    -------
    Step

    Raises
    ------
    UnknownClaim
        (a ``KeyError`` and a ``ValueError``) naming ``step_id`` when the catalogue has no such step.
    """
    try:
        return _BY_ID[step_id]
    except KeyError:
        raise UnknownClaim(f"step_id: no proof step {step_id!r} in the catalogue") from None


def failed_steps() -> list[Step]:
    """The steps that fail on their statement's range (their claims are findings).

    Returns
    -------
    list of Step
    """
    return [s for s in STEPS if s.failed]


@checked
def step_rows(paper: Paper | None = None) -> list[dict]:
    """One JSON-ready dict per step (id, statement, proof, printed, variables, range, status, claim,
    derivation, reason, finding).

    Parameters
    ----------
    paper : str, optional

    Returns
    -------
    list of dict
    """
    return [s.as_dict() for s in steps(paper)]


def step_summary() -> dict[str, dict]:
    """paper → proof → counts per status, with the share checked or derived and the failed steps.

    Returns
    -------
    dict
        ``{paper: {"privacy": {"steps", "checked", "derived", "not executable", "failed",
        "checked_or_derived_share"}, "accuracy": {...}}}`` for every paper of :data:`PAPER_KEYS`.
    """
    out: dict[str, dict] = {}
    for paper in PAPER_KEYS:
        out[paper] = {}
        for proof in PROOFS:
            rows = steps(paper, proof)
            counts = {status: sum(s.status == status for s in rows) for status in STEP_STATUSES}
            done = counts["checked"] + counts["derived"]
            out[paper][proof] = {
                "steps": len(rows),
                **counts,
                "failed": sum(s.failed for s in rows),
                "checked_or_derived_share": (done / len(rows)) if rows else None,
            }
    return out


def format_step_summary() -> str:
    """One line per paper: the privacy and accuracy proofs' steps by status (what ``verify --coverage`` prints).

    Returns
    -------
    str
    """
    lines = []
    for paper, by_proof in step_summary().items():
        parts = []
        for proof in PROOFS:
            r = by_proof[proof]
            share = "" if r["checked_or_derived_share"] is None else f", {100 * r['checked_or_derived_share']:.0f}%"
            parts.append(
                f"{proof} {r['steps']} ({r['checked']} checked, {r['derived']} derived, "
                f"{r['not executable']} not executable{share}; {r['failed']} failed)"
            )
        lines.append(f"proof steps of {paper:<12} [{PAPER_KEYS[paper]}]".ljust(37) + "; ".join(parts))
    return "\n".join(lines)
