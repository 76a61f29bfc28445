"""Benchmarks for [Yan25]'s VC-1 structure and learners (prints ratios; no assertions).

1. ``make_tree`` on a random VC-1 class over 2 000 points: the partial order of Def. 13
   by one boolean matrix product (:func:`solvers.vc1.order_matrix`) against pairwise
   loops — a per-pair numpy test (timed on a slice of rows, extrapolated, labelled) and a
   per-pair loop over Python-int bitsets (the strongest plain loop, run in full).
2. OPTPrivateLearner (Algorithm 2) end to end at Theorem 11's N for the thresholds class
   with TD = 64 (ε = 1, δ = 1e-6, α = 0.1, β = 0.05), with the count-table partition and
   the explicit shuffle; and, on a 1/100 slice of N, the count-based deterministic sets
   against the per-part Def. 15 oracle (:func:`solvers.vc1.deterministic_points` on every
   part) and the two partitions against each other.

Run: ``python3 benchmarks/bench_vc1.py [--skip-full]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)
from geoprivate.learners.vc1 import OPTPrivateLearner, theorem11_parameters  # noqa: E402
from solvers import vc1  # noqa: E402


def timed(fn, *args, repeat=1, **kw):
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn(*args, **kw)
        best = min(best, time.perf_counter() - t0)
    return best, out


def pairwise_numpy(M, rows=None):
    n = M.shape[1]
    cols = [M[:, j].astype(bool) for j in range(n)]
    xs = range(n) if rows is None else rows
    L = np.zeros((len(xs), n), bool)
    for i, x in enumerate(xs):
        for y in range(n):
            L[i, y] = not np.any(cols[x] & ~cols[y])
    return L


def pairwise_bitsets(M):
    n = M.shape[1]
    bits = [int.from_bytes(np.packbits(M[:, j]).tobytes(), "big") for j in range(n)]
    L = np.zeros((n, n), bool)
    for x in range(n):
        bx = bits[x]
        row = L[x]
        for y in range(n):
            row[y] = (bx & ~bits[y]) == 0
    return L


def bench_make_tree(n_points=2000, seed=0):
    M = vc1.random_vc1_class(n_points, seed, proper_prob=0.5, chain_prob=0.3)
    Mf = vc1.f_representation(M, 0)
    print(f"== make_tree / partial order: VC-1 class of {M.shape[0]} concepts over {n_points} points")
    t_prod, L = timed(vc1.order_matrix, Mf, repeat=3)
    t_tree, T = timed(vc1.make_tree, M, 0, repeat=3)
    t_bits, L_bits = timed(pairwise_bitsets, Mf)
    assert np.array_equal(L, L_bits)
    k = 100
    t_np_slice, L_np = timed(pairwise_numpy, Mf, range(k))
    assert np.array_equal(L[:k], L_np)
    t_np = t_np_slice * n_points / k
    print(f"  order_matrix (one boolean product)      {t_prod:8.3f} s")
    print(f"  make_tree (order + VC check + layers)   {t_tree:8.3f} s   height {T.graph['height']}, {len(T) - 1} nodes")
    print(f"  pairwise loop, Python-int bitsets       {t_bits:8.3f} s   ratio {t_bits / t_prod:8.1f}x")
    print(
        f"  pairwise loop, numpy per pair (extrap.) {t_np:8.3f} s   ratio {t_np / t_prod:8.1f}x "
        f"(timed on {k} of {n_points} rows)"
    )


def bench_hasse(n_points=400, seed=0):
    import networkx as nx

    M = vc1.f_representation(vc1.random_vc1_class(n_points, seed, chain_prob=0.7), 0)
    print(f"== Hasse diagram over {n_points} points")
    t_prod, H = timed(vc1.hasse_diagram, M, repeat=3)
    t_nx, H2 = timed(lambda: nx.transitive_reduction(vc1.partial_order(M)))
    assert set(H.edges) == set(H2.edges)
    print(f"  hasse_diagram (two boolean products)    {t_prod:8.3f} s")
    print(f"  nx.transitive_reduction(partial_order)  {t_nx:8.3f} s   ratio {t_nx / t_prod:8.1f}x")


def bench_learner(full=True, seed=1):
    td, eps, delta, alpha, beta = 64, 1.0, 1e-6, 0.1, 0.05
    M = vc1.thresholds_class(td)
    f = td  # the all-zero threshold
    p = theorem11_parameters(td, alpha, beta, eps, delta)
    print(
        f"== OPTPrivateLearner at Theorem 11's N: thresholds, TD = {td}, eps={eps}, delta={delta}, "
        f"alpha={alpha}, beta={beta}"
    )
    print(f"  theorem mode: n_PM = {p.n_pm}, t = {p.t}, m = {p.m} per part, N = {p.n:,}")
    rng = np.random.default_rng(seed)
    c = int(rng.integers(0, M.shape[0]))

    # slice: same t, m/100 points per part -> count-based vs per-part Def. 15 oracle
    n_small = p.t * max(1, p.m // 100)
    cols = rng.integers(0, td, n_small, dtype=np.uint8)
    labels = M[c, cols]
    learner = OPTPrivateLearner(M, eps, delta, alpha, beta, f=f, mode="practical", n_subsets=p.t)
    cls = learner.cls
    part_of = cls.random_partition(n_small, p.t, np.random.default_rng(2))
    t_count, (B, y) = timed(lambda: cls.deterministic_sets(cls.part_counts(cols, labels, part_of, p.t)))
    Mf = vc1.f_representation(M, f)
    order = np.argsort(part_of, kind="stable")
    bounds = np.searchsorted(part_of[order], np.arange(p.t + 1))

    def oracle():
        out = []
        for i in range(p.t):
            idx = order[bounds[i] : bounds[i + 1]]
            out.append(vc1.deterministic_points(Mf, cols[idx].astype(np.intp), Mf[c, cols[idx]]))
        return out

    t_oracle, dets = timed(oracle)
    same = all(set(d.tolist()) == {int(cls.columns[j]) for j in np.flatnonzero(B[i])} for i, d in enumerate(dets))
    print(
        f"  N/100 = {n_small:,}: deterministic sets, counts {t_count:.3f} s vs per-part Def. 15 oracle "
        f"{t_oracle:.3f} s   ratio {t_oracle / t_count:.1f}x (identical: {same})"
    )
    t_fit_small, h = timed(learner.fit, cols, labels, rng=3)
    counts_learner = OPTPrivateLearner(
        M, eps, delta, alpha, beta, f=f, mode="practical", n_subsets=p.t, partition="counts"
    )
    t_fit_counts, h2 = timed(counts_learner.fit, cols, labels, rng=3)
    print(
        f"  N/100 end to end (practical mode, same t): explicit partition {t_fit_small:.2f} s, "
        f"count-table partition {t_fit_counts:.2f} s   ratio {t_fit_small / t_fit_counts:.1f}x; "
        f"errors {h.error(M[c]):.4f}, {h2.error(M[c]):.4f}"
    )
    if not full:
        return
    t0 = time.perf_counter()
    cols = rng.integers(0, td, p.n, dtype=np.uint8)
    labels = M[c][cols]
    t_gen = time.perf_counter() - t0
    for partition in progress(("counts", "explicit"), desc="partitions"):
        theorem = OPTPrivateLearner(M, eps, delta, alpha, beta, f=f, partition=partition)  # theorem mode
        t_fit, h = timed(theorem.fit, cols, labels, rng=4)
        d = h.details
        print(
            f"  N = {p.n:,} end to end (theorem mode, {partition} partition): {t_fit:.1f} s "
            f"({p.n / t_fit / 1e6:.1f} M points/s; sampling the data took {t_gen:.1f} s), z = {d['z']}, "
            f"chosen = {d['chosen']}, error {h.error(M[c]):.5f}"
        )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-full", action="store_true", help="skip the run at Theorem 11's full N")
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, seconds (not timing)")
    args = ap.parse_args(argv)
    if args.quick:
        bench_make_tree(n_points=200)
        bench_hasse(n_points=60)
        return
    bench_make_tree()
    bench_hasse()
    bench_learner(full=not args.skip_full)


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
