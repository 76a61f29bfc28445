"""Argument types and helpers shared by the command modules of :mod:`geoprivate.cli`.

Every numeric flag is checked when it is parsed, so a bad value is a one-line argparse
error and exit code 2 (``geoprivate predict: error: argument --epsilon: must be positive
and finite, got 'nan'``), never a traceback from deep inside a run.  Usage in a command
module::

    from geoprivate.cli import _args
    p.add_argument("--k", type=_args.positive_int, action=_args.Store)

:class:`Store` remembers which flags the user actually gave (``args._explicit``), so a
command can warn about flags that do not apply (:func:`warn_inapplicable`).
"""

from __future__ import annotations

import argparse
import math
import sys

__all__ = [
    "positive_int",
    "nonneg_int",
    "seed",
    "finite_float",
    "epsilon",
    "delta",
    "delta_open",
    "probability",
    "nonempty_str",
    "Store",
    "StoreTrue",
    "explicit",
    "warn_inapplicable",
]


def _int(text: str) -> int:
    try:
        return int(text, 10)
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"must be an integer, got {text!r}") from None


def _float(text: str) -> float:
    try:
        v = float(text)
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None
    if math.isnan(v):
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}")
    return v


def positive_int(text: str) -> int:
    """An integer >= 1."""
    v = _int(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, got {text!r}")
    return v


def nonneg_int(text: str) -> int:
    """An integer >= 0."""
    v = _int(text)
    if v < 0:
        raise argparse.ArgumentTypeError(f"must be an integer >= 0, got {text!r}")
    return v


def seed(text: str) -> int:
    """A random seed: an integer in [0, 2^63)."""
    v = _int(text)
    if not 0 <= v < 2**63:
        raise argparse.ArgumentTypeError(f"must be a seed in [0, 2^63), got {text!r}")
    return v


def finite_float(text: str) -> float:
    """A finite real number."""
    v = _float(text)
    if not math.isfinite(v):
        raise argparse.ArgumentTypeError(f"must be finite, got {text!r}")
    return v


def epsilon(text: str) -> float:
    """A privacy parameter epsilon: 0 < epsilon < inf."""
    v = _float(text)
    if not 0 < v < math.inf:
        raise argparse.ArgumentTypeError(f"must be positive and finite, got {text!r}")
    if 1.0 / v == math.inf:
        raise argparse.ArgumentTypeError(f"is too small (1/epsilon overflows), got {text!r}")
    return v


def delta(text: str) -> float:
    """A privacy parameter delta in [0, 1)."""
    v = _float(text)
    if not 0 <= v < 1:
        raise argparse.ArgumentTypeError(f"must lie in [0, 1), got {text!r}")
    return v


def delta_open(text: str) -> float:
    """A privacy parameter delta in (0, 1) (approximate DP)."""
    v = _float(text)
    if not 0 < v < 1:
        raise argparse.ArgumentTypeError(f"must lie in (0, 1), got {text!r}")
    return v


def probability(text: str) -> float:
    """A probability in the open interval (0, 1) (alpha, beta)."""
    v = _float(text)
    if not 0 < v < 1:
        raise argparse.ArgumentTypeError(f"must lie in (0, 1), got {text!r}")
    return v


def nonempty_str(text: str) -> str:
    """A string that is not empty or blank."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"must not be empty, got {text!r}")
    return text


class _Recorded:
    """Mixin for argparse actions: also record the destination in ``namespace._explicit``."""

    def __call__(self, parser, namespace, values, option_string=None):
        super().__call__(parser, namespace, values, option_string)
        namespace._explicit = set(getattr(namespace, "_explicit", ())) | {self.dest}


class Store(_Recorded, argparse._StoreAction):
    """``store`` that remembers the flag was given (see :func:`explicit`)."""


class StoreTrue(_Recorded, argparse._StoreTrueAction):
    """``store_true`` that remembers the flag was given (see :func:`explicit`)."""


def explicit(args) -> set:
    """The destinations of the flags the user gave (those declared with :class:`Store`)."""
    return set(getattr(args, "_explicit", ()))


def warn_inapplicable(args, rules: dict, prog: str) -> list[str]:
    """Print one stderr line per given flag that does not apply; return the lines.

    ``rules`` maps a destination (``"d"``) to the reason it does not apply in this run
    (``"only --concept halfspaces uses it"``) or to ``None`` when it applies.
    """
    lines = []
    given = explicit(args)
    for dest, reason in rules.items():
        if reason and dest in given:
            flag = "--" + dest.replace("_", "-")
            lines.append(f"{prog}: note: {flag} is ignored: {reason}")
    for line in lines:
        print(line, file=sys.stderr)
    return lines
