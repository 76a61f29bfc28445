"""``geoprivate predict``: run GenericPredictor ([Yan26] Algorithm 2) against an adversary.

Accuracy is reported as [Yan26] defines it (Definition 1, Claim 2/13): err_D(c, h_j),
the probability over x ~ D that the round-j predictor (the ensemble F_j with
BetweenThresholds' current noisy thresholds; its label law is a closed form in the vote)
mislabels x.  ``max_err_D`` is its maximum over the rounds; ``mean_block_err_D`` is
max_j mean_i err_D(c, f_{i,j}) and ``claim13_bound`` = 4 x that (Claim 13's bound).  Exact
for thresholds, intervals (uniform D) and finite classes (uniform positions); Monte Carlo
with a Hoeffding interval for halfspaces (Gaussian D).

``stream_disagreements`` counts the rounds whose released label differs from the target
on the queries actually asked.  [Yan26] never bounds it: an adaptive adversary asks
inside the ensemble's disagreement region, where labels are coin flips by design.

Default k = max(Algorithm 2's 64/eps (ln(T+1) + ln(1/beta)), Lemma 1's k for the gap 1/4),
so every default run has a finite epsilon; a run outside Lemma 1 says so in one line on
stderr.
"""

from __future__ import annotations

import math
import sys
import warnings

import numpy as np

from geoprivate.cli import _args, _json
from geoprivate.cli import _args as a
from geoprivate.cli._args import progress
from geoprivate.mechanisms import min_gap
from geoprivate.prediction import GenericPredictor, theorem_parameters
from geoprivate.prediction.problems import make_adversary, make_generator, make_problem
from geoprivate.privacy.warnings import PrivacyWarning
from geoprivate.problems import MAX_SAMPLE

HELP = "run GenericPredictor ([Yan26] Algorithm 2) against an adversary"

EPILOG = """examples:
  geoprivate predict --concept thresholds --adversary adaptive --T 2000 --seed 1
  geoprivate predict --concept halfspaces --d 2 --adversary adaptive --T 10000 --seed 1
  geoprivate predict --concept halfspaces --d 1 --adversary adaptive --T 2000 --repaired
  geoprivate predict --T 500 --json
"""


def add_arguments(p) -> None:
    """The flags of ``geoprivate predict``: the problem and its queries, the predictor's parameters, the run's.

    Parameters
    ----------
    p : argparse.ArgumentParser
        The command's parser.
    """
    _add_problem_arguments(p)
    _add_parameter_arguments(p)
    _add_run_arguments(p)


def _add_problem_arguments(p) -> None:
    """The concept class, its dimension, the adversary, the number of queries and the seed."""
    p.add_argument(
        "--concept",
        choices=("thresholds", "intervals", "halfspaces", "finite"),
        default="thresholds",
        help="the concept class and its problem (default thresholds)",
    )
    p.add_argument("--d", type=a.positive_int, default=2, action=a.Store, help="dimension (halfspaces; default 2)")
    p.add_argument(
        "--adversary",
        choices=("oblivious", "stochastic", "adaptive"),
        default="oblivious",
        help="who asks the queries: a fixed sequence, draws from D, or a white-box adaptive adversary "
        "(default oblivious)",
    )
    p.add_argument("--T", type=a.positive_int, default=1000, help="number of queries (default 1000)")
    p.add_argument(
        "--seed", type=a.seed, default=0, help="seed of the data, the predictor and the adversary (default 0)"
    )


def _add_parameter_arguments(p) -> None:
    """The mode and GenericPredictor's parameters (k, m, epsilon, delta, alpha, beta, --max-n)."""
    p.add_argument(
        "--mode",
        choices=("practical", "theorem"),
        default="practical",
        help="practical: explicit k, m, epsilon; theorem: [Yan26] Appendix A.2/A.3",
    )
    p.add_argument(
        "--k",
        type=a.positive_int,
        action=a.Store,
        help="number of blocks (practical; default max(Algorithm 2's k, Lemma 1's k))",
    )
    p.add_argument(
        "--m", type=a.positive_int, action=a.Store, help="block size (practical; default 20, 10 for halfspaces)"
    )
    p.add_argument(
        "--epsilon",
        type=a.epsilon,
        default=0.5,
        help="epsilon of each BetweenThresholds (practical) or the total epsilon (theorem)",
    )
    p.add_argument(
        "--delta", type=a.delta_open, default=1e-6, help="delta of each BetweenThresholds, in (0, 1) (default 1e-6)"
    )
    p.add_argument(
        "--alpha",
        type=a.accuracy,
        default=0.1,
        action=a.Store,
        help="theorem mode: the accuracy alpha (default 0.1)",
    )
    p.add_argument("--beta", type=a.probability, default=0.05, help="failure probability (default k; theorem mode)")
    p.add_argument(
        "--max-n",
        type=a.bounded_int(1, MAX_SAMPLE),
        default=10**7,
        action=a.Store,
        help=f"refuse runs needing more examples N = k*m (at most {MAX_SAMPLE:.0e}; default 1e7)",
    )


def _add_run_arguments(p) -> None:
    """The generator, its dual form, what is tracked and printed, err_D's samples, --repaired, workers."""
    p.add_argument(
        "--generator",
        choices=("auto", "oblivious", "halfspace"),
        default="auto",
        help="auto: G_halfspace for halfspaces, G_oblivious otherwise",
    )
    p.add_argument(
        "--dual-form",
        choices=("margin", "faithful"),
        default="margin",
        action=a.Store,
        help="G_halfspace's dual form (faithful: the paper's homogeneous form, degenerate)",
    )
    p.add_argument("--track-L", action=a.StoreTrue, help="track |L| exactly (G_oblivious, fixed sequences)")
    p.add_argument("--transcript", action="store_true", help="include the whole transcript in the JSON")
    p.add_argument("--json", action="store_true", help="print JSON (and nothing else) on stdout")
    p.add_argument(
        "--mc-samples",
        type=a.positive_int,
        default=20_000,
        help="Monte Carlo draws from D for err_D where no exact integral is implemented (halfspaces)",
    )
    p.add_argument(
        "--repaired",
        action="store_true",
        help="halfspaces: G_halfspace_repaired (never cuts C|HardQuery below dimension 1) instead of "
        "the faithful G_halfspace, which collapses to h_00 = 1",
    )
    p.add_argument(
        "--workers",
        type=a.positive_int,
        default=1,
        help="processes for G_halfspace's k exact cdepth maximisers (results do not depend on it)",
    )


def _inapplicable(args) -> dict:
    """Flags that do not apply to this run, with the reason (None: it applies)."""
    halfspaces = args.concept == "halfspaces"
    practical = args.mode == "practical"
    return {
        "d": None if halfspaces else "only --concept halfspaces uses it",
        "k": None if practical else "theorem mode computes k ([Yan26] Appendix A)",
        "m": None if practical else "theorem mode computes m ([Yan26] Appendix A)",
        "alpha": None if not practical else "only theorem mode uses it",
        "dual_form": None if halfspaces and args.generator != "oblivious" else "only G_halfspace uses it",
        "track_L": None
        if args.adversary != "adaptive" and not halfspaces and args.generator != "halfspace"
        else "|L| is tracked only for G_oblivious on a fixed (non-adaptive) sequence",
    }


def run(args) -> int:
    _args.warn_inapplicable(args, _inapplicable(args), "geoprivate predict")
    return _predict(args)


def _default_k(args) -> int:
    """max(Algorithm 2's k = 64/eps (ln(T+1) + ln(1/beta)), Lemma 1's n for the gap 1/4)."""
    k_alg2 = 64 / args.epsilon * (math.log(args.T + 1) + math.log(1 / args.beta))
    if not k_alg2 < 2**63:  # an epsilon of 1e-308 (1/epsilon finite, 64/epsilon not)
        raise ValueError(f"--epsilon {args.epsilon!r}: the default k (64/epsilon (ln(T+1) + ln(1/beta))) overflows")
    k_alg2 = math.ceil(k_alg2)
    if 0 < args.epsilon < 1 and 0 < args.delta < 1:
        return max(k_alg2, math.ceil(min_gap(args.epsilon, args.delta, 1) / 0.25))
    return k_alg2


def _predict(args) -> int:
    """``geoprivate predict``: GenericPredictor ([Yan26] Algorithm 2) on a ready-made problem.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed flags (:func:`add_arguments`).

    Returns
    -------
    int
        The exit code: 0, or 2 for bad arguments (one line on stderr).
    """
    try:
        if args.mc_samples < 1:
            raise ValueError(f"--mc-samples must be >= 1, got {args.mc_samples}")
        rng = np.random.default_rng(args.seed)
        s_problem, s_pred, s_adv, s_acc = (int(v) for v in rng.integers(0, 2**63, size=4))
        k, m, eps_bt, delta_bt, params = _block_sizes(args, s_problem)
        _check_table_memory(args, k)
        problem = make_problem(args.concept, k * m, s_problem, d=args.d)
        gen = _generator(args, problem)
        params.update(
            {
                "concept": problem.description,
                "adversary": args.adversary,
                "seed": args.seed,
                "dual_form": args.dual_form if gen.kind == "halfspaces" and args.generator != "oblivious" else None,
            }
        )
        # Lemma 2 with alpha = 1/8 (Claim 13's tau), beta: the k for accurate BetweenThresholds answers
        params["lemma2_k"] = math.ceil(64 / eps_bt * (math.log(args.T + 1) + math.log(1 / args.beta)))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", PrivacyWarning)
            pred = GenericPredictor(
                gen,
                problem.X,
                problem.y,
                k=k,
                m=m,
                epsilon=eps_bt,
                delta=delta_bt,
                rng=s_pred,
                mode=args.mode,
                parameters=params,
            )
        for w in caught:  # one line each on stderr (a run outside Lemma 1 says so)
            print(f"geoprivate predict: warning: {w.message}", file=sys.stderr)
        res = _run_queries(args, pred, gen, problem, s_adv, s_acc)
    except (ValueError, TypeError, ArithmeticError) as exc:
        print(f"geoprivate predict: error: {exc}", file=sys.stderr)
        return 2
    out = res.to_dict(transcript=args.transcript)
    if args.json:
        _json.dump(out)
    else:
        _print_text(out, problem, args, gen, k, m, eps_bt, params)
    return 0


#: the largest err_D table a run may build (bytes): measuring err_D predicts every one of the k hypotheses on
#: every cell or Monte Carlo point, a k x max(--mc-samples, ~2k) float64 table (k = 22489 asked for 5.2 GiB)
MAX_TABLE_BYTES = 2 * 2**30


def _check_table_memory(args, k: int) -> None:
    """Refuse, before anything runs, a run whose err_D table would exceed :data:`MAX_TABLE_BYTES`."""
    need = 8 * k * max(args.mc_samples, 2 * k)
    if need > MAX_TABLE_BYTES:
        why = "--k" if args.k is not None and args.mode == "practical" else "--epsilon, --delta, --beta, --T"
        raise ValueError(
            f"k = {k} blocks: measuring err_D needs a {need / 2**30:.3g} GiB table (> {MAX_TABLE_BYTES / 2**30:g} GiB); "
            f"lower k ({why}) or --mc-samples"
        )


def _block_sizes(args, s_problem: int):
    """The predictor's k blocks of m examples and BetweenThresholds' (epsilon, delta) for the mode.

    Theorem mode: [Yan26] Theorems A.2/A.3's parameters (refused beyond ``--max-n`` examples);
    practical mode: the flags, or defaults.

    Parameters
    ----------
    args : argparse.Namespace
    s_problem : int
        Seed of the problem (theorem mode draws the finite class to read its VC dimension).

    Returns
    -------
    k, m : int
    epsilon_bt, delta_bt : float
    params : dict
        The parameters recorded in the output.
    """
    if args.mode == "theorem":
        # A.2 takes d = VC(C) (thresholds 1, intervals 2, the finite class's exact VC); A.3 the dimension
        vc = {"thresholds": 1, "intervals": 2, "halfspaces": args.d}.get(args.concept)
        if vc is None:
            vc = make_problem(args.concept, 1, s_problem, d=args.d).d
        params = theorem_parameters(args.concept, vc, max(args.T, 3), args.alpha, args.beta, args.epsilon, args.delta)
        k, m = params["k"], params["m"]
        if k * m > args.max_n:
            raise ValueError(
                f"theorem mode needs N = k*m = {k}*{m} = {k * m} examples "
                f"(> --max-n {args.max_n}); use --mode practical or raise --max-n"
            )
        return k, m, params["epsilon_bt"], params["delta_bt"], params
    k = args.k if args.k is not None else _default_k(args)
    m = args.m if args.m is not None else (10 if args.concept == "halfspaces" else 20)
    if k * m > args.max_n:
        why = "--k" if args.k is not None else "the default k for --epsilon, --delta, --beta, --T"
        raise ValueError(
            f"practical mode needs N = k*m = {k}*{m} = {k * m} examples (> --max-n {args.max_n}; k: {why}); "
            "lower --k or --m, or raise --max-n"
        )
    params = {
        "mode": "practical",
        "k_default": "max(Algorithm 2's 64/eps (ln(T+1) + ln(1/beta)), Lemma 1's n for gap 1/4)"
        if args.k is None
        else None,
    }
    return k, m, args.epsilon, args.delta, params


def _generator(args, problem):
    """The generator the flags name (``--repaired`` for halfspaces: G_halfspace_repaired), with its workers.

    Parameters
    ----------
    args : argparse.Namespace
    problem : the problem (:func:`~geoprivate.prediction.problems.make_problem`)

    Returns
    -------
    generator
    """
    name = (
        "repaired"
        if args.repaired and args.concept == "halfspaces" and args.generator != "oblivious"
        else args.generator
    )
    gen = make_generator(problem, name, form=args.dual_form)
    if hasattr(gen, "workers"):
        if args.workers < 1:
            raise ValueError(f"--workers must be >= 1, got {args.workers}")
        gen.workers = args.workers
    return gen


def _run_queries(args, pred, gen, problem, s_adv: int, s_acc: int):
    """Answer ``--T`` queries of the named adversary (progress on stderr), err_D measured.

    Parameters
    ----------
    args : argparse.Namespace
    pred : GenericPredictor
    gen : its generator
    problem : the problem (its target, sampler)
    s_adv, s_acc : int
        Seeds of the adversary and of the accuracy measurement.

    Returns
    -------
    PredictionResult
    """
    adv = make_adversary(args.adversary, problem, args.T, s_adv)
    track = args.track_L and args.adversary != "adaptive" and gen.name == "G_oblivious"
    with progress(total=args.T, desc="queries", unit="q", unit_scale=True) as bar:
        return pred.run(
            adv,
            args.T,
            target=problem.target,
            track_L=track,
            law=problem.sampler,
            n_samples=args.mc_samples,
            accuracy_rng=s_acc,
            progress=bar,
        )


def _print_text(out, problem, args, gen, k, m, eps_bt, params) -> None:
    eps = (
        "inf (Lemma 1 does not apply: see epsilon_nominal)"
        if out["epsilon_spent"] is None
        else f"{out['epsilon_spent']:.4g}"
    )
    print(
        f"{problem.description}; {args.adversary} adversary; {gen!r}; mode={args.mode}, k={k}, m={m}, eps_bt={eps_bt}"
    )
    print(f"T={out['T']}  hard queries={out['hard_queries']}  segments={out['segments']}  time={out['seconds']:.2f}s")
    acc = out["accuracy"]
    ci = (
        "exact"
        if acc["method"] == "exact"
        else ("block errors exact, " if acc["method"] == "mixed" else "")
        + f"Monte Carlo, n={acc['n_samples']}, +/-{acc['half_width']:.3g} at {acc['confidence']}"
    )
    print(
        f"accuracy ([Yan26] Def. 1, {ci}): max_j err_D(c, h_j) = {out['max_err_D']:.4f}; "
        f"max_j mean_i err_D(c, f_ij) = {out['mean_block_err_D']:.4f}; Claim 13 bound 4x = "
        f"{out['claim13_bound']:.4f}; max block err_D = {out['max_block_err_D']:.4f}"
    )
    print(
        f"stream_disagreements={out['stream_disagreements']} (released label != c(x_j) on the asked queries; "
        "not bounded by [Yan26])"
    )
    print(f"hard rounds: {out['hard_rounds'][:30]}{' ...' if len(out['hard_rounds']) > 30 else ''}")
    if out["L_sizes"]:
        print(f"|L| after each hard query: {out['L_sizes']}")
    if out["affine_dims"]:
        print(f"affine dimension of C|HardQuery: {out['affine_dims']}")
    if k < params["lemma2_k"]:
        print(
            f"note: k={k} < Lemma 2's k={params['lemma2_k']} (alpha=1/8, beta={args.beta}): answers are "
            "not guaranteed accurate (noise TOPs, label noise)"
        )
    nom = out["epsilon_nominal"]
    print(
        f"privacy: epsilon_spent={eps}, delta_spent={out['delta_spent']}; nominal "
        f"epsilon={'inf' if nom is None else f'{nom:.4g}'}, delta={out['delta_nominal']}"
    )
