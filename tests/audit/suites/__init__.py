"""Tests of geoprivate.audit.suites, and digests that pin exact laws to reference values."""

from __future__ import annotations

import hashlib


def law_digest(law: dict) -> str:
    """A digest of an exact law (keys and Fractions), independent of the dict's order."""
    return hashlib.sha256(repr(sorted((repr(k), v) for k, v in law.items())).encode()).hexdigest()[:16]


def grid_digest(laws) -> str:
    """A digest of a sequence of exact laws."""
    h = hashlib.sha256()
    for law in laws:
        h.update(law_digest(law).encode())
    return h.hexdigest()[:32]
