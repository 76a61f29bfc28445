"""``geoprivate everlasting``: GenericBBL (seed 002 §5), phase by phase.

``--mode theorem`` prints the paper's parameters (the calculator: the sizes are
astronomical, nothing is run); ``--mode practical`` runs GenericBBL with scaled constants
(recorded in the output) and prints the per-phase table: |S_i|, T_i, λ_i, R_i, TOPs / c_i,
LabelBoost's error on Ŝ_i, and err_D of the phase's hypotheses h_{i,j} against 6α.
Exit codes: 0 success, 1 the run failed (BetweenThresholds halted), 2 bad arguments.
"""

from __future__ import annotations

import json
import sys

HELP = "run GenericBBL (seed 002, private everlasting prediction) phase by phase"


#: largest --phases (theorem mode is a calculator; practical runs are also bounded by MAX_QUERIES)
MAX_PHASES = 60
#: practical mode refuses a run whose phases would answer more queries than this (sum of R_i)
MAX_QUERIES = 10**8
#: largest --epsilon-bt: e^(eps') must stay finite and the noise meaningful
MAX_EPSILON_BT = 50.0


def add_arguments(p) -> None:
    from geoprivate.cli import _args

    p.add_argument("--concept", choices=("thresholds", "intervals", "finite", "halfspaces"), default="thresholds")
    p.add_argument("--phases", type=_args.bounded_int(1, MAX_PHASES), default=2,
                   help=f"phases to run or tabulate (1..{MAX_PHASES}; practical runs at most "
                        f"{MAX_QUERIES:.0e} queries in all)")
    p.add_argument("--mode", choices=("practical", "theorem"), default="practical")
    p.add_argument("--alpha", type=_args.probability, default=0.05)
    p.add_argument("--beta", type=_args.probability, default=0.05)
    p.add_argument("--epsilon", type=_args.epsilon, default=0.5)
    p.add_argument("--delta", type=_args.delta_open, default=1e-6)
    p.add_argument("--vc", type=_args.positive_int, help="VC dimension for theorem mode (default: the concept's)")
    p.add_argument("--T1", type=_args.positive_int, default=40, help="practical: T_1 (tau is solved for it)")
    p.add_argument("--lambda1", type=_args.positive_int, default=8, help="practical: lambda_1")
    p.add_argument("--r-const", type=_args.positive_float, default=16.0, help="practical: replaces 25600 in R_i")
    p.add_argument("--m-const", type=_args.positive_float, default=1.0, help="practical: replaces 3 + exp(eps + 4)")
    p.add_argument("--epsilon-bt", type=_args.bounded_float(0.0, MAX_EPSILON_BT), default=1.0,
                   help=f"practical: eps'_i of BetweenThresholds (0 < eps' <= {MAX_EPSILON_BT:g})")
    p.add_argument("--seed", type=_args.seed, default=0)
    p.add_argument("--json", action="store_true", help="print JSON (and nothing else) on stdout")


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, int) and abs(v) >= 10**7:
        return f"{v:.3e}"
    return str(v)


def _table(rows, cols) -> str:
    cells = [[_fmt(r[c]) for c in cols] for r in rows]
    w = [max(len(c), *(len(x[i]) for x in cells)) for i, c in enumerate(cols)]
    lines = ["  ".join(c.rjust(w[i]) for i, c in enumerate(cols))]
    lines += ["  ".join(x[i].rjust(w[i]) for i in range(len(cols))) for x in cells]
    return "\n".join(lines)


def run(args) -> int:
    import warnings

    from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
    from geoprivate.everlasting.parameters import practical_parameters, theorem_parameters
    from geoprivate.privacy.warnings import PrivacyWarning

    try:
        import numpy as np

        rng = np.random.default_rng(args.seed)
        prob = make_everlasting_problem(args.concept, rng)
        vc = args.vc if args.vc is not None else prob.vc
        if args.mode == "theorem":
            par = theorem_parameters(args.alpha, args.beta, args.epsilon, args.delta, vc, args.phases)
            out = par.as_dict()
            if args.json:
                json.dump(out, sys.stdout, indent=2, default=str)
                print()
            else:
                print(f"GenericBBL theorem mode (seed 002 §5), VC={vc}, alpha={args.alpha}, beta={args.beta}, "
                      f"eps={args.epsilon}, delta={args.delta}, tau=1.1e10: n = {par.n:.4e} initial examples")
                rows = [p.as_dict() | {"fails": ",".join(k for k, v in p.checks.items() if not v) or "-"}
                        for p in par.phases]
                print(_table(rows, ["i", "alpha", "lam", "T", "S", "R", "c", "epsilon_bt", "s_hat", "d_hat",
                                    "bt_guarantee_epsilon", "fails"]))
                print("(a calculator: these sizes cannot be run; use --mode practical)")
            return 0
        if args.epsilon_bt <= 0:
            raise ValueError(f"--epsilon-bt must be > 0, got {args.epsilon_bt!r}")
        par = practical_parameters(args.alpha, args.beta, args.epsilon, args.delta, vc, args.phases, T1=args.T1,
                                   lambda1=args.lambda1, r_const=args.r_const, m_const=args.m_const,
                                   epsilon_bt=args.epsilon_bt)
        queries = sum(p.R for p in par.phases[:args.phases])
        if queries > MAX_QUERIES:
            raise ValueError(f"--phases {args.phases}: the run would answer {queries:.3g} queries (> {MAX_QUERIES:.0e}); "
                             "lower --phases, --r-const, --T1 or --lambda1")
        x = prob.sample(rng, par.phase(1).S)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PrivacyWarning)
            alg = GenericBBL(prob, x, prob.target(x), par, rng)
        from tqdm.auto import tqdm

        total_q = sum(p.R for p in par.phases[:args.phases])
        with tqdm(total=args.phases, desc="phases", unit="phase", disable=None, file=sys.stderr, position=0) as bar, \
                tqdm(total=total_q, desc="queries", unit="q", unit_scale=True, disable=None, file=sys.stderr,
                     position=1) as qbar:
            res = alg.run(args.phases, progress=bar, query_progress=qbar)
    except (ValueError, TypeError) as exc:
        print(f"geoprivate everlasting: error: {exc}", file=sys.stderr)
        return 2
    except (OverflowError, ZeroDivisionError) as exc:  # a formula left floating point: the parameters' fault
        print(f"geoprivate everlasting: error: these parameters leave floating-point range in the paper's formulas "
              f"({type(exc).__name__}: {exc}); use less extreme --delta/--epsilon/--r-const/--m-const/--epsilon-bt",
              file=sys.stderr)
        return 2
    if args.json:
        json.dump(res.to_dict(), sys.stdout, indent=2, default=str)
        print()
    else:
        print(f"GenericBBL practical mode on {prob.description}; constants {par.constants}")
        print("(practical mode: Claim 5.3's (eps, delta) does NOT apply; the ledger records nominal values)")
        rows = [p.as_dict() | {"tops/c": f"{p.tops}/{p.c}"} for p in res.phases]
        print(_table(rows, ["i", "S", "T", "lam", "R", "answered", "tops/c", "labelboost_error", "err_D_mean",
                            "err_D_max", "frac_above_6alpha", "seconds"]))
        print(f"6 alpha = {res.six_alpha:.4g}; failed = {res.failed}; total {res.seconds:.2f}s; "
              f"{res.query_reading}")
    return 1 if res.failed else 0
