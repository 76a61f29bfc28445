"""The sweep store checks what it reports (issue #32, item 3): every reader — ``sweep status``,
``export``, ``replay`` and a resume — refuses a store with one tampered column, point_index is
covered by the row checksum (schema 3), old stores are upgraded only after their rows pass the
old checks, and a stale lease is taken over whoever holds its pid."""

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

from geoprivate.experiments import Store, StoreError, records, run_sweep, write_spec
from geoprivate.experiments.store import SCHEMA_VERSION, STALE_SECONDS, _row_checksum_v2, row_checksum
from tests import ROOT

TRIVIAL = "geoprivate.experiments.targets:trivial"
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


@pytest.fixture
def store(tmp_path):
    spec = write_spec(tmp_path / "spec.toml", name="s", target=TRIVIAL, seeds=2, grid={"x": [1, 2]})
    db = tmp_path / "s.sqlite"
    run_sweep(spec, db)
    return spec, db


def _sql(db, stmt, *args):
    con = sqlite3.connect(db)
    con.execute(stmt, args)
    con.commit()
    con.close()


def _cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "geoprivate", "sweep", *map(str, args)],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )


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
        p = _cli(*cmd)
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
    p = _cli("status", "--db", db)
    assert p.returncode == 0, p.stderr


def test_a_version_2_store_is_upgraded_and_a_moved_row_is_refused(tmp_path):
    """Schema 2's checksum did not cover point_index: the upgrade checks point_index against the grid."""

    def make(db, point_index):
        con = sqlite3.connect(db)
        con.executescript("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE sweeps (name TEXT PRIMARY KEY, target TEXT NOT NULL, grid TEXT NOT NULL,
                seeds INTEGER NOT NULL, spec TEXT NOT NULL, created REAL NOT NULL);
            CREATE TABLE trials (sweep TEXT NOT NULL, point_index INTEGER NOT NULL, point TEXT NOT NULL,
                trial INTEGER NOT NULL, seed INTEGER NOT NULL, status TEXT NOT NULL, result TEXT, error TEXT,
                seconds REAL, attempts INTEGER NOT NULL DEFAULT 1, finished REAL NOT NULL,
                checksum TEXT NOT NULL DEFAULT '', PRIMARY KEY (sweep, point, trial));
            INSERT INTO meta VALUES ('schema_version', '2');
            INSERT INTO sweeps VALUES ('s', 'geoprivate.experiments.targets:trivial', '[["x", [1, 2]]]', 1, '{}', 0);
        """)
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


def _lease(db: Path, **writer) -> None:
    _sql(db, "INSERT OR REPLACE INTO meta VALUES ('writer', ?)", json.dumps(writer))


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
