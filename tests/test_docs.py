"""The documentation site builds with warnings as errors (API reference, guides, references, figures)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_sphinx_builds_with_warnings_as_errors(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "--keep-going",
            "-q",
            "-b",
            "html",
            str(ROOT / "docs"),
            str(tmp_path / "html"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-5000:]
    out = tmp_path / "html"
    assert (out / "index.html").exists()
    api = (out / "_autogen" / "api.html").read_text(encoding="utf-8")
    for module in (
        "solvers.combinatorics",
        "geoprivate.mechanisms.sparse_vector",
        "geoprivate.everlasting.generic_bbl",
    ):
        assert module in api
    refs = (out / "_autogen" / "references.html").read_text(encoding="utf-8")
    assert "Private Everlasting Prediction" in refs and "2305.09579" in refs
    assert list((out / "_images").glob("*.png")), "the figures page shows no figure"
