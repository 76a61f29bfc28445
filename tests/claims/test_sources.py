"""Loading user claims is a sandbox boundary (#41 item 3): a file that is not a regular file, too large, exits,
prints, hangs or raises costs one line, and the other files load all the same."""

import os

import pytest

from geoprivate import claims
from geoprivate.claims._sources import MAX_SOURCE_BYTES, source_problem
from tests.hang_guard import hang_guard

GOOD = """
from geoprivate.claims import Verdict, claim

@claim("goodlab/plain", statement="a check(rng, size)")
def _plain(rng, size):
    return Verdict.holds(instances=1)
"""


def test_special_files_and_large_files_are_refused_in_one_line_without_reading_them(tmp_path, claim_registry):
    folder = tmp_path / "lab"
    folder.mkdir()
    (folder / "a_good.py").write_text(GOOD)
    os.mkfifo(folder / "b_fifo.py")  # opening it for reading would block until a writer comes
    os.symlink("/dev/zero", folder / "c_zero.py")  # reading it would never end
    with open(folder / "d_huge.py", "wb") as f:
        f.truncate(MAX_SOURCE_BYTES + 1)  # sparse: no disk used
    with hang_guard(60):
        lines = claims.load_claims(str(folder))
    assert len(lines) == 3 and all("\n" not in line for line in lines)
    fifo, zero, huge = lines
    assert "b_fifo.py: not a regular file (a FIFO)" in fifo
    assert "c_zero.py: not a regular file (a character device)" in zero
    assert "d_huge.py" in huge and str(MAX_SOURCE_BYTES) in huge
    assert "goodlab/plain" in claim_registry  # the regular file next to them loaded
    assert source_problem(str(folder / "b_fifo.py")) == fifo
    assert source_problem(str(folder / "c_zero.py")) == zero


def test_a_missing_source_is_found_without_running_anything(tmp_path):
    assert "no such file" in source_problem(str(tmp_path / "nothere.py"))
    assert "no such file, directory or importable module" in source_problem("no_such_module_xyz_42")
    (tmp_path / "empty").mkdir()
    assert "no .py files" in source_problem(str(tmp_path / "empty"))
    good = tmp_path / "good.py"
    good.write_text(GOOD)
    assert source_problem(str(good)) is None and source_problem("json") is None


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("import sys\nsys.exit(0)\n", "SystemExit: 0"),
        ("raise RuntimeError('no data')\n", "RuntimeError: no data"),
        ("import time\ntime.sleep(600)\n", "did not finish within 0.5 s"),
        ("while True:\n    pass\n", "did not finish within 0.5 s"),
        ("x = '\\0'\n" + "y = 1\0\n", "null bytes"),
    ],
)
def test_a_file_that_exits_raises_hangs_or_loops_costs_one_line_and_its_claims(tmp_path, claim_registry, body, needle):
    path = tmp_path / "bad.py"
    path.write_text(GOOD.replace("goodlab", "badlab") + body)
    with hang_guard(60):
        lines = claims.load_claims(str(path), time_limit=0.5)
    assert len(lines) == 1 and str(path) in lines[0] and needle in lines[0]
    assert "badlab/plain" not in claim_registry  # what it registered before failing is unregistered


def test_what_a_file_prints_while_loading_goes_to_stderr(tmp_path, claim_registry, capfd):
    path = tmp_path / "chatty.py"
    path.write_text("import os\nprint('hello from a claims file')\nos.write(2, b'raw\\n')\n" + GOOD)
    assert claims.load_claims(str(path)) == []
    out, err = capfd.readouterr()
    assert out == "" and "hello from a claims file" in err
    assert claims.get_claim("goodlab/plain").source == str(path)


def test_bad_arguments_are_one_line_errors_naming_the_parameter():
    for fn in (claims.load_claims, source_problem):
        with pytest.raises(TypeError, match="source"):
            fn(3)
        with pytest.raises(ValueError, match="source"):
            fn("")  # not the current directory
    for bad in (0, -1, float("nan")):
        with pytest.raises(ValueError, match="time_limit"):
            claims.load_claims("json", time_limit=bad)
    with pytest.raises(TypeError, match="time_limit"):
        claims.load_entry_points(time_limit="1")
