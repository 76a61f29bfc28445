"""The sweep store: one SQLite file (WAL mode), one row per (sweep, grid point, trial).

Schema (``trials``): ``sweep``, ``point_index``, ``point`` (the parameters as canonical
JSON), ``trial``, ``seed``, ``status`` ('done' or 'failed'), ``result`` (JSON object of
scalars, NULL when failed), ``error`` (text, NULL when done), ``seconds`` (the target's
wall time), ``attempts``, ``finished`` (Unix time), ``checksum``; primary key (sweep,
point, trial), so a trial can never be stored twice.  ``sweeps`` holds each sweep's
target, grid and seeds; ``meta`` the schema version and the writer's lease.

Crash safety and integrity:

* **Atomic creation.** A new store is built in a temporary file beside ``path`` and
  hard-linked into place only once its schema is committed, so a kill at any instant
  leaves either no store or a complete empty one (a stray ``.<name>.tmp-*`` file at
  worst).  An existing file with no tables (0 bytes, or an older version killed during
  creation) is recognised and initialised, not refused.
* **One row, one transaction.** Each finished trial is written in its own transaction
  (``BEGIN IMMEDIATE`` … ``COMMIT``): a kill (even SIGKILL) loses at most the trials that
  had not finished, never half a row.  ``synchronous=NORMAL`` in WAL mode is durable
  against a killed process; after a power failure the last few commits may be rolled back,
  never corrupted.
* **Integrity.** Opening runs ``PRAGMA quick_check`` and checks the schema version; every
  trial row carries a SHA-256 checksum of every column a result depends on (sweep,
  point_index, point, trial, seed, status, result, error), verified by every reader —
  ``status``, ``export``, ``replay`` and a resume (:meth:`Store.finished`) — and each row's
  point_index must be its point's position in the sweep's grid (a flipped digit or a moved
  row is a :class:`StoreError` naming the row).  Schema 3 added point_index to the checksum:
  a version 2 store is upgraded on opening after every row passes the old checks (its v2
  checksum, point_index against the grid), and refused otherwise; a version 1 store (no
  checksums) is refused, since nothing could verify its rows — the store never upgrades
  what it cannot verify (a v3 store relabelled '1' or '2' is refused, not re-checksummed).
* **One writer.** A ``sweep run`` takes a lease in ``meta`` (:meth:`Store.acquire_writer`):
  a second writer on the same file is refused with a message naming the first (host, pid,
  age of its heartbeat) instead of computing every trial twice.  A lease is taken over, so a
  killed run can be resumed, when its process is dead (same host), when its heartbeat is
  older than :data:`LEASE_SECONDS` (another host), or — whoever holds the pid (a reused pid
  is alive but not the writer) — when its heartbeat is older than :data:`STALE_SECONDS`.
  A live writer refreshes its heartbeat between trials (every few seconds).  Workers only
  compute.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import socket
import sqlite3
import time
import uuid
from pathlib import Path
from typing import Annotated, Any, Literal

from geoprivate._validation import Interval, NonNegative, NonNegInt, PathArg, Seed, checked
from geoprivate.experiments.spec import MAX_TRIALS, SpecError, SweepSpec, canonical_json

__all__ = ["LEASE_SECONDS", "STALE_SECONDS", "Store", "StoreError", "row_checksum"]

SCHEMA_VERSION = "3"
#: a writer whose heartbeat is older than this (seconds) on another host is presumed dead
LEASE_SECONDS = 120.0
#: a writer whose heartbeat is older than this (seconds) is presumed dead whoever holds its pid
#: (the pid may have been reused); longer than LEASE_SECONDS because a single in-process trial
#: holds the heartbeat back while it runs
STALE_SECONDS = 900.0
_TABLES = {"meta", "sweeps", "trials"}
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sweeps (
    name TEXT PRIMARY KEY, target TEXT NOT NULL, grid TEXT NOT NULL, seeds INTEGER NOT NULL,
    spec TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS trials (
    sweep TEXT NOT NULL, point_index INTEGER NOT NULL, point TEXT NOT NULL, trial INTEGER NOT NULL,
    seed INTEGER NOT NULL, status TEXT NOT NULL CHECK (status IN ('done', 'failed')),
    result TEXT, error TEXT, seconds REAL, attempts INTEGER NOT NULL DEFAULT 1, finished REAL NOT NULL,
    checksum TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (sweep, point, trial));
"""


@checked
def row_checksum(
    sweep: str,
    point_index: NonNegInt,
    point: str,
    trial: NonNegInt,
    seed: Seed,
    status: str,
    result: str | None,
    error: str | None,
) -> str:
    """SHA-256 (hex) of a trial row's content (schema 3): what was computed and where, not when or how long.

    >>> row_checksum("s", 0, '{"x":1}', 0, 7, "done", '{"u":0.5}', None)[:12]
    'f025e0327605'
    """
    text = json.dumps(
        [sweep, int(point_index), point, int(trial), int(seed), status, result, error], separators=(",", ":")
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _row_checksum_v2(sweep: str, point: str, trial: int, seed: int, status: str, result, error) -> str:
    """Schema 2's checksum (without point_index): read once, when a version 2 store is upgraded."""
    text = json.dumps([sweep, point, int(trial), int(seed), status, result, error], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _create_atomically(path: Path) -> None:
    """Build an empty store in a temporary file beside ``path`` and link it into place.

    ``os.link`` never replaces an existing file: if another process created the store
    meanwhile, its store is kept and ours discarded.
    """
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        con = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            con.execute("BEGIN IMMEDIATE")
            _create_schema(con)
            con.execute("COMMIT")
        finally:
            con.close()
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        except OSError:  # a file system without hard links: no-clobber is then best effort
            if not path.exists():
                os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def _create_schema(con) -> None:
    for stmt in _SCHEMA.strip().split(";"):
        if stmt.strip():
            con.execute(stmt)
    con.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (SCHEMA_VERSION,))


class StoreError(ValueError):
    """The database file is missing, is not a sweep store, or has no such sweep."""


#: an index stored in an SQLite INTEGER (signed 64 bits)
_Row64 = Annotated[int, Interval(ge=0, le=2**63 - 1)]


@checked
class Store:
    """A sweep store on ``path`` (created if ``create`` and missing).

    Parameters
    ----------
    path : str or Path
    create : bool, default True
        False: the file must exist already (``status``, ``export``, ``replay``).
    """

    def __init__(self, path: PathArg, *, create: bool = True):
        self.path = Path(path)
        self._owner: dict[str, object] | None = None
        self._beat = 0.0
        if self.path.is_dir():
            raise StoreError(f"path (db): {str(self.path)!r} is a directory, not a sweep database")
        if self.path.exists() and not self.path.is_file():  # a FIFO would block SQLite, a device is no store
            raise StoreError(f"path (db): {str(self.path)!r} is not a regular file, not a sweep database")
        if not self.path.exists():
            if not create:
                raise StoreError(f"path (db): no such sweep database {str(self.path)!r}")
            if not self.path.parent.is_dir():
                raise StoreError(f"path (db): directory {str(self.path.parent)!r} does not exist")
            _create_atomically(self.path)
        self.con = sqlite3.connect(str(self.path), isolation_level=None, timeout=30.0)
        try:
            self._open(create)
        except sqlite3.DatabaseError as exc:  # a garbled page can surface in any first read
            self.con.close()
            raise StoreError(f"path (db): {str(self.path)!r} is corrupt ({exc})") from None
        except BaseException:
            self.con.close()
            raise

    def _open(self, create: bool) -> None:
        where = repr(str(self.path))
        try:
            tables = {r[0] for r in self.con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"path (db): {where} is not an SQLite database ({exc})") from None
        if tables and not tables >= _TABLES:
            raise StoreError(f"path (db): {where} is an SQLite file but not a sweep store (tables {sorted(tables)})")
        if not tables and not create:
            raise StoreError(f"path (db): {where} is empty, not a sweep store (`sweep run` initialises it)")
        mode = self.con.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise StoreError(f"path (db): could not put {where} in WAL mode (got {mode!r})")
        self.con.execute("PRAGMA synchronous=NORMAL")
        if not tables:  # an empty file (e.g. left by a kill during creation): initialise it
            with self.transaction():
                _create_schema(self.con)
        try:
            check = [r[0] for r in self.con.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"path (db): {where} is corrupt ({exc})") from None
        if check != ["ok"]:
            raise StoreError(f"path (db): {where} failed SQLite's integrity check: {'; '.join(check[:3])}")
        self._check_version(where)

    def _check_version(self, where: str) -> None:
        row = self.con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        version = None if row is None else row[0]
        if version == "1":  # no checksums: nothing to verify the rows against, so nothing is upgraded
            raise StoreError(
                f"db: {where} has schema version '1', whose rows carry no checksum: they cannot be verified, so "
                "this geoprivate does not upgrade them (re-run the sweep into a new store)"
            )
        if version == "2":  # upgrade: checksum every row, point_index included, once it passes the old checks
            with self.transaction():
                positions: dict = {}
                for r in self.con.execute(
                    "SELECT sweep, point_index, point, trial, seed, status, result, error, checksum FROM trials"
                ).fetchall():
                    if _row_checksum_v2(r[0], *r[2:8]) != r[8]:
                        raise StoreError(self._altered(r[0], r[2], r[3]) + f" (while upgrading schema {version} to 3)")
                    if r[0] not in positions:
                        positions[r[0]] = self._positions(r[0])
                    self._check_position(positions[r[0]], r[0], r[1], r[2], r[3])
                    self.con.execute(
                        "UPDATE trials SET checksum=? WHERE sweep=? AND point=? AND trial=?",
                        (row_checksum(*r[:8]), r[0], r[2], r[3]),
                    )
                self.con.execute("UPDATE meta SET value=? WHERE key='schema_version'", (SCHEMA_VERSION,))
        elif version != SCHEMA_VERSION:
            raise StoreError(
                f"path (db): {where} has schema version {version!r}; this geoprivate reads "
                f"{SCHEMA_VERSION!r} (a garbled meta table, or a newer store)"
            )

    # ------------------------------------------------------------------ plumbing
    def transaction(self):
        """Context manager: ``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on an exception)."""
        return _Transaction(self.con)

    def close(self) -> None:
        try:
            self.release_writer()
        finally:
            self.con.close()

    # ------------------------------------------------------------------ the writer's lease
    def acquire_writer(self) -> None:
        """Take the store's writer lease, or raise :class:`StoreError` naming the live writer.

        The lease is ``meta['writer']`` = JSON {host, pid, token, heartbeat}.  It is free
        when absent, when its process is dead (same host), when its heartbeat is older than
        :data:`LEASE_SECONDS` (another host), or when its heartbeat is older than
        :data:`STALE_SECONDS` whoever holds the pid.
        """
        me = {"host": socket.gethostname(), "pid": os.getpid(), "token": uuid.uuid4().hex}
        with self.transaction():
            row = self.con.execute("SELECT value FROM meta WHERE key='writer'").fetchone()
            if row is not None:
                try:
                    other = json.loads(row[0])
                    age = time.time() - float(other.get("heartbeat", 0))
                    if not math.isfinite(age):  # a heartbeat of Infinity or NaN (JSON allows both) is garbled
                        raise ValueError(age)
                except (ValueError, TypeError, AttributeError):
                    other, age = {}, math.inf  # a garbled lease holds nothing
                if _alive(other, age):
                    raise StoreError(
                        f"path (db): {str(self.path)!r} is being written by another `sweep run` (host {other.get('host')}, "
                        f"pid {other.get('pid')}, last heartbeat {age:.0f} s ago); wait for it to finish, or resume "
                        f"once it has stopped (a dead writer's lease is taken over)"
                    )
            self.con.execute(
                "INSERT OR REPLACE INTO meta VALUES ('writer', ?)", (json.dumps({**me, "heartbeat": time.time()}),)
            )
        self._owner, self._beat = me, time.monotonic()

    def heartbeat(self, every: NonNegative = 5.0) -> None:
        """Refresh the lease if it is older than ``every`` seconds (the coordinator calls this
        while trials run; every stored trial refreshes it too)."""
        if self._owner is not None and time.monotonic() - self._beat >= every:
            with self.transaction():
                self._write_lease()

    def _write_lease(self) -> None:
        """Refresh our lease inside the caller's transaction, or raise :class:`StoreError` if it is lost.

        The update matches our token only: when another ``sweep run`` has taken the lease over (our
        heartbeat grew older than :data:`STALE_SECONDS` during a long trial, say), nothing is updated and
        this writer stops before its next write instead of recording every trial a second time.
        """
        assert self._owner is not None  # both callers hold the lease
        self._beat = time.monotonic()
        cur = self.con.execute(
            "UPDATE meta SET value=? WHERE key='writer' AND json_extract(value, '$.token')=?",
            (json.dumps({**self._owner, "heartbeat": time.time()}), self._owner["token"]),
        )
        if cur.rowcount != 1:
            self._owner = None  # nothing of ours to release
            raise StoreError(
                f"db: {str(self.path)!r}: this `sweep run` lost its writer lease (its heartbeat went stale and "
                "another writer took the store over); it stops here without writing, the other run goes on"
            )

    def release_writer(self) -> None:
        if self._owner is not None:
            with contextlib.suppress(sqlite3.Error), self.transaction():
                self.con.execute(
                    "DELETE FROM meta WHERE key='writer' AND json_extract(value, '$.token')=?", (self._owner["token"],)
                )
            self._owner = None

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
            raise StoreError(f"sweep name: no sweep named {name!r} in {str(self.path)!r} (have {self.sweep_names()})")
        grid = self._stored_grid(name, row[1])
        seeds, spec = row[2], self._stored_json(name, "spec", row[3])
        if not isinstance(spec, dict):
            raise StoreError(self._garbled(name, "spec", row[3]))
        if isinstance(seeds, bool) or not isinstance(seeds, int) or seeds < 1:
            raise StoreError(self._garbled(name, "seeds", seeds))
        return {"name": name, "target": row[0], "grid": [[k, list(v)] for k, v in grid], "seeds": seeds, "spec": spec}

    def _garbled(self, name: str, column: str, value) -> str:
        shown = repr(value) if len(repr(value)) <= 80 else repr(value)[:80] + "..."
        return f"path (db): {str(self.path)!r}: sweep {name!r} has a garbled {column} {shown} (altered after it was written)"

    def _stored_json(self, name: str, column: str, text):
        """A JSON column of sweep ``name``'s row, parsed; unparsable text is a :class:`StoreError` naming the store."""
        try:
            return json.loads(text)
        except (TypeError, ValueError):
            raise StoreError(self._garbled(name, column, text)) from None

    def _stored_grid(self, name: str, text) -> tuple:
        """Sweep ``name``'s stored grid as ``((parameter, values), ...)``, checked as a spec's grid is (non-empty
        lists of distinct values, at most ``MAX_TRIALS`` points): a garbled one is a :class:`StoreError`."""
        grid = self._stored_json(name, "grid", text)
        ok = isinstance(grid, list) and bool(grid)
        ok = ok and all(isinstance(kv, list) and len(kv) == 2 and isinstance(kv[0], str) for kv in grid)
        ok = ok and all(isinstance(v, list) and v and len({canonical_json(x) for x in v}) == len(v) for _, v in grid)
        if not ok or math.prod(len(v) for _, v in grid) > MAX_TRIALS:
            raise StoreError(self._garbled(name, "grid", text))
        return tuple((k, tuple(v)) for k, v in grid)

    def check_spec(self, spec: SweepSpec) -> bool:
        """Raise :class:`SpecError` if a sweep of that name exists with another target or grid.

        Returns True if the sweep exists already (a resume).  Raising ``seeds`` extends a
        sweep (trial seeds do not depend on ``seeds``); target and grid are its identity.
        """
        row = self.con.execute("SELECT target, grid FROM sweeps WHERE name=?", (spec.name,)).fetchone()
        if row is None:
            return False
        if row[0] != spec.target:
            raise SpecError(
                f"target: sweep {spec.name!r} in {str(self.path)!r} was run with target {row[0]!r}, "
                f"the spec now says {spec.target!r}; use a new name"
            )
        if row[1] != spec.grid_json():
            raise SpecError(
                f"grid: sweep {spec.name!r} in {str(self.path)!r} was run with grid {row[1]}, "
                f"the spec now says {spec.grid_json()}; a changed grid needs a new name"
            )
        return True

    def register(self, spec: SweepSpec) -> None:
        """Record the sweep (or update its ``seeds``) after :meth:`check_spec`."""
        self.check_spec(spec)
        with self.transaction():
            self.con.execute(
                "INSERT INTO sweeps VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET "
                "seeds=excluded.seeds, spec=excluded.spec",
                (spec.name, spec.target, spec.grid_json(), spec.seeds, json.dumps(spec.to_dict()), time.time()),
            )

    # ------------------------------------------------------------------ trials
    def finished(self, name: str) -> set:
        """{(point JSON, trial)} of the trials stored as done (every row of the sweep verified, failed ones too)."""
        return {(d["point"], d["trial"]) for d in self._verified_rows(name) if d["status"] == "done"}

    def _verified_rows(self, name: str | None, order: str = "") -> list[dict]:
        """Every trial row (of sweep ``name``, or all) as a dict, each checked by :meth:`_verify`."""
        q = (
            "SELECT sweep, point_index, point, trial, seed, status, result, error, seconds, attempts, checksum "
            f"FROM trials {'WHERE sweep=?' if name is not None else ''} {order}"
        )
        cur = self.con.execute(q, (name,) if name is not None else ())
        cols = [c[0] for c in cur.description]
        positions: dict = {}
        out = []
        for r in cur:
            d = dict(zip(cols, r, strict=True))
            if d["sweep"] not in positions:
                positions[d["sweep"]] = self._positions(d["sweep"])
            self._verify(d, positions[d["sweep"]])
            out.append(d)
        return out

    def _positions(self, name: str) -> dict | None:
        """{point JSON: its position in sweep ``name``'s grid} (None for a sweep not registered)."""
        row = self.con.execute("SELECT target, grid FROM sweeps WHERE name=?", (name,)).fetchone()
        if row is None:
            return None
        spec = SweepSpec(name, row[0], 1, self._stored_grid(name, row[1]))
        return {canonical_json(p): i for i, p in enumerate(spec.points())}

    def _altered(self, sweep, point, trial) -> str:
        return (
            f"path (db): {str(self.path)!r}: the stored row of sweep {sweep!r}, point {point}, "
            f"trial {trial} does not match its checksum (altered after it was written)"
        )

    def _check_position(self, positions, sweep, point_index, point, trial) -> None:
        if positions is not None and positions.get(point) != point_index:
            raise StoreError(
                f"path (db): {str(self.path)!r}: the stored row of sweep {sweep!r}, point {point}, trial {trial} has "
                f"point_index {point_index!r}, not the point's position {positions.get(point)!r} in the grid "
                "(altered after it was written)"
            )

    def _verify(self, d: dict, positions) -> None:
        """A row's checksum and point_index (against the grid), or :class:`StoreError` naming the row."""
        content = (
            d["sweep"],
            d["point_index"],
            d["point"],
            d["trial"],
            d["seed"],
            d["status"],
            d["result"],
            d["error"],
        )
        try:
            ok = row_checksum(*content) == d["checksum"]
        except (TypeError, ValueError):  # a column of the wrong type
            ok = False
        if not ok:
            raise StoreError(self._altered(d["sweep"], d["point"], d["trial"]))
        self._check_position(positions, d["sweep"], d["point_index"], d["point"], d["trial"])

    def record(
        self,
        name: str,
        point_index: _Row64,
        point: str,
        trial: _Row64,
        seed: Seed,
        status: Literal["done", "failed"],
        result: str | None,
        error: str | None,
        seconds: NonNegative,
    ) -> None:
        """Store one finished trial atomically (replacing a failed attempt, attempts + 1)."""
        checksum = row_checksum(name, point_index, point, trial, seed, status, result, error)
        with self.transaction():
            if self._owner is not None:  # a writer checks its lease first: a lost lease writes nothing
                self._write_lease()
            self.con.execute(
                "INSERT INTO trials VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?) "
                "ON CONFLICT(sweep, point, trial) DO UPDATE SET status=excluded.status, result=excluded.result, "
                "error=excluded.error, seconds=excluded.seconds, seed=excluded.seed, "
                "point_index=excluded.point_index, attempts=trials.attempts + 1, finished=excluded.finished, "
                "checksum=excluded.checksum",
                (name, point_index, point, trial, seed, status, result, error, seconds, time.time(), checksum),
            )

    def rows(self, name: str | None = None) -> list[dict]:
        """Every stored trial (of sweep ``name``, or all), ordered by sweep, point, trial.

        ``params`` lists the parameters in the order of the spec's grid.
        """
        sweeps = self.con.execute("SELECT name, grid FROM sweeps").fetchall()
        order = {n: [k for k, _ in self._stored_grid(n, g)] for n, g in sweeps}
        out = []
        for d in self._verified_rows(name, "ORDER BY sweep, point_index, trial"):
            del d["checksum"]
            point = json.loads(d.pop("point"))
            d["params"] = {k: point[k] for k in order.get(d["sweep"], sorted(point)) if k in point}
            d["result"] = None if d["result"] is None else json.loads(d["result"])
            out.append(d)
        return out

    def status(self, name: str) -> list[dict]:
        """Per grid point of sweep ``name``: params, done, failed, remaining (of ``seeds``)."""
        info = self.sweep_info(name)
        spec = SweepSpec(name, info["target"], info["seeds"], tuple((k, tuple(v)) for k, v in info["grid"]))
        counts: dict = {}
        for d in self._verified_rows(name):  # every row's checksum, as export and replay do
            if d["trial"] < info["seeds"]:
                c = counts.setdefault(d["point"], {})
                c[d["status"]] = c.get(d["status"], 0) + 1
        out = []
        for i, p in enumerate(spec.points()):
            c = counts.get(canonical_json(p), {})
            done, failed = c.get("done", 0), c.get("failed", 0)
            out.append(
                {
                    "point_index": i,
                    "params": p,
                    "done": done,
                    "failed": failed,
                    "remaining": info["seeds"] - done - failed,
                }
            )
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


def _alive(writer: dict, age: float) -> bool:
    """Whether a recorded writer may still be running.

    A heartbeat older than :data:`STALE_SECONDS` is dead whoever holds the pid; otherwise same host →
    its pid exists; another host → a heartbeat fresher than :data:`LEASE_SECONDS`.
    """
    if not age < STALE_SECONDS:
        return False
    if writer.get("host") == socket.gethostname():
        pid: Any = writer.get("pid")  # parsed JSON: a missing or garbled pid raises below and is caught
        if pid == os.getpid():
            return True  # another Store in this very process
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return False
        except (PermissionError, TypeError, ValueError, OverflowError):
            return True
        return True
    return age < LEASE_SECONDS
