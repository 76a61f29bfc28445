"""Figures equal the code (#40 item 4): every committed image of docs/img is what the code draws today.

Each committed PNG carries the data it shows (:mod:`geoprivate.viz.provenance`); the fast test recomputes that
data (seeded, small runs; nothing rendered) and compares it exactly.  ``python docs/make_images.py --write``
redraws every image, ``--check`` runs the same comparison.  The slow tests redraw each image and compare
the pixels of the report figures with the committed ones (within a tolerance for font rendering), and the
explorer's screenshot in Chromium where there is one.
"""

from __future__ import annotations

import importlib.util
import re

import numpy as np
import pytest

from geoprivate.viz.provenance import png_data
from tests import ROOT


def _images():
    spec = importlib.util.spec_from_file_location("make_images", ROOT / "docs" / "make_images.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


MI = _images()


def test_every_committed_image_has_one_regenerating_command():
    committed = {p.stem for p in (ROOT / "docs" / "img").glob("*.png")}
    assert committed == set(MI.IMAGES)
    # every image the README and the docs show from docs/img is a committed one
    shown = set()
    pages = [p for p in (ROOT / "docs").rglob("*.md") if not {"_autogen", "_build"} & set(p.parts)]
    for page in [ROOT / "README.md", *pages]:
        shown |= set(re.findall(r"img/([A-Za-z0-9_]+)\.png", page.read_text(encoding="utf-8")))
    assert shown <= committed, shown - committed


@pytest.mark.parametrize("name", list(MI.IMAGES))
def test_committed_image_carries_the_data_the_code_draws_today(name):
    if name == "explore_predict_d1":
        pytest.importorskip("plotly", reason="plotly not installed (pip install '.[explore]')")
    why = MI.stale(name)
    assert not why, f"docs/img/{name}.png is stale (python docs/make_images.py --write --only {name}):\n" + "\n".join(
        why[:20]
    )


def test_a_moved_maximiser_is_named_by_the_check():
    """The comparison can fail, and says where: the headline figure with one block's maximiser moved back to
    where the committed image drew it before the max_cdepth warm start."""
    png = (ROOT / "docs" / "img" / "collapse_d1_repaired.png").read_bytes()
    carried = png_data(png)
    assert carried is not None
    moved = MI.json.loads(MI.json.dumps(carried))
    panel = next(i for i, p in enumerate(moved["panels"]) if "maximiser" in p["marks"] and "hard query 1" in p["title"])
    moved["panels"][panel]["marks"]["maximiser"][0] = [[9.5, -2.96875]]
    why = MI.differences(moved, carried)
    assert why == [f"panels[{panel}].marks.maximiser[0][0]: image [9.5, -2.96875] != code [16.0, -5.0]"]
    assert MI.stale("collapse_d1_repaired", MI.png_with_text(png, MI.DATA_KEY, MI.data_json(moved)))


def test_an_image_without_data_is_stale():
    import io

    from matplotlib.figure import Figure

    buf = io.BytesIO()
    Figure(figsize=(1, 1)).savefig(buf, format="png", dpi=20)
    (why,) = MI.stale("collapse_d1", buf.getvalue())
    assert "carries no data" in why


def _pixels(png: bytes) -> np.ndarray:
    import io

    from matplotlib.image import imread

    return imread(io.BytesIO(png), format="png")


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in MI.IMAGES if n != "explore_predict_d1"])
def test_redrawn_report_figure_matches_the_committed_pixels(name):
    new = MI.IMAGES[name].render()
    old = (ROOT / "docs" / "img" / f"{name}.png").read_bytes()
    assert png_data(new) == png_data(old)
    a, b = _pixels(new), _pixels(old)
    assert a.shape == b.shape
    # the same matplotlib draws the same pixels; one moved maximiser changes about 3·10⁻⁴ of them (measured on
    # the committed images drawn before the max_cdepth warm start), a few glyphs rendered differently far fewer
    assert np.mean(np.abs(a - b).max(axis=-1) > 0.1) < 5e-5


@pytest.mark.slow
def test_explorer_screenshot_in_chromium_carries_the_committed_data():
    if MI.chromium() is None:
        pytest.skip("no chromium: the explorer's screenshot cannot be taken (apt-get install chromium)")
    new = MI.IMAGES["explore_predict_d1"].render()
    assert isinstance(new, bytes)
    assert png_data(new) == png_data((ROOT / "docs" / "img" / "explore_predict_d1.png").read_bytes())
    assert _pixels(new).shape[:2] == (MI.WINDOW[1], MI.WINDOW[0])
