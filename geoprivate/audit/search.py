"""Search over adversaries, instances or parameters: hill climbing and random search.

A small generic optimiser shared by the auditors' adversary searches (e.g. the query-privacy
adversary of :mod:`geoprivate.everlasting.query_attack`) and the sweep targets of
:mod:`geoprivate.experiments.targets`.  It lives in the audit layer so that algorithms' packages
can search adversaries without importing the sweep machinery above them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Annotated, Any, Literal

from geoprivate._validation import Interval, Joint, Rng, as_rng, checked, shown

__all__ = ["MAX_ITERS", "hill_climb"]

#: the largest ``iters`` :func:`hill_climb` accepts (checked before the first evaluation)
MAX_ITERS = 10**7


def _value(objective, candidate) -> float:
    """``objective(candidate)`` as a float; a NaN (or non-real) value is an error, never a frozen search."""
    try:
        v = objective(candidate)
    except (TypeError, ValueError, ArithmeticError) as exc:  # the objective's refusal of a candidate, named
        kind = TypeError if isinstance(exc, TypeError) else ValueError
        raise kind(f"objective failed on the candidate {shown(candidate)}: {type(exc).__name__}: {exc}"[:300]) from None
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise TypeError(f"objective must return a real number, got {type(v).__name__}") from None
    except OverflowError:
        raise ValueError(
            f"objective returned a number beyond the floats for the candidate {shown(candidate)}"
        ) from None
    if math.isnan(f):
        raise ValueError(f"objective returned NaN for the candidate {candidate!r}: the search cannot compare it")
    return f


@checked
def hill_climb(
    objective: Callable,
    start: Annotated[Any, Joint("a candidate: what objective, draw and mutate take", kind="object")],
    draw: Callable | None,
    mutate: Callable | None,
    iters: Annotated[int, Interval(ge=0, le=MAX_ITERS)],
    method: Literal["hill", "random"],
    rng: Rng,
):
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
    draw : callable or None
        rng -> a fresh candidate (random search; unused, and may be None, for hill climbing).
    mutate : callable or None
        (candidate, rng) -> a neighbouring candidate (hill climbing; unused, and may be None, for
        random search).
    iters : int
        The number of candidates evaluated after ``start``, in [0, :data:`MAX_ITERS`].
    method : {"hill", "random"}
        The search strategy.
    rng : numpy.random.Generator, int or None
        The random source (SPEC 7: a Generator is used as is).

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
    random = method == "random"
    step = draw if random else mutate  # rng -> a fresh candidate, or (candidate, rng) -> a neighbour
    if step is None:
        raise TypeError(f"{'draw' if random else 'mutate'} must be callable for method={method!r}, got None")
    rng = as_rng(rng)
    current, cur_val = start, _value(objective, start)
    best, best_val, start_val = current, cur_val, cur_val
    for _ in range(iters):
        cand = step(rng) if random else step(current, rng)
        val = _value(objective, cand)
        if method == "hill" and val >= cur_val:
            current, cur_val = cand, val
        if val > best_val:
            best, best_val = cand, val
    return best, best_val, start_val
