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

Imports inside one layer are allowed when they do not close a cycle between packages.  Imports inside
functions count.  The only exemptions are deprecated aliases kept for one release (``DEPRECATED``).
"""

import ast
import pathlib

import networkx as nx
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
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

#: (importing module, imported package): deprecated aliases that forward upward, for one release only
DEPRECATED = {
    ("geoprivate.privacy.audit", "audit"),
    ("geoprivate.privacy.controls", "audit"),
    ("geoprivate.mechanisms.interior_point", "audit"),  # module __getattr__ for interior_point_exact_audit
}


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
    """Every import of a package above the importer's layer, except the deprecated aliases."""
    bad = []
    for (src, dst), mods in sorted(edges.items()):
        if RANK[dst] > RANK[src]:
            for m in sorted(mods):
                if (m, dst) not in DEPRECATED:
                    bad.append(f"{m} (layer {RANK[src]}) imports geoprivate.{dst} (layer {RANK[dst]})")
    return bad


def package_cycle(edges, exempt=DEPRECATED):
    """A cycle of packages (a list, first = last) in the graph of ``edges`` without the exempt aliases, or None."""
    graph = nx.DiGraph()
    graph.add_edges_from((src, dst) for (src, dst), mods in edges.items() if any((m, dst) not in exempt for m in mods))
    try:
        cycle = nx.find_cycle(graph)
    except nx.NetworkXNoCycle:
        return None
    return [u for u, _ in cycle] + [cycle[0][0]]


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
    cycle = package_cycle(package_edges())
    assert cycle is None, f"import cycle between packages: {' -> '.join(cycle)}"


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


def test_deprecated_aliases_still_import():
    import importlib
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        old = importlib.import_module("geoprivate.privacy.audit")
        ctl = importlib.import_module("geoprivate.privacy.controls")
        ip = importlib.import_module("geoprivate.mechanisms.interior_point")
        from geoprivate import audit

        assert old.hockey_stick is audit.hockey_stick
        assert ctl.svt_no_query_noise is audit.svt_no_query_noise
        assert ip.interior_point_exact_audit is audit.interior_point_exact_audit


def test_library_code_does_not_use_the_deprecated_aliases():
    """The aliases are for users' code for one release; the package itself imports geoprivate.audit."""
    old = {
        "geoprivate.privacy.audit",
        "geoprivate.privacy.controls",
        "geoprivate.mechanisms.interior_point.interior_point_exact_audit",
    }
    users = sorted(
        _module_name(f)
        for f in PACKAGE.rglob("*.py")
        if _module_name(f) not in {"geoprivate.privacy.audit", "geoprivate.privacy.controls"} and _imports(f) & old
    )
    assert not users, f"import from geoprivate.audit instead of the deprecated aliases in: {users}"
