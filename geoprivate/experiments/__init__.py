"""Reproducible, resumable sweeps: a target, a parameter grid, seeded trials, one SQLite file.

A sweep runs ``target(params, rng) -> dict of JSON scalars`` ``seeds`` times at every point
of a parameter grid.  Each trial's seed is a function of (sweep name, grid point, trial
index) only (:func:`trial_seed`), so results do not depend on the worker count, the backend
or interruptions.  Every finished trial is committed to an SQLite store in WAL mode
(:class:`Store`) by the coordinating process; a re-run skips the trials done and retries
the failed ones.  Backends: local processes (``concurrent.futures``) and Dask distributed
(optional, imported lazily).

* :mod:`~geoprivate.experiments.spec` — TOML specs (:func:`load_spec`, :class:`SweepSpec`, :class:`SpecError`).
* :mod:`~geoprivate.experiments.seeding` — :func:`trial_seed`, :func:`trial_rng`.
* :mod:`~geoprivate.experiments.store` — :class:`Store`.
* :mod:`~geoprivate.experiments.runner` — :func:`run_sweep`, :func:`run_trial`.
* :mod:`~geoprivate.experiments.export` — :func:`to_csv`, :func:`to_dataframe`, :func:`records`.
* :mod:`~geoprivate.experiments.targets` — ready stress tests (GenericPredictor TOP counts,
  adversary search, statistical audits over a grid).

The ``geoprivate sweep`` command (:mod:`geoprivate.cli.sweep`) drives all of this.
"""

from geoprivate.experiments.export import records, to_csv, to_dataframe
from geoprivate.experiments.runner import BACKENDS, SweepReport, check_result, run_sweep, run_trial
from geoprivate.experiments.seeding import trial_rng, trial_seed
from geoprivate.experiments.spec import SpecError, SweepSpec, load_spec, parse_spec, resolve_target, write_spec
from geoprivate.experiments.store import Store, StoreError

__all__ = [
    "SweepSpec",
    "SpecError",
    "load_spec",
    "parse_spec",
    "resolve_target",
    "write_spec",
    "trial_seed",
    "trial_rng",
    "Store",
    "StoreError",
    "run_sweep",
    "run_trial",
    "check_result",
    "SweepReport",
    "BACKENDS",
    "records",
    "to_csv",
    "to_dataframe",
]
