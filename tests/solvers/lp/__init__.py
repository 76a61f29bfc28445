"""Tests of solvers.lp."""
