"""Parameter domains: declared once, in the signature, and checked on entry by one decorator.

A public callable states what each parameter may be in its annotation; :func:`checked` reads the
annotations once, when the function is defined, and compiles them into one check per parameter.
Each call then checks its arguments before the body runs: a bad one is a one-line ``TypeError``
(wrong kind) or ``ValueError`` (wrong value) naming the parameter and the value, and the body
receives the checked value (an ``int`` for an integer, a ``float`` for a real, the array an array
check returns)::

    from typing import Annotated

    from solvers._domains import Interval, NonNegInt, checked

    @checked
    def sauer_bound(n: Annotated[int, Interval(ge=0, le=10**6)], d: NonNegInt, *, exact: bool = True) -> int:
        ...

    sauer_bound(2.7, 1)   # TypeError: n must be an integer, got float
    sauer_bound(-1, 1)    # ValueError: n must lie in [0, 1000000], got -1

What an annotation admits (the base type is what a reader and mypy see):

* ``float``: a finite real (NaN, ±inf, bools and strings refused; ``10**400`` is "must be finite");
  ``int``: an integer (bools, ``2.7`` and ``2.0`` refused; NumPy integers accepted);
  ``bool``: a real bool (``'False'`` is truthy, so it is refused); ``str``: a string;
* ``Annotated[float, Interval(gt=0, lt=1)]`` (or ``int``): the same, within bounds (``gt``, ``ge``,
  ``lt``, ``le``); a closed infinite bound admits infinity: ``Interval(ge=0, le=math.inf)`` is [0, ∞];
* ``Annotated[T, check]``: whatever ``check(value, name)`` accepts, and the body receives what it
  returns; ``Check(fn, kind="array", **kw)`` calls ``fn(value, name=..., **kw)`` (any check with a
  ``name`` parameter: ``solvers._checks.as_binary_matrix``) and says which hostile inputs the fuzz
  walk feeds (``real``, ``int``, ``array``, ``indices``, ``labels``, ``index``, ...);
* ``Literal["a", "b"]`` or ``Annotated[str, Choice("a", "b")]`` (callers pass a plain ``str``): one of
  these values; ``X | None``: ``None`` or an ``X``;
  ``Callable[..., T]``: a callable; any other class: an instance of it (``isinstance``);
* ``Annotated[T, Joint("why")]``: checked in the body together with other parameters (shapes that
  must agree, an index into another argument), after the checks listed with it if any;
  ``Any``: anything, on purpose.

Every parameter needs an annotation (``self`` and ``cls`` excepted): a missing one is a
``TypeError`` when the module is imported, so a public callable cannot exist without a declared
domain.  Annotations are resolved in the module's globals (``from __future__ import annotations``
makes them strings): a domain alias or a check it names is a module-level name, defined before
the function (a name defined later, such as the class of a method, is resolved on the first call).  Defaults are checked once, at decoration, never on a call.  ``@checked`` on a class checks
its ``__init__`` (a dataclass's fields: put ``@checked`` above ``@dataclass``) and every public method.
The wrapper is generated with the function's own signature, so a call costs one check per argument
given and nothing for the defaults (measured in ``benchmarks/bench_domains.py``).

The aliases below are the common domains; :mod:`geoprivate._validation` adds the privacy ones
(``Epsilon``, ``Delta``).  ``solvers`` never imports ``geoprivate``, so the mechanism lives here.
"""

from __future__ import annotations

import builtins
import collections.abc
import dataclasses
import functools
import inspect
import math
import numbers
import types
import typing
from dataclasses import dataclass
from typing import Annotated, Any

import numpy as np

from solvers._checks import (
    _integer,
    _real,
    as_binary_matrix,
    as_positions,
    check_bool,
    check_positive_real,
    check_probability,
    check_subspace,
    real_number,
    shown,
)
from solvers._rational import coordinate, rational_points, rational_vector

__all__ = [
    "checked",
    "domains",
    "Domain",
    "Interval",
    "Check",
    "Choice",
    "Joint",
    "check_rng",
    "check_callable",
    "Positive",
    "NonNegative",
    "Probability",
    "UnitInterval",
    "PositiveInt",
    "NonNegInt",
    "Count64",
    "Positions",
    "Constraints",
    "LPPart",
    "Subspace",
    "RealNumber",
    "Rational",
    "RationalVector",
    "RationalPoints",
    "Rng",
    "MaxWork",
    "BinaryMatrix",
    "NonEmptyBinaryMatrix",
    "Columns",
    "Labels01",
]


# ------------------------------------------------------------------------------------------- markers
@dataclass(frozen=True)
class Interval:
    """Bounds of a real or integer parameter: ``Annotated[float, Interval(gt=0, le=1)]`` is (0, 1].

    A closed infinite bound (``le=math.inf``) admits infinity; otherwise reals must be finite.
    """

    gt: float | None = None
    ge: float | None = None
    lt: float | None = None
    le: float | None = None


@dataclass(frozen=True)
class Check:
    """A check ``fn(value, name, **kwargs)`` returning the value the body receives.

    ``kind`` says what the value is, for the fuzz walk's choice of hostile inputs: ``real``,
    ``int``, ``bool``, ``str``, ``array``, ``index``, ``callable``, ``rng`` or ``object``
    (default: the kind of the annotation's base type).
    """

    fn: collections.abc.Callable
    kind: str | None = None
    kwargs: tuple = ()  # the bound keywords as (name, value) pairs: hashable, as typing needs

    def __init__(self, fn, kind: str | None = None, **kwargs):
        object.__setattr__(self, "fn", fn)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "kwargs", tuple(sorted(kwargs.items())))


@dataclass(frozen=True)
class Choice:
    """One of the given values: ``Annotated[str, Choice("theorem", "practical")]`` (a ``Literal`` without
    narrowing the type callers pass, for mypy)."""

    values: tuple

    def __init__(self, *values):
        object.__setattr__(self, "values", values)


@dataclass(frozen=True)
class Joint:
    """The parameter is checked in the body together with others (``why`` says which check, where).

    ``kind`` as for :class:`Check`.
    """

    why: str
    kind: str | None = None


# ------------------------------------------------------------------------------------------- the domain
@dataclass(frozen=True)
class Domain:
    """One parameter's compiled domain.

    Attributes
    ----------
    kind : str
        What the value is (``real``, ``int``, ``bool``, ``str``, ``choice``, ``array``, ``index``,
        ``callable``, ``rng``, ``object``, ``any``): the fuzz walk's hostile inputs follow from it.
    check : callable or None
        ``check(value, name)`` returns the value passed on, or raises; None: passed unchecked.
    text : str
        How the domain reads (``float in (0, 1)``).
    optional : bool
        ``None`` is admitted.
    joint : str
        For a parameter checked in the body with others: where (``Joint``).
    """

    kind: str
    check: collections.abc.Callable | None
    text: str
    optional: bool = False
    joint: str = ""

    def admits(self, value, name: str = "value") -> bool:
        """Whether ``value`` passes this domain's check (a joint or unchecked domain admits everything)."""
        if value is None and self.optional:
            return True
        if self.check is None:
            return True
        try:
            self.check(value, name)
        except (TypeError, ValueError):
            return False
        return True


def _bound_text(x) -> str:
    return "inf" if x == math.inf else "-inf" if x == -math.inf else repr(x) if isinstance(x, float) else str(x)


def _interval_text(lo, lo_open: bool, hi, hi_open: bool) -> str:
    if lo is not None and hi is not None:
        return f"{'(' if lo_open else '['}{_bound_text(lo)}, {_bound_text(hi)}{')' if hi_open else ']'}"
    if lo is not None:
        return f"{'>' if lo_open else '>='} {_bound_text(lo)}"
    return f"{'<' if hi_open else '<='} {_bound_text(hi)}"


def _interval_message(name: str, text: str, value) -> str:
    verb = "lie in" if text[0] in "([" else "be"
    return f"{name} must {verb} {text}, got {shown(value)}"


def _real_check(iv: Interval | None):
    """A finite (or, with a closed infinite bound, extended) real, within ``iv``; returned as float."""
    lo = hi = None
    lo_open = hi_open = False
    if iv is not None:
        lo, lo_open = (iv.gt, True) if iv.gt is not None else (iv.ge, False)
        hi, hi_open = (iv.lt, True) if iv.lt is not None else (iv.le, False)
    allow_pinf = hi == math.inf and not hi_open
    allow_ninf = lo == -math.inf and not lo_open
    text = "float" if lo is None and hi is None else f"float {_interval_text(lo, lo_open, hi, hi_open)}"
    if lo == -math.inf:
        lo = None
    if hi == math.inf:
        hi = None

    def check(value, name):
        v = _real(value, name)
        if (v == math.inf and not allow_pinf) or (v == -math.inf and not allow_ninf):
            raise ValueError(f"{name} must be finite, got {shown(value)}")
        if (lo is not None and (v <= lo if lo_open else v < lo)) or (
            hi is not None and (v >= hi if hi_open else v > hi)
        ):
            raise ValueError(_interval_message(name, text[6:], value))
        return v

    return check, text


def _int_check(iv: Interval | None):
    """An integer (bools and floats refused) within ``iv``; returned as a Python int."""
    lo = hi = None
    if iv is not None:
        lo = math.floor(iv.gt) + 1 if iv.gt is not None else iv.ge
        hi = math.ceil(iv.lt) - 1 if iv.lt is not None else iv.le
        lo = None if lo is None or lo == -math.inf else int(lo)
        hi = None if hi is None or hi == math.inf else int(hi)
    text = "int" if lo is None and hi is None else f"int {_interval_text(lo, False, hi, False)}"

    def check(value, name):
        v = _integer(value, name)
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise ValueError(_interval_message(name, text[4:], value))
        return v

    return check, text


def _str_check(value, name):
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, got {type(value).__name__}")
    return value


def check_callable(value, name: str):
    """Return ``value`` if it is callable, else ``TypeError`` naming ``name``.

    Parameters
    ----------
    value : object
        The value to check.
    name : str
        The parameter named in the error.

    Returns
    -------
    callable
    """
    if not callable(value):
        raise TypeError(f"{name} must be callable, got {type(value).__name__} {shown(value)}")
    return value


def check_rng(value, name: str = "rng"):
    """Return ``value`` unchanged if :func:`solvers._checks.as_rng` accepts it (a Generator, a seed, None).

    The body turns it into a Generator (``as_rng``) where it draws: checking must not create one.

    Parameters
    ----------
    value : numpy.random.Generator, int, numpy.random.SeedSequence or None
        The value to check.
    name : str, default "rng"
        The parameter named in the error.

    Returns
    -------
    The value, unchanged.
    """
    if value is None or isinstance(value, (np.random.Generator, np.random.SeedSequence)):
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)):
        if value < 0:
            raise ValueError(f"{name}: a seed must be a non-negative integer, got {shown(value)}")
        return value
    raise TypeError(f"{name}: expected a numpy.random.Generator, an int seed or None, got {type(value).__name__}")


def _isinstance_check(cls, text: str):
    def check(value, name):
        if not isinstance(value, cls):
            raise TypeError(f"{name} must be {text}, got {type(value).__name__}")
        return value

    return check


def _choice_check(choices: tuple):
    text = " | ".join(repr(c) for c in choices)

    def check(value, name):
        if not any(value is c or (type(value) is type(c) and value == c) for c in choices):
            raise ValueError(f"{name} must be one of {text}, got {shown(value)}")
        return value

    return check, text


def _union_check(members: list[Domain]):
    text = " or ".join(m.text for m in members)

    def check(value, name):
        for m in members:
            if m.check is None:
                return value
            try:
                return m.check(value, name)
            except TypeError:
                continue
        raise TypeError(f"{name} must be {text}, got {type(value).__name__}")

    return check, text


_BASE_KIND = {float: "real", int: "int", bool: "bool", str: "str"}


def _domain(tp) -> Domain:
    """Compile one (resolved) annotation into a :class:`Domain`."""
    if tp is Any or tp is inspect.Parameter.empty:
        return Domain("any", None, "any")
    origin = typing.get_origin(tp)
    if origin is Annotated:
        base, *meta = typing.get_args(tp)
        return _annotated(base, meta)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        members = [_domain(a) for a in args if a is not type(None)]
        optional = len(members) < len(args)
        if len(members) == 1:
            m = members[0]
            return Domain(m.kind, m.check, f"{m.text} or None" if optional else m.text, optional, m.joint)
        check, text = _union_check(members)
        kinds = [m.kind for m in members]
        kind = "real" if "real" in kinds else kinds[0]  # int | float: the hostile reals apply
        return Domain(kind, check, f"{text} or None" if optional else text, optional)
    if origin is typing.Literal:
        check, text = _choice_check(typing.get_args(tp))
        return Domain("choice", check, text)
    if origin is collections.abc.Callable or tp is collections.abc.Callable or tp is typing.Callable:
        return Domain("callable", check_callable, "callable")
    if tp is float:
        return Domain("real", *_real_check(None))
    if tp is int:
        return Domain("int", *_int_check(None))
    if tp is bool:
        return Domain("bool", check_bool, "bool")
    if tp is str:
        return Domain("str", _str_check, "str")
    if tp is type(None):
        return Domain("object", _isinstance_check(type(None), "None"), "None")
    cls = origin if isinstance(origin, type) else tp
    if isinstance(cls, type):
        kind = "rng" if cls is np.random.Generator else "object"
        return Domain(kind, _isinstance_check(cls, cls.__name__), cls.__name__)
    raise TypeError(f"no domain for the annotation {tp!r}")


def _by_keyword(fn, kwargs: dict):
    """``fn(value, name=name, **kwargs)``: a :class:`Check`'s function gets the parameter's name as ``name=``."""

    def check(value, name):
        return fn(value, name=name, **kwargs)

    check.__name__ = fn.__name__
    return check


def _annotated(base, meta: list) -> Domain:
    """``Annotated[base, *meta]``: an :class:`Interval`, check callables / :class:`Check` or a :class:`Joint`."""
    kind = _BASE_KIND.get(base, "array" if base is np.ndarray else "object")
    checks, texts, joint = [], [], ""
    interval = None
    for m in meta:
        if isinstance(m, Interval):
            interval = m
        elif isinstance(m, Choice):
            check, text = _choice_check(m.values)
            checks.append(check)
            texts.append(text)
            kind = "choice"
        elif isinstance(m, Joint):
            joint, kind = m.why, m.kind or kind
        elif isinstance(m, Check):
            checks.append(_by_keyword(m.fn, dict(m.kwargs)))
            texts.append(m.fn.__name__)
            kind = m.kind or kind
        elif callable(m):
            checks.append(m)
            texts.append(m.__name__)
        else:
            raise TypeError(f"unknown domain marker {m!r} (Interval, Check, Joint or a check function)")
    if interval is not None:
        if base not in (float, int):
            raise TypeError(f"Interval bounds a float or an int, not {base!r}")
        check, text = (_real_check if base is float else _int_check)(interval)
        checks.insert(0, check)
        texts.insert(0, text)
    if not checks and not joint:
        return _domain(base)
    check = checks[0] if len(checks) == 1 else _chain(checks) if checks else None
    text = ", ".join(texts) or getattr(base, "__name__", str(base))
    if joint:
        text = f"{text} (checked with: {joint})"
    return Domain(kind, check, text, joint=joint)


def _chain(checks: list):
    def chain(value, name):
        for c in checks:
            value = c(value, name)
        return value

    return chain


# ------------------------------------------------------------------------------------------- the decorator
_F = typing.TypeVar("_F")
_SKIP_FIRST = ("self", "cls")


def _resolve(annotation, fn, localns):
    if not isinstance(annotation, str):
        return annotation
    namespace = dict(vars(builtins))
    namespace.update(inspect.unwrap(fn).__globals__)  # a contextmanager's helper: the module of the function it wraps
    return eval(annotation, namespace, localns or {})  # noqa: S307 - the module's own annotation text


def _compile(fn, localns=None) -> dict:
    """``{parameter: Domain}`` of ``fn``; ``NameError`` while a forward reference is not defined yet."""
    sig = inspect.signature(fn)
    out = {}
    for i, p in enumerate(sig.parameters.values()):
        if i == 0 and p.name in _SKIP_FIRST and p.annotation is p.empty:
            continue
        if p.annotation is p.empty:
            raise TypeError(
                f"{fn.__module__}.{fn.__qualname__}: parameter {p.name!r} has no declared domain "
                "(annotate it; see solvers._domains)"
            )
        d = _domain(_resolve(p.annotation, fn, localns))
        factory = p.default is getattr(dataclasses, "_HAS_DEFAULT_FACTORY", None)  # a dataclass field(default_factory=)
        if p.default is not p.empty and d.check is not None and not factory and not (p.default is None and d.optional):
            try:
                d.check(p.default, p.name)
            except (TypeError, ValueError) as exc:
                where = f"{fn.__module__}.{fn.__qualname__}"
                raise TypeError(f"{where}: the default of {p.name} is outside its domain: {exc}") from None
        out[p.name] = d
    return out


def _generated(fn, doms: dict):
    """A function with ``fn``'s signature that checks the given arguments and calls ``fn``.

    Generated once (as dataclasses and attrs generate ``__init__``): a default is recognised by
    identity and not checked again, so a call costs one check per argument given.
    """
    sig = inspect.signature(fn)
    ns: dict = {"_checked_fn": fn}
    header, call, body = [], [], []
    star = False
    params = list(sig.parameters.values())
    for i, p in enumerate(params):
        if p.kind is p.VAR_POSITIONAL:
            header.append(f"*{p.name}")
            call.append(f"*{p.name}")
            star = True
            continue
        if p.kind is p.VAR_KEYWORD:
            header.append(f"**{p.name}")
            call.append(f"**{p.name}")
            continue
        if p.kind is p.KEYWORD_ONLY and not star:
            header.append("*")
            star = True
        arg = p.name
        if p.default is not p.empty:
            ns[f"_checked_d{i}"] = p.default
            arg += f"=_checked_d{i}"
        header.append(arg)
        if p.kind is p.POSITIONAL_ONLY and (i + 1 == len(params) or params[i + 1].kind is not p.POSITIONAL_ONLY):
            header.append("/")
        call.append(f"{p.name}={p.name}" if p.kind is p.KEYWORD_ONLY else p.name)
        d = doms.get(p.name)
        if d is not None and d.check is not None:
            ns[f"_checked_c{i}"] = d.check
            line = f"{p.name} = _checked_c{i}({p.name}, {p.name!r})"
            conds = [f"{p.name} is not _checked_d{i}"] if p.default is not p.empty else []
            if d.optional:
                conds.append(f"{p.name} is not None")
            if conds:
                line = f"if {' and '.join(conds)}: {line}"
            body.append(line)
    src = f"def {fn.__name__}({', '.join(header)}):\n"
    src += "".join(f"    {line}\n" for line in body)
    src += f"    return _checked_fn({', '.join(call)})\n"
    exec(src, ns)  # noqa: S102 - generated from the signature only
    return ns[fn.__name__]


def _checked_function(fn, localns=None):
    try:
        doms = _compile(fn, localns)
    except NameError:  # a forward reference: compiled on the first call (or by domains())
        state: dict = {}

        @functools.wraps(fn)
        def deferred(*args, **kwargs):
            if "inner" not in state:
                try:
                    state["doms"] = _compile(fn, localns)
                except NameError as exc:
                    where = f"{fn.__module__}.{fn.__qualname__}"
                    raise TypeError(f"{where}: an annotation names {exc.name!r}, not a module-level name") from None
                state["inner"] = _generated(fn, state["doms"])
            return state["inner"](*args, **kwargs)

        setattr(deferred, "__domains__", lambda: state.get("doms") or _compile(fn, localns))  # noqa: B010
        return deferred
    wrapper = _generated(fn, doms)
    functools.update_wrapper(wrapper, fn)
    wrapper.__domains__ = doms
    return wrapper


def _public_methods(cls):
    for name, attr in list(vars(cls).items()):
        if name == "__init__" or not name.startswith("_"):
            yield name, attr


def _checked_class(cls):
    if issubclass(cls, BaseException):
        return cls
    localns = dict(vars(cls))
    localns[cls.__name__] = cls
    for name, attr in _public_methods(cls):
        if isinstance(attr, staticmethod):
            setattr(cls, name, staticmethod(_checked_function(attr.__func__, localns)))
        elif isinstance(attr, classmethod):
            setattr(cls, name, classmethod(_checked_function(attr.__func__, localns)))
        elif inspect.isfunction(attr) and not hasattr(attr, "__domains__"):
            setattr(cls, name, _checked_function(attr, localns))
    cls.__checked__ = True
    return cls


def checked(obj: _F) -> _F:
    """Check every argument of ``obj`` against the domain its annotation declares (see the module docstring).

    Parameters
    ----------
    obj : function or class
        A function (its parameters) or a class (its ``__init__`` and public methods).

    Returns
    -------
    The checked function (same signature, name and docstring; ``__wrapped__`` is the original) or
    the class, its methods replaced.

    Examples
    --------
    >>> from typing import Annotated
    >>> @checked
    ... def halve(x: Annotated[float, Interval(gt=0)], times: PositiveInt = 1) -> float:
    ...     return x / 2**times
    >>> halve(3, times=2)
    0.75
    >>> halve(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: x must not be NaN
    >>> halve(1.0, times=2.7)
    Traceback (most recent call last):
    ...
    TypeError: times must be an integer, got float
    """
    if isinstance(obj, type):
        return _checked_class(obj)
    return _checked_function(obj)


def domains(obj) -> dict:
    """``{parameter: Domain}`` of a checked function, method or class (its ``__init__``); ``{}`` if unchecked.

    Parameters
    ----------
    obj : callable
        A function or class, checked or not.

    Returns
    -------
    dict
        The declared domains (``self`` left out); empty when ``obj`` was not decorated.
    """
    target = obj.__init__ if isinstance(obj, type) else obj  # type: ignore[misc]
    doms = getattr(target, "__domains__", None)
    if doms is None:
        return {}
    return doms() if callable(doms) else doms


# ------------------------------------------------------------------------------------------- aliases
#: 0 < x < inf
Positive = Annotated[float, Check(check_positive_real)]
#: 0 <= x < inf
NonNegative = Annotated[float, Interval(ge=0)]
#: p in (0, 1)
Probability = Annotated[float, Check(check_probability)]
#: p in [0, 1]
UnitInterval = Annotated[float, Interval(ge=0, le=1)]
#: an integer >= 1 (uncapped: a size that allocates or loops needs an upper bound, Interval(ge=1, le=...))
PositiveInt = Annotated[int, Interval(ge=1)]
#: an integer >= 0
NonNegInt = Annotated[int, Interval(ge=0)]
#: a count or size that fits a signed 64-bit integer (2**63 and 10**400 are refused)
Count64 = Annotated[int, Interval(ge=0, le=2**63 - 1)]
#: a numpy Generator, a non-negative int seed, a SeedSequence or None (SPEC 7), passed on unchanged
Rng = Annotated[Any, Check(check_rng, kind="rng")]
#: a work budget: a positive integer, or None for no limit (solvers._checks.check_work)
MaxWork = Annotated[int, Interval(ge=1)] | None
#: a 0/1 concept matrix (concepts x points), passed on as a C-contiguous uint8 array
BinaryMatrix = Annotated[Any, Check(as_binary_matrix, kind="array")]
#: the same with at least one concept (a quantity of an empty class is undefined)
NonEmptyBinaryMatrix = Annotated[Any, Check(as_binary_matrix, kind="array", allow_empty_rows=False)]
#: integer positions (a 1-D int array; floats, bools and ragged input refused), the range checked by the body
Positions = Annotated[Any, Check(as_positions, kind="indices")]
#: a real number compared as given (ints of any size, Fractions, ±inf; NaN, bools and strings refused), unconverted
RealNumber = Annotated[Any, Check(real_number, kind="real")]
#: an exact number (int, float at its binary value, Fraction; NaN, inf and bools refused), passed on as a Fraction
Rational = Annotated[Any, Check(coordinate, kind="real")]
#: a 1-D vector of exact numbers, passed on as a list of Fractions
RationalVector = Annotated[Any, Check(rational_vector, kind="array")]
#: points (rows of a 2-D numeric array) as exact Fractions, passed on as a list of rows
RationalPoints = Annotated[Any, Check(rational_points, kind="array")]
#: halfspace constraints (A, w), constraint i being <A_i, z> >= w_i: exact, w of len(A) (solvers.depth)
Constraints = Annotated[Any, Joint("a pair (A, w) whose w has one entry per row of A", kind="object")]
#: an affine subspace: None, an AffineSubspace or a pair (E, f) (its dimension checked with the data)
Subspace = Annotated[Any, Check(check_subspace, kind="object")]
#: a part of a linear system (A_ub, b_ub, A_eq, b_eq): exact numbers whose shapes agree (solvers.lp's _prepare)
LPPart = Annotated[Any, Joint("the shapes of A_ub, b_ub, A_eq, b_eq and c agree (solvers.lp)", kind="array")]
#: column positions of a labelled sample, checked with the labels and the matrix (as_columns_and_labels)
Columns = Annotated[Any, Joint("as_columns_and_labels(M, cols, labels)", kind="indices")]
#: 0/1 labels of a labelled sample, checked with its columns (as_columns_and_labels)
Labels01 = Annotated[Any, Joint("as_columns_and_labels(M, cols, labels)", kind="labels")]
