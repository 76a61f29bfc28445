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
