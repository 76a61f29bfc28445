"""benchmarks/bench_median.py runs (tiny configuration, no files written)."""

import importlib.util
import math

import pytest

from tests import ROOT


@pytest.mark.slow
def test_bench_median_tiny_run():
    path = ROOT / "benchmarks" / "bench_median.py"
    spec = importlib.util.spec_from_file_location("bench_median", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = bench.experiment((4, 16), trials=4, theorem_trials=2, with_theorem=False)
    for r in rows:
        assert 1 <= r["em"] <= 4 * r["em_bound"] and r["log-star practical"] >= 1
        assert math.isnan(r["log-star theorem"])
    t = bench.speed(n=500, bits=64, reps=1)
    assert t["baseline"] > 0 and t["em"] > 0
