"""Benchmarks for [BF26]: DP-Winnow and DP-GreedyCover (ratios, same run).

1. DP-Winnow (Algorithm 4.2), d = 1000: the vectorised :func:`dp_winnow` over T = 10^5
   rounds, and against a plain per-coordinate loop (the pseudocode's "for j = 1..d" in the
   predictions, the weight update and the normalisation) on a prefix of T0 rounds with the
   same parameters and seed — the transcripts are checked equal — ratio per round printed.
2. DP-GreedyCover (Algorithm 3.1), |F| = 200 sparse features, n = 10^5: incremental counts
   (:func:`dp_greedy_cover`) vs recomputing #_{f→1}(S_j^b) from scratch in every round
   (lines 3–6 as written), same seed — outputs checked equal — ratio printed.

Run: ``python benchmarks/bench_winnow.py``  (about a minute).
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)
from geoprivate.learners.decision_lists import (  # noqa: E402
    TRUE,
    DecisionList,
    dp_greedy_cover,
    greedy_cover_quality,
    random_decision_list,
)
from geoprivate.learners.winnow import dp_winnow, lemma_4_6_sample_size, majority_sequence, practical_parameters  # noqa: E402
from geoprivate.mechanisms import AboveThreshold, exponential_mechanism  # noqa: E402


# ------------------------------------------------------------------ DP-Winnow
def dp_winnow_loop(X, y, p, seed):
    """Algorithm 4.2 with per-coordinate Python loops (the baseline); same rng order as dp_winnow."""
    rng = np.random.default_rng(seed)
    Xl, yl = X.tolist(), y.tolist()
    T, d = len(Xl), len(Xl[0])
    logw = [0.0] * d
    counts = [1] * d
    k, count, cached = 0, 0, -1
    svt = AboveThreshold(p.eps_hat, p.L, p.beta / T, rng)
    ups, mistakes = [], 0
    for t in range(T):
        x = Xl[t]
        s = 0
        for j in range(d):
            s += counts[j] * x[j]
        pred = (s > 0) - (s < 0)
        wrong = pred != yl[t]
        mistakes += wrong
        if k >= p.K:
            continue
        if wrong:
            count += 1
            if cached < 0:
                cached = t
        svt.add_query(count)
        if not svt.test_above_threshold():
            continue
        if cached >= 0:
            xh, yh = Xl[cached], yl[cached]
            for j in range(d):
                logw[j] += p.eta * yh * xh[j]
        top = max(logw)
        w = [math.exp(v - top) for v in logw]
        z = sum(w)
        w = [v / z for v in w]
        counts = rng.multinomial(p.m, np.array(w)).tolist()
        k += 1
        ups.append(t)
        count, cached = 0, -1
        if k < p.K:
            svt = AboveThreshold(p.eps_hat, p.L, p.beta / T, rng)
    return ups, mistakes


def bench_dp_winnow(T=100_000, d=1000, T0=3000):
    X, y, v, rho = majority_sequence(T, d, 3, 0)
    beta = 0.05

    def params(TT):
        return practical_parameters(
            TT, d, rho, eps_hat=1.0, eta=rho / 4, m=lemma_4_6_sample_size(TT, beta, 0.5, rho), beta=beta
        )

    t0 = time.perf_counter()
    full = dp_winnow(X, y, params(T), rng=1)
    t_full = time.perf_counter() - t0
    p0 = params(T0)
    t0 = time.perf_counter()
    vec = dp_winnow(X[:T0], y[:T0], p0, rng=2)
    t_vec = time.perf_counter() - t0
    t0 = time.perf_counter()
    ups, mistakes = dp_winnow_loop(X[:T0], y[:T0], p0, 2)
    t_loop = time.perf_counter() - t0
    same = ups == vec.update_rounds and mistakes == vec.n_mistakes
    print(
        f"DP-Winnow, d = {d}: T = {T:,} rounds vectorised {t_full:.2f} s "
        f"({full.n_mistakes} mistakes, {full.n_updates} updates, K = {full.params.K}); "
        f"first {T0:,} rounds: vectorised {t_vec:.3f} s, per-coordinate loop {t_loop:.2f} s, "
        f"ratio {t_loop / t_vec:.1f}x ({'identical' if same else 'DIFFERENT'} transcripts)"
    )
    assert same, "vectorised and loop transcripts differ"
    return t_loop / t_vec


# ------------------------------------------------------------------ DP-GreedyCover
def dp_greedy_cover_recount(P, y, epsilon_hat, seed):
    """Algorithm 3.1 recounting #_{f→1}(S_j^1), #_{f→1}(S_j^0) over S_j in every round (baseline)."""
    rng = np.random.default_rng(seed)
    rem = np.ones(P.shape[0], dtype=bool)
    avail = np.ones(P.shape[1], dtype=bool)
    feats, bits = [], []
    while True:
        pos, neg = rem & (y == 1), rem & (y == 0)
        c1 = P[pos].sum(axis=0, dtype=np.int64)
        c0 = P[neg].sum(axis=0, dtype=np.int64)
        q = greedy_cover_quality(c1, c0, int(pos.sum()), int(neg.sum()), avail)
        pick = exponential_mechanism(q, 2 * epsilon_hat, 1.0, rng)
        b = pick % 2
        if pick >= q.size - 2:
            return DecisionList(tuple(feats) + (TRUE,), tuple(bits) + (b,), b)
        f = int(np.flatnonzero(avail)[pick // 2])
        rem &= P[:, f] == 0
        avail[f] = False
        feats.append(f)
        bits.append(b)


def bench_dp_greedy_cover(n=100_000, M=200, density=0.02):
    rng = np.random.default_rng(0)
    P = (rng.random((n, M)) < density).astype(np.uint8)
    c = random_decision_list(M, 30, rng)
    y = c.predict(P)
    t0 = time.perf_counter()
    fast = dp_greedy_cover(P, y, epsilon_hat=1.0, rng=3).hypothesis
    t_fast = time.perf_counter() - t0
    t0 = time.perf_counter()
    slow = dp_greedy_cover_recount(P, y, 1.0, 3)
    t_slow = time.perf_counter() - t0
    err = float((fast.predict(P) != y).mean())
    print(
        f"DP-GreedyCover, |F| = {M}, n = {n:,}: incremental counts {t_fast:.3f} s, recount every round "
        f"{t_slow:.3f} s, ratio {t_slow / t_fast:.1f}x ({'identical' if fast == slow else 'DIFFERENT'} outputs; "
        f"list length {len(fast)}, training error {err:.4f})"
    )
    assert fast == slow, "incremental and recount outputs differ"
    return t_slow / t_fast


def main(argv=None) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, seconds (not timing)")
    args = ap.parse_args(argv)
    if args.quick:
        sections = [lambda: bench_dp_winnow(T=3000, d=50, T0=300), lambda: bench_dp_greedy_cover(n=2000, M=40)]
    else:
        sections = [bench_dp_winnow, bench_dp_greedy_cover]
    for section in progress(sections, desc="sections"):
        section()


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
