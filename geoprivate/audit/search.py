"""Search over adversaries, instances or parameters: hill climbing and random search.

A small generic optimiser shared by the auditors' adversary searches (e.g. the query-privacy
adversary of :mod:`geoprivate.everlasting.query_attack`) and the sweep targets of
:mod:`geoprivate.experiments.targets`.  It lives in the audit layer so that algorithms' packages
can search adversaries without importing the sweep machinery above them.
"""

from __future__ import annotations

__all__ = ["hill_climb"]


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
        The number of candidates evaluated after ``start``.
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
    """
    if method not in ("hill", "random"):
        raise ValueError(f"method must be 'hill' or 'random', got {method!r}")
    current, cur_val = start, objective(start)
    best, best_val, start_val = current, cur_val, cur_val
    for _ in range(iters):
        cand = draw(rng) if method == "random" else mutate(current, rng)
        val = objective(cand)
        if method == "hill" and val >= cur_val:
            current, cur_val = cand, val
        if val > best_val:
            best, best_val = cand, val
    return best, best_val, start_val
