"""Privacy accounting: guarantees as values, composition, a ledger, and the privacy warnings.

* :mod:`geoprivate.privacy.accounting` — :class:`Guarantee`, :class:`PrivacyLedger`,
  basic and advanced composition ([Yan26] Theorem 3), [NNSY23] Observation 2 and
  Claim 2.7.
* :mod:`geoprivate.privacy.tight` — the tight accountant: the optimal composition of the same
  (ε, δ) components ([KOV15], [MV16]) by ``dp-accounting``'s privacy loss distributions (an
  optional extra); :data:`ACCOUNTANTS` names the two accountants a guarantee can come from.
* :mod:`geoprivate.privacy.warnings` — :class:`PrivacyWarning` (outside a privacy theorem)
  and :class:`UtilityWarning` (below a sample bound).

Auditing lives one layer up, in :mod:`geoprivate.audit` (nothing here imports it).
"""

from geoprivate.privacy.accounting import (
    ACCOUNTANTS,
    VACUOUS,
    Guarantee,
    LedgerEntry,
    PrivacyLedger,
    advanced_composition,
    basic_composition,
    c_tops_composition,
    check_accountant,
    subsampling_amplification,
)
from geoprivate.privacy.tight import tight_composition, tight_step_epsilon

__all__ = [
    "ACCOUNTANTS",
    "check_accountant",
    "tight_composition",
    "tight_step_epsilon",
    "Guarantee",
    "LedgerEntry",
    "PrivacyLedger",
    "VACUOUS",
    "basic_composition",
    "advanced_composition",
    "c_tops_composition",
    "subsampling_amplification",
]
