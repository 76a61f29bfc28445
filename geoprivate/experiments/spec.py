"""Sweep specifications: a target, a parameter grid and a number of seeded trials per point.

A spec is a TOML file (read with :mod:`tomllib`)::

    name = "tops-thresholds"                       # the sweep's identity in the store
    target = "geoprivate.experiments.targets:predictor_tops"   # or "path/to/file.py:function"
    seeds = 20                                      # trials per grid point
    description = "optional free text"

    [grid]                                          # the grid is the product of these lists
    T = [100, 200]
    k = [20, 40]
    epsilon = [0.5, 1.0]

The target is ``f(params: dict, rng: numpy.random.Generator) -> dict`` of JSON scalars
(int, float, str, bool, None).  A relative ``path.py`` is resolved against the spec file's
directory.  Every problem in a spec raises :class:`SpecError` (a ``ValueError``) naming the
key and the value, before anything is written.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import itertools
import json
import math
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from geoprivate._validation import PathArg, PositiveInt, checked

__all__ = [
    "SpecError",
    "SweepSpec",
    "load_spec",
    "parse_spec",
    "write_spec",
    "resolve_target",
    "canonical_json",
    "SCALARS",
]

#: types allowed as grid values and as result fields
SCALARS = (bool, int, float, str, type(None))
_KEYS = {"name", "target", "seeds", "grid", "description"}
#: the largest sweep a spec may describe (seeds x grid points): beyond it listing the trials alone
#: takes minutes and gigabytes
MAX_TRIALS = 10**7


class SpecError(ValueError):
    """A sweep specification is invalid (unknown target, empty grid, wrong types, ...)."""


@checked
def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no whitespace: the identity of a grid point or a grid."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=True)


@checked
@dataclass(frozen=True)
class SweepSpec:
    """A validated sweep: ``name``, ``target`` reference, ``seeds`` per point, ``grid``.

    ``grid`` is a tuple of ``(parameter, values)`` pairs in the spec's order; the grid
    points are their Cartesian product (:meth:`points`), the last parameter varying fastest.
    """

    name: str
    target: str
    seeds: PositiveInt
    grid: tuple
    description: str = ""
    base_dir: str = field(default=".", compare=False)

    def points(self) -> list[dict]:
        """The grid points, in order (index = position in this list)."""
        keys = [k for k, _ in self.grid]
        return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(v for _, v in self.grid))]

    def grid_json(self) -> str:
        """The grid's fingerprint (parameter order and value order included)."""
        return json.dumps([[k, list(v)] for k, v in self.grid], separators=(",", ":"))

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "target": self.target,
            "seeds": self.seeds,
            "grid": {k: list(v) for k, v in self.grid},
            "description": self.description,
            "base_dir": self.base_dir,
        }

    def resolved_target(self) -> str:
        """The target reference with a relative file path made absolute (what workers import)."""
        return absolute_target(self.target, self.base_dir)


#: the largest spec file read (a sweep spec is a few lines of TOML)
MAX_SPEC_BYTES = 10**6


def _check_scalar(value, where: str):
    if not isinstance(value, SCALARS[:-1]):
        raise SpecError(f"{where}: expected a bool, int, float or str, got {type(value).__name__} {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise SpecError(f"{where}: expected a finite number, got {value!r}")


@checked
def parse_spec(data: Any, base_dir: PathArg = ".") -> SweepSpec:
    """Validate a spec given as a dict (the parsed TOML) and resolve its target.

    Raises
    ------
    SpecError
        Unknown keys, missing or mistyped ``name`` / ``target`` / ``seeds``, an empty grid
        or an empty list in it, non-scalar or duplicated grid values, a target that cannot
        be imported or is not callable.
    """
    if not isinstance(data, dict):
        raise SpecError(f"data: a spec must be a table (a dict), got {type(data).__name__}")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise SpecError(f"spec: unknown key(s) {unknown}; allowed: {sorted(_KEYS)}")
    for key in ("name", "target", "seeds", "grid"):
        if key not in data:
            raise SpecError(f"spec: missing key {key!r}")
    name, target, seeds, grid = data["name"], data["target"], data["seeds"], data["grid"]
    if not isinstance(name, str) or not name.strip():
        raise SpecError(f"name: expected a non-empty string, got {name!r}")
    if not isinstance(target, str) or ":" not in target:
        raise SpecError(f"target: expected 'module:function' or 'path/to/file.py:function', got {target!r}")
    if isinstance(seeds, bool) or not isinstance(seeds, int) or seeds < 1:
        raise SpecError(f"seeds: expected an integer >= 1, got {seeds!r}")
    if not isinstance(grid, dict) or not grid:
        raise SpecError(f"grid: expected a non-empty table of lists, got {grid!r}")
    items = []
    for key, values in grid.items():
        if not isinstance(values, list) or not values:
            raise SpecError(f"grid.{key}: expected a non-empty list of values, got {values!r}")
        for i, v in enumerate(values):
            _check_scalar(v, f"grid.{key}[{i}]")
        if len({canonical_json(v) for v in values}) != len(values):
            raise SpecError(f"grid.{key}: duplicated values in {values!r}")
        items.append((key, tuple(values)))
    n_trials = math.prod(len(v) for _, v in items) * seeds
    if n_trials > MAX_TRIALS:
        raise SpecError(
            f"seeds, grid: the sweep has {n_trials:.3g} trials ({seeds} seeds x "
            f"{math.prod(len(v) for _, v in items)} grid points), more than {MAX_TRIALS:.0e}; "
            "split it into several sweeps"
        )
    description = data.get("description", "")
    if not isinstance(description, str):
        raise SpecError(f"description: expected a string, got {description!r}")
    spec = SweepSpec(name.strip(), target, seeds, tuple(items), description, str(base_dir))
    resolve_target(spec.resolved_target())  # fail now, not in a worker
    return spec


@checked
def load_spec(path: PathArg) -> SweepSpec:
    """Read and validate a TOML spec file (see the module docstring)."""
    p = Path(path)
    if p.exists() and not p.is_file():  # a directory, a FIFO, a device (/dev/zero would be read forever)
        raise SpecError(f"spec path {str(p)!r}: a spec must be a regular file")
    if p.is_file() and p.stat().st_size > MAX_SPEC_BYTES:
        raise SpecError(f"spec path {str(p)!r}: a file of {p.stat().st_size} bytes is too large (> {MAX_SPEC_BYTES})")
    try:
        with open(p, "rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise SpecError(f"spec path: no such file {str(p)!r}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SpecError(f"spec path {str(p)!r}: not valid TOML: {exc}") from None
    except OSError as exc:  # a directory, no permission
        raise SpecError(f"spec path {str(p)!r}: cannot read the spec ({exc.strerror or exc})") from None
    return parse_spec(data, p.resolve().parent)


def _toml_value(v) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(v)  # a TOML basic string: JSON escapes are valid TOML escapes


@checked
def write_spec(path: PathArg, *, name: str, target: str, seeds: PositiveInt, grid: dict, description: str = "") -> Path:
    """Write a spec file (the inverse of :func:`load_spec` for valid specs); returns the path.

    >>> import tempfile, os
    >>> p = write_spec(os.path.join(tempfile.mkdtemp(), "s.toml"), name="demo", seeds=2,
    ...                target="geoprivate.experiments.targets:trivial", grid={"x": [1, 2]})
    >>> len(load_spec(p).points())
    2
    """
    lines = [f"name = {_toml_value(name)}", f"target = {_toml_value(target)}", f"seeds = {_toml_value(seeds)}"]
    if description:
        lines.append(f"description = {_toml_value(description)}")
    lines.append("")
    lines.append("[grid]")
    lines += [f"{json.dumps(str(k))} = {_toml_value(v)}" for k, v in grid.items()]
    p = Path(path)
    try:
        p.write_text("\n".join(lines) + "\n")
    except BrokenPipeError:  # the reader went away (`| head`): not an error of the path
        raise
    except OSError as exc:
        raise ValueError(f"path {str(p)!r}: cannot write the spec ({exc.strerror or exc})") from None
    return p


def absolute_target(target: str, base_dir: str | Path) -> str:
    """``path.py:function`` with the path made absolute against ``base_dir``; modules unchanged."""
    where, _, func = target.rpartition(":")
    if where.endswith(".py"):
        p = Path(where)
        if not p.is_absolute():
            p = Path(base_dir) / p
        return f"{p.resolve()}:{func}"
    return target


@functools.lru_cache(maxsize=64)
@checked
def resolve_target(target: str) -> Callable:
    """Import ``module:function`` or ``/abs/path/file.py:function`` and return the callable.

    Raises
    ------
    SpecError
        The module or file cannot be imported, has no such attribute, or it is not callable.
    """
    where, _, func = target.rpartition(":")
    if not where or not func:
        raise SpecError(f"target: expected 'module:function' or 'path/to/file.py:function', got {target!r}")
    try:
        if where.endswith(".py"):
            path = Path(where)
            if not path.is_file():
                raise SpecError(f"target: no such file {where!r}")
            mod_name = "_geoprivate_sweep_target_" + hashlib.sha1(str(path).encode()).hexdigest()[:12]
            spec = importlib.util.spec_from_file_location(mod_name, path)
            assert spec is not None and spec.loader is not None  # a path ending in .py always has a source loader
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
    except SpecError:
        raise
    except (Exception, SystemExit) as exc:  # ImportError, SyntaxError, errors (even sys.exit) raised at import
        raise SpecError(f"target: cannot import {where!r}: {type(exc).__name__}: {exc}") from None
    fn: object = module
    for part in func.split("."):
        fn = getattr(fn, part, None)
        if fn is None:
            raise SpecError(f"target: {where!r} has no attribute {func!r}")
    if not callable(fn):
        raise SpecError(f"target: {target!r} is not callable")
    return fn
