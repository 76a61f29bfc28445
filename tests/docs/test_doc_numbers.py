"""Numbers in prose come from code (#33): every marked number of README.md and docs/*.md is regenerated."""

from __future__ import annotations

import importlib.util

import pytest

from tests import ROOT


def _gen():
    spec = importlib.util.spec_from_file_location("gen_numbers", ROOT / "docs" / "gen_numbers.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_every_marked_number_matches_the_code():
    g = _gen()
    cache: dict = {}
    stale = []
    names = set()
    for path in g.documents():
        text = path.read_text(encoding="utf-8")
        names |= {n for n, _ in g.markers(text)}
        stale += [(path.name, *s) for s in g.regenerate(text, slow=False, cache=cache)[1]]
    assert not stale, f"stale numbers (run python docs/gen_numbers.py --write): {stale}"
    # the numbers are under the mechanism
    assert {"repaired_training", "labelboost_eps", "price_of_everlasting_table"} <= names
    assert {"price_of_privacy_table", "bench_speed_table", "verify_small_cpu", "one_phase_R4_run"} <= names


def test_the_readmes_findings_are_findings_of_the_registry():
    from geoprivate.claims.findings import findings

    g = _gen()
    assert len(set(g.README_FINDINGS)) == 5 and set(g.README_FINDINGS) <= {r["claim"] for r in findings()}
    assert g.GENERATORS["findings_headline"]().count("\n- `") == 5


def test_verify_summary_is_the_saved_run():
    g = _gen()
    table = g.GENERATORS["verify_summary"]()
    small = g.saved("bench_verify")["small"]
    total = {s: sum(c.get(s, 0) for c in small["verdicts"].values()) for s in ("holds", "violated", "skipped")}
    assert f"| all | {small['claims']} | {total['holds']} | {total['violated']} | {total['skipped']} |" in table


def test_a_stale_number_fails_and_write_repairs_it():
    g = _gen()
    text = "training privacy <!-- gen:repaired_training_eps -->6.79<!-- /gen --> as run"
    new, stale = g.regenerate(text, slow=False)
    assert stale == [("repaired_training_eps", "6.79", "7.74")]
    assert g.regenerate(new, slow=False)[1] == [] and "7.74" in new


def test_a_malformed_marker_is_an_error_not_text():
    with pytest.raises(ValueError, match="not a marker"):
        _gen().regenerate("T = <!-- gen:attack-T1 -->115 809<!-- /gen -->")


def test_names_with_capitals_are_markers():
    new, stale = _gen().regenerate("T_1 = <!-- gen:attack_T1 -->1<!-- /gen -->", slow=False)
    assert stale and stale[0][0] == "attack_T1" and "115 809" in new


def test_unknown_marker_is_an_error():
    with pytest.raises(KeyError, match="unknown generated number"):
        _gen().regenerate("<!-- gen:no_such_number -->1<!-- /gen -->")


def test_saved_table_is_what_the_saved_file_says():
    g = _gen()
    from geoprivate.report.tables import markdown_table_html, price_of_everlasting_table

    table = price_of_everlasting_table(g.saved("price_of_everlasting"))
    assert table.count("\n| ") >= 2 and "GenericBBL" in table and "RepairedBBL" in table
    assert markdown_table_html(table).count("<tr>") == table.count("\n") + 1 - 1


@pytest.mark.slow
def test_slow_numbers_match_the_code():
    g = _gen()
    cache: dict = {}
    stale = []
    for path in g.documents():
        stale += g.regenerate(path.read_text(encoding="utf-8"), slow=True, cache=cache)[1]
    assert not stale


def test_report_shows_the_price_of_everlasting_table():
    from geoprivate.report.page import _price_of_everlasting_html

    page = _price_of_everlasting_html()
    assert 'id="everlasting"' in page and page.count("<tr>") >= 3 and "RepairedBBL" in page


def test_price_of_privacy_table_is_rendered_from_the_saved_rows(monkeypatch):
    g = _gen()
    table = g.GENERATORS["price_of_privacy_table"]()
    rows = list(table.strip().splitlines()[2:])
    # 2 one-phase GenericBBL, 2 planner-only, 2 DP-Winnow, DP-GreedyCover, GenericPredictor, 6 VC-1, 2 at scale
    assert len(rows) == 16 and all(r.count(" | ") == 5 for r in rows)
    saved = g.saved

    def edited(name):
        data = saved(name)
        if name == "price_of_privacy":
            data = [
                dict(r, accuracy="max err_D = 0.999 (1/2 TOPs)") if r["algorithm"].startswith("GenericBBL") else r
                for r in data
            ]
        return data

    monkeypatch.setattr(g, "saved", edited)
    assert "max err_D = 0.999 (1/2 TOPs)" in g.GENERATORS["price_of_privacy_table"]()


def test_bench_speed_table_is_the_saved_run():
    g = _gen()
    table = g.GENERATORS["bench_speed_table"]()
    saved = g.saved("bench_speed")["rows"]
    assert table.strip().count("\n") == len(saved) + 1 and all(r[0].replace("|", "\\|") in table for r in saved)
