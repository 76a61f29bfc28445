"""Benchmarks for geoprivate.prediction ([Yan26] GenericPredictor), ratios in the same run.

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

3. ``max_cdepth`` per block, before/after on the same blocks (d = 2, 3; m = 10, 40): "before"
   is the original path (``scipy.optimize.linprog`` for every level LP, no realisable fast
   path, the arrangement rebuilt on every call — the old 4-entry cache never hit across k
   blocks); "after" is the current default (direct HiGHS, the one-LP realisable fast path,
   one cached arrangement per block), cold (first regeneration) and warm (later ones).
   Subspaces: C|HardQuery after 0..d+1 hard queries placed on the target's boundary, as the
   adaptive adversary places them.  Values are asserted equal (both exact).
4. The full CLI run ``predict --concept halfspaces --d D --adversary adaptive --T 10000`` at its
   default, Lemma-1-valid k (pass ``--full`` to run it; minutes).

Run: ``python3 benchmarks/bench_prediction.py [--full]``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.adversaries import FixedSequence
from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)
from geoprivate.prediction import G_halfspace, GenericPredictor, privacy_total
from geoprivate.prediction.problems import GRID, make_generator, make_problem


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
    print(
        f"[thresholds k={k} m={m} eps={eps}] T={T:,}: batched {t_full:.2f} s "
        f"({full.n_hard} hard queries, {full.stream_disagreements} stream disagreements, {1e9 * t_full / T:.0f} ns/query)"
    )
    base = privacy_total(eps, 0.0, T, 1e-6)
    print(
        f"  privacy (nominal, Theorem 3, delta'=1e-6): GenericPredictor {full.segments} BetweenThresholds "
        f"instances -> eps {full.nominal.epsilon:.1f}; composition baseline, T = {T:,} eps-DP answers -> "
        f"eps {base.epsilon:.0f}"
    )
    print(
        f"  first {T_loop:,} queries: batched {t_batch:.3f} s, per-query loop {t_loop:.2f} s "
        f"(identical transcripts) -> ratio {t_loop / t_batch:.1f}x; loop extrapolated to T={T:,}: "
        f"{t_loop * T / T_loop:.0f} s -> {t_loop * T / T_loop / t_full:.1f}x"
    )


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
    print(
        f"[halfspaces d={d} k={k} m={m} eps={eps}, G_halfspace margin] T={T:,}: run {t_run:.1f} s "
        f"(+{t_init:.2f} s setup), {r.n_hard} hard queries, affine dims {r.affine_dims}, "
        f"{r.stream_disagreements} stream disagreements"
    )
    print(
        f"  {t_run / regen:.2f} s per ensemble generation ({k} exact max_cdepth), "
        f"{t_run / max(1, r.n_hard):.2f} s per hard query"
    )


def _blocks_and_subspaces(d, m, n_blocks, seed=0, grid=GRID):
    from geoprivate.prediction import hard_query_subspace

    P = make_problem("halfspaces", m * n_blocks, rng=seed, d=d, grid=grid)
    blocks = [(P.X[i * m : (i + 1) * m], P.y[i * m : (i + 1) * m]) for i in range(n_blocks)]
    a, w = P.target.params["a"], P.target.params["w"]
    H = P.sampler(np.random.default_rng(seed + 1), d + 1)
    H = H - np.outer((H @ a - w) / (a @ a), a)  # on the target's boundary
    H = H if grid is None else np.round(H / grid) * grid
    return blocks, [hard_query_subspace(H[:c], d)[0] for c in range(d + 2)]


def bench_max_cdepth(d=2, m=10, n_blocks=24, grid=GRID):
    import solvers.depth as D

    g = G_halfspace(d, form="margin")
    blocks, subspaces = _blocks_and_subspaces(d, m, n_blocks, grid=grid)
    cons = [g.constraints(*b) for b in blocks]

    def timed(before, warm):
        D.LP_BACKEND, D.FAST_PATHS = ("scipy", False) if before else ("highspy", True)
        vals, per_dim = [], {}
        for V in subspaces:
            for c in cons:
                if not warm:
                    D._CACHE.clear()
                    D._cells = 0
                t0 = time.process_time()
                vals.append(D.max_cdepth(c, V).value)
                per_dim.setdefault(V.dim, []).append(time.process_time() - t0)
        return per_dim, vals

    try:
        before, v_before = timed(True, False)
        cold, v_cold = timed(False, False)
        timed(False, True)  # warm the cache
        warm, v_warm = timed(False, True)
    finally:
        D.LP_BACKEND, D.FAST_PATHS = "highspy", True
    assert v_before == v_cold == v_warm

    def mean(tab, dims=None):
        xs = [t for dim, ts in tab.items() if dims is None or dim in dims for t in ts]
        return sum(xs) / len(xs)

    print(
        f"[max_cdepth d={d} m={m}, data {'grid ' + str(grid) if grid else 'raw floats'}, {n_blocks} blocks x "
        f"{len(subspaces)} subspaces; CPU time per call, same exact values before and after]"
    )
    for dim in sorted(before, reverse=True):
        print(
            f"  C|HardQuery of dim {dim}: before {1e3 * mean(before, [dim]):6.1f} ms, after cold "
            f"{1e3 * mean(cold, [dim]):6.1f} ms ({mean(before, [dim]) / mean(cold, [dim]):5.1f}x), warm "
            f"{1e3 * mean(warm, [dim]):6.1f} ms ({mean(before, [dim]) / mean(warm, [dim]):5.1f}x)"
        )
    print(
        f"  all: before {1e3 * mean(before):.1f} ms, after cold {1e3 * mean(cold):.1f} ms "
        f"({mean(before) / mean(cold):.1f}x), warm {1e3 * mean(warm):.1f} ms ({mean(before) / mean(warm):.1f}x)"
    )


def predict_command(d: int, T: int, *extra: str) -> list[str]:
    """The CLI run the predictor benchmarks time: halfspaces in R^d, adaptive adversary, T queries, JSON."""
    return [sys.executable, "-m", "geoprivate", "predict", "--concept", "halfspaces", "--d", str(d),
            "--adversary", "adaptive", "--T", str(T), "--json", *extra]  # fmt: skip


def bench_full_run(d=2, T=10_000):
    import subprocess

    cmd = predict_command(d, T)
    import json
    import resource

    t0 = time.perf_counter()
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1])
    wall = time.perf_counter() - t0
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)

    r = json.loads(out.stdout)
    print(
        f"[full run] {' '.join(cmd[2:])}: {wall:.0f} s wall, {cpu:.0f} s CPU; k={r['params']['k']}, m={r['params']['m']}, "
        f"hard queries {r['hard_queries']}, affine dims {r['affine_dims']}, epsilon_spent={r['epsilon_spent']}, "
        f"max_err_D={r['max_err_D']:.4f} (+/-{r['accuracy']['half_width']:.3f})"
    )


def main(argv=None) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="also the CLI's full halfspace runs (d = 2, 3)")
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, seconds (not timing)")
    args = ap.parse_args(argv)
    if args.quick:
        bench_thresholds(T=5_000, T_loop=1_000, eps=1.0)
        bench_halfspaces(T=200, eps=8.0)
        bench_max_cdepth(d=2, m=10, n_blocks=2)
        return
    # eps = 1: k = 128 is far below Lemma 2's k (~ 64 (ln(T+1) + ln(1/beta)) ~ 1000), so noise makes
    # spurious TOPs at unanimous votes whose random labels can contradict the target.
    bench_thresholds(eps=1.0)
    bench_thresholds(eps=8.0, T_loop=20_000)
    bench_halfspaces(eps=8.0)
    for d, m in progress(((2, 10), (3, 10), (2, 40)), desc="(d, m)"):
        bench_max_cdepth(d=d, m=m, n_blocks=24 if m == 10 else 6)
    bench_max_cdepth(d=2, m=10, n_blocks=24, grid=None)  # what the 2^-10 grid saves
    if args.full:
        bench_full_run(2)
        bench_full_run(3)


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
