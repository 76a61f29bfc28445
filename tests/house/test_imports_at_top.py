"""Imports of the project's own modules stand at module top (docs/DESIGN.md, "Imports at the top").

The layer test rules out upward imports, so a function-level import of a geoprivate or solvers module
avoids no cycle; only optional heavy third-party dependencies are imported inside functions.  A package
``__init__`` holds imports and its docstring only.
"""

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "geoprivate"
#: every module of the two packages
COVERED_FILES = sorted([*PACKAGE.rglob("*.py"), *(ROOT / "solvers").rglob("*.py")])


def _module_of(node: ast.ImportFrom, path: pathlib.Path) -> str:
    if node.level == 0:
        return node.module or ""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)[:-1]
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def function_level_project_imports(path: pathlib.Path, source: str | None = None) -> list[str]:
    """``file:line module`` of every import of a geoprivate/solvers module inside a function of ``path``.

    ``source`` (default: the file's text) is scanned as if it lived at ``path``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.ImportFrom):
                mods = [_module_of(node, path)]
            elif isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            else:
                continue
            for mod in mods:
                if mod.split(".")[0] in ("geoprivate", "solvers"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {mod}")
    return found


def test_the_scanner_sees_function_level_imports_absolute_and_relative():
    probe = PACKAGE / "claims" / "probe.py"
    src = (
        "import numpy as np\n"
        "from geoprivate.claims import Verdict\n"
        "def f():\n"
        "    from . import general\n"
        "    import solvers.vc1\n"
        "    from scipy import stats\n"
        "    return Verdict, np\n"
    )
    assert function_level_project_imports(probe, src) == [
        "geoprivate/claims/probe.py:4 geoprivate.claims",
        "geoprivate/claims/probe.py:5 solvers.vc1",
    ]


@pytest.mark.parametrize("path", COVERED_FILES, ids=[str(p.relative_to(ROOT)) for p in COVERED_FILES])
def test_project_imports_are_at_module_top(path):
    assert function_level_project_imports(path) == []


INITS = sorted(f for f in COVERED_FILES if f.name == "__init__.py")


@pytest.mark.parametrize("path", INITS, ids=[str(p.relative_to(ROOT)) for p in INITS])
def test_a_package_init_holds_imports_and_docs_only(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            continue
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] in (
            ["__all__"],
            ["__version__"],
        ):
            continue
        raise AssertionError(f"{path.relative_to(ROOT)}:{node.lineno}: {type(node).__name__} in a package __init__")
