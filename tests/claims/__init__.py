"""Tests of geoprivate.claims: the registry, the catalogue and the claims of each paper."""
