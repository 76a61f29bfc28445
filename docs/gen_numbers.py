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
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MARKER = re.compile(r"<!-- gen:(?P<name>[A-Za-z0-9_]+) -->(?P<body>.*?)<!-- /gen -->", re.S)
OPENING = re.compile(r"<!-- gen:")
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
@cache
def _attack():
    from geoprivate.everlasting.query_attack import halting_parameters

    return halting_parameters()


@cache
def _repaired():
    from geoprivate.everlasting.repaired import StopperParameters, repaired_guarantees

    p = _attack().phase(1)
    return repaired_guarantees(_attack(), StopperParameters(1.0, 1e-6), p.S)


@gen("labelboost_eps")
def _labelboost_eps() -> str:
    from geoprivate.everlasting.label_boost import labelboost_epsilon

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
    from geoprivate.everlasting.label_boost import labelboost_epsilon

    p = _attack().phase(1)
    k = 3 + math.exp(labelboost_epsilon())
    return f"|Ŝ_1|(3 + e^{{ε_LB}})/|S_1| = {grouped(p.s_hat)} · {k:.2f}/{grouped(p.S)} = {p.s_hat * k / p.S:.2f} > 1"


@gen("repaired_training_6T")
def _repaired_6T() -> str:
    from geoprivate.mechanisms.stopper import training_guarantee

    p = _attack().phase(1)
    return pair(training_guarantee(0.0065, p.t_lower, p.t_upper, 6 * p.T, _repaired()["c_max"][0]))


@cache
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


@cache
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


@cache
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


@gen("fuzz_walk_table")
def _fuzz_walk() -> str:
    from tests.house.fuzz_walk import markdown_table

    rep = saved("fuzz_walk")
    if rep["pending"] or rep["pending_cli"]:
        pending = f"{len(rep['pending'])} modules pending (not walked): {', '.join(rep['pending']) or 'none'};"
        pending += f" subcommands pending: {', '.join(rep['pending_cli']) or 'none'}."
    else:
        pending = "Every public callable and every subcommand's flags were walked (nothing pending)."
    took = (
        f" The walk took {rep['seconds'] / 60:.0f} min (wall time, two children at a time)." if "seconds" in rep else ""
    )
    return "\n" + markdown_table(rep) + "\n\n" + pending + took + "\n"


@gen("price_of_everlasting_table")
def _price_of_everlasting() -> str:
    from geoprivate.report.tables import price_of_everlasting_table

    return "\n" + price_of_everlasting_table(saved("price_of_everlasting")) + "\n"


@gen("labelboost_sweep_table")
def _labelboost_sweep() -> str:
    from geoprivate.report.tables import labelboost_table

    return "\n" + labelboost_table(saved("price_of_everlasting")) + "\n"


# ------------------------------------------------------------------------------------ price of privacy
def pow10(x: float) -> str:
    """10⁻⁶ for a power of ten, else 4·10⁻⁶ (one significant digit: the table's δ)."""
    m, e = f"{x:.0e}".split("e")
    return ("" if m == "1" else f"{m}·") + f"10{str(int(e)).translate(SUP)}"


def _eps(x: float) -> str:
    """An ε as run: 3 significant digits, large ones as grouped integers (3 240)."""
    return grouped(round(x)) if x >= 1000 else f"{x:.3g}"


def _secs(s: float) -> str:
    """Seconds as the tables print them: whole seconds from 10 s, tenths from 1 s, hundredths below."""
    if s < 0.01:
        return "< 0.01"
    return f"{s:.0f}" if s >= 10 else f"{s:.1f}" if s >= 1 else f"{s:.2f}"


def _find(pattern: str, text: str) -> tuple:
    m = re.search(pattern, text)
    if m is None:
        raise ValueError(f"saved row text {text!r} does not match {pattern!r}")
    return m.groups()


def _power(n: int) -> str:
    """10³ for a power of ten, else the grouped integer."""
    e = round(math.log10(n))
    return f"10{str(e).translate(SUP)}" if 10**e == n else grouped(n)


def _pop_rows() -> dict:
    """Every saved row of the price-of-privacy table, by its ``algorithm``."""
    rows = saved("price_of_privacy") + saved("price_of_privacy_vc1") + saved("price_of_privacy_vc1_td16")
    rows += saved("price_of_privacy_dp_winnow")["rows"]
    return {r["algorithm"]: r for r in rows}


def _pop_single(r: dict, label: str, binding: str) -> str:
    acc = r["accuracy"].replace(" = ", " ", 1) if r["accuracy"].startswith(("mistake", "test")) else r["accuracy"]
    if not r["reached"]:
        acc += ": not reached on the ε grid"
    return f"| {label} | ({_eps(r['epsilon'])}, {pow10(r['delta'])}) | {binding} | {grouped(r['n'])} | {acc} | {_secs(r['seconds'])} s |"


def _pop_planned(phases: int) -> str:
    pl = _planned(phases)
    g = pl.guarantee
    run = f"not run (predicted {sci(pl.cost['seconds'])} s)"
    binding = "gap; Observation 2; Claim 2.7 (Ŝ₁ from S₁); Lemma C.2 (\\|Ŝ₁\\|)" if phases == 2 else "the same"
    return (
        f"| GenericBBL, {phases} phases (planner only) | ({g['epsilon']:.2f}, {pow10(g['delta'])}) | {binding} | "
        f"{grouped(pl.parameters['n'])} and R₁ = {sci(pl.parameters['phases'][0]['R'], 3)} queries | {run} | – |"
    )


def _pop_vc1(rows: list, label: str, binding: str) -> str:
    """One line for a learner and median over several TD (values joined by /)."""
    n = [_find(r"([\d,]+) measured \(t = (\d+), parts of (\d+)\); (\S+) proven", r["n"]) for r in rows]
    acc = [_find(r"in (\d+)/(\d+) trials \(max ([\d.]+)\); utility_proved = (\w+)", r["accuracy"]) for r in rows]

    def joined(values):
        return values[0] if len(set(values)) == 1 else " / ".join(values)

    eps = {(r["epsilon"], r["delta"]) for r in rows}
    if len(eps) != 1:
        raise ValueError(f"{label}: the TDs' (ε, δ) differ ({sorted(eps)}); give each its own line")
    ((e, d),) = eps
    edge = " (grid's smallest)" if all("grid's smallest" in r["note"] for r in rows) else ""
    sizes = joined([grouped(int(a.replace(",", ""))) for a, *_ in n])
    ts = joined([grouped(int(t)) for _, t, _, _ in n])
    parts = joined([p for *_, p, _ in n])
    proven = joined([sci(float(p)) for *_, p in n])
    ok = joined([f"{a}/{b}" for a, b, _, _ in acc])
    worst = " / ".join(m for _, _, m, _ in acc)
    proved = "proved" if all(u == "True" for *_, u in acc) else "not proved"
    secs = " / ".join(_secs(r["seconds"]) for r in rows)
    return (
        f"| {label} | ({_eps(e)}, {pow10(d)}){edge} | {binding} | measured {sizes} (t = {ts}, parts of {parts}); "
        f"proven {proven} | error ≤ 0.1 in {ok} trials (max {worst}); utility {proved} | {secs} s |"
    )


def _pop_scale(r: dict, label: str) -> str:
    (K,) = _find(r"K = ([\d,]+)", r["note"])
    rss, w, cw = _find(
        r"peak RSS (\d+) MiB; non-private at the same T: Winnow ([\d.]+), ConfidentWinnow ([\d.]+)", r["note"]
    )
    rate, upd = _find(r"= ([\d.]+) \((\d+) updates\)", r["accuracy"])
    acc = f"mistake rate (last 10 %) {rate} ({upd} update{'' if upd == '1' else 's'})"
    if r["reached"]:
        acc += f": reached at T = {_power(r['n'])}"
    else:
        (T,) = _find(r"predicted T = (\S+) \(", r["note"])
        acc += f": not reached for T ≤ {_power(r['n'])}; planner's T = {sci(float(T))}"
    acc += f"; Winnow / ConfidentWinnow at the same T: {w} / {cw}"
    binding = f"Theorem 4.4's composition; Lemma 4.7 (K = {grouped(int(K.replace(',', '')))})"
    (ladder,) = _find(r"T ladder \[([\d, ]+)\]", r["note"])
    Ts = [int(t) for t in ladder.split(",")]
    label += f", T = {_power(Ts[0])} … {_power(Ts[-1])}"
    return f"| {label} | ({_eps(r['epsilon'])}, {pow10(r['delta'])}) | {binding} | {_power(r['n'])} | {acc} | {_secs(r['seconds'])} s, peak RSS {rss} MiB |"


#: the VC-1 lines: (learner, median, TD bits, label, binding conditions)
_VC1_LINES = [
    (
        "OPTPrivateLearner",
        "exponential",
        (4, 6, 8),
        "thresholds, ",
        "[Yan25] Lemma 1 (choosing at ε/2 < 2); Theorem 8 (EM median at ε/2)",
    ),
    (
        "OPTPrivateLearner",
        "log-star",
        (4, 6, 8),
        "",
        "Lemma 1 (choosing); RecPrefix-R: Theorem 8 and Lemma 1 per step, Theorem 6",
    ),
    (
        "ProperLearner",
        "exponential",
        (4, 6, 8),
        "",
        "Lemma 1 (choosing at ε/4 < 2); Theorem 8; loop on S₂ by Theorem 7",
    ),
    ("ProperLearner", "log-star", (4, 6, 8), "", "Lemma 1; RecPrefix-R; Theorem 7"),
    ("OPTPrivateLearner", "exponential", (10, 12, 16), "thresholds, ", "Lemma 1 (choosing at ε/2 < 2); Theorem 8"),
    ("ProperLearner", "exponential", (10, 12, 16), "", "Lemma 1 (choosing at ε/4 < 2); Theorem 8; Theorem 7"),
]


@gen("price_of_privacy_table")
def _price_of_privacy_table() -> str:
    """The README's price-of-privacy table: saved rows of ``benchmarks/price_of_privacy.py``
    (``price_of_privacy.json``, ``price_of_privacy_vc1.json``) and ``benchmarks/dp_winnow_scale.py``
    (``price_of_privacy_dp_winnow.json``); the planner-only rows are computed."""
    rows = _pop_rows()
    gp = next(r for k, r in rows.items() if k.startswith("GenericPredictor"))
    lines = [
        "| algorithm | (ε, δ) as run | binding conditions | n | measured accuracy | time |",
        "|---|---|---|---|---|---|",
    ]
    for R, binding in (
        (1000, "Lemma C.3 gap (Claim D.9); Observation 2 budget"),
        (10_000, "Lemma C.3 gap; Observation 2 budget"),
    ):
        lines.append(
            _pop_single(
                rows[f"GenericBBL, 1 phase, thresholds, R = {R}"],
                f"GenericBBL, 1 phase, thresholds, R = {_power(R)}",
                binding,
            )
        )
    lines += [_pop_planned(2), _pop_planned(3)]
    win = "Theorem 4.4's composition; Lemma 4.7 (K)"
    lines.append(
        _pop_single(rows["DP-Winnow, majority of 3, d = 1000"], "DP-Winnow, majority of 3, d = 10³, T = 2·10⁴", win)
    )
    lines.append(
        _pop_single(
            rows["DP-Winnow, breast cancer (rho = 0.1 assumed)"],
            "DP-Winnow, breast cancer (one pass, ρ = 0.1 assumed)",
            "the same",
        )
    )
    lines.append(
        _pop_single(
            rows["DP-GreedyCover, decision list of length 4, |F| = 20"],
            "DP-GreedyCover, decision list of length 4, \\|F\\| = 20",
            "Lemma A.1",
        )
    )
    lines.append(_pop_single(gp, gp["algorithm"].replace("T = 1000", "T = 10³"), "Lemma 1's gap per segment"))
    for learner, median, bits, what, binding in _VC1_LINES:
        mine = [rows[f"{learner}, median = {median}, thresholds, TD = 2^{b}"] for b in bits]
        tds = " / ".join(f"2{str(b).translate(SUP)}" for b in bits)
        lines.append(_pop_vc1(mine, f"{learner}, median = {median}, {what}TD = {tds}", binding))
    lines.append(
        _pop_scale(
            rows["DP-Winnow at scale, majority of 5, d = 1000, rho = 0.2"],
            "DP-Winnow at scale, majority of 5, d = 10³ (ρ = 0.2), streamed",
        )
    )
    lines.append(
        _pop_scale(
            rows["DP-Winnow at scale, breast cancer cycled, rho = 0.1 assumed"],
            "DP-Winnow at scale, breast cancer cycled (ρ = 0.1 assumed)",
        )
    )
    return "\n" + "\n".join(lines) + "\n"


def _scale_plan(source: str, key: str) -> float:
    """The plan of DP-Winnow at scale's largest T run on ``source`` (saved runs)."""
    runs = [r for r in saved("price_of_privacy_dp_winnow")["runs"] if r["source"] == source]
    return max(runs, key=lambda r: r["T"])["plan"][key]


@gen("dp_winnow_scale_K")
def _scale_K() -> str:
    return sci(_scale_plan("majority", "K"))


@gen("dp_winnow_scale_eps_hat")
def _scale_eps_hat() -> str:
    return sci(_scale_plan("majority", "eps_hat"))


@gen("dp_winnow_scale_L")
def _scale_L() -> str:
    return sci(_scale_plan("majority", "L"), 1)


def _scale_predicted_T(label: str) -> str:
    (T,) = _find(r"predicted T = (\S+) \(", _pop_rows()[label]["note"])
    return sci(float(T))


@gen("dp_winnow_scale_T_majority")
def _scale_T_majority() -> str:
    return _scale_predicted_T("DP-Winnow at scale, majority of 5, d = 1000, rho = 0.2")


@gen("dp_winnow_scale_T_breast_cancer")
def _scale_T_bc() -> str:
    return _scale_predicted_T("DP-Winnow at scale, breast cancer cycled, rho = 0.1 assumed")


# ----------------------------------------------------------------------------- the tight accountant (#42)
#: the DP-Winnow-at-scale sources: their (d, ρ) are the saved runs'
_TIGHT_SOURCES = {"majority": "majority of 5, d = 10³, ρ = 0.2", "breast_cancer": "breast cancer, d = 1 262, ρ = 0.1"}


@cache
def _tight_winnow(source: str, accountant: str) -> dict:
    """The DP-Winnow planner's configuration at (1, 10⁻⁶) for a saved source under an accountant, with the T at
    which Theorem 4.5's mistake bound is 1 % of T (K/ε̂ does not depend on T)."""
    from geoprivate.learners.winnow import theorem_4_5_rounds
    from geoprivate.planning import plan_dp_winnow

    run = next(r for r in saved("price_of_privacy_dp_winnow")["runs"] if r["source"] == source)
    P = plan_dp_winnow(1.0, 1e-6, T=10**16, d=run["d"], rho=run["rho"], accountant=accountant).parameters
    return P | {"T_predicted": theorem_4_5_rounds(P["K"] / P["eps_hat"], P["beta"])}


@gen("dp_winnow_tight_T_majority", slow=True)
def _tight_T_majority() -> str:
    return sci(_tight_winnow("majority", "tight")["T_predicted"])


@gen("dp_winnow_tight_T_breast_cancer", slow=True)
def _tight_T_breast_cancer() -> str:
    return sci(_tight_winnow("breast_cancer", "tight")["T_predicted"])


@gen("dp_winnow_tight_factor", slow=True)
def _tight_factor() -> str:
    return (
        f"{_tight_winnow('majority', 'paper')['T_predicted'] / _tight_winnow('majority', 'tight')['T_predicted']:.1f}"
    )


def _tight_bbl_one_phase(R: int, eps: float) -> tuple:
    """(c₁, ε'₁, paper ε, tight ε) of price_of_privacy.py's one-phase GenericBBL configuration at ε."""
    from geoprivate.everlasting.accounting import training_privacy
    from geoprivate.planning import generic_bbl_parameters_from_plan, plan_generic_bbl

    pl = plan_generic_bbl(eps, 1e-6, alpha=0.06, beta=0.05, queries=R, tops=int(0.02 * R) + 8, lambda1=16)
    par = generic_bbl_parameters_from_plan(pl)
    p1, n = par.phase(1), pl.parameters["n"]
    g = {a: training_privacy(p1, par.delta, n, relabelled=False, accountant=a).guarantee for a in ("paper", "tight")}
    return p1.c, p1.epsilon_bt, g["paper"].epsilon, g["tight"].epsilon


def _tight_winnow_cells(source: str) -> tuple:
    def cell(acc):
        P = _tight_winnow(source, acc)
        return f"T = {sci(P['T_predicted'])} (K = {sci(P['K'])}, ε̂ = {sci(P['eps_hat'])}, η = {sci(P['eta'])})"

    return cell("paper"), cell("tight")


@gen("price_of_privacy_tight_table", slow=True)
def _price_of_privacy_tight_table() -> str:
    """Where a proof composes mechanisms with booked guarantees: the paper's composition against the optimal
    composition of the same components ([KOV15]; :mod:`geoprivate.privacy.tight`), on the price-of-privacy
    table's configurations (computed)."""
    from geoprivate.learners.vc1 import theorem13_parameters
    from geoprivate.learners.winnow import dp_winnow_privacy
    from geoprivate.mechanisms.interior_point import interior_point_parameters
    from geoprivate.privacy import Guarantee
    from geoprivate.privacy.tight import tight_composition, tight_step_epsilon

    lines = [
        "| algorithm, configuration | what the proof composes | paper's accounting | tight accountant, same components |",
        "|---|---|---|---|",
    ]
    comp = "Theorem 4.4: K AboveThreshold (ε̂) + mK samples (4η), advanced composition per layer at δ/2"
    for source, label in _TIGHT_SOURCES.items():
        paper, tight = _tight_winnow_cells(source)
        lines.append(
            f"| DP-Winnow, {label}, (1, 10⁻⁶): T at which the mistake bound is 1 % of T | {comp} | {paper} | {tight} |"
        )
        comp = "the same"
    P = _tight_winnow("majority", "paper")
    same = dp_winnow_privacy(P["eps_hat"], P["eta"], P["m"], P["K"], 1e-6, accountant="tight")
    lines.append(
        f"| DP-Winnow, the paper planner's configuration (majority of 5) | the same | ε = 1 | ε = {same.epsilon:.2f} |"
    )
    measured = {r["algorithm"]: r for r in saved("price_of_privacy_tight")}
    for R in (1000, 10_000):
        row = _pop_rows()[f"GenericBBL, 1 phase, thresholds, R = {R}"]
        mine = measured[f"GenericBBL, 1 phase, thresholds, R = {R} (tight)"]
        c, e_bt, paper, tight = _tight_bbl_one_phase(R, row["epsilon"])
        lines.append(
            f"| GenericBBL, 1 phase, thresholds, R = {_power(R)}: smallest ε reaching max err_D ≤ 0.1 (n ≤ 6·10⁷) "
            f"| [NNSY23] Observation 2 or basic composition of c₁ = {c} segments | ε = {_eps(row['epsilon'])} "
            f"(n = {sci(row['n'])}) | ε = {_eps(mine['epsilon'])} (n = {sci(mine['n'])}; {mine['accuracy']}, "
            f"measured); the paper's run at ε = {_eps(paper)} (ε′₁ = {e_bt:.2g}) is ({tight:.3g}, 10⁻⁶)-DP |"
        )
    for k in (2, 3):
        pl, mine = _planned(k), measured[f"GenericBBL, {k} phases (planner only) (tight)"]
        (R1,) = _find(r"R_1 = (\S+) queries", mine["note"])
        lines.append(
            f"| GenericBBL, {k} phases, planner at ε = 1 | Observation 2 in every phase, with LabelBoost | n = "
            f"{sci(pl.parameters['n'])}, R₁ = {sci(pl.parameters['phases'][0]['R'])} | n = {sci(mine['n'])}, R₁ = "
            f"{sci(float(R1))} |"
        )
    for k in (2, 3):
        paper, tight = _tight_everlasting_pair("thresholds", k)
        c1 = paper["phases"][0]["c"]
        lines.append(
            f"| GenericBBL, {k} phases, thresholds, λ = {paper['lam']}, (4, 10⁻⁶) (price of everlasting) | Observation 2 "
            f"over c₁ = {grouped(c1)} segments, with LabelBoost | \\|S\\| = {sci(paper['n'])} | \\|S\\| = "
            f"{sci(tight['n'])} ({tight['n'] / paper['n']:.2f} times) |"
        )
    p13 = {a: theorem13_parameters(16, 0.1, 0.1, 0.0625, 1e-6, accountant=a) for a in ("paper", "tight")}
    q = p13["paper"]
    loop = tight_composition([(Guarantee(q.epsilon_step), 2 * q.T)], 0.5e-6).epsilon
    lines.append(
        f"| ProperLearner, TD = 2⁴ … 2¹², ε = 0.0625 (the runs above) | [Yan25] Theorem 7 over 2T = {2 * q.T} "
        f"releases at ε_step = {q.epsilon_step:.3g}, (ε/2, δ/2) | ε = 0.0625 | ε = {0.0625 / 2 + loop:.3g} "
        f"(Algorithm 2 at ε/2 + the loop at {loop:.3g}) |"
    )
    p13 = {a: theorem13_parameters(4096, 0.1, 0.1, 1.0, 1e-6, accountant=a) for a in ("paper", "tight")}
    cells = {a: f"ε_step = {q.epsilon_step:.3g}, N₂ = {grouped(q.n2)}, n = {sci(q.n, 3)}" for a, q in p13.items()}
    lines.append(
        f"| ProperLearner (Theorem 13's n), TD = 2¹², α = 0.1, (1, 10⁻⁶) | the same | {cells['paper']} | {cells['tight']} |"
    )
    ip = interior_point_parameters(2**32, 1.0, 1e-6, 0.1)
    k = 2 * ip.levels + 1
    e_m = tight_step_epsilon(k, 1.0, 1e-6, step_delta=1e-6 / (2 * k))
    lines.append(
        f"| RecPrefix-R median, \\|X\\| = 2³², (1, 10⁻⁶) | [Yan25] Theorem 6: basic composition of 2L + 1 = {k} "
        f"steps | ε_m = ε/(2L + 1) = {ip.epsilon_step:.3g} | ε_m = {e_m:.3g} (δ_m halved to leave slack): no gain |"
    )
    lines.append(
        "| OPTPrivateLearner, RepairedBBL's chains | two mechanisms composed at the δ basic composition books "
        "| basic composition | the same: the optimum at δ = 1 − (1 − δ₁)(1 − δ₂) is ε₁ + ε₂ ([KOV15]) |"
    )
    lines.append(
        "| DP-GreedyCover | [BF26] Lemma A.1 (ε̂ independent of the number of steps) | ε | not a composition of black "
        "boxes: not re-accounted |"
    )
    return "\n" + "\n".join(lines) + "\n"


def _tight_everlasting_pair(concept: str, phases: int) -> tuple:
    """The last configuration tried of a GenericBBL row of the price of everlasting, paper and tight (saved)."""

    def last(name: str) -> dict:
        rows = saved(name)["rows"]
        return next(r for r in rows if (r["algorithm"], r["concept"], r["phases"]) == ("generic", concept, phases))[
            "tried"
        ][-1]

    return last("price_of_everlasting"), last("price_of_everlasting_tight")


@gen("price_of_everlasting_tight_table")
def _price_of_everlasting_tight_table() -> str:
    """GenericBBL's rows of the price of everlasting under both accountants: the paper's saved rows beside the
    tight rows (``benchmarks/price_of_everlasting.py --accountant tight --save``)."""
    lines = [
        "| phases | concept | paper: n; T per phase; training ε as planned | tight: n; T per phase; training ε as planned "
        "| tight run: measured max err_D per phase | time |",
        "|---|---|---|---|---|---|",
    ]

    def sizes(entry) -> str:
        g = entry["planned_guarantee"]["training"]
        return f"{grouped(entry['n'])}; {' / '.join(grouped(p['T']) for p in entry['phases'])}; ε = {g[0]:.3g}"

    for row in sorted(
        saved("price_of_everlasting_tight")["rows"], key=lambda r: (r["phases"], r["concept"] != "thresholds")
    ):
        theirs, mine = _tight_everlasting_pair(row["concept"], row["phases"])
        run = mine["run"]
        if run is None:
            acc, secs = f"not run: planner predicts {sci(mine['cost']['seconds'])} s", "–"
        else:
            ok = "reached" if not run["failed"] and max(run["err_D_max"]) <= 0.1 else "not reached"
            errs = " / ".join(f"{e:.3f}" for e in run["err_D_max"])
            acc, secs = f"{errs} ({'halted' if run['failed'] else 'no halt'}; {ok})", f"{_secs(run['seconds'])} s"
        name = "halfplanes" if row["concept"] == "halfspaces" else row["concept"]
        lines.append(
            f"| {row['phases']} | {name}, λ = {mine['lam']} | {sizes(theirs)} | {sizes(mine)} | {acc} | {secs} |"
        )
    return "\n" + "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- speed and verify (saved)
@gen("one_phase_readme_run")
def _one_phase_readme_run() -> str:
    r = saved("price_of_privacy_speed")["readme_one_phase"]
    return f"in {_secs(r['seconds'])} s, with measured max err_D = {r['err_D_max']:.3f}"


@gen("one_phase_R4_run")
def _one_phase_R4_run() -> str:
    r = saved("price_of_privacy_speed")["one_phase_R"]
    return (
        f"R = {_power(r['queries'])} queries and |S₁| = {r['n'] / 1e6:.1f} M at ({r['epsilon']:.2g}, {pow10(r['delta'])}) "
        f"takes {_secs(r['seconds'])} s and {r['peak_rss_gib']:.2f} GiB peak RSS"
    )


@gen("one_phase_speed_workload")
def _one_phase_speed_workload() -> str:
    s = saved("price_of_privacy_speed")
    r = s["one_phase_R"]
    return (
        f"GenericBBL step 3b on \\|S₁\\| = {sci(s['n_step3b'])}: streamed blocks vs the whole permuted sample at "
        f"once; the one-phase private run, R = {_power(r['queries'])}, \\|S₁\\| = {sci(r['n'])} at "
        f"({r['epsilon']:.2g}, {pow10(r['delta'])})"
    )


@gen("one_phase_speed_result")
def _one_phase_speed_result() -> str:
    s = saved("price_of_privacy_speed")
    (a, b), r = s["step3b"], s["one_phase_R"]
    return (
        f"memory {b['peak_bytes'] / a['peak_bytes']:.1f}× less ({a['peak_bytes'] / 2**20:.0f} vs "
        f"{b['peak_bytes'] / 2**20:.0f} MiB), time {a['seconds']:.1f} vs {b['seconds']:.1f} s; full run "
        f"{_secs(r['seconds'])} s, peak RSS {r['peak_rss_gib']:.1f} GiB"
    )


@gen("bbl_R3_eps")
def _bbl_R3_eps() -> str:
    return f"{_pop_rows()['GenericBBL, 1 phase, thresholds, R = 1000']['epsilon']:.3g}"


def _eps_frac(eps: float) -> str:
    """ε as 1/k (k rounded) below 1."""
    return f"1/{round(1 / eps)}" if eps < 1 else f"{eps:g}"


def _small_eps_row() -> dict:
    (r,) = saved("price_of_privacy_vc1_small_eps")
    return r


@gen("vc1_small_eps_bracket")
def _vc1_small_eps() -> str:
    """The fine-grid VC-1 run (``price_of_privacy_vc1_small_eps.json``): the smallest ε reached under
    the example cap and the grid's next ε below it, with what was run at each (every trial finished)."""
    r = _small_eps_row()
    lo, hi = r["bracket"]
    att = {a["eps"]: a for a in r["attempts"]}
    a, b = att[hi], att[lo]

    def sizes(x):
        return ", ".join(f"parts of {s['part']}: {s['ok']}/{x['trials']}" for s in x["sizes"])

    cap = f"; parts of {b['cap_n'] // b['t']} would need n = {sci(b['cap_n'])}" if b["cap_out"] else ""
    return (
        f"ε = {_eps_frac(hi)} reached (t = {sci(a['t'])}, n = {sci(a['n'])}; {sizes(a)}), ε = {_eps_frac(lo)} "
        f"not (t = {sci(b['t'])}; {sizes(b)}{cap})"
    )


@gen("vc1_small_eps_cap")
def _vc1_small_eps_cap() -> str:
    return sci(_small_eps_row()["max_examples"])


@gen("vc1_small_eps_grid")
def _vc1_small_eps_grid() -> str:
    """How many ε of the fine grid the bisection ran, and the error range at parts of 4 and of 8 there."""
    atts = _small_eps_row()["attempts"]
    by_part: dict = {}
    for x in atts:
        for s in x["sizes"]:
            by_part.setdefault(s["part"], []).append(s["max_err"])

    def span(v):
        lo, hi = f"{min(v):.3f}", f"{max(v):.3f}"
        return lo if lo == hi else f"{lo}–{hi}"

    spans = "; ".join(f"parts of {k}: max error {span(v)}" for k, v in sorted(by_part.items()))
    return f"{len(atts)} ε run ({spans})"


@gen("dp_winnow_scale_rss")
def _scale_rss() -> str:
    runs = [r for r in saved("price_of_privacy_dp_winnow")["runs"] if r["source"] == "majority"]
    return f"{max(runs, key=lambda r: r['T'])['peak_rss_mib']:.0f} MiB"


@gen("vc1_proven_over_measured")
def _vc1_ratio() -> str:
    """Proven n / measured n of the VC-1 rows: the smallest and the largest ratio, with their medians."""
    ratios = []
    for k, r in _pop_rows().items():
        if "median = " in k:
            measured, proven = _find(r"([\d,]+) measured .*; (\S+) proven", r["n"])
            ratios.append((float(proven) / int(measured.replace(",", "")), "EM" if "exponential" in k else "log-star"))
    (lo, a), (hi, b) = min(ratios), max(ratios)
    return f"{sci(lo)} ({a}) to {sci(hi)} ({b})"


@gen("verify_small_cpu")
def _verify_small_cpu() -> str:
    r = saved("bench_verify")["small"]
    return f"{r['cpu_seconds']:.0f} s of CPU time ({r['claims']} claims, {r['wall_seconds']:.0f} s wall) on a {r['cpus']}-core machine"


def _bench_speed_rows() -> list:
    return saved("bench_speed")["rows"]


def _benchmark(name: str):
    """The benchmark script ``benchmarks/NAME.py`` as a module (for its ``markdown`` renderer)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@gen("bench_speed_table")
def _bench_speed_table() -> str:
    """The README's speed table: the rows ``benchmarks/bench_speed.py --save`` wrote, rendered by its
    own ``markdown``."""
    return "\n" + _benchmark("bench_speed").markdown(_bench_speed_rows()) + "\n"


@gen("bench_peers_audit_table")
def _bench_peers_audit_table() -> str:
    """docs/audit_peers.md's table: the OpenDP mechanisms ``benchmarks/bench_peers_audit.py --save`` audited."""
    return "\n" + _benchmark("bench_peers_audit").markdown(saved("bench_peers_audit")["rows"]) + "\n"


@gen("bench_peers_audit_runs")
def _bench_peers_audit_runs() -> str:
    """The sampler's test runs per input in the saved peers table (10⁵, 2·10⁵, or 123 456)."""
    n = saved("bench_peers_audit")["n_samples"]
    m, e = divmod(n, 10 ** int(math.log10(n)))[0], int(math.log10(n))
    if n != m * 10**e:
        return grouped(n)
    return ("" if m == 1 else f"{m}·") + f"10{str(e).translate(SUP)}"


def _vc1_fit(bits: int) -> str:
    """The VC-1 fit row of ``bench_speed.json`` at TD = 2^bits: its CPU seconds and t."""
    (r,) = [r for r in _bench_speed_rows() if r[0].startswith(f"VC-1 learner fit (OPTPrivateLearner), TD = 2^{bits}")]
    t, n = _find(r"t = (\d+), n = (\d+)", r[0])
    (secs,) = _find(r"([\d.]+) s", r[1])
    return f"{_secs(float(secs))} s at TD = 2{str(bits).translate(SUP)}, t = {grouped(int(t))}"


@gen("vc1_fit_td12")
def _vc1_fit_td12() -> str:
    return _vc1_fit(12)


@gen("vc1_fit_td16")
def _vc1_fit_td16() -> str:
    """The TD = 2¹⁶ fit (the class as its tree) and the tree's one-off build, check and index."""
    (r,) = [r for r in _bench_speed_rows() if r[0].startswith("VC-1 learner fit (OPTPrivateLearner), TD = 2^16")]
    (build,) = _find(r"index: ([\d.]+) s", r[4])
    return f"{_vc1_fit(16)} (the tree built and checked once: {_secs(float(build))} s)"


@gen("lp_fallback")
def _lp_fallback() -> str:
    """The exact simplex fallback row of ``bench_speed.json``: ms per 50×5 system and its ratio to feasible_point."""
    (r,) = [r for r in _bench_speed_rows() if r[0].startswith("exact simplex fallback alone / feasible_point")]
    (ms,) = _find(r"^([\d.]+) vs", r[1])
    return f"{float(ms):.1f} ms per 50×5 system, {float(r[2]):.1f}× `feasible_point`"


@gen("lp_near_degenerate")
def _lp_near_degenerate() -> str:
    """The near-degenerate row of ``bench_speed.json``: its ratio to bare HiGHS and the exchange share."""
    (r,) = [r for r in _bench_speed_rows() if r[0].startswith("near-degenerate 50x5")]
    (share,) = _find(r"(\d+)% exchange", r[1])
    return f"{float(r[2]):.2f}× bare HiGHS, {share} % of the systems repaired by exchanges"


# ------------------------------------------------------------------------------- findings and coverage
@gen("findings_list")
def _findings_list() -> str:
    """The README's findings: every violated claim of the registry, with the failed proof steps, one line each."""
    from geoprivate.claims.findings import findings_markdown

    return "\n" + findings_markdown() + "\n"


#: the README's five findings (its screen of results; the full list is docs/findings.md): statements that fail
#: as printed and that a user of the algorithm meets first — a privacy guarantee that does not hold (query
#: privacy, BetweenThresholds' gap at Algorithm 2's k, advanced composition, Lemma A.1) and an accuracy step
#: that is false.  A test checks that each is a finding of the registry.
README_FINDINGS = (
    "everlasting/claim-e-6",
    "shrinkage/appendix-lemma1",
    "vc1/theorem-7",
    "winnow/lemma-a-1-step-4",
    "everlasting/claim-b-2-step-3",
)


def _paper_label(paper: str) -> str:
    from geoprivate._papers import PAPER_KEYS

    return f"[{PAPER_KEYS[paper]}] `{paper}`" if paper in PAPER_KEYS else f"textbook facts `{paper}`"


@gen("verify_summary")
def _verify_summary() -> str:
    """The README's screen of results: the saved ``geoprivate verify`` run's verdicts per paper."""
    verdicts = saved("bench_verify")["small"]["verdicts"]
    statuses = ("holds", "violated", "skipped")
    rows = ["| paper | claims | " + " | ".join(statuses) + " |", "|---|---|---|---|---|"]
    from geoprivate._papers import PAPER_KEYS

    order = {p: i for i, p in enumerate(PAPER_KEYS)}
    total = dict.fromkeys(statuses, 0)
    for paper, counts in sorted(verdicts.items(), key=lambda pc: order.get(pc[0], len(order))):
        rows.append(
            f"| {_paper_label(paper)} | {sum(counts.values())} | "
            + " | ".join(str(counts.get(s, 0)) for s in statuses)
            + " |"
        )
        for st in statuses:
            total[st] += counts.get(st, 0)
    rows.append(f"| all | {sum(total.values())} | " + " | ".join(str(total[s]) for s in statuses) + " |")
    return "\n" + "\n".join(rows) + "\n"


@gen("findings_summary")
def _findings_summary() -> str:
    """How many findings the registry holds, per paper, and how many are failed proof steps."""
    from geoprivate._papers import PAPER_KEYS
    from geoprivate.claims.findings import findings

    rows = findings()
    per = [f"{sum(r['paper'] == p for r in rows)} in [{key}]" for p, key in PAPER_KEYS.items()]
    steps = sum(bool(r["steps"]) for r in rows)
    return (
        f"{len(rows)} findings ({', '.join(per)}): {steps} in the steps of the proofs, {len(rows) - steps} in "
        "statements as printed"
    )


@gen("findings_headline")
def _findings_headline() -> str:
    """The README's five findings, each as its line of the full list (docs/findings.md)."""
    from geoprivate.claims.findings import findings_markdown

    lines = {ln.split("`")[1]: ln for ln in findings_markdown().splitlines()}
    return "\n" + "\n".join(lines[c] for c in README_FINDINGS) + "\n"


@gen("python_requires")
def _python_requires() -> str:
    """The oldest Python the package supports (``requires-python`` of pyproject.toml)."""
    import tomllib

    spec = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    return spec.removeprefix(">=")


@gen("coverage_counts")
def _coverage_counts() -> str:
    """docs/coverage.md's counts: statements by status, and the proofs' steps by status, per paper."""
    from geoprivate.claims import catalogue, steps

    head = (
        "| paper | statements: checked / audited / not executable / implemented / definition | privacy-proof steps: "
        "checked / derived / not executable (share checked or derived) | accuracy-proof steps | failed steps |"
    )
    rows = [head, "|---|---|---|---|---|"]
    summary, by_step = catalogue.coverage_summary(), steps.step_summary()
    for paper, key in catalogue.CITATION_KEYS.items():
        st = summary[paper]
        cells = []
        for proof in ("privacy", "accuracy"):
            r = by_step[paper][proof]
            share = "" if r["checked_or_derived_share"] is None else f" ({100 * r['checked_or_derived_share']:.0f}%)"
            cells.append(f"{r['steps']}: {r['checked']} / {r['derived']} / {r['not executable']}{share}")
        failed = sum(by_step[paper][p]["failed"] for p in ("privacy", "accuracy"))
        counts = " / ".join(str(st[k]) for k in ("checked", "audited", "not executable", "implemented", "definition"))
        rows.append(f"| {paper} {key} | {sum(st.values())}: {counts} | {cells[0]} | {cells[1]} | {failed} |")
    total = len(catalogue.STATEMENTS)
    return "\n" + "\n".join(rows) + f"\n\n{total} statements, {len(steps.STEPS)} proof steps.\n"


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
    if len(OPENING.findall(text)) != len(MARKER.findall(text)):
        raise ValueError(
            "a '<!-- gen:' opening is not a marker '<!-- gen:NAME -->…<!-- /gen -->' (NAME: letters, digits, _)"
        )

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
