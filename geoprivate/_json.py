"""The one JSON sanitiser: plain Python values a strict RFC 8259 writer accepts.

Python's :mod:`json` writes ``NaN`` and ``Infinity`` by default, which a strict parser
(``jq``, a browser's ``JSON.parse``) rejects, and it refuses numpy values, tuples' cousins
and fractions.  :func:`strict_json` turns a nested value into dicts, lists, strings,
numbers, booleans and None; its ``fractions`` parameter is the one policy that differs
between callers:

* ``"float"`` (the CLI's ``--json``, :mod:`geoprivate.cli._json`): a
  :class:`~fractions.Fraction` is a JSON number;
* ``"exact"`` (the claims' records, :mod:`geoprivate.claims`, and the report): a
  :class:`~fractions.Fraction` is the string ``"p/q"``, never float noise.

It lives in the bottom layer so that both the claims and the CLI import it.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Literal

import numpy as np

from geoprivate._validation import checked

__all__ = ["strict_json"]

FRACTION_POLICIES = ("float", "exact")


@checked
def strict_json(
    value: Any, *, fractions: Literal["float", "exact"] = "float", nonfinite: Literal["null", "keep"] = "null"
) -> Any:
    """``value`` as plain JSON values: numpy values as Python ones, non-finite floats as None.

    Parameters
    ----------
    value : any
        Dicts (keys become ``str``), lists, tuples, sets (sorted by ``repr``), numpy arrays
        and scalars, numbers, strings, None.
    fractions : {"float", "exact"}, default "float"
        ``"float"``: a :class:`~fractions.Fraction` (and any other number with
        ``__float__``, e.g. a ``Decimal``) becomes a float; ``"exact"``: a
        :class:`~fractions.Fraction` becomes ``"p/q"`` and any other object is kept as it is
        (a writer with ``default=str`` prints its ``str``).
    nonfinite : {"null", "keep"}, default "null"
        ``"null"``: NaN and ±inf become None (``json.dumps(..., allow_nan=False)`` accepts the
        result); ``"keep"``: they stay floats (a record still to be written).

    Returns
    -------
    any
        With the defaults, a value :func:`json.dumps` writes with ``allow_nan=False``.
    """
    return _convert(value, fractions == "exact", nonfinite == "null")


def _convert(obj: Any, exact: bool, null: bool) -> Any:
    """:func:`strict_json` with its policies checked (``exact``: fractions as "p/q"; ``null``: non-finite → None)."""
    if obj is None or isinstance(obj, (bool, str)):
        return obj
    if isinstance(obj, np.generic):
        obj = obj.item()
        if obj is None or isinstance(obj, (bool, str)):
            return obj
    if isinstance(obj, int):
        return obj
    if isinstance(obj, float):
        return obj if math.isfinite(obj) or not null else None
    if isinstance(obj, dict):
        return {str(k): _convert(v, exact, null) for k, v in obj.items()}
    if isinstance(obj, np.ndarray):
        return _convert(obj.tolist(), exact, null)
    if isinstance(obj, (list, tuple)):
        return [_convert(v, exact, null) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return [_convert(v, exact, null) for v in sorted(obj, key=repr)]
    if exact:
        return str(obj) if isinstance(obj, Fraction) else obj
    if isinstance(obj, complex) or not hasattr(obj, "__float__"):
        return str(obj)
    return _convert(float(obj), exact, null)  # Fraction, Decimal, ...
