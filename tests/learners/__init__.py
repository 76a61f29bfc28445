"""Tests of geoprivate.learners."""
