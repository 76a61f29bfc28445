"""Tests for solvers.affine.AffineSubspace (exact, canonical)."""

from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.affine import AffineSubspace, IntersectResult
from tests.hang_guard import refused_before_work

SETTINGS = settings(max_examples=60, deadline=None)

small = st.integers(-3, 3)


@st.composite
def subspaces(draw, max_n=5):
    n = draw(st.integers(1, max_n))
    k = draw(st.integers(0, n + 1))  # may exceed n or be dependent: canonicalisation must cope
    p = [draw(small) for _ in range(n)]
    dirs = [[draw(small) for _ in range(n)] for _ in range(k)]
    if k >= 2 and draw(st.booleans()):
        dirs[-1] = [a + 2 * b for a, b in zip(dirs[0], dirs[1], strict=True)]  # dependent generator
    return AffineSubspace.from_point_and_directions(p, dirs), p, dirs


def _sympy_rank(rows, n):
    return sympy.Matrix(rows).rank() if rows else 0


def _dot(a, b):
    return sum(Fraction(x) * Fraction(y) for x, y in zip(a, b, strict=True))


# ----------------------------------------------------------------------------- construction


@SETTINGS
@given(subspaces())
def test_dimension_and_membership_of_generators(data):
    V, p, dirs = data
    n = len(p)
    assert V.ambient_dim == n
    assert V.dim == _sympy_rank(dirs, n)
    assert V.contains(p)
    for v in dirs:
        assert V.contains([a + b for a, b in zip(p, v, strict=True)])
    # canonical form: RREF basis, point zero on the pivots
    for i, c in enumerate(V.pivots):
        assert V.basis[i][c] == 1 and V.point[c] == 0
        assert all(V.basis[r][c] == 0 for r in range(V.dim) if r != i)


@SETTINGS
@given(subspaces(), st.data())
def test_canonical_form_does_not_depend_on_the_generators(data, dd):
    V, p, dirs = data
    if not dirs:
        return
    shift = [dd.draw(small) for _ in dirs]
    p2 = [a + sum(s * v[j] for s, v in zip(shift, dirs, strict=True)) for j, a in enumerate(p)]
    dirs2 = [
        [a - b for a, b in zip(dirs[i], dirs[0], strict=True)] if i else [2 * a for a in dirs[0]]
        for i in range(len(dirs))
    ]
    dirs2 = list(reversed(dirs2))
    assert AffineSubspace.from_point_and_directions(p2, dirs2) == V


@SETTINGS
@given(subspaces())
def test_equations_round_trip(data):
    V, p, dirs = data
    A, b = V.equations()
    assert len(A) == V.ambient_dim - V.dim
    if A:
        assert AffineSubspace.from_equations(A, b) == V
        assert _sympy_rank([list(r) for r in A], V.ambient_dim) == len(A)
    for v in V.basis:
        assert all(_dot(row, v) == 0 for row in A)
    assert all(_dot(row, V.point) == bi for row, bi in zip(A, b, strict=True))


@SETTINGS
@given(subspaces(), st.data())
def test_coordinates_round_trip(data, dd):
    V, _, _ = data
    u = [Fraction(dd.draw(small), dd.draw(st.integers(1, 4))) for _ in range(V.dim)]
    z = V.to_ambient(u)
    assert V.contains(z)
    assert V.from_ambient(z) == tuple(u)


def test_from_ambient_rejects_points_outside():
    V = AffineSubspace.full(3).intersect([1, 1, 1], 1).subspace
    assert not V.contains([0, 0, 0])
    with pytest.raises(ValueError, match="not in the subspace"):
        V.from_ambient([0, 0, 0])
    with pytest.raises(ValueError, match="length"):
        V.from_ambient([0, 0])


# ----------------------------------------------------------------------------- intersection


@SETTINGS
@given(subspaces(), st.data())
def test_intersect_matches_independent_rank_computation(data, dd):
    V, _, _ = data
    n = V.ambient_dim
    kind = dd.draw(st.sampled_from(["random", "redundant", "parallel", "zero"]))
    E, f = V.equations()
    if kind == "random" or not E:
        a = [dd.draw(small) for _ in range(n)]
        w = dd.draw(small)
    elif kind == "zero":
        a, w = [0] * n, dd.draw(st.integers(0, 1))
    else:  # a combination of V's own equations: redundant, or parallel and disjoint
        coef = [dd.draw(small) for _ in E]
        a = [sum(c * row[j] for c, row in zip(coef, E, strict=True)) for j in range(n)]
        w = sum(c * fi for c, fi in zip(coef, f, strict=True)) + (1 if kind == "parallel" else 0)
    r = V.intersect(a, w)
    assert isinstance(r, IntersectResult)
    # independent: ranks of [E; a] and [E | f; a | w] (sympy)
    rows = [list(row) for row in E] + [list(a)]
    aug = [list(row) + [fi] for row, fi in zip(E, f, strict=True)] + [list(a) + [w]]
    rk, rk_aug = _sympy_rank(rows, n), _sympy_rank(aug, n + 1)
    assert r.empty == (rk_aug > rk)
    assert r.redundant == (not r.empty and rk == len(E))
    if r.empty:
        assert r.subspace is None and not r.redundant
        return
    W = r.subspace
    assert W.dim == n - rk
    assert W.dim == V.dim - (0 if r.redundant else 1)
    if r.redundant:
        assert W == V
    # W is inside V and inside the hyperplane
    assert V.contains(W.point) and _dot(a, W.point) == w
    for v in W.basis:
        assert V.contains([x + y for x, y in zip(W.point, v, strict=True)])
        assert _dot(a, v) == 0


def test_intersect_examples():
    V = AffineSubspace.full(2)
    r = V.intersect([1, 0], 3)
    assert (r.subspace.dim, r.redundant, r.empty) == (1, False, False)
    L = r.subspace
    assert L.intersect([2, 0], 6).redundant
    assert L.intersect([1, 0], 4).empty and L.intersect([1, 0], 4).subspace is None
    P = L.intersect([0, 1], Fraction(1, 3)).subspace
    assert P.dim == 0 and P.point == (3, Fraction(1, 3))
    assert AffineSubspace.full(2).intersect([0, 0], 0).redundant
    assert AffineSubspace.full(2).intersect([0, 0], 1).empty


def test_restrict_rewrites_constraints_in_subspace_coordinates():
    V = AffineSubspace.full(3).intersect([1, 2, 3], 4).subspace
    A = [[1, 0, 0], [0, 1, -1]]
    b = [1, Fraction(1, 2)]
    A2, b2 = V.restrict(A, b)
    rng = np.random.default_rng(0)
    for _ in range(20):
        u = [Fraction(int(v), 3) for v in rng.integers(-5, 6, size=V.dim)]
        z = V.to_ambient(u)
        for row, bi, row2, bi2 in zip(A, b, A2, b2, strict=True):
            assert _dot(row, z) - bi == _dot(row2, u) - bi2


# ----------------------------------------------------------------------------- validation


def test_bad_input():
    with pytest.raises(ValueError, match="dim"):
        AffineSubspace.full(-1)
    with pytest.raises(TypeError, match="dim"):  # a wrong kind: TypeError (2.5 is not truncated)
        AffineSubspace.full(2.5)
    V = AffineSubspace.full(2)
    with pytest.raises(ValueError, match="a"):
        V.intersect([1, 2, 3], 0)
    with pytest.raises(ValueError, match="finite"):
        V.intersect([1, float("nan")], 0)
    with pytest.raises(TypeError, match="w"):
        V.intersect([1, 1], "x")
    with pytest.raises(ValueError, match="inconsistent"):
        AffineSubspace.from_equations([[1, 1], [2, 2]], [1, 3])
    with pytest.raises(ValueError, match="coords"):
        V.to_ambient([1])


def test_float_input_is_exact():
    V = AffineSubspace.full(1).intersect([1], 0.1).subspace
    assert V.point == (Fraction(0.1),) and V.point != (Fraction(1, 10),)


def test_claim_9_step_holds():
    from geoprivate.claims import get_claim, run_claim

    rec = run_claim(get_claim("shrinkage/claim-9-step"), seed=1, size="small")
    assert rec["status"] == "holds", rec
    ev = rec["evidence"]
    assert ev["non_redundant"] > 0 and ev["redundant"] > 0 and ev["empty_affine_intersections"] > 0


@pytest.mark.parametrize(
    "point,dirs", [((1, 2), ((1, 0),)), ((3, 4, 5), ((2, 2, 0), (0, 1, 1))), ((1, 1), ((2, 4), (1, 2)))]
)
def test_affine_subspace_contains_its_own_point(point, dirs):
    V = AffineSubspace(point, dirs)
    assert V.contains(list(point))
    assert AffineSubspace.from_point_and_directions(point, dirs) == V
    for d in dirs:
        assert V.contains([Fraction(p) + 3 * Fraction(x) for p, x in zip(point, d, strict=True)])


def test_affine_full_is_guarded():
    refused_before_work(lambda: AffineSubspace.full(10**5))
    assert AffineSubspace.full(50).dim == 50
