"""Benchmarks for geoprivate.mechanisms / geoprivate.audit (ratios, same run).

1. BetweenThresholds over 10^6 query values: ``query_batch`` (vectorised) vs a per-query
   ``query`` loop on the same values and seed (the transcripts are checked equal), ratio printed.
   The values never trigger TOP (far from the thresholds), so all 10^6 are answered.
2. Exponential mechanism on 10^6 candidates: Gumbel-max sampler vs a plain inverse-CDF
   sampler over a softmax (baseline), ratio printed.
3. Exact audit of BetweenThresholds on a length-6 neighbouring pair: wall time, and the
   number of transcripts (127 per law).

Run: ``python3 benchmarks/bench_mechanisms.py``  (< 1 minute).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.audit import between_thresholds_audit
from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)
from geoprivate.mechanisms import BetweenThresholds, exponential_mechanism, min_gap


def bench_between_thresholds(m=1_000_000):
    vals = np.random.default_rng(0).choice([0.02, 0.98], size=m)
    eps, tl, tu, n = 0.5, 0.4, 0.6, 100_000
    t0 = time.perf_counter()
    bt = BetweenThresholds(eps, tl, tu, n, rng=1)
    batch = bt.query_batch(vals)
    t_batch = time.perf_counter() - t0
    t0 = time.perf_counter()
    bt2 = BetweenThresholds(eps, tl, tu, n, rng=1)
    q = bt2.query
    loop = [q(v) for v in vals.tolist()]
    t_loop = time.perf_counter() - t0
    assert len(batch) == len(loop) == m and batch.tolist() == loop, "batch and loop transcripts differ"
    print(
        f"BetweenThresholds, {m:,} queries: batch {t_batch:.3f} s, per-query loop {t_loop:.3f} s, "
        f"ratio {t_loop / t_batch:.1f}x (identical transcripts)"
    )
    return t_loop / t_batch


def bench_exponential(m=1_000_000, reps=5):
    scores = np.random.default_rng(2).normal(0, 1e3, size=m)
    rng = np.random.default_rng(3)
    t0 = time.perf_counter()
    for _ in range(reps):
        exponential_mechanism(scores, 1.0, rng=rng)
    t_g = (time.perf_counter() - t0) / reps

    def baseline(s, eps, rng):
        z = s * eps / 2
        p = np.exp(z - z.max())
        c = np.cumsum(p)
        return int(np.searchsorted(c, rng.random() * c[-1]))

    t0 = time.perf_counter()
    for _ in range(reps):
        baseline(scores, 1.0, rng)
    t_b = (time.perf_counter() - t0) / reps
    print(
        f"exponential mechanism, {m:,} candidates: Gumbel-max {t_g * 1e3:.1f} ms, "
        f"softmax+inverse-CDF baseline {t_b * 1e3:.1f} ms, ratio {t_b / t_g:.2f}x"
    )


def bench_exact_audit():
    eps, delta, n = 0.5, 0.1, 200
    g = min_gap(eps, delta, n)
    tl, tu = 0.5 - g / 2, 0.5 + g / 2
    s = 6 / (eps * n)
    q = [tl + s, tl, tu, tu - s, 0.5, tl - s]
    qp = [x + 1 / n for x in q]
    t0 = time.perf_counter()
    r = between_thresholds_audit(q, qp, eps, tl, tu, n, delta=delta)
    t = time.perf_counter() - t0
    print(
        f"exact audit of BetweenThresholds, length-6 neighbouring pair: {t:.2f} s "
        f"({len(r['p'])} transcripts per law, delta(eps)={r['delta_at_epsilon']:.3g}, "
        f"eps(delta)={r['epsilon_at_delta']:.3g})"
    )


def main(argv=None) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, seconds (not timing)")
    args = ap.parse_args(argv)
    m = 10_000 if args.quick else 1_000_000
    sections = [
        lambda: bench_between_thresholds(m),
        lambda: bench_exponential(m, 2 if args.quick else 5),
        bench_exact_audit,
    ]
    for section in progress(sections, desc="sections"):
        section()


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
