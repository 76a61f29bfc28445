"""Hockey-stick divergence between two output laws on a finite outcome set.

The generic exact tester of (ε, δ)-indistinguishability ([NNSY23] Definition 2.1; Dwork–Roth
Definition 2.4): δ(ε) = max over the two directions of Σ_o max(0, P(o) − e^ε Q(o)), and the
least ε with δ(ε) ≤ δ, solved exactly piecewise.  Any mechanism whose output law can be
written down (see the other modules of :mod:`geoprivate.audit`) is audited with these.
"""

from __future__ import annotations

import math
import numbers
from typing import Annotated, Any

import mpmath
import numpy as np

from geoprivate._validation import Interval, Joint, UnitInterval, checked

__all__ = ["hockey_stick", "delta_for_epsilon", "epsilon_for_delta"]

#: a law on a finite outcome set: a sequence of probabilities, or a dict outcome -> probability (checked with
#: the other law: both dicts or both sequences of one length)
Law = Annotated[Any, Joint("p and q are both dicts or both sequences of one length (_as_pair)", kind="array")]
#: ε >= 0, ``inf`` included
ExtendedEpsilon = Annotated[float, Interval(ge=0, le=math.inf)]
#: the tolerance on a float law's total mass
Tolerance = Annotated[float, Interval(gt=0, lt=1)]


def _aligned(p: dict, q: dict):
    keys = list(dict.fromkeys(list(p) + list(q)))
    return keys, [p.get(k, 0) for k in keys], [q.get(k, 0) for k in keys]


def _check_law(values, name: str, atol: float) -> None:
    """A law on a finite outcome set: finite, non-negative entries summing to 1 (within ``atol``)."""
    if not values:
        raise ValueError(f"{name} must be a non-empty probability law")
    total = 0.0
    for i, v in enumerate(values):
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):
            raise TypeError(f"{name}[{i}] must be a real probability, got {type(v).__name__} {v!r}"[:200])
        try:
            x = float(v)
        except OverflowError:  # an int or Fraction beyond the floats
            raise ValueError(
                f"{name}[{i}] must be a finite probability >= 0, got an integer beyond the floats"
            ) from None
        if not math.isfinite(x) or x < 0:
            raise ValueError(f"{name}[{i}] must be a finite probability >= 0, got {v!r}")
        total += x
    if abs(total - 1.0) > atol:
        raise ValueError(f"{name} must sum to 1 (a probability law; tolerance {atol:g}), got sum {total!r}")


def _entries(law, name: str) -> list:
    """A law given as a sequence (or array) of probabilities, as a list (a string or a non-iterable refused)."""
    if isinstance(law, np.ndarray):
        return list(np.ravel(law))
    if isinstance(law, (str, bytes)) or not hasattr(law, "__iter__"):
        raise TypeError(
            f"{name} must be a sequence of probabilities or a dict outcome -> probability, got {type(law).__name__}"
        )
    return list(law)


def _as_pair(p, q, atol: float = 1e-6):
    """Two aligned, validated laws (lists) from two sequences or two dicts outcome -> probability."""
    if isinstance(p, dict) or isinstance(q, dict):
        if not (isinstance(p, dict) and isinstance(q, dict)):
            raise TypeError("p and q must both be dicts (outcome -> probability) or both sequences")
        _, pa, qa = _aligned(p, q)
    else:
        pa, qa = _entries(p, "p"), _entries(q, "q")
        if len(pa) != len(qa):
            raise ValueError(f"p and q must have the same length, got {len(pa)} and {len(qa)}")
    _check_law(pa, "p", atol)
    _check_law(qa, "q", atol)
    return pa, qa


@checked
def hockey_stick(p: Law, q: Law, epsilon: ExtendedEpsilon, *, atol: Tolerance = 1e-6) -> float:
    """One-directional hockey-stick divergence sum_o max(0, p(o) - e^eps q(o)).

    ``p`` and ``q`` are two laws on the same finite outcome set: aligned sequences or dicts
    outcome -> probability (missing outcomes have probability 0).  ``epsilon`` may be 0 or
    ``inf`` (then the divergence is the p-mass of outcomes q never produces: e^inf * 0 is
    taken as 0, the limit as eps -> inf).

    Parameters
    ----------
    p, q : sequence of float or dict
        The two laws.
    epsilon : float
        ε >= 0 (``inf`` allowed).
    atol : float, default 1e-6
        Tolerance on each law's total mass.

    Returns
    -------
    float
        Σ_o max(0, p(o) − e^ε q(o)).

    Raises
    ------
    ValueError
        NaN or negative epsilon; laws of unequal length, with NaN/inf/negative entries,
        or not summing to 1 within ``atol``.
    """
    return _hockey_stick(p, q, epsilon, atol)


def _hockey_stick(p, q, e: float, atol: float) -> float:
    """:func:`hockey_stick` on checked ``e`` and ``atol`` (the laws are checked here)."""
    pa, qa = _as_pair(p, q, atol)
    if math.isinf(e):
        return float(sum(a for a, b in zip(pa, qa, strict=True) if b == 0))
    ee = mpmath.e**e if any(isinstance(x, mpmath.mpf) for x in pa + qa) else (math.exp(e) if e < 709 else math.inf)
    if ee == math.inf:  # eps > ~709: only outcomes with q = 0 contribute
        return float(sum(a for a, b in zip(pa, qa, strict=True) if b == 0))
    return float(sum(max(0, a - ee * b) for a, b in zip(pa, qa, strict=True)))


@checked
def delta_for_epsilon(p: Law, q: Law, epsilon: ExtendedEpsilon, *, atol: Tolerance = 1e-6) -> float:
    """delta(eps): the least delta such that the pair (p, q) is (eps, delta)-indistinguishable.

    Parameters
    ----------
    p, q : sequence of float or dict
        The two laws (as for :func:`hockey_stick`).
    epsilon : float
        ε >= 0 (``inf`` allowed).
    atol : float, default 1e-6
        Tolerance on each law's total mass.

    Returns
    -------
    float
        The larger of the two directions' hockey-stick divergences.
    """
    return max(_hockey_stick(p, q, epsilon, atol), _hockey_stick(q, p, epsilon, atol))


def _eps_one_direction(pa, qa, delta) -> float:
    """Least eps >= 0 with sum max(0, p - e^eps q) <= delta, solved piecewise exactly."""
    if any(isinstance(x, mpmath.mpf) for x in pa) or any(isinstance(x, mpmath.mpf) for x in qa):
        return _eps_one_direction_mp(pa, qa, delta)
    p = np.asarray(pa, dtype=np.float64)
    q = np.asarray(qa, dtype=np.float64)
    mass_inf = float(p[(q <= 0) & (p > 0)].sum())
    if mass_inf > delta:
        return math.inf
    keep = (p > 0) & (q > 0)
    p, q = p[keep], q[keep]
    r = np.log(p) - np.log(q)
    order = np.argsort(-r, kind="stable")
    r, p, q = r[order], p[order], q[order]
    pos = r > 0
    r, p, q = r[pos], p[pos], q[pos]
    if r.size == 0:
        return 0.0
    A = mass_inf + np.cumsum(p)
    B = np.cumsum(q)
    nxt = np.append(r[1:], 0.0)
    val_at_next = A - np.exp(nxt) * B  # delta(eps) at the lower end of segment j
    idx = np.flatnonzero(val_at_next > delta)
    if idx.size == 0:
        return 0.0
    j = int(idx[0])
    return float(math.log(A[j] - delta) - math.log(B[j]))  # not log(x / y): the ratio may overflow


def _eps_one_direction_mp(pa, qa, delta) -> float:
    mass_inf = sum(a for a, b in zip(pa, qa, strict=True) if b <= 0 and a > 0)
    if mass_inf > delta:
        return math.inf
    rows = [(mpmath.log(a) - mpmath.log(b), a, b) for a, b in zip(pa, qa, strict=True) if a > 0 and b > 0]
    rows.sort(key=lambda r: r[0], reverse=True)
    A, B = mpmath.mpf(mass_inf), mpmath.mpf(0)
    # on eps in [r_{j+1}, r_j]: delta(eps) = A_j - e^eps B_j (A, B = sums over the top j rows)
    for j, (r, a, b) in enumerate(rows):
        if r <= 0:
            break
        A += a
        B += b
        nxt = rows[j + 1][0] if j + 1 < len(rows) else mpmath.mpf(0)
        nxt = max(nxt, mpmath.mpf(0))
        val_at_next = A - mpmath.e**nxt * B
        if val_at_next > delta:  # the solution lies in (nxt, r]
            return float(mpmath.log((A - delta) / B))
    return 0.0


@checked
def epsilon_for_delta(p: Law, q: Law, delta: UnitInterval = 0.0, *, atol: Tolerance = 1e-6) -> float:
    """The least eps >= 0 such that p and q are (eps, delta)-indistinguishable (both ways).

    ``inf`` when some outcome has positive probability under one law and zero under the
    other with more than ``delta`` mass.  Exact up to the arithmetic of the inputs (mpmath
    inputs are kept in mpmath).

    Parameters
    ----------
    p, q : sequence of float or dict
        The two laws (as for :func:`hockey_stick`).
    delta : float, default 0.0
        The allowed δ.
    atol : float, default 1e-6
        Tolerance on each law's total mass.

    Returns
    -------
    float
        The least ε (possibly ``inf``).
    """
    return _epsilon_for_delta(p, q, delta, atol)


def _epsilon_for_delta(p, q, d: float, atol: float) -> float:
    """:func:`epsilon_for_delta` on checked ``d`` and ``atol`` (the laws are checked here)."""
    pa, qa = _as_pair(p, q, atol)
    return max(_eps_one_direction(pa, qa, d), _eps_one_direction(qa, pa, d))
