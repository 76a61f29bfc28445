"""Tests of geoprivate.viz."""
