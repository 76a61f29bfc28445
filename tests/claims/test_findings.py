"""The findings registry (#42): one row per violated claim, the failed proof steps with theirs, and the README's
generated list; the slow test checks the rows name exactly the claims ``geoprivate verify`` finds violated."""

import pytest

from geoprivate.claims import all_claims, get_claim, run_claim, steps
from geoprivate.claims.findings import CLAIM_FINDINGS, findings, findings_markdown


def test_every_finding_names_a_registered_claim_once():
    rows = findings()
    claims = [r["claim"] for r in rows]
    assert len(claims) == len(set(claims))
    for r in rows:
        assert get_claim(r["claim"]).id == r["claim"] and r["gap"] and "\n" not in r["gap"]
        assert r["citation"].startswith("[")


def test_statement_findings_and_step_findings_do_not_overlap():
    step_claims = {s.claim for s in steps.STEPS if s.status == "checked"}
    assert not set(CLAIM_FINDINGS) & step_claims
    assert {s.claim for s in steps.failed_steps()} <= {r["claim"] for r in findings()}


def test_markdown_is_one_line_per_finding_with_its_steps():
    md = findings_markdown().splitlines()
    assert len(md) == len(findings())
    (line,) = [ln for ln in md if ln.startswith("- `winnow/lemma-a-1-step-4`")]
    assert "[BF26] Lemma A.1, proof steps 4, 14" in line


@pytest.mark.slow
def test_the_findings_are_exactly_the_claims_verify_finds_violated():
    violated = {c.id for c in all_claims() if c.builtin and run_claim(c, seed=0, size="small")["status"] == "violated"}
    assert violated == {r["claim"] for r in findings()}
