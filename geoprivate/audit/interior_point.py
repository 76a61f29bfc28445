"""Exact whole-algorithm audit of RecPrefix-R, the interior point of :mod:`geoprivate.mechanisms.interior_point`.

The output law itself (:func:`~geoprivate.mechanisms.interior_point.interior_point_output_law`)
lives beside the mechanism, built from the same step functions the sampler runs; this
module compares it across every replacement neighbour ([Yan25] Definition 9) with the
hockey-stick divergence (:mod:`geoprivate.audit.divergence`).
"""

from __future__ import annotations

import itertools

from geoprivate.audit.divergence import delta_for_epsilon, epsilon_for_delta
from geoprivate.mechanisms.interior_point import _as_domain_size, _as_points, interior_point_output_law

__all__ = ["interior_point_exact_audit"]


def interior_point_exact_audit(values, domain_size, epsilon, delta, beta, **kwargs) -> dict:
    """Exact audit over every replacement neighbour of ``values`` ([Yan25] Definition 9).

    Computes :func:`~geoprivate.mechanisms.interior_point.interior_point_output_law` on
    ``values`` and on each dataset obtained by replacing one entry with another domain
    element, and returns the worst hockey-stick divergence ``delta_at_epsilon`` = max δ(ε)
    (both directions) at the nominal ε, the worst ``epsilon_at_delta`` (least ε' with
    δ(ε') <= δ), ``neighbours`` and ``p_fail`` (P(FAIL) on ``values``: near 1 means the
    audit has little power).  ``kwargs`` go to the output law (mode, n_base, k_scale, max_n).

    Parameters
    ----------
    values : sequence of int in [0, domain_size)
    domain_size : int
        Small (every neighbour replaces one entry by each domain element).
    epsilon, delta, beta : float
        As for :func:`~geoprivate.mechanisms.interior_point.interior_point`.
    **kwargs
        Passed to the output law: ``mode``, ``n_base``, ``k_scale``, ``max_n``.

    Returns
    -------
    dict
        ``delta_at_epsilon``, ``epsilon_at_delta``, ``neighbours``, ``p_fail``.
    """
    pts = _as_points(values, _as_domain_size(domain_size))
    p = interior_point_output_law(pts, domain_size, epsilon, delta, beta, **kwargs)
    worst_d, worst_e, count = 0.0, 0.0, 0
    for i, new in itertools.product(range(len(pts)), range(domain_size)):
        if new == pts[i]:
            continue
        nb = list(pts)
        nb[i] = new
        q = interior_point_output_law(nb, domain_size, epsilon, delta, beta, **kwargs)
        keys = list(set(p) | set(q))
        pa, qa = [p.get(k, 0.0) for k in keys], [q.get(k, 0.0) for k in keys]
        worst_d = max(worst_d, delta_for_epsilon(pa, qa, epsilon))
        worst_e = max(worst_e, epsilon_for_delta(pa, qa, delta))
        count += 1
    return dict(delta_at_epsilon=worst_d, epsilon_at_delta=worst_e, neighbours=count, p_fail=p.get(None, 0.0))
