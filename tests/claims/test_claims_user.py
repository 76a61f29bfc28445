"""Claims from anywhere (#31 items 1-3): the public ``claim`` decorator, ``--claims-from`` and the entry
points, selection by prefix and glob, searched and shrunk instances, the strategies, verify's legend."""

import importlib.metadata
import json
import os
import subprocess
import sys
import textwrap
from fractions import Fraction

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from geoprivate import claims, strategies
from geoprivate.claims import Verdict, claim, run_claim
from geoprivate.cli import main
from geoprivate.cli.verify import shorten_instance
from tests import ROOT

USER_FILE = """
from hypothesis import strategies as st
from geoprivate.claims import Verdict, claim
from geoprivate.strategies import points_on_line

@claim("mylab/sum-small", statement="a + b < 10 for digits a, b",
       instances=st.tuples(st.integers(0, 9), st.integers(0, 9)))
def _sum(pair):
    return pair[0] + pair[1] < 10

@claim("mylab/half", statement="no rational in [0, 1] lies in [1/2, 2/3)", citation="[Doe25]",
       checks="Lemma 3", instances=points_on_line(1, 1, lo=0, hi=1))
def _half(pts):
    from fractions import Fraction
    return not Fraction(1, 2) <= pts[0] < Fraction(2, 3)

@claim("mylab/plain", statement="an old-style check(rng, size)")
def _plain(rng, size):
    return Verdict.holds(instances=3, ratio=float("nan"))
"""


def _write(tmp_path, name="mylab_claims.py", text=USER_FILE):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def _run(args, cwd):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "geoprivate", *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=300
    )


def test_claim_is_register_and_takes_any_namespace(claim_registry):
    assert claim is claims.register

    @claim("my-lab.v2/lemma-3.1", statement="x", citation="[Doe25]", checks="Lemma 3.1")
    def check(rng, size):
        return Verdict.holds(instances=1)

    c = claims.get_claim("my-lab.v2/lemma-3.1")
    assert c.paper == "my-lab.v2" and c.citation == "[Doe25]" and not c.builtin
    assert run_claim(c)["status"] == "holds"


def test_a_user_file_outside_the_repository_runs_with_its_own_namespace_in_json_and_report(tmp_path, claim_registry):
    path = _write(tmp_path)
    proc = _run(
        ["verify", "--claims-from", str(path), "--claim", "mylab", "--claim", "general/pajor", "--json"], tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout, parse_constant=lambda c: pytest.fail(f"non-JSON constant {c}"))
    recs = {r["id"]: r for r in out["claims"]}
    assert set(recs) == {"mylab/sum-small", "mylab/half", "mylab/plain", "general/pajor"}
    assert recs["mylab/plain"]["evidence"]["ratio"] is None  # NaN written as null: strict JSON
    bad = recs["mylab/sum-small"]
    assert bad["status"] == "violated" and bad["instance"] == [1, 9]  # the shrunk counterexample
    assert bad["source"] == str(path)
    assert recs["mylab/half"]["instance"] == ["1/2"]  # exact rationals, as strings
    # the report saves the instance with a replay command that loads the file again and reproduces it
    from geoprivate.report import write_report

    assert claims.load_claims(str(path)) == []
    records = [run_claim(claims.get_claim(cid)) for cid in ("mylab/sum-small", "mylab/half")]
    index = write_report(records, tmp_path / "rep", figures=False, explorers=False, max_examples=50)
    assert "Your claims" in index.read_text() and "[Doe25]" in index.read_text()
    saved = json.loads((tmp_path / "rep" / "instances" / "mylab__sum-small.json").read_text())
    assert f"--claims-from {path}" in saved["replay"] and "--max-examples 50" in saved["replay"]
    again = _run(saved["replay"].split()[3:], tmp_path)  # drop "python -m geoprivate"
    assert json.loads(again.stdout)["claims"][0]["instance"] == [1, 9]


def test_a_broken_file_is_one_line_and_the_others_still_run(tmp_path):
    good = _write(tmp_path)
    broken = _write(tmp_path, "broken.py", "def oops(:\n")
    missing = _write(tmp_path, "missing.py", "import no_such_module_xyz\n")
    proc = _run(
        [
            "verify",
            "--claims-from",
            str(broken),
            "--claims-from",
            str(good),
            "--claims-from",
            str(missing),
            "--claim",
            "mylab/plain",
        ],
        tmp_path,
    )
    errors = [ln for ln in proc.stderr.splitlines() if "cannot load claims" in ln]
    assert len(errors) == 2
    assert str(broken) in errors[0] and "SyntaxError" in errors[0] and "line 1" in errors[0]
    assert str(missing) in errors[1] and "ModuleNotFoundError" in errors[1]
    assert "holds     mylab/plain" in proc.stdout
    assert proc.returncode == 2  # documented: a source that does not load fails the run, like a crash


def test_user_code_cannot_register_in_a_paper_namespace(tmp_path, claim_registry):
    path = _write(
        tmp_path,
        "squat.py",
        'from geoprivate.claims import claim\n@claim("vc1/mine", statement="x")\ndef f(rng, size):\n    pass\n',
    )
    (line,) = claims.load_claims(str(path))
    assert "reserved for the toolkit" in line and "\n" not in line and "vc1/mine" not in claim_registry


def test_directory_module_and_entry_point_sources(tmp_path, claim_registry, monkeypatch):
    folder = tmp_path / "lab"
    folder.mkdir()
    _write(folder, "a.py")
    _write(folder, "_private.py", "raise RuntimeError('not loaded')\n")
    assert claims.load_claims(str(folder)) == []
    assert claims.get_claim("mylab/half").source == str(folder)
    pkg = tmp_path / "site"
    pkg.mkdir()
    _write(pkg, "otherlab_claims.py", USER_FILE.replace("mylab/", "otherlab/"))
    monkeypatch.syspath_prepend(str(pkg))
    assert claims.load_claims("otherlab_claims") == []
    assert claims.get_claim("otherlab/sum-small").source == "otherlab_claims"
    _write(pkg, "thirdlab_claims.py", USER_FILE.replace("mylab/", "thirdlab/"))
    eps = [
        importlib.metadata.EntryPoint("thirdlab", "thirdlab_claims", claims.ENTRY_POINT_GROUP),
        importlib.metadata.EntryPoint("gone", "no_such_module_xyz", claims.ENTRY_POINT_GROUP),
    ]
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None: [e for e in eps if e.group == group])
    (err,) = claims.load_entry_points()
    assert "entry point gone" in err
    assert "thirdlab/plain" in claim_registry


def test_selection_by_prefix_glob_and_suggestions(capsys):
    assert main(["verify", "--claim", "winnow", "--list"]) == 0
    ids = capsys.readouterr().out.split()
    assert ids and all(i.startswith("winnow/") for i in ids)
    assert len(ids) == len([c for c in claims.all_claims() if c.paper == "winnow"])
    assert main(["verify", "--claim", "vc1/theorem-*", "--list"]) == 0
    ids = capsys.readouterr().out.split()
    assert "vc1/theorem-7" in ids and "vc1/theorem-12" in ids and all(i.startswith("vc1/theorem-") for i in ids)
    assert main(["verify", "--claim", "vc1/theorem-7", "--list"]) == 0  # an exact id wins over the prefix
    assert capsys.readouterr().out.split() == ["vc1/theorem-7"]
    assert main(["verify", "--claim", "winow"]) == 2
    err = capsys.readouterr().err
    assert "did you mean winnow" in err and len(err.splitlines()) == 1 and err.count("/") < 10


def test_the_table_has_a_legend_and_marks_shortened_instances(claim_registry, capsys):
    @claim("mylab/long", statement="x", instances=st.just(list(range(500))))
    def check(xs):
        return False

    assert main(["verify", "--claim", "mylab/long"]) == 0
    out = capsys.readouterr().out
    assert "violated the check found an instance" in out and "--report" in out and "--json" in out
    assert "(shortened, " in out and "whole instance: --json / --report" in out
    assert shorten_instance([1, 2]) == "[1, 2]"


def test_search_is_deterministic_under_the_seed_and_respects_the_budget(claim_registry):
    calls = []

    @claim("mylab/below-40", statement="x < 40", instances=st.integers(0, 10**6))
    def check(x):
        calls.append(x)
        return x < 40

    c = claims.get_claim("mylab/below-40")
    a, b = run_claim(c, seed=3), run_claim(c, seed=3)
    assert a["status"] == "violated" and a["instance"] == b["instance"] == 40
    calls.clear()
    one = run_claim(c, seed=3, max_examples=1)
    assert one["evidence"]["search"]["max_examples"] == 1
    with pytest.raises(ValueError, match="max_examples"):
        run_claim(c, max_examples=0)


def test_at_least_six_builtin_violated_claims_report_a_shrunk_counterexample():
    shrunk = [c for c in claims.all_claims() if c.builtin and c.instances is not None and c.before is not None]
    assert len(shrunk) >= 6
    for c in shrunk:
        rec = run_claim(c, seed=0)
        assert rec["status"] == "violated", rec
        sizes = rec["evidence"]["shrunk"]
        assert sizes["after"] < sizes["before"], (c.id, sizes)


def test_every_strategy_has_an_example_and_is_used_by_a_builtin_claim():
    sources = "".join(p.read_text() for p in (ROOT / "geoprivate" / "claims").glob("*.py"))
    for name in strategies.__all__:
        obj = getattr(strategies, name)
        if not callable(obj) or name == "in_general_position":
            continue
        assert "Examples" in obj.__doc__, name
        assert f"{name}(" in sources, f"no built-in claim uses strategies.{name}"


_GENERATE = dict(max_examples=8, phases=(Phase.generate,), deadline=None, derandomize=True, database=None)


@settings(**_GENERATE)
@given(st.booleans().flatmap(lambda f: strategies.linear_programs(feasible=f)))
def test_linear_programs_carry_a_valid_certificate(lp):
    from solvers.lp import is_farkas_certificate, is_feasible_point

    if lp["feasible"]:
        assert is_feasible_point(lp["A_ub"], lp["b_ub"], None, None, lp["certificate"])
    else:
        assert is_farkas_certificate(lp["A_ub"], lp["b_ub"], None, None, (lp["certificate"], ()))


@settings(**_GENERATE)
@given(st.data())
def test_point_sets_are_in_general_position_or_degenerate_as_asked(data):
    d = data.draw(st.integers(1, 3))
    general = data.draw(st.booleans())
    pts = data.draw(strategies.points(d, 1 if general else d + 1, d + 3, general_position=general))
    assert strategies.in_general_position(pts) == general
    assert all(isinstance(c, Fraction) and len(p) == d for p in pts for c in p)


@settings(**_GENERATE)
@given(strategies.neighbouring_datasets(st.integers(0, 3), relation="add-remove"))
def test_add_remove_neighbours_differ_by_one_record(pair):
    D, D2 = pair
    small, big = sorted(pair, key=len)
    assert len(big) == len(small) + 1 and any(big[:i] + big[i + 1 :] == small for i in range(len(big)))


@settings(**_GENERATE)
@given(strategies.mechanism_parameters("[Yan26] Lemma 1", inside=False), strategies.concept_classes("vc1-tree"))
def test_parameters_outside_lemma_1_and_vc1_classes(p, C):
    from geoprivate.mechanisms.sparse_vector import lemma1_applies

    assert not lemma1_applies(p["epsilon"], p["delta"], p["gap"], p["n"])
    assert C.vc_dimension() <= 1


def test_strategies_refuse_bad_arguments():
    with pytest.raises(ValueError, match="kind"):
        strategies.concept_classes("circles")
    with pytest.raises(ValueError, match="theorem"):
        strategies.mechanism_parameters("[Yan26] Lemma 99")
    with pytest.raises(ValueError, match="max_size"):
        strategies.points(3, 1, 3, general_position=False)


def _without_timing(record: dict) -> dict:
    """A trial's record less its wall-clock field (the same seed gives the same record otherwise)."""
    return {k: v for k, v in record.items() if k != "seconds"}


def test_a_sweep_runs_a_user_claim_over_its_parameters(tmp_path, claim_registry):
    from geoprivate.experiments.runner import run_trial

    path = _write(tmp_path)
    rows = [
        run_trial("geoprivate.claims:claim_trial", {"claim": cid, "claims_from": str(path), "max_examples": n}, 3)
        for cid, n in (("mylab/sum-small", 20), ("mylab/sum-small", 20), ("mylab/plain", 5))
    ]
    assert [r[0] for r in rows] == ["done"] * 3, rows
    first, again, plain = (json.loads(r[1]) for r in rows)
    assert (
        first["violated"]
        and json.loads(first["instance"]) == [1, 9]
        and _without_timing(first) == _without_timing(again)
    )
    assert plain["status"] == "holds" and plain["objective"] == 0.0
    status, _, error, _ = run_trial("geoprivate.claims:claim_trial", {"claim": "mylab/x", "bogus": 1}, 0)
    assert status == "failed" and "bogus" in error
