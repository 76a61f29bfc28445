"""DP-Winnow at scale ([BF26] Alg. 4.2, #33): the smallest T at which it learns privately.

For T on a ladder (10⁴, 10⁵, 10⁶, 10⁷), each run in its own process (its peak RSS is the run's):

* the sequence is streamed (:func:`geoprivate.learners.winnow.majority_stream`: majority of 5
  random coordinates of d = 10³, margin ρ = 0.2; or breast cancer from ``real_data.py``,
  z = (b, −b, 1, −1), cycled to T rounds in a fixed random order, ρ = 0.1 assumed), never held;
* DP-Winnow with the planner's parameters at (ε = 1, δ = 10⁻⁶)
  (:func:`geoprivate.planning.plan_dp_winnow`: K = ⌈Lemma 4.7's update bound⌉, m, ε̂ and η from
  Theorem 4.4's composition as run, L = 8 ln(2T/β)/ε̂ of Lemma 4.3), beside non-private Winnow
  (η = ρ) and ConfidentWinnow (c = 1/2, b = 1 always, η = (1 − c)ρ: the η minimising Lemma 4.2's
  bound) on the same stream;
* target: mistake rate ≤ 0.1 over the last 10 % of the rounds (DP-Winnow: its released w̃).

The ladder stops at the first T whose DP-Winnow run reaches the target.  When none does, the
planner's predicted T is reported: the least T at which Theorem 4.5's mistake bound
16 ln(2T²/β) K/ε̂ is ≤ 0.01 T (which bounds the last-10 % rate by 0.1), with the conditions
that bind.

Run: ``python benchmarks/dp_winnow_scale.py [--T-max 10000000] [--json OUT]``; one
configuration: ``--one T SOURCE`` (prints its JSON row).
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from geoprivate.learners.winnow import (  # noqa: E402
    DPWinnowParameters,
    confident_winnow,
    dp_winnow,
    majority_stream,
    winnow,
)
from geoprivate.planning import plan_dp_winnow  # noqa: E402

EPSILON, DELTA, TARGET = 1.0, 1e-6, 0.1
LADDER = (10**4, 10**5, 10**6, 10**7)
SOURCES = ("majority", "breast_cancer")
RESULTS = Path(__file__).resolve().parent / "results" / "price_of_privacy_dp_winnow.json"


def source(name: str, T: int, chunk: int = 8192):
    """(rounds generator function, d, rho) of a streamed sequence of T rounds."""
    if name == "majority":
        rounds, _, rho = majority_stream(T, 1000, 5, 0, chunk=chunk)
        return rounds, 1000, rho
    import real_data as rd

    B, y = rd.load("breast_cancer")
    Z = rd.winnow_points(B)
    ys = np.where(np.asarray(y) == 1, 1, -1).astype(np.int8)
    order = np.random.default_rng(0).permutation(len(ys))
    Z, ys = Z[order], ys[order]

    def rounds():
        for s in range(0, T, chunk):
            idx = np.arange(s, min(T, s + chunk)) % len(ys)  # cycled
            yield Z[idx], ys[idx]

    return rounds, Z.shape[1], 0.1


def last_tenth(mistakes_mask: np.ndarray) -> float:
    """Mistake rate over the last 10 % of the rounds."""
    T = mistakes_mask.size
    return float(mistakes_mask[T - max(1, T // 10) :].mean())


def _mask(T: int, rounds_with_mistake: np.ndarray) -> np.ndarray:
    m = np.zeros(T, dtype=bool)
    m[rounds_with_mistake] = True
    return m


def one(T: int, name: str) -> dict:
    """DP-Winnow, Winnow and ConfidentWinnow on one streamed sequence of T rounds."""
    rounds, d, rho = source(name, T)
    pl = plan_dp_winnow(EPSILON, DELTA, T=T, d=d, rho=rho)
    P = pl.parameters
    par = DPWinnowParameters(
        T, d, rho, P["eps_hat"], P["eta"], P["L"], P["m"], P["K"], P["beta"], P["c"], "practical", EPSILON, DELTA
    )
    out = {"T": T, "source": name, "d": d, "rho": rho, "plan": {k: P[k] for k in ("eps_hat", "eta", "m", "K", "L")}}
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = dp_winnow(rounds, None, par, rng=1)
    out["dp_winnow"] = {
        "epsilon": run.guarantee.epsilon,
        "delta": run.guarantee.delta,
        "privacy_applies": run.privacy_applies,
        "utility_proved": run.utility_proved,
        "updates": run.n_updates,
        "mistake_rate_last_10pct": last_tenth(run.mistakes),
        "seconds": time.perf_counter() - t0,
    }
    t0 = time.perf_counter()
    w = winnow(rounds, eta=rho)
    out["winnow"] = {
        "eta": rho,
        "updates": w.n_updates,
        "mistake_rate_last_10pct": last_tenth(_mask(T, w.mistakes)),
        "seconds": time.perf_counter() - t0,
    }
    t0 = time.perf_counter()
    cw = confident_winnow(rounds, eta=0.5 * rho, rho=rho, c=0.5)
    out["confident_winnow"] = {
        "eta": 0.5 * rho,
        "c": 0.5,
        "updates": cw.n_updates,
        "mistake_rate_last_10pct": last_tenth(_mask(T, cw.mistakes)),
        "seconds": time.perf_counter() - t0,
    }
    out["peak_rss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def predicted_T(d: int, rho: float, share: float = 0.01) -> dict:
    """The least T (to 2 significant digits, bisection on log T) at which the planner's Theorem 4.5
    mistake bound is ≤ ``share`` · T, with the plan there."""

    def fits(T):
        pl = plan_dp_winnow(EPSILON, DELTA, T=int(T), d=d, rho=rho)
        return pl.parameters["mistake_bound"] <= share * T, pl

    lo, hi = 1e4, 1e4
    while not fits(hi)[0]:
        lo, hi = hi, hi * 100
        if hi > 1e30:
            return {"T": math.inf, "binding": "no T <= 1e30"}
    while hi / lo > 1.01:
        mid = math.sqrt(lo * hi)
        lo, hi = (lo, mid) if fits(mid)[0] else (mid, hi)
    pl = fits(hi)[1]
    P = pl.parameters
    return {
        "T": float(f"{hi:.2g}"),
        "mistake_bound": P["mistake_bound"],
        "K": P["K"],
        "L": P["L"],
        "eps_hat": P["eps_hat"],
        "eta": P["eta"],
        "m": P["m"],
        "binding": pl.binding,
    }


def ladder(T_max: int, log: Path | None = None, sources: tuple = SOURCES) -> list:
    """Per source, the runs of the ladder up to the first T that reaches the target (each run also
    appended to ``log`` as one JSON line, so an interrupted ladder keeps its runs: ``--rows-from``)."""
    rows = []
    for name in sources:
        for T in (T for T in LADDER if T_max >= T):
            res = subprocess.run(
                [sys.executable, __file__, "--one", str(T), name], capture_output=True, text=True, check=True
            )
            row = json.loads(res.stdout)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
            if log is not None:
                with open(log, "a") as fh:
                    fh.write(json.dumps(row) + "\n")
            dw = row["dp_winnow"]
            if dw["privacy_applies"] and dw["mistake_rate_last_10pct"] <= TARGET:
                break
    return rows


def table_rows(runs: list) -> list:
    """Rows of the price-of-privacy table (benchmarks/price_of_privacy.py's format): per source,
    the smallest T reached, or the largest T run with the planner's predicted T."""
    out = []
    for name in SOURCES:
        mine = [r for r in runs if r["source"] == name]
        if not mine:
            continue
        last = mine[-1]
        dw, w, cw = last["dp_winnow"], last["winnow"], last["confident_winnow"]
        reached = dw["privacy_applies"] and dw["mistake_rate_last_10pct"] <= TARGET
        note = (
            f"T ladder {[r['T'] for r in mine]}; peak RSS {max(r['peak_rss_mib'] for r in mine):.0f} MiB; "
            f"non-private at the same T: Winnow {w['mistake_rate_last_10pct']:.3f}, "
            f"ConfidentWinnow {cw['mistake_rate_last_10pct']:.3f}"
        )
        if not reached:
            pred = predicted_T(last["d"], last["rho"])
            note += (
                f"; planner's predicted T = {pred['T']:.2g} (Theorem 4.5 mistake bound <= 0.01 T: K = {pred['K']:,}, "
                f"L = {pred['L']:.3g}, eps_hat = {pred['eps_hat']:.3g})"
            )
        label = (
            "majority of 5, d = 1000, rho = 0.2" if name == "majority" else "breast cancer cycled, rho = 0.1 assumed"
        )
        out.append(
            {
                "algorithm": f"DP-Winnow at scale, {label}",
                "epsilon": dw["epsilon"],
                "delta": dw["delta"],
                "binding": "[BF26] Theorem 4.4 composition (K AboveThreshold + mK samples at 4 eta); Lemma 4.7 (K = update bound)",
                "n": last["T"],
                "accuracy": f"mistake rate (last 10%) = {dw['mistake_rate_last_10pct']:.3f} ({dw['updates']} updates)",
                "seconds": dw["seconds"],
                "reached": reached,
                "note": note,
            }
        )
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--one", nargs=2, metavar=("T", "SOURCE"), help="run one configuration, print its JSON")
    ap.add_argument("--T-max", type=int, default=10**7)
    ap.add_argument("--json", default=None, help=f"where the runs and rows are written (default {RESULTS.name})")
    ap.add_argument("--quick", action="store_true", help="smoke mode: T = 10^4 on the majority stream, nothing written")
    ap.add_argument("--rows-from", help="no runs: the rows of the runs logged (JSON lines) by an earlier ladder")
    args = ap.parse_args(argv)
    if args.one:
        print(json.dumps(one(int(args.one[0]), args.one[1])))
        return 0
    out = Path(args.json) if args.json else (None if args.quick else RESULTS)
    if args.rows_from:
        runs = [json.loads(line) for line in Path(args.rows_from).read_text().splitlines() if line.strip()]
    elif args.quick:
        runs = ladder(LADDER[0], None, sources=("majority",))
    else:
        runs = ladder(args.T_max, out.with_suffix(".runs.jsonl"))
    rows = table_rows(runs)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({"runs": runs, "rows": rows}, indent=2, default=str))
    from price_of_privacy import table

    print(table(rows))
    for r in rows:
        print(f"- {r['algorithm']}: {r['note']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
