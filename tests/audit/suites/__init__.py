"""Tests of geoprivate.audit.suites."""
