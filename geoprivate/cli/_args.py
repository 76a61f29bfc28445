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
import os
import re
import stat
import sys
from pathlib import Path
from typing import Annotated, Any

from geoprivate._validation import (
    Check,
    NonNegInt,
    check_delta,
    check_epsilon,
    check_noise_scale,
    check_positive_real,
    check_probability,
    check_real,
    checked,
)

__all__ = [
    "add_command",
    "progress",
    "plain_text",
    "plain_help",
    "positive_int",
    "nonneg_int",
    "seed",
    "finite_float",
    "epsilon",
    "delta",
    "delta_open",
    "probability",
    "accuracy",
    "nonempty_str",
    "positive_float",
    "bounded_int",
    "bounded_float",
    "input_file",
    "output_dir",
    "output_file",
    "check_output_dir",
    "check_output_file",
    "Store",
    "StoreTrue",
    "explicit",
    "warn_inapplicable",
]


#: the largest integer an integer flag takes: a signed 64-bit integer (a seed, a size, an SQLite row);
#: beyond it a count is no count any run could reach, and formulas would leave floating point
MAX_INT = 2**63 - 1

#: the largest file a flag reads whole (a plan): a larger one is refused before it is read
MAX_INPUT_BYTES = 16 * 2**20

#: the smallest probability flag (beta): below it 1/beta and the papers' sizes leave floating point
#: (beta = 1e-308 gave a NaN block count in everlasting's practical mode)
MIN_PROBABILITY = 1e-100

#: the smallest accuracy flag (alpha): at alpha = 1e-15 generic-bbl's planner searched for over a minute
#: (1e-12: 5 s), and no instance the toolkit runs asks for an accuracy below 1e-9
MIN_ACCURACY = 1e-9

#: characters of a flag's text quoted back in an error (a longer text is cut)
_SHOWN = 60


def _shown(text) -> str:
    """``text`` quoted for an error message, cut to :data:`_SHOWN` characters (a pasted file stays one short line)."""
    return repr(text) if len(str(text)) <= _SHOWN else repr(str(text)[:_SHOWN]) + f"... ({len(str(text))} characters)"


def _int(text: str) -> int:
    try:
        v = int(text, 10)
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"must be an integer, got {_shown(text)}") from None
    if abs(v) > MAX_INT:
        raise argparse.ArgumentTypeError(f"must be an integer below 2^63, got {_shown(text)}")
    return v


def _float(text: str) -> float:
    try:
        v = float(text)
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"must be a number, got {_shown(text)}") from None
    if math.isnan(v):
        raise argparse.ArgumentTypeError(f"must be a number, got {_shown(text)}")
    return v


@checked
def positive_int(text: str) -> int:
    """An integer >= 1."""
    v = _int(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, got {_shown(text)}")
    return v


@checked
def nonneg_int(text: str) -> int:
    """An integer >= 0."""
    v = _int(text)
    if v < 0:
        raise argparse.ArgumentTypeError(f"must be an integer >= 0, got {_shown(text)}")
    return v


@checked
def seed(text: str) -> int:
    """A random seed: an integer in [0, 2^63)."""
    v = _int(text)
    if not 0 <= v < 2**63:
        raise argparse.ArgumentTypeError(f"must be a seed in [0, 2^63), got {_shown(text)}")
    return v


@checked
def finite_float(text: str) -> float:
    """A finite real number."""
    v = _float(text)
    if not math.isfinite(v):
        raise argparse.ArgumentTypeError(f"must be finite, got {_shown(text)}")
    return v


def _checked(check, text: str, *args, **kwargs):
    """Parse ``text`` as a number and run a :mod:`geoprivate._validation` check on it.

    The library's one validation layer decides what is allowed; its ``ValueError`` becomes
    the argparse error (``argument --epsilon: epsilon must be positive and finite, got inf``).
    """
    try:
        return check(_float(text), *args, **kwargs)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{exc} (given {_shown(text)})") from None


@checked
def epsilon(text: str) -> float:
    """A privacy parameter epsilon: 0 < epsilon < inf, with 1/epsilon finite."""
    v = _checked(check_epsilon, text)
    try:
        check_noise_scale(1.0 / v, "1/epsilon")
    except ValueError:
        raise argparse.ArgumentTypeError(f"is too small (1/epsilon overflows), got {_shown(text)}") from None
    return v


@checked
def delta(text: str) -> float:
    """A privacy parameter delta in [0, 1)."""
    return _checked(check_delta, text)


@checked
def delta_open(text: str) -> float:
    """A privacy parameter delta in (0, 1) (approximate DP), with 1/delta finite (ln(1/delta) in formulas)."""
    v = _checked(check_probability, text, "delta")
    if 1.0 / v == math.inf:
        raise argparse.ArgumentTypeError(f"is too small (1/delta overflows), got {_shown(text)}")
    return v


def _probability_from(text: str, low: float) -> float:
    """A probability in [low, 1)."""
    v = _checked(check_probability, text, "value")
    if v < low:
        raise argparse.ArgumentTypeError(f"must be at least {low:g}, got {_shown(text)}")
    return v


@checked
def probability(text: str) -> float:
    """A probability in [MIN_PROBABILITY, 1) (a failure probability beta): the papers' sizes take 1/beta."""
    return _probability_from(text, MIN_PROBABILITY)


@checked
def accuracy(text: str) -> float:
    """An accuracy alpha in [MIN_ACCURACY, 1): the planners' searches and the papers' sizes grow as 1/alpha."""
    return _probability_from(text, MIN_ACCURACY)


@checked
def positive_float(text: str) -> float:
    """A real number with 0 < value < inf (a constant of a formula)."""
    return _checked(check_positive_real, text, "value")


@checked
def bounded_int(low: int, high: int):
    """An argparse type: an integer in [low, high] (e.g. a number of phases that can actually run)."""
    if low > high:
        raise ValueError(f"low must be <= high, got low={low}, high={high}")

    def parse(text: str) -> int:
        v = _int(text)
        if not low <= v <= high:
            raise argparse.ArgumentTypeError(f"must be an integer in [{low}, {high}], got {_shown(text)}")
        return v

    parse.__name__ = f"int in [{low}, {high}]"
    return parse


@checked
def bounded_float(low: float, high: float):
    """An argparse type: a real number in [low, high]."""
    if low > high:
        raise ValueError(f"low must be <= high, got low={low!r}, high={high!r}")

    def parse(text: str) -> float:
        return _checked(check_real, text, "value", low=low, high=high)

    parse.__name__ = f"number in [{low}, {high}]"
    return parse


@checked
def input_file(text: str) -> str:
    """A file to read whole: an existing, readable regular file (not a directory, FIFO or device; a symlink
    is followed) of at most :data:`MAX_INPUT_BYTES` (checked at parse time, before anything is read)."""
    try:
        st = os.stat(text)
    except (OSError, ValueError) as exc:  # ValueError: an embedded NUL
        raise argparse.ArgumentTypeError(
            f"cannot read {_shown(text)}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    if not stat.S_ISREG(st.st_mode):
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a regular file")
    if st.st_size > MAX_INPUT_BYTES:
        raise argparse.ArgumentTypeError(f"{_shown(text)} has {st.st_size} bytes (> {MAX_INPUT_BYTES})")
    if not os.access(text, os.R_OK):
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not readable")
    return text


@checked
def output_dir(text: str) -> str:
    """A directory to write into: created later if missing, but its nearest existing ancestor
    must be a writable directory, and the path itself must not be a file (checked at parse
    time, before any work starts)."""
    check_output_dir(text)
    return text


@checked
def output_file(text: str) -> str:
    """A file to (over)write: not a directory, in an existing writable directory
    (``/dev/stdout`` and other character devices are fine)."""
    check_output_file(text)
    return text


@checked
def output_file_new_dir(text: str) -> str:
    """A file to (over)write whose folder is created if missing: :func:`output_file` when the folder
    exists, else the folder must be creatable (:func:`check_output_dir`; checked at parse time)."""
    parent = Path(text).parent
    if not text.strip() or parent.is_dir():
        check_output_file(text)
    else:
        check_output_dir(str(parent))
    return text


def _writable_dir(path: str, d: Path, missing: str) -> None:
    """``d`` (where ``path`` will be created) must be an existing, writable directory."""
    if not d.is_dir():
        raise argparse.ArgumentTypeError(f"{path!r}: {str(d)!r} {missing}")
    if not os.access(d, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"{path!r}: directory {str(d)!r} is not writable")


@checked
def check_output_dir(path: str) -> None:
    """Raise ``argparse.ArgumentTypeError`` unless ``path`` can become a writable directory
    (it, or its nearest existing ancestor, is a writable directory)."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise argparse.ArgumentTypeError(f"{path!r} exists and is not a directory")
    anc = p
    while not anc.exists() and anc.parent != anc:
        anc = anc.parent
    _writable_dir(path, anc, "is not a directory")


@checked
def check_output_file(path: str) -> None:
    """Raise ``argparse.ArgumentTypeError`` unless ``path`` can be written as a file."""
    p = Path(path)
    if not str(path).strip():
        raise argparse.ArgumentTypeError("must not be empty")
    if p.is_dir():
        raise argparse.ArgumentTypeError(f"{path!r} is a directory, not a file")
    if p.exists():
        if not os.access(p, os.W_OK):
            raise argparse.ArgumentTypeError(f"{path!r} is not writable")
        return
    _writable_dir(path, p.parent, "does not exist (no such directory)")


@checked
def nonempty_str(text: str) -> str:
    """A string that is not empty or blank."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"must not be empty, got {_shown(text)}")
    return text


class _Recorded(argparse.Action):
    """Mixin for argparse actions: also record the destination in ``namespace._explicit``."""

    def __call__(self, parser, namespace, values, option_string=None):
        super().__call__(parser, namespace, values, option_string)
        namespace._explicit = set(getattr(namespace, "_explicit", ())) | {self.dest}


class Store(_Recorded, argparse._StoreAction):
    """``store`` that remembers the flag was given (see :func:`explicit`)."""


class StoreTrue(_Recorded, argparse._StoreTrueAction):
    """``store_true`` that remembers the flag was given (see :func:`explicit`)."""


@checked
def explicit(args: argparse.Namespace) -> set:
    """The destinations of the flags the user gave (those declared with :class:`Store`)."""
    return set(getattr(args, "_explicit", ()))


@checked
def warn_inapplicable(args: argparse.Namespace, rules: dict, prog: str) -> list[str]:
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


_ROLE = re.compile(r":(?:mod|func|class|meth|attr|data|obj|exc|ref|doc):`~?([^`<]*?)(?:\s*<[^>]*>)?`")
_LITERAL = re.compile(r"``(.+?)``")


@checked
def plain_text(text: str) -> str:
    """A docstring or help string as plain text for a terminal: no reStructuredText markup.

    ``:mod:`a.b``` and ``:func:`~a.b.c``` become ``a.b`` and ``c``; double backticks are dropped;
    a line ending ``::`` ends with ``:``.  Line breaks and indentation are kept (the parsers use
    ``argparse.RawDescriptionHelpFormatter``).

    Parameters
    ----------
    text : str
        Text that may contain reStructuredText roles and literals.

    Returns
    -------
    str
        The same text, stripped of the markup.
    """

    def role(m):
        target = m.group(1).strip()
        return target.rsplit(".", 1)[-1] if m.group(0).split("`", 1)[1].startswith("~") else target

    out = _LITERAL.sub(r"\1", _ROLE.sub(role, text.strip()))
    return re.sub(r"(?<=\S)::$", ":", out, flags=re.M)


@checked
def plain_help(parser: argparse.ArgumentParser) -> None:
    """Make every help string, description and epilog of ``parser`` and its sub-parsers plain text (in place).

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The parser to walk (sub-parsers included).
    """
    for attr in ("description", "epilog"):
        if getattr(parser, attr):
            setattr(parser, attr, plain_text(getattr(parser, attr)))
    for action in parser._actions:
        if action.help and action.help is not argparse.SUPPRESS:
            action.help = plain_text(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = plain_text(choice.help or "")
            for sub in action.choices.values():
                plain_help(sub)


def _iterable(value, name: str):
    """Something to iterate over (not a string)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be an iterable, got {type(value).__name__}")
    return value


@checked
def progress(
    items: Annotated[Any, Check(_iterable, kind="object")] | None = None,
    *,
    desc: str,
    total: NonNegInt | None = None,
    unit: str = "it",
    **kwargs: Any,
):
    """A tqdm progress bar on stderr, shown only when stderr is a terminal (``disable=None``).

    The one progress bar of the commands and the benchmarks: output on stdout stays clean, and a
    piped or captured run shows nothing.

    Parameters
    ----------
    items : iterable, optional
        What to iterate over (None: a bar advanced by ``update(n)``).
    desc : str
        The bar's label.
    total : int, optional
        The number of steps (default ``len(items)`` when it has one).
    unit : str
        The unit shown.
    **kwargs
        Passed to ``tqdm`` (``leave``, ``unit_scale``, ``position``...).

    Returns
    -------
    tqdm.tqdm
        Iterable over ``items`` and a context manager.
    """
    from tqdm.auto import tqdm

    kwargs.setdefault("leave", False)
    return tqdm(items, desc=desc, total=total, unit=unit, disable=None, file=sys.stderr, **kwargs)


@checked
def add_command(subparsers: argparse._SubParsersAction, name: str, *, help: str, description: str, epilog: str | None):  # noqa: A002 - argparse's name
    """A sub-command parser whose description and examples keep their line breaks.

    Parameters
    ----------
    subparsers : argparse._SubParsersAction
        The parent's ``add_subparsers()``.
    name, help, description, epilog : str
        The command's name, its one-line help, its description and its examples (epilog: None for none).

    Returns
    -------
    argparse.ArgumentParser
        The new parser.
    """
    return subparsers.add_parser(
        name, help=help, description=description, epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter
    )
