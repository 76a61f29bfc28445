"""Tests of geoprivate.report."""
