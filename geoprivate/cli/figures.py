"""``geoprivate figures``: write the report's figures as PNG files.

``python -m geoprivate figures --only collapse_d1_repaired --out docs/img`` regenerates the
README's figure (``python docs/make_images.py --write`` redraws every committed image).  The figures
are those of :mod:`geoprivate.report.figures` (seeded: the same command draws the same picture), and
each PNG carries the data it shows (:mod:`geoprivate.viz.provenance`).  Exit codes: 0 success, 2 unknown
figure name or a figure that failed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from geoprivate.cli import _args
from geoprivate.report import figures as report_figures

HELP = "write the report's figures (collapse, |L|, hard queries vs T, privacy, VC-1 tree) as PNG files"

EPILOG = """examples:
  geoprivate figures --list
  geoprivate figures --only collapse_d1_repaired --out docs/img    # the README's figure (seeded)
  geoprivate figures --out figs/                                   # every figure
"""


def add_arguments(p) -> None:
    p.add_argument(
        "--out",
        default=".",
        type=_args.output_dir,
        help="output directory (created if missing; default .; checked before any figure is drawn)",
    )
    p.add_argument("--only", action="append", metavar="NAME", help="only this figure (repeatable)")
    p.add_argument("--size", choices=("small", "medium"), default="small", help="instance size")
    p.add_argument("--dpi", type=_args.bounded_int(20, 1200), default=110, help="resolution (20..1200, default 110)")
    p.add_argument("--list", action="store_true", help="list the figure names and exit")


def run(args) -> int:
    if args.list:
        for name, spec in report_figures.FIGURES.items():
            print(f"{name:<20} {spec.paper:<12} {spec.title}")
        return 0
    names = args.only or list(report_figures.FIGURES)
    unknown = [n for n in names if n not in report_figures.FIGURES]
    if unknown:
        print(
            f"geoprivate figures: --only: unknown figure(s) {unknown}; known: {', '.join(report_figures.FIGURES)}",
            file=sys.stderr,
        )
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    # progress on stderr when it is a terminal; the paths written go to stdout
    for name in _args.progress(names, desc="figures", unit="fig"):
        path = out / f"{name}.png"
        path.write_bytes(report_figures.figure_png(report_figures.build_figure(name, args.size), dpi=args.dpi))
        print(path)
    return 0
