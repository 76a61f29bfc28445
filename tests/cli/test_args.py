"""Every flag's bad value is one line naming the flag and exit code 2 (issue #41, the CLI examples): a plan file
that is no regular file or no plan, integers beyond 2^63, a planner's refusal, a claims source that cannot be
loaded; the driver prints a multi-line message on one line and the JSON writer refuses what is no stream."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from geoprivate.cli import _args, _json, _main, main
from tests.helpers import one_error_line

PLAN = ["plan", "generic-bbl", "--epsilon", "1", "--delta", "1e-6"]


def _binary(tmp_path) -> str:
    path = tmp_path / "plan.json"
    path.write_bytes(bytes(range(256)) * 4)
    return str(path)


@pytest.mark.parametrize(
    "argv, needles",
    [
        (["everlasting", "--plan", "/dev/zero"], ["--plan", "not a regular file"]),  # was a MemoryError
        (["everlasting", "--plan", "/"], ["--plan", "not a regular file"]),
        (["everlasting", "--plan", "BINARY"], ["--plan", "codec"]),  # was unnamed
        ([*PLAN, "--lambda1", "1e400"], ["--lambda1"]),  # was an internal OverflowError
        ([*PLAN, "--phases", str(2**63 - 1)], ["--phases", "[1, 64]"]),  # the planner's refusal names the flag
        (["predict", "--T", str(10**20)], ["--T", "2^63"]),
        (["predict", "--T", "20", "--k", str(2**62)], ["--k", "--max-n"]),  # was make_problem's n_sample error
        (
            ["plan", "generic-bbl", "--epsilon", "1", "--delta", "1e-308"],
            ["--delta", "1e-300"],
        ),  # was a raw OverflowError; the planner floor
        ([*PLAN, "--alpha", "1e-15"], ["--alpha", "1e-09"]),  # the planner searched for over a minute
        (["everlasting", "--mode", "practical", "--beta", "1e-308"], ["--beta"]),  # was a NaN block count
        (["everlasting", "--mode", "practical", "--m-const", "1e-3"], ["--m-const"]),  # was n_small > n_large
        (["predict", "--T", "20", "--delta", "1e-100"], ["GiB", "--delta"]),  # was a 5.2 GiB MemoryError
        (["predict", "--T", "20", "--epsilon", "1e-308"], ["--epsilon"]),  # was an unnamed OverflowError
        (["verify", "--claims-from", "/dev/zero"], ["--claims-from", "regular"]),  # was unnamed
        (["verify", "--claims-from", "no_such_module_xyz_41"], ["--claims-from"]),
    ],
)
def test_a_bad_flag_is_one_line_naming_it_and_exit_2(argv, needles, tmp_path, capsys):
    argv = [_binary(tmp_path) if a == "BINARY" else a for a in argv]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    one_error_line(err, *needles)


def test_input_file_is_checked_before_it_is_read(tmp_path, monkeypatch):
    """A plan file is a regular file of at most MAX_INPUT_BYTES, refused by its size before a byte is read."""
    f = tmp_path / "p.json"
    f.write_text("{}")
    assert _args.input_file(str(f)) == str(f)
    monkeypatch.setattr(_args, "MAX_INPUT_BYTES", 1)
    with pytest.raises(argparse.ArgumentTypeError, match="2 bytes"):
        _args.input_file(str(f))
    with pytest.raises(argparse.ArgumentTypeError, match="cannot read"):
        _args.input_file(str(tmp_path / "missing.json"))


def test_a_long_value_is_cut_in_the_error():
    with pytest.raises(argparse.ArgumentTypeError, match=r"\.\.\. \(500 characters\)") as exc:
        _args.positive_int("x" * 500)
    assert len(str(exc.value)) < 120


def test_a_multi_line_message_is_printed_on_one_line():
    assert _main._one_line(ValueError("first\n\n  second ")) == "first; second"


def test_the_json_writer_refuses_what_is_no_stream():
    buf = io.StringIO()
    _json.dump({"e": float("inf")}, buf, indent=0)
    assert json.loads(buf.getvalue()) == {"e": None}
    with pytest.raises(TypeError, match="stream"):
        _json.dump({}, 3)
    with pytest.raises(ValueError, match="indent"):
        _json.dump({}, buf, indent=10**9)


def test_verify_list_json_is_json(capsys):
    """--json writes JSON and nothing else, --list included."""
    assert main(["verify", "--claim", "general/sauer-shelah", "--list", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"ids": ["general/sauer-shelah"]}
