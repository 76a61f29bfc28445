"""Exact affine subspaces of Q^n: the feasible region cut out by hard queries.

An :class:`AffineSubspace` is ``{p + sum_i u_i v_i : u in Q^k}`` stored exactly as a point
``p`` and a basis ``v_1..v_k`` of :class:`fractions.Fraction` vectors.  The basis is kept in
*reduced row echelon form* (as the rows of a ``k x n`` matrix) and the point is reduced
against it (``p`` is 0 in every pivot coordinate), so two equal subspaces have equal
``(point, basis)`` and compare equal with ``==``.

Coordinates: ``to_ambient(u) = p + sum_i u_i v_i`` and ``from_ambient`` inverts it, so an
LP over the subspace can run in its own ``k`` coordinates (:meth:`AffineSubspace.restrict`
rewrites ``A z <= b`` as ``(A V^T) u <= b - A p``).  With the RREF basis, ``u_i`` is simply
the pivot coordinate ``z[pivot_i]`` of ``z``.

References
----------
C. Yan, *Private Prediction via Shrinkage* [Yan26] §5, Algorithm 4
(G_halfspace: cdepth maximisation on the affine subspace cut out by the hard queries)
and the proof of Claim 9 (each non-redundant hard-query hyperplane lowers the affine
dimension of the feasible region).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

import numpy as np

from solvers._checks import as_array, check_work
from solvers._domains import Check, Interval, Joint, MaxWork, Rational, checked
from solvers._rational import to_fraction as _to_fraction
from solvers.lp._linalg import rref

__all__ = ["AffineSubspace", "IntersectResult"]


def _vec(x, name: str, n: int | None = None) -> tuple[Fraction, ...]:
    if isinstance(x, np.ndarray):
        if x.ndim != 1:
            raise ValueError(f"{name}: expected a 1-D vector, got shape {x.shape}")
        vals = x.tolist() if x.dtype.kind != "O" else list(x)
    else:
        try:
            vals = list(x)
        except TypeError:
            raise TypeError(f"{name}: expected a sequence of numbers, got {type(x).__name__}") from None
    if n is not None and len(vals) != n:
        raise ValueError(f"{name}: expected length {n}, got {len(vals)}")
    return tuple(_to_fraction(v, name) for v in vals)


def _rref(rows: list[list[Fraction]], ncols: int) -> tuple[list[list[Fraction]], list[int]]:
    """Reduced row echelon form of the given rows (zero rows dropped) and the pivot columns
    (:func:`solvers.lp._linalg.rref`, imported here on use: :mod:`solvers.lp` imports this module)."""

    return rref(rows, ncols)


def _is_canonical(p, basis) -> bool:
    """RREF basis (unit pivots, increasing, zero elsewhere in pivot columns) and p zero at pivots."""
    pivots: list[int] = []
    for row in basis:
        c = next((j for j, v in enumerate(row) if v != 0), None)
        if c is None or row[c] != 1 or (pivots and c <= pivots[-1]):
            return False
        pivots.append(c)
    for i, c in enumerate(pivots):
        if p[c] != 0 or any(basis[k][c] != 0 for k in range(len(basis)) if k != i):
            return False
    return True


def _directions(value, name: str):
    """A sequence of vectors (rows of a 2-D array, or an empty one)."""
    arr = as_array(value, name, dtype=object)
    if arr.size and arr.ndim != 2:
        raise ValueError(f"{name}: expected a sequence of vectors (a 2-D array), got shape {arr.shape}")
    return value


#: a vector in the ambient space (exact numbers, one per coordinate: checked against the subspace)
_Ambient = Annotated[Any, Joint("exact numbers, one per coordinate of the ambient space", kind="array")]
#: a matrix of constraints on the ambient space, checked with its right-hand side
_Rows = Annotated[Any, Joint("exact rows of the ambient dimension, one per entry of b", kind="array")]
_Rhs = Annotated[Any, Joint("exact numbers, one per row of A", kind="array")]


@checked
@dataclass(frozen=True)
class IntersectResult:
    """Outcome of :meth:`AffineSubspace.intersect`.

    Attributes
    ----------
    subspace : AffineSubspace or None
        ``V ∩ H``; ``None`` when empty.
    redundant : bool
        ``V ⊆ H`` (the hyperplane cuts nothing away; ``subspace == V``).
    empty : bool
        ``V ∩ H = ∅`` (``H`` is parallel to ``V`` and misses it).
    """

    subspace: AffineSubspace | None
    redundant: bool
    empty: bool


@checked
@dataclass(frozen=True)
class AffineSubspace:
    """An exact affine subspace ``{point + span(basis)}`` of ``Q^n`` in canonical form.

    Build it with :meth:`full`, :meth:`from_equations`, :meth:`from_point_and_directions`
    or by :meth:`intersect`-ing; the constructor itself expects canonical data
    (use :meth:`from_point_and_directions` for arbitrary input).

    Attributes
    ----------
    point : tuple of Fraction
        The point of the subspace with 0 in every pivot coordinate of the basis.
    basis : tuple of tuple of Fraction
        RREF rows spanning the direction space.

    Non-canonical data given to the constructor (``AffineSubspace((1, 2), ((1, 0),))``: a
    point that is not reduced against the basis, or a basis that is not in RREF) is
    brought to canonical form, so ``contains`` is right for the subspace it denotes.

    Examples
    --------
    >>> V = AffineSubspace.full(3)
    >>> r = V.intersect([1, 1, 0], 2)
    >>> r.subspace.dim, r.redundant, r.empty
    (2, False, False)
    >>> r.subspace.contains([2, 0, 5]), r.subspace.contains([1, 0, 0])
    (True, False)
    >>> r.subspace.intersect([2, 2, 0], 4).redundant
    True
    >>> r.subspace.intersect([1, 1, 0], 3).empty
    True
    """

    point: tuple
    basis: tuple

    def __post_init__(self):
        p = _vec(self.point, "point")
        basis = [list(_vec(v, "basis", len(p))) for v in self.basis]
        if not _is_canonical(p, basis):
            canon = AffineSubspace._canonical(p, basis)
            p, basis = canon.point, [list(r) for r in canon.basis]
        object.__setattr__(self, "point", tuple(p))
        object.__setattr__(self, "basis", tuple(tuple(r) for r in basis))

    # ---------------------------------------------------------------- constructors
    @classmethod
    def full(cls, dim: Annotated[int, Interval(ge=0, le=2**63 - 1)], *, max_work: MaxWork = 10**7) -> AffineSubspace:
        """The whole space ``Q^dim`` (a dense ``dim x dim`` identity basis).

        Raises
        ------
        ValueError
            ``dim`` negative, or ``dim**2`` basis entries above ``max_work`` (default 10^7;
            ``max_work=None`` lifts the limit).
        """
        check_work(dim * dim, max_work, f"AffineSubspace.full({dim}): dim^2 exact basis entries")
        one, zero = Fraction(1), Fraction(0)
        basis = tuple(tuple(one if j == i else zero for j in range(dim)) for i in range(dim))
        return cls(tuple(zero for _ in range(dim)), basis)

    @classmethod
    def from_point_and_directions(
        cls,
        point: Annotated[Any, Joint("exact numbers (checked in the body)", kind="array")],
        directions: Annotated[Any, Check(_directions), Joint("exact vectors as long as point", kind="array")] = (),
    ) -> AffineSubspace:
        """``point + span(directions)`` (directions may be dependent or zero)."""
        p = _vec(point, "point")
        n = len(p)
        dirs = [list(_vec(v, "directions", n)) for v in directions]
        return cls._canonical(p, dirs)

    @classmethod
    def from_equations(cls, A: _Rows, b: _Rhs) -> AffineSubspace:
        """The solution set of ``A z = b``.

        Parameters
        ----------
        A : array_like, shape (m, n)
        b : array_like, shape (m,)

        Raises
        ------
        ValueError
            If the equations are inconsistent (the set is empty), or the shapes disagree.
        """
        arr = np.asarray(A, dtype=object)
        if arr.ndim != 2:
            raise ValueError(f"A: expected a 2-D matrix, got shape {arr.shape}")
        m, n = arr.shape
        bv = _vec(b, "b", m)
        rows = [list(_vec(arr[i], "A", n)) + [bv[i]] for i in range(m)]
        R, piv = _rref(rows, n + 1)
        if n in piv:
            raise ValueError("A, b: the equations are inconsistent (the affine subspace is empty)")
        p = [Fraction(0)] * n
        for row, c in zip(R, piv, strict=True):
            p[c] = row[n]
        free = [j for j in range(n) if j not in set(piv)]
        dirs = []
        for f in free:
            v = [Fraction(0)] * n
            v[f] = Fraction(1)
            for row, c in zip(R, piv, strict=True):
                v[c] = -row[f]
            dirs.append(v)
        return cls._canonical(tuple(p), dirs)

    @classmethod
    def _canonical(cls, p, dirs) -> AffineSubspace:
        n = len(p)
        R, piv = _rref(dirs, n)
        p = list(p)
        for row, c in zip(R, piv, strict=True):
            if p[c] != 0:
                f = p[c]
                p = [a - f * b for a, b in zip(p, row, strict=True)]
        return cls(tuple(p), tuple(tuple(r) for r in R))

    # ---------------------------------------------------------------- properties
    @property
    def dim(self) -> int:
        """Affine dimension (number of basis vectors)."""
        return len(self.basis)

    @property
    def ambient_dim(self) -> int:
        """``n``: the subspace lives in ``Q^n``."""
        return len(self.point)

    @property
    def pivots(self) -> tuple[int, ...]:
        """Pivot column of each RREF basis row (the coordinates used by :meth:`from_ambient`)."""
        return tuple(next(j for j, v in enumerate(row) if v != 0) for row in self.basis)

    # ---------------------------------------------------------------- operations
    def intersect(self, a: _Ambient, w: Rational) -> IntersectResult:
        """Intersect with the hyperplane ``{z : <a, z> = w}``.

        Parameters
        ----------
        a : sequence of numbers, length ``ambient_dim``
            The normal (``a = 0`` is allowed: the "hyperplane" is everything if ``w = 0``
            and empty otherwise).
        w : number

        Returns
        -------
        IntersectResult
            ``redundant`` iff the subspace lies in the hyperplane (then ``subspace`` is
            ``self``); ``empty`` iff they do not meet; otherwise ``subspace`` has
            dimension exactly ``dim - 1`` (proof of [Yan26] Claim 9, step "each
            non-redundant constraint lowers the affine dimension").
        """
        av = _vec(a, "a", self.ambient_dim)
        wv = _to_fraction(w, "w")
        alpha = [sum(x * y for x, y in zip(av, v, strict=True) if x and y) for v in self.basis]
        beta = wv - sum(x * y for x, y in zip(av, self.point, strict=True) if x and y)
        j = next((i for i, x in enumerate(alpha) if x != 0), None)
        if j is None:
            if beta == 0:
                return IntersectResult(self, True, False)
            return IntersectResult(None, False, True)
        vj = self.basis[j]
        t = beta / alpha[j]
        p = [x + t * y for x, y in zip(self.point, vj, strict=True)]
        dirs = []
        for i, v in enumerate(self.basis):
            if i == j:
                continue
            f = alpha[i] / alpha[j]
            dirs.append([x - f * y for x, y in zip(v, vj, strict=True)] if f else list(v))
        return IntersectResult(AffineSubspace._canonical(tuple(p), dirs), False, False)

    def contains(self, p: _Ambient) -> bool:
        """Exact membership of the point ``p``."""
        try:
            self.from_ambient(p)
        except ValueError as exc:
            if "not in the subspace" in str(exc):
                return False
            raise
        return True

    __contains__ = contains

    def to_ambient(self, coords: Annotated[Any, Joint("exact numbers, one per basis vector", kind="array")]) -> tuple:
        """``point + sum_i coords_i basis_i`` (exact)."""
        u = _vec(coords, "coords", self.dim)
        z = list(self.point)
        for ui, v in zip(u, self.basis, strict=True):
            if ui:
                z = [a + ui * b for a, b in zip(z, v, strict=True)]
        return tuple(z)

    def from_ambient(self, p: _Ambient) -> tuple:
        """The coordinates ``u`` with ``to_ambient(u) == p``.

        Raises
        ------
        ValueError
            If ``p`` is not in the subspace (or has the wrong length).
        """
        z = _vec(p, "p", self.ambient_dim)
        u = tuple(z[c] for c in self.pivots)
        if self.to_ambient(u) != z:
            raise ValueError(f"p: the point {tuple(str(v) for v in z)} is not in the subspace")
        return u

    def equations(self) -> tuple[tuple, tuple]:
        """An exact description ``A z = b`` (``n - dim`` independent rows, integer entries).

        Returns
        -------
        (A, b) : tuple of tuples of Fraction, tuple of Fraction
        """
        n = self.ambient_dim
        piv = self.pivots
        pset = set(piv)
        # z - p in span(basis)  <=>  for every non-pivot j: z_j - p_j = sum_i (z - p)_{piv_i} basis_i[j]
        A, b = [], []
        for j in range(n):
            if j in pset:
                continue
            row = [Fraction(0)] * n
            row[j] = Fraction(1)
            for i, c in enumerate(piv):
                row[c] -= self.basis[i][j]
            L = math.lcm(*(v.denominator for v in row))
            row = [v * L for v in row]
            A.append(tuple(row))
            b.append(sum(x * y for x, y in zip(row, self.point, strict=True)))
        return tuple(A), tuple(b)

    def restrict(self, A: _Rows, b: _Rhs) -> tuple[tuple, tuple]:
        """Rewrite constraints ``A z (op) b`` in the subspace's coordinates ``z = to_ambient(u)``.

        Returns ``(A', b')`` with ``A' = A V^T`` (shape ``(m, dim)``) and ``b' = b - A p``, so
        that ``A z (op) b`` iff ``A' u (op) b'`` for every operator ``op``.
        """
        arr = np.asarray(A, dtype=object)
        if arr.size == 0 and (b is None or len(b) == 0):
            return (), ()
        if arr.ndim != 2 or (arr.shape[0] and arr.shape[1] != self.ambient_dim):
            raise ValueError(f"A: expected shape (m, {self.ambient_dim}), got {arr.shape}")
        m = arr.shape[0]
        bv = _vec(b, "b", m)
        A2, b2 = [], []
        for i in range(m):
            row = _vec(arr[i], "A", self.ambient_dim)
            A2.append(tuple(sum(x * y for x, y in zip(row, v, strict=True) if x and y) for v in self.basis))
            b2.append(bv[i] - sum(x * y for x, y in zip(row, self.point, strict=True) if x and y))
        return tuple(A2), tuple(b2)

    def __repr__(self) -> str:
        pt = tuple(str(v) for v in self.point)
        return f"AffineSubspace(dim={self.dim}, ambient_dim={self.ambient_dim}, point={pt})"
