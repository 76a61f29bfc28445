"""``geoprivate explore``: write one self-contained interactive HTML page of a run.

* ``explore predict --concept halfspaces --d 1|2 [--repaired] --seed S --out page.html`` —
  [Yan26] GenericPredictor with G_halfspace: the feasible region collapsing round by round
  (:mod:`geoprivate.explore.predict`);
* ``explore everlasting --seed S --out page.html`` — [NNSY23] GenericBBL phase by phase;
* ``explore vc1 --seed S --out page.html`` — [Yan25]: the version space shrinking down the
  tree of a VC-1 class, then OPTPrivateLearner's choice.

The page has a slider and a play button, embeds Plotly's JavaScript (works offline) and
the run's transcript as JSON, and is the same bytes for the same arguments.  Needs the
``explore`` extra (``pip install ".[explore]"``).  Prints the path written.  Exit codes:
0 success, 2 bad arguments or plotly missing.
"""

from __future__ import annotations

import sys
from pathlib import Path

from geoprivate.cli import _args as a
from geoprivate.cli._args import progress
from geoprivate.explore import everlasting_page, predict_page, vc1_page

HELP = "write an interactive, self-contained HTML explorer of a run (predict, everlasting, vc1)"


PREDICT_EPILOG = """examples:
  geoprivate explore predict --out collapse.html
  geoprivate explore predict --concept halfspaces --d 1 --repaired --seed 4 --out collapse.html
  geoprivate explore predict --concept halfspaces --d 2 --seed 2 --out collapse3d.html
"""
EVERLASTING_EPILOG = """examples:
  geoprivate explore everlasting --seed 0 --out bbl.html
"""
VC1_EPILOG = """examples:
  geoprivate explore vc1 --seed 0 --out vc1.html
"""
EPILOG = "examples:\n" + "".join(e.splitlines()[1] + "\n" for e in (PREDICT_EPILOG, EVERLASTING_EPILOG, VC1_EPILOG))


def add_arguments(p) -> None:
    sub = p.add_subparsers(dest="what", required=True, parser_class=type(p), help="which run to explore")
    pr = a.add_command(
        sub,
        "predict",
        help="[Yan26] G_halfspace's feasible region, round by round",
        description="[Yan26] GenericPredictor with G_halfspace: the feasible region collapsing round by round. "
        "The default run has k = 6 blocks (so that the arrangement can be drawn): illustrative, not private; "
        "the page's title names the k Lemma 1 needs.",
        epilog=PREDICT_EPILOG,
    )
    pr.add_argument(
        "--concept",
        choices=("halfspaces",),
        default="halfspaces",
        help="the concept class (the collapse is G_halfspace's: halfspaces)",
    )
    pr.add_argument("--d", type=int, choices=(1, 2), default=1, help="dimension (1: the dual plane; 2: 3-D)")
    pr.add_argument(
        "--repaired",
        action="store_true",
        help="draw G_halfspace_repaired beside the faithful G_halfspace (same data and seeds)",
    )
    pr.add_argument("--seed", type=a.seed, default=None, help="seed of the run (default 4 for d = 1, 2 for d = 2)")
    ev = a.add_command(
        sub,
        "everlasting",
        help="[NNSY23] GenericBBL phase by phase",
        description="[NNSY23] GenericBBL phase by phase (three practical phases: illustrative, not private; the "
        "page's title names the failing conditions).",
        epilog=EVERLASTING_EPILOG,
    )
    ev.add_argument("--seed", type=a.seed, default=0, help="seed of the problem (the run uses seed + 1; default 0)")
    vc = a.add_command(
        sub,
        "vc1",
        help="[Yan25] the tree of a VC-1 class and the version space per step",
        description="[Yan25] OPTPrivateLearner on the class of Figure 1: the version space down the tree.",
        epilog=VC1_EPILOG,
    )
    vc.add_argument("--seed", type=a.seed, default=0, help="seed of the run (default 0)")
    for q in (pr, ev, vc):
        q.add_argument(
            "--out", required=True, type=a.output_file_new_dir, help="the HTML file to write (its folder is created)"
        )


def build_page(args, progress=None) -> str:
    """The page's HTML for parsed arguments (``progress``: a tqdm-like bar, advanced per run of predict)."""
    if args.what == "predict":
        seed = args.seed if args.seed is not None else (4 if args.d == 1 else 2)
        return predict_page(d=args.d, seed=seed, repaired=args.repaired, progress=progress)
    if args.what == "everlasting":
        return everlasting_page(seed=args.seed)

    return vc1_page(seed=args.seed)


def run(args) -> int:
    try:
        import plotly  # noqa: F401
    except ImportError:
        print('geoprivate explore: needs plotly: pip install ".[explore]"', file=sys.stderr)
        return 2

    runs = 1 + bool(getattr(args, "repaired", False)) if args.what == "predict" else None
    # progress on stderr when it is a terminal: the runs drawn, then the page
    with progress(total=runs, desc=f"explore {args.what}", unit="run") as bar:
        page = build_page(args, progress=bar)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")
    print(out)
    return 0
