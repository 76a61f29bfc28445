"""Deprecated alias of :mod:`geoprivate.audit` (kept for one release).

Auditing moved above the mechanisms it audits: import from :mod:`geoprivate.audit`
(generic testers in :mod:`geoprivate.audit.divergence` and
:mod:`geoprivate.audit.statistical`, each mechanism's exact law in its own module).
"""

import warnings

from geoprivate.audit import (  # noqa: F401  (re-exported names)
    AuditResult,
    between_thresholds_audit,
    between_thresholds_output_law,
    between_thresholds_repeated_audit,
    between_thresholds_repeated_law,
    between_thresholds_transcripts,
    clopper_pearson,
    delta_for_epsilon,
    epsilon_for_delta,
    exponential_mechanism_audit,
    hockey_stick,
    statistical_epsilon_lower_bound,
    svt_no_query_noise_output_law,
)

__all__ = [
    "hockey_stick",
    "delta_for_epsilon",
    "epsilon_for_delta",
    "exponential_mechanism_audit",
    "between_thresholds_transcripts",
    "between_thresholds_output_law",
    "between_thresholds_audit",
    "between_thresholds_repeated_law",
    "between_thresholds_repeated_audit",
    "svt_no_query_noise_output_law",
    "clopper_pearson",
    "AuditResult",
    "statistical_epsilon_lower_bound",
]

warnings.warn("geoprivate.privacy.audit is deprecated; import from geoprivate.audit", DeprecationWarning,
              stacklevel=2)
