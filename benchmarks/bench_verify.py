"""How long ``geoprivate verify`` takes: CPU seconds of ``geoprivate verify --size small`` (the default).

The README's quickstart states this time; it is generated from the file this benchmark writes with
``--save`` (``benchmarks/results/bench_verify.json``, by ``docs/gen_numbers.py``).  The command runs
in a child process; its CPU time (user + system, of the child and its own children) and wall time
are measured, with the count of claims it ran and their verdicts (per paper: holds / violated / skipped),
which the README's screen of results shows.

Run: ``python benchmarks/bench_verify.py [--quick] [--save] [--size small|medium]``; ``--quick`` times
one namespace of claims (``--claim winnow``, seconds) and writes nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "bench_verify.json"


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's finished children."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def verdict_counts(claims: list) -> dict:
    """``{paper: {status: count}}`` of ``geoprivate verify --json``'s claims, papers and statuses in first-seen order."""
    out: dict = {}
    for c in claims:
        by_status = out.setdefault(c["paper"], {})
        by_status[c["status"]] = by_status.get(c["status"], 0) + 1
    return out


def time_verify(size: str, claims: list | None = None) -> dict:
    """Run ``geoprivate verify --size SIZE --json`` (only ``claims`` when given) in a child process;
    its CPU and wall seconds and the number of claims it ran."""
    cmd = [sys.executable, "-m", "geoprivate", "verify", "--size", size, "--json"]
    for c in claims or ():
        cmd += ["--claim", c]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    c0, t0 = children_cpu(), time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    wall, cpu = time.perf_counter() - t0, children_cpu() - c0
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[1:])} exited with {out.returncode}: {out.stderr.strip()[-500:]}")
    claims_run = json.loads(out.stdout)["claims"]
    return {
        "command": "geoprivate verify --size " + size + "".join(f" --claim {c}" for c in claims or ()),
        "size": size,
        "claims": len(claims_run),
        "cpu_seconds": cpu,
        "wall_seconds": wall,
        "cpus": os.cpu_count(),
        "verdicts": verdict_counts(claims_run),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="time one namespace of claims (winnow); writes nothing")
    ap.add_argument("--size", choices=["small", "medium"], default="small")
    ap.add_argument("--save", action="store_true", help=f"write {RESULTS.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    if args.save and args.quick:
        ap.error("--save records the full command; --quick times a subset")
    res = time_verify(args.size, ["winnow"] if args.quick else None)
    print(
        f"{res['command']}: {res['cpu_seconds']:.1f} s CPU, {res['wall_seconds']:.1f} s wall, "
        f"{res['claims']} claims, {res['cpus']} CPUs; verdicts {res['verdicts']}"
    )
    if args.save:
        saved = json.loads(RESULTS.read_text()) if RESULTS.is_file() else {}
        saved[args.size] = res
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(json.dumps(saved, indent=1, allow_nan=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
