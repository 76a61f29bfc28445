"""`geoprivate verify --report DIR`: every catalogued statement listed, violations saved and replayable."""

import base64
import json
import re

import pytest

from geoprivate import claims, report
from geoprivate.claims import catalogue, run_claim
from geoprivate.cli import main
from geoprivate.report import figures as rfig
from tests import ROOT


def _records(ids):
    return [run_claim(claims.get_claim(cid), seed=0, size="small") for cid in ids]


def test_report_lists_every_catalogued_statement(tmp_path):
    recs = _records(["vc1/lemma-3", "general/pajor"])
    page = report.write_report(recs, tmp_path, seed=0, size="small", figures=False).read_text()
    for s in catalogue.STATEMENTS:
        assert f'id="{s.paper}-{s.label.replace(" ", "-")}"' in page, s
    assert "general/pajor" in page.split('id="supporting"')[1]  # a supporting claim has its own section
    assert page.count("not run") >= 1  # claims not run are shown as such
    assert "claim links: ok" in page


def test_a_violation_is_saved_loadable_and_replays(tmp_path, capsys):
    recs = _records(["shrinkage/dual-degeneracy"])
    assert recs[0]["status"] == "violated"
    page = report.write_report(recs, tmp_path, seed=0, size="small", figures=False).read_text()
    row = page.split('id="shrinkage-Claim-11"')[1].split("</tr>")[0]
    assert 'class="st violated"' in row  # the statement row shows the worst verdict
    files = list((tmp_path / "instances").glob("*.json"))
    assert len(files) == 1 and files[0].name in page
    data = report.load_instance(files[0])
    assert data["instance"] == recs[0]["instance"]
    argv = data["replay"].split()[3:]  # drop "python -m geoprivate"
    assert argv[0] == "verify" and data["replay"] in page
    main(argv)
    replayed = json.loads(capsys.readouterr().out)["claims"][0]
    assert replayed["instance"] == data["instance"]


def test_load_instance_rejects_other_json(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("{}")
    with pytest.raises(ValueError, match="instance file"):
        report.load_instance(p)


def test_instances_tried_finds_the_count():
    assert report.instances_tried({"instances": 12, "x": 1}) == "12 instances"
    assert report.instances_tried({"d1": {"runs": 3}}) == "d1: 3 runs"
    assert report.instances_tried({"x": 1}) == "—"


def test_figures_are_embedded_and_written_beside(tmp_path, monkeypatch):
    from matplotlib.figure import Figure

    def tiny(size):
        fig = Figure(figsize=(2, 2))
        ax = fig.subplots()
        ax.plot([0, 1], [0, 1])
        return fig

    def broken(size):
        raise RuntimeError("no data")

    monkeypatch.setattr(rfig, "FIGURES", {})
    monkeypatch.setattr(report.page, "FIGURES", rfig.FIGURES)
    monkeypatch.setattr(report.page, "EXPLORERS", {})  # tests/explore/test_explore.py covers the explorer section
    rfig.report_figure("tiny", "a tiny figure", paper="general")(tiny)
    rfig.report_figure("broken", "a broken figure", paper="general")(broken)
    page = report.write_report(_records(["general/pajor"]), tmp_path, figures=True).read_text()
    png = (tmp_path / "figures" / "tiny.png").read_bytes()
    assert png[:4] == b"\x89PNG"
    embedded = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(embedded) == 1 and base64.b64decode(embedded[0]) == png
    assert "figure broken failed" in page and "Figures that failed: broken" in page


def test_verify_report_cli_writes_the_page(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(rfig, "FIGURES", {})
    monkeypatch.setattr(report.page, "FIGURES", rfig.FIGURES)
    monkeypatch.setattr(report.page, "EXPLORERS", {})  # tests/explore/test_explore.py covers the explorer section
    assert main(["verify", "--claim", "vc1/lemma-2", "--report", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "index.html").exists()
    assert "report:" in capsys.readouterr().err


def test_every_registered_figure_names_a_paper():
    assert {"collapse_d1", "oblivious_L", "hard_queries_vs_T", "privacy_spent", "vc1_tree"} <= set(rfig.FIGURES)
    for spec in rfig.FIGURES.values():
        assert spec.paper in claims.PAPERS and spec.title


@pytest.mark.slow
def test_full_report_small(tmp_path):
    """The whole `verify --report` at size small: every claim, every figure."""
    assert main(["verify", "--report", str(tmp_path)]) == 0
    page = (tmp_path / "index.html").read_text()
    assert page.count("data:image/png;base64,") == len(rfig.FIGURES)
    # every claim ran (the everlasting table may say "not run: planner predicts"; the legend shows the badge)
    assert 'class="st notrun"' not in page.replace(report.page._legend(), "")
    for c in claims.all_claims():
        assert c.id in page


def test_figures_cli_lists_and_rejects_unknown_names(tmp_path, capsys):
    assert main(["figures", "--list"]) == 0
    assert "collapse_d1" in capsys.readouterr().out
    assert main(["figures", "--only", "no_such_figure", "--out", str(tmp_path)]) == 2
    assert "unknown figure" in capsys.readouterr().err


def test_figures_cli_writes_a_png(tmp_path, capsys):
    assert main(["figures", "--only", "vc1_tree", "--out", str(tmp_path), "--dpi", "40"]) == 0
    assert (tmp_path / "vc1_tree.png").read_bytes()[:4] == b"\x89PNG"


def test_committed_collapse_png_exists():

    png = ROOT / "docs" / "img" / "collapse_d1.png"
    assert png.read_bytes()[:4] == b"\x89PNG"


OWN_CLAIMS = """
from fractions import Fraction
from geoprivate.audit.exact import LogRational, exact_audit
from geoprivate.claims import Verdict, claim

def _rr(bit):
    return {bit: Fraction(3, 4), 1 - bit: Fraction(1, 4)}  # randomised response, e^eps = 3

@claim("mylab/rr-ln2", statement="randomised response with p = 3/4 is ln 2-DP")
def _ln2(rng, size):
    return exact_audit(_rr, [(0, 1)], LogRational(2))

@claim("mylab/rr-ln3", statement="randomised response with p = 3/4 is ln 3-DP")
def _ln3(rng, size):
    return exact_audit(_rr, [(0, 1), (1, 0)], LogRational(3))

@claim("mylab/noisy", statement="warns twice")
def _noisy(rng, size):
    import warnings
    from geoprivate.privacy.warnings import PrivacyWarning
    for _ in range(2):
        warnings.warn("outside a theorem on purpose", PrivacyWarning, stacklevel=1)
    return Verdict.holds(instances=2)
"""


def test_the_report_of_ones_own_claims(tmp_path, capsys, claim_registry):
    """#40 item 5 and #39 item 5: `verify --claims-from F --claim mylab --report out` draws no paper figure,
    lists the user's claims first with their audits and warning counts, and its Regenerate line replays it."""
    path = tmp_path / "mylab_claims.py"
    path.write_text(OWN_CLAIMS)
    out = tmp_path / "out"
    assert main(["verify", "--claims-from", str(path), "--claim", "mylab", "--report", str(out)]) == 0
    cap = capsys.readouterr()
    assert "exact audit at ε = 0.693147, δ = 0: δ(ε) in [1/4, 1/4]" in cap.out  # the table's audit line
    assert "Warning" not in cap.err  # no figure ran, so no unrelated warning (the claim's own are counted)
    page = (out / "index.html").read_text()
    assert "data:image/png" not in page and not list(out.glob("figures/*.png")) and not (out / "explore").exists()
    assert page.index('id="your-claims"') < min(page.index(f'id="{p}"') for p in ("shrinkage", "vc1"))
    assert "no claim of this paper was run" in page  # the papers' statements are folded, not 178 rows of "not run"
    for status in ("holds", "violated", "skipped", "error", "timeout", "not run", "checked", "not yet covered"):
        assert f'class="st {status.replace(" ", "") if status != "not yet covered" else "notyet"}" title="' in page
    assert "warnings: 2 PrivacyWarning" in page
    assert "δ(ε) in [1/4, 1/4], ε at δ = 1.09861, 1 pair(s) examined, exhaustive: yes" in page
    assert (
        "1 pair(s) examined, exhaustive: yes" in page
    )  # (0, 1) and (1, 0) are one pair, audited in both orders: exhaustive
    saved = report.load_instance(out / "instances" / "mylab__rr-ln2.json")
    assert saved["instance"] == [0, 1] and saved["evidence"]["audit"] == "exact_audit"
    regenerate = re.search(r"Regenerate: <code>([^<]+)</code>", page).group(1)
    assert f"--claim mylab --claims-from {path}" in regenerate
    argv = regenerate.split()[3:]  # drop "python -m geoprivate"
    argv[-1] = str(tmp_path / "again")
    assert main(argv) == 0
    again = (tmp_path / "again" / "index.html").read_text()
    ids = re.compile(r"<code>(mylab/[a-z0-9-]+)</code>")
    assert set(ids.findall(again)) == set(ids.findall(page)) == {"mylab/rr-ln2", "mylab/rr-ln3", "mylab/noisy"}


def test_figures_and_explorers_are_drawn_only_for_the_papers_whose_claims_ran(tmp_path, monkeypatch):
    from geoprivate.report.explorers import ReportExplorer

    drawn = []

    def builder(name):
        def build(size=None):
            drawn.append(name)
            from matplotlib.figure import Figure

            return Figure(figsize=(1, 1))

        return build

    monkeypatch.setattr(rfig, "FIGURES", {})
    monkeypatch.setattr(report.page, "FIGURES", rfig.FIGURES)
    rfig.report_figure("of_vc1", "a vc1 figure", paper="vc1")(builder("of_vc1"))
    rfig.report_figure("of_winnow", "a winnow figure", paper="winnow")(builder("of_winnow"))
    pages = {p: ReportExplorer(p, p, p, lambda: "<html></html>", "cmd") for p in ("vc1", "winnow")}
    monkeypatch.setattr(report.page, "EXPLORERS", pages)
    page = report.write_report(_records(["vc1/lemma-3"]), tmp_path).read_text()
    assert drawn == ["of_vc1"] and (tmp_path / "explore" / "vc1.html").exists()
    assert not (tmp_path / "explore" / "winnow.html").exists()
    assert "--claim vc1/lemma-3 " in page  # the Regenerate line names the claims of a partial run


def test_the_legend_explains_every_status_of_the_catalogue_and_of_a_record():
    from geoprivate.claims._registry import RECORD_STATUSES

    assert tuple(report.page.STATEMENT_STATUSES) == catalogue.STATUSES
    legend = report.page._legend()
    for status in [*RECORD_STATUSES, "not run", *catalogue.STATUSES]:
        assert f">{status}</span></dt><dd>" in legend
