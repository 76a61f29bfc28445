"""No test asserts on a duration, a rate or a ratio of times (issue #30, item 1).

Such a test passes on the author's machine and fails on a slower, a faster or a loaded one:
``test_bench_speed`` asserted ``float(r[2]) > 0`` on a ratio of CPU times printed with two decimals,
and the LabelBoost row printed ``0.00`` on a fast machine.  This guard reads every test module's AST
and flags an ``assert`` that orders (``<``, ``<=``, ``>``, ``>=``) or equates

* a clock reading (``time.perf_counter()``, ``time.time()``, ``process_time``, ``monotonic`` …) or a
  name assigned from one in the same function (``t0 = time.perf_counter()``);
* a name, attribute or key that means a duration or a rate (``elapsed``, ``seconds``, ``duration``,
  ``speedup``, ``ratio`` …);
* in a module that runs a script of ``benchmarks/``, a number parsed from a benchmark's printed cell
  (``float(row[2])``): the benchmarks print times and ratios of times.

A test guarding against a *hang* uses ``tests/hang_guard.py`` (a watchdog far above any machine's time)
or a polling loop's ``time.monotonic() < deadline`` (a generous deadline),
never an assertion on the time taken.
"""

from __future__ import annotations

import ast
import re

import pytest

from tests import ROOT

TESTS = ROOT / "tests"

CLOCKS = {"perf_counter", "perf_counter_ns", "process_time", "process_time_ns", "monotonic", "monotonic_ns", "time"}
#: identifiers (whole, or as a ``_``-separated part) that name a duration or a rate
TIMING_WORD = re.compile(r"(^|_)(elapsed|seconds|secs|duration|walltime|wall|speedup|ratio|rate|runtime|timing)($|_)")
ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq)


def _is_clock_call(node: ast.AST) -> bool:
    """``time.perf_counter()``, ``perf_counter()``, ``time.time()`` … (``datetime`` is not a clock here)."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    if isinstance(f, ast.Attribute):
        return f.attr in CLOCKS and isinstance(f.value, ast.Name) and f.value.id == "time"
    return isinstance(f, ast.Name) and f.id in CLOCKS - {"time"}


def _timing_word(name: str) -> bool:
    return bool(TIMING_WORD.search(name.lower()))


def _clock_names(func: ast.AST) -> set[str]:
    """Names assigned (in ``func``) from an expression containing a clock reading."""
    names = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and any(_is_clock_call(n) for n in ast.walk(node.value)):
            names.update(t.id for tgt in node.targets for t in ast.walk(tgt) if isinstance(t, ast.Name))
    return names


def _parsed_cell(node: ast.AST) -> bool:
    """``float(x[i])`` / ``int(x[i])``: a number read off a printed benchmark row."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("float", "int")
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Subscript)
    )


def _timed_operand(node: ast.AST, clock_names: set[str], bench: bool) -> str | None:
    """Why ``node`` (an operand of a comparison) is a time, or None (a called function's name is not a time)."""
    called = {id(n.func) for n in ast.walk(node) if isinstance(n, ast.Call)}
    for sub in ast.walk(node):
        if id(sub) in called and not _is_clock_call(sub):
            continue
        if _is_clock_call(sub):
            return "a clock reading"
        if isinstance(sub, ast.Name) and (sub.id in clock_names or _timing_word(sub.id)):
            return f"{sub.id!r}"
        if isinstance(sub, ast.Attribute) and _timing_word(sub.attr):
            return f"'.{sub.attr}'"
        if (
            isinstance(sub, ast.Subscript)
            and isinstance(sub.slice, ast.Constant)
            and isinstance(sub.slice.value, str)
            and _timing_word(sub.slice.value)
        ):
            return f"[{sub.slice.value!r}]"
        if bench and _parsed_cell(sub):
            return "a number parsed from a benchmark's printed row"
    return None


def _is_watchdog(cmp: ast.Compare) -> bool:
    """``time.monotonic() < deadline``: a polling loop's hang guard (a generous deadline), not a timing."""
    operands = [cmp.left, *cmp.comparators]
    return any(isinstance(o, ast.Name) and o.id == "deadline" for o in operands) and any(
        _is_clock_call(o) for o in operands
    )


def timing_asserts(source: str, filename: str = "<test>") -> list[str]:
    """Every ``assert`` of ``source`` that compares a duration, a rate or a ratio of times: ``file:line why``."""
    tree = ast.parse(source)
    bench = "benchmarks" in source
    found = []
    scopes = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))] + [tree]
    seen = set()
    for scope in scopes:
        clock_names = _clock_names(scope)
        for node in ast.walk(scope):
            if not isinstance(node, ast.Assert) or id(node) in seen:
                continue
            seen.add(id(node))
            for cmp in (n for n in ast.walk(node.test) if isinstance(n, ast.Compare)):
                if not any(isinstance(op, ORDER) for op in cmp.ops) or _is_watchdog(cmp):
                    continue
                why = next(
                    (w for w in (_timed_operand(o, clock_names, bench) for o in [cmp.left, *cmp.comparators]) if w),
                    None,
                )
                if why:
                    found.append(f"{filename}:{node.lineno} compares {why}")
                    break
    return found


def test_no_test_asserts_on_time():
    bad = []
    for path in sorted(TESTS.rglob("*.py")):
        bad += timing_asserts(path.read_text(), str(path.relative_to(TESTS.parent)))
    assert not bad, (
        "tests asserting on a duration, a rate or a ratio of times (they fail on a faster or slower machine; "
        "check the form of the output, or use tests/hang_guard.py against a hang):\n" + "\n".join(bad)
    )


@pytest.mark.parametrize(
    "planted",
    [
        # the assertion that failed in 3 of 3 runs on a fast machine (issue #30)
        'rows = _bench().main(["--quick"])  # benchmarks/bench_speed.py\nassert all(float(r[2]) > 0 for r in rows)\n',
        "import time\ndef test_x():\n    t0 = time.perf_counter()\n    f()\n    assert time.perf_counter() - t0 < 1.0\n",
        "import time\ndef test_x():\n    t = time.time()\n    f()\n    dt = time.time() - t\n    assert dt < 5\n",
        "def test_x():\n    nb, seconds = run()\n    assert seconds <= LIMIT\n",
        'def test_x():\n    assert result["elapsed"] < 3\n',
        "def test_x():\n    assert report.speedup >= 2\n",
    ],
)
def test_the_guard_finds_a_planted_timing_assert(planted):
    assert timing_asserts(planted), planted


@pytest.mark.parametrize(
    "clean",
    [
        'def test_x():\n    assert "seconds" not in run["result"]\n',  # a key's absence, not a time
        'def test_x():\n    assert time.monotonic() < deadline, "no progress"\n',  # a polling loop's hang guard
        "def test_x():\n    assert r.point == (Fraction(*x.as_integer_ratio()),)\n",
        "def test_x():\n    assert len(rows) == 19 and rows[0][0] == 'lp'\n",
        "def test_x():\n    assert float(r[2]) > 0\n",  # not a benchmark module: a parsed cell is just a number
    ],
)
def test_the_guard_leaves_other_asserts_alone(clean):
    assert timing_asserts(clean) == []
