"""The sweep store: one SQLite file (WAL mode), one row per (sweep, grid point, trial).

Schema (``trials``): ``sweep``, ``point_index``, ``point`` (the parameters as canonical
JSON), ``trial``, ``seed``, ``status`` ('done' or 'failed'), ``result`` (JSON object of
scalars, NULL when failed), ``error`` (text, NULL when done), ``seconds`` (the target's
wall time), ``attempts``, ``finished`` (Unix time); primary key (sweep, point, trial), so a
trial can never be stored twice.  ``sweeps`` holds each sweep's target, grid and seeds.

Each finished trial is written in its own transaction (``BEGIN IMMEDIATE`` … ``COMMIT``):
a kill (even SIGKILL) loses at most the trials that had not finished, never half a row.
``synchronous=NORMAL`` in WAL mode is durable against a killed process; after a power
failure the last few commits may be rolled back, never corrupted.  Only the coordinating
process opens the store for writing; workers only compute.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from geoprivate.experiments.spec import SpecError, SweepSpec, canonical_json

__all__ = ["Store", "StoreError"]

SCHEMA_VERSION = "1"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sweeps (
    name TEXT PRIMARY KEY, target TEXT NOT NULL, grid TEXT NOT NULL, seeds INTEGER NOT NULL,
    spec TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS trials (
    sweep TEXT NOT NULL, point_index INTEGER NOT NULL, point TEXT NOT NULL, trial INTEGER NOT NULL,
    seed INTEGER NOT NULL, status TEXT NOT NULL CHECK (status IN ('done', 'failed')),
    result TEXT, error TEXT, seconds REAL, attempts INTEGER NOT NULL DEFAULT 1, finished REAL NOT NULL,
    PRIMARY KEY (sweep, point, trial));
"""


class StoreError(ValueError):
    """The database file is missing, is not a sweep store, or has no such sweep."""


class Store:
    """A sweep store on ``path`` (created if ``create`` and missing).

    Parameters
    ----------
    path : str or Path
    create : bool, default True
        False: the file must exist already (``status``, ``export``, ``replay``).
    """

    def __init__(self, path, *, create: bool = True):
        self.path = Path(path)
        if not create and not self.path.is_file():
            raise StoreError(f"db: no such sweep database {str(self.path)!r}")
        self.con = sqlite3.connect(str(self.path), isolation_level=None, timeout=30.0)
        try:
            tables = {r[0] for r in self.con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            self.con.close()
            raise StoreError(f"db: {str(self.path)!r} is not an SQLite database ({exc})") from None
        if tables and not {"meta", "sweeps", "trials"} <= tables:
            self.con.close()
            raise StoreError(f"db: {str(self.path)!r} is an SQLite file but not a sweep store (tables {sorted(tables)})")
        if not tables and not create:
            self.con.close()
            raise StoreError(f"db: {str(self.path)!r} is empty, not a sweep store")
        mode = self.con.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise StoreError(f"db: could not put {str(self.path)!r} in WAL mode (got {mode!r})")
        self.con.execute("PRAGMA synchronous=NORMAL")
        if not tables:
            with self.transaction():
                for stmt in _SCHEMA.strip().split(";"):
                    if stmt.strip():
                        self.con.execute(stmt)
                self.con.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (SCHEMA_VERSION,))

    # ------------------------------------------------------------------ plumbing
    def transaction(self):
        """Context manager: ``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on an exception)."""
        return _Transaction(self.con)

    def close(self) -> None:
        self.con.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ------------------------------------------------------------------ sweeps
    def sweep_names(self) -> list[str]:
        return [r[0] for r in self.con.execute("SELECT name FROM sweeps ORDER BY created, name")]

    def sweep_info(self, name: str) -> dict:
        row = self.con.execute("SELECT target, grid, seeds, spec FROM sweeps WHERE name=?", (name,)).fetchone()
        if row is None:
            raise StoreError(f"sweep: no sweep named {name!r} in {str(self.path)!r} (have {self.sweep_names()})")
        return {"name": name, "target": row[0], "grid": json.loads(row[1]), "seeds": row[2],
                "spec": json.loads(row[3])}

    def check_spec(self, spec: SweepSpec) -> bool:
        """Raise :class:`SpecError` if a sweep of that name exists with another target or grid.

        Returns True if the sweep exists already (a resume).  Raising ``seeds`` extends a
        sweep (trial seeds do not depend on ``seeds``); target and grid are its identity.
        """
        row = self.con.execute("SELECT target, grid FROM sweeps WHERE name=?", (spec.name,)).fetchone()
        if row is None:
            return False
        if row[0] != spec.target:
            raise SpecError(f"target: sweep {spec.name!r} in {str(self.path)!r} was run with target {row[0]!r}, "
                            f"the spec now says {spec.target!r}; use a new name")
        if row[1] != spec.grid_json():
            raise SpecError(f"grid: sweep {spec.name!r} in {str(self.path)!r} was run with grid {row[1]}, "
                            f"the spec now says {spec.grid_json()}; a changed grid needs a new name")
        return True

    def register(self, spec: SweepSpec) -> None:
        """Record the sweep (or update its ``seeds``) after :meth:`check_spec`."""
        self.check_spec(spec)
        with self.transaction():
            self.con.execute(
                "INSERT INTO sweeps VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET "
                "seeds=excluded.seeds, spec=excluded.spec",
                (spec.name, spec.target, spec.grid_json(), spec.seeds, json.dumps(spec.to_dict()), time.time()))

    # ------------------------------------------------------------------ trials
    def finished(self, name: str) -> set:
        """{(point JSON, trial)} of the trials stored as done."""
        return set(self.con.execute("SELECT point, trial FROM trials WHERE sweep=? AND status='done'", (name,)))

    def record(self, name: str, point_index: int, point: str, trial: int, seed: int, status: str,
               result: str | None, error: str | None, seconds: float) -> None:
        """Store one finished trial atomically (replacing a failed attempt, attempts + 1)."""
        with self.transaction():
            self.con.execute(
                "INSERT INTO trials VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) "
                "ON CONFLICT(sweep, point, trial) DO UPDATE SET status=excluded.status, result=excluded.result, "
                "error=excluded.error, seconds=excluded.seconds, seed=excluded.seed, "
                "point_index=excluded.point_index, attempts=trials.attempts + 1, finished=excluded.finished",
                (name, point_index, point, trial, seed, status, result, error, seconds, time.time()))

    def rows(self, name: str | None = None) -> list[dict]:
        """Every stored trial (of sweep ``name``, or all), ordered by sweep, point, trial.

        ``params`` lists the parameters in the order of the spec's grid.
        """
        q = ("SELECT sweep, point_index, point, trial, seed, status, result, error, seconds, attempts "
             "FROM trials {} ORDER BY sweep, point_index, trial")
        cur = (self.con.execute(q.format("WHERE sweep=?"), (name,)) if name is not None
               else self.con.execute(q.format("")))
        cols = [c[0] for c in cur.description]
        order = {n: [k for k, _ in json.loads(g)] for n, g in self.con.execute("SELECT name, grid FROM sweeps")}
        out = []
        for r in cur:
            d = dict(zip(cols, r))
            point = json.loads(d.pop("point"))
            d["params"] = {k: point[k] for k in order.get(d["sweep"], sorted(point)) if k in point}
            d["result"] = None if d["result"] is None else json.loads(d["result"])
            out.append(d)
        return out

    def status(self, name: str) -> list[dict]:
        """Per grid point of sweep ``name``: params, done, failed, remaining (of ``seeds``)."""
        info = self.sweep_info(name)
        spec = SweepSpec(name, info["target"], info["seeds"], tuple((k, tuple(v)) for k, v in info["grid"]))
        counts = {}
        for point, st, n in self.con.execute(
                "SELECT point, status, COUNT(*) FROM trials WHERE sweep=? AND trial < ? GROUP BY point, status",
                (name, info["seeds"])):
            counts.setdefault(point, {})[st] = n
        out = []
        for i, p in enumerate(spec.points()):
            c = counts.get(canonical_json(p), {})
            done, failed = c.get("done", 0), c.get("failed", 0)
            out.append({"point_index": i, "params": p, "done": done, "failed": failed,
                        "remaining": info["seeds"] - done - failed})
        return out


class _Transaction:
    def __init__(self, con):
        self.con = con

    def __enter__(self):
        self.con.execute("BEGIN IMMEDIATE")
        return self.con

    def __exit__(self, exc_type, exc, tb):
        self.con.execute("ROLLBACK" if exc_type else "COMMIT")
        return False
