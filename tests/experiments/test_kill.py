"""A sweep killed with SIGKILL mid-run and resumed: nothing lost, nothing duplicated.

The sweep runs in a subprocess (``python -m geoprivate sweep run``) in its own process
group; once some trials are committed the whole group gets SIGKILL.  The database must be
intact, hold each (grid point, trial) at most once, and after a resume equal an
uninterrupted run of the same spec.
"""

from __future__ import annotations

import signal
import sqlite3
import time
from pathlib import Path

import pytest

from geoprivate.experiments import (
    Store,
    records,
    run_sweep,
    write_spec,
)
from tests.helpers import SPIN, kill_group, start_sweep, stored_trials


def _kill_midway(spec: Path, db: Path, workers: int, at_least: int, total: int) -> int:
    """Start the sweep, SIGKILL its process group once ``at_least`` trials are stored."""
    proc = start_sweep(spec, db, "--workers", workers)
    try:
        deadline = time.monotonic() + 120
        while stored_trials(db) < at_least:
            assert proc.poll() is None, f"sweep ended early: {proc.stderr.read().decode()}"
            assert time.monotonic() < deadline, "sweep made no progress"
            time.sleep(0.02)
    finally:
        kill_group(proc)
    assert proc.returncode == -signal.SIGKILL, "the sweep finished before the kill: make trials slower"
    n = stored_trials(db)
    assert at_least <= n < total
    return n


def _comparable(db):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records(db)]


@pytest.mark.parametrize("workers", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_sigkill_then_resume_loses_and_duplicates_nothing(tmp_path, workers):
    spec = write_spec(
        tmp_path / "spec.toml",
        name="killme",
        target=SPIN,
        seeds=5,
        grid={"x": [0, 1, 2, 3], "work": [1], "sleep": [0.03]},
    )
    total = 20
    db = tmp_path / "killed.sqlite"
    _kill_midway(spec, db, workers, at_least=4, total=total)
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert (
        con.execute("SELECT COUNT(*) FROM (SELECT DISTINCT sweep, point, trial FROM trials)").fetchone()[0]
        == con.execute("SELECT COUNT(*) FROM trials").fetchone()[0]
    )
    con.close()
    rep = run_sweep(spec, db)
    assert rep.skipped >= 4 and rep.ran == total - rep.skipped and rep.failed == 0
    rows = records(db)
    keys = [(r["point_index"], r["trial"]) for r in rows]
    assert sorted(keys) == [(i, t) for i in range(4) for t in range(5)]  # every trial exactly once
    assert {r["attempts"] for r in rows} == {1}
    clean = tmp_path / "clean.sqlite"
    run_sweep(spec, clean)
    assert _comparable(db) == _comparable(clean)


def test_stress_test_from_the_cli_killed_resumed_on_dask_and_exported(tmp_path):
    """The issue's "done when": a stress test (GenericPredictor TOP counts) run from the CLI,
    killed, resumed unchanged on a Dask LocalCluster, exported to CSV = an uninterrupted run."""
    pytest.importorskip("distributed")
    import csv

    from geoprivate.cli import main

    spec = write_spec(
        tmp_path / "tops.toml",
        name="tops",
        target="geoprivate.experiments.targets:predictor_tops",
        seeds=6,
        grid={"T": [200], "k": [20, 40], "epsilon": [1.0]},
    )
    db = tmp_path / "tops.sqlite"
    _kill_midway(spec, db, 1, at_least=3, total=12)
    assert main(["sweep", "run", str(spec), "--db", str(db), "--backend", "dask", "--workers", "2", "--quiet"]) == 0
    clean = tmp_path / "clean.sqlite"
    assert main(["sweep", "run", str(spec), "--db", str(clean), "--quiet"]) == 0
    assert _comparable(db) == _comparable(clean)
    out = tmp_path / "tops.csv"
    assert main(["sweep", "export", "--db", str(db), "--csv", str(out)]) == 0
    with open(out) as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 12 and all(int(r["segments"]) == int(r["tops"]) + 1 for r in rows)
    assert [int(r["tops"]) for r in rows] == [r["tops"] for r in records(clean)]


def test_kill_at_startup_as_soon_as_the_file_appears(tmp_path):
    """SIGKILL within a millisecond of the db file appearing: the file is a usable store, and a resume finishes."""
    spec = write_spec(
        tmp_path / "spec.toml", name="k", target=SPIN, seeds=3, grid={"x": [0, 1], "work": [1], "sleep": [0.0]}
    )
    ref = tmp_path / "ref.sqlite"
    run_sweep(spec, ref)
    for attempt in range(3):
        db = tmp_path / f"k{attempt}.sqlite"
        proc = start_sweep(spec, db)
        try:
            deadline = time.monotonic() + 120
            while not db.exists() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.0005)
        finally:
            kill_group(proc)
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
    proc = start_sweep(spec, db)
    try:
        deadline = time.monotonic() + 120
        while stored_trials(db) < at_least and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.001)
    finally:
        kill_group(proc)
    n = stored_trials(db)
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    rep = run_sweep(spec, db)  # the dead writer's lease is taken over at once
    assert rep.skipped == n and rep.ran == total - n and rep.failed == 0
    assert _comparable(db) == _comparable(ref)
    assert all(r["attempts"] == 1 for r in records(db))
