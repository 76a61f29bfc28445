"""A PNG carries the data it shows (geoprivate.viz.provenance): read back from the artists, written as a PNG text
chunk, read again; a moved point changes the data."""

from __future__ import annotations

import io

import pytest
from matplotlib.figure import Figure

from geoprivate.report.figures import figure_png
from geoprivate.viz.provenance import DATA_KEY, data_json, figure_data, png_data, png_texts, png_with_text


def _figure(x=1.5):
    fig = Figure(figsize=(3, 2))
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 2], gid="hard-query")
    ax.plot([0, 1], [1, 1])
    ax.scatter([x], [-2.0], gid="maximiser")
    ax.set_title("panel")
    fig.suptitle("whole")
    return fig


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=20)
    return buf.getvalue()


def test_figure_data_reads_titles_marks_and_a_digest_of_the_rest():
    data = figure_data(_figure(), dpi=20)
    (panel,) = data["panels"]
    assert data["suptitle"] == "whole" and data["dpi"] == 20 and panel["title"] == "panel"
    assert panel["marks"] == {"hard-query": [[[0.0, 0.0], [1.0, 2.0]]], "maximiser": [[[1.5, -2.0]]]}
    moved = figure_data(_figure(x=1.5000000001), dpi=20)
    assert moved["panels"][0]["marks"]["maximiser"] == [[[1.5000000001, -2.0]]]
    assert moved["panels"][0]["drawn"] != panel["drawn"]  # the digest sees every artist
    assert figure_data(_figure(), dpi=20) == data  # deterministic


def test_png_text_round_trip_replaces_an_earlier_chunk_and_keeps_the_image():
    png = _png(_figure())
    once = png_with_text(png, DATA_KEY, data_json({"a": "ε = 1"}))
    twice = png_with_text(once, DATA_KEY, data_json({"a": 2}))
    assert png_data(once) == {"a": "ε = 1"} and png_data(twice) == {"a": 2}
    assert list(png_texts(twice)).count(DATA_KEY) == 1
    assert png_texts(twice)["Software"].startswith("Matplotlib")  # matplotlib's own tEXt chunk survives
    from matplotlib.image import imread

    assert (imread(io.BytesIO(twice), format="png") == imread(io.BytesIO(png), format="png")).all()
    assert png_data(png) is None


def test_bad_input_is_refused_in_one_line():
    with pytest.raises(ValueError, match="not a PNG"):
        png_texts(b"GIF89a")
    with pytest.raises(ValueError, match="key"):
        png_with_text(_png(_figure()), "", "x")


def test_every_png_of_geoprivate_figures_carries_its_data():
    fig = _figure()
    assert png_data(figure_png(fig, dpi=20)) == figure_data(fig, dpi=20)
