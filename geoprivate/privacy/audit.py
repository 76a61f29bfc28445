"""Deprecated alias of :mod:`geoprivate.audit` (kept for one release).

Auditing moved above the mechanisms it audits: import from :mod:`geoprivate.audit`
(generic testers in :mod:`geoprivate.audit.divergence` and
:mod:`geoprivate.audit.statistical`, each mechanism's exact law in its own module).
"""

import warnings

from geoprivate.audit import *  # noqa: F401,F403  (the deprecated alias re-exports every name)
from geoprivate.audit import __all__  # noqa: F401

warnings.warn("geoprivate.privacy.audit is deprecated; import from geoprivate.audit", DeprecationWarning, stacklevel=2)
