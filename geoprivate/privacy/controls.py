"""Deprecated alias of :mod:`geoprivate.audit.controls` (kept for one release)."""

import warnings

from geoprivate.audit.controls import (  # noqa: F401  (re-exported names)
    svt_no_query_noise,
    svt_no_query_noise_batch,
    svt_output_noisy_value,
    svt_output_noisy_value_batch,
)

__all__ = ["svt_no_query_noise", "svt_no_query_noise_batch", "svt_output_noisy_value", "svt_output_noisy_value_batch"]

warnings.warn("geoprivate.privacy.controls is deprecated; import from geoprivate.audit.controls",
              DeprecationWarning, stacklevel=2)
