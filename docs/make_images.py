"""Regenerate (or check) every committed image of docs/img: the one command behind the README's pictures.

Each image is registered in :data:`IMAGES` with the command a reader would type to draw it, and every PNG
written here carries the data it shows (:mod:`geoprivate.viz.provenance`: a PNG text chunk
``geoprivate:data``).  ``--check`` recomputes that data from the code, which is cheap (the runs are seeded
and small; nothing is rendered), and compares it exactly with what each committed PNG carries: a stale
image (a maximiser that moved, a title that changed, an image drawn before the data was recorded) fails.

* ``collapse_d1``, ``collapse_d1_repaired`` — the report's figures (``geoprivate figures --only NAME``),
  written by the same function (:func:`geoprivate.report.figures.figure_png`), so the two commands write
  the same bytes;
* ``explore_predict_d1`` — a screenshot of the explorer page ``geoprivate explore predict --concept
  halfspaces --d 1 --repaired --seed 4`` at round 8, taken by headless Chromium (Debian's ``chromium``;
  ``.ci/run`` installs it).  Its data is read from the page itself: the title, the embedded transcript's
  digest, and what round 8 shows of each run (hard queries, C|HardQuery's dimension, every block's exact
  maximiser, err_D, ε).  Without Chromium ``--write`` skips it with one line and leaves the file.

Run from the repository root::

    python docs/make_images.py --write                        # redraw every image
    python docs/make_images.py --write --only explore_predict_d1
    python docs/make_images.py --check                        # exit 1 and name every stale image
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from geoprivate.viz.provenance import DATA_KEY, data_json, figure_data, png_data, png_with_text  # noqa: E402

IMG = ROOT / "docs" / "img"
#: the resolution of the committed report figures (``geoprivate figures``' default)
DPI = 110


class DocImage(NamedTuple):
    """One committed image: how a reader draws it, its data (cheap) and its PNG (carrying that data)."""

    name: str
    command: str
    data: Callable[[], dict]
    #: PNG bytes, or a one-line reason why it cannot be drawn on this machine
    render: Callable[[], bytes | str]


IMAGES: dict[str, DocImage] = {}


# ------------------------------------------------------------------------------ the report's figures
def _report_figure(name: str) -> DocImage:
    def build():
        from geoprivate.report.figures import build_figure

        return build_figure(name, "small")

    def data() -> dict:
        return figure_data(build(), dpi=DPI)

    def render() -> bytes:
        from geoprivate.report.figures import figure_png

        return figure_png(build(), dpi=DPI)

    return DocImage(name, f"geoprivate figures --only {name} --out docs/img", data, render)


for _name in ("collapse_d1", "collapse_d1_repaired"):
    IMAGES[_name] = _report_figure(_name)


# ------------------------------------------------------------------------------ the explorer's page
#: the explorer screenshot: the page of ``geoprivate explore predict`` with these arguments, at this round
EXPLORE = {"d": 1, "seed": 4, "repaired": True}
EXPLORE_ROUND = 8
#: the browser window (CSS pixels) of the screenshot
WINDOW = (1400, 1417)


def _explore_page() -> str:
    from geoprivate.explore import predict_page

    return predict_page(**EXPLORE)


def explorer_data(page: str, round_: int = EXPLORE_ROUND) -> dict:
    """What the explorer page shows at ``round_``, read from the page: its title, the digest of its
    embedded transcript, and per run the step's hard queries, C|HardQuery's dimension, every block's
    exact maximiser (a, w), err_D and the nominal ε.

    Parameters
    ----------
    page : str
        The page's HTML (:func:`geoprivate.explore.predict_page`).
    round_ : int
        The slider's round.

    Returns
    -------
    dict
        Plain JSON.
    """
    from geoprivate.explore import TRANSCRIPT_ID

    title = html.unescape(re.search(r"<title>(.*?)</title>", page, re.S).group(1))
    block = re.search(rf'<script type="application/json" id="{TRANSCRIPT_ID}">(.*?)</script>', page, re.S)
    transcript = json.loads(block.group(1).replace("<\\/", "</"))
    shown = []
    for run in transcript["runs"]:
        step = run["steps"][round_]
        seg = run["ensembles"][step["segment"]]
        shown.append(
            {
                "name": run["name"],
                "hard_queries": run["result"]["hard_query_list"][: step["hard_queries"]],
                "affine_dim": step["affine_dim"],
                "maximisers": [[*h["a"], h["w"]] for h in seg["hypotheses"]],
                "err_D": step["err_D"],
                "epsilon_nominal": step["epsilon_nominal"],
            }
        )
    digest = hashlib.sha256(data_json(transcript).encode()).hexdigest()[:16]
    return {"title": title, "round": round_, "window": list(WINDOW), "transcript": digest, "runs": shown}


#: moves the page's slider to the round before the screenshot (frames are named by their slider label)
_GOTO_ROUND = """<script>window.addEventListener("load", function () {{
  var gd = document.getElementById("{figure}");
  Plotly.animate(gd, ["{label}"], {{mode: "immediate", frame: {{duration: 0, redraw: true}}, transition: {{duration: 0}}}})
    .then(function () {{ return Plotly.relayout(gd, {{"sliders[0].active": {index}}}); }});
}});</script>"""


def chromium() -> str | None:
    """The path of a Chromium binary (Debian's ``chromium``), or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def screenshot(page: str, round_: int, window=WINDOW) -> bytes:
    """A PNG screenshot of an explorer page at ``round_``, taken by headless Chromium (no network).

    Parameters
    ----------
    page : str
        The page's HTML.
    round_ : int
        The slider's round (0 = start).
    window : (int, int)
        The window's width and height.

    Returns
    -------
    bytes
    """
    from geoprivate.explore import FIGURE_ID

    binary = chromium()
    if binary is None:
        raise FileNotFoundError("no chromium (apt-get install chromium)")
    label = "start" if round_ == 0 else str(round_)
    goto = _GOTO_ROUND.format(figure=FIGURE_ID, label=label, index=round_)
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "page.html", Path(tmp) / "shot.png"
        src.write_text(page.replace("</body>", goto + "</body>"), encoding="utf-8")
        cmd = [
            binary,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={Path(tmp) / 'profile'}",
            f"--window-size={window[0]},{window[1]}",
            "--virtual-time-budget=20000",
            f"--screenshot={out}",
            src.as_uri(),
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
        if proc.returncode != 0 or not out.is_file():
            raise RuntimeError(f"chromium failed ({proc.returncode}): {proc.stderr.strip()[-300:]}")
        return out.read_bytes()


def _explore_data() -> dict:
    return explorer_data(_explore_page())


def _explore_render() -> bytes | str:
    if chromium() is None:
        return "no chromium on this machine (apt-get install chromium): left as it is"
    page = _explore_page()
    return png_with_text(screenshot(page, EXPLORE_ROUND), DATA_KEY, data_json(explorer_data(page)))


IMAGES["explore_predict_d1"] = DocImage(
    "explore_predict_d1",
    "geoprivate explore predict --concept halfspaces --d 1 --repaired --seed 4 --out page.html  # round 8",
    _explore_data,
    _explore_render,
)


# ------------------------------------------------------------------------------ checking
def differences(carried, computed, path: str = "") -> list[str]:
    """Where two figure data differ, one line each (``panels[4].marks.maximiser[0]: [[9.5, ...]] != ...``).

    Parameters
    ----------
    carried, computed : JSON data
        What the image carries and what the code computes today.
    path : str
        The prefix of the lines (for the recursion).

    Returns
    -------
    list of str
        Empty when they are equal.
    """
    if isinstance(carried, dict) and isinstance(computed, dict):
        out = []
        for k in sorted(set(carried) | set(computed)):
            if k not in carried or k not in computed:
                out.append(f"{path}.{k}: only in the {'code' if k in computed else 'image'}")
            else:
                out += differences(carried[k], computed[k], f"{path}.{k}")
        return out
    nested = isinstance(carried, list) and isinstance(computed, list) and len(carried) == len(computed)
    if nested and all(isinstance(v, (dict, list)) for v in carried + computed):
        return [
            d for i, (a, b) in enumerate(zip(carried, computed, strict=True)) for d in differences(a, b, f"{path}[{i}]")
        ]
    if carried != computed:
        shown = [json.dumps(v, ensure_ascii=False)[:120] for v in (carried, computed)]
        return [f"{path.lstrip('.')}: image {shown[0]} != code {shown[1]}"]
    return []


def stale(name: str, png: bytes | None = None) -> list[str]:
    """Why the committed image ``name`` is not what the code draws today (empty: it is).

    Parameters
    ----------
    name : str
        A key of :data:`IMAGES`.
    png : bytes, optional
        The image to check (default: the committed ``docs/img/NAME.png``).

    Returns
    -------
    list of str
    """
    png = (IMG / f"{name}.png").read_bytes() if png is None else png
    carried = png_data(png)
    if carried is None:
        return [f"docs/img/{name}.png carries no data (drawn before its data was recorded): regenerate it"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the illustrative runs' PrivacyWarning: their titles say it
        return differences(carried, IMAGES[name].data())


def write(name: str) -> str:
    """Redraw ``docs/img/NAME.png``; the path written, or the reason it was skipped."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        png = IMAGES[name].render()
    if isinstance(png, str):
        return f"skipped docs/img/{name}.png: {png}"
    (IMG / f"{name}.png").write_bytes(png)
    return f"docs/img/{name}.png"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="exit 1 when a committed image is stale")
    mode.add_argument("--write", action="store_true", help="redraw the images")
    ap.add_argument("--only", action="append", choices=list(IMAGES), metavar="NAME", help="only this image")
    args = ap.parse_args(argv)
    names = args.only or list(IMAGES)
    bad = 0
    for name in names:
        if args.write:
            print(write(name))
            continue
        why = stale(name)
        bad += bool(why)
        print(f"docs/img/{name}.png: " + ("stale\n  " + "\n  ".join(why[:20]) if why else "matches the code"))
    if args.check and bad:
        print(f"{bad} stale image(s): python docs/make_images.py --write")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
