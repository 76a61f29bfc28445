"""benchmarks/bench_speed.py --quick runs and prints every row of issue #26's table."""

import importlib.util
from pathlib import Path

import pytest


def _bench():
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_speed.py"
    spec = importlib.util.spec_from_file_location("bench_speed", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_bench_speed_quick_lp_and_labelboost_rows(capsys):
    rows = _bench().main(["--quick", "--only", "lp", "labelboost", "--markdown"])
    names = [r[0] for r in rows]
    assert sum("feasible_point / bare HiGHS" in n for n in names) == 8
    assert any(n.startswith("maximize") for n in names) and any(n.startswith("strict=True") for n in names)
    assert any(n.startswith("near-degenerate") for n in names) and any("fallback" in n for n in names)
    assert any("LabelBoost" in n for n in names)
    assert all(float(r[2]) > 0 for r in rows)
    assert "| workload | measured (CPU) | ratio | aim |" in capsys.readouterr().out


@pytest.mark.slow
def test_bench_speed_quick_every_row():
    rows = _bench().main(["--quick"])
    assert (
        len(rows) == 21
    )  # the table, with DP-Winnow and LabelBoost each beside their baseline, max_cdepth dim 0 / dim 1 and the VC-1 fit
    assert not any(r[2] == "n/a" for r in rows)
