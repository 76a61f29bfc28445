"""PrivateMedian experiment ([Yan25] Theorem 9): log*-level median (RecPrefix-R) vs exponential mechanism.

1. **Sample complexity, measured.**  For |X| = 2^4, 2^8, 2^16, 2^64, 2^256, 2^1024 and each
   median — exponential mechanism (EM, exact over intervals), log-star in practical mode
   (trim K = 0: privacy unchanged, §5's utility proof void) and log-star in theorem mode
   (every constant of docs/interior_point.md §3/§5) — the smallest n at which the median
   returns an α-median in at least (1 − β) of the seeded trials, by binary search over n
   (monotonicity in n assumed; stop when hi/lo <= 1.05).  Data per trial alternate between
   a dense window (n consecutive integers at |X|/3: the hard case for EM, whose mass leaks
   to the |X| − n empty points) and uniform over X.  Next to them: the two proven bounds
   (EM: 2 ln(|X|/β)/(αε); log-star: :func:`log_star_median_sample_size`, §5) and where the
   curves cross (bounds: by bisection on log2|X|; measured: by a linear fit of EM's n in
   log2|X| against the flat log-star curve).  Table printed; CSV + PNG in benchmarks/out/.
2. **Learner end to end.**  ``OPTPrivateLearner(..., median="log-star")`` on thresholds
   classes with TD = 2^4 … 2^12 (practical mode: t = 1000 parts, N = 50,000), error and N
   against TD, beside ``median="exponential"`` (EM), and Theorem 11's N from the calculator
   for both medians (up to TD = 2^1024).
3. **Speed.**  One median of n = 10^4 points over |X| = 2^1024: EM (intervals) and log-star
   (practical, theorem), each as a ratio to ``sorted()`` of the same data (plain baseline).

Run: ``python benchmarks/bench_median.py`` (about 15 minutes on 2 shared cores);
``--quick`` for a smoke run (fewer sizes/trials, no theorem mode).
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.claims.vc1 import _crossover_bits
from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)
from geoprivate.mechanisms import (
    interior_point_median,
    is_alpha_median,
    log_star_median_sample_size,
    median_sample_size,
    private_median,
)
from geoprivate.mechanisms.laplace import uniform_below

OUT = Path(__file__).resolve().parent / "out"
POINT = dict(alpha=1 / 3, beta=0.1, epsilon=1.0, delta=1e-6)  # alpha = 1/3 as in [Yan25] Alg. 2 step 4
BITS = (4, 8, 16, 64, 256, 1024)
METHODS = ("em", "log-star practical", "log-star theorem")


def _data(rng, n, n_dom, trial):
    if trial % 2 == 0:
        start = n_dom // 3
        return [start + i for i in range(n)] if n <= n_dom - start else [int(x) for x in rng.integers(0, n_dom, n)]
    return sorted(uniform_below(n_dom, rng) for _ in range(n))


def run_median(method, vals, n_dom, seed):
    p = POINT
    if method == "em":
        return private_median(vals, n_dom, p["epsilon"], rng=seed).value
    mode, ks = ("practical", 0.0) if method == "log-star practical" else ("theorem", 1.0)
    return interior_point_median(
        vals, n_dom, p["alpha"], p["beta"], p["epsilon"], p["delta"], mode=mode, k_scale=ks, rng=seed
    ).value


def success(method, bits, n, trials):
    n_dom = 2**bits
    rng = np.random.default_rng([bits, n, METHODS.index(method)])
    ok = 0
    for t in range(trials):
        vals = _data(rng, n, n_dom, t)
        ok += is_alpha_median(vals, run_median(method, vals, n_dom, int(rng.integers(2**32))), POINT["alpha"])
    return ok >= (1 - POINT["beta"]) * trials


def smallest_n(method, bits, trials, lo=4, hi=None):
    """Binary search for the least n passing :func:`success` (hi doubled until it passes)."""
    hi = hi or max(8, 2 * lo)
    while not success(method, bits, hi, trials):
        lo, hi = hi, hi * 2
        if hi > 2**23:
            return math.nan
    while hi > lo * 1.05 and hi - lo > 1:
        mid = (lo + hi) // 2
        if success(method, bits, mid, trials):
            hi = mid
        else:
            lo = mid
    return hi


def experiment(bits_list, trials, theorem_trials, with_theorem):
    p = POINT
    rows = []
    for bits in progress(bits_list, desc="|X| bits"):
        row = dict(
            log2_X=bits,
            em_bound=median_sample_size(2**bits, p["alpha"], p["beta"], p["epsilon"]),
            log_star_bound=log_star_median_sample_size(2**bits, p["alpha"], p["beta"], p["epsilon"], p["delta"]),
        )
        t0 = time.perf_counter()
        row["em"] = smallest_n("em", bits, trials)
        row["log-star practical"] = smallest_n("log-star practical", bits, trials)
        if with_theorem:
            # start near the bound: the theorem-mode trim empties the data far below it
            row["log-star theorem"] = smallest_n(
                "log-star theorem", bits, theorem_trials, lo=row["log_star_bound"] // 16
            )
        else:
            row["log-star theorem"] = math.nan
        row["seconds"] = round(time.perf_counter() - t0, 1)
        rows.append(row)
        print(
            f"|X| = 2^{bits:<5} EM {row['em']:>8}  log* practical {row['log-star practical']:>8}  "
            f"log* theorem {row['log-star theorem']:>8}   bounds: EM {row['em_bound']:>8}  "
            f"log* {row['log_star_bound']:>9}   ({row['seconds']} s)",
            flush=True,
        )
    return rows


def measured_crossover(rows):
    """log2|X| where a linear fit of EM's measured n (in log2|X|) reaches log* practical's largest n."""
    x = np.array([r["log2_X"] for r in rows], float)
    em = np.array([r["em"] for r in rows], float)
    ls = np.array([r["log-star practical"] for r in rows], float)
    keep = x >= 16
    slope, icpt = np.polyfit(x[keep], em[keep], 1)
    target = np.nanmax(ls)
    return (target - icpt) / slope, slope, icpt


def write_figure(rows, cross_bound, cross_meas, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [r["log2_X"] for r in rows]
    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    style = {"em": ("C0", "o"), "log-star practical": ("C1", "s"), "log-star theorem": ("C2", "^")}
    for m in METHODS:
        y = [r[m] for r in rows]
        if not all(math.isnan(v) for v in y):
            ax.plot(x, y, marker=style[m][1], color=style[m][0], label=f"{m}: measured")
    ax.plot(x, [r["em_bound"] for r in rows], "--", color="C0", label="EM bound 2ln(|X|/β)/(αε)")
    ax.plot(x, [r["log_star_bound"] for r in rows], "--", color="C2", label="log* bound (RecPrefix-R §5)")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("log2 |X|")
    ax.set_ylabel("smallest n for an α-median w.p. ≥ 1−β")
    p = POINT
    ax.set_title(f"PrivateMedian, α=1/3, β={p['beta']}, ε={p['epsilon']}, δ={p['delta']}", fontsize=10)
    ax.text(
        0.02,
        0.02,
        f"bounds cross at log2|X| ≈ {cross_bound:,}\nmeasured curves cross at log2|X| ≈ "
        f"{cross_meas:,.0f} (EM linear fit)",
        transform=ax.transAxes,
        fontsize=8,
    )
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def threshold_class(m: int):
    """Thresholds on {0, …, m − 1} as a :class:`FiniteClass` (rows 0 … m); with f = m its TD is m."""
    from geoprivate.concepts.thresholds import Thresholds

    return Thresholds(np.arange(m)).matrix()


def practical_learner(C, m, eps, dlt, a, b, t, median, learner=None, **kw):
    """A [Yan25] learner on ``threshold_class(m)`` in practical mode with t parts (f = m, count
    partition; log-star with RecPrefix-R's trim K = 0, which leaves its privacy unchanged)."""
    from geoprivate.learners.vc1 import OPTPrivateLearner

    if median == "log-star":
        kw.setdefault("median_k_scale", 0.0)
    return (learner or OPTPrivateLearner)(
        C, eps, dlt, a, b, f=m, mode="practical", n_subsets=t, median=median, partition="counts", **kw
    )


def learner_experiment(tds_bits, runs=3):
    from geoprivate.learners.vc1 import theorem11_parameters

    eps, dlt, a, b, t, n = 3.0, 0.1, 0.1, 0.1, 1000, 50_000
    rows = []
    for bits in progress(tds_bits, desc="TD bits"):
        m = 2**bits
        C = threshold_class(m)
        for median in ("log-star", "exponential"):
            learner = practical_learner(C, m, eps, dlt, a, b, t, median)
            rng = np.random.default_rng(bits)
            errs = []
            t0 = time.perf_counter()
            for _ in range(runs):
                c = int(rng.integers(0, m + 1))
                cols = rng.integers(0, m, n)
                errs.append(learner.fit(cols, C.matrix[c, cols], rng=rng).error(C.matrix[c]))
            rows.append(
                dict(
                    td=m,
                    median=median,
                    mode="practical",
                    t=t,
                    N=n,
                    runs=runs,
                    mean_error=float(np.mean(errs)),
                    max_error=float(np.max(errs)),
                    theorem11_N=theorem11_parameters(m, a, b, eps, dlt, median=median).n,
                    seconds=round(time.perf_counter() - t0, 1),
                )
            )
            r = rows[-1]
            print(
                f"TD = 2^{bits:<3} median={median:<11} practical N={n}: mean error {r['mean_error']:.4f}, "
                f"max {r['max_error']:.4f}; Theorem 11 N = {r['theorem11_N']:,}  ({r['seconds']} s)",
                flush=True,
            )
    for bits in progress((16, 64, 256, 1024), desc="|X| bits"):
        ns = {md: theorem11_parameters(2**bits, a, b, eps, dlt, median=md).n for md in ("log-star", "exponential")}
        print(
            f"TD = 2^{bits:<5} Theorem 11 N (calculator only): log-star {ns['log-star']:,}   EM {ns['exponential']:,}"
        )
    return rows


def speed(n=10_000, bits=1024, reps=5):
    rng = np.random.default_rng(0)
    n_dom = 2**bits
    vals = [uniform_below(n_dom, rng) for _ in range(n)]

    def timed(fn):
        t0 = time.perf_counter()
        for r in range(reps):
            fn(r)
        return (time.perf_counter() - t0) / reps

    base = timed(lambda r: sorted(vals))
    em = timed(lambda r: run_median("em", vals, n_dom, r))
    lp = timed(lambda r: run_median("log-star practical", vals, n_dom, r))
    lt = timed(lambda r: run_median("log-star theorem", vals, n_dom, r))
    print(
        f"speed, one median of n = {n:,} over |X| = 2^{bits}: sorted() {base * 1e3:.1f} ms (baseline); "
        f"EM {em * 1e3:.1f} ms ({em / base:.1f}x); log* practical {lp * 1e3:.1f} ms ({lp / base:.1f}x); "
        f"log* theorem {lt * 1e3:.1f} ms ({lt / base:.1f}x; fails: n << its bound)"
    )
    return dict(baseline=base, em=em, log_star_practical=lp, log_star_theorem=lt)


def _write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smoke run: 3 sizes, 6 trials, no theorem mode")
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--theorem-trials", type=int, default=5)
    ap.add_argument(
        "--out",
        type=Path,
        default=OUT,
        help="output directory (default: benchmarks/out, git-ignored except the published full-run results)",
    )
    args = ap.parse_args(argv)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    speed(n=1_000, reps=1) if args.quick else speed()
    bits = (4, 16, 64) if args.quick else BITS
    trials = 2 if args.quick else args.trials
    rows = experiment(bits, trials, args.theorem_trials, not args.quick)
    p = POINT
    cross_bound = _crossover_bits(p["alpha"], p["beta"], p["epsilon"], p["delta"])
    cross_meas, slope, _ = measured_crossover(rows)
    print(
        f"bounds cross at |X| = 2^{cross_bound:,}; measured: EM's n grows by {slope:.3f} per bit of |X|, "
        f"reaching log* practical's n at |X| ≈ 2^{cross_meas:,.0f}"
    )
    suffix = "_quick" if args.quick else ""
    _write_csv(rows, out / f"median_sample_complexity{suffix}.csv")
    write_figure(rows, cross_bound, cross_meas, out / f"median_sample_complexity{suffix}.png")
    lrows = learner_experiment((4,) if args.quick else (4, 6, 8, 10, 12), runs=1 if args.quick else 3)
    _write_csv(lrows, out / f"learner_log_star{suffix}.csv")
    print(f"wrote {out}/median_sample_complexity{suffix}.{{csv,png}}, learner_log_star{suffix}.csv")


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
