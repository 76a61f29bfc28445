"""Sphinx configuration: the API reference (autosummary + numpydoc) and the guides in docs/*.md (MyST).

Build: ``python -m sphinx -W -b html docs docs/_build/html`` (warnings are errors; the test suite runs it).
Pages generated at build time (git-ignored, under ``docs/_autogen/``): the list of references (from
``geoprivate/_papers.py``), the quickstart (from README.md's quickstart block), the notebooks' figures
(the PNG outputs stored in ``notebooks/*.ipynb``) and the API reference, one page per layer
(``API_LAYERS``: the layers of docs/DESIGN.md, each a toctree of its modules).  The user guide is
``docs/guide/`` (tasks), apart from the reference.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

from geoprivate import _papers  # noqa: E402

project = "geoprivate"
author = "The geoprivate developers"
copyright = "The geoprivate developers"  # noqa: A001 - Sphinx's name
release = version = "0.1.0"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
templates_path = ["_templates"]
exclude_patterns = ["_build"]
myst_heading_anchors = 3
myst_enable_extensions = ["dollarmath"]

autosummary_generate = True
autosummary_imported_members = False
# each object is documented on the page of the module that defines it (packages re-export through __all__)
autodoc_default_options = {"members": True, "ignore-module-all": True}
autodoc_typehints = "none"
autodoc_member_order = "bysource"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks: set[str] = set()

# Docstrings are written for readers of the source first: Unicode mathematics, inline asides in
# definition lists and cross-references to private helpers.  Those produce only these categories.
suppress_warnings = [
    "ref.citation",
    "ref.python",
    "ref.ref",
    "myst.xref_missing",
    "myst.header",
    "autosummary.import_cycle",
]
nitpicky = False

html_theme = "alabaster"
html_static_path = ["_static"]
html_css_files = ["custom.css"]  # code blocks scroll sideways instead of being cut
html_title = "geoprivate"
# the sidebar: the page's own section of the tree, collapsed, not every module of the reference
html_theme_options = {"sidebar_collapse": True, "sidebar_includehidden": True, "page_width": "1100px"}
html_sidebars = {"**": ["about.html", "navigation.html", "relations.html", "searchbox.html"]}

# ---------------------------------------------------------------- pages generated at build time
AUTOGEN = DOCS / "_autogen"


def _write(name: str, text: str) -> None:
    AUTOGEN.mkdir(exist_ok=True)
    path = AUTOGEN / name
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _references_page() -> str:
    lines = [
        "# References",
        "",
        "Every work the code and these pages cite, by the key used in docstrings",
        "(`[Key] Statement`). Source: `geoprivate/_papers.py`; BibTeX: `docs/references.bib`.",
        "",
    ]
    for key in _papers.REFERENCES:
        lines += [f"(ref-{key})=", f"**[{key}]** {_papers.full_citation(key)}", ""]
    return "\n".join(lines)


def _quickstart_page() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- quickstart -->\n(.*?)<!-- /quickstart -->", readme, re.S)
    body = block.group(1).strip() if block else "(README.md has no quickstart block)"
    return (
        "# Quickstart\n\nOn a fresh machine with Python ≥ 3.11, from the root of a checkout "
        "(the same commands CI runs, read from README.md):\n\n" + body + "\n\n"
        "The first installs the toolkit and checks every registered claim of the papers; the second "
        "installs the test extras and runs the test suite.\n"
    )


def _figures_page() -> str:
    lines = [
        "# Figures",
        "",
        "The figures of the README (`docs/img/`: every one redrawn by `python docs/make_images.py --write`,",
        "each carrying the data it shows) and every figure stored in the executed notebooks",
        "(`notebooks/*.ipynb`; re-execute with `python notebooks/execute.py`).",
        "",
    ]
    for png in sorted((DOCS / "img").glob("*.png")):
        lines += [f"## {png.stem}", "", f"![{png.stem}](../img/{png.name})", ""]
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        count = 0
        for i, cell in enumerate(cells):
            for out in cell.get("outputs", []):
                data = out.get("data", {}).get("image/png")
                if not data:
                    continue
                count += 1
                name = f"{nb.stem}_{i:02d}_{count}.png"
                (AUTOGEN / "img").mkdir(parents=True, exist_ok=True)
                target = AUTOGEN / "img" / name
                raw = base64.b64decode("".join(data) if isinstance(data, list) else data)
                if not target.exists() or target.read_bytes() != raw:
                    target.write_bytes(raw)
                if count == 1:
                    lines += [f"## {nb.stem}", ""]
                lines += [f"![{nb.stem}, cell {i}](img/{name})", ""]
    return "\n".join(lines)


#: the API reference, one page per layer of docs/DESIGN.md: (page, title, what it gives, package prefixes)
API_LAYERS = (
    (
        "solvers",
        "Exact oracles (solvers)",
        "LP, combinatorics, halfspaces, depth, margins, VC-1 trees; no privacy.",
        ("solvers",),
    ),
    (
        "concepts",
        "Concept classes",
        "FiniteClass, Thresholds, Intervals, PointFunctions, Halfspaces.",
        ("geoprivate.concepts",),
    ),
    (
        "privacy",
        "DP building blocks",
        "Guarantees, the ledger, warnings; Laplace, exponential, BetweenThresholds, "
        "AboveThreshold, the choosing mechanism, private medians.",
        ("geoprivate.privacy", "geoprivate.mechanisms"),
    ),
    ("audit", "Auditing", "Exact and statistical privacy auditors, known-broken controls.", ("geoprivate.audit",)),
    (
        "algorithms",
        "The papers' algorithms",
        "GenericPredictor and its generators, adversaries and problems, "
        "GenericBBL and LabelBoost, the learners (decision lists, DP-Winnow, the VC-1 learners).",
        (
            "geoprivate.adversaries",
            "geoprivate.problems",
            "geoprivate.ensembles",
            "geoprivate.prediction",
            "geoprivate.learners",
            "geoprivate.everlasting",
        ),
    ),
    (
        "experiments",
        "Claims, planning, sweeps, figures",
        "The papers' claims as checks, the planner, seeded sweeps, figures.",
        ("geoprivate.claims", "geoprivate.experiments", "geoprivate.planning", "geoprivate.viz"),
    ),
    (
        "tools",
        "What a person runs",
        "The command line, the HTML report, the explorer.",
        ("geoprivate.report", "geoprivate.cli", "geoprivate.explore", "geoprivate"),
    ),
)


def _public_modules() -> list[str]:
    mods = []
    for top in ("geoprivate", "solvers"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            if any(p.startswith("_") for p in parts) or parts[-1] in ("__main__",):
                continue
            mods.append(".".join(parts))
    return mods


def _layer_of(module: str) -> str:
    """The API page of ``module``: the layer whose longest package prefix matches it."""
    best, page = -1, API_LAYERS[-1][0]
    for name, _, _, prefixes in API_LAYERS:
        for pre in prefixes:
            if (module == pre or module.startswith(pre + ".")) and len(pre) > best:
                best, page = len(pre), name
    return page


def _api_pages() -> dict[str, str]:
    """``{file name: text}``: the API index (a toctree of the layers) and one page per layer."""
    by_layer: dict[str, list[str]] = {name: [] for name, *_ in API_LAYERS}
    for m in _public_modules():
        by_layer[_layer_of(m)].append(m)
    pages = {}
    for name, title, what, _ in API_LAYERS:
        pages[f"api_{name}.md"] = (
            f"# {title}\n\n{what}\n\n```{{eval-rst}}\n.. autosummary::\n   :toctree: generated\n\n"
            + "".join(f"   {m}\n" for m in by_layer[name])
            + "```\n"
        )
    pages["api.md"] = (
        "# API reference\n\nEvery public module of the two packages, by layer (imports point downwards only: "
        "[DESIGN](../DESIGN.md)): `solvers` (exact oracles, no privacy) and `geoprivate` (concept classes, "
        "mechanisms, the papers' algorithms, claims, experiments, figures, CLI).\n\n"
        + "".join(f"* [{title}](api_{name}.md): {what}\n" for name, title, what, _ in API_LAYERS)
        + "\n```{toctree}\n:maxdepth: 1\n:hidden:\n\n"
        + "".join(f"api_{name}\n" for name, *_ in API_LAYERS)
        + "```\n"
    )
    return pages


# autosummary writes a stub per documented module but never removes one: a module that is gone (a
# renamed or removed API) would leave a stub that fails the -W build, so the stubs are written afresh
shutil.rmtree(AUTOGEN / "generated", ignore_errors=True)
AUTOGEN.mkdir(exist_ok=True)
_write("references.md", _references_page())
_write("quickstart.md", _quickstart_page())
_write("figures.md", _figures_page())
for _name, _text in _api_pages().items():
    _write(_name, _text)


# ---------------------------------------------------------------- docstrings: |X| is a cardinality
_CODE_SPAN = re.compile(r"(``.*?``|`[^`]*`)")


def _escape_bars(line: str) -> str:
    """Escape ``|`` outside code spans, so ``|X|`` (a cardinality) is text, not an RST substitution."""
    stripped = line.strip()
    if stripped.startswith(("+-", "+=")) or (stripped.startswith("| ") and stripped.endswith(" |")):
        return line  # a grid-table row
    parts = _CODE_SPAN.split(line)
    return "".join(p if i % 2 else re.sub(r"(?<!\\)\|", r"\\|", p) for i, p in enumerate(parts))


_TRAILING_UNDERSCORE = re.compile(r"(?<=[A-Za-z0-9])_(?=[\s+\-),.;:]|$)")


def _escape_text(line: str) -> str:
    """``|X|`` and ``pi_+`` are mathematics in these docstrings, not RST substitutions or references."""
    line = _escape_bars(line)
    parts = _CODE_SPAN.split(line)
    return "".join(p if i % 2 else _TRAILING_UNDERSCORE.sub(r"\\_", p) for i, p in enumerate(parts))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _process_docstring(app, what, name, obj, options, lines):
    """Escape prose lines; leave literal blocks (after ``::``) and doctest blocks (``>>>``) alone."""
    out, literal_base, in_doctest, after_colons = [], None, False, None
    for line in lines:
        blank = not line.strip()
        if literal_base is None and after_colons is not None and not blank:
            literal_base = after_colons if _indent(line) > after_colons else None
            after_colons = None
        if literal_base is not None and not blank and _indent(line) <= literal_base:
            literal_base = None
        if line.lstrip().startswith(">>>"):
            in_doctest = True
        elif blank:
            in_doctest = False
        keep = literal_base is not None or in_doctest
        out.append(line if keep else _escape_text(line))
        if not keep and line.rstrip().endswith("::"):
            after_colons = _indent(line)
    lines[:] = out


def _escaped_summaries() -> None:
    """Autosummary re-parses each summary line it extracts: keep its ``|`` escaped too."""
    from sphinx.ext import autosummary

    original = autosummary.extract_summary
    if getattr(original, "_escapes_bars", False):
        return

    def extract_summary(doc, document):
        return _escape_text(original(doc, document))

    extract_summary._escapes_bars = True  # type: ignore[attr-defined]
    autosummary.extract_summary = extract_summary


def setup(app):
    _escaped_summaries()
    app.connect("autodoc-process-docstring", _process_docstring)
