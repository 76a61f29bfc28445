"""Privacy auditing: measure the privacy loss of a mechanism instead of trusting prose.

Exact (small instances)
    * :func:`hockey_stick` / :func:`delta_for_epsilon` / :func:`epsilon_for_delta` — the
      hockey-stick divergence between two output laws on a finite outcome set:
      delta(eps) = max over directions of sum_o max(0, P(o) - e^eps Q(o)), and the least
      eps with delta(eps) <= delta (solved exactly, piecewise).
    * :func:`exponential_mechanism_audit` — the exact law of the exponential mechanism on
      two score vectors and its exact eps (max log-ratio).
    * :func:`between_thresholds_output_law` — the exact law of BetweenThresholds (seed 001
      Alg. 1) on a query sequence of length <= 8 (fixed or adaptive).  Given mu the
      answers are independent, so each transcript's probability is a 1-D integral over mu;
      between the breakpoints (0, (t_u-t_l)/2, q_j - t_l, t_u - q_j) every factor is a sum
      of exponentials exp(k mu / s) (s = 6/(eps n) the query-noise scale, mu's scale is
      s/3), so the integral is computed **in closed form**, in mpmath arithmetic with
      ``dps`` significant digits.  Every expanded term is bounded by 1 on its interval, so
      the absolute error of each probability is below 10^(4 - dps) (default dps = 40:
      < 1e-36); the tests confirm that against a run at twice the precision.
    * :func:`svt_no_query_noise_output_law` — exact law of the broken "no query noise"
      sparse vector (a control).

Statistical (any black-box mechanism)
    * :func:`clopper_pearson` and :func:`statistical_epsilon_lower_bound`: Monte-Carlo
      estimates of an event's probability on two neighbouring inputs with exact
      Clopper–Pearson intervals give a lower confidence bound on eps, as DP-Auditorium /
      StatDP do; the event is chosen on a separate selection sample (so the bound stays
      valid), among singletons of the (discretised) output or a user-given list.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence

import mpmath
import numpy as np
from scipy import stats

from geoprivate._validation import (
    as_rng,
    check_delta,
    check_epsilon,
    check_positive_int,
    check_probability,
    check_real,
)
from geoprivate.mechanisms.exponential import exponential_mechanism_log_probabilities
from geoprivate.mechanisms.sparse_vector import Answer

__all__ = [
    "hockey_stick",
    "delta_for_epsilon",
    "epsilon_for_delta",
    "exponential_mechanism_audit",
    "between_thresholds_transcripts",
    "between_thresholds_output_law",
    "between_thresholds_audit",
    "between_thresholds_repeated_law",
    "between_thresholds_repeated_audit",
    "svt_no_query_noise_output_law",
    "clopper_pearson",
    "AuditResult",
    "statistical_epsilon_lower_bound",
]


# ====================================================================== hockey stick
def _aligned(p: dict, q: dict):
    keys = list(dict.fromkeys(list(p) + list(q)))
    return keys, [p.get(k, 0) for k in keys], [q.get(k, 0) for k in keys]


def _check_law(values, name: str, atol: float) -> None:
    """A law on a finite outcome set: finite, non-negative entries summing to 1 (within ``atol``)."""
    if not values:
        raise ValueError(f"{name} must be a non-empty probability law")
    total = 0.0
    for i, v in enumerate(values):
        if isinstance(v, (bool, np.bool_)):
            raise TypeError(f"{name}[{i}] must be a real probability, got {v!r}")
        try:
            x = float(v)
        except (TypeError, ValueError):
            raise TypeError(f"{name}[{i}] must be a real probability, got {type(v).__name__}") from None
        if not math.isfinite(x) or x < 0:
            raise ValueError(f"{name}[{i}] must be a finite probability >= 0, got {v!r}")
        total += x
    if abs(total - 1.0) > atol:
        raise ValueError(f"{name} must sum to 1 (a probability law; tolerance {atol:g}), got sum {total!r}")


def _as_pair(p, q, atol: float = 1e-6):
    """Two aligned, validated laws (lists) from two sequences or two dicts outcome -> probability."""
    if isinstance(p, dict) or isinstance(q, dict):
        if not (isinstance(p, dict) and isinstance(q, dict)):
            raise TypeError("p and q must both be dicts (outcome -> probability) or both sequences")
        _, pa, qa = _aligned(p, q)
    else:
        pa, qa = list(np.ravel(p) if isinstance(p, np.ndarray) else p), \
            list(np.ravel(q) if isinstance(q, np.ndarray) else q)
        if len(pa) != len(qa):
            raise ValueError(f"p and q must have the same length, got {len(pa)} and {len(qa)}")
    _check_law(pa, "p", atol)
    _check_law(qa, "q", atol)
    return pa, qa


def hockey_stick(p, q, epsilon, *, atol: float = 1e-6) -> float:
    """One-directional hockey-stick divergence sum_o max(0, p(o) - e^eps q(o)).

    ``p`` and ``q`` are two laws on the same finite outcome set: aligned sequences or dicts
    outcome -> probability (missing outcomes have probability 0).  ``epsilon`` may be 0 or
    ``inf`` (then the divergence is the p-mass of outcomes q never produces: e^inf * 0 is
    taken as 0, the limit as eps -> inf).

    Raises
    ------
    ValueError
        NaN or negative epsilon; laws of unequal length, with NaN/inf/negative entries,
        or not summing to 1 within ``atol``.
    """
    pa, qa = _as_pair(p, q, atol)
    e = float(epsilon)
    if math.isnan(e) or e < 0:
        raise ValueError(f"epsilon must be >= 0, got {epsilon!r}")
    if math.isinf(e):
        return float(sum(a for a, b in zip(pa, qa) if b == 0))
    ee = mpmath.e ** e if any(isinstance(x, mpmath.mpf) for x in pa + qa) else \
        (math.exp(e) if e < 709 else math.inf)
    if ee == math.inf:  # eps > ~709: only outcomes with q = 0 contribute
        return float(sum(a for a, b in zip(pa, qa) if b == 0))
    return float(sum(max(0, a - ee * b) for a, b in zip(pa, qa)))


def delta_for_epsilon(p, q, epsilon, *, atol: float = 1e-6) -> float:
    """delta(eps): the least delta such that the pair (p, q) is (eps, delta)-indistinguishable."""
    return max(hockey_stick(p, q, epsilon, atol=atol), hockey_stick(q, p, epsilon, atol=atol))


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
    mass_inf = sum(a for a, b in zip(pa, qa) if b <= 0 and a > 0)
    if mass_inf > delta:
        return math.inf
    rows = [(mpmath.log(a) - mpmath.log(b), a, b) for a, b in zip(pa, qa) if a > 0 and b > 0]
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
        val_at_next = A - mpmath.e ** nxt * B
        if val_at_next > delta:  # the solution lies in (nxt, r]
            return float(mpmath.log((A - delta) / B))
    return 0.0


def epsilon_for_delta(p, q, delta=0.0, *, atol: float = 1e-6) -> float:
    """The least eps >= 0 such that p and q are (eps, delta)-indistinguishable (both ways).

    ``inf`` when some outcome has positive probability under one law and zero under the
    other with more than ``delta`` mass.  Exact up to the arithmetic of the inputs (mpmath
    inputs are kept in mpmath).
    """
    pa, qa = _as_pair(p, q, atol)
    d = float(delta)
    if math.isnan(d) or not (0 <= d <= 1):
        raise ValueError(f"delta must lie in [0, 1], got {delta!r}")
    return max(_eps_one_direction(pa, qa, d), _eps_one_direction(qa, pa, d))


# ====================================================================== exponential mechanism
def exponential_mechanism_audit(scores, scores_prime, epsilon, sensitivity=1.0) -> dict:
    """Exact audit of the exponential mechanism on two score vectors.

    Returns a dict with the two laws (``p``, ``q``), the exact pure-DP loss
    ``epsilon_exact = max_o |ln p(o) - ln q(o)|`` (computed in log space: no underflow),
    ``max_score_change`` (the largest |s - s'|), and the nominal ``epsilon``.
    """
    s = np.asarray(scores, dtype=np.float64)
    t = np.asarray(scores_prime, dtype=np.float64)
    if s.shape != t.shape:
        raise ValueError(f"scores and scores_prime must have the same shape, got {s.shape} and {t.shape}")
    lp = exponential_mechanism_log_probabilities(s, epsilon, sensitivity)
    lq = exponential_mechanism_log_probabilities(t, epsilon, sensitivity)
    return {
        "p": np.exp(lp),
        "q": np.exp(lq),
        "epsilon_exact": float(np.max(np.abs(lp - lq))),
        "max_score_change": float(np.max(np.abs(s - t))),
        "epsilon": float(epsilon),
    }


# ====================================================================== BetweenThresholds
def _query_fn(values, m_max=8):
    if callable(values):
        return values, None
    vals = [float(v) for v in values]
    if not 1 <= len(vals) <= m_max:
        raise ValueError(f"values must hold 1..{m_max} query values for the exact audit, got {len(vals)}")
    if not all(math.isfinite(v) for v in vals):
        raise ValueError("values must be finite")
    return (lambda prefix: vals[len(prefix)]), len(vals)


def between_thresholds_transcripts(m: int) -> list[tuple]:
    """All transcripts of BetweenThresholds (c = 1) on m queries: {L,R}^j TOP (j < m) and {L,R}^m."""
    m = check_positive_int(m, "m")
    out = []
    for j in range(m):
        out += [p + (Answer.TOP,) for p in itertools.product((Answer.L, Answer.R), repeat=j)]
    out += list(itertools.product((Answer.L, Answer.R), repeat=m))
    return out


class _ExpPoly:
    """sum_k c_k exp(k mu / s) with integer k, coefficients mpf (a dict k -> c)."""

    __slots__ = ("c",)

    def __init__(self, c):
        self.c = c

    def mul(self, other: "_ExpPoly") -> "_ExpPoly":
        out: dict = {}
        for k1, a in self.c.items():
            for k2, b in other.c.items():
                out[k1 + k2] = out.get(k1 + k2, 0) + a * b
        return _ExpPoly(out)


def _cdf_terms(alpha, sigma, s, x_mid) -> dict:
    """Laplace(s) CDF of x = alpha + sigma*mu as {k: coeff} on an interval where sign(x) = sign(x_mid)."""
    if x_mid < 0:  # 1/2 e^{x/s}
        return {sigma: mpmath.mpf(0.5) * mpmath.exp(alpha / s)}
    return {0: mpmath.mpf(1), -sigma: -mpmath.mpf(0.5) * mpmath.exp(-alpha / s)}


def _factor(ans: Answer, q, tl, tu, s, mid, h) -> dict:
    """Probability of ``ans`` given mu (on the current interval, mid = a point inside it)."""
    # L: F(tl + mu - q);  R: 1 - F(max(tl + mu, tu - mu) - q);  TOP: max(0, F(tu - mu - q) - F(tl + mu - q))
    if ans is Answer.L:
        return _cdf_terms(tl - q, 1, s, tl + mid - q)
    if ans is Answer.R:
        if mid > h:  # thresholds crossed: R iff c >= t̂_l
            f = _cdf_terms(tl - q, 1, s, tl + mid - q)
        else:
            f = _cdf_terms(tu - q, -1, s, tu - mid - q)
        out = {k: -v for k, v in f.items()}
        out[0] = out.get(0, 0) + 1
        return out
    if mid > h:
        return {}
    up = _cdf_terms(tu - q, -1, s, tu - mid - q)
    lo = _cdf_terms(tl - q, 1, s, tl + mid - q)
    out = dict(up)
    for k, v in lo.items():
        out[k] = out.get(k, 0) - v
    return out


def _integrate(poly: dict, a, c, s, dens_k, dens_c):
    """Integral over [a, c] (a may be -inf, c may be +inf) of sum_k poly[k] e^{k mu/s} * dens_c e^{dens_k mu/s}."""
    total = mpmath.mpf(0)
    for k, coef in poly.items():
        if coef == 0:
            continue
        lam = mpmath.mpf(k + dens_k) / s
        if lam == 0:
            total += coef * dens_c * (c - a)
            continue
        hi = mpmath.mpf(0) if c == mpmath.inf else mpmath.exp(lam * c)
        lo = mpmath.mpf(0) if a == -mpmath.inf else mpmath.exp(lam * a)
        total += coef * dens_c * (hi - lo) / lam
    return total


def _bt_parameters(epsilon, n, t_lower, t_upper):
    """Validated BetweenThresholds parameters (epsilon, n, t_lower, t_upper) for the exact audits."""
    eps = check_epsilon(epsilon)
    n = check_positive_int(n, "n")
    tl, tu = check_real(t_lower, "t_lower"), check_real(t_upper, "t_upper")
    if not tl < tu:
        raise ValueError(f"t_lower must be < t_upper, got {t_lower!r}, {t_upper!r}")
    return eps, n, tl, tu


def _check_dps(dps) -> int:
    """mpmath precision: an integer >= 15 (below double precision the error bound 10^(4-dps) is useless)."""
    d = check_positive_int(dps, "dps")
    if d < 15:
        raise ValueError(f"dps must be >= 15 decimal digits, got {dps!r}")
    return d


def between_thresholds_output_law(values, epsilon, t_lower, t_upper, n, *, dps: int = 40,
                                  max_queries: int | None = None) -> dict:
    """Exact output law of BetweenThresholds (c = 1) on a short query sequence.

    Parameters
    ----------
    values : sequence of 1..8 floats, or callable(prefix) -> float
        The query values q_j(S).  A callable receives the tuple of answers so far (all L/R)
        and returns the next query value: an *adaptive* query sequence.
    epsilon, t_lower, t_upper, n : as for :class:`~geoprivate.mechanisms.BetweenThresholds`
    dps : int, default 40
        mpmath decimal digits; absolute error per probability < 10^(4 - dps).
    max_queries : int, required when ``values`` is callable (<= 8)

    Returns
    -------
    dict transcript (tuple of Answer) -> mpmath.mpf probability; the probabilities sum to 1.
    """
    fn, m = _query_fn(values)
    if m is None:
        if max_queries is None:
            raise ValueError("max_queries is required when values is a callable (adaptive queries)")
        m = check_positive_int(max_queries, "max_queries")
        if m > 8:
            raise ValueError(f"max_queries must be <= 8 for the exact audit, got {m}")
    eps, n, tl, tu = _bt_parameters(epsilon, n, t_lower, t_upper)
    dps = _check_dps(dps)
    with mpmath.workdps(dps):
        s = mpmath.mpf(6) / (mpmath.mpf(eps) * n)
        b = s / 3
        h = (mpmath.mpf(tu) - mpmath.mpf(tl)) / 2
        tlm, tum = mpmath.mpf(tl), mpmath.mpf(tu)
        # every query value that can be asked, for the breakpoints
        qs = set()

        def collect(prefix):
            if len(prefix) >= m:
                return
            q = mpmath.mpf(check_real(fn(prefix), f"values({prefix!r})"))
            qs.add(q)
            for a in (Answer.L, Answer.R):
                collect(prefix + (a,))

        collect(())
        pts = {mpmath.mpf(0), h}
        for q in qs:
            pts.add(q - tlm)
            pts.add(tum - q)
        pts = sorted(pts)
        edges = [-mpmath.inf] + pts + [mpmath.inf]
        law: dict = {}
        for a, c in zip(edges[:-1], edges[1:]):
            if a == c:
                continue
            if a == -mpmath.inf:
                mid = c - 1
            elif c == mpmath.inf:
                mid = a + 1
            else:
                mid = (a + c) / 2
            dens_k = 3 if mid < 0 else -3  # density e^{-|mu|/b}/(2b), b = s/3
            dens_c = 1 / (2 * b)

            def walk(prefix, poly):
                if len(prefix) == m:
                    law[prefix] = law.get(prefix, 0) + _integrate(poly.c, a, c, s, dens_k, dens_c)
                    return
                q = mpmath.mpf(float(fn(prefix)))
                for ans in (Answer.L, Answer.R, Answer.TOP):
                    f = _factor(ans, q, tlm, tum, s, mid, h)
                    key = prefix + (ans,)
                    if not f:
                        law.setdefault(key, mpmath.mpf(0)) if ans is Answer.TOP else None
                        continue
                    nxt = poly.mul(_ExpPoly(f))
                    if ans is Answer.TOP:
                        law[key] = law.get(key, 0) + _integrate(nxt.c, a, c, s, dens_k, dens_c)
                    else:
                        walk(key, nxt)

            walk((), _ExpPoly({0: mpmath.mpf(1)}))
        return law


def between_thresholds_audit(values, values_prime, epsilon, t_lower, t_upper, n, *, delta=None,
                             dps: int = 40, max_queries=None) -> dict:
    """Exact privacy audit of BetweenThresholds on two neighbouring query sequences.

    ``values`` and ``values_prime`` are q_j(S) and q_j(S') (|difference| <= 1/n for
    neighbours; not enforced, so stress tests can exceed it — the result reports the
    largest difference).  Returns the two laws, ``delta_at_epsilon`` = delta(eps) at the
    mechanism's own eps, and, if ``delta`` is given, ``epsilon_at_delta`` = the least eps
    with delta(eps) <= delta.
    """
    P = between_thresholds_output_law(values, epsilon, t_lower, t_upper, n, dps=dps, max_queries=max_queries)
    Q = between_thresholds_output_law(values_prime, epsilon, t_lower, t_upper, n, dps=dps,
                                      max_queries=max_queries)
    with mpmath.workdps(_check_dps(dps)):
        keys, pa, qa = _aligned(P, Q)
        out = {
            "p": P, "q": Q,
            "delta_at_epsilon": delta_for_epsilon(pa, qa, epsilon),
            "total_p": float(sum(pa)), "total_q": float(sum(qa)),
        }
        if not callable(values):
            out["max_value_change"] = float(max(abs(float(a) - float(b)) for a, b in zip(values, values_prime)))
        if delta is not None:
            out["epsilon_at_delta"] = epsilon_for_delta(pa, qa, check_delta(delta))
    return out


# ====================================================================== broken SVT, exact
def svt_no_query_noise_output_law(values, epsilon, threshold) -> dict:
    """Exact law of the broken "no noise on the queries" sparse vector (Lyu–Su–Li 2017 Alg. 5).

    rho ~ Lap(2/eps); each query answers TOP (True) iff q_j >= threshold + rho, else BOTTOM
    (False); halts after the first TOP.  Given rho the transcript is deterministic, so the law
    is a sum of Laplace interval masses.  Returns dict transcript (tuple of bools) -> float.
    """
    vals = [float(v) for v in values]
    eps = check_epsilon(epsilon)
    b = 2.0 / eps
    cdf = lambda x: stats.laplace.cdf(x, scale=b)
    cuts = sorted(set(v - threshold for v in vals))
    edges = [-math.inf] + cuts + [math.inf]
    law: dict = {}
    for lo, hi in zip(edges[:-1], edges[1:]):
        mass = cdf(hi) - cdf(lo)
        # for rho in (lo, hi] (consecutive cut points q - threshold): q - threshold >= rho
        # holds exactly for the queries with q - threshold >= hi
        out = []
        for v in vals:
            top = (v - threshold) >= hi
            out.append(top)
            if top:
                break
        key = tuple(out)
        law[key] = law.get(key, 0.0) + mass
    return law


# ====================================================================== statistical
def clopper_pearson(k: int, n: int, alpha: float) -> tuple[float, float]:
    """Exact two-sided (1 - alpha) Clopper–Pearson interval for a binomial proportion k/n."""
    n = check_positive_int(n, "n")
    if not 0 <= k <= n:
        raise ValueError(f"k must lie in [0, n], got k={k}, n={n}")
    a = check_probability(alpha, "alpha")
    lo = 0.0 if k == 0 else float(stats.beta.ppf(a / 2, k, n - k + 1))
    hi = 1.0 if k == n else float(stats.beta.ppf(1 - a / 2, k + 1, n - k))
    return lo, hi


@dataclass(frozen=True)
class AuditResult:
    """Outcome of :func:`statistical_epsilon_lower_bound`.

    ``epsilon_lower`` holds with probability >= ``confidence`` (over the auditor's samples):
    the mechanism is NOT (eps, delta)-DP for any eps < epsilon_lower.
    """

    epsilon_lower: float
    event: object
    direction: str
    p_interval: tuple
    q_interval: tuple
    counts: tuple
    n_samples: int
    delta: float
    confidence: float

    def violates(self, epsilon) -> bool:
        """True when the audit refutes an (epsilon, delta) claim at the stated confidence."""
        return self.epsilon_lower > float(epsilon)


def _draw(mechanism, data, rng, n, batch, featurize):
    if batch:
        outs = list(mechanism(data, rng, n))
        if len(outs) != n:
            raise ValueError(f"a batch mechanism must return {n} outputs, got {len(outs)}")
    else:
        outs = [mechanism(data, rng) for _ in range(n)]
    return [featurize(o) for o in outs]


def statistical_epsilon_lower_bound(mechanism: Callable, data0, data1, *, n_samples: int = 100_000,
                                    n_select: int | None = None, events: Sequence[Callable] | None = None,
                                    featurize: Callable = lambda o: o, delta: float = 0.0,
                                    confidence: float = 0.95, batch: bool = False, rng=None) -> AuditResult:
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
    """
    n_samples = check_positive_int(n_samples, "n_samples")
    n_select = max(1, n_samples // 5) if n_select is None else check_positive_int(n_select, "n_select")
    d = check_delta(delta)
    conf = check_probability(confidence, "confidence")
    rng = as_rng(rng)
    sel0 = _draw(mechanism, data0, rng, n_select, batch, featurize)
    sel1 = _draw(mechanism, data1, rng, n_select, batch, featurize)
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
    m0 = _draw(mechanism, data0, rng, n_samples, batch, featurize)
    m1 = _draw(mechanism, data1, rng, n_samples, batch, featurize)
    if ev[0] == "==":
        k0 = sum(o == ev[1] for o in m0)
        k1 = sum(o == ev[1] for o in m1)
        desc = ev[1]
    else:
        f = events[ev[1]]
        k0 = sum(bool(f(o)) for o in m0)
        k1 = sum(bool(f(o)) for o in m1)
        desc = f"events[{ev[1]}]"
    kp, kq = (k0, k1) if direction == "p>q" else (k1, k0)
    alpha_each = (1 - conf)  # two-sided intervals at 1 - alpha_each, one side of each used
    p_lo, p_hi = clopper_pearson(kp, n_samples, alpha_each)
    q_lo, q_hi = clopper_pearson(kq, n_samples, alpha_each)
    eps_lb = 0.0
    if p_lo - d > 0:
        eps_lb = max(0.0, math.log((p_lo - d) / q_hi))
    return AuditResult(eps_lb, desc, direction, (p_lo, p_hi), (q_lo, q_hi), (kp, kq), n_samples, d, conf)


# ====================================================================== long repeated sequences
def _log_cdf(x):
    """log F(x) for the standard Laplace CDF, elementwise, stable in both tails."""
    x = np.asarray(x, dtype=np.float64)
    return np.where(x < 0, math.log(0.5) + np.minimum(x, 0), np.log1p(-0.5 * np.exp(-np.maximum(x, 0))))


def _log_sf(x):
    """log (1 - F(x)) for the standard Laplace CDF."""
    return _log_cdf(-np.asarray(x, dtype=np.float64))


def _log_between(l, u):
    """log (F(u) - F(l)) for l <= u (standard Laplace), stable; -inf where l >= u."""
    l = np.asarray(l, dtype=np.float64)
    u = np.asarray(u, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        both_neg = math.log(0.5) + u + np.log(-np.expm1(np.minimum(l - u, 0)))
        both_pos = math.log(0.5) - l + np.log(-np.expm1(np.minimum(l - u, 0)))
        mixed = np.log(-0.5 * np.expm1(-np.maximum(u, 0)) - 0.5 * np.expm1(np.minimum(l, 0)))
        out = np.where(u <= 0, both_neg, np.where(l >= 0, both_pos, mixed))
    return np.where(l >= u, -np.inf, out)


def _answer_logs(q, mu, tl, tu, s):
    """log P(L | mu), log P(R | mu), log P(TOP | mu) for query value q at nodes mu."""
    lo = (tl + mu - q) / s
    hi = (tu - mu - q) / s
    log_l = _log_cdf(lo)
    log_r = _log_sf(np.maximum(lo, hi))
    log_t = _log_between(lo, hi)
    return log_l, log_r, log_t


def _log_comb(nn, kk):
    from scipy.special import gammaln
    return gammaln(nn + 1) - gammaln(kk + 1) - gammaln(nn - kk + 1)


def between_thresholds_repeated_law(q, m, epsilon, t_lower, t_upper, n, *, q_last=None,
                                    pieces_per_scale: int = 4, nodes: int = 24, tail: float = 45.0) -> dict:
    """Aggregated output law of BetweenThresholds (c = 1) on m queries, the first m-1 equal to ``q``.

    For long sequences the transcript space is exponential, but when m-1 queries share one
    value every transcript's probability depends only on (#L, #R among them, how it ends),
    so the hockey-stick divergence between two such sequences equals the one between the
    aggregated laws returned here (outcome classes weighted by their multiplicities).

    Each class probability is the 1-D integral over mu of f_mu(mu) P_L^a P_R^b P_end, by
    composite Gauss–Legendre (``nodes`` points on pieces of length s/``pieces_per_scale``,
    s = 6/(eps n), pieces aligned with every breakpoint) on |mu| <= ``tail`` * 2/(eps n)
    (the mass outside is e^-tail), summed in log space: tiny probabilities keep their
    relative accuracy.  Quadrature error: compare two resolutions (see the tests).

    Returns
    -------
    dict (a, b, end) -> float, with end in {"TOP", "last-L", "last-R", "last-TOP"}: a L's and
    b R's among the repeated queries, then TOP at a repeated query, or the last query's answer.
    (With ``q_last=None`` the last query also has value ``q``.)
    """
    m = check_positive_int(m, "m")
    if m < 2:
        raise ValueError(f"m must be >= 2 for the repeated-query law, got {m}")
    eps, n, tl, tu = _bt_parameters(epsilon, n, t_lower, t_upper)
    q = check_real(q, "q")
    ql = q if q_last is None else check_real(q_last, "q_last")
    pieces_per_scale = check_positive_int(pieces_per_scale, "pieces_per_scale")
    nodes = check_positive_int(nodes, "nodes")
    tail = check_real(tail, "tail", low=0, low_open=True)
    s = 6.0 / (eps * n)
    b = 2.0 / (eps * n)
    h = (tu - tl) / 2
    lim = tail * b
    cuts = {-lim, lim, 0.0}
    for x in (h, q - tl, tu - q, ql - tl, tu - ql):
        if -lim < x < lim:
            cuts.add(x)
    cuts = sorted(cuts)
    gx, gw = np.polynomial.legendre.leggauss(nodes)
    mus, logw = [], []
    step = s / pieces_per_scale
    for a0, a1 in zip(cuts[:-1], cuts[1:]):
        k = max(1, math.ceil((a1 - a0) / step))
        edges = np.linspace(a0, a1, k + 1)
        half = (edges[1:] - edges[:-1])[:, None] / 2
        mid = (edges[1:] + edges[:-1])[:, None] / 2
        mus.append((mid + half * gx[None, :]).ravel())
        logw.append(np.log((half * gw[None, :]).ravel()))
    mu = np.concatenate(mus)
    lw = np.concatenate(logw) + (-np.abs(mu) / b - math.log(2 * b))  # quadrature weight x density
    lL, lR, lT = _answer_logs(q, mu, tl, tu, s)
    eL, eR, eT = _answer_logs(ql, mu, tl, tu, s)
    # class probability = sum_nodes W P_L^a P_R^b P_end: a bilinear form, so one matrix
    # product per ending.  Every term is non-negative (no cancellation); factors below 1e-300
    # are flushed to 0, so classes with probability < ~1e-280 lose relative (not absolute) accuracy.
    W = np.exp(lw)
    W[W < 1e-300] = 0.0
    ks = np.arange(m)
    with np.errstate(invalid="ignore"):
        X = np.exp(np.outer(ks, lL))  # X[a, node] = P_L^a
        Y = np.exp(np.outer(ks, lR))  # Y[b, node] = P_R^b
    X = np.nan_to_num(X, nan=0.0)
    Y = np.nan_to_num(Y, nan=0.0)
    X[X < 1e-300] = 0.0  # flush subnormals: they are negligible and make BLAS very slow
    Y[Y < 1e-300] = 0.0
    logC = _log_comb(ks[:, None] + ks[None, :], ks[:, None])
    out: dict = {}
    def _weights(extra):
        w = W * np.exp(extra)
        w[w < 1e-300] = 0.0
        return w

    def _bilinear(w):  # sum_nodes X[a] w Y[b]; einsum avoids BLAS thread start-up on small shapes
        return np.einsum("an,bn->ab", X * w[None, :], Y, optimize=False)

    M_top = _bilinear(_weights(lT))
    for a in range(m - 1):
        for b in range(m - 1 - a):
            out[(a, b, "TOP")] = float(M_top[a, b] * np.exp(logC[a, b]))
    for end, extra in (("last-L", eL), ("last-R", eR), ("last-TOP", eT)):
        M = _bilinear(_weights(extra))
        for a in range(m):
            b = m - 1 - a
            out[(a, b, end)] = float(M[a, b] * np.exp(logC[a, b]))
    return out


def between_thresholds_repeated_audit(q, q_prime, m, epsilon, t_lower, t_upper, n, *, q_last=None,
                                      q_last_prime=None, delta=None, **quad) -> dict:
    """Exact-up-to-quadrature audit of BetweenThresholds on long repeated-value sequences.

    S answers m-1 queries of value ``q`` then ``q_last``; S' answers ``q_prime`` and
    ``q_last_prime`` (neighbours: differences <= 1/n).  Returns ``delta_at_epsilon``,
    ``epsilon_at_delta`` (if ``delta``) and the total masses (should be 1 up to the
    quadrature error).
    """
    P = between_thresholds_repeated_law(q, m, epsilon, t_lower, t_upper, n, q_last=q_last, **quad)
    Q = between_thresholds_repeated_law(q_prime, m, epsilon, t_lower, t_upper, n,
                                        q_last=q_last if q_last_prime is None else q_last_prime, **quad)
    keys = list(P)
    pa = [P[k] for k in keys]
    qa = [Q.get(k, 0.0) for k in keys]
    out = {"p": P, "q": Q, "total_p": float(sum(pa)), "total_q": float(sum(qa)),
           "delta_at_epsilon": delta_for_epsilon(pa, qa, epsilon)}
    if delta is not None:
        out["epsilon_at_delta"] = epsilon_for_delta(pa, qa, check_delta(delta))
    return out
