"""The distributed path as a user with several machines runs it (issue #20).

A ``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1, started as separate
processes; ``geoprivate sweep run --backend dask --scheduler tcp://…`` as a third.  One
worker is killed mid-sweep, then the coordinator; the sweep is resumed.  Every trial must
be stored exactly once, done, with rows equal to a local run's.  The fast variant (an
in-process LocalCluster reached by address, and resume) is
``tests/experiments/test_dask.py::test_dask_scheduler_address_and_resume``.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from geoprivate.experiments import records, run_sweep, write_spec
from tests import ROOT
from tests.helpers import stored_trials

pytest.importorskip("distributed")

ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
SPIN = "geoprivate.experiments.targets:spin"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _dask() -> list[str]:
    exe = shutil.which("dask", path=str(Path(sys.executable).parent)) or shutil.which("dask")
    if exe is None:
        pytest.skip("the dask command line is not installed")
    return [exe]


def _spawn(argv, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        argv, cwd=ROOT, env=ENV, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw
    )


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def _wait_rows(db: Path, n: int, proc: subprocess.Popen, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while stored_trials(db, "done") < n:
        assert proc.poll() is None, "the coordinator ended before the kill"
        assert time.monotonic() < deadline, "the sweep made no progress"
        time.sleep(0.05)


def _wait_workers(address: str, n: int, timeout: float = 120) -> None:
    from distributed import Client

    with Client(address, timeout=timeout) as c:
        c.wait_for_workers(n, timeout=timeout)


@pytest.mark.slow
def test_scheduler_and_two_workers_as_processes_worker_then_coordinator_killed(tmp_path):
    spec = write_spec(
        tmp_path / "spec.toml", name="dist", target=SPIN, seeds=10, grid={"x": [0, 1, 2], "work": [1], "sleep": [0.15]}
    )
    total = 30
    local = tmp_path / "local.sqlite"
    run_sweep(spec, local)
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask = _dask()
    procs = [_spawn([*dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"])]
    try:
        time.sleep(1.0)
        workers = [
            _spawn(
                [
                    *dask,
                    "worker",
                    address,
                    "--nthreads",
                    "1",
                    "--nworkers",
                    "1",
                    "--no-dashboard",
                    "--host",
                    "127.0.0.1",
                ]
            )
            for _ in range(2)
        ]
        procs += workers
        _wait_workers(address, 2)
        db = tmp_path / "dist.sqlite"
        coord = _spawn(
            [
                sys.executable,
                "-m",
                "geoprivate",
                "sweep",
                "run",
                str(spec),
                "--db",
                str(db),
                "--backend",
                "dask",
                "--scheduler",
                address,
                "--quiet",
            ]
        )
        procs.append(coord)
        _wait_rows(db, 4, coord)
        _stop(workers[0])  # a machine goes away mid-sweep
        _wait_rows(db, 10, coord)
        _stop(coord)  # then the coordinator dies
        assert stored_trials(db, "done") < total
        rep = run_sweep(spec, db, backend="dask", scheduler=address)  # resume on the surviving worker
        assert rep.failed == 0 and rep.skipped + rep.ran == total
    finally:
        for p in reversed(procs):
            _stop(p)
    rows = records(db)
    keys = [(r["x"], r["trial"]) for r in rows]
    assert len(keys) == len(set(keys)) == total and all(r["status"] == "done" for r in rows)
    strip = [{k: v for k, v in r.items() if k not in ("seconds", "attempts")} for r in rows]
    assert strip == [{k: v for k, v in r.items() if k not in ("seconds", "attempts")} for r in records(local)]
