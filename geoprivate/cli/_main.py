"""The command line's driver: :func:`build_parser` (commands discovered) and :func:`main` (see :mod:`geoprivate.cli`)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import pkgutil
import sys
from pathlib import Path
from typing import Annotated, Any

from geoprivate import __version__
from geoprivate._validation import Check, checked
from geoprivate.cli import _args
from geoprivate.privacy.warnings import counted_warnings

__all__ = ["main", "build_parser"]


#: the package whose public modules are the commands
_PACKAGE = __name__.rpartition(".")[0]


def _commands() -> dict:
    """Every command module of :mod:`geoprivate.cli` (its public modules), by name."""
    mods = {}
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        if not info.name.startswith("_"):
            mods[info.name] = importlib.import_module(f"{_PACKAGE}.{info.name}")
    return mods


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (``prog: error: ... (see prog --help)``), exit 2."""

    def error(self, message):  # noqa: D102 - argparse API
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


@checked
def build_parser() -> argparse.ArgumentParser:
    """The ``geoprivate`` parser with one subcommand per command module (see :mod:`geoprivate.cli`).

    Returns
    -------
    argparse.ArgumentParser
        Its errors are one line and exit code 2; each subcommand's ``func`` default is its module's ``run``.
    """
    parser = _Parser(
        prog="geoprivate",
        description="Exact solvers and the papers' private algorithms: verify claims, run predictors.",
    )
    parser.add_argument("--debug", action="store_true", help="show the full traceback of an error")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(
        dest="command", required=True, help="the command (geoprivate COMMAND --help for its flags)"
    )
    for name, mod in _commands().items():
        p = _args.add_command(
            sub, name, help=mod.HELP, description=(mod.__doc__ or mod.HELP).strip(), epilog=getattr(mod, "EPILOG", None)
        )
        mod.add_arguments(p)
        p.add_argument(
            "--debug", action="store_true", default=argparse.SUPPRESS, help="show the full traceback of an error"
        )
        p.set_defaults(func=mod.run)
    _args.plain_help(parser)  # the descriptions are the modules' docstrings: shown without reStructuredText
    return parser


class _StdoutError(OSError):
    """Standard output could not be written (a full device, a closed descriptor): a user error, exit 2."""


def _silence_stdout(fd: int | None = None) -> None:
    """After a failed write to stdout: point it (or ``fd``) at /dev/null so the final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno() if fd is None else fd)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no real stdout
        pass


def _flush_stdout() -> None:
    """Flush ``sys.stdout``; a failure (other than a closed pipe) is a :class:`_StdoutError`, stdout then silenced."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        _silence_stdout()
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()  # the buffered rest goes to /dev/null: the interpreter's final flush is silent
        raise _StdoutError(exc.errno, f"cannot write to standard output: {exc.strerror or exc}") from None


@contextlib.contextmanager
def _stdout_for_python_only():
    """Point file descriptor 1 at stderr while a command runs; Python's ``sys.stdout`` keeps the real stdout.

    C libraries write to fd 1 directly (highspy >= 1.16 prints a "Running HiGHS …" banner
    whenever a ``Highs`` object is built), which would corrupt ``--json`` output and
    interleave with tables.  With fd 1 redirected, whatever they print lands on stderr,
    while the command's own output (``print``/``json.dump`` to ``sys.stdout``) still goes
    to stdout.  When ``sys.stdout`` is not the process's fd 1 (a test's capture), only the
    descriptor is redirected.
    """
    try:
        sys.stdout.flush()
        saved = os.dup(1)
    except (OSError, ValueError, AttributeError):  # no real fd 1 (embedded interpreter)
        yield
        return
    old = sys.stdout
    try:
        own = old.fileno() == 1
    except (OSError, ValueError, AttributeError):
        own = False
    os.dup2(2, 1)
    if own:
        sys.stdout = open(  # noqa: SIM115 -- it replaces sys.stdout for the rest of the process
            saved,
            "w",
            encoding=old.encoding,
            errors=old.errors,
            closefd=False,
            buffering=1 if old.line_buffering else -1,
        )
    broken = None
    try:
        yield
    finally:
        if own:
            try:
                sys.stdout.flush()
            except OSError as exc:  # re-raised after fd 1 is restored
                broken = exc
                if not isinstance(exc, BrokenPipeError):
                    broken = _StdoutError(exc.errno, f"cannot write to standard output: {exc.strerror or exc}")
                _silence_stdout(saved)  # the rest of the buffer goes to /dev/null, and so does fd 1 once restored
                with contextlib.suppress(OSError, ValueError):
                    sys.stdout.flush()
            sys.stdout = old
        os.dup2(saved, 1)
        os.close(saved)
    if broken is not None:
        raise broken


def _argv(value, name: str) -> list[str]:
    """A command line: a list or tuple of strings, passed on as a list."""
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise TypeError(f"{name} must be a list of strings, got {type(value).__name__}")
    bad = next((v for v in value if not isinstance(v, str)), None)
    if bad is not None:
        raise TypeError(f"{name} must be a list of strings, got an element {bad!r} ({type(bad).__name__})")
    return list(value)


def _one_line(exc: BaseException) -> str:
    """``exc``'s message on one line (a message of several lines joined with "; "): stderr gets one line per error."""
    return "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())


@checked
def main(argv: Annotated[Any, Check(_argv, kind="object")] | None = None) -> int:
    """Parse ``argv`` and run the command; return its exit code (see the module docstring).

    Parameters
    ----------
    argv : list of str, optional
        The arguments after ``geoprivate`` (default ``sys.argv[1:]``).

    Returns
    -------
    int
        The exit code: 0 done, 1 a verdict or run that failed, 2 a usage or environment error
        (one line on stderr naming the flag), 130 interrupted.
    """
    try:
        args = build_parser().parse_args(argv)  # bad arguments: one-line argparse error
    except SystemExit as exc:  # returned, not raised, so that main() always gives the exit code
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    debug = getattr(args, "debug", False)
    prog = f"geoprivate {args.command}"
    if sys.stdout is None:  # started with file descriptor 1 closed (`geoprivate ... >&-`)
        print(f"{prog}: error: standard output is closed", file=sys.stderr)
        return 2
    try:
        keep = getattr(args, "keep_c_stdout", False)  # e.g. `sweep export --csv /dev/stdout` writes to fd 1 itself
        with (
            counted_warnings(report_to=sys.stderr, prefix="geoprivate: "),
            contextlib.nullcontext() if keep else _stdout_for_python_only(),
        ):
            code = args.func(args)
            _flush_stdout()  # a closed pipe or a full device surfaces here, not at interpreter exit
        return code
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except (ValueError, TypeError) as exc:  # a user error that reached the library's validation
        if debug:
            raise
        print(f"{prog}: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except OSError as exc:  # the environment (a read-only or full disk, a vanished file), not a bug
        if debug and not isinstance(exc, _StdoutError):
            raise
        print(f"{prog}: error: {exc.strerror if isinstance(exc, _StdoutError) else _one_line(exc)}", file=sys.stderr)
        if not isinstance(exc, _StdoutError):
            with contextlib.suppress(OSError):  # if stdout is itself full, silenced
                _flush_stdout()  # the command's output so far
        return 2
    except Exception as exc:  # a crash: still one line unless --debug
        if debug:
            raise
        print(
            f"{prog}: internal error: {type(exc).__name__}: {_one_line(exc)} (rerun with --debug for the traceback)",
            file=sys.stderr,
        )
        return 2
