"""The examples in the docstrings of the foundation modules run as written."""

import doctest
import importlib

import pytest

MODULES = [
    "solvers.combinatorics",
    "geoprivate.concepts.finite",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
