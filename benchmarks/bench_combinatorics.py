"""Benchmark the combinatorial oracles side by side with plain baselines, in one run.

Run: ``python3 benchmarks/bench_combinatorics.py [--full] [--seed 0]``

Each row times an oracle of :mod:`solvers.combinatorics` and a plain baseline on the
same input and prints the ratio baseline / oracle.  The issue's sizes are

* dichotomies of 10⁶ × 64 (baseline: ``sorted(set(map(tuple, M.tolist())))``),
* LD of thresholds over 1023 points (baseline: the un-memoised SOA recursion — it is
  exponential, so it runs on thresholds over 7 and 11 points, where the ratio is taken,
  and is not run at 1023),
* VC of a random 4000 × 24 matrix (baseline: every subset, largest first, checked by
  counting patterns; run at 4000 × 14, and at 4000 × 24 only its cost per subset is
  measured and the total extrapolated — printed as an estimate).

Without ``--full`` the VC row uses 4000 × 16 (the 24-column run takes minutes).
"""

from __future__ import annotations

import argparse
import itertools
import math
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)
from solvers import combinatorics as comb  # noqa: E402
from solvers.generators import thresholds_matrix  # noqa: E402


def timed(f, *args, **kw):
    t0 = time.perf_counter()
    out = f(*args, **kw)
    return out, time.perf_counter() - t0


# ---------------------------------------------------------------- plain baselines
def baseline_dichotomies(M):
    return sorted(set(map(tuple, M.tolist())))


def baseline_ld(M):
    """The SOA recursion of the definition, no memo, no pruning."""
    rows = [tuple(r) for r in {tuple(r) for r in M.tolist()}]

    def ld(V):
        if len(V) <= 1:
            return 0
        best = 0
        for x in range(M.shape[1]):
            V0 = [r for r in V if r[x] == 0]
            V1 = [r for r in V if r[x] == 1]
            if V0 and V1:
                best = max(best, 1 + min(ld(V0), ld(V1)))
        return best

    return ld(rows)


def _shattered_by_codes(M, T):
    codes = M[:, list(T)].astype(np.int64) @ (1 << np.arange(len(T), dtype=np.int64))
    return np.unique(codes).size == 1 << len(T)


def baseline_vc(M):
    """Largest k first, every k-subset checked by counting its patterns."""
    k_max = min(M.shape[1], int(math.floor(math.log2(len({r.tobytes() for r in M})))))
    for k in range(k_max, 0, -1):
        for T in itertools.combinations(range(M.shape[1]), k):
            if _shattered_by_codes(M, T):
                return k
    return 0


def baseline_vc_estimate(M, vc, samples=2000, rng=None):
    """Seconds the baseline would take on M: subsets it must check × measured cost each."""
    rng = np.random.default_rng(rng)
    n = M.shape[1]
    k_max = min(n, int(math.floor(math.log2(M.shape[0]))))
    n_subsets = sum(math.comb(n, k) for k in range(vc + 1, k_max + 1)) + 1
    subsets = [tuple(sorted(rng.choice(n, vc + 1, replace=False))) for _ in range(samples)]
    t0 = time.perf_counter()
    for T in subsets:
        _shattered_by_codes(M, T)
    return n_subsets * (time.perf_counter() - t0) / samples


# ---------------------------------------------------------------- rows
def row(task, ours, base, note=""):
    ratio = f"{base / ours:9.1f}x" if base and ours else "        -"
    base_s = f"{base:10.3f}" if base else "         -"
    print(f"{task:<44} {ours:10.3f} {base_s} {ratio}  {note}", flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the issue's VC size 4000 x 24 (minutes)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, seconds (not timing)")
    args = parser.parse_args(argv)
    q = args.quick
    rng = np.random.default_rng(args.seed)
    print(f"{'task':<44} {'oracle s':>10} {'baseline s':>10} {'ratio':>10}")

    # dichotomies: 10^6 rows over 64 points, half of them repeats
    half = 2_000 if q else 500_000
    M = rng.integers(0, 2, (half, 64), dtype=np.uint8)
    M = np.vstack([M, M[rng.integers(0, half, half)]])
    D, t_ours = timed(comb.dichotomies, M)
    B, t_base = timed(baseline_dichotomies, M)
    assert D.tolist() == [list(r) for r in B]
    row("dichotomies 1e6 x 64", t_ours, t_base, f"{len(D)} distinct rows")

    # Littlestone dimension of thresholds
    for n in progress((5,) if q else (7, 11), desc="sizes"):
        T = thresholds_matrix(n)
        ld, t_ours = timed(comb.littlestone_dimension, T)
        ld_b, t_base = timed(baseline_ld, T)
        assert ld == ld_b
        row(f"LD thresholds({n})", t_ours, t_base, f"LD={ld}")
    big = 63 if q else 1023
    ld, t_ours = timed(comb.littlestone_dimension, thresholds_matrix(big))
    row(f"LD thresholds({big})", t_ours, None, f"LD={ld}; baseline exponential, not run")
    td, t_ours = timed(comb.threshold_dimension, thresholds_matrix(31 if q else 255))
    row(f"TD thresholds({31 if q else 255})", t_ours, None, f"TD={td}")

    # VC of random matrices
    rows_vc = 300 if q else 4000
    M = rng.integers(0, 2, (rows_vc, 8 if q else 14), dtype=np.uint8)
    d, t_ours = timed(comb.vc_dimension, M)
    d_b, t_base = timed(baseline_vc, M)
    assert d == d_b
    row(f"VC random {rows_vc} x {M.shape[1]}", t_ours, t_base, f"VC={d}")
    n_cols = 10 if q else (24 if args.full else 16)
    M = rng.integers(0, 2, (rows_vc, n_cols), dtype=np.uint8)
    w, t_ours = timed(comb.shattered_set, M)
    est = baseline_vc_estimate(M, len(w), rng=rng)
    row(f"VC random {rows_vc} x {n_cols}", t_ours, est, f"VC={len(w)}; baseline ESTIMATED (subsets x cost)")


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
