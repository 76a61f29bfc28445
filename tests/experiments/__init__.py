"""Tests of geoprivate.experiments: specs, the sweep store, resume, Dask."""
