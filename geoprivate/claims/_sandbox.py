"""The claims' sandbox boundary: user code run so that its failures cost one line, never the run.

A user's check or claims file may raise, call ``sys.exit``, end its process with ``os._exit``,
print, hang or loop.  ``geoprivate verify`` must still report every other claim, write nothing
but JSON under ``--json`` and keep the meaning of its exit code, so user code runs through one
of two guards:

* :func:`run_forked` — a claim's check, in a child process forked after everything is imported
  (cheap on Linux: the child shares the parent's pages until it writes).  Its standard output and
  error go through a pipe to the parent, which keeps the first :data:`OUTPUT_LIMIT` characters;
  its warnings are recorded in the child; the value comes back as JSON text through a second pipe;
  past the time limit the child is killed.  An exception, ``sys.exit``, ``os._exit``, a crash or a
  child killed for memory is an :class:`Outcome` with ``kind`` "raised", "died" or "timeout".
  Where the platform cannot fork, the same function runs :func:`guarded` in this process.
* :func:`guarded` — in this process (a claims file must be imported here, so that its claims
  are registered): ``BaseException`` is caught (``KeyboardInterrupt`` excepted: it is the user's
  interrupt), ``sys.stdout`` is pointed at ``sys.stderr`` (the ``--json`` stream stays clean) and a
  ``SIGALRM`` timer stops code that runs past the time limit (in the main thread, where signals
  are delivered; elsewhere without a limit).
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import selectors
import signal
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

from geoprivate._validation import Check, Choice, Interval, NonNegative, checked, shown

__all__ = ["OUTPUT_LIMIT", "Outcome", "run_forked", "guarded", "warning_summary", "error_line"]

#: characters of a check's printed output kept in its record (the rest is counted, not kept)
OUTPUT_LIMIT = 20_000

#: exit status of a forked child whose guard itself failed (never a user's status: see ``_child``)
_GUARD_FAILED = 70

#: seconds a guarded run may take: positive, ``math.inf`` for no limit
Seconds = Annotated[float, Interval(gt=0, le=math.inf)]


def _text_stream(value, name: str):
    """A writable text stream (``sys.stderr``, an :class:`io.StringIO`)."""
    if not callable(getattr(value, "write", None)) or isinstance(value, (io.RawIOBase, io.BufferedIOBase)):
        raise TypeError(f"{name} must be a writable text stream, got {type(value).__name__}")
    return value


def _warning_messages(value, name: str) -> list:
    """A list of :class:`warnings.WarningMessage` (as ``warnings.catch_warnings(record=True)`` records)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a list of recorded warnings, got {type(value).__name__}")
    items = list(value)
    for w in items:
        if not isinstance(w, warnings.WarningMessage):
            raise TypeError(f"{name} must hold warnings.WarningMessage records, got {type(w).__name__} {shown(w)}")
    return items


@checked
@dataclass(frozen=True)
class Outcome:
    """What running user code under a guard gave.

    Attributes
    ----------
    kind : {"returned", "raised", "died", "timeout"}
        ``returned``: ``value`` holds the result; ``raised``: an exception, including
        ``SystemExit`` (``error`` names it); ``died``: the child process ended without a result
        (``os._exit``, a signal, the kernel's out-of-memory killer); ``timeout``: stopped at the
        time limit.
    value : object
        The returned value (kind "returned"); after a fork, as JSON read back (``default=str``).
    error : str
        One line saying what went wrong (empty for "returned").
    traceback : str
        The formatted traceback of "raised" (empty otherwise).
    output : str
        What the code printed on standard output and error, at most :data:`OUTPUT_LIMIT`
        characters, with a note of how much was cut.
    warnings : dict
        :func:`warning_summary` of the warnings the code raised.
    seconds : float
        Wall time.
    """

    kind: Annotated[str, Choice("returned", "raised", "died", "timeout")]
    value: Any = None
    error: str = ""
    traceback: str = ""
    output: str = ""
    warnings: dict = field(default_factory=dict)
    seconds: NonNegative = 0.0


@checked
def error_line(exc: BaseException) -> str:
    """``SyntaxError: invalid syntax (line 3)`` or ``SystemExit: 0`` — one line, whatever the exception.

    Parameters
    ----------
    exc : BaseException

    Returns
    -------
    str
    """
    if isinstance(exc, SyntaxError):
        return f"SyntaxError: {exc.msg} (line {exc.lineno})"
    if isinstance(exc, SystemExit):
        return f"SystemExit: {exc.code!r} (it called sys.exit instead of returning)"
    return f"{type(exc).__name__}: {exc}".replace("\n", " ")


@checked
def warning_summary(caught: Annotated[Any, Check(_warning_messages, kind="object")]) -> dict:
    """The warnings code triggered: counts per category and the distinct messages (one row, not one line each).

    Parameters
    ----------
    caught : list of warnings.WarningMessage
        As recorded by ``warnings.catch_warnings(record=True)``.

    Returns
    -------
    dict
        ``counts`` (category name -> number) and ``messages`` (distinct ``"Category: text"``).
    """
    counts: dict[str, int] = {}
    messages: list[str] = []
    for w in caught:
        name = w.category.__name__
        counts[name] = counts.get(name, 0) + 1
        text = f"{name}: {str(w.message).replace(chr(10), ' ')}"
        if text not in messages:
            messages.append(text)
    return {"counts": counts, "messages": messages}


class _TimeLimit(BaseException):
    """Raised by the ``SIGALRM`` handler of :func:`guarded` (a BaseException: user code's ``except Exception`` misses it)."""


@contextlib.contextmanager
def _alarm(seconds: float):
    """Raise :class:`_TimeLimit` in the block after ``seconds`` (main thread only; no limit elsewhere or at inf)."""
    if not math.isfinite(seconds) or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _fire(signum, frame):
        raise _TimeLimit

    previous = signal.signal(signal.SIGALRM, _fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@checked
def guarded(
    fn: Callable[[], Any],
    *,
    time_limit: Seconds = math.inf,
    output: Annotated[Any, Check(_text_stream, kind="object")] | None = None,
    capture_warnings: bool = True,
) -> Outcome:
    """Run ``fn()`` in this process: every failure but ``KeyboardInterrupt`` becomes an :class:`Outcome`.

    Parameters
    ----------
    fn : callable
        No arguments.
    time_limit : float, default inf
        Seconds before a ``SIGALRM`` stops ``fn`` (main thread only).
    output : text stream, optional
        Where ``fn``'s ``sys.stdout`` and ``sys.stderr`` go: default ``sys.stderr`` (nothing
        reaches the command's standard output); a :class:`io.StringIO` captures it into
        ``Outcome.output``.
    capture_warnings : bool, default True
        Record ``fn``'s warnings into ``Outcome.warnings`` (every one, counted); False lets them
        through to the caller's handlers (e.g. the CLI's one line per cause).

    Returns
    -------
    Outcome
        Kind "returned", "raised" or "timeout".
    """
    sink = sys.stderr if output is None else output
    t0 = time.perf_counter()
    caught: list | None = []
    try:
        with (
            warnings.catch_warnings(record=True) if capture_warnings else contextlib.nullcontext() as caught,
            contextlib.redirect_stdout(sink),
            contextlib.redirect_stderr(sink),
            _alarm(time_limit),
        ):
            if capture_warnings:
                warnings.simplefilter("always")
            value = fn()
        kind, error, tb = "returned", "", ""
    except KeyboardInterrupt:
        raise
    except _TimeLimit:
        kind, value, error, tb = "timeout", None, _late(time_limit), ""
    except BaseException as exc:  # noqa: BLE001 - the boundary: SystemExit included
        kind, value, error, tb = "raised", None, error_line(exc), traceback.format_exc()
    text = sink.getvalue() if isinstance(sink, io.StringIO) else ""
    return Outcome(kind, value, error, tb, _capped(text), warning_summary(caught or []), time.perf_counter() - t0)


def _late(time_limit: float) -> str:
    """The one line of a run stopped at its time limit."""
    return f"did not finish within {time_limit:g} s"


def _capped(text: str, limit: int = OUTPUT_LIMIT, more: bool = False) -> str:
    """``text`` cut at ``limit`` characters, with a note when something was cut (``more``: already cut before)."""
    if len(text) <= limit and not more:
        return text
    return text[:limit] + f"\n… (output cut after {min(limit, len(text))} characters)"


@checked
def run_forked(fn: Callable[[], Any], *, time_limit: Seconds = math.inf) -> Outcome:
    """Run ``fn()`` in a forked child: its exits, crashes, output and time are the child's, never this process's.

    The child's standard output and error (file descriptors 1 and 2 and Python's streams)
    go to a pipe read by this process; ``fn``'s value comes back as JSON (``default=str``:
    non-JSON objects as their ``str``).  The child always ends with ``os._exit``, so it never
    runs this process's exit handlers or flushes its buffers twice.  Without ``os.fork``,
    :func:`guarded` runs ``fn`` here with the output captured.

    Parameters
    ----------
    fn : callable
        No arguments; returns a JSON-ready value.
    time_limit : float, default inf
        Seconds of wall time before the child is killed (``SIGKILL``).

    Returns
    -------
    Outcome
    """
    if not hasattr(os, "fork"):
        return guarded(fn, time_limit=time_limit, output=io.StringIO())
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()  # nothing buffered here is written twice by the child
    result_r, result_w = os.pipe()
    output_r, output_w = os.pipe()
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child (its coverage is not collected)
        _child(fn, result_r, result_w, output_r, output_w)
    os.close(result_w)
    os.close(output_w)
    try:
        got = _collect(pid, result_r, output_r, t0 + time_limit)
    except BaseException:  # an interrupt of the parent: the child must not outlive it
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        raise
    finally:
        os.close(result_r)
        os.close(output_r)
    status = got.status if got.status is not None else os.waitpid(pid, 0)[1]
    seconds = time.perf_counter() - t0
    text = _capped(got.output.decode("utf-8", "replace"), more=got.cut)
    if got.timed_out:
        return Outcome("timeout", error=_late(time_limit), output=text, seconds=seconds)
    try:
        payload = json.loads(got.result)
    except ValueError:  # nothing (or half a result) came back: the process ended first
        return Outcome("died", error=_death(status), output=text, seconds=seconds)
    return Outcome(
        payload["kind"], payload.get("value"), payload.get("error", ""), payload.get("traceback", ""),
        text, payload.get("warnings", {}), seconds,
    )  # fmt: skip


def _death(status: int) -> str:
    """One line for a child that ended without a result."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
        hint = " (the system may have run out of memory)" if sig == signal.SIGKILL else ""
        return f"its process was killed by {name}{hint} before returning"
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else status
    if code == _GUARD_FAILED:
        return "its process failed before returning (the result could not be written)"
    return f"its process ended with exit status {code} before returning (os._exit?)"


def _child(fn, result_r, result_w, output_r, output_w):  # pragma: no cover - runs in the forked child
    """The forked child: output to the pipe, ``fn`` under :func:`guarded`, the outcome as JSON, ``os._exit``."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends the child quietly; the parent reports it
        os.close(result_r)
        os.close(output_r)
        fds = {1, 2}
        for stream in (sys.stdout, sys.stderr):  # the real stdout may sit on another descriptor (cli._main)
            with contextlib.suppress(Exception):
                fds.add(stream.fileno())
        for fd in fds:
            os.dup2(output_w, fd)
        out = io.TextIOWrapper(io.FileIO(output_w, "w", closefd=False), encoding="utf-8", errors="replace")
        out.reconfigure(line_buffering=True)
        sys.stdout = sys.stderr = out
        outcome = guarded(fn, output=out)
        out.flush()
        payload = {
            "kind": outcome.kind,
            "value": outcome.value,
            "error": outcome.error,
            "traceback": outcome.traceback,
            "warnings": outcome.warnings,
        }
        try:
            data = json.dumps(payload, default=str).encode()
        except (TypeError, ValueError) as exc:  # e.g. a circular value
            payload.update(kind="raised", value=None, error=f"the result cannot be sent back: {error_line(exc)}")
            data = json.dumps(payload, default=str).encode()
        view = memoryview(data)
        while view:
            view = view[os.write(result_w, view) :]
        os._exit(0)
    finally:
        os._exit(_GUARD_FAILED)


@dataclass
class _Collected:
    """What the parent read from a forked child (see :func:`_collect`)."""

    result: bytes = b""
    output: bytes = b""
    cut: bool = False  # output past the limit was read and dropped
    timed_out: bool = False
    status: int | None = None  # the child's wait status, when it was reaped while reading


def _collect(pid: int, result_r: int, output_r: int, deadline: float) -> _Collected:
    """Read the child's result and output until both pipes close, the child is gone, or the deadline (then kill it)."""
    got = _Collected()
    result, output = bytearray(), bytearray()
    sel = selectors.DefaultSelector()
    sel.register(result_r, selectors.EVENT_READ, "result")
    sel.register(output_r, selectors.EVENT_READ, "output")
    try:
        while sel.get_map():
            left = deadline - time.perf_counter()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                got.timed_out = True
                break
            events = sel.select(timeout=min(left, 1.0))
            if not events:
                reaped, status = os.waitpid(pid, os.WNOHANG)
                if reaped == pid:  # gone, but a process it started holds a pipe open: read no further
                    got.status = status
                    break
            for key, _ in events:
                chunk = os.read(key.fd, 1 << 16)
                if not chunk:
                    sel.unregister(key.fd)
                elif key.data == "result":
                    result += chunk
                elif len(output) < 4 * OUTPUT_LIMIT:
                    output += chunk
                else:
                    got.cut = True
    finally:
        sel.close()
    got.result, got.output = bytes(result), bytes(output)
    return got
