"""Every script in ``benchmarks/`` runs in its ``--quick`` mode (issue #20, item 6).

A smoke test, not a timing: it catches a benchmark that crashes (as ``bench_mechanisms.py``
did when BetweenThresholds' delta underflowed) before it lands.  Scripts run in this
process (``runpy``, shared imports) from a temporary working directory, outputs go to a
temporary ``--out``, and the test checks that nothing was written into the repository.
"""

from __future__ import annotations

import os
import runpy
import sys
import warnings
from pathlib import Path

import pytest

from tests import ROOT
from tests.helpers import needs_dp_accounting

BENCH = ROOT / "benchmarks"
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py"))
#: scripts that write files take an output path
OUT_ARGS = {
    "bench_median.py": lambda tmp: ["--out", str(tmp / "out")],
    "real_data.py": lambda tmp: ["--out", str(tmp / "real_data.png")],
}


def _tree(root: Path) -> set:
    return {str(p.relative_to(root)) for p in root.rglob("*") if "__pycache__" not in p.parts}


def test_every_benchmark_has_a_quick_mode():
    missing = [s for s in SCRIPTS if "--quick" not in (BENCH / s).read_text()]
    assert not missing, f"benchmarks without --quick: {missing}"


@pytest.mark.parametrize("script", SCRIPTS)
def test_benchmark_quick_mode_runs(script, tmp_path, monkeypatch, capsys):
    before = _tree(BENCH)
    argv = [str(BENCH / script), "--quick", *OUT_ARGS.get(script, lambda t: [])(tmp_path)]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", argv)
    monkeypatch.setattr(sys, "path", list(sys.path))
    environ = dict(os.environ)  # a script may set variables (bench_sweep: BLAS threads) for its children
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            runpy.run_path(argv[0], run_name="__main__")
        except SystemExit as exc:
            assert exc.code in (0, None), f"{script} --quick exited with {exc.code}"
        finally:
            os.environ.clear()
            os.environ.update(environ)
    assert capsys.readouterr().out.strip(), f"{script} --quick printed nothing"
    assert _tree(BENCH) == before, f"{script} --quick wrote into benchmarks/: {_tree(BENCH) - before}"


@pytest.mark.slow
@needs_dp_accounting
@pytest.mark.parametrize("script", ["price_of_privacy.py", "price_of_everlasting.py"])
def test_tight_accountant_quick_mode_runs(script, tmp_path, monkeypatch, capsys):
    """The price tables' tight column (``--accountant tight``, #42) in quick mode."""
    before = _tree(BENCH)
    out = tmp_path / "out.json"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [str(BENCH / script), "--quick", "--accountant", "tight", "--json", str(out)])
    monkeypatch.setattr(sys, "path", list(sys.path))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            runpy.run_path(str(BENCH / script), run_name="__main__")
        except SystemExit as exc:
            assert exc.code in (0, None)
    assert "tight" in out.read_text() and _tree(BENCH) == before
