"""benchmarks/bench_peers_audit.py --quick: every OpenDP row audited (the control flagged), the diffprivlib
row skipped with its one-line reason, and every OpenDP row skipped with one line when opendp is missing."""

import importlib.util
import sys

import pytest

from tests import ROOT


def _bench():
    spec = importlib.util.spec_from_file_location("bench_peers_audit", ROOT / "benchmarks" / "bench_peers_audit.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_bench_peers_audit_quick_rows(capsys):
    pytest.importorskip("opendp", reason="opendp (the optional extra geoprivate[opendp]) is not installed")
    bench = _bench()
    rows = bench.main(["--quick", "--markdown"])
    audited = {r["mechanism"]: r for r in rows if "skipped" not in r}
    assert len(audited) == 7 and all(r["library"] == "OpenDP" for r in audited.values())
    control = audited.pop("control: Laplace(scale=1), map claims ε/4")
    assert control["flagged"] and control["epsilon"] == 0.25
    assert not any(r["flagged"] for r in audited.values())  # correct mechanisms (false alarm 1e-6 each)
    exact = [r["exact"] for r in audited.values() if r["exact"]]
    assert len(exact) == 4 and all(e.endswith("(holds)") for e in exact)
    (skip,) = [r for r in rows if "skipped" in r]
    assert skip["library"] == "diffprivlib" and skip["skipped"].endswith("rows skipped")
    table = capsys.readouterr().out
    assert "| library | mechanism | claimed (ε, δ) |" in table and bench.markdown(rows) in table


def test_bench_peers_audit_skips_opendp_rows_in_one_line_without_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "opendp", None)
    monkeypatch.setitem(sys.modules, "opendp.prelude", None)
    rows = _bench().main(["--quick"])
    assert [r["library"] for r in rows] == ["OpenDP", "diffprivlib"]
    assert rows[0]["skipped"] == "opendp is not installed (pip install 'geoprivate[opendp]'): rows skipped"
