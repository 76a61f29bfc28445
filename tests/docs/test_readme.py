"""A README a newcomer reads in five minutes (#40 item 6), and every number it states is generated.

**The reference section** is the README from its ``## Cite`` heading to the end: the bibliography of the four
papers, the licence, where contributions and changes go.  It is exempt from the line budget and from the
number rule (a bibliography's years, pages and arXiv ids are not results), and it may hold nothing else: no
other section, no command, no generated number.

**The number rule.**  Above the reference section, a digit may appear only in text the code writes or that
states no result: between ``<!-- gen:NAME -->`` markers (``docs/gen_numbers.py``), in code (blocks and inline
spans: commands, identifiers), in a link's target, in an HTML comment, in a citation key (``[Yan26]``) or a
statement's number (``Lemma 1``, ``Claim E.6``, ``Algorithm 4``).
"""

from __future__ import annotations

import re

import pytest

from tests import ROOT

README = ROOT / "README.md"
#: the README's budget above its reference section (#40: a newcomer reads it in five minutes)
MAX_LINES = 150
REFERENCE_HEADING = "## Cite"

_STATEMENT = (
    r"(?:Lemmas?|Theorems?|Claims?|Algorithms?|Definitions?|Corollary|Corollaries|Propositions?|Observations?"
    r"|Figures?|Appendix|Section|Alg\.|§)"
)
#: text in which a digit states no result (removed before the search for digits)
EXEMPT = (
    re.compile(r"<!-- gen:[A-Za-z0-9_]+ -->.*?<!-- /gen -->", re.S),  # generated
    re.compile(r"```.*?```", re.S),  # code blocks
    re.compile(r"<!--.*?-->", re.S),  # comments (the quickstart's markers)
    re.compile(r"`[^`\n]*`"),  # inline code
    re.compile(r"\]\([^)\s]*\)"),  # link targets
    re.compile(r"\[[A-Z][A-Za-z]*\d{2}\]"),  # citation keys
    re.compile(_STATEMENT + r"\s?(?:[A-Z]\.?)?\d+(?:\.\d+)*"),  # a statement's number (Lemma 1, Claim E.6)
)


def split_reference(text: str) -> tuple[str, str]:
    """(the README above its reference section, the reference section)."""
    head, sep, ref = text.partition("\n" + REFERENCE_HEADING + "\n")
    assert sep, f"README.md has no reference section ({REFERENCE_HEADING!r})"
    return head + "\n", REFERENCE_HEADING + "\n" + ref


def typed_numbers(text: str) -> list[tuple[int, str]]:
    """(line number, line) of every line above the reference section with a digit outside :data:`EXEMPT`."""
    head, _ = split_reference(text)

    def blank(m):  # keep the line numbers
        return re.sub(r"[^\n]", " ", m.group(0))

    for pattern in EXEMPT:
        head = pattern.sub(blank, head)
    lines = text.split("\n")
    return [(n, lines[n - 1].strip()) for n, line in enumerate(head.split("\n"), 1) if re.search(r"\d", line)]


def test_readme_fits_in_its_budget_above_the_reference_section():
    head, ref = split_reference(README.read_text(encoding="utf-8"))
    assert head.count("\n") <= MAX_LINES, f"README.md has {head.count(chr(10))} lines above {REFERENCE_HEADING!r}"
    # the reference section holds references only
    assert not re.search(r"^#{1,3} ", ref.split("\n", 1)[1], re.M), "a section after the reference section"
    assert "```" not in ref and "<!-- gen:" not in ref
    assert ref.count("\n") <= 30


def test_readme_states_no_typed_number():
    hits = typed_numbers(README.read_text(encoding="utf-8"))
    assert not hits, "typed numbers in README.md (generate them: docs/gen_numbers.py):\n" + "\n".join(
        f"  {n}: {line[:110]}" for n, line in hits
    )


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("It took 38 s.\n", True),
        ("k = 6 blocks\n", True),
        ("VC-1 classes\n", True),
        ("It took <!-- gen:verify_small_cpu -->38 s<!-- /gen -->.\n", False),
        ("[Yan26] Lemma 1 and Claim E.6, Algorithm 4 of §5.2\n", False),
        ("run `geoprivate predict --T 2000`\n", False),
        ("```bash\ngeoprivate verify --seed 3\n```\n", False),
        ("see [img](docs/img/collapse_d1.png)\n", False),
        ("Lemma 1 needs k ≥ 1710\n", True),
    ],
)
def test_the_number_rule_flags_typed_numbers_only(text, flagged):
    assert bool(typed_numbers(text + "\n## Cite\n\n* [Yan26] 2026.\n")) == flagged


def test_readme_holds_the_newcomers_path():
    """What it is, the two commands, a screen of results (generated), the headline picture, where to go next."""
    text = README.read_text(encoding="utf-8")
    head, _ = split_reference(text)
    sections = re.findall(r"^## (.+)$", head, re.M)
    assert sections == ["Quickstart", "What `geoprivate verify` finds", "See it", "Where to go next"]
    assert head.index("<!-- quickstart -->") < head.index("## What")
    for name in ("verify_summary", "findings_summary", "findings_headline", "verify_small_cpu"):
        assert f"<!-- gen:{name} -->" in head
    assert "![" in head and "docs/img/collapse_d1_repaired.png" in head
    # every page it sends the reader to exists
    for target in re.findall(r"\]\(((?:docs/)?[A-Za-z0-9_/]+\.md)\)", head):
        assert (ROOT / target).is_file(), target


def test_the_long_sections_live_on_docs_pages_still_generated():
    """The generated tables and the long sections the README once held: on docs pages, under their markers."""
    pages = {
        "findings.md": ["findings_list"],
        "private_as_run.md": ["price_of_privacy_table", "price_of_everlasting_table", "labelboost_sweep_table"],
        "benchmarks.md": ["bench_speed_table", "one_phase_speed_result"],
    }
    for page, names in pages.items():
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        for name in names:
            assert f"<!-- gen:{name} -->" in text, (page, name)
    running = (ROOT / "docs" / "running.md").read_text(encoding="utf-8")
    for heading in (
        "## Claims",
        "### Private prediction via shrinkage",
        "### Private everlasting prediction",
        "### Sweeps",
    ):
        assert heading in running
    assert "## In short" in (ROOT / "docs" / "hardening.md").read_text(encoding="utf-8")
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for page in ("running", "findings", "benchmarks", "modules"):
        assert f"\n{page}\n" in index, f"docs/{page}.md is not in docs/index.md's toctree"
