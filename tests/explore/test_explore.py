"""geoprivate explore: the pages are self-contained, embed the run they draw, and are the
same bytes for the same seed (regenerated in a fresh process)."""

import json
import os
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from tests import ROOT

pytest.importorskip("plotly")

from geoprivate.explore import TRANSCRIPT_ID, everlasting_page, predict_page, vc1_page  # noqa: E402
from geoprivate.explore._page import rational  # noqa: E402
from geoprivate.explore.predict import predict_figure, predict_runs, predict_steps  # noqa: E402
from geoprivate.explore.vc1 import prefix_sizes, version_space  # noqa: E402


def transcript_of(page: str) -> dict:
    m = re.search(rf'<script type="application/json" id="{TRANSCRIPT_ID}">(.*?)</script>', page, re.DOTALL)
    assert m, "the page embeds no transcript"
    return json.loads(m.group(1))


def assert_self_contained(page: str) -> None:
    assert not re.search(r'<(script|link|img)[^>]+(src|href)="(https?:)?//', page), "a resource is fetched"
    assert "plotly.js v" in page and "window.Plotly" in page  # plotly.js inlined


@pytest.fixture(scope="module")
def runs_d1():
    return predict_runs(1, 4, repaired=True)


def _cli(out, *args, **env_vars):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="random", **env_vars)
    return subprocess.run(
        [sys.executable, "-m", "geoprivate", "explore", *args, "--out", str(out)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )


@pytest.fixture(scope="module")
def page_d1():
    return predict_page(d=1, seed=4, repaired=True)


def test_predict_page_is_regenerated_bit_for_bit_in_a_new_process(tmp_path, page_d1):
    out = tmp_path / "a.html"
    r = _cli(out, "predict", "--concept", "halfspaces", "--d", "1", "--repaired", "--seed", "4")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith(str(out))
    assert out.read_bytes() == page_d1.encode("utf-8")
    assert_self_contained(page_d1)
    t = transcript_of(page_d1)
    assert [run["name"] for run in t["runs"]] == ["G_halfspace (Alg. 4)", "G_halfspace_repaired"]


def test_predict_page_does_not_depend_on_the_blas_thread_count(tmp_path, page_d1):
    """Monte Carlo sums differ in their last bits with the BLAS thread count; the page does not."""
    out = tmp_path / "one_thread.html"
    r = _cli(
        out,
        "predict",
        "--concept",
        "halfspaces",
        "--d",
        "1",
        "--repaired",
        "--seed",
        "4",
        OPENBLAS_NUM_THREADS="1",
        OMP_NUM_THREADS="1",
        MKL_NUM_THREADS="1",
    )
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == page_d1.encode("utf-8")


def test_another_seed_gives_another_run(runs_d1):
    other = predict_runs(1, 5)[0][2]
    assert other.transcript.points.tolist() != runs_d1[0][2].transcript.points.tolist()


def test_transcript_is_the_run_drawn(runs_d1, page_d1):
    t = transcript_of(page_d1)
    for run, (name, _pred, res) in zip(t["runs"], runs_d1, strict=True):
        assert run["name"] == name
        assert run["result"]["hard_rounds"] == res.hard_rounds
        assert run["result"]["transcript"]["x"] == res.transcript.points.tolist()
        assert run["result"]["transcript"]["label"] == res.transcript.labels.tolist()
        assert len(run["steps"]) == res.T + 1
        for step in run["steps"]:  # hard queries on the page at round r: those asked before r
            assert step["hard_queries"] == sum(1 for h in res.hard_rounds if h < step["round"])
        for e, (start, ens) in zip(run["ensembles"], res.ensembles, strict=True):
            assert e["start"] == start
            assert [(h["a"], h["w"]) for h in e["hypotheses"]] == [
                ([str(Fraction(v)) for v in a], str(Fraction(w))) for a, w in ens.hypotheses
            ]
        assert "seconds" not in run["result"]


def test_faithful_collapses_to_the_point_and_repaired_keeps_a_line(runs_d1):
    (_, _, faithful), (_, _, repaired) = runs_d1
    dims_f = [s["affine_dim"] for s in predict_steps(faithful)]
    dims_r = [s["affine_dim"] for s in predict_steps(repaired)]
    assert dims_f[0] == dims_r[0] == 2
    assert dims_f[-1] == 0  # [Yan26] Claims 8-9: C|HardQuery = {0} after d + 1 hard queries
    assert min(dims_r) == 1
    assert dims_f == sorted(dims_f, reverse=True)


def test_frames_draw_the_transcripts_hard_queries_and_exact_maximisers(runs_d1):
    fig = predict_figure(runs_d1, d=1)
    assert len(fig.frames) == runs_d1[0][2].T + 1
    for f, step in zip(fig.frames, predict_steps(runs_d1[0][2]), strict=True):
        drawn = [tr for tr in f.data if (tr.uid or "").startswith("r0-hq") and len(tr.x or ())]
        assert len(drawn) == step["hard_queries"]
        maxi = next(tr for tr in f.data if tr.uid == "r0-max")
        ens = runs_d1[0][2].ensembles[step["segment"]][1]
        for text, (a, w) in zip(maxi.hovertext, ens.hypotheses, strict=True):
            assert f"w = {rational(w)}" in text and f"a = {rational(a[0])}" in text
    assert [s.label for s in fig.layout.sliders[0].steps] == [f.name for f in fig.frames]


def test_d2_page_has_planes_and_the_subspace():
    runs = predict_runs(2, 2, repaired=False)
    fig = predict_figure(runs, d=2)
    last = fig.frames[-1]
    planes = [tr for tr in last.data if (tr.uid or "").startswith("r0-hq") and len(tr.x or ())]
    assert len(planes) == runs[0][2].n_hard == 3
    sub = next(tr for tr in last.data if tr.uid == "r0-sub")
    assert list(sub.x) == [0] and "= {0}" in sub.hovertext  # the collapse to the origin


def test_everlasting_page():
    page = everlasting_page(seed=0)
    assert page == everlasting_page(seed=0)
    assert_self_contained(page)
    t = transcript_of(page)
    assert [p["i"] for p in t["result"]["phases"]] == [1, 2, 3]
    assert all("seconds" not in p for p in t["result"]["phases"])
    # the default page: no phase worse than a coin; not private (practical constants) and titled so (#30)
    assert max(p["err_D_max"] for p in t["result"]["phases"]) <= 0.5
    assert t["result"]["privacy_applies"] is False
    assert "illustrative, not private: [NNSY23] Claim E.5 needs Lemma C.3 gap" in page


def test_vc1_version_space_shrinks_to_the_target():
    from geoprivate.viz.vc1 import figure1_run

    learner, cols, labels, _, target = figure1_run(0)
    cls = learner.cls
    sizes = prefix_sizes(len(cols))
    assert sizes[0] == 0 and sizes[-1] == len(cols)
    spaces = [version_space(learner, cols[:n], labels[:n]) for n in sizes]
    assert len(spaces[0]["concepts"]) == cls.A.shape[0]  # nothing seen: every concept survives
    counts = [len(s["concepts"]) for s in spaces]
    assert counts == sorted(counts, reverse=True)  # a version space only shrinks
    assert all(s["subtree"] >= t["subtree"] for s, t in zip(spaces, spaces[1:], strict=False))
    final = [cls.concept_of(cls.hypothesis_of(v)) for v in spaces[-1]["concepts"]]
    assert target in final


def test_vc1_page():
    page = vc1_page(seed=0)
    assert page == vc1_page(seed=0)
    assert_self_contained(page)
    t = transcript_of(page)
    assert t["algorithm2"]["t"] == 50 and len(t["steps"]) == len(prefix_sizes(1000))


@pytest.mark.parametrize("args", [["predict", "--d", "3"], ["predict", "--concept", "thresholds"], ["vc1"]])
def test_cli_bad_arguments_exit_2(tmp_path, args):
    from geoprivate.cli import main

    argv = ["explore", *args] + ([] if args == ["vc1"] else ["--out", str(tmp_path / "x.html")])
    assert main(argv) == 2


def test_report_links_the_explorers(tmp_path, monkeypatch):
    from geoprivate import report
    from geoprivate.report.explorers import EXPLORERS, ReportExplorer

    assert {"collapse_d1", "everlasting_phases", "vc1_tree"} <= set(EXPLORERS)

    def broken():
        raise RuntimeError("no run")

    fake = {
        "tiny": ReportExplorer("tiny", "a tiny page", "shrinkage", lambda: "<html>tiny</html>", "cmd tiny"),
        "broken": ReportExplorer("broken", "a broken page", "vc1", broken, "cmd broken"),
    }
    monkeypatch.setattr(report.page, "EXPLORERS", fake)
    page = report.write_report([], tmp_path, figures=False, explorers=True).read_text()
    assert (tmp_path / "explore" / "tiny.html").read_text() == "<html>tiny</html>"
    assert 'href="explore/tiny.html"' in page and 'iframe src="explore/tiny.html"' in page
    assert "explorer broken failed: RuntimeError: no run" in page and "failed: broken" in page
    assert "Interactive explorers" not in report.write_report([], tmp_path / "b", figures=False).read_text()
