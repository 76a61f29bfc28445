"""Every notebook's code cells run, in order, in a fresh namespace (headless matplotlib)."""

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    cells = json.loads(path.read_text())["cells"]
    code = [("".join(c["source"])) for c in cells if c["cell_type"] == "code"]
    assert code, f"{path.name} has no code cells"
    namespace: dict = {"__name__": "__notebook__"}
    for i, src in enumerate(code):
        exec(compile(src, f"{path.name}[cell {i}]", "exec"), namespace)
