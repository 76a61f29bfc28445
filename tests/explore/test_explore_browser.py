"""The explorer pages in a real browser: headless Chromium (Debian's ``chromium`` package,
driven by Selenium through Debian's ``chromedriver``; nothing is downloaded) opens the page
with the network switched off, moves the slider as a person would (a click on the slider's
rail), and checks what is on the screen: the round label, the hard-query lines drawn (one
SVG path per hard query that has arrived, against the embedded transcript), no console
errors.  A screenshot is saved in the test's tmp dir.  Skips with a one-line reason on a
machine without the browser (``.ci/run`` installs it)."""

import json
import time

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser(chromium):
    """Headless Chromium (tests/conftest.py), with plotly for the pages."""
    pytest.importorskip("plotly", reason="plotly not installed (pip install '.[explore]')")
    return chromium


def _open(drv, path):
    drv.get(path.as_uri())
    for _ in range(200):
        if drv.execute_script("return !!document.querySelector('g.slider-group > text.slider-label')"):
            return
        time.sleep(0.1)
    raise AssertionError("the page drew no slider")


def _label(drv) -> str:
    return drv.execute_script("return document.querySelector('g.slider-group > text.slider-label').textContent")


def _move_slider(drv, index: int) -> None:
    """Click the slider's rail at the tick of step ``index`` (as a person would)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    rail = drv.find_element(By.CSS_SELECTOR, "rect.slider-rail-touch-rect")
    tick = drv.find_elements(By.CSS_SELECTOR, "rect.slider-tick-rect")[index]
    rx = rail.rect["x"] + rail.rect["width"] / 2
    tx = tick.rect["x"] + tick.rect["width"] / 2
    ActionChains(drv).move_to_element_with_offset(rail, round(tx - rx), 0).click().perform()
    time.sleep(0.6)


def _step_labels(drv) -> list:
    return drv.execute_script(
        "return document.getElementById('geoprivate-explorer').layout.sliders[0].steps.map(s => s.label)"
    )


def _lines_drawn(drv, tag: str) -> int:
    """Hard-query lines on the screen: non-empty SVG paths of the traces ``<tag>-hq<j>``."""
    return drv.execute_script(
        "return Array.from(document.querySelectorAll('g.trace')).filter(g => "
        f"Array.from(g.classList).some(c => c.startsWith('trace{tag}-hq'))).filter(g => {{"
        "const p = g.querySelector('path.js-line'); return p && (p.getAttribute('d') || '').length > 2;}).length"
    )


def _errors(drv):
    return [e for e in drv.get_log("browser") if e["level"] == "SEVERE"]


def test_predict_page_slider_in_chromium(browser, tmp_path):
    from geoprivate.explore import TRANSCRIPT_ID, predict_page

    path = tmp_path / "predict.html"
    path.write_text(predict_page(d=1, seed=4, repaired=True), encoding="utf-8")
    _open(browser, path)
    t = json.loads(browser.execute_script(f"return document.getElementById('{TRANSCRIPT_ID}').textContent"))
    assert _label(browser) == "round start"
    assert [_lines_drawn(browser, f"r{i}") for i in range(len(t["runs"]))] == [0, 0]
    faithful = t["runs"][0]["result"]["hard_rounds"]
    rounds = [faithful[0] + 1, faithful[-1] + 1, t["runs"][0]["result"]["T"]]  # after the first, the last, the end
    assert _step_labels(browser)[1:] == [str(r) for r in range(1, t["runs"][0]["result"]["T"] + 1)]
    for r in rounds:
        _move_slider(browser, r)
        assert _label(browser) == f"round {r}"
        for i, run in enumerate(t["runs"]):
            expected = sum(1 for h in run["result"]["hard_rounds"] if h < r)
            assert _lines_drawn(browser, f"r{i}") == expected, (r, run["name"])
    assert _lines_drawn(browser, "r0") >= 2  # the screen really changed
    browser.save_screenshot(str(tmp_path / "predict.png"))
    assert (tmp_path / "predict.png").stat().st_size > 10_000
    assert _errors(browser) == []


_PAGES = {
    "everlasting": lambda ex: ex.everlasting_page(seed=0),
    "vc1": lambda ex: ex.vc1_page(seed=0),
    "predict_d2": lambda ex: ex.predict_page(d=2, seed=2),
}
_LAST_TITLE = {"everlasting": "phase 3", "vc1": "x_good", "predict_d2": "dim C|HardQuery = 0"}


@pytest.mark.parametrize("which", sorted(_PAGES))
def test_other_pages_slider_in_chromium(browser, tmp_path, which):
    """The GenericBBL, VC-1 and d = 2 (3-D, WebGL) pages: the last step's label and title."""
    import geoprivate.explore as ex

    path = tmp_path / f"{which}.html"
    path.write_text(_PAGES[which](ex), encoding="utf-8")
    _open(browser, path)
    first = _label(browser)
    labels = _step_labels(browser)
    last = labels[-1]
    _move_slider(browser, len(labels) - 1)
    assert _label(browser) != first and _label(browser).endswith(" " + last)
    title = browser.execute_script("return document.querySelector('g.g-gtitle').textContent")
    assert _LAST_TITLE[which] in title, (title, _label(browser))
    browser.save_screenshot(str(tmp_path / f"{which}.png"))
    assert _errors(browser) == []
