"""geoprivate everlasting: GenericBBL ([NNSY23] section 5), phase by phase.

Three modes:

* private (the default): plan the smallest GenericBBL configuration that is (epsilon, delta)-DP
  w.r.t. its training set as run (the planner of geoprivate plan generic-bbl) and run it; the
  output reports privacy_applies beside the measured err_D.  The default is one phase: a private
  second phase needs a first phase of far more queries than a default run can answer
  (geoprivate everlasting --phases 2 refuses and prints how many).
* practical: GenericBBL with scaled constants (recorded in the output): |S_i|, T_i, lambda_i, R_i,
  TOPs / c_i, LabelBoost's error and err_D against 6 alpha per phase.  Illustrative: its privacy
  theorem does not apply (the output says so).
* theorem: the paper's parameters (a calculator: the sizes are astronomical, nothing is run).

Exit codes: 0 success, 1 the run failed (BetweenThresholds halted), 2 bad arguments.
"""

from __future__ import annotations

import contextlib
import sys
import warnings

import numpy as np

from geoprivate import planning
from geoprivate.cli import _args, _json
from geoprivate.cli._args import progress
from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
from geoprivate.everlasting.parameters import practical_parameters, theorem_parameters
from geoprivate.everlasting.repaired import RepairedBBL, StopperParameters
from geoprivate.privacy.warnings import PrivacyWarning, UtilityWarning

HELP = "run GenericBBL ([NNSY23], private everlasting prediction) phase by phase"

EPILOG = """examples:
  geoprivate everlasting                                  # a private one-phase run (planned), about 5 s
  geoprivate everlasting --epsilon 0.5 --queries 1000 --tops 28 --lambda1 16 --json
  geoprivate everlasting --mode practical --phases 3      # scaled constants, not private (illustrative)
  geoprivate everlasting --mode practical --repaired --phases 1   # RepairedBBL (geoprivate's construction)
  geoprivate everlasting --mode theorem --phases 3        # the paper's sizes (a calculator)
  geoprivate plan generic-bbl --epsilon 0.5 --delta 1e-6 --alpha 0.06 --queries 1000 --tops 28 --lambda1 16
"""

#: per-mode defaults of the flags the modes share (None in the parser: the mode decides)
MODE_DEFAULTS: dict[str, dict[str, object]] = {
    "private": {"phases": 1, "alpha": 0.06, "lambda1": 16, "tops": None},
    "practical": {"phases": 2, "alpha": 0.05, "lambda1": 8, "tops": None},
    "theorem": {"phases": 2, "alpha": 0.05, "lambda1": 8, "tops": None},
}
#: the default private run: R_1 = 1000 queries with a TOP budget c_1 = 28 (lambda_1 = 16 puts about 1 % of
#: uniform queries in the band, so c_1 of about 0.02 R_1 suffices; the planner's default 64 alpha_1 R_1 is larger)
DEFAULT_QUERIES, DEFAULT_TOPS = 1000, 28
#: flags that only the practical mode reads (named in an error elsewhere)
PRACTICAL_ONLY = ("T1", "r_const", "m_const", "epsilon_bt", "repaired", "epsilon_stop", "beta_stop")


#: largest --phases (theorem mode is a calculator; practical runs are also bounded by MAX_QUERIES)
MAX_PHASES = 60
#: practical mode refuses a run whose phases would answer more queries than this (sum of R_i)
MAX_QUERIES = 10**8
#: largest --epsilon-bt: e^(eps') must stay finite and the noise meaningful
MAX_EPSILON_BT = 50.0


#: practical-only flags and their defaults (None in the parser, so that a flag given outside --mode practical is named)
PRACTICAL_DEFAULTS: dict[str, object] = {
    "T1": 160,
    "r_const": 16.0,
    "m_const": 1.0,
    "epsilon_bt": 1.0,
    "repaired": False,
    "epsilon_stop": 1.0,
    "beta_stop": 1e-6,
}


def add_arguments(p) -> None:
    """The flags of ``geoprivate everlasting``: the problem and targets, practical mode's, private mode's.

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.
    """
    _add_problem_arguments(p)
    _add_practical_arguments(p)
    p.add_argument("--seed", type=_args.seed, default=0, help="seed of the problem and the run (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON (and nothing else) on stdout")
    _add_private_arguments(p)


def _add_problem_arguments(p) -> None:
    """The concept, the mode, the phases and GenericBBL's (alpha, beta) and target (epsilon, delta)."""
    p.add_argument(
        "--concept",
        choices=("thresholds", "intervals", "finite", "halfspaces"),
        default="thresholds",
        help="the concept class and its problem (default thresholds on [0, 1) under the uniform law)",
    )
    p.add_argument(
        "--mode",
        choices=("private", "practical", "theorem"),
        default="private",
        help="private (default): plan and run a configuration that is (epsilon, delta)-DP as run; "
        "practical: scaled constants, not private (illustrative); theorem: the paper's sizes, nothing run",
    )
    p.add_argument(
        "--phases",
        type=_args.bounded_int(1, MAX_PHASES),
        default=None,
        help=f"phases to run or tabulate (1..{MAX_PHASES}; default 1 in private mode, where a second phase "
        f"needs a first phase too large for a default run, else 2; practical runs answer at most {MAX_QUERIES:.0e} queries in all)",
    )
    p.add_argument(
        "--alpha", type=_args.accuracy, default=None, help="GenericBBL's alpha (default 0.06 private, 0.05 else)"
    )
    p.add_argument("--beta", type=_args.probability, default=0.05, help="GenericBBL's beta (default 0.05)")
    p.add_argument(
        "--epsilon", type=_args.epsilon, default=0.5, help="target epsilon of training privacy (default 0.5)"
    )
    p.add_argument("--delta", type=_args.delta_open, default=1e-6, help="target delta, in (0, 1) (default 1e-6)")
    p.add_argument("--vc", type=_args.positive_int, help="VC dimension for theorem mode (default: the concept's)")


def _add_practical_arguments(p) -> None:
    """Practical mode's scaled constants (and lambda_1, which private mode reads too)."""
    p.add_argument(
        "--T1",
        type=_args.positive_int,
        default=None,
        help="practical: T_1 (tau is solved for it; default 160: at 40 phase 1 is worse than a coin)",
    )
    p.add_argument(
        "--lambda1",
        type=_args.bounded_int(0, 10**9),
        default=None,
        help="lambda_1 (default 16 private, 8 practical; private: 0 = Theorem A.2's)",
    )
    p.add_argument(
        "--r-const", type=_args.positive_float, default=None, help="practical: replaces 25600 in R_i (default 16)"
    )
    p.add_argument(
        "--m-const", type=_args.positive_float, default=None, help="practical: replaces 3 + exp(eps + 4) (default 1)"
    )
    p.add_argument(
        "--epsilon-bt",
        type=_args.bounded_float(0.0, MAX_EPSILON_BT),
        default=None,
        help=f"practical: eps'_i of BetweenThresholds (0 < eps' <= {MAX_EPSILON_BT:g}; default 1)",
    )
    p.add_argument(
        "--repaired",
        action="store_true",
        default=None,
        help="practical: run RepairedBBL (geoprivate's construction, not the paper's): a private TOP budget "
        "closes the halting side channel of Claim E.6 (docs/everlasting_query_privacy.md)",
    )
    p.add_argument(
        "--epsilon-stop", type=_args.epsilon, default=None, help="--repaired: the stopper's epsilon_s (default 1)"
    )
    p.add_argument(
        "--beta-stop", type=_args.delta_open, default=None, help="--repaired: the stopper's beta_s (default 1e-6)"
    )


def _add_private_arguments(p) -> None:
    """Private mode (the default): plan the configuration for --epsilon/--delta, or run a saved plan."""
    # private as run (#21): plan the smallest configuration for --epsilon/--delta, or run a saved plan
    p.add_argument(
        "--private",
        action="store_true",
        help="the same as --mode private (the default): plan (geoprivate plan generic-bbl) for "
        "--epsilon/--delta and run it; reports err_D per phase beside the guarantee",
    )
    p.add_argument(
        "--plan",
        metavar="FILE",
        type=_args.input_file,
        help="run the plan saved by geoprivate plan generic-bbl --json (a regular file, read before anything runs)",
    )
    p.add_argument(
        "--queries",
        type=_args.bounded_int(1, 10**9),
        default=DEFAULT_QUERIES,
        help=f"private: R of the last phase (default {DEFAULT_QUERIES})",
    )
    p.add_argument(
        "--tops",
        type=_args.positive_int,
        default=None,
        help=f"private: c_1 (default {DEFAULT_TOPS} with the default --queries {DEFAULT_QUERIES}, else the planner's "
        "64 alpha_1 R_1)",
    )
    p.add_argument(
        "--max-examples",
        type=_args.positive_int,
        default=50_000_000,
        help="private/--plan: refuse a plan with more examples (default 5e7)",
    )
    p.add_argument(
        "--max-memory",
        type=_args.bounded_float(0.001, 1e6),
        default=planning.DEFAULT_MAX_MEMORY / 2**30,
        metavar="GIB",
        help="private/--plan: refuse, before drawing anything, a run estimated to hold more memory (GiB, default 8)",
    )


def resolve_mode_defaults(args) -> None:
    """Fill the flags whose default depends on the mode; a practical-only flag outside practical mode is an error.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed arguments (changed in place).

    Raises
    ------
    ValueError
        A practical-only flag (``--T1``, ``--repaired``, ...) given in private or theorem mode.
    """
    if args.private or args.plan:
        args.mode = "private"
    given = [k for k in PRACTICAL_ONLY if getattr(args, k) is not None]
    if args.mode != "practical" and given:
        flag = "--" + given[0].replace("_", "-")
        raise ValueError(f"{flag} applies to --mode practical only (this run is --mode {args.mode})")
    for k, v in PRACTICAL_DEFAULTS.items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    for k, v in MODE_DEFAULTS[args.mode].items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    if args.mode == "private" and args.tops is None and args.queries == DEFAULT_QUERIES:
        args.tops = DEFAULT_TOPS


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


def _phase_table(res, *, labelboost: bool) -> str:
    """One row per phase of a run: sizes, queries answered, TOPs of c_i, (LabelBoost's error,) err_D, seconds."""
    cols = ["i", "S", "T", "lam", "R", "answered", "tops/c"]
    cols += ["labelboost_error"] if labelboost else []
    cols += ["err_D_mean", "err_D_max", "frac_above_6alpha", "seconds"]
    return _table([p.as_dict() | {"tops/c": f"{p.tops}/{p.c}"} for p in res.phases], cols)


def run(args) -> int:
    """Run ``geoprivate everlasting`` (see the module docstring): the mode's defaults, then the mode.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed flags (:func:`add_arguments`).

    Returns
    -------
    int
        The exit code: 0 success, 1 the run failed (BetweenThresholds halted), 2 bad arguments.
    """
    try:
        resolve_mode_defaults(args)
    except ValueError as exc:
        print(f"geoprivate everlasting: error: {exc}", file=sys.stderr)
        return 2
    if args.mode == "private":
        return _run_private(args)
    try:
        rng = np.random.default_rng(args.seed)
        prob = make_everlasting_problem(args.concept, rng)
        vc = args.vc if args.vc is not None else prob.vc
        if args.mode == "theorem":
            _show_theorem(args, vc)
            return 0
        par, res = _run_practical(args, prob, rng, vc)
    except (ValueError, TypeError) as exc:
        print(f"geoprivate everlasting: error: {exc}", file=sys.stderr)
        return 2
    except (OverflowError, ZeroDivisionError) as exc:  # a formula left floating point: the parameters' fault
        print(
            f"geoprivate everlasting: error: these parameters leave floating-point range in the paper's formulas "
            f"({type(exc).__name__}: {exc}); use less extreme --delta/--epsilon/--r-const/--m-const/--epsilon-bt",
            file=sys.stderr,
        )
        return 2
    if args.json:
        _json.dump(res.to_dict())
    else:
        _show_practical(args, prob, par, res)
    return 1 if res.failed else 0


def _show_theorem(args, vc: int) -> None:
    """Theorem mode: [NNSY23] §5's parameters per phase (a calculator; nothing is run).

    Parameters
    ----------
    args : argparse.Namespace
    vc : int
        The concept class's VC dimension.
    """
    par = theorem_parameters(args.alpha, args.beta, args.epsilon, args.delta, vc, args.phases)
    out = par.as_dict()
    if args.json:
        _json.dump(out)
    else:
        print(
            f"GenericBBL theorem mode ([NNSY23] §5), VC={vc}, alpha={args.alpha}, beta={args.beta}, "
            f"eps={args.epsilon}, delta={args.delta}, tau=1.1e10: n = {par.n:.4e} initial examples"
        )
        rows = [p.as_dict() | {"fails": ",".join(k for k, v in p.checks.items() if not v) or "-"} for p in par.phases]
        print(
            _table(
                rows,
                [
                    "i",
                    "alpha",
                    "lam",
                    "T",
                    "S",
                    "R",
                    "c",
                    "epsilon_bt",
                    "s_hat",
                    "d_hat",
                    "bt_guarantee_epsilon",
                    "fails",
                ],
            )
        )
        print("(a calculator: these sizes cannot be run; use --mode practical)")


def _run_practical(args, prob, rng, vc: int):
    """Practical mode: GenericBBL (or RepairedBBL with ``--repaired``) with scaled constants, run.

    Parameters
    ----------
    args : argparse.Namespace
    prob : the everlasting problem (:func:`~geoprivate.everlasting.generic_bbl.make_everlasting_problem`)
    rng : numpy.random.Generator
        The run's generator (the problem was drawn from it first).
    vc : int

    Returns
    -------
    par : the practical parameters (:func:`~geoprivate.everlasting.parameters.practical_parameters`)
    res : the run's result
    """
    if args.epsilon_bt <= 0:
        raise ValueError(f"--epsilon-bt must be > 0, got {args.epsilon_bt!r}")
    if args.m_const < args.epsilon:  # the sub-samples' epsilon |S_i| / m would exceed S_i (Claim 2.7's n_small > n)
        raise ValueError(
            f"--m-const {args.m_const!r} must be >= --epsilon {args.epsilon!r} (sub-samples epsilon|S_i|/m)"
        )
    par = practical_parameters(
        args.alpha,
        args.beta,
        args.epsilon,
        args.delta,
        vc,
        args.phases,
        T1=args.T1,
        lambda1=args.lambda1,
        r_const=args.r_const,
        m_const=args.m_const,
        epsilon_bt=args.epsilon_bt,
    )
    queries = sum(p.R for p in par.phases[: args.phases])
    if queries > MAX_QUERIES:
        raise ValueError(
            f"--phases {args.phases}: the run would answer {queries:.3g} queries (> {MAX_QUERIES:.0e}); "
            "lower --phases, --r-const, --T1 or --lambda1, or raise --epsilon, --delta, --alpha or --beta"
        )
    x = prob.sample(rng, par.phase(1).S)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        if args.repaired:
            alg: GenericBBL = RepairedBBL(
                prob, x, prob.target(x), par, rng, stopper=StopperParameters(args.epsilon_stop, args.beta_stop)
            )
        else:
            alg = GenericBBL(prob, x, prob.target(x), par, rng)
    with _progress(args.phases, sum(p.R for p in par.phases[: args.phases])) as (bar, qbar):
        res = alg.run(args.phases, progress=bar, query_progress=qbar)
    return par, res


def _show_practical(args, prob, par, res) -> None:
    """Print a practical run: its constants, its verdicts and one row per phase.

    Parameters
    ----------
    args : argparse.Namespace
    prob : the everlasting problem
    par : its practical parameters
    res : the run's result
    """
    if args.repaired:
        r = res.privacy.as_dict()  # RepairedBBL's privacy: both sides of Figure 1
        print(
            f"{RepairedBBL.label}: TOP cap c_max per phase {r['c_max']}; training privacy "
            f"{r['training']}; query privacy per phase {r['query_per_phase']} (None: no guarantee)"
        )
    print(f"GenericBBL practical mode on {prob.description}; constants {par.constants}")
    sides = "training and query" if args.repaired else "training"
    print(f"privacy_applies = {res.privacy_applies} ({sides} privacy as run); utility_proved = {res.utility_proved}")
    print(_phase_table(res, labelboost=True))
    print(f"6 alpha = {res.six_alpha:.4g}; failed = {res.failed}; total {res.seconds:.2f}s; {res.query_reading}")
    bad = [p.i for p in res.phases if p.err_D_max > 0.5]
    if bad:
        print(f"warning: phase(s) {bad} have max err_D > 1/2 (worse than a coin)")


def _run_private(args) -> int:
    """``--private`` / ``--plan FILE``: run the planned configuration, err_D per phase beside the guarantee."""
    try:
        if args.plan:
            pl = _load_plan(args.plan)
        else:
            # --lambda1 is the practical lambda_1 (default 8); 0 asks for Theorem A.2's lambda_i
            kw = {
                "alpha": args.alpha,
                "beta": args.beta,
                "queries": args.queries,
                "phases": args.phases,
                "tops": args.tops,
                "lambda1": args.lambda1 or None,
            }
            pl = planning.plan_generic_bbl(args.epsilon, args.delta, **kw)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UtilityWarning)
            cost = planning.everlasting_run_cost(pl, args.concept)  # checks the plan's parameters first
            phases = pl.parameters.get("phases") or []
            if cost["seconds"] > 60:  # said before the wait, once
                print(
                    f"note: this run solves {cost['erms']:.3g} ERMs of {args.concept} blocks and answers "
                    f"{cost['queries']:.3g} queries: about {cost['seconds'] / 60:.0f} min of CPU on a 2-core machine",
                    file=sys.stderr,
                )
            with _progress(len(phases) or 1, sum(int(ph.get("R", 0)) for ph in phases) or None) as (bar, qbar):
                res = planning.run_everlasting_plan(
                    pl,
                    args.concept,
                    args.seed,
                    max_examples=args.max_examples,
                    max_memory=int(args.max_memory * 2**30),
                    progress=bar,
                    query_progress=qbar,
                )
    except (ValueError, TypeError) as exc:
        print(f"geoprivate everlasting: error: {exc}", file=sys.stderr)
        return 2
    out = res.to_dict() | {"plan": pl.as_dict()}
    if args.json:
        _json.dump(out)
        return 1 if res.failed else 0
    g = res.guarantee
    eps = "inf (privacy does not apply)" if g.is_vacuous else f"({g.epsilon:.4g}, {g.delta:.3g})"
    print(f"GenericBBL, planned configuration on {res.problem}: n = {pl.parameters['n']} examples")
    print(
        f"privacy_applies = {res.privacy_applies}: training privacy {eps} ({res.privacy.scope if res.privacy else ''})"
    )
    print(f"utility_proved = {res.utility_proved} (Theorem 5.2's conditions; err_D below is measured)")
    print(_phase_table(res, labelboost=False))
    print(f"6 alpha = {res.six_alpha:.4g}; failed = {res.failed}; total {res.seconds:.2f}s")
    return 1 if res.failed else 0


def _load_plan(path: str):
    """The plan saved in ``path`` (``--plan``); a file that is no plan is a ``ValueError`` naming the flag."""
    try:
        return planning.load_plan(path)
    except ValueError as exc:  # a UnicodeDecodeError too: a binary file
        raise ValueError(f"--plan {path!r}: {exc}") from None


@contextlib.contextmanager
def _progress(phases: int, queries):
    """Two tqdm bars on stderr (phases, queries answered), shown only when stderr is a terminal."""
    with (
        progress(total=phases, desc="phases", unit="phase", position=0, leave=True) as bar,
        progress(total=queries, desc="queries", unit="q", unit_scale=True, position=1, leave=True) as qbar,
    ):
        yield bar, qbar
