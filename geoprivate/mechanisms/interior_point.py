"""Private interior point with a log*-type number of levels: RecPrefix-R (the toolkit's construction).

**What this is, honestly.**  [Yan25] Theorem 9
cites a PrivateMedian with n_PM ∈ O(log*|X| · log²(log*|X|/(βδ)) / (αε)) (Cohen–Lyu–
Nelson–Sarlós–Stemmer 2023), built on an *interior point* algorithm (footnote 3; Bun–
Nissim–Stemmer–Vadhan 2015).  The full texts of those papers (their algorithm boxes and
constants) were not available to this project.  This module implements **RecPrefix-R**,
a recursion in the style of BNSV's RecPrefix designed for this toolkit
(docs/interior_point.md §3): every random step is one of [Yan25]'s own mechanisms —
the exponential mechanism (Theorem 8) and the choosing mechanism (Lemma 1, Definition
12) — applied to a data transform that maps neighbours to neighbours, combined by basic
composition (Theorem 6).  Its privacy therefore rests only on statements of [Yan25].
Its sample bound (:func:`interior_point_sample_size`, docs §5) has BNSV's shape
≈ 2^L · L · log(·)/ε with L ≤ log*|X| levels — **not** Theorem 9's n_PM, which this
module never claims.

Setting (docs §2): X = {0, …, N−1} given by its size N (a Python int of any size; the
domain is never materialised).  An element is read as a b-bit string, b = bitlen(N−1);
LCP_b(x, y) = b − bitlen(x XOR y) ∈ {0, …, b}; the interior quality
iq(S, v) = min(#{x ≤ v}, #{x ≥ v}) has sensitivity 1 and iq ≥ 1 ⇔ min S ≤ v ≤ max S.
Neighbouring datasets differ by replacing one entry ([Yan25] Def. 9).

One step of the recursion (function names as in the note)::

    INTERIOR(S, N):
      N <= N_base:  base_case = EM over range(N) with iq          (Thm 8, exact by intervals)
      order = uniform random permutation (data-independent)        random_pairing
      y = LCP_b of consecutive pairs                               pair_lcps
      y' = trim K(n, b) from both ends of sorted(y)                trim, trim_amount
      z = INTERIOR(y', b + 1)
      P = CHOOSE over the z-prefix counts of S                     prefix_counts, choose_prefix (Lemma 1)
      return EM over the <= 3 boundary points of block P with iq   boundary_candidates, choose_candidate

Budget (docs §3): ε_m = ε/(2L+1) for each of L CHOOSE calls, L candidate EMs and the base
EM; δ_m = δ/L (CHOOSE only); β_m = β/(3L+1).  Lemma 1 needs ε_m < 2: otherwise a
:class:`~geoprivate.privacy.warnings.PrivacyWarning` is emitted and the ledger records
``applies=False``.

Modes.  ``mode="theorem"`` keeps every constant of docs §3/§5.  ``mode="practical"``
may scale the trim amount K by ``k_scale`` (trimming is free for privacy, docs §6): the
privacy constants (Laplace scale 4/ε_m, threshold (8/ε_m) ln(4/(ε_m δ_m)), EM
temperatures, budget split, public candidate sets) are never touched; the utility
theorem (§5) then no longer applies, and the result records it.
"""

from __future__ import annotations

import bisect
import itertools
import math
import numbers
from collections import Counter
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import numpy as np

from geoprivate._validation import (
    Check,
    Delta,
    Epsilon,
    Interval,
    Joint,
    NonNegInt,
    OpenDelta,
    PositiveInt,
    Probability,
    Rng,
    as_rng,
    check_noise_scale,
    checked,
    shown,
)
from geoprivate.mechanisms.choosing import choosing_mechanism, choosing_output_law
from geoprivate.mechanisms.exponential import exponential_mechanism, exponential_mechanism_probabilities
from geoprivate.mechanisms.laplace import uniform_below
from geoprivate.privacy.accounting import PrivacyLedger
from geoprivate.privacy.warnings import warn_below_sample_bound, warn_outside_theorem
from solvers._checks import as_list

# (its exact whole-algorithm audit lives one layer up: geoprivate.audit.interior_point)

__all__ = [
    "N_BASE",
    "InteriorPointParameters",
    "InteriorPointResult",
    "iterated_log2",
    "lcp",
    "domain_chain",
    "interior_quality",
    "is_interior_point",
    "iq_segments",
    "interval_exponential_mechanism",
    "interval_exponential_law",
    "random_pairing",
    "pair_lcps",
    "trim",
    "trim_amount",
    "prefix_counts",
    "choose_prefix",
    "boundary_candidates",
    "choose_candidate",
    "interior_point_parameters",
    "interior_point_sample_size",
    "interior_point",
    "run_interior_point",
    "interior_point_output_law",
]

#: default domain size at which the recursion stops and runs the exponential mechanism (docs §3)
N_BASE = 16
MODES = ("theorem", "practical")
#: largest n for which :func:`interior_point_output_law` enumerates the n! orders of a level
MAX_LAW_N = 8
THEOREM = (
    "RecPrefix-R interior point (toolkit construction, docs/interior_point.md §4): [Yan25] Thm 8 "
    "(EM) + Lemma 1 (choosing mechanism) + Thm 6 (basic composition)"
)


# ====================================================================== integers and domains
#: the largest bit length b of a domain the step functions take (2^b points; the domain chain shrinks
#: N to about log2 N per level, so this is far beyond any domain a run can use)
MAX_BITS = 2**20
#: the largest number of data points a step allocates for (a permutation of n points)
MAX_POINTS = 10**8


def _as_domain_size(domain_size) -> int:
    if isinstance(domain_size, bool) or not isinstance(domain_size, numbers.Integral):
        raise TypeError(f"domain_size must be an integer, got {type(domain_size).__name__}")
    if domain_size < 1:
        raise ValueError(f"domain_size must be >= 1, got {domain_size}")
    return int(domain_size)


def _int_list(value, name: str) -> list[int]:
    """Python ints >= 0 (the points of a domain {0, …, N−1}): bools, floats and ragged input refused."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "iuO" or value.ndim != 1:
            raise TypeError(f"{name} must be a 1-D sequence of integers, got dtype {value.dtype}, shape {value.shape}")
        value = value.tolist()
    out = as_list(value, name, "a sequence of integers")
    for x in out:
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Integral):
            raise TypeError(f"{name} must hold integers, got {type(x).__name__} {x!r}")
        if x < 0:
            raise ValueError(f"{name} must hold non-negative integers (points of the domain), got {x}")
    return [int(x) for x in out]


def _sorted_ints(value, name: str) -> list[int]:
    """:func:`_int_list`, sorted in non-decreasing order (checked, not sorted here)."""
    out = _int_list(value, name)
    if any(a > b for a, b in zip(out, out[1:], strict=False)):
        raise ValueError(f"{name} must be sorted (non-decreasing)")
    return out


def _reals(value, name: str) -> list:
    """A non-empty sequence of real numbers (ints of any size, finite floats)."""
    if isinstance(value, np.ndarray):
        value = value.ravel().tolist()
    out = as_list(value, name, "a sequence of numbers")
    if not out:
        raise ValueError(f"{name} must be non-empty")
    for x in out:
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
            raise TypeError(f"{name} must hold real numbers, got {type(x).__name__} {x!r}")
        if isinstance(x, float | np.floating) and not math.isfinite(x):
            raise ValueError(f"{name} must hold finite numbers, got {x!r}")
    return out


def _fits(values, b: int, name: str) -> None:
    """Every value is a b-bit string: 0 <= x < 2^b."""
    if any(x >> b for x in values):
        raise ValueError(f"{name} must be b-bit numbers (< 2^b, b = {b}), got {max(values)}")


#: points of the domain as Python ints (any size)
_Points = Annotated[Any, Check(_int_list, kind="array")]
#: the same, sorted
_Sorted = Annotated[Any, Check(_sorted_ints, kind="array")]
#: a bit length b (domains of 2^b points)
_Bits = Annotated[int, Interval(ge=0, le=MAX_BITS)]
#: a domain size N = |X| >= 1 (any size: exact integer arithmetic)
_DomainSize = PositiveInt
#: an integer or a real point of the line
_Number = Annotated[int, Interval()] | float


def _as_points(values, domain_size: int, name: str = "values") -> list[int]:
    """The dataset as a list of Python ints in [0, domain_size) (no float conversion)."""
    if isinstance(values, np.ndarray):
        if values.dtype.kind not in "iuO":
            raise TypeError(f"{name} must be integers of the domain, got dtype {values.dtype}")
        values = values.ravel().tolist()
    pts = as_list(values, name, "a sequence of integers of the domain")
    if not pts:
        raise ValueError(f"{name} must be non-empty")
    out = []
    for x in pts:
        if isinstance(x, bool) or not isinstance(x, numbers.Integral):
            raise TypeError(f"{name} must be integers of the domain, got {type(x).__name__} {shown(x)}")
        x = int(x)
        if not 0 <= x < domain_size:
            raise ValueError(f"{name} must lie in [0, domain_size) = [0, {domain_size}), got {shown(x)}")
        out.append(x)
    return out


@checked
def iterated_log2(n: NonNegInt | Annotated[float, Interval(ge=0)]) -> int:
    """log*(n): how often log₂ is applied until the value is <= 1 (exact for huge Python ints).

    Parameters
    ----------
    n : int or float
        The argument (Python ints of any size are handled exactly).

    Returns
    -------
    int
        The least k >= 0 with log₂ applied k times to ``n`` giving a value <= 1.

    Examples
    --------
    >>> iterated_log2(2 ** 1024), iterated_log2(16), iterated_log2(1)
    (5, 3, 0)
    """
    k = 0
    x = n
    while x > 1:
        x = math.log2(x)
        k += 1
    return k


@checked
def lcp(x: NonNegInt, y: NonNegInt, b: _Bits) -> int:
    """Length of the longest common prefix of x and y read as b-bit strings (docs §2).

    Parameters
    ----------
    x, y : int
        Integers in [0, 2^b).
    b : int
        The bit length both are read with.

    Returns
    -------
    int
        The number of leading bits (of b) on which ``x`` and ``y`` agree, in [0, b].

    Examples
    --------
    >>> lcp(5, 5, 4), lcp(5, 4, 4), lcp(0, 8, 4)
    (4, 3, 0)
    """
    _fits((x, y), b, "x and y")
    return b - (x ^ y).bit_length()


@checked
def domain_chain(domain_size: _DomainSize, n_base: Annotated[int, Interval(ge=3)] = N_BASE) -> tuple[int, ...]:
    """N_0 = N, N_{i+1} = bitlen(N_i − 1) + 1, stopping at the first N_L <= n_base (docs §3).

    Parameters
    ----------
    domain_size : int
        N = |X| >= 1 (a Python int of any size).
    n_base : int, default N_BASE
        The size at which the recursion stops and the base exponential mechanism runs.

    Returns
    -------
    tuple of int
        (N_0, N_1, …, N_L): the domain sizes of the recursion's levels, N_0 = N.

    Examples
    --------
    >>> domain_chain(2 ** 1024)[1:], domain_chain(16, 4)
    ((1025, 12), (16, 5, 4))
    """
    chain = [domain_size]
    while chain[-1] > n_base:
        chain.append((chain[-1] - 1).bit_length() + 1)
    return tuple(chain)


# ====================================================================== interior quality
def _iq(sorted_values: list, v) -> int:
    """iq(S, v) on a checked sorted list (the steps' inner loop)."""
    return min(bisect.bisect_right(sorted_values, v), len(sorted_values) - bisect.bisect_left(sorted_values, v))


@checked
def interior_quality(sorted_values: _Sorted, v: _Number) -> int:
    """iq(S, v) = min(#{x in S: x <= v}, #{x in S: x >= v}) for a *sorted* list S (docs §2).

    Parameters
    ----------
    sorted_values : sequence of int
        The dataset S, sorted ascending.
    v : int
        A candidate point.

    Returns
    -------
    int
        iq(S, v), the score of the exponential mechanism of [Yan25] Thm 8 as used here.
    """
    le = bisect.bisect_right(sorted_values, v)
    ge = len(sorted_values) - bisect.bisect_left(sorted_values, v)
    return min(le, ge)


@checked
def is_interior_point(values: Annotated[Any, Check(_reals, kind="array")], v: _Number) -> bool:
    """Whether min(values) <= v <= max(values) (the interior point problem; exact for ints).

    Parameters
    ----------
    values : sequence of int or float
        The dataset S (non-empty).
    v : int or float
        The candidate point.

    Returns
    -------
    bool
        True when ``v`` lies between the smallest and largest element of ``values``.
    """
    return min(values) <= v <= max(values)


@checked
def iq_segments(sorted_values: _Sorted, domain_size: _DomainSize):
    """The domain [0, N) cut into maximal runs on which iq is constant.

    Returns ``(starts, lengths, scores)`` (lists of Python ints): the gap before the first
    distinct value, each distinct value, each gap between two, the gap after the last —
    empty runs dropped.  At most 2k + 1 runs for k distinct values.

    Parameters
    ----------
    sorted_values : sequence of int
        The dataset S, sorted ascending, inside [0, N).
    domain_size : int
        N = |X|.

    Returns
    -------
    starts, lengths, scores : list of int
        Start, length and iq value of each run, in increasing order of start.
    """
    n = len(sorted_values)
    if n and sorted_values[-1] >= domain_size:
        raise ValueError(f"sorted_values must lie in [0, domain_size) = [0, {domain_size}), got {sorted_values[-1]}")
    distinct: list[tuple[int, int]] = sorted(Counter(sorted_values).items())
    starts, lengths, scores = [], [], []
    below = 0  # #{x < current position}
    prev_end = 0  # first domain point not yet covered
    for d, c in distinct:
        if d > prev_end:  # open gap (prev, d): #{x <= v} = below, #{x >= v} = n - below
            starts.append(prev_end)
            lengths.append(d - prev_end)
            scores.append(min(below, n - below))
        starts.append(d)
        lengths.append(1)
        scores.append(min(below + c, n - below))
        below += c
        prev_end = d + 1
    if prev_end < domain_size:
        starts.append(prev_end)
        lengths.append(domain_size - prev_end)
        scores.append(0)
    return starts, lengths, scores


def _segment_logits(lengths, scores, epsilon):
    return np.array([math.log(L) for L in lengths]) + np.asarray(scores, np.float64) * (epsilon / 2.0)


@checked
def interval_exponential_law(sorted_values: _Sorted, domain_size: _DomainSize, epsilon: Epsilon):
    """Exact law of :func:`interval_exponential_mechanism`: ``(starts, lengths, segment_probs)``.

    Each point of a run gets probability segment_prob / length.

    Parameters
    ----------
    sorted_values : sequence of int
        The dataset S, sorted ascending, inside [0, N).
    domain_size : int
        N = |X|.
    epsilon : float
        The mechanism's ε > 0.

    Returns
    -------
    starts, lengths : list of int
        The runs of :func:`iq_segments`.
    segment_probs : list of float
        The probability of each run (they sum to 1).
    """
    starts, lengths, scores = iq_segments(sorted_values, domain_size)
    z = _segment_logits(lengths, scores, epsilon)
    p = np.exp(z - z.max())
    return starts, lengths, p / p.sum()


@checked
def interval_exponential_mechanism(sorted_values: _Sorted, domain_size: _DomainSize, epsilon: Epsilon, rng: Rng) -> int:
    """The exponential mechanism over X = {0, …, N−1} with score iq ([Yan25] Thm 8), sampled exactly.

    P(v) ∝ exp(ε·iq(S, v)/2).  iq is constant on the runs of :func:`iq_segments`, so a run
    is drawn with weight length·exp(ε·iq/2) (Gumbel-max in log space) and then a uniform
    point inside it: O(n log n) for any N, the domain is never materialised.  ε-DP.

    Parameters
    ----------
    sorted_values : sequence of int
        The dataset S, sorted ascending, inside [0, N).
    domain_size : int
        N = |X| (a Python int of any size).
    epsilon : float
        The privacy parameter ε > 0.
    rng : numpy.random.Generator
        The random source.

    Returns
    -------
    int
        The sampled point v in [0, N).
    """
    starts, lengths, scores = iq_segments(sorted_values, domain_size)
    z = _segment_logits(lengths, scores, epsilon)
    rng = as_rng(rng)
    j = int(np.argmax(z + rng.gumbel(size=z.shape[0])))
    return starts[j] + uniform_below(lengths[j], rng)


# ====================================================================== the steps of one level
@checked
def random_pairing(n: Annotated[int, Interval(ge=0, le=MAX_POINTS)], rng: Rng) -> list[int]:
    """A uniformly random order of range(n) (data-independent; docs §5 step 2 needs it random).

    Parameters
    ----------
    n : int
        The number of indices.
    rng : numpy.random.Generator
        The random source.

    Returns
    -------
    list of int
        A uniformly random permutation of range(n).
    """
    return as_rng(rng).permutation(n).tolist()


@checked
def pair_lcps(
    values: _Points, order: Annotated[Any, Joint("positions of values, each at most once", kind="indices")], b: _Bits
) -> list[int]:
    """y_j = LCP_b(S[order[2j]], S[order[2j+1]]); the last element is dropped when n is odd.

    Parameters
    ----------
    values : sequence of int
        The dataset S, each in [0, 2^b).
    order : sequence of int
        A permutation of range(len(values)) (from :func:`random_pairing`).
    b : int
        The bit length of the current level.

    Returns
    -------
    list of int
        The ⌊n/2⌋ longest-common-prefix lengths y_j of consecutive pairs.
    """
    order = _int_list(order, "order")
    if len(set(order)) != len(order) or (order and max(order) >= len(values)):
        raise ValueError(f"order must be distinct positions of values in [0, {len(values)}), got {order[:8]}...")
    _fits(values, b, "values")
    return [b - (values[order[i]] ^ values[order[i + 1]]).bit_length() for i in range(0, len(order) - 1, 2)]


@checked
def trim(values: _Points, k: NonNegInt) -> list[int]:
    """sorted(values)[k : len − k] (order statistics: maps neighbours to neighbours, docs §4).

    Parameters
    ----------
    values : sequence of int
        The dataset.
    k : int
        Points removed from each end, k >= 0.

    Returns
    -------
    list of int
        The sorted values without the k smallest and the k largest.
    """
    s = sorted(values)
    return s[k : len(s) - k] if len(s) > 2 * k else []


def _k_theorem(n: int, b: int, eps_m: float, delta_m: float, beta_m: float) -> int:
    gamma = 16.0 / eps_m * math.log(4.0 * n / (beta_m * eps_m * delta_m))
    t = 1.0 + 2.0 / eps_m * math.log(4.0 / beta_m)
    return max(math.ceil(2 * math.e * (gamma + t)), math.ceil(math.log2((b + 1) / beta_m)))


@checked
def trim_amount(n: Annotated[int, Interval(ge=0, le=10**300)], b: _Bits, params: InteriorPointParameters) -> int:
    """K(n, b) = max(⌈2e(Γ + T)⌉, ⌈log₂((b+1)/β_m)⌉) (docs §3), times ``k_scale`` in practical mode.

    Γ = (16/ε_m) ln(4n/(β_m ε_m δ_m)) is [Yan25] Lemma 1's utility loss for k = 1, T = 1 + (2/ε_m) ln(4/β_m).

    Parameters
    ----------
    n : int
        The dataset size at this level.
    b : int
        The bit length of this level's domain.
    params : InteriorPointParameters
        The run's configuration (ε_m, δ_m, β_m, mode, ``k_scale``).

    Returns
    -------
    int
        K(n, b) >= 0, the number of points trimmed from each end.
    """
    k = _k_theorem(max(n, 1), b, params.epsilon_step, params.delta_step, params.beta_step)
    return k if params.k_scale == 1.0 else math.ceil(params.k_scale * k)


@checked
def prefix_counts(values: _Points, z: NonNegInt, b: _Bits) -> tuple[list[int], list[int]]:
    """The z-prefixes present in S and their counts (a 1-bounded quality, [Yan25] Def. 12).

    Parameters
    ----------
    values : sequence of int
        The dataset S, each in [0, 2^b).
    z : int
        The prefix length, 0 <= z <= b.
    b : int
        The bit length of the values.

    Returns
    -------
    prefixes, counts : list of int
        The distinct z-bit prefixes present in S (ascending) and how many points carry each.
    """
    if z > b:
        raise ValueError(f"z must be at most b = {b} (a prefix of a b-bit string), got {z}")
    _fits(values, b, "values")
    cnt = Counter(x >> (b - z) for x in values)
    keys = sorted(cnt)
    return keys, [cnt[k] for k in keys]


@checked
def choose_prefix(
    prefixes: _Points,
    counts: Annotated[Any, Joint("one count per prefix (a 1-bounded quality: integers >= 0)", kind="array")],
    epsilon_step: Epsilon,
    delta_step: OpenDelta,
    rng: Rng,
):
    """CHOOSE ([Yan25] Lemma 1, k = 1) over the prefix counts: a prefix or ``None`` (⊥).

    Parameters
    ----------
    prefixes, counts : sequence of int
        The candidate prefixes and their qualities (from :func:`prefix_counts`).
    epsilon_step, delta_step : float
        The privacy parameters of this choosing step.
    rng : numpy.random.Generator
        The random source.

    Returns
    -------
    int or None
        The chosen prefix, or ``None`` when the mechanism outputs ⊥.
    """
    counts = _int_list(counts, "counts")
    if len(counts) != len(prefixes):
        raise ValueError(f"counts must have one entry per prefix of prefixes ({len(prefixes)}), got {len(counts)}")
    if counts and max(counts) >= 2**63:
        raise ValueError(f"counts must be counts of a dataset (< 2^63), got {shown(max(counts))}")
    check_noise_scale(4.0 / epsilon_step, "epsilon_step", because="the noise scale 4/epsilon_step")
    j = choosing_mechanism(counts, epsilon_step, delta_step, 1, rng=rng)
    return None if j is None else prefixes[j]


def choose_prefix_law(prefixes, counts, epsilon_step, delta_step) -> dict:
    """Exact law of :func:`choose_prefix`: {prefix or None: probability}."""
    probs, p_halt = choosing_output_law(counts, epsilon_step, delta_step, 1)
    law = {p: float(q) for p, q in zip(prefixes, probs, strict=True) if q > 0}
    law[None] = float(p_halt)
    return law


@checked
def boundary_candidates(prefix: NonNegInt, z: NonNegInt, b: _Bits, domain_size: _DomainSize) -> list[int]:
    """Block min, block max and split point of the z-prefix block ``prefix`` (public values only).

    With s = b − z: {P·2^s, (P+1)·2^s − 1} ∪ {P·2^s + 2^(s−1) − 1 if s >= 1}, clamped to N − 1.

    Parameters
    ----------
    prefix : int
        The z-bit prefix P.
    z : int
        The prefix length.
    b : int
        The bit length of the domain.
    domain_size : int
        N = |X| (candidates are clamped to N − 1).

    Returns
    -------
    list of int
        The distinct candidates (at most three), ascending.
    """
    if z > b:
        raise ValueError(f"z must be at most b = {b} (a prefix of a b-bit string), got {z}")
    if prefix >> z:
        raise ValueError(f"prefix must be a z-bit number (< 2^z, z = {z}), got {prefix}")
    s = b - z
    cands = {prefix << s, ((prefix + 1) << s) - 1}
    if s >= 1:
        cands.add((prefix << s) + (1 << (s - 1)) - 1)
    return sorted({min(c, domain_size - 1) for c in cands})


@checked
def choose_candidate(sorted_values: _Sorted, candidates: _Points, epsilon_step: Epsilon, rng: Rng) -> int:
    """Exponential mechanism ([Yan25] Thm 8) over the <= 3 candidates with score iq.

    Parameters
    ----------
    sorted_values : sequence of int
        The dataset S, sorted ascending.
    candidates : sequence of int
        The candidate points (from :func:`boundary_candidates`).
    epsilon_step : float
        The privacy parameter of this step.
    rng : numpy.random.Generator
        The random source.

    Returns
    -------
    int
        The chosen candidate.
    """
    if not candidates:
        raise ValueError("candidates must be non-empty")
    q = [_iq(sorted_values, c) for c in candidates]
    return candidates[exponential_mechanism(q, epsilon_step, 1.0, rng=rng)]


def _candidate_law(sorted_values, candidates, epsilon_step) -> dict:
    q = [_iq(sorted_values, c) for c in candidates]
    return dict(zip(candidates, exponential_mechanism_probabilities(q, epsilon_step).tolist(), strict=True))


# ====================================================================== parameters
@checked
@dataclass(frozen=True)
class InteriorPointParameters:
    """Configuration of RecPrefix-R and its sample bound (docs §3, §5).

    Attributes
    ----------
    domain_size : int
        N = |X|.
    chain : tuple of int
        N_0 = N, …, N_L (:func:`domain_chain`); ``levels`` = L.
    epsilon_step, delta_step, beta_step : float
        ε/(2L+1), δ/L (0 when L = 0), β/(3L+1).
    n_required : int
        §5's n_req with the theorem's K (``k_scale`` = 1): with |S| >= n_required the output
        is an interior point w.p. >= 1 − β.  This is the construction's own bound, not
        [Yan25] Theorem 9's n_PM.
    privacy_applies : bool
        ε_m < 2 (Lemma 1's hypothesis for the CHOOSE steps) or L = 0.
    utility_proved : bool
        ``k_scale == 1`` (theorem mode): §5's proof applies to runs with n >= n_required.
    """

    domain_size: int
    epsilon: float
    delta: float
    beta: float
    mode: str
    n_base: int
    k_scale: float
    chain: tuple
    levels: int
    epsilon_step: float
    delta_step: float
    beta_step: float
    n_required: int
    privacy_applies: bool
    utility_proved: bool
    log_star: int = field(default=0)


def _level_requirement(n_next: int, b: int, eps_m, delta_m, beta_m) -> int:
    """Least n with ⌊n/2⌋ − 2K(n, b) >= n_next (K of the theorem; docs §5)."""

    def ok(n):
        return n // 2 - 2 * _k_theorem(n, b, eps_m, delta_m, beta_m) >= n_next

    hi = max(2, 2 * n_next)
    while not ok(hi):
        hi *= 2
    # ⌊n/2⌋ − 2K is non-decreasing up to K's ceiling, which moves by < 1 per step once n > 64e/ε_m
    return first_true(ok, hi // 2, hi)


def first_true(pred, lo: int, hi: int) -> int:
    """Least integer k in [lo, hi] with pred(k), for a predicate monotone on [lo, hi] with pred(hi)."""
    while lo < hi:
        mid = (lo + hi) // 2
        if pred(mid):
            hi = mid
        else:
            lo = mid + 1
    return hi


def _required(chain, eps_m, delta_m, beta_m) -> int:
    L = len(chain) - 1
    n = math.ceil(2 + 4.0 / eps_m * math.log(chain[L] / beta_m))  # base case EM over N_L
    for i in range(L - 1, -1, -1):
        n = _level_requirement(n, (chain[i] - 1).bit_length(), eps_m, delta_m, beta_m)
    return n


_Mode = Literal["theorem", "practical"]
_NBase = Annotated[int, Interval(ge=3)]
_KScale = Annotated[float, Interval(ge=0, le=1)]


@checked
def interior_point_parameters(
    domain_size: _DomainSize,
    epsilon: Epsilon,
    delta: Delta,
    beta: Probability,
    *,
    mode: _Mode = "theorem",
    n_base: _NBase = N_BASE,
    k_scale: _KScale = 1.0,
) -> InteriorPointParameters:
    """Validate and compute the configuration and §5 sample bound of RecPrefix-R.

    Parameters
    ----------
    domain_size : int
        N = |X| >= 1.
    epsilon, delta, beta : float
        The run's privacy parameters and failure probability.
    mode : {"theorem", "practical"}, default "theorem"
        Theorem-mode constants, or the practical constants scaled by ``k_scale``.
    n_base : int, default N_BASE
        The domain size at which the base exponential mechanism runs.
    k_scale : float, default 1.0
        Scale of the trim amount K (practical mode only).

    Returns
    -------
    InteriorPointParameters
        The per-step budgets, the domain chain and the sample bound n_req.

    Raises
    ------
    ValueError
        epsilon <= 0; delta outside (0, 1) when the recursion has a level (CHOOSE needs
        δ > 0); beta outside (0, 1); mode unknown; n_base < 3; k_scale outside [0, 1] or
        != 1 in theorem mode.
    """
    n, eps, dlt, b, ks = domain_size, epsilon, delta, beta, k_scale
    if mode == "theorem" and ks != 1.0:
        raise ValueError(
            f"k_scale: theorem mode keeps the trim amount K of docs §5 (k_scale=1), got {k_scale!r}; "
            "use mode='practical' to scale it"
        )
    chain = domain_chain(n, n_base)
    L = len(chain) - 1
    if L >= 1 and dlt == 0:
        raise ValueError(
            f"delta must lie in (0, 1) for a domain of size {n} > n_base={n_base} "
            "(the choosing mechanism needs delta > 0), got 0"
        )
    eps_m = eps / (2 * L + 1)
    dlt_m = dlt / L if L else 0.0
    b_m = b / (3 * L + 1)
    try:
        if eps_m <= 0 or (L and dlt_m <= 0):
            raise ZeroDivisionError
        n_req = _required(chain, eps_m, dlt_m, b_m)
    except (OverflowError, ZeroDivisionError):
        raise ValueError(
            f"epsilon={eps!r}, delta={dlt!r}, beta={b!r}: RecPrefix-R's sample bound (docs/"
            f"interior_point.md §5) overflows a float at these parameters (epsilon/(2L+1) = {eps_m!r}, "
            f"L = {L}); use a larger epsilon, delta or beta"
        ) from None
    return InteriorPointParameters(
        n,
        eps,
        dlt,
        b,
        mode,
        int(n_base),
        ks,
        chain,
        L,
        eps_m,
        dlt_m,
        b_m,
        n_req,
        L == 0 or eps_m < 2,
        ks == 1.0,
        iterated_log2(n),
    )


@checked
def interior_point_sample_size(
    domain_size: _DomainSize, epsilon: Epsilon, delta: Delta, beta: Probability, *, n_base: _NBase = N_BASE
) -> int:
    """n_req of docs §5: RecPrefix-R (theorem mode) returns an interior point w.p. >= 1 − β.

    Parameters
    ----------
    domain_size : int
        N = |X| >= 1.
    epsilon, delta, beta : float
        The privacy parameters and the failure probability.
    n_base : int, default N_BASE
        The domain size at which the base exponential mechanism runs.

    Returns
    -------
    int
        n_req, the sample size from which the theorem-mode run succeeds w.p. >= 1 − β.

    Examples
    --------
    >>> interior_point_sample_size(2 ** 32, 1.0, 1e-6, 0.1)
    176996
    """
    return interior_point_parameters(domain_size, epsilon, delta, beta, n_base=n_base).n_required


# ====================================================================== the algorithm
@checked
@dataclass(frozen=True)
class InteriorPointResult:
    """Output of :func:`interior_point`.

    ``value`` is the output (``default`` when ``failed``); ``failed`` is True when a level
    returned FAIL (trim emptied the data, or CHOOSE returned ⊥) — post-processing of the
    private transcript; ``trace`` lists per level (N, n, K, z, prefix) for inspection.

    Attributes
    ----------
    value : int
        The interior point (``default`` when ``failed``).
    failed : bool
        Whether some level returned FAIL.
    params : InteriorPointParameters
        The configuration the run used.
    n : int
        The number of data points.
    trace : tuple
        Per level (N, n, K, z, prefix).
    """

    value: int
    failed: bool
    params: InteriorPointParameters
    n: int
    trace: tuple = ()

    @property
    def utility_guaranteed(self) -> bool:
        """§5's theorem applies to this run: theorem constants and n >= n_required."""
        return self.params.utility_proved and self.n >= self.params.n_required

    @property
    def utility_proved(self) -> bool:
        """The accuracy verdict under the project-wide name (same as :attr:`utility_guaranteed`)."""
        return self.utility_guaranteed

    @property
    def privacy_applies(self) -> bool:
        """Every condition of the privacy proof holds for the parameters used (:func:`interior_point`)."""
        return self.params.privacy_applies


def _interior(values, level, params, rng, trace):
    """INTERIOR(S, N_level) of docs §3; returns an int or None (FAIL)."""
    N = params.chain[level]
    s_sorted = sorted(values)
    if level == params.levels:  # base case
        trace.append(dict(level=level, N=N, n=len(values)))
        return interval_exponential_mechanism(s_sorted, N, params.epsilon_step, rng)
    b = (N - 1).bit_length()
    y = pair_lcps(values, random_pairing(len(values), rng), b)
    k = trim_amount(len(values), b, params)
    y_trim = trim(y, k)
    rec = dict(level=level, N=N, n=len(values), K=k)
    trace.append(rec)
    if not y_trim:
        rec.update(fail="trim emptied the pairs")
        return None
    z = _interior(y_trim, level + 1, params, rng, trace)
    if z is None:
        return None
    prefixes, counts = prefix_counts(values, z, b)
    p = choose_prefix(prefixes, counts, params.epsilon_step, params.delta_step, rng)
    rec.update(z=z)
    if p is None:
        rec.update(fail="choosing mechanism returned bottom")
        return None
    rec.update(prefix=p)
    return choose_candidate(s_sorted, boundary_candidates(p, z, b, N), params.epsilon_step, rng)


def _privacy_check(params: InteriorPointParameters, strict: bool) -> None:
    if not params.privacy_applies:
        warn_outside_theorem(
            f"RecPrefix-R: epsilon_step = epsilon/(2L+1) = {params.epsilon_step:.4g} >= 2, "
            "outside [Yan25] Lemma 1 (choosing mechanism needs epsilon < 2): the "
            f"({params.epsilon}, {params.delta})-DP guarantee is not established",
            strict=strict,
        )


_Values = Annotated[Any, Joint("integers in [0, domain_size), non-empty (_as_points)", kind="array")]


@checked
def interior_point(
    values: _Values,
    domain_size: _DomainSize,
    epsilon: Epsilon,
    delta: Delta,
    beta: Probability,
    *,
    mode: _Mode = "theorem",
    n_base: _NBase = N_BASE,
    k_scale: _KScale = 1.0,
    default: NonNegInt = 0,
    rng: Rng = None,
    ledger: PrivacyLedger | None = None,
    strict: bool = False,
) -> InteriorPointResult:
    """RecPrefix-R: an (ε, δ)-DP interior point of ``values`` over X = {0, …, N−1} (docs §3–§5).

    The toolkit's construction (not a transcription of BNSV15/KLMNS20/CLNSS23, whose texts
    were unavailable); privacy from [Yan25] Thm 8, Lemma 1 and Thm 6 only.

    Parameters
    ----------
    values : sequence of int in [0, N)
        The dataset S (Python ints of any size; numpy integer arrays are accepted).
    domain_size : int >= 1
        N = |X| (may be 2^1024 or larger).
    epsilon, delta, beta : float
        Total privacy budget and failure probability (δ > 0 needed when N > n_base).
    mode : {"theorem", "practical"}
    n_base : int >= 3
        Recursion stops at N <= n_base (default 16).
    k_scale : float in [0, 1]
        Practical mode: trim K scaled by this factor (voids §5, not privacy).
    default : int
        The (data-independent) output on FAIL.
    rng : Generator, int or None
    ledger : PrivacyLedger, optional
        One entry ``"interior_point"`` with (ε, δ), ``applies`` = Lemma 1's ε_m < 2.
    strict : bool
        Raise :class:`~geoprivate.privacy.warnings.PrivacyParameterError` instead of warning.

    Returns
    -------
    InteriorPointResult
        ``failed`` (then ``value`` is ``default``), ``privacy_applies``, ``utility_proved``.

    Notes
    -----
    Privacy conditions (``privacy_applies``), evaluated on the parameters used: [Yan25]
    Theorem 8 for the base and candidate exponential mechanisms (score iq of sensitivity 1),
    Lemma 1 for the L choosing steps (needs ε_m = ε/(2L+1) < 2 and δ_m = δ/L > 0; δ > 0 is
    enforced), Theorem 6 for the basic composition of the 2L+1 steps; the pairing, LCP and
    trim transforms map neighbours to neighbours (docs §4).  Accuracy (``utility_proved``):
    theorem mode (k_scale = 1) and n >= n_required (docs §5); below it a
    :class:`~geoprivate.privacy.warnings.UtilityWarning` is emitted.

    Examples
    --------
    >>> S = [2 ** 1000 + 3 * i for i in range(30000)]
    >>> r = interior_point(S, 2 ** 1024, 1.0, 1e-6, 0.1, mode="practical", k_scale=0.05, rng=0)
    >>> r.failed, is_interior_point(S, r.value), r.params.levels, r.utility_guaranteed
    (False, True, 2, False)
    """
    params = interior_point_parameters(domain_size, epsilon, delta, beta, mode=mode, n_base=n_base, k_scale=k_scale)
    pts = _as_points(values, params.domain_size)
    if len(pts) < params.n_required:
        warn_below_sample_bound(
            f"RecPrefix-R: n = {len(pts)} < n_required = {params.n_required} "
            "(docs/interior_point.md §5); accuracy not proved (privacy holds)",
            stacklevel=3,
        )
    res = run_interior_point(pts, params, default=default, rng=rng, strict=strict)
    if ledger is not None:
        ledger.record(
            "interior_point",
            params.epsilon,
            params.delta,
            THEOREM,
            params.privacy_applies,
            **_ledger_params(params, len(pts), res.failed),
        )
    return res


@checked
def run_interior_point(
    points: _Values,
    params: InteriorPointParameters,
    *,
    default: NonNegInt = 0,
    rng: Rng = None,
    strict: bool = False,
) -> InteriorPointResult:
    """RecPrefix-R on validated ``points`` with computed ``params``: the run shared by
    :func:`interior_point` and the median of footnote 3 (no ledger entry, no sample-bound
    warning; the privacy warning of [Yan25] Lemma 1 is emitted here).

    Parameters
    ----------
    points : list of int
        The validated dataset, each in [0, N).
    params : InteriorPointParameters
        From :func:`interior_point_parameters`.
    default : int, default 0
        The value reported on FAIL (``failed`` is then True).
    rng : Generator, int or None
        The random source (SPEC 7).
    strict : bool, default False
        Refuse (``PrivacyParameterError``) instead of warning outside Lemma 1's hypotheses.

    Returns
    -------
    InteriorPointResult
        The point, whether the run failed, and the run's verdicts.
    """
    if default >= params.domain_size:
        raise ValueError(f"default must be an integer in [0, domain_size), got {default!r}")
    points = _as_points(points, params.domain_size, "points")
    _privacy_check(params, strict)
    trace: list = []
    out = _interior(points, 0, params, as_rng(rng), trace)
    failed = out is None
    return InteriorPointResult(int(default) if failed else out, failed, params, len(points), tuple(trace))


def _ledger_params(params: InteriorPointParameters, n: int, failed: bool) -> dict:
    return dict(
        n=n,
        domain_bits=(params.domain_size - 1).bit_length(),
        levels=params.levels,
        mode=params.mode,
        k_scale=params.k_scale,
        n_base=params.n_base,
        beta=params.beta,
        epsilon_step=params.epsilon_step,
        delta_step=params.delta_step,
        n_required=params.n_required,
        utility_guaranteed=params.utility_proved and n >= params.n_required,
        failed=failed,
    )


# ====================================================================== exact output law (audits)
def _base_law(values, N, eps_m) -> dict:
    starts, lengths, probs = interval_exponential_law(sorted(values), N, eps_m)
    law: dict = {}
    for s, L, p in zip(starts, lengths, probs.tolist(), strict=True):
        for v in range(s, s + L):
            law[v] = law.get(v, 0.0) + p / L
    return law


def _pairing_classes(values, b, k) -> Counter:
    """Multiset of trimmed LCP datasets over all orders of range(n), each order equally likely."""
    out: Counter = Counter()
    for order in itertools.permutations(range(len(values))):
        out[tuple(trim(pair_lcps(values, order, b), k))] += 1
    return out


def _law(values, level, params, memo) -> dict:
    key = (tuple(sorted(values)), level)
    if key in memo:
        return memo[key]
    N = params.chain[level]
    if level == params.levels:
        memo[key] = _base_law(values, N, params.epsilon_step)
        return memo[key]
    b = (N - 1).bit_length()
    s_sorted = sorted(values)
    classes = _pairing_classes(values, b, trim_amount(len(values), b, params))
    total = sum(classes.values())
    law: dict = {}

    def add(v, p):
        law[v] = law.get(v, 0.0) + p

    for y_trim, count in classes.items():
        w = count / total
        if not y_trim:
            add(None, w)
            continue
        for z, pz in _law(list(y_trim), level + 1, params, memo).items():
            if z is None:
                add(None, w * pz)
                continue
            prefixes, counts = prefix_counts(values, z, b)
            for p, pp in choose_prefix_law(prefixes, counts, params.epsilon_step, params.delta_step).items():
                if p is None:
                    add(None, w * pz * pp)
                    continue
                for c, pc in _candidate_law(s_sorted, boundary_candidates(p, z, b, N), params.epsilon_step).items():
                    add(c, w * pz * pp * pc)
    memo[key] = law
    return law


@checked
def interior_point_output_law(
    values: _Values,
    domain_size: _DomainSize,
    epsilon: Epsilon,
    delta: Delta,
    beta: Probability,
    *,
    mode: _Mode = "theorem",
    n_base: _NBase = N_BASE,
    k_scale: _KScale = 1.0,
    max_n: Annotated[int, Interval(ge=1, le=MAX_LAW_N)] = 8,
) -> dict:
    """Exact output law of :func:`interior_point` on a tiny instance: {value or None (FAIL): prob}.

    Enumerates every order of the data at every level (n! orders, hence ``max_n``), the
    base EM's law, the choosing mechanism's closed-form law (:func:`choosing_output_law`)
    and the candidate EM's law — the same step functions the sampler runs.  Floating-point
    sums of closed-form probabilities.  ``max_n`` is at most :data:`MAX_LAW_N` = 8 (12! orders
    would take hours).

    Parameters
    ----------
    values : sequence of int
        The dataset (at most ``max_n`` points).
    domain_size : int
        N = |X|.
    epsilon, delta, beta : float
        As for :func:`interior_point`.
    mode, n_base, k_scale
        As for :func:`interior_point_parameters`.
    max_n : int, default 8
        Refuse larger datasets (at most :data:`MAX_LAW_N`).

    Returns
    -------
    dict
        Output value (``None`` for FAIL) -> probability.
    """
    params = interior_point_parameters(domain_size, epsilon, delta, beta, mode=mode, n_base=n_base, k_scale=k_scale)
    pts = _as_points(values, params.domain_size)
    if len(pts) > max_n:
        raise ValueError(f"values: the exact law enumerates n! orders; n must be <= max_n={max_n}, got {len(pts)}")
    return _law(pts, 0, params, {})
