"""Hypothesis strategies for the field's objects: point sets, labelled samples, concept classes,
neighbouring datasets, linear programs with their certificates, mechanism parameters.

A claim that declares ``instances=`` one of these (:func:`geoprivate.claims.claim`) is searched by
``geoprivate verify`` and its counterexample shrunk to the smallest one hypothesis reaches.
Every coordinate is an exact :class:`fractions.Fraction` (reported as ``"3/7"``); shrinking moves
towards fewer points, smaller numerators and denominators, and the first concept of a class.

Layer: beside :mod:`geoprivate.claims` (it uses ``concepts``, ``mechanisms`` and ``solvers``;
claims and user code use it).  Needs ``hypothesis`` (a dependency of ``geoprivate verify``).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Annotated, Any, Literal

import numpy as np
from hypothesis import assume
from hypothesis import strategies as st

from geoprivate._validation import Check, Choice, Interval, checked
from geoprivate.concepts import FiniteClass, Halfspaces, Intervals, PointFunctions, Thresholds
from geoprivate.mechanisms.sparse_vector import lemma1_applies
from solvers._domains import Rational
from solvers._rational import rational_points
from solvers.vc1 import random_vc1_class

__all__ = [
    "rationals",
    "points_on_line",
    "points",
    "points_in_plane",
    "in_general_position",
    "labelled_samples",
    "concept_classes",
    "zero_one_matrices",
    "neighbouring_datasets",
    "linear_programs",
    "mechanism_parameters",
    "THEOREMS",
]


#: a size of a generated object (small: these draw test instances)
_Size = Annotated[int, Interval(ge=0, le=64)]
_Dim = Annotated[int, Interval(ge=1, le=8)]


def _sizes(min_size: int, max_size: int) -> None:
    if min_size > max_size:
        raise ValueError(f"min_size must be <= max_size, got min_size={min_size}, max_size={max_size}")


def _bounds(lo, hi) -> None:
    if lo > hi:
        raise ValueError(f"lo must be <= hi, got lo={lo}, hi={hi}")


def _point_rows(value, name: str) -> list:
    """Points as rows of exact numbers (an empty sequence is no point)."""
    if isinstance(value, (list, tuple)) and not value:
        return []
    return rational_points(value, name)


@checked
def rationals(lo: Rational = -10, hi: Rational = 10, max_denominator: Annotated[int, Interval(ge=1, le=10**6)] = 4):
    """Exact rationals in ``[lo, hi]`` with denominators at most ``max_denominator``.

    Parameters
    ----------
    lo, hi : int or Fraction
        Bounds (inclusive).
    max_denominator : int

    Returns
    -------
    hypothesis strategy of Fraction
        Shrinks towards 0 (or the bound nearest it) and small denominators.

    Examples
    --------
    >>> from hypothesis import find
    >>> q = find(rationals(0, 1), lambda q: q > Fraction(1, 3))
    >>> Fraction(1, 3) < q <= 1
    True
    """
    _bounds(lo, hi)
    for name, v in (("lo", lo), ("hi", hi)):
        if v.denominator > max_denominator:
            raise ValueError(f"{name} must have a denominator <= max_denominator = {max_denominator}, got {v}")
    return st.fractions(min_value=lo, max_value=hi, max_denominator=max_denominator)


@checked
def points_on_line(
    min_size: _Size = 1, max_size: _Size = 8, *, distinct: bool = True, lo: Rational = -10, hi: Rational = 10
):
    """Finite point sets on the line: lists of Fractions (distinct unless ``distinct=False``).

    Parameters
    ----------
    min_size, max_size : int
        Number of points.
    distinct : bool
        Distinct points (general position on the line); ``False`` allows repeats (degenerate).
    lo, hi : int or Fraction
        Coordinate range.

    Returns
    -------
    hypothesis strategy of list of Fraction

    Examples
    --------
    >>> from hypothesis import find
    >>> p = find(points_on_line(), lambda p: len(p) >= 3)
    >>> len(p), len(set(p))
    (3, 3)
    """
    _sizes(min_size, max_size)
    return st.lists(rationals(lo, hi), min_size=min_size, max_size=max_size, unique=distinct)


@checked
def in_general_position(pts: Annotated[Any, Check(_point_rows, kind="array")]) -> bool:
    """Whether no d + 1 of the points lie on one affine hyperplane of ℝ^d (exact; distinct points for d = 1).

    Parameters
    ----------
    pts : sequence of sequences of Fraction
        n points in ℝ^d.

    Returns
    -------
    bool

    Examples
    --------
    >>> in_general_position([(0, 0), (1, 0), (2, 0)])
    False
    """
    pts = [tuple(Fraction(c) for c in p) for p in pts]
    if not pts:
        return True
    d = len(pts[0])
    if len(set(pts)) != len(pts):
        return False
    for subset in itertools.combinations(pts, d + 1):
        rows = [[c - subset[0][j] for j, c in enumerate(p)] for p in subset[1:]]
        if _det(rows) == 0:
            return False
    return True


def _det(rows: list[list[Fraction]]) -> Fraction:
    """Exact determinant by Gaussian elimination over the rationals."""
    a = [list(r) for r in rows]
    n, det = len(a), Fraction(1)
    for i in range(n):
        piv = next((r for r in range(i, n) if a[r][i] != 0), None)
        if piv is None:
            return Fraction(0)
        if piv != i:
            a[i], a[piv], det = a[piv], a[i], -det
        det *= a[i][i]
        for r in range(i + 1, n):
            f = a[r][i] / a[i][i]
            a[r] = [x - f * y for x, y in zip(a[r], a[i], strict=True)]
    return det


@checked
def points(
    d: _Dim,
    min_size: _Size = 1,
    max_size: _Size = 6,
    *,
    general_position: bool = True,
    lo: Rational = -6,
    hi: Rational = 6,
):
    """Point sets in ℝ^d with rational coordinates: in general position, or degenerate on request.

    Parameters
    ----------
    d : int
        Dimension (≥ 1).
    min_size, max_size : int
        Number of points.
    general_position : bool
        True: no d + 1 points on a common hyperplane (checked exactly).  False: *degenerate* —
        the last point is an affine combination of d earlier ones (or a repeat when d = 1), so at
        least d + 1 points lie on one hyperplane (requires ``max_size >= d + 1``).
    lo, hi : int
        Coordinate range.

    Returns
    -------
    hypothesis strategy of list of tuple of Fraction

    Examples
    --------
    >>> from hypothesis import find
    >>> pts = find(points(2, 3, 4, general_position=False), lambda p: True)
    >>> in_general_position(pts)
    False
    """
    _sizes(min_size, max_size)
    coord = rationals(lo, hi, 2)
    point = st.tuples(*[coord] * d)
    if general_position:
        return st.lists(point, min_size=min_size, max_size=max_size, unique=True).filter(in_general_position)
    if max_size < d + 1:
        raise ValueError(f"max_size: a degenerate set in R^{d} needs at least {d + 1} points, got {max_size}")

    @st.composite
    def _degenerate(draw):
        base = draw(st.lists(point, min_size=max(min_size - 1, d), max_size=max_size - 1))
        chosen = base[:d]
        weights = draw(st.lists(rationals(-2, 2, 2), min_size=d, max_size=d))
        if d == 1:
            extra = chosen[0]
        else:
            w = list(weights[:-1]) + [1 - sum(weights[:-1], Fraction(0))]  # affine: sum 1
            extra = tuple(sum((wi * p[j] for wi, p in zip(w, chosen, strict=True)), Fraction(0)) for j in range(d))
        return base + [extra]

    return _degenerate()


@checked
def points_in_plane(min_size: _Size = 1, max_size: _Size = 6, *, general_position: bool = True):
    """Point sets in the plane: :func:`points` with ``d = 2``.

    Parameters
    ----------
    min_size, max_size : int
    general_position : bool

    Returns
    -------
    hypothesis strategy of list of (Fraction, Fraction)

    Examples
    --------
    >>> from hypothesis import find
    >>> len(find(points_in_plane(3, 3), lambda p: True))
    3
    """
    return points(2, min_size, max_size, general_position=general_position)


_LINE_CLASSES = ("thresholds", "intervals", "point-functions")
_KINDS = _LINE_CLASSES + ("halfspaces", "finite", "vc1-tree")


@checked
def zero_one_matrices(
    max_rows: Annotated[int, Interval(ge=1, le=2**16)] = 6, max_cols: Annotated[int, Interval(ge=1, le=16)] = 5
):
    """0/1 matrices (rows: concepts, columns: points) with distinct rows, as numpy uint8 arrays.

    Parameters
    ----------
    max_rows, max_cols : int

    Returns
    -------
    hypothesis strategy of numpy.ndarray

    Examples
    --------
    >>> from hypothesis import find
    >>> find(zero_one_matrices(), lambda M: M.shape[0] >= 2).shape[0]
    2
    """

    @st.composite
    def _matrix(draw):
        cols = draw(st.integers(1, max_cols))
        rows = draw(
            st.lists(st.tuples(*[st.integers(0, 1)] * cols), min_size=1, max_size=min(max_rows, 2**cols), unique=True)
        )
        return np.array(rows, dtype=np.uint8)

    return _matrix()


@checked
def concept_classes(
    kind: Annotated[
        str, Choice("thresholds", "intervals", "point-functions", "halfspaces", "finite", "vc1-tree", "any")
    ] = "finite",
    *,
    d: _Dim = 2,
    max_points: Annotated[int, Interval(ge=2, le=12)] = 6,
):
    """Concept classes: thresholds, intervals, point functions, halfspaces, finite classes from 0/1
    matrices, VC-1 classes from random VC-1 trees (:func:`solvers.vc1.random_vc1_class`).

    Parameters
    ----------
    kind : {"thresholds", "intervals", "point-functions", "halfspaces", "finite", "vc1-tree", "any"}
        ``"any"`` mixes the line classes and the finite ones.
    d : int
        Dimension of the halfspaces.
    max_points : int
        Domain size of the finite and VC-1 classes.

    Returns
    -------
    hypothesis strategy of geoprivate.concepts.ConceptClass

    Examples
    --------
    >>> from hypothesis import find
    >>> find(concept_classes("finite"), lambda C: C.n_concepts >= 3).n_concepts
    3
    """
    if kind == "any":
        return st.one_of(*(concept_classes(k, d=d, max_points=max_points) for k in _LINE_CLASSES + ("finite",)))
    if kind == "thresholds":
        return st.just(Thresholds())
    if kind == "intervals":
        return st.just(Intervals())
    if kind == "point-functions":
        return st.just(PointFunctions())
    if kind == "halfspaces":
        return st.just(Halfspaces(d))
    if kind == "finite":
        return zero_one_matrices(max_rows=2**max_points, max_cols=max_points).map(FiniteClass)
    if kind == "vc1-tree":
        return st.tuples(st.integers(2, max_points), st.integers(0, 2**16)).map(
            lambda ns: FiniteClass(random_vc1_class(ns[0], np.random.default_rng(ns[1])), name="VC-1 class")
        )
    raise ValueError(f"kind must be one of {_KINDS + ('any',)}, got {kind!r}")


@checked
def labelled_samples(
    concept: Annotated[str, Choice("thresholds", "intervals", "point-functions")] = "thresholds",
    *,
    realisable: bool = True,
    min_size: _Size = 1,
    max_size: _Size = 6,
):
    """Labelled samples on the line ``(points, labels)``, realisable by a line concept class or not.

    Parameters
    ----------
    concept : {"thresholds", "intervals", "point-functions"}
        The class (labels 0/1 over distinct rational points).
    realisable : bool
        True: the labels are those of a concept of the class (drawn among Π_C(points)).  False:
        labels no concept of the class gives these points (needs ``max_size`` large enough: 2 for
        thresholds and point functions, 3 for intervals).
    min_size, max_size : int

    Returns
    -------
    hypothesis strategy of (list of Fraction, list of int)

    Examples
    --------
    >>> from hypothesis import find
    >>> pts, labels = find(labelled_samples("thresholds", realisable=False), lambda s: True)
    >>> len(pts), sum(labels)   # two points, the smaller labelled 1: no threshold does that
    (2, 1)
    """
    C = {
        "thresholds": concept_classes("thresholds"),
        "intervals": concept_classes("intervals"),
        "point-functions": concept_classes("point-functions"),
    }
    _sizes(min_size, max_size)

    @st.composite
    def _sample(draw):
        cls = draw(C[concept])
        if realisable:
            pts = draw(points_on_line(min_size, max_size))
            M = _dichotomies(cls, pts)
            row = draw(st.integers(0, M.shape[0] - 1))
            return pts, [int(v) for v in M[row]]
        pts = draw(points_on_line(max(min_size, 2), max_size))
        labels = draw(st.lists(st.integers(0, 1), min_size=len(pts), max_size=len(pts)))
        rows = {tuple(int(v) for v in r) for r in _dichotomies(cls, pts)}
        assume(tuple(labels) not in rows)
        return pts, labels

    return _sample()


def _dichotomies(cls, pts) -> np.ndarray:
    """Π_C(pts) for a line class, in the order of ``pts`` (exact: the order of the Fractions)."""
    order = sorted(range(len(pts)), key=lambda i: pts[i])
    ranks = [0] * len(pts)
    for r, i in enumerate(order):
        ranks[i] = r
    return cls.restrict_to([float(r) for r in ranks]).matrix


@checked
def neighbouring_datasets(
    elements: st.SearchStrategy,
    *,
    min_size: _Size = 1,
    max_size: _Size = 6,
    relation: Literal["replace-one", "add-remove"] = "replace-one",
):
    """Pairs of neighbouring datasets ``(D, D')`` (lists of ``elements``).

    Parameters
    ----------
    elements : hypothesis strategy
        One record.
    min_size, max_size : int
        Size of D.
    relation : {"replace-one", "add-remove"}
        ``replace-one``: D' is D with one record replaced (same size; the changed position is
        drawn).  ``add-remove``: D' is D with one record added (either order of the pair is
        drawn, so removal is covered too).

    Returns
    -------
    hypothesis strategy of (list, list)

    Examples
    --------
    >>> from hypothesis import find
    >>> D, D2 = find(neighbouring_datasets(st.integers(0, 3)), lambda p: p[0] != p[1])
    >>> len(D), len(D2), sum(a != b for a, b in zip(D, D2))
    (1, 1, 1)
    """
    _sizes(min_size, max_size)

    @st.composite
    def _pair(draw):
        D = draw(st.lists(elements, min_size=max(min_size, 1 if relation == "replace-one" else 0), max_size=max_size))
        new = draw(elements)
        if relation == "replace-one":
            i = draw(st.integers(0, len(D) - 1))
            return D, D[:i] + [new] + D[i + 1 :]
        i = draw(st.integers(0, len(D)))
        bigger = D[:i] + [new] + D[i:]
        return (D, bigger) if draw(st.booleans()) is False else (bigger, D)

    return _pair()


@checked
def linear_programs(
    *,
    feasible: bool = True,
    max_vars: Annotated[int, Interval(ge=1, le=16)] = 3,
    max_constraints: Annotated[int, Interval(ge=1, le=64)] = 4,
):
    """Systems ``A x <= b`` with rational entries and a certificate of their answer.

    Parameters
    ----------
    feasible : bool
        True: ``certificate`` is a point with ``A x <= b`` (b is built as A x plus a
        non-negative slack).  False: ``certificate`` are Farkas multipliers ``y >= 0`` with
        ``y A = 0`` and ``y b < 0`` (the last row is built from the others).
    max_vars, max_constraints : int

    Returns
    -------
    hypothesis strategy of dict
        ``{"A_ub": [[Fraction]], "b_ub": [Fraction], "feasible": bool, "certificate": [Fraction]}``;
        every certificate passes :func:`solvers.lp.is_feasible_point` /
        :func:`solvers.lp.is_farkas_certificate`.

    Examples
    --------
    >>> from hypothesis import find
    >>> lp = find(linear_programs(feasible=False), lambda lp: True)
    >>> from solvers.lp import is_farkas_certificate
    >>> is_farkas_certificate(lp["A_ub"], lp["b_ub"], None, None, (lp["certificate"], ()))
    True
    """
    q = rationals(-4, 4, 3)

    @st.composite
    def _lp(draw):
        n = draw(st.integers(1, max_vars))
        m = draw(st.integers(1 if feasible else 2, max(max_constraints, 2)))
        row = st.lists(q, min_size=n, max_size=n)
        if feasible:
            A = draw(st.lists(row, min_size=m, max_size=m))
            x = draw(row)
            slack = draw(st.lists(rationals(0, 3, 2), min_size=m, max_size=m))
            b = [
                sum((a * xi for a, xi in zip(r, x, strict=False)), Fraction(0)) + s
                for r, s in zip(A, slack, strict=False)
            ]
            return {"A_ub": A, "b_ub": b, "feasible": True, "certificate": x}
        A = draw(st.lists(row, min_size=m - 1, max_size=m - 1))
        y = draw(st.lists(rationals(0, 3, 2), min_size=m - 1, max_size=m - 1)) + [Fraction(1)]
        last = [-sum((yi * r[j] for yi, r in zip(y, A, strict=False)), Fraction(0)) for j in range(n)]
        b = draw(st.lists(q, min_size=m - 1, max_size=m - 1))
        gap = draw(rationals(0, 3, 2))
        b_last = -sum((yi * bi for yi, bi in zip(y, b, strict=False)), Fraction(0)) - 1 - gap
        return {"A_ub": A + [last], "b_ub": b + [b_last], "feasible": False, "certificate": y}

    return _lp()


def _lemma1_inside(p) -> bool:
    return lemma1_applies(p["epsilon"], p["delta"], p["gap"], p["n"])


def _always(p) -> bool:
    return True


def _log_uniform(lo_exp: float, hi_exp: float, steps: int = 64, *, towards: str = "lo"):
    """Floats on a log grid 10**lo … 10**hi (``steps`` + 1 values) that shrink towards 10**lo
    (``towards="lo"``) or 10**hi (``towards="hi"``)."""
    if towards == "hi":
        lo_exp, hi_exp = hi_exp, lo_exp
    return st.integers(0, steps).map(lambda i: float(10 ** (lo_exp + (hi_exp - lo_exp) * i / steps)))


#: named theorems: citation -> (parameter strategy, condition "inside the theorem's hypotheses")
THEOREMS = {
    "[Yan26] Lemma 1": (
        st.fixed_dictionaries(
            {
                "epsilon": _log_uniform(-2, math.log10(0.99)),
                "delta": _log_uniform(-9, -1),
                "gap": st.sampled_from([0.05, 0.1, 0.25, 0.5]),
                "n": st.integers(1, 10**5),
            }
        ),
        _lemma1_inside,
    ),
    "[Yan25] Theorem 7": (
        st.fixed_dictionaries(
            {
                "k": st.integers(1, 400),
                "epsilon": _log_uniform(-2, 0.3, towards="hi"),
                "delta_prime": _log_uniform(-9, -1, towards="hi"),
            }
        ),
        _always,
    ),
    "[Yan25] Theorem 12": (
        st.fixed_dictionaries(
            {
                "alpha": st.sampled_from([0.5, 0.25, 0.2, 0.1, 0.05, 0.02]),
                "epsilon": _log_uniform(-2, 0.5, towards="hi"),
                "delta_prime": _log_uniform(-9, -2, towards="hi"),
            }
        ),
        _always,
    ),
}


def _theorem(value, name: str) -> str:
    if not isinstance(value, str) or value not in THEOREMS:
        raise ValueError(f"{name} must be one of {sorted(THEOREMS)}, got {value!r}")
    return value


@checked
def mechanism_parameters(theorem: Annotated[str, Check(_theorem, kind="choice")], *, inside: bool = True):
    """Parameters of a mechanism inside (or outside) a named theorem's conditions.

    Composition theorems shrink towards the fewest mechanisms / iterations first, then towards the
    largest ε and δ′ of their ranges (where a composition bound is most easily broken).

    Parameters
    ----------
    theorem : str
        A key of :data:`THEOREMS`: ``"[Yan26] Lemma 1"`` (BetweenThresholds: ε, δ, gap, n; inside
        when the gap meets Lemma 1), ``"[Yan25] Theorem 7"`` (k-fold composition: ε, k, δ′),
        ``"[Yan25] Theorem 12"`` (ProperLearner's loop: ε, α, δ′).
    inside : bool
        True: parameters meeting the theorem's hypotheses; False: parameters violating them (only
        for theorems with a checkable condition).

    Returns
    -------
    hypothesis strategy of dict

    Examples
    --------
    >>> from hypothesis import find
    >>> p = find(mechanism_parameters("[Yan26] Lemma 1", inside=False), lambda p: True)
    >>> from geoprivate.mechanisms.sparse_vector import lemma1_applies
    >>> lemma1_applies(p["epsilon"], p["delta"], p["gap"], p["n"])
    False
    """
    params, condition = THEOREMS[theorem]
    if not inside and condition is _always:
        raise ValueError(f"inside: {theorem} has no hypotheses beyond its parameter ranges to violate")
    return params.filter(lambda p: condition(p) == inside)
