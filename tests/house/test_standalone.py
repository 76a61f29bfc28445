"""The package stands alone: it cites works by key, never by a workspace name, and every key exists."""

import re

import pytest

from geoprivate import _papers
from tests import ROOT

SCANNED = ["geoprivate", "solvers", "docs", "README.md"]
SUFFIXES = {".py", ".md", ".rst", ".txt", ".bib", ".cfg", ".toml", ".json", ".ipynb", ".html", ".css", ".js"}
# the workspace names the issue forbids: the word "seed" with a paper number, the shared folder, hashed file names
WORKSPACE_NAME = re.compile(r"seed 00[0-4]|shared[/]papers|[0-9a-f]{16}\.txt", re.IGNORECASE)
# a citation in a docstring or page: [Key] with a key shaped like the bibliography's (letters then 2 digits)
CITED_KEY = re.compile(r"\[([A-Z][A-Za-z]{1,7}\d{2})\]")


def _files():
    for name in SCANNED:
        path = ROOT / name
        if path.is_file():
            yield path
            continue
        for f in sorted(path.rglob("*")):
            if f.is_file() and f.suffix in SUFFIXES and not {"_build", "_autogen", "__pycache__"} & set(f.parts):
                yield f


def test_no_workspace_names_in_code_or_docs():
    hits = []
    for f in _files():
        for n, line in enumerate(f.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if WORKSPACE_NAME.search(line):
                hits.append(f"{f.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not hits, f"{len(hits)} workspace names (cite as [Key] Statement instead):\n" + "\n".join(hits[:40])


def test_no_workspace_name_split_over_a_line_break():
    # "... not seed\n    004 Theorem 9" escaped the line-by-line scan above (two were left in docstrings)
    split = re.compile(r"seed[ \t]*\n[ \t#*>]*00[0-4]", re.IGNORECASE)
    hits = [str(f.relative_to(ROOT)) for f in _files() if split.search(f.read_text(encoding="utf-8", errors="replace"))]
    assert not hits, hits


def test_every_cited_key_is_in_the_bibliography():
    unknown = set()
    for f in _files():
        if f.suffix == ".bib":
            continue
        for key in CITED_KEY.findall(f.read_text(encoding="utf-8", errors="replace")):
            if key not in _papers.REFERENCES:
                unknown.add(f"{f.relative_to(ROOT)}: [{key}]")
    assert not unknown, sorted(unknown)


def test_references_bib_is_generated_from_the_table():
    bib = (ROOT / "docs" / "references.bib").read_text(encoding="utf-8")
    assert bib == _papers.to_bibtex(), "regenerate with: python -m geoprivate._papers"


def test_the_four_papers_and_their_claim_prefixes():
    assert set(_papers.PAPER_KEYS) == {"shrinkage", "everlasting", "winnow", "vc1"}
    for key in _papers.PAPER_KEYS.values():
        ref = _papers.REFERENCES[key]
        assert ref.authors and ref.title and ref.year and ref.arxiv
        assert str(ref.year)[2:] == key[-2:], key  # the key's two digits are the cited version's year


def test_cite_and_full_citation():
    assert _papers.cite("NNSY23", "Claim D.9") == "[NNSY23] Claim D.9"
    assert _papers.cite("Yan25") == "[Yan25]"
    text = _papers.full_citation("NNSY23")
    assert text.startswith("Moni Naor, Kobbi Nissim, Uri Stemmer, and Chao Yan. Private Everlasting Prediction.")
    assert "NeurIPS 2023" in text and "arXiv:2305.09579" in text
    with pytest.raises(KeyError, match="unknown citation key"):
        _papers.cite("Nobody99")
    with pytest.raises(TypeError, match="key"):
        _papers.cite(3)


def test_verify_json_carries_a_citation_key_per_claim(capsys):
    import json

    from geoprivate.cli import main

    assert main(["verify", "--json", "--claim", "vc1/lemma-2"]) in (0, 1)
    record = json.loads(capsys.readouterr().out)["claims"][0]
    assert record["citation"] == "Yan25" and "paper_file" not in record
