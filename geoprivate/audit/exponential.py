"""Exact audit of the exponential mechanism (McSherry–Talwar 2007; [Yan25] Theorem 8)."""

from __future__ import annotations

import numpy as np

from geoprivate.mechanisms.exponential import exponential_mechanism_log_probabilities

__all__ = ["exponential_mechanism_audit"]


def exponential_mechanism_audit(scores, scores_prime, epsilon, sensitivity=1.0) -> dict:
    """Exact audit of the exponential mechanism on two score vectors.

    Returns a dict with the two laws (``p``, ``q``), the exact pure-DP loss
    ``epsilon_exact = max_o |ln p(o) - ln q(o)|`` (computed in log space: no underflow),
    ``max_score_change`` (the largest |s - s'|), and the nominal ``epsilon``.

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
        ``p``, ``q``, ``epsilon_exact``, ``max_score_change`` and ``epsilon``.
    """
    s = np.asarray(scores, dtype=np.float64)
    t = np.asarray(scores_prime, dtype=np.float64)
    if s.shape != t.shape:
        raise ValueError(f"scores and scores_prime must have the same shape, got {s.shape} and {t.shape}")
    lp = exponential_mechanism_log_probabilities(s, epsilon, sensitivity)
    lq = exponential_mechanism_log_probabilities(t, epsilon, sensitivity)
    return {
        "p": np.exp(lp),
        "q": np.exp(lq),
        "epsilon_exact": float(np.max(np.abs(lp - lq))),
        "max_score_change": float(np.max(np.abs(s - t))),
        "epsilon": float(epsilon),
    }
