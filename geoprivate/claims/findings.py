"""The findings: every registered claim whose check is violated, each with its gap in one line.

A violated claim is a finding about a paper (or about the toolkit's former reading of one).  Two kinds:

* the claims that check a *statement* — their gap is stated here, in :data:`CLAIM_FINDINGS`;
* the claims that check a *proof step* (:mod:`geoprivate.claims.steps`) — their gap is the failed step's
  own ``gap``, declared with the step.

:func:`findings` lists both, one row per violated claim (the steps it checks named with it); the docs'
findings list (docs/findings.md) and the README's summary are generated from it (``docs/gen_numbers.py``,
markers ``findings_list``, ``findings_summary``, ``findings_headline``), and the tests check that the claims
it names are exactly those ``geoprivate verify`` finds violated.
"""

from __future__ import annotations

from geoprivate._papers import PAPER_KEYS
from geoprivate.claims._registry import get_claim
from geoprivate.claims.steps import failed_steps, get_step

__all__ = ["CLAIM_FINDINGS", "findings", "findings_markdown"]

#: violated claims that check statements (not proof steps): claim id → the gap in one line
CLAIM_FINDINGS = {
    "everlasting/claims-d-conditions": "at τ = 1.1·10¹⁰ the size conditions of Claims D.7 and D.9 fail for α, β, δ "
    "near 1/16",
    "everlasting/labelboost-release": "LabelBoost's released labels are not 1-DP as the ledger once booked "
    "(proved: 2 ln(1 + e^{1/2}) ≈ 1.948)",
    "shrinkage/dual-degeneracy": "§5.1–5.2's homogeneous dual constraints admit (a, w) = 0: large depth does not "
    "mean few errors",
    "vc1/theorem-7": "advanced composition as printed lacks the kε(e^ε − 1)/(e^ε + 1) term",
}


def _label(claim_id: str) -> str:
    c = get_claim(claim_id)
    key = f"[{PAPER_KEYS[c.paper]}]" if c.paper in PAPER_KEYS else ""
    labels = ", ".join(c.checks[:2]) + (", …" if len(c.checks) > 2 else "")
    return " ".join(x for x in (key, labels) if x)


def findings() -> list[dict]:
    """One row per violated claim: the claim, the statement(s), the failed proof steps it checks, and the gap.

    Returns
    -------
    list of dict
        ``claim``, ``paper``, ``citation`` (key and statement labels), ``steps`` (ids of the failed proof
        steps the claim checks; empty for a statement's claim) and ``gap`` (one line), in paper order.
    """
    rows: dict[str, dict] = {
        cid: {"claim": cid, "paper": cid.split("/")[0], "citation": _label(cid), "steps": [], "gap": gap}
        for cid, gap in CLAIM_FINDINGS.items()
    }
    for s in failed_steps():
        row = rows.setdefault(
            s.claim,
            {"claim": s.claim, "paper": s.paper, "citation": s.citation, "steps": [], "gap": s.gap},
        )
        row["steps"].append(s.id)
    order = {p: i for i, p in enumerate(PAPER_KEYS)}
    return sorted(rows.values(), key=lambda r: (order.get(r["paper"], len(order)), r["claim"]))


def _where(row: dict) -> str:
    """``[BF26] Lemma A.1, proof steps 4, 14``: the paper's key, then each statement with its failed steps."""
    if not row["steps"]:
        return row["citation"]
    by_statement: dict[str, list[str]] = {}
    for sid in row["steps"]:
        s = get_step(sid)
        by_statement.setdefault(s.statement, []).append(str(s.k))
    parts = [f"{st}, proof step{'s' if len(ks) > 1 else ''} {', '.join(ks)}" for st, ks in by_statement.items()]
    return f"[{PAPER_KEYS[row['paper']]}] " + "; ".join(parts)


def findings_markdown() -> str:
    """The findings as a Markdown list, one line per violated claim (docs/findings.md's generated block).

    Returns
    -------
    str
    """
    return "\n".join(f"- `{r['claim']}` — {_where(r)}: {r['gap']}" for r in findings())
