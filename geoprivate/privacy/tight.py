"""The tight accountant: the optimal composition of the same (ε, δ) components the papers compose.

The papers' proofs compose mechanisms by basic composition ([NNSY23] Proposition 2.5) and
advanced composition ([Yan26] Theorem 3, [DRV10]); :mod:`geoprivate.privacy.accounting` books
exactly those.  For mechanisms known only as (ε, δ)-DP black boxes the *optimal* composition
is known: the adaptive composition of k (ε, δ)-DP mechanisms is (ε', δ')-DP exactly when

.. math:: \\delta' \\ge 1 - (1-\\delta)^k + (1-\\delta)^k \\sum_{l=0}^{k} \\binom{k}{l}
          \\Big[\\frac{e^{(k-l)\\varepsilon} - e^{\\varepsilon'} e^{l\\varepsilon}}{(1+e^\\varepsilon)^k}\\Big]_+

([KOV15] Theorem 3.3, written for every ε'; the KOV formula at ε' = (k − 2i)ε is this sum's
terms l < i).  It is the hockey-stick divergence of the k-fold product of the *canonical pair*
of an (ε, δ)-DP mechanism — P = (δ, (1−δ)e^ε/(1+e^ε), (1−δ)/(1+e^ε), 0) against Q, its mirror —
and every (ε, δ)-DP mechanism is a post-processing of that pair, adaptively too ([KOV15]
Theorem 3.5's proof; [MV16] for mechanisms with different (ε_i, δ_i): the optimal composition of
heterogeneous components is the hockey-stick of the product of their canonical pairs).

This module evaluates that optimum as an **upper bound**:

* each *layer* — ``count`` copies of one (ε, δ) — is the exact law above: its privacy loss is
  ε(k − 2L) with L ~ Bin(k, 1/(1 + e^ε)), and +∞ with probability 1 − (1 − δ)^k (no convolution);
* the layers are rounded *up* to one grid of losses (pessimistic: a larger loss only raises the
  hockey-stick divergence) and composed by Google's ``dp-accounting`` privacy loss distributions
  ([KJH20]'s FFT composition; [DGKKM22]) with ``pessimistic_estimate=True``; the ε at δ is
  ``get_epsilon_for_delta``;
* the binomial tails beyond the window are pessimistic too (the large-loss tail counts as an
  infinite loss, the small-loss tail is moved up to the window's smallest loss), and the ε is
  read at δ minus a margin max(10⁻⁴ δ, 10⁻¹¹) that covers the floating-point error of the FFT.

The grid is 1/2¹⁶ of the largest finite loss kept, so the rounding adds at most (number of
layers)·grid to ε (≈ 10⁻⁵ relative); tests check the numbers against :func:`kov_delta` in exact
rationals and against exact audits of composed randomized response and geometric mechanisms.
The result is never below the exact optimum, and never above basic composition (the smaller of
the two is returned).

``dp-accounting`` is an optional extra (``pip install "geoprivate[accounting]"``): it is imported
inside the functions that need it, with a one-line error when missing.

References
----------
* [KOV15] Theorem 3.3 (optimal composition of k (ε, δ)-DP mechanisms), [MV16] (heterogeneous).
* [KJH20], [DGKKM22]: privacy loss distributions and their pessimistic discretisation, as
  implemented by ``dp-accounting``.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Annotated, Any

from geoprivate._validation import (
    Check,
    Delta,
    Epsilon,
    FloatCount,
    Interval,
    OpenDelta,
    Positive,
    check_int_in_range,
    checked,
    shown,
)
from geoprivate.privacy.accounting import Guarantee

__all__ = [
    "TIGHT_THEOREM",
    "MIN_DELTA",
    "KOV_MAX_K",
    "TIGHT_MAX_COUNT",
    "kov_delta",
    "tight_delta",
    "tight_composition",
    "tight_step_epsilon",
    "tight_c_tops_composition",
    "require_dp_accounting",
]

#: what a guarantee of this accountant rests on (the theorem field of a ledger entry)
TIGHT_THEOREM = (
    "optimal composition of (epsilon, delta)-DP mechanisms ([KOV15] Theorem 3.3, [MV16]), evaluated by "
    "dp-accounting's privacy loss distributions with pessimistic rounding ([KJH20], [DGKKM22])"
)
#: the smallest target δ the accountant reads ε at: below it the FFT's floating-point error is not
#: covered by the margin
MIN_DELTA = 1e-9
#: the losses kept span this many grid steps (the grid is the largest finite loss / GRID_STEPS)
GRID_STEPS = 2**16
#: the most grid steps a user's ``grid=`` may give (the PLD's arrays: 2**24 floats, 128 MiB)
MAX_GRID_STEPS = 2**24
#: mass of each binomial tail moved pessimistically, relative to the target δ
_TAIL = 1e-9
#: a layer's window of L values up to this size is summed from the pmf (beyond it: cdf differences)
_MAX_PMF_WINDOW = 2**22
#: the largest k :func:`kov_delta` sums exactly (k + 1 terms of ~k-bit rationals: about a second at e^eps = 3)
KOV_MAX_K = 3000
#: the most copies of one component the PLD accountant composes: scipy's binomial quantiles, which place
#: each layer's window, are NaN from about 10**16 trials on (a count above is refused, never a NaN)
TIGHT_MAX_COUNT = 10**15
_INSTALL = 'the tight accountant needs dp-accounting: pip install "geoprivate[accounting]" (or dp-accounting)'


def require_dp_accounting():
    """``dp_accounting.pld.privacy_loss_distribution``, or a one-line ``ImportError`` saying how to install it.

    Returns
    -------
    module
        ``dp_accounting.pld.privacy_loss_distribution``.

    Raises
    ------
    ImportError
        dp-accounting is not installed.
    """
    try:
        from dp_accounting.pld import privacy_loss_distribution
    except ImportError:
        raise ImportError(_INSTALL) from None
    return privacy_loss_distribution


# --------------------------------------------------------------------------- components
def _pairs(items, name: str) -> list:
    """``items`` (an iterable, not a string) as (Guarantee, count) pairs: a bare Guarantee counts once."""
    if isinstance(items, (str, bytes)):
        raise TypeError(f"{name} must be an iterable of Guarantee or (Guarantee, count), got a string")
    try:
        listed = list(items)
    except TypeError:
        raise TypeError(
            f"{name} must be an iterable of Guarantee or (Guarantee, count), got {type(items).__name__}"
        ) from None
    return [(x, 1) if isinstance(x, Guarantee) else _pair(x, name) for x in listed]


def _components(components, name: str = "components") -> list[tuple[float, float, int]]:
    """``components`` as (ε, δ, count) triples: each item a :class:`Guarantee` or a pair (Guarantee, count)."""
    out = []
    for g, k in _pairs([components] if isinstance(components, Guarantee) else components, name):
        if g.is_vacuous:
            raise ValueError(f"{name}: a vacuous guarantee {g!r} composes to nothing (no accountant can help)")
        out.append((g.epsilon, g.delta, check_int_in_range(k, "count", 1, TIGHT_MAX_COUNT)))
    if not out:
        raise ValueError(f"{name} must hold at least one guarantee")
    return out


#: components to compose: a Guarantee, or an iterable of Guarantee or (Guarantee, count)
Components = Annotated[Any, Check(_components, kind="object")]


#: further components composed alongside (fixed; may be empty), as (Guarantee, count) pairs
Others = Annotated[Any, Check(_pairs, kind="object")]
#: the ε at which δ(ε) is read: a finite loss >= 0
_LossEpsilon = Annotated[float, Interval(ge=0, lt=math.inf)]
#: a relative tolerance of a bracket: in [1e-9, 1] (a float bracket cannot narrow much below 1e-16)
_Rtol = Annotated[float, Interval(ge=1e-9, le=1)]


def _pair(item, name: str = "components"):
    """``item`` as (Guarantee, count): a pair whose first entry is a :class:`Guarantee`."""
    try:
        g, k = item
    except (TypeError, ValueError):
        raise TypeError(f"{name}: expected a Guarantee or a pair (Guarantee, count), got {shown(item)}") from None
    if not isinstance(g, Guarantee):
        raise TypeError(f"{name}: expected a Guarantee, got {type(g).__name__}")
    return g, k


# --------------------------------------------------------------------------- exact KOV
def _rational(x, name: str) -> Fraction:
    """``x`` as a Fraction: an int or a Fraction only (a float is not exact)."""
    if isinstance(x, bool) or not isinstance(x, (int, Fraction)):
        raise TypeError(f"{name} must be an int or a Fraction (exact), got {type(x).__name__}")
    return Fraction(x)


#: an exact number (int or Fraction), received as a Fraction
_Exact = Annotated[Any, Check(_rational, kind="object")]
#: KOV's k: its sum has k + 1 rational terms of about k log2(e^eps) bits each
_KovK = Annotated[int, Interval(ge=1, le=KOV_MAX_K)]


@checked
def kov_delta(k: _KovK, exp_epsilon: _Exact, delta: _Exact, exp_epsilon_total: _Exact) -> Fraction:
    """The optimal δ' of the k-fold adaptive composition of an (ε, δ)-DP mechanism at ε', exactly.

    δ' = 1 − (1 − δ)^k + (1 − δ)^k Σ_l C(k, l) [a^{k−l} − b a^l]_+ / (1 + a)^k with a = e^ε and
    b = e^{ε'} ([KOV15] Theorem 3.3; at ε' = (k − 2i)ε it is their δ_i).  Rational inputs give a
    rational answer.

    Parameters
    ----------
    k : int
        The number of mechanisms composed.
    exp_epsilon : Fraction or int
        a = e^ε >= 1 of each mechanism.
    delta : Fraction or int
        δ of each mechanism, in [0, 1).
    exp_epsilon_total : Fraction or int
        b = e^{ε'} >= 1 at which the composition is read.

    Returns
    -------
    Fraction
        The least δ' with which the composition is (ε', δ')-DP for every choice of mechanisms.

    Examples
    --------
    >>> kov_delta(2, 3, 0, 1)  # two randomized responses with e^eps = 3, at eps' = 0
    Fraction(1, 2)
    >>> kov_delta(2, 3, 0, 9)  # at eps' = 2 eps: basic composition is exact
    Fraction(0, 1)
    """
    a, d, b = exp_epsilon, delta, exp_epsilon_total
    if a < 1 or b < 1:
        raise ValueError(f"exp_epsilon, exp_epsilon_total: need e^eps >= 1, got {a}, {b}")
    if not 0 <= d < 1:
        raise ValueError(f"delta must lie in [0, 1), got {d}")
    total = sum((math.comb(k, l) * max(Fraction(0), a ** (k - l) - b * a**l) for l in range(k + 1)), Fraction(0))
    keep = (1 - d) ** k
    return 1 - keep + keep * total / (1 + a) ** k


# --------------------------------------------------------------------------- the PLD
def _rounded_layer(eps: float, dlt: float, k: int, grid: float, tail: float):
    """Layer ``k × (ε, δ)`` rounded up to the grid: (index of the first loss, masses, infinite mass)."""
    import numpy as np
    from scipy import stats

    finite = math.exp(k * math.log1p(-dlt)) if dlt > 0 else 1.0
    inf_mass = -math.expm1(k * math.log1p(-dlt)) if dlt > 0 else 0.0
    if eps == 0:
        return 0, np.array([finite]), inf_mass
    q = math.exp(-eps) / (1.0 + math.exp(-eps))  # P(loss step = −ε)
    dist = stats.binom(k, q)
    lo, hi = _window(dist, k, tail)
    g = int(min(hi - lo + 1, max(1.0, grid // (2 * eps))))  # a block of g values of L spans < one grid step
    starts = np.arange(lo, hi + 1, g, dtype=np.int64).astype(np.float64)
    ends = np.minimum(starts + g - 1, hi)
    if g == 1:
        mass = dist.pmf(starts)
    elif hi - lo < _MAX_PMF_WINDOW:  # sum the pmf over each block
        mass = np.add.reduceat(dist.pmf(np.arange(lo, hi + 1, dtype=np.float64)), np.arange(0, hi - lo + 1, g))
    else:  # cdf differences below the mean, sf differences above (no cancellation)
        below = ends <= k * q
        mass = np.empty(starts.size)
        mass[below] = dist.cdf(ends[below]) - dist.cdf(starts[below] - 1)
        mass[~below] = dist.sf(starts[~below] - 1) - dist.sf(ends[~below])
    mass = np.clip(mass, 0.0, None)
    upper = float(dist.cdf(lo - 1)) if lo > 0 else 0.0  # L < lo: the largest losses, counted as infinite
    lower = float(dist.sf(hi)) if hi < k else 0.0  # L > hi: the smallest losses, moved up to the window
    mass[-1] += lower
    idx = np.ceil(eps * (k - 2 * starts) / grid).astype(np.int64)
    base = int(idx.min())
    return base, np.bincount(idx - base, weights=mass * finite), inf_mass + finite * upper


def _window(dist, k: int, tail: float) -> tuple[int, int]:
    """[lo, hi]: the values of L ~ Bin(k, q) outside which each tail has mass <= ``tail``."""
    lo = int(dist.ppf(tail))
    hi = int(dist.isf(tail))
    return max(0, min(lo, k)), max(0, min(max(hi, lo), k))


def _max_loss(eps: float, k: int, tail: float) -> float:
    """The largest finite loss a layer keeps (its window's smallest L)."""
    from scipy import stats

    if eps == 0:
        return 0.0
    q = math.exp(-eps) / (1.0 + math.exp(-eps))
    lo, _ = _window(stats.binom(k, q), k, tail)
    return eps * (k - 2 * lo)


def _composed_pld(comps, tail: float, grid: float | None):
    """dp-accounting's PLD of the composition of the layers, on ``grid`` (default: largest loss / 2¹⁶)."""
    pld = require_dp_accounting()
    from dp_accounting.pld import pld_pmf

    reach = sum(max(_max_loss(e, k, tail), e) for e, _, k in comps)
    if grid is None:
        grid = max(reach, 1e-300) / GRID_STEPS
    elif reach / grid > MAX_GRID_STEPS:  # the PLD's arrays have about reach / grid entries
        raise ValueError(
            f"grid: {grid:g} gives {reach / grid:.3g} loss steps over the losses' reach {reach:.3g} "
            f"(at most {MAX_GRID_STEPS}: a coarser grid)"
        )
    out = None
    for e, d, k in comps:
        base, probs, inf_mass = _rounded_layer(e, d, k, grid, tail)
        pmf = pld_pmf.DensePLDPmf(grid, base, probs, inf_mass, pessimistic_estimate=True)
        layer = pld.PrivacyLossDistribution(pmf)
        out = layer if out is None else out.compose(layer, tail_mass_truncation=tail)
    return out


def _margin(delta: float) -> float:
    return delta - max(1e-4 * delta, 1e-11)


@checked
def tight_delta(components: Components, epsilon: _LossEpsilon, *, grid: Positive | None = None) -> float:
    """An upper bound on the optimal δ at which the composition of ``components`` is ε-DP.

    Parameters
    ----------
    components : iterable of Guarantee or (Guarantee, count)
        The (ε_i, δ_i)-DP mechanisms composed (adaptively), ``count`` copies of each.
    epsilon : float >= 0
        The ε at which δ is read.
    grid : float, optional
        The loss grid (default: the largest finite loss / 2¹⁶; at most :data:`MAX_GRID_STEPS` steps).

    Returns
    -------
    float
        δ(ε) of dp-accounting's pessimistic PLD of the composition (>= the exact optimum [KOV15]).

    Examples
    --------
    >>> round(tight_delta([(Guarantee(math.log(3)), 2)], 0.0), 6)  # two randomized responses: 1/2
    0.5
    """
    pld = _composed_pld(components, 1e-18, grid)
    return float(min(1.0, pld.get_delta_for_epsilon(epsilon)))


@checked
def tight_composition(components: Components, delta: Delta, *, grid: Positive | None = None) -> Guarantee:
    """The (ε, δ) of the optimal composition of ``components`` at total ``delta`` (an upper bound on ε).

    Parameters
    ----------
    components : iterable of Guarantee or (Guarantee, count)
        The (ε_i, δ_i)-DP mechanisms composed (adaptively), ``count`` copies of each.
    delta : 0 or float in [MIN_DELTA, 1)
        The total δ of the composition (it includes the components' own δ_i); at 0 the optimum of
        pure components is basic composition.
    grid : float, optional
        The loss grid (default: the largest finite loss / 2¹⁶; at most :data:`MAX_GRID_STEPS` steps).

    Returns
    -------
    Guarantee
        ``Guarantee(ε, delta, accountant="tight")`` with ε the smaller of dp-accounting's pessimistic
        ε at δ − margin and basic composition (when basic composition's Σ δ_i fits in ``delta``);
        ε = inf when the components' δ_i alone exceed ``delta``.

    Raises
    ------
    ValueError
        ``delta`` in (0, MIN_DELTA) or outside [0, 1); a vacuous or malformed component.
    ImportError
        dp-accounting is not installed.

    Examples
    --------
    >>> g = tight_composition([(Guarantee(0.1), 100)], 1e-6)
    >>> round(g.epsilon, 2), g.accountant   # advanced composition gives 5.76, basic 10
    (4.77, 'tight')
    """
    comps, dlt = components, delta
    basic = Guarantee(sum(e * k for e, _, k in comps), min(1.0, sum(d * k for _, d, k in comps)))
    if dlt == 0:  # pure composition at delta = 0: basic composition is the optimum ([KOV15] Theorem 3.3, i = 0)
        return Guarantee(basic.epsilon if basic.delta == 0 else math.inf, 0.0, accountant="tight")
    if dlt < MIN_DELTA:
        raise ValueError(
            f"delta must be 0 or >= {MIN_DELTA} for the tight accountant (floating-point margin), got {delta!r}"
        )
    pld = _composed_pld(comps, _TAIL * dlt, grid)
    eps = float(pld.get_epsilon_for_delta(_margin(dlt)))
    if basic.delta <= dlt:
        eps = min(eps, basic.epsilon)
    return Guarantee(eps, dlt, accountant="tight")


@checked
def tight_step_epsilon(
    count: FloatCount,
    epsilon: Epsilon,
    delta: Delta,
    *,
    step_delta: Delta = 0.0,
    others: Others = (),
    start: Epsilon | None = None,
    rtol: _Rtol = 1e-3,
) -> float:
    """The largest ε_step (to ``rtol``) with ``count`` × (ε_step, step_delta) and ``others`` tightly (ε, δ)-DP.

    The tight ε grows with ε_step: a bracket [feasible, infeasible] is found from ``start`` (or ε/count,
    basic composition's share) by doubling or halving, then narrowed by false position on
    (log ε_step, log ε) with the Illinois safeguard until its ends are within ``rtol``.  The answer
    is the bracket's feasible end, so the composition at it is (ε, δ)-DP by :func:`tight_composition`.

    Parameters
    ----------
    count : int
        How many mechanisms share the step budget.
    epsilon : float > 0
        The total ε.
    delta : float in [MIN_DELTA, 1)
        The total δ.
    step_delta : float, default 0
        δ of each step.
    others : iterable of Guarantee or (Guarantee, count)
        Further components composed with the steps (fixed).
    start : float, optional
        A first guess of ε_step (e.g. what the paper's accounting allows: feasible, and close).
    rtol : float, default 1e-3
        Relative width of the final bracket, in [1e-9, 1].

    Returns
    -------
    float
        ε_step (0.0 when no ε_step > 0 fits: ``others`` alone exceed the budget).

    Examples
    --------
    >>> e = tight_step_epsilon(100, 1.0, 1e-6)
    >>> round(e, 3), tight_composition([(Guarantee(e), 100)], 1e-6).epsilon <= 1.0
    (0.024, True)
    """
    k, eps, dlt, sd, rest = count, epsilon, delta, step_delta, others

    def log_excess(e: float) -> float:
        """log(tight ε / ε): <= 0 exactly when ε_step = e fits."""
        got = tight_composition([(Guarantee(e, sd), k), *rest], dlt).epsilon
        return math.log(got / eps) if 0 < got < math.inf else (-math.inf if got == 0 else math.inf)

    x = start if start is not None else eps / k  # basic composition's share
    fx = log_excess(x)
    step = 2.0 if fx <= 0 else 0.5
    y, fy = x, fx
    while (fy <= 0) == (fx <= 0):  # walk until the sign changes
        x, fx = y, fy
        y = x * step
        if y < eps * 1e-12 / k or y < 1e-300:  # no step fits (the second test: eps * 1e-12 underflows)
            return 0.0
        fy = log_excess(y)
    (lo, flo), (hi, fhi) = ((x, fx), (y, fy)) if fx <= 0 else ((y, fy), (x, fx))
    side = 0
    while hi / lo > 1 + rtol:
        a, b = math.log(lo), math.log(hi)
        if math.isfinite(flo) and math.isfinite(fhi) and fhi > flo:
            m = a - flo * (b - a) / (fhi - flo)
            m = min(max(m, a + 0.01 * (b - a)), b - 0.01 * (b - a))  # stay inside the bracket
        else:
            m = (a + b) / 2
        mid = math.exp(m)
        fm = log_excess(mid)
        if fm <= 0:
            lo, flo = mid, fm
            fhi, side = (fhi / 2, 1) if side == 1 else (fhi, 1)  # Illinois: halve the stale end
        else:
            hi, fhi = mid, fm
            flo, side = (flo / 2, -1) if side == -1 else (flo, -1)
    return lo


@checked
def tight_c_tops_composition(epsilon: Epsilon, delta: OpenDelta, c: FloatCount, *, others: Others = ()) -> Guarantee:
    """[NNSY23] Observation 2's components composed optimally: c runs of an (ε, δ)-DP BetweenThresholds.

    The same c (ε, δ)-DP segments Observation 2 composes (with ``others`` composed alongside, e.g.
    LabelBoost in Claim E.5), at Observation 2's total δ = 2cδ; compare
    :func:`~geoprivate.privacy.accounting.c_tops_composition`.

    Parameters
    ----------
    epsilon : float > 0
        ε of each run.
    delta : float in (0, 1)
        δ of each run.
    c : int >= 1
        The number of TOPs (runs).
    others : iterable of Guarantee or (Guarantee, count)
        Further mechanisms composed with them.

    Returns
    -------
    Guarantee
        (ε', 2cδ), ``accountant="tight"``.

    Examples
    --------
    >>> g = tight_c_tops_composition(0.0034, 1e-6 / 76102, 38051)  # Observation 2: 3.998
    >>> round(g.epsilon, 2), g.delta
    (3.18, 1e-06)
    """
    if 2 * c * delta >= 1:
        raise ValueError(f"c, delta: Observation 2's total delta 2*c*delta must be < 1, got {2 * c * delta:g}")
    return tight_composition([(Guarantee(epsilon, delta), c), *others], 2 * c * delta)
