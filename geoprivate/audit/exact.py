"""Exact audit of a user's mechanism from its output law: the worst neighbouring pair, with a proof.

:func:`exact_audit` takes a mechanism's exact output law, ``law(dataset) -> {outcome: probability}``,
and neighbouring datasets — a :class:`~geoprivate.audit.neighbours.NeighbourSpace` (enumerated:
the worst pair is certified), any iterable of pairs (exhaustive over the pairs you passed) or a
hypothesis strategy of pairs (searched: the worst pair *found*) — and returns the worst pair with
its δ(ε) by the hockey-stick divergence and the mechanism's ε at the claimed δ
((ε, δ)-indistinguishability, [NNSY23] Definition 2.1; [DR14] Definition 2.4).  Both orders of
a pair are audited (the divergence is asymmetric) and an outcome present under one law only
counts fully towards δ.

What is proved (laws whose probabilities are all ``Fraction``/``int``)
    * **The claimed ε is an exact rational**, whatever its type: a float (or numpy float) is its
      exact binary value (``Fraction(0.6931471805599453) < ln 2``), an int or a Fraction is
      itself, and :class:`LogRational` ``(r)`` is ε = ln r with e^ε = r exactly.  The result
      names it (``epsilon_exact``).
    * For each pair and order, R = e^(ε at δ) — the least e^ε' with Σ_o max(0, P(o) − e^ε' Q(o))
      <= δ — is an exact rational (or ∞), solved piecewise on the sorted likelihood ratios in
      integer arithmetic on a common denominator.  The divergence is non-increasing in e^ε, so
      the claim is violated **iff e^ε < R\\* = max over the pairs examined of R**: the reported
      ε at δ is ln R\\* (rounded *up* to a float, so that re-auditing at it holds and at the float
      below it is violated), and the pair attaining it is ``epsilon_at_delta_pair``.
    * e^ε is compared with a rational x exactly: e^ε is rational only when ε = 0 or ε is a
      LogRational (then the comparison is one of rationals); otherwise e^ε is transcendental
      (Lindemann–Weierstrass), never equal to x, and the comparison is decided by an enclosure
      lo <= e^ε <= hi from python-flint's ``arb`` ball arithmetic (rigorous error bounds) at a
      working precision chosen inside the call (128 bits, doubled until decided; enclosures are
      intersected, so they only shrink).  Huge ε never computes e^ε: x < 2^t and ε >= 0.7 t
      already prove e^ε > x.  Nothing depends on ``mpmath.mp.prec`` or the caller's
      ``flint.ctx.prec``.
    * δ(ε) of a pair is A − e^ε B with A, B exact rationals (the sums over the outcomes whose
      likelihood ratio exceeds e^ε, each decided as above); the worst pair maximises
      (δ(ε), ε at δ), compared exactly; ``delta_bounds`` are the two rationals A − hi·B and
      A − lo·B (equal when e^ε is rational or B = 0).
    * Any float probability makes the pair a float audit (the functions of
      :mod:`geoprivate.audit.divergence`; each float law must sum to 1 within ``atol``) and the
      result ``exact=False``: its verdict is then a float computation, not a proof.  Exact laws
      must sum to exactly 1.

Pairs and laws
    Datasets are keyed by *value* (:func:`value_key`: type and exact content, numpy arrays by
    dtype, shape and bytes, containers recursively); a dataset that cannot be keyed is
    evaluated afresh each time, never confused with another.  Each dataset's law is evaluated
    and validated once per audit; ``pairs_examined`` counts the distinct pairs.

Search and shrinking (a strategy)
    The space is searched deterministically (``seed``, ``max_examples``, no example database, no
    deadline) and the search climbs the divergence: every example reports δ(ε) and ε at δ to
    hypothesis's :func:`~hypothesis.target`.  ``pair`` is the worst pair *found* and
    ``exhaustive=False`` says that a worse one may exist.  Then :func:`hypothesis.find` shrinks
    towards the smallest pair at least as bad as it (``shrunk_pair``, reported beside it).
"""

from __future__ import annotations

import contextlib
import decimal
import math
import numbers
import random
import struct
import sys
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

import flint
import numpy as np

from geoprivate._validation import (
    Check,
    Choice,
    Delta,
    Interval,
    NonNegative,
    PositiveInt,
    Seed,
    checked,
    shown,
)
from geoprivate.audit.divergence import Tolerance, _epsilon_for_delta, _hockey_stick
from geoprivate.audit.neighbours import NeighbourSpace

__all__ = ["LogRational", "ExactAuditResult", "exact_audit", "value_key"]

#: the most examples :func:`exact_audit` asks hypothesis for (a search loop's count)
MAX_EXAMPLES = 10**6


def _log_rational_value(value, name: str) -> Fraction:
    """e^ε of a :class:`LogRational`: an exact rational >= 1 (floats refused: they would be rounded)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Rational):
        raise TypeError(f"LogRational {name} must be a Fraction or int, got {type(value).__name__}")
    if value < 1:
        raise ValueError(f"LogRational {name} must be >= 1 (epsilon >= 0), got {shown(value)}")
    return Fraction(int(value.numerator), int(value.denominator))


@checked
@dataclass(frozen=True)
class LogRational:
    """ε = ln(``value``) for a rational ``value`` >= 1: lets e^ε enter the audit exactly.

    A mechanism whose noise has a rational ratio (a two-sided geometric noise with ratio
    r = e^(−ε/b)) is exactly tight at ε = ln(1/r^b); a float ε would be rounded and could
    turn a tight correct mechanism into a spurious violation.

    Parameters
    ----------
    value : Fraction or int
        e^ε, a rational >= 1.

    Examples
    --------
    >>> LogRational(3).value, round(float(LogRational(3)), 6)
    (Fraction(3, 1), 1.098612)
    """

    value: Annotated[Fraction, Check(_log_rational_value, kind="real")]

    def __float__(self) -> float:
        return math.log(self.value.numerator) - math.log(self.value.denominator)


def _exact_real(x, name: str) -> Fraction:
    """A real number >= 0 as the exact rational it is (a float: its binary value)."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(x).__name__}")
    if isinstance(x, numbers.Rational):
        v = Fraction(int(x.numerator), int(x.denominator))
    else:
        if not math.isfinite(x):
            raise ValueError(f"{name} must be finite, got {x!r}")
        if not hasattr(x, "as_integer_ratio"):
            raise TypeError(f"{name} must be a float, an int, a Fraction or a LogRational, got {type(x).__name__}")
        v = Fraction(*x.as_integer_ratio())
    if v < 0:
        raise ValueError(f"{name} must be >= 0, got {shown(x)}")
    return v


def _exact_epsilon(x, name: str) -> Fraction | LogRational:
    """A claimed ε: a :class:`LogRational`, or a real number >= 0 as the exact rational it is."""
    return x if isinstance(x, LogRational) else _exact_real(x, name)


def _exact_delta(x, name: str) -> Fraction:
    """A claimed δ in [0, 1) as the exact rational it is (a float: its binary value)."""
    v = _exact_real(x, name)
    if v >= 1:
        raise ValueError(f"{name} must lie in [0, 1), got {shown(x)}")
    return v


def _rational_bounds(value, name: str) -> tuple[Fraction, Fraction]:
    """Exact bounds (lo, hi) with lo <= hi."""
    try:
        lo, hi = value
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a pair (lo, hi) of Fractions, got {shown(value)}") from None
    for x, which in ((lo, "lo"), (hi, "hi")):
        if not isinstance(x, Fraction):
            raise TypeError(f"{name}: {which} must be a Fraction, got {type(x).__name__}")
    if lo > hi:
        raise ValueError(f"{name} must have lo <= hi, got {shown(value)}")
    return lo, hi


def _exp_epsilon_value(value, name: str) -> Fraction:
    """e^(ε at δ) of an exact audit: a Fraction >= 1."""
    if not isinstance(value, Fraction):
        raise TypeError(f"{name} must be a Fraction or None, got {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be >= 1 (an e^epsilon), got {value}")
    return value


#: an exact claimed ε (float at its binary value, int, Fraction, LogRational)
_Epsilon = Annotated[Any, Check(_exact_epsilon, kind="real")]
#: ε >= 0, ``inf`` included
_ExtendedEpsilon = Annotated[float, Interval(ge=0, le=math.inf)]


@checked
@dataclass(frozen=True)
class ExactAuditResult:
    """Outcome of :func:`exact_audit`.

    Attributes
    ----------
    pair : tuple
        The worst pair (d0, d1) examined: it maximises (δ(ε), ε at δ).  With a strategy, the
        worst *found* (``exhaustive=False``).
    direction : str
        ``"d0>d1"`` when Σ max(0, P_d0 − e^ε P_d1) attains δ(ε) of ``pair``, else ``"d1>d0"``.
    delta_at_epsilon : float
        δ(ε) of ``pair`` (both orders), rounded up from ``delta_bounds`` when exact.
    delta_bounds : tuple of Fraction or None
        Exact rational bounds lo <= δ(ε) <= hi of ``pair`` (exact audits; equal when e^ε is rational).
    epsilon_at_delta : float
        The mechanism's ε at δ over the pairs examined: the least ε at which every pair examined
        is (ε, δ)-indistinguishable, rounded up (``inf`` possible).  Auditing again at it holds.
    exp_epsilon_at_delta : Fraction or None
        e^(ε at δ) exactly (exact audits with a finite ε at δ).
    epsilon, delta : float
        The claim audited (as floats; see ``epsilon_exact``).
    violated : bool
        True when δ(ε) > δ for some pair examined (proved when ``exact``).
    exact : bool
        Whether every pair examined was audited in rational arithmetic (the verdict is a proof).
    pairs_examined : int
        Distinct pairs compared (a pair and its reverse count once; every pair of a space once).
    shrunk : bool
        Whether hypothesis's shrinker returned ``shrunk_pair``.
    laws : tuple of dict
        The two output laws of ``pair``.
    epsilon_exact : Fraction or LogRational
        The ε audited, exactly (a float ε is its exact binary value).
    exhaustive : bool
        True when every pair of the given space (or iterable) was examined: the worst pair is
        certified over it; False for a strategy (the worst pair found).
    epsilon_at_delta_pair : tuple
        A pair attaining ``epsilon_at_delta``.
    shrunk_pair : tuple or None
        The smallest pair hypothesis found that is at least as bad as ``pair`` (strategies only).
    """

    pair: tuple
    direction: Annotated[str, Choice("d0>d1", "d1>d0")]
    delta_at_epsilon: NonNegative  # at most 1 (exact), or 1 + atol (a float law's mass)
    delta_bounds: Annotated[tuple, Check(_rational_bounds, kind="object")] | None
    epsilon_at_delta: _ExtendedEpsilon
    exp_epsilon_at_delta: Annotated[Fraction, Check(_exp_epsilon_value, kind="real")] | None
    epsilon: _ExtendedEpsilon
    delta: Delta
    violated: bool
    exact: bool
    pairs_examined: PositiveInt
    shrunk: bool
    laws: tuple
    epsilon_exact: _Epsilon
    exhaustive: bool
    epsilon_at_delta_pair: tuple
    shrunk_pair: tuple | None

    @property
    def holds(self) -> bool:
        """True when every pair examined satisfies the claim, δ(ε) <= δ."""
        return not self.violated


# ------------------------------------------------------------------ exact numbers


def _dyadic(ball) -> tuple[int, int] | None:
    """An exact, finite arb as (numerator, denominator); None when it is not finite."""
    if not ball.is_finite():
        return None
    m, e = (int(v) for v in ball.man_exp())
    return (m << e, 1) if e >= 0 else (m, 1 << -e)


class _ExpEpsilon:
    """e^ε for an exact ε >= 0, compared exactly with positive rationals (module docstring)."""

    START_PREC = 128

    def __init__(self, epsilon: Fraction | LogRational):
        if isinstance(epsilon, LogRational):
            self.value: Fraction | None = epsilon.value
        else:
            self.value = Fraction(1) if epsilon == 0 else None
            self.eps = epsilon
            # a/b < 2^t and ε >= 0.7 t (0.7 > ln 2) prove e^ε > a/b: t <= tmax
            self.tmax = (10 * epsilon.numerator) // (7 * epsilon.denominator)
        self.prec = 0
        self.lo: tuple[int, int] = (1, 1)
        self.hi: tuple[int, int] | None = None

    def refine(self) -> None:
        """A tighter enclosure (twice the precision), intersected with the last one."""
        assert self.value is None
        self.prec = 2 * self.prec if self.prec else self.START_PREC
        eps = self.eps
        with flint.ctx.workprec(self.prec + int(eps).bit_length() + 16):
            ball = flint.arb(flint.fmpq(eps.numerator, eps.denominator)).exp()
            lo, hi = _dyadic(ball.lower()), _dyadic(ball.upper())
        if lo is not None and lo[0] * self.lo[1] > self.lo[0] * lo[1]:
            self.lo = lo
        if hi is not None and (self.hi is None or hi[0] * self.hi[1] < self.hi[0] * hi[1]):
            self.hi = hi

    def sign(self, a: int, b: int) -> int:
        """sign(e^ε − a/b) for integers a >= 0, b > 0, decided exactly."""
        if self.value is not None:
            v = self.value
            return (v.numerator * b > a * v.denominator) - (v.numerator * b < a * v.denominator)
        if a <= b or a.bit_length() - b.bit_length() + 1 <= self.tmax:  # e^ε > 1 >= a/b, or e^ε > 2^t > a/b
            return 1
        while True:
            if self.hi is not None:
                if self.hi[0] * b < a * self.hi[1]:
                    return -1
                if self.lo[0] * b > a * self.lo[1]:
                    return 1
            self.refine()

    def bounds(self) -> tuple[Fraction, Fraction]:
        """Rationals lo <= e^ε <= hi (equal when e^ε is rational)."""
        if self.value is not None:
            return self.value, self.value
        if self.hi is None:
            self.refine()
        assert self.hi is not None
        return Fraction(*self.lo), Fraction(*self.hi)


def _round_up(x: Fraction) -> float:
    f = float(x)
    return f if Fraction(f) >= x else math.nextafter(f, math.inf)


def _log_up(r: Fraction) -> float:
    """The least float >= ln r, for a rational r >= 1 (arb enclosures refined until it is decided)."""
    if r == 1:
        return 0.0
    prec = 64
    while True:
        with flint.ctx.workprec(prec + r.numerator.bit_length().bit_length()):
            ball = flint.arb(flint.fmpq(r.numerator, r.denominator)).log()
            lo, hi = _dyadic(ball.lower()), _dyadic(ball.upper())
        if lo is not None and hi is not None:
            f = _round_up(Fraction(*hi))
            if _round_up(Fraction(*lo)) == f:  # no float in [lo, f): f is the least float >= ln r
                return f
        prec *= 2


# ------------------------------------------------------------------ datasets keyed by value


@checked
def value_key(obj: Any):
    """A hashable key of a dataset's *value*, or None when it cannot be keyed.

    Two datasets get the same key only when they are equal values of the same types: ints,
    strings, bytes and None by value; floats by their bits; ``Fraction`` and ``Decimal`` exactly;
    numpy arrays by (dtype, shape, bytes) (object arrays element by element); tuples, lists,
    dicts and sets recursively, with their type.  A value of another type is keyed by its own
    ``==`` and ``hash`` when it defines them; an unhashable object, or one compared by identity,
    gets None (an audit then evaluates it afresh each time, never confusing it with another).

    Parameters
    ----------
    obj : object
        A dataset (or a record).

    Returns
    -------
    hashable or None

    Examples
    --------
    >>> import numpy as np
    >>> a, b = np.zeros(2000), np.zeros(2000)
    >>> b[1000] = 1.0  # repr(a) == repr(b): both print elided
    >>> value_key(a) == value_key(b), value_key((1, 2)) == value_key((1, 2.0))
    (False, False)
    """
    t = type(obj)
    if t is int or t is str or t is bytes or t is bool or obj is None:
        return (t, obj)
    if t is float:
        return (t, struct.pack("<d", obj))
    if isinstance(obj, (tuple, list)):
        if all(type(v) is int for v in obj):
            return (t, tuple(obj))
        keys = tuple(value_key(v) for v in obj)
        return None if any(k is None for k in keys) else (t, keys)
    if t is Fraction:
        return (t, obj.numerator, obj.denominator)
    if isinstance(obj, np.ndarray):
        if obj.dtype.hasobject:
            inner = value_key(obj.tolist())
            return None if inner is None else (t, obj.shape, inner)
        return (t, obj.dtype, obj.shape, obj.tobytes())
    if isinstance(obj, np.generic):
        return (t, obj.dtype, obj.tobytes()) if not obj.dtype.hasobject else None
    if isinstance(obj, decimal.Decimal):
        return (t, obj.as_tuple())
    if isinstance(obj, (dict, set, frozenset)):
        items = obj.items() if isinstance(obj, dict) else ((v, None) for v in obj)
        entries = [(value_key(k), value_key(v)) for k, v in items]
        if any(k is None or v is None for k, v in entries):
            return None
        return (t, frozenset(entries))
    if t.__eq__ is object.__eq__:  # compared by identity: no value to key by
        return None
    try:
        hash(obj)
    except TypeError:
        return None
    return (t, obj)


# ------------------------------------------------------------------ laws


def _short(obj, limit: int = 60) -> str:
    s = repr(obj)
    return s if len(s) <= limit else s[: limit - 3] + "..."


@dataclass(frozen=True)
class _Law:
    """A validated law: ``probs`` outcome -> Fraction (exact) or float; exact laws also as
    positive integer numerators ``num`` over the common denominator ``den``."""

    probs: dict
    exact: bool
    num: dict
    den: int


def _checked_law(law: Callable, dataset, atol: float) -> _Law:
    """law(dataset) validated (a mapping of probabilities summing to 1); the law's own failure names it."""
    try:
        out = law(dataset)
    except (TypeError, ValueError) as exc:
        text = (str(exc).strip().splitlines() or [""])[0][:200]
        raise type(exc)(f"law({_short(dataset)}) failed: {type(exc).__name__}: {text}") from exc
    if not hasattr(out, "items"):
        raise TypeError(f"law must return a mapping outcome -> probability, got {type(out).__name__}")
    exact = True
    for o, v in out.items():
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):
            raise TypeError(f"law({_short(dataset)})[{_short(o, 30)}] must be a real probability, got {v!r}")
        if not isinstance(v, numbers.Rational):
            exact = False
            if not math.isfinite(float(v)):
                raise ValueError(f"law({_short(dataset)})[{_short(o, 30)}] must be finite, got {v!r}")
        if v < 0:
            raise ValueError(f"law({_short(dataset)})[{_short(o, 30)}] must be >= 0, got {v!r}")
    if exact:
        probs = {o: Fraction(v.numerator, v.denominator) for o, v in out.items()}
        total = sum(probs.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"law({_short(dataset)}) must sum to 1 exactly (Fraction law), got {total}")
        den = math.lcm(*(v.denominator for v in probs.values()))
        num = {o: v.numerator * (den // v.denominator) for o, v in probs.items() if v}
        return _Law(probs, True, num, den)
    fprobs = {o: float(v) for o, v in out.items()}
    total_f = math.fsum(fprobs.values())
    if abs(total_f - 1.0) > atol:
        raise ValueError(f"law({_short(dataset)}) must sum to 1 (float tolerance {atol:g}), got {total_f!r}")
    return _Law(fprobs, False, {}, 1)


# ------------------------------------------------------------------ one pair


def _max_ratio(rows: list) -> tuple[int, int]:
    am, bm = 1, 1
    for a, b in rows:
        if a * bm > am * b:
            am, bm = a, b
    return am, bm


def _exp_eps_at_delta(mass_inf: int, rows: list, scaled_delta: tuple[int, int]) -> tuple[int, int] | None:
    """R = e^(ε at δ) of one order as (num, den), None for ∞.

    ``rows`` are the (a, b) with likelihood ratio a/b > 1 and ``mass_inf`` the mass where the
    other law is 0, all over one denominator D; δ·D = dn/dd.  On e^ε ∈ [r_{j+1}, r_j] (the
    ratios sorted down) the divergence is A_j − e^ε B_j, A_j and B_j the sums over the top j rows.
    """
    dn, dd = scaled_delta
    if mass_inf * dd > dn:
        return None
    if dn == 0:
        return _max_ratio(rows)
    rows = sorted(rows, key=lambda ab: Fraction(ab[0], ab[1]), reverse=True)
    A, B = mass_inf, 0
    for j, (a, b) in enumerate(rows):
        A, B = A + a, B + b
        na, nb = rows[j + 1] if j + 1 < len(rows) else (1, 1)
        if (A * nb - na * B) * dd > dn * nb:  # still above δ at the next ratio: the solution is in (next, r_j]
            return A * dd - dn, B * dd
    return 1, 1


@dataclass(frozen=True)
class _PairEval:
    """One pair audited.  Exact: δ(ε) = (A − e^ε B)/D with ``form`` = (A, B, D), ``R`` = e^(ε at δ)
    as (num, den) or None (∞).  Float: ``delta_f`` and ``eps_at_f``."""

    pair: tuple
    exact: bool
    direction: str
    laws: tuple
    form: tuple = (0, 0, 1)
    R: tuple | None = (1, 1)
    delta_f: float = 0.0
    eps_at_f: float = 0.0

    def delta_float(self, E: _ExpEpsilon) -> float:
        """δ(ε) as a float (an upper bound when exact)."""
        if not self.exact:
            return self.delta_f
        A, B, D = self.form
        if B == 0:
            return A / D
        return float((A - E.bounds()[0] * B) / D)

    def log_r(self) -> float:
        """ε at δ as a float (approximate)."""
        if not self.exact:
            return self.eps_at_f
        if self.R is None:
            return math.inf
        return math.log(self.R[0]) - math.log(self.R[1])


def _one_order(p: _Law, q: _Law, E: _ExpEpsilon, delta: Fraction):
    """(δ(ε) form (A, B, D), R) of the order p over q, in integers over D = den(p) · den(q)."""
    dp, dq = p.den, q.den
    qn = q.num
    mass_inf = 0
    rows = []
    for o, P in p.num.items():
        Q = qn.get(o)
        if Q is None:
            mass_inf += P * dq
            continue
        a, b = P * dq, Q * dp
        if a > b:
            rows.append((a, b))
    D = dp * dq
    R = _exp_eps_at_delta(mass_inf, rows, (delta.numerator * D, delta.denominator))
    A, B = mass_inf, 0
    if rows and E.sign(*(R if R is not None and delta == 0 else _max_ratio(rows))) < 0:
        for a, b in rows:  # the outcomes whose likelihood ratio exceeds e^ε
            if E.sign(a, b) < 0:
                A, B = A + a, B + b
    return (A, B, D), R


def _cmp_forms(f: tuple, g: tuple, E: _ExpEpsilon) -> int:
    """sign(δ_f(ε) − δ_g(ε)) for two forms (A, B, D): δ = (A − e^ε B)/D, exactly."""
    if f[0] == 0 and g[0] == 0:
        return 0
    X = f[0] * g[2] - g[0] * f[2]
    Y = f[1] * g[2] - g[1] * f[2]
    if Y == 0:
        return (X > 0) - (X < 0)
    if Y > 0:  # sign(X − e^ε Y) = sign(X/Y − e^ε)
        return -1 if X <= 0 else -E.sign(X, Y)
    return 1 if X >= 0 else E.sign(-X, -Y)


def _cmp_r(r: tuple | None, s: tuple | None) -> int:
    """sign(r − s) for two e^(ε at δ) as (num, den), None meaning ∞."""
    if r is None or s is None:
        return (r is None) - (s is None)
    x, y = r[0] * s[1], s[0] * r[1]
    return (x > y) - (x < y)


def _audit_pair(pair, p: _Law, q: _Law, E: _ExpEpsilon, eps_f: float, delta: Fraction, atol: float) -> _PairEval:
    if p.exact and q.exact:
        f, rf = _one_order(p, q, E, delta)
        b, rb = _one_order(q, p, E, delta)
        fwd = _cmp_forms(f, b, E) >= 0
        return _PairEval(
            pair,
            True,
            "d0>d1" if fwd else "d1>d0",
            (p.probs, q.probs),
            f if fwd else b,
            rf if _cmp_r(rf, rb) >= 0 else rb,
        )
    pf = {o: float(v) for o, v in p.probs.items()}
    qf = {o: float(v) for o, v in q.probs.items()}
    fw, bw = _hockey_stick(pf, qf, eps_f, atol), _hockey_stick(qf, pf, eps_f, atol)
    eps_at = _epsilon_for_delta(pf, qf, float(delta), atol)
    return _PairEval(pair, False, "d0>d1" if fw >= bw else "d1>d0", (pf, qf), delta_f=max(fw, bw), eps_at_f=eps_at)


# ------------------------------------------------------------------ many pairs


class _Worst:
    """The pairs examined so far: the worst by (δ(ε), ε at δ), the worst by ε at δ, their count."""

    def __init__(self, E: _ExpEpsilon):
        self.E = E
        self.top: _PairEval | None = None
        self.top_r: _PairEval | None = None
        self.all_exact = True
        self.examined = 0

    def cmp_delta(self, x: _PairEval, y: _PairEval) -> int:
        if x.exact and y.exact:
            return _cmp_forms(x.form, y.form, self.E)
        dx, dy = x.delta_float(self.E), y.delta_float(self.E)
        return (dx > dy) - (dx < dy)

    def cmp_r(self, x: _PairEval, y: _PairEval) -> int:
        if x.exact and y.exact:
            return _cmp_r(x.R, y.R)
        lx, ly = x.log_r(), y.log_r()
        return (lx > ly) - (lx < ly)

    def cmp_key(self, x: _PairEval, y: _PairEval) -> int:
        """The order of badness: δ(ε), then ε at δ."""
        return self.cmp_delta(x, y) or self.cmp_r(x, y)

    def offer(self, ev: _PairEval) -> None:
        self.examined += 1
        self.all_exact = self.all_exact and ev.exact
        if self.top is None or self.cmp_key(ev, self.top) > 0:
            self.top = ev
        if self.top_r is None or self.cmp_r(ev, self.top_r) > 0:
            self.top_r = ev


class _Evaluator:
    """Audits pairs with each dataset's law evaluated once (keyed by value) and each pair once."""

    def __init__(self, law, E, eps_f, delta, atol, worst: _Worst, dedup: bool):
        self.law, self.E, self.eps_f, self.delta, self.atol = law, E, eps_f, delta, atol
        self.worst = worst
        self.laws: dict = {}
        self.pairs: dict | None = {} if dedup else None

    def law_of(self, dataset):
        k = value_key(dataset)
        if k is None:
            return None, _checked_law(self.law, dataset, self.atol)
        lw = self.laws.get(k)
        if lw is None:
            lw = self.laws[k] = _checked_law(self.law, dataset, self.atol)
        return k, lw

    def __call__(self, pair) -> _PairEval:
        try:
            d0, d1 = pair
        except (TypeError, ValueError):
            raise TypeError(f"neighbours must yield pairs (d0, d1), got {_short(pair)}") from None
        k0, p = self.law_of(d0)
        k1, q = self.law_of(d1)
        seen = self.pairs
        pk = None if seen is None or k0 is None or k1 is None else frozenset((k0, k1))
        if seen is not None and pk is not None and pk in seen:
            return seen[pk]
        ev = _audit_pair(tuple(pair), p, q, self.E, self.eps_f, self.delta, self.atol)
        if seen is not None and pk is not None:
            seen[pk] = ev
        self.worst.offer(ev)
        return ev


def _is_strategy(obj) -> bool:
    if "hypothesis" not in sys.modules:
        return False
    from hypothesis.strategies import SearchStrategy

    return isinstance(obj, SearchStrategy)


def _search_strategy(strategy, evaluate: _Evaluator, max_examples: int, seed: int):
    """Search the strategy (climbing δ(ε) and ε at δ), then shrink: the shrunk pair, or None."""
    from hypothesis import HealthCheck, find, settings, target
    from hypothesis.errors import NoSuchExample

    conf = settings(max_examples=max_examples, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    worst = evaluate.worst

    def climb(pair) -> _PairEval:
        ev = evaluate(pair)
        d = ev.delta_float(evaluate.E)
        if d > 0:  # (a flat 0 gives the optimiser nothing to climb)
            target(d, label="delta(epsilon)")
        target(min(ev.log_r(), 1e300), label="epsilon at delta")
        return ev

    with contextlib.suppress(NoSuchExample):
        find(strategy, lambda pr: climb(pr) is None, settings=conf, random=random.Random(seed))
    if worst.top is None:
        raise ValueError("neighbours (a strategy) produced no pair")
    # the same seed and the same targets replay the search up to the first pair at least as bad as
    # the worst found; hypothesis then shrinks it (and may meet a worse pair: shrink towards that one)
    for _ in range(3):
        top = worst.top

        def at_least_as_bad(pr, t: _PairEval = top) -> bool:
            return worst.cmp_key(climb(pr), t) >= 0

        try:
            small = find(strategy, at_least_as_bad, settings=conf, random=random.Random(seed))
        except NoSuchExample:
            return None
        if worst.top is top:
            return tuple(small)
    return None


def _neighbour_source(value, name: str):
    """A :class:`NeighbourSpace`, a hypothesis strategy or an iterable of pairs (not a string), unchanged."""
    if isinstance(value, NeighbourSpace) or _is_strategy(value):
        return value
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(
            f"{name} must be a NeighbourSpace, an iterable of pairs or a hypothesis strategy, got {type(value).__name__}"
        )
    return value


@checked
def exact_audit(
    law: Callable,
    neighbours: Annotated[Any, Check(_neighbour_source, kind="object")],
    epsilon: _Epsilon,
    delta: Annotated[Any, Check(_exact_delta, kind="real")] = 0.0,
    *,
    max_examples: Annotated[int, Interval(ge=1, le=MAX_EXAMPLES)] = 1000,
    seed: Seed = 0,
    atol: Tolerance = 1e-9,
) -> ExactAuditResult:
    """Exact (ε, δ) audit of a mechanism given by its output law, over neighbouring pairs.

    For every pair (d0, d1), δ(ε) = max over both orders of Σ_o max(0, P_d0(o) − e^ε P_d1(o))
    (the hockey-stick divergence; [NNSY23] Definition 2.1, [DR14] Definition 2.4) and the
    least ε with δ(ε) <= δ.  The claim is violated when some pair's δ(ε) exceeds ``delta``,
    i.e. when ε is below the mechanism's ε at δ over the pairs examined.  See the module
    docstring for what is proved (exact rationals for Fraction laws, whatever ε's type).

    Parameters
    ----------
    law : callable
        dataset -> mapping outcome -> probability (``Fraction``/``int`` for an exact audit,
        or float).  Outcomes must be hashable; missing outcomes have probability 0.
    neighbours : NeighbourSpace, iterable of pairs, or hypothesis strategy of pairs
        The neighbouring datasets (d0, d1).  A
        :class:`~geoprivate.audit.neighbours.NeighbourSpace` is enumerated (``exhaustive=True``:
        the worst pair of the space is certified); an iterable is exhaustive over the pairs you
        passed; a strategy is searched (``exhaustive=False``: the worst pair found).
    epsilon : float, int, Fraction or LogRational
        The claimed ε >= 0, audited exactly: a float is its exact binary value;
        :class:`LogRational` ``(r)`` is ε = ln r.
    delta : float or Fraction, default 0.0
        The claimed δ in [0, 1) (a float is its exact binary value).
    max_examples : int, default 1000
        Examples hypothesis draws from a strategy (ignored otherwise); hypothesis's optimiser
        climbs the targets in repeated passes from 1000 examples on.
    seed : int, default 0
        Seed of hypothesis's search and shrinking (same seed, same pairs).
    atol : float, default 1e-9
        Tolerance on a float law's total mass.

    Returns
    -------
    ExactAuditResult
        The worst pair, its δ(ε) (exact bounds when exact), the mechanism's ε at δ over the
        pairs examined and the pair attaining it, the verdict, ``exhaustive`` and
        ``pairs_examined``.

    Raises
    ------
    ValueError
        A law not summing to 1, a negative probability, ε < 0, δ outside [0, 1), no pairs, a
        space over its ``max_pairs``.
    TypeError
        A law that is not a mapping of real probabilities; neighbours not yielding pairs.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> rr = lambda bit: {bit: F(3, 4), 1 - bit: F(1, 4)}  # randomised response, e^eps = 3
    >>> exact_audit(rr, [(0, 1)], LogRational(3)).violated
    False
    >>> r = exact_audit(rr, [(0, 1)], LogRational(2))
    >>> r.violated, r.delta_bounds[0], r.exp_epsilon_at_delta
    (True, Fraction(1, 4), Fraction(3, 1))

    A float ε is its binary value: float(ln 2) < ln 2, so p = 2/3 violates it (by ~1.5e-17).

    >>> r = exact_audit(lambda b: {b: F(2, 3), 1 - b: F(1, 3)}, [(0, 1)], 0.6931471805599453)
    >>> r.violated, r.delta_bounds[0] > 0, r.epsilon_at_delta
    (True, True, 0.6931471805599454)

    Every pair of a finite space, the worst one certified:

    >>> from geoprivate.audit.neighbours import query_vector_neighbours
    >>> count = lambda q: {0: F(1, 2 + min(sum(q), 3)), 1: 1 - F(1, 2 + min(sum(q), 3))}
    >>> r = exact_audit(count, query_vector_neighbours(2, 0, 2), LogRational(2))
    >>> r.exhaustive, r.pairs_examined, r.epsilon_at_delta_pair, r.exp_epsilon_at_delta
    (True, 22, ((0, 0), (1, 1)), Fraction(2, 1))
    """
    eps, d = epsilon, Fraction(delta)  # the default 0.0 is not converted by the check
    try:
        eps_f = float(eps)
    except OverflowError:
        eps_f = math.inf
    E = _ExpEpsilon(eps)
    worst = _Worst(E)
    strategy = _is_strategy(neighbours)
    space = isinstance(neighbours, NeighbourSpace)
    evaluate = _Evaluator(law, E, eps_f, d, atol, worst, dedup=not space)
    shrunk_pair = None
    if strategy:
        shrunk_pair = _search_strategy(neighbours, evaluate, max_examples, seed)
    else:
        try:
            pairs = neighbours.pairs() if space else iter(neighbours)
        except TypeError:  # an object with __iter__ that does not iterate
            raise TypeError(
                f"neighbours must be a NeighbourSpace, an iterable of pairs or a hypothesis strategy, "
                f"got {type(neighbours).__name__}"
            ) from None
        for pr in pairs:
            evaluate(pr)
        if worst.top is None:
            raise ValueError("neighbours must contain at least one pair")
    return _result(worst, E, eps, eps_f, d, not strategy, shrunk_pair)


def _result(worst: _Worst, E: _ExpEpsilon, eps, eps_f: float, delta: Fraction, exhaustive: bool, shrunk_pair):
    top, top_r = worst.top, worst.top_r
    assert top is not None and top_r is not None
    common: dict[str, Any] = dict(
        pair=top.pair, direction=top.direction, epsilon=eps_f, delta=float(delta), pairs_examined=worst.examined,
        shrunk=shrunk_pair is not None, laws=top.laws, epsilon_exact=eps, exhaustive=exhaustive,
        epsilon_at_delta_pair=top_r.pair, shrunk_pair=shrunk_pair,
    )  # fmt: skip
    if not worst.all_exact:
        d_f = top.delta_float(E)
        return ExactAuditResult(
            delta_at_epsilon=d_f, delta_bounds=None, epsilon_at_delta=top_r.log_r(), exp_epsilon_at_delta=None,
            violated=bool(d_f > delta), exact=False, **common,
        )  # fmt: skip
    A, B, D = top.form
    X, Y = A * delta.denominator - delta.numerator * D, B * delta.denominator  # δ(ε) − δ ∝ X − e^ε Y
    violated = X > 0 if Y == 0 else (X > 0 and E.sign(X, Y) < 0)
    if violated != (top_r.R is None or E.sign(*top_r.R) < 0):  # the two faces of one fact: never apart
        raise AssertionError("exact_audit: the verdict by δ(ε) and by ε at δ disagree (a bug)")
    e_lo, e_hi = E.bounds() if B else (Fraction(1), Fraction(1))
    lo, hi = (A - e_hi * B) / D, (A - e_lo * B) / D
    R = None if top_r.R is None else Fraction(*top_r.R)
    return ExactAuditResult(
        delta_at_epsilon=_round_up(hi), delta_bounds=(lo, hi), epsilon_at_delta=math.inf if R is None else _log_up(R),
        exp_epsilon_at_delta=R, violated=violated, exact=True, **common,
    )  # fmt: skip
