"""Sweep store hardening (issue #20): atomic creation, kill at every phase, one writer,
integrity on open, a checksum per row, a trial's sys.exit recorded as a failure."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from geoprivate.experiments import (
    SpecError,
    Store,
    StoreError,
    parse_spec,
    records,
    run_sweep,
    write_spec,
)
from geoprivate.experiments.store import LEASE_SECONDS
from tests import ROOT
from tests.hang_guard import hang_guard

SPIN = "geoprivate.experiments.targets:spin"
TRIVIAL = "geoprivate.experiments.targets:trivial"
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def _comparable(db):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records(db)]


def _rows(db: Path) -> int:
    if not db.exists():
        return 0
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        return con.execute("SELECT COUNT(*) FROM trials").fetchone()[0]
    except sqlite3.DatabaseError:
        return 0
    finally:
        con.close()


def _start(spec: Path, db: Path, *extra) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "geoprivate", "sweep", "run", str(spec), "--db", str(db), "--quiet", *extra],
        cwd=ROOT,
        env=ENV,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _kill(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stderr.close()


# ---------------------------------------------------------------------------- creation
def test_a_new_store_appears_complete_and_leaves_no_temporary_file(tmp_path):
    db = tmp_path / "s.sqlite"
    with Store(db) as s:
        assert s.sweep_names() == []
    assert sorted(p.name for p in tmp_path.iterdir() if ".tmp-" in p.name) == []
    with Store(db, create=False) as s:  # a complete, empty store
        assert s.sweep_names() == []


def test_a_kill_before_the_link_leaves_no_store(tmp_path, monkeypatch):
    """Creation builds the schema in a temporary file; dying before it is linked leaves nothing at the path."""
    import geoprivate.experiments.store as store_mod

    def die(src, dst):
        raise KeyboardInterrupt  # stands for SIGKILL between the commit and the link

    monkeypatch.setattr(store_mod.os, "link", die)
    db = tmp_path / "s.sqlite"
    with pytest.raises(KeyboardInterrupt):
        Store(db)
    assert not db.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("leftover", ["zero-bytes", "wal-header-only"])
def test_an_empty_file_left_by_an_old_crash_is_initialised_not_refused(tmp_path, leftover):
    db = tmp_path / "s.sqlite"
    if leftover == "zero-bytes":
        db.write_bytes(b"")
    else:  # what a kill between `PRAGMA journal_mode=WAL` and the schema left behind
        con = sqlite3.connect(db)
        con.execute("PRAGMA journal_mode=WAL")
        con.close()
    with pytest.raises(StoreError, match="empty"):  # status: refused with the way out named
        Store(db, create=False)
    spec = write_spec(tmp_path / "spec.toml", name="s", target=TRIVIAL, seeds=2, grid={"x": [1, 2]})
    rep = run_sweep(spec, db)
    assert (rep.done, rep.failed) == (4, 0)


def test_store_paths_that_cannot_be_stores(tmp_path):
    with pytest.raises(StoreError, match="directory"):
        Store(tmp_path)
    with pytest.raises(StoreError, match="does not exist"):
        Store(tmp_path / "missing" / "s.sqlite")


# ---------------------------------------------------------------------------- kill at every phase
def test_kill_at_startup_as_soon_as_the_file_appears(tmp_path):
    """SIGKILL within a millisecond of the db file appearing: the file is a usable store, and a resume finishes."""
    spec = write_spec(
        tmp_path / "spec.toml", name="k", target=SPIN, seeds=3, grid={"x": [0, 1], "work": [1], "sleep": [0.0]}
    )
    ref = tmp_path / "ref.sqlite"
    run_sweep(spec, ref)
    for attempt in range(3):
        db = tmp_path / f"k{attempt}.sqlite"
        proc = _start(spec, db)
        try:
            deadline = time.monotonic() + 120
            while not db.exists() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.0005)
        finally:
            _kill(proc)
        assert db.exists()
        with Store(db, create=False) as s:  # never a 0-byte / schema-less file
            assert set(s.sweep_names()) <= {"k"}
        rep = run_sweep(spec, db)
        assert rep.failed == 0 and _comparable(db) == _comparable(ref)


@pytest.mark.parametrize("phase, sleep, at_least", [("mid-trial", 0.05, 2), ("mid-commit", 0.0, 4)])
def test_kill_mid_trial_and_mid_commit_then_resume(tmp_path, phase, sleep, at_least):
    """Slow trials: the kill lands inside a trial; instant trials: commits back to back, the kill lands in one."""
    spec = write_spec(
        tmp_path / "spec.toml",
        name="k",
        target=SPIN,
        seeds=12 if sleep == 0 else 6,
        grid={"x": [0, 1, 2], "work": [1], "sleep": [sleep]},
    )
    total = 3 * (12 if sleep == 0 else 6)
    ref = tmp_path / "ref.sqlite"
    run_sweep(spec, ref)
    db = tmp_path / "killed.sqlite"
    proc = _start(spec, db)
    try:
        deadline = time.monotonic() + 120
        while _rows(db) < at_least and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.001)
    finally:
        _kill(proc)
    n = _rows(db)
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    rep = run_sweep(spec, db)  # the dead writer's lease is taken over at once
    assert rep.skipped == n and rep.ran == total - n and rep.failed == 0
    assert _comparable(db) == _comparable(ref)
    assert all(r["attempts"] == 1 for r in records(db))


# ---------------------------------------------------------------------------- one writer
def test_a_second_writer_is_refused_by_name(tmp_path):
    db = tmp_path / "s.sqlite"
    a = Store(db)
    a.acquire_writer()
    try:
        with Store(db) as b, pytest.raises(StoreError, match=r"being written by another `sweep run`.*pid"):
            b.acquire_writer()
    finally:
        a.close()
    with Store(db) as c:  # released on close
        c.acquire_writer()


def _lease(db: Path, **writer) -> None:
    con = sqlite3.connect(db)
    con.execute("INSERT OR REPLACE INTO meta VALUES ('writer', ?)", (json.dumps(writer),))
    con.commit()
    con.close()


def test_a_dead_or_stale_writer_is_taken_over_a_live_one_is_not(tmp_path):
    db = tmp_path / "s.sqlite"
    Store(db).close()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    _lease(db, host=socket.gethostname(), pid=dead.pid, token="x", heartbeat=time.time())
    with Store(db) as s:
        s.acquire_writer()  # same host, process gone
    _lease(db, host="elsewhere.invalid", pid=1, token="y", heartbeat=time.time() - 2 * LEASE_SECONDS)
    with Store(db) as s:
        s.acquire_writer()  # another host, heartbeat stale
    _lease(db, host="elsewhere.invalid", pid=1, token="z", heartbeat=time.time())
    with Store(db) as s, pytest.raises(StoreError, match="elsewhere.invalid"):
        s.acquire_writer()


def test_two_sweep_runs_on_one_store_never_duplicate_a_trial(tmp_path):
    """Started together on a new store: one runs, the other is refused with a clear message (exit 2)."""
    spec = write_spec(
        tmp_path / "spec.toml", name="two", target=SPIN, seeds=4, grid={"x": [0, 1, 2], "work": [1], "sleep": [0.1]}
    )
    db = tmp_path / "two.sqlite"
    procs = [_start(spec, db), _start(spec, db)]
    errs = []
    for p in procs:
        p.wait(timeout=300)
        errs.append(p.stderr.read().decode())
        p.stderr.close()
    codes = sorted(p.returncode for p in procs)
    refused = [e for e in errs if "being written by another" in e]
    assert codes == [0, 2] and len(refused) == 1, errs
    assert "internal error" not in "".join(errs)
    rows = records(db)
    assert len(rows) == 12 and all(r["attempts"] == 1 and r["status"] == "done" for r in rows)
    assert run_sweep(spec, db).ran == 0


# ---------------------------------------------------------------------------- integrity
@pytest.fixture
def finished_store(tmp_path):
    spec = write_spec(tmp_path / "spec.toml", name="s", target=TRIVIAL, seeds=3, grid={"x": [1, 2]})
    db = tmp_path / "s.sqlite"
    run_sweep(spec, db)
    return spec, db


def test_a_flipped_digit_in_a_stored_result_is_detected(finished_store):
    spec, db = finished_store
    con = sqlite3.connect(db)
    (result,) = con.execute("SELECT result FROM trials WHERE trial=1 AND point_index=0").fetchone()
    digit = next(c for c in result if c.isdigit())
    flipped = result.replace(digit, str((int(digit) + 1) % 10), 1)
    con.execute("UPDATE trials SET result=? WHERE trial=1 AND point_index=0", (flipped,))
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="checksum"):
        records(db)
    with pytest.raises(StoreError, match="checksum"):
        run_sweep(spec, db)


def test_a_garbled_meta_table_is_refused_on_open(finished_store):
    _, db = finished_store
    con = sqlite3.connect(db)
    con.execute("UPDATE meta SET value='\x07garbled' WHERE key='schema_version'")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="schema version"):
        Store(db, create=False)


def test_a_garbled_page_is_refused_on_open(finished_store):
    _, db = finished_store
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) >= 3 * page
    for i in range(page, 2 * page):  # garble the second page: the meta table's b-tree
        data[i] ^= 0x5A
    db.write_bytes(bytes(data))
    with pytest.raises(StoreError):
        records(db)


def test_a_version_1_store_is_upgraded_with_checksums(tmp_path):
    from geoprivate.experiments.store import row_checksum

    db = tmp_path / "v1.sqlite"
    con = sqlite3.connect(db)
    con.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE sweeps (name TEXT PRIMARY KEY, target TEXT NOT NULL, grid TEXT NOT NULL,
            seeds INTEGER NOT NULL, spec TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE trials (sweep TEXT NOT NULL, point_index INTEGER NOT NULL, point TEXT NOT NULL,
            trial INTEGER NOT NULL, seed INTEGER NOT NULL, status TEXT NOT NULL, result TEXT, error TEXT,
            seconds REAL, attempts INTEGER NOT NULL DEFAULT 1, finished REAL NOT NULL,
            PRIMARY KEY (sweep, point, trial));
        INSERT INTO meta VALUES ('schema_version', '1');
        INSERT INTO sweeps VALUES ('s', 't:f', '[["x", [1]]]', 1, '{}', 0);
        INSERT INTO trials VALUES ('s', 0, '{"x":1}', 0, 5, 'done', '{"u":1}', NULL, 0.1, 1, 0);
    """)
    con.close()
    with Store(db, create=False) as s:
        (row,) = s.rows("s")
        assert row["result"] == {"u": 1}
    con = sqlite3.connect(db)
    assert con.execute("SELECT checksum FROM trials").fetchone()[0] == row_checksum(
        "s", 0, '{"x":1}', 0, 5, "done", '{"u":1}', None
    )
    con.close()


# ---------------------------------------------------------------------------- trials that exit
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


# ---------------------------------------------------------------------------- huge specs
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
