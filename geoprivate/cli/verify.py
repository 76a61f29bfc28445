"""``geoprivate verify``: run the registered claims of the papers on generated instances.

Exit codes: 0 when every claim ran (``holds``, ``skipped`` or ``violated`` — a violated
claim is a finding and is reported with its instance; pass ``--strict`` to make it exit
1), 2 when a claim crashed or the arguments are wrong.
"""

from __future__ import annotations

import json
import sys
import traceback
import warnings

from geoprivate import claims as _claims
from geoprivate.cli import _args

HELP = "run the papers' claims on generated instances"

EPILOG = """examples:
  geoprivate verify                                  # every claim, a table; violated = a finding about a paper
  geoprivate verify --claim everlasting/claim-e-6    # one claim
  geoprivate verify --json > claims.json             # machine-readable
  geoprivate verify --report out/                    # HTML report with figures and saved counterexamples
  geoprivate verify --coverage                       # the papers' numbered statements and what checks each
"""


def add_arguments(v) -> None:
    v.add_argument("--claim", type=_args.nonempty_str, help="run only this claim id (e.g. general/sauer-shelah)")
    v.add_argument("--seed", type=_args.seed, default=0, help="master seed (default 0)")
    v.add_argument(
        "--size", choices=_claims.SIZES, default="small", help="instance size: small (the default, quick) or medium"
    )
    v.add_argument("--json", action="store_true", help="print JSON (and nothing else) instead of a table")
    v.add_argument("--strict", action="store_true", help="exit 1 if any claim is violated")
    v.add_argument(
        "--coverage",
        action="store_true",
        help="print the catalogue of the papers' numbered statements and what checks each, then exit",
    )
    v.add_argument(
        "--report",
        metavar="DIR",
        type=_args.output_dir,
        help="also write a self-contained HTML report (statements, claims, figures, instances) to DIR "
        "(checked before any claim runs)",
    )
    v.add_argument(
        "--verbose",
        action="store_true",
        help="list the warnings each claim triggered under its row (by default they are only counted)",
    )


def run(args) -> int:
    return _verify(args)


def _verify(args) -> int:
    if getattr(args, "coverage", False):
        from geoprivate.claims import catalogue

        if args.json:
            json.dump(
                {
                    "statements": catalogue.coverage_rows(),
                    "summary": catalogue.coverage_summary(),
                    "problems": catalogue.link_problems(),
                },
                sys.stdout,
                indent=2,
            )
            print()
        else:
            print(catalogue.format_coverage())
        return 0 if not catalogue.link_problems() else 2
    try:
        selected = [_claims.get_claim(args.claim)] if args.claim is not None else _claims.all_claims()
    except KeyError as exc:
        print(f"geoprivate verify: {exc.args[0]}", file=sys.stderr)
        return 2
    records, crashed = [], False
    from tqdm import tqdm

    for claim in tqdm(selected, desc="claims", unit="claim", disable=None, leave=False, file=sys.stderr):
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                rec = _claims.run_claim(claim, seed=args.seed, size=args.size)
            rec["warnings"] = _warning_summary(caught)
        except Exception as exc:  # a crash is an error: report it and fail the run
            crashed = True
            rec = {
                "id": claim.id,
                "paper": claim.paper,
                "citation": claim.citation,
                "statement": claim.statement,
                "status": "error",
                "evidence": {"error": f"{type(exc).__name__}: {exc}"},
                "traceback": traceback.format_exc(),
            }
        records.append(rec)
        if not args.json:
            _print_row(rec, debug=bool(getattr(args, "debug", False)), verbose=args.verbose)
    if args.json:
        json.dump({"claims": records, "seed": args.seed, "size": args.size}, sys.stdout, indent=2)
        print()
    else:
        _print_summary(records)
    if getattr(args, "report", None):
        from geoprivate.report import write_report

        print(f"report: {write_report(records, args.report, seed=args.seed, size=args.size)}", file=sys.stderr)
    if crashed:
        return 2
    if args.strict and any(r["status"] == "violated" for r in records):
        return 1
    return 0


def _short(evidence: dict, width: int = 70) -> str:
    text = ", ".join(f"{k}={v}" for k, v in evidence.items())
    return text if len(text) <= width else text[: width - 3] + "..."


def _warning_summary(caught) -> dict:
    """The warnings a claim triggered (claims run outside theorems on purpose): counts per
    category and the distinct messages, for one row instead of one line per warning."""
    counts: dict[str, int] = {}
    messages: list[str] = []
    for w in caught:
        name = w.category.__name__
        counts[name] = counts.get(name, 0) + 1
        text = f"{name}: {str(w.message).replace(chr(10), ' ')}"
        if text not in messages:
            messages.append(text)
    return {"counts": counts, "messages": messages}


def _warning_note(rec: dict) -> str:
    counts = rec.get("warnings", {}).get("counts", {})
    return "" if not counts else " [" + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) + "]"


def _print_row(rec: dict, debug: bool = False, verbose: bool = False) -> None:
    print(f"{rec['status']:<9} {rec['id']:<34} {_short(rec.get('evidence', {}))}{_warning_note(rec)}", flush=True)
    if verbose:
        for text in rec.get("warnings", {}).get("messages", []):
            print(f"          {text}")
    if rec["status"] == "violated":
        print(f"          instance: {json.dumps(rec.get('instance'))[:400]}")
    elif rec["status"] == "skipped":
        print(f"          reason: {rec.get('reason', '')}")
    elif rec["status"] == "error":
        if debug:
            print(rec["traceback"], file=sys.stderr)
        else:
            print(
                f"geoprivate verify: {rec['id']} crashed: {rec['evidence']['error']} "
                "(rerun with --debug for the traceback)",
                file=sys.stderr,
            )


def _print_summary(records: list[dict]) -> None:
    counts: dict[str, int] = {}
    for r in records:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    print("-" * 60)
    print(f"{len(records)} claims: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
