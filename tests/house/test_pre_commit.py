""".pre-commit-config.yaml runs the habits with the tools and configuration pyproject.toml names, offline.

The hooks are local (``language: system`` / ``pygrep``): a commit uses the ruff pinned in the test extra and
the mypy it installs, with pyproject.toml's configuration, so the hooks and the habits stage cannot disagree.
"""

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from tests import ROOT
from tests.house.test_habits import LINTED

CONFIG = ROOT / ".pre-commit-config.yaml"


def _hooks() -> dict:
    config = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    return {h["id"]: (repo["repo"], h) for repo in config["repos"] for h in repo["hooks"]}


def _extra(name: str) -> list[str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"][name]


def test_the_hooks_are_local_and_need_no_network():
    hooks = _hooks()
    assert {"ruff-check", "ruff-format", "mypy", "trailing-whitespace", "end-of-file"} <= set(hooks)
    for hook_id, (repo, hook) in hooks.items():
        assert repo in ("local", "meta"), f"{hook_id}: {repo} would be cloned at install time"
        assert hook["language"] in ("system", "pygrep"), hook_id
        assert "additional_dependencies" not in hook, hook_id


def test_ruff_and_mypy_hooks_are_the_tools_pyproject_installs_and_configures():
    hooks = _hooks()
    test_extra = _extra("test")
    for hook_id, tool in (("ruff-check", "ruff"), ("ruff-format", "ruff"), ("mypy", "mypy")):
        entry = hooks[hook_id][1]["entry"].split()
        assert entry[0] == tool, hook_id
        assert "--config" not in entry and "--config-file" not in entry  # pyproject.toml's settings, not others
        assert any(re.match(rf"{tool}\b", req) for req in test_extra), f"{tool} is not in the test extra"
    assert hooks["ruff-check"][1]["entry"].split()[1] == "check"
    assert hooks["ruff-format"][1]["entry"].split()[1] == "format"
    # ruff is pinned (formatting changes between versions), so the hooks and the habits stage agree
    assert any(re.fullmatch(r"ruff==[\d.]+", req) for req in test_extra)
    # the ruff hooks see exactly the folders the habits stage lints
    for hook_id in ("ruff-check", "ruff-format"):
        folders = re.fullmatch(r"\^\(([\w|]+)\)/", hooks[hook_id][1]["files"]).group(1).split("|")
        assert sorted(folders) == sorted(LINTED), hook_id
    # mypy checks the packages [tool.mypy] names, whatever file changed
    assert hooks["mypy"][1]["pass_filenames"] is False
    assert "pre-commit" in " ".join(_extra("dev"))


@pytest.mark.parametrize(
    "hook_id, text, flagged",
    [
        ("trailing-whitespace", "a line  \nanother\n", True),
        ("trailing-whitespace", "clean\n", False),
        ("end-of-file", "no final newline", True),
        ("end-of-file", "a final newline\n", False),
    ],
)
def test_the_whitespace_patterns_flag_what_they_name(hook_id, text, flagged):
    """pygrep hooks report a file when the pattern matches (``--multiline``: over the whole file)."""
    hook = _hooks()[hook_id][1]
    flags = re.MULTILINE | (re.DOTALL if "--multiline" in hook.get("args", []) else 0)  # as pygrep compiles it
    assert bool(re.search(hook["entry"], text, flags)) is flagged


def test_pre_commit_validates_the_configuration():
    exe = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")
    if exe is None:
        pytest.skip("pre-commit is not installed (pip install '.[dev]')")
    proc = subprocess.run([exe, "validate-config", str(CONFIG)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
