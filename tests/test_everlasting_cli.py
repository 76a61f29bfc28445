"""``geoprivate everlasting`` from the command line."""

import json

from geoprivate.cli import main


def test_cli_practical_json(capsys):
    assert main(["everlasting", "--concept", "thresholds", "--phases", "2", "--json", "--seed", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["mode"] == "practical" and len(out["phases"]) == 2
    assert out["phases"][1]["S"] > out["phases"][0]["S"]
    assert out["guarantee"]["epsilon"] is None


def test_cli_table_and_theorem_mode(capsys):
    assert main(["everlasting", "--concept", "finite", "--phases", "2"]) == 0
    txt = capsys.readouterr().out
    assert "tops/c" in txt and "err_D_max" in txt
    assert main(["everlasting", "--mode", "theorem", "--phases", "2"]) == 0
    assert "calculator" in capsys.readouterr().out
    assert main(["everlasting", "--alpha", "2"]) == 2
