"""Trial seeds: a function of (sweep name, grid point, trial index) only.

Never of the worker, the backend or the order in which trials run, so the same spec gives
the same numbers on 1 or 16 workers, locally or on Dask, interrupted or not.

The key is hashed (SHA-256 of the canonical JSON of ``[name, point]``) into the entropy of a
:class:`numpy.random.SeedSequence` whose ``spawn_key`` is ``(trial,)``; the stored seed is a
63-bit integer drawn from that sequence, so ``numpy.random.default_rng(seed)`` alone
reproduces a trial (that is what ``geoprivate sweep replay`` does).
"""

from __future__ import annotations

import hashlib

import numpy as np

from geoprivate._validation import NonNegInt, checked
from geoprivate.experiments.spec import canonical_json

__all__ = ["trial_seed", "trial_rng"]


@checked
def trial_seed(name: str, point: dict, trial: NonNegInt) -> int:
    """The seed (0 <= seed < 2**63) of trial ``trial`` at grid point ``point`` of sweep ``name``.

    >>> trial_seed("demo", {"T": 10}, 0) == trial_seed("demo", {"T": 10}, 0)
    True
    >>> trial_seed("demo", {"T": 10}, 0) != trial_seed("demo", {"T": 10}, 1)
    True
    """
    digest = hashlib.sha256(canonical_json([str(name), point]).encode()).digest()
    entropy = int.from_bytes(digest, "little")
    ss = np.random.SeedSequence(entropy, spawn_key=(int(trial),))
    return int(ss.generate_state(1, np.uint64)[0] >> np.uint64(1))


@checked
def trial_rng(name: str, point: dict, trial: NonNegInt) -> np.random.Generator:
    """``numpy.random.default_rng(trial_seed(name, point, trial))``."""
    return np.random.default_rng(trial_seed(name, point, trial))
