"""Running a sweep: trials go to a backend, results come back to the one writer.

* :func:`run_trial` — what a worker executes: import the target, call it with the trial's
  parameters and ``numpy.random.default_rng(seed)``, check the result is a dict of JSON
  scalars, and return ``(status, result JSON, error text, seconds)``.  An exception in the
  target is a *failed trial* (stored with its error text, retried by the next run), not a
  crash of the sweep.
* :func:`run_sweep` — validate the spec, check it against the store (a changed grid or
  target under an existing name is refused before anything is written), skip the trials
  already done, and dispatch the rest in chunks (:func:`run_trials`, sized to about
  :data:`CHUNK_SECONDS` of work) with at most ``2 * workers + 2`` chunks in flight; each
  trial is committed by the coordinating process as soon as its chunk returns.

Backends (``backend=``):

``"local"`` (default)
    ``workers == 1``: trials run in the coordinating process (no pickling, the lowest
    overhead).  ``workers > 1``: a :class:`concurrent.futures.ProcessPoolExecutor` with the
    ``spawn`` start method (safe beside threads, e.g. a Dask client in the same process).
``"dask"``
    Dask distributed (imported only here; ``pip install 'dask[distributed]'``):
    ``scheduler="tcp://host:8786"`` connects to a running cluster (its workers must be
    able to import ``geoprivate`` and the target); without it a ``LocalCluster`` of
    ``workers`` workers is started (``dask_processes=False``: threads in this process).

Same spec and seeds give identical stored results on every backend and worker count:
the seed of a trial depends only on (sweep name, grid point, trial index).
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib.util
import itertools
import math
import signal
import threading
import time
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import numpy as np

from geoprivate._validation import Check, Interval, PathArg, Seed, checked
from geoprivate.experiments.seeding import trial_seed
from geoprivate.experiments.spec import SCALARS, SweepSpec, canonical_json, load_spec, resolve_target
from geoprivate.experiments.store import Store
from geoprivate.privacy.warnings import (
    PrivacyWarning,
    UtilityWarning,
    WarningTally,
    active_tally,
    counted_warnings,
)

#: the warning classes a worker's tally may name (others come back as UserWarning)
_WARNING_CLASSES = {c.__name__: c for c in (PrivacyWarning, UtilityWarning, UserWarning, RuntimeWarning)}

__all__ = ["run_trial", "run_trials", "check_result", "run_sweep", "SweepReport", "BACKENDS"]

BACKENDS = ("local", "dask")
#: a chunk of trials sent to a worker aims at this much target time (seconds)
CHUNK_SECONDS = 0.05
#: and holds at most this many trials
MAX_CHUNK = 256
#: the coordinator refreshes its writer lease at least this often while trials run (seconds)
HEARTBEAT_SECONDS = 5.0


@checked
def check_result(result: Any) -> dict:
    """Return ``result`` as a dict of plain JSON scalars, or raise ``TypeError``.

    numpy scalars are converted with ``.item()``; anything else that is not a bool, int,
    float, str or None (lists, arrays, nested dicts) is refused: encode it as a JSON string
    field if it must be kept (as :func:`geoprivate.experiments.targets.adversary_search`
    does with its ``instance``).
    """
    if not isinstance(result, dict):
        raise TypeError(f"result: the target must return a dict of JSON scalars, got {type(result).__name__}")
    out = {}
    for k, v in result.items():
        if not isinstance(k, str):
            raise TypeError(f"target result: keys must be str, got {k!r}")
        if isinstance(v, np.generic):
            v = v.item()
        if not isinstance(v, SCALARS):
            raise TypeError(f"target result field {k!r}: expected a JSON scalar, got {type(v).__name__}")
        out[k] = v
    return out


#: set by the coordinator's SIGINT handler: a KeyboardInterrupt is then the user's Ctrl-C, not the target's
_USER_INTERRUPT = threading.Event()


@checked
def run_trial(target: str, params: dict, seed: Seed) -> tuple:
    """Run one trial (in a worker): ``(status, result_json, error, seconds)``.

    Whatever the target raises is a failed trial with its reason — including ``sys.exit``
    (``SystemExit``) and a ``KeyboardInterrupt`` it raises itself — never the end of the
    sweep; only the user's Ctrl-C (seen by the coordinator's signal handler) stops it.
    """
    t0 = time.perf_counter()
    try:
        fn = resolve_target(target)
        result = check_result(fn(dict(params), np.random.default_rng(seed)))
        return "done", canonical_json(result), None, time.perf_counter() - t0
    except KeyboardInterrupt as exc:
        if _USER_INTERRUPT.is_set():
            raise
        return _failed(exc, t0, "the target raised KeyboardInterrupt")
    except SystemExit as exc:
        return _failed(exc, t0, f"the target called sys.exit({exc.code!r})")
    except Exception as exc:  # the trial failed; the sweep goes on
        return _failed(exc, t0)


def _failed(exc: BaseException, t0: float, why: str = "") -> tuple:
    tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
    head = f"{type(exc).__name__}: {exc}" + (f" ({why})" if why else "")
    return "failed", None, (head + "\n" + "".join(tb[-3:]))[:4000], time.perf_counter() - t0


@checked
@dataclass
class SweepReport:
    """What :func:`run_sweep` did: trials in the grid, already done before, run now, and their outcome."""

    name: str
    db: str
    backend: str
    workers: int
    total: int
    skipped: int
    ran: int
    done: int
    failed: int
    seconds: float

    def __str__(self) -> str:
        return (
            f"sweep {self.name!r}: {self.total} trials, {self.skipped} already done, ran {self.ran} "
            f"({self.done} done, {self.failed} failed) in {self.seconds:.2f} s on {self.backend} "
            f"x{self.workers}; db {self.db}"
        )


class _Inline(cf.Executor):
    """An executor that runs each task at submission, in this process (workers == 1)."""

    def submit(self, fn, /, *args, **kwargs):
        fut: cf.Future = cf.Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # pragma: no cover - run_trial catches Exception
            fut.set_exception(exc)
        return fut


def _executor(backend: str, workers: int, scheduler, dask_processes: bool):
    """(executor, close) for a backend; Dask is imported only here."""
    if backend == "local":
        if workers == 1:
            return _Inline(), lambda: None
        import multiprocessing

        ex = cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        return ex, lambda: ex.shutdown(wait=True, cancel_futures=True)
    from distributed import Client, LocalCluster

    if scheduler is not None:
        client, cluster = Client(scheduler), None
    else:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=dask_processes, dashboard_address=None
        )
        client = Client(cluster)

    def close():
        client.close()
        if cluster is not None:
            cluster.close()

    return client.get_executor(pure=False), close


#: the most workers a sweep starts (processes or Dask workers)
MAX_WORKERS = 4096


@checked
def run_sweep(
    spec: SweepSpec | PathArg,
    db: PathArg,
    *,
    workers: Annotated[int, Interval(ge=1, le=MAX_WORKERS)] = 1,
    backend: Literal["local", "dask"] = "local",
    scheduler: str | None = None,
    dask_processes: bool = False,
    progress: bool | None = None,
    max_trials: Annotated[int, Interval(ge=0, le=2**63 - 1)] | None = None,
) -> SweepReport:
    """Run (or resume) a sweep, storing one row per trial in the SQLite file ``db``.

    Parameters
    ----------
    spec : SweepSpec, or str / Path of a TOML spec file
    db : str or Path
        The store; created if missing.  A sweep of the same name already in it is resumed
        (done trials skipped, failed ones retried) if its target and grid are unchanged;
        otherwise :class:`~geoprivate.experiments.spec.SpecError` and nothing is written.
    workers : int >= 1
    backend : {"local", "dask"}
    scheduler : str, optional
        Dask scheduler address; without it (and ``backend="dask"``) a LocalCluster.
    dask_processes : bool, default False
        LocalCluster workers as processes (True) or threads in this process (False).
    progress : bool or None
        tqdm progress bar; None = only on a terminal.
    max_trials : int, optional
        Run at most this many of the remaining trials (then stop; the next run resumes).

    Returns
    -------
    SweepReport
    """
    if not isinstance(spec, SweepSpec):
        spec = load_spec(spec)  # its errors say "spec path"
    if scheduler is not None and backend != "dask":
        raise ValueError(f"scheduler: only with backend='dask', got scheduler={scheduler!r}")
    if backend == "dask" and importlib.util.find_spec("distributed") is None:
        raise ValueError("backend 'dask' needs dask distributed (an optional extra): pip install 'dask[distributed]'")
    t_start = time.perf_counter()
    db = Path(db)
    store = Store(db)  # created atomically if missing; an empty file is initialised
    try:
        store.check_spec(spec)  # refuse a changed grid or target before writing anything
        store.acquire_writer()  # one writer per store: a second `sweep run` is refused
        store.register(spec)
        finished = store.finished(spec.name)
        points = spec.points()
        total = len(points) * spec.seeds
        skipped = sum(1 for key, t in finished if t < spec.seeds)
        todo: list[tuple[int, str, dict, int]] = []  # (point index, point JSON, point, trial)
        limit = total if max_trials is None else max_trials
        for i, point in enumerate(points):  # stops at max_trials: never lists a huge sweep whole
            if len(todo) >= limit:
                break
            key = canonical_json(point)
            todo.extend(
                itertools.islice(
                    ((i, key, point, t) for t in range(spec.seeds) if (key, t) not in finished), limit - len(todo)
                )
            )
        counts = {"done": 0, "failed": 0}
        if todo:
            _dispatch(spec, store, todo, counts, workers, backend, scheduler, dask_processes, progress)
    finally:
        store.close()
    return SweepReport(
        spec.name,
        str(db),
        backend,
        workers,
        total,
        skipped,
        counts["done"] + counts["failed"],
        counts["done"],
        counts["failed"],
        time.perf_counter() - t_start,
    )


def _batch(value, name: str) -> list:
    """Trials as ``(params, seed)`` pairs: a dict and a seed each."""
    if not isinstance(value, list):
        raise TypeError(f"{name} must be a list of (params, seed) pairs, got {type(value).__name__}")
    for item in value:
        ok = isinstance(item, (tuple, list)) and len(item) == 2 and isinstance(item[0], dict)
        seed = item[1] if ok else None
        if not ok or isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**63:
            raise TypeError(f"{name} must hold (params dict, seed in [0, 2^63)) pairs, got {item!r}")
    return value


@checked
def run_trials(target: str, batch: Annotated[Any, Check(_batch, kind="object")]) -> tuple[list[tuple], list[dict]]:
    """Run a chunk of trials in one worker call: the outcomes and the warnings they raised, counted.

    Returns ``([run_trial(target, params, seed) for params, seed in batch], warnings)``: the
    warnings are :meth:`~geoprivate.privacy.warnings.WarningTally.records` (one row per cause
    with its count), sent back to the coordinator instead of printed by the worker, so that a
    sweep prints one line per cause at its end (issue #30).  In a thread that is not the
    main one (Dask's threads) the warnings are left to the process's own handler, which
    the CLI already counts.
    """
    if threading.current_thread() is not threading.main_thread():
        return [run_trial(target, params, seed) for params, seed in batch], []
    with counted_warnings() as tally:
        outcomes = [run_trial(target, params, seed) for params, seed in batch]
    return outcomes, tally.records()


def _chunk_size(mean_seconds: float, remaining: int, workers: int) -> int:
    """Trials per task: about :data:`CHUNK_SECONDS` of work, never starving a worker, within 1..MAX_CHUNK."""
    by_time = MAX_CHUNK if mean_seconds <= 0 else int(CHUNK_SECONDS / mean_seconds)
    by_balance = -(-remaining // (2 * workers))
    return max(1, min(MAX_CHUNK, by_time, by_balance))


def _dispatch(spec, store, todo, counts, workers, backend, scheduler, dask_processes, progress) -> None:
    """Submit ``todo`` in chunks with bounded parallelism and store each trial as its chunk returns.

    Chunks start at one trial; afterwards they aim at :data:`CHUNK_SECONDS` of target time
    (the mean so far), which keeps the per-trial cost of scheduling small for cheap targets
    and commits frequent for slow ones.  The in-process backend runs one trial at a time.
    """
    from tqdm.auto import tqdm

    target = spec.resolved_target()
    restore = _watch_user_interrupt()
    try:
        executor, close = _executor(backend, workers, scheduler, dask_processes)
    except BaseException:
        restore()
        raise
    inline = isinstance(executor, _Inline)
    in_flight = 1 if inline else 2 * workers + 2
    bar = tqdm(total=len(todo), desc=spec.name, unit="trial", disable=None if progress is None else not progress)
    pending: dict = {}
    pos, n_done, secs_done, chunk = 0, 0, 0.0, 1
    outer = active_tally()  # the CLI's: it prints the counts when the command ends
    caught_here = outer if outer is not None else WarningTally()
    try:
        while True:
            while len(pending) < in_flight and pos < len(todo):
                part = todo[pos : pos + chunk]
                pos += len(part)
                meta = [(i, key, t, trial_seed(spec.name, point, t)) for i, key, point, t in part]
                batch = [(point, seed) for (_, _, point, _), (_, _, _, seed) in zip(part, meta, strict=True)]
                pending[executor.submit(run_trials, target, batch)] = meta
            if not pending:
                break
            done, _ = cf.wait(list(pending), timeout=HEARTBEAT_SECONDS, return_when=cf.FIRST_COMPLETED)
            store.heartbeat(HEARTBEAT_SECONDS)
            for fut in done:
                meta = pending.pop(fut)
                try:
                    outcomes, caught = fut.result()
                except Exception as exc:  # the worker itself died (not the target)
                    outcomes = [("failed", None, f"worker error: {type(exc).__name__}: {exc}", math.nan)] * len(meta)
                    caught = []
                caught_here.merge(caught)
                for (i, key, t, seed), (status, result, error, secs) in zip(meta, outcomes, strict=True):
                    store.record(spec.name, i, key, t, seed, status, result, error, secs)
                    counts[status] += 1
                    if math.isfinite(secs):
                        n_done, secs_done = n_done + 1, secs_done + secs
                bar.update(len(meta))
            if not inline and n_done:
                chunk = _chunk_size(secs_done / n_done, len(todo) - pos, workers)
    finally:
        bar.close()
        try:
            close()
        finally:
            restore()
            if outer is None:
                _warn_counted(caught_here)


def _warn_counted(tally: WarningTally) -> None:
    """After the progress bar: one warning per cause the workers counted, with its count in the text."""
    for r in tally.records():
        category = _WARNING_CLASSES.get(r["category"], UserWarning)
        times = f" (×{r['count']} in this sweep)" if r["count"] > 1 else ""
        warnings.warn(f"{r['message']}{times}", category, stacklevel=4)


def _watch_user_interrupt():
    """Mark a real Ctrl-C (SIGINT) so that :func:`run_trial` lets it stop the sweep; returns the undo."""
    _USER_INTERRUPT.clear()
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    previous = signal.getsignal(signal.SIGINT)

    def on_sigint(signum, frame):
        _USER_INTERRUPT.set()
        if callable(previous):
            previous(signum, frame)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_sigint)
    return lambda: signal.signal(signal.SIGINT, previous)
