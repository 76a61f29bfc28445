"""Tests of geoprivate.explore: the explorer pages."""
