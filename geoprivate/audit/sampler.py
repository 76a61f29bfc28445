"""Black-box audit of a mechanism known only by sampling: a Clopper–Pearson lower bound on ε.

:func:`audit_sampler` follows StatDP [DWWZK18] (event selection on separate runs, then a
test on fresh runs) with three differences: the events are found and featurised
automatically (no event is written by the caller), the selection has a significance and
minimum-count guard, and the final bound is a Clopper–Pearson confidence bound, corrected
over the neighbouring pairs inside.

For each pair (d0, d1):

1. *Pilot.*  ``n_pilot`` runs on each input.  The outputs (numbers, vectors, or sequences
   padded with NaN) become a matrix, and the matrix a set of *features*: each coordinate;
   for vectors, the length (non-NaN entries), the count of each atom (a value seen at least
   ``min_count`` times: ⊥/⊤ of a sparse-vector transcript, a category), the position of
   its first occurrence (⊤'s position, as in [LSL17]'s sparse-vector outputs) and the last
   entry (the value a sparse vector releases).  The candidate events are, per feature,
   {f = a} and {f <= a}, {f >= a} for its atoms and {f <= c}, {f > c}, {c < f <= c'} for
   the quantile cut points c of its continuous part (``n_bins`` bins from the pilot).
   Events are counted with sorted arrays (``searchsorted``): no Python loop over outputs.
2. *Selection.*  Each event and direction gets the ε-bound the final test would give if the
   truth were the pilot's conservative estimates (one-sided 95% Clopper–Pearson ends, then
   the final test's own normal-approximation width); an event seen fewer than
   ``min_count`` times on its upper side is never selected (the guard against rare events
   whose ratio is pilot noise).
3. *Test.*  The ``n_tested`` pairs whose pilot promises the largest bound (StatDP tests
   one) get ``n_samples`` fresh runs on each input; Clopper–Pearson bounds P_lo on the
   selected side and Q_hi on the other, each one-sided at ``false_alarm / (2 · n_tested)``
   (Bonferroni over the two intervals and the tested pairs), and
   ε_lower = ln((P_lo − δ) / Q_hi).

With probability >= 1 − ``false_alarm`` over the auditor's randomness, no pair's bound
exceeds the mechanism's true ε (the event is fixed before the test's samples are drawn), so
``flagged`` (ε_lower > ε) refutes the (ε, δ) claim at that confidence.  Randomness: one
child stream per pair, phase and input (``numpy`` ``spawn``), so the same ``rng`` gives the
same audit.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from scipy import special

from geoprivate._validation import as_rng, check_delta, check_positive_int, check_probability, check_real

__all__ = ["Event", "SamplerAuditResult", "audit_sampler", "output_matrix"]

_CHUNK = 250_000


@dataclass(frozen=True)
class Event:
    """The event {low (<= or <) feature(output) <= high} on one feature of the output.

    Attributes
    ----------
    feature : tuple
        ``("x", j)`` (coordinate j), ``("length",)``, ``("count", a)``, ``("first", a)``
        or ``("last",)``.
    low, high : float
        The interval's ends (``-inf``/``inf`` allowed).
    low_open : bool
        Whether ``low`` itself is excluded.
    """

    feature: tuple
    low: float
    high: float
    low_open: bool = False

    def describe(self) -> str:
        """A readable statement of the event, e.g. ``count(-inf) == 3``."""
        name = _feature_name(self.feature)
        if self.low == self.high and not self.low_open:
            return f"{name} == {self.low:g}"
        if self.low == -math.inf and not self.low_open:
            return f"{name} <= {self.high:g}"
        if self.high == math.inf:
            return f"{name} {'>' if self.low_open else '>='} {self.low:g}"
        return f"{self.low:g} {'<' if self.low_open else '<='} {name} <= {self.high:g}"


def _feature_name(feature: tuple) -> str:
    kind = feature[0]
    if kind == "x":
        return f"output[{feature[1]}]" if feature[1] is not None else "output"
    if kind in ("count", "first"):
        return f"{kind}({feature[1]:g})"
    return kind


@dataclass(frozen=True)
class SamplerAuditResult:
    """Outcome of :func:`audit_sampler`.

    Attributes
    ----------
    epsilon_lower : float
        The largest Clopper–Pearson lower bound on ε over the pairs (0 if none positive).
    flagged : bool
        ``epsilon_lower > epsilon``: the (ε, δ) claim is refuted at confidence 1 − false_alarm.
    pair : tuple
        The pair attaining ``epsilon_lower`` (d0, d1).
    event : Event or None
        Its selected event.
    direction : str
        ``"d0>d1"`` when P_d0(E) is the larger side.
    counts : tuple of int
        Test-phase counts of the event on the larger and on the smaller side.
    p_lower, q_upper : float
        The Clopper–Pearson bounds behind ``epsilon_lower``.
    epsilon, delta : float
        The claim audited.
    n_samples, n_pilot : int
        Test and pilot runs per input and pair.
    false_alarm : float
        The probability that ``flagged`` is wrong (all pairs together).
    per_pair : tuple of dict
        Per tested pair: its ε bound, event description, direction and counts.
    """

    epsilon_lower: float
    flagged: bool
    pair: tuple
    event: Event | None
    direction: str
    counts: tuple
    p_lower: float
    q_upper: float
    epsilon: float
    delta: float
    n_samples: int
    n_pilot: int
    false_alarm: float
    per_pair: tuple = field(repr=False)

    @property
    def event_description(self) -> str:
        """The selected event in words (empty when no event was selected)."""
        return self.event.describe() if self.event is not None else ""


# --------------------------------------------------------------------------- outputs


def output_matrix(outputs, n: int) -> np.ndarray:
    """The ``n`` outputs of one mechanism call as a float matrix (n, m), NaN-padded.

    Numbers give one column, vectors one column per coordinate, sequences of unequal length
    are padded with NaN (one pass over the outputs; return a NumPy array to skip it).
    Booleans count as 0/1 and ``None`` as NaN.

    Parameters
    ----------
    outputs : array_like or sequence
        What ``mechanism(data, rng, n)`` returned.
    n : int
        The number of outputs requested.

    Returns
    -------
    numpy.ndarray
        float64, shape (n, m).
    """
    if isinstance(outputs, np.ndarray) and outputs.dtype != object:
        x = outputs.astype(np.float64, copy=False)
    else:
        rows = list(outputs)
        if rows and all(np.ndim(r) == 0 for r in rows[:1]) and all(np.ndim(r) == 0 for r in rows):
            x = np.array([np.nan if r is None else r for r in rows], dtype=np.float64)
        else:
            width = max((len(r) for r in rows), default=0)
            x = np.full((len(rows), width), np.nan)
            for i, r in enumerate(rows):
                x[i, : len(r)] = [np.nan if v is None else v for v in r]
    if x.ndim == 1:
        x = x[:, None]
    if x.ndim != 2 or x.shape[0] != n:
        raise ValueError(f"mechanism must return {n} outputs (numbers, vectors or sequences), got shape {x.shape}")
    return x


def _draw(mechanism, data, rng, n: int) -> np.ndarray:
    """``n`` outputs in chunks (a bounded memory footprint), as one matrix."""
    parts, done, width = [], 0, 0
    while done < n:
        k = min(_CHUNK, n - done)
        part = output_matrix(mechanism(data, rng, k), k)
        parts.append(part)
        width = max(width, part.shape[1])
        done += k
    if any(p.shape[1] != width for p in parts):
        parts = [np.pad(p, ((0, 0), (0, width - p.shape[1])), constant_values=np.nan) for p in parts]
    return np.concatenate(parts, axis=0) if len(parts) > 1 else parts[0]


# --------------------------------------------------------------------------- features and events


def _atoms(values: np.ndarray, min_count: int, limit: int = 16) -> np.ndarray:
    """Values seen at least ``min_count`` times (the point masses), most frequent first."""
    v = values[~np.isnan(values)]
    if v.size == 0:
        return np.empty(0)
    u, c = np.unique(v, return_counts=True)
    keep = c >= min_count
    u, c = u[keep], c[keep]
    return u[np.argsort(-c, kind="stable")][:limit]


def _feature(x: np.ndarray, feature: tuple) -> np.ndarray:
    """One feature column of an output matrix (NaN where undefined)."""
    kind = feature[0]
    if kind == "x":
        return x[:, feature[1] or 0]
    present = ~np.isnan(x)
    if kind == "length":
        return present.sum(axis=1).astype(np.float64)
    if kind == "count":
        return (x == feature[1]).sum(axis=1).astype(np.float64)
    if kind == "first":
        hit = x == feature[1]
        return np.where(hit.any(axis=1), hit.argmax(axis=1), x.shape[1]).astype(np.float64)
    if kind == "last":
        idx = x.shape[1] - 1 - present[:, ::-1].argmax(axis=1)
        out = x[np.arange(x.shape[0]), idx]
        return np.where(present.any(axis=1), out, np.nan)
    raise ValueError(f"unknown feature {feature!r}")


def _features(pooled: np.ndarray, min_count: int) -> list[tuple]:
    """The features of an output matrix (see the module docstring)."""
    m = pooled.shape[1]
    if m == 1:
        return [("x", None)]
    feats: list[tuple] = [("x", j) for j in range(m)]
    padded = bool(np.isnan(pooled).any())
    if padded:
        feats += [("length",), ("last",)]
    for a in _atoms(pooled.ravel(), min_count):
        feats += [("count", float(a)), ("first", float(a))]
    return feats


def _events(column: np.ndarray, feature: tuple, n_bins: int, min_count: int) -> list[Event]:
    """Candidate events on one feature column of the pooled pilot."""
    atoms = _atoms(column, min_count, limit=64)
    out = []
    for a in atoms.tolist():
        out += [Event(feature, a, a), Event(feature, -math.inf, a), Event(feature, a, math.inf)]
    v = column[~np.isnan(column)]
    rest = v[~np.isin(v, atoms)] if atoms.size else v
    rest = rest[np.isfinite(rest)]
    if rest.size >= 2 * n_bins:
        cuts = np.unique(np.quantile(rest, np.linspace(0, 1, n_bins + 1)[1:-1]))
        cl = cuts.tolist()
        out += [Event(feature, -math.inf, c) for c in cl]
        out += [Event(feature, c, math.inf, True) for c in cl]
        out += [Event(feature, a, b, True) for a, b in zip(cl[:-1], cl[1:], strict=False)]
    return list(dict.fromkeys(out))


def _counts(column: np.ndarray, events: list[Event]) -> np.ndarray:
    """How many entries of ``column`` fall in each event (sorted once, searchsorted per end)."""
    s = np.sort(column[~np.isnan(column)])
    lo = np.array([e.low for e in events])
    hi = np.array([e.high for e in events])
    open_ = np.array([e.low_open for e in events])
    right = np.searchsorted(s, hi, side="right")
    left = np.where(open_, np.searchsorted(s, lo, side="right"), np.searchsorted(s, lo, side="left"))
    return right - left


# --------------------------------------------------------------------------- statistics


def _cp_lower(k, n: int, a: float) -> np.ndarray:
    """One-sided (1 − a) Clopper–Pearson lower bounds for k successes in n (vectorised)."""
    k = np.asarray(k, dtype=np.float64)
    with np.errstate(all="ignore"):
        out = special.betaincinv(k, n - k + 1, a)  # the Beta(k, n-k+1) a-quantile
    return np.where(k > 0, out, 0.0)


def _cp_upper(k, n: int, a: float) -> np.ndarray:
    """One-sided (1 − a) Clopper–Pearson upper bounds for k successes in n (vectorised)."""
    k = np.asarray(k, dtype=np.float64)
    with np.errstate(all="ignore"):
        out = special.betainccinv(k + 1, n - k, a)  # the Beta(k+1, n-k) upper a-quantile
    return np.where(k < n, out, 1.0)


def _predicted_bound(kp, kq, n_pilot: int, n_final: int, a_final: float, delta: float) -> np.ndarray:
    """The ε bound the test would give on n_final runs if the truth were the pilot's ends."""
    p = _cp_lower(kp, n_pilot, 0.05)
    q = _cp_upper(kq, n_pilot, 0.05)
    z = -special.ndtri(a_final)  # the standard normal's upper a_final-quantile
    p_f = p - z * np.sqrt(p * (1 - p) / n_final)
    q_f = q + z * np.sqrt(q * (1 - q) / n_final) + z * z / n_final
    with np.errstate(all="ignore"):
        return np.where(p_f - delta > 0, np.log(np.maximum(p_f - delta, 1e-300) / q_f), -np.inf)


def _select(x0, x1, n_pilot, n_final, a_final, delta, n_bins, min_count):
    """The pilot's best (event, direction, predicted bound) for one pair."""
    pooled = np.concatenate([x0, x1], axis=0) if x0.shape[1] == x1.shape[1] else None
    if pooled is None:
        w = max(x0.shape[1], x1.shape[1])
        x0 = np.pad(x0, ((0, 0), (0, w - x0.shape[1])), constant_values=np.nan)
        x1 = np.pad(x1, ((0, 0), (0, w - x1.shape[1])), constant_values=np.nan)
        pooled = np.concatenate([x0, x1], axis=0)
    best = (None, "", -math.inf)
    for feat in _features(pooled, min_count):
        c0, c1 = _feature(x0, feat), _feature(x1, feat)
        evs = _events(np.concatenate([c0, c1]), feat, n_bins, min_count)
        if not evs:
            continue
        k0, k1 = _counts(c0, evs), _counts(c1, evs)
        for direction, kp, kq in (("d0>d1", k0, k1), ("d1>d0", k1, k0)):
            score = _predicted_bound(kp, kq, n_pilot, n_final, a_final, delta)
            score = np.where(kp >= min_count, score, -np.inf)
            i = int(np.argmax(score))
            if score[i] > best[2]:
                best = (evs[i], direction, float(score[i]))
    return best


def _event_count(x: np.ndarray, event: Event) -> int:
    if event.feature[0] == "x" and (event.feature[1] or 0) >= x.shape[1]:
        return 0
    return int(_counts(_feature(x, event.feature), [event])[0])


# --------------------------------------------------------------------------- the auditor


def audit_sampler(
    mechanism: Callable,
    neighbours,
    epsilon,
    delta=0.0,
    *,
    n_samples: int = 10**6,
    false_alarm: float = 1e-6,
    rng=None,
    n_pilot: int | None = None,
    n_bins: int = 20,
    min_count: int = 20,
    n_tested: int = 3,
) -> SamplerAuditResult:
    """Clopper–Pearson lower bound on ε for a mechanism known only by sampling.

    The StatDP procedure [DWWZK18] with automatic events and a corrected final test; see
    the module docstring for the three phases.  Nothing about the output is asked of the
    caller: numbers, vectors and NaN-padded sequences, discrete or continuous, are
    featurised and discretised from the pilot.

    Parameters
    ----------
    mechanism : callable
        ``mechanism(data, rng, n)`` -> n outputs (an array of shape (n,) or (n, m), or a
        sequence of n numbers or sequences), drawing its randomness from ``rng``.
    neighbours : iterable of pairs
        The neighbouring inputs (d0, d1) to audit.
    epsilon : float
        The claimed ε >= 0.
    delta : float, default 0.0
        The claimed δ in [0, 1).
    n_samples : int, default 10**6
        Test runs per input and pair.
    false_alarm : float, default 1e-6
        Probability of flagging a mechanism that satisfies the claim.
    rng : Generator, int or None
        The random source (SPEC 7); child streams per pair, phase and input.
    n_pilot : int, optional
        Pilot runs per input and pair (default ``max(1000, n_samples // 10)``).
    n_bins : int, default 20
        Quantile bins of a continuous feature.
    min_count : int, default 20
        Least pilot count of an atom and of a selectable event's larger side.
    n_tested : int, default 3
        The pairs whose pilot promises the largest bound go to the test phase (the
        Bonferroni correction is over these).

    Returns
    -------
    SamplerAuditResult
        The lower bound, the verdict, the worst pair and its event.

    Examples
    --------
    >>> import numpy as np
    >>> rr = lambda bit, rng, n: np.where(rng.random(n) < 0.75, bit, 1 - bit)  # e^eps = 3
    >>> audit_sampler(rr, [(0, 1)], 0.5, n_samples=20_000, rng=1).flagged
    True
    >>> audit_sampler(rr, [(0, 1)], 1.1, n_samples=20_000, rng=1).flagged
    False
    """
    if not callable(mechanism):
        raise TypeError(f"mechanism must be callable (data, rng, n) -> outputs, got {type(mechanism).__name__}")
    eps = check_real(epsilon, "epsilon", low=0.0)
    d = check_delta(delta)
    n_samples = check_positive_int(n_samples, "n_samples")
    n_pilot = max(1000, n_samples // 10) if n_pilot is None else check_positive_int(n_pilot, "n_pilot")
    fa = check_probability(false_alarm, "false_alarm")
    n_bins = check_positive_int(n_bins, "n_bins")
    min_count = check_positive_int(min_count, "min_count")
    pairs = [tuple(p) for p in neighbours]
    if not pairs or any(len(p) != 2 for p in pairs):
        raise ValueError("neighbours must be a non-empty iterable of pairs (d0, d1)")
    n_tested = min(check_positive_int(n_tested, "n_tested"), len(pairs))
    a_each = fa / (2 * n_tested)  # one-sided level of each of the 2 intervals of each tested pair
    streams = as_rng(rng).spawn(len(pairs))
    chosen, children = [], [stream.spawn(4) for stream in streams]  # pilot d0, pilot d1, test d0, test d1
    for i, (pair, (pilot0, pilot1, _, _)) in enumerate(zip(pairs, children, strict=True)):
        x0 = _draw(mechanism, pair[0], pilot0, n_pilot)
        x1 = _draw(mechanism, pair[1], pilot1, n_pilot)
        event, direction, score = _select(x0, x1, n_pilot, n_samples, a_each, d, n_bins, min_count)
        chosen.append((score, -i, event, direction))
    tested = sorted(chosen, key=lambda c: (c[0], c[1]), reverse=True)[:n_tested]
    rows = []
    for _, minus_i, event, direction in tested:
        _, _, test0, test1 = children[-minus_i]
        rows.append(_test(mechanism, pairs[-minus_i], event, direction, test0, test1, n_samples, a_each, d))
    best = max(range(len(rows)), key=lambda i: rows[i]["epsilon_lower"])
    r = rows[best]
    return SamplerAuditResult(
        r["epsilon_lower"], r["epsilon_lower"] > eps, r["pair"], r["event"], r["direction"], r["counts"],
        r["p_lower"], r["q_upper"], eps, d, n_samples, n_pilot, fa,
        tuple({k: v for k, v in row.items() if k != "event"} | {"event": row["event_text"]} for row in rows),
    )  # fmt: skip


def _test(mechanism, pair, event, direction, rng0, rng1, n, a_each, delta) -> dict:
    """The test phase of one pair: fresh runs, Clopper–Pearson ends, the ε bound."""
    row = {"pair": pair, "event": event, "event_text": "", "direction": direction, "counts": (0, 0)}
    row.update(epsilon_lower=0.0, p_lower=0.0, q_upper=1.0)
    if event is None:
        return row
    k0 = _event_count(_draw(mechanism, pair[0], rng0, n), event)
    k1 = _event_count(_draw(mechanism, pair[1], rng1, n), event)
    kp, kq = (k0, k1) if direction == "d0>d1" else (k1, k0)
    p_lo = float(_cp_lower(kp, n, a_each))
    q_hi = float(_cp_upper(kq, n, a_each))
    lb = math.log((p_lo - delta) / q_hi) if p_lo - delta > 0 else 0.0
    row.update(event_text=event.describe(), counts=(kp, kq), epsilon_lower=max(0.0, lb), p_lower=p_lo, q_upper=q_hi)
    return row
