"""Test configuration: hypothesis is derandomised under CI (CI=true) so that a CI run is
reproducible; locally it explores new examples every run."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


import pytest  # noqa: E402


@pytest.fixture
def claim_registry(monkeypatch):
    """A private copy of the claims registry: the claims a test registers (or loads) vanish after it."""
    from geoprivate import claims

    claims.all_claims()
    monkeypatch.setattr(claims._registry, "_REGISTRY", dict(claims._registry._REGISTRY))
    return claims._registry._REGISTRY


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory):
    """The documentation site, built once per session with warnings as errors: ``(returncode, stderr, html dir)``.

    tests/docs/test_docs.py asserts on the build; tests/docs/test_docs_browser.py opens the pages in Chromium.
    """
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    out = tmp_path_factory.mktemp("docs") / "html"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(root / "docs"), str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    return proc.returncode, proc.stderr, out


CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1500,1300",
)


def _find(*names):
    import shutil

    for n in names:
        p = shutil.which(n)
        if p:
            return p
    return None


@pytest.fixture(scope="session")
def chromium():
    """Headless Chromium driven by Selenium through Debian's chromedriver, found by its path (nothing is
    downloaded), the network switched off; skips with a one-line reason on a machine without them."""
    import tempfile

    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium not installed (pip install '.[test]')")
    from selenium.webdriver.chrome.service import Service

    binary, driver = _find("chromium", "chromium-browser"), _find("chromedriver")
    if binary is None or driver is None:
        pytest.skip(
            "no headless browser: chromium and chromedriver not found (apt-get install chromium chromium-driver)"
        )
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    profile = tempfile.TemporaryDirectory()
    for flag in CHROMIUM_FLAGS + (f"--user-data-dir={profile.name}",):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(service=Service(driver), options=opts)
    drv.set_page_load_timeout(120)
    drv.execute_cdp_cmd("Network.enable", {})  # offline: a page that fetched anything would break
    drv.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    yield drv
    drv.quit()
    profile.cleanup()
