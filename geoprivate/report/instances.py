"""The offending instances of violated claims: saved as JSON with the command that replays them.

:func:`save_instance` writes ``DIR/instances/<claim>.json`` (the report and ``verify --save-instances``),
:func:`load_instance` reads it back, :func:`replay_command` is the one-line command that re-runs a
claim with the same seed; :func:`instances_tried` reads the instance count off a claim's evidence.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from geoprivate._json import strict_json

__all__ = ["replay_command", "regenerate_command", "instances_tried", "save_instance", "load_instance"]


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
    if time_limit is not None:
        cmd += f" --time-limit {time_limit:g}"
    return cmd


def replay_command(claim_id: str, seed, size: str, *, claims_from: str | None = None, max_examples=None) -> str:
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


def regenerate_command(seed, size: str, *, claims=(), claims_from=(), max_examples=None, time_limit=None) -> str:
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
        The run's ``--time-limit`` when it was given.

    Returns
    -------
    str

    Examples
    --------
    >>> regenerate_command(0, "small", claims=["mylab"], claims_from=["my claims.py"])
    "python -m geoprivate verify --claim mylab --claims-from 'my claims.py' --seed 0 --size small --report DIR"
    """
    return _verify_command(claims, claims_from, seed, size, max_examples, time_limit) + " --report DIR"


def instances_tried(evidence: dict) -> str:
    """The evidence's instance count (first of the usual keys, also one level down), or '—'."""
    for key in _COUNT_KEYS:
        if isinstance(evidence.get(key), (int, float)) and not isinstance(evidence.get(key), bool):
            return f"{evidence[key]} {key}"
    for sub, val in evidence.items():
        if isinstance(val, dict):
            inner = instances_tried(val)
            if inner != "—":
                return f"{sub}: {inner}"
    return "—"


def save_instance(record: dict, outdir, *, seed, size: str, max_examples=None) -> tuple[Path, str]:
    """Write a violated record's instance to ``outdir/instances/<id>.json``; return (path, command).

    A user claim's record carries its ``source``: the replay command loads it with ``--claims-from``.
    """
    folder = Path(outdir) / "instances"
    folder.mkdir(parents=True, exist_ok=True)
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


def load_instance(path) -> dict:
    """Read an instance file written by :func:`save_instance` (keys: claim, seed, size,
    statement, evidence, instance, replay)."""
    data = json.loads(Path(path).read_text())
    if "claim" not in data or "instance" not in data:
        raise ValueError(f"path: {path} is not an instance file of geoprivate.report")
    return data
