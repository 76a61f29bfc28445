"""The price of privacy: per algorithm, the smallest ε (δ = 10⁻⁶) at which its private-as-run
configuration reaches a stated accuracy, and what that costs (#21).

Each row runs the algorithm at increasing ε on a grid, with the configuration the planner
(:mod:`geoprivate.planning`) or the algorithm's own calculator gives for that ε, and stops at the
first ε whose run (a) reports ``privacy_applies`` with a finite guarantee ≤ ε and (b) meets the
accuracy target.  Rows:

* GenericBBL [NNSY23], one phase, thresholds on U[0, 1), R = 10³ and 10⁴ queries: target max err_D of
  the phase's hypotheses ≤ 0.1 and no halt; λ₁ = 16, c₁ = 0.02 R₁ + 8 (measured TOP rate ≈ 1 %).
* GenericBBL, two and three phases: the planner's sizes at ε = 1 (cannot run here: a calculator row).
* DP-Winnow [BF26], synthetic majority-of-3 target (margin 1/3) in d = 10³ (T = 2·10⁴) and
  breast-cancer (bundled with scikit-learn; 630 threshold features + negations + bias): planner
  parameters (ε̂, η, m, K, L); target: mistake rate ≤ 0.1 of the released predictions on the second
  half of the stream (the training stream, one pass, for breast cancer).
* DP-GreedyCover [BF26]: a random decision list of length 4 over 20 Boolean features, n = 2000;
  theorem mode (Lemma A.1); target test error ≤ 0.1.
* GenericPredictor [Yan26]: `geoprivate predict` practical mode (k of Algorithm 2 and Lemma 1),
  thresholds, T = 1000 queries; target max err_D ≤ 0.1.

* OPTPrivateLearner and ProperLearner [Yan25], each with ``median="exponential"`` and ``"log-star"``,
  thresholds classes with TD = 2⁴, 2⁶, …, 2¹² and 2¹⁶ (one row per TD: the learning curve), uniform examples;
  practical mode with t = the parts [Yan25] Theorem 11 / 13 gives the exponential median at that ε
  (Lemma 9's choosing-mechanism condition; the same t for both medians), n searched by doubling the
  part size; target: error ≤ 0.1 in at least 90 % of the trials.  Privacy needs no n; the proven n
  (:func:`geoprivate.planning.plan_vc1`, the learners' own calculators) is printed beside the measured
  one.  n is capped (``VC1_MAX_EXAMPLES``, ``--vc1-max-examples``); every size tried runs all its trials,
  and a bracket's unreached ε names the sizes run and the cap.  TD = 2¹⁶ runs on the class's tree
  (:func:`solvers.vc1.thresholds_tree`): no TD² matrix.

Run: ``python benchmarks/price_of_privacy.py [--quick] [--json OUT] [--save]``; ``--quick`` runs a
coarse grid and R = 10³ only (< 1 min) and writes nothing unless ``--json``.  Prints one Markdown table:
algorithm | (ε, δ) as run | binding conditions | n | measured accuracy | time.  ``--save`` writes the
section's rows to ``benchmarks/results/`` (``price_of_privacy.json``, ``price_of_privacy_vc1.json`` with
``--only-vc1``, ``price_of_privacy_speed.json`` with ``--speed``); the README's table and numbers are
generated from those files by ``docs/gen_numbers.py``.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import sys
import time
import warnings
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)

sys.path.insert(0, str(Path(__file__).resolve().parent))

from geoprivate.planning import (  # noqa: E402
    plan_dp_winnow,
    plan_generic_bbl,
    plan_vc1,
    run_everlasting_plan,
    vc1_privacy_conditions,
)

DELTA = 1e-6
TARGET = 0.1
MAX_EXAMPLES = 60_000_000  # about 2 GiB in a one-phase run (28 bytes per example held)


def _row(alg, eps, delta, binding, n, acc, secs, ok=True, note=""):
    return {
        "algorithm": alg,
        "epsilon": eps,
        "delta": delta,
        "binding": binding,
        "n": n,
        "accuracy": acc,
        "seconds": secs,
        "reached": ok,
        "note": note,
    }


def _first_reaching(grid, attempt) -> dict | None:
    """The row of the grid's first ε whose run reaches the target; else the last row run, marked unreached.

    Parameters
    ----------
    grid : iterable of float
        The ε grid, smallest first.
    attempt : callable
        ``attempt(eps)`` runs at ``eps`` and returns ``(row, reached)``, or None when ``eps`` is skipped.

    Returns
    -------
    dict or None
        The first reaching row; else the last row with ``reached`` set False; None when every ε was skipped.
    """
    last = None
    for eps in progress(grid, desc="eps grid"):
        got = attempt(eps)
        if got is None:
            continue
        last, reached = got
        if reached:
            return last
    if last is not None:
        last["reached"] = False
    return last


def generic_bbl_one_phase(R: int, grid, accountant: str = "paper") -> dict | None:
    def attempt(eps):
        tops = int(0.02 * R) + 8
        pl = plan_generic_bbl(
            eps, DELTA, alpha=0.06, beta=0.05, queries=R, tops=tops, lambda1=16, accountant=accountant
        )
        if pl.parameters["n"] > MAX_EXAMPLES:
            return None  # this eps needs more examples than the machine holds: try a larger one
        t0 = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = run_everlasting_plan(pl, "thresholds", 0, max_examples=MAX_EXAMPLES)
        secs = time.perf_counter() - t0
        ph = res.phases[0]
        g = res.guarantee
        row = _row(
            f"GenericBBL, 1 phase, thresholds, R = {R}" + ("" if accountant == "paper" else f" ({accountant})"),
            g.epsilon,
            g.delta,
            "; ".join(pl.binding),
            pl.parameters["n"],
            f"max err_D = {ph.err_D_max:.3f} ({ph.tops}/{ph.c} TOPs)",
            secs,
            note=f"T_1 = {ph.T}, lambda_1 = 16, eps'_1 = {pl.parameters['phases'][0]['epsilon_bt']:.4g}",
        )
        return row, res.privacy_applies and not res.failed and ph.err_D_max <= TARGET and g.epsilon <= eps + 1e-9

    return _first_reaching(grid, attempt)


def generic_bbl_planned(phases: int, accountant: str = "paper") -> dict:
    t0 = time.perf_counter()
    pl = plan_generic_bbl(
        1.0, DELTA, alpha=0.06, beta=0.05, queries=1000, phases=phases, lambda1=16, tops=28, accountant=accountant
    )
    secs = time.perf_counter() - t0
    R1 = pl.parameters["phases"][0]["R"]
    return _row(
        f"GenericBBL, {phases} phases (planner only)" + ("" if accountant == "paper" else f" ({accountant})"),
        pl.guarantee["epsilon"],
        pl.guarantee["delta"],
        "; ".join(pl.binding),
        pl.parameters["n"],
        "not run",
        secs,
        ok=False,
        note=f"needs R_1 = {R1:.3e} queries, predicted {pl.cost['seconds']:.3g} s, "
        f"{pl.cost['memory_bytes'] / 2**30:.3g} GiB",
    )


def _dp_winnow_at(eps, X, y, rho):
    from geoprivate.learners.winnow import DPWinnowParameters, dp_winnow

    T, d = X.shape
    pl = plan_dp_winnow(eps, DELTA, T=T, d=d, rho=rho)
    P = pl.parameters
    par = DPWinnowParameters(
        T, d, rho, min(P["eps_hat"], 1.0), P["eta"], P["L"], P["m"], P["K"], 0.05, P["c"], "practical", eps, DELTA
    )
    t0 = time.perf_counter()
    run = dp_winnow(X, y, par, rng=1)
    return pl, run, time.perf_counter() - t0


def _dp_winnow_search(grid, algorithm: str, X, y, rho: float, note) -> dict | None:
    """DP-Winnow on the sequence (X, y) over the ε grid: the row of the first ε whose mistake rate on the
    second half is at most TARGET with privacy applying (:func:`_first_reaching`).

    Parameters
    ----------
    grid : iterable of float
        The ε grid, smallest first.
    algorithm : str
        The rows' algorithm column.
    X, y : ndarray
        The sequence: T points and their ±1 labels.
    rho : float
        The margin the planner assumes.
    note : callable
        ``note(plan, run)``: the row's note.

    Returns
    -------
    dict or None
        The row (:func:`_first_reaching`).
    """
    T = len(y)

    def attempt(eps):
        pl, run, secs = _dp_winnow_at(eps, X, y, rho)
        # the released predictions (the shadow weights are not released; w~ is not stored for d > 64)
        rate = float(run.mistakes[T // 2 :].mean())
        row = _row(
            algorithm,
            run.guarantee.epsilon,
            run.guarantee.delta,
            "; ".join(pl.binding),
            T,
            f"mistake rate (2nd half) = {rate:.3f}",
            secs,
            note=note(pl, run),
        )
        return row, run.privacy_applies and rate <= TARGET

    return _first_reaching(grid, attempt)


def dp_winnow_synthetic(grid, T=20_000, d=1000) -> dict:
    from geoprivate.learners.winnow import majority_sequence

    X, y, _, rho = majority_sequence(T, d, 3, 0)
    return _dp_winnow_search(
        grid,
        f"DP-Winnow, majority of 3, d = {d}",
        X,
        y,
        rho,
        lambda pl, run: f"K = {pl.parameters['K']}, eps_hat = {pl.parameters['eps_hat']:.3g}, {run.n_updates} updates",
    )


def dp_winnow_real(grid) -> dict | None:
    try:
        import real_data as rd
    except ImportError:  # scikit-learn missing
        return None

    B, y = rd.load("breast_cancer")
    Z = rd.winnow_points(B)
    ys = np.where(np.asarray(y) == 1, 1, -1).astype(np.int8)
    tr = np.random.default_rng(0).permutation(len(ys))
    return _dp_winnow_search(
        grid,
        "DP-Winnow, breast cancer (rho = 0.1 assumed)",
        Z[tr],
        ys[tr],
        0.1,
        lambda pl, run: f"K = {pl.parameters['K']}, {run.n_updates} updates",
    )


def dp_greedy_cover_row(grid, n=2000, M=20) -> dict:
    from geoprivate.learners.decision_lists import dp_greedy_cover, random_decision_list

    rng = np.random.default_rng(0)
    dl = random_decision_list(M, 4, rng)
    Phi = rng.integers(0, 2, (2 * n, M)).astype(np.uint8)
    y = dl.predict(Phi)

    def attempt(eps):
        t0 = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            r = dp_greedy_cover(Phi[:n], y[:n], epsilon=eps, delta=DELTA, rng=1, alpha=0.1, beta=0.05)
        secs = time.perf_counter() - t0
        err = float((r.hypothesis.predict(Phi[n:]) != y[n:]).mean())
        g = r.guarantee
        row = _row(
            f"DP-GreedyCover, decision list of length 4, |F| = {M}",
            g.epsilon,
            g.delta,
            "Lemma A.1 (eps_hat = eps/(2(ln(1/delta) + 3/2)))",
            n,
            f"test error = {err:.3f}",
            secs,
            note=f"utility_proved = {r.utility_proved}",
        )
        return row, r.privacy_applies and err <= TARGET

    return _first_reaching(grid, attempt)


def generic_predictor_row(grid, T=1000) -> dict | None:
    from geoprivate.cli import main

    def attempt(eps):
        buf = io.StringIO()
        t0 = time.perf_counter()
        with redirect_stdout(buf), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            rc = main(
                [
                    "predict",
                    "--concept",
                    "thresholds",
                    "--mode",
                    "practical",
                    "--epsilon",
                    str(eps),
                    "--delta",
                    str(DELTA),
                    "--T",
                    str(T),
                    "--json",
                    "--seed",
                    "0",
                ]
            )
        secs = time.perf_counter() - t0
        if rc != 0:
            return None
        out = json.loads(buf.getvalue())
        err = out["max_err_D"]
        row = _row(
            f"GenericPredictor, thresholds, T = {T}",
            out["epsilon_spent"],
            out["delta_spent"],
            "Lemma 1 gap per segment (k of Algorithm 2 / Lemma 1)",
            out["params"]["N"],
            f"max err_D = {err:.3f}",
            secs,
            note=f"{out['hard_queries']} hard queries",
        )
        return row, out["privacy_applies"] and err is not None and err <= TARGET

    return _first_reaching(grid, attempt)


def _vc1_thresholds(bits: int):
    """Thresholds with TD = 2^bits as the learners take them: the dense class up to 2^12, above it the
    tree (:func:`solvers.vc1.thresholds_tree`, a chain; no TD² matrix).  Concept c labels x with 1 iff
    x ≥ c (c = 0 … TD), the same labelling either way."""
    m = 2**bits
    if bits <= 12:
        from bench_median import threshold_class

        return threshold_class(m), m
    from solvers.vc1 import thresholds_tree

    return thresholds_tree(m), 0  # the tree carries f (the all-zero threshold) itself


def _vc1_trials(C, f, m, eps, t, median, learner, n, seeds) -> list:
    """Errors (uniform distribution) of one learner configuration on fresh samples of size n."""
    from geoprivate.learners.vc1 import OPTPrivateLearner, ProperLearner

    cls = OPTPrivateLearner if learner == "opt" else ProperLearner
    kw = {"median_k_scale": 0.0} if median == "log-star" else {}  # RecPrefix-R's trim K = 0 (privacy unchanged)
    alg = cls(C, eps, DELTA, TARGET, 0.1, f=f, mode="practical", n_subsets=t, median=median, partition="counts", **kw)
    domain = np.arange(m)
    out = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        c = int(rng.integers(0, m + 1))
        cols = rng.integers(0, m, n)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # UtilityWarning: below the proven n, by design
            h = alg.fit(cols, (cols >= c).astype(np.uint8), rng=rng)
        if not h.privacy_applies:
            raise AssertionError(f"{learner} at eps = {eps}: privacy does not apply")  # the grid stays in Lemma 1
        out.append((h.error((domain >= c).astype(np.uint8)), h.guarantee, h.utility_proved))
        del cols, h
    return out


#: the VC-1 rows' example cap: a fit holds about 120 bytes per example at its peak (1.7 GiB measured at
#: n = 1.5·10⁷, TD = 2¹²), so 2²⁴ examples stay under 2 GiB on the shared machine
VC1_MAX_EXAMPLES = 2**24


def _vc1_attempt(C, f, m, bits, learner, median, eps, trials, max_doublings, max_examples) -> dict:
    """One ε: n doubled (parts of 4, 8, … examples) until error ≤ 0.1 in 90 % of the trials, or the
    doublings or the example cap run out.  Every size tried runs all its trials to the end."""
    t = plan_vc1(eps, DELTA, td=m, alpha=TARGET, beta=0.1, learner=learner, median="exponential").parameters["t"]
    first = 2 if learner == "proper" else 1  # ProperLearner: |S_1| = n/2 must hold t parts
    need = math.ceil(0.9 * trials)
    t0 = time.perf_counter()
    res = dict(eps=eps, t=t, n=None, part=None, ok=0, trials=trials, sizes=[], reached=False, cap_out=False)
    for j in range(2, max_doublings + 1):
        n = first * t * 2**j
        if n > max_examples:
            res["cap_out"] = True
            res["cap_n"] = n
            break
        runs = _vc1_trials(C, f, m, eps, t, median, learner, n, range(1000 * bits + j, 1000 * bits + j + trials))
        errs = [e for e, _, _ in runs]
        ok = sum(e <= TARGET for e in errs)
        res.update(
            n=n,
            part=2**j,
            ok=ok,
            max_err=max(errs),
            guarantee=runs[0][1],
            utility_proved=any(u for _, _, u in runs),
            reached=ok >= need,
        )
        res["sizes"].append({"part": 2**j, "n": n, "ok": ok, "max_err": max(errs)})
        if res["reached"]:
            break
    res["seconds"] = time.perf_counter() - t0
    return res


def _vc1_unreached(r: dict, trials: int) -> str:
    """Why an ε of the bracket was not reached: the sizes run (all trials finished) and the cap."""
    ran = ", ".join(f"parts of {s['part']}: {s['ok']}/{trials}" for s in r["sizes"]) or "no size under the cap"
    cap = f"; parts of {r['cap_n'] // r['t']} need n = {r['cap_n']:,} > the cap" if r["cap_out"] else ""
    return f"eps = {r['eps']} not reached (t = {r['t']:,}; {ran}{cap})"


def vc1_row(
    bits, learner, median, grid, trials=10, max_doublings=6, max_examples=VC1_MAX_EXAMPLES, label_suffix=""
) -> dict:
    """Smallest ε on ``grid`` at which a [Yan25] learner reaches error ≤ 0.1 w.p. ≥ 0.9 on TD = 2^bits.

    Bisection over the grid (reaching the target is taken as monotone in ε): the row reports the
    smallest ε reached and the largest ε below it that was tried and did not reach (the bracket),
    or the grid's edge it stopped at.  ``max_examples`` caps n (no time budget: every size tried
    finishes all its trials)."""
    m = 2**bits
    C, f = _vc1_thresholds(bits)
    name = "OPTPrivateLearner" if learner == "opt" else "ProperLearner"
    t0 = time.perf_counter()

    def attempt(i):
        return _vc1_attempt(C, f, m, bits, learner, median, grid[i], trials, max_doublings, max_examples)

    tried = {}
    lo, hi = -1, len(grid) - 1  # invariant: grid[lo] not reached (or lo = -1), grid[hi] reached unless untried
    tried[hi] = attempt(hi)
    if tried[hi]["reached"]:
        while hi - lo > 1:
            mid = (lo + hi) // 2
            tried[mid] = attempt(mid)
            lo, hi = (lo, mid) if tried[mid]["reached"] else (mid, hi)
    best = tried[hi]
    proven = plan_vc1(best["eps"], DELTA, td=m, alpha=TARGET, beta=0.1, learner=learner, median=median)
    if not best["reached"]:
        bracket = f"not reached at the grid's largest eps = {grid[-1]}"
    elif lo < 0:
        bracket = f"reached at the grid's smallest eps = {grid[0]} (a grid edge)"
    else:
        bracket = f"bracket: {_vc1_unreached(tried[lo], trials)}, {grid[hi]} reached"
    g = best["guarantee"]
    row = _row(
        f"{name}, median = {median}, thresholds, TD = 2^{bits}{label_suffix}",
        g.epsilon,
        g.delta,
        "; ".join(vc1_privacy_conditions(learner, median)),
        f"{best['n']:,} measured (t = {best['t']}, parts of {best['part']}); {proven.parameters['n']:.3g} proven",
        f"error <= 0.1 in {best['ok']}/{trials} trials (max {best['max_err']:.3f}); "
        f"utility_proved = {best['utility_proved']}",
        time.perf_counter() - t0,
        ok=best["reached"],
        note=bracket + f"; eps tried {sorted(grid[i] for i in tried)}",
    )
    row["smallest_epsilon"] = best["eps"] if best["reached"] else None
    row["bracket"] = [grid[lo] if lo >= 0 else None, grid[hi]] if best["reached"] else None
    row["max_examples"] = max_examples
    row["attempts"] = [{k: v for k, v in tried[i].items() if k != "guarantee"} for i in sorted(tried)]
    return row


def _one_phase_run(pl) -> dict:
    """Run a one-phase GenericBBL plan on thresholds (seed 0): its size, guarantee, accuracy, wall and
    CPU seconds, and the process's peak RSS afterwards."""
    import resource

    t0, c0 = time.perf_counter(), time.process_time()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = run_everlasting_plan(pl, "thresholds", 0, max_examples=MAX_EXAMPLES)
    return {
        "epsilon_planned": pl.epsilon,
        "queries": pl.parameters["phases"][0]["R"],
        "n": pl.parameters["n"],
        "epsilon": res.guarantee.epsilon,
        "delta": res.guarantee.delta,
        "privacy_applies": res.privacy_applies,
        "failed": res.failed,
        "err_D_max": res.phases[0].err_D_max,
        "seconds": time.perf_counter() - t0,
        "cpu_seconds": time.process_time() - c0,
        "peak_rss_gib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20,
    }


def speed(n: int = 12_000_000, lam: int = 16) -> dict:
    """GenericBBL's step 3b on |S_1| = n: streamed blocks vs the whole permuted copy (one chunk),
    side by side (time and tracemalloc peak); the README's one-phase command (ε = 0.5, R = 10^3) and
    the one-phase private run with R = 10^4 at ε = 0.3 (R = 10^3 at ε = 1 when ``n`` < 10^7, quick)."""
    import tracemalloc

    import geoprivate.everlasting.ensembles as ens_mod
    import geoprivate.everlasting.generic_bbl as gb

    prob = gb.make_everlasting_problem("thresholds", 0)
    rng = np.random.default_rng(0)
    x = prob.sample(rng, n)
    y = prob.target(x)
    perm = rng.permutation(n)
    T = n // lam
    out = []
    for label, chunk in (("streamed blocks", ens_mod.ERM_CHUNK_ROWS), ("whole sample at once (baseline)", T)):
        old, ens_mod.ERM_CHUNK_ROWS = ens_mod.ERM_CHUNK_ROWS, chunk
        tracemalloc.start()
        t0 = time.perf_counter()
        ens = gb.erm_ensemble(prob, x, y, T, lam, order=perm)
        secs = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        ens_mod.ERM_CHUNK_ROWS = old
        out.append({"method": label, "seconds": secs, "peak_bytes": peak, "params": ens.hypotheses[:3].tolist()})
    assert out[0]["params"] == out[1]["params"], "the streamed ERM must equal the one-shot ERM"
    del x, y, perm
    quick = n < 10_000_000
    readme = plan_generic_bbl(0.5, DELTA, alpha=0.06, beta=0.05, queries=1000, tops=28, lambda1=16, phases=1)
    big = (
        plan_generic_bbl(1.0, DELTA, alpha=0.06, queries=1000, tops=28, lambda1=16)
        if quick
        else plan_generic_bbl(0.3, DELTA, alpha=0.06, queries=10_000, tops=208, lambda1=16)
    )
    return {
        "n_step3b": n,
        "step3b": out,
        "readme_one_phase": _one_phase_run(readme),
        "one_phase_R": _one_phase_run(big),
    }


def speed_text(res: dict) -> str:
    """The speed measurement as two lines of text."""
    (a, b), r = res["step3b"], res["one_phase_R"]
    c = res["readme_one_phase"]
    return (
        f"step 3b, |S_1| = {res['n_step3b']:,}: {a['method']} {a['seconds']:.2f} s, peak {a['peak_bytes'] / 2**20:.0f} "
        f"MiB; {b['method']} {b['seconds']:.2f} s, peak {b['peak_bytes'] / 2**20:.0f} MiB (memory ratio "
        f"{b['peak_bytes'] / max(a['peak_bytes'], 1):.1f}x, time ratio {b['seconds'] / a['seconds']:.2f}x)\n"
        f"README's one-phase command, R = {c['queries']:,}, |S_1| = {c['n']:,}, (eps, delta) = ({c['epsilon']:.3g}, "
        f"{c['delta']:.2g}): {c['seconds']:.1f} s ({c['cpu_seconds']:.1f} s CPU), max err_D = {c['err_D_max']:.3f}\n"
        f"one-phase private run, R = {r['queries']:,}, |S_1| = {r['n']:,}, (eps, delta) = ({r['epsilon']:.3g}, "
        f"{r['delta']:.2g}): {r['seconds']:.1f} s ({r['cpu_seconds']:.1f} s CPU), max err_D = {r['err_D_max']:.3f}, "
        f"failed = {r['failed']}; process peak RSS {r['peak_rss_gib']:.2f} GiB"
    )


def table(rows) -> str:
    lines = [
        "| algorithm | (ε, δ) as run | binding conditions | n | measured accuracy | time |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        e = "inf" if r["epsilon"] is None or not math.isfinite(r["epsilon"]) else f"{r['epsilon']:.3g}"
        mark = "" if r["reached"] or r["accuracy"] == "not run" else " (target not reached on the grid)"
        acc = r["accuracy"] + mark
        n = f"{r['n']:,}" if isinstance(r["n"], int) else r["n"]
        lines.append(
            f"| {r['algorithm']} | ({e}, {r['delta']:.2g}) | {r['binding']} | {n} | {acc} | {r['seconds']:.2f} s |"
        )
    return "\n".join(lines)


#: ε grids of the VC-1 rows (factor √2 from 1/16): Lemma 1 needs ε/2 < 2 (OPTPrivateLearner) and
#: ε/4 < 2 (ProperLearner)
VC1_GRID = {
    "opt": [round(2 ** (k / 2 - 4), 4) for k in range(12)],  # 1/16 … 2.83
    "proper": [round(2 ** (k / 2 - 4), 4) for k in range(14)],  # 1/16 … 5.66
}
RESULTS = Path(__file__).resolve().parent / "results"


def other_rows(quick, Rs, bbl_grid, win_grid, gc_grid, gp_grid) -> list:
    """The rows of GenericBBL, DP-Winnow, DP-GreedyCover and GenericPredictor."""
    rows = [generic_bbl_one_phase(R, bbl_grid) for R in Rs]
    rows += [generic_bbl_planned(2), generic_bbl_planned(3)]
    rows.append(dp_winnow_synthetic(win_grid, T=5000 if quick else 20_000))
    if not quick:
        real = dp_winnow_real(win_grid)
        if real is not None:
            rows.append(real)
    rows.append(dp_greedy_cover_row(gc_grid))
    gp = generic_predictor_row(gp_grid)
    if gp is not None:
        rows.append(gp)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="coarse grid, R = 10^3 only (smoke test)")
    ap.add_argument("--json", help="also write the rows as JSON to this file")
    ap.add_argument(
        "--save",
        action="store_true",
        help="write the section's rows to benchmarks/results/ (price_of_privacy.json; with --only-vc1 "
        "price_of_privacy_vc1.json; with --speed price_of_privacy_speed.json): the README's numbers are read there",
    )
    ap.add_argument("--only-vc1", action="store_true", help="only the [Yan25] VC-1 learners' rows")
    ap.add_argument("--vc1-bits", type=int, nargs="+", help="TD = 2^bits of the VC-1 rows (default 4 6 8 10 12)")
    ap.add_argument("--vc1-medians", nargs="+", default=["exponential", "log-star"], help="the VC-1 rows' medians")
    ap.add_argument("--vc1-learners", nargs="+", default=["opt", "proper"], help="the VC-1 rows' learners")
    ap.add_argument("--vc1-grid", type=float, nargs="+", help="the VC-1 rows' eps grid (default VC1_GRID)")
    ap.add_argument(
        "--vc1-fine-grid",
        type=int,
        nargs=2,
        metavar=("LO", "HI"),
        help="the VC-1 rows' eps grid 2^(k/4) for k = LO … HI (a 2^(1/4) grid, e.g. -36 -16: 1/512 … 1/16)",
    )
    ap.add_argument("--vc1-max-examples", type=int, default=VC1_MAX_EXAMPLES, help="the VC-1 rows' cap on n")
    ap.add_argument("--vc1-trials", type=int, help="trials per size (default 10 up to TD = 2^8, else 5)")
    ap.add_argument(
        "--only-winnow-scale",
        action="store_true",
        help="only DP-Winnow at scale (benchmarks/dp_winnow_scale.py: streamed T up to 10^7, subprocess per T)",
    )
    ap.add_argument(
        "--speed",
        action="store_true",
        help="only the speed/memory measurement of GenericBBL's "
        "one-phase private run (R = 10^4); with --quick on |S_1| = 10^6",
    )
    ap.add_argument(
        "--accountant",
        choices=("paper", "tight"),
        default="paper",
        help="tight: GenericBBL's rows planned and run under the tight accountant, on finer eps grids "
        "(--save writes price_of_privacy_tight.json)",
    )
    args = ap.parse_args(argv)
    if args.accountant == "tight":
        return _emit(
            tight_rows(args.quick), args.json or (RESULTS / "price_of_privacy_tight.json" if args.save else None)
        )
    if args.save and args.quick:
        ap.error("--save records a full run; --quick is a smoke run (use --json to keep its rows)")
    if args.speed:
        res = speed(1_000_000 if args.quick else 12_000_000)
        print(speed_text(res))
        _write(res, args.json or (RESULTS / "price_of_privacy_speed.json" if args.save else None))
        return 0
    if args.quick:
        bbl_grid, win_grid, gc_grid, gp_grid, Rs = [0.5, 1.0], [1.0, 100.0], [0.5, 2.0], [0.5], [1000]
    else:
        bbl_grid = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0]
        win_grid = [1.0, 10.0, 100.0, 1000.0, 1e4]
        gc_grid = [0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0]
        gp_grid = [0.1, 0.2, 0.5, 0.9]
        Rs = [1000, 10_000]
    if args.only_winnow_scale:
        import dp_winnow_scale

        return _emit(
            dp_winnow_scale.table_rows(dp_winnow_scale.ladder(10**7)),
            args.json or (RESULTS / "price_of_privacy_dp_winnow_rows.json" if args.save else None),
        )
    rows = [] if args.only_vc1 else other_rows(args.quick, Rs, bbl_grid, win_grid, gc_grid, gp_grid)
    vc1_bits = (4,) if args.quick else tuple(args.vc1_bits or (4, 6, 8, 10, 12))
    vc1_grid = {"opt": [1.0, 3.0], "proper": [2.0, 6.0]} if args.quick else VC1_GRID
    if args.vc1_grid:
        vc1_grid = {k: sorted(args.vc1_grid) for k in vc1_grid}
    if args.vc1_fine_grid:
        lo, hi = args.vc1_fine_grid
        vc1_grid = {k: [round(2 ** (j / 4), 6) for j in range(lo, hi + 1)] for k in vc1_grid}
    rows += [
        vc1_row(
            bits,
            learner,
            median,
            vc1_grid[learner],
            trials=args.vc1_trials or (3 if args.quick else 10 if bits <= 8 else 5),
            max_examples=args.vc1_max_examples,
        )
        for learner in args.vc1_learners
        for median in args.vc1_medians
        for bits in vc1_bits
    ]
    default = RESULTS / ("price_of_privacy_vc1.json" if args.only_vc1 else "price_of_privacy.json")
    return _emit(rows, args.json or (default if args.save else None))


#: the tight rows' ε grids: finer below the paper's smallest reached ε (0.05 at R = 10³, 0.2 at R = 10⁴)
TIGHT_GRIDS = {1000: [0.02, 0.025, 0.03, 0.04, 0.05], 10_000: [0.1, 0.125, 0.15, 0.2]}


def tight_rows(quick: bool) -> list:
    """GenericBBL's rows under the tight accountant (#42): the one-phase runs on finer ε grids and the planner-only
    rows.  DP-Winnow's rows are the planner's predicted T (docs/gen_numbers.py): no T run here reaches its target."""
    if quick:
        return [generic_bbl_one_phase(1000, [1.0], "tight")]
    rows = []
    for R, grid in TIGHT_GRIDS.items():
        row = generic_bbl_one_phase(R, grid, "tight")
        if row is not None:
            row["note"] += f"; eps grid {grid} (an eps needing n > {MAX_EXAMPLES:.0e} is skipped)"
            rows.append(row)
    return rows + [generic_bbl_planned(2, "tight"), generic_bbl_planned(3, "tight")]


def _strict(x):
    """``x`` with non-finite floats as null (strict RFC 8259 JSON)."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: _strict(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_strict(v) for v in x]
    return x


def _write(obj, path) -> None:
    """Write ``obj`` as strict JSON to ``path`` (nothing when ``path`` is None)."""
    if path:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(json.dumps(_strict(obj), indent=2, default=str, allow_nan=False) + "\n")


def _emit(rows, path) -> int:
    """Print the Markdown table and its notes; write the rows as JSON to ``path`` (the numbers the
    README's table states are read from there: ``docs/gen_numbers.py``)."""
    print(table(rows))
    for r in rows:
        if r["note"]:
            print(f"- {r['algorithm']}: {r['note']}")
    _write(rows, path)
    return 0


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        raise SystemExit(main())
