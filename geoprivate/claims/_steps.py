"""The machinery of the proof-step catalogue (:mod:`geoprivate.claims.steps`).

A *step* is one (in)equality a proof of the papers asserts on free parameters, displayed or
stated inline as a link of the proof's chain.  Each step has exactly one status:

* **checked** — a registered claim (``<paper>/<statement>-step-<k>``) evaluates the step on a
  parameter grid over the range the statement uses, then searches the same range with a
  hypothesis strategy that pushes every variable towards the edges of its range
  (:func:`geoprivate.claims._search.search_claim`), and reports the shrunk counterexample when the
  step fails.  The two sides are evaluated in interval arithmetic (:mod:`mpmath.iv`, exact rational
  inputs), so a verdict is certified: "violated" only when the enclosures are disjoint the wrong
  way, "holds" only when they are disjoint the right way (equalities: equal to the working
  precision, escalated to 250 digits before a tie is recorded);
* **derived** — it follows by algebra that sympy checks symbolically (:class:`Derivation`: the facts
  sympy proves, each one stated);
* **not executable** — with a one-line reason.

A step that fails on the statement's own range carries a ``finding``: one sentence on what it
breaks (the statement, or only the proof, and the other route where the statement still holds).
"""

from __future__ import annotations

import itertools
import math
import numbers
import re
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any

import mpmath
import numpy as np
from mpmath import iv

from geoprivate._papers import PAPER_KEYS
from geoprivate._validation import Check, Choice, Interval, Joint, Rng, as_rng, checked, shown
from geoprivate.claims._registry import Budget, Claim, ClaimId, Size, Verdict, register
from geoprivate.claims._search import search_claim
from solvers._domains import Rational
from solvers._rational import coordinate

__all__ = [
    "STEP_STATUSES",
    "PROOFS",
    "Var",
    "real",
    "integer",
    "Derivation",
    "sympy_zero",
    "sympy_positive",
    "sympy_true",
    "sympy_fact",
    "zero_of",
    "positive_of",
    "identity",
    "Step",
    "StepBook",
    "all_registered_steps",
    "decide",
    "rr_composition_delta",
    "binomial_lower_tail",
    "evaluate_step",
    "step_claim_id",
    "step_verdict",
    "relation_verdict",
    "check_relation",
    "slug",
]

STEP_STATUSES = ("checked", "derived", "not executable")
PROOFS = ("privacy", "accuracy")

#: working precisions (decimal digits) tried in turn before a comparison is called a tie
PRECISIONS = (30, 80, 250)

#: grid points per variable and the cap on a grid's size, by ``--size``
_GRID = {"small": (4, 32), "medium": (8, 1500)}

#: hypothesis examples per checked step, by ``--size`` (the claims' default is 100 / 1000)
MAX_EXAMPLES = {"small": 30, "medium": 400}

_OPS = {"<=": "≤", "<": "<", "=": "=", ">=": "≥", ">": ">"}
_NEGATION = {"<=": ">", "<": ">=", "=": "!=", ">=": "<", ">": "<=", "!=": "="}

#: the largest k of :func:`rr_composition_delta` (its sum has k + 1 terms of k-digit binomials: seconds at 4096)
MAX_COMPOSITIONS = 4096

#: the largest n of :func:`binomial_lower_tail` (the sum may run over every term below k: about a second at 10⁵)
MAX_BINOMIAL_N = 10**5

#: the largest step number of a proof
MAX_STEP = 10_000

# ----------------------------------------------------------------------------- domains
#: a comparison of a step: ``lhs op rhs``
Op = Annotated[str, Choice(*_NEGATION)]
#: a paper's claim-id prefix (a key of :data:`geoprivate._papers.PAPER_KEYS`)
Paper = Annotated[str, Choice(*PAPER_KEYS)]
#: a step's number within its proof
StepNumber = Annotated[int, Interval(ge=1, le=MAX_STEP)]


def _name(value, name: str) -> str:
    """A step variable's name: a Python identifier other than ``q`` (``Point.q`` returns a variable's rational)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, got {type(value).__name__}")
    if not value.isidentifier() or value == "q":
        raise ValueError(f"{name} must be an identifier other than 'q', got {shown(value)}")
    return value


def _enclosure(value, name: str, lo=None, hi=None):
    """An :mod:`mpmath.iv` interval: an interval, or an exact number (int, Fraction, a float at its binary value).

    NaN endpoints, bools and strings are refused; ``lo``/``hi`` bound the enclosure (closed)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Real, type(iv.mpf(0)), mpmath.mpf)):
        raise TypeError(f"{name} must be an mpmath interval or a real number, got {type(value).__name__}")
    if isinstance(value, (float, np.floating, mpmath.mpf)) and mpmath.isnan(value):  # iv.mpf(nan) is the whole line
        raise ValueError(f"{name} must not be NaN, got {shown(value)}")
    if isinstance(value, numbers.Rational) and not isinstance(value, numbers.Integral):
        x = iv.mpf(value.numerator) / value.denominator
    else:
        x = iv.mpf(value)
    if mpmath.isnan(x.a) or mpmath.isnan(x.b):
        raise ValueError(f"{name} must not be NaN, got {shown(value)}")
    if (lo is not None and x.a < lo) or (hi is not None and x.b > hi):
        where = f"[{'-inf' if lo is None else lo}, {'inf' if hi is None else hi}]"
        raise ValueError(f"{name} must lie in {where}, got {x}")
    return x


def _variables(value, name: str) -> tuple:
    """A sequence of :class:`Var` with distinct names, as a tuple."""
    if isinstance(value, (str, bytes, Var)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of step variables (Var), got {type(value).__name__}")
    out = tuple(value)
    for v in out:
        if not isinstance(v, Var):
            raise TypeError(f"{name} must hold step variables (Var), got {type(v).__name__} {shown(v)}")
    names = [v.name for v in out]
    if len(set(names)) != len(names):
        raise ValueError(f"{name} must have distinct names, got {names}")
    return out


def _values(value, name: str) -> dict[str, Fraction]:
    """Variable name → exact rational (``int``, ``Fraction``, a float at its binary value)."""
    if not isinstance(value, dict):
        raise TypeError(f"{name} must be a dict of variable name -> number, got {type(value).__name__}")
    return {_name(k, f"{name} key"): coordinate(v, f"{name}[{k!r}]") for k, v in value.items()}


def _labels_tuple(value, name: str) -> tuple[str, ...]:
    """A sequence of strings (a step's variables as described), as a tuple."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of strings, got {type(value).__name__}")
    out = tuple(value)
    for v in out:
        if not isinstance(v, str):
            raise TypeError(f"{name} must hold strings, got {type(v).__name__} {shown(v)}")
    return out


#: step variables: a sequence of :class:`Var`, passed on as a tuple
Variables = Annotated[Any, Check(_variables, kind="object")]


@checked
def slug(label: str) -> str:
    """``"Claim D.1"`` → ``"claim-d-1"`` (the statement part of step and claim ids).

    Parameters
    ----------
    label : str
        A statement label as the paper prints it.

    Returns
    -------
    str
    """
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


@checked
def step_claim_id(paper: Paper, statement: str, k: StepNumber) -> str:
    """The id of the claim that checks a step: ``everlasting/claim-d-1-step-2``.

    Parameters
    ----------
    paper : str
        Claim-id prefix of the paper.
    statement : str
        Statement label.
    k : int
        Step number.

    Returns
    -------
    str
    """
    return f"{paper}/{slug(statement)}-step-{k}"


# ----------------------------------------------------------------------------- variables
@checked
@dataclass(frozen=True)
class Var:
    """A free variable of a step and the range the statement uses it on.

    Attributes
    ----------
    name : str
        The name the relation uses (``eps``, ``delta``, ``c``).
    lo, hi : Fraction or None
        Bounds; None is unbounded.
    lo_open, hi_open : bool
        Whether a bound is excluded.
    integer : bool
        An integer variable.
    log : bool
        Spread over orders of magnitude (a δ, a sample size): the search moves by powers of two.
    symbol : str
        The symbol as the paper prints it (``ε'_i``).
    """

    name: Annotated[str, Check(_name)]
    lo: Rational | None
    hi: Annotated[Any, Check(coordinate, kind="real"), Joint("lo < hi (lo ≤ hi when both ends are closed)")] | None
    lo_open: bool = True
    hi_open: bool = True
    integer: bool = False
    log: bool = False
    symbol: str = ""

    def __post_init__(self):
        if self.lo is not None and self.hi is not None:
            closed = not self.lo_open and not self.hi_open
            if self.hi < self.lo or (self.hi == self.lo and not closed):
                raise ValueError(f"hi must be above lo = {_show(self.lo)} (an empty range), got {_show(self.hi)}")
        if self.integer and any(b is not None and b.denominator != 1 for b in (self.lo, self.hi)):
            raise ValueError(f"lo, hi of an integer variable must be integers, got {self.lo}, {self.hi}")

    def describe(self) -> str:
        """``ε'_i ∈ (0, 1)``, ``c_i ≥ 1 integer``.

        Returns
        -------
        str
        """
        sym = self.symbol or self.name
        if self.hi is None:
            lo = "−∞" if self.lo is None else _show(self.lo)
            rel = ">" if self.lo_open else "≥"
            return f"{sym} {rel} {lo}" + (" integer" if self.integer else "")
        left = "−∞" if self.lo is None else _show(self.lo)
        return f"{sym} ∈ {'(' if self.lo_open else '['}{left}, {_show(self.hi)}{')' if self.hi_open else ']'}" + (
            " integer" if self.integer else ""
        )

    def contains(self, x: Rational) -> bool:
        """Whether ``x`` lies in the range (and is an integer, for an integer variable).

        Parameters
        ----------
        x : int, float or Fraction
            An exact number (a float at its binary value).

        Returns
        -------
        bool
        """
        if self.lo is not None and (x < self.lo or (self.lo_open and x == self.lo)):
            return False
        if self.hi is not None and (x > self.hi or (self.hi_open and x == self.hi)):
            return False
        return not self.integer or x.denominator == 1

    def _near_lo(self, k: int) -> Fraction:
        assert self.lo is not None
        if self.integer:
            return self.lo + (0 if not self.lo_open else 1) + (2**k - 1 if self.hi is None else 0)
        width = (self.hi - self.lo) if self.hi is not None else Fraction(1)
        return self.lo + width / 2**k

    def _near_hi(self, k: int) -> Fraction:
        assert self.hi is not None
        if self.integer:
            return self.hi - (1 if self.hi_open else 0)
        width = (self.hi - self.lo) if self.lo is not None else Fraction(1)
        return self.hi - width / 2**k

    def grid(self, n: Annotated[int, Interval(ge=1, le=10**6)]) -> list[Fraction]:
        """``n`` points of the range, in this order: both edges (or points 2⁻³⁰ of the width inside an open
        one), a typical interior point (the middle; 1, 2, 10 on an unbounded range), then points between.

        Parameters
        ----------
        n : int

        Returns
        -------
        list of Fraction
        """
        if not self.integer and self.lo is None:
            raise ValueError(f"variable {self.name}: a real variable needs a lower bound (lo) for its grid")
        if self.integer:
            lo = self.lo + (1 if self.lo_open else 0) if self.lo is not None else Fraction(-(2**20))
            hi = self.hi - (1 if self.hi_open else 0) if self.hi is not None else lo + 2**40
            span: list[Fraction] = [
                lo,
                hi,
                Fraction((lo + hi) // 2) if self.hi is not None else lo + 1,
                lo + 1,
                lo + 2,
                lo + 10,
                lo + 1000,
                hi - 1,
            ]
            pts = [Fraction(int(x)) for x in span]
        else:
            assert self.lo is not None  # refused above
            lo_edge: Fraction = self.lo if not self.lo_open else self._near_lo(40 if self.log else 30)
            if self.hi is None:
                pts = [lo_edge, lo_edge + 2**40, Fraction(1), Fraction(2), Fraction(10), Fraction(1, 8), Fraction(100)]
            else:
                hi_edge: Fraction = self.hi if not self.hi_open else self._near_hi(30)
                mid = (lo_edge + hi_edge) / 2 if not self.log else max(lo_edge, hi_edge / 2**10)
                pts = [lo_edge, hi_edge, mid, self._near_lo(3), hi_edge - (hi_edge - lo_edge) / 8]
                pts += [self._near_lo(k) for k in (10, 1, 20, 2)]
        out: list[Fraction] = []
        for x in pts:
            if self.contains(x) and x not in out:
                out.append(x)
        return out[:n]

    def strategy(self):
        """A hypothesis strategy of the range, pushing towards its edges (exact rationals or integers).

        Returns
        -------
        hypothesis.strategies.SearchStrategy
        """
        from hypothesis import strategies as st

        if self.integer:
            lo = int(self.lo) + (1 if self.lo_open else 0) if self.lo is not None else -(2**40)
            hi = int(self.hi) - (1 if self.hi_open else 0) if self.hi is not None else None
            parts = [st.integers(lo, lo + 64 if hi is None else min(hi, lo + 64))]
            if hi is None:
                parts.append(st.integers(0, 200).map(lambda k: lo + 2**k))
            else:
                parts.append(st.integers(lo, hi))
                parts.append(st.integers(0, 64).map(lambda k: max(lo, hi - k)))
            return st.one_of(*parts).map(Fraction)
        reals: list = []
        deep = 200 if self.log else 60
        if self.lo is not None:
            if not self.lo_open:
                reals.append(st.just(self.lo))
            reals.append(st.integers(1, deep).map(self._near_lo))
        if self.hi is not None:
            if not self.hi_open:
                reals.append(st.just(self.hi))
            reals.append(st.integers(1, 60).map(self._near_hi))
        if self.lo is not None and self.hi is not None:
            lo, width = self.lo, self.hi - self.lo
            reals.append(st.fractions(0, 1, max_denominator=64).map(lambda u: lo + width * u))
        elif self.lo is not None:
            lo = self.lo
            reals.append(st.integers(0, 200).map(lambda k: lo + Fraction(2) ** k))
        return st.one_of(*reals).filter(self.contains)


@checked
def real(
    name: Annotated[str, Check(_name)],
    lo: Rational | None = None,
    hi: Annotated[Any, Check(coordinate, kind="real"), Joint("lo < hi: checked by Var")] | None = None,
    *,
    closed: Annotated[str, Choice("neither", "lo", "hi", "both")] = "neither",
    log: bool = False,
    symbol: str = "",
) -> Var:
    """A real variable on (lo, hi); ``closed`` names the closed ends ("neither", "lo", "hi" or "both").

    Parameters
    ----------
    name : str
    lo, hi : number or None
    closed : {"neither", "lo", "hi", "both"}
    log : bool
        Spread the search over orders of magnitude.
    symbol : str
        The paper's symbol.

    Returns
    -------
    Var
    """
    return Var(
        name, lo, hi, lo_open=closed not in ("lo", "both"), hi_open=closed not in ("hi", "both"), log=log, symbol=symbol
    )


@checked
def integer(
    name: Annotated[str, Check(_name)],
    lo: int | None = 1,
    hi: int | None = None,  # lo <= hi: checked by Var
    *,
    symbol: str = "",
) -> Var:
    """An integer variable on [lo, hi] (hi None: unbounded).

    Parameters
    ----------
    name : str
    lo, hi : int or None
    symbol : str

    Returns
    -------
    Var
    """
    return Var(
        name,
        None if lo is None else Fraction(lo),
        None if hi is None else Fraction(hi),
        lo_open=False,
        hi_open=False,
        integer=True,
        symbol=symbol,
    )


def _show(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator}"


# ----------------------------------------------------------------------------- exact comparison
class Point:
    """A step's variables at one instance: ``p.eps`` is the interval enclosing ε at the working
    precision, ``p.q("eps")`` the exact rational."""

    def __init__(self, values: dict[str, Fraction]):
        if "q" in values:
            raise ValueError("a step variable cannot be named 'q' (Point.q returns a variable's rational)")
        self._q = values

    def q(self, name: str) -> Fraction:
        return self._q[name]

    def __getattr__(self, name: str):
        try:
            x = self._q[name]
        except KeyError:
            raise AttributeError(name) from None
        return iv.mpf(x.numerator) / x.denominator


#: an enclosure: an mpmath interval or an exact real number, passed on as an interval
Enclosure = Annotated[Any, Check(_enclosure, kind="real")]


@checked
def decide(lhs: Enclosure, op: Op, rhs: Enclosure) -> str | None:
    """Certified comparison of two intervals: "holds", "violated", or None (the enclosures overlap).

    Parameters
    ----------
    lhs, rhs : mpmath interval
    op : {"<=", "<", "=", ">=", ">", "!="}

    Returns
    -------
    str or None
    """
    if op in (">=", ">"):
        return decide(rhs, {">=": "<=", ">": "<"}[op], lhs)
    if op == "<=":
        return "holds" if lhs.b <= rhs.a else ("violated" if lhs.a > rhs.b else None)
    if op == "<":
        return "holds" if lhs.b < rhs.a else ("violated" if lhs.a >= rhs.b else None)
    if op in ("=", "!="):
        apart = lhs.b < rhs.a or rhs.b < lhs.a
        if op == "=":
            return "violated" if apart else None
        return "holds" if apart else None
    raise AssertionError(op)  # pragma: no cover - Op admits no other


@dataclass(frozen=True)
class Evaluation:
    """One step at one instance: the verdict, the two sides (floats, for the record) and the digits used."""

    status: str  # "holds", "violated" or "tie" (equal to the last precision)
    lhs: float
    rhs: float
    dps: int


@checked
def evaluate_step(relation: Callable, op: Op, values: Annotated[Any, Check(_values, kind="object")]) -> Evaluation:
    """Evaluate ``lhs op rhs`` at one instance, escalating the precision until the verdict is certified.

    Parameters
    ----------
    relation : callable
        ``relation(point) -> (lhs, rhs)`` in :mod:`mpmath.iv` arithmetic.
    op : str
        The comparison.
    values : dict
        Variable → exact rational (an int, a Fraction or a float at its binary value).

    Returns
    -------
    Evaluation
        ``status`` "tie" when the enclosures still overlap at 250 digits (recorded, and read as the
        step holding for "=", "<=", ">=" and as failing for strict ones).
    """
    for dps in PRECISIONS:
        with _digits(dps):
            lhs, rhs = relation(Point(values))
            verdict = decide(lhs, op, rhs)
            if verdict is not None:
                return Evaluation(verdict, _mid(lhs), _mid(rhs), dps)
    return Evaluation("tie", _mid(lhs), _mid(rhs), PRECISIONS[-1])


@contextmanager
def _digits(dps: int):
    """The interval context at ``dps`` digits, restored after (a verdict is certified at any precision)."""
    old = iv.dps
    iv.dps = dps
    try:
        yield
    finally:
        iv.dps = old


def _mid(x) -> float:
    x = iv.mpf(x)
    lo, hi = float(x.a), float(x.b)
    return lo if lo == hi else (lo + hi) / 2


def _tie_fails(op: str) -> bool:
    return op in ("<", ">", "!=")


@checked
def rr_composition_delta(
    epsilon: Annotated[Any, Check(_enclosure, kind="real", lo=0)],
    k: Annotated[int, Interval(ge=1, le=MAX_COMPOSITIONS)],
    epsilon_prime: Enclosure,
):
    """An enclosure of δ(ε') of k-fold ε-randomised response, the worst composition of k ε-DP mechanisms.

    δ(ε') = Σ_x C(k, x) p^x (1 − p)^{k−x} max(0, 1 − e^{ε' − ε(2x − k)}), p = e^ε/(1 + e^ε)
    (Kairouz–Oh–Viswanath): a composition theorem that claims (ε', δ') for k ε-DP mechanisms is
    refuted when this exceeds δ'.  Interval arithmetic at the current precision; a term whose sign is
    uncertain contributes its whole enclosure, clipped at 0.

    Parameters
    ----------
    epsilon : mpmath interval or number >= 0
    k : int in [1, MAX_COMPOSITIONS]
    epsilon_prime : mpmath interval or number

    Returns
    -------
    mpmath interval
    """
    p = iv.exp(epsilon) / (1 + iv.exp(epsilon))
    total = iv.mpf(0)
    for x in range(k, -1, -1):
        gain = 1 - iv.exp(epsilon_prime - epsilon * (2 * x - k))
        if gain.b <= 0:
            break  # the loss ε(2x − k) falls with x: no later term contributes
        term = math.comb(k, x) * p**x * (1 - p) ** (k - x) * iv.mpf([max(0, gain.a), gain.b])
        total += term
    return total


@checked
def binomial_lower_tail(
    n: Annotated[int, Interval(ge=0, le=MAX_BINOMIAL_N)],
    p: Annotated[Any, Check(_enclosure, kind="real", lo=0, hi=1)],
    k: int,
):
    """An enclosure of Pr[Bin(n, p) ≤ k] for k below the mean (a Chernoff step's failure probability).

    The terms C(n, j) p^j (1 − p)^{n−j} are summed from j = k downwards; their ratio
    j/(n − j + 1)·(1 − p)/p falls as j falls, so once it is below 1 the rest is at most a geometric
    series, added as the interval [0, bound].

    Parameters
    ----------
    n : int in [0, MAX_BINOMIAL_N]
    p : mpmath interval or number in [0, 1]
    k : int

    Returns
    -------
    mpmath interval
    """
    if k < 0:
        return iv.mpf(0)
    if k >= n:
        return iv.mpf(1)
    if p.b == 0:
        return iv.mpf(1)
    if p.a == 0:  # the tail falls with p and is 1 at p = 0: [the tail at the upper end, 1]
        return iv.mpf([_binomial_tail(n, iv.mpf(p.b), k).a, 1])
    return _binomial_tail(n, p, k)


def _binomial_tail(n: int, p, k: int):
    """:func:`binomial_lower_tail` for 0 ≤ k < n and an enclosure p inside (0, 1]."""
    q = 1 - p
    total = iv.mpf(0)
    j = k
    term = math.comb(n, j) * p**j * q ** (n - j)
    while j >= 0:
        total += term
        if j == 0:
            return total
        ratio = j / iv.mpf(n - j + 1) * q / p
        if ratio.b < 1 and (term * ratio / (1 - ratio)).b <= total.a * iv.mpf(10) ** (-40):
            rest = term * ratio / (1 - ratio)
            return total + iv.mpf([0, rest.b])
        term = term * ratio
        j -= 1
    return total  # pragma: no cover - the loop returns at j = 0


# ----------------------------------------------------------------------------- derivations
@checked
@dataclass(frozen=True)
class Derivation:
    """What sympy proves for a derived step: a sentence and the facts it checks.

    Attributes
    ----------
    text : str
        What sympy proved, in words (printed by ``verify --coverage --json``).
    facts : callable
        ``facts() -> list of (str, bool)``: each fact sympy checks and whether it proved it.
    """

    text: str
    facts: Callable[[], list[tuple[str, bool]]]

    def prove(self) -> list[tuple[str, bool]]:
        """The facts sympy checks, each with whether it proved it.

        Returns
        -------
        list of (str, bool)
        """
        facts = self.facts()
        if isinstance(facts, (str, bytes)) or not hasattr(facts, "__iter__"):
            raise TypeError(f"facts must return a list of (str, bool), got {type(facts).__name__}")
        out = list(facts)
        for f in out:
            if not (isinstance(f, tuple) and len(f) == 2 and isinstance(f[0], str) and isinstance(f[1], bool)):
                raise TypeError(f"facts must return pairs (str, bool), got {shown(f)}")
        return out


def _sympy_expr(value, name: str):
    """A sympy expression (or a finite real number, made one)."""
    import sympy

    if isinstance(value, sympy.Basic):
        return value
    if isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)):
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"{name} must be finite, got {value!r}")
        return sympy.sympify(value)
    raise TypeError(f"{name} must be a sympy expression, got {type(value).__name__}")


def _sympy_relation(value, name: str):
    """A sympy relational between constants, or a bool (what sympy gives when it decides one at once)."""
    import sympy

    if isinstance(value, (bool, np.bool_, sympy.Basic)):
        return value
    raise TypeError(f"{name} must be a sympy relation or a bool, got {type(value).__name__}")


#: a sympy expression (a finite real number is made one)
SympyExpr = Annotated[Any, Check(_sympy_expr, kind="object")]


@checked
def sympy_zero(expr: SympyExpr, text: str) -> tuple[str, bool]:
    """The fact ``simplify(expr) == 0`` (an identity), with its sentence.

    Parameters
    ----------
    expr : sympy expression
    text : str

    Returns
    -------
    (str, bool)
    """
    import sympy

    e = sympy.simplify(expr)
    if e != 0:
        e = sympy.simplify(sympy.expand_log(sympy.expand(e), force=True))
    return text, bool(e == 0)


@checked
def sympy_positive(expr: SympyExpr, text: str) -> tuple[str, bool]:
    """The fact ``expr > 0`` as sympy's assumption system proves it (after ``simplify``).

    Parameters
    ----------
    expr : sympy expression
        Over symbols declared with their signs (``positive=True``).
    text : str

    Returns
    -------
    (str, bool)
        False when sympy cannot prove it (never a guess).
    """
    import sympy

    return text, bool(sympy.simplify(expr).is_positive is True or sympy.factor(expr).is_positive is True)


def _symbols(names, kinds):
    import sympy

    for n in names:
        if not (isinstance(n, str) and n.isidentifier()):
            raise ValueError(f"names must be identifiers (the symbols' names), got {shown(n)}")
    if not names:  # a fact between constants
        return ()
    return sympy.symbols(" ".join(names), seq=True, **(kinds or {"positive": True}))


def _built(build, names, kinds, check=_sympy_expr):
    """``build(sympy, *symbols)``, which must be a sympy expression (its builder's failure named as ``build``)."""
    import sympy

    return check(build(sympy, *_symbols(names, kinds)), "the expression build returned")


@checked
def zero_of(build: Callable, text: str, *names: str, **kinds: bool) -> tuple[str, bool]:
    """:func:`sympy_zero` of ``build(sympy, *symbols)``, the symbols named ``names`` (positive unless ``kinds`` say).

    Parameters
    ----------
    build : callable
        ``build(sympy, *symbols) -> expression`` that should simplify to 0.
    text : str
    *names : str
        The symbols' names.
    **kinds
        Their assumptions (default ``positive=True``).

    Returns
    -------
    (str, bool)
    """
    return sympy_zero(_built(build, names, kinds), text)


@checked
def positive_of(build: Callable, text: str, *names: str, **kinds: bool) -> tuple[str, bool]:
    """:func:`sympy_positive` of ``build(sympy, *symbols)`` (see :func:`zero_of`).

    Parameters
    ----------
    build : callable
    text : str
    *names : str
    **kinds

    Returns
    -------
    (str, bool)
    """
    return sympy_positive(_built(build, names, kinds), text)


@checked
def identity(text: str, build: Callable, *names: str, **kinds: bool) -> Derivation:
    """A derivation by one identity: ``build(sympy, *symbols)`` simplifies to 0 (see :func:`zero_of`).

    Parameters
    ----------
    text : str
    build : callable
    *names : str
    **kinds

    Returns
    -------
    Derivation
    """
    _symbols(names, kinds)  # the names are checked now, the identity when it is proved
    return Derivation(text + " (simplify gives 0)", lambda: [zero_of(build, text, *names, **kinds)])


@checked
def sympy_fact(text: str, build: Callable) -> tuple[str, bool]:
    """A fact between constants built with sympy (``build(sympy)`` returns a relation), decided exactly.

    Parameters
    ----------
    text : str
    build : callable
        ``build(sympy) -> relation``, e.g. ``lambda sp: sp.Rational(56, 3) < 24``.

    Returns
    -------
    (str, bool)
    """
    import sympy

    return sympy_true(_sympy_relation(build(sympy), "the relation build returned"), text)


@checked
def sympy_true(relation: Annotated[Any, Check(_sympy_relation, kind="object")], text: str) -> tuple[str, bool]:
    """The fact that a sympy relation between constants evaluates to True exactly.

    Parameters
    ----------
    relation : sympy relational or bool
    text : str

    Returns
    -------
    (str, bool)
    """
    return text, bool(relation is True or getattr(relation, "is_true", False) or relation == True)  # noqa: E712


# ----------------------------------------------------------------------------- steps
@checked
@dataclass(frozen=True)
class Step:
    """One step of a proof (see the module docstring).

    Attributes
    ----------
    paper : str
        Claim-id prefix of the paper.
    statement : str
        The statement whose proof it is in, as the paper labels it.
    k : int
        The step's number within that proof.
    printed : str
        The step as printed (LaTeX, transcribed from the paper).
    variables : tuple of str
        The free variables with their ranges.
    range : str
        The range the statement uses them on.
    proof : {"privacy", "accuracy"}
    status : {"checked", "derived", "not executable"}
    claim : str
        For checked steps, the id of the claim that checks it.
    derivation : Derivation or None
        For derived steps.
    reason : str
        For steps not executable.
    gap : str
        For a step that fails on the statement's range: the gap in one line (the README's findings list).
    finding : str
        For such a step: what it breaks (the statement, or only the proof) and the other route, if any.
    note : str
        How the step is read where the text is ambiguous (a log base, a misprint corrected elsewhere).
    """

    paper: Paper
    statement: str
    k: StepNumber
    printed: str
    variables: Annotated[Any, Check(_labels_tuple, kind="object")]
    range: str
    proof: Annotated[str, Choice(*PROOFS)]
    status: Annotated[str, Choice(*STEP_STATUSES), Joint("a checked step has its claim, derived its derivation, ...")]
    claim: str = ""
    derivation: Derivation | None = None
    reason: str = ""
    gap: str = ""
    finding: str = ""
    note: str = ""

    def __post_init__(self):
        need = {"checked": self.claim, "derived": self.derivation, "not executable": self.reason}[self.status]
        if not need:
            raise ValueError(f"step {self.id}: a {self.status} step needs its claim / derivation / reason")
        if self.finding and self.status != "checked":
            raise ValueError(f"step {self.id}: only a checked step can carry a finding")
        if bool(self.gap) != bool(self.finding):
            raise ValueError(f"step {self.id}: a failed step has both its one-line gap and its finding")

    @property
    def id(self) -> str:
        return f"{self.paper}/{slug(self.statement)}/step-{self.k}"

    @property
    def citation(self) -> str:
        return f"[{PAPER_KEYS[self.paper]}] {self.statement}"

    @property
    def failed(self) -> bool:
        """Whether the step fails on the statement's range (its claim is a registered finding)."""
        return bool(self.finding)

    def detail(self) -> str:
        """One phrase: the claim id, what sympy proved, or the reason.

        Returns
        -------
        str
        """
        if self.status == "checked":
            return self.claim + (f" — FAILS: {self.gap}" if self.gap else "")
        if self.status == "derived":
            assert self.derivation is not None
            return "sympy: " + self.derivation.text
        return self.reason

    def as_dict(self) -> dict:
        """The step as JSON-ready data (``verify --coverage --json``).

        Returns
        -------
        dict
        """
        return {
            "id": self.id,
            "paper": self.paper,
            "citation": f"[{PAPER_KEYS[self.paper]}]",
            "statement": self.statement,
            "step": self.k,
            "proof": self.proof,
            "printed": self.printed,
            "variables": list(self.variables),
            "range": self.range,
            "status": self.status,
            "claim": self.claim or None,
            "derivation": self.derivation.text if self.derivation is not None else None,
            "reason": self.reason or None,
            "failed": self.failed,
            "gap": self.gap or None,
            "finding": self.finding or None,
            "note": self.note or None,
        }


_STEPS: dict[str, Step] = {}

#: claim id → (relation, op, variables, where, printed): what a relation claim evaluates
_CHECKS: dict[str, tuple] = {}

#: claim id → the checked step it checks
_STEP_OF_CLAIM: dict[str, Step] = {}


def _add(step: Step) -> Step:
    if step.id in _STEPS:
        raise ValueError(f"step {step.id} declared twice")
    _STEPS[step.id] = step
    return step


@checked
def all_registered_steps() -> list[Step]:
    """The steps declared so far, in declaration order (the catalogue imports every paper's module first).

    Returns
    -------
    list of Step
    """
    return list(_STEPS.values())


def _instances(variables: Sequence[Var], where, size: str, rng) -> list[dict[str, Fraction]]:
    per, cap = _GRID[size]
    axes = [v.grid(per) for v in variables]
    grid = [dict(zip([v.name for v in variables], pt, strict=True)) for pt in itertools.product(*axes)]
    grid = [g for g in grid if where is None or where(g)]
    if len(grid) > cap:
        keep = sorted(rng.choice(len(grid), size=cap, replace=False).tolist())
        grid = [grid[i] for i in keep]
    return grid


def _strategy(variables: Sequence[Var], where):
    from hypothesis import strategies as st

    s = st.fixed_dictionaries({v.name: v.strategy() for v in variables})
    return s if where is None else s.filter(where)


def _checked_step(step: Step, name: str = "step") -> Step:
    """A checked step whose claim evaluates a relation (:meth:`StepBook.checked`)."""
    if not isinstance(step, Step):
        raise TypeError(f"{name} must be a Step (steps(paper)), got {type(step).__name__}")
    if step.claim not in _CHECKS:
        raise ValueError(
            f"{name} must be a step checked by a relation (StepBook.checked), got {step.id} ({step.status}"
            + (f", linked to {step.claim}" if step.claim else "")
            + ")"
        )
    return step


def _relation_claim(claim_id, name: str) -> str:
    """The id of a claim registered by :func:`check_relation`."""
    if not isinstance(claim_id, str):
        raise TypeError(f"{name} must be a claim id (str), got {type(claim_id).__name__}")
    if claim_id not in _CHECKS:
        raise ValueError(f"{name} must name a claim registered by check_relation, got {shown(claim_id)}")
    return claim_id


@checked
def step_verdict(
    step: Annotated[Step, Check(_checked_step)],
    rng: Rng,
    size: Size,
    *,
    negate: bool = False,
    max_examples: Budget | None = None,
) -> Verdict:
    """Run a checked step's check: its grid, then a hypothesis search of its range (shrunk on failure).

    Parameters
    ----------
    step : Step
        A checked step declared with a relation (:meth:`StepBook.checked`).
    rng : numpy.random.Generator, int or None
        Seeds the grid's subsample and the search.
    size : {"small", "medium"}
    negate : bool
        Check the negated relation instead (a broken variant: the tests use it to show the check can fail).
    max_examples : int, optional
        Hypothesis budget (default :data:`MAX_EXAMPLES` of the size).

    Returns
    -------
    Verdict
        ``violated`` with the shrunk instance (or the first failing grid point) and the two sides,
        or ``holds`` with the grid points and examples checked and the ties recorded.
    """
    verdict = relation_verdict(step.claim, rng, size, negate=negate, max_examples=max_examples)
    if verdict.status == "violated" and step.finding and not negate:
        return Verdict.violated(verdict.instance, **verdict.evidence, finding=step.finding)
    return verdict


@checked
def relation_verdict(
    claim_id: Annotated[str, Check(_relation_claim)],
    rng: Rng,
    size: Size,
    *,
    negate: bool = False,
    max_examples: Budget | None = None,
) -> Verdict:
    """The grid-and-search check of a relation registered with :func:`check_relation` (see :func:`step_verdict`).

    Parameters
    ----------
    claim_id : str
        A claim registered by :func:`check_relation`.
    rng : numpy.random.Generator, int or None
    size : {"small", "medium"}
    negate : bool
    max_examples : int, optional

    Returns
    -------
    Verdict
    """
    relation, op, variables, where, text = _CHECKS[claim_id]
    rng = as_rng(rng)
    if negate:
        op = _NEGATION[op]
    ties = 0

    def fails(values: dict[str, Fraction]) -> bool:
        nonlocal ties
        ev = evaluate_step(relation, op, values)
        if ev.status == "tie":
            ties += 1
            return _tie_fails(op)
        return ev.status == "violated"

    grid = _instances(variables, where, size, rng)
    grid_failures = [g for g in grid if fails(g)]
    budget = max_examples or MAX_EXAMPLES[size]
    paper = claim_id.split("/", 1)[0]
    probe = Claim(
        id=claim_id,
        paper=paper,
        citation=PAPER_KEYS.get(paper),
        statement=text,
        check=lambda values: not fails(values),
        instances=_strategy(variables, where),
    )
    seed = np.random.SeedSequence(int(rng.integers(2**63)))
    searched = search_claim(probe, seed, size, budget)
    common = {
        "relation": f"{text}  [{_OPS.get(op, op)}]",
        "grid_points": len(grid),
        "grid_failures": len(grid_failures),
    }
    if searched.status == "violated" or grid_failures:
        extra = dict(searched.evidence)
        if searched.status == "violated":
            instance = searched.instance
        else:  # the search missed what the grid found: shrink the simplest grid failure greedily
            instance = _shrink(min(grid_failures, key=_complexity), variables, where, fails)
            extra["shrunk"] = "greedy, variable by variable, from the simplest failing grid point"
        ev = evaluate_step(relation, op, instance)
        return Verdict.violated(dict(instance), **common, lhs=ev.lhs, rhs=ev.rhs, digits=ev.dps, **extra)
    if searched.status == "skipped":  # pragma: no cover - every step's strategy produces instances
        return Verdict.skipped(searched.reason, **common)
    return Verdict.holds(**common, examples=searched.evidence.get("instances"), ties=ties)


def _complexity(values: dict[str, Fraction]) -> int:
    """Size of an instance's rationals (the shrinker prefers smaller numerators and denominators)."""
    return sum(len(str(abs(x.numerator))) + len(str(x.denominator)) for x in values.values())


_SIMPLE = tuple(Fraction(x) for x in ("1/2", "1/4", "1/10", "1/16", "1/100", "1", "2", "3", "10", "100", "1/1000"))


def _shrink(instance: dict[str, Fraction], variables: Sequence[Var], where, fails) -> dict[str, Fraction]:
    """Greedy shrinking of a failing instance: each variable in turn takes the simplest value of its range
    (simple rationals, then its grid) that keeps the instance failing; repeated until nothing changes."""
    current = dict(instance)
    changed = True
    while changed:
        changed = False
        for v in variables:
            candidates = sorted(
                {x for x in (*_SIMPLE, *v.grid(_GRID["medium"][0])) if v.contains(x)},
                key=lambda x: (len(str(abs(x.numerator))) + len(str(x.denominator)), abs(x)),
            )
            for x in candidates:
                if x == current[v.name] or _complexity({"x": x}) >= _complexity({"x": current[v.name]}):
                    continue
                trial = {**current, v.name: x}
                if (where is None or where(trial)) and fails(trial):
                    current, changed = trial, True
                    break
    return current


@checked
def check_relation(
    claim_id: ClaimId,
    statement: str,
    variables: Variables,
    relation: Callable,
    op: Op = "<=",
    *,
    where: Callable | None = None,
    text: str = "",
) -> str:
    """Register a claim that checks ``relation`` over the variables' ranges (a grid, then hypothesis).

    The checked steps use it; so does a claim that checks the other route by which a statement
    holds when one of its proof's steps fails.

    Parameters
    ----------
    claim_id : str
    statement : str
        The claim's statement.
    variables : sequence of Var
    relation : callable
        ``relation(point) -> (lhs, rhs)`` in interval arithmetic.
    op : str
    where : callable, optional
        A condition between the variables (on exact rationals).
    text : str
        The relation as printed (for the evidence).

    Returns
    -------
    str
        ``claim_id``.
    """
    if not variables:
        raise ValueError("variables must hold at least one step variable (a relation without one is a fact: derive it)")
    _CHECKS[claim_id] = (relation, op, variables, where, text or statement)

    def check(rng, size, _id=claim_id):
        step = _STEP_OF_CLAIM.get(_id)
        return step_verdict(step, rng, size) if step is not None else relation_verdict(_id, rng, size)

    register(claim_id, statement=statement)(check)
    return claim_id


# ----------------------------------------------------------------------------- declaring steps
def _step_list(value, name: str) -> list:
    """A list of :class:`Step` (the steps a book declared so far)."""
    if not isinstance(value, list) or not all(isinstance(s, Step) for s in value):
        raise TypeError(f"{name} must be a list of Step, got {shown(value)}")
    return value


@checked
@dataclass
class StepBook:
    """Declares the steps of one proof, in order: ``book.checked(...)``, ``book.derived(...)``, ``book.skip(...)``.

    Parameters
    ----------
    paper : str
        Claim-id prefix.
    statement : str
        The statement whose proof it is.
    proof : {"privacy", "accuracy"}
    range : str
        The range the statement uses the variables on.
    """

    paper: Paper
    statement: str
    proof: Annotated[str, Choice(*PROOFS)]
    range: str
    steps: Annotated[list, Check(_step_list)] = field(default_factory=list)

    def _declare(self, printed: str, variables: Sequence[Var], status: str, k: int | None, **fields) -> Step:
        """Build, record and return the next step of this proof."""
        step = _add(
            Step(
                self.paper,
                self.statement,
                self._next(k),
                printed,
                tuple(v.describe() for v in variables),
                self.range,
                self.proof,
                status,
                **fields,
            )
        )
        self.steps.append(step)
        return step

    def _next(self, k: int | None) -> int:
        """The next step number of this statement's proof (privacy and accuracy halves share the numbering)."""
        if k is not None:
            return k
        return 1 + sum(s.paper == self.paper and s.statement == self.statement for s in _STEPS.values())

    def checked(
        self,
        printed: str,
        variables: Variables,
        relation: Callable,
        op: Op = "<=",
        *,
        where: Callable | None = None,
        gap: str = "",
        finding: str = "",
        note: str = "",
        what: str = "",
        k: StepNumber | None = None,
    ) -> Step:
        """Declare a checked step and register its claim.

        Parameters
        ----------
        printed : str
            The step as printed.
        variables : sequence of Var
            Its free variables, on the statement's range.
        relation : callable
            ``relation(point) -> (lhs, rhs)`` in interval arithmetic (``point.eps`` is ε's enclosure).
        op : str
            ``lhs op rhs`` is the step.
        where : callable, optional
            ``where(values) -> bool``: a condition between the variables (on exact rationals).
        gap : str
            Non-empty for a step that fails on the range: the gap in one line (the claim is then a finding).
        finding : str
            With ``gap``: what the failure breaks (the statement, or only the proof) and the other route.
        note : str
            How the step is read.
        what : str
            The relation in words, for the claim's statement (default: ``printed``).
        k : int, optional
            Step number (default: the next one).

        Returns
        -------
        Step
        """
        step = self._declare(
            printed,
            variables,
            "checked",
            k,
            claim=step_claim_id(self.paper, self.statement, self._next(k)),
            gap=gap,
            finding=finding,
            note=note,
        )
        kind = "FINDING (the step fails on the statement's range): " if finding else ""
        text = (
            f"{kind}[{PAPER_KEYS[self.paper]}] {self.statement}, {self.proof} proof, step {step.k}: "
            f"{what or printed} for {', '.join(step.variables)} [{self.range}; interval arithmetic on exact "
            f"rationals; a grid, then hypothesis towards the edges of the range]"
            + (f" — {gap}: {finding}" if finding else "")
        )
        check_relation(step.claim, text, variables, relation, op, where=where, text=printed)
        _STEP_OF_CLAIM[step.claim] = step
        return step

    def derived(
        self, printed: str, variables: Variables, derivation: Derivation, *, note: str = "", k: StepNumber | None = None
    ) -> Step:
        """Declare a step that sympy derives (:class:`Derivation`).

        Parameters
        ----------
        printed : str
        variables : sequence of Var
        derivation : Derivation
        note : str
        k : int, optional

        Returns
        -------
        Step
        """
        return self._declare(printed, variables, "derived", k, derivation=derivation, note=note)

    def linked(
        self,
        printed: str,
        variables: Variables,
        claim: ClaimId,
        *,
        gap: str = "",
        finding: str = "",
        note: str = "",
        k: StepNumber | None = None,
    ) -> Step:
        """Declare a step that an existing registered claim checks (searched and shrunk there).

        Parameters
        ----------
        printed : str
        variables : sequence of Var
        claim : str
            The id of the claim.
        gap : str
            Non-empty when that claim finds the step false: the gap in one line.
        finding : str
            With ``gap``: what the failure breaks and the other route.
        note : str
        k : int, optional

        Returns
        -------
        Step
        """
        return self._declare(printed, variables, "checked", k, claim=claim, gap=gap, finding=finding, note=note)

    def skip(self, printed: str, reason: str, variables: Variables = (), *, k: StepNumber | None = None) -> Step:
        """Declare a step that is not executable, with the one-line reason.

        Parameters
        ----------
        printed : str
        reason : str
        variables : sequence of Var
        k : int, optional

        Returns
        -------
        Step
        """
        return self._declare(printed, variables, "not executable", k, reason=reason)
