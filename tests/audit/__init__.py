"""Tests of geoprivate.audit."""
