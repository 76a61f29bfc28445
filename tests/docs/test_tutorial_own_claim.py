"""docs/tutorials/own_claim.md runs: its files are extracted, loaded by ``geoprivate verify --claims-from``
in a subprocess (outside the repository), and the outputs the page shows are the outputs produced."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from tests import ROOT

PAGE = ROOT / "docs" / "tutorials" / "own_claim.md"


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", PAGE.read_text(), flags=re.S)


def _files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for block in _blocks("python"):
        first = block.splitlines()[0]
        assert first.startswith("# ") and first.endswith(".py"), first
        path = tmp_path / first[2:]
        path.write_text(block)
        out[path.name] = path
    return out


def _run(args, cwd):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "geoprivate", *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=300
    )


def _shown(after: str) -> list[str]:
    """The ``text`` block the page shows after the line containing ``after``, stripped lines."""
    text = PAGE.read_text()
    block = text[text.index(after) :].split("```text\n", 1)[1].split("```", 1)[0]
    return [ln.rstrip() for ln in block.splitlines() if ln.strip()]


def test_tutorial_claims_file_is_short_and_verify_prints_what_the_page_shows(tmp_path):
    files = _files(tmp_path)
    claims_file = files["my_claims.py"]
    assert len(claims_file.read_text().splitlines()) < 30  # from an empty file to a checked claim
    proc = _run(["verify", "--claims-from", "my_claims.py", "--claim", "mylab"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    printed = [ln.rstrip() for ln in proc.stdout.splitlines()]
    for line in _shown("geoprivate verify --claims-from my_claims.py --claim mylab"):
        assert line in printed, (line, proc.stdout)
    # the shrunk counterexample: three distinct points, the same under the same seed, exact strings
    runs = [_run(["verify", "--claims-from", str(claims_file), "--claim", "mylab", "--json"], tmp_path) for _ in (0, 1)]
    recs = [{r["id"]: r for r in json.loads(p.stdout)["claims"]} for p in runs]
    bad = recs[0]["mylab/interval-dichotomies-2n"]
    assert bad["status"] == "violated" and len(bad["instance"]) == 3 and len(set(bad["instance"])) == 3
    assert all(isinstance(x, str) for x in bad["instance"])
    assert bad["instance"] == recs[1]["mylab/interval-dichotomies-2n"]["instance"]
    assert recs[0]["mylab/interval-dichotomies"]["status"] == "holds"
    assert recs[0]["mylab/interval-dichotomies"]["citation"] == "Me 2026"


def test_tutorial_mechanism_is_audited_exactly_and_by_sampling(tmp_path):
    """The page's mechanism, run: both auditors, the broken total flagged, the count holding (#39 item 6)."""
    files = _files(tmp_path)
    source = files["my_mechanism.py"].read_text()
    assert len(source.splitlines()) <= 50  # it was 56 lines with a hand-rolled hockey-stick loop
    assert "hockey_stick" not in source
    assert all(name in source for name in ("exact_audit(", "audit_sampler(", ".strategy()", "dataset_neighbours("))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, str(files["my_mechanism.py"])], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert proc.returncode == 0, proc.stderr
    printed = [ln.rstrip() for ln in proc.stdout.splitlines()]
    assert printed == _shown("python my_mechanism.py")
    verdicts = {ln.split(":")[0]: ln for ln in printed}
    assert "violated=False" in verdicts["exact    count"] and "flagged=False" in verdicts["sampler  count"]
    assert "violated=True" in verdicts["exact    total"] and "flagged=True" in verdicts["sampler  total"]
    assert "exhaustive=False" in verdicts["searched total"] and "false alarm 1e-06" in verdicts["sampler  total"]


def test_tutorial_claim_returning_an_audit_is_violated_with_the_worst_pair(tmp_path):
    """The check returns exact_audit(...): verify makes it the verdict, the worst pair its instance (#39 item 5)."""
    _files(tmp_path)
    command = ["verify", "--claims-from", "my_mechanism.py", "--claim", "mylab/total-private"]
    (rec,) = json.loads(_run([*command, "--json"], tmp_path).stdout)["claims"]
    assert rec["status"] == "violated" and rec["instance"] == [[], [9]], rec
    printed = [ln.rstrip() for ln in _run(command, tmp_path).stdout.splitlines()]
    for line in _shown("geoprivate verify --claims-from my_mechanism.py --claim mylab/total-private"):
        assert line in printed, (line, printed)
