"""Tests of geoprivate.adversaries."""
