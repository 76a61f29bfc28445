"""The same sweep on a Dask LocalCluster and on local processes: identical stored rows."""

from __future__ import annotations

import pytest

from geoprivate.experiments import records, run_sweep, write_spec

pytest.importorskip("distributed")


def _comparable(db):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records(db)]


def test_dask_localcluster_gives_the_rows_of_the_local_backend(tmp_path):
    spec = write_spec(
        tmp_path / "spec.toml",
        name="tops",
        target="geoprivate.experiments.targets:predictor_tops",
        seeds=2,
        grid={"T": [40], "k": [8, 12], "epsilon": [1.0]},
    )
    local, dask = tmp_path / "local.sqlite", tmp_path / "dask.sqlite"
    run_sweep(spec, local)
    rep = run_sweep(spec, dask, backend="dask", workers=2)
    assert (rep.backend, rep.done, rep.failed) == ("dask", 4, 0)
    assert _comparable(local) == _comparable(dask)
    assert all(isinstance(r["tops"], int) and r["segments"] == r["tops"] + 1 for r in records(dask))


def test_dask_scheduler_address_and_resume(tmp_path):
    """--scheduler ADDR: connect to a running cluster; a resumed sweep on Dask equals a local one."""
    from distributed import LocalCluster

    spec = write_spec(
        tmp_path / "spec.toml",
        name="triv",
        target="geoprivate.experiments.targets:trivial",
        seeds=7,
        grid={"x": [1, 2, 3]},
    )
    local, dask = tmp_path / "local.sqlite", tmp_path / "dask.sqlite"
    run_sweep(spec, local, workers=2)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        run_sweep(spec, dask, max_trials=8)  # start locally, finish on the cluster
        rep = run_sweep(spec, dask, backend="dask", scheduler=cluster.scheduler_address)
    assert (rep.skipped, rep.ran) == (8, 13)
    assert _comparable(local) == _comparable(dask)
