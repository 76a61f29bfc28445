"""The house rules, checked over the whole repository: layers, citations, docstrings, no timing asserts;
and the habits stage (ruff, mypy, the citation file), marked ``habits``."""
