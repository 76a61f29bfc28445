"""Every ``--json`` of the CLI is strict RFC 8259 JSON, and warnings are counted, not repeated (issue #30).

``json.loads(s, parse_constant=...)`` with a ``parse_constant`` that raises rejects the ``NaN`` and
``Infinity`` tokens Python's :mod:`json` writes by default (as ``jq`` and a browser's ``JSON.parse``
do).  ε = ∞ is ``null`` beside ``"privacy_applies": false``.
"""

from __future__ import annotations

import json
import math
import os
import re
import warnings

import numpy as np
import pytest

from geoprivate.cli import _json, main
from geoprivate.experiments import run_sweep, write_spec
from geoprivate.privacy.warnings import PrivacyWarning, WarningTally, counted_warnings, warning_cause
from tests.helpers import TRIVIAL, run_geoprivate


def _no_constant(token):
    raise ValueError(f"not RFC 8259 JSON: {token}")


def strict_loads(text: str):
    return json.loads(text, parse_constant=_no_constant)


def _walk(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k, v
            yield from _walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk(v)


def test_the_writer_turns_non_finite_numbers_into_null():
    buf = __import__("io").StringIO()
    _json.dump({"e": math.inf, "n": np.float64("nan"), "a": np.arange(2), "t": (1.5, -math.inf), 3: np.int64(4)}, buf)
    assert strict_loads(buf.getvalue()) == {"e": None, "n": None, "a": [0, 1], "t": [1.5, None], "3": 4}
    with pytest.raises(ValueError):
        strict_loads('{"x": NaN}')  # the parser of these tests is strict


SPEC = """name = "json-adv"
target = "geoprivate.experiments.targets:adversary_search"
seeds = 2
[grid]
concept = ["thresholds"]
T = [20]
k = [10, 20]
m = [20]
epsilon = [1.0]
iters = [2]
reps = [1]
method = ["hill"]
"""


@pytest.fixture(scope="module")
def sweep_db(tmp_path_factory):
    """The README's adversary-search sweep, smaller (4 trials; GenericPredictor below Lemma 1's k warns)."""
    d = tmp_path_factory.mktemp("sweep")
    (d / "spec.toml").write_text(SPEC)
    return d


COMMANDS = [
    ["everlasting", "--phases", "1", "--json"],
    ["plan", "generic-bbl", "--epsilon", "0.5", "--delta", "1e-6", "--json"],
    ["verify", "--claim", "general/sauer-shelah", "--json"],
    ["verify", "--coverage", "--json"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a[:2]) for a in COMMANDS])
def test_every_json_command_writes_strict_json(argv, capsys):
    code = main(argv)
    out = capsys.readouterr().out
    assert code in (0, 1), out[-500:]
    doc = strict_loads(out)
    assert doc
    for key, value in _walk(doc):  # ε = ∞ is null with privacy_applies false beside it
        if key in ("epsilon_spent", "epsilon_total") and value is None and isinstance(doc, dict):
            assert doc.get("privacy_applies") is False


@pytest.mark.slow
def test_predict_json_is_strict(capsys):
    assert main(["predict", "--json", "--T", "50"]) == 0
    doc = strict_loads(capsys.readouterr().out)
    assert (doc["epsilon_spent"] is None) == (doc["privacy_applies"] is False)


def test_the_sweep_commands_write_strict_json_and_count_their_warnings(sweep_db, capsys):
    db = str(sweep_db / "s.sqlite")
    assert main(["sweep", "run", str(sweep_db / "spec.toml"), "--db", db, "--json"]) == 0
    cap = capsys.readouterr()
    assert strict_loads(cap.out)["done"] == 4
    lines = [ln for ln in cap.err.splitlines() if "Warning" in ln]
    causes = [re.sub(r" ×\d+", "", ln.split(": ", 1)[0]) + warning_cause(ln.split(": ", 2)[-1]) for ln in lines]
    assert lines and len(causes) == len(set(causes)), cap.err  # one line per distinct cause ...
    assert re.search(r"PrivacyWarning ×\d+: GenericPredictor: Lemma 1 does not apply", cap.err)  # ... with its count
    for sub in (["status"], ["replay", "--best", "objective_best"]):
        assert main(["sweep", *sub, "--db", db, "--json"]) in (0, 1)
        cap = capsys.readouterr()
        strict_loads(cap.out)
        assert len([ln for ln in cap.err.splitlines() if "PrivacyWarning" in ln]) <= 1, cap.err


def test_counted_warnings_one_line_per_cause():
    import io

    buf = io.StringIO()
    with counted_warnings(report_to=buf, prefix="x: ") as tally:
        for k in range(50):
            warnings.warn(f"gap 0.25 below Lemma 1's at k={k}", PrivacyWarning, stacklevel=2)
        warnings.warn("another cause", UserWarning, stacklevel=2)
        warnings.warn("another cause", UserWarning, stacklevel=2)
    assert tally.total == 52
    assert buf.getvalue().splitlines() == [
        "x: PrivacyWarning ×50: gap 0.25 below Lemma 1's at k=0 (the first of 50; the numbers vary)",
        "x: UserWarning ×2: another cause",
    ]
    other = WarningTally()
    other.merge(tally.records())
    other.merge(tally.records())
    assert [r["count"] for r in other.records()] == [100, 4]


TOPS = """name = "tops-inf"
target = "geoprivate.experiments.targets:predictor_tops"
seeds = 2
[grid]
concept = ["thresholds"]
adversary = ["oblivious"]
T = [20]
k = [5, 2000]
epsilon = [0.5]
"""


def test_epsilon_infinity_stays_numeric_in_csv_and_pandas(tmp_path, capsys):
    """ε = ∞ (k = 5, below Lemma 1's k) is ``null`` in JSON, ``inf`` in the CSV, a float in pandas."""
    pd = pytest.importorskip("pandas")
    from geoprivate.experiments import to_dataframe

    (tmp_path / "spec.toml").write_text(TOPS)
    db = str(tmp_path / "t.sqlite")
    assert main(["sweep", "run", str(tmp_path / "spec.toml"), "--db", db, "--quiet"]) == 0
    assert main(["sweep", "export", "--db", db, "--csv", str(tmp_path / "t.csv")]) == 0
    capsys.readouterr()
    for df in (pd.read_csv(tmp_path / "t.csv"), to_dataframe(db)):
        assert df["epsilon_spent"].dtype == np.float64
        small, large = df[df["k"] == 5], df[df["k"] == 2000]
        assert np.isinf(small["epsilon_spent"]).all() and not small["privacy_applies"].astype(bool).any()
        assert np.isfinite(large["epsilon_spent"]).all() and large["privacy_applies"].astype(bool).all()


@pytest.mark.slow
def test_the_readme_sweep_counts_warnings_from_worker_processes(sweep_db, capsys):
    """With ``--workers 2`` the trials run in spawned processes: their warnings come back counted."""
    db = str(sweep_db / "w.sqlite")
    assert main(["sweep", "run", str(sweep_db / "spec.toml"), "--db", db, "--workers", "2"]) == 0
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if "PrivacyWarning" in ln]
    assert len(lines) == 1 and re.search(r"PrivacyWarning ×\d+: GenericPredictor", lines[0]), err


def test_run_sweep_from_python_warns_once_per_cause_after_the_bar(sweep_db):
    from geoprivate.experiments import load_spec

    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        rep = run_sweep(load_spec(sweep_db / "spec.toml"), sweep_db / "py.sqlite", progress=False)
    assert rep.done == 4
    msgs = [str(w.message) for w in rec if issubclass(w.category, PrivacyWarning)]
    assert len(msgs) == 1 and re.search(r"\(×\d+ in this sweep\)$", msgs[0]), msgs


def test_verify_json_is_json_even_when_highs_prints_a_banner():
    """winnow/lemma-4-10 builds a highspy.Highs (1.16 prints a banner on fd 1): stdout parses whole."""
    proc = run_geoprivate("verify", "--claim", "winnow/lemma-4-10", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [c["id"] for c in out["claims"]] == ["winnow/lemma-4-10"]


@pytest.mark.slow
def test_full_verify_json_parses_whole():
    proc = run_geoprivate("verify", "--json")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert len(json.loads(proc.stdout)["claims"]) > 50


@pytest.mark.parametrize(
    "argv",
    [
        ["predict", "--json", "--T", "20"],
        ["everlasting", "--json"],
        ["everlasting", "--json", "--mode", "practical"],
        ["everlasting", "--json", "--mode", "theorem"],
    ],
)
def test_predict_and_everlasting_json_parse_whole(argv):
    proc = run_geoprivate(*argv)
    assert proc.returncode in (0, 1), proc.stderr
    assert isinstance(json.loads(proc.stdout), dict)


def test_sweep_json_outputs_parse_whole(tmp_path):
    spec = write_spec(tmp_path / "spec.toml", name="s", target=TRIVIAL, seeds=2, grid={"x": [1, 2]})
    db = tmp_path / "s.sqlite"
    run = run_geoprivate("sweep", "run", str(spec), "--db", str(db), "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["done"] == 4
    status = run_geoprivate("sweep", "status", "--db", str(db), "--json")
    assert sum(r["done"] for r in json.loads(status.stdout)["s"]) == 4
    replay = run_geoprivate("sweep", "replay", "--db", str(db), "--point-index", "0", "--trial", "1", "--json")
    assert json.loads(replay.stdout)["identical"] is True


def test_c_level_stdout_goes_to_stderr_while_python_stdout_stays(capfd):
    """The mechanism behind --json: fd 1 is stderr during a command, sys.stdout the real stdout."""
    from geoprivate.cli._main import _stdout_for_python_only

    with _stdout_for_python_only():
        os.write(1, b"from C\n")
        print("from python")
    out, err = capfd.readouterr()
    assert "from C" in err and "from C" not in out and "from python" in out
