"""Exact laws of two-sided geometric (discrete Laplace) noise in rationals: building blocks of exact audits.

The two-sided geometric law of ratio r ∈ (0, 1) on ℤ,

    P(Z = k) = (1 − r)/(1 + r) · r^|k|,

is the noise of the geometric mechanism [GRS09] (their α is r), the discrete analogue of the
Laplace mechanism [DR14] Definition 3.3 (the discrete Laplace law of scale 1/ln(1/r)).  Added to
an integer-valued query of sensitivity Δ it is ε-DP for ε = Δ ln(1/r) and for no smaller ε: the
literature's ratio is r = e^(−ε/Δ).  :func:`discrete_laplace_epsilon` returns that ε as an exact
:class:`~geoprivate.audit.LogRational` (e^ε = r^(−Δ)), the ε at which to call
:func:`~geoprivate.audit.exact_audit` so that a tight correct mechanism is audited tight, exactly.

With a rational r every probability here is an exact :class:`~fractions.Fraction`: closed forms,
and sums over all of ℤ computed as geometric series — nothing is truncated, so an exact audit of a
law built from these blocks is a proof about the mechanism.

Scalar laws
    :func:`discrete_laplace_pmf`, :func:`discrete_laplace_cdf`, :func:`discrete_laplace_sf` of
    c + Z (a centre c), and :func:`discrete_laplace_epsilon`.
Post-processings
    :func:`clamped_law` (the law of clamp(X, lo, hi) from the cdf of any X on ℤ) and
    :func:`discrete_laplace_clamped_law` (that of clamp(c + Z, lo, hi)); :func:`noisy_max_cdf`
    and :func:`noisy_argmax_law` (max and argmax of independently noised queries).
Comparisons with a noisy threshold
    :class:`PiecewiseGeometric` — a function of an integer noise value whose two tails are
    finite sums of geometric sequences, closed under +, −, × and summed over ℤ exactly
    (:meth:`PiecewiseGeometric.total`).  :func:`noisy_comparison_given_threshold` is
    P(q + ν ≥ T + ρ | ρ) as such a function of ρ; :func:`noisy_comparison_probability` sums it
    over the threshold's noise ρ; :func:`shared_threshold_law` is the law of a whole transcript
    of comparisons against one shared noisy threshold (the sparse vector technique, [LSL17]);
    :func:`threshold_crossing_law` the transcript law without query noise for *any* threshold
    law (exact or float).

Examples
--------
>>> from fractions import Fraction as F
>>> discrete_laplace_pmf(0, F(1, 2)), discrete_laplace_sf(0, F(1, 2))
(Fraction(1, 3), Fraction(1, 3))
>>> float(discrete_laplace_epsilon(F(1, 2)))  # ln 2: the ε of ratio 1/2 on a sensitivity-1 query
0.6931471805599453
>>> noisy_comparison_probability(0, 0, F(1, 2), F(1, 2))  # P(ν >= ρ) = 1/2 + P(ν = ρ)/2
Fraction(16, 27)
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

from geoprivate._validation import Check, Interval, Joint, PositiveInt, check_int_in_range, check_positive_int, checked
from geoprivate.audit.exact import LogRational

__all__ = [
    "discrete_laplace_pmf",
    "discrete_laplace_cdf",
    "discrete_laplace_sf",
    "discrete_laplace_epsilon",
    "PiecewiseGeometric",
    "clamped_law",
    "discrete_laplace_clamped_law",
    "noisy_max_cdf",
    "noisy_argmax_law",
    "noisy_comparison_given_threshold",
    "noisy_comparison_probability",
    "shared_threshold_law",
    "threshold_crossing_law",
]

#: (base, coefficient) pairs: Σ coefficient · base^t, bases distinct and sorted, no zero coefficient
_Terms = tuple[tuple[Fraction, Fraction], ...]

_KINDS = ("pmf", "cdf", "sf")
#: the largest |integer| a law is evaluated at (a point, a centre, a query, a threshold, a sensitivity): the
#: exact powers r^t have |t| * log2(denominator) bits, so an integer of 2**63 would never finish
MAX_POINT = 10**6
#: the widest window [lo, hi] of a clamped law (one cdf evaluation per point)
MAX_WINDOW = 10**4


# ------------------------------------------------------------------------------- validation
def _rational(x, name: str) -> Fraction:
    """An exact rational (int, Fraction, NumPy integer): floats are refused, never rounded."""
    if isinstance(x, bool) or not isinstance(x, numbers.Rational):
        raise TypeError(f"{name} must be an exact rational (Fraction or int), got {type(x).__name__} {x!r}")
    return Fraction(x)


def _ratio(r, name: str = "r") -> Fraction:
    """A noise ratio: an exact rational in (0, 1)."""
    v = _rational(r, name)
    if not 0 < v < 1:
        raise ValueError(f"{name} must lie in (0, 1), got {v}")
    return v


def _point(t, name: str) -> int:
    """An integer within [-MAX_POINT, MAX_POINT]."""
    return check_int_in_range(t, name, -MAX_POINT, MAX_POINT)


def _window(lo, hi) -> tuple[int, int]:
    """Integers lo <= hi, at most MAX_WINDOW apart."""
    a, b = _point(lo, "lo"), _point(hi, "hi")
    if a > b:
        raise ValueError(f"lo must be <= hi, got lo={a}, hi={b}")
    if b - a > MAX_WINDOW:
        raise ValueError(f"hi - lo must be at most MAX_WINDOW = {MAX_WINDOW} (one cdf value each), got {b - a}")
    return a, b


def _sequence(values, name: str, what: str) -> list:
    """A non-empty sequence (or 1-D array) as a list: TypeError for a non-sequence, ValueError when empty."""
    if isinstance(values, (str, bytes, dict)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a non-empty sequence of {what}, got {type(values).__name__}")
    out = list(values)
    if not out:
        raise ValueError(f"{name} must be a non-empty sequence of {what}, got {values!r}")
    return out


def _integers(values, name: str) -> list[int]:
    """A non-empty sequence of integers, each within [-MAX_POINT, MAX_POINT]."""
    return [_point(v, f"{name}[{i}]") for i, v in enumerate(_sequence(values, name, "integers"))]


def _finite_real(x, name: str):
    """A finite real number (exact or float), returned as given."""
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {x!r}")
    try:
        finite = math.isfinite(x)
    except OverflowError:  # an int or Fraction beyond the floats: finite
        finite = True
    if not finite:
        raise ValueError(f"{name} must be finite, got {x!r}")
    return x


def _finite_reals(values, name: str) -> list:
    """A non-empty sequence of finite reals, as given."""
    return [_finite_real(v, f"{name}[{i}]") for i, v in enumerate(_sequence(values, name, "reals"))]


def _sensitivity(d, name: str) -> int:
    """An integer sensitivity in [1, MAX_POINT]."""
    d = check_positive_int(d, name)
    if d > MAX_POINT:
        raise ValueError(f"{name} must be at most MAX_POINT = {MAX_POINT}, got {d}")
    return d


def _middle(values, name: str) -> tuple:
    """The explicit values of a :class:`PiecewiseGeometric`: a tuple (or list) of exact rationals."""
    if not isinstance(values, (tuple, list)):
        raise TypeError(f"{name} must be a tuple of rationals, got {type(values).__name__}")
    return tuple(_rational(v, f"{name}[{i}]") for i, v in enumerate(values))


def _tail(pairs, name: str) -> _Terms:
    """The (base, coefficient) pairs of a tail, canonical: bases positive rationals."""
    if not isinstance(pairs, (tuple, list)):
        raise TypeError(f"{name} must be a tuple of (base, coefficient) pairs, got {type(pairs).__name__}")
    out = []
    for i, pair in enumerate(pairs):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"{name}[{i}] must be a (base, coefficient) pair, got {pair!r}")
        b, c = _rational(pair[0], f"{name}[{i}] base"), _rational(pair[1], f"{name}[{i}] coefficient")
        if b <= 0:
            raise ValueError(f"{name}[{i}] base must be > 0, got {b}")
        out.append((b, c))
    return _terms(out)


def _tops(values, name: str) -> list:
    """A non-empty sequence of :class:`PiecewiseGeometric` functions."""
    tops = _sequence(values, name, "PiecewiseGeometric")
    for j, t in enumerate(tops):
        if not isinstance(t, PiecewiseGeometric):
            raise TypeError(f"{name}[{j}] must be a PiecewiseGeometric, got {type(t).__name__}")
    return tops


#: an exact rational (int, Fraction, NumPy integer; floats refused, never rounded)
_Rational = Annotated[Any, Check(_rational, kind="real")]
#: a noise ratio: an exact rational in (0, 1)
_Ratio = Annotated[Any, Check(_ratio, kind="real")]
#: an integer point (a value, a centre, a query, a threshold) within [-MAX_POINT, MAX_POINT]
_Point = Annotated[int, Interval(ge=-MAX_POINT, le=MAX_POINT)]
#: the upper end of a window: lo <= hi <= lo + MAX_WINDOW
_Hi = Annotated[int, Interval(ge=-MAX_POINT, le=MAX_POINT), Joint("lo <= hi <= lo + MAX_WINDOW")]
#: a non-empty sequence of integer queries within [-MAX_POINT, MAX_POINT]
_Queries = Annotated[Any, Check(_integers, kind="array")]
#: a cut-off: a positive number of ⊤ answers, or None for none
_Cutoff = PositiveInt | None


# ------------------------------------------------------------------- piecewise-geometric functions
def _terms(pairs) -> _Terms:
    """Canonical terms: equal bases merged, zero coefficients dropped, sorted by base."""
    acc: dict[Fraction, Fraction] = {}
    for b, c in pairs:
        acc[b] = acc.get(b, Fraction(0)) + c
    return tuple(sorted((b, c) for b, c in acc.items() if c))


def _eval(terms: _Terms, t: int) -> Fraction:
    return sum((c * b**t for b, c in terms), Fraction(0))


@checked
@dataclass(frozen=True, eq=False)
class PiecewiseGeometric:
    """A function g: ℤ → ℚ of an integer noise value whose tails are finite sums of geometric sequences.

    g(t) = Σ_b left[b] · b^t for t < ``lo``, ``middle[t − lo]`` for lo <= t < ``hi`` =
    lo + len(middle), and Σ_b right[b] · b^t for t >= hi.  Every conditional probability of a
    comparison with a two-sided geometric noise is of this form (the pmf, cdf and sf of
    :meth:`discrete_laplace`), and so are their sums and products; :meth:`total` is the exact sum
    Σ_{t ∈ ℤ} g(t) (geometric series on the tails, a finite sum in the middle).  Equality is
    equality of the functions.

    Parameters
    ----------
    lo : int
        The first point of the explicit window.
    middle : tuple of Fraction, default ()
        g(lo), g(lo + 1), ..., g(hi − 1).
    left, right : tuple of (Fraction, Fraction), default ()
        (base, coefficient) pairs of the tails; bases are positive rationals.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> pmf = PiecewiseGeometric.discrete_laplace(F(1, 2), "pmf")
    >>> pmf(0), pmf(-2), pmf.total()
    (Fraction(1, 3), Fraction(1, 12), Fraction(1, 1))
    >>> cdf = PiecewiseGeometric.discrete_laplace(F(1, 2), "cdf", centre=3)
    >>> cdf + PiecewiseGeometric.discrete_laplace(F(1, 2), "sf", centre=3) == PiecewiseGeometric.constant(1)
    True
    """

    lo: _Point
    middle: Annotated[tuple, Check(_middle, kind="object")] = ()
    left: Annotated[tuple, Check(_tail, kind="object")] = ()
    right: Annotated[tuple, Check(_tail, kind="object")] = ()

    @classmethod
    def _raw(cls, lo: int, middle: tuple, left: _Terms, right: _Terms) -> PiecewiseGeometric:
        """Build from already canonical parts (no validation: internal arithmetic)."""
        obj = object.__new__(cls)
        for name, value in zip(("lo", "middle", "left", "right"), (lo, middle, left, right), strict=True):
            object.__setattr__(obj, name, value)
        return obj

    # -- constructors
    @classmethod
    def constant(cls, value: _Rational) -> PiecewiseGeometric:
        """The constant function ``value``.

        Parameters
        ----------
        value : Fraction or int
            The constant.

        Returns
        -------
        PiecewiseGeometric
        """
        t = _terms([(Fraction(1), value)])
        return cls._raw(0, (), t, t)

    @classmethod
    def step(cls, at: _Point, below: _Rational, above: _Rational) -> PiecewiseGeometric:
        """The step function: ``below`` for t < ``at``, ``above`` for t >= ``at``.

        Parameters
        ----------
        at : int
            The first point of the upper level.
        below, above : Fraction or int
            The two levels.

        Returns
        -------
        PiecewiseGeometric

        Examples
        --------
        >>> g = PiecewiseGeometric.step(2, 1, 0)  # 1[t < 2]
        >>> g(1), g(2)
        (Fraction(1, 1), Fraction(0, 1))
        """
        return cls._raw(at, (), _terms([(Fraction(1), below)]), _terms([(Fraction(1), above)]))

    @classmethod
    def discrete_laplace(
        cls, r: _Ratio, kind: Literal["pmf", "cdf", "sf"] = "pmf", centre: _Point = 0
    ) -> PiecewiseGeometric:
        """t ↦ P(c + Z = t), P(c + Z <= t) or P(c + Z > t) for Z two-sided geometric of ratio ``r``.

        With C = (1 − r)/(1 + r): pmf C r^|t − c|; cdf 1 − r^(t − c + 1)/(1 + r) for t >= c and
        r^(c − t)/(1 + r) below; sf = 1 − cdf ([GRS09]).

        Parameters
        ----------
        r : Fraction
            The noise ratio, 0 < r < 1 (r = e^(−ε/Δ)).
        kind : {"pmf", "cdf", "sf"}, default "pmf"
            Which function of t.
        centre : int, default 0
            The centre c.

        Returns
        -------
        PiecewiseGeometric
        """
        c = centre
        one, inv = Fraction(1), 1 / r
        if kind == "pmf":
            k = (1 - r) / (1 + r)
            left, right = [(inv, k * r**c)], [(r, k * r ** (-c))]
        else:  # P(Z <= t - c): below c, r^(c - t)/(1 + r); from c on, 1 - r^(t - c + 1)/(1 + r)
            cdf_left, cdf_right = r**c / (1 + r), r ** (1 - c) / (1 + r)
            if kind == "cdf":
                left, right = [(inv, cdf_left)], [(one, one), (r, -cdf_right)]
            else:
                left, right = [(one, one), (inv, -cdf_left)], [(r, cdf_right)]
        return cls._raw(c, (), _terms(left), _terms(right))

    # -- evaluation and sums
    @property
    def hi(self) -> int:
        """The first point of the right tail, ``lo + len(middle)``."""
        return self.lo + len(self.middle)

    def __call__(self, t) -> Fraction:
        """g(t) for an integer t."""
        t = _point(t, "t")
        if t < self.lo:
            return _eval(self.left, t)
        if t >= self.hi:
            return _eval(self.right, t)
        return self.middle[t - self.lo]

    def total(self) -> Fraction:
        """Σ_{t ∈ ℤ} g(t), exactly.

        Σ_{t < lo} b^t = b^lo/(b − 1) for b > 1 and Σ_{t >= hi} b^t = b^hi/(1 − b) for b < 1;
        a tail term with any other base diverges (``ValueError``).

        Returns
        -------
        Fraction
        """
        s = sum(self.middle, Fraction(0))
        for b, c in self.left:
            if b <= 1:
                raise ValueError(f"the sum over t -> -inf diverges: term {c} * {b}^t has base <= 1")
            s += c * b**self.lo / (b - 1)
        for b, c in self.right:
            if b >= 1:
                raise ValueError(f"the sum over t -> +inf diverges: term {c} * {b}^t has base >= 1")
            s += c * b**self.hi / (1 - b)
        return s

    # -- arithmetic
    def _on(self, lo: int, hi: int) -> PiecewiseGeometric:
        """The same function with the explicit window widened to [lo, hi) ⊇ [self.lo, self.hi)."""
        if lo == self.lo and hi == self.hi:
            return self
        before = tuple(_eval(self.left, t) for t in range(lo, self.lo))
        after = tuple(_eval(self.right, t) for t in range(self.hi, hi))
        return PiecewiseGeometric._raw(lo, before + self.middle + after, self.left, self.right)

    def _aligned(self, other: PiecewiseGeometric) -> tuple[PiecewiseGeometric, PiecewiseGeometric]:
        lo, hi = min(self.lo, other.lo), max(self.hi, other.hi)
        return self._on(lo, hi), other._on(lo, hi)

    @staticmethod
    def _operand(other):
        if isinstance(other, PiecewiseGeometric):
            return other
        if isinstance(other, numbers.Rational) and not isinstance(other, bool):
            return Fraction(other)
        return None

    def __add__(self, other):
        o = self._operand(other)
        if o is None:
            return NotImplemented
        if isinstance(o, Fraction):
            k = ((Fraction(1), o),)
            return PiecewiseGeometric._raw(
                self.lo, tuple(v + o for v in self.middle), _terms(self.left + k), _terms(self.right + k)
            )
        a, b = self._aligned(o)
        mid = tuple(x + y for x, y in zip(a.middle, b.middle, strict=True))
        return PiecewiseGeometric._raw(a.lo, mid, _terms(a.left + b.left), _terms(a.right + b.right))

    __radd__ = __add__

    def __mul__(self, other):
        o = self._operand(other)
        if o is None:
            return NotImplemented
        if isinstance(o, Fraction):
            left = _terms((b, c * o) for b, c in self.left)
            right = _terms((b, c * o) for b, c in self.right)
            return PiecewiseGeometric._raw(self.lo, tuple(v * o for v in self.middle), left, right)
        a, b = self._aligned(o)
        mid = tuple(x * y for x, y in zip(a.middle, b.middle, strict=True))
        left = _terms((b1 * b2, c1 * c2) for b1, c1 in a.left for b2, c2 in b.left)
        right = _terms((b1 * b2, c1 * c2) for b1, c1 in a.right for b2, c2 in b.right)
        return PiecewiseGeometric._raw(a.lo, mid, left, right)

    __rmul__ = __mul__

    def __neg__(self) -> PiecewiseGeometric:
        return self * -1

    def __sub__(self, other):
        o = self._operand(other)
        return NotImplemented if o is None else self + (-o)

    def __rsub__(self, other):
        o = self._operand(other)
        return NotImplemented if o is None else (-self) + o

    def __eq__(self, other) -> bool:
        if not isinstance(other, PiecewiseGeometric):
            return NotImplemented
        a, b = self._aligned(other)
        return a.middle == b.middle and a.left == b.left and a.right == b.right

    __hash__ = None  # type: ignore[assignment]  # equal functions may have different windows


# ------------------------------------------------------------------------------- scalar laws
def _scalar(kind: Literal["pmf", "cdf", "sf"], k: int, r: Fraction, centre: int) -> Fraction:
    return PiecewiseGeometric.discrete_laplace(r, kind, centre)(k)


@checked
def discrete_laplace_pmf(k: _Point, r: _Ratio, centre: _Point = 0) -> Fraction:
    """P(c + Z = k) for Z two-sided geometric of ratio ``r``: (1 − r)/(1 + r) · r^|k − c| ([GRS09]).

    Parameters
    ----------
    k : int
        The value.
    r : Fraction
        The noise ratio, 0 < r < 1 (r = e^(−ε/Δ); see :func:`discrete_laplace_epsilon`).
    centre : int, default 0
        The centre c (the true query value).

    Returns
    -------
    Fraction

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> discrete_laplace_pmf(3, F(1, 2), centre=1)
    Fraction(1, 12)
    """
    return _scalar("pmf", k, r, centre)


@checked
def discrete_laplace_cdf(k: _Point, r: _Ratio, centre: _Point = 0) -> Fraction:
    """P(c + Z <= k) for Z two-sided geometric of ratio ``r`` (closed form, exact).

    P(Z <= m) = 1 − r^(m + 1)/(1 + r) for m >= 0 and r^(−m)/(1 + r) for m < 0.

    Parameters
    ----------
    k : int
        The value.
    r : Fraction
        The noise ratio, 0 < r < 1.
    centre : int, default 0
        The centre c.

    Returns
    -------
    Fraction

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> discrete_laplace_cdf(0, F(1, 2)), discrete_laplace_cdf(-1, F(1, 2))
    (Fraction(2, 3), Fraction(1, 3))
    """
    return _scalar("cdf", k, r, centre)


@checked
def discrete_laplace_sf(k: _Point, r: _Ratio, centre: _Point = 0) -> Fraction:
    """P(c + Z > k) = 1 − :func:`discrete_laplace_cdf` (the survival function, as in scipy).

    Parameters
    ----------
    k : int
        The value.
    r : Fraction
        The noise ratio, 0 < r < 1.
    centre : int, default 0
        The centre c.

    Returns
    -------
    Fraction

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> discrete_laplace_sf(1, F(1, 2))  # P(Z >= 2) = r^2/(1 + r)
    Fraction(1, 6)
    """
    return _scalar("sf", k, r, centre)


@checked
def discrete_laplace_epsilon(
    r: _Ratio, sensitivity: Annotated[int, Check(_sensitivity, kind="int")] = 1
) -> LogRational:
    """The ε of two-sided geometric noise of ratio ``r`` on an integer query of sensitivity Δ, exactly.

    The geometric mechanism q(D) + Z is ε-DP for ε = Δ ln(1/r) and for no smaller ε ([GRS09]; the
    discrete analogue of [DR14] Theorem 3.6): two values Δ apart have pmf ratio r^(−Δ) on a whole
    tail.  Returned as ``LogRational(r**-Δ)``, so that :func:`~geoprivate.audit.exact_audit`
    compares with e^ε = r^(−Δ) exactly (a float ε would be rounded, and a tight mechanism
    could be reported violated by the rounding).

    Parameters
    ----------
    r : Fraction
        The noise ratio, 0 < r < 1.
    sensitivity : int, default 1
        The query's sensitivity Δ >= 1.

    Returns
    -------
    LogRational
        ε with e^ε = r^(−Δ).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> discrete_laplace_epsilon(F(4, 5), sensitivity=2)
    LogRational(value=Fraction(25, 16))
    """
    return LogRational(1 / r**sensitivity)


# ---------------------------------------------------------------------------- post-processings
@checked
def clamped_law(cdf: Callable, lo: _Point, hi: _Hi) -> dict:
    """The law of clamp(X, lo, hi) for an integer-valued X with cumulative distribution ``cdf``.

    P(lo) = F(lo) (X censored from below), P(v) = F(v) − F(v − 1) for lo < v < hi, P(hi) =
    1 − F(hi − 1): a post-processing of X, so the clamped mechanism is as private as X's.
    Exact when ``cdf`` returns Fractions; the masses sum to 1 (exactly for exact ``cdf``).

    Parameters
    ----------
    cdf : callable
        k -> P(X <= k) for integers k.
    lo, hi : int
        The window, lo <= hi.

    Returns
    -------
    dict
        int -> probability, for lo..hi.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> clamped_law(lambda k: discrete_laplace_cdf(k, F(1, 3)), -1, 1)
    {-1: Fraction(1, 4), 0: Fraction(1, 2), 1: Fraction(1, 4)}
    """
    lo, hi = _window(lo, hi)
    if lo == hi:
        return {lo: Fraction(1)}
    law = {lo: cdf(lo)}
    for v in range(lo + 1, hi):
        law[v] = cdf(v) - cdf(v - 1)
    law[hi] = 1 - cdf(hi - 1)
    return law


@checked
def discrete_laplace_clamped_law(r: _Ratio, lo: _Point, hi: _Hi, centre: _Point = 0) -> dict:
    """The exact law of clamp(c + Z, lo, hi), Z two-sided geometric of ratio ``r``.

    Parameters
    ----------
    r : Fraction
        The noise ratio, 0 < r < 1.
    lo, hi : int
        The window, lo <= hi.
    centre : int, default 0
        The centre c.

    Returns
    -------
    dict
        int -> Fraction, for lo..hi; the masses sum to exactly 1.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> discrete_laplace_clamped_law(F(1, 2), 0, 2, centre=1)
    {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}
    """
    f = PiecewiseGeometric.discrete_laplace(r, "cdf", centre)
    return clamped_law(f, lo, hi)


@checked
def noisy_max_cdf(v: _Point, queries: _Queries, r: _Ratio) -> Fraction:
    """P(max_j (q_j + ν_j) <= v) = Π_j P(ν <= v − q_j), the ν_j independent two-sided geometric.

    Parameters
    ----------
    v : int
        The value.
    queries : sequence of int
        The query values q_j.
    r : Fraction
        The noise ratio, 0 < r < 1.

    Returns
    -------
    Fraction

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> noisy_max_cdf(0, (0, 0), F(1, 2))  # (2/3)^2
    Fraction(4, 9)
    """
    out = Fraction(1)
    for q in queries:
        out *= discrete_laplace_cdf(v, r, q)
    return out


@checked
def noisy_argmax_law(queries: _Queries, r: _Ratio) -> dict:
    """The exact law of argmax_j (q_j + ν_j) (report noisy max), ties to the lowest index.

    P(argmax = i) = Σ_v P(q_i + ν_i = v) Π_{j<i} P(q_j + ν_j <= v − 1) Π_{j>i} P(q_j + ν_j <= v),
    summed over v ∈ ℤ exactly (:class:`PiecewiseGeometric`).  The tie rule is NumPy's ``argmax``;
    with discrete noise ties have positive probability, so it is part of the mechanism.

    Parameters
    ----------
    queries : sequence of int
        The query values q_j.
    r : Fraction
        The noise ratio, 0 < r < 1.

    Returns
    -------
    dict
        index -> Fraction (every index present; the masses sum to exactly 1).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> noisy_argmax_law((0, 0), F(1, 2))  # 1/2 each, and the tie P(ν_0 = ν_1) = 5/27 goes to index 0
    {0: Fraction(16, 27), 1: Fraction(11, 27)}
    """
    q = queries
    law = {}
    for i, qi in enumerate(q):
        g = PiecewiseGeometric.discrete_laplace(r, "pmf", qi)
        for j, qj in enumerate(q):
            if j != i:
                g = g * PiecewiseGeometric.discrete_laplace(r, "cdf", qj + 1 if j < i else qj)
        law[i] = g.total()
    return law


# ----------------------------------------------------------------- comparisons with a noisy threshold
@checked
def noisy_comparison_given_threshold(
    query: _Point, threshold: _Point, r_query: _Ratio | None = None, *, strict: bool = False
) -> PiecewiseGeometric:
    """P(q + ν >= T + ρ | ρ) (``>`` when ``strict``) as a function of the threshold noise ρ.

    ν is two-sided geometric of ratio ``r_query`` (``None``: no query noise, a 0/1 step in ρ).
    The comparison is P(c + ν > ρ) with c = q − T + 1 (c = q − T when strict).

    Parameters
    ----------
    query, threshold : int
        The query value q and the threshold T.
    r_query : Fraction or None, default None
        The query noise's ratio, 0 < r < 1, or None.
    strict : bool, default False
        Compare with ``>`` instead of ``>=``.

    Returns
    -------
    PiecewiseGeometric
        ρ -> P(⊤ | ρ).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> top = noisy_comparison_given_threshold(1, 0, F(1, 2))
    >>> top(0), top(1), top(2)  # P(ν >= −1), P(ν >= 0), P(ν >= 1)
    (Fraction(5, 6), Fraction(2, 3), Fraction(1, 3))
    """
    c = query - threshold + (0 if strict else 1)
    if r_query is None:
        return PiecewiseGeometric.step(c, 1, 0)
    return PiecewiseGeometric.discrete_laplace(r_query, "sf", c)


@checked
def noisy_comparison_probability(
    query: _Point, threshold: _Point, r_query: _Ratio | None, r_threshold: _Ratio, *, strict: bool = False
) -> Fraction:
    """P(q + ν >= T + ρ) (``>`` when ``strict``), summed over the threshold noise ρ exactly.

    ν and ρ are independent two-sided geometric of ratios ``r_query`` (``None``: no query
    noise) and ``r_threshold``; Σ_ρ P(ρ) P(q + ν >= T + ρ | ρ) is a finite sum of geometric
    series (no truncation).

    Parameters
    ----------
    query, threshold : int
        The query value q and the threshold T.
    r_query : Fraction or None
        The query noise's ratio, or None for no query noise.
    r_threshold : Fraction
        The threshold noise's ratio, 0 < r < 1.
    strict : bool, default False
        Compare with ``>`` instead of ``>=``.

    Returns
    -------
    Fraction

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> noisy_comparison_probability(0, 0, F(1, 2), F(1, 2), strict=True)  # P(ν > ρ) = (1 − 5/27)/2
    Fraction(11, 27)
    """
    top = noisy_comparison_given_threshold(query, threshold, r_query, strict=strict)
    return (top * PiecewiseGeometric.discrete_laplace(r_threshold, "pmf")).total()


@checked
def shared_threshold_law(
    tops: Annotated[Any, Check(_tops, kind="object")], r_threshold: _Ratio, *, cutoff: _Cutoff = None
) -> dict:
    """The exact law of a transcript of comparisons against one shared noisy threshold.

    Given the threshold noise ρ (two-sided geometric of ratio ``r_threshold``) the answers are
    independent with P(⊤_j | ρ) = ``tops[j](ρ)``; the mechanism halts after ``cutoff`` ⊤s
    (the sparse vector technique, [LSL17] Algorithm 1 and its variants).  Each transcript's
    probability Σ_ρ P(ρ) Π_j P(answer_j | ρ) is summed over ρ ∈ ℤ exactly.

    Parameters
    ----------
    tops : sequence of PiecewiseGeometric
        ρ -> P(⊤ at query j | ρ), e.g. from :func:`noisy_comparison_given_threshold`.
    r_threshold : Fraction
        The threshold noise's ratio, 0 < r < 1.
    cutoff : int or None, default None
        Halt after this many ⊤s (None: answer every query).

    Returns
    -------
    dict
        Transcript (tuple of bool, ⊤ = True; it stops at the cut-off) -> Fraction, transcripts
        of probability 0 omitted; the masses sum to exactly 1.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> tops = [noisy_comparison_given_threshold(q, 1, None) for q in (1, 0)]  # no query noise
    >>> sorted(shared_threshold_law(tops, F(1, 2)).items())
    [((False, False), Fraction(1, 3)), ((True, False), Fraction(1, 3)), ((True, True), Fraction(1, 3))]
    """
    cut = cutoff
    pmf = PiecewiseGeometric.discrete_laplace(r_threshold, "pmf")
    # one common window, so that the products below never widen one again
    lo, hi = min(g.lo for g in (pmf, *tops)), max(g.hi for g in (pmf, *tops))
    pmf = pmf._on(lo, hi)
    factors = [(t._on(lo, hi), (1 - t)._on(lo, hi)) for t in tops]
    law: dict = {}

    def walk(i: int, prefix: tuple, n_top: int, weight: PiecewiseGeometric) -> None:
        if i == len(factors) or (cut is not None and n_top >= cut):
            mass = weight.total()
            if mass:
                law[prefix] = mass
            return
        top, bottom = factors[i]
        walk(i + 1, prefix + (True,), n_top + 1, weight * top)
        walk(i + 1, prefix + (False,), n_top, weight * bottom)

    walk(0, (), 0, pmf)
    return law


def _cdf_at(threshold_cdf: Callable, x):
    """``threshold_cdf(x)`` at a cut point; its refusal is one line naming threshold_cdf and the point."""
    try:
        return threshold_cdf(x)
    except (TypeError, ValueError) as exc:
        kind = TypeError if isinstance(exc, TypeError) else ValueError
        raise kind(f"threshold_cdf failed at the cut point x = {x!r} (a value - threshold): {exc}"[:300]) from None


@checked
def threshold_crossing_law(
    values: Annotated[Any, Check(_finite_reals, kind="array"), Joint("values - threshold go to threshold_cdf")],
    threshold: Annotated[Any, Check(_finite_real, kind="real"), Joint("values - threshold go to threshold_cdf")],
    threshold_cdf: Callable,
    *,
    cutoff: _Cutoff = 1,
) -> dict:
    """The law of the transcript "q_j >= T + ρ?" (no query noise) for a threshold noise ρ of any law.

    Given ρ the transcript is deterministic: query j answers ⊤ iff ρ <= q_j − T.  So the law
    is the masses F(c_1), F(c_{i+1}) − F(c_i), 1 − F(c_k) of ρ between the sorted cut points
    c_i = q_j − T, each with its transcript (halting after ``cutoff`` ⊤s).  Exact when
    ``threshold_cdf`` returns Fractions (e.g. :func:`discrete_laplace_cdf` with integer cut
    points), a float law for a float cdf (e.g. the Laplace cdf: [LSL17] Algorithm 5).

    Parameters
    ----------
    values : sequence of real
        The query values q_j.
    threshold : real
        The threshold T.
    threshold_cdf : callable
        x -> P(ρ <= x), called at the cut points.
    cutoff : int or None, default 1
        Halt after this many ⊤s (None: answer every query).

    Returns
    -------
    dict
        Transcript (tuple of bool) -> probability (a transcript of mass 0 may appear).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> sorted(threshold_crossing_law([1, 0], 1, lambda x: discrete_laplace_cdf(x, F(1, 2)), cutoff=None).items())
    [((False, False), Fraction(1, 3)), ((True, False), Fraction(1, 3)), ((True, True), Fraction(1, 3))]
    """
    cut = cutoff
    cuts = sorted({v - threshold for v in values})
    law: dict = {}
    for i, upper in enumerate([*cuts, None]):  # ρ ∈ (cuts[i - 1], upper]; None: ρ above every cut
        if upper is None:
            mass = 1 - _cdf_at(threshold_cdf, cuts[-1])
        elif i == 0:
            mass = _cdf_at(threshold_cdf, upper)
        else:
            mass = _cdf_at(threshold_cdf, upper) - _cdf_at(threshold_cdf, cuts[i - 1])
        out, n_top = [], 0
        for v in values:
            top = upper is not None and v - threshold >= upper
            out.append(top)
            n_top += top
            if cut is not None and n_top >= cut:
                break
        key = tuple(out)
        law[key] = law.get(key, 0) + mass
    return law
