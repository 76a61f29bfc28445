"""A watchdog for tests of a refusal that must come before an enumeration that would never end.

No test asserts on a duration, a rate or a ratio of times (issue #30): such a test fails on a slow or
loaded machine.  A test that guards against a *hang* (12! orders enumerated, 6e6 trials listed) instead
runs the block under :func:`hang_guard`, whose limit is far above any machine's time for the work the
block should do and far below the hours the hang would take: it can only fire on a run that never ends.
"""

from __future__ import annotations

import contextlib
import signal
import threading

import pytest


class Hang(AssertionError):
    """A block under :func:`hang_guard` ran past its watchdog."""


@contextlib.contextmanager
def hang_guard(seconds: float = 120.0):
    """Interrupt the block with :class:`Hang` after ``seconds`` (``SIGALRM``; unguarded where unavailable).

    Parameters
    ----------
    seconds : float, default 120
        The watchdog: generous, a hang guard and not a timing.

    Yields
    ------
    None
    """
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _fire(signum, frame):
        raise Hang(f"did not finish within the {seconds:.0f} s hang guard")

    previous = signal.signal(signal.SIGALRM, _fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def refused_before_work(fn, match: str = "max_work|max_states", seconds: float = 60.0) -> str:
    """Call ``fn`` and return the message of the ``ValueError`` it must raise before enumerating anything.

    The refusal runs under :func:`hang_guard` (a hang guard, not a timing: no test asserts on time).

    Parameters
    ----------
    fn : callable
        Called with no arguments; must raise ``ValueError`` matching ``match``.
    match : str
        Regular expression the message must match (the budget parameter it names).
    seconds : float, default 60
        The watchdog.

    Returns
    -------
    str
        The error message.
    """
    with hang_guard(seconds), pytest.raises(ValueError, match=match) as exc:
        fn()
    return str(exc.value)
