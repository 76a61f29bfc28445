"""Tests of geoprivate.everlasting ([NNSY23])."""
