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

The sum over the threshold noise ρ ∈ ℤ is exact: outside a finite window every query's
⊤-probability is linear in x = r_ν^ρ (upper tail) or in y = r_ν^(−ρ) (lower tail), so a
transcript's conditional probability is a polynomial whose terms are geometric series in ρ
with closed-form sums; inside the window the sum is finite.
"""

from __future__ import annotations

from fractions import Fraction

from geoprivate.audit.exact import LogRational

__all__ = ["SVT_VARIANTS", "svt_geometric_law", "svt_claimed_epsilon"]

#: variant -> (threshold-noise power of s, query-noise power of s or None, strict >, cut-off or None)
SVT_VARIANTS: dict = {
    "SVT": (2, 1, False, 1),
    "iSVT1": (2, None, False, None),
    "iSVT2": (2, 2, False, None),
    "iSVT3": (1, 3, True, 1),
}


def svt_claimed_epsilon(s) -> LogRational:
    """The ε every variant claims at noise base ``s``: ε = 4 ln(1/s), as an exact :class:`LogRational`.

    Parameters
    ----------
    s : Fraction
        The noise base e^(−ε/4), 0 < s < 1.

    Returns
    -------
    LogRational
        ε with e^ε = s^(−4).
    """
    return LogRational(1 / Fraction(s) ** 4)


def _ratio(r, name: str) -> Fraction:
    """A noise ratio: a rational in (0, 1)."""
    r = Fraction(r)
    if not 0 < r < 1:
        raise ValueError(f"{name} must lie in (0, 1), got {r}")
    return r


def _integer_queries(queries) -> list:
    """Query values: a non-empty sequence of integers."""
    q = [int(v) for v in queries]
    if not q or any(v != x for v, x in zip(q, queries, strict=True)):
        raise ValueError(f"queries must be a non-empty sequence of integers, got {queries!r}")
    return q


def _tail_above(r: Fraction, k: int) -> Fraction:
    """P(ν >= k) for the two-sided geometric law of ratio r."""
    if k >= 1:
        return r**k / (1 + r)
    return 1 - r ** (1 - k) / (1 + r)


def _poly_mul(a: list, b: list) -> list:
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _transcripts(p_top: list, cutoff) -> dict:
    """Transcript (tuple of bool) -> polynomial (coefficient list) from per-query ⊤ polynomials."""
    out: dict = {}

    def walk(i, prefix, tops, poly):
        if i == len(p_top) or (cutoff is not None and tops >= cutoff):
            out[prefix] = poly
            return
        top = p_top[i]
        bottom = [1 - top[0]] + [-c for c in top[1:]]
        walk(i + 1, prefix + (True,), tops + 1, _poly_mul(poly, top))
        walk(i + 1, prefix + (False,), tops, _poly_mul(poly, bottom))

    walk(0, (), 0, [Fraction(1)])
    return out


def svt_geometric_law(queries, s, variant: str = "SVT", threshold: int = 1) -> dict:
    """Exact law of a sparse-vector variant with two-sided geometric noise (module docstring).

    Parameters
    ----------
    queries : sequence of int
        The query values q_j(D) (sensitivity 1).
    s : Fraction
        The noise base e^(−ε/4), 0 < s < 1 (the claimed ε is :func:`svt_claimed_epsilon`).
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
    if variant not in SVT_VARIANTS:
        raise ValueError(f"variant must be one of {sorted(SVT_VARIANTS)}, got {variant!r}")
    s = _ratio(s, "s")
    q = _integer_queries(queries)
    p_rho, p_nu, strict, cutoff = SVT_VARIANTS[variant]
    r_rho = s**p_rho
    r_nu = None if p_nu is None else s**p_nu
    shift = int(threshold) + (1 if strict else 0)  # ⊤ iff q + ν >= shift + ρ
    c_rho = (1 - r_rho) / (1 + r_rho)
    hi = max(max(q) - shift + 1, 0)  # ρ >= hi: every k = shift + ρ − q >= 1
    lo = min(min(q) - shift, 0)  # ρ <= lo: every k <= 0
    law: dict = {}

    def add(polys: dict, weight_of_power) -> None:
        for t, poly in polys.items():
            mass = sum((c * weight_of_power(k) for k, c in enumerate(poly) if c), Fraction(0))
            if mass:
                law[t] = law.get(t, Fraction(0)) + mass

    for rho in range(lo + 1, hi):  # the finite window
        if r_nu is None:
            tops = [[Fraction(1 if v >= shift + rho else 0)] for v in q]
        else:
            tops = [[_tail_above(r_nu, shift + rho - v)] for v in q]
        w = c_rho * r_rho ** abs(rho)
        add(_transcripts(tops, cutoff), lambda k, w=w: w if k == 0 else Fraction(0))
    # upper tail ρ >= hi: P(⊤_j) = r_ν^(shift − q_j) / (1 + r_ν) · x with x = r_ν^ρ
    if r_nu is None:
        tops = [[Fraction(0)] for _ in q]
        base = Fraction(1)
    else:
        tops = [[Fraction(0), r_nu ** (shift - v) / (1 + r_nu)] for v in q]
        base = r_nu
    add(_transcripts(tops, cutoff), lambda k: c_rho * (r_rho * base**k) ** hi / (1 - r_rho * base**k))
    # lower tail ρ <= lo: P(⊥_j) = r_ν^(1 − shift + q_j) / (1 + r_ν) · y with y = r_ν^(−ρ)
    if r_nu is None:
        tops = [[Fraction(1)] for _ in q]
    else:
        tops = [[Fraction(1), -(r_nu ** (1 - shift + v)) / (1 + r_nu)] for v in q]
    add(_transcripts(tops, cutoff), lambda k: c_rho * (r_rho * base**k) ** (-lo) / (1 - r_rho * base**k))
    return law
