"""The examples in the docstrings run as written: every module of the two packages that has one."""

import doctest
import importlib
import importlib.util

import pytest

from tests import ROOT


def _modules_with_examples():
    names = []
    for top in ("geoprivate", "solvers"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if ">>>" not in path.read_text(encoding="utf-8"):
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join(parts))
    return names


MODULES = _modules_with_examples()


def test_the_foundation_modules_are_among_them():
    assert {"solvers.combinatorics", "geoprivate.concepts.finite"} <= set(MODULES)


#: modules whose examples need an optional extra: (module, the package it needs)
NEEDS_EXTRA = {"geoprivate.privacy.tight": "dp_accounting"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    if name in NEEDS_EXTRA and importlib.util.find_spec(NEEDS_EXTRA[name]) is None:
        pytest.skip(f"{name}'s examples need {NEEDS_EXTRA[name]} (an optional extra)")
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
