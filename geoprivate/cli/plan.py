"""``geoprivate plan``: the smallest private-as-run configuration for a target (ε, δ).

``geoprivate plan generic-bbl --epsilon 1 --delta 1e-6 --alpha 0.06 --queries 1000 --tops 24 --lambda1 16``
prints, per phase, T_i, λ_i, c_i, ε'_i, |S_i|, R_i, |Ŝ_i|, |D̂_i| and the input size n, the conditions
that bind, the guarantee the run will report and the predicted cost; ``--json`` writes the plan
(which ``geoprivate everlasting --plan FILE`` runs).  ``dp-winnow`` needs ``--T --d --rho``;
``dp-greedy-cover`` needs ``--M``; ``vc1`` needs ``--td`` or ``--domain-size`` (``--learner opt|proper``,
``--median exponential|log-star``) and prints the n of [Yan25] Theorem 11 / 13; ``private-median`` needs
``--domain-size``; ``generic-predictor`` needs ``--T`` and plans [Yan26] Lemma 1's k for a segment's (ε, δ).
Exit codes: 0 planned, 2 bad arguments or no configuration.
"""

from __future__ import annotations

import sys

from geoprivate.cli import _args as a
from geoprivate.cli import _json
from geoprivate.cli.everlasting import _fmt, _table
from geoprivate.planning import PLANNERS, plan

HELP = "plan the smallest private-as-run configuration of an algorithm for a target (epsilon, delta)"

EPILOG = """examples:
  geoprivate plan generic-bbl --epsilon 0.5 --delta 1e-6 --alpha 0.06 --queries 1000 --tops 28 --lambda1 16
  geoprivate plan generic-bbl --epsilon 1 --delta 1e-6 --phases 2 --json > plan.json
  geoprivate plan dp-winnow --epsilon 1 --delta 1e-6 --T 10000 --d 1000 --rho 0.2
  geoprivate plan vc1 --epsilon 1 --delta 1e-6 --td 4096 --median log-star
  geoprivate plan private-median --epsilon 1 --delta 1e-6 --domain-size 1000
  geoprivate plan generic-predictor --epsilon 0.5 --delta 1e-6 --T 1000
  geoprivate plan vc1 --epsilon 1 --delta 1e-6 --td 4096 --learner proper --accountant tight
"""


def add_arguments(p) -> None:
    p.add_argument("algorithm", choices=sorted(PLANNERS), help="the algorithm to plan")
    p.add_argument("--epsilon", type=a.epsilon, required=True, help="target epsilon (required)")
    p.add_argument("--delta", type=a.delta_open, required=True, help="target delta, in (0, 1) (required)")
    p.add_argument("--alpha", type=a.accuracy, help="accuracy alpha (default: the planner's)")
    p.add_argument("--beta", type=a.probability, help="failure probability beta (default: the planner's)")
    p.add_argument("--queries", type=a.positive_int, help="generic-bbl: R of the last phase")
    p.add_argument("--phases", type=a.positive_int, help="generic-bbl: number of phases")
    p.add_argument("--vc", type=a.positive_int, help="generic-bbl: VC dimension")
    p.add_argument("--lambda1", type=a.positive_int, help="generic-bbl: lambda_1 (default Theorem A.2's)")
    p.add_argument("--tops", type=a.positive_int, help="generic-bbl: c_1 (default 64 alpha_1 R_1)")
    p.add_argument("--T", type=a.positive_int, help="dp-winnow: rounds; generic-predictor: queries")
    p.add_argument("--d", type=a.positive_int, help="dp-winnow: dimension")
    p.add_argument("--rho", type=a.finite_float, help="dp-winnow: margin")
    p.add_argument("--M", type=a.positive_int, help="dp-greedy-cover: number of features")
    p.add_argument("--td", type=a.positive_int, help="vc1: TD of the class (depth of [Yan25] Algorithm 1's tree)")
    p.add_argument(
        "--domain-size",
        type=a.positive_int,
        help="vc1: |X| (an upper bound on TD), instead of --td; private-median: |X|",
    )
    p.add_argument("--learner", choices=("opt", "proper"), help="vc1: OPTPrivateLearner or ProperLearner")
    p.add_argument("--median", choices=("exponential", "paper", "log-star"), help="vc1: step 4's median")
    p.add_argument(
        "--accountant",
        choices=("paper", "tight"),
        help="generic-bbl, dp-winnow, vc1: compose by the papers' theorems (default) or optimally "
        '(needs dp-accounting: pip install "geoprivate[accounting]")',
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print the plan as JSON (and nothing else); geoprivate everlasting --plan runs it",
    )


_KEYS = {
    "generic-bbl": ("alpha", "beta", "queries", "phases", "vc", "lambda1", "tops", "accountant"),
    "dp-winnow": ("T", "d", "rho", "beta", "accountant"),
    "dp-greedy-cover": ("M", "alpha", "beta"),
    "vc1": ("td", "domain_size", "alpha", "beta", "learner", "median", "accountant"),
    "private-median": ("domain_size", "alpha", "beta"),
    "generic-predictor": ("T",),
}
_REQUIRED = {
    "dp-winnow": ("T", "d", "rho"),
    "dp-greedy-cover": ("M",),
    "private-median": ("domain_size",),
    "generic-predictor": ("T",),
}


def _flag_of(exc: Exception, keys) -> str:
    """``"argument --phases: "`` when the planner's message starts with the parameter of a flag (else "")."""
    first = str(exc).split(" ", 1)[0].rstrip(":,")
    return f"argument --{first.replace('_', '-')}: " if first in keys else ""


def run(args) -> int:
    stray = sorted(
        k for ks in _KEYS.values() for k in ks if k not in _KEYS[args.algorithm] and getattr(args, k) is not None
    )
    if stray:
        flags = ", ".join("--" + k.replace("_", "-") for k in dict.fromkeys(stray))
        print(f"geoprivate plan: {args.algorithm} does not take {flags}", file=sys.stderr)
        return 2
    missing = [k for k in _REQUIRED.get(args.algorithm, ()) if getattr(args, k) is None]
    if missing:
        print(f"geoprivate plan: {args.algorithm} needs --{', --'.join(missing)}", file=sys.stderr)
        return 2
    kw = {k: getattr(args, k) for k in _KEYS[args.algorithm] if getattr(args, k) is not None}
    try:
        pl = plan(args.algorithm, args.epsilon, args.delta, **kw)
    except (ValueError, TypeError, ImportError) as exc:  # ImportError: the tight accountant's extra is missing
        print(f"geoprivate plan: error: {_flag_of(exc, ('epsilon', 'delta', *kw))}{exc}", file=sys.stderr)
        return 2
    except ArithmeticError as exc:  # a formula left floating point: the parameters' fault, not a bug
        given = ", ".join(f"--{k.replace('_', '-')}" for k in ("epsilon", "delta", *kw) if k not in ("accountant",))
        print(
            f"geoprivate plan: error: these parameters leave floating-point range in the planner's formulas "
            f"({type(exc).__name__}: {exc}); use less extreme {given}",
            file=sys.stderr,
        )
        return 2
    if args.json:
        _json.dump(pl.as_dict())
        return 0
    g = pl.guarantee
    print(
        f"{pl.algorithm}: target (eps, delta) = ({pl.epsilon:g}, {pl.delta:g}); the run will report "
        f"({g['epsilon']:.4g}, {g['delta']:.3g})"
        + (f"; scope: {g['scope']}" if "scope" in g else "")
        + (" under the tight accountant" if g.get("accountant") == "tight" else "")
    )
    par = dict(pl.parameters)
    rows = par.pop("phases", None)
    if rows:
        print(_table(rows, ["i", "alpha", "lam", "T", "S", "R", "c", "epsilon_bt", "bt_epsilon", "s_hat", "d_hat"]))
    print("parameters: " + ", ".join(f"{k}={_fmt(v)}" for k, v in par.items()))
    print("binding: " + "; ".join(pl.binding))
    c = pl.cost
    print("predicted cost: " + ", ".join(f"{k}={_fmt(v)}" for k, v in c.items()))
    for n in pl.notes:
        print(f"note: {n}")
    return 0
