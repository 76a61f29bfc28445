"""Loading user claims: ``--claims-from`` sources and the ``geoprivate.claims`` entry-point group.

A source is a ``.py`` file, a directory (every ``*.py`` in it, sorted, not recursive, files
starting with ``_`` skipped) or an importable module name.  Each file is imported under a
private module name; while it runs, :data:`geoprivate.claims._LOADING` names the source, so
each claim it registers remembers the ``--claims-from`` argument that replays it.

The loader is a sandbox boundary (:mod:`geoprivate.claims._sandbox`):

* :func:`source_problem` looks at a source without running it: a missing path or module, a path
  that is not a regular file (a FIFO, a device, ``/dev/zero`` behind a symlink) or a file over
  :data:`MAX_SOURCE_BYTES` is refused in one line — ``geoprivate verify`` refuses the whole
  command before any claim runs;
* a file is read through one descriptor opened without blocking, checked to be a regular file
  and read up to the cap, then compiled from those bytes (never opened twice);
* running it is guarded: an exception, ``sys.exit``, a hang or a loop past the time limit costs
  one line naming the file, its claims are unregistered, and the other files load all the same;
  what it prints goes to standard error (``--json`` writes JSON and nothing else).
"""

from __future__ import annotations

import errno
import hashlib
import importlib
import importlib.metadata
import importlib.util
import math
import os
import stat
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

from geoprivate._validation import Check, checked
from geoprivate.claims import _registry
from geoprivate.claims._registry import _LOADING, ENTRY_POINT_GROUP, TimeLimit
from geoprivate.claims._sandbox import guarded

__all__ = ["MAX_SOURCE_BYTES", "source_problem", "load_claims", "load_entry_points"]

#: the largest claims file read (10 MiB): a larger one is refused before it is read
MAX_SOURCE_BYTES = 10 * 2**20

_KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a directory",
}


class _Refused(Exception):
    """A source that cannot be loaded, found without running it (the message is the one line)."""


def _check_stat(path, info: os.stat_result, what: str = "a claims file") -> None:
    """:class:`_Refused` unless ``info`` is that of a regular file of at most :data:`MAX_SOURCE_BYTES`."""
    if not stat.S_ISREG(info.st_mode):
        kind = _KINDS.get(stat.S_IFMT(info.st_mode), "a special file")
        need = "a regular .py file" if what == "a claims file" else "a regular file"
        raise _Refused(f"{path}: not a regular file ({kind}); {what} must be {need}")
    if info.st_size > MAX_SOURCE_BYTES:
        raise _Refused(f"{path}: {info.st_size} bytes, over the {MAX_SOURCE_BYTES} bytes {what} may have")


def _read(path: Path, what: str = "a claims file") -> bytes:
    """The bytes of a regular file of at most :data:`MAX_SOURCE_BYTES`, or :class:`_Refused` saying why not
    (``what`` names the file in the message: the loader's claims files, the report's instance files)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO opens at once, unread
    except OSError as exc:
        raise _Refused(f"{path}: {exc.strerror or exc}") from None
    try:
        _check_stat(path, os.fstat(fd), what)
        chunks, total = [], 0
        while total <= MAX_SOURCE_BYTES:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > MAX_SOURCE_BYTES:  # it grew while read
            raise _Refused(f"{path}: over the {MAX_SOURCE_BYTES} bytes {what} may have")
        return b"".join(chunks)
    except OSError as exc:
        raise _Refused(f"{path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _as_source(source, name: str = "source") -> str:
    """A ``--claims-from`` argument as a non-empty str (a path-like is accepted); TypeError/ValueError otherwise."""
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if not isinstance(source, str):
        raise TypeError(f"{name} must be a path or a module name (str), got {type(source).__name__}")
    if not source.strip():
        raise ValueError(f"{name} must not be empty")
    if "\x00" in source:
        raise ValueError(f"{name} must not hold a NUL character, got {source!r}")
    return source


#: a ``--claims-from`` argument: a ``.py`` file, a directory or a module name (a path-like is accepted)
Source = Annotated[Any, Check(_as_source, kind="path")]


def _files(path: Path) -> list[Path]:
    """The claim files of a directory source: ``*.py`` not starting with ``_``, sorted."""
    return sorted(p for p in path.glob("*.py") if not p.name.startswith("_"))


def _check_path(path: Path) -> None:
    """:class:`_Refused` unless ``path`` is a regular file of at most :data:`MAX_SOURCE_BYTES` (not opened)."""
    try:
        info = path.stat()  # follows a symlink: /dev/zero behind x.py is a character device
    except OSError as exc:
        raise _Refused(f"{path}: {'no such file' if exc.errno == errno.ENOENT else exc.strerror or exc}") from None
    _check_stat(path, info)


@checked
def source_problem(source: Source) -> str | None:
    """Why ``source`` cannot be loaded, found without running any of it; None when it can be tried.

    Parameters
    ----------
    source : str
        A ``--claims-from`` argument.

    Returns
    -------
    str or None
        One line: a missing file, directory or module; a directory without claim files; a path
        that is not a regular file; a file over :data:`MAX_SOURCE_BYTES`.
    """
    path = Path(source)
    try:
        if path.is_dir():
            if not _files(path):
                return f"{source}: no .py files in this directory"
            return None
        if path.suffix == ".py" or os.path.lexists(path):
            _check_path(path)
            return None
    except _Refused as exc:
        return str(exc)
    except OSError as exc:  # an unreadable directory
        return f"{source}: {exc.strerror or exc}"
    outcome = guarded(lambda: importlib.util.find_spec(source))  # a dotted name imports its parents
    if outcome.kind != "returned":
        return f"{source}: {outcome.error}"
    if outcome.value is None:
        return f"{source}: no such file, directory or importable module"
    return None


def _guarded_load(where: str, source: str, run: Callable[[], object], time_limit: float) -> list[str]:
    """Run ``run`` (an import) with ``source`` on the loading stack; a failure unregisters what it registered."""
    before = set(_registry._REGISTRY)
    _LOADING.append(source)
    try:
        outcome = guarded(run, time_limit=time_limit, capture_warnings=False)
    finally:
        _LOADING.pop()
    if outcome.kind == "returned":
        return []
    for cid in set(_registry._REGISTRY) - before:
        del _registry._REGISTRY[cid]
    return [f"{where}: {outcome.error}"]


def _import_file(path: Path, source: str, time_limit: float) -> list[str]:
    try:
        code = compile(_read(path), str(path), "exec", dont_inherit=True)
    except _Refused as exc:
        return [str(exc)]
    except (SyntaxError, ValueError) as exc:  # ValueError: null bytes in the source
        msg = f"SyntaxError: {exc.msg} (line {exc.lineno})" if isinstance(exc, SyntaxError) else str(exc)
        return [f"{path}: {msg}"]
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    name = f"geoprivate_user_claims_{path.stem.replace('-', '_')}_{digest}"
    module = types.ModuleType(name)
    module.__file__ = str(path)
    sys.modules[name] = module
    errors = _guarded_load(str(path), source, lambda: exec(code, module.__dict__), time_limit)
    if errors:
        sys.modules.pop(name, None)
    return errors


@checked
def load_claims(source: Source, *, time_limit: TimeLimit = math.inf) -> list[str]:
    """Import user claims from a ``.py`` file, a directory of them, or an importable module.

    Parameters
    ----------
    source : str
        The ``--claims-from`` argument.
    time_limit : float, default inf
        Seconds each file may take to load (in the main thread; a hang or a loop past it is
        stopped and costs one line).

    Returns
    -------
    list of str
        One line per file that failed to load (``"FILE: SyntaxError: ... (line 3)"``, a file that
        is not a regular file or is too large, one that raised, exited or ran past the time
        limit); the other files are loaded all the same.  Empty when everything loaded.
    """
    path = Path(source)
    if path.is_dir():
        files = _files(path)
        if not files:
            return [f"{source}: no .py files in this directory"]
        return [line for f in files for line in _import_file(f, source, time_limit)]
    if path.suffix == ".py" or os.path.lexists(path):
        return _import_file(path, source, time_limit)
    problem = source_problem(source)
    if problem is not None:
        return [problem]
    return _guarded_load(source, source, lambda: importlib.import_module(source), time_limit)


@checked
def load_entry_points(*, time_limit: TimeLimit = math.inf) -> list[str]:
    """Import the claim modules installed packages declare in the ``geoprivate.claims`` entry-point group.

    Each entry point is ``module`` or ``module:attr``; each is loaded under the guard of
    :func:`load_claims`.

    Parameters
    ----------
    time_limit : float, default inf
        Seconds each entry point may take to load.

    Returns
    -------
    list of str
        One line per entry point that failed to load.
    """
    errors = []
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        errors.extend(_guarded_load(f"entry point {ep.name} ({ep.value})", ep.module, ep.load, time_limit))
    return errors
