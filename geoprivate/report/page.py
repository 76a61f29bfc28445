"""The HTML page of ``geoprivate verify --report DIR``: :func:`write_report` (see :mod:`geoprivate.report`)."""

from __future__ import annotations

import base64
import datetime as _dt
import html
import json
import sys
from pathlib import Path

from geoprivate._papers import full_citation
from geoprivate._validation import Seed, checked
from geoprivate.claims import PAPERS, all_claims
from geoprivate.claims import catalogue as _cat
from geoprivate.claims._registry import RECORD_STATUSES, Budget, Size, audit_summary
from geoprivate.report.explorers import EXPLORERS
from geoprivate.report.figures import FIGURES, figure_png
from geoprivate.report.instances import (
    Names,
    OutDir,
    Records,
    TimeLimit,
    instances_tried,
    regenerate_command,
    save_instance,
)
from geoprivate.report.tables import labelboost_table, markdown_table_html, price_of_everlasting_table

__all__ = ["write_report"]


_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2em auto;max-width:1200px;color:#111827;
line-height:1.4}
h1{font-size:1.6em}h2{border-bottom:2px solid #e5e7eb;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;width:100%;margin:.5em 0 1em}td,th{border-bottom:1px solid #e5e7eb;padding:4px 8px;
text-align:left;vertical-align:top;font-size:.92em}th{background:#f9fafb}
tr.claim td{background:#fcfcfd;font-size:.88em}tr.claim td:first-child{padding-left:2em}
.st{font-weight:600;padding:1px 6px;border-radius:4px;white-space:nowrap}
.holds{background:#dcfce7;color:#166534}.violated{background:#fee2e2;color:#991b1b}
.skipped{background:#fef9c3;color:#854d0e}.error{background:#fecaca;color:#7f1d1d}
.timeout{background:#fde68a;color:#78350f}
.checked{background:#dbeafe;color:#1e40af}.audited{background:#e0e7ff;color:#3730a3}.notyet{background:#ffedd5;color:#9a3412}
.notexec{background:#f3f4f6;color:#374151}.impl{background:#ede9fe;color:#5b21b6}.def{background:#f3f4f6;color:#6b7280}
.notrun{background:#f3f4f6;color:#6b7280}
code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85em}pre{white-space:pre-wrap;margin:.3em 0}
figure{margin:1em 0}figure img{max-width:100%;border:1px solid #e5e7eb}figcaption{font-size:.9em;color:#4b5563}
details summary{cursor:pointer;color:#2563eb}
dl.legend{display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;font-size:.88em;margin:.5em 0}
dl.legend dd{margin:0;color:#374151}
"""


_STATUS_CLASS = {
    "checked": "checked",
    "not yet covered": "notyet",
    "not executable": "notexec",
    "implemented": "impl",
    "definition": "def",
}


#: what a statement's status means (the legend); one entry per status of the catalogue
STATEMENT_STATUSES = {
    "checked": "a numbered statement that registered claims check (their verdicts are listed under it)",
    "audited": "a privacy statement over all adversaries that an audit checks: an audit can refute it, no "
    "finite run proves it",
    "not executable": "stated up to O(·), informally, or over all distributions or mechanisms (the reason is "
    "given); claims may measure its constant as evidence",
    "implemented": "a definition or algorithm: the code that implements it is named",
    "definition": "a definition that nothing needs to implement",
    "not yet covered": "an honest gap: no claim checks it yet",
}

#: every badge's meaning: a claim's verdicts, "not run", then the statements' statuses
_MEANINGS = {
    **RECORD_STATUSES,
    "not run": "the claim exists but was not selected in this run (geoprivate verify --claim ID runs it)",
    **STATEMENT_STATUSES,
}


def _e(x) -> str:
    return html.escape(str(x))


def _badge(status: str) -> str:
    """A status as a coloured badge; its meaning (the legend's) shows on hover."""
    cls = _STATUS_CLASS.get(status, status.replace(" ", ""))
    meaning = _MEANINGS.get(status)
    title = f' title="{_e(meaning)}"' if meaning else ""
    return f'<span class="st {cls}"{title}>{_e(status)}</span>'


def _evidence(rec: dict) -> str:
    ev = json.dumps(rec.get("evidence", {}), default=str)
    short = ev if len(ev) <= 160 else ev[:157] + "…"
    body = f"<code>{_e(short)}</code>"
    if len(ev) > 160:
        body = f"<details><summary><code>{_e(short)}</code></summary><pre>{_e(json.dumps(rec.get('evidence', {}), indent=1, default=str))}</pre></details>"
    audit = audit_summary(rec.get("evidence", {}))
    if audit:
        body += f"<br>{_e(audit)}"
    if rec.get("statement"):
        body += f"<details><summary>claim statement</summary>{_e(rec['statement'])}</details>"
    body += _warnings_html(rec.get("warnings", {}))
    if rec.get("output"):
        body += f"<details><summary>what the check printed</summary><pre>{_e(rec['output'])}</pre></details>"
    if rec.get("status") in ("skipped", "timeout") and rec.get("reason"):
        body += f"<br>reason: {_e(rec['reason'])}"
    if rec.get("status") == "error":
        body += f"<details><summary>traceback</summary><pre>{_e(rec.get('traceback', ''))}</pre></details>"
    if rec.get("instance_file"):
        body += (
            f'<br>offending instance: <a href="{_e(rec["instance_file"])}">{_e(rec["instance_file"])}</a>'
            f"<br>replay: <code>{_e(rec['replay'])}</code>"
        )
    return body


def _warnings_html(warnings: dict) -> str:
    """The claim's warning counts (as the table's ``[n XWarning]``), its distinct messages folded."""
    counts = warnings.get("counts", {}) if isinstance(warnings, dict) else {}
    if not counts:
        return ""
    summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    items = "".join(f"<li>{_e(m)}</li>" for m in warnings.get("messages", []))
    return f"<details><summary>warnings: {_e(summary)}</summary><ul>{items}</ul></details>"


def _legend() -> str:
    """Every badge of the page and what it means: the badges in one line, their meanings unfolded on a click."""
    verdicts = [*RECORD_STATUSES, "not run"]
    items = "".join(f"<dt>{_badge(s)}</dt><dd>{_e(_MEANINGS[s])}</dd>" for s in _MEANINGS)
    return (
        "<details><summary>What the badges mean — a claim's verdict: "
        + " ".join(_badge(s) for s in verdicts)
        + "; a numbered statement's status: "
        + " ".join(_badge(s) for s in STATEMENT_STATUSES)
        + f' (hover a badge, or click here)</summary><dl class="legend">{items}</dl></details>'
    )


_SEVERITY = ("error", "timeout", "violated", "skipped", "holds")


def _worst(statuses) -> str:
    """The most severe verdict among a statement's claims ('' when none ran)."""
    ranked = [s for s in _SEVERITY if s in statuses]
    return ranked[0] if ranked else ""


def _claim_row(cid: str, records: dict) -> str:
    rec = records.get(cid)
    if rec is None:
        return (
            f'<tr class="claim"><td><code>{_e(cid)}</code></td><td colspan="2">'
            f'<span class="st notrun">not run</span></td><td></td><td></td></tr>'
        )
    return (
        f'<tr class="claim"><td><code>{_e(cid)}</code></td><td>{_badge(rec["status"])}</td>'
        f"<td>{_e(instances_tried(rec.get('evidence', {})))}</td><td>{_evidence(rec)}</td>"
        f"<td>{_e(rec.get('seconds', ''))}</td></tr>"
    )


def _paper_section(paper: str, records: dict) -> str:
    rows = []
    for s in _cat.statements(paper):
        linked = s.claims + s.estimates
        verdict = _worst([records[c]["status"] for c in linked if c in records])
        rows.append(
            f'<tr id="{_e(paper)}-{_e(s.label.replace(" ", "-"))}"><td><b>{_e(s.label)}</b></td>'
            f"<td>{_badge(s.status)}{' ' + _badge(verdict) if verdict else ''}</td>"
            f'<td colspan="2">{_e(s.title)}<br>'
            f"<small>{_e(s.coverage())}</small></td><td></td></tr>"
        )
        rows.extend(_claim_row(cid, records) for cid in linked)
    counts = ", ".join(f"{v} {k}" for k, v in _cat.coverage_summary()[paper].items() if v)
    key = PAPERS[paper]
    cited = full_citation(key) if key else "textbook facts the papers use"
    table = (
        "<table><tr><th>statement / claim</th><th>status / verdict</th><th>instances tried</th>"
        "<th>what / evidence</th><th>s</th></tr>" + "".join(rows) + "</table>"
    )
    if not any(r.get("paper") == paper for r in records.values()):  # folded: no claim of this paper ran
        return (
            f'<h3 id="{_e(paper)}">{_e(paper)} <small>{_e(cited)}</small></h3><details><summary>'
            f"{len(_cat.statements(paper))} numbered statements ({_e(counts)}); no claim of this paper was run "
            f"(<code>geoprivate verify --claim {_e(paper)}</code> runs them)</summary>{table}</details>"
        )
    return f'<h2 id="{_e(paper)}">{_e(paper)} <small>{_e(cited)}</small></h2><p>{_e(counts)}</p>' + table


def _supporting(records: dict) -> str:
    attached = {cid for s in _cat.STATEMENTS for cid in s.claims + s.estimates}
    rest = [cid for cid in records if cid not in attached]
    if not rest:
        return ""
    rows = "".join(
        _claim_row(cid, records).replace('class="claim"', "")
        + f'<tr class="claim"><td></td><td colspan="4"><small>{_e(records[cid].get("statement", ""))}'
        "</small></td></tr>"
        for cid in sorted(rest)
    )
    return (
        '<h2 id="supporting">Supporting claims</h2><p>Textbook facts and project findings that check no '
        "single numbered statement of the papers.</p><table><tr><th>claim</th><th>verdict</th>"
        "<th>instances tried</th><th>evidence</th><th>s</th></tr>" + rows + "</table>"
    )


def _user_section(records: dict) -> str:
    """The user's claims (namespaces outside the papers'), with the statements they name in their citation."""
    if not records:
        return ""
    rows = []
    for cid in sorted(records):
        rec = records[cid]
        named = ", ".join(rec.get("checks", []))
        cite = " ".join(x for x in (rec.get("citation") or "", named) if x)
        rows.append(
            _claim_row(cid, records).replace('class="claim"', "")
            + f'<tr class="claim"><td></td><td colspan="4"><small>{_e(cite + ": " if cite else "")}'
            f"{_e(rec.get('statement', ''))} — loaded from <code>{_e(rec.get('source') or 'your code')}</code>"
            "</small></td></tr>"
        )
    return (
        '<h2 id="your-claims">Your claims</h2><p>Claims loaded with <code>--claims-from</code> or the '
        "<code>geoprivate.claims</code> entry points, in your own namespaces.</p><table><tr><th>claim</th>"
        "<th>verdict</th><th>instances tried</th><th>evidence</th><th>s</th></tr>" + "".join(rows) + "</table>"
    )


def _figures_html(outdir: Path, size: str, progress: bool, papers) -> tuple[str, list[str]]:
    """Draw the figures of ``papers`` (those whose claims ran) into the page and ``outdir/figures/``."""
    from tqdm import tqdm

    chosen = {name: spec for name, spec in FIGURES.items() if spec.paper in papers}
    if not chosen:
        return "", []
    folder = outdir / "figures"
    folder.mkdir(parents=True, exist_ok=True)
    parts, failed = [], []
    for name, spec in tqdm(
        list(chosen.items()),
        desc="figures",
        unit="fig",
        disable=None if progress else True,
        leave=False,
        file=sys.stderr,
    ):
        try:
            png = figure_png(spec.builder(size))
        except Exception as exc:  # a broken figure is reported in the page, not hidden
            failed.append(name)
            parts.append(
                f'<figure id="fig-{_e(name)}"><p class="st error">figure {_e(name)} failed: '
                f"{_e(type(exc).__name__)}: {_e(exc)}</p></figure>"
            )
            continue
        (folder / f"{name}.png").write_bytes(png)
        b64 = base64.b64encode(png).decode()
        parts.append(
            f'<figure id="fig-{_e(name)}"><h3>{_e(spec.title)} <small>({_e(spec.paper)})</small></h3>'
            f'<img alt="{_e(spec.title)}" src="data:image/png;base64,{b64}">'
            f"<figcaption>{_e(spec.caption)} File: figures/{_e(name)}.png</figcaption></figure>"
        )
    return '<h2 id="figures">Figures</h2>' + "".join(parts), failed


def _explorers_html(outdir: Path, papers=None) -> tuple[str, list[str]]:
    """Write the registered explorers of ``papers`` (None: all) to ``outdir/explore/`` and return the
    section and the names that failed (a failure is shown in the page, never hidden)."""
    chosen = {n: spec for n, spec in EXPLORERS.items() if papers is None or spec.paper in papers}
    if not chosen:
        return "", []
    try:
        import plotly  # noqa: F401
    except ImportError:
        return (
            '<h2 id="explore">Interactive explorers</h2><p>Not written: they need plotly '
            '(<code>pip install ".[explore]"</code>).</p>'
        ), []
    folder = outdir / "explore"
    folder.mkdir(parents=True, exist_ok=True)
    items, failed, inline = [], [], ""
    for name, spec in chosen.items():
        try:
            page = spec.builder()
        except Exception as exc:  # reported in the page, like a broken figure
            failed.append(name)
            items.append(
                f'<li><span class="st error">explorer {_e(name)} failed: {_e(type(exc).__name__)}: '
                f"{_e(exc)}</span></li>"
            )
            continue
        (folder / f"{name}.html").write_text(page, encoding="utf-8")
        href = f"explore/{name}.html"
        items.append(
            f'<li><a href="{_e(href)}">{_e(spec.title)}</a> <small>({_e(spec.paper)})</small> — '
            f"<code>{_e(spec.command)}</code></li>"
        )
        if not inline:
            inline = (
                f'<iframe src="{_e(href)}" title="{_e(spec.title)}" loading="lazy" '
                'style="width:100%;height:1250px;border:1px solid #e5e7eb"></iframe>'
            )
    return (
        '<h2 id="explore">Interactive explorers</h2><p>Self-contained pages (work offline; the run\'s '
        "transcript is embedded as JSON): a slider and a play button step through the run.</p>"
        f"<ul>{''.join(items)}</ul>{inline}"
    ), failed


def _price_of_everlasting_html() -> str:
    """The "price of everlasting" table from the benchmark's saved results, when the checkout has them."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "price_of_everlasting.json"
    if not path.is_file():
        return ""
    results = json.loads(path.read_text(encoding="utf-8"))
    table = price_of_everlasting_table(results)
    return (
        '<h2 id="everlasting">Price of everlasting</h2><p>[NNSY23] GenericBBL (training privacy) and the '
        "toolkit's RepairedBBL (training and query privacy, one entry per position of the hidden query) past "
        "the first phase, private as run at (ε ≤ 4, δ = 10⁻⁶), accuracy measured: "
        "<code>python benchmarks/price_of_everlasting.py --save</code>.</p>"
        + markdown_table_html(table)
        + "<p>LabelBoost's measured labelling error against |Ŝ|:</p>"
        + (markdown_table_html(labelboost_table(results)) if results.get("labelboost_sweep") else "")
    )


@checked
def write_report(
    records: Records,
    outdir: OutDir,
    *,
    seed: Seed = 0,
    size: Size = "small",
    figures: bool = True,
    progress: bool = True,
    explorers: bool | None = None,
    max_examples: Budget | None = None,
    claims: Names | None = None,
    claims_from: Names | None = None,
    time_limit: TimeLimit | None = None,
) -> Path:
    """Write the report (see the module docstring) and return the path of ``index.html``.

    The page opens with the run's counts, the legend of every badge and the command that
    regenerates it; then the user's claims, then the papers' statements (a paper none of whose
    claims ran is folded), the supporting claims, and the figures, tables and explorers of the
    papers whose claims ran.

    Parameters
    ----------
    records : list of dict
        As returned by :func:`geoprivate.claims.run_claim` (or error records of
        ``geoprivate verify``); violated ones get an instance file.
    outdir : path
        Created if missing.
    seed, size : recorded in the page and in the replay commands.
    figures : bool
        Draw the registered figures of the papers whose claims are in ``records`` (embedded and
        written beside the page); the others are not drawn.
    progress : bool
        tqdm progress on a terminal (silent otherwise).
    explorers : bool, optional
        Write the interactive explorers and link them: default (None) as ``figures``, those of
        the papers whose claims ran; True: every explorer.
    max_examples : int, optional
        The run's ``--max-examples`` (recorded in the replay commands).
    claims : sequence of str, optional
        The run's ``--claim`` patterns, for the Regenerate line (default: the ids of ``records``
        when they are not every registered claim).
    claims_from : sequence of str, optional
        The run's ``--claims-from`` sources (default: the sources named in ``records``).
    time_limit : float, optional
        The run's ``--time-limit``, when given.

    Returns
    -------
    pathlib.Path
    """
    outdir = Path(outdir)
    try:
        outdir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"outdir: cannot create {outdir}: {exc.strerror or exc}") from None
    recs = {}
    for rec in records:
        rec = dict(rec)
        if rec.get("status") == "violated":
            path, cmd = save_instance(rec, outdir, seed=seed, size=size, max_examples=max_examples)
            rec["instance_file"], rec["replay"] = str(path.relative_to(outdir)), cmd
        recs[rec["id"]] = rec
    verdicts: dict[str, int] = {}
    for r in recs.values():
        verdicts[r["status"]] = verdicts.get(r["status"], 0) + 1
    ran = {r.get("paper") for r in recs.values()} & set(PAPERS)
    problems = _cat.link_problems()
    fig_html, failed = _figures_html(outdir, size, progress, ran) if figures else ("", [])
    show_explorers = figures if explorers is None else explorers
    exp_html, exp_failed = _explorers_html(outdir, None if explorers else ran) if show_explorers else ("", [])
    failed = failed + exp_failed
    builtin = {k: r for k, r in recs.items() if r.get("paper") in PAPERS or "paper" not in r}
    user = {k: r for k, r in recs.items() if k not in builtin}
    papers = [p for p in PAPERS if _cat.statements(p)]
    papers.sort(key=lambda p: p not in ran)  # the papers whose claims ran first, then the folded ones
    supporting = _supporting(builtin)
    price = _price_of_everlasting_html() if "everlasting" in ran else ""
    if claims_from is None:
        claims_from = sorted({r["source"] for r in recs.values() if r.get("source")})
    if claims is None and set(recs) != {c.id for c in all_claims()}:
        claims = sorted(recs)
    regenerate = regenerate_command(
        seed, size, claims=claims or (), claims_from=claims_from, max_examples=max_examples, time_limit=time_limit
    )
    nav = " · ".join(
        f'<a href="#{p}">{p}</a>'
        for p in (["your-claims"] if user else [])
        + papers
        + (["supporting"] if supporting else [])
        + (["everlasting"] if price else [])
        + (["figures"] if fig_html else [])
        + (["explore"] if exp_html else [])
    )
    head = (
        f"<h1>geoprivate — claims checked</h1>"
        f"<p>{len(recs)} claims run ({len(user)} yours; seed {_e(seed)}, size {_e(size)}, "
        f"{_dt.datetime.now(_dt.UTC):%Y-%m-%d %H:%M UTC}): "
        + ", ".join(f"{_badge(k)} {v}" for k, v in sorted(verdicts.items()))
        + f". {len(_cat.STATEMENTS)} numbered statements of the papers catalogued; claim links: "
        + ("ok" if not problems else f"<b>{len(problems)} problem(s)</b>: " + _e("; ".join(problems)))
        + (f". Figures that failed: {_e(', '.join(failed))}" if failed else "")
        + f".</p><p>Regenerate: <code>{_e(regenerate)}</code>. A violated claim is a finding about the paper "
        "(or your claim): its instance is saved with the command that replays it.</p>" + _legend() + f"<p>{nav}</p>"
    )
    body = (
        head
        + _user_section(user)
        + "".join(_paper_section(p, recs) for p in papers)
        + supporting
        + price
        + (fig_html or _no_figures(figures, ran))
        + exp_html
    )
    page = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>geoprivate report</title>'
        f"<style>{_CSS}</style></head><body>{body}</body></html>"
    )
    index = outdir / "index.html"
    try:
        index.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"outdir: cannot write {index}: {exc.strerror or exc}") from None
    return index


def _no_figures(figures: bool, ran) -> str:
    """Why the page has no figures: the figures belong to the papers, drawn when their claims run."""
    if not figures or ran:
        return ""
    return (
        '<h2 id="figures">Figures</h2><p>None drawn: the figures illustrate the papers, and no claim of a paper '
        "was run (<code>geoprivate figures --out DIR</code> draws them all).</p>"
    )
