"""Progress bars (issue #30 item 7): on stderr when it is a terminal, absent when it is not."""

import os
import select
import subprocess
import sys

import pytest

from tests import ROOT

ARGV = ["-m", "geoprivate", "predict", "--T", "300", "--seed", "1"]


def _env():
    return dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


@pytest.mark.skipif(sys.platform != "linux", reason="a pseudo-terminal for stderr (Linux)")
def test_predict_shows_progress_on_a_terminal_only():
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))  # a terminal 120 columns wide
    proc = subprocess.run([sys.executable, *ARGV], stderr=slave, stdout=subprocess.PIPE, env=_env(), cwd=ROOT)
    os.close(slave)
    seen = b""
    while select.select([master], [], [], 0.5)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert proc.returncode == 0
    assert b"queries:" in seen and b"/300" in seen  # the bar, on the terminal
    assert b"queries:" not in proc.stdout  # never on stdout
    piped = subprocess.run([sys.executable, *ARGV], capture_output=True, env=_env(), cwd=ROOT)
    assert piped.returncode == 0 and b"queries:" not in piped.stderr  # no bar when stderr is not a terminal
