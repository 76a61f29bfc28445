"""``geoprivate sweep``: reproducible, resumable parameter sweeps stored in SQLite.

  geoprivate sweep run SPEC.toml --db FILE [--workers N] [--backend local|dask] [--scheduler ADDR]
  geoprivate sweep status --db FILE [--sweep NAME] [--json]
  geoprivate sweep export --db FILE --csv OUT [--sweep NAME]
  geoprivate sweep replay --db FILE [--sweep NAME] (--best FIELD [--min] | --point-index I --trial J) [--json]

``run`` resumes a sweep already in the database (finished trials are skipped, failed ones
retried); a spec whose grid or target changed under an existing name is refused and nothing
is written.  ``replay`` re-runs one stored trial from its stored seed and parameters and
checks the result is identical; for targets with a stored ``instance`` (the adversary
search) it also re-evaluates the instance itself.  See docs/sweeps.md.

Exit codes: 0 success; 1 ``run`` finished with failed trials, or ``replay`` did not
reproduce the stored result; 2 bad spec / database / arguments.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Any

from geoprivate.cli import _args, _json
from geoprivate.experiments import SpecError, Store, StoreError, load_spec, resolve_target, run_sweep, run_trial, to_csv
from geoprivate.experiments.spec import absolute_target

#: largest --workers (processes or Dask workers started by this command)
MAX_WORKERS = 1024

HELP = "run, resume, inspect, export and replay reproducible parameter sweeps (SQLite store, local or Dask)"


RUN_EPILOG = """examples:
  geoprivate sweep run examples/sweeps/predictor_tops.toml --db tops.sqlite --workers 2
  geoprivate sweep run SPEC.toml --db F --backend dask --scheduler tcp://host:8786
"""
STATUS_EPILOG = """examples:
  geoprivate sweep status --db tops.sqlite
  geoprivate sweep status --db tops.sqlite --json
"""
EXPORT_EPILOG = """examples:
  geoprivate sweep export --db tops.sqlite --csv tops.csv
  geoprivate sweep export --db tops.sqlite --csv /dev/stdout | head
"""
REPLAY_EPILOG = """examples:
  geoprivate sweep replay --db search.sqlite --best objective_best
  geoprivate sweep replay --db tops.sqlite --point-index 0 --trial 1 --json
"""
EPILOG = "examples:\n" + "".join(
    line + "\n" for e in (RUN_EPILOG, STATUS_EPILOG, EXPORT_EPILOG, REPLAY_EPILOG) for line in e.splitlines()[1:2]
)


def add_arguments(p) -> None:
    sub = p.add_subparsers(dest="sweep_command", required=True, help="what to do with a sweep")
    r = _args.add_command(
        sub,
        "run",
        help="run or resume a sweep from a TOML spec",
        description="Run or resume a sweep from a TOML spec; each trial is committed to the SQLite file as it finishes.",
        epilog=RUN_EPILOG,
    )
    r.add_argument("spec", type=_args.nonempty_str, help="SPEC.toml: name, target, seeds, [grid]")
    r.add_argument(
        "--db",
        required=True,
        type=_args.output_file,
        help="SQLite file (created if missing; its directory must exist and be writable)",
    )
    r.add_argument(
        "--workers",
        type=_args.bounded_int(1, MAX_WORKERS),
        default=1,
        help="parallel workers (default 1: in this process)",
    )
    r.add_argument(
        "--backend",
        choices=("local", "dask"),
        default="local",
        help="local processes (default) or Dask distributed (the dask extra)",
    )
    r.add_argument(
        "--scheduler",
        type=_args.nonempty_str,
        help="Dask scheduler address (default: a LocalCluster of --workers workers)",
    )
    r.add_argument(
        "--dask-processes",
        action="store_true",
        help="LocalCluster workers as processes (default: threads in this process)",
    )
    r.add_argument("--max-trials", type=_args.nonneg_int, help="stop after this many trials (resume later)")
    r.add_argument("--quiet", action="store_true", help="no progress bar and no summary")
    r.add_argument("--json", action="store_true", help="print the run's summary as JSON (and nothing else)")
    s = _args.add_command(
        sub,
        "status",
        help="done / failed / remaining trials per grid point",
        description="Done / failed / remaining trials per grid point of the sweeps in a SQLite file.",
        epilog=STATUS_EPILOG,
    )
    s.add_argument("--db", required=True, type=_args.nonempty_str, help="the sweep's SQLite file")
    s.add_argument("--sweep", type=_args.nonempty_str, help="sweep name (default: every sweep in the file)")
    s.add_argument("--json", action="store_true", help="print JSON (and nothing else) on stdout")
    e = _args.add_command(
        sub,
        "export",
        help="write the trials to CSV",
        description="Write the trials of a sweep (parameters, seed, results) to a CSV file.",
        epilog=EXPORT_EPILOG,
    )
    e.add_argument("--db", required=True, type=_args.nonempty_str, help="the sweep's SQLite file")
    e.add_argument("--csv", required=True, type=_args.output_file, help="output CSV file (may be /dev/stdout)")
    e.add_argument("--sweep", type=_args.nonempty_str, help="sweep name (default: all)")
    e.set_defaults(keep_c_stdout=True)  # --csv /dev/stdout is fd 1 itself
    y = _args.add_command(
        sub,
        "replay",
        help="re-run a stored trial (e.g. the best adversary found) and compare",
        description="Re-run a stored trial from its seed and compare the result with the stored one.",
        epilog=REPLAY_EPILOG,
    )
    y.add_argument("--db", required=True, type=_args.nonempty_str, help="the sweep's SQLite file")
    y.add_argument("--sweep", type=_args.nonempty_str, help="sweep name (required if the file holds several)")
    y.add_argument(
        "--best", metavar="FIELD", type=_args.nonempty_str, help="the done trial with the largest result FIELD"
    )
    y.add_argument("--min", action="store_true", help="with --best: the smallest instead")
    y.add_argument("--point-index", type=_args.nonneg_int, help="the grid point (0-based, as status lists them)")
    y.add_argument("--trial", type=_args.nonneg_int, help="the trial index at that point (0-based)")
    y.add_argument("--json", action="store_true", help="print JSON (and nothing else) on stdout")


def run(args) -> int:
    try:
        return _COMMANDS[args.sweep_command](args)
    except BrokenPipeError:  # `sweep status | head`: the CLI ends quietly
        raise
    except (SpecError, StoreError, ValueError, TypeError, OSError) as exc:
        print(f"geoprivate sweep {args.sweep_command}: error: {exc}", file=sys.stderr)
        return 2


def _run(args) -> int:
    spec = load_spec(args.spec)
    rep = run_sweep(
        spec,
        args.db,
        workers=args.workers,
        backend=args.backend,
        scheduler=args.scheduler,
        dask_processes=args.dask_processes,
        progress=False if (args.quiet or args.json) else None,
        max_trials=args.max_trials,
    )
    if args.json:
        _json.dump(dataclasses.asdict(rep))
    elif not args.quiet:
        print(rep)
    return 1 if rep.failed else 0


def _sweep_names(store, name):
    return [name] if name is not None else store.sweep_names()


def _status(args) -> int:
    with Store(args.db, create=False) as store:
        out = {n: store.status(n) for n in _sweep_names(store, args.sweep)}
    if args.json:
        _json.dump(out)
        return 0
    for name, rows in out.items():
        tot = {k: sum(r[k] for r in rows) for k in ("done", "failed", "remaining")}
        print(
            f"sweep {name!r}: {len(rows)} grid points; done {tot['done']}, failed {tot['failed']}, "
            f"remaining {tot['remaining']}"
        )
        for r in rows:
            params = ", ".join(f"{k}={v}" for k, v in r["params"].items())
            print(
                f"  [{r['point_index']:>3}] {params}: done {r['done']}, failed {r['failed']}, "
                f"remaining {r['remaining']}"
            )
    return 0


def _export(args) -> int:
    n = to_csv(args.db, args.csv, args.sweep)
    print(f"wrote {n} trials to {args.csv}")
    return 0


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v


def _pick(rows, args):
    """The row to replay: --best FIELD (max, or min with --min) or --point-index/--trial."""
    if args.best is not None:
        cand = [r for r in rows if r["status"] == "done" and _is_number((r["result"] or {}).get(args.best))]
        if not cand:
            raise ValueError(f"best: no done trial has a numeric result field {args.best!r}")
        sign = 1 if args.min else -1  # ties: the first grid point and trial
        return min(cand, key=lambda r: (sign * r["result"][args.best], r["point_index"], r["trial"]))
    if args.point_index is None or args.trial is None:
        raise ValueError("replay: give --best FIELD or both --point-index and --trial")
    for r in rows:
        if r["point_index"] == args.point_index and r["trial"] == args.trial:
            return r
    raise ValueError(f"replay: no stored trial at point_index={args.point_index}, trial={args.trial}")


def _replay(args) -> int:
    with Store(args.db, create=False) as store:
        names = _sweep_names(store, args.sweep)
        if len(names) != 1:
            raise ValueError(f"sweep: the file holds {len(names)} sweeps {names}; choose one with --sweep")
        info = store.sweep_info(names[0])
        row = _pick(store.rows(names[0]), args)
    base = info["spec"].get("base_dir", ".")
    target = absolute_target(info["target"], base)
    status, result, error, _ = run_trial(target, row["params"], row["seed"])
    replayed = json.loads(result) if result is not None else None
    out = {
        "sweep": names[0],
        "point_index": row["point_index"],
        "trial": row["trial"],
        "seed": row["seed"],
        "params": row["params"],
        "stored": row["result"],
        "replayed": replayed,
        "error": error,
        "identical": status == "done" and replayed == row["result"],
    }
    fn: Any = resolve_target(target)  # the searches carry replay_instance / replay_field (experiments.targets)
    inst = (row["result"] or {}).get("instance")
    if hasattr(fn, "replay_instance") and isinstance(inst, str):
        again = fn.replay_instance(inst)
        out["instance_replay"] = again
        out["instance_identical"] = again.get("objective") == row["result"].get(fn.replay_field)
    ok = out["identical"] and out.get("instance_identical", True)
    if args.json:
        _json.dump(out)
    else:
        print(
            f"sweep {names[0]!r}, point {row['point_index']} {row['params']}, trial {row['trial']}, seed {row['seed']}"
        )
        shown = {k: v for k, v in (row["result"] or {}).items() if k != "instance"}
        print(f"stored result:   {shown}")
        print(f"replayed:        {'identical' if out['identical'] else (replayed or error)}")
        if "instance_replay" in out:
            assert isinstance(inst, str)  # instance_replay is set only for a stored instance string
            print(f"stored instance: {inst[:200]}{' ...' if len(inst) > 200 else ''}")
            print(
                f"instance re-evaluated: {out['instance_replay']} "
                f"({'matches' if out['instance_identical'] else 'DIFFERS from'} {fn.replay_field})"
            )
    return 0 if ok else 1


_COMMANDS = {"run": _run, "status": _status, "export": _export, "replay": _replay}
