"""Helpers shared by test files in several folders (the watchdog for hangs is :mod:`tests.hang_guard`)."""

from __future__ import annotations

import importlib.util
import os
import signal
import sqlite3
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from geoprivate.privacy.warnings import PrivacyWarning
from tests import ROOT

#: skips a test of the tight accountant (geoprivate.privacy.tight) when its extra is not installed
needs_dp_accounting = pytest.mark.skipif(
    importlib.util.find_spec("dp_accounting") is None, reason="dp-accounting (the [accounting] extra) is not installed"
)


def no_privacy_warning(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` with every :class:`PrivacyWarning` turned into an error.

    Parameters
    ----------
    fn : callable
        The call that must stay inside its privacy theorem.
    *args, **kwargs
        Its arguments.

    Returns
    -------
    object
        What ``fn`` returns.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("error", PrivacyWarning)
        return fn(*args, **kwargs)


#: the environment of a subprocess that must import this checkout's packages (not an installed copy)
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}

#: the sweep target that does nothing but return its parameters
TRIVIAL = "geoprivate.experiments.targets:trivial"


def run_geoprivate(*args, timeout: float = 600, **kwargs) -> subprocess.CompletedProcess:
    """``python -m geoprivate ARGS`` in a subprocess from the repository root, output captured as text.

    Parameters
    ----------
    *args
        The command line after ``geoprivate`` (each converted with ``str``).
    timeout : float, default 600
        A hang guard for the subprocess, not a timing.
    **kwargs
        Passed on to :func:`subprocess.run` (``input=``, ...).

    Returns
    -------
    subprocess.CompletedProcess
        Never raises on a non-zero exit: the tests check ``returncode``.
    """
    return subprocess.run(
        [sys.executable, "-m", "geoprivate", *map(str, args)],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=ENV,
        timeout=timeout,
        **kwargs,
    )


def one_error_line(err: str, *needles: str, labelled: bool = True) -> None:
    """Assert that ``err`` (a command's stderr) is one error line, never an internal error, naming ``needles``.

    Parameters
    ----------
    err : str
        The standard error of the command.
    *needles : str
        Text the line must contain (the flag or the cause).
    labelled : bool, default True
        The line must say ``error`` (argparse's ``geoprivate X: error: ...``); a refusal worded
        otherwise (``vc1 does not take --rho``) passes ``False``.
    """
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert len(lines) == 1, err
    assert "internal error" not in lines[0] and "Traceback" not in err, err
    assert "error" in lines[0] or not labelled, err
    for needle in needles:
        assert needle in lines[0], lines[0]


#: the sweep target that spins for ``work`` units and sleeps ``sleep`` seconds per trial
SPIN = "geoprivate.experiments.targets:spin"


def start_sweep(spec, db, *extra) -> subprocess.Popen:
    """``geoprivate sweep run SPEC --db DB --quiet EXTRA`` started in its own process group (to be killed whole).

    Parameters
    ----------
    spec, db : path-like
        The sweep specification and the store.
    *extra
        More flags (``"--workers", "2"``).

    Returns
    -------
    subprocess.Popen
        stdout discarded, stderr a pipe (closed by :func:`kill_group`).
    """
    return subprocess.Popen(
        [sys.executable, "-m", "geoprivate", "sweep", "run", str(spec), "--db", str(db), "--quiet", *map(str, extra)],
        cwd=ROOT,
        env=ENV,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def stored_trials(db: Path, status: str | None = None) -> int:
    """How many rows the ``trials`` table of a sweep's SQLite file holds, read-only (while a sweep writes it).

    Parameters
    ----------
    db : Path
        The sweep's SQLite file.
    status : str or None
        Count only the rows of this status (``"done"``); None counts every row.

    Returns
    -------
    int
        The count; 0 while the file or its tables do not exist yet.
    """
    if not db.exists():
        return 0
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        if status is None:
            return con.execute("SELECT COUNT(*) FROM trials").fetchone()[0]
        return con.execute("SELECT COUNT(*) FROM trials WHERE status = ?", (status,)).fetchone()[0]
    except sqlite3.DatabaseError:  # tables not created yet, or the file is being created
        return 0
    finally:
        con.close()


def kill_group(proc: subprocess.Popen) -> None:
    """SIGKILL the process group of ``proc`` (started by :func:`start_sweep`) unless it has ended; reap it.

    Parameters
    ----------
    proc : subprocess.Popen
        The sweep.
    """
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stderr.close()
