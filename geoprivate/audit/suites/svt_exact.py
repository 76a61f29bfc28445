"""Exact rational output laws of the sparse-vector variants of [LSL17] with geometric noise.

StatDP's sparse-vector mechanisms [DWWZK18] (see :mod:`geoprivate.audit.suites.statdp`)
with the Laplace noises replaced by their discrete analogues, the two-sided geometric laws
P(k) = (1 − r)/(1 + r) · r^|k| on ℤ (the discrete Laplace law of scale 1/ln(1/r)), on
integer queries and thresholds.  Every noise ratio is a power of one rational ``s`` =
e^(−ε/4), so the claimed ε is ``LogRational(1/s**4)`` exactly and the laws are exact
``Fraction`` laws on finitely many transcripts — the input of
:func:`geoprivate.audit.exact_audit`.

========= ================ ================ ============ =========== ==================
variant   threshold noise  query noise      ⊤ test       cut-off c   [LSL17]
========= ================ ================ ============ =========== ==================
SVT       r = s² (2/ε)     r = s (4/ε)      q+ν >= T+ρ   1           Alg. 1 (correct)
iSVT1     r = s² (2/ε)     none             q >= T+ρ     none        Alg. 5
iSVT2     r = s² (2/ε)     r = s² (2/ε)     q+ν >= T+ρ   none        Alg. 6
iSVT3     r = s (4/ε)      r = s³ (4/(3ε))  q+ν > T+ρ    1           Alg. 4
========= ================ ================ ============ =========== ==================

Every law is :func:`geoprivate.audit.laws.shared_threshold_law` of the per-query comparisons
:func:`geoprivate.audit.laws.noisy_comparison_given_threshold`: the sum over the threshold noise
ρ ∈ ℤ is exact (finite sums of geometric series, nothing truncated).
"""

from __future__ import annotations

from typing import Literal

from geoprivate._validation import checked
from geoprivate.audit.exact import LogRational
from geoprivate.audit.laws import (
    _Point,
    _Queries,
    _Ratio,
    discrete_laplace_epsilon,
    noisy_comparison_given_threshold,
    shared_threshold_law,
)

__all__ = ["SVT_VARIANTS", "svt_geometric_law", "svt_claimed_epsilon"]

#: variant -> (threshold-noise power of s, query-noise power of s or None, strict >, cut-off or None)
SVT_VARIANTS: dict = {
    "SVT": (2, 1, False, 1),
    "iSVT1": (2, None, False, None),
    "iSVT2": (2, 2, False, None),
    "iSVT3": (1, 3, True, 1),
}


@checked
def svt_claimed_epsilon(s: _Ratio) -> LogRational:
    """The ε every variant claims at noise base ``s``: ε = 4 ln(1/s), as an exact :class:`LogRational`.

    Parameters
    ----------
    s : Fraction or int
        The noise base e^(−ε/4), an exact rational with 0 < s < 1.

    Returns
    -------
    LogRational
        ε with e^ε = s^(−4) (:func:`~geoprivate.audit.laws.discrete_laplace_epsilon` of ``s`` at
        sensitivity 4).
    """
    return discrete_laplace_epsilon(s, sensitivity=4)


@checked
def svt_geometric_law(
    queries: _Queries, s: _Ratio, variant: Literal["SVT", "iSVT1", "iSVT2", "iSVT3"] = "SVT", threshold: _Point = 1
) -> dict:
    """Exact law of a sparse-vector variant with two-sided geometric noise (module docstring).

    Parameters
    ----------
    queries : sequence of int
        The query values q_j(D) (sensitivity 1).
    s : Fraction or int
        The noise base e^(−ε/4), an exact rational with 0 < s < 1 (the claimed ε is
        :func:`svt_claimed_epsilon`).
    variant : {"SVT", "iSVT1", "iSVT2", "iSVT3"}
        The variant (see the table in the module docstring).
    threshold : int, default 1
        The threshold T (StatDP's T = 0.5 with ``>=`` is T = 1 on integers).

    Returns
    -------
    dict
        Transcript (tuple of bool, ⊤ = True; it stops at the cut-off) -> Fraction.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> law = svt_geometric_law((1, 0), F(1, 2), "iSVT1")
    >>> sorted(law.items())
    [((False, False), Fraction(1, 5)), ((True, False), Fraction(3, 5)), ((True, True), Fraction(1, 5))]
    """
    q = queries
    p_rho, p_nu, strict, cutoff = SVT_VARIANTS[variant]
    r_nu = None if p_nu is None else s**p_nu
    tops = [noisy_comparison_given_threshold(v, threshold, r_nu, strict=strict) for v in q]
    return shared_threshold_law(tops, s**p_rho, cutoff=cutoff)
