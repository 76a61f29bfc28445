"""benchmarks/bench_speed.py --quick runs and prints every row of issue #26's table."""

import importlib.util
import math

import pytest

from tests import ROOT


def _bench():
    path = ROOT / "benchmarks" / "bench_speed.py"
    spec = importlib.util.spec_from_file_location("bench_speed", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def _well_formed(r) -> bool:
    """A row is four non-empty strings (workload, measured, ratio, aim), then an optional note, and its ratio a finite non-negative number (or ``n/a``).

    The ratio is a quotient of two CPU times printed with two decimals: a fast side may print ``0.00``
    on a fast machine, so the smoke test checks the form only, never the size (no test asserts on time).
    """
    if len(r) not in (4, 5) or not all(isinstance(c, str) and c.strip() for c in r[:4]):
        return False
    if len(r) == 5 and not isinstance(r[4], str):
        return False
    if r[2] == "n/a":
        return True
    try:
        ratio = float(r[2])
    except ValueError:
        return False
    return math.isfinite(ratio) and ratio >= 0


def test_bench_speed_quick_lp_and_labelboost_rows(capsys):
    rows = _bench().main(["--quick", "--only", "lp", "labelboost", "--markdown"])
    names = [r[0] for r in rows]
    assert sum("feasible_point / bare HiGHS" in n for n in names) == 8
    assert any(n.startswith("maximize") for n in names) and any(n.startswith("strict=True") for n in names)
    assert any(n.startswith("near-degenerate") for n in names) and any("fallback" in n for n in names)
    assert any("LabelBoost" in n for n in names)
    assert all(_well_formed(r) for r in rows), rows
    assert "| workload | measured (CPU) | ratio | aim |" in capsys.readouterr().out


def test_bench_speed_quick_cdepth_and_margin_rows():
    rows = _bench().main(["--quick", "--only", "cdepth", "margin"])
    names = [r[0] for r in rows]
    assert sum("dim 0 / dim 1" in n for n in names) == 2  # the arrangement cached; the first call
    assert any(n.startswith("best_margin (non-negative) / bare HiGHS, 300x20") for n in names)
    assert all(_well_formed(r) for r in rows), rows


@pytest.mark.slow
def test_bench_speed_quick_every_row():
    rows = _bench().main(["--quick"])
    table = [r for r in rows if not r[0].startswith("exact peer")]  # the peer rows: pplpy is optional
    # the table, with DP-Winnow and LabelBoost each beside their baseline, max_cdepth dim 0 / dim 1
    # (the arrangement cached, and the first call on a fresh block), the VC-1 fits (TD = 2^12 from the
    # matrix, 2^16 from the tree), the best margin's first exact tier (quick: one size), the two exact_audit
    # rows and the two sampling-audit rows
    assert len(table) == 28
    assert not any(r[2] == "n/a" for r in rows)
    assert all(_well_formed(r) for r in table), rows


def test_bench_speed_quick_exact_audit_rows():
    """exact_audit beside the naive cached loop (same worst δ, asserted inside), and an exhaustive audit."""
    rows = _bench().main(["--quick", "--only", "exactaudit"])
    assert [r[0].split(",")[0] for r in rows] == [
        "exact_audit / naive cached Fraction loop",
        "exhaustive exact_audit of SVT",
    ]
    assert all(_well_formed(r) for r in rows), rows


def test_bench_speed_quick_sampling_audit_rows():
    """StatDP's suite (its verdicts counted inside) and the batched Laplace audit beside numpy's draws."""
    rows = _bench().main(["--quick", "--only", "audit"])
    assert [r[0].split(",")[0].split(" (")[0] for r in rows] == [
        "StatDP suite",
        "batched 1e5-sample audit vs numpy draw",
    ]
    assert "3/3 right" in rows[0][1] and "before" in rows[0][1] and "before" in rows[1][1]
    assert all(_well_formed(r) for r in rows), rows


def test_bench_speed_peer_rows_skip_cleanly_without_pplpy(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "ppl", None)  # `import ppl` now raises ImportError
    rows = _bench().main(["--quick", "--only", "peer"])
    assert len(rows) == 1 and rows[0][2] == "skipped" and "pplpy is not installed" in rows[0][4]


def test_bench_speed_peer_rows_agree_with_pplpy():
    pytest.importorskip("ppl", reason="pplpy (optional benchmark dependency) not installed")
    rows = _bench().main(["--quick", "--only", "peer"])
    assert [r[0].rsplit(", ", 1)[1] for r in rows] == ["feasible", "infeasible"]
    assert all("verdicts agree 4/4" in r[1] for r in rows)


def test_save_replaces_every_row_of_a_section_it_reruns(tmp_path, monkeypatch):
    """``--save --only``: the re-run section's rows replace all of its saved ones where they stood (a
    workload whose name changed, a peer's "skipped" row once the peer is installed), other sections'
    rows stay in order."""
    import json

    bench = _bench()
    monkeypatch.setattr(bench, "RESULTS", tmp_path / "bench_speed.json")
    first = [("a 1", "m", "1.00", "<= 2", ""), ("peer skipped", "not run", "skipped", "> 1", ""), ("b", "m", "2", "x")]
    bench.save(first, None, {"one": ["a 1"], "peer": ["peer skipped"], "two": ["b"]})
    again = [("peer 50x5", "m", "3.00", "> 1", ""), ("peer 200x10", "m", "40.00", "> 1", "")]
    merged = bench.save(again, ["peer"], {"peer": ["peer 50x5", "peer 200x10"]})
    assert [r[0] for r in merged] == ["a 1", "peer 50x5", "peer 200x10", "b"]
    saved = json.loads((tmp_path / "bench_speed.json").read_text())
    assert saved["sections"] == {"one": ["a 1"], "peer": ["peer 50x5", "peer 200x10"], "two": ["b"]}
    merged = bench.save([("a 2", "m", "1.10", "<= 2", "")], ["one"], {"one": ["a 2"]})
    assert [r[0] for r in merged] == ["a 2", "peer 50x5", "peer 200x10", "b"]
