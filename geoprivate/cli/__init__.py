"""Command line: ``geoprivate <command>``, one module of this package per command.

A command module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int`` (the exit code); :func:`build_parser` discovers every public
module of this package, so adding a command is adding a file.

Exit codes: 0 success, 1 a finding under ``--strict`` (``verify``), 2 bad arguments or
a crash (see each command's docstring).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

__all__ = ["main", "build_parser"]


def _commands() -> dict:
    mods = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            mods[info.name] = importlib.import_module(f"{__name__}.{info.name}")
    return mods


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="geoprivate",
        description="Exact solvers and the papers' private algorithms: verify claims, run predictors.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, mod in _commands().items():
        p = sub.add_parser(name, help=mod.HELP, description=(mod.__doc__ or mod.HELP).strip())
        mod.add_arguments(p)
        p.set_defaults(func=mod.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
