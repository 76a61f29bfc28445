"""``geoprivate verify``: run the registered claims — the papers' and your own — on generated instances.

Selection: ``--claim`` (repeatable) takes an id, a namespace or id prefix (``--claim winnow``) or a
glob (``--claim 'vc1/theorem-*'``); an unknown one suggests the closest ids.  ``--claims-from``
(repeatable: a ``.py`` file, a directory of them, an importable module) and the entry-point group
``geoprivate.claims`` add user claims (:func:`geoprivate.claims.claim`); they run, print, go into
``--json`` and ``--report`` exactly as the built-in ones.  A claim with ``instances=`` is searched
(``--max-examples``, deterministic under ``--seed``) and its counterexample shrunk.

Each claim runs in a child process of its own, under a time limit (``--time-limit``): a check that
raises, calls ``sys.exit`` or ``os._exit``, crashes, hangs or loops costs one line and the status
``error`` or ``timeout`` for that claim, never the other claims or the JSON; what a check prints is
kept in its record (``output``) and shown under its row, never mixed into ``--json``.

Exit codes: 0 when every selected claim ran (``holds``, ``skipped`` or ``violated`` — a violated
claim is a finding about the paper, reported with its instance; pass ``--strict`` to make it exit
1); 2 when a claim ended in ``error`` or ``timeout``, a ``--claims-from`` source or an installed
claims entry point failed to load (one line each on stderr; every claim that did load still runs),
or the arguments are wrong.  A ``--claims-from`` source that is missing, not a regular file or
larger than 10 MiB is refused before anything runs (exit 2).
"""

from __future__ import annotations

import json
import math
import sys
import textwrap

from geoprivate import claims as _claims
from geoprivate._json import strict_json
from geoprivate.claims import catalogue, steps
from geoprivate.claims._registry import DEFAULT_TIME_LIMIT, RECORD_STATUSES, audit_summary
from geoprivate.claims._sources import source_problem
from geoprivate.cli import _args, _json
from geoprivate.report import write_report

HELP = "run the papers' claims (and your own: --claims-from) on generated instances"

#: characters of an instance printed in the table before it is shortened
INSTANCE_WIDTH = 400

#: characters of a violated claim's statement printed under its row
STATEMENT_WIDTH = 160

#: lines of a check's printed output shown under its row (all of them, as kept, with --verbose)
OUTPUT_LINES = 3

LEGEND = (
    "\n".join(
        textwrap.fill(meaning, 100, initial_indent=f"{status:<9}", subsequent_indent=" " * 9)
        for status, meaning in RECORD_STATUSES.items()
    )
    + """
[n XWarning] warnings counted per claim (claims run outside theorems on purpose; --verbose lists them)
whole records: --json (strict JSON on stdout); an HTML report with every instance and the command
that replays it: --report DIR"""
)

EPILOG = """examples:
  geoprivate verify                                  # every claim, a table; violated = a finding about a paper
  geoprivate verify --claim everlasting/claim-e-6    # one claim
  geoprivate verify --claim winnow                   # one paper's claims (a prefix; a glob works too)
  geoprivate verify --claims-from my_claims.py       # your own claims beside the papers'
  geoprivate verify --json > claims.json             # machine-readable
  geoprivate verify --report out/                    # HTML report with figures and saved counterexamples
  geoprivate verify --coverage                       # the papers' numbered statements and what checks each
"""


def add_arguments(v) -> None:
    v.add_argument(
        "--claim",
        action="append",
        type=_args.nonempty_str,
        metavar="ID|PREFIX|GLOB",
        help="run only these claims: an id (vc1/theorem-7), a namespace or prefix (winnow), or a glob "
        "('vc1/theorem-*'); repeatable",
    )
    v.add_argument(
        "--claims-from",
        action="append",
        default=[],
        type=_args.nonempty_str,
        metavar="FILE|DIR|MODULE",
        help="also load user claims (geoprivate.claims.claim) from a .py file, a directory of them or an "
        "importable module; repeatable",
    )
    v.add_argument("--seed", type=_args.seed, default=0, help="master seed (default 0): same seed, same instances")
    v.add_argument("--size", choices=_claims.SIZES, default="small", help="instance size (default small)")
    v.add_argument(
        "--max-examples",
        type=_args.positive_int,
        default=None,
        help="examples searched per claim with an instance space (default: "
        + ", ".join(f"{k} {n}" for k, n in _claims.DEFAULT_MAX_EXAMPLES.items())
        + ", or the claim's own budget)",
    )
    v.add_argument(
        "--time-limit",
        type=_args.bounded_float(0, 10**7),
        default=None,
        metavar="SECONDS",
        help="stop a claim (and the loading of a claims file) after this many seconds: status timeout "
        "(default: " + ", ".join(f"{k} {t:g}" for k, t in DEFAULT_TIME_LIMIT.items()) + "; 0: no limit)",
    )
    v.add_argument("--json", action="store_true", help="print strict JSON (every record whole) instead of a table")
    v.add_argument("--strict", action="store_true", help="exit 1 if any claim is violated")
    v.add_argument(
        "--list", action="store_true", help='print the selected claim ids and exit (with --json: {"ids": [...]})'
    )
    v.add_argument(
        "--coverage",
        action="store_true",
        help="print the catalogue of the papers' numbered statements (and the statements user claims name) "
        "and what checks each, and the counts of their proofs' steps (checked / derived / not executable), then exit",
    )
    v.add_argument(
        "--report",
        metavar="DIR",
        type=_args.output_dir,
        help="also write a self-contained HTML report (statements, claims, figures, instances with replay "
        "commands) to DIR (checked before any claim runs)",
    )
    v.add_argument(
        "--verbose",
        action="store_true",
        help="list the warnings each claim triggered under its row (by default they are only counted)",
    )


def run(args) -> int:
    return _verify(args)


def _dump(obj) -> None:
    """Write ``obj`` through the CLI's one JSON writer, after the claims' exact conversion (rationals as strings)."""
    _json.dump(strict_json(obj, fractions="exact"))


def _time_limit(args) -> float:
    """The per-claim time limit in seconds: ``--time-limit`` (0: none) or the size's default."""
    limit = getattr(args, "time_limit", None)
    if limit is None:
        return DEFAULT_TIME_LIMIT[args.size]
    return math.inf if limit == 0 else float(limit)


def _refused_sources(sources) -> list[str]:
    """The ``--claims-from`` arguments that cannot be loaded at all (missing, not a regular file, too large)."""
    lines = [line for line in (source_problem(src) for src in sources) if line is not None]
    for line in lines:
        print(
            f"geoprivate verify: error: argument --claims-from: cannot load claims: {line} (nothing was run)",
            file=sys.stderr,
        )
    return lines


def _load_user_claims(sources, time_limit: float) -> list[str]:
    """Load the installed entry points' and the ``--claims-from`` sources' claims; one stderr line per failure."""
    errors = list(_claims.load_entry_points(time_limit=time_limit))
    for line in errors:
        print(f"geoprivate verify: cannot load claims: {line}", file=sys.stderr)
    for src in sources:
        for line in _claims.load_claims(src, time_limit=time_limit):
            print(f"geoprivate verify: --claims-from: cannot load claims: {line}", file=sys.stderr)
            errors.append(line)
    return errors


def _select(patterns):
    if not patterns:
        return _claims.all_claims()
    out: dict[str, _claims.Claim] = {}
    for pat in patterns:
        try:
            hits = _claims.select_claims(pat)
        except KeyError as exc:
            try:  # an id registered some other way (the tests plant claims through get_claim)
                hits = [_claims.get_claim(pat)]
            except KeyError:
                raise exc from None
        out.update((c.id, c) for c in hits)
    return [out[k] for k in sorted(out)]


def _verify(args) -> int:
    sources = getattr(args, "claims_from", []) or []
    if _refused_sources(sources):
        return 2
    time_limit = _time_limit(args)
    load_errors = _load_user_claims(sources, time_limit)
    if getattr(args, "coverage", False):
        return _coverage(args, load_errors)
    try:
        selected = _select(args.claim)
    except KeyError as exc:
        print(f"geoprivate verify: {exc.args[0]}", file=sys.stderr)
        return 2
    if getattr(args, "list", False):
        if args.json:  # --json writes JSON and nothing else
            _dump({"ids": [c.id for c in selected]})
        else:
            for c in selected:
                print(c.id)
        return 2 if load_errors else 0
    max_examples = getattr(args, "max_examples", None)
    records = []
    from tqdm import tqdm

    if args.size == "medium":
        print(
            f"geoprivate verify --size medium: {len(selected)} claims; progress and the time left on stderr "
            "(when it is a terminal)",
            file=sys.stderr,
        )
    for claim in tqdm(selected, desc="claims", unit="claim", disable=None, leave=False, file=sys.stderr):
        rec = _claims.run_claim(
            claim, seed=args.seed, size=args.size, max_examples=max_examples, sandbox=True, time_limit=time_limit
        )
        records.append(rec)
        if not args.json:
            _print_row(rec, debug=bool(getattr(args, "debug", False)), verbose=args.verbose)
        elif rec["status"] in ("error", "timeout"):
            _print_failure(rec, debug=bool(getattr(args, "debug", False)))
    if args.json:
        payload = {
            "claims": records,
            "seed": args.seed,
            "size": args.size,
            "max_examples": max_examples,
            "time_limit": None if math.isinf(time_limit) else time_limit,
        }
        if load_errors:
            payload["load_errors"] = load_errors
        _dump(payload)
    else:
        _print_summary(records)
    if getattr(args, "report", None):
        path = write_report(
            records,
            args.report,
            seed=args.seed,
            size=args.size,
            max_examples=max_examples,
            claims=args.claim,
            claims_from=sources,
            time_limit=getattr(args, "time_limit", None),
        )
        print(f"report: {path}", file=sys.stderr)
    if load_errors or any(r["status"] in ("error", "timeout") for r in records):
        return 2
    if args.strict and any(r["status"] == "violated" for r in records):
        return 1
    return 0


def _coverage(args, load_errors) -> int:
    if args.json:
        _dump(
            {
                "statements": catalogue.coverage_rows(),
                "summary": catalogue.coverage_summary(),
                "problems": catalogue.link_problems(),
                "user_statements": catalogue.user_coverage_rows(),
                "steps": steps.step_rows(),
                "step_summary": steps.step_summary(),
            }
        )
    else:
        print(catalogue.format_coverage())
    return 0 if not catalogue.link_problems() and not load_errors else 2


def _short(evidence: dict, width: int = 70) -> str:
    text = ", ".join(f"{k}={v}" for k, v in evidence.items() if not _search_record(k, v))
    return text if len(text) <= width else text[: width - 3] + "..."


def _search_record(key: str, value) -> bool:
    """The search engine's own evidence (printed on lines of their own), not the claim's."""
    if key == "search":
        return isinstance(value, dict) and value.get("engine") == "hypothesis"
    return key == "shrunk" and isinstance(value, dict) and "measure" in value


def _warning_note(rec: dict) -> str:
    counts = rec.get("warnings", {}).get("counts", {})
    return "" if not counts else " [" + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) + "]"


def shorten_instance(instance, width: int = INSTANCE_WIDTH) -> str:
    """The instance as one line of JSON; past ``width`` characters, cut with an explicit marker.

    Parameters
    ----------
    instance : object
        A JSON-ready instance.
    width : int

    Returns
    -------
    str
    """
    text = json.dumps(strict_json(instance, fractions="exact"), allow_nan=False, default=str)
    if len(text) <= width:
        return text
    return text[:width] + f" … (shortened, {len(text)} characters; whole instance: --json / --report)"


def _first_line(text: str, width: int = STATEMENT_WIDTH) -> str:
    """A statement as one line (its hard line breaks joined), cut at a word before ``width`` characters."""
    line = " ".join((text or "").split())
    return line if len(line) <= width else line[: width - 1].rsplit(" ", 1)[0] + " …"


def _print_row(rec: dict, debug: bool = False, verbose: bool = False) -> None:
    evidence = audit_summary(rec.get("evidence", {})) or _short(rec.get("evidence", {}))
    print(f"{rec['status']:<9} {rec['id']:<34} {evidence}{_warning_note(rec)}", flush=True)
    if verbose:
        for text in rec.get("warnings", {}).get("messages", []):
            print(f"          {text}")
    if rec["status"] == "violated":
        print(f"          statement: {_first_line(rec.get('statement', ''))}")
        print(f"          instance: {shorten_instance(rec.get('instance'))}")
        search = rec.get("evidence", {}).get("search")
        if _search_record("search", search):
            print(
                f"          searched with hypothesis (at most {search['max_examples']} examples) and shrunk to the "
                "smallest failing instance it reaches"
            )
        shrunk = rec.get("evidence", {}).get("shrunk")
        if _search_record("shrunk", shrunk):
            print(
                f"          size: {shrunk['before']} {shrunk['measure']} in the plain random search's instance, "
                f"{shrunk['after']} in the shrunk one"
            )
    elif rec["status"] in ("skipped", "timeout"):
        print(f"          reason: {rec.get('reason', '')}")
    _print_output(rec, verbose)
    if rec["status"] in ("error", "timeout"):
        _print_failure(rec, debug)


def _print_output(rec: dict, verbose: bool) -> None:
    """What the check printed: its first lines under the row (all it kept with ``--verbose``)."""
    lines = rec.get("output", "").splitlines()
    shown = lines if verbose else lines[:OUTPUT_LINES]
    for i, line in enumerate(shown):
        print(f"          {'output:' if i == 0 else '       '} {line}")
    if len(lines) > len(shown):
        print(f"                  … {len(lines) - len(shown)} more lines (--verbose, --json)")


def _print_failure(rec: dict, debug: bool) -> None:
    """One stderr line for a claim that gave no verdict (its traceback with ``--debug``)."""
    if rec["status"] == "timeout":
        print(f"geoprivate verify: {rec['id']} stopped: {rec.get('reason', '')} (--time-limit)", file=sys.stderr)
    elif debug and rec.get("traceback"):
        print(rec["traceback"], file=sys.stderr)
    else:
        hint = " (rerun with --debug for the traceback)" if rec.get("traceback") else ""
        print(f"geoprivate verify: {rec['id']} crashed: {rec['evidence']['error']}{hint}", file=sys.stderr)


def _print_summary(records: list[dict]) -> None:
    counts: dict[str, int] = {}
    for r in records:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    print("-" * 60)
    seconds = sum(r.get("seconds", 0.0) for r in records)
    print(f"{len(records)} claims in {seconds:.0f} s: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    print(LEGEND)
