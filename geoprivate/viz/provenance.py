"""What a picture was drawn from: the data behind a figure, carried inside its PNG.

A committed image (``docs/img/*.png``) is only trustworthy if it is what the code draws today.  Pixels
are a poor witness (fonts and anti-aliasing move them, a moved dot moves few of them), so every PNG the
toolkit writes carries the *data* it shows, as a PNG text chunk under :data:`DATA_KEY`:

* :func:`figure_data` — a matplotlib Figure's drawn data, read back from its artists: the titles, every
  axes' limits and labels, the coordinates of every artist with a ``gid`` (the collapse figures mark
  each block's maximiser ``"maximiser"`` and each hard-query line ``"hard-query"``), and one digest of
  the coordinates of everything else drawn (constraint lines, level regions, curves).  Coordinates are
  the floats handed to matplotlib, written with ``repr`` precision: the same run gives the same data on
  every machine, and a maximiser that moves changes it.
* :func:`png_with_text` / :func:`png_texts` — write and read PNG text chunks (``iTXt``, zlib-compressed
  UTF-8; ``tEXt`` and ``zTXt`` are read too), so that a PNG from any source (matplotlib, a browser's
  screenshot) can carry its data.

``docs/make_images.py --check`` (and ``tests/docs/test_doc_images.py``) recompute each committed image's
data and compare it exactly with what the image carries.
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import Check, Interval, checked, shown

__all__ = ["DATA_KEY", "figure_data", "data_json", "png_with_text", "png_texts", "png_data"]

#: the PNG text keyword under which a figure's data is stored
DATA_KEY = "geoprivate:data"


def check_figure(value, name: str):
    """A :class:`matplotlib.figure.Figure` (``TypeError`` naming ``name`` otherwise); returned unchanged."""
    from matplotlib.figure import Figure  # matplotlib loads when a figure is drawn

    if not isinstance(value, Figure):
        raise TypeError(f"{name} must be a matplotlib Figure, got {type(value).__name__}")
    return value


def check_axes(value, name: str):
    """A :class:`matplotlib.axes.Axes` (``TypeError`` naming ``name`` otherwise); returned unchanged."""
    from matplotlib.axes import Axes

    if not isinstance(value, Axes):
        raise TypeError(f"{name} must be matplotlib Axes, got {type(value).__name__}")
    return value


#: a matplotlib Figure
FigureArg = Annotated[Any, Check(check_figure, kind="object")]
#: matplotlib Axes to draw into
AxesArg = Annotated[Any, Check(check_axes, kind="object")]
#: BetweenThresholds' epsilon of the GenericPredictor runs a figure makes: a normal float (>= 1e-300), so
#: that Lemma 1's gap and block count (~ 1/epsilon) are floats (a subnormal epsilon made them overflow)
RunEpsilon = Annotated[float, Interval(ge=1e-300)]

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _points(values) -> list:
    """Rows of floats (``repr`` precision survives JSON); NaN (a gap in a line) becomes None."""
    arr = np.asarray(values, dtype=np.float64)
    if arr.ndim == 1:
        arr = arr.reshape(-1, 1)
    return [[None if v != v else float(v) for v in row] for row in arr.tolist()]


def _drawn(artist) -> list | None:
    """The coordinates an artist draws (data space), or None for an artist that draws no data."""
    if hasattr(artist, "get_data_3d"):  # a 3-D line: its data before projection
        return _points(np.column_stack(artist.get_data_3d()))
    if hasattr(artist, "get_xydata"):  # Line2D
        return _points(artist.get_xydata())
    if hasattr(artist, "get_offsets") and len(artist.get_offsets()):  # scatter
        return _points(artist.get_offsets())
    if hasattr(artist, "get_xy") and callable(artist.get_xy):  # Polygon, Rectangle
        return _points(artist.get_xy())
    if hasattr(artist, "get_paths"):  # fill_between, LineCollection
        return [row for path in artist.get_paths() for row in _points(path.vertices)]
    return None


def _digest(data) -> str:
    return hashlib.sha256(data_json(data).encode()).hexdigest()[:16]


@checked
def figure_data(fig: FigureArg, **extra: Any) -> dict:
    """The data a matplotlib Figure shows, read from its artists (see the module docstring).

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        A drawn (not necessarily rendered) figure.
    **extra
        Entries added to the result (e.g. ``dpi``).

    Returns
    -------
    dict
        Plain JSON: ``suptitle``, ``size`` (inches), ``panels`` (one per visible axes: ``title``,
        ``xlabel``, ``ylabel``, ``xlim``, ``ylim``, ``legend`` texts, ``marks`` — gid → the coordinates of
        each artist with that gid, in drawing order — and ``drawn``, a digest of every artist's
        coordinates), and ``extra``.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure()
    >>> ax = fig.add_subplot()
    >>> _ = ax.scatter([1.5], [-2.0], gid="maximiser")
    >>> figure_data(fig)["panels"][0]["marks"]
    {'maximiser': [[[1.5, -2.0]]]}
    """
    panels = []
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        marks: dict[str, list] = {}
        drawn = []
        for artist in ax.get_children():
            if not artist.get_visible():
                continue
            xy = _drawn(artist)
            if xy is None:
                continue
            drawn.append([type(artist).__name__, xy])
            gid = artist.get_gid()
            if gid:
                marks.setdefault(gid, []).append(xy)
        legend = ax.get_legend()
        panels.append(
            {
                "title": ax.get_title(),
                "xlabel": ax.get_xlabel(),
                "ylabel": ax.get_ylabel(),
                "xlim": [float(v) for v in ax.get_xlim()],
                "ylim": [float(v) for v in ax.get_ylim()],
                "legend": [t.get_text() for t in legend.get_texts()] if legend is not None else [],
                "marks": marks,
                "drawn": _digest(drawn),
            }
        )
    return {
        "suptitle": fig.get_suptitle(),
        "size": [float(v) for v in fig.get_size_inches()],
        "panels": panels,
        **extra,
    }


@checked
def data_json(data: Any) -> str:
    """The canonical JSON text of a figure's data (sorted keys, no spaces, strict: no NaN).

    Parameters
    ----------
    data : dict
        Plain JSON data.

    Returns
    -------
    str
    """
    try:
        return json.dumps(data, sort_keys=True, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:  # NaN/inf, a non-JSON object, a circular reference
        raise ValueError(f"data must be plain JSON (finite numbers, str keys): {exc}") from None


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def _chunks(png: bytes):
    """(type, body) of every chunk of a PNG; ValueError if it is not one."""
    if not png.startswith(_PNG_SIGNATURE):
        raise ValueError("png: not a PNG file (bad signature)")
    pos = len(_PNG_SIGNATURE)
    while pos + 8 <= len(png):
        (n,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        if pos + 12 + n > len(png):
            raise ValueError(f"png: its {kind!r} chunk runs past the end of the file (truncated)")
        yield kind, png[pos + 8 : pos + 8 + n], pos
        pos += 12 + n


def _keyword(value, name: str) -> str:
    """A PNG text keyword: 1–79 Latin-1 characters, no NUL."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, got {type(value).__name__}")
    if not 1 <= len(value) <= 79 or "\0" in value or not all(ord(c) < 256 for c in value):
        raise ValueError(f"{name}: a PNG keyword has 1-79 Latin-1 characters and no NUL, got {shown(value)}")
    return value


@checked
def png_with_text(png: bytes, key: Annotated[str, Check(_keyword)], text: str) -> bytes:
    """``png`` with one compressed ``iTXt`` chunk ``key`` = ``text`` (an earlier one of that key removed).

    Parameters
    ----------
    png : bytes
        A PNG file.
    key : str
        The keyword (1–79 Latin-1 characters).
    text : str
        The text (UTF-8).

    Returns
    -------
    bytes
        The PNG, the chunk placed just before ``IEND``.

    Examples
    --------
    >>> import io
    >>> from matplotlib.figure import Figure
    >>> buf = io.BytesIO()
    >>> Figure(figsize=(1, 1)).savefig(buf, format="png", dpi=20)
    >>> png = png_with_text(buf.getvalue(), "note", "ε = 1")
    >>> png_texts(png)["note"]
    'ε = 1'
    """
    out, end = [], None
    for kind, body, pos in _chunks(png):
        if kind == b"IEND":
            end = pos
            break
        if kind in (b"tEXt", b"zTXt", b"iTXt") and body.split(b"\0", 1)[0] == key.encode("latin-1"):
            continue
        out.append(png[pos : pos + 12 + len(body)])
    if end is None:
        raise ValueError("png: no IEND chunk")
    # iTXt: keyword, NUL, compression flag 1, method 0 (zlib), empty language tag and translated keyword
    body = key.encode("latin-1") + b"\0\1\0" + b"\0" + b"\0" + zlib.compress(text.encode("utf-8"), 9)
    return _PNG_SIGNATURE + b"".join(out) + _chunk(b"iTXt", body) + png[end:]


@checked
def png_texts(png: bytes) -> dict[str, str]:
    """Every text chunk of a PNG (``tEXt``, ``zTXt``, ``iTXt``) as keyword → text.

    Parameters
    ----------
    png : bytes
        A PNG file.

    Returns
    -------
    dict of str to str
    """
    out: dict[str, str] = {}
    for kind, body, _ in _chunks(png):
        if kind in (b"tEXt", b"zTXt", b"iTXt"):
            try:
                out.update([_text_chunk(kind, body)])
            except (ValueError, IndexError, zlib.error) as exc:
                raise ValueError(f"png: a malformed {kind.decode()} chunk ({type(exc).__name__}: {exc})") from None
    return out


def _text_chunk(kind: bytes, body: bytes) -> tuple[str, str]:
    """(keyword, text) of one text chunk (``tEXt``, ``zTXt`` or ``iTXt``)."""
    k, rest = body.split(b"\0", 1)
    if kind == b"tEXt":
        return k.decode("latin-1"), rest.decode("latin-1")
    if kind == b"zTXt":
        return k.decode("latin-1"), zlib.decompress(rest[1:]).decode("latin-1")
    compressed, rest = rest[0], rest[2:]
    _lang, rest = rest.split(b"\0", 1)
    _translated, v = rest.split(b"\0", 1)
    return k.decode("latin-1"), (zlib.decompress(v) if compressed else v).decode("utf-8")


@checked
def png_data(png: bytes) -> dict | None:
    """The figure data a PNG carries under :data:`DATA_KEY` (None when it carries none).

    Parameters
    ----------
    png : bytes
        A PNG file.

    Returns
    -------
    dict or None
    """
    text = png_texts(png).get(DATA_KEY)
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError(f"png: its {DATA_KEY!r} text is not JSON") from None
    if not isinstance(data, dict):
        raise ValueError(f"png: its {DATA_KEY!r} text is not a figure's data (a JSON object)")
    return data
