"""Privacy accounting: guarantees as values, composition, a ledger, and the privacy warnings.

* :mod:`geoprivate.privacy.accounting` — :class:`Guarantee`, :class:`PrivacyLedger`,
  basic and advanced composition ([Yan26] Theorem 3), [NNSY23] Observation 2 and
  Claim 2.7.
* :mod:`geoprivate.privacy.warnings` — :class:`PrivacyWarning` (outside a privacy theorem)
  and :class:`UtilityWarning` (below a sample bound).

Auditing lives one layer up, in :mod:`geoprivate.audit` (nothing here imports it).
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
