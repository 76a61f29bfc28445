"""The LP layer's structure: no import cycle in ``solvers/``, the split keeps the public names,
and the docstring examples of the LP modules run as written."""

import ast
import doctest
import importlib
import pathlib
import subprocess
import sys

import pytest

from tests import ROOT

SOLVERS = ROOT / "solvers"


def _module_name(path: pathlib.Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _import_graph() -> dict[str, set[str]]:
    """Edges ``module -> solvers module it imports`` (module level *and* inside functions)."""
    files = sorted(SOLVERS.rglob("*.py"))
    names = {_module_name(f) for f in files}
    graph: dict[str, set[str]] = {}
    for f in files:
        me = _module_name(f)
        edges = set()
        for node in ast.walk(ast.parse(f.read_text())):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            for t in targets:
                if t in names and t != me:
                    edges.add(t)
        graph[me] = edges
    return graph


def _find_cycle(graph):
    state, stack = {}, []

    def visit(u):
        state[u] = 1
        stack.append(u)
        for v in sorted(graph.get(u, ())):
            if state.get(v) == 1:
                return stack[stack.index(v) :] + [v]
            if v not in state:
                c = visit(v)
                if c:
                    return c
        stack.pop()
        state[u] = 2
        return None

    for u in sorted(graph):
        if u not in state:
            c = visit(u)
            if c:
                return c
    return None


def test_solvers_has_no_import_cycle():
    graph = _import_graph()
    assert "solvers.lp" in graph and "solvers._rational" in graph
    assert _find_cycle(graph) is None, f"import cycle: {' -> '.join(_find_cycle(graph))}"


def test_cycle_finder_finds_a_planted_cycle():
    graph = _import_graph()
    graph["solvers._rational"] = graph["solvers._rational"] | {"solvers.lp"}  # the old lp <-> affine shape
    cycle = _find_cycle(graph)
    assert cycle is not None and cycle[0] == cycle[-1]


def test_shared_rational_helpers_import_nothing_from_solvers():
    assert _import_graph()["solvers._rational"] == set()
    assert "solvers.lp" not in _import_graph()["solvers.affine"]


def test_every_solvers_module_imports_on_its_own():
    """Each module imports in a fresh interpreter state (no reliance on import order).
    (solvers.formulations is left to the static graph above: it only adds cvxpy's import time.)"""
    mods = sorted(m for m in _import_graph() if m != "solvers.formulations")
    code = (
        "import importlib, sys\n"
        f"for name in {mods!r}:\n"
        "    for k in [k for k in sys.modules if k == 'solvers' or k.startswith('solvers.')]:\n"
        "        del sys.modules[k]\n"
        "    importlib.import_module(name)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_public_names_unchanged():
    from solvers import lp

    for name in [
        "FarkasCertificate",
        "FeasibilityResult",
        "OptimizeResult",
        "feasible_point",
        "maximize",
        "is_feasible_point",
        "is_farkas_certificate",
        "is_optimize_certificate",
    ]:
        assert name in lp.__all__ and callable(getattr(lp, name))


@pytest.mark.parametrize("name", ["solvers.lp", "solvers.formulations"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
