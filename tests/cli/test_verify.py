"""Claims registry and the `geoprivate verify` command: rows, counts of warnings, JSON."""

import json
import re
import subprocess
import sys

import numpy as np
import pytest

from geoprivate import claims
from geoprivate._papers import REFERENCES
from geoprivate.claims import Verdict, register, run_claim
from geoprivate.cli import main
from tests import ROOT

FOUNDATION_CLAIMS = {
    "general/sauer-shelah",
    "general/pajor",
    "general/vc-ld-log",
    "general/ld-version-space",
    "vc1/theorem-4",
}


def test_registry_ids_follow_the_convention():
    all_claims = claims.all_claims()
    ids = [c.id for c in all_claims]
    assert set(ids) >= FOUNDATION_CLAIMS
    assert len(ids) == len(set(ids))
    for c in all_claims:
        paper, kind = c.id.split("/")
        assert paper in claims.PAPERS and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", kind)
        assert c.statement and callable(c.check)
        if c.paper != "general":
            assert c.citation == claims.PAPERS[c.paper] and c.citation in REFERENCES


def test_register_rejects_bad_ids():
    with pytest.raises(ValueError, match="claim_id"):
        register("shrinkage", statement="x")
    with pytest.raises(ValueError, match="claim_id"):
        register("MyLab/Lemma 3", statement="x")
    # a paper's namespace is the toolkit's: user code (a module outside geoprivate) is refused at decoration
    deco = register("shrinkage/mine", statement="x")

    ns = {"__name__": "my_lab_claims"}
    exec(compile("def mine(rng, size):\n    return None\n", "/elsewhere/my_lab_claims.py", "exec"), ns)
    with pytest.raises(ValueError, match="reserved for the toolkit"):
        deco(ns["mine"])


def test_verdict_status_is_checked():
    with pytest.raises(ValueError):
        Verdict("maybe")
    v = Verdict.violated({"M": np.eye(2)}, gap=np.int64(3))
    assert v.status == "violated" and v.instance["M"].shape == (2, 2)


@pytest.mark.parametrize("claim_id", sorted(FOUNDATION_CLAIMS))
def test_foundation_claims_hold_and_are_reproducible(claim_id):
    c = claims.get_claim(claim_id)
    a = run_claim(c, seed=7, size="small")
    b = run_claim(c, seed=7, size="small")
    assert a["status"] == "holds", a
    assert a["evidence"] == b["evidence"]
    json.dumps(a)  # JSON-ready


def test_a_violated_claim_is_reported_with_its_instance(capsys, monkeypatch):
    def bad(rng, size):
        return Verdict.violated({"M": np.array([[0, 1]])}, note="planted")

    c = claims.Claim("general/planted-violation", "general", None, "planted", bad)
    monkeypatch.setattr(claims, "get_claim", lambda cid: c)
    assert main(["verify", "--claim", c.id]) == 0
    assert "instance" in capsys.readouterr().out
    assert main(["verify", "--claim", c.id, "--strict"]) == 1


def test_a_crashing_claim_is_an_error(capsys, monkeypatch):
    def boom(rng, size):
        raise RuntimeError("kaboom")

    c = claims.Claim("general/planted-crash", "general", None, "crash", boom)
    monkeypatch.setattr(claims, "get_claim", lambda cid: c)
    assert main(["verify", "--claim", c.id, "--json"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["claims"][0]["status"] == "error" and "kaboom" in out["claims"][0]["evidence"]["error"]


def test_unknown_claim_is_a_usage_error(capsys):
    assert main(["verify", "--claim", "general/no-such-claim"]) == 2
    assert "unknown claim" in capsys.readouterr().err


def test_verify_json_shape_for_one_claim(capsys):
    assert main(["verify", "--json", "--claim", "general/sauer-shelah", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seed"] == 3 and len(out["claims"]) == 1
    rec = out["claims"][0]
    assert {"id", "paper", "statement", "status", "evidence"} <= set(rec)


def test_console_entry_point_module_runs():
    proc = subprocess.run(
        [sys.executable, "-m", "geoprivate", "verify", "--claim", "general/pajor"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "holds" in proc.stdout


def test_verify_counts_a_claims_warnings_in_its_row(capsys, monkeypatch):
    import warnings

    from geoprivate.privacy.warnings import PrivacyWarning

    def noisy(rng, size):  # a claim that runs a mechanism outside its theorem three times, on purpose
        for _ in range(3):
            warnings.warn("BetweenThresholds outside [Yan26] Lemma 1 (gap too small)", PrivacyWarning, stacklevel=2)
        return Verdict.holds(instances=3)

    c = claims.Claim("general/planted-noisy", "general", None, "noisy", noisy)
    monkeypatch.setattr(claims, "get_claim", lambda cid: c)
    assert main(["verify", "--claim", c.id]) == 0
    cap = capsys.readouterr()
    assert "PrivacyWarning" not in cap.err  # counted, not printed one by one
    rows = [ln for ln in cap.out.splitlines() if c.id in ln]
    assert len(rows) == 1 and rows[0].endswith("[3 PrivacyWarning]")
    assert main(["verify", "--claim", c.id, "--verbose"]) == 0
    out = capsys.readouterr().out
    assert out.count("          PrivacyWarning: BetweenThresholds outside") == 1  # distinct messages listed once
    assert main(["verify", "--claim", c.id, "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)["claims"][0]
    assert rec["warnings"]["counts"] == {"PrivacyWarning": 3} and len(rec["warnings"]["messages"]) == 1


def test_the_table_states_what_a_violated_claim_claims(capsys):
    assert main(["verify", "--claim", "vc1/theorem-7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    row = next(i for i, ln in enumerate(lines) if ln.startswith("violated  vc1/theorem-7"))
    statement = lines[row + 1]
    assert statement.startswith("          statement: [Yan25] Theorem 7 (advanced composition as written)")
    assert len(statement) <= 10 + len("statement: ") + 160


SANDBOX_FILE = """
import os, sys, time
from geoprivate.claims import Verdict, claim

print("loading mylab")  # a claims file that prints while loading: stderr, never the JSON

@claim("mylab/a-exits", statement="calls sys.exit(0)")
def _exits(rng, size):
    sys.exit(0)

@claim("mylab/b-prints", statement="prints, then holds")
def _prints(rng, size):
    print("debugging output")
    os.write(1, b"raw output\\n")
    return Verdict.holds(instances=1)

@claim("mylab/c-hangs", statement="never returns")
def _hangs(rng, size):
    time.sleep(600)

@claim("mylab/d-ends-process", statement="calls os._exit(0)")
def _ends(rng, size):
    os._exit(0)

@claim("mylab/e-violated", statement="a finding")
def _finding(rng, size):
    return Verdict.violated({"x": 1})
"""


def test_claims_that_exit_print_hang_or_end_their_process_cost_their_own_record_only(tmp_path):
    """#41's reproducers: `verify --strict --json` still writes the JSON of every claim, and exits 2."""
    from tests.helpers import run_geoprivate

    path = tmp_path / "sandbox_claims.py"
    path.write_text(SANDBOX_FILE)
    proc = run_geoprivate(
        "verify", "--claims-from", path, "--claim", "mylab", "--strict", "--json", "--time-limit", "2", timeout=300
    )
    out = json.loads(proc.stdout)  # JSON and nothing else on stdout
    status = {r["id"]: r["status"] for r in out["claims"]}
    assert status == {
        "mylab/a-exits": "error",
        "mylab/b-prints": "holds",
        "mylab/c-hangs": "timeout",
        "mylab/d-ends-process": "error",
        "mylab/e-violated": "violated",
    }
    recs = {r["id"]: r for r in out["claims"]}
    assert "SystemExit: 0" in recs["mylab/a-exits"]["evidence"]["error"]
    assert recs["mylab/b-prints"]["output"] == "debugging output\nraw output\n"
    assert out["time_limit"] == 2
    assert proc.returncode == 2  # a claim that gave no verdict is an error of the run (not the 1 of --strict)
    assert "loading mylab" in proc.stderr
    failures = [ln for ln in proc.stderr.splitlines() if ln.startswith("geoprivate verify: mylab/")]
    assert len(failures) == 3, proc.stderr  # one line per claim without a verdict


def test_a_missing_claims_source_is_refused_before_any_claim_runs(tmp_path, capsys, monkeypatch):
    from geoprivate.cli import verify

    def never(*args, **kwargs):
        raise AssertionError("a claim ran")

    monkeypatch.setattr(verify._claims, "run_claim", never)
    assert main(["verify", "--claims-from", str(tmp_path / "nothere.py")]) == 2
    cap = capsys.readouterr()
    assert cap.out == ""
    (line,) = cap.err.splitlines()
    assert "nothere.py: no such file" in line and "nothing was run" in line
    assert main(["verify", "--claims-from", "no_such_module_xyz_42", "--list"]) == 2
    assert "no such file, directory or importable module" in capsys.readouterr().err
