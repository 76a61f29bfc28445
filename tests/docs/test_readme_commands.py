"""Every command the README shows after its quickstart runs (issue #30 item 8), and every command of the docs
pages its long sections moved to (#40 item 6: :data:`COMMAND_PAGES`).

The commands are read from README.md's ```bash blocks after the ``<!-- /quickstart -->`` marker, then from the
```bash blocks of :data:`COMMAND_PAGES`, in order.
Two ways, both in a throwaway copy of the checkout (its tracked files), so that relative output paths
(``--out docs/img``, ``tops.sqlite``, ``out/``) and the notebooks re-executed in place land there:

* default run: each command with the current interpreter and ``PYTHONPATH`` = the copy (``geoprivate …`` is
  ``python -m geoprivate …``; ``pip install`` is skipped: this environment has the extras); only the commands
  in ``FAST`` run by default, the others are marked ``slow``;
* ``slow``: the whole README as a newcomer runs it — a fresh venv in the copy, the quickstart's install,
  then every command in order with the venv activated (``pip install`` included; needs PyPI).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests import ROOT

#: commands that take a few seconds at most run in the default run (exactly these lines); every other README
#: command is marked slow (measured on the 2-core machine: most take 8 s to 5 min)
FAST = (
    "geoprivate everlasting",
    "geoprivate everlasting --mode theorem --phases 3",
    "geoprivate plan generic-bbl --epsilon 0.5 --delta 1e-6 --alpha 0.06 --queries 1000 --tops 28 --lambda1 16",
    "geoprivate plan dp-winnow --epsilon 1 --delta 1e-6 --T 10000 --d 1000 --rho 0.2",
)


#: the docs pages that hold the commands the README once showed (its sections moved there, #40 item 6); their
#: commands are written for the reader of the README (after the quickstart, the venv activated) and run here too
COMMAND_PAGES = ("docs/running.md", "docs/private_as_run.md", "docs/guide/explore.md")


def _bash_commands(text: str) -> list[str]:
    """One command per line of the ```bash blocks of ``text``, comments stripped."""
    out = []
    for block in re.findall(r"```bash\n(.*?)```", text, re.S):
        for line in block.splitlines():
            cmd = re.sub(r"\s+#\s.*$", "", line).strip()
            if cmd and not cmd.startswith("#"):
                out.append(cmd)
    return out


def readme_commands(text: str | None = None) -> list[str]:
    """The README's commands after the quickstart, one per line of its ```bash blocks, comments stripped."""
    text = (ROOT / "README.md").read_text(encoding="utf-8") if text is None else text
    return _bash_commands(text[text.index("<!-- /quickstart -->") :])


def documented_commands() -> list[str]:
    """The README's commands, then those of :data:`COMMAND_PAGES`, in order, each once."""
    cmds = readme_commands()
    for page in COMMAND_PAGES:
        cmds += _bash_commands((ROOT / page).read_text(encoding="utf-8"))
    return list(dict.fromkeys(cmds))


def quickstart_install() -> list[str]:
    """The quickstart's first command (creates .venv and installs the toolkit), as README.md states it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- quickstart -->\n```bash\n(.*?)```", text, re.S).group(1)
    return [c.strip() for c in block.splitlines()[0].split("&&")]


def checkout_copy(dest: Path) -> Path:
    """The tracked files of the checkout, copied to ``dest`` (a throwaway checkout)."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for rel in filter(None, files.decode().split("\0")):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


@pytest.fixture(scope="module")
def checkout(tmp_path_factory):
    return checkout_copy(tmp_path_factory.mktemp("checkout"))


def _argv(cmd: str) -> list[str]:
    words = shlex.split(cmd)
    if words[0] == "geoprivate":
        return [sys.executable, "-m", "geoprivate", *words[1:]]
    if words[0] in ("python", "python3"):
        return [sys.executable, *words[1:]]
    raise AssertionError(f"README command of an unknown kind: {cmd!r}")


def _params() -> list:
    """One pytest param per README command (a list: pytest deprecates generators in parametrize)."""
    return [
        pytest.param(cmd, marks=[] if cmd in FAST else [pytest.mark.slow], id=cmd[:70]) for cmd in documented_commands()
    ]


def test_readme_has_commands_and_one_way_to_run_them():
    cmds = documented_commands()
    assert len(cmds) > 20
    assert readme_commands() and set(readme_commands()) <= set(cmds)
    # after the quickstart: the venv is activated once, then bare `geoprivate` / `python` / `pip`
    assert all(c.split()[0] in ("geoprivate", "python", "pip") for c in cmds), cmds
    assert not any("python -m geoprivate" in c or ".venv/bin" in c for c in cmds)
    assert ". .venv/bin/activate" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert set(FAST) <= set(cmds), "FAST names a command the README no longer shows"


@pytest.mark.parametrize("cmd", _params())
def test_readme_command_runs(cmd, checkout):
    if cmd.startswith("pip "):
        pytest.skip("installs into the environment: the fresh-venv test runs it")
    env = dict(os.environ, PYTHONPATH=str(checkout), MPLBACKEND="Agg")
    proc = subprocess.run(_argv(cmd), cwd=checkout, env=env, capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, f"{cmd}\n{proc.stderr[-3000:]}"


@pytest.mark.slow
def test_readme_in_a_fresh_venv(tmp_path):
    """The newcomer's path: the quickstart's install in a fresh venv, then every README command in order, then
    those of the pages it sends the reader to."""
    repo = checkout_copy(tmp_path / "checkout")
    script = ["set -e", "cd " + shlex.quote(str(repo)), *quickstart_install(), ". .venv/bin/activate"]
    script += documented_commands()
    proc = subprocess.run(
        ["bash", "-c", "\n".join(script)],
        env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")} | {"MPLBACKEND": "Agg"},
        capture_output=True,
        text=True,
        timeout=4 * 3600,
    )
    assert proc.returncode == 0, proc.stderr[-5000:]


def test_readme_quickstart_is_two_commands_and_ci_runs_the_test_one():
    text = (ROOT / "README.md").read_text()
    block = text.split("<!-- quickstart -->")[1].split("<!-- /quickstart -->")[0]
    commands = [ln for ln in block.splitlines() if ln.strip() and not ln.startswith("```")]
    assert len(commands) == 2
    assert "geoprivate verify" in commands[0]
    assert "pytest" in commands[1] and "[test]" in commands[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "quickstart" in ci and "pytest" in ci  # CI reads the command from the README block


def test_the_test_command_runs_the_default_suite_then_the_habits_stage():
    """A contributor's one command keeps everything green: `pytest` (not slow, not habits), then `pytest -m habits`;
    .ci/run announces each step's stage and refuses a README command without the habits stage."""
    text = (ROOT / "README.md").read_text()
    block = text.split("<!-- quickstart -->")[1].split("<!-- /quickstart -->")[0]
    cmd = [ln for ln in block.splitlines() if "pytest" in ln][0]  # what .ci/run runs: grep -E pytest | head -1
    steps = cmd.split(" && ")
    runs = [s for s in steps if "pytest" in s]
    assert len(runs) == 2 and runs[0].endswith("-m pytest") and runs[1].endswith("-m pytest -m habits")
    assert steps.index(runs[0]) < steps.index(runs[1])
    addopts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["addopts"]
    assert "not habits" in addopts and "not slow" in addopts
    ci = (ROOT / ".ci" / "run").read_text()
    assert "-m habits" in ci and "CI failed in stage" in ci
    assert os.access(ROOT / ".ci" / "habits", os.X_OK) and "-m habits" in (ROOT / ".ci" / "habits").read_text()
