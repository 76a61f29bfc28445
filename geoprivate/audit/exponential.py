"""Exact audit of the exponential mechanism (McSherry–Talwar 2007 [MT07]; [Yan25] Theorem 8)."""

from __future__ import annotations

import functools
import math
from typing import Annotated

import numpy as np

from geoprivate._validation import Epsilon, Joint, Sensitivity, checked
from geoprivate.audit.exact import exact_audit
from geoprivate.mechanisms.exponential import Scores, exponential_mechanism_log_probabilities

__all__ = ["exponential_mechanism_audit"]

#: the smallest log-probability whose exp is a normal float (below it a float law loses relative accuracy)
_LOG_TINY = math.log(np.finfo(np.float64).tiny)


@checked
def exponential_mechanism_audit(
    scores: Scores,
    scores_prime: Annotated[Scores, Joint("the shape of scores")],
    epsilon: Epsilon,
    sensitivity: Sensitivity = 1.0,
) -> dict:
    """Exact audit of the exponential mechanism on two score vectors, by :func:`~geoprivate.audit.exact_audit`.

    The two output laws (P(o) ∝ exp(ε s_o / (2Δ)), from the log-probabilities of
    :func:`~geoprivate.mechanisms.exponential.exponential_mechanism_log_probabilities`) are
    audited over the one pair (S, S') at the float ``epsilon`` and δ = 0: the exact pure-DP
    loss ``epsilon_exact`` = max_o |ln p(o) − ln q(o)| is exact_audit's ε at δ = 0, and
    ``violated`` its verdict of the claim ε-DP.  The laws are not rational (e^(ε s/(2Δ))), so
    this is a floating-point audit (relative error ~1e-15 on ``epsilon_exact``); a law with a
    probability below the smallest normal float (~2.2e-308: scores spread over more than
    ~1416 Δ/ε) is refused, since its ratios could not be represented.

    Parameters
    ----------
    scores, scores_prime : array_like of float
        The scores of every outcome on S and on S'.
    epsilon : float
        The mechanism's ε (weights exp(ε s / (2 Δ))).
    sensitivity : float, default 1.0
        The score's sensitivity Δ.

    Returns
    -------
    dict
        ``p``, ``q`` (the laws, arrays), ``epsilon_exact``, ``delta_at_epsilon`` (δ(ε) of the
        pair: 0 when ε-DP holds on it), ``violated``, ``max_score_change`` (the largest
        |s − s'|) and the nominal ``epsilon``.

    Examples
    --------
    >>> r = exponential_mechanism_audit([0.0, 1.0], [1.0, 0.0], 1.0)  # loss ε/2: both scores move
    >>> round(r["epsilon_exact"], 6), r["violated"]
    (0.5, False)
    >>> r = exponential_mechanism_audit([0.0, 3.0], [3.0, 0.0], 1.0)  # scores moved by 3 > Δ = 1
    >>> round(r["epsilon_exact"], 6), r["violated"]
    (1.5, True)
    """
    s = np.asarray(scores, dtype=np.float64)
    t = np.asarray(scores_prime, dtype=np.float64)
    if s.shape != t.shape:
        raise ValueError(f"scores and scores_prime must have the same shape, got {s.shape} and {t.shape}")

    @functools.cache
    def law(dataset: tuple) -> dict:
        lp = exponential_mechanism_log_probabilities(np.asarray(dataset, dtype=np.float64), epsilon, sensitivity)
        if lp.min() < _LOG_TINY:
            raise ValueError(
                f"scores: an outcome has probability e^{lp.min():.4g}, below the smallest normal float; "
                "the float law cannot carry its ratios (rescale the scores or epsilon)"
            )
        return dict(enumerate(np.exp(lp).tolist()))

    pair = (tuple(s.tolist()), tuple(t.tolist()))
    res = exact_audit(law, [pair], epsilon, 0.0)
    return {
        "p": np.array(list(law(pair[0]).values())),
        "q": np.array(list(law(pair[1]).values())),
        "epsilon_exact": res.epsilon_at_delta,
        "delta_at_epsilon": res.delta_at_epsilon,
        "violated": res.violated,
        "max_score_change": float(np.max(np.abs(s - t))),
        "epsilon": float(epsilon),
    }
