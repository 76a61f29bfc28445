"""PrivateMedian over a finite ordered domain (seed 004 Theorem 9, Definition 11).

Two methods, chosen by ``private_median(..., method=...)``:

* ``"exponential"`` (default): the exponential-mechanism median (McSherry–Talwar 2007) — score of a domain
point y on data S is q(S, y) = min(#{x in S : x <= y}, #{x in S : x >= y}), which is
exactly the quantity of seed 004 Definition 11 (y is an alpha-median iff
q(S, y) >= (1/2 - alpha)|S|), has sensitivity 1 under replacing one element, and has
maximum >= |S|/2 (Fact 1).  The mechanism is (epsilon, 0)-DP and outputs an alpha-median
except with probability at most |X| exp(-epsilon alpha n / 2), i.e. it needs
n >= 2 ln(|X|/beta) / (alpha epsilon) — a ln|X| dependence.  Over a domain given by its
  size N (a Python int, up to 2^1024 and beyond) it is sampled exactly over the runs
  between sorted data points (weight = run length × exp(ε·q/2)); the domain is never
  materialised.
* ``"log-star"``: seed 004 footnote 3 (Bun et al.'s reduction) on top of the toolkit's
  interior-point construction RecPrefix-R (:mod:`geoprivate.mechanisms.interior_point`):
  trim the ⌊(1/2 − α/2)n⌋ smallest and largest points and return a private interior
  point of the rest, which is an (α/2)-median, hence an α-median (Def. 11).  (ε, δ)-DP
  with L ≤ log*|X| recursive levels; its sample bound :func:`log_star_median_sample_size`
  is RecPrefix-R's own (docs/interior_point.md §5, ≈ 2^L·L·log(·)/(αε)), **not**
  Theorem 9's n_PM — the algorithm behind Theorem 9 (Cohen et al. 2023) could not be
  recovered from its text, see the interior_point module.
"""

from __future__ import annotations

import bisect
import math
import numbers

import numpy as np

from geoprivate._validation import as_rng, check_delta, check_epsilon, check_positive_int, check_probability
from geoprivate.mechanisms.exponential import as_scores, exponential_mechanism
from geoprivate.mechanisms.interior_point import (
    N_BASE,
    InteriorPointResult,
    _as_points,
    _ledger_params,
    interior_point,
    interior_point_parameters,
    interval_exponential_mechanism,
)

__all__ = [
    "private_median",
    "median_quality",
    "is_alpha_median",
    "median_failure_bound",
    "median_sample_size",
    "METHODS",
    "median_trim",
    "interior_point_median",
    "log_star_median_sample_size",
]

THEOREM = "vc1/theorem-9 via the exponential mechanism (epsilon-DP; ln|X| sample size, not log*)"
THEOREM_LOG_STAR = ("vc1/theorem-9 via seed 004 footnote 3 + RecPrefix-R (toolkit construction; privacy from "
                    "seed 004 Thm 8, Lemma 1, Thm 6; sample bound docs/interior_point.md §5, not Thm 9's n_PM)")
METHODS = ("exponential", "log-star")


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


def _int_list(values):
    """``values`` as a list of Python ints when every entry is an integer (exact path), else None."""
    if isinstance(values, np.ndarray) and values.dtype.kind in "iu":
        return values.ravel().tolist()
    try:
        vals = list(values)
    except TypeError:
        return None
    if vals and all(isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in vals):
        return [int(x) for x in vals]
    return None


def median_quality(values, domain) -> np.ndarray:
    """q(S, y) = min(#{x <= y}, #{x >= y}) for every y in ``domain`` (seed 004 Def. 11)."""
    v = np.sort(_as_values(values))
    d = _as_domain(domain)
    le = np.searchsorted(v, d, side="right")
    ge = v.size - np.searchsorted(v, d, side="left")
    return np.minimum(le, ge).astype(np.int64)


def is_alpha_median(values, y, alpha) -> bool:
    """Whether ``y`` is an alpha-median of ``values`` (seed 004 Definition 11).

    Integer data and ``y`` (Python ints of any size) are compared exactly.
    """
    a = check_probability(alpha, "alpha", open_left=False, open_right=False)
    ints = _int_list(values)
    if ints is not None and isinstance(y, numbers.Integral):
        if not ints:
            raise ValueError("values must be non-empty")
        s = sorted(ints)
        q = min(bisect.bisect_right(s, y), len(s) - bisect.bisect_left(s, y))
        n = len(s)
    else:
        v = _as_values(values)
        q = min(int(np.sum(v <= y)), int(np.sum(v >= y)))
        n = v.size
    return q >= (0.5 - a) * n - 1e-9 * n


def median_failure_bound(n, domain_size, alpha, epsilon) -> float:
    """P(exponential-mechanism median is not an alpha-median) <= |X| exp(-eps alpha n / 2)."""
    n = check_positive_int(n, "n")
    m = check_positive_int(domain_size, "domain_size")
    a = check_probability(alpha, "alpha", open_right=False)
    eps = check_epsilon(epsilon)
    return math.exp(min(0.0, math.log(m) - eps * a * n / 2.0))  # log space: |X| may exceed a float


def median_sample_size(domain_size, alpha, beta, epsilon) -> int:
    """Smallest n with :func:`median_failure_bound` <= beta: ceil(2 ln(|X|/beta)/(alpha eps))."""
    m = check_positive_int(domain_size, "domain_size")
    a = check_probability(alpha, "alpha", open_right=False)
    b = check_probability(beta, "beta")
    eps = check_epsilon(epsilon)
    return max(1, math.ceil(2.0 * (math.log(m) - math.log(b)) / (a * eps)))


# ---------------------------------------------------------------- median from interior point
def median_trim(n: int, alpha) -> int:
    """r = ⌊(1/2 − α/2)·n⌋: the points trimmed from each end (seed 004 footnote 3)."""
    return math.floor((0.5 - alpha / 2.0) * n)


def log_star_median_sample_size(domain_size, alpha, beta, epsilon, delta, *, n_base: int = N_BASE) -> int:
    """Least n with n − 2⌊(1/2 − α/2)n⌋ >= n_req (RecPrefix-R, docs/interior_point.md §5, §8).

    Then the trimmed data have at least n_req points, the interior point exists w.p. >= 1 − β
    and is an (α/2)-median.  ≈ n_req/α: the 1/α of Theorem 9, but n_req is the
    construction's own bound, not Theorem 9's n_PM.
    """
    a = check_probability(alpha, "alpha", open_right=False)
    n_req = interior_point_parameters(domain_size, epsilon, delta, beta, n_base=n_base).n_required
    n = max(1, math.ceil((n_req - 2) / a))
    while n - 2 * median_trim(n, a) < n_req:
        n += 1
    return n


def interior_point_median(values, domain_size, alpha, beta, epsilon, delta, *, mode: str = "theorem",
                          n_base: int = N_BASE, k_scale: float = 1.0, default: int = 0, rng=None,
                          strict: bool = False) -> InteriorPointResult:
    """α-median from a private interior point (seed 004 footnote 3; docs/interior_point.md §8).

    S_mid = sorted(S)[r : n − r] with r = :func:`median_trim`; returns RecPrefix-R on S_mid
    (:func:`~geoprivate.mechanisms.interior_point.interior_point`).  Any interior point of
    S_mid has >= r + 1 >= (1/2 − α/2)n points on each side: an (α/2)-median.  Trimming maps
    neighbours to neighbours, so the privacy is RecPrefix-R's.  Records no ledger entry
    (:func:`private_median` does).
    """
    a = check_probability(alpha, "alpha", open_right=False)
    n_dom = interior_point_parameters(domain_size, epsilon, delta, beta, mode=mode, n_base=n_base,
                                      k_scale=k_scale).domain_size
    pts = sorted(_as_points(values, n_dom))
    r = median_trim(len(pts), a)
    return interior_point(pts[r:len(pts) - r], n_dom, epsilon, delta, beta, mode=mode, n_base=n_base,
                          k_scale=k_scale, default=default, rng=rng, strict=strict)


def _int_domain(domain):
    """Domain given by its size N (an int) or as range(N): returns N, else None."""
    if isinstance(domain, range):
        if domain.start != 0 or domain.step != 1 or domain.stop < 1:
            raise ValueError(f"domain: a range must be range(0, N) with N >= 1, got {domain!r}")
        return domain.stop  # len() overflows beyond 2^63
    if isinstance(domain, numbers.Integral) and not isinstance(domain, bool):
        return check_positive_int(domain, "domain")
    return None


def _to_ranks(values, d: np.ndarray) -> list[int]:
    """Monotone map of the data onto domain indices: the smallest domain element >= x (clipped)."""
    idx = np.searchsorted(d, _as_values(values), side="left")
    return np.minimum(idx, d.size - 1).tolist()


def private_median(values, domain, epsilon, delta=0.0, alpha=None, rng=None, ledger=None, *,
                   method: str = "exponential", beta=None, mode: str = "theorem", n_base: int = N_BASE,
                   k_scale: float = 1.0, strict: bool = False):
    """Differentially private median over a finite ordered domain (seed 004 Theorem 9).

    Parameters
    ----------
    values : array_like, shape (n,)
        The dataset S.  With an integer ``domain`` (size N): integers in [0, N) (Python ints
        of any size).  With an array ``domain``: reals (need not lie in ``domain``; the
        log-star method maps each x to the smallest domain element >= x, clipped).
    domain : int, range(N), or array_like strictly increasing, shape (m,)
        The candidate outputs X: {0, …, N−1}, or the given points.
    epsilon : float > 0
    delta : float in [0, 1), default 0
        Unused by ``"exponential"`` (pure ε-DP); ``"log-star"`` needs δ > 0 when the domain
        is larger than ``n_base``.
    alpha : float in (0, 1/2], optional
        ``"exponential"``: if given, the ledger also records :func:`median_failure_bound`.
        ``"log-star"``: required (the trim of footnote 3).
    rng : Generator, int or None
    ledger : PrivacyLedger, optional
        One entry ``"private_median"`` (``method`` among its parameters).
    method : {"exponential", "log-star"}
    beta : float in (0, 1)
        ``"log-star"`` only (required): failure probability of the interior point.
    mode, n_base, k_scale, strict :
        ``"log-star"`` only; see :func:`~geoprivate.mechanisms.interior_point.interior_point`.

    Returns
    -------
    The chosen element of the domain (a Python int for an integer domain).  For
    ``"log-star"``, when RecPrefix-R fails (post-processing), the smallest domain element.

    Raises
    ------
    ValueError / TypeError
        Bad ε, δ, α, β, method, mode, or values outside an integer domain.

    Examples
    --------
    >>> y = private_median(np.arange(1000) % 10, np.arange(10), epsilon=1.0, rng=0)
    >>> is_alpha_median(np.arange(1000) % 10, y, 0.2)
    True
    >>> S = [2 ** 1023 + 7 * i for i in range(4001)]  # |X| = 2^1024: needs n >> 2 ln(2^1024)/eps
    >>> is_alpha_median(S, private_median(S, 2 ** 1024, 1.0, rng=1), 0.25)
    True
    """
    if method not in METHODS:
        raise ValueError(f"method: expected one of {METHODS}, got {method!r}")
    eps = check_epsilon(epsilon)
    check_delta(delta)
    a = None if alpha is None else check_probability(alpha, "alpha", open_right=False)
    n_int = _int_domain(domain)
    if method == "log-star":
        return _log_star_median(values, domain, n_int, eps, delta, a, beta, rng, ledger, mode, n_base, k_scale,
                                strict)
    if n_int is None:
        v = _as_values(values)
        dom_raw = np.asarray(domain)
        d = _as_domain(domain)
        idx = exponential_mechanism(median_quality(v, d), eps, 1.0, rng=as_rng(rng))
        out, n, size = (dom_raw[idx].item() if hasattr(dom_raw[idx], "item") else dom_raw[idx]), v.size, d.size
    else:
        pts = sorted(_as_points(values, n_int))
        out, n, size = interval_exponential_mechanism(pts, n_int, eps, as_rng(rng)), len(pts), n_int
    if ledger is not None:
        params = {"n": int(n), "domain_size": int(size), "method": "exponential"}
        if a is not None:
            params["alpha"] = a
            params["failure_bound"] = median_failure_bound(n, size, a, eps)
        ledger.record("private_median", eps, 0.0, THEOREM, True, **params)
    return out


def _log_star_median(values, domain, n_int, eps, delta, a, beta, rng, ledger, mode, n_base, k_scale, strict):
    if a is None:
        raise ValueError("alpha: required for method='log-star' (the trim of seed 004 footnote 3), got None")
    if beta is None:
        raise ValueError("beta: required for method='log-star' (failure probability of the interior point), got None")
    if n_int is None:
        d = _as_domain(domain)
        pts, size = _to_ranks(values, d), d.size
    else:
        pts, size = values, n_int
    res = interior_point_median(pts, size, a, beta, eps, delta, mode=mode, n_base=n_base, k_scale=k_scale,
                                rng=rng, strict=strict)
    if ledger is not None:
        ledger.record("private_median", res.params.epsilon, res.params.delta, THEOREM_LOG_STAR,
                      res.params.privacy_applies, method="log-star", alpha=a, domain_size=int(size),
                      **_ledger_params(res.params, res.n, res.failed))
    if n_int is None:
        item = np.asarray(domain)[res.value]
        return item.item() if hasattr(item, "item") else item
    return res.value
