"""Tests of geoprivate.prediction ([Yan26])."""
