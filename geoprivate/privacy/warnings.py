"""Warnings for runs outside a theorem's hypotheses.

A mechanism or algorithm whose parameters void its stated privacy guarantee calls
:func:`warn_outside_theorem`: by default it emits a :class:`PrivacyWarning` (a
``UserWarning``, filterable with :mod:`warnings`), and with ``strict=True`` it raises
:class:`PrivacyParameterError` (a ``ValueError``) instead.  Its ``guarantee()`` must then
say so too (``applies=False``): the warning is never the only record.

Counted, not repeated: a sweep of a few trials can warn thousands of times for two causes.
:func:`counted_warnings` records every warning raised in its block (one
:class:`WarningTally`), groups them by cause (category and message with its numbers
blanked, :func:`warning_cause`) and can print one line per cause with its count at the end
(``PrivacyWarning ×744: …``) instead of one line per warning in the middle of a progress
bar.  The CLI runs every command inside one; sweep workers return their tallies to the
coordinator (:func:`active_tally`); notebooks call :func:`count_warnings_per_cell` once;
a script (a benchmark) uses it the same way::

    with counted_warnings(report_to=sys.stderr):
        run_many_trials()
"""

from __future__ import annotations

import contextlib
import math
import re
import sys
import threading
import warnings
from collections.abc import Iterator
from typing import Annotated, Any

from geoprivate._validation import Check, Interval, checked

__all__ = [
    "PrivacyWarning",
    "PrivacyParameterError",
    "warn_outside_theorem",
    "UtilityWarning",
    "warn_below_sample_bound",
    "error_bound_says_something",
    "warning_cause",
    "WarningTally",
    "counted_warnings",
    "active_tally",
    "count_warnings_per_cell",
]


class PrivacyWarning(UserWarning):
    """Parameters outside the hypotheses of the theorem that gives the privacy guarantee."""


class UtilityWarning(UserWarning):
    """Fewer examples (or other parameters) than the accuracy theorem needs.

    Distinct from :class:`PrivacyWarning`: a run below its own sample bound may still be
    private; it is only its accuracy that is no longer proved (``utility_proved=False``).
    """


class PrivacyParameterError(ValueError):
    """Raised instead of :class:`PrivacyWarning` when ``strict=True``."""


#: the offer a warning makes; a refusal (``strict=True`` already given) must not repeat it
_STRICT_OFFER = re.compile(
    r"\s*\((?:pass|use|set) strict=True to (?:refuse|raise)\)|[;,]\s*(?:pass|use|set) strict=True to (?:refuse|raise)"
)


def refusal_message(message: str) -> str:
    """``message`` as a refusal: without the "(pass strict=True to refuse)" a warning offers.

    Parameters
    ----------
    message : str
        The warning's text.

    Returns
    -------
    str
        The text with the offer removed and ``"refused under strict=True: "`` in front.
    """
    core = _STRICT_OFFER.sub("", str(message)).rstrip(" ;,")
    return f"refused under strict=True: {core}"


#: a warnings.warn stacklevel
_StackLevel = Annotated[int, Interval(ge=1, le=1000)]


def _text_stream(value, name: str):
    """A text stream (anything with ``write``), or ``TypeError`` naming ``name``."""
    if not callable(getattr(value, "write", None)):
        raise TypeError(f"{name} must be a text stream (with a write method), got {type(value).__name__}")
    return value


def _tally_records(value, name: str) -> list:
    """Rows of :meth:`WarningTally.records`: dicts with a str category and message and a count >= 1."""
    if value is None:
        return []
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be an iterable of dicts, got {type(value).__name__}")
    rows = list(value)
    for r in rows:
        ok = isinstance(r, dict) and isinstance(r.get("category"), str) and isinstance(r.get("message"), str)
        count = r.get("count") if isinstance(r, dict) else None
        if not ok or isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"{name}: rows must be {{'category': str, 'message': str, 'count': int >= 1}}, got {r!r}")
    return rows


_Stream = Annotated[Any, Check(_text_stream)]


@checked
def warn_outside_theorem(message: str, *, strict: bool = False, stacklevel: _StackLevel = 3) -> None:
    """Warn (``PrivacyWarning``) or, if ``strict``, raise ``PrivacyParameterError``.

    The warning's text may offer ``strict=True``; the refusal's text does not (it says the
    run was refused under ``strict=True``, :func:`refusal_message`).

    Parameters
    ----------
    message : str
        What lies outside which theorem (one line).
    strict : bool, default False
        Raise ``PrivacyParameterError`` instead of warning.
    stacklevel : int, default 3
        Passed to :func:`warnings.warn`.
    """
    if strict:
        raise PrivacyParameterError(refusal_message(message))
    warnings.warn(message, PrivacyWarning, stacklevel=stacklevel)


@checked
def warn_below_sample_bound(message: str, *, stacklevel: _StackLevel = 3) -> None:
    """Emit a :class:`UtilityWarning`: the run's accuracy is not proved (privacy may still be).

    Parameters
    ----------
    message : str
        Which bound, its value and the value used.
    stacklevel : int
        Passed to :func:`warnings.warn`.
    """
    warnings.warn(message, UtilityWarning, stacklevel=stacklevel)


@checked
def error_bound_says_something(
    name: str,
    alpha: Annotated[float, Interval(ge=0, le=math.inf)],
    *,
    stacklevel: Annotated[int, Interval(ge=1, le=100)] = 4,
) -> bool:
    """Whether an accuracy target α states something (α < 1/2); otherwise a :class:`UtilityWarning` in words.

    An error (or α-median) bound of 1/2 or more is met by a coin (every point is a 1/2-median): a run
    that only proves it reports ``utility_proved=False``.

    Parameters
    ----------
    name : str
        The algorithm, named in the warning.
    alpha : float
        Its accuracy target.
    stacklevel : int
        Passed to :func:`warnings.warn`.

    Returns
    -------
    bool
        ``alpha < 1/2``.
    """
    if alpha < 0.5:
        return True
    warn_below_sample_bound(
        f"{name}: accuracy target alpha = {alpha:g} >= 1/2 is met by a coin: the proved bound says nothing "
        "(utility_proved = False; privacy holds)",
        stacklevel=stacklevel,
    )
    return False


# ----------------------------------------------------------------------------- counting
#: a number as it appears in a message: 20, 0.25, 1e-06, -3, inf, nan
_NUMBER = re.compile(r"(?<![A-Za-z_])[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|\b(?:inf|nan)\b")


@checked
def warning_cause(message: str | Warning) -> str:
    """The cause of a warning: its message with every number replaced by ``#``.

    Two warnings with the same cause differ only in the numbers of the run (``n=k=10`` and
    ``n=k=20``): one line with a count describes both.

    Parameters
    ----------
    message : str or Warning
        The warning's message.

    Returns
    -------
    str
        The message, one line, numbers blanked.
    """
    return _NUMBER.sub("#", " ".join(str(message).split()))


@checked
class WarningTally:
    """Warnings counted by (category, cause), each with its first message (thread-safe).

    Examples
    --------
    >>> t = WarningTally()
    >>> t.add("PrivacyWarning", "gap 0.25 < 1.5")
    >>> t.add("PrivacyWarning", "gap 0.5 < 1.5")
    >>> t.lines()
    ['PrivacyWarning ×2: gap 0.25 < 1.5 (the first of 2; the numbers vary)']
    """

    def __init__(self) -> None:
        self._by_cause: dict[tuple[str, str], dict] = {}
        self._lock = threading.Lock()

    def add(self, category: str, message: str | Warning, count: Annotated[int, Interval(ge=1)] = 1) -> None:
        """Count ``count`` warnings of ``category`` (its name) with ``message``.

        Parameters
        ----------
        category : str
            The warning class's name (``"PrivacyWarning"``).
        message : str
            The (first) message.
        count : int, default 1
            How many.
        """
        text = " ".join(str(message).split())
        key = (category, warning_cause(text))
        with self._lock:
            rec = self._by_cause.get(key)
            if rec is None:
                self._by_cause[key] = {
                    "category": category,
                    "cause": key[1],
                    "message": text,
                    "count": count,
                    "same": True,
                }
            else:
                rec["count"] += count
                rec["same"] = rec["same"] and text == rec["message"]

    def merge(self, records: Annotated[Any, Check(_tally_records)]) -> None:
        """Add the :meth:`records` of another tally (e.g. one a worker process returned).

        Parameters
        ----------
        records : iterable of dict
            ``{"category", "message", "count"}`` rows (``"same"`` optional).
        """
        for r in records:
            key = (r["category"], warning_cause(r["message"]))
            was = key in self._by_cause
            self.add(r["category"], r["message"], r["count"])
            if not r.get("same", True) or was:
                with self._lock:
                    rec = self._by_cause[key]
                    rec["same"] = (
                        rec["same"] and r.get("same", True) and rec["message"] == " ".join(r["message"].split())
                    )

    def records(self) -> list[dict]:
        """One JSON-ready row per cause: ``category``, ``cause``, ``message`` (the first), ``count``, ``same``.

        Returns
        -------
        list of dict
            In the order the causes first appeared.
        """
        with self._lock:
            return [dict(r) for r in self._by_cause.values()]

    @property
    def total(self) -> int:
        """How many warnings were counted."""
        return sum(r["count"] for r in self.records())

    def lines(self) -> list[str]:
        """One line per cause: ``Category: message`` once, ``Category ×N: message …`` when repeated.

        Returns
        -------
        list of str
        """
        out = []
        for r in self.records():
            if r["count"] == 1:
                out.append(f"{r['category']}: {r['message']}")
            elif r["same"]:
                out.append(f"{r['category']} ×{r['count']}: {r['message']}")
            else:
                out.append(
                    f"{r['category']} ×{r['count']}: {r['message']} (the first of {r['count']}; the numbers vary)"
                )
        return out

    def report(self, file: _Stream | None = None, prefix: str = "") -> None:
        """Print :meth:`lines` (each after ``prefix``) to ``file`` (default ``sys.stderr``).

        Parameters
        ----------
        file : text stream, optional
            Where to print (default ``sys.stderr``).
        prefix : str, default ""
            Put before each line (the CLI uses ``"geoprivate: "``).
        """
        stream = sys.stderr if file is None else file
        for line in self.lines():
            print(f"{prefix}{line}", file=stream)


_ACTIVE: list[WarningTally] = []


def active_tally() -> WarningTally | None:
    """The innermost :func:`counted_warnings` tally of this process, or None (nothing is counting).

    Returns
    -------
    WarningTally or None
    """
    return _ACTIVE[-1] if _ACTIVE else None


@checked
@contextlib.contextmanager
def counted_warnings(*, report_to: _Stream | None = None, prefix: str = "") -> Iterator[WarningTally]:
    """Count every warning raised in the block instead of printing it; optionally print the counts at the end.

    Inside the block every warning that the filters let through is counted and none is
    printed, so a progress bar stays intact; ``UserWarning`` and its subclasses
    (:class:`PrivacyWarning`, :class:`UtilityWarning`) get the filter ``"always"``, so that a
    repeated one is counted, not suppressed by Python's once-per-location rule.  Not thread-safe (it changes :mod:`warnings`' global state):
    enter it in the main thread; warnings raised by other threads meanwhile are counted too.

    Parameters
    ----------
    report_to : text stream, optional
        At the end of the block, print one line per cause to this stream
        (:meth:`WarningTally.report`).
    prefix : str, default ""
        Put before each printed line.

    Yields
    ------
    WarningTally
    """
    tally = WarningTally()

    def _count(message, category, filename, lineno, file=None, line=None):
        tally.add(category.__name__, message)

    with warnings.catch_warnings():
        # every PrivacyWarning / UtilityWarning (UserWarnings) is counted, not only the first per
        # line of code; the other filters stay (DeprecationWarnings of libraries remain ignored)
        warnings.filterwarnings("always", category=UserWarning)
        warnings.showwarning = _count
        _ACTIVE.append(tally)
        try:
            yield tally
        finally:
            _ACTIVE.remove(tally)
            if report_to is not None:
                tally.report(report_to, prefix)


_NOTEBOOK_HOOKS: dict = {}


def _shell(value, name: str):
    """An IPython shell: something with ``events.register``."""
    if not callable(getattr(getattr(value, "events", None), "register", None)):
        raise TypeError(
            f"{name} must be an IPython InteractiveShell (with events.register), got {type(value).__name__}"
        )
    return value


@checked
def count_warnings_per_cell(shell: Annotated[Any, Check(_shell)] | None = None) -> None:
    """In IPython / Jupyter: count each cell's warnings and print one line per cause at its end.

    Registers ``pre_run_cell`` / ``post_run_cell`` hooks that run every cell inside
    :func:`counted_warnings` (report on stderr), so a loop of N runs outside a theorem
    leaves ``PrivacyWarning ×N: …`` once in the cell's output instead of N lines.
    Calling it again changes nothing.

    Parameters
    ----------
    shell : IPython InteractiveShell, optional
        Default: the running one (:func:`IPython.get_ipython`).

    Raises
    ------
    ValueError
        Outside IPython, with no ``shell`` given.
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython absent
            get_ipython = lambda: None  # noqa: E731
        shell = get_ipython()
    if shell is None:
        raise ValueError("shell: not running under IPython, and no shell given (use counted_warnings instead)")
    if id(shell) in _NOTEBOOK_HOOKS:
        return
    open_cells: list = []

    def _pre(*_):
        cm = counted_warnings(report_to=sys.stderr)
        cm.__enter__()
        open_cells.append(cm)

    def _post(*_):
        while open_cells:
            open_cells.pop().__exit__(None, None, None)

    shell.events.register("pre_run_cell", _pre)
    shell.events.register("post_run_cell", _post)
    _NOTEBOOK_HOOKS[id(shell)] = (_pre, _post)
