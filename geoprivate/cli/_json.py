"""The CLI's one JSON writer: strict RFC 8259 JSON on stdout, whatever the command.

Python's :mod:`json` writes ``NaN`` and ``Infinity`` by default, which a strict parser (``jq``,
a browser's ``JSON.parse``, ``json.loads(s, parse_constant=...)``) rejects.  Every ``--json``
of the CLI goes through :func:`dump`, which (through :func:`geoprivate._json.strict_json`, the
Fraction policy ``"float"``)

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
import sys
from typing import Annotated, Any

from geoprivate._json import strict_json
from geoprivate._validation import Check, Interval, checked

__all__ = ["dump"]


def _text_stream(value, name: str):
    """A text stream (something with a callable ``write``), passed on unchanged."""
    if not callable(getattr(value, "write", None)):
        raise TypeError(f"{name} must be a text stream (with a write method), got {type(value).__name__}")
    return value


@checked
def dump(
    obj: Any,
    stream: Annotated[Any, Check(_text_stream, kind="object")] | None = None,
    *,
    indent: Annotated[int, Interval(ge=0, le=64)] = 2,
) -> None:
    """Write ``obj`` as strict JSON (:func:`~geoprivate._json.strict_json`, ``allow_nan=False``) and a newline.

    Parameters
    ----------
    obj : any
        What to write.
    stream : text stream, optional
        Default ``sys.stdout``.
    indent : int, default 2
        Passed to :func:`json.dump` (at most 64 spaces).

    Examples
    --------
    >>> dump({"epsilon": float("inf"), "n": 3}, indent=0)
    {
    "epsilon": null,
    "n": 3
    }
    """
    out = sys.stdout if stream is None else stream
    json.dump(strict_json(obj), out, indent=indent, allow_nan=False)
    out.write("\n")
