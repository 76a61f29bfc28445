"""Exact output laws of BetweenThresholds ([Yan26] Algorithm 1) and the audits built on them.

* :func:`between_thresholds_output_law` — the exact law on a query sequence of length <= 8
  (fixed or adaptive).  Given mu the answers are independent, so each transcript's
  probability is a 1-D integral over mu; between the breakpoints (0, (t_u-t_l)/2,
  q_j - t_l, t_u - q_j) every factor is a sum of exponentials exp(k mu / s) (s = 6/(eps n)
  the query-noise scale, mu's scale is s/3), so the integral is computed **in closed
  form**, in mpmath arithmetic with ``dps`` significant digits.  Every expanded term is
  bounded by 1 on its interval, so the absolute error of each probability is below
  10^(4 - dps) (default dps = 40: < 1e-36); the tests confirm that against a run at twice
  the precision.
* :func:`between_thresholds_repeated_law` — the aggregated law of long sequences whose
  queries share one value (Gauss–Legendre quadrature in log space).
* :func:`between_thresholds_audit` / :func:`between_thresholds_repeated_audit` — the
  audit of two such laws by :func:`~geoprivate.audit.exact_audit` (the hockey-stick
  divergence, in floating point: the laws are not rational).
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import Annotated, Any

import mpmath
import numpy as np

from geoprivate._validation import Delta, Epsilon, FloatCount, Interval, Joint, check_real, checked
from geoprivate.audit.exact import exact_audit
from geoprivate.mechanisms.sparse_vector import Answer
from solvers._checks import check_array_bytes

__all__ = [
    "between_thresholds_transcripts",
    "between_thresholds_output_law",
    "between_thresholds_audit",
    "between_thresholds_repeated_law",
    "between_thresholds_repeated_audit",
]


#: the longest query sequence of the exact law (its transcripts: 3 · 2^m)
MAX_EXACT_QUERIES = 8
#: the most queries :func:`between_thresholds_transcripts` lists (2^(m+1) transcripts)
MAX_TRANSCRIPT_QUERIES = 20
#: the most mpmath digits of the exact law
MAX_DPS = 10_000
#: the widest quadrature range, in noise scales: the mass outside is e^-tail, below the floats past 745
MAX_TAIL = 745.0


def _finite_values(values, name: str = "values") -> list[float]:
    """1..MAX_EXACT_QUERIES finite query values, as floats."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name} must be a sequence of query values or a callable, got {type(values).__name__}")
    vals = [check_real(v, f"{name}[{i}]") for i, v in enumerate(values)]
    if not 1 <= len(vals) <= MAX_EXACT_QUERIES:
        raise ValueError(f"{name} must hold 1..{MAX_EXACT_QUERIES} query values for the exact audit, got {len(vals)}")
    return vals


def _query_fn(values):
    if callable(values):
        return values, None
    vals = _finite_values(values)
    return (lambda prefix: vals[len(prefix)]), len(vals)


#: a query sequence: 1..8 finite values, or a callable prefix -> value (an adaptive sequence)
_Values = Annotated[Any, Joint("1..8 finite values or a callable (_query_fn)", kind="array")]
#: the upper threshold: t_lower < t_upper
_TUpper = Annotated[float, Interval(), Joint("t_lower < t_upper")]
#: the number of queries of a repeated sequence (m - 1 repeated, then the last)
_RepeatedM = Annotated[int, Interval(ge=2), Joint("the quadrature's arrays within MAX_ARRAY_BYTES")]
#: mpmath's decimal digits: >= 15 (below double precision the error bound 10^(4-dps) is useless)
_Dps = Annotated[int, Interval(ge=15, le=MAX_DPS)]


@checked
def between_thresholds_transcripts(m: Annotated[int, Interval(ge=1, le=MAX_TRANSCRIPT_QUERIES)]) -> list[tuple]:
    """All transcripts of BetweenThresholds (c = 1) on m queries: {L,R}^j TOP (j < m) and {L,R}^m.

    Parameters
    ----------
    m : int
        The number of queries, 1 <= m <= :data:`MAX_TRANSCRIPT_QUERIES`.

    Returns
    -------
    list of tuple
        Every possible transcript (tuples of :class:`~geoprivate.mechanisms.sparse_vector.Answer` L, R, TOP).
    """
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

    def mul(self, other: _ExpPoly) -> _ExpPoly:
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
        # thresholds crossed (mid > h): R iff c >= t̂_l
        f = _cdf_terms(tl - q, 1, s, tl + mid - q) if mid > h else _cdf_terms(tu - q, -1, s, tu - mid - q)
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


def _check_thresholds(t_lower: float, t_upper: float) -> None:
    if not t_lower < t_upper:
        raise ValueError(f"t_lower must be < t_upper, got {t_lower!r}, {t_upper!r}")


@checked
def between_thresholds_output_law(
    values: _Values,
    epsilon: Epsilon,
    t_lower: float,
    t_upper: _TUpper,
    n: FloatCount,
    *,
    dps: _Dps = 40,
    max_queries: Annotated[int, Interval(ge=1, le=MAX_EXACT_QUERIES)] | None = None,
) -> dict:
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
        m = max_queries
    _check_thresholds(t_lower, t_upper)
    eps, tl, tu = epsilon, t_lower, t_upper
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
        edges = [-mpmath.inf] + sorted(pts) + [mpmath.inf]
        law: dict = {}
        for a, c in zip(edges[:-1], edges[1:], strict=False):
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

            def walk(prefix, poly, a=a, c=c, mid=mid, dens_k=dens_k, dens_c=dens_c):
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


def _dataset(values):
    """A query sequence as a hashable dataset for :func:`~geoprivate.audit.exact_audit` (a callable stays itself)."""
    return values if callable(values) else tuple(values)


@checked
def between_thresholds_audit(
    values: _Values,
    values_prime: Annotated[Any, Joint("as values, of the same length", kind="array")],
    epsilon: Epsilon,
    t_lower: float,
    t_upper: _TUpper,
    n: FloatCount,
    *,
    delta: Delta | None = None,
    dps: _Dps = 40,
    max_queries: Annotated[int, Interval(ge=1, le=MAX_EXACT_QUERIES)] | None = None,
) -> dict:
    """Exact privacy audit of BetweenThresholds on two neighbouring query sequences.

    ``values`` and ``values_prime`` are q_j(S) and q_j(S') (|difference| <= 1/n for
    neighbours; not enforced, so stress tests can exceed it — the result reports the
    largest difference).  The two laws (:func:`between_thresholds_output_law`) are audited by
    :func:`~geoprivate.audit.exact_audit` over the one pair (S, S') at the mechanism's own ε
    (the float ``epsilon``) and ``delta`` (0 when not given): ``delta_at_epsilon`` = δ(ε)
    and, if ``delta`` is given, ``epsilon_at_delta`` = the least ε with δ(ε) <= δ.  The laws'
    probabilities are mpmath numbers (absolute error < 10^(4 − dps)), not rationals, so the
    audit is a floating-point one, as exact as those numbers in double precision (δ(ε) to
    ~1e-16 absolute).

    Parameters
    ----------
    values, values_prime : sequence of float or callable
        The query values on S and on S' (or adaptive query sequences, see
        :func:`between_thresholds_output_law`).
    epsilon : float
        The mechanism's ε.
    t_lower, t_upper : float
        The thresholds t_l < t_u.
    n : int
        The database size.
    delta : float, optional
        If given, the claimed δ: also compute the least ε with δ(ε) <= ``delta`` and the verdict.
    dps : int, default 40
        mpmath decimal precision.
    max_queries : int, optional
        The length bound of an adaptive (callable) query sequence.

    Returns
    -------
    dict
        ``p``, ``q`` (the two laws), ``delta_at_epsilon``, ``total_p``, ``total_q``, and when
        applicable ``max_value_change``, ``epsilon_at_delta`` and ``violated`` (δ(ε) > ``delta``).
    """
    if callable(values) != callable(values_prime):
        raise TypeError("values and values_prime must both be sequences or both callables (adaptive queries)")
    if not callable(values):
        values, values_prime = _finite_values(values), _finite_values(values_prime, "values_prime")
        if len(values) != len(values_prime):
            raise ValueError(f"values_prime must have the length of values {len(values)}, got {len(values_prime)}")
    law = functools.cache(
        lambda v: between_thresholds_output_law(v, epsilon, t_lower, t_upper, n, dps=dps, max_queries=max_queries)
    )
    pair = (_dataset(values), _dataset(values_prime))
    P, Q = law(pair[0]), law(pair[1])
    d = 0.0 if delta is None else delta
    res = exact_audit(law, [pair], epsilon, d)
    with mpmath.workdps(dps):
        out = {
            "p": P,
            "q": Q,
            "delta_at_epsilon": res.delta_at_epsilon,
            "total_p": float(sum(P.values())),
            "total_q": float(sum(Q.values())),
        }
    if not callable(values):
        out["max_value_change"] = float(
            max(abs(float(a) - float(b)) for a, b in zip(values, values_prime, strict=True))
        )
    if delta is not None:
        out["epsilon_at_delta"] = res.epsilon_at_delta
        out["violated"] = res.violated
    return out


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


@checked
def between_thresholds_repeated_law(
    q: float,
    m: _RepeatedM,
    epsilon: Epsilon,
    t_lower: float,
    t_upper: _TUpper,
    n: FloatCount,
    *,
    q_last: float | None = None,
    pieces_per_scale: Annotated[int, Interval(ge=1, le=10**4)] = 4,
    nodes: Annotated[int, Interval(ge=1, le=1000)] = 24,
    tail: Annotated[float, Interval(gt=0, le=MAX_TAIL)] = 45.0,
) -> dict:
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

    Parameters
    ----------
    q : float
        The value of the first m − 1 queries.
    m : int
        The number of queries.
    epsilon : float
        The mechanism's ε.
    t_lower, t_upper : float
        The thresholds t_l < t_u.
    n : int
        The database size.
    q_last : float, optional
        The last query's value (default ``q``).
    pieces_per_scale, nodes : int
        Quadrature resolution.
    tail : float, default 45.0
        Integration range |mu| <= tail · 2/(ε n).

    Returns
    -------
    dict (a, b, end) -> float, with end in {"TOP", "last-L", "last-R", "last-TOP"}: a L's and
    b R's among the repeated queries, then TOP at a repeated query, or the last query's answer.
    (With ``q_last=None`` the last query also has value ``q``.)
    """
    _check_thresholds(t_lower, t_upper)
    eps, tl, tu = epsilon, t_lower, t_upper
    ql = q if q_last is None else q_last
    s = 6.0 / (eps * n)
    b = 2.0 / (eps * n)
    h = (tu - tl) / 2
    lim = tail * b
    if not (0 < lim < math.inf and math.isfinite(h)):
        raise ValueError(
            f"tail={tail!r} noise scales 2/(epsilon n) = {b!r} (epsilon={epsilon!r}, n={n!r}) give the range {lim!r},"
            " or t_upper - t_lower is beyond the floats: no positive finite quadrature range"
        )
    n_mu = (math.ceil(2 * tail * pieces_per_scale / 3) + 8) * nodes  # nodes on |mu| <= tail * b, cut at 5 points
    check_array_bytes(8 * (8 * m * n_mu + 4 * m * m), f"m={m} queries on {n_mu} quadrature nodes")
    cuts = {-lim, lim, 0.0}
    for x in (h, q - tl, tu - q, ql - tl, tu - ql):
        if -lim < x < lim:
            cuts.add(x)
    ends = sorted(cuts)
    gx, gw = np.polynomial.legendre.leggauss(nodes)
    mus, logw = [], []
    step = s / pieces_per_scale
    for a0, a1 in zip(ends[:-1], ends[1:], strict=False):
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


@checked
def between_thresholds_repeated_audit(
    q: float,
    q_prime: float,
    m: _RepeatedM,
    epsilon: Epsilon,
    t_lower: float,
    t_upper: _TUpper,
    n: FloatCount,
    *,
    q_last: float | None = None,
    q_last_prime: float | None = None,
    delta: Delta | None = None,
    **quad: Any,
) -> dict:
    """Exact-up-to-quadrature audit of BetweenThresholds on long repeated-value sequences.

    S answers m-1 queries of value ``q`` then ``q_last``; S' answers ``q_prime`` and
    ``q_last_prime`` (neighbours: differences <= 1/n).  The two aggregated laws
    (:func:`between_thresholds_repeated_law`, floats) are audited by
    :func:`~geoprivate.audit.exact_audit` over the one pair at the float ``epsilon`` and
    ``delta`` (0 when not given), a floating-point audit; each law must sum to 1 within
    exact_audit's float tolerance (1e-9), or the quadrature is too coarse and the audit refuses.

    Parameters
    ----------
    q, q_prime : float
        The repeated query value on S and on S'.
    m : int
        The number of queries.
    epsilon : float
        The mechanism's ε.
    t_lower, t_upper : float
        The thresholds t_l < t_u.
    n : int
        The database size.
    q_last, q_last_prime : float, optional
        The last query's value on S and on S' (default ``q``, ``q_prime``).
    delta : float, optional
        If given, the claimed δ: also compute the least ε with δ(ε) <= ``delta`` and the verdict.
    **quad
        Quadrature options of :func:`between_thresholds_repeated_law`.

    Returns
    -------
    dict
        ``p``, ``q`` (the aggregated laws), ``delta_at_epsilon``, ``total_p``, ``total_q``, and
        if ``delta`` is given ``epsilon_at_delta`` and ``violated`` (δ(ε) > ``delta``).
    """
    law = functools.cache(
        lambda qs: between_thresholds_repeated_law(qs[0], m, epsilon, t_lower, t_upper, n, q_last=qs[1], **quad)
    )
    pair = ((q, q_last), (q_prime, q_last if q_last_prime is None else q_last_prime))
    P, Q = law(pair[0]), law(pair[1])
    res = exact_audit(law, [pair], epsilon, 0.0 if delta is None else delta)
    out = {
        "p": P,
        "q": Q,
        "total_p": float(sum(P.values())),
        "total_q": float(sum(Q.values())),
        "delta_at_epsilon": res.delta_at_epsilon,
    }
    if delta is not None:
        out["epsilon_at_delta"] = res.epsilon_at_delta
        out["violated"] = res.violated
    return out
