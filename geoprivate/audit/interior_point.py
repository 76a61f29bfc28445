"""Exact whole-algorithm audit of RecPrefix-R, the interior point of :mod:`geoprivate.mechanisms.interior_point`.

The output law itself (:func:`~geoprivate.mechanisms.interior_point.interior_point_output_law`)
lives beside the mechanism, built from the same step functions the sampler runs; this
module audits it by :func:`~geoprivate.audit.exact_audit` over every replacement neighbour
([Yan25] Definition 9).
"""

from __future__ import annotations

import functools
import itertools
from typing import Annotated, Any

from geoprivate._validation import Delta, Epsilon, Interval, Joint, Probability, checked
from geoprivate.audit.exact import exact_audit
from geoprivate.mechanisms.interior_point import _as_domain_size, _as_points, interior_point_output_law

__all__ = ["interior_point_exact_audit", "MAX_NEIGHBOURS"]

#: the most replacement neighbours audited (each one an output law): checked before the first law
MAX_NEIGHBOURS = 10**4


@checked
def interior_point_exact_audit(
    values: Annotated[Any, Joint("integers in [0, domain_size) (_as_points)", kind="array")],
    domain_size: Annotated[int, Interval(ge=2), Joint("len(values) * (domain_size - 1) <= MAX_NEIGHBOURS")],
    epsilon: Epsilon,
    delta: Delta,
    beta: Probability,
    **kwargs: Any,
) -> dict:
    """Exact audit over every replacement neighbour of ``values`` ([Yan25] Definition 9).

    The pairs (``values``, values with one entry replaced by another domain element) are
    audited by :func:`~geoprivate.audit.exact_audit` on
    :func:`~geoprivate.mechanisms.interior_point.interior_point_output_law` (each dataset's
    law computed once) at the mechanism's float ``epsilon`` and ``delta``.  The laws are
    floating-point sums of closed forms, so this is a floating-point audit.
    ``kwargs`` go to the output law (mode, n_base, k_scale, max_n).

    Parameters
    ----------
    values : sequence of int in [0, domain_size)
    domain_size : int
        >= 2 and small: every neighbour replaces one entry by each other domain element, and the
        ``len(values) * (domain_size - 1)`` neighbours are at most :data:`MAX_NEIGHBOURS`.
    epsilon, delta, beta : float
        As for :func:`~geoprivate.mechanisms.interior_point.interior_point`.
    **kwargs
        Passed to the output law: ``mode``, ``n_base``, ``k_scale``, ``max_n``.

    Returns
    -------
    dict
        ``delta_at_epsilon`` (the worst δ(ε) over the neighbours, both directions),
        ``epsilon_at_delta`` (exact_audit's ε at δ over the pairs examined), ``violated``
        (δ(ε) > δ), ``worst_neighbour`` (the neighbour of the worst pair, a list),
        ``neighbours`` (the number of pairs) and ``p_fail`` (P(FAIL) on ``values``: near 1
        means the audit has little power).
    """
    pts = _as_points(values, _as_domain_size(domain_size))
    if len(pts) * (domain_size - 1) > MAX_NEIGHBOURS:
        raise ValueError(
            f"domain_size={domain_size} gives len(values) * (domain_size - 1) = {len(pts) * (domain_size - 1)}"
            f" replacement neighbours, above MAX_NEIGHBOURS = {MAX_NEIGHBOURS} (each one an output law)"
        )

    @functools.cache
    def law(dataset: tuple) -> dict:
        return interior_point_output_law(list(dataset), domain_size, epsilon, delta, beta, **kwargs)

    base = tuple(pts)
    pairs = [
        (base, base[:i] + (new,) + base[i + 1 :])
        for i, new in itertools.product(range(len(pts)), range(domain_size))
        if new != pts[i]
    ]
    res = exact_audit(law, pairs, epsilon, delta)
    return dict(
        delta_at_epsilon=res.delta_at_epsilon,
        epsilon_at_delta=res.epsilon_at_delta,
        violated=res.violated,
        worst_neighbour=list(res.pair[1]),
        neighbours=len(pairs),
        p_fail=law(base).get(None, 0.0),
    )
