"""The project's own fuzz walk (issue #41): every public callable, every parameter, every hostile class.

The walk finds what each wave's hand-picked properties missed.  It introspects every module of
``geoprivate`` and ``solvers`` for the names in an ``__all__`` (classes: their constructor and public
methods), starts from the callable's **baseline call** (:mod:`tests.house.fuzz_baselines`, the one place
for that data) and replaces one argument at a time by a hostile value of the parameter's kind (the kind
comes from the declared domain, ``solvers._domains``; NaN, ±inf, −1, 0, 2, 10⁴⁰⁰, 2⁶³, 5e-324,
True/False and "1.0" for numbers, 2.7 for an int, empty / ragged / wrong-shape arrays, an out-of-range
index, a non-callable for a callable...).  Each call runs in a forked child under a 4 GiB address-space
limit and a 20 s alarm, and is judged:

* ``pass``: a result (no NaN in it; for a value outside the declared domain, never a result), or a
  one-line ``ValueError``/``TypeError`` naming the parameter (``argparse.ArgumentTypeError`` for a
  flag's type);
* ``silent``: NaN returned, or a result for a value the domain refuses or no domain of its kind admits;
* ``raw``: another exception (Overflow, ZeroDivision, Memory, Index, Recursion, a RuntimeWarning...);
* ``unnamed``: a ValueError/TypeError on several lines or not naming the parameter;
* ``hang`` (past the alarm) and ``crash`` (the child died).

The command line gets the same walk (:func:`cli_cases`): every subcommand and flag, from a baseline
command line, with hostile texts ('-1', 'nan', '1e400', '', a binary file, a path under /proc...):
``pass`` is exit 0 or exit 2 with one error line naming the flag.

Run it::

    python -m tests.house.fuzz_walk                  # the whole walk, counts on stdout
    python -m tests.house.fuzz_walk --only solvers.vc1 --show silent,raw
    python -m tests.house.fuzz_walk --save           # benchmarks/results/fuzz_walk.json (docs/hardening.md)

``tests/house/test_fuzz_walk.py`` checks the coverage (every public callable outside the pending list
is checked and has a baseline), runs a fixed sample in the default suite and the whole walk under the
``fuzz`` marker.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import faulthandler
import importlib
import inspect
import io
import json
import math
import os
import pickle
import pkgutil
import re
import resource
import select
import shutil
import signal
import sys
import tempfile
import time
import types
import warnings
import zlib
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np

from tests import ROOT

try:
    from solvers._domains import domains
except ImportError:  # a tree before the domains (the walk's "before" run): nothing declared

    def domains(obj) -> dict:  # noqa: D103
        return {}


#: the child's limits (issue #41): address space and seconds
MEMORY_LIMIT = 4 * 2**30
TIME_LIMIT = 20
STATUSES = ("pass", "silent", "raw", "unnamed", "hang", "crash")
FAILURES = STATUSES[1:]
RESULTS = ROOT / "benchmarks" / "results" / "fuzz_walk.json"


# ------------------------------------------------------------------------------------------- the callables
def _modules():
    for top in ("solvers", "geoprivate"):
        pkg = importlib.import_module(top)
        yield pkg
        for info in pkgutil.walk_packages(pkg.__path__, top + "."):
            if not info.name.endswith("__main__"):
                yield importlib.import_module(info.name)


def _is_walked_class(obj) -> bool:
    import enum

    return inspect.isclass(obj) and not issubclass(obj, (BaseException, enum.Enum))


def public_callables() -> dict:
    """``{key: callable}``: every callable named in an ``__all__`` of geoprivate/ and solvers/, by the
    module and qualified name where it is defined; a class also contributes its public methods
    (``module.Class.method``, those defined in its own body).  Exceptions and enums are left out."""
    out: dict = {}
    for mod in _modules():
        for name in getattr(mod, "__all__", ()):
            obj = getattr(mod, name, None)
            if not (inspect.isroutine(obj) or inspect.isclass(obj)) or getattr(obj, "__module__", "") in (
                "typing",
                "builtins",
            ):
                continue  # a type alias (Epsilon = Annotated[...]) or a constant
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                continue
            key = f"{obj.__module__}.{obj.__qualname__}"
            if inspect.isclass(obj) and not _is_walked_class(obj):
                continue
            out.setdefault(key, obj)
            if inspect.isclass(obj):
                for m, attr in vars(obj).items():
                    if m.startswith("_"):
                        continue
                    if isinstance(attr, (staticmethod, classmethod)) or inspect.isfunction(attr):
                        out.setdefault(f"{key}.{m}", getattr(obj, m))
    return out


def in_part(key: str, prefixes) -> bool:
    """Whether ``key`` lies under one of the module prefixes."""
    return any(key == p or key.startswith(p + ".") for p in prefixes)


# ------------------------------------------------------------------------------------------- baselines
class Lazy:
    """A baseline value built in the child (an object with state: a Store, a tree, a Problem)."""

    def __init__(self, make):
        self.make = make

    def __repr__(self):
        return f"Lazy({getattr(self.make, '__name__', 'make')})"


@dataclasses.dataclass
class Baseline:
    """A valid call: keyword arguments, the instance for a method (``self``), and ``use`` for the result
    (a strategy is drawn from, a generator consumed) or ``None``; ``index`` names the parameters that are
    positions into another argument (their hostile values: -1, out of range, 2.7)."""

    kwargs: dict
    self: object = None
    use: object = None
    index: tuple = ()
    walk: tuple | None = None
    refusal: object = None


def call(*, _use=None, _index=(), _walk=None, _refusal=None, **kwargs) -> Baseline:
    """The baseline call ``f(**kwargs)``; ``_walk`` restricts the parameters walked (the validation layer's
    checked value), ``_refusal(result)`` says when a result is the function's refusal (a checker's verdict)."""
    return Baseline(kwargs, None, _use, tuple(_index), None if _walk is None else tuple(_walk), _refusal)


def method(make_self, *, _use=None, _index=(), _walk=None, _refusal=None, **kwargs) -> Baseline:
    """The baseline call ``make_self().m(**kwargs)`` of a method."""
    return Baseline(kwargs, make_self, _use, tuple(_index), None if _walk is None else tuple(_walk), _refusal)


def _value(v):
    return v.make() if isinstance(v, Lazy) else v


# ------------------------------------------------------------------------------------------- hostile classes
BINARY = "binary file"
HUGE = 10**400
RAGGED = [[0.0, 1.0], [1.0]]

#: kind -> ((label, value), ...); a value that is a function gets the baseline value
HOSTILE = {
    "real": (
        ("nan", math.nan),
        ("inf", math.inf),
        ("-inf", -math.inf),
        ("-1", -1),
        ("0", 0),
        ("2", 2),
        ("5e-324", 5e-324),
        ("1e400 (int)", HUGE),
        ("2^63", 2**63),
        ("True", True),
        ("False", False),
        ("'1.0'", "1.0"),
    ),
    "int": (
        ("nan", math.nan),
        ("inf", math.inf),
        ("-1", -1),
        ("0", 0),
        ("2", 2),
        ("1e400 (int)", HUGE),
        ("2^63", 2**63),
        ("2.7", 2.7),
        ("True", True),
        ("False", False),
        ("'1'", "1"),
    ),
    "index": (("-1", -1), ("out of range", 10**6), ("2.7", 2.7), ("True", True), ("1e400 (int)", HUGE)),
    "indices": (
        ("-1 inside", -1),
        ("out of range inside", 10**6),
        ("2.7 inside", 2.7),
        ("1e400 inside", HUGE),
        ("bools", "bools"),
        ("ragged", RAGGED),
        ("empty", []),
    ),
    "signs": (
        ("2 inside", 2),
        ("0 inside", 0),
        ("nan inside", math.nan),
        ("0.5 inside", 0.5),
        ("ragged", RAGGED),
        ("empty", []),
    ),
    "labels": (
        ("2 inside", 2),
        ("-1 inside", -1),
        ("nan inside", math.nan),
        ("0.5 inside", 0.5),
        ("ragged", RAGGED),
        ("empty", []),
    ),
    "bool": (("'False'", "False"), ("0", 0), ("1", 1), ("None", None), ("nan", math.nan)),
    "str": (
        ("''", ""),
        ("'nonsense'", "nonsense"),
        ("'-1'", "-1"),
        ("'nan'", "nan"),
        ("'1e400'", "1e400"),
        ("'2.7'", "2.7"),
        ("NUL", "\x00"),
        ("3", 3),
        ("None", None),
    ),
    "choice": (("''", ""), ("'nonsense'", "nonsense"), ("3", 3), ("None", None)),
    "callable": (("3", 3), ("'f'", "f"), ("None", None)),
    "rng": (("2.7", 2.7), ("-1", -1), ("'seed'", "seed"), ("True", True), ("RandomState", "RandomState")),
    "array": (
        ("empty", []),
        ("ragged", RAGGED),
        ("wrong shape", "wrong shape"),
        ("nan inside", "nan inside"),
        ("inf inside", "inf inside"),
        ("'1.0'", "1.0"),
        ("None", None),
        ("huge", "huge"),
    ),
    "object": (("None", None), ("3", 3), ("'x'", "x"), ("nan", math.nan)),
    "any": (("None", None), ("3", 3), ("'x'", "x"), ("nan", math.nan)),
}
HOSTILE["path"] = (
    ("''", ""),
    (BINARY, BINARY),
    ("/proc path", "/proc/self/nonexistent/x"),
    ("/dev/zero", "/dev/zero"),
    ("directory", "/"),
    ("3", 3),
)

#: classes never valid for a kind: a result for them is silent whatever the domain says
NEVER = {
    "real": {"nan", "True", "False", "'1.0'"},
    "int": {"nan", "inf", "2.7", "True", "False", "'1'"},
    "index": {"-1", "out of range", "2.7", "True", "1e400 (int)"},
    "indices": {"-1 inside", "out of range inside", "2.7 inside", "1e400 inside", "bools", "ragged"},
    "labels": {"2 inside", "-1 inside", "nan inside", "0.5 inside", "ragged"},
    "signs": {"2 inside", "0 inside", "nan inside", "0.5 inside", "ragged"},
    "bool": {"'False'", "nan"},
    "choice": {"''", "'nonsense'", "3"},
    "callable": {"3", "'f'"},
    "rng": {"2.7", "-1", "'seed'", "True", "RandomState"},
    "array": {"ragged", "nan inside", "'1.0'"},
}


def _materialise(label: str, value, base):
    """The hostile value of class ``label`` given the baseline value ``base`` (arrays derive from it)."""
    if value == "RandomState" and label == "RandomState":
        return np.random.RandomState(0)  # noqa: NPY002 - the legacy generator, as a hostile value
    if label == "wrong shape":
        a = np.asarray(base)
        return a[..., None] if a.ndim else np.array([[a]])
    if label in ("nan inside", "inf inside"):
        v = math.nan if label == "nan inside" else math.inf
        if base is None:
            return [v]
        try:
            a = np.array(base, dtype=float, copy=True)
        except (TypeError, ValueError):  # not numbers (domain elements): the first one replaced
            return _first_replaced(base, v)
        if a.size == 0:
            return [v]
        a.flat[0] = v
        return a
    if label.endswith(" inside"):  # one entry replaced
        return _first_replaced(base, value)
    if label == "bools":
        return [True] * max(1, len(base) if base is not None else 1)
    if label == "huge":  # one entry of 10**400
        return _first_replaced(base, HUGE)
    if label == BINARY:
        return _binary_file()
    return value


def _first_replaced(base, value) -> list:
    """``base`` as a list with its first entry replaced by ``value`` (``[value]`` if it has none)."""
    try:
        out = np.asarray(base, dtype=object).tolist() if base is not None else []
    except (TypeError, ValueError):
        out = []
    out = out if isinstance(out, list) else [out]
    return [value] + out[1:] if out else [value]


def _binary_file() -> str:
    path = Path(tempfile.gettempdir()) / "geoprivate-fuzz-binary.bin"
    if not path.exists():
        path.write_bytes(bytes(range(256)) * 64)
    return str(path)


def _kind_of_value(v) -> str:
    if isinstance(v, Lazy):  # not built in the parent: an object
        return "object"
    if isinstance(v, (bool, np.bool_)):
        return "bool"
    if isinstance(v, (int, np.integer)):
        return "int"
    if isinstance(v, (float, np.floating, Fraction)):
        return "real"
    if isinstance(v, str):
        return "str"
    if isinstance(v, (list, tuple, np.ndarray)):
        return "array"
    if isinstance(v, np.random.Generator):
        return "rng"
    if callable(v):
        return "callable"
    return "object"


def param_kind(name: str, dom, baseline: Baseline) -> str:
    """The kind whose hostile classes a parameter gets: its declared domain's, else guessed from the baseline."""
    if name in baseline.index:
        return "index"
    if dom is not None and (dom.kind != "any" and (dom.kind != "object" or dom.check is not None or dom.joint)):
        return dom.kind  # a declared kind (an isinstance or check domain of objects is "object")
    if name == "rng":
        return "rng"
    if name in baseline.kwargs:
        return _kind_of_value(baseline.kwargs[name])
    return dom.kind if dom is not None else "any"


# ------------------------------------------------------------------------------------------- cases
@dataclasses.dataclass
class Case:
    """One call of the walk: ``key``'s baseline with ``param`` replaced by hostile class ``label``."""

    key: str
    param: str
    label: str
    kind: str

    @property
    def id(self) -> str:
        return f"{self.key}[{self.param}={self.label}]"


def _signature_params(obj):
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return []
    return [
        p
        for i, p in enumerate(sig.parameters.values())
        if not (i == 0 and p.name in ("self", "cls")) and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]


def cases_of(key: str, obj, baseline: Baseline) -> list[Case]:
    """Every (parameter, hostile class) of one callable."""
    doms = domains(obj)
    out = []
    for p in _signature_params(obj):
        if baseline.walk is not None and p.name not in baseline.walk:
            continue
        kind = param_kind(p.name, doms.get(p.name), baseline)
        for label, _ in HOSTILE[kind]:
            out.append(Case(key, p.name, label, kind))
    return out


def sampled(cases: list[Case], every: int) -> list[Case]:
    """A fixed, spread sample: the cases whose id hashes to 0 modulo ``every`` (the default suite's budget)."""
    return [c for c in cases if zlib.crc32(c.id.encode()) % every == 0]


# ------------------------------------------------------------------------------------------- judging
_NAMED = "(?<![A-Za-z0-9_]){}(?![A-Za-z0-9_])"


def _has_nan(x, depth: int = 0) -> bool:
    if depth > 4:
        return False
    if isinstance(x, float):
        return math.isnan(x)
    if isinstance(x, np.floating):
        return bool(np.isnan(x))
    if isinstance(x, np.ndarray):
        return x.dtype.kind in "fc" and x.size > 0 and bool(np.isnan(x).any())
    if isinstance(x, (list, tuple)):
        return any(_has_nan(v, depth + 1) for v in x[:1000])
    if isinstance(x, dict):
        return any(_has_nan(v, depth + 1) for v in list(x.values())[:1000])
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return any(_has_nan(getattr(x, f.name, None), depth + 1) for f in dataclasses.fields(x))
    return False


def _use(result, baseline: Baseline):
    if baseline.use is not None:
        return baseline.use(result)
    if isinstance(result, types.GeneratorType):
        return [v for _, v in zip(range(1000), result, strict=False)]
    if type(result).__module__.startswith("hypothesis"):
        from hypothesis.errors import NonInteractiveExampleWarning

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", NonInteractiveExampleWarning)
            return result.example()
    return result


def judge_exception(exc: BaseException, param: str, partners: tuple = ()) -> tuple[str, str]:
    """``(status, detail)`` of an exception raised for hostile ``param``: a one-line ValueError/TypeError
    naming ``param`` passes (or naming one of ``partners``: the parameters a joint check compares it with)."""
    text = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, (ValueError, TypeError, argparse.ArgumentTypeError)):
        msg = str(exc)
        if "\n" in msg.strip():
            return "unnamed", text
        named = any(re.search(_NAMED.format(re.escape(p)), msg) for p in (param, *partners))
        if isinstance(exc, argparse.ArgumentTypeError) or named:
            return "pass", text
        return "unnamed", text
    return "raw", text


def _call(key: str, obj, baseline: Baseline, param: str | None, value):
    kwargs = {k: _value(v) for k, v in baseline.kwargs.items()}
    if param is not None:
        kwargs[param] = value
    target = obj
    if baseline.self is not None:
        inst = baseline.self()
        target = getattr(inst, key.rpartition(".")[2])
    return _use(target(**kwargs), baseline)


def run_in_child(key: str, obj, baseline: Baseline, case: Case | None) -> dict:
    """The body of the forked child: the call and its verdict (a dict, sent to the parent)."""
    warnings.simplefilter("ignore")
    warnings.simplefilter("error", RuntimeWarning)  # overflow / invalid in numpy is a bug, not a result
    tempfile.tempdir = tempfile.mkdtemp(prefix="case-")  # in the walk's scratch directory, removed after it
    os.chdir(tempfile.tempdir)  # a relative path a call writes lands here too
    value = None
    if case is not None:
        base = baseline.kwargs.get(case.param)
        base = _value(base) if isinstance(base, Lazy) else base
        raw = dict(HOSTILE[case.kind])[case.label]
        try:
            value = _materialise(case.label, raw, base)
        except Exception:  # noqa: BLE001 - the baseline value has no such variant (a pair, a tree)
            value = [raw] if case.label.endswith("inside") else raw
    try:
        result = _call(key, obj, baseline, case.param if case else None, value)
    except RecursionError as exc:
        return {"status": "raw", "detail": f"RecursionError: {str(exc)[:200]}"}
    except BaseException as exc:  # noqa: BLE001 - every exception is judged
        if case is None:
            return {"status": "baseline", "detail": f"{type(exc).__name__}: {str(exc)[:300]}"}
        dom = domains(obj).get(case.param)
        partners = tuple(p.name for p in _signature_params(obj)) if dom is not None and dom.joint else ()
        status, detail = judge_exception(exc, case.param, partners)
        return {"status": status, "detail": detail[:300]}
    if _has_nan(result):
        return {"status": "silent", "detail": "NaN in the result"}
    if case is None:
        return {"status": "pass", "detail": "baseline"}
    dom = domains(obj).get(case.param)
    if result is False and key.rpartition(".")[2].startswith("is_"):
        return {"status": "pass", "detail": "False: the checker refuses the input"}
    if baseline.refusal is not None and baseline.refusal(result):
        return {"status": "pass", "detail": "the function's refusal"}
    if case.label in NEVER.get(case.kind, ()) and not (value is None and dom is not None and dom.optional):
        return {"status": "silent", "detail": f"a result for {case.label}"}
    if dom is not None and not dom.admits(value, case.param):
        return {"status": "silent", "detail": f"a result for {case.label}, outside {dom.text}"}
    return {"status": "pass", "detail": "result"}


@contextlib.contextmanager
def _quiet_fds():
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    yield


def _child(fn, write_fd: int) -> None:
    """In the forked child: limits, run ``fn``, write its dict to the pipe, exit without cleanup."""
    code = 0
    try:
        faulthandler.disable()  # a crash is judged by its signal, not dumped on the parent's stderr
        os.setsid()
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        signal.alarm(TIME_LIMIT + 5)  # the parent kills at TIME_LIMIT; this is the backstop
        with _quiet_fds():
            out = fn()
        data = pickle.dumps(out)
        os.write(write_fd, data)
    except BaseException:  # noqa: BLE001 - the child must never return into the parent's code
        code = 3
    finally:
        os._exit(code)


def run_forked(fns: list, jobs: int = 2, timeout: float = TIME_LIMIT) -> list[dict]:
    """Run each ``fn()`` in its own forked child (``jobs`` at a time); a child past ``timeout`` is a hang."""
    results: list = [None] * len(fns)
    running: dict = {}  # read fd -> (index, pid, start, chunks)
    todo = list(range(len(fns)))[::-1]
    sys.stdout.flush()
    sys.stderr.flush()
    while todo or running:
        while todo and len(running) < jobs:
            i = todo.pop()
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child
                os.close(r)
                _child(fns[i], w)
            os.close(w)
            running[r] = (i, pid, time.monotonic(), [])
        ready, _, _ = select.select(list(running), [], [], 0.2)
        for r in ready:
            chunk = os.read(r, 1 << 16)
            if chunk:
                running[r][3].append(chunk)
                continue
            i, pid, _, chunks = running.pop(r)
            os.close(r)
            _, status = os.waitpid(pid, 0)
            if chunks:
                results[i] = pickle.loads(b"".join(chunks))
            else:
                sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
                what = f"killed by signal {sig}" if sig else f"exit status {os.WEXITSTATUS(status)}"
                results[i] = {"status": "hang" if sig == signal.SIGALRM else "crash", "detail": what}
        now = time.monotonic()
        for r, (i, pid, start, _) in list(running.items()):
            if now - start > timeout:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                os.close(r)
                running.pop(r)
                results[i] = {"status": "hang", "detail": f"no answer in {timeout:g} s"}
    return results


# ------------------------------------------------------------------------------------------- the walk
@contextlib.contextmanager
def _scratch():
    """A temporary directory the children's files go to (``tempfile.tempdir``), removed afterwards."""
    saved = tempfile.tempdir
    tempfile.tempdir = tempfile.mkdtemp(prefix="geoprivate-fuzz-")
    try:
        yield tempfile.tempdir
    finally:
        shutil.rmtree(tempfile.tempdir, ignore_errors=True)
        tempfile.tempdir = saved


def walk(selection: list[Case], callables: dict, baselines: dict, jobs: int = 2) -> list[dict]:
    """Run the cases; each result: the case's fields, ``status`` and ``detail``."""
    fns = [(lambda c=c: run_in_child(c.key, callables[c.key], baselines[c.key], c)) for c in selection]
    with _scratch():
        results = run_forked(fns, jobs)
    return [{**dataclasses.asdict(c), **res} for c, res in zip(selection, results, strict=True)]


def run_baselines(keys: list[str], callables: dict, baselines: dict, jobs: int = 2) -> dict:
    """``{key: verdict}`` of each baseline call itself (must be ``pass``: a result without NaN)."""
    fns = [(lambda k=k: run_in_child(k, callables[k], baselines[k], None)) for k in keys]
    with _scratch():
        return dict(zip(keys, run_forked(fns, jobs), strict=True))


# ------------------------------------------------------------------------------------------- the CLI
CLI_HOSTILE = (
    "-1",
    "0",
    "nan",
    "inf",
    "-inf",
    "1e400",
    "",
    "2.7",
    "x",
    BINARY,
    "/proc/self/nonexistent/x",
    "/dev/zero",
)


@dataclasses.dataclass
class CliCase:
    """One command line: the subcommand's baseline with flag (or positional) ``flag`` given ``text``."""

    command: str
    flag: str
    text: str | None

    @property
    def id(self) -> str:
        return f"geoprivate {self.command} [{self.flag} {self.text!r}]"


def cli_parsers() -> dict:
    """``{'sweep run': parser, 'predict': parser, ...}``: every (sub)command of ``geoprivate``'s parser."""
    from geoprivate.cli._main import build_parser

    out = {}

    def visit(parser, path):
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if path and not subs:
            out[" ".join(path)] = parser
        for a in subs:
            for name, sub in a.choices.items():
                visit(sub, [*path, name])

    visit(build_parser(), [])
    return out


def cli_flags(parser) -> list:
    """The walked actions of one (sub)command: every flag and positional but help/version/debug."""
    return [
        a
        for a in parser._actions
        if not isinstance(a, (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction))
        and a.dest not in ("debug", "help")
    ]


def cli_cases(command: str, parser) -> list[CliCase]:
    """Every (flag, hostile text) of one subcommand."""
    out = []
    for a in cli_flags(parser):
        name = a.option_strings[-1] if a.option_strings else a.dest
        if a.nargs == 0:
            out.append(CliCase(command, name, None))
            continue
        texts = ("nonsense", "") if a.choices is not None else CLI_HOSTILE
        out.extend(CliCase(command, name, t) for t in texts)
    return out


def _cli_argv(case: CliCase, baseline: dict, parser) -> list[str]:
    pos = list(baseline.get("pos", ()))
    flags = list(baseline.get("flags", ()))
    text = _binary_file() if case.text == BINARY else case.text
    action = next(a for a in cli_flags(parser) if (a.option_strings[-1] if a.option_strings else a.dest) == case.flag)
    if not action.option_strings:
        positionals = [a for a in cli_flags(parser) if not a.option_strings]
        pos[positionals.index(action)] = text
    else:
        for s in action.option_strings:  # drop the baseline's own value of this flag
            while s in flags:
                j = flags.index(s)
                del flags[j : j + (1 if action.nargs == 0 else 2)]
        flags += [case.flag] if text is None else [case.flag, text]
    return [*case.command.split(), *pos, *flags]


def run_cli_in_child(argv: list[str], flag: str | None, workdir: str, setup=None) -> dict:
    """The body of the forked child for one command line: ``main(argv)`` and its verdict."""
    from geoprivate.cli._main import main

    os.chdir(workdir)
    if setup is not None:
        setup(workdir)
    err = io.StringIO()
    out = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
        except BaseException as exc:  # noqa: BLE001
            return {"status": "raw", "detail": f"{type(exc).__name__} escaped main(): {str(exc)[:200]}"}
    # the error lines: what stderr says but the notes (`prog: note: ...`) and the warning counts (`geoprivate: ...`)
    lines = [
        ln
        for ln in err.getvalue().splitlines()
        if ln.strip() and ": note:" not in ln and not ln.startswith("geoprivate: ")
    ]
    if code == 0:
        return {"status": "pass", "detail": "exit 0"}
    if flag is None:
        return {"status": "baseline", "detail": f"exit {code}: {err.getvalue()[-300:]}"}
    if code != 2:
        return {"status": "raw", "detail": f"exit {code}: {err.getvalue()[-300:]}"}
    if any("internal error" in ln or "Traceback" in ln for ln in err.getvalue().splitlines()):
        return {"status": "raw", "detail": lines[-1][:300] if lines else err.getvalue()[-300:]}
    if len(lines) != 1:
        return {"status": "unnamed", "detail": f"{len(lines)} error lines: {err.getvalue()[-300:]}"}
    bare = flag.lstrip("-")
    named = flag in lines[0] or re.search(_NAMED.format(re.escape(bare.replace("-", "_"))), lines[0])
    return {"status": "pass" if named else "unnamed", "detail": lines[0][:300]}


def walk_cli(cases: list[CliCase], baselines: dict, jobs: int = 2, *, baseline: bool = False) -> list[dict]:
    """Run the command lines (each in a fresh temporary directory); results as :func:`walk`'s.

    With ``baseline`` the cases' flags are ignored: each runs its command's baseline command line."""
    parsers = cli_parsers()
    with _scratch() as tmp:
        return _walk_cli_in(tmp, cases, baselines, parsers, jobs, baseline)


def _walk_cli_in(tmp: str, cases: list, baselines: dict, parsers: dict, jobs: int, baseline: bool) -> list[dict]:
    fns = []
    for n, c in enumerate(cases):
        b = baselines[c.command]
        argv = (
            [*c.command.split(), *b.get("pos", ()), *b.get("flags", ())]
            if baseline
            else _cli_argv(c, b, parsers[c.command])
        )
        work = os.path.join(tmp, str(n))
        os.makedirs(work, exist_ok=True)
        setup = baselines[c.command].get("setup")
        flag = None if baseline else c.flag
        fns.append(lambda argv=argv, flag=flag, work=work, setup=setup: run_cli_in_child(argv, flag, work, setup))
    out = []
    for c, res in zip(cases, run_forked(fns, jobs), strict=True):
        out.append({**dataclasses.asdict(c), **res})
    return out


# ------------------------------------------------------------------------------------------- the report
def counts(results: list[dict]) -> dict:
    """``{status: n}`` over every status (zeros included)."""
    c = Counter(r["status"] for r in results)
    return {s: c.get(s, 0) for s in STATUSES}


def part_of(key: str) -> str:
    """The row a callable is counted in: ``solvers`` or the geoprivate package (``mechanisms``, ``_validation``)."""
    parts = key.split(".")
    return "solvers" if parts[0] == "solvers" else parts[1]


def report(results: list[dict], cli_results: list[dict], pending: list[str], meta: dict) -> dict:
    """The saved report: counts per part, per hostile class, the failures, the pending share."""
    by_part: dict = {}
    for r in results:
        by_part.setdefault(part_of(r["key"]), []).append(r)
    by_class: dict = {}
    for r in results:
        by_class.setdefault(r["label"], []).append(r)
    return {
        **meta,
        "totals": counts(results + cli_results),
        "callables": len({r["key"] for r in results}),
        "parts": {p: {"callables": len({r["key"] for r in rs}), **counts(rs)} for p, rs in sorted(by_part.items())},
        "classes": {c: counts(rs) for c, rs in sorted(by_class.items())},
        "cli": {"commands": len({r["command"] for r in cli_results}), **counts(cli_results)},
        "failures": [r for r in results + cli_results if r["status"] in FAILURES],
        "pending": pending,
    }


def markdown_table(rep: dict) -> str:
    """The docs' table: one row per part of the tree walked, the CLI and the total (``docs/hardening.md``)."""
    head = "| part | callables | cases | " + " | ".join(STATUSES) + " |"
    rule = "|---|---:|---:|" + "---:|" * len(STATUSES)
    rows = [head, rule]
    for part, c in rep["parts"].items():
        n = sum(c[s] for s in STATUSES)
        rows.append(f"| {part} | {c['callables']} | {n} | " + " | ".join(str(c[s]) for s in STATUSES) + " |")
    cli = rep["cli"]
    if cli["commands"]:
        n = sum(cli[s] for s in STATUSES)
        rows.append(
            f"| CLI flags | {cli['commands']} commands | {n} | " + " | ".join(str(cli[s]) for s in STATUSES) + " |"
        )
    t = rep["totals"]
    what = f"{rep['callables']} + {cli['commands']} commands" if cli["commands"] else str(rep["callables"])
    rows.append(f"| **all** | {what} | {sum(t.values())} | " + " | ".join(str(t[s]) for s in STATUSES) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    """Run the walk (``--only`` a prefix, ``--every N`` a sample), print the counts, ``--save`` the report."""
    from tests.house import fuzz_baselines as fb

    ap = argparse.ArgumentParser(prog="python -m tests.house.fuzz_walk", description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="", help="comma-separated key prefixes to walk (default: every baseline)")
    ap.add_argument("--every", type=int, default=1, help="walk one case in N (the default suite's sample)")
    ap.add_argument("--jobs", type=int, default=2, help="children at a time")
    ap.add_argument("--show", default="", help="comma-separated statuses whose cases to print (silent,raw,...)")
    ap.add_argument("--no-cli", action="store_true", help="leave out the command line")
    ap.add_argument("--save", action="store_true", help=f"write {RESULTS.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    callables = public_callables()
    keys = sorted(k for k in fb.BASELINES if k in callables and not in_part(k, fb.PENDING_PHASE_2))
    if args.only:
        keys = [k for k in keys if in_part(k, args.only.split(","))]
    selection = [c for k in keys for c in cases_of(k, callables[k], fb.BASELINES[k])]
    if args.every > 1:
        selection = sampled(selection, args.every)
    t0 = time.monotonic()
    results = walk(selection, callables, fb.BASELINES, args.jobs)
    cli_results: list = []
    if not args.no_cli:
        parsers = cli_parsers()
        cli_sel = [c for cmd in sorted(fb.CLI_BASELINES) for c in cli_cases(cmd, parsers[cmd])]
        if args.every > 1:
            cli_sel = sampled(cli_sel, args.every)
        cli_results = walk_cli(cli_sel, fb.CLI_BASELINES, args.jobs)
    meta = {
        "seconds": round(time.monotonic() - t0, 1),
        "memory_limit_gib": MEMORY_LIMIT / 2**30,
        "pending_cli": sorted(fb.PENDING_CLI_PHASE_2),
    }
    rep = report(results, cli_results, sorted(fb.PENDING_PHASE_2), meta)
    show = set(filter(None, args.show.split(",")))
    for r in results + cli_results:
        if r["status"] in show:
            where = r.get("key") or f"geoprivate {r['command']}"
            what = f"{r['param']}={r['label']}" if "param" in r else f"{r['flag']} {r['text']!r}"
            print(f"{r['status']:8} {where} [{what}] {r['detail']}")
    print(markdown_table(rep))
    print(f"{rep['seconds']} s; pending phase 2: {len(rep['pending'])} modules")
    if args.save:
        RESULTS.write_text(json.dumps(rep, indent=1, sort_keys=True) + "\n")
        print(f"saved {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":  # run the imported module: the baselines' Lazy is tests.house.fuzz_walk.Lazy
    from tests.house import fuzz_walk

    sys.exit(fuzz_walk.main())
