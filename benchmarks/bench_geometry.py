"""Benchmark the geometric oracles of issue 3 side by side with plain baselines.

Run: ``python3 benchmarks/bench_geometry.py [--seed 0]``   (about a minute)

1. ``halfspace_dichotomies`` — n = 200 points in R^2 (Cover: 39 802 labellings) and
   n = 40 in R^3 (19 840).  Baselines, in the same run:
   * ``lp-per-labelling`` — one exact LP (solvers.lp) per labelling in {0,1}^n, the
     plain method, timed on a small n (2^n LPs) where it is feasible, with the ratio to
     the enumeration on the same points;
   * ``lp-per-output-row`` — the cost of merely *verifying* each enumerated row by one
     exact LP (timed on a sample of rows, scaled to all rows): what even an oracle that
     knew the answer would pay with LPs.
2. ``max_cdepth`` — m = 60 margin-form constraints in R^3 (the dual of 60 labelled points
   in R^2) with 0, 1 and 2 hard-query hyperplanes {<a, x> = w}.  Reported: total time,
   the arrangement build (exact vertex/ray enumeration), the certified level search
   against the same search with float LPs only (ratio: the cost of exactness), and the
   ratio to a plain
   baseline on a small instance (m = 6): Balas' disjunctive LP over all k-subsets of
   constraints, level by level (exponential in m; it computes the *closure* of the hull,
   so its value may only be larger).
"""

from __future__ import annotations

import argparse
import itertools
import pathlib
import sys
import time
from fractions import Fraction

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)
from solvers import depth as depth_module  # noqa: E402
from solvers.affine import AffineSubspace  # noqa: E402
from solvers.depth import _Arrangement, _as_constraints, _Level, _subspace_equations, is_hull_certificate, max_cdepth  # noqa: E402
from solvers.halfspaces import (  # noqa: E402
    cover_count,
    dual_constraints,
    halfspace_dichotomies,
    is_halfspace_dichotomy,
)
from solvers.lp import feasible_point  # noqa: E402


def timed(f, *a, **k):
    t = time.perf_counter()
    out = f(*a, **k)
    return out, time.perf_counter() - t


def bench_dichotomies(rng, quick: bool = False):
    print("== halfspace_dichotomies ==")
    # plain baseline on small n, same points
    for n, d in progress(((6, 2),) if quick else ((10, 2), (9, 3)), desc="sizes"):
        X = rng.standard_normal((n, d))
        H, t_ours = timed(halfspace_dichotomies, X)

        def brute(n=n, X=X):
            return [lab for lab in itertools.product((0, 1), repeat=n) if is_halfspace_dichotomy(X, np.array(lab))]

        B, t_lp = timed(brute)
        same = sorted(map(tuple, H.tolist())) == sorted(B)
        print(
            f"n={n:3d} R^{d}: {len(H):6d} rows  ours {t_ours * 1e3:8.1f} ms   lp-per-labelling (2^{n} LPs) "
            f"{t_lp:7.2f} s   ratio lp/ours {t_lp / t_ours:8.0f}x   same={same}"
        )
    for n, d in progress(((20, 2),) if quick else ((200, 2), (40, 3)), desc="sizes"):
        X = rng.standard_normal((n, d))
        H, t_ours = timed(halfspace_dichotomies, X)
        sample = H[rng.choice(len(H), min(100, len(H)), replace=False)]
        ok, t_ver = timed(lambda X=X, sample=sample: all(is_halfspace_dichotomy(X, r) for r in sample))
        t_rows = t_ver / len(sample) * len(H)
        print(
            f"n={n:3d} R^{d}: {len(H):6d} rows (Cover {cover_count(n, d)})  ours {t_ours:6.2f} s   "
            f"lp-per-output-row (est.) {t_rows:7.1f} s   ratio {t_rows / t_ours:6.0f}x   "
            f"sample verified={ok}   lp-per-labelling: 2^{n} LPs"
        )
    # degenerate: integer grid (many collinear triples), exact fallback exercised
    g = 4 if quick else 10
    G = np.array([[i, j] for i in range(g) for j in range(g)])
    H, t = timed(halfspace_dichotomies, G)
    print(f"{g}x{g} grid (degenerate)   : {len(H):6d} rows  ours {t:6.2f} s")


def balas_max(A, w, E, f):
    """Plain baseline: max k with cl conv(D_k) ∩ {E z = f} ≠ ∅, by Balas' LP over all k-subsets."""
    A = [[Fraction(int(v)) for v in r] for r in A] if not isinstance(A[0][0], Fraction) else A
    m, d = len(A), len(A[0])
    best = 0
    for k in range(1, m + 1):
        polys = [
            T
            for T in itertools.combinations(range(m), k)
            if feasible_point([[-v for v in A[i]] for i in T], [-w[i] for i in T]).feasible
        ]
        if not polys:
            break
        nv = len(polys) * (d + 1)
        A_ub, b_ub, A_eq, b_eq = [], [], [], []
        for p, T in enumerate(polys):
            for i in T:
                row = [Fraction(0)] * nv
                row[p * (d + 1) : p * (d + 1) + d] = [-v for v in A[i]]
                row[p * (d + 1) + d] = w[i]
                A_ub.append(row)
                b_ub.append(0)
            row = [Fraction(0)] * nv
            row[p * (d + 1) + d] = -1
            A_ub.append(row)
            b_ub.append(0)
        for erow, fi in zip(E, f, strict=True):
            A_eq.append([erow[c % (d + 1)] if c % (d + 1) < d else 0 for c in range(nv)])
            b_eq.append(fi)
        A_eq.append([int(c % (d + 1) == d) for c in range(nv)])
        b_eq.append(1)
        if not feasible_point(A_ub, b_ub, A_eq, b_eq).feasible:
            break
        best = k
    return best


def sample_system(rng, m):
    X = rng.standard_normal((m, 2))
    y = (X @ np.array([1.0, -0.6]) >= 0.2).astype(np.uint8)
    y[rng.random(m) < 0.1] ^= 1  # label noise: max depth < m
    A, b = dual_constraints(X, y, form="margin")
    return X, A, b


def restrictions(X, A, k):
    S = AffineSubspace.full(A.shape[1])
    for i in range(k):  # hard queries: hyperplanes {(a, w) : <a, x_i> = w}
        S = S.intersect(list(X[i]) + [-1.0], 0).subspace
    return S


def float_search(arr, S):
    """The float part alone: binary search over levels with float LPs (no exact step)."""
    E, f = _subspace_equations(S, arr.d)
    lev = _Level(arr, E, f)
    a, b = 0, arr.max_depth()
    while a < b:
        k = (a + b + 1) // 2
        if lev.float_solve(k)[0]:
            a = k
        else:
            b = k - 1
    return a


def bench_max_cdepth(rng, quick: bool = False):
    print("== max_cdepth ==")
    X, A, b = sample_system(rng, 6)
    max_cdepth((A, b), restrictions(X, A, 1))  # warm-up (imports)
    for k in progress((0,) if quick else (0, 1, 2), desc="dims"):
        S = restrictions(X, A, k)
        depth_module._CACHE.clear()
        r, t_ours = timed(max_cdepth, (A, b), S)
        E, f = S.equations()
        v, t_base = timed(balas_max, A, b, E, f)
        print(
            f"m=  6 R^3, {k} cut(s): value {r.value:2d}  ours {t_ours * 1e3:7.1f} ms   Balas over k-subsets "
            f"{t_base:6.2f} s (value {v})   ratio {t_base / t_ours:6.1f}x"
        )
    X, A, b = sample_system(rng, 12 if quick else 60)
    Aq, wq, m, d = _as_constraints((A, b))
    arr, t_arr = timed(_Arrangement, Aq, wq, d)
    for k in (0, 1, 2):
        S = restrictions(X, A, k)
        depth_module._CACHE.clear()  # time the arrangement build every time
        r, t = timed(max_cdepth, (A, b), S)
        vf, t_f = timed(float_search, arr, S)
        ok = is_hull_certificate((A, b), r.certificate, S) and S.contains(r.point) and vf == r.value
        upper = type(r.upper).__name__ if not isinstance(r.upper, str) else r.upper
        print(
            f"m= 60 R^3, {k} cut(s): value {r.value:2d}  total {t:5.2f} s  (arrangement {t_arr:4.2f} s: "
            f"{arr.n_v} vertices, {arr.n_e} rays)  search exact {t - t_arr:5.2f} s vs float-only {t_f:5.2f} s "
            f"ratio {(t - t_arr) / max(t_f, 1e-9):4.1f}x  certificate ok={ok}  upper={upper}"
        )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, seconds (not timing)")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    bench_dichotomies(rng, args.quick)
    bench_max_cdepth(rng, args.quick)


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
