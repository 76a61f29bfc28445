"""PrivateMedian over a finite ordered domain (seed 004 Theorem 9, Definition 11).

Implemented: the exponential-mechanism median (McSherry–Talwar 2007) — score of a domain
point y on data S is q(S, y) = min(#{x in S : x <= y}, #{x in S : x >= y}), which is
exactly the quantity of seed 004 Definition 11 (y is an alpha-median iff
q(S, y) >= (1/2 - alpha)|S|), has sensitivity 1 under replacing one element, and has
maximum >= |S|/2 (Fact 1).  The mechanism is (epsilon, 0)-DP and outputs an alpha-median
except with probability at most |X| exp(-epsilon alpha n / 2), i.e. it needs
n >= 2 ln(|X|/beta) / (alpha epsilon) — a ln|X| dependence.

NOT implemented: the recursive interior-point algorithm of Bun–Nissim–Stemmer–Vadhan /
Kaplan et al. that gives Theorem 9's log*|X| sample complexity.  Callers that need the
theorem's n_PM must use the exponential-mechanism bound :func:`median_sample_size`.
"""

from __future__ import annotations

import math

import numpy as np

from geoprivate._validation import as_rng, check_delta, check_epsilon, check_positive_int, check_probability
from geoprivate.mechanisms.exponential import as_scores, exponential_mechanism

__all__ = [
    "private_median",
    "median_quality",
    "is_alpha_median",
    "median_failure_bound",
    "median_sample_size",
]

THEOREM = "vc1/theorem-9 via the exponential mechanism (epsilon-DP; ln|X| sample size, not log*)"


def _as_domain(domain) -> np.ndarray:
    d = as_scores(domain, "domain")
    if np.any(np.diff(d) <= 0):
        raise ValueError("domain must be strictly increasing (a finite ordered domain)")
    return d


def _as_values(values) -> np.ndarray:
    v = np.asarray(values)
    if v.dtype == object or v.dtype.kind not in "biuf":
        raise TypeError(f"values must be a vector of real numbers, got dtype {v.dtype}")
    v = v.astype(np.float64).ravel()
    if v.size == 0:
        raise ValueError("values must be non-empty")
    if not np.all(np.isfinite(v)):
        raise ValueError("values must be finite (no NaN/inf)")
    return v


def median_quality(values, domain) -> np.ndarray:
    """q(S, y) = min(#{x <= y}, #{x >= y}) for every y in ``domain`` (seed 004 Def. 11)."""
    v = np.sort(_as_values(values))
    d = _as_domain(domain)
    le = np.searchsorted(v, d, side="right")
    ge = v.size - np.searchsorted(v, d, side="left")
    return np.minimum(le, ge).astype(np.int64)


def is_alpha_median(values, y, alpha) -> bool:
    """Whether ``y`` is an alpha-median of ``values`` (seed 004 Definition 11)."""
    v = _as_values(values)
    a = check_probability(alpha, "alpha", open_left=False, open_right=False)
    q = min(int(np.sum(v <= y)), int(np.sum(v >= y)))
    return q >= (0.5 - a) * v.size - 1e-9 * v.size


def median_failure_bound(n, domain_size, alpha, epsilon) -> float:
    """P(exponential-mechanism median is not an alpha-median) <= |X| exp(-eps alpha n / 2)."""
    n = check_positive_int(n, "n")
    m = check_positive_int(domain_size, "domain_size")
    a = check_probability(alpha, "alpha", open_right=False)
    eps = check_epsilon(epsilon)
    return min(1.0, m * math.exp(-eps * a * n / 2.0))


def median_sample_size(domain_size, alpha, beta, epsilon) -> int:
    """Smallest n with :func:`median_failure_bound` <= beta: ceil(2 ln(|X|/beta)/(alpha eps))."""
    m = check_positive_int(domain_size, "domain_size")
    a = check_probability(alpha, "alpha", open_right=False)
    b = check_probability(beta, "beta")
    eps = check_epsilon(epsilon)
    return max(1, math.ceil(2.0 * math.log(m / b) / (a * eps)))


def private_median(values, domain, epsilon, delta=0.0, alpha=None, rng=None, ledger=None):
    """Differentially private median over a finite ordered domain (seed 004 Theorem 9).

    Exponential mechanism with score :func:`median_quality` (sensitivity 1): epsilon-DP
    (``delta`` is accepted for the Theorem 9 interface and validated, but not used — the
    guarantee is pure).  See the module docstring for what is not implemented.

    Parameters
    ----------
    values : array_like of reals, shape (n,)
        The dataset S (need not lie in ``domain``).
    domain : array_like, strictly increasing, shape (m,)
        The candidate outputs X.
    epsilon : float > 0
    delta : float in [0, 1), default 0
    alpha : float in (0, 1/2], optional
        If given, the ledger entry also records the bound on the probability that the
        output is not an alpha-median (:func:`median_failure_bound`).
    rng : Generator, int or None
    ledger : PrivacyLedger, optional

    Returns
    -------
    The chosen element of ``domain`` (as the domain's dtype element).

    Examples
    --------
    >>> y = private_median(np.arange(1000) % 10, np.arange(10), epsilon=1.0, rng=0)
    >>> is_alpha_median(np.arange(1000) % 10, y, 0.2)
    True
    """
    v = _as_values(values)
    dom_raw = np.asarray(domain)
    d = _as_domain(domain)
    eps = check_epsilon(epsilon)
    check_delta(delta)
    a = None if alpha is None else check_probability(alpha, "alpha", open_right=False)
    q = median_quality(v, d)
    idx = exponential_mechanism(q, eps, 1.0, rng=as_rng(rng))
    if ledger is not None:
        params = {"n": int(v.size), "domain_size": int(d.size)}
        if a is not None:
            params["alpha"] = a
            params["failure_bound"] = median_failure_bound(v.size, d.size, a, eps)
        ledger.record("private_median", eps, 0.0, THEOREM, True, **params)
    return dom_raw[idx].item() if hasattr(dom_raw[idx], "item") else dom_raw[idx]
