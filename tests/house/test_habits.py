"""The scientific-Python habits, checked: lint, format, types, license, citation metadata, clean benchmarks."""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from geoprivate import _papers
from tests import ROOT

LINTED = ["geoprivate", "solvers", "tests", "benchmarks", "examples", "docs"]


def _run(*cmd):
    return subprocess.run(list(cmd), cwd=ROOT, capture_output=True, text=True, timeout=600)


def _tool(name):
    exe = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    assert exe, f"{name} is not installed (it is in the test extra: pip install '.[test]')"
    return exe


@pytest.mark.habits
def test_ruff_lint_passes():
    proc = _run(_tool("ruff"), "check", *LINTED)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


@pytest.mark.habits
def test_ruff_format_check_passes():
    proc = _run(_tool("ruff"), "format", "--check", *LINTED)
    assert proc.returncode == 0, "run `ruff format " + " ".join(LINTED) + "`:\n" + proc.stdout[-3000:]


def test_mypy_config_checks_every_module():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert set(config["files"]) == {"geoprivate", "solvers"}
    assert config["warn_unused_ignores"] is True
    assert config["check_untyped_defs"] is True  # unannotated bodies are checked too (#41)
    excused = [o["module"] for o in config.get("overrides", []) if o.get("ignore_errors")]
    assert not excused, f"modules excluded from mypy: {excused}"


@pytest.mark.habits
def test_mypy_passes_on_geoprivate_and_solvers():
    proc = _run(sys.executable, "-m", "mypy")
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


def test_packages_are_typed():
    for pkg in ("geoprivate", "solvers"):
        assert (ROOT / pkg / "py.typed").exists(), pkg


def test_license_is_bsd_3_clause_of_the_developers():
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("BSD 3-Clause License") and "The geoprivate developers" in text
    assert 'license = { text = "BSD-3-Clause" }' in (ROOT / "pyproject.toml").read_text()


@pytest.mark.habits
def test_citation_cff_is_valid():
    proc = _run(_tool("cffconvert"), "--validate", "-i", str(ROOT / "CITATION.cff"))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_citation_cff_agrees_with_the_bibliography_and_the_version():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    version = [
        line.split("=")[1].strip().strip('"')
        for line in (ROOT / "pyproject.toml").read_text().splitlines()
        if line.startswith("version")
    ][0]
    assert cff["version"] == version and cff["license"] == "BSD-3-Clause"
    cited = {(r["title"], r["year"], r["identifiers"][0]["value"]) for r in cff["references"]}
    expected = {
        (_papers.REFERENCES[k].title, _papers.REFERENCES[k].year, f"arXiv:{_papers.REFERENCES[k].arxiv}")
        for k in _papers.PAPER_KEYS.values()
    }
    assert cited == expected


def test_contributing_and_changelog_exist():
    contributing = (ROOT / "CONTRIBUTING.md").read_text()
    for topic in ("How to add a claim", "How to add an algorithm", "How to add a benchmark", "SPEC 0"):
        assert topic in contributing
    assert (ROOT / "CHANGELOG.md").read_text().startswith("# Changelog")


@pytest.mark.parametrize("script", ["real_data.py", "bench_median.py"])
def test_benchmarks_write_under_an_ignored_directory_by_default(script):
    text = (ROOT / "benchmarks" / script).read_text()
    assert '"--out"' in text and '/ "out"' in text
    gitignore = (ROOT / ".gitignore").read_text().splitlines()
    assert "benchmarks/out/*" in gitignore
