"""Exact rational laws of StatDP's noisy-max-value and histogram mechanisms with geometric noise.

StatDP's ``noisy_max_v1b`` (the maximum noisy *value*, max_j q_j + Lap(2/ε)), ``histogram``
(q_0 + Lap(1/ε)) and ``histogram_eps`` (q_0 + Lap(ε)) [DWWZK18] with the Laplace noise
replaced by the two-sided geometric law of ratio r on ℤ (see
:mod:`geoprivate.audit.suites.svt_exact`), on integer queries.  The released value has
infinite support, so the law returned is that of the value *censored* to a fixed window
[lo, hi] (values below lo reported as ``"<=lo"``, above hi as ``">=hi"``): a post-processing
of the mechanism, so a violation the exact audit proves on it is a violation of the
mechanism itself, and a correct mechanism stays correct.

P(max_j (q_j + ν_j) <= v) = Π_j P(ν <= v − q_j), each factor a closed-form rational
(:func:`geoprivate.audit.laws.noisy_max_cdf`), censored by :func:`geoprivate.audit.laws.clamped_law`.
"""

from __future__ import annotations

from geoprivate._validation import checked
from geoprivate.audit.laws import _Hi, _Point, _Queries, _Ratio, clamped_law, noisy_max_cdf

__all__ = ["noisy_max_value_law"]


@checked
def noisy_max_value_law(queries: _Queries, r: _Ratio, lo: _Point = -6, hi: _Hi = 8) -> dict:
    """Exact law of max_j (q_j + ν_j), ν_j two-sided geometric of ratio ``r``, censored.

    With one query it is the noisy first bin of a histogram (StatDP's ``histogram``:
    r = e^(−ε); ``histogram_eps``: r = e^(−1/ε)); with several it is StatDP's incorrect
    ``noisy_max_v1b`` (r = e^(−ε/2)).

    Parameters
    ----------
    queries : sequence of int
        The query values q_j(D).
    r : Fraction or int
        The noise ratio, an exact rational with 0 < r < 1.
    lo, hi : int, default -6 and 8
        The censoring window, the same for every dataset (a post-processing): the law is
        exact on lo < v < hi, and v <= lo, v >= hi are lumped.

    Returns
    -------
    dict
        Value (int), ``"<=lo"`` or ``">=hi"`` -> Fraction.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> law = noisy_max_value_law((0,), F(1, 3), lo=-1, hi=1)
    >>> law["<=lo"], law[0], law[">=hi"]
    (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
    """
    if hi <= lo:
        raise ValueError(f"hi must exceed lo, got lo={lo}, hi={hi}")
    law = clamped_law(lambda v: noisy_max_cdf(v, queries, r), lo, hi)
    return {"<=lo" if v == lo else ">=hi" if v == hi else v: p for v, p in law.items()}
