"""Benchmarks for geoprivate.prediction (seed 001 GenericPredictor), ratios in the same run.

1. Thresholds, k = 128 blocks (epsilon_BT = 1 and 8) of m = 20, T = 10^6 i.i.d. queries:
   the batched predictor (votes of a whole stretch between hard queries at once,
   BetweenThresholds over the batch up to its first TOP) vs the plain per-query loop (``batch=False``: one vote, one
   BetweenThresholds answer per round).  The loop runs on the first 10^5 queries of the
   same sequence and seed (transcripts checked equal on that prefix) and is extrapolated
   linearly to 10^6; the batched run is timed on both lengths.
2. Halfspaces, d = 2, k = 16, m = 40, epsilon_BT = 8 (so that the noise 6/(eps k) is below
   the gap; with eps = 1 the noisy thresholds cross after a TOP and labels become noise),
   T = 10^4 i.i.d. Gaussian queries on the 2^-10 grid, G_halfspace (margin form): total time, hard queries, time per hard query (each
   regenerates the 16 exact cdepth maximisers).

Run: ``python3 benchmarks/bench_prediction.py``  (about 1-2 minutes on 2 cores).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.adversaries import FixedSequence
from geoprivate.prediction import G_halfspace, GenericPredictor, privacy_total
from geoprivate.prediction.problems import make_generator, make_problem


def bench_thresholds(T=1_000_000, T_loop=100_000, k=128, m=20, eps=1.0):
    P = make_problem("thresholds", k * m, rng=0)
    seq = P.sampler(np.random.default_rng(1), T)

    def predictor():
        return GenericPredictor(make_generator(P), P.X, P.y, k=k, m=m, epsilon=eps, rng=2)

    t0 = time.perf_counter()
    full = predictor().run(FixedSequence(seq), T, target=P.target)
    t_full = time.perf_counter() - t0
    t0 = time.perf_counter()
    short = predictor().run(FixedSequence(seq), T_loop)
    t_batch = time.perf_counter() - t0
    t0 = time.perf_counter()
    loop = predictor().run(FixedSequence(seq), T_loop, batch=False)
    t_loop = time.perf_counter() - t0
    assert np.array_equal(short.transcript.labels, loop.transcript.labels)
    assert np.array_equal(short.transcript.answers, loop.transcript.answers)
    assert np.array_equal(full.transcript.labels[:T_loop], loop.transcript.labels)
    print(f"[thresholds k={k} m={m} eps={eps}] T={T:,}: batched {t_full:.2f} s "
          f"({full.n_hard} hard queries, {full.mistakes} mistakes, {1e9 * t_full / T:.0f} ns/query)")
    base = privacy_total(eps, 0.0, T, 1e-6)
    print(f"  privacy (nominal, Theorem 3, delta'=1e-6): GenericPredictor {full.segments} BetweenThresholds "
          f"instances -> eps {full.nominal.epsilon:.1f}; composition baseline, T = {T:,} eps-DP answers -> "
          f"eps {base.epsilon:.0f}")
    print(f"  first {T_loop:,} queries: batched {t_batch:.3f} s, per-query loop {t_loop:.2f} s "
          f"(identical transcripts) -> ratio {t_loop / t_batch:.1f}x; loop extrapolated to T={T:,}: "
          f"{t_loop * T / T_loop:.0f} s -> {t_loop * T / T_loop / t_full:.1f}x")


def bench_halfspaces(T=10_000, d=2, k=16, m=40, eps=1.0):
    P = make_problem("halfspaces", k * m, rng=0, d=d)
    seq = P.sampler(np.random.default_rng(1), T)
    t0 = time.perf_counter()
    pred = GenericPredictor(G_halfspace(d, form="margin"), P.X, P.y, k=k, m=m, epsilon=eps, rng=2)
    t_init = time.perf_counter() - t0
    t0 = time.perf_counter()
    r = pred.run(FixedSequence(seq), T, target=P.target)
    t_run = time.perf_counter() - t0
    regen = r.n_hard + 1
    print(f"[halfspaces d={d} k={k} m={m} eps={eps}, G_halfspace margin] T={T:,}: run {t_run:.1f} s "
          f"(+{t_init:.2f} s setup), {r.n_hard} hard queries, affine dims {r.affine_dims}, "
          f"{r.mistakes} mistakes")
    print(f"  {t_run / regen:.2f} s per ensemble generation ({k} exact max_cdepth), "
          f"{t_run / max(1, r.n_hard):.2f} s per hard query")


if __name__ == "__main__":
    # eps = 1: k = 128 is far below Lemma 2's k (~ 64 (ln(T+1) + ln(1/beta)) ~ 1000), so noise makes
    # spurious TOPs at unanimous votes whose random labels can contradict the target.
    bench_thresholds(eps=1.0)
    bench_thresholds(eps=8.0, T_loop=20_000)
    bench_halfspaces(eps=8.0)
