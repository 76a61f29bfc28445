"""The statement catalogue: complete for the paper files, consistent with the registered claims."""

import re
from pathlib import Path

import pytest

from geoprivate import claims
from geoprivate.claims import Claim, Verdict, catalogue
from geoprivate.cli import main

# the paper texts sit beside a checkout (../shared/papers) on the developers' machines and in CI;
# the completeness test skips where they are absent
PAPERS_DIR = Path(__file__).resolve().parents[2] / "shared" / "papers"
HEADER = re.compile(r"^(Lemma|Claim|Theorem|Corollary|Observation|Fact|Proposition|Remark)\s+([A-Z]?\.?\d+(?:\.\d+)*)[ .(]")


def test_the_catalogue_and_the_claims_agree():
    assert catalogue.consistency_problems() == []


def test_every_statement_has_exactly_one_kind_of_coverage():
    for s in catalogue.STATEMENTS:
        assert s.status in catalogue.STATUSES
        assert s.title and s.coverage(), s
        if s.status == "not executable":
            assert s.reason, s
        if s.status == "not yet covered":
            assert s.issue is None or s.issue in (10, 11, 12, 13), s


def test_implementing_code_exists():
    for s in catalogue.STATEMENTS:
        for name in s.implemented_by:
            assert catalogue.resolve(name) is not None, (s, name)


def test_a_claim_naming_an_uncatalogued_statement_is_caught():
    bogus = Claim("vc1/lemma-99", "vc1", None, "x", lambda rng, size: Verdict.holds(), ("Lemma 99",))
    problems = catalogue.consistency_problems(claims.all_claims() + [bogus])
    assert any("Lemma 99" in p and "not in the catalogue" in p for p in problems)


def test_a_missing_claim_and_a_disagreement_are_caught():
    present = [c for c in claims.all_claims() if c.id != "vc1/lemma-3"]
    assert any("vc1/lemma-3" in p and "not a registered claim" in p for p in catalogue.consistency_problems(present))
    silent = [Claim(c.id, c.paper, c.paper_file, c.statement, c.check, ()) if c.id == "vc1/lemma-4" else c
              for c in claims.all_claims()]
    assert any("vc1/lemma-4" in p and "does not name it" in p for p in catalogue.consistency_problems(silent))


@pytest.mark.skipif(not PAPERS_DIR.exists(), reason="paper texts not available")
@pytest.mark.parametrize("paper", ["shrinkage", "everlasting", "winnow", "vc1"])
def test_every_numbered_statement_of_the_paper_text_is_catalogued(paper):
    text = (PAPERS_DIR / claims.PAPERS[paper]).read_text()
    found = {f"{m[1]} {m[2]}" for m in map(HEADER.match, text.splitlines()) if m}
    labels = {s.label for s in catalogue.statements(paper)}
    assert found and found <= labels, sorted(found - labels)


def test_verify_coverage_prints_the_table(capsys):
    assert main(["verify", "--coverage"]) == 0
    out = capsys.readouterr().out
    for s in catalogue.STATEMENTS[:5] + catalogue.STATEMENTS[-5:]:
        assert s.label in out
    assert "consistency: ok" in out


def test_verify_coverage_json(capsys):
    import json

    assert main(["verify", "--coverage", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["statements"]) == len(catalogue.STATEMENTS) and out["problems"] == []
    assert sum(sum(v.values()) for v in out["summary"].values()) == len(catalogue.STATEMENTS)
