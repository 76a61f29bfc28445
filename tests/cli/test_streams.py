"""Exit codes and streams as documented (issue #32, reproducers 8 (CLI), 12, 13, 14): a flag of
another algorithm is refused, bad input is exit 2 with one line and never "internal error", a
full or closed stdout is one error line and exit 2 with nothing after it, output paths are
checked before any work, and C libraries never print on stdout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import ROOT

ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def _run(args, **kw):
    return subprocess.run(
        [sys.executable, "-m", "geoprivate", *map(str, args)],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
        **kw,
    )


def _one_error(proc, *needles):
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
    for n in needles:
        assert n in lines[0], lines[0]


PLAN = ["plan", "--epsilon", 1, "--delta", 1e-6]


@pytest.mark.parametrize(
    "args, needles",
    [
        (["vc1", "--td", 10, "--queries", 5, "--rho", 0.3], ["--queries", "--rho"]),
        (["generic-bbl", "--phases", 1000], ["phases"]),
        (["dp-winnow", "--T", "1e400", "--d", 3, "--rho", 0.1], ["--T"]),
        (["dp-winnow", "--T", 10**31, "--d", 3, "--rho", 0.1], ["T must lie"]),
        (["dp-winnow", "--T", 100, "--d", 3, "--rho", 0.1, "--beta", 2.0], ["--beta"]),
    ],
)
def test_plan_refuses_bad_and_inapplicable_flags(args, needles):
    """#8: `plan vc1 ... --queries 5 --rho .3` exited 0; --phases 1000 / --T 1e400 ended in internal errors."""
    p = _run(PLAN + args)
    _one_error(p, *needles)
    assert p.stdout == ""


def test_everlasting_plan_without_parameters_names_the_missing_key(tmp_path):
    """#8: a plan whose parameters are empty ended in "internal error: KeyError: 'n'"."""
    f = tmp_path / "plan.json"
    f.write_text(
        json.dumps({"algorithm": "generic-bbl", "epsilon": 1, "delta": 1e-6, "guarantee": {}, "parameters": {}})
    )
    _one_error(_run(["everlasting", "--plan", f]), "'n'")


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
    p = _run(["explore", "vc1", "--out", out])
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
