"""The price of everlasting: GenericBBL and RepairedBBL past the first phase, private as run (#33).

For each algorithm ([NNSY23] GenericBBL, training privacy; the toolkit's RepairedBBL, training and
query privacy), concept (thresholds, halfplanes) and number of phases (2, 3), the practical planner
(:func:`geoprivate.planning.plan_everlasting_practical`) gives the smallest sizes meeting every
*privacy* condition exactly at (ε ≤ 4, δ = 10⁻⁶) for λ_i ∈ {8, 16, 32} (the
measured share of uniform queries in phase 1's band is about 0.19/λ; c_i = ⌈0.2 R_i/λ_i⌉ + 8); the run then *measures* max
err_D of every phase's hypotheses and LabelBoost's labelling error against |Ŝ_i|.  The first λ whose
run reaches max err_D ≤ 0.1 in every phase without a halt is the row.  A configuration whose predicted
cost (the planner's) exceeds the budget (10 minutes, 8 GiB on the 2-core reference machine) is not run:
its row gives the planner's cost and the conditions that bind.

Run: ``python benchmarks/price_of_everlasting.py [--quick] [--json OUT] [--save]``.  ``--save`` writes
``benchmarks/results/price_of_everlasting.json`` (with ``--only``: those rows, the others kept), from which ``docs/gen_numbers.py`` generates the
README's and the report's table (:func:`geoprivate.report.tables.price_of_everlasting_table`).  ``--quick``: a smoke run on toy sizes (seconds).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from geoprivate.planning import plan_everlasting_practical, run_everlasting_plan  # noqa: E402
from geoprivate.report.tables import labelboost_table  # noqa: E402
from geoprivate.report.tables import price_of_everlasting_table as table  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "price_of_everlasting.json"
#: ``--accountant tight``: GenericBBL's rows planned and run under the tight accountant (#42)
RESULTS_TIGHT = ROOT / "benchmarks" / "results" / "price_of_everlasting_tight.json"
EPSILON, DELTA, TARGET = 4.0, 1e-6, 0.1
BUDGET_SECONDS, BUDGET_BYTES = 600.0, 8 * 2**30
LAMS = (8, 16, 32)
CONCEPT_NAMES = {"thresholds": "thresholds", "halfspaces": "halfplanes"}
RATE = 0.2  # c_i = ceil(RATE * R_i / lambda_i) + 8


def _plan(alg, concept, k, lam, quick, accountant="paper"):
    vc = 3 if concept == "halfspaces" else 1
    kw = dict(phases=k, lam=lam, top_rate=min(1.0, RATE / lam), queries=1000, s_hat=2000, vc=vc)
    if quick:
        kw.update(alpha=0.8, queries=20, s_hat=20, top_rate=0.02)
    return plan_everlasting_practical(EPSILON, DELTA, repaired=alg == "repaired", accountant=accountant, **kw)


def _fits(pl, quick) -> bool:
    return quick or (pl.cost["seconds"] <= BUDGET_SECONDS and pl.cost["memory_bytes"] <= BUDGET_BYTES)


def _cost_driver(pl) -> str:
    """What makes a plan too expensive to run: the sizes its privacy conditions force."""

    def g(n):
        return f"{int(n):,}".replace(",", " ")

    rows = pl.parameters["phases"]
    if pl.parameters["vc"] > 1 and len(rows) > 1:
        return (
            f"LabelBoost on halfplanes over |Ŝ_1| + |D̂_1| = {g(rows[0]['s_hat'] + rows[0]['d_hat'])} points "
            f"(m² dichotomies); |D̂_1| ≥ |S_2| = λ_2 T_2 (Claim D.6) and T_2 = {g(rows[1]['T'])} is fixed by "
            "phase 2's privacy condition"
        )
    big = max(rows, key=lambda r: r["S"])
    return (
        f"|S_{big['i']}| = {g(big['S'])} examples and {g(sum(r['R'] for r in rows))} queries: "
        "R_i = |S_(i+1)| (Claim D.6), c_i grows with R_i and T_i with c_i"
    )


def _measure(pl, concept, seed) -> dict:
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = run_everlasting_plan(pl, concept, seed)
    secs = time.perf_counter() - t0
    g = res.privacy.summary()  # the run's one privacy record (training side; RepairedBBL: the query side too)
    return {
        "seconds": secs,
        "failed": bool(res.failed),
        "phases_run": len(res.phases),
        "training": g["training"],
        "query": g["query"],
        "err_D_max": [r.err_D_max for r in res.phases],
        "tops": [[r.tops, r.c] for r in res.phases],
        "labelboost": [
            {"s_hat": r.s_hat, "d_hat": r.d_hat, "error_s": r.labelboost_error, "next_S_error": r.next_S_target_error}
            for r in res.phases
            if r.d_hat
        ],
    }


def labelboost_sweep(d_hat: int = 100_000, sizes=(5, 10, 20, 50, 100, 200, 500, 2000), seeds: int = 5) -> list:
    """LabelBoost's labelling error on D̂ (thresholds, uniform D) against |Ŝ|, beside Lemma C.2's |Ŝ|."""
    import numpy as np

    from geoprivate.everlasting.generic_bbl import make_everlasting_problem
    from geoprivate.everlasting.label_boost import label_boost, lemma_c2_max_T

    out = []
    for s in sizes:
        errs = []
        for seed in range(seeds):
            r = np.random.default_rng([seed, s])
            prob = make_everlasting_problem("thresholds", r)
            S, D = prob.sample(r, s), prob.sample(r, d_hat)
            lb = label_boost(prob.concept, S, prob.target(S), D, r)
            errs.append(float((lb.t_labels != prob.target(D)).mean()))
        need = next(n for n in range(1, 10**6) if lemma_c2_max_T(0.05, 0.025, n, 1) >= d_hat)
        out.append(
            {
                "s_hat": s,
                "d_hat": d_hat,
                "error_mean": float(np.mean(errs)),
                "error_max": max(errs),
                "seeds": seeds,
                "lemma_c2_s_hat": need,
            }
        )
    return out


def _clean(x):
    """Strict JSON: non-finite floats become null (RFC 8259 has no NaN or Infinity)."""
    if isinstance(x, dict):
        return {k: _clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clean(v) for v in x]
    return None if isinstance(x, float) and not math.isfinite(x) else x


def configuration(alg, concept, k, quick=False, seed=0, plan_only=False, accountant="paper") -> dict:
    """The row of one (algorithm, concept, phases): the first λ whose run reaches the target, or the plan."""
    tried = []
    for lam in LAMS[:1] if quick else LAMS:
        pl = _plan(alg, concept, k, lam, quick, accountant)
        entry = {
            "lam": lam,
            "n": pl.parameters["n"],
            "phases": [
                {key: r[key] for key in ("T", "R", "c", "s_hat", "d_hat", "epsilon_bt")}
                for r in pl.parameters["phases"]
            ],
            "planned_guarantee": pl.guarantee,
            "binding": pl.binding,
            "cost": pl.cost,
            "cost_driver": _cost_driver(pl),
        }
        if plan_only or not _fits(pl, quick):
            entry["run"] = None
            if plan_only and _fits(pl, quick):
                entry["cost_driver"] = "fits the budget by the planner, not run in this session (--plan-only)"
            tried.append(entry)
            break  # a larger lambda only costs more
        entry["run"] = _measure(pl, concept, seed)
        tried.append(entry)
        run = entry["run"]
        if not run["failed"] and run["phases_run"] == k and max(run["err_D_max"]) <= TARGET:
            break
    return {"algorithm": alg, "concept": concept, "phases": k, "accountant": accountant, "tried": tried}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="toy sizes (a smoke run)")
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--save", action="store_true", help=f"write {RESULTS.relative_to(ROOT)}")
    ap.add_argument("--only", nargs="+", default=None, help="ALG:CONCEPT:PHASES entries to run")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plan-only", action="store_true", help="record the plans without running them")
    ap.add_argument(
        "--accountant",
        choices=("paper", "tight"),
        default="paper",
        help=f"tight: GenericBBL's rows under the tight accountant (--save writes {RESULTS_TIGHT.name})",
    )
    args = ap.parse_args(argv)
    if args.accountant == "tight":
        return tight_main(args)
    combos = [(a, c, k) for a in ("generic", "repaired") for c in ("thresholds", "halfspaces") for k in (2, 3)]
    if args.quick:
        combos = [("generic", "thresholds", 2), ("repaired", "thresholds", 2)]
    if args.only:
        combos = [(a, c, int(k)) for a, c, k in (s.split(":") for s in args.only)]
    rows = []
    for a, c, k in combos:
        rows.append(configuration(a, c, k, args.quick, args.seed, args.plan_only))
        print(f"{a} {c} {k}: done", file=sys.stderr, flush=True)
    results = {"epsilon": EPSILON, "delta": DELTA, "target": TARGET, "quick": args.quick, "rows": rows}
    results["labelboost_sweep"] = labelboost_sweep(2000, (5, 50), 2) if args.quick else labelboost_sweep()
    text = json.dumps(_clean(results), allow_nan=False, indent=1)
    if args.json:
        Path(args.json).write_text(text)
    if args.save:
        if args.only and RESULTS.is_file():  # re-measure some rows, keep the others
            keep = json.loads(RESULTS.read_text())
            key = {(r["algorithm"], r["concept"], r["phases"]): r for r in keep["rows"]}
            key.update({(r["algorithm"], r["concept"], r["phases"]): r for r in rows})
            order = [(a, c, k) for a in ("generic", "repaired") for c in ("thresholds", "halfspaces") for k in (2, 3)]
            results["rows"] = [key[x] for x in order if x in key]
            results["labelboost_sweep"] = keep.get("labelboost_sweep", results["labelboost_sweep"])
            text = json.dumps(_clean(results), allow_nan=False, indent=1)
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(text + "\n")
    print(table(results))
    print()
    print(labelboost_table(results))
    return 0


def tight_main(args) -> int:
    """GenericBBL's rows under the tight accountant (RepairedBBL books the paper accountant only): the plans
    and, where they fit the budget, the runs; ``--save`` merges them into :data:`RESULTS_TIGHT` by row."""
    combos = [("generic", c, k) for c in ("thresholds", "halfspaces") for k in (2, 3)]
    if args.quick:
        combos = [("generic", "thresholds", 2)]
    if args.only:
        combos = [(a, c, int(k)) for a, c, k in (s.split(":") for s in args.only)]
    rows = []
    for a, c, k in combos:
        rows.append(configuration(a, c, k, args.quick, args.seed, args.plan_only, "tight"))
        print(f"{a} {c} {k} (tight): done", file=sys.stderr, flush=True)
    results = {"epsilon": EPSILON, "delta": DELTA, "target": TARGET, "quick": args.quick, "rows": rows}
    if args.save and RESULTS_TIGHT.is_file():  # re-measured rows replace theirs, the others are kept
        keep = {(r["algorithm"], r["concept"], r["phases"]): r for r in json.loads(RESULTS_TIGHT.read_text())["rows"]}
        keep.update({(r["algorithm"], r["concept"], r["phases"]): r for r in rows})
        results["rows"] = [keep[x] for x in sorted(keep, key=lambda x: (x[1] != "thresholds", x[2]))]
    text = json.dumps(_clean(results), allow_nan=False, indent=1)
    if args.json:
        Path(args.json).write_text(text)
    if args.save:
        RESULTS_TIGHT.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
