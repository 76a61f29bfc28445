"""Exact audit of a user's mechanism from its output law: the worst neighbouring pair, shrunk.

:func:`exact_audit` takes a mechanism's exact output law, ``law(dataset) -> {outcome: probability}``,
and a space of neighbouring datasets (an iterable of pairs, or a hypothesis strategy of
pairs), and returns the worst pair with its δ(ε) by the hockey-stick divergence and its ε
at the claimed δ ((ε, δ)-indistinguishability, [NNSY23] Definition 2.1; [DR14] Definition
2.4).  Both orders of a pair are audited (the hockey-stick divergence is asymmetric) and an
outcome present in only one of the two laws counts fully towards δ.

Arithmetic
    * Laws whose probabilities are all ``Fraction`` (or ``int``) are audited *exactly*:
      the divergence Σ_o max(0, P(o) − e^ε Q(o)) is evaluated in rational arithmetic at the
      two ends of a rigorous enclosure [E⁻, E⁺] ∋ e^ε (mpmath interval arithmetic, refined
      until the verdict δ(ε) ≤ δ is decided), so the reported bounds on δ(ε) are exact
      rationals and the verdict is a proof.  With ``epsilon=LogRational(r)`` (ε = ln r for a
      rational r) e^ε = r exactly and δ(ε) is a single rational.  The ε at δ is ln R for an
      exact rational R (reported as ``exp_epsilon_at_delta``).
    * Any float probability makes the pair a float audit (the functions of
      :mod:`geoprivate.audit.divergence`); each float law must sum to 1 within ``atol``
      (default 1e-9).  Exact laws must sum to exactly 1.

Search and shrinking
    With a hypothesis strategy of pairs, the space is searched deterministically (``seed``,
    ``max_examples``, no example database, no deadline); the worst value seen becomes the
    target of a second, identical run with :func:`hypothesis.find`, whose shrinker returns
    the *smallest* pair (in hypothesis's order) that is at least as bad as the worst seen.
"""

from __future__ import annotations

import contextlib
import math
import numbers
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath

from geoprivate._validation import check_delta, check_positive_int, check_real
from geoprivate.audit.divergence import epsilon_for_delta, hockey_stick

__all__ = ["LogRational", "ExactAuditResult", "exact_audit"]


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
    """

    value: Fraction

    def __post_init__(self):
        v = self.value
        if isinstance(v, bool) or not isinstance(v, (numbers.Rational,)):
            raise TypeError(f"LogRational value must be a Fraction or int, got {type(v).__name__}")
        if v < 1:
            raise ValueError(f"LogRational value must be >= 1 (epsilon >= 0), got {v}")
        object.__setattr__(self, "value", Fraction(v))

    def __float__(self) -> float:
        return math.log(self.value.numerator) - math.log(self.value.denominator)


@dataclass(frozen=True)
class ExactAuditResult:
    """Outcome of :func:`exact_audit`.

    Attributes
    ----------
    pair : tuple
        The worst neighbouring pair (d0, d1); shrunk when the neighbours were a strategy.
    direction : str
        ``"d0>d1"`` when Σ max(0, P_d0 − e^ε P_d1) attains δ(ε), else ``"d1>d0"``.
    delta_at_epsilon : float
        δ(ε) of the worst pair (both orders), rounded up from ``delta_bounds`` when exact.
    delta_bounds : tuple of Fraction or None
        Exact rational bounds lo <= δ(ε) <= hi (exact audits; equal when e^ε is rational).
    epsilon_at_delta : float
        The least ε at which the worst pair is (ε, δ)-indistinguishable (``inf`` possible).
    exp_epsilon_at_delta : Fraction or None
        e^(ε at δ) exactly (exact audits with a finite ε at δ).
    epsilon, delta : float
        The claim audited.
    violated : bool
        True when δ(ε) > δ for the worst pair (proved when ``exact``).
    exact : bool
        Whether the worst pair was audited in rational arithmetic.
    pairs_examined : int
        Distinct pairs whose laws were evaluated.
    shrunk : bool
        Whether ``pair`` is the result of hypothesis's shrinker.
    laws : tuple of dict
        The two output laws of ``pair``.
    """

    pair: tuple
    direction: str
    delta_at_epsilon: float
    delta_bounds: tuple | None
    epsilon_at_delta: float
    exp_epsilon_at_delta: Fraction | None
    epsilon: float
    delta: float
    violated: bool
    exact: bool
    pairs_examined: int
    shrunk: bool
    laws: tuple

    @property
    def holds(self) -> bool:
        """True when the worst pair satisfies the claim, δ(ε) <= δ."""
        return not self.violated


def _short(obj, limit: int = 60) -> str:
    s = repr(obj)
    return s if len(s) <= limit else s[: limit - 3] + "..."


def _checked_law(law: Callable, dataset, atol: float) -> tuple[dict, bool]:
    """law(dataset) validated: ({outcome: probability}, exact?)."""
    out = law(dataset)
    if not hasattr(out, "items"):
        raise TypeError(f"law must return a mapping outcome -> probability, got {type(out).__name__}")
    exact = True
    for o, v in out.items():
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError(f"law({_short(dataset)})[{_short(o, 30)}] must be a real probability, got {v!r}")
        if not isinstance(v, numbers.Rational):
            exact = False
            if not math.isfinite(float(v)):
                raise ValueError(f"law({_short(dataset)})[{_short(o, 30)}] must be finite, got {v!r}")
        if v < 0:
            raise ValueError(f"law({_short(dataset)})[{_short(o, 30)}] must be >= 0, got {v!r}")
    if exact:
        law_out: dict[object, Fraction | float] = {o: Fraction(v) for o, v in out.items()}
        total = sum(law_out.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"law({_short(dataset)}) must sum to 1 exactly (Fraction law), got {total}")
        return law_out, True
    law_out = {o: float(v) for o, v in out.items()}
    total = math.fsum(law_out.values())
    if abs(total - 1.0) > atol:
        raise ValueError(f"law({_short(dataset)}) must sum to 1 (float tolerance {atol:g}), got {total!r}")
    return law_out, False


def _exp_enclosure(epsilon, prec: int) -> tuple[Fraction, Fraction]:
    """Rational E⁻ <= e^ε <= E⁺ (exact when ε is 0 or a :class:`LogRational`)."""
    if isinstance(epsilon, LogRational):
        return epsilon.value, epsilon.value
    eps = Fraction(epsilon)
    if eps == 0:
        return Fraction(1), Fraction(1)
    iv = mpmath.iv
    saved = iv.prec
    iv.prec = prec
    try:
        e = iv.exp(iv.mpf(eps.numerator) / iv.mpf(eps.denominator))
        return _mpf_fraction(e.a), _mpf_fraction(e.b)
    finally:
        iv.prec = saved


def _mpf_fraction(x) -> Fraction:
    man, exp = mpmath.mpf(x).man_exp
    return Fraction(man) * Fraction(2) ** exp


def _hockey_exact(p: dict, q: dict, e: Fraction) -> Fraction:
    """Σ_o max(0, p(o) − e q(o)) in rationals (outcomes missing from q have q(o) = 0)."""
    total = Fraction(0)
    for o, a in p.items():
        d = a - e * q.get(o, 0)
        if d > 0:
            total += d
    return total


def _exp_eps_one_direction(p: dict, q: dict, delta: Fraction) -> Fraction | float:
    """e^ε for the least ε >= 0 with Σ max(0, p − e^ε q) <= δ: a Fraction, or ``math.inf``.

    On e^ε ∈ [r_{j+1}, r_j] (the ratios p/q sorted down), δ(ε) = A_j − e^ε B_j with A_j, B_j
    the sums of p and q over the top j outcomes; every quantity is rational.
    """
    mass_inf = sum((a for o, a in p.items() if a > 0 and q.get(o, 0) == 0), Fraction(0))
    if mass_inf > delta:
        return math.inf
    rows = sorted(((a / q[o], a, q[o]) for o, a in p.items() if a > 0 and q.get(o, 0) > 0), reverse=True)
    A, B = mass_inf, Fraction(0)
    for j, (r, a, b) in enumerate(rows):
        if r <= 1:
            break
        A, B = A + a, B + b
        nxt = max(rows[j + 1][0], Fraction(1)) if j + 1 < len(rows) else Fraction(1)
        if A - nxt * B > delta:  # the solution lies in (nxt, r]
            return (A - delta) / B
    return Fraction(1)


@dataclass(frozen=True)
class _PairAudit:
    delta_hi: Fraction | float  # Fraction (exact) or float
    exp_eps: Fraction | float  # Fraction / inf (exact) or the float ε at δ
    direction: str
    exact: bool
    laws: tuple

    def key(self) -> tuple:
        """(δ(ε), ε at δ): the order in which pairs are worse (exact δ compared exactly)."""
        if not self.exact or self.exp_eps == math.inf:
            return (self.delta_hi, float(self.exp_eps))
        assert isinstance(self.exp_eps, Fraction)  # exact and finite
        return (self.delta_hi, math.log(self.exp_eps.numerator) - math.log(self.exp_eps.denominator))


def _audit_pair(law, pair, e_bounds, epsilon, delta, atol) -> _PairAudit:
    try:
        d0, d1 = pair
    except (TypeError, ValueError):
        raise TypeError(f"neighbours must yield pairs (d0, d1), got {_short(pair)}") from None
    p, ex0 = _checked_law(law, d0, atol)
    q, ex1 = _checked_law(law, d1, atol)
    if ex0 and ex1:
        e_lo, _ = e_bounds
        fwd, bwd = _hockey_exact(p, q, e_lo), _hockey_exact(q, p, e_lo)
        dd = Fraction(delta)
        r = max(_exp_eps_one_direction(p, q, dd), _exp_eps_one_direction(q, p, dd))
        return _PairAudit(max(fwd, bwd), r, "d0>d1" if fwd >= bwd else "d1>d0", True, (p, q))
    pf = {o: float(v) for o, v in p.items()}
    qf = {o: float(v) for o, v in q.items()}
    eps = float(epsilon)
    f, b = hockey_stick(pf, qf, eps, atol=atol), hockey_stick(qf, pf, eps, atol=atol)
    eps_at = epsilon_for_delta(pf, qf, float(delta), atol=atol)
    return _PairAudit(max(f, b), eps_at, "d0>d1" if f >= b else "d1>d0", False, (pf, qf))


def _is_strategy(obj) -> bool:
    return type(obj).__module__.startswith("hypothesis")


def _search_strategy(strategy, evaluate, max_examples: int, seed: int):
    """Worst pair of a hypothesis strategy, then shrunk: (pair, audit, shrunk)."""
    from hypothesis import HealthCheck, find, settings
    from hypothesis.errors import NoSuchExample

    conf = settings(max_examples=max_examples, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    best: dict[str, Any] = {}  # key, pair and audit of the worst pair seen

    def explore(pair):
        a = evaluate(pair)
        if "key" not in best or a.key() > best["key"]:
            best.update(key=a.key(), pair=pair, audit=a)
        return False

    with contextlib.suppress(NoSuchExample):
        find(strategy, explore, settings=conf, random=random.Random(seed))
    if "key" not in best:
        raise ValueError("neighbours (a strategy) produced no pair")
    target = best["key"]
    try:
        small = find(strategy, lambda pair: evaluate(pair).key() >= target, settings=conf, random=random.Random(seed))
    except NoSuchExample:  # the second run did not meet the worst pair again: keep it unshrunk
        return best["pair"], best["audit"], False
    return small, evaluate(small), True


def exact_audit(
    law: Callable,
    neighbours,
    epsilon,
    delta=0.0,
    *,
    max_examples: int = 200,
    seed: int = 0,
    atol: float = 1e-9,
) -> ExactAuditResult:
    """Exact (ε, δ) audit of a mechanism given by its output law, over neighbouring pairs.

    For every pair (d0, d1), δ(ε) = max over both orders of Σ_o max(0, P_d0(o) − e^ε P_d1(o))
    (the hockey-stick divergence; [NNSY23] Definition 2.1, [DR14] Definition 2.4) and the
    least ε with δ(ε) <= δ; the worst pair maximises (δ(ε), ε at δ).  The claim is violated
    when the worst δ(ε) exceeds ``delta``.  See the module docstring for the arithmetic
    (exact rationals with a rigorous enclosure of e^ε for Fraction laws) and the search.

    Parameters
    ----------
    law : callable
        dataset -> mapping outcome -> probability (``Fraction``/``int`` for an exact audit,
        or float).  Outcomes must be hashable; missing outcomes have probability 0.
    neighbours : iterable of pairs or hypothesis strategy of pairs
        The neighbouring datasets (d0, d1) to audit.
    epsilon : float, Fraction or LogRational
        The claimed ε >= 0 (:class:`LogRational` for ε = ln r, exactly).
    delta : float or Fraction, default 0.0
        The claimed δ in [0, 1).
    max_examples : int, default 200
        Examples hypothesis draws from a strategy (ignored for an iterable).
    seed : int, default 0
        Seed of hypothesis's search and shrinking (same seed, same pair).
    atol : float, default 1e-9
        Tolerance on a float law's total mass.

    Returns
    -------
    ExactAuditResult
        The worst pair, its δ(ε) (exact bounds when exact), its ε at δ and the verdict.

    Raises
    ------
    ValueError
        A law not summing to 1, a negative probability, ε < 0, δ outside [0, 1), no pairs.
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
    """
    if not callable(law):
        raise TypeError(f"law must be callable (dataset -> law), got {type(law).__name__}")
    eps_f = float(epsilon) if isinstance(epsilon, LogRational) else check_real(epsilon, "epsilon", low=0.0)
    check_delta(delta)
    d = Fraction(delta)
    max_examples = check_positive_int(max_examples, "max_examples")
    e_bounds = _exp_enclosure(epsilon, 256)
    cache: dict = {}

    def evaluate(pair) -> _PairAudit:
        k = repr(pair)
        if k not in cache:
            cache[k] = _audit_pair(law, pair, e_bounds, epsilon, d, atol)
        return cache[k]

    if _is_strategy(neighbours):
        pair, audit, shrunk = _search_strategy(neighbours, evaluate, max_examples, seed)
    else:
        pair, audit, shrunk = None, None, False
        for pr in neighbours:
            a = evaluate(pr)
            if audit is None or a.key() > audit.key():
                pair, audit = pr, a
        if audit is None:
            raise ValueError("neighbours must contain at least one pair")
    return _result(pair, audit, epsilon, eps_f, d, len(cache), shrunk)


def _result(pair, audit: _PairAudit, epsilon, eps_f, delta, examined, shrunk) -> ExactAuditResult:
    if not audit.exact:
        eps_at = float(audit.exp_eps)
        return ExactAuditResult(
            tuple(pair), audit.direction, float(audit.delta_hi), None, eps_at, None, eps_f, float(delta),
            bool(audit.delta_hi > delta), False, examined, shrunk, audit.laws,
        )  # fmt: skip
    p, q = audit.laws
    prec = 128
    while True:  # refine the enclosure of e^eps until the verdict is decided (it always is: e^eps is irrational)
        e_lo, e_hi = _exp_enclosure(epsilon, prec)
        hi = max(_hockey_exact(p, q, e_lo), _hockey_exact(q, p, e_lo))
        lo = max(_hockey_exact(p, q, e_hi), _hockey_exact(q, p, e_hi))
        if lo > delta or hi <= delta or prec > 1 << 16:
            break
        prec *= 2
    r = audit.exp_eps if isinstance(audit.exp_eps, Fraction) else None  # exact: a Fraction, or inf (no ε)
    eps_at = math.inf if r is None else float(mpmath.log(mpmath.mpf(r.numerator) / r.denominator))
    return ExactAuditResult(
        tuple(pair), audit.direction, _round_up(hi), (lo, hi), eps_at, r, eps_f,
        float(delta), bool(lo > delta), True, examined, shrunk, audit.laws,
    )  # fmt: skip


def _round_up(x: Fraction) -> float:
    f = float(x)
    return f if Fraction(f) >= x else math.nextafter(f, math.inf)
