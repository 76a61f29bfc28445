"""Warnings for runs outside a theorem's hypotheses.

A mechanism or algorithm whose parameters void its stated privacy guarantee calls
:func:`warn_outside_theorem`: by default it emits a :class:`PrivacyWarning` (a
``UserWarning``, filterable with :mod:`warnings`), and with ``strict=True`` it raises
:class:`PrivacyParameterError` (a ``ValueError``) instead.  Its ``guarantee()`` must then
say so too (``applies=False``): the warning is never the only record.
"""

from __future__ import annotations

import warnings

__all__ = ["PrivacyWarning", "PrivacyParameterError", "warn_outside_theorem"]


class PrivacyWarning(UserWarning):
    """Parameters outside the hypotheses of the theorem that gives the privacy guarantee."""


class PrivacyParameterError(ValueError):
    """Raised instead of :class:`PrivacyWarning` when ``strict=True``."""


def warn_outside_theorem(message: str, *, strict: bool = False, stacklevel: int = 3) -> None:
    """Warn (``PrivacyWarning``) or, if ``strict``, raise ``PrivacyParameterError``."""
    if strict:
        raise PrivacyParameterError(message)
    warnings.warn(message, PrivacyWarning, stacklevel=stacklevel)
