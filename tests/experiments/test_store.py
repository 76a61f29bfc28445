"""The sweep store (geoprivate.experiments.store): atomic creation, one writer (a lease taken over only
from a dead or stale writer), integrity on open, a checksum per row that every reader checks (``sweep
status``, ``export``, ``replay``, a resume), and old schemas upgraded only after their rows pass.

Kills at every phase of a run are in test_kill.py; a trial calling ``sys.exit`` in test_experiments.py."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from geoprivate.experiments import (
    Store,
    StoreError,
    records,
    run_sweep,
    write_spec,
)
from geoprivate.experiments.store import LEASE_SECONDS, SCHEMA_VERSION, STALE_SECONDS, _row_checksum_v2, row_checksum
from tests.helpers import SPIN, TRIVIAL, run_geoprivate, start_sweep


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
    procs = [start_sweep(spec, db), start_sweep(spec, db)]
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
def _finished_sweep(tmp_path, seeds: int):
    """A finished sweep "s" of the trivial target over x in {1, 2}: (spec, its SQLite file)."""
    spec = write_spec(tmp_path / "spec.toml", name="s", target=TRIVIAL, seeds=seeds, grid={"x": [1, 2]})
    db = tmp_path / "s.sqlite"
    run_sweep(spec, db)
    return spec, db


@pytest.fixture
def finished_store(tmp_path):
    return _finished_sweep(tmp_path, seeds=3)


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


def _old_tables(version: int) -> str:
    """The tables of a store of schema ``version`` (1: no checksum column; 2: a checksum without point_index)."""
    checksum = "checksum TEXT NOT NULL DEFAULT '', " if version == 2 else ""
    return f"""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE sweeps (name TEXT PRIMARY KEY, target TEXT NOT NULL, grid TEXT NOT NULL,
            seeds INTEGER NOT NULL, spec TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE trials (sweep TEXT NOT NULL, point_index INTEGER NOT NULL, point TEXT NOT NULL,
            trial INTEGER NOT NULL, seed INTEGER NOT NULL, status TEXT NOT NULL, result TEXT, error TEXT,
            seconds REAL, attempts INTEGER NOT NULL DEFAULT 1, finished REAL NOT NULL,
            {checksum}PRIMARY KEY (sweep, point, trial));
        INSERT INTO meta VALUES ('schema_version', '{version}');
    """


def test_a_version_1_store_is_refused_not_upgraded(tmp_path):
    """Schema 1 rows carry no checksum: nothing could verify them, so the store never upgrades them."""
    db = tmp_path / "v1.sqlite"
    con = sqlite3.connect(db)
    con.executescript(
        _old_tables(1)
        + """
        INSERT INTO sweeps VALUES ('s', 't:f', '[["x", [1]]]', 1, '{}', 0);
        INSERT INTO trials VALUES ('s', 0, '{"x":1}', 0, 5, 'done', '{"u":1}', NULL, 0.1, 1, 0);
    """
    )
    con.close()
    with pytest.raises(StoreError, match="cannot be verified"):
        Store(db, create=False)
    con = sqlite3.connect(db)  # untouched: still version 1
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == "1"
    con.close()


@pytest.mark.parametrize("label", ["1", "2"])
def test_a_tampered_v3_store_relabelled_as_old_is_refused_by_every_reader(tmp_path, label):
    """The issue's attack: relabel a v3 store '1' (or '2') so that opening would re-checksum a tampered row."""
    _, db = _finished_sweep(tmp_path, seeds=2)
    _sql(db, "UPDATE trials SET result='{\"u\": 999}' WHERE point_index=0 AND trial=0")
    _sql(db, "UPDATE meta SET value=? WHERE key='schema_version'", label)
    for cmd in (["status", "--db", db], ["export", "--db", db, "--csv", db.with_suffix(".csv")]):
        p = run_geoprivate("sweep", *cmd)
        assert p.returncode == 2, (cmd, p.stdout, p.stderr)
        assert "internal error" not in p.stderr and p.stdout == ""
        assert len(p.stderr.strip().splitlines()) == 1, p.stderr
    con = sqlite3.connect(db)  # nothing was re-checksummed
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == label
    con.close()


@pytest.fixture
def store(tmp_path):
    return _finished_sweep(tmp_path, seeds=2)


def _sql(db, stmt, *args):
    con = sqlite3.connect(db)
    con.execute(stmt, args)
    con.commit()
    con.close()


TAMPERINGS = {
    "status": "UPDATE trials SET status='failed', error='x', result=NULL WHERE point_index=0 AND trial=0",
    "point_index": "UPDATE trials SET point_index=1 WHERE point_index=0 AND trial=0",
    "seed": "UPDATE trials SET seed=seed+1 WHERE point_index=1 AND trial=1",
    "trial": "UPDATE trials SET trial=7 WHERE point_index=1 AND trial=1",
}


@pytest.mark.parametrize("column", sorted(TAMPERINGS))
def test_every_reader_refuses_a_store_with_one_tampered_column(store, column):
    spec, db = store
    _sql(db, TAMPERINGS[column])
    for cmd in (
        ["status", "--db", db],
        ["export", "--db", db, "--csv", db.with_suffix(".csv")],
        ["replay", "--db", db, "--point-index", 0, "--trial", 1],
    ):
        p = run_geoprivate("sweep", *cmd)
        assert p.returncode == 2, (cmd, p.stdout, p.stderr)
        assert "checksum" in p.stderr or "point_index" in p.stderr, p.stderr
        assert "internal error" not in p.stderr and p.stdout == ""
    with pytest.raises(StoreError):  # resume
        run_sweep(spec, db)


def test_status_reports_after_verifying_and_counts_right(store):
    _, db = store
    with Store(db, create=False) as s:
        st = s.status("s")
    assert [(r["done"], r["failed"], r["remaining"]) for r in st] == [(2, 0, 0), (2, 0, 0)]
    p = run_geoprivate("sweep", "status", "--db", db)
    assert p.returncode == 0, p.stderr


def test_a_version_2_store_is_upgraded_and_a_moved_row_is_refused(tmp_path):
    """Schema 2's checksum did not cover point_index: the upgrade checks point_index against the grid."""

    def make(db, point_index):
        con = sqlite3.connect(db)
        con.executescript(
            _old_tables(2)
            + """
            INSERT INTO sweeps VALUES ('s', 'geoprivate.experiments.targets:trivial', '[["x", [1, 2]]]', 1, '{}', 0);
        """
        )
        ck = _row_checksum_v2("s", '{"x":2}', 0, 5, "done", '{"u":1}', None)
        con.execute(
            "INSERT INTO trials VALUES ('s', ?, '{\"x\":2}', 0, 5, 'done', '{\"u\":1}', NULL, 0.1, 1, 0, ?)",
            (point_index, ck),
        )
        con.commit()
        con.close()

    good, moved = tmp_path / "good.sqlite", tmp_path / "moved.sqlite"
    make(good, 1)
    make(moved, 0)
    with Store(good, create=False) as s:
        (row,) = s.rows("s")
        assert row["point_index"] == 1
    con = sqlite3.connect(good)
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == SCHEMA_VERSION == "3"
    assert con.execute("SELECT checksum FROM trials").fetchone()[0] == row_checksum(
        "s", 1, '{"x":2}', 0, 5, "done", '{"u":1}', None
    )
    con.close()
    with pytest.raises(StoreError, match="point_index"):
        Store(moved, create=False)


def test_a_stale_lease_is_taken_over_whoever_holds_the_pid(tmp_path):
    db = tmp_path / "s.sqlite"
    Store(db).close()
    me = socket.gethostname()
    # pid 1 is alive (a reused pid): a fresh heartbeat still holds the store...
    _lease(db, host=me, pid=1, token="a", heartbeat=time.time())
    with Store(db) as s, pytest.raises(StoreError, match="being written"):
        s.acquire_writer()
    # ...one older than STALE_SECONDS does not (the "1000000001 s ago")
    for age in (STALE_SECONDS + 1, 1_000_000_001):
        _lease(db, host=me, pid=1, token="b", heartbeat=time.time() - age)
        with Store(db) as s:
            s.acquire_writer()
    _lease(db, host=me, pid=os.getppid(), token="c", heartbeat=time.time() - 2 * STALE_SECONDS)
    with Store(db) as s:
        s.acquire_writer()


def test_a_garbled_lease_holds_nothing(tmp_path):
    db = tmp_path / "s.sqlite"
    Store(db).close()
    _sql(db, "INSERT OR REPLACE INTO meta VALUES ('writer', 'not json')")
    with Store(db) as s:
        s.acquire_writer()
    assert records(db) == []


def test_a_writer_that_lost_its_lease_notices_before_its_next_write(tmp_path):
    """A trial outliving STALE_SECONDS lets a second writer take the lease: the first must stop, not write."""
    spec, db = _finished_sweep(tmp_path, seeds=1)
    with Store(db) as s:
        s.acquire_writer()
        s.record("s", 0, '{"x":1}', 5, 1, "done", '{"u":1}', None, 0.1)  # holds the lease: written
        _lease(db, host=socket.gethostname(), pid=os.getpid(), token="other", heartbeat=time.time())
        with pytest.raises(StoreError, match="lost its writer lease"):
            s.record("s", 0, '{"x":1}', 6, 2, "done", '{"u":1}', None, 0.1)
    with Store(db) as s:  # the heartbeat between trials notices too
        _lease(db, host="elsewhere", pid=1, token="old", heartbeat=0.0)  # a dead lease: taken over
        s.acquire_writer()
        _lease(db, host=socket.gethostname(), pid=os.getpid(), token="other", heartbeat=time.time())
        with pytest.raises(StoreError, match="lost its writer lease"):
            s.heartbeat(every=0.0)
    con = sqlite3.connect(db)
    trials = sorted(r[0] for r in con.execute("SELECT trial FROM trials WHERE point_index=0"))
    writer = json.loads(con.execute("SELECT value FROM meta WHERE key='writer'").fetchone()[0])
    con.close()
    assert trials == [0, 5]  # trial 6 was not recorded
    assert writer["token"] == "other"  # and the new writer's lease was left alone on close
