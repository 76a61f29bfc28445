"""geoprivate.experiments: specs, seeds, the SQLite store, resume, export, the sweep CLI."""

from __future__ import annotations

import csv
import doctest
import importlib
import json
import sqlite3

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoprivate.cli import main
from geoprivate.experiments import (
    SpecError,
    Store,
    StoreError,
    check_result,
    load_spec,
    parse_spec,
    records,
    run_sweep,
    to_csv,
    to_dataframe,
    trial_seed,
    write_spec,
)
from geoprivate.experiments.spec import _toml_value
from tests.hang_guard import hang_guard

TRIVIAL = "geoprivate.experiments.targets:trivial"

# a target whose trials at a == 2 fail while the file FAIL exists next to it
FLAKY = """
from pathlib import Path

def f(params, rng):
    if params["a"] == 2 and (Path(__file__).parent / "FAIL").exists():
        raise RuntimeError("asked to fail")
    return {"u": float(rng.random()), "twice": params["a"] * 2, "tag": params.get("b", "")}
"""


def comparable(db):
    """The stored trials without their wall times (what must be reproducible)."""
    return [{k: v for k, v in r.items() if k not in ("seconds",)} for r in records(db)]


@pytest.fixture
def flaky(tmp_path):
    (tmp_path / "flaky.py").write_text(FLAKY)
    return write_spec(
        tmp_path / "spec.toml", name="flaky", target="flaky.py:f", seeds=4, grid={"a": [1, 2, 3], "b": ["x", "y"]}
    )


# ---------------------------------------------------------------------------- seeds
@settings(max_examples=60, deadline=None)
@given(
    name=st.text(min_size=1, max_size=8),
    a=st.integers(-5, 5),
    b=st.sampled_from(["u", "v", 0.5, True]),
    trial=st.integers(0, 1000),
)
def test_trial_seed_is_a_function_of_name_point_trial_only(name, a, b, trial):
    s = trial_seed(name, {"a": a, "b": b}, trial)
    assert 0 <= s < 2**63
    assert s == trial_seed(name, {"b": b, "a": a}, trial)  # key order is not part of the point
    assert s != trial_seed(name, {"a": a, "b": b}, trial + 1)
    assert s != trial_seed(name + "x", {"a": a, "b": b}, trial)
    assert s != trial_seed(name, {"a": a + 1, "b": b}, trial)


def test_trial_seed_rejects_bad_trial():
    with pytest.raises(ValueError, match="trial"):
        trial_seed("n", {}, -1)


def test_doctests_of_the_package():
    for name in ("geoprivate.experiments.seeding", "geoprivate.experiments.spec"):
        res = doctest.testmod(importlib.import_module(name))
        assert res.failed == 0 and res.attempted > 0


# ---------------------------------------------------------------------------- specs
def _toml(data: dict) -> str:
    """Any spec dict as TOML text (also invalid ones), to feed the file path of the CLI/runner."""
    lines, tables = [], []
    for k, v in data.items():
        if isinstance(v, dict):
            tables.append(f"[{k}]\n" + "".join(f"{kk} = {_toml_value(vv)}\n" for kk, vv in v.items()))
        else:
            lines.append(f"{k} = {_toml_value(v)}\n")
    return "".join(lines) + "".join(tables)


GOOD = {"name": "s", "target": TRIVIAL, "seeds": 2, "grid": {"x": [1, 2]}}


@pytest.mark.parametrize(
    "change, match",
    [
        ({"target": "no_such_module_xyz:f"}, "cannot import 'no_such_module_xyz'"),
        ({"target": "geoprivate.experiments.targets:nope"}, "no attribute 'nope'"),
        ({"target": "geoprivate.experiments.targets:AUDIT_FALSE_ALARM"}, "not callable"),
        ({"target": "missing.py:f"}, "no such file"),
        ({"target": "nocolon"}, "target: expected"),
        ({"grid": {}}, "grid: expected a non-empty table"),
        ({"grid": {"x": []}}, r"grid\.x: expected a non-empty list"),
        ({"grid": {"x": 3}}, r"grid\.x: expected a non-empty list"),
        ({"grid": {"x": [[1, 2]]}}, r"grid\.x\[0\]: expected a bool, int, float or str"),
        ({"grid": {"x": [1, 1]}}, r"grid\.x: duplicated"),
        ({"grid": {"x": [float("nan")]}}, "finite"),
        ({"seeds": "3"}, "seeds: expected an integer >= 1, got '3'"),
        ({"seeds": 0}, "seeds: expected an integer >= 1, got 0"),
        ({"seeds": True}, "seeds"),
        ({"name": 7}, "name: expected a non-empty string"),
        ({"nmae": "typo"}, "unknown key"),
    ],
)
def test_bad_specs_raise_a_clear_error_and_write_nothing(tmp_path, change, match):
    data = {**GOOD, **change}
    with pytest.raises(SpecError, match=match):
        parse_spec(data, tmp_path)
    path = tmp_path / "bad.toml"  # the same spec through a file: same error, no database
    path.write_text(_toml(data))
    with pytest.raises(SpecError, match=match):
        run_sweep(path, tmp_path / "db.sqlite")
    assert not (tmp_path / "db.sqlite").exists()


def test_missing_key_and_invalid_toml(tmp_path):
    with pytest.raises(SpecError, match="missing key 'seeds'"):
        parse_spec({k: v for k, v in GOOD.items() if k != "seeds"})
    p = tmp_path / "x.toml"
    p.write_text("name = [unclosed\n")
    with pytest.raises(SpecError, match="not valid TOML"):
        load_spec(p)
    with pytest.raises(SpecError, match="no such file"):
        load_spec(tmp_path / "none.toml")


def test_changed_grid_or_target_is_refused_and_nothing_written(tmp_path):
    db = tmp_path / "db.sqlite"
    run_sweep(parse_spec(GOOD, tmp_path), db)
    before = comparable(db)
    with Store(db, create=False) as s:
        sweeps_before = s.con.execute("SELECT * FROM sweeps").fetchall()
    for change, match in (
        ({"grid": {"x": [1, 2, 3]}}, "grid: sweep 's'"),
        ({"grid": {"y": [1, 2]}}, "changed grid"),
        ({"target": "geoprivate.experiments.targets:spin"}, "target: sweep 's'"),
    ):
        with pytest.raises(SpecError, match=match):
            run_sweep(parse_spec({**GOOD, **change}, tmp_path), db)
    assert comparable(db) == before
    with Store(db, create=False) as s:
        assert s.con.execute("SELECT * FROM sweeps").fetchall() == sweeps_before


def test_raising_seeds_extends_a_sweep(tmp_path):
    db = tmp_path / "db.sqlite"
    run_sweep(parse_spec(GOOD, tmp_path), db)
    rep = run_sweep(parse_spec({**GOOD, "seeds": 5}, tmp_path), db)
    assert (rep.total, rep.skipped, rep.ran) == (10, 4, 6)
    full = tmp_path / "full.sqlite"
    run_sweep(parse_spec({**GOOD, "seeds": 5}, tmp_path), full)
    assert comparable(db) == comparable(full)


def test_store_refuses_foreign_files(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreError, match="not an SQLite database"):
        Store(junk)
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="not a sweep store"):
        run_sweep(parse_spec(GOOD, tmp_path), other)
    with pytest.raises(StoreError, match="no such sweep database"):
        records(tmp_path / "missing.db")


# ---------------------------------------------------------------------------- running, resume
def test_failed_trials_are_stored_and_retried(flaky, tmp_path):
    db = tmp_path / "db.sqlite"
    (tmp_path / "FAIL").write_text("")
    rep = run_sweep(flaky, db)
    assert (rep.total, rep.done, rep.failed) == (24, 16, 8)
    rows = records(db)
    failed = [r for r in rows if r["status"] == "failed"]
    assert len(failed) == 8 and all(r["a"] == 2 and "RuntimeError: asked to fail" in r["error"] for r in failed)
    with Store(db, create=False) as s:
        st_ = {tuple(r["params"].values()): r for r in s.status("flaky")}
    assert st_[(2, "x")]["failed"] == 4 and st_[(2, "x")]["done"] == 0 and st_[(1, "y")]["done"] == 4
    (tmp_path / "FAIL").unlink()
    rep = run_sweep(flaky, db)
    assert (rep.skipped, rep.ran, rep.done, rep.failed) == (16, 8, 8, 0)
    rows2 = records(db)
    assert len(rows2) == 24 and all(r["status"] == "done" for r in rows2)
    assert {r["attempts"] for r in rows2 if r["a"] == 2} == {2}
    assert {r["attempts"] for r in rows2 if r["a"] != 2} == {1}
    # the retried trials equal a clean run (seed depends on the trial, not on the attempt)
    clean = tmp_path / "clean.sqlite"
    run_sweep(flaky, clean)
    strip = lambda rs: [{k: v for k, v in r.items() if k not in ("seconds", "attempts")} for r in rs]  # noqa: E731
    assert strip(records(db)) == strip(records(clean))


def test_partial_runs_then_resume_equal_one_run(flaky, tmp_path):
    a, b = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    for n in (5, 0, 7, 100):
        run_sweep(flaky, a, max_trials=n)
    run_sweep(flaky, b)
    assert comparable(a) == comparable(b) and len(comparable(a)) == 24


def test_same_numbers_whatever_the_worker_count(flaky, tmp_path):
    one, two = tmp_path / "one.sqlite", tmp_path / "two.sqlite"
    run_sweep(flaky, one, workers=1)
    rep = run_sweep(flaky, two, workers=2)
    assert rep.workers == 2 and rep.done == 24
    assert comparable(one) == comparable(two)
    assert len({r["seed"] for r in records(one)}) == 24


def test_run_sweep_validates_arguments(tmp_path):
    spec = parse_spec(GOOD, tmp_path)
    for kw, match in (
        ({"workers": 0}, "workers"),
        ({"backend": "mpi"}, "backend"),
        ({"scheduler": "tcp://x:1"}, "scheduler"),
        ({"max_trials": -1}, "max_trials"),
    ):
        with pytest.raises(ValueError, match=match):
            run_sweep(spec, tmp_path / "db.sqlite", **kw)
    assert not (tmp_path / "db.sqlite").exists()


def test_check_result():
    assert check_result({"a": np.int64(3), "b": np.float32(0.5), "c": None, "d": "s"}) == {
        "a": 3,
        "b": 0.5,
        "c": None,
        "d": "s",
    }
    for bad, match in (
        ([1], "dict"),
        ({"a": [1]}, "field 'a'"),
        ({1: 2}, "keys must be str"),
        ({"a": np.zeros(2)}, "field 'a'"),
    ):
        with pytest.raises(TypeError, match=match):
            check_result(bad)


# ---------------------------------------------------------------------------- export
def test_export_csv_and_dataframe(flaky, tmp_path):
    db = tmp_path / "db.sqlite"
    run_sweep(flaky, db)
    recs = records(db)
    out = tmp_path / "out.csv"
    assert to_csv(db, out) == 24
    with open(out) as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 24
    assert [float(r["u"]) for r in rows] == [r["u"] for r in recs]  # floats survive the CSV exactly
    assert [int(r["seed"]) for r in rows] == [r["seed"] for r in recs]
    assert all(int(r["twice"]) == 2 * int(r["a"]) for r in rows)
    df = to_dataframe(db)
    assert list(df["u"]) == [r["u"] for r in recs] and set(df["b"]) == {"x", "y"}
    assert df.groupby("a").size().to_dict() == {1: 8, 2: 8, 3: 8}


# ---------------------------------------------------------------------------- CLI
def test_cli_run_status_export_replay(flaky, tmp_path, capsys):
    db = str(tmp_path / "db.sqlite")
    assert main(["sweep", "run", str(flaky), "--db", db, "--quiet", "--max-trials", "10"]) == 0
    assert main(["sweep", "status", "--db", db, "--json"]) == 0
    st_ = json.loads(capsys.readouterr().out)["flaky"]
    assert sum(r["done"] for r in st_) == 10 and sum(r["remaining"] for r in st_) == 14
    assert main(["sweep", "run", str(flaky), "--db", db]) == 0
    assert "ran 14" in capsys.readouterr().out
    assert main(["sweep", "status", "--db", db]) == 0
    assert "done 24, failed 0, remaining 0" in capsys.readouterr().out
    out = tmp_path / "o.csv"
    assert main(["sweep", "export", "--db", db, "--csv", str(out)]) == 0
    assert "wrote 24 trials" in capsys.readouterr().out
    assert out.read_text().count("\n") == 25
    assert main(["sweep", "replay", "--db", db, "--best", "u", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["identical"] and rep["stored"]["u"] == max(r["u"] for r in records(db))
    assert main(["sweep", "replay", "--db", db, "--point-index", "3", "--trial", "1"]) == 0
    assert "identical" in capsys.readouterr().out


def test_cli_errors_exit_2_and_write_nothing(tmp_path, capsys):
    db = tmp_path / "db.sqlite"
    bad = write_spec(tmp_path / "bad.toml", name="b", target="no_such_mod_q:f", seeds=1, grid={"x": [1]})
    assert main(["sweep", "run", str(bad), "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "cannot import 'no_such_mod_q'" in err and err.count("\n") == 1
    assert not db.exists()
    assert main(["sweep", "status", "--db", str(db)]) == 2
    assert main(["sweep", "replay", "--db", str(db), "--best", "u"]) == 2
    assert not db.exists()


def test_replay_detects_a_changed_target(tmp_path, capsys):
    (tmp_path / "t.py").write_text("def f(params, rng):\n    return {'u': float(rng.random())}\n")
    spec = write_spec(tmp_path / "s.toml", name="t", target="t.py:f", seeds=2, grid={"x": [1]})
    db = str(tmp_path / "db.sqlite")
    run_sweep(spec, db)
    (tmp_path / "t.py").write_text("def f(params, rng):\n    return {'u': float(rng.random()) + 1}\n")
    importlib.invalidate_caches()
    from geoprivate.experiments.spec import resolve_target

    resolve_target.cache_clear()
    assert main(["sweep", "replay", "--db", db, "--point-index", "0", "--trial", "0"]) == 1


def test_export_keeps_the_spec_order_of_parameters(tmp_path):
    spec = parse_spec({**GOOD, "grid": {"zeta": [1], "alpha": ["a", "b"]}}, tmp_path)
    db = tmp_path / "db.sqlite"
    run_sweep(spec, db)
    out = tmp_path / "o.csv"
    to_csv(db, out)
    header = out.read_text().splitlines()[0].split(",")
    assert header[header.index("zeta") + 1] == "alpha" and header[-1] == "u"
    assert [list(r["params"]) for r in Store(db, create=False).rows()] == [["zeta", "alpha"]] * 4


EXITING = """
import sys

def f(params, rng):
    if params["x"] == 2:
        sys.exit(0)
    if params["x"] == 3:
        raise KeyboardInterrupt
    return {"x": params["x"]}
"""


def test_a_trial_calling_sys_exit_is_a_failed_trial_with_its_reason(tmp_path):
    (tmp_path / "exiting.py").write_text(EXITING)
    spec = write_spec(tmp_path / "spec.toml", name="ex", target="exiting.py:f", seeds=2, grid={"x": [1, 2, 3, 4]})
    rep = run_sweep(spec, tmp_path / "ex.sqlite")
    assert (rep.done, rep.failed, rep.ran) == (4, 4, 8)
    errors = {r["x"]: r["error"] for r in records(tmp_path / "ex.sqlite") if r["status"] == "failed"}
    assert set(errors) == {2, 3}
    assert "sys.exit(0)" in errors[2] and "KeyboardInterrupt" in errors[3]


def test_a_target_whose_import_calls_sys_exit_is_a_spec_error(tmp_path):
    (tmp_path / "bye.py").write_text("import sys\nsys.exit(3)\n")
    with pytest.raises(SpecError, match="SystemExit"):
        parse_spec({"name": "b", "target": "bye.py:f", "seeds": 1, "grid": {"x": [1]}}, tmp_path)


@pytest.mark.parametrize(
    "seeds, grid", [(100_000_000_000, {"x": [1]}), (1, {"a": list(range(10_000)), "b": list(range(10_000))})]
)
def test_a_sweep_too_large_to_list_is_refused(tmp_path, seeds, grid):
    with pytest.raises(SpecError, match="more than"):
        parse_spec({"name": "big", "target": TRIVIAL, "seeds": seeds, "grid": grid}, tmp_path)


def test_max_trials_does_not_enumerate_the_whole_sweep(tmp_path):
    spec = write_spec(tmp_path / "spec.toml", name="m", target=TRIVIAL, seeds=2_000_000, grid={"x": [1, 2, 3]})
    with hang_guard(120):  # listing 6e6 trials would take far longer (a hang guard, not a timing)
        rep = run_sweep(spec, tmp_path / "m.sqlite", max_trials=2)
        assert (rep.total, rep.ran, rep.skipped) == (6_000_000, 2, 0)
        rep = run_sweep(spec, tmp_path / "m.sqlite", max_trials=1)
        assert (rep.ran, rep.skipped) == (1, 2)
