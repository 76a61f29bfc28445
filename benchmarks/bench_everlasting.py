"""Benchmark LabelBoost and one GenericBBL phase ([NNSY23]) against plain baselines, in one run.

Run: ``python3 benchmarks/bench_everlasting.py [--seed 0]``

* LabelBoost on |S∘T| = 2000 points for thresholds (2001 dichotomies) and on 200 points
  for halfspaces in R² (Π enumerated exactly): the vectorised scores (one closed-form
  cumulative sum / one matrix–vector product) vs a per-dichotomy loop scoring each row of
  the explicit matrix in Python, both followed by the same exponential mechanism.  Ratio =
  loop / vectorised.  The dichotomy enumeration itself is timed separately.
* One practical-mode GenericBBL phase with T_i >= 1000 blocks and R_i >= 10^5 queries,
  batched like GenericPredictor; printed: seconds, queries per second.
Benchmarks never assert times.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
import warnings

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # run from a checkout

from geoprivate.cli._args import progress  # noqa: E402 (stderr, terminals only)
from geoprivate.concepts import Halfspaces, Thresholds  # noqa: E402
from geoprivate.everlasting.label_boost import _split, dichotomies_of  # noqa: E402
from geoprivate.mechanisms import exponential_mechanism  # noqa: E402


def _loop_scores(M, pts_inv, n_s, labels):
    """Baseline: one Python pass per dichotomy over the labelled examples."""
    out = []
    for row in M:
        e = 0
        for j in range(n_s):
            e += int(row[pts_inv[j]] != labels[j])
        out.append(e)
    return np.asarray(out)


def bench_label_boost(C, s, y, t, name, rng):
    pts, P, inv, pos, neg = _split(C, s, y, t)
    t0 = time.perf_counter()
    H = dichotomies_of(C, P)
    t_enum = time.perf_counter() - t0
    t0 = time.perf_counter()
    errs = H.errors(pos, neg)
    k = exponential_mechanism(-errs.astype(float), 1.0, 1.0, rng)
    t_vec = time.perf_counter() - t0
    M = H.matrix()
    t0 = time.perf_counter()
    errs_loop = _loop_scores(M, inv, len(s), y)
    exponential_mechanism(-errs_loop.astype(float), 1.0, 1.0, rng)
    t_loop = time.perf_counter() - t0
    assert (errs_loop == errs).all()
    print(
        f"{name:34s} |P|={len(P):5d} |H|={H.n:6d}  enumerate {t_enum:8.4f}s  vectorised {t_vec:8.5f}s  "
        f"loop {t_loop:8.3f}s  ratio {t_loop / t_vec:8.0f}x  (chosen row {k})"
    )


def bench_phase(rng, phases: int = 3):
    from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
    from geoprivate.everlasting.parameters import practical_parameters
    from geoprivate.privacy.warnings import PrivacyWarning

    prob = make_everlasting_problem("thresholds", rng)
    par = practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, phases, T1=40, lambda1=8, r_const=16, epsilon_bt=1.0)
    x = prob.sample(rng, par.phase(1).S)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        res = GenericBBL(prob, x, prob.target(x), par, rng).run(phases)
    for ph in res.phases:
        print(
            f"GenericBBL phase {ph.i}: |S|={ph.S} T={ph.T} R={ph.R} tops={ph.tops}  {ph.seconds:7.3f}s  "
            f"({ph.answered / ph.seconds:,.0f} queries/s incl. ERM and LabelBoost)  err_D max {ph.err_D_max:.4f}"
        )


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, seconds (not timing)")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    x = rng.uniform(size=400 if args.quick else 2000)

    def halfspaces():
        X = np.round(rng.normal(size=(60 if args.quick else 200, 2)), 3)
        yh = (X @ np.array([1.0, -0.5]) >= 0.1).astype(int)
        bench_label_boost(Halfspaces(2), X[:40], yh[:40], X[40:], "LabelBoost halfspaces R^2", rng)

    sections = [  # in this order, each drawing from rng when it runs
        lambda: bench_label_boost(
            Thresholds(), x[:200], (x[:200] >= 0.4).astype(int), x[200:], "LabelBoost thresholds", rng
        ),
        halfspaces,
        lambda: bench_phase(rng, 1 if args.quick else 3),
    ]
    for section in progress(sections, desc="sections"):
        section()


if __name__ == "__main__":
    from geoprivate.privacy.warnings import counted_warnings

    with counted_warnings(report_to=sys.stderr):  # one line per warning cause, with its count, at the end
        main()
