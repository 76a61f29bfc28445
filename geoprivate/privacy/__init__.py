"""Privacy accounting: guarantees as values, composition, a ledger, and auditing.

* :mod:`geoprivate.privacy.accounting` — :class:`Guarantee`, :class:`PrivacyLedger`,
  basic and advanced composition (seed 001 Theorem 3), seed 002 Observation 2 and
  Claim 2.7.
* :mod:`geoprivate.privacy.audit` — exact and statistical privacy auditors (imported
  on demand: ``from geoprivate.privacy import audit``).
* :mod:`geoprivate.privacy.controls` — known-broken sparse-vector variants (Lyu, Su,
  Li 2017) used as positive controls for the auditors.
"""

from geoprivate.privacy.accounting import (
    VACUOUS,
    Guarantee,
    LedgerEntry,
    PrivacyLedger,
    advanced_composition,
    basic_composition,
    c_tops_composition,
    subsampling_amplification,
)

__all__ = [
    "Guarantee",
    "LedgerEntry",
    "PrivacyLedger",
    "VACUOUS",
    "basic_composition",
    "advanced_composition",
    "c_tops_composition",
    "subsampling_amplification",
]
