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
import importlib.util
import sys
from pathlib import Path

from geoprivate import claims as _claims


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
    _claims._LOADING.append(source)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a broken user file: one line, the rest still run
        del sys.modules[name]
        return [_error_line(str(path), exc)]
    finally:
        _claims._LOADING.pop()
    return []


def _import_module(name: str, source: str) -> list[str]:
    _claims._LOADING.append(source)
    try:
        importlib.import_module(name)
    except Exception as exc:
        return [_error_line(name, exc)]
    finally:
        _claims._LOADING.pop()
    return []


def load_source(source: str) -> list[str]:
    """Import the claims of one ``--claims-from`` source; one error line per file that failed.

    Parameters
    ----------
    source : str
        A ``.py`` file, a directory of them, or an importable module name.

    Returns
    -------
    list of str
        The error lines (empty when everything loaded).
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


def load_entry_point_group(group: str) -> list[str]:
    """Import every entry point of ``group`` (``module`` or ``module:attr``); one error line per failure.

    Parameters
    ----------
    group : str

    Returns
    -------
    list of str
    """
    from importlib.metadata import entry_points

    errors = []
    for ep in entry_points(group=group):
        _claims._LOADING.append(ep.module)
        try:
            ep.load()
        except Exception as exc:
            errors.append(_error_line(f"entry point {ep.name} ({ep.value})", exc))
        finally:
            _claims._LOADING.pop()
    return errors
