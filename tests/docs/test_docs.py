"""The documentation site builds with warnings as errors (user guide, API reference by layer, guides,
references, figures) and holds every page the README links."""

import re

import pytest

from tests import ROOT


@pytest.mark.habits
def test_sphinx_builds_with_warnings_as_errors(docs_site):
    code, stderr, out = docs_site
    assert code == 0, stderr[-5000:]
    assert (out / "index.html").exists()
    api = "".join(p.read_text(encoding="utf-8") for p in (out / "_autogen").glob("api_*.html"))
    for module in (
        "solvers.combinatorics",
        "geoprivate.mechanisms.sparse_vector",
        "geoprivate.everlasting.generic_bbl",
    ):
        assert module in api
    refs = (out / "_autogen" / "references.html").read_text(encoding="utf-8")
    assert "Private Everlasting Prediction" in refs and "2305.09579" in refs
    assert list((out / "_images").glob("*.png")), "the figures page shows no figure"

    # the user guide: the quickstart and the five tasks
    for page in ("index", "verify", "private_run", "audit", "sweep", "explore"):
        assert (out / "guide" / f"{page}.html").exists(), page
    # the API reference by layer: no layer page lists every module, and each module is on one layer page
    layers = sorted((out / "_autogen").glob("api_*.html"))
    assert len(layers) >= 6
    # the sidebar of a page is not the flat list of every module (issue #30: ~120 links)
    sidebar = (out / "guide" / "verify.html").read_text(encoding="utf-8")
    assert sidebar.count("_autogen/generated/") < 20
    # code blocks scroll instead of being cut
    css = (out / "_static" / "custom.css").read_text(encoding="utf-8")
    assert re.search(r"pre\s*\{[^}]*overflow-x:\s*auto", css)


@pytest.mark.habits
def test_every_page_the_readme_links_is_in_the_site(docs_site):
    code, stderr, out = docs_site
    assert code == 0, stderr[-5000:]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"docs/([A-Za-z0-9_]+)\.md", readme))
    assert {"DESIGN", "hardening", "papers", "private_as_run"} <= linked
    for name in sorted(linked):
        assert (out / f"{name}.html").exists(), f"docs/{name}.md is linked from the README but not in the site"
    for name in ("CONTRIBUTING", "CHANGELOG"):
        assert name + ".md" in readme
        assert (out / "project" / f"{name.lower()}.html").exists()


def test_pyproject_carries_the_metadata_a_package_index_shows():
    import tomllib

    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    cls = set(meta["classifiers"])
    for v in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {v}" in cls
    assert "License :: OSI Approved :: BSD License" in cls
    assert {"Topic :: Scientific/Engineering :: Mathematics", "Intended Audience :: Science/Research"} <= cls
    assert {"Documentation", "Source", "Citation"} <= set(meta["urls"])
    assert meta["keywords"]
