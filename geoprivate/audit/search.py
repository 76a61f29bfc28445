"""Search over adversaries, instances or parameters: hill climbing and random search.

A small generic optimiser shared by the auditors' adversary searches (e.g. the query-privacy
adversary of :mod:`geoprivate.everlasting.query_attack`) and the sweep targets of
:mod:`geoprivate.experiments.targets`.  It lives in the audit layer so that algorithms' packages
can search adversaries without importing the sweep machinery above them.
"""

from __future__ import annotations

import math

from geoprivate._validation import check_int_in_range

__all__ = ["MAX_ITERS", "hill_climb"]

#: the largest ``iters`` :func:`hill_climb` accepts (checked before the first evaluation)
MAX_ITERS = 10**7


def _value(objective, candidate) -> float:
    """``objective(candidate)`` as a float; a NaN (or non-real) value is an error, never a frozen search."""
    v = objective(candidate)
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise TypeError(f"objective must return a real number, got {type(v).__name__}") from None
    if math.isnan(f):
        raise ValueError(f"objective returned NaN for the candidate {candidate!r}: the search cannot compare it")
    return f


def hill_climb(objective, start, draw, mutate, iters: int, method: str, rng):
    """Maximise ``objective`` by hill climbing (``method="hill"``) or random search (``"random"``).

    Hill climbing moves to ``mutate(current, rng)`` whenever it does not lower the objective;
    random search evaluates ``draw(rng)`` afresh each time.  ``iters`` candidates after the
    start.  Returns ``(best, best_value, start_value)``.

    Parameters
    ----------
    objective : callable
        candidate -> float, to maximise.
    start : object
        The first candidate.
    draw : callable
        rng -> a fresh candidate (random search).
    mutate : callable
        (candidate, rng) -> a neighbouring candidate (hill climbing).
    iters : int
        The number of candidates evaluated after ``start``, in [0, :data:`MAX_ITERS`].
    method : {"hill", "random"}
        The search strategy.
    rng : numpy.random.Generator
        The random source.

    Returns
    -------
    best : object
        The best candidate found.
    best_value, start_value : float
        Its objective and the start's.

    Raises
    ------
    ValueError
        ``iters`` outside [0, MAX_ITERS]; the objective returns NaN.
    """
    if method not in ("hill", "random"):
        raise ValueError(f"method must be 'hill' or 'random', got {method!r}")
    iters = check_int_in_range(iters, "iters", 0, MAX_ITERS)
    current, cur_val = start, _value(objective, start)
    best, best_val, start_val = current, cur_val, cur_val
    for _ in range(iters):
        cand = draw(rng) if method == "random" else mutate(current, rng)
        val = _value(objective, cand)
        if method == "hill" and val >= cur_val:
            current, cur_val = cand, val
        if val > best_val:
            best, best_val = cand, val
    return best, best_val, start_val
