"""Tests of the exact solvers (the ``solvers`` package)."""
