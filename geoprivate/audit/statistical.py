"""Statistical privacy auditing of any black-box mechanism (Clopper–Pearson intervals).

Monte-Carlo estimates of an event's probability on two neighbouring inputs with exact
Clopper–Pearson intervals give a lower confidence bound on eps, as DP-Auditorium / StatDP
do; the event is chosen on a separate selection sample (so the bound stays valid), among
singletons of the (discretised) output or a user-given list.
"""

from __future__ import annotations

import math
import numbers
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

import numpy as np
from scipy import special

from geoprivate._validation import (
    Check,
    Choice,
    Delta,
    Interval,
    Joint,
    NonNegative,
    Probability,
    Rng,
    as_rng,
    check_nonneg_int,
    check_probability,
    checked,
    shown,
)
from solvers._checks import MAX_ARRAY_BYTES, as_positions

__all__ = [
    "clopper_pearson",
    "clopper_pearson_bound",
    "AuditResult",
    "statistical_epsilon_lower_bound",
]


#: a number of trials: at least 1, and exactly a float (below 2**53, so that n − k is exact in the Beta quantiles)
Trials = Annotated[int, Interval(ge=1, le=2**53)]
#: the most runs per input a Monte-Carlo audit keeps (two lists of references to its outputs: 16 bytes a run)
MAX_RUNS = MAX_ARRAY_BYTES // 16


def _counts(k, name: str = "k") -> int | np.ndarray:
    """Numbers of successes: an integer, or a 1-D array of integers (floats, bools, ragged input refused)."""
    if isinstance(k, numbers.Integral) and not isinstance(k, (bool, np.bool_)):
        return int(k)
    return as_positions(k, name)


def _check_counts(k: int | np.ndarray, n: int, name: str = "k") -> np.ndarray:
    """``k`` (from :func:`_counts`) within [0, n], as floats for the Beta quantiles."""
    if isinstance(k, int):
        if not 0 <= k <= n:
            raise ValueError(f"{name} must lie in [0, n] = [0, {n}], got {shown(k)}")
        return np.asarray(float(k))
    if k.size and (k.min() < 0 or k.max() > n):
        raise ValueError(f"{name} must lie in [0, n] = [0, {n}], got {k[(k < 0) | (k > n)][:3].tolist()}")
    return k.astype(np.float64)


#: one or more numbers of successes, within [0, n]
_Counts = Annotated[Any, Check(_counts, kind="indices"), Joint("0 <= k <= n")]


@checked
def clopper_pearson_bound(
    k: _Counts, n: Trials, a: Probability, side: Annotated[str, Choice("lower", "upper")]
) -> np.ndarray:
    """One-sided (1 − a) Clopper–Pearson bounds for k successes in n trials (vectorised in k).

    ``side="lower"``: the a-quantile of Beta(k, n − k + 1), 0 where k = 0, so that
    Pr[bound > p] <= a when k ~ Bin(n, p); ``side="upper"``: the upper a-quantile of
    Beta(k + 1, n − k), 1 where k = n, so that Pr[bound < p] <= a.

    Parameters
    ----------
    k : int or array_like of int
        The numbers of successes, in [0, n].
    n : int
        The number of trials.
    a : float
        The one-sided non-coverage probability.
    side : {"lower", "upper"}
        Which bound.

    Returns
    -------
    numpy.ndarray
        The bounds (a 0-d array for a scalar k).

    Examples
    --------
    >>> float(clopper_pearson_bound(0, 10, 0.05, "lower")), round(float(clopper_pearson_bound(0, 10, 0.05, "upper")), 4)
    (0.0, 0.2589)
    """
    return _bound(_check_counts(k, n), n, a, side)


def _bound(k, n: int, a: float, side: str) -> np.ndarray:
    """:func:`clopper_pearson_bound` on checked arguments (the auditors' inner loops)."""
    k = np.asarray(k, dtype=np.float64)
    with np.errstate(all="ignore"):
        if side == "lower":
            return np.where(k > 0, special.betaincinv(k, n - k + 1, a), 0.0)
        return np.where(k < n, special.betainccinv(k + 1, n - k, a), 1.0)


@checked
def clopper_pearson(
    k: Annotated[int, Interval(ge=0), Joint("k <= n")], n: Trials, alpha: Probability
) -> tuple[float, float]:
    """Exact two-sided (1 - alpha) Clopper–Pearson interval for a binomial proportion k/n.

    Each end is the one-sided bound at ``alpha / 2`` (:func:`clopper_pearson_bound`).

    Parameters
    ----------
    k : int
        The number of successes.
    n : int
        The number of trials.
    alpha : float
        The non-coverage probability.

    Returns
    -------
    lower, upper : float
        The interval's end points.
    """
    if k > n:
        raise ValueError(f"k must lie in [0, n], got k={k}, n={n}")
    return float(_bound(k, n, alpha / 2, "lower")), float(_bound(k, n, alpha / 2, "upper"))


def _interval(value, name: str) -> tuple[float, float]:
    """A confidence interval (lo, hi) with 0 <= lo <= hi <= 1."""
    try:
        lo, hi = value
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a pair (lo, hi) of probabilities, got {shown(value)}") from None
    lo = check_probability(lo, f"{name}[0]", open_left=False, open_right=False)
    hi = check_probability(hi, f"{name}[1]", open_left=False, open_right=False)
    if lo > hi:
        raise ValueError(f"{name} must have lo <= hi, got {shown(value)}")
    return lo, hi


def _event(value, name: str):
    """The chosen event: an output value (compared with ``==``: NaN, equal to nothing, refused), a label or None."""
    if isinstance(value, float) and math.isnan(value):
        raise ValueError(f"{name} must not be NaN (an output equal to NaN matches no run: no event to count)")
    return value


def _direction(value, name: str) -> str:
    """Which law is on top: ``"p>q"``, ``"q>p"``, or ``""`` when no event was chosen."""
    if not isinstance(value, str) or value not in ("p>q", "q>p", ""):
        raise ValueError(f"{name} must be 'p>q', 'q>p' or '' (no event), got {shown(value)}")
    return value


def _count_pair(value, name: str) -> tuple[int, int]:
    """A pair of counts (k_P, k_Q) >= 0."""
    try:
        a, b = value
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a pair of counts, got {shown(value)}") from None
    return check_nonneg_int(a, f"{name}[0]"), check_nonneg_int(b, f"{name}[1]")


@checked
@dataclass(frozen=True)
class AuditResult:
    """Outcome of :func:`statistical_epsilon_lower_bound`.

    ``epsilon_lower`` holds with probability >= ``confidence`` (over the auditor's samples):
    the mechanism is NOT (eps, delta)-DP for any eps < epsilon_lower.

    Attributes
    ----------
    epsilon_lower : float
        The lower confidence bound on ε.
    event : object
        The event E chosen in the selection phase.
    direction : str
        Which input's law is on top in ln((P(E) − δ)/Q(E)).
    p_interval, q_interval : tuple of float
        The Clopper–Pearson intervals for P(E) and Q(E).
    counts : tuple of int
        How often E occurred on each input in the measurement phase.
    n_samples : int
        Measurement runs per input.
    delta : float
        The δ of the DP claim tested.
    confidence : float
        The probability that ``epsilon_lower`` holds.
    """

    epsilon_lower: NonNegative
    event: Annotated[Any, Check(_event, kind="object")]
    direction: Annotated[str, Check(_direction, kind="str")]
    p_interval: Annotated[tuple, Check(_interval, kind="object")]
    q_interval: Annotated[tuple, Check(_interval, kind="object")]
    counts: Annotated[tuple, Check(_count_pair, kind="object")]
    n_samples: Annotated[int, Interval(ge=1)]
    delta: Delta
    confidence: Probability

    def violates(self, epsilon: Annotated[float, Interval(ge=0, le=math.inf)]) -> bool:
        """True when the audit refutes an (epsilon, delta) claim at the stated confidence.

        Parameters
        ----------
        epsilon : float
            The claimed ε >= 0 (``inf``: never refuted).

        Returns
        -------
        bool
            ``epsilon_lower > epsilon``.
        """
        return self.epsilon_lower > epsilon


def _identity(o):
    return o


def _callables(value, name: str) -> list:
    """A non-empty sequence of callables, as a list (a string, a lone callable or a non-callable refused)."""
    if isinstance(value, (str, bytes)) or callable(value) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a non-empty sequence of callables, got {type(value).__name__}")
    items = list(value)
    if not items:
        raise ValueError(f"{name} must be a non-empty sequence of callables, got an empty one")
    for i, f in enumerate(items):
        if not callable(f):
            raise TypeError(f"{name}[{i}] must be callable, got {type(f).__name__}")
    return items


def _draw(mechanism, data, name: str, rng, n, batch, featurize):
    """``n`` featurised outputs of the mechanism on ``data`` (input ``name``); its failure is named."""
    try:
        if batch:
            outs = list(mechanism(data, rng, n))
            if len(outs) != n:
                raise ValueError(f"a batch mechanism must return {n} outputs, got {len(outs)}")
        else:
            outs = [mechanism(data, rng) for _ in range(n)]
        return [featurize(o) for o in outs]
    except (TypeError, ValueError) as exc:
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        raise type(exc)(f"{name}: the mechanism (or featurize) failed on it: {type(exc).__name__}: {text}") from exc


#: a number of Monte-Carlo runs per input
_Runs = Annotated[int, Interval(ge=1, le=MAX_RUNS)]
#: an input of the mechanism, passed to it as is
_Input = Annotated[Any, Joint("passed to mechanism; its failure on it names the input", kind="object")]


@checked
def statistical_epsilon_lower_bound(
    mechanism: Callable,
    data0: _Input,
    data1: _Input,
    *,
    n_samples: _Runs = 100_000,
    n_select: _Runs | None = None,
    events: Annotated[list, Check(_callables, kind="object")] | None = None,
    featurize: Callable = _identity,
    delta: Delta = 0.0,
    confidence: Probability = 0.95,
    batch: bool = False,
    rng: Rng = None,
) -> AuditResult:
    """Black-box lower confidence bound on eps from Monte-Carlo runs on two neighbouring inputs.

    1. *Selection* (``n_select`` runs on each input, default ``n_samples // 5``): candidate
       events are ``events`` (callables output -> bool) or, by default, the singletons
       {featurize(o) = v} of the observed outputs; pick the event and direction with the
       largest estimated ln((P(E) - delta) / Q(E)).
    2. *Measurement* (fresh ``n_samples`` runs on each input): Clopper–Pearson intervals for
       P(E) and Q(E) at level 1 - (1 - confidence)/2 each (Bonferroni), and
       eps_lower = ln((P_lo - delta) / Q_hi) (0 if not positive).

    Since E is fixed before the measurement samples are drawn, with probability >=
    ``confidence`` the mechanism is not (eps, delta)-DP for any eps < eps_lower.

    Parameters
    ----------
    mechanism : callable(data, rng) -> output, or (data, rng, n) -> n outputs if ``batch``
    data0, data1 : neighbouring inputs
    featurize : callable output -> hashable (discretise continuous outputs here)
    n_samples : int, default 100_000
        Measurement runs per input.
    n_select : int, optional
        Selection runs per input (default ``n_samples // 5``).
    events : sequence of callable, optional
        Candidate events (output -> bool).
    delta : float, default 0.0
        The δ of the DP claim tested.
    confidence : float, default 0.95
        The probability that the bound holds.
    batch : bool, default False
        Whether ``mechanism`` produces n outputs per call.
    rng : Generator, int or None
        The random source (SPEC 7).

    Returns
    -------
    AuditResult
        The lower confidence bound ``epsilon_lower``, the chosen event and the estimates.
    """
    n_select = max(1, n_samples // 5) if n_select is None else n_select
    d, conf = delta, confidence
    if 1 - conf >= 1:  # 1 - 5e-324 rounds to 1: the intervals' level would be 0
        raise ValueError(f"confidence must be at least 1e-16 (1 - confidence is a float), got {confidence!r}")
    rng = as_rng(rng)
    sel0 = _draw(mechanism, data0, "data0", rng, n_select, batch, featurize)
    sel1 = _draw(mechanism, data1, "data1", rng, n_select, batch, featurize)
    c0: Counter | list[int]  # output counts (events None) or per-event counts
    c1: Counter | list[int]
    if events is None:
        c0, c1 = Counter(sel0), Counter(sel1)
        cands = [("==", v) for v in set(c0) | set(c1)]

        def count(ev, c):
            return c.get(ev[1], 0)
    else:
        cands = [("fn", i) for i in range(len(events))]

        def count(ev, c):
            return c[ev[1]]

        c0 = [sum(bool(f(o)) for o in sel0) for f in events]
        c1 = [sum(bool(f(o)) for o in sel1) for f in events]
    best, best_score = None, -math.inf
    for ev in cands:
        a, b = count(ev, c0), count(ev, c1)
        for direction, x, y in (("p>q", a, b), ("q>p", b, a)):
            # add-one smoothing so unseen-on-one-side events get a finite, comparable score
            score = math.log(max((x + 1) / (n_select + 1) - d, 1e-300)) - math.log((y + 1) / (n_select + 1))
            if (x > 0 or events is not None) and score > best_score:
                best, best_score = (ev, direction), score
    if best is None:
        return AuditResult(0.0, None, "", (0.0, 1.0), (0.0, 1.0), (0, 0), n_samples, d, conf)
    (ev, direction) = best
    m0 = _draw(mechanism, data0, "data0", rng, n_samples, batch, featurize)
    m1 = _draw(mechanism, data1, "data1", rng, n_samples, batch, featurize)
    if ev[0] == "==":
        k0 = sum(o == ev[1] for o in m0)
        k1 = sum(o == ev[1] for o in m1)
        desc = ev[1]
    else:
        assert events is not None  # "fn" candidates exist only when events are given
        f = events[ev[1]]
        k0 = sum(bool(f(o)) for o in m0)
        k1 = sum(bool(f(o)) for o in m1)
        desc = f"events[{ev[1]}]"
    kp, kq = (k0, k1) if direction == "p>q" else (k1, k0)
    alpha_each = 1 - conf  # two-sided intervals at 1 - alpha_each, one side of each used
    p_lo, p_hi = clopper_pearson(kp, n_samples, alpha_each)
    q_lo, q_hi = clopper_pearson(kq, n_samples, alpha_each)
    eps_lb = 0.0
    if p_lo - d > 0:
        eps_lb = max(0.0, math.log((p_lo - d) / q_hi))
    return AuditResult(eps_lb, desc, direction, (p_lo, p_hi), (q_lo, q_hi), (kp, kq), n_samples, d, conf)
