"""Exit codes and streams as documented (issue #32, reproducers 8 (CLI), 12, 13, 14): a flag of
another algorithm is refused, bad input is exit 2 with one line and never "internal error", a
full or closed stdout is one error line and exit 2 with nothing after it (a pipe closed by ``head``
ends quietly), output paths are checked before any work, flags that do not apply are named, and C
libraries never print on stdout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from geoprivate.cli import main
from geoprivate.experiments import run_sweep, write_spec
from tests import ROOT
from tests.helpers import ENV, TRIVIAL, one_error_line, run_geoprivate


def _one_error(proc, *needles):
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    one_error_line(proc.stderr, *needles, labelled=False)


PLAN = ["plan", "--epsilon", 1, "--delta", 1e-6]


@pytest.mark.parametrize(
    "args, needles",
    [
        (["vc1", "--td", 10, "--queries", 5, "--rho", 0.3], ["--queries", "--rho"]),
        (["generic-bbl", "--phases", 1000], ["phases"]),
        (["dp-winnow", "--T", "1e400", "--d", 3, "--rho", 0.1], ["--T"]),
        (["dp-winnow", "--T", 10**31, "--d", 3, "--rho", 0.1], ["--T", "2^63"]),
        (["dp-winnow", "--T", 100, "--d", 3, "--rho", 0.1, "--beta", 2.0], ["--beta"]),
    ],
)
def test_plan_refuses_bad_and_inapplicable_flags(args, needles):
    """#8: `plan vc1 ... --queries 5 --rho .3` exited 0; --phases 1000 / --T 1e400 ended in internal errors."""
    p = run_geoprivate(*PLAN, *args)
    _one_error(p, *needles)
    assert p.stdout == ""


def test_everlasting_plan_without_parameters_names_the_missing_key(tmp_path):
    """#8: a plan whose parameters are empty ended in "internal error: KeyError: 'n'"."""
    f = tmp_path / "plan.json"
    f.write_text(
        json.dumps({"algorithm": "generic-bbl", "epsilon": 1, "delta": 1e-6, "guarantee": {}, "parameters": {}})
    )
    _one_error(run_geoprivate("everlasting", "--plan", f), "'n'")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["predict", "--T", 20], ["predict", "--T", 20, "--json"], PLAN + ["vc1", "--td", 10]])
def test_a_full_stdout_is_one_error_line_and_exit_2(args):
    """#12: `predict --T 20 > /dev/full` printed "Exception ignored in <TextIOWrapper…>" and exited 120."""
    with open("/dev/full", "w") as full:
        p = subprocess.run(
            [sys.executable, "-m", "geoprivate", *map(str, args)],
            cwd=ROOT,
            env=ENV,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
        )
    _one_error(p, "standard output", "No space left")


def test_a_closed_stdout_is_one_error_line_and_exit_2():
    p = subprocess.run(
        [sys.executable, "-m", "geoprivate", "predict", "--T", "20"],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=300,
        preexec_fn=lambda: os.close(1),
    )
    _one_error(p, "standard output is closed")


@pytest.mark.parametrize("bad", ["DIR", "FILE/page.html", ""])
def test_explore_checks_out_before_building_the_page(tmp_path, bad):
    """#13: `explore ... --out BAD` refused only after building the page (vc1's page warns while built)."""
    (tmp_path / "FILE").write_text("x")
    (tmp_path / "DIR").mkdir()
    out = str(tmp_path / bad) if bad else ""
    p = run_geoprivate("explore", "vc1", "--out", out)
    _one_error(p, "--out")
    assert "UtilityWarning" not in p.stderr  # the learner never ran


def test_a_cvxpy_formulation_solved_with_highs_prints_nothing_on_stdout():
    """#14: highspy's banner reached stdout when a solvers.formulations problem was solved."""
    code = (
        "import cvxpy as cp\n"
        "from solvers import formulations as f\n"
        "p = f.optimization_problem([1.0, 1.0], [[1.0, 0.0], [0.0, 1.0]], [1.0, 2.0])\n"
        "print(round(float(p.solve(solver=cp.HIGHS)), 6))\n"
    )
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert p.stdout == "3.0\n"


@pytest.mark.parametrize(
    "argv,flag",
    [
        (["predict", "--epsilon", "0"], "--epsilon"),
        (["predict", "--k", "-5"], "--k"),
        (["predict", "--epsilon", "nan"], "--epsilon"),
        (["predict", "--T", "-1"], "--T"),
        (["predict", "--seed", "-1"], "--seed"),
        (["predict", "--delta", "1"], "--delta"),
        (["verify", "--claim", ""], "--claim"),
        (["verify", "--seed", "x"], "--seed"),
    ],
)
def test_cli_bad_arguments_one_line_exit_2(argv, flag, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and flag in err and "Traceback" not in err


def test_cli_bad_argument_in_a_subprocess_has_no_traceback():
    proc = run_geoprivate("predict", "--epsilon", "0")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_cli_errors_inside_a_command(monkeypatch, capsys):
    from geoprivate.cli import predict

    def boom(args):
        raise ValueError("boom: bad value 7")

    monkeypatch.setattr(predict, "run", boom)
    assert main(["predict"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "geoprivate predict: error: boom: bad value 7"
    with pytest.raises(ValueError, match="boom"):
        main(["predict", "--debug"])
    with pytest.raises(ValueError, match="boom"):
        main(["--debug", "predict"])

    def crash(args):
        raise RuntimeError("kaput")

    monkeypatch.setattr(predict, "run", crash)
    assert main(["predict"]) == 2
    assert "internal error: RuntimeError: kaput" in capsys.readouterr().err


def test_cli_quiet_on_a_closed_pipe():
    cmd = (
        f"set -o pipefail; {sys.executable} -m geoprivate predict --k 4 --m 5 --T 3000 --json --transcript "
        "| head -c 10 > /dev/null"
    )
    proc = subprocess.run(["bash", "-c", cmd], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr


def test_cli_notes_flags_that_do_not_apply():
    proc = run_geoprivate("predict", "--d", "3", "--k", "4", "--m", "5", "--T", "20")
    assert proc.returncode == 0, proc.stderr
    assert "--d is ignored" in proc.stderr
    quiet = run_geoprivate("predict", "--k", "4", "--m", "5", "--T", "20")
    assert "is ignored" not in quiet.stderr
    # a privacy warning is one line, not a source listing
    assert all("PrivacyWarning" not in line or line.startswith("geoprivate:") for line in quiet.stderr.splitlines())


def test_verify_report_path_is_checked_before_any_claim_runs(tmp_path, capsys, monkeypatch):
    from geoprivate import claims

    def no_claims(*a, **k):
        raise AssertionError("a claim ran before the output path was checked")

    monkeypatch.setattr(claims, "run_claim", no_claims)
    existing = tmp_path / "report.html"
    existing.write_text("x")
    assert main(["verify", "--claim", "general/pajor", "--report", str(existing)]) == 2
    one_error_line(capsys.readouterr().err, "--report")
    assert main(["verify", "--report", str(existing / "sub")]) == 2
    one_error_line(capsys.readouterr().err, "--report")


def test_figures_out_is_checked_before_drawing(tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    assert main(["figures", "--out", str(f)]) == 2
    one_error_line(capsys.readouterr().err, "--out")
    assert main(["figures", "--dpi", "5"]) == 2
    one_error_line(capsys.readouterr().err, "--dpi")


def test_sweep_output_paths_are_checked_before_work(tmp_path, capsys):
    spec = write_spec(tmp_path / "spec.toml", name="s", target=TRIVIAL, seeds=1, grid={"x": [1]})
    assert main(["sweep", "run", str(spec), "--db", str(tmp_path / "missing" / "s.sqlite")]) == 2
    one_error_line(capsys.readouterr().err, "--db")
    assert main(["sweep", "run", str(spec), "--db", str(tmp_path)]) == 2
    one_error_line(capsys.readouterr().err, "--db")
    db = tmp_path / "s.sqlite"
    run_sweep(spec, db)
    assert main(["sweep", "export", "--db", str(db), "--csv", str(tmp_path / "no" / "x.csv")]) == 2
    one_error_line(capsys.readouterr().err, "--csv")
    for bad in (["--workers", "0"], ["--max-trials", "-1"]):
        assert main(["sweep", "run", str(spec), "--db", str(db), *bad]) == 2
        one_error_line(capsys.readouterr().err, bad[0])


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into read-only directories")
def test_read_only_directories_are_refused_up_front(tmp_path, capsys):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        assert main(["figures", "--out", str(ro / "figs")]) == 2
        one_error_line(capsys.readouterr().err, "not writable")
        assert main(["verify", "--report", str(ro)]) == 2
        one_error_line(capsys.readouterr().err, "not writable")
    finally:
        ro.chmod(0o700)


def test_an_os_error_during_a_command_is_an_error_not_an_internal_error(tmp_path, capsys, monkeypatch):
    """Even as root (where the up-front writability check cannot see a read-only mount)."""
    import geoprivate.report.figures as report_figures

    def fail(*a, **k):
        raise PermissionError(13, "Permission denied", str(tmp_path / "collapse_d1.png"))

    monkeypatch.setattr(report_figures, "build_figure", fail)
    assert main(["figures", "--only", "collapse_d1", "--out", str(tmp_path)]) == 2
    one_error_line(capsys.readouterr().err, "Permission denied")


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
