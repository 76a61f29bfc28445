"""Tests of geoprivate.concepts."""
