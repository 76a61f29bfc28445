"""Deprecated alias of :mod:`geoprivate.audit.controls` (kept for one release)."""

import warnings

from geoprivate.audit.controls import *  # noqa: F401,F403  (the deprecated alias re-exports every name)
from geoprivate.audit.controls import __all__  # noqa: F401

warnings.warn(
    "geoprivate.privacy.controls is deprecated; import from geoprivate.audit.controls", DeprecationWarning, stacklevel=2
)
