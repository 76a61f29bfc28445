"""The offending instances of violated claims: saved as JSON with the command that replays them.

:func:`save_instance` writes ``DIR/instances/<claim>.json`` (the report and ``verify --save-instances``),
:func:`load_instance` reads it back, :func:`replay_command` is the one-line command that re-runs a
claim with the same seed; :func:`instances_tried` reads the instance count off a claim's evidence.
"""

from __future__ import annotations

import json
import math
import os
import shlex
from pathlib import Path
from typing import Annotated, Any

from geoprivate._json import strict_json
from geoprivate._validation import Check, Interval, PathArg, Seed, check_path, checked, shown
from geoprivate.claims._registry import RECORD_STATUSES, Budget, ClaimId, Size, _labels
from geoprivate.claims._sources import _read, _Refused

__all__ = ["replay_command", "regenerate_command", "instances_tried", "save_instance", "load_instance"]


def _output_dir(value, name: str):
    """A directory to write into: a path (str or os.PathLike) that is not an existing file."""
    check_path(value, name)
    if os.path.exists(value) and not os.path.isdir(value):
        raise ValueError(f"{name} must be a directory, got the file {os.fspath(value)!r}")
    return value


def _record(value, name: str) -> dict:
    """A claim's record (as :func:`geoprivate.claims.run_claim` returns it): a dict with an ``id`` and a ``status``."""
    if not isinstance(value, dict):
        raise TypeError(f"{name} must be a claim's record (dict), got {type(value).__name__}")
    if not isinstance(value.get("id"), str) or value.get("status") not in RECORD_STATUSES:
        raise ValueError(
            f"{name} must have an 'id' (str) and a 'status' in {sorted(RECORD_STATUSES)}, got "
            f"id {shown(value.get('id'))}, status {shown(value.get('status'))}"
        )
    return value


def _records(value, name: str) -> list[dict]:
    """A sequence of claims' records, as a list."""
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of claims' records (dicts), got {type(value).__name__}")
    return [_record(r, name) for r in value]


#: a directory written into (created if missing; an existing file is refused)
OutDir = Annotated[Any, Check(_output_dir, kind="str")]
#: a claim's record
Record = Annotated[dict, Check(_record, kind="object")]
#: a sequence of claims' records
Records = Annotated[Any, Check(_records, kind="object")]
#: ``--claim`` patterns or ``--claims-from`` sources: a sequence of strings
Names = Annotated[Any, Check(_labels, kind="object")]
#: a run's ``--time-limit``: seconds >= 0 (0 is how the command line says "no limit"; ``math.inf`` is left out)
TimeLimit = Annotated[float, Interval(ge=0, le=math.inf)]


#: evidence keys that count instances/runs, in the order they are looked for
_COUNT_KEYS = (
    "instances",
    "pairs_examined",
    "n_samples",
    "runs",
    "points",
    "samples",
    "audits",
    "settings",
    "checked",
    "intersections",
    "accurate_rounds",
    "hypotheses",
    "general_position_sets",
    "concepts",
)


def _verify_command(claims, claims_from, seed, size, max_examples, time_limit=None) -> str:
    """``python -m geoprivate verify`` with these selection flags, each quoted for a shell."""
    cmd = "python -m geoprivate verify"
    cmd += "".join(f" --claim {shlex.quote(str(c))}" for c in claims)
    cmd += "".join(f" --claims-from {shlex.quote(str(src))}" for src in claims_from)
    cmd += f" --seed {seed} --size {size}"
    if max_examples is not None:
        cmd += f" --max-examples {int(max_examples)}"
    if time_limit is not None and math.isfinite(time_limit):
        cmd += f" --time-limit {time_limit:g}"
    return cmd


@checked
def replay_command(
    claim_id: ClaimId, seed: Seed, size: Size, *, claims_from: str | None = None, max_examples: Budget | None = None
) -> str:
    """The one-line command that re-runs a claim with the same seed (same instances, same shrunk one).

    Parameters
    ----------
    claim_id : str
    seed : int
    size : str
    claims_from : str, optional
        A user claim's ``--claims-from`` source (without it the command could not find the claim).
    max_examples : int, optional
        The ``--max-examples`` the run used (the search budget changes what is found).

    Returns
    -------
    str
    """
    sources = [] if claims_from is None else [claims_from]
    return _verify_command([claim_id], sources, seed, size, max_examples) + " --json"


@checked
def regenerate_command(
    seed: Seed,
    size: Size,
    *,
    claims: Names = (),
    claims_from: Names = (),
    max_examples: Budget | None = None,
    time_limit: TimeLimit | None = None,
) -> str:
    """The command that writes the same report again: every selection flag of the run, then ``--report DIR``.

    Parameters
    ----------
    seed : int
    size : str
    claims : sequence of str
        The run's ``--claim`` patterns (empty: every claim).
    claims_from : sequence of str
        The run's ``--claims-from`` sources.
    max_examples : int, optional
    time_limit : float, optional
        The run's ``--time-limit`` when it was given (``math.inf``, no limit, is left out).

    Returns
    -------
    str

    Examples
    --------
    >>> regenerate_command(0, "small", claims=["mylab"], claims_from=["my claims.py"])
    "python -m geoprivate verify --claim mylab --claims-from 'my claims.py' --seed 0 --size small --report DIR"
    """
    return _verify_command(claims, claims_from, seed, size, max_examples, time_limit) + " --report DIR"


@checked
def instances_tried(evidence: dict) -> str:
    """The evidence's instance count (first of the usual keys, also one level down), or '—'.

    Parameters
    ----------
    evidence : dict
        A record's evidence.

    Returns
    -------
    str
        E.g. ``"200 instances"``.
    """
    for key in _COUNT_KEYS:
        if isinstance(evidence.get(key), (int, float)) and not isinstance(evidence.get(key), bool):
            return f"{evidence[key]} {key}"
    for sub, val in evidence.items():
        if isinstance(val, dict):
            inner = instances_tried(val)
            if inner != "—":
                return f"{sub}: {inner}"
    return "—"


@checked
def save_instance(
    record: Record, outdir: OutDir, *, seed: Seed, size: Size, max_examples: Budget | None = None
) -> tuple[Path, str]:
    """Write a violated record's instance to ``outdir/instances/<id>.json``; return (path, command).

    A user claim's record carries its ``source``: the replay command loads it with ``--claims-from``.

    Parameters
    ----------
    record : dict
        A claim's record (``id``, ``status``, ``evidence``, ``instance``, ...).
    outdir : path
        The report's directory (created if missing).
    seed : int
        The run's seed.
    size : {"small", "medium"}
    max_examples : int, optional
        The run's ``--max-examples``.

    Returns
    -------
    (pathlib.Path, str)
        The file written and the command that replays the claim.
    """
    folder = Path(outdir) / "instances"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"outdir: cannot create {folder}: {exc.strerror or exc}") from None
    path = folder / (record["id"].replace("/", "__") + ".json")
    cmd = replay_command(record["id"], seed, size, claims_from=record.get("source"), max_examples=max_examples)
    path.write_text(
        json.dumps(
            strict_json(
                {
                    "claim": record["id"],
                    "seed": seed,
                    "size": size,
                    "status": record["status"],
                    "statement": record.get("statement", ""),
                    "evidence": record.get("evidence", {}),
                    "instance": record.get("instance"),
                    "replay": cmd,
                }
            ),
            indent=2,
            allow_nan=False,
            default=str,
        )
    )
    return path, cmd


@checked
def load_instance(path: PathArg) -> dict:
    """Read an instance file written by :func:`save_instance`.

    Parameters
    ----------
    path : path
        The file (a regular JSON file).

    Returns
    -------
    dict
        Keys: claim, seed, size, statement, evidence, instance, replay.
    """
    try:
        data = json.loads(_read(Path(path), "an instance file").decode("utf-8"))
    except _Refused as exc:
        raise ValueError(f"path: {exc}") from None
    except ValueError:  # not UTF-8, not JSON
        raise ValueError(f"path: {os.fspath(path)} is not an instance file of geoprivate.report (not JSON)") from None
    if not isinstance(data, dict) or "claim" not in data or "instance" not in data:
        raise ValueError(f"path: {os.fspath(path)} is not an instance file of geoprivate.report")
    return data
