"""Loading user claims: ``--claims-from`` sources and the ``geoprivate.claims`` entry-point group.

A source is a ``.py`` file, a directory (every ``*.py`` in it, sorted, not recursive, files
starting with ``_`` skipped) or an importable module name.  Each file is imported under a
private module name; while it runs, :data:`geoprivate.claims._LOADING` names the source, so
each claim it registers remembers the ``--claims-from`` argument that replays it.  A file
that fails (syntax error, import error, a refused id) costs one line naming the file and the
error; the others load all the same.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import importlib.util
import sys
from pathlib import Path

from geoprivate.claims._registry import _LOADING, ENTRY_POINT_GROUP

__all__ = ["load_claims", "load_entry_points"]


def _error_line(where: str, exc: BaseException) -> str:
    """``where: SyntaxError: invalid syntax (line 3)`` — one line, whatever the exception."""
    if isinstance(exc, SyntaxError):
        msg = f"SyntaxError: {exc.msg} (line {exc.lineno})"
    else:
        msg = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return f"{where}: {msg}"


def _import_file(path: Path, source: str) -> list[str]:
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    name = f"geoprivate_user_claims_{path.stem.replace('-', '_')}_{digest}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return [f"{path}: not a Python file"]
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    _LOADING.append(source)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a broken user file: one line, the rest still run
        del sys.modules[name]
        return [_error_line(str(path), exc)]
    finally:
        _LOADING.pop()
    return []


def _import_module(name: str, source: str) -> list[str]:
    _LOADING.append(source)
    try:
        importlib.import_module(name)
    except Exception as exc:
        return [_error_line(name, exc)]
    finally:
        _LOADING.pop()
    return []


def load_claims(source: str) -> list[str]:
    """Import user claims from a ``.py`` file, a directory of them, or an importable module.

    Parameters
    ----------
    source : str
        The ``--claims-from`` argument.

    Returns
    -------
    list of str
        One line per file that failed to load (``"FILE: SyntaxError: ... (line 3)"``); the
        other files are loaded all the same.  Empty when everything loaded.
    """
    path = Path(source)
    if path.is_dir():
        files = sorted(p for p in path.glob("*.py") if not p.name.startswith("_"))
        if not files:
            return [f"{source}: no .py files in this directory"]
        return [line for f in files for line in _import_file(f, source)]
    if path.suffix == ".py" or path.exists():
        if not path.is_file():
            return [f"{source}: no such file"]
        return _import_file(path, source)
    return _import_module(source, source)


def load_entry_points() -> list[str]:
    """Import the claim modules installed packages declare in the ``geoprivate.claims`` entry-point group.

    Each entry point is ``module`` or ``module:attr``.

    Returns
    -------
    list of str
        One line per entry point that failed to load.
    """
    errors = []
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        _LOADING.append(ep.module)
        try:
            ep.load()
        except Exception as exc:
            errors.append(_error_line(f"entry point {ep.name} ({ep.value})", exc))
        finally:
            _LOADING.pop()
    return errors
