"""The test suite, one folder per package of the repository (``tests/solvers/`` for ``solvers``,
``tests/mechanisms/`` for ``geoprivate.mechanisms``, ...).

Every folder is a package (an ``__init__.py``), so two test files may share a basename in different
folders and the shared helpers import as ``tests.hang_guard``; pytest's default ``prepend`` import mode
puts the repository root on ``sys.path`` for that.
"""

from pathlib import Path

#: the repository root (the folder holding ``pyproject.toml``), wherever a test file sits below ``tests/``
ROOT = Path(__file__).resolve().parents[1]
