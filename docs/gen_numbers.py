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
    pending = f"{len(rep['pending'])} modules pending phase 2 (not walked): {', '.join(rep['pending'])}."
    pending += f" The CLI row walks every subcommand; those of {', '.join(rep['pending_cli'])} are pending phase 2 too."
    return "\n" + markdown_table(rep) + "\n\n" + pending + "\n"


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


@gen("bench_speed_table")
def _bench_speed_table() -> str:
    """The README's speed table: the rows ``benchmarks/bench_speed.py --save`` wrote, rendered by its
    own ``markdown``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_speed", ROOT / "benchmarks" / "bench_speed.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return "\n" + mod.markdown(_bench_speed_rows()) + "\n"


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
