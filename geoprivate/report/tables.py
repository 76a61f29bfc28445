"""Tables the report and the README share, built from a benchmark's saved results (#33).

:func:`price_of_everlasting_table` renders ``benchmarks/price_of_everlasting.py``'s results ([NNSY23]
GenericBBL and the toolkit's RepairedBBL past the first phase); ``docs/gen_numbers.py`` writes it into
the README and :func:`geoprivate.report.write_report` into the report.
"""

from __future__ import annotations

import html
import math

from geoprivate._validation import checked

__all__ = ["labelboost_table", "markdown_table_html", "price_of_everlasting_table"]

CONCEPT_NAMES = {"thresholds": "thresholds", "halfspaces": "halfplanes"}
TARGET = 0.1


def _fmt(x, digits=3) -> str:
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "∞"
    if x == 0:
        return "0"
    if isinstance(x, int) and x < 10**6:
        return f"{x:,}".replace(",", " ")
    if abs(x) < 1e-3 or abs(x) >= 1e4:
        m, e = f"{x:.1e}".split("e")
        return f"{m}·10^{int(e)}"
    return f"{x:.{digits}g}"


def _guarantee(g) -> str:
    return f"({_fmt(g[0])}, {_fmt(g[1], 2)})"


def _rows(results: dict, key: str, *, required: bool = True) -> list:
    """``results[key]``, a list of dicts (the benchmark's rows); a one-line ValueError naming ``results`` otherwise."""
    if required and key not in results:
        raise ValueError(f"results must have the benchmark's {key!r} (a list of rows), got keys {sorted(results)[:8]}")
    rows = results.get(key, [])
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ValueError(f"results[{key!r}] must be a list of rows (dicts), got {type(rows).__name__}")
    return rows


def _rendered(render, rows: list, key: str) -> list[str]:
    """``render(rows)``; a row missing a field of the benchmark's format is a ValueError naming ``results``."""
    try:
        return render(rows)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
        raise ValueError(
            f"results[{key!r}]: a row does not have the benchmark's format ({type(exc).__name__}: {exc})"
        ) from None


@checked
def price_of_everlasting_table(results: dict) -> str:
    """The "price of everlasting" Markdown table from ``benchmarks/price_of_everlasting.py``'s results.

    Parameters
    ----------
    results : dict
        The benchmark's JSON (``benchmarks/results/price_of_everlasting.json``).

    Returns
    -------
    str
        phases | configuration | guarantee as run (training; query per position) | n; (T, R, c) per
        phase | measured max err_D per phase | time — one row per (algorithm, concept, phases).
    """
    head = [
        "| phases | algorithm, concept | guarantee as run: training | query (per position of the hidden query) "
        "| n; (T, R, c) per phase | measured max err_D per phase | time |",
        "|---|---|---|---|---|---|---|",
    ]
    return "\n".join(head + _rendered(_price_rows, _rows(results, "rows"), "rows"))


def _price_rows(rows: list) -> list[str]:
    """The body rows of :func:`price_of_everlasting_table`."""
    lines = []
    for row in rows:
        last = row["tried"][-1]
        run = last["run"]
        name = f"{'RepairedBBL' if row['algorithm'] == 'repaired' else 'GenericBBL'}, {CONCEPT_NAMES[row['concept']]}, λ = {last['lam']}"
        sizes = (
            f"{last['n']:,}".replace(",", " ")
            + "; "
            + ", ".join(f"({_fmt(p['T'])}, {_fmt(p['R'])}, {_fmt(p['c'])})" for p in last["phases"])
        )
        if run is None:
            g = last["planned_guarantee"]
            q = "–" if not g.get("query") else "; ".join(f"{k}: {_guarantee(v)}" for k, v in g["query"].items())
            binding = "; ".join(last["binding"]).replace("|", "\\|")
            acc = (
                f"not run: planner predicts {_fmt(last['cost']['seconds'])} s, "
                f"{_fmt(last['cost']['memory_bytes'] / 2**30)} GiB; {last.get('cost_driver', '').replace('|', chr(92) + '|')} (binding: {binding})"
            )
            lines.append(f"| {row['phases']} | {name} | {_guarantee(g['training'])} | {q} | {sizes} | {acc} | – |")
            continue
        q = "–" if not run["query"] else "; ".join(f"{k}: {_guarantee(v)}" for k, v in run["query"].items())
        errs = " / ".join(_fmt(e) for e in run["err_D_max"])
        status = "halted in phase " + str(run["phases_run"]) if run["failed"] else "no halt"
        ok = "reached" if (not run["failed"] and max(run["err_D_max"]) <= TARGET) else "not reached"
        lb = "; ".join(f"LabelBoost error {_fmt(b['error_s'])} at \\|Ŝ\\| = {b['s_hat']}" for b in run["labelboost"])
        acc = f"{errs} ({status}; {ok}{'; ' + lb if lb else ''})"
        lines.append(
            f"| {row['phases']} | {name} | {_guarantee(run['training'])} | {q} | {sizes} | {acc} | {run['seconds']:.0f} s |"
        )
    return lines


@checked
def markdown_table_html(md: str) -> str:
    """A pipe-table of Markdown as an HTML table (cells escaped; ``\\|`` kept as a bar).

    Parameters
    ----------
    md : str
        A header row, the separator row and body rows.

    Returns
    -------
    str
        ``<table>…</table>``.
    """

    def cells(line):
        parts = line.strip().strip("|").replace("\\|", "\x00").split("|")
        return [html.escape(c.strip().replace("\x00", "|")) for c in parts]

    lines = [ln for ln in md.strip().splitlines() if ln.strip()]
    if len(lines) < 2 or set(lines[1].replace("|", "").replace(":", "").strip()) - {"-", " "}:
        raise ValueError(f"md must be a pipe table (a header row, then a |---| separator row), got {md[:40]!r}")
    head = "".join(f"<th>{c}</th>" for c in cells(lines[0]))
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in cells(ln)) + "</tr>" for ln in lines[2:])
    return f"<table><tr>{head}</tr>{body}</table>"


@checked
def labelboost_table(results: dict) -> str:
    """LabelBoost's measured labelling error on D̂ against |Ŝ| (the benchmark's ``labelboost_sweep``).

    Parameters
    ----------
    results : dict
        The benchmark's JSON.

    Returns
    -------
    str
        |Ŝ| | |D̂| | mean / max error of the labels of D̂ | Lemma C.2's |Ŝ| for α_1 = 0.05, β_1 = 0.025.
    """
    rows = [
        "| \\|Ŝ\\| | \\|D̂\\| | labelling error of D̂ (mean / max over seeds) | Lemma C.2's \\|Ŝ\\| (α₁ = 0.05) |",
        "|---|---|---|---|",
    ]
    return "\n".join(
        rows + _rendered(_labelboost_rows, _rows(results, "labelboost_sweep", required=False), "labelboost_sweep")
    )


def _labelboost_rows(rows: list) -> list[str]:
    """The body rows of :func:`labelboost_table`."""
    return [
        f"| {_fmt(r['s_hat'])} | {_fmt(r['d_hat'])} | {_fmt(r['error_mean'])} / {_fmt(r['error_max'])} "
        f"({r['seeds']} seeds) | {_fmt(r['lemma_c2_s_hat'])} |"
        for r in rows
    ]
