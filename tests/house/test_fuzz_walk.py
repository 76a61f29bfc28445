"""The project's own fuzz walk (issue #41): every public callable is covered, declares its domains, and survives
every hostile class of its parameters' kinds.

The default suite checks the coverage by introspection (a new public callable without a baseline call fails here)
and walks a fixed sample of the cases; ``pytest -m fuzz tests/house/test_fuzz_walk.py`` walks them all (minutes),
and ``python -m tests.house.fuzz_walk --save`` writes the report docs/hardening.md shows.
"""

from __future__ import annotations

import inspect

import pytest

from solvers._domains import domains
from tests.house import fuzz_baselines as fb
from tests.house import fuzz_walk as fw

#: one case in SAMPLE_EVERY runs in the default suite (a fixed, spread sample: about a hundred calls)
SAMPLE_EVERY = 60


@pytest.fixture(scope="module")
def callables():
    return fw.public_callables()


def _walked(callables) -> list[str]:
    return sorted(k for k in callables if not fw.in_part(k, fb.PENDING_PHASE_2))


def _cases(callables, keys) -> list:
    return [c for k in keys for c in fw.cases_of(k, callables[k], fb.BASELINES[k])]


def _is_checked(obj) -> bool:
    """Declared with ``@checked``: a function or method with its domains, a class whose ``__init__`` has them
    (a callable without parameters has nothing to declare)."""
    if not fw._signature_params(obj):
        return True
    target = obj.__init__ if inspect.isclass(obj) else obj
    return hasattr(target, "__domains__")


def test_every_public_callable_outside_the_pending_list_has_a_baseline(callables):
    missing = [k for k in _walked(callables) if k not in fb.BASELINES and not fw.in_part(k, fb.UNWALKED)]
    assert not missing, f"public callables without a baseline call in tests/house/fuzz_baselines.py: {missing}"


def test_every_baseline_names_a_public_callable(callables):
    stale = [k for k in fb.BASELINES if k not in callables]
    assert not stale, f"baselines of no public callable (renamed?): {stale}"


def test_every_public_callable_outside_the_pending_list_declares_its_domains(callables):
    undeclared = [k for k in _walked(callables) if not fb.exempt(k) and not _is_checked(callables[k])]
    assert not undeclared, f"public callables without @checked (solvers._domains): {undeclared}"


def test_every_parameter_of_a_checked_callable_has_a_domain(callables):
    for k in _walked(callables):
        obj = callables[k]
        if fb.exempt(k) or not _is_checked(obj):
            continue
        declared = set(domains(obj))
        params = {p.name for p in fw._signature_params(obj)}
        assert params <= declared, f"{k}: parameters without a domain: {sorted(params - declared)}"


def test_nothing_is_pending_every_public_callable_and_subcommand_is_walked(callables):
    """#41's phase 2 emptied both pending lists: a module or subcommand parked there again must exist."""
    for prefix in fb.PENDING_PHASE_2:
        assert any(fw.in_part(k, [prefix]) for k in callables), f"no public callable under {prefix}"
    pending = len(callables) - len(_walked(callables))
    print(f"fuzz walk: {len(_walked(callables))} public callables walked, {pending} pending")
    assert pending == 0 and not fb.PENDING_PHASE_2 and not fb.PENDING_CLI_PHASE_2
    commands = {c.split()[0] for c in fw.cli_parsers()}
    assert set(fb.PENDING_CLI_PHASE_2) <= commands


def test_every_cli_subcommand_has_a_baseline_command_line():
    assert set(fw.cli_parsers()) == set(fb.CLI_BASELINES)


@pytest.mark.fuzz
def test_every_cli_baseline_runs(tmp_path):
    cmds = sorted(fb.CLI_BASELINES)
    cases = [fw.CliCase(cmd, "baseline", None) for cmd in cmds]
    results = dict(zip(cmds, fw.walk_cli(cases, fb.CLI_BASELINES, baseline=True), strict=True))
    assert all(r["status"] == "pass" for r in results.values()), results


def test_the_hostile_classes_follow_the_declared_domain(callables):
    """An int parameter gets 2.7 and 10**400, a probability 2, an array a ragged one, a callable a non-callable."""
    kinds = {
        c.param: c.kind
        for c in fw.cases_of(
            "x",
            callables["geoprivate.mechanisms.choosing.choosing_threshold"],
            fb.BASELINES["geoprivate.mechanisms.choosing.choosing_threshold"],
        )
    }
    assert kinds == {"epsilon": "real", "delta": "real", "k": "int"}
    labels = {
        c.label
        for c in fw.cases_of(
            "x", callables["solvers.combinatorics.vc_dimension"], fb.BASELINES["solvers.combinatorics.vc_dimension"]
        )
    }
    assert {"ragged", "wrong shape", "empty"} <= labels
    assert {"2.7", "1e400 (int)", "2^63"} <= {label for label, _ in fw.HOSTILE["int"]}


def test_a_silent_result_and_a_raw_exception_are_caught():
    """The judge itself: NaN returned is silent, an OverflowError raw, a message without the parameter unnamed."""
    assert fw._has_nan({"a": (1.0, float("nan"))})
    assert fw.judge_exception(OverflowError("x"), "n")[0] == "raw"
    assert fw.judge_exception(ValueError("n must be >= 1, got 0"), "n")[0] == "pass"
    assert fw.judge_exception(ValueError("must be >= 1, got 0"), "n")[0] == "unnamed"
    assert fw.judge_exception(ValueError("n must be\n>= 1"), "n")[0] == "unnamed"


def test_a_hang_and_a_crash_are_caught():
    import os
    import time

    res = fw.run_forked([lambda: time.sleep(60), lambda: os.abort(), lambda: {"status": "pass"}], jobs=2, timeout=2)
    assert [r["status"] for r in res] == ["hang", "crash", "pass"]


def test_the_walk_of_a_fixed_sample_finds_nothing(callables):
    keys = [k for k in _walked(callables) if k in fb.BASELINES]
    sample = fw.sampled(_cases(callables, keys), SAMPLE_EVERY)
    assert len(sample) > 50
    results = fw.walk(sample, callables, fb.BASELINES)
    failures = [
        f"{r['status']}: {r['key']}[{r['param']}={r['label']}] {r['detail']}" for r in results if r["status"] != "pass"
    ]
    assert not failures, "\n".join(failures)


@pytest.mark.fuzz
def test_every_baseline_call_runs(callables):
    keys = [k for k in _walked(callables) if k in fb.BASELINES]
    bad = {k: v for k, v in fw.run_baselines(keys, callables, fb.BASELINES).items() if v["status"] != "pass"}
    assert not bad, bad


@pytest.mark.fuzz
def test_the_whole_walk_finds_nothing(callables):
    keys = [k for k in _walked(callables) if k in fb.BASELINES]
    results = fw.walk(_cases(callables, keys), callables, fb.BASELINES)
    failures = [
        f"{r['status']}: {r['key']}[{r['param']}={r['label']}] {r['detail']}" for r in results if r["status"] != "pass"
    ]
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures)


@pytest.mark.fuzz
def test_the_cli_walk_finds_nothing_outside_the_pending_commands():
    parsers = fw.cli_parsers()
    walked = [cmd for cmd in sorted(fb.CLI_BASELINES) if cmd.split()[0] not in fb.PENDING_CLI_PHASE_2]
    cases = [c for cmd in walked for c in fw.cli_cases(cmd, parsers[cmd])]
    results = fw.walk_cli(cases, fb.CLI_BASELINES)
    failures = [
        f"{r['status']}: geoprivate {r['command']} [{r['flag']} {r['text']!r}] {r['detail']}"
        for r in results
        if r["status"] != "pass"
    ]
    assert not failures, "\n".join(failures)
