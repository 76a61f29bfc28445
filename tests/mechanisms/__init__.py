"""Tests of geoprivate.mechanisms."""
