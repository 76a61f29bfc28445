"""The documentation site in headless Chromium (issue #30 item 8): the user guide is reachable from the
index by a link, and no code block is cut off (a block wider than its box scrolls: overflow-x auto)."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.habits]  # opens the Sphinx build: the habits stage

#: a narrow window, so that the long commands of the quickstart and the guide overflow their blocks
WIDTH, HEIGHT = 800, 1000

OVERFLOW = """
return Array.from(document.querySelectorAll('pre')).map(function (p) {
  var s = getComputedStyle(p);
  return {w: p.scrollWidth, c: p.clientWidth, x: s.overflowX, t: p.textContent.slice(0, 60)};
});
"""


@pytest.fixture(scope="module")
def site(docs_site, chromium):
    code, stderr, out = docs_site
    assert code == 0, stderr[-5000:]
    size = chromium.get_window_size()
    chromium.set_window_size(WIDTH, HEIGHT)
    yield out, chromium
    chromium.set_window_size(size["width"], size["height"])


def _cut_blocks(drv) -> list:
    return [b for b in drv.execute_script(OVERFLOW) if b["w"] > b["c"] and b["x"] not in ("auto", "scroll")]


def test_user_guide_is_reachable_from_the_index(site):
    out, drv = site
    drv.get((out / "index.html").as_uri())
    links = drv.find_elements("css selector", "a[href*='guide/index.html']")
    assert links, "the index has no link to the user guide"
    drv.get(links[0].get_attribute("href"))
    assert "User guide" in drv.title
    tasks = {a.get_attribute("href").rsplit("/", 1)[-1] for a in drv.find_elements("css selector", "a[href]")}
    assert {"verify.html", "private_run.html", "audit.html", "sweep.html", "explore.html"} <= tasks


@pytest.mark.parametrize(
    "page", ["index.html", "_autogen/quickstart.html", "guide/private_run.html", "guide/sweep.html", "DESIGN.html"]
)
def test_no_code_block_is_cut(site, page):
    out, drv = site
    drv.get((out / page).as_uri())
    blocks = drv.execute_script(OVERFLOW)
    if page != "index.html":
        assert blocks, f"{page} has no code block"
    assert not _cut_blocks(drv), _cut_blocks(drv)
    if page == "_autogen/quickstart.html":  # the quickstart's commands are wider than the window: they scroll
        assert any(b["w"] > b["c"] for b in blocks)
