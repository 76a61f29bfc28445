"""Reading a sweep back: flat records, CSV (standard library) and a pandas DataFrame.

One record per trial: ``sweep, point_index, trial, seed, status, seconds, attempts, error``,
then one column per parameter and one per result field.  A result field whose name
collides with a parameter or a fixed column is written as ``result_<name>``.

ε = ∞ stays a number.  A target stores ε = ∞ as JSON ``null`` beside ``"privacy_applies":
false`` (strict JSON has no infinity, docs/private_as_run.md); here such a ``null`` in an
``epsilon…`` field of a record with ``privacy_applies`` false becomes ``float("inf")``: the CSV
cell reads ``inf`` (which :func:`float` and ``pandas.read_csv`` parse as infinity) and the
DataFrame column stays ``float64``, where an empty cell would be "missing" and an all-``None``
column an ``object`` one.
"""

from __future__ import annotations

import csv
import math
from pathlib import Path
from typing import Annotated, Any

from geoprivate._validation import Check, PathArg, checked
from geoprivate.experiments.store import Store

__all__ = ["records", "columns", "to_csv", "to_dataframe", "FIXED_COLUMNS"]

FIXED_COLUMNS = ("sweep", "point_index", "trial", "seed", "status", "seconds", "attempts", "error")


def _flatten(row: dict) -> dict:
    rec = {c: row[c] for c in FIXED_COLUMNS}
    for k, v in row["params"].items():
        rec[k if k not in FIXED_COLUMNS else f"param_{k}"] = v
    result = row["result"] or {}
    infinite = result.get("privacy_applies") is False  # its null epsilons are epsilon = inf
    for k, v in result.items():
        if v is None and infinite and k.startswith("epsilon"):
            v = math.inf
        rec[f"result_{k}" if k in rec else k] = v
    return rec


@checked
def records(db: PathArg, sweep: str | None = None) -> list[dict]:
    """All trials of ``db`` (of one sweep if given) as flat dicts, ordered by sweep, point, trial."""
    with Store(db, create=False) as store:
        if sweep is not None:
            store.sweep_info(sweep)  # raises StoreError for an unknown sweep
        return [_flatten(r) for r in store.rows(sweep)]


def _rows(value, name: str) -> list:
    """Trial records: a list of dicts."""
    if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
        raise TypeError(f"{name} must be a list of dicts (records), got {type(value).__name__}")
    return value


@checked
def columns(recs: Annotated[Any, Check(_rows, kind="object")]) -> list[str]:
    """The union of the records' keys, fixed columns first, then in order of appearance."""
    cols = dict.fromkeys(FIXED_COLUMNS)
    for r in recs:
        cols.update(dict.fromkeys(r))
    return list(cols)


@checked
def to_csv(db: PathArg, path: PathArg, sweep: str | None = None) -> int:
    """Write the trials to CSV at ``path`` (missing fields empty); returns the number of rows."""
    recs = records(db, sweep)
    try:
        with open(Path(path), "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=columns(recs), restval="")
            w.writeheader()
            w.writerows(recs)
    except BrokenPipeError:  # the reader went away (`| head`): not an error of the path
        raise
    except OSError as exc:
        raise ValueError(f"path {str(path)!r}: cannot write the CSV ({exc.strerror or exc})") from None
    return len(recs)


@checked
def to_dataframe(db: PathArg, sweep: str | None = None):
    """The trials as a :class:`pandas.DataFrame` (pandas imported here only)."""
    import pandas as pd

    recs = records(db, sweep)
    return pd.DataFrame.from_records(recs, columns=columns(recs))
