"""Hardening II (issue #20), the command line: ranged flags, output paths checked before any
work, quiet broken pipes, JSON and nothing else on stdout, one verify row per claim."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from geoprivate.cli import main
from geoprivate.experiments import run_sweep, write_spec
from tests import ROOT

ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
TRIVIAL = "geoprivate.experiments.targets:trivial"


def _cli(*args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "geoprivate", *args],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=ENV,
        timeout=600,
        **kw,
    )


def _one_error_line(err: str, flag: str = "") -> None:
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert len(lines) == 1, err
    assert "error" in lines[0] and "internal error" not in lines[0] and "Traceback" not in err
    assert flag in lines[0]


# ---------------------------------------------------------------------------- everlasting flags
@pytest.mark.parametrize(
    "argv, flag",
    [
        (["--m-const", "0", "--mode", "practical"], "--m-const"),
        (["--delta", "5e-324"], "--delta"),
        (["--r-const", "inf", "--mode", "practical"], "--r-const"),
        (["--r-const", "nan", "--mode", "practical"], "--r-const"),
        (["--epsilon-bt", "1e308", "--mode", "practical"], "--epsilon-bt"),
        (["--epsilon-bt", "0", "--mode", "practical"], "--epsilon-bt"),
        (["--phases", "100000"], "--phases"),
        (
            ["--phases", "6", "--mode", "practical"],
            "--phases",
        ),  # in range, but 2e9 queries: refused by the work estimate
        (["--T1", "0", "--mode", "practical"], "--T1"),
        (["--alpha", "1.5"], "--alpha"),
        (["--epsilon", "-1"], "--epsilon"),
        (["--seed", "-3"], "--seed"),
        (["--mode", "theorem", "--epsilon", "1e-300"], "overflows"),
        (["--mode", "theorem", "--delta", "1e-300", "--alpha", "1e-300"], "floating-point"),
    ],
)
def test_everlasting_flags_are_typed_and_ranged(capsys, argv, flag):
    assert main(["everlasting", *argv]) == 2
    _one_error_line(capsys.readouterr().err, flag)


# ---------------------------------------------------------------------------- output paths
def test_verify_report_path_is_checked_before_any_claim_runs(tmp_path, capsys, monkeypatch):
    from geoprivate import claims

    def no_claims(*a, **k):
        raise AssertionError("a claim ran before the output path was checked")

    monkeypatch.setattr(claims, "run_claim", no_claims)
    existing = tmp_path / "report.html"
    existing.write_text("x")
    assert main(["verify", "--claim", "general/pajor", "--report", str(existing)]) == 2
    _one_error_line(capsys.readouterr().err, "--report")
    assert main(["verify", "--report", str(existing / "sub")]) == 2
    _one_error_line(capsys.readouterr().err, "--report")


def test_figures_out_is_checked_before_drawing(tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    assert main(["figures", "--out", str(f)]) == 2
    _one_error_line(capsys.readouterr().err, "--out")
    assert main(["figures", "--dpi", "5"]) == 2
    _one_error_line(capsys.readouterr().err, "--dpi")


def test_sweep_output_paths_are_checked_before_work(tmp_path, capsys):
    spec = write_spec(tmp_path / "spec.toml", name="s", target=TRIVIAL, seeds=1, grid={"x": [1]})
    assert main(["sweep", "run", str(spec), "--db", str(tmp_path / "missing" / "s.sqlite")]) == 2
    _one_error_line(capsys.readouterr().err, "--db")
    assert main(["sweep", "run", str(spec), "--db", str(tmp_path)]) == 2
    _one_error_line(capsys.readouterr().err, "--db")
    db = tmp_path / "s.sqlite"
    run_sweep(spec, db)
    assert main(["sweep", "export", "--db", str(db), "--csv", str(tmp_path / "no" / "x.csv")]) == 2
    _one_error_line(capsys.readouterr().err, "--csv")
    for bad in (["--workers", "0"], ["--max-trials", "-1"]):
        assert main(["sweep", "run", str(spec), "--db", str(db), *bad]) == 2
        _one_error_line(capsys.readouterr().err, bad[0])


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into read-only directories")
def test_read_only_directories_are_refused_up_front(tmp_path, capsys):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        assert main(["figures", "--out", str(ro / "figs")]) == 2
        _one_error_line(capsys.readouterr().err, "not writable")
        assert main(["verify", "--report", str(ro)]) == 2
        _one_error_line(capsys.readouterr().err, "not writable")
    finally:
        ro.chmod(0o700)


def test_an_os_error_during_a_command_is_an_error_not_an_internal_error(tmp_path, capsys, monkeypatch):
    """Even as root (where the up-front writability check cannot see a read-only mount)."""
    import geoprivate.report.figures as report_figures

    def fail(*a, **k):
        raise PermissionError(13, "Permission denied", str(tmp_path / "collapse_d1.png"))

    monkeypatch.setattr(report_figures, "build_figure", fail)
    assert main(["figures", "--only", "collapse_d1", "--out", str(tmp_path)]) == 2
    _one_error_line(capsys.readouterr().err, "Permission denied")


# ---------------------------------------------------------------------------- broken pipes
@pytest.fixture(scope="module")
def big_store(tmp_path_factory):
    """A store whose status and CSV are far larger than a pipe's buffer (64 KiB)."""
    tmp = tmp_path_factory.mktemp("big")
    spec = write_spec(
        tmp / "spec.toml",
        name="big",
        target=TRIVIAL,
        seeds=1,
        grid={"x": list(range(1500)), "label": ["a-long-label-to-make-rows-wide" * 2]},
    )
    db = tmp / "big.sqlite"
    run_sweep(spec, db)
    return db


@pytest.mark.parametrize("cmd", ["status", "export"])
def test_sweep_output_into_a_closed_pipe_ends_quietly(big_store, cmd):
    args = f"sweep status --db {big_store}" if cmd == "status" else f"sweep export --db {big_store} --csv /dev/stdout"
    proc = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {sys.executable} -m geoprivate {args} | head -n 1"],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=ENV,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "" and len(proc.stdout.splitlines()) == 1


# ---------------------------------------------------------------------------- JSON and nothing else
def test_verify_json_is_json_even_when_highs_prints_a_banner():
    """winnow/lemma-4-10 builds a highspy.Highs (1.16 prints a banner on fd 1): stdout parses whole."""
    proc = _cli("verify", "--claim", "winnow/lemma-4-10", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [c["id"] for c in out["claims"]] == ["winnow/lemma-4-10"]


@pytest.mark.slow
def test_full_verify_json_parses_whole():
    proc = _cli("verify", "--json")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert len(json.loads(proc.stdout)["claims"]) > 50


@pytest.mark.parametrize(
    "argv",
    [
        ["predict", "--json", "--T", "20"],
        ["everlasting", "--json"],
        ["everlasting", "--json", "--mode", "practical"],
        ["everlasting", "--json", "--mode", "theorem"],
    ],
)
def test_predict_and_everlasting_json_parse_whole(argv):
    proc = _cli(*argv)
    assert proc.returncode in (0, 1), proc.stderr
    assert isinstance(json.loads(proc.stdout), dict)


def test_sweep_json_outputs_parse_whole(tmp_path):
    spec = write_spec(tmp_path / "spec.toml", name="s", target=TRIVIAL, seeds=2, grid={"x": [1, 2]})
    db = tmp_path / "s.sqlite"
    run = _cli("sweep", "run", str(spec), "--db", str(db), "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["done"] == 4
    status = _cli("sweep", "status", "--db", str(db), "--json")
    assert sum(r["done"] for r in json.loads(status.stdout)["s"]) == 4
    replay = _cli("sweep", "replay", "--db", str(db), "--point-index", "0", "--trial", "1", "--json")
    assert json.loads(replay.stdout)["identical"] is True


def test_c_level_stdout_goes_to_stderr_while_python_stdout_stays(capfd):
    """The mechanism behind --json: fd 1 is stderr during a command, sys.stdout the real stdout."""
    from geoprivate.cli import _stdout_for_python_only

    with _stdout_for_python_only():
        os.write(1, b"from C\n")
        print("from python")
    out, err = capfd.readouterr()
    assert "from C" in err and "from C" not in out and "from python" in out


# ---------------------------------------------------------------------------- verify rows
def test_verify_counts_a_claims_warnings_in_its_row(capsys, monkeypatch):
    import warnings

    from geoprivate.cli import verify
    from geoprivate.privacy.warnings import PrivacyWarning

    real = verify._claims.run_claim

    def noisy(claim, **kw):  # a claim that runs a mechanism outside its theorem three times, on purpose
        for _ in range(3):
            warnings.warn("BetweenThresholds outside [Yan26] Lemma 1 (gap too small)", PrivacyWarning, stacklevel=2)
        return real(claim, **kw)

    monkeypatch.setattr(verify._claims, "run_claim", noisy)
    assert main(["verify", "--claim", "general/pajor"]) == 0
    cap = capsys.readouterr()
    assert "PrivacyWarning" not in cap.err  # counted, not printed one by one
    rows = [ln for ln in cap.out.splitlines() if "general/pajor" in ln]
    assert len(rows) == 1 and rows[0].endswith("[3 PrivacyWarning]")
    assert main(["verify", "--claim", "general/pajor", "--verbose"]) == 0
    out = capsys.readouterr().out
    assert out.count("          PrivacyWarning: BetweenThresholds outside") == 1  # distinct messages listed once
    assert main(["verify", "--claim", "general/pajor", "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)["claims"][0]
    assert rec["warnings"]["counts"] == {"PrivacyWarning": 3} and len(rec["warnings"]["messages"]) == 1
