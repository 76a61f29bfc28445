"""Numbers in prose come from code: regenerate (or check) every marked number of README.md and docs/*.md.

A computed number that the README or a doc states as a result is written between markers::

    the training privacy is <!-- gen:repaired_training_eps -->7.74<!-- /gen -->

and a generated block (a table) the same way over several lines::

    <!-- gen:price_of_everlasting_table -->
    | phases | ... |
    <!-- /gen -->

``NAME`` is a key of :data:`GENERATORS`: a function returning the exact text (numbers formatted to the
precision printed).  Two kinds:

* **computed** — recomputed from the toolkit's own functions (guarantees, sizes from calculators);
  cheap ones are checked by the default test run, ``slow`` ones (exact laws in quadrature, a few
  seconds each) by the slow tests;
* **saved** — measured values (benchmark tables, timings) read from the file a benchmark writes with
  ``--save`` (``benchmarks/results/*.json``, committed): the check is that the text says what the
  saved file says.  Re-measure by re-running the benchmark with ``--save``, then ``--write``.

Run from the repository root::

    python docs/gen_numbers.py --check          # exit 1 and list every stale marker
    python docs/gen_numbers.py --write          # rewrite the marked text from the code
    python docs/gen_numbers.py --check --slow   # also the slow generators

Adding a number: write a function here returning its text, register it with ``@gen(name)`` (or
``@gen(name, slow=True)`` / a saved file), put the markers in the markdown, run ``--write``.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MARKER = re.compile(r"<!-- gen:(?P<name>[a-z0-9_]+) -->(?P<body>.*?)<!-- /gen -->", re.S)
GENERATORS: dict = {}
SLOW: set = set()
SUP = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def gen(name: str, *, slow: bool = False):
    """Register a generator of the text of marker ``name``."""

    def deco(fn):
        GENERATORS[name] = fn
        if slow:
            SLOW.add(name)
        return fn

    return deco


# ------------------------------------------------------------------------------------------- format
def sci(x: float, digits: int = 2) -> str:
    """8.6·10⁻¹⁶ (``digits`` significant digits); a power of ten alone prints as 10⁻¹⁵."""
    m, e = f"{x:.{digits - 1}e}".split("e")
    return f"{m}·10{str(int(e)).translate(SUP)}"


def grouped(n: int) -> str:
    """115 809 (thin groups of three, as the docs print integers)."""
    return f"{int(n):,}".replace(",", " ")


def pair(g, digits: int = 2) -> str:
    """(ε, δ) as the docs print a guarantee."""
    return f"({g.epsilon:.{digits}f}, {sci(g.delta)})"


# ------------------------------------------------------------------------------------------- computed
@lru_cache(maxsize=None)
def _attack():
    from geoprivate.everlasting.query_attack import halting_parameters

    return halting_parameters()


@lru_cache(maxsize=None)
def _repaired():
    from geoprivate.everlasting.repaired import StopperParameters, repaired_guarantees

    p = _attack().phase(1)
    return repaired_guarantees(_attack(), StopperParameters(1.0, 1e-6), p.S)


@gen("labelboost_eps")
def _labelboost_eps() -> str:
    from geoprivate.everlasting.accounting import labelboost_epsilon

    return f"{labelboost_epsilon():.3f}"


@gen("attack_T1")
def _attack_T1() -> str:
    return grouped(_attack().phase(1).T)


@gen("attack_eps_bt")
def _attack_eps_bt() -> str:
    return f"{_attack().phase(1).epsilon_bt:.4f}"


@gen("attack_vote_shift")
def _attack_vote_shift() -> str:
    p = _attack().phase(1)
    return sci((1 / p.T) / (p.t_upper - p.t_lower))


@gen("repaired_c_max")
def _repaired_c_max() -> str:
    return str(_repaired()["c_max"][0])


@gen("repaired_answering_training")
def _repaired_answering() -> str:
    g = _repaired()["answering_training"][0]
    return f"ε_tr = {g.epsilon:.2f} with δ_tr = {sci(g.delta)}"


@gen("repaired_training")
def _repaired_training() -> str:
    return pair(_repaired()["training"])


@gen("repaired_training_eps")
def _repaired_training_eps() -> str:
    return f"{_repaired()['training'].epsilon:.2f}"


@gen("repaired_query")
def _repaired_query() -> str:
    g = _repaired()["query_same_phase"]
    return f"({g.epsilon:g}, {sci(g.delta)})"


@gen("repaired_sizes_amplification")
def _repaired_sizes() -> str:
    from geoprivate.everlasting.accounting import labelboost_epsilon

    p = _attack().phase(1)
    k = 3 + math.exp(labelboost_epsilon())
    return f"|Ŝ_1|(3 + e^{{ε_LB}})/|S_1| = {grouped(p.s_hat)} · {k:.2f}/{grouped(p.S)} = {p.s_hat * k / p.S:.2f} > 1"


@gen("repaired_training_6T")
def _repaired_6T() -> str:
    from geoprivate.mechanisms.stopper import training_guarantee

    p = _attack().phase(1)
    return pair(training_guarantee(0.0065, p.t_lower, p.t_upper, 6 * p.T, _repaired()["c_max"][0]))


@lru_cache(maxsize=None)
def _exact_repaired(eps_s: float, beta_s: float) -> float:
    from geoprivate.everlasting.parameters import custom_parameters
    from geoprivate.everlasting.query_attack import HaltingAdversary, repaired_exact_audit
    from geoprivate.everlasting.repaired import StopperParameters

    par = custom_parameters([(1, 2000, 9, 1)], 0.06, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5, m_const=1.0)
    st = StopperParameters(eps_s, beta_s)
    return max(
        repaired_exact_audit(adv, par, st)["epsilon_at_delta_0"]
        for adv in (HaltingAdversary(0.5, 7, 0, 0), HaltingAdversary(0.5, 7, 3, 0))
    )


@gen("repaired_exact_eps_4", slow=True)
def _exact_4() -> str:
    return f"{_exact_repaired(4.0, 0.2):.3f}"


@gen("repaired_exact_eps_1", slow=True)
def _exact_1() -> str:
    return f"{_exact_repaired(1.0, 1e-2):.3f}"


@lru_cache(maxsize=None)
def _position(hidden: int) -> dict:
    from geoprivate.everlasting.query_attack import repaired_position_audit

    return repaired_position_audit(hidden)


@gen("repaired_positions_table", slow=True)
def _positions_table() -> str:
    from geoprivate.everlasting.query_attack import repaired_position_instance
    from geoprivate.everlasting.repaired import repaired_guarantees

    par, st, (S, _), *_ = repaired_position_instance(0)
    g = repaired_guarantees(par, st, len(S))["query_positions"]
    rows = [
        "| position of the hidden query | claim (ε, δ) | exact ε at δ = 0 | registered claim |",
        "|---|---|---|---|",
        f"| same phase as the probes (hidden first) | ({g['same phase as the probes'].epsilon:g}, "
        f"{sci(g['same phase as the probes'].delta)}) | {_exact_repaired(1.0, 1e-2):.3f} | "
        "`everlasting/repaired-query-position-same-phase` |",
    ]
    for name, hidden, cid in (("earlier phase", 0, "earlier-phase"), ("last query of a phase", 8, "last-of-phase")):
        a = _position(hidden)
        rows.append(
            f"| {name} (hidden query {hidden + 1} of phase 1's 9) | ({a['claimed_epsilon']:.0f}, {a['claimed_delta']:g}) "
            f"| {a['epsilon_at_delta_0']:.3f} | `everlasting/repaired-query-position-{cid}` |"
        )
    return "\n" + "\n".join(rows) + "\n"


@lru_cache(maxsize=None)
def _planned(phases: int, epsilon: float = 1.0):
    """The price-of-privacy table's planner rows (benchmarks/price_of_privacy.py's settings)."""
    from geoprivate.planning import plan_generic_bbl

    return plan_generic_bbl(epsilon, 1e-6, alpha=0.06, beta=0.05, queries=1000, phases=phases, lambda1=16, tops=28)


@gen("planned_2_phase_n")
def _planned_n() -> str:
    return grouped(_planned(2).parameters["n"])


@gen("planned_2_phase_R1")
def _planned_R1_2() -> str:
    return sci(_planned(2).parameters["phases"][0]["R"], 3)


@gen("planned_3_phase_R1")
def _planned_R1_3() -> str:
    return sci(_planned(3).parameters["phases"][0]["R"], 3)


@gen("planned_2_phase_seconds")
def _planned_secs() -> str:
    return sci(_planned(2).cost["seconds"])


@gen("one_phase_plan")
def _one_phase() -> str:
    pl = _planned(1, 0.5)
    p = pl.parameters["phases"][0]
    return f"|S₁| = {pl.parameters['n'] / 1e6:.1f} M, T₁ = {sci(p['T'])}, ε′₁ = {p['epsilon_bt']:.3f}"


# ------------------------------------------------------------------------------------------- saved
def saved(name: str) -> dict:
    """A benchmark's saved results (``benchmarks/results/NAME.json``)."""
    return json.loads((ROOT / "benchmarks" / "results" / f"{name}.json").read_text())


@gen("price_of_everlasting_table")
def _price_of_everlasting() -> str:
    from geoprivate.report.tables import price_of_everlasting_table

    return "\n" + price_of_everlasting_table(saved("price_of_everlasting")) + "\n"


@gen("labelboost_sweep_table")
def _labelboost_sweep() -> str:
    from geoprivate.report.tables import labelboost_table

    return "\n" + labelboost_table(saved("price_of_everlasting")) + "\n"


# ------------------------------------------------------------------------------------------- driver
def documents() -> list:
    """The files whose markers are checked: README.md and docs/*.md."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def markers(text: str) -> list:
    """(name, body) of every marker in ``text``."""
    return [(m["name"], m["body"]) for m in MARKER.finditer(text)]


def regenerate(text: str, *, slow: bool = True, cache: dict | None = None) -> tuple[str, list]:
    """``text`` with every marker's body regenerated, and the stale ones as (name, old, new).

    Unknown names raise ``KeyError``; slow generators are left as they are unless ``slow``.
    """
    cache = {} if cache is None else cache
    stale = []

    def sub(m):
        name, body = m["name"], m["body"]
        if name not in GENERATORS:
            raise KeyError(f"unknown generated number {name!r} (register it in docs/gen_numbers.py)")
        if name in SLOW and not slow:
            return m.group(0)
        if name not in cache:
            cache[name] = GENERATORS[name]()
        new = cache[name]
        if new != body:
            stale.append((name, body, new))
        return f"<!-- gen:{name} -->{new}<!-- /gen -->"

    return MARKER.sub(sub, text), stale


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="exit 1 when a marked number is stale")
    mode.add_argument("--write", action="store_true", help="rewrite the marked numbers from the code")
    ap.add_argument("--slow", action="store_true", help="also the slow generators (exact laws)")
    args = ap.parse_args(argv)
    cache: dict = {}
    bad = 0
    for path in documents():
        text = path.read_text(encoding="utf-8")
        new, stale = regenerate(text, slow=args.slow or args.write, cache=cache)
        for name, old, value in stale:
            bad += 1
            print(f"{path.relative_to(ROOT)}: {name}: text {old.strip()[:60]!r} != code {value.strip()[:60]!r}")
        if args.write and new != text:
            path.write_text(new, encoding="utf-8")
    if args.check:
        print(f"{bad} stale marker(s)" if bad else "every marked number matches the code")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
