"""The house rules, checked over the whole repository: layers, citations by key, docstring sections, no
timing asserts; and the habits (ruff, mypy, the citation file), marked ``habits``."""
