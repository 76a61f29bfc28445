"""PrivateMedian over a finite ordered domain ([Yan25] Theorem 9, Definition 11).

Two methods, chosen by ``private_median(..., method=...)``:

* ``"exponential"`` (default): the exponential-mechanism median (McSherry–Talwar 2007) — score of a domain
  point y on data S is q(S, y) = min(#{x in S : x <= y}, #{x in S : x >= y}), which is
  exactly the quantity of [Yan25] Definition 11 (y is an alpha-median iff
  q(S, y) >= (1/2 - alpha)|S|), has sensitivity 1 under replacing one element, and has
  maximum >= |S|/2 (Fact 1).  The mechanism is (epsilon, 0)-DP and outputs an alpha-median
  except with probability at most |X| exp(-epsilon alpha n / 2), i.e. it needs
  n >= 2 ln(|X|/beta) / (alpha epsilon) — a ln|X| dependence.  Over a domain given by its
  size N (a Python int, up to 2^1024 and beyond) it is sampled exactly over the runs
  between sorted data points (weight = run length × exp(ε·q/2)); the domain is never
  materialised.
* ``"log-star"``: [Yan25] footnote 3 (Bun et al.'s reduction) on top of the toolkit's
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
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

import numpy as np

from geoprivate._validation import (
    Check,
    Delta,
    Epsilon,
    Interval,
    Joint,
    NonNegInt,
    PositiveInt,
    Probability,
    Rng,
    UnitInterval,
    as_rng,
    check_positive_int,
    check_probability,
    checked,
)
from geoprivate.mechanisms.exponential import as_scores, exponential_mechanism
from geoprivate.mechanisms.interior_point import (
    N_BASE,
    InteriorPointResult,
    _as_points,
    _ledger_params,
    interior_point_parameters,
    interval_exponential_mechanism,
    run_interior_point,
)
from geoprivate.privacy.accounting import PrivacyLedger
from geoprivate.privacy.warnings import error_bound_says_something, warn_below_sample_bound
from solvers._checks import as_array

__all__ = [
    "private_median",
    "MedianResult",
    "LogStarOptions",
    "MedianDomain",
    "median_domain",
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
THEOREM_LOG_STAR = (
    "vc1/theorem-9 via [Yan25] footnote 3 + RecPrefix-R (toolkit construction; privacy from "
    "[Yan25] Thm 8, Lemma 1, Thm 6; sample bound docs/interior_point.md §5, not Thm 9's n_PM)"
)
METHODS = ("exponential", "log-star")


def _as_grid(domain, name: str = "domain") -> np.ndarray:
    """An array domain: a strictly increasing, non-empty vector of finite reals (float64)."""
    d = as_scores(domain, name)
    if np.any(np.diff(d) <= 0):
        raise ValueError("domain must be strictly increasing (a finite ordered domain)")
    return d


def _as_values(values, name: str = "values") -> np.ndarray:
    v = as_array(values, name)
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


def _median_alpha(alpha, name: str = "alpha") -> float:
    """α of an α-median algorithm: in (0, 1/2] (α >= 1/2 makes every point an α-median, [Yan25] Def. 11)."""
    a = check_probability(alpha, name, open_right=False)
    if a > 0.5:
        raise ValueError(
            f"{name} must lie in (0, 1/2] (every point is an alpha-median for alpha >= 1/2), got {alpha!r}"
        )
    return a


def _median_value(value, name: str):
    """A released median: an element of the domain (an int, a finite real, any element) or None (failed)."""
    if isinstance(value, float | np.floating) and not math.isfinite(value):
        raise ValueError(f"{name} must be an element of the domain, got {value!r}")
    return value


#: the alpha of an alpha-median: in (0, 1/2]
_Alpha = Annotated[float, Check(_median_alpha)]
_Values = Annotated[Any, Check(_as_values, kind="array")]
_Grid = Annotated[Any, Check(_as_grid, kind="array")]
_Mode = Literal["theorem", "practical"]
_NBase = Annotated[int, Interval(ge=3)]
_KScale = Annotated[float, Interval(ge=0, le=1)]


@checked
def median_quality(values: _Values, domain: _Grid) -> np.ndarray:
    """q(S, y) = min(#{x <= y}, #{x >= y}) for every y in ``domain`` ([Yan25] Def. 11).

    Parameters
    ----------
    values : array_like, shape (n,)
        The dataset S.
    domain : array_like, shape (m,)
        The candidate outputs y.

    Returns
    -------
    numpy.ndarray of int, shape (m,)
        q(S, y) for each y in ``domain``.
    """
    return _quality(np.sort(values), domain)


@checked
def is_alpha_median(
    values: Annotated[Any, Joint("integers (exact) or reals, non-empty", kind="array")],
    y: Annotated[int, Interval()] | float,
    alpha: UnitInterval,
) -> bool:
    """Whether ``y`` is an alpha-median of ``values`` ([Yan25] Definition 11).

    Integer data and ``y`` (Python ints of any size) are compared exactly.

    Parameters
    ----------
    values : array_like, shape (n,)
        The dataset S.
    y : int or float
        The candidate median.
    alpha : float
        The accuracy α in [0, 1].

    Returns
    -------
    bool
        True when at least (1/2 − α)·n points of S lie on each side of ``y`` (inclusive).
    """
    a = alpha
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


def _ceil_ratio(numerator: float, *factors: float) -> int:
    """⌈numerator / Π factors⌉ for positive floats; exact (a Python int) when the float quotient overflows."""
    den = math.prod(factors)
    q = numerator / den if den > 0 else math.inf
    if math.isfinite(q):
        return math.ceil(q)
    return math.ceil(Fraction(numerator) / math.prod(Fraction(f) for f in factors))


@checked
def median_failure_bound(n: PositiveInt, domain_size: PositiveInt, alpha: _Alpha, epsilon: Epsilon) -> float:
    """P(exponential-mechanism median is not an alpha-median) <= |X| exp(-eps alpha n / 2).

    Parameters
    ----------
    n : int
        The dataset size.
    domain_size : int
        |X|.
    alpha, epsilon : float
        The accuracy α and the privacy parameter ε.

    Returns
    -------
    float
        The bound |X| exp(−ε α n / 2) (may exceed 1).
    """
    m, a, eps = domain_size, alpha, epsilon
    try:
        exponent = eps * a * n / 2.0
    except OverflowError:  # n beyond a float (median_sample_size at a tiny epsilon): exactly, then rounded
        exponent = float(Fraction(eps) * Fraction(a) * n / 2) if n < 10**400 else math.inf
    return math.exp(min(0.0, math.log(m) - exponent))  # log space: |X| may exceed a float


@checked
def median_sample_size(domain_size: PositiveInt, alpha: _Alpha, beta: Probability, epsilon: Epsilon) -> int:
    """Smallest n with :func:`median_failure_bound` <= beta: ceil(2 ln(|X|/beta)/(alpha eps)).

    A Python int of any size: when the float quotient overflows (ε = 1e-308) it is taken
    exactly from the float numerator and denominator.

    Parameters
    ----------
    domain_size : int
        |X|.
    alpha, beta, epsilon : float
        The accuracy α, failure probability β and privacy parameter ε.

    Returns
    -------
    int
        The least n with |X| exp(−ε α n / 2) <= β.
    """
    return max(1, _ceil_ratio(2.0 * (math.log(domain_size) - math.log(beta)), alpha, epsilon))


# ---------------------------------------------------------------- median from interior point
@checked
def median_trim(n: NonNegInt, alpha: Probability) -> int:
    """r = ⌊(1/2 − α/2)·n⌋: the points trimmed from each end ([Yan25] footnote 3).

    Parameters
    ----------
    n : int
        The dataset size.
    alpha : float
        The accuracy α.

    Returns
    -------
    int
        r, the number of points trimmed from each end.
    """
    return math.floor((Fraction(1, 2) - Fraction(alpha) / 2) * n)  # exact: n may exceed the floats


def _log_star_n(n_required: int, alpha: float) -> int:
    """Least n with n − 2·median_trim(n, α) >= n_required."""
    try:
        n = max(1, math.ceil((n_required - 2) / alpha))
    except OverflowError:
        n = max(1, math.ceil(Fraction(n_required - 2) / Fraction(alpha)))
    while n - 2 * median_trim(n, alpha) < n_required:
        n += 1
    return n


@checked
def log_star_median_sample_size(
    domain_size: PositiveInt,
    alpha: _Alpha,
    beta: Probability,
    epsilon: Epsilon,
    delta: Delta,
    *,
    n_base: _NBase = N_BASE,
) -> int:
    """Least n with n − 2⌊(1/2 − α/2)n⌋ >= n_req (RecPrefix-R, docs/interior_point.md §5, §8).

    Then the trimmed data have at least n_req points, the interior point exists w.p. >= 1 − β
    and is an (α/2)-median.  ≈ n_req/α: the 1/α of [Yan25] Theorem 9, but n_req is the
    construction's own bound, not Theorem 9's n_PM.

    Parameters
    ----------
    domain_size : int
        N = |X|.
    alpha, beta : float
        The accuracy α and the failure probability β.
    epsilon, delta : float
        The privacy parameters.
    n_base : int, default N_BASE
        The domain size at which RecPrefix-R's base exponential mechanism runs.

    Returns
    -------
    int
        The least n whose trimmed dataset has at least n_req points.
    """
    return _log_star_n(interior_point_parameters(domain_size, epsilon, delta, beta, n_base=n_base).n_required, alpha)


# ---------------------------------------------------------------- options, domain, result
@checked
@dataclass(frozen=True)
class LogStarOptions:
    """The options of ``private_median(method="log-star")`` that no other method reads.

    Attributes
    ----------
    mode : {"theorem", "practical"}
        RecPrefix-R's mode (:func:`~geoprivate.mechanisms.interior_point.interior_point`).
    n_base : int >= 3
        Domain size at which the recursion stops (default 16).
    k_scale : float in [0, 1]
        Practical mode: scale of the trim K (voids the sample bound, not privacy).
    strict : bool
        Refuse (``PrivacyParameterError``) instead of warning outside [Yan25] Lemma 1.
    """

    mode: _Mode = "theorem"
    n_base: _NBase = N_BASE
    k_scale: _KScale = 1.0
    strict: bool = False


def _log_star_options(log_star) -> LogStarOptions:
    """``log_star`` (a :class:`LogStarOptions` or None, the defaults)."""
    if log_star is not None and not isinstance(log_star, LogStarOptions):
        raise TypeError(f"log_star must be a LogStarOptions, got {type(log_star).__name__}")
    return LogStarOptions() if log_star is None else log_star


@checked
@dataclass(frozen=True)
class MedianDomain:
    """A dataset on a finite ordered domain X, reshaped once for every method (:func:`median_domain`).

    Attributes
    ----------
    size : int
        |X| (a Python int of any size).
    ranks : list of int
        The sorted data as indices into X: the data themselves for X = {0, …, N−1}; for an
        array domain the index of the smallest element >= x (clipped to the largest).
    values : numpy.ndarray or None
        Array domain: the real data (the exponential method scores them exactly).
    grid : numpy.ndarray or None
        Array domain: X as float64.
    elements : array_like or None
        Array domain: X as given (what :meth:`element` returns).
    """

    size: int
    ranks: list
    values: np.ndarray | None = None
    grid: np.ndarray | None = None
    elements: np.ndarray | None = None

    def element(self, i: NonNegInt):
        """The domain element of index ``i`` (a Python scalar)."""
        if i >= self.size:
            raise ValueError(f"i must be a rank in [0, {self.size}), got {i}")
        if self.grid is None:
            return i
        assert self.elements is not None  # an array domain sets grid and elements together
        item = self.elements[i]
        return item.item() if hasattr(item, "item") else item


@checked
def median_domain(
    values: Annotated[Any, Joint("points of the domain (integers below N, or reals)", kind="array")],
    domain: Annotated[Any, Joint("N, range(N) or a strictly increasing array", kind="object")],
) -> MedianDomain:
    """The one place a median's domain is read: X = {0, …, N−1} (an int N or range(N)) or an array.

    Parameters
    ----------
    values : array_like, shape (n,)
        The dataset S.
    domain : int, range(N), or array_like strictly increasing
        The candidate outputs X.

    Returns
    -------
    MedianDomain
        The validated data and domain (integer domain size or the array of points).

    Raises
    ------
    ValueError / TypeError
        Empty data, values outside [0, N), a range not starting at 0, a non-increasing or
        non-finite array domain, non-real data.
    """
    if isinstance(domain, range):
        if domain.start != 0 or domain.step != 1 or domain.stop < 1:
            raise ValueError(f"domain: a range must be range(0, N) with N >= 1, got {domain!r}")
        domain = domain.stop  # len() overflows beyond 2^63
    if isinstance(domain, numbers.Integral) and not isinstance(domain, bool):
        n = check_positive_int(domain, "domain")
        return MedianDomain(n, sorted(_as_points(values, n)))  # names values
    grid = _as_grid(domain)
    v = _as_values(values)
    ranks = np.minimum(np.searchsorted(grid, v, side="left"), grid.size - 1)
    return MedianDomain(int(grid.size), sorted(ranks.tolist()), v, grid, np.asarray(domain))


@checked
@dataclass(frozen=True)
class MedianResult:
    """Everything a private median run reports (:func:`private_median`).

    Attributes
    ----------
    value :
        The output, a domain element; ``None`` when ``failed`` (never a plausible value).
    failed : bool
        The log-star method's RecPrefix-R returned FAIL (post-processing of its private
        transcript); the exponential method never fails.
    method : str
    epsilon, delta : float
        The guarantee's parameters as run.
    n, domain_size : int
    alpha, beta : float or None
        The accuracy target (an α-median w.p. >= 1 − β).
    sample_bound : int or None
        The n the accuracy theorem of ``method`` needs (None without α and β).
    privacy_applies : bool
        Every condition of the privacy proof holds for the parameters used (see
        :func:`private_median`).
    utility_proved : bool
        ``n >= sample_bound`` and the theorem's constants (log-star: theorem mode).
    interior : InteriorPointResult or None
        The log-star method's interior-point run (its trace).
    """

    value: Annotated[Any, Check(_median_value)]
    failed: bool
    method: str
    epsilon: float
    delta: float
    n: int
    domain_size: int
    alpha: float | None
    beta: float | None
    sample_bound: int | None
    privacy_applies: bool
    utility_proved: bool
    interior: InteriorPointResult | None = None


@checked
def private_median(
    values: Annotated[Any, Joint("points of the domain (median_domain)", kind="array")],
    domain: Annotated[Any, Joint("N, range(N) or a strictly increasing array (median_domain)", kind="object")],
    epsilon: Epsilon,
    delta: Delta = 0.0,
    alpha: _Alpha | None = None,
    rng: Rng = None,
    ledger: PrivacyLedger | None = None,
    *,
    method: Literal["exponential", "log-star"] = "exponential",
    beta: Probability | None = None,
    log_star: LogStarOptions | None = None,
) -> MedianResult:
    """Differentially private median over a finite ordered domain, with the run's verdicts ([Yan25] Theorem 9).

    Privacy conditions (``privacy_applies``), evaluated on the parameters used:

    * ``"exponential"``: [Yan25] Theorem 8 with the score q(S, y) of Definition 11, whose
      sensitivity is 1 under replacement (Definition 9) for every input — holds for every
      ε > 0.
    * ``"log-star"``: RecPrefix-R's ([Yan25] Theorem 8 for its exponential-mechanism steps,
      Lemma 1 for its choosing steps — needs ε/(2L+1) < 2 and δ > 0 —, Theorem 6 for the
      basic composition of its 2L+1 steps); footnote 3's trim maps neighbours to neighbours.

    Accuracy (``utility_proved``): α and β given and n >= the method's sample bound —
    :func:`median_sample_size` (exponential) or :func:`log_star_median_sample_size` with
    theorem-mode constants (log-star).  Below the bound a
    :class:`~geoprivate.privacy.warnings.UtilityWarning` is emitted.

    Parameters
    ----------
    values : array_like, shape (n,)
        The dataset S.  With an integer ``domain`` (size N): integers in [0, N) (Python ints
        of any size).  With an array ``domain``: reals (need not lie in ``domain``; the
        log-star method maps each x to the smallest domain element >= x, clipped).
    domain : int, range(N), or array_like strictly increasing, shape (m,)
        The candidate outputs X: {0, …, N−1}, or the given points (read once, by
        :func:`median_domain`).
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
    beta : float in (0, 1), optional
        Failure probability of the accuracy statement.  ``"log-star"``: required (the
        interior point's β).  ``"exponential"``: with ``alpha``, gives the run's sample
        bound (below it a ``UtilityWarning``).
    log_star : LogStarOptions, optional
        ``"log-star"`` only: mode, n_base, k_scale, strict of RecPrefix-R.

    Returns
    -------
    MedianResult
        ``value``: the chosen element of the domain (a Python int for an integer domain), or
        ``None`` when the log-star method's RecPrefix-R fails (a visible failure, never a
        plausible value); with the run's verdicts ``failed``, ``privacy_applies``,
        ``utility_proved`` and ``sample_bound``.

    Raises
    ------
    ValueError / TypeError
        Bad ε, δ, α, β, method, options, or values outside an integer domain.

    Examples
    --------
    >>> res = private_median(np.arange(1000) % 10, np.arange(10), epsilon=1.0, alpha=0.2, beta=0.05, rng=0)
    >>> res.privacy_applies, (res.epsilon, res.delta), res.utility_proved  # n = 1000 >= its sample bound
    (True, (1.0, 0.0), True)
    >>> is_alpha_median(np.arange(1000) % 10, res.value, 0.2)
    True
    >>> S = [2 ** 1023 + 7 * i for i in range(4001)]  # |X| = 2^1024: needs n >> 2 ln(2^1024)/eps
    >>> is_alpha_median(S, private_median(S, 2 ** 1024, 1.0, rng=1).value, 0.25)
    True
    """
    eps, dlt, a, b = epsilon, delta, alpha, beta
    opts = _log_star_options(log_star)
    dom = median_domain(values, domain)
    if method == "log-star":
        return _log_star_median(dom, eps, dlt, a, b, rng, ledger, opts)
    return _exponential_median(dom, eps, a, b, rng, ledger)


def _exponential_median(dom: MedianDomain, eps, a, b, rng, ledger) -> MedianResult:
    """The exponential-mechanism median with score q(S, y) of [Yan25] Definition 11 (Theorem 8), its verdicts.

    Parameters
    ----------
    dom : MedianDomain
        The data and the domain X, read once by :func:`median_domain`.
    eps : float
        ε (validated); the run is (ε, 0)-DP for every ε > 0 (sensitivity 1).
    a, b : float or None
        The accuracy target α and β (validated), or None.
    rng : Generator, int or None
        The random source (SPEC 7).
    ledger : PrivacyLedger or None
        Receives one ``"private_median"`` entry.

    Returns
    -------
    MedianResult
        The run with ``method="exponential"``; ``utility_proved`` when n >= :func:`median_sample_size`.
    """
    if dom.grid is not None:
        assert dom.values is not None  # an array domain sets grid and values together
        idx = exponential_mechanism(_quality(np.sort(dom.values), dom.grid), eps, 1.0, rng=as_rng(rng))
        out, n = dom.element(idx), int(dom.values.size)
    else:
        out, n = interval_exponential_mechanism(dom.ranks, dom.size, eps, as_rng(rng)), len(dom.ranks)
    bound = None if a is None or b is None else median_sample_size(dom.size, a, b, eps)
    proved = bound is not None and n >= bound and error_bound_says_something("private_median", a, stacklevel=5)
    if bound is not None and not proved:
        warn_below_sample_bound(
            f"private_median(method='exponential'): n = {n} < {bound} = "
            f"ceil(2 ln(|X|/beta)/(alpha eps)) for an alpha-median w.p. 1 - beta; "
            "accuracy not proved (privacy holds)",
            stacklevel=3,
        )
    if ledger is not None:
        params = {"n": n, "domain_size": int(dom.size), "method": "exponential"}
        if a is not None:
            params["alpha"] = a
            params["failure_bound"] = median_failure_bound(n, dom.size, a, eps)
        if bound is not None:
            params.update(beta=b, sample_bound=bound, utility_proved=proved)
        ledger.record("private_median", eps, 0.0, THEOREM, True, **params)
    return MedianResult(out, False, "exponential", eps, 0.0, n, dom.size, a, b, bound, True, proved)


def _quality(sorted_values: np.ndarray, grid: np.ndarray) -> np.ndarray:
    le = np.searchsorted(sorted_values, grid, side="right")
    ge = sorted_values.size - np.searchsorted(sorted_values, grid, side="left")
    return np.minimum(le, ge).astype(np.int64)


@checked
def interior_point_median(
    values: Annotated[Any, Joint("integers in [0, domain_size), non-empty", kind="array")],
    domain_size: PositiveInt,
    alpha: _Alpha,
    beta: Probability,
    epsilon: Epsilon,
    delta: Delta,
    *,
    mode: _Mode = "theorem",
    n_base: _NBase = N_BASE,
    k_scale: _KScale = 1.0,
    default: NonNegInt = 0,
    rng: Rng = None,
    strict: bool = False,
) -> InteriorPointResult:
    """α-median from a private interior point ([Yan25] footnote 3; docs/interior_point.md §8).

    S_mid = sorted(S)[r : n − r] with r = :func:`median_trim`; returns RecPrefix-R on S_mid
    (:func:`~geoprivate.mechanisms.interior_point.interior_point`).  Any interior point of
    S_mid has >= r + 1 >= (1/2 − α/2)n points on each side: an (α/2)-median.  Trimming maps
    neighbours to neighbours, so the privacy is RecPrefix-R's.  Records no ledger entry
    (:func:`private_median` does).  Below :func:`log_star_median_sample_size` it emits a
    :class:`~geoprivate.privacy.warnings.UtilityWarning` (the result's
    ``utility_guaranteed`` is then False); on FAIL ``value`` is ``default`` and ``failed``
    is True.

    Parameters
    ----------
    values : sequence of int
        The dataset S, each in [0, N).
    domain_size : int
        N = |X|.
    alpha, beta : float
        The accuracy α and failure probability β.
    epsilon, delta : float
        The privacy parameters of RecPrefix-R.
    mode, n_base, k_scale
        As for :func:`~geoprivate.mechanisms.interior_point.interior_point_parameters`.
    default : int, default 0
        The value reported on FAIL.
    rng : Generator, int or None
        The random source (SPEC 7).
    strict : bool, default False
        Refuse instead of warning outside Lemma 1's hypotheses.

    Returns
    -------
    InteriorPointResult
        The median candidate, ``failed`` and the run's verdicts.
    """
    a = alpha
    params = interior_point_parameters(domain_size, epsilon, delta, beta, mode=mode, n_base=n_base, k_scale=k_scale)
    pts = sorted(_as_points(values, params.domain_size))
    bound = _log_star_n(params.n_required, a)
    if len(pts) < bound:
        warn_below_sample_bound(
            f"median from interior point (log-star): n = {len(pts)} < {bound} (RecPrefix-R's "
            f"n_required = {params.n_required} after the trim of footnote 3); accuracy not "
            "proved (privacy holds)",
            stacklevel=3,
        )
    r = median_trim(len(pts), a)
    return run_interior_point(pts[r : len(pts) - r], params, default=default, rng=rng, strict=strict)


def _log_star_median(dom: MedianDomain, eps, delta, a, beta, rng, ledger, opts: LogStarOptions) -> MedianResult:
    if a is None:
        raise ValueError("alpha: required for method='log-star' (the trim of [Yan25] footnote 3), got None")
    if beta is None:
        raise ValueError("beta: required for method='log-star' (failure probability of the interior point), got None")
    res = interior_point_median(
        dom.ranks,
        dom.size,
        a,
        beta,
        eps,
        delta,
        mode=opts.mode,
        n_base=opts.n_base,
        k_scale=opts.k_scale,
        rng=rng,
        strict=opts.strict,
    )
    bound = _log_star_n(res.params.n_required, a)
    n = len(dom.ranks)
    proved = res.params.utility_proved and n >= bound and error_bound_says_something("private_median", a, stacklevel=5)
    if ledger is not None:
        ledger.record(
            "private_median",
            res.params.epsilon,
            res.params.delta,
            THEOREM_LOG_STAR,
            res.params.privacy_applies,
            method="log-star",
            alpha=a,
            domain_size=int(dom.size),
            **_ledger_params(res.params, res.n, res.failed),
            sample_bound=bound,
            utility_proved=proved,
        )
    value = None if res.failed else dom.element(res.value)
    return MedianResult(
        value,
        res.failed,
        "log-star",
        res.params.epsilon,
        res.params.delta,
        n,
        dom.size,
        a,
        beta,
        bound,
        res.params.privacy_applies,
        proved,
        res,
    )
