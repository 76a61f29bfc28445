"""Warnings for runs outside a theorem's hypotheses.

A mechanism or algorithm whose parameters void its stated privacy guarantee calls
:func:`warn_outside_theorem`: by default it emits a :class:`PrivacyWarning` (a
``UserWarning``, filterable with :mod:`warnings`), and with ``strict=True`` it raises
:class:`PrivacyParameterError` (a ``ValueError``) instead.  Its ``guarantee()`` must then
say so too (``applies=False``): the warning is never the only record.
"""

from __future__ import annotations

import warnings

__all__ = [
    "PrivacyWarning",
    "PrivacyParameterError",
    "warn_outside_theorem",
    "UtilityWarning",
    "warn_below_sample_bound",
]


class PrivacyWarning(UserWarning):
    """Parameters outside the hypotheses of the theorem that gives the privacy guarantee."""


class UtilityWarning(UserWarning):
    """Fewer examples (or other parameters) than the accuracy theorem needs.

    Distinct from :class:`PrivacyWarning`: a run below its own sample bound may still be
    private; it is only its accuracy that is no longer proved (``utility_proved=False``).
    """


class PrivacyParameterError(ValueError):
    """Raised instead of :class:`PrivacyWarning` when ``strict=True``."""


def warn_outside_theorem(message: str, *, strict: bool = False, stacklevel: int = 3) -> None:
    """Warn (``PrivacyWarning``) or, if ``strict``, raise ``PrivacyParameterError``.

    Parameters
    ----------
    message : str
        What lies outside which theorem (one line).
    strict : bool, default False
        Raise ``PrivacyParameterError`` instead of warning.
    stacklevel : int, default 3
        Passed to :func:`warnings.warn`.
    """
    if strict:
        raise PrivacyParameterError(message)
    warnings.warn(message, PrivacyWarning, stacklevel=stacklevel)


def warn_below_sample_bound(message: str, *, stacklevel: int = 3) -> None:
    """Emit a :class:`UtilityWarning`: the run's accuracy is not proved (privacy may still be).

    Parameters
    ----------
    message : str
        Which bound, its value and the value used.
    stacklevel : int
        Passed to :func:`warnings.warn`.
    """
    warnings.warn(message, UtilityWarning, stacklevel=stacklevel)
