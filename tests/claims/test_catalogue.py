"""The statement catalogue: complete for the shipped statement list, links derived from the claims."""

import json

import pytest

from geoprivate import claims
from geoprivate.claims import Claim, Verdict, catalogue, register
from geoprivate.claims import statements as stl
from geoprivate.cli import main


def test_every_claim_label_names_a_catalogued_statement():
    assert catalogue.link_problems() == []


def test_the_catalogue_covers_exactly_the_shipped_statement_list():
    listed = [(p, lab) for p, lab, _ in stl.STATEMENT_LIST]
    assert len(listed) == len(set(listed)) == len(catalogue.STATEMENTS)
    assert [s.key for s in catalogue.STATEMENTS] == listed
    for p in ("shrinkage", "everlasting", "winnow", "vc1"):
        assert stl.labels(p) == [s.label for s in catalogue.statements(p)]
    assert all(t.strip() for _, _, t in stl.STATEMENT_LIST)


def test_every_statement_has_exactly_one_kind_of_coverage():
    for s in catalogue.STATEMENTS:
        assert s.status in catalogue.STATUSES
        assert s.title and s.coverage(), s
        if s.status == "not executable":
            assert s.reason, s


def test_nothing_is_left_uncovered():
    assert [s.key for s in catalogue.STATEMENTS if s.status == "not yet covered"] == []


def test_implementing_code_exists():
    for s in catalogue.STATEMENTS:
        for name in s.implemented_by:
            assert catalogue.resolve(name) is not None, (s, name)


def test_a_claim_naming_an_uncatalogued_statement_is_caught():
    bogus = Claim("vc1/lemma-99", "vc1", None, "x", lambda rng, size: Verdict.holds(), ("Lemma 99",))
    problems = catalogue.link_problems(claims.all_claims() + [bogus])
    assert any("Lemma 99" in p and "not in the catalogue" in p for p in problems)
    bogus_o = Claim("vc1/theorem-99", "vc1", None, "x", lambda rng, size: Verdict.holds(), (), ("Theorem 99",))
    assert any("estimates" in p for p in catalogue.link_problems([bogus_o]))


def test_links_are_derived_from_the_decorators():
    """A newly registered claim with checks= makes its statement checked without a catalogue edit."""
    s = catalogue.get_statement("everlasting", "Remark E.7")
    assert s.status == "not executable"
    cid = "everlasting/test-only-remark-e-7"
    register(cid, checks=("Remark E.7",), statement="test only")(lambda rng, size: Verdict.holds())
    try:
        assert s.status == "checked" and s.claims == (cid,)
    finally:
        del claims._registry._REGISTRY[cid]
    assert s.status == "not executable"


def test_an_audit_target_with_a_registered_audit_is_audited():
    targets = [s for s in catalogue.STATEMENTS if s.audit]
    assert {
        ("everlasting", "Claim 5.3"),
        ("everlasting", "Claim E.5"),
        ("everlasting", "Claim E.6"),
        ("vc1", "Theorem 10"),
    } <= {s.key for s in targets}
    for s in targets:
        assert s.status in ("audited", "not executable"), s
    s = catalogue.get_statement("everlasting", "Claim E.6")
    had = s.claims
    cid = "everlasting/test-only-claim-e-6"
    register(cid, checks=("Claim E.6",), statement="test only")(lambda rng, size: Verdict.holds())
    try:
        assert s.status == "audited" and cid in s.claims
    finally:
        del claims._registry._REGISTRY[cid]
    assert s.claims == had


def test_o_constant_claims_do_not_make_a_statement_checked():
    for s in catalogue.STATEMENTS:
        if s.estimates and not s.claims:
            assert s.status == "not executable" and s.estimates[0] in s.coverage()


if stl.papers_dir() is not None:  # optional cross-check, off by default: no test (and no skip) without it

    @pytest.mark.parametrize("paper", ["shrinkage", "everlasting", "winnow", "vc1"])
    def test_optional_cross_check_against_local_paper_texts(paper):
        number = {"shrinkage": "001", "everlasting": "002", "winnow": "003", "vc1": "004"}[
            paper
        ]  # the local copies' names
        text = next(stl.papers_dir().glob(f"{number}_*.txt")).read_text()
        found = stl.paper_text_headers(text)
        assert found and found <= set(stl.labels(paper)), sorted(found - set(stl.labels(paper)))


def test_paper_text_headers_parses_numbered_headers():
    text = "Claim 13 (restated).\nLemma 4.2 Let x\nnot a header Lemma 3\nClaim E.5.\nDefinition 2.\n"
    assert stl.paper_text_headers(text) == {"Claim 13", "Lemma 4.2", "Claim E.5"}


def test_verify_coverage_prints_the_table_and_one_count_line_per_paper(capsys):
    assert main(["verify", "--coverage"]) == 0
    out = capsys.readouterr().out
    for s in catalogue.STATEMENTS[:5] + catalogue.STATEMENTS[-5:]:
        assert s.label in out
    assert "claim links: ok" in out
    for paper, key in catalogue.CITATION_KEYS.items():
        (line,) = [ln for ln in out.splitlines() if ln.startswith(paper + " ") and key in ln]
        counts = catalogue.coverage_summary()[paper]
        assert all(f"{v} {k}" in line for k, v in counts.items())
        assert sum(counts.values()) == len(catalogue.statements(paper))


def test_verify_coverage_json(capsys):
    assert main(["verify", "--coverage", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["statements"]) == len(catalogue.STATEMENTS) and out["problems"] == []
    assert sum(sum(v.values()) for v in out["summary"].values()) == len(catalogue.STATEMENTS)


def test_a_numbered_result_is_never_silently_a_definition():
    """Lemmas, Claims, Theorems, Corollaries, Propositions: checked, audited or not executable (with a reason)."""
    for s in catalogue.STATEMENTS:
        if s.kind in ("Lemma", "Claim", "Theorem", "Corollary", "Proposition"):
            assert s.status in ("checked", "audited", "not executable"), s
