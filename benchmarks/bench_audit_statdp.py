"""StatDP's 11 mechanisms under :func:`geoprivate.audit.audit_sampler` (issues #31, #39, #43).

For each mechanism of StatDP's benchmark [DWWZK18] (:mod:`geoprivate.audit.suites.statdp`),
each claimed ε in 0.2, 0.7, 1.5, its own neighbouring inputs (16 pairs, or 4 for the
histograms), 10^6 test runs per input and a false-alarm rate of 10^-6 (all tested pairs
together): whether the claim is flagged, the Clopper–Pearson lower bound on ε, its margin
over the claim (ε_lower − ε: positive when flagged), the selected pair and event (``kind``:
per feature, joint or the caller's), the expected verdict (the mechanism violates its claim
at that ε) and the CPU time (``time.process_time``), with the suite's total CPU at the end.
No event or featurisation is given by the caller.

``--per-feature`` also audits each case with the per-feature events only (``joint=False``,
the search before joint events) and prints its bound beside: the joint events' gain.

``--held-out`` audits two broken mechanisms outside StatDP's suite whose violation only a
joint event sees (issue #39): prefix sums of 5 records with fresh Lap(1/ε) noise per prefix
(each prefix alone is exactly ε-DP, jointly 5ε), and a gap sparse vector (ρ ~ Lap(2/ε),
ν ~ Lap(4/ε), c = 1) that releases q + ν instead of the gap q + ν − (T + ρ); with the
per-feature bound beside.

Run: ``python benchmarks/bench_audit_statdp.py`` (about a minute of CPU);
``--quick`` audits three mechanisms at ε = 0.7 with 2·10^4 runs (a smoke test);
``--json FILE`` also writes the rows.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.audit import audit_sampler  # noqa: E402
from geoprivate.audit.suites.statdp import STATDP_CASES, sparse_vector_transcript, statdp_case  # noqa: E402

EPSILONS = (0.2, 0.7, 1.5)
K = 5  # records of the prefix-sum release


def prefix_sums(x, epsilon, rng, n):
    """BROKEN: the k prefix sums of x, each with fresh Lap(1/ε) noise (jointly k·ε-DP, claimed ε)."""
    return np.cumsum(x) + rng.laplace(scale=1.0 / epsilon, size=(n, len(x)))


def gap_svt_releasing_value(queries, epsilon, rng, n, T=1.0):
    """BROKEN: gap sparse vector (ρ ~ Lap(2/ε), ν ~ Lap(4/ε), c = 1) releasing q + ν on ⊤, not the gap."""
    q = np.asarray(queries, dtype=np.float64)
    rho = rng.laplace(scale=2.0 / epsilon, size=(n, 1))
    noisy = q + rng.laplace(scale=4.0 / epsilon, size=(n, q.size))
    return sparse_vector_transcript(noisy >= T + rho, 1, released=noisy)


#: (name, sampler(data, epsilon, rng, n), neighbouring pairs): each violates its ε claim at every ε
HELD_OUT = (
    ("prefix sums, Lap(1/eps) per prefix", prefix_sums, [((0,) * K, (1,) + (0,) * (K - 1))]),
    ("gap SVT releasing q + nu", gap_svt_releasing_value, statdp_case("iSVT4").neighbours),
)


def held_out_row(name, sampler, pairs, epsilon: float, n_samples: int, seed: int) -> dict:
    """One audit of a held-out broken mechanism, joint and per-feature events side by side."""

    def mech(data, rng, n):
        return sampler(data, epsilon, rng, n)

    t = time.process_time()
    r = audit_sampler(mech, pairs, epsilon, n_samples=n_samples, rng=seed)
    cpu = time.process_time() - t
    old = audit_sampler(mech, pairs, epsilon, n_samples=n_samples, rng=seed, joint=False)
    return {
        "mechanism": name,
        "epsilon": epsilon,
        "flagged": r.flagged,
        "epsilon_lower": round(r.epsilon_lower, 4),
        "per_feature_epsilon_lower": round(old.epsilon_lower, 4),
        "per_feature_flagged": old.flagged,
        "event": r.event_description,
        "kind": r.event.kind if r.event is not None else "",
        "cpu_seconds": round(cpu, 2),
    }


def audit_row(case, epsilon: float, n_samples: int, seed: int, per_feature: bool = False) -> dict:
    """One audit of one mechanism at one claimed ε, as a table row (CPU seconds of the audit)."""
    t = time.process_time()
    r = audit_sampler(case.mechanism(epsilon), case.neighbours, epsilon, n_samples=n_samples, rng=seed)
    cpu = time.process_time() - t
    row = {
        "mechanism": case.name,
        "epsilon": epsilon,
        "violates": case.violates(epsilon),
        "flagged": r.flagged,
        "epsilon_lower": round(r.epsilon_lower, 4),
        "margin": round(r.epsilon_lower - epsilon, 4),
        "pair": [list(r.pair[0]), list(r.pair[1])],
        "event": r.event_description,
        "kind": r.event.kind if r.event is not None else "",
        "counts": list(r.counts),
        "cpu_seconds": round(cpu, 2),
    }
    if per_feature:
        old = audit_sampler(
            case.mechanism(epsilon), case.neighbours, epsilon, n_samples=n_samples, rng=seed, joint=False
        )
        row["per_feature_epsilon_lower"] = round(old.epsilon_lower, 4)
        row["per_feature_flagged"] = old.flagged
    return row


def main(argv=None) -> int:
    """Run the sweep and print the table (one line per mechanism and ε)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="three mechanisms, eps = 0.7, 2e4 runs")
    ap.add_argument("--n-samples", type=int, default=10**6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--per-feature", action="store_true", help="also audit with per-feature events only")
    ap.add_argument("--held-out", action="store_true", help="the two broken mechanisms only joint events see")
    ap.add_argument("--json", type=Path, default=None, help="also write the rows to this file")
    args = ap.parse_args(argv)
    if args.held_out or args.quick:
        n = 20_000 if args.quick else args.n_samples
        print(f"{'mechanism':36s} {'eps':>4s} {'flagged':>7s} {'eps_lower':>9s} {'per-feat':>8s} {'cpu':>6s}  event")
        for name, sampler, pairs in HELD_OUT:
            for eps in (0.7,) if args.quick else EPSILONS:
                r = held_out_row(name, sampler, pairs, eps, n, args.seed)
                print(
                    f"{name:36s} {eps:4.1f} {r['flagged']!s:>7s} {r['epsilon_lower']:9.3f} "
                    f"{r['per_feature_epsilon_lower']:8.3f} {r['cpu_seconds']:5.1f}s  [{r['kind']}] {r['event']}",
                    flush=True,
                )
        if args.held_out:
            return 0
    if args.quick:
        cases, epsilons, n = [statdp_case(k) for k in ("noisy_max_v1a", "histogram_eps", "iSVT1")], (0.7,), 20_000
    else:
        cases, epsilons, n = STATDP_CASES, EPSILONS, args.n_samples
    extra = f" {'per-feat':>8s}" if args.per_feature else ""
    print(
        f"{'mechanism':14s} {'eps':>4s} {'violates':>8s} {'flagged':>7s} {'eps_lower':>9s} {'margin':>7s}{extra} {'cpu':>6s}  event"
    )
    rows, wrong = [], 0
    for case in cases:
        for eps in epsilons:
            row = audit_row(case, eps, n, args.seed, args.per_feature)
            rows.append(row)
            wrong += row["flagged"] != row["violates"]
            old = f" {row['per_feature_epsilon_lower']:8.3f}" if args.per_feature else ""
            print(
                f"{row['mechanism']:14s} {eps:4.1f} {row['violates']!s:>8s} {row['flagged']!s:>7s} "
                f"{row['epsilon_lower']:9.3f} {row['margin']:+7.3f}{old} {row['cpu_seconds']:5.1f}s  "
                f"[{row['kind']}] {row['event']} on {row['pair']}",
                flush=True,
            )
    total = sum(r["cpu_seconds"] for r in rows)
    print(
        f"{len(rows) - wrong}/{len(rows)} verdicts as expected (n = {n} runs per input, false alarm 1e-6); "
        f"{total:.1f} s CPU in total"
    )
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0 if wrong == 0 or args.quick else 1


if __name__ == "__main__":
    raise SystemExit(main())
