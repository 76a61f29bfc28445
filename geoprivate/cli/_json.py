"""The CLI's one JSON writer: strict RFC 8259 JSON on stdout, whatever the command.

Python's :mod:`json` writes ``NaN`` and ``Infinity`` by default, which a strict parser (``jq``,
a browser's ``JSON.parse``, ``json.loads(s, parse_constant=...)``) rejects.  Every ``--json``
of the CLI goes through :func:`dump`, which

* writes a non-finite number (ε = ∞ of a run outside its privacy theorem, a NaN "not
  measured") as ``null``.  ε = ∞ is therefore always ``"epsilon…": null``, and the same
  record says why with ``"privacy_applies": false`` (docs/private_as_run.md);
* converts numpy scalars and arrays, tuples and sets to JSON numbers and lists, and any
  other object to its ``str`` (as ``default=str`` did);
* refuses anything else non-standard (``allow_nan=False``): a NaN that slipped through is a
  bug, not output.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

import numpy as np

__all__ = ["strict_json", "dump"]


def strict_json(obj: Any) -> Any:
    """``obj`` as plain JSON values: non-finite floats become None, numpy values Python ones.

    Parameters
    ----------
    obj : any
        Dicts (keys become ``str``), lists, tuples, sets, numpy arrays and scalars, numbers,
        strings, None; anything else becomes its ``str``.

    Returns
    -------
    any
        A value :func:`json.dumps` writes with ``allow_nan=False``.
    """
    if obj is None or isinstance(obj, (bool, str)):
        return obj
    if isinstance(obj, np.generic):
        obj = obj.item()
        if isinstance(obj, (bool, str)) or obj is None:
            return obj
    if isinstance(obj, int):
        return obj
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {str(k): strict_json(v) for k, v in obj.items()}
    if isinstance(obj, np.ndarray):
        return strict_json(obj.tolist())
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [strict_json(v) for v in obj]
    if isinstance(obj, complex) or not hasattr(obj, "__float__"):
        return str(obj)
    return strict_json(float(obj))  # Fraction, Decimal, ...


def dump(obj: Any, stream=None, *, indent: int = 2) -> None:
    """Write ``obj`` as strict JSON (:func:`strict_json`, ``allow_nan=False``) and a newline.

    Parameters
    ----------
    obj : any
        What to write.
    stream : text stream, optional
        Default ``sys.stdout``.
    indent : int, default 2
        Passed to :func:`json.dump`.
    """
    out = sys.stdout if stream is None else stream
    json.dump(strict_json(obj), out, indent=indent, allow_nan=False)
    out.write("\n")
