"""Tests of geoprivate.privacy."""
