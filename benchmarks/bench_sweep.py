"""Benchmarks for geoprivate.experiments (ratios against a plain loop, same run).

1. Overhead per trial of the store and the scheduler: a sweep of the trivial target
   (one uniform draw) vs a plain Python loop calling the same target with the same seeds
   (no store).  overhead = (sweep wall time - loop wall time) / trials; aim < 2 ms locally.
   Measured for the in-process backend (workers=1), the process pool (workers=2) and,
   if installed, a Dask LocalCluster of 2 threads.
2. A CPU-bound sweep (``spin``: matrix products, 100 rounds, ~0.3 s a trial) on 1 vs 2 workers:
   wall times and the speed-up ratio (at most 2 on 2 idle cores; less on a shared machine).
   The stored rows of both runs are checked identical.  BLAS is limited to one thread per
   process (OMP/OPENBLAS/MKL_NUM_THREADS=1, inherited by the workers) so that 2 workers do
   not oversubscribe 2 cores.

Run: ``python3 benchmarks/bench_sweep.py [--trials 2000] [--cpu-trials 12]``  (about a minute).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):  # one BLAS thread per worker
    os.environ.setdefault(_v, "1")

import numpy as np  # noqa: E402

from geoprivate.experiments import SweepSpec, records, run_sweep, trial_seed  # noqa: E402
from geoprivate.experiments.targets import trivial  # noqa: E402


def _spec(name, target, seeds, grid):
    return SweepSpec(name, f"geoprivate.experiments.targets:{target}", seeds, tuple((k, tuple(v)) for k, v in grid))


def _rows(db):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records(db)]


def bench_overhead(tmp: Path, trials: int, quick: bool = False) -> dict:
    spec = _spec("overhead", "trivial", trials, [("x", [0])])
    t0 = time.perf_counter()
    for t in range(trials):  # the plain baseline: same target, same seeds, nothing stored
        trivial({"x": 0}, np.random.default_rng(trial_seed("overhead", {"x": 0}, t)))
    t_loop = time.perf_counter() - t0
    out = {}
    backends = [("local x1", dict(workers=1)), ("local x2 (processes)", dict(workers=2))]
    if quick:  # the pool's and Dask's start-up dominate a smoke run; other tests cover them
        backends = backends[:1]
    try:
        import distributed  # noqa: F401

        if not quick:
            backends.append(("dask LocalCluster x2 (threads)", dict(backend="dask", workers=2)))
    except ImportError:
        pass
    for label, kw in progress(backends, desc="backends"):
        db = tmp / f"overhead-{len(out)}.sqlite"
        rep = run_sweep(spec, db, progress=False, **kw)
        per = (rep.seconds - t_loop) / trials * 1e3
        out[label] = per
        print(
            f"trivial target, {trials} trials, {label}: sweep {rep.seconds:.3f} s vs plain loop {t_loop:.3f} s; "
            f"overhead {per:.3f} ms/trial (ratio {rep.seconds / t_loop:.0f}x the bare target)"
        )
    return out


def bench_cpu(tmp: Path, trials: int) -> float:
    spec = _spec("cpu", "spin", trials, [("work", [100])])
    walls = {}
    for w in (1, 2):
        db = tmp / f"cpu-{w}.sqlite"
        walls[w] = run_sweep(spec, db, workers=w, progress=False).seconds
    same = _rows(tmp / "cpu-1.sqlite") == _rows(tmp / "cpu-2.sqlite")
    ratio = walls[1] / walls[2]
    print(
        f"CPU-bound sweep, {trials} trials: 1 worker {walls[1]:.2f} s, 2 workers {walls[2]:.2f} s, "
        f"speed-up {ratio:.2f}x (pool start-up included); identical rows: {same}"
    )
    assert same, "1 and 2 workers stored different results"
    return ratio


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=2000)
    ap.add_argument("--cpu-trials", type=int, default=12)
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, seconds (not timing)")
    args = ap.parse_args(argv)
    if args.quick:
        args.trials, args.cpu_trials = 20, 2
    with tempfile.TemporaryDirectory() as d:
        bench_overhead(Path(d), args.trials, args.quick)
        if not args.quick:
            bench_cpu(Path(d), args.cpu_trials)


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
