"""The house's layers: no module imports a package above its own layer, and no import cycle between packages.

The order (lowest first) is the one drawn in ``docs/DESIGN.md`` and ``geoprivate/__init__``'s docstring;
it was read off the code (every edge below is one that exists, or would be allowed):

0. ``solvers``                 exact oracles, no notion of privacy (never imports ``geoprivate``)
1. ``geoprivate._validation``  argument checks (uses ``solvers._rational`` for exact numbers); ``_papers``, ``_json``
2. ``concepts``                concept classes over the oracles
3. ``privacy``                 accounting only: guarantees, composition, the ledger, the warnings
4. ``mechanisms``              DP building blocks (record into ``privacy``'s ledger)
5. ``audit``                   exact and statistical auditors of the mechanisms
6. ``adversaries``, ``problems``, ``ensembles``, ``prediction``, ``learners``, ``everlasting``   the papers' algorithms
7. ``claims``, ``experiments``, ``viz``, ``strategies``   claims as checks, sweeps, figures, instance spaces
8. ``report``, ``cli``, ``explore``, ``__main__``   what a person runs

Imports inside one layer are allowed when they do not close a cycle between packages.  Every import
statement counts: module level, inside functions and methods, and inside a module ``__getattr__`` (the
whole AST is walked).  A module-level ``__getattr__`` that imports is itself a failure (a lazy import hides
an edge from a reader); there are no exemptions.
"""

import ast
import pathlib

import networkx as nx
import pytest

from tests import ROOT

PACKAGE = ROOT / "geoprivate"
SOLVERS = ROOT / "solvers"

LAYERS = (
    ("solvers",),
    ("_validation", "_papers", "_json"),
    ("concepts",),
    ("privacy",),
    ("mechanisms",),
    ("audit",),
    ("adversaries", "problems", "ensembles", "prediction", "learners", "everlasting"),
    ("claims", "experiments", "planning", "viz", "strategies"),
    ("report", "cli", "explore", "__main__"),
)
RANK = {name: i for i, layer in enumerate(LAYERS) for name in layer}


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package_of(module: str) -> str | None:
    """``solvers`` for anything in solvers/, the first component under ``geoprivate`` otherwise (None: the root)."""
    parts = module.split(".")
    if parts[0] == "solvers":
        return "solvers"
    if parts[0] == "geoprivate":
        return parts[1] if len(parts) > 1 else None
    return None


def _imports(path: pathlib.Path, source: str | None = None) -> set[str]:
    """Every module named by an import statement of ``path`` (module level and inside functions).

    ``source`` replaces the file's text (for the planted-import tests)."""
    me = _module_name(path).split(".")
    is_pkg = path.name == "__init__.py"
    out = set()
    for node in ast.walk(ast.parse(path.read_text() if source is None else source)):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against this module's package
                base = me if is_pkg else me[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)  # `from geoprivate import audit` names a package
    return out


def package_edges() -> dict[tuple[str, str], set[str]]:
    """``(package, imported package) -> {importing modules}`` over geoprivate/ and solvers/."""
    edges: dict[tuple[str, str], set[str]] = {}
    for f in sorted(PACKAGE.rglob("*.py")) + sorted(SOLVERS.rglob("*.py")):
        mod = _module_name(f)
        src = _package_of(mod)
        if src is None:
            continue
        for target in _imports(f):
            dst = _package_of(target)
            if dst in RANK and dst != src:  # names such as geoprivate.__version__ are not packages
                edges.setdefault((src, dst), set()).add(mod)
    return edges


def upward_imports(edges) -> list[str]:
    """Every import of a package above the importer's layer."""
    return [
        f"{m} (layer {RANK[src]}) imports geoprivate.{dst} (layer {RANK[dst]})"
        for (src, dst), mods in sorted(edges.items())
        if RANK[dst] > RANK[src]
        for m in sorted(mods)
    ]


def package_graph(edges) -> nx.DiGraph:
    """The directed graph of packages: an edge for every package that imports another."""
    graph = nx.DiGraph()
    graph.add_edges_from(edges)
    return graph


def package_cycle(edges):
    """A cycle of packages (a list, first = last) in the graph of ``edges``, or None."""
    try:
        cycle = nx.find_cycle(package_graph(edges))
    except nx.NetworkXNoCycle:
        return None
    return [u for u, _ in cycle] + [cycle[0][0]]


def lazy_getattr_imports(path: pathlib.Path, source: str | None = None) -> list[str]:
    """Modules imported inside a module-level ``__getattr__`` of ``path`` (a lazy import or a forwarding alias)."""
    tree = ast.parse(path.read_text() if source is None else source)
    return [
        ast.unparse(node)
        for fn in tree.body
        if isinstance(fn, ast.FunctionDef) and fn.name == "__getattr__"
        for node in ast.walk(fn)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]


def test_every_package_has_a_layer():
    found = {_package_of(_module_name(f)) for f in PACKAGE.rglob("*.py")} - {None}
    missing = sorted(found - set(RANK))
    assert not missing, f"give these packages a layer in LAYERS (and in docs/DESIGN.md): {missing}"


def test_no_module_imports_a_package_above_its_layer():
    edges = package_edges()
    assert ("mechanisms", "privacy") in edges and ("audit", "mechanisms") in edges  # the graph is really read
    bad = upward_imports(edges)
    assert not bad, "upward imports:\n" + "\n".join(bad)


def test_no_import_cycle_between_packages():
    edges = package_edges()
    cycle = package_cycle(edges)
    assert cycle is None, f"import cycle between packages: {' -> '.join(cycle)}"
    graph = package_graph(edges)
    assert nx.is_directed_acyclic_graph(graph) and graph.number_of_edges() >= 20  # the graph is really read


def test_no_module_getattr_imports():
    """No module forwards a name lazily: every import is a statement a reader (and this test) sees."""
    bad = {
        _module_name(f): found
        for f in sorted(PACKAGE.rglob("*.py")) + sorted(SOLVERS.rglob("*.py"))
        if (found := lazy_getattr_imports(f))
    }
    assert not bad, f"module __getattr__ that imports (import at module top instead): {bad}"


def test_solvers_never_imports_geoprivate():
    assert not [k for k in package_edges() if k[0] == "solvers"]


@pytest.mark.parametrize(
    "planted",
    [
        ("mechanisms", "audit", "geoprivate.mechanisms.median"),
        ("privacy", "mechanisms", "geoprivate.privacy.accounting"),
        ("solvers", "concepts", "solvers.lp"),
    ],
)
def test_checker_finds_a_planted_upward_import(planted):
    src, dst, mod = planted
    edges = package_edges()
    edges.setdefault((src, dst), set()).add(mod)
    assert any(line.startswith(mod) for line in upward_imports(edges))
    assert package_cycle(edges) is not None  # each planted edge also closes a cycle today


def test_from_package_import_subpackage_is_an_edge():
    f = PACKAGE / "mechanisms" / "_planted_for_the_layer_test.py"  # never written: parsed from a string
    mods = _imports(f, "from geoprivate import audit\nfrom .. import claims\n")
    assert {_package_of(m) for m in mods} >= {"audit", "claims"}


def function_level_imports(path: pathlib.Path, source: str | None = None) -> list[str]:
    """``function: import`` for every import of the project's own modules inside a function of ``path``."""
    tree = ast.parse(path.read_text() if source is None else source)
    found = {}
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Import | ast.ImportFrom) and (
                    getattr(node, "level", 0)
                    or any(
                        _package_of(m) is not None or m in ("geoprivate", "solvers")
                        for m in _imports(path, ast.unparse(node))
                    )
                ):
                    found.setdefault((node.lineno, ast.unparse(node)), fn.name)
    return [f"{name}: {stmt}" for (_, stmt), name in sorted(found.items())]


#: packages whose modules import the project's own modules at module top only (issue #34: layers 1-6 and
#: the planners; an optional heavy dependency such as plotly is not a project module)
TOP_LEVEL_IMPORTS_ONLY = (
    "_validation",
    "_papers",
    "concepts",
    "privacy",
    "mechanisms",
    "audit",
    "adversaries",
    "problems",
    "ensembles",
    "prediction",
    "learners",
    "everlasting",
    "planning",
    "strategies",
)


def test_algorithm_layers_import_the_project_at_module_top():
    bad = {
        _module_name(f): found
        for f in sorted(PACKAGE.rglob("*.py"))
        if _package_of(_module_name(f)) in TOP_LEVEL_IMPORTS_ONLY and (found := function_level_imports(f))
    }
    assert not bad, f"imports of the project inside functions (move them to the module top): {bad}"


def test_imports_inside_functions_and_getattr_are_seen():
    f = PACKAGE / "mechanisms" / "_planted_for_the_layer_test.py"  # never written: parsed from a string
    src = (
        "def f():\n    from geoprivate.audit import hockey_stick\n\n"
        "class A:\n    def m(self):\n        import geoprivate.claims\n\n"
        "def __getattr__(name):\n    from geoprivate.report import x\n    return x\n"
    )
    assert {_package_of(m) for m in _imports(f, src)} >= {"audit", "claims", "report"}
    assert lazy_getattr_imports(f, src) == ["from geoprivate.report import x"]
    assert lazy_getattr_imports(f, "def __getattr__(name):\n    raise AttributeError(name)\n") == []
    assert function_level_imports(f, src) == [
        "f: from geoprivate.audit import hockey_stick",
        "m: import geoprivate.claims",
        "__getattr__: from geoprivate.report import x",
    ]
    assert function_level_imports(f, "def g():\n    import plotly.graph_objects as go\n") == []


def test_the_removed_shims_stay_removed():
    """0.1.0 is the first release: no module forwards an old name (issue #34)."""
    import importlib

    for gone in ("geoprivate.privacy.audit", "geoprivate.privacy.controls"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(gone)
    ip = importlib.import_module("geoprivate.mechanisms.interior_point")
    assert not hasattr(ip, "interior_point_exact_audit")
