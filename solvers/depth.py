"""depth, cdepth and the cdepth maximiser of [Yan26] §5 (Definitions 8–9, Algorithm 4 step 2).

C. Yan, *Private Prediction via Shrinkage* [Yan26],
§5.1–5.2, after Kaplan et al. [15]:

* constraints S = (A, w) of shapes (m, d), (m,); constraint i is ⟨A_i, z⟩ ≥ w_i
  (the predicate h_{A_i, w_i}(z) of Definition 6);
* depth_S(z) = #{i : ⟨A_i, z⟩ ≥ w_i} (Definition 9);
* D_S(k) = {z : depth_S(z) ≥ k} and cdepth_S(z) = max{k : z ∈ ConvexHull(D_S(k))}
  (Definitions 8–9; depth is integer-valued, so the max is over k ∈ {0, …, m}; D_S(0)
  = ℝ^d, so cdepth ≥ 0);
* G_halfspace (Algorithm 4) step 2: a maximiser of cdepth over the affine subspace
  cut out by the hard queries — :func:`max_cdepth`.

Exact convex hull of a level set
--------------------------------
D_S(k) is a union of closed faces of the arrangement {⟨A_i, z⟩ = w_i}.  Write
L = ker A (the lineality space: depth is invariant under L) and restrict to the
coordinate subspace U = {z_j = 0, j ∉ J} for r = rank A pivot columns J, on which the
arrangement is essential; then every closed face F is a pointed polyhedron,
F = conv(vertices of F) + cone(unbounded edges of F), and its relative interior is the
set of combinations with *all* weights positive.  Consequently (this is the
representation used and certified here)

    ConvexHull(D_S(k)) = { Σ λ_v v + Σ μ_e r_e + ℓ :  λ ≥ 0, Σ λ_v = 1, μ ≥ 0, ℓ ∈ L,
                           μ_e > 0 ⇒ λ_{anchor(e)} > 0 }

over the arrangement vertices v with depth(v) ≥ k and the unbounded edges
e = {anchor(e) + t·r_e : t ≥ 0} whose open ray has depth ≥ k.  The anchoring condition
matters: without it one gets the *closure* of the hull, which is larger on its boundary
(a point and a line: the hull is not closed), and Definition 8 asks for the hull itself.
Anchoring is imposed linearly as μ_e ≤ M·λ_{anchor(e)} with M read off a float solution
(sufficient for anchoring for every M; necessary for M large enough).

Vertices are enumerated from the C(m, r) subsets of rows with exact orientation signs
(see :mod:`solvers.halfspaces`), unbounded edges from the C(m, r−1) lines.  A float LP
(HiGHS via scipy) proposes; :func:`solvers.lp.feasible_point` answers exactly with a
point (the convex combination) or a Farkas certificate (for the closure, which implies
infeasibility of the hull).  Where the float LPs cannot decide a level (vertices ~1e16 out
next to vertices ~1, where three hyperplanes nearly meet in a line; a ray nearly parallel
to the subspace, whose combination meets it only ~1e16 out; float cofactors that vanish),
the level LP is decided in exact arithmetic alone by the fraction-free simplex of
:mod:`solvers.lp._simplex` (:func:`_decide_level`): every value returned is proved on
both sides, never decided in floats.  Cost: O(C(m, d)·m) exact signs, fine for d ≤ 3 and
m ≲ 100, d = 4 and m ≲ 40.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import OrderedDict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any

import numpy as np

from solvers import _highs
from solvers._checks import DEFAULT_MAX_WORK, check_arrangement_work
from solvers._domains import Constraints, Joint, MaxWork, Subspace, checked
from solvers._highs import linprog as hl
from solvers._phase1 import Phase1
from solvers._rational import common_denominator, within_floats
from solvers.halfspaces import (
    _as_rational_matrix,
    _as_rational_vector,
    _cofactors,
    _cofactors_py,
    _dot_signs,
    _int64_safe,
    _orient,
    _rank_and_pivots,
    _Rows,
    _unique_rows_first,
)
from solvers.lp import _simplex, feasible_point
from solvers.lp._linalg import _flint_rref, _unique_solution

__all__ = [
    "depth",
    "cdepth",
    "max_cdepth",
    "max_depth_brute",
    "HullCertificate",
    "CDepthResult",
    "is_hull_certificate",
    "LevelBound",
    "AnchoringBound",
    "is_level_bound",
]


# --------------------------------------------------------------------------- input


def _as_constraints(constraints):
    """Validate ``(A, w)``; returns (rows of A as Fractions, w as Fractions, m, d)."""
    if not isinstance(constraints, (tuple, list)) or len(constraints) != 2:
        raise TypeError(
            f"constraints: expected a pair (A, w) with constraint i being <A_i, z> >= w_i, got {type(constraints).__name__}"
        )
    A, w = constraints
    Aq = _as_rational_matrix(A, "constraints A")
    wq = _as_rational_vector(w, "constraints w", len(Aq))
    d = len(Aq[0]) if Aq else (np.asarray(A).shape[1] if np.asarray(A).ndim == 2 else 0)
    return Aq, wq, len(Aq), d


def _lifted(Aq, wq, d) -> _Rows:
    """The rows (A_i, −w_i) of the lifted constraints ⟨(A_i, −w_i), (z, 1)⟩ ≥ 0."""
    return _Rows([list(a) + [-b] for a, b in zip(Aq, wq, strict=True)], d + 1)


def _points(Z, d):
    """Validate the query point(s) ``Z``; returns (rows as Fractions, whether one point was given)."""
    arr = Z if isinstance(Z, np.ndarray) else np.asarray(Z, dtype=object)
    single = arr.ndim == 1
    Zq = _as_rational_matrix(arr.reshape(1, -1) if single else arr, "z", d)
    return Zq, single


# --------------------------------------------------------------------------- depth


_Z = Annotated[Any, Joint("d coordinates, d the columns of constraints' A", kind="array")]
_Subspace = Subspace  # an AffineSubspace or (E, f) in the dimension of constraints' A


@checked
def depth(constraints: Constraints, z: _Z):
    """depth_S(z) = #{i : ⟨A_i, z⟩ ≥ w_i} ([Yan26] Definition 9), exactly.

    Parameters
    ----------
    constraints : (A, w)
        A of shape (m, d), w of shape (m,); ints, floats (exact binary value), Fractions.
    z : array_like, shape (d,) or (k, d)

    Returns
    -------
    int, or numpy.ndarray of int64 of shape (k,) for a batch of points.

    Examples
    --------
    >>> depth(([[1], [-1], [1]], [0, -2, 3]), [[1], [5], [-3]]).tolist()
    [2, 2, 1]
    """
    Aq, wq, m, d = _as_constraints(constraints)
    Zq, single = _points(z, d)
    if m == 0 or not Zq:
        out = np.zeros(len(Zq), np.int64)
    else:
        S = _dot_signs(_lifted(Aq, wq, d), _Rows([r + [Fraction(1)] for r in Zq], d + 1))
        out = (S >= 0).sum(axis=0).astype(np.int64)
    return int(out[0]) if single else out


def _depth_exact(Aq, wq, z) -> int:
    """#{i : ⟨A_i, z⟩ ≥ w_i} in integer arithmetic: z over one common denominator, each row
    (A_i, w_i) over its own (no Fraction arithmetic: far fewer gcds)."""
    zn, D = common_denominator([Fraction(v) for v in z])
    if not any(zn):  # z = 0 (C|HardQuery of dimension 0: the hard-query hyperplanes all pass through 0)
        return sum(1 for b in wq if b <= 0)
    count = 0
    for a, b in zip(Aq, wq, strict=True):
        ints, _ = common_denominator(list(a) + [b])  # the row times a positive integer
        count += sum(x * y for x, y in zip(ints, zn, strict=False) if x and y) >= ints[-1] * D
    return count


# --------------------------------------------------------------------------- certificates


@checked
@dataclass(frozen=True)
class HullCertificate:
    """z ∈ ConvexHull(D_S(level)), exactly: z = Σ λ_i p_i + Σ μ_j r_j + Σ ν_l ℓ_l.

    Attributes
    ----------
    level : int
    point : tuple of Fraction
        The combination z.
    points : tuple of (Fraction, tuple of Fraction)
        (λ_i > 0, p_i) with depth(p_i) ≥ level and Σ λ_i = 1.
    rays : tuple of (Fraction, tuple of Fraction, int)
        (μ_j > 0, r_j, i): the open ray {p_i + t r_j : t > 0} has a constant sign vector
        (no constraint changes side along it) and depth ≥ level; anchored at points[i].
    lineality : tuple of (Fraction, tuple of Fraction)
        (ν_l, ℓ_l) with A ℓ_l = 0 (depth is invariant along ℓ_l).
    """

    level: int
    point: tuple
    points: tuple
    rays: tuple = ()
    lineality: tuple = ()


@checked
def is_hull_certificate(constraints: Constraints, cert: HullCertificate, subspace: _Subspace = None) -> bool:
    """Check a :class:`HullCertificate` exactly (and that its point lies in ``subspace``).

    True proves cdepth_S(cert.point) ≥ cert.level: every p_i + (μ/λ_i)·r lies in
    D_S(level) and the point is their convex combination (plus lineality, along which
    depth is constant).

    Parameters
    ----------
    constraints : sequence
        The halfspaces of S (as for :func:`depth`).
    cert : HullCertificate
        The certificate to check.
    subspace : optional
        The affine subspace the point must lie in (``None``: the whole space).

    Returns
    -------
    bool
        True when the certificate is valid.
    """
    Aq, wq, m, d = _as_constraints(constraints)
    k = cert.level
    if not cert.points:
        return False
    lam = [Fraction(c) for c, _ in cert.points]
    if any(v <= 0 for v in lam) or sum(lam) != 1:
        return False
    acc = [Fraction(0)] * d
    for c, p in cert.points:
        if len(p) != d or _depth_exact(Aq, wq, p) < k:
            return False
        acc = [s + c * x for s, x in zip(acc, p, strict=True)]
    for mu, r, i in cert.rays:
        if mu <= 0 or not (0 <= i < len(cert.points)) or len(r) != d:
            return False
        p = cert.points[i][1]
        ray_depth = 0
        for a, b in zip(Aq, wq, strict=True):
            s = sum(x * y for x, y in zip(a, p, strict=True)) - b
            t = sum(x * y for x, y in zip(a, r, strict=True))
            if (s > 0 and t < 0) or (s < 0 and t > 0):
                return False  # the ray crosses this hyperplane: not a single face
            ray_depth += s > 0 or (s == 0 and t >= 0)
        if ray_depth < k:
            return False
        acc = [s + mu * x for s, x in zip(acc, r, strict=True)]
    for nu, ell in cert.lineality:
        if len(ell) != d or any(sum(x * y for x, y in zip(a, ell, strict=True)) != 0 for a in Aq):
            return False
        acc = [s + nu * x for s, x in zip(acc, ell, strict=True)]
    if tuple(acc) != tuple(cert.point):
        return False
    if subspace is not None:
        E, f = _subspace_equations(subspace, d)
        if any(sum(x * y for x, y in zip(row, cert.point, strict=False)) != fi for row, fi in zip(E, f, strict=False)):
            return False
    return True


@checked
@dataclass(frozen=True)
class CDepthResult:
    """Result of :func:`max_cdepth` (and of ``cdepth(..., return_certificate=True)``).

    Attributes
    ----------
    value : int
        The exact maximum (resp. cdepth of the point).
    point : tuple of Fraction
        A maximiser, exactly in the subspace (resp. the query point).
    certificate : HullCertificate
        Proves cdepth(point) ≥ value (:func:`is_hull_certificate`).
    upper : object
        Proves that level ``value + 1`` is out of reach, always exactly: a :class:`LevelBound`
        (checked by :func:`is_level_bound`: a halfspace containing the hull of level value + 1
        and missing the subspace); or the string ``"empty-level"`` when no arrangement
        vertex has depth ≥ value + 1 (then D_S(value + 1) = ∅ because every non-empty
        union of closed faces of an essential arrangement contains a vertex); or
        an :class:`AnchoringBound` when only the closure of the hull reaches the
        subspace at level value + 1 (also checked by :func:`is_level_bound`); or None
        when value = m.  Never a float verdict: a level the float LPs cannot decide is
        decided in exact arithmetic (:func:`_decide_level`).
    info : dict
        What the search did: the arrangement's ``vertices`` and ``rays``, the path that answered
        (``fast_path``, ``scan``, ``point``), and ``exact_decision`` (True) when a level was
        decided in exact arithmetic alone.
    """

    value: int
    point: tuple
    certificate: HullCertificate
    upper: LevelBound | AnchoringBound | str | None = None
    info: dict = field(default_factory=dict)


# --------------------------------------------------------------------------- arrangement


def _subspace_equations(subspace, d):
    """Exact equations (E, f) of the affine subspace ``{z : E z = f}``."""
    if subspace is None:
        return [], []
    if hasattr(subspace, "equations"):
        if getattr(subspace, "ambient_dim", d) != d:
            raise ValueError(f"subspace: ambient dimension {subspace.ambient_dim} != {d}")
        if getattr(subspace, "dim", None) == 0 and not getattr(subspace, "basis", True):
            # a point: its equations are z_j = point_j (what AffineSubspace.equations() returns)
            return [[Fraction(int(i == j)) for j in range(d)] for i in range(d)], [Fraction(v) for v in subspace.point]
        E, f = subspace.equations()
    else:
        E, f = subspace
    Eq = _as_rational_matrix(np.asarray(E, dtype=object).reshape(-1, d), "subspace E", d)
    fq = _as_rational_vector(np.asarray(f, dtype=object).reshape(-1), "subspace f", len(Eq))
    return Eq, fq


def _unique_rows_among(M: np.ndarray, may_repeat: np.ndarray):
    """:func:`solvers.halfspaces._unique_rows_first` of M when only the rows ``may_repeat`` can equal
    another row (every other row is known to be distinct from all): the same (rows, first,
    inverse), the search for repeats run on those rows alone."""
    rows = np.flatnonzero(may_repeat)
    first, inverse = _first_occurrences(len(M), rows, M[rows])
    return M[first], first, inverse


def _first_occurrences(K: int, rows: np.ndarray, keys: np.ndarray):
    """(first, inverse) of :func:`solvers.halfspaces._unique_rows_first` over K rows of which only
    ``rows`` may repeat (``keys``: those rows' contents); every other row is distinct from all."""
    if not len(rows):
        ar = np.arange(K, dtype=np.intp)
        return ar, ar
    keep = np.ones(K, bool)
    rep = np.arange(K, dtype=np.intp)  # the first occurrence of each row
    _, f_loc, inv_loc = _unique_rows_first(keys)
    rep[rows] = rows[f_loc][inv_loc]
    keep[rows] = False
    keep[rows[f_loc]] = True
    first = np.flatnonzero(keep)
    pos = np.empty(K, dtype=np.intp)
    pos[first] = np.arange(len(first), dtype=np.intp)
    return first.astype(np.intp), pos[rep]


def _primitive(ints: list[int]) -> list[int]:
    """An integer vector divided by the gcd of its entries (the zero vector unchanged)."""
    g = math.gcd(*ints)
    return [v // g for v in ints] if g > 1 else list(ints)


def _pivot_data(Aq, wq, d):
    """(rank r of A, pivot columns J, the RREF of A as Fractions when r < d (its free columns give
    the lineality; None at full rank), the rows (A_i, −w_i) as primitive integer vectors, their
    floats): one conversion of the Fractions, one python-flint reduction (the RREF is unique: the
    same J and RREF as :func:`solvers.halfspaces._rank_and_pivots`)."""
    m = len(Aq)
    if not m:
        return 0, [], [], [], np.zeros((0, d + 1))
    lifted, float_rows = [], []
    for a, b in zip(Aq, wq, strict=True):
        nums, den = common_denominator([*a, -b])
        float_rows.append([v / den for v in nums])  # int / int is correctly rounded: float(Fraction)
        lifted.append(_primitive(nums))  # the row's primitive integer multiple (as _int_row)
    floats = np.array(float_rows, dtype=float).reshape(m, d + 1)
    ints = [row[:d] for row in lifted if any(row[:d])]
    if not ints or d == 0:
        return 0, [], [], lifted, floats
    R, den, r = _flint_rref(ints, [0] * len(ints))
    den = int(den)
    rows = [[int(v) for v in row[:d]] for row in R.tolist()[:r]]
    J = [next(j for j, v in enumerate(row) if v) for row in rows]
    rref = [[Fraction(v, den) if v else Fraction(0) for v in row] for row in rows] if r < d else None
    return r, J, rref, lifted, floats


def _vertex_lines(subsets: np.ndarray, inv: np.ndarray, lsub: np.ndarray, m: int):
    """For every vertex subset (row of ``subsets``, vertex ``inv[k]``) and every one of its r rows
    left out, in that order: (the vertex, the index in ``lsub`` of the remaining r − 1 rows).

    ``lsub`` lists the (r − 1)-subsets in lexicographic order, so their base-m numbers (first
    element most significant) increase and a binary search finds each; a dictionary of tuples
    where those numbers could overflow."""
    K, r = subsets.shape
    if r == 0:
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    drop = np.stack([subsets[:, [u for u in range(r) if u != t]] for t in range(r)], axis=1).reshape(K * r, r - 1)
    pv = np.repeat(np.asarray(inv, np.intp), r)
    if float(m) ** max(r - 1, 1) < 2.0**62:
        weights = np.array([m ** (r - 2 - i) for i in range(r - 1)], dtype=np.int64)
        pl = np.searchsorted(lsub.astype(np.int64) @ weights, drop.astype(np.int64) @ weights)
    else:
        lid = {tuple(s): i for i, s in enumerate(lsub.tolist())}
        pl = np.array([lid[tuple(row)] for row in drop.tolist()], dtype=np.intp)
    return pv, pl.astype(np.intp)


@functools.lru_cache(maxsize=64)
def _combinations(m: int, r: int) -> np.ndarray:
    """All r-subsets of range(m) as rows of an intp array of shape (C(m, r), r) (cached, read-only)."""
    combos = list(itertools.combinations(range(m), r))
    out = np.array(combos, np.intp).reshape(len(combos), r)
    out.flags.writeable = False
    return out


class _Arrangement:
    """Vertices, unbounded edges and lineality of the arrangement of S, with exact depths."""

    def __init__(self, Aq, wq, d, pivots=None):
        self.Aq, self.wq, self.m, self.d = Aq, wq, len(Aq), d
        self._ints: dict = {}
        self._cof: dict = {"v": None, "e": None}
        m = self.m
        r, J, rref, lifted, floats = pivots or _pivot_data(Aq, wq, d)
        self.r, self.J = r, J
        free = [j for j in range(d) if j not in J]
        lin = []
        for fcol in free:
            v = [Fraction(0)] * d
            v[fcol] = Fraction(1)
            for i, pc in enumerate(J):
                v[pc] = -rref[i][fcol]
            lin.append(tuple(v))
        self.lineality = lin
        self.const_depth = sum(1 for b in wq if b <= 0) if r == 0 else None
        if r == 0:
            self.n_v = self.n_e = 0
            self.vdepth = np.zeros(0, np.int64)
            self.edepth = np.zeros(0, np.int64)
            return
        # the rows (A_i restricted to J, −w_i) and A_i restricted to J as primitive integer vectors:
        # from the primitive (A_i, −w_i), restricted and divided by their gcd (the same vectors as
        # converting the Fractions again), and their floats
        cols = [*J, d]
        self.L = L = _Rows.of([_primitive([row[j] for j in cols]) for row in lifted], floats[:, cols], r + 1)
        subsets = _combinations(m, r)
        o = _orient(L, subsets, L, same=True, need_c=[r])
        valid = o.c_sign[:, r] != 0
        subsets, signs, csign, cf = subsets[valid], o.signs[valid], o.c_sign[valid, r], o.c_float[valid]
        sv = signs * csign[:, None]  # sign(<A_j, v> - w_j)
        # a simple vertex (exactly r rows through it) comes from one subset and has a sign vector of
        # its own (its zeros name the subset): only the subsets of degenerate vertices can repeat
        degenerate = (sv == 0).sum(axis=1) > r
        uniq, first, inv = _unique_rows_among(sv, degenerate)
        self.vsign = uniq
        self.vsubset = subsets[first]
        # exact cofactors of the vertex subsets when _orient computed them in int64 (exact_matrix)
        self._cof = {"v": o.c_int[valid][first] if o.c_int is not None else None, "e": None}
        self.vdepth = (uniq >= 0).sum(axis=1).astype(np.int64)
        vf = cf[first, :r] / cf[first, r : r + 1]
        self.vfloat = self._embed_float(vf)
        self.n_v = len(uniq)
        # lines: subsets of r-1 rows of A_J; u = cofactor vector, sign(<A_j, u>) exactly
        AJ = _Rows.of([_primitive([row[j] for j in J]) for row in lifted], floats[:, J], r)
        self.AJ = AJ
        lsub = _combinations(m, r - 1)
        lo = _orient(AJ, lsub, AJ, same=True, need_c=[])
        pv, pl = _vertex_lines(subsets, inv, lsub, m)
        keep = ~lo.c_zero[pl]
        pv, pl = pv[keep], pl[keep]
        # the two rays of each line through each vertex: along ±u a row keeps its side or leaves 0
        s, du = uniq[pv], lo.signs[pl]
        prod = s * du
        ok = (~(prod < 0).any(axis=1), ~(prod > 0).any(axis=1))  # no row changes side along +u / -u
        z = s == 0
        base = (s > 0).sum(axis=1) + z.sum(axis=1)  # depth along ±u: the rows > 0, and the 0 rows not left
        dep = (base - (z & (du < 0)).sum(axis=1), base - (z & (du > 0)).sum(axis=1))
        i1, i2 = np.flatnonzero(ok[0]), np.flatnonzero(ok[1])
        anchor, line = np.concatenate([pv[i1], pv[i2]]), np.concatenate([pl[i1], pl[i2]])
        orient = np.repeat(np.array([1, -1], np.int64), [len(i1), len(i2)])
        edepth, esign = np.concatenate([dep[0][i1], dep[1][i2]]), np.concatenate([du[i1], -du[i2]])
        # one edge per (anchor, direction sign vector); at a simple vertex they are distinct already
        # (its lines differ in the row they leave, the two rays of a line in sign)
        cand = np.flatnonzero(degenerate[first][anchor])
        keep = _first_occurrences(len(anchor), cand, np.column_stack([anchor[cand], esign[cand]]))[0]
        E = np.column_stack([anchor[keep], line[keep], orient[keep], edepth[keep], esign[keep]])
        self.eanchor = E[:, 0].astype(np.intp)
        self.eline = E[:, 1].astype(np.intp)
        self.eorient = E[:, 2].astype(np.int64)
        self.edepth = E[:, 3].astype(np.int64)
        self.lsub = lsub
        self._cof["e"] = lo.c_int[self.eline] if lo.c_int is not None else None
        uf = lo.c_float[self.eline] * self.eorient[:, None]
        nrm = np.abs(uf).max(axis=1, keepdims=True)
        nrm[nrm == 0] = 1
        self.efloat = self._embed_float(uf / nrm)
        self.n_e = len(E)

    def _embed_float(self, Y):
        """Rows of pivot coordinates (in J) as points of ℝ^d (0 off J), in floats."""
        out = np.zeros((Y.shape[0], self.d))
        out[:, self.J] = Y
        return out

    def vertex_ints(self, i) -> tuple[list[int], int]:
        """Vertex i exactly as (integer numerators in ℝ^d, positive denominator), cached.

        The cofactors of its r + 1 lifted rows, the last made positive; read off
        :meth:`exact_matrix` once that is built."""
        key = ("v", int(i))
        out = self._ints.get(key)
        if out is None:
            full = self._ints.get(("matrix", "v"))
            if full is None and self._cof["v"] is not None:  # all of them at once is as cheap
                full = self.exact_matrix("v")
            if full is not None:
                row = full[int(i)].tolist()
                out = row[1:], row[0]
            else:
                c = _cofactors_py([self.L.ints[j] for j in self.vsubset[i]], self.r + 1)
                sign = -1 if c[self.r] < 0 else 1
                out = self._embed_ints([sign * v for v in c[: self.r]]), sign * c[self.r]
            self._ints[key] = out
        return out

    def direction_ints(self, e) -> tuple[list[int], int]:
        """Unbounded edge e's direction exactly as (integer numerators, positive denominator), cached.

        The cofactors of the r − 1 rows of its line, oriented, over their largest |entry|."""
        key = ("e", int(e))
        out = self._ints.get(key)
        if out is None:
            full = self._ints.get(("matrix", "e"))
            if full is None and self._cof["e"] is not None:  # all of them at once is as cheap
                full = self.exact_matrix("e")
            if full is not None:
                row = full[int(e)].tolist()
                out = row[1:], max(abs(v) for v in row[1:])
            else:
                c = _cofactors_py([self.AJ.ints[j] for j in self.lsub[self.eline[e]]], self.r)
                o = int(self.eorient[e])
                out = self._embed_ints([o * v for v in c]), max(abs(v) for v in c)
            self._ints[key] = out
        return out

    def _embed_ints(self, y) -> list[int]:
        """Pivot coordinates (in J) as a point of ℝ^d (0 off J), in integers."""
        out = [0] * self.d
        for j, v in zip(self.J, y, strict=True):
            out[j] = v
        return out

    def exact_matrix(self, kind: str) -> np.ndarray:
        """Every vertex (``"v"``: rows (den, nums)) or edge direction (``"e"``: rows (0, nums)), or
        both (``"ve"``: the vertex rows, then the ray rows) as integers, cached: ``int64`` when every entry fits (the common case), else a numpy object
        array of Python ints; ⟨(y0, h), row⟩ has the sign of y0 + ⟨h, v⟩, resp. of ⟨h, r⟩, for
        integer (y0, h) (multiply by an object array: ``int64`` products would overflow).

        The rows are the numbers of :meth:`vertex_ints` / :meth:`direction_ints` (an edge's row
        without its denominator: a positive factor), all from one vectorised Laplace expansion
        (:func:`solvers.halfspaces._cofactors`) over the stacked row subsets — in ``int64`` when
        every r x r minor fits (:func:`solvers.halfspaces._int64_safe`), else over Python ints; or
        those :func:`solvers.halfspaces._orient` computed in ``int64`` for the signs."""
        vertex = kind == "v"
        key = ("matrix", kind)
        out = self._ints.get(key)
        if out is None and self._cof["v"] is not None and self._cof["e"] is not None:
            self._int64_matrices()  # the common case: every kind at once, in int64
            out = self._ints[key]
        if out is None and kind == "ve":  # the vertex rows, then the ray rows
            V, R = self.exact_matrix("v"), self.exact_matrix("e")
            out = np.vstack([V, R]) if V.dtype == R.dtype else np.vstack([V.astype(object), R.astype(object)])
            Fv, Fe = self._float_copy("v"), self._float_copy("e")
            self._ints[("float", kind)] = (np.vstack([Fv[0], Fe[0]]), np.vstack([Fv[1], Fe[1]]))
            self._ints[key] = out
        if out is None:
            rows, sub, D = (self.L, self.vsubset, self.r + 1) if vertex else (self.AJ, self.lsub[self.eline], self.r)
            n = len(sub)
            C = self._cof[kind]  # the cofactors _orient computed in int64 for the signs, if it did
            if C is None and rows.i64 is not None and _int64_safe(D - 1, *([rows.bound] * (D - 1))):
                C = _cofactors(rows.i64[sub].reshape(n, D - 1, D))
            small = C is not None  # int64 throughout (every minor below 2^62), Python ints at the end
            if not small:
                C = np.empty((n, D - 1, D), dtype=object)
                for t, idx in enumerate(sub.tolist()):
                    for u, i in enumerate(idx):
                        C[t, u, :] = rows.ints[i]
                C = _cofactors(C)
            out = np.zeros((n, self.d + 1), dtype=np.int64 if small else object)
            if vertex:
                sign = np.where(C[:, self.r] < 0, -1, 1).astype(out.dtype)
                out[:, 0] = sign * C[:, self.r]
                out[:, [1 + j for j in self.J]] = sign[:, None] * C[:, : self.r]
            else:
                out[:, [1 + j for j in self.J]] = self.eorient.astype(out.dtype)[:, None] * C
            if small:  # the float copy of the filter of nonnegative() (a correctly rounded conversion)
                Mf = out.astype(float)
                self._ints[("float", kind)] = (Mf, np.abs(Mf))
            self._ints[key] = out
        return out

    def _int64_matrices(self) -> None:
        """:meth:`exact_matrix` of every kind from the int64 cofactors _orient computed for the signs:
        one array, the vertex rows then the ray rows (``"v"`` and ``"e"`` are its two slices), and
        its float copy (a correctly rounded conversion)."""
        n_v, r = self.n_v, self.r
        cols = [1 + j for j in self.J]
        out = np.zeros((n_v + self.n_e, self.d + 1), dtype=np.int64)
        Cv = self._cof["v"]
        sign = np.where(Cv[:, r] < 0, -1, 1)
        out[:n_v, 0] = sign * Cv[:, r]
        out[:n_v, cols] = sign[:, None] * Cv[:, :r]
        out[n_v:, cols] = self.eorient[:, None] * self._cof["e"]
        Mf = out.astype(float)
        Ma = np.abs(Mf)
        for kind, part in (("ve", slice(None)), ("v", slice(0, n_v)), ("e", slice(n_v, None))):
            self._ints[("matrix", kind)] = out[part]
            self._ints[("float", kind)] = (Mf[part], Ma[part])

    def _float_copy(self, kind: str) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`exact_matrix` in floats and its absolute values (cached; an entry beyond the
        float range becomes inf, which the filter of :meth:`nonnegative` leaves to the integers)."""
        key = ("float", kind)
        F = self._ints.get(key)
        if F is None:
            full = self.exact_matrix(kind)
            F = self._ints.get(key)  # (an int64 matrix comes with its float copy)
        if F is None:
            try:
                Mf = full.astype(float)
            except OverflowError:
                Mf = np.array([[float(v) if abs(v) < _FLOAT_MAX_INT else np.inf for v in row] for row in full.tolist()])
            Mf = Mf.reshape(-1, self.d + 1)
            F = self._ints[key] = (Mf, np.abs(Mf))
        return F

    def depths(self) -> np.ndarray:
        """The depths of the rows of ``exact_matrix("ve")``: every vertex's, then every ray's."""
        out = self._ints.get("depths")
        if out is None:
            out = self._ints["depths"] = np.concatenate([self.vdepth, self.edepth])
        return out

    def separates(self, k: int, hn: list[int]) -> bool:
        """Whether the integer vector hn = (y0, h) (a positive multiple of a bound's offset and
        direction) has y0 + ⟨h, v⟩ ≥ 0 on every vertex of level k, ⟨h, r⟩ ≥ 0 on every ray of
        level k and ⟨h, ℓ⟩ = 0 on the lineality: exact signs (integers on the lineality, the
        filter of :meth:`nonnegative` on the vertices and rays)."""
        for t in range(len(self.lineality)):
            if sum(x * v for x, v in zip(hn[1:], self.lineality_ints(t)[0], strict=True)):
                return False
        return self.nonnegative("ve", self.depths() >= k, hn)

    def nonnegative(self, kind: str, rows: np.ndarray, col: list[int]) -> bool:
        """Whether every row of :meth:`exact_matrix` (``kind``) in the boolean mask ``rows`` has a
        nonnegative inner product with the integer vector ``col``, exactly.

        A rigorous float filter settles most rows: with the matrix and ``col`` rounded to floats
        (relative error ≤ u = 2⁻⁵³ each; the matrix's float copy is cached), the float inner
        product of n = d + 1 terms differs from the exact one by at most
        ``4 (n + 2) u Σ_j |m_j| |c_j|`` (the products' rounding, γ_n of the sum, Higham,
        *Accuracy and Stability of Numerical Algorithms* §3.1, and both conversions; the entries
        are integers, so nothing underflows).  A row whose float value exceeds the bound is
        proved positive, one below minus the bound proved negative; the rest (the rows the
        separating halfspace touches, exactly 0) are computed in Python integers.  Overflow (inf,
        nan) leaves a row to the integers."""
        M = self.exact_matrix(kind)
        try:
            cf = np.array([float(v) for v in col])
        except OverflowError:
            return not rows.any() or bool(min(M[rows].astype(object) @ np.array(col, dtype=object)) >= 0)
        F, Fa = self._float_copy(kind)
        with np.errstate(all="ignore"):
            vals = F @ cf
            err = (4 * (len(col) + 2) * 2.0**-53) * (Fa @ np.abs(cf))
            if (rows & (vals < -err)).any():
                return False
            unsure = rows & ~(vals > err)
        return not unsure.any() or bool(min(M[unsure].astype(object) @ np.array(col, dtype=object)) >= 0)

    def vertex(self, i) -> tuple:
        """Vertex i exactly, as a tuple of Fractions (cached)."""
        return self._fractions("v", i)

    def direction(self, e) -> tuple:
        """The direction of unbounded edge e exactly (largest |entry| 1), as a tuple of Fractions (cached)."""
        return self._fractions("e", e)

    def _fractions(self, kind: str, i) -> tuple:
        """:meth:`vertex_ints` (``"v"``) or :meth:`direction_ints` (``"e"``) of i as Fractions, cached."""
        key = (kind + "q", int(i))
        out = self._ints.get(key)
        if out is None:
            nums, den = self.vertex_ints(i) if kind == "v" else self.direction_ints(i)
            out = self._ints[key] = tuple(Fraction(v, den) for v in nums)
        return out

    def lineality_ints(self, t) -> tuple[list[int], int]:
        """Lineality vector t exactly as (integer numerators, positive denominator), cached."""
        key = ("l", int(t))
        out = self._ints.get(key)
        if out is None:
            out = self._ints[key] = common_denominator(list(self.lineality[t]))
        return out

    def max_depth(self) -> int:
        """The largest depth reached anywhere (that of the deepest vertex; constant when r = 0)."""
        if self.r == 0:
            assert self.const_depth is not None  # set exactly when r == 0
            return self.const_depth
        return int(self.vdepth.max())


#: integers at least this large are not converted to floats (float(v) would overflow)
_FLOAT_MAX_INT = 2**1000

_CACHE: OrderedDict[tuple, _Arrangement] = OrderedDict()
#: arrangements kept (least recently used evicted); also bounded by _CACHE_CELLS, the total
#: number of vertex and edge sign entries, so that one arrangement per block of a large
#: ensemble of small blocks stays cached between regenerations
_CACHE_SIZE = 8192
_CACHE_CELLS = 10_000_000


_cells = 0


def _cells_of(arr) -> int:
    """The sign entries an arrangement holds (its share of the cache budget ``_CACHE_CELLS``)."""
    return (arr.n_v + arr.n_e + 1) * (arr.m + 1)


def _key(Aq, wq, d) -> tuple:
    """The exact cache key of S: d and the numerators and denominators of its entries (plain ints
    hash in C; a Fraction's hash is computed in Python on every lookup)."""
    return (
        d,
        tuple((q.numerator, q.denominator) for row in Aq for q in row),
        tuple((q.numerator, q.denominator) for q in wq),
    )


#: rank, pivot columns and RREF of the last few constraint matrices whose rank was asked for before
#: their arrangement was built (:func:`_arrangement_rank`, then :func:`_arrangement`: one reduction)
_PIVOTS: OrderedDict[tuple, tuple] = OrderedDict()


def _arrangement(Aq, wq, d, key=None) -> _Arrangement:
    """The arrangement of S, cached for the last few constraint sets (exact keys, :func:`_key`, or
    ``key`` when the caller computed it), so that repeated cdepth queries against one sample do
    not re-enumerate its vertices."""
    key = key or _key(Aq, wq, d)
    arr = _CACHE.get(key)
    if arr is None:
        arr = _Arrangement(Aq, wq, d, _PIVOTS.pop(key, None))
        _CACHE[key] = arr
        global _cells
        _cells += _cells_of(arr)
        while len(_CACHE) > 1 and (len(_CACHE) > _CACHE_SIZE or _cells > _CACHE_CELLS):
            _cells -= _cells_of(_CACHE.popitem(last=False)[1])
    else:
        _CACHE.move_to_end(key)
    return arr


def _arrangement_rank(Aq, wq, d, key=None) -> int:
    """rank A, read from the cached arrangement when there is one (no row reduction)."""
    key = key or _key(Aq, wq, d)
    arr = _CACHE.get(key)
    if arr is not None:
        return arr.r
    if not Aq:
        return 0
    out = _PIVOTS[key] = _pivot_data(Aq, wq, d)
    while len(_PIVOTS) > 4:
        _PIVOTS.popitem(last=False)
    return out[0]


# --------------------------------------------------------------------------- level LPs


#: float LP backend of the level LPs: "highspy" (direct, :mod:`solvers._highs`) or "scipy"
#: (``scipy.optimize.linprog``, the original path; kept for the benchmark's before/after ratio)
LP_BACKEND = "highspy"
#: LP matrices with at most this many entries are passed dense
_DENSE_LIMIT = 400_000
#: try the realisable fast path of :func:`max_cdepth` (one LP) before the level search
FAST_PATHS = True


def _linprog(c, A_ub, b_ub, A_eq, b_eq, bounds):
    """One float LP through :data:`LP_BACKEND` (arguments and result as ``scipy.optimize.linprog``)."""
    if LP_BACKEND == "highspy":
        return hl(c, A_ub, b_ub, A_eq, b_eq, bounds)
    from scipy.optimize import linprog

    return linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs")


class _Level:
    """The LP "ConvexHull(D_S(k)) ∩ {E z = f} ≠ ∅" over a fixed arrangement."""

    def __init__(self, arr: _Arrangement, E, f):
        self.arr, self.E, self.f = arr, E, f
        # float copies, each equation scaled by its largest |coefficient| (HiGHS treats
        # |entries| >= 1e15 as infinite); the exact steps use E, f themselves
        scale = [max((abs(x) for x in row), default=Fraction(1)) or Fraction(1) for row in E]
        self.Ef = np.array([[float(x / s) for x in row] for row, s in zip(E, scale, strict=True)], float).reshape(
            len(E), arr.d
        )
        self.ff = np.array([float(x / s) for x, s in zip(f, scale, strict=True)], float)
        self.Lf = np.array([[float(x) for x in v] for v in arr.lineality], float).reshape(-1, arr.d)
        # E and f times L_E (the lcm of their denominators), as integers: exact columns without Fractions
        self.L_E = math.lcm(*(x.denominator for row in E for x in row), *(x.denominator for x in f))
        self.E_L = [[int(x * self.L_E) for x in row] for row in E]
        self.f_L = [int(x * self.L_E) for x in f]

    def exact_column(self, kind: str, i: int) -> tuple[list[int], int]:
        """(1 or 0, E p) for vertex i (``"v"``), edge direction i (``"e"``) or lineality
        vector i (``"l"``), exactly as (integer entries, positive denominator)."""
        a = self.arr
        if kind == "l":
            nums, den = a.lineality_ints(i)
        else:
            nums, den = a.vertex_ints(i) if kind == "v" else a.direction_ints(i)
        lead = den * self.L_E if kind == "v" else 0
        return [lead] + [sum(e * x for e, x in zip(row, nums, strict=True) if x) for row in self.E_L], den * self.L_E

    def checked_bound(self, k: int, y0: Fraction, yE: tuple) -> LevelBound | None:
        """The :class:`LevelBound` (h = Eᵀ y_E, offset y0) if it holds at level k exactly, else None:
        y0 + ⟨y_E, f⟩ ≤ −1, h ⊥ the lineality, and every vertex and ray row of level k (exact signs)."""
        a = self.arr
        h = tuple(sum(yE[t] * self.E[t][j] for t in range(len(self.E)) if yE[t]) for j in range(a.d))
        if y0 + sum(v * fi for v, fi in zip(yE, self.f, strict=True)) > -1:
            return None
        hn = common_denominator([y0, *h])[0]  # (y0, h) times a positive integer
        return LevelBound(k, h, y0, yE) if self.arr.separates(k, hn) else None

    def columns(self, k):
        """The vertices and unbounded edges of depth ≥ k (index arrays): the columns of level k."""
        a = self.arr
        vs = np.flatnonzero(a.vdepth >= k)
        es = np.flatnonzero(a.edepth >= k) if a.n_e else np.zeros(0, np.intp)
        return vs, es

    def float_solve(self, k):
        """Float decision at level k: (feasible, vs, es, lam, mu, M), the solution anchored
        (μ_e > 0 ⇒ λ_anchor(e) > 0) and basic (small support), M a valid anchoring ratio."""
        a = self.arr
        vs, es = self.columns(k)
        if len(vs) == 0:
            return False, vs, es, None, None, None
        nl = len(self.Lf)
        res = self._solve(vs, es, nl)
        if res is None:
            return False, vs, es, None, None, None
        lam, mu = res
        if self._anchored(vs, es, lam, mu):
            return True, vs, es, lam, mu, self._ratio(vs, es, lam, mu)
        # prune vertices that cannot be positive, and rays anchored only at them
        for _ in range(len(vs) + 2):
            U = self._support(vs, es, nl)
            if U is None or len(U) == 0:
                return False, vs, es, None, None, None
            newvs = vs[U]
            newes = es[np.isin(a.eanchor[es], newvs)]
            if len(newvs) == len(vs) and len(newes) == len(es):
                break
            vs, es = newvs, newes
        M = self._ratio(vs, es, self._last_lam, self._last_mu)
        res = self._solve(vs, es, nl, M=M)
        if res is None:
            return False, vs, es, None, None, None
        lam, mu = res
        return True, vs, es, lam, mu, M

    def _anchored(self, vs, es, lam, mu, tol=1e-9):
        """Whether every ray of positive float weight has an anchor of positive weight."""
        pos = np.searchsorted(vs, self.arr.eanchor[es])
        return not np.any((mu > tol) & (lam[pos] <= tol))

    def _ratio(self, vs, es, lam, mu):
        """The largest μ_e / λ_anchor(e) of a float solution (1 without rays): an anchoring ratio."""
        if len(es) == 0 or not np.any(mu > 1e-12):
            return 1.0
        pos = np.searchsorted(vs, self.arr.eanchor[es])
        used = mu > 1e-12
        return float(np.max(mu[used] / np.maximum(lam[pos][used], 1e-300)))

    def _matrix(self, vs, es, nl):
        """The equality rows (Σλ = 1; E times the columns) of the level LP over ``vs``, ``es``, the lineality."""
        a = self.arr
        V = a.vfloat[vs].T
        R = a.efloat[es].T if len(es) else np.zeros((a.d, 0))
        Lb = self.Lf.T if nl else np.zeros((a.d, 0))
        cols = np.hstack([V, R, Lb, -Lb])
        rows = [np.concatenate([np.ones(len(vs)), np.zeros(len(es) + 2 * nl)])[None, :]]
        if len(self.Ef):
            rows.append(self.Ef @ cols)
        return np.vstack(rows)

    def _solve(self, vs, es, nl, M=None, cost=None):
        """Basic float solution (λ, μ) of the closure LP, or with μ_e ≤ 4M·λ_anchor(e);
        ``cost`` (on λ, μ) is minimised, else any feasible point is returned."""
        from scipy import sparse

        Aeq = self._matrix(vs, es, nl)
        beq = np.concatenate([[1.0], self.ff])
        n = Aeq.shape[1]
        Aub = bub = None
        if M is not None and len(es):
            ne = len(es)
            pos = np.searchsorted(vs, self.arr.eanchor[es])
            rows = np.concatenate([np.arange(ne), np.arange(ne)])
            cols = np.concatenate([len(vs) + np.arange(ne), pos])
            vals = np.concatenate([np.ones(ne), np.full(ne, -4.0 * M - 4.0)])
            if ne * n <= _DENSE_LIMIT:  # small: dense, no scipy.sparse overhead
                Aub = np.zeros((ne, n))
                np.add.at(Aub, (rows, cols), vals)
            else:
                Aub = sparse.csr_matrix((vals, (rows, cols)), shape=(ne, n))
            bub = np.zeros(ne)
        res = _linprog(
            np.zeros(n) if cost is None else np.concatenate([cost, np.zeros(n - len(cost))]),
            Aub,
            bub,
            Aeq,
            beq,
            [(0, None)] * (len(vs) + len(es)) + [(None, None)] * 0 + [(0, None)] * (2 * nl),
        )
        if res.status != 0:
            return None
        x = res.x
        return x[: len(vs)], x[len(vs) : len(vs) + len(es)]

    def _support(self, vs, es, nl):
        """Vertices that can be positive in one (homogenised) solution at once (max support)."""
        M = self._matrix(vs, es, nl)
        rhs = np.concatenate([[1.0], self.ff])
        nv, n = len(vs), M.shape[1]
        # variables: x (n), t, s (nv);  M x - rhs t = 0;  s <= x_v;  0 <= s <= 1
        from scipy import sparse

        if nv * (n + 1 + nv) <= _DENSE_LIMIT:  # small: dense, no scipy.sparse overhead
            Aeq = np.hstack([M, -rhs[:, None], np.zeros((M.shape[0], nv))])
            Aub = np.hstack([-np.eye(nv, n), np.zeros((nv, 1)), np.eye(nv)])
        else:
            Aeq = sparse.hstack(
                [sparse.csr_matrix(M), sparse.csr_matrix(-rhs[:, None]), sparse.csr_matrix((M.shape[0], nv))]
            ).tocsr()
            Aub = sparse.hstack([-sparse.eye(nv, n), sparse.csr_matrix((nv, 1)), sparse.eye(nv)]).tocsr()
        c = np.concatenate([np.zeros(n + 1), -np.ones(nv)])
        bounds = [(0, None)] * (n + 1) + [(0, 1)] * nv
        res = _linprog(c, Aub, np.zeros(nv), Aeq, np.zeros(M.shape[0]), bounds)
        if res.status != 0 or res.x[n] <= 1e-12:
            return None
        x, t = res.x[:n], res.x[n]
        self._last_lam = x[:nv] / t
        self._last_mu = x[nv : nv + len(es)] / t
        return np.flatnonzero(res.x[n + 1 :] > 0.5)

    # -- exact
    def exact_point(self, k, vs, es, lam, mu, M):
        """Exact anchored combination on the float support; None if it fails."""

        a = self.arr
        tol = 1e-12
        use_e = [j for j in range(len(es)) if mu[j] > tol]
        anchors = {int(a.eanchor[es[j]]) for j in use_e}
        use_v = sorted({int(vs[i]) for i in range(len(vs)) if lam[i] > tol} | anchors)
        ratio = max(M, self._ratio(vs, es, lam, mu))
        bounds = (Fraction(int(4 * ratio) + 4), Fraction(int(4 * ratio) + 4) * 10**6)
        cert = self._exact_on(k, use_v, [int(es[j]) for j in use_e], bounds)
        if cert is None:
            # the float support can be wrong on ill-conditioned data (big denominators):
            # settle it exactly on every level-k vertex and ray
            cert = self._exact_on(k, sorted(int(v) for v in vs), [int(e) for e in es], bounds)
        return cert

    def _exact_on(self, k, use_v, use_e, bounds):
        """Exact anchored combination of the vertices ``use_v`` and rays ``use_e`` (with
        μ_e ≤ M·λ_anchor(e) for M in ``bounds``) meeting the subspace; None if none."""

        a, d = self.arr, self.arr.d
        anchors = {int(a.eanchor[e]) for e in use_e}
        use_v = sorted(set(use_v) | anchors)
        for M in bounds:
            pts = [a.vertex(i) for i in use_v]
            rays = [a.direction(e) for e in use_e]
            lin = a.lineality
            nv, ne, nl = len(pts), len(rays), len(lin)
            n = nv + ne + nl
            A_eq = [[Fraction(1)] * nv + [Fraction(0)] * (ne + nl)]
            b_eq = [Fraction(1)]
            for row, fi in zip(self.E, self.f, strict=True):
                A_eq.append([sum(x * y for x, y in zip(row, p, strict=True)) for p in pts + rays + list(lin)])
                b_eq.append(fi)
            A_ub, b_ub = [], []
            for i in range(nv + ne):  # lam, mu >= 0
                A_ub.append([Fraction(-1) if j == i else Fraction(0) for j in range(n)])
                b_ub.append(Fraction(0))
            pos = {v: i for i, v in enumerate(use_v)}
            for jj, e in enumerate(use_e):  # mu_e <= M lam_anchor
                row = [Fraction(0)] * n
                row[nv + jj] = Fraction(1)
                row[pos[int(a.eanchor[e])]] = -M
                A_ub.append(row)
                b_ub.append(Fraction(0))
            res = feasible_point(A_ub, b_ub, A_eq, b_eq)
            if not res.feasible:
                continue
            x = res.point
            assert x is not None  # a feasible result has a point
            P = tuple((x[i], pts[i]) for i in range(nv) if x[i] > 0)
            idx = {i: t for t, i in enumerate([i for i in range(nv) if x[i] > 0])}
            Rr = tuple(
                (x[nv + jj], rays[jj], idx[pos[int(a.eanchor[e])]]) for jj, e in enumerate(use_e) if x[nv + jj] > 0
            )
            Ll = tuple((x[nv + ne + l], lin[l]) for l in range(nl) if x[nv + ne + l] != 0)
            z = [Fraction(0)] * d
            for c, p in P:
                z = [s + c * v for s, v in zip(z, p, strict=True)]
            for c, r, _ in Rr:
                z = [s + c * v for s, v in zip(z, r, strict=True)]
            for c, ell in Ll:
                z = [s + c * v for s, v in zip(z, ell, strict=True)]
            return HullCertificate(k, tuple(z), P, Rr, Ll)
        return None

    def exact_infeasible(self, k):
        """Exact proof that the closure LP at level k is infeasible: a :class:`LevelBound`.

        Farkas for {M x = g, λ, μ ≥ 0} is a y = (y0, y_E) with y0 + ⟨h, v⟩ ≥ 0 on the
        vertices, ⟨h, r⟩ ≥ 0 on the rays, ⟨h, ℓ⟩ = 0 on the lineality (h = Eᵀ y_E) and
        y0 + ⟨y_E, f⟩ ≤ −1 (:meth:`_separator`).  Returns ``"empty-level"`` if no vertex
        reaches level k, None if no such y exists (the closure LP is feasible).
        """
        vs, es = self.columns(k)
        if len(vs) == 0:
            return "empty-level"
        if len(self.E) == 0:
            return None  # the whole space: feasible as soon as a vertex exists
        y = self._separator(vs, es, np.zeros(len(vs), bool), Fraction(-1))
        return None if y is None else LevelBound(k, *y)

    def anchor_chain(self, k):
        """Exact proof that the *anchored* system at level k is infeasible (the closure is
        not): an :class:`AnchoringBound`, or None.

        Round t has vertex set V_t and ray set R_t (V_0, R_0: all of level k).  Its y
        satisfies y0 + ⟨h, v⟩ ≥ 0 on V_t, ⟨h, r⟩ ≥ 0 on R_t, ⟨h, ℓ⟩ = 0 and
        y0 + ⟨y_E, f⟩ ≤ 0, so in every solution of the homogenised system
        (Σλ = t, E(Σλv + Σμr + Σνℓ) = t·f) every λ_v with y0 + ⟨h, v⟩ > 0 is 0.
        V_{t+1} = the zero set, R_{t+1} = rays of R_t anchored in V_{t+1} (the others
        need a zero-weight anchor).  V_T = ∅ forces t = 0: no convex combination exists.
        """
        vs, es = self.columns(k)
        if len(vs) == 0 or len(self.E) == 0:
            return None
        nl = len(self.Lf)
        rounds = []
        for _ in range(len(vs) + 1):
            U = self._support(vs, es, nl)
            strict = np.ones(len(vs), bool)
            if U is not None:
                strict[U] = False
            if not strict.any():
                return None  # float says: anchored combination exists
            y = self._separator(vs, es, strict, Fraction(0))
            if y is None:
                return None
            rounds.append(LevelBound(k, *y))
            sv, _, _ = self._signs(vs, es, y[1], y[0])
            keep = sv == 0
            if keep.all():
                return None  # no progress
            vs = vs[keep]
            es = es[np.isin(self.arr.eanchor[es], vs)]
            if len(vs) == 0:
                return AnchoringBound(k, tuple(rounds))
        return None

    def _separator(self, vs, es, strict, last):
        """Exact y = (h, y0, y_E): y0 + ⟨h, v⟩ ≥ [v strict] on vs, ⟨h, r⟩ ≥ 0 on es,
        ⟨h, ℓ⟩ = 0, y0 + ⟨y_E, f⟩ ≤ last; h = Eᵀ y_E.

        A float LP proposes; :func:`solvers.lp.feasible_point` solves exactly on a working
        set of rows; every row is then checked exactly (orientation signs, vectorised)
        and violated rows join the working set.
        """

        a, d = self.arr, self.arr.d
        q = len(self.E)
        Ef = self.Ef
        sv_f = strict.astype(float)
        RV = np.hstack([np.ones((len(vs), 1)), a.vfloat[vs] @ Ef.T])
        RR = np.hstack([np.zeros((len(es), 1)), a.efloat[es] @ Ef.T]) if len(es) else np.zeros((0, q + 1))
        G = np.concatenate([[1.0], self.ff])
        Aub = np.vstack([-RV, -RR, G[None, :]])
        bub = np.concatenate([-sv_f, np.zeros(len(es)), [float(last)]])
        Aeq = beq = None
        if len(self.Lf):
            Aeq = np.hstack([np.zeros((len(self.Lf), 1)), self.Lf @ Ef.T])
            beq = np.zeros(len(self.Lf))
        res = _linprog(np.zeros(q + 1), Aub, bub, Aeq, beq, [(None, None)] * (q + 1))
        if res.status != 0:
            return None
        slack = bub - Aub @ res.x
        scale = np.abs(Aub).sum(axis=1) * (np.abs(res.x).max() + 1) + 1
        nv, ne = len(vs), len(es)
        work_v = set(np.flatnonzero(slack[:nv] <= 1e-7 * scale[:nv]).tolist())
        work_e = set(np.flatnonzero(slack[nv : nv + ne] <= 1e-7 * scale[nv : nv + ne]).tolist())
        lin_rows = [
            [Fraction(0)] + [sum(e * x for e, x in zip(row, ell, strict=True)) for row in self.E] for ell in a.lineality
        ]
        for _ in range(60):
            A_ub, b_ub = [], []
            for i in sorted(work_v):
                v = a.vertex(int(vs[i]))
                A_ub.append([Fraction(-1)] + [-sum(e * x for e, x in zip(row, v, strict=True)) for row in self.E])
                b_ub.append(Fraction(-int(strict[i])))
            for j in sorted(work_e):
                r = a.direction(int(es[j]))
                A_ub.append([Fraction(0)] + [-sum(e * x for e, x in zip(row, r, strict=True)) for row in self.E])
                b_ub.append(Fraction(0))
            A_ub.append([Fraction(1)] + list(self.f))
            b_ub.append(last)
            sol = feasible_point(A_ub, b_ub, lin_rows or None, [Fraction(0)] * len(lin_rows) or None)
            if not sol.feasible or sol.point is None:
                return None
            y0, yE = sol.point[0], tuple(sol.point[1:])
            h = tuple(sum(yE[t] * self.E[t][j] for t in range(q)) for j in range(d))
            sv, sv1, se = self._signs(vs, es, y0, h, strict)
            bad_v = np.flatnonzero((sv < 0) | (strict & (sv1 < 0))).tolist()
            bad_e = np.flatnonzero(se < 0).tolist()
            if not bad_v and not bad_e:
                return h, y0, yE
            work_v |= set(bad_v)
            work_e |= set(bad_e)
        return None

    def _signs(self, vs, es, y0, h, strict=None):
        """Exact signs of y0 + ⟨h, v⟩ (v ∈ vs), of y0 − 1 + ⟨h, v⟩ where ``strict`` (else 0),
        and of ⟨h, r⟩ (r ∈ es)."""
        a = self.arr
        r = a.r
        hJ = [h[j] for j in a.J]
        sub = a.vsubset[vs]
        o = _orient(a.L, sub, _Rows([hJ + [y0]], r + 1), same=False, need_c=[r])
        sv = o.signs[:, 0] * o.c_sign[:, r]
        sv1 = np.zeros(len(vs), np.int64)
        if strict is not None and strict.any():
            o1 = _orient(a.L, sub[strict], _Rows([hJ + [y0 - 1]], r + 1), same=False, need_c=[r])
            sv1[strict] = o1.signs[:, 0] * o1.c_sign[:, r]
        se = np.zeros(len(es), np.int64)
        if len(es):
            oe = _orient(a.AJ, a.lsub[a.eline[es]], _Rows([hJ], r), same=False, need_c=[])
            se = oe.signs[:, 0] * a.eorient[es]
        return sv, sv1, se


@checked
@dataclass(frozen=True)
class LevelBound:
    """Proof that ConvexHull(D_S(level)) misses the subspace {E z = f}.

    ⟨h, v⟩ + offset ≥ 0 at every arrangement vertex of depth ≥ level, ⟨h, r⟩ ≥ 0 along
    every unbounded edge of depth ≥ level and ⟨h, ℓ⟩ = 0 on the lineality, so the closed
    halfspace {⟨h, ·⟩ + offset ≥ 0} contains the hull; h = Eᵀ·multipliers, so on the
    subspace ⟨h, z⟩ = ⟨multipliers, f⟩ ≤ −1 − offset.

    Attributes
    ----------
    level : int
        The depth level.
    h : tuple
        The separating direction Eᵀ·multipliers.
    offset : Fraction
        The halfspace's offset.
    multipliers : tuple
        The combination of the subspace's equations.
    """

    level: int
    h: tuple
    offset: Fraction
    multipliers: tuple


@checked
@dataclass(frozen=True)
class AnchoringBound:
    """Proof that ConvexHull(D_S(level)) misses {E z = f} although its closure may not:
    a chain of :class:`LevelBound`-shaped rounds (see ``_Level.anchor_chain``), each
    with offset + ⟨multipliers, f⟩ ≤ 0, whose zero sets shrink the usable vertices to ∅.

    Attributes
    ----------
    level : int
        The depth level.
    rounds : tuple
        The chain of :class:`LevelBound`-shaped rounds.
    """

    level: int
    rounds: tuple


@checked
def is_level_bound(constraints: Constraints, bound: LevelBound | AnchoringBound, subspace: _Subspace = None) -> bool:
    """Check a :class:`LevelBound` or :class:`AnchoringBound` exactly, against the exact
    vertex/ray enumeration of S: True proves ConvexHull(D_S(bound.level)) ∩ subspace = ∅.

    Parameters
    ----------
    constraints : sequence
        The halfspaces of S (as for :func:`depth`).
    bound : LevelBound or AnchoringBound
        The certificate to check.
    subspace : optional
        The affine subspace (``None``: the whole space).

    Returns
    -------
    bool
        True when the bound is proved.
    """
    Aq, wq, m, d = _as_constraints(constraints)
    E, f = _subspace_equations(subspace, d)
    arr = _arrangement(Aq, wq, d)
    lev = _Level(arr, E, f)
    rounds = bound.rounds if isinstance(bound, AnchoringBound) else (bound,)
    last = Fraction(0) if isinstance(bound, AnchoringBound) else Fraction(-1)
    if not rounds:
        return False
    if arr.r == 0:
        return arr.max_depth() < bound.level
    vs, es = lev.columns(bound.level)
    for rd in rounds:
        if rd.level != bound.level or len(rd.multipliers) != len(E) or len(rd.h) != d:
            return False
        h = tuple(sum(y * row[j] for y, row in zip(rd.multipliers, E, strict=True)) for j in range(d))
        if h != tuple(rd.h):
            return False
        if rd.offset + sum(y * fi for y, fi in zip(rd.multipliers, f, strict=True)) > last:
            return False
        if any(sum(x * y for x, y in zip(h, ell, strict=True)) != 0 for ell in arr.lineality):
            return False
        if len(vs) == 0:
            return isinstance(bound, AnchoringBound)
        sv, _, se = lev._signs(vs, es, rd.offset, h)
        if (sv < 0).any() or (se < 0).any():
            return False
        if isinstance(bound, AnchoringBound):
            vs = vs[sv == 0]
            es = es[np.isin(arr.eanchor[es], vs)]
    return len(vs) == 0 if isinstance(bound, AnchoringBound) else True


#: HiGHS's infinite bound (any bound of at least 1e20 is infinite to it)
_HIGHS_INF = 1e30


def _model_status(h) -> int:
    """scipy-style status of the last HiGHS run: 0 optimal, 2 infeasible, 4 anything else."""
    import highspy

    st = h.getModelStatus()
    if st == highspy.HighsModelStatus.kOptimal:
        return 0
    return 2 if st == highspy.HighsModelStatus.kInfeasible else 4


# --------------------------------------------------------------------------- the separator scan


def _solve_int(M: list[list[int]], rhs: list[int], n: int) -> list[Fraction] | None:
    """The unique y with M y = rhs (integers, at least n rows), exactly, or None.

    One fraction-free row reduction of ``[M | rhs]`` by python-flint
    (:func:`solvers.lp._linalg._flint_rref`); None when M has rank below n or the system
    has no solution.
    """

    out = _solve_int_nums(M, rhs, n)
    if out is None:
        return None
    return [Fraction(v, out[1]) for v in out[0]]


def _solve_int_nums(M: list[list[int]], rhs: list[int], n: int) -> tuple[list[int], int] | None:
    """:func:`_solve_int` as (integer numerators, positive common denominator), or None."""
    if n == 0 or len(M) < n:
        return None
    R, den, rank = _flint_rref(M, rhs)
    return _unique_solution(R, den, rank, n)


def _exact_combination(cols, rhs) -> list[Fraction] | None:
    """The unique x with Σ_j x_j·cols[j] = rhs exactly, or None.

    Parameters
    ----------
    cols : list of (list of int, int)
        Column j as (integer entries, positive denominator): the column is entries / den.
    rhs : list of Fraction
        The right-hand side.

    Returns
    -------
    list of Fraction or None
        None when the columns are dependent or the system has no solution
        (:func:`_solve_int` on the integer system Σ u_j·entries_j = rhs·D, x_j = u_j·den_j / D).
    """
    b, Db = common_denominator(rhs)
    M = [[c[0][i] for c in cols] for i in range(len(rhs))]
    u = _solve_int(M, b, len(cols))
    if u is None:
        return None
    return [v * c[1] / Db for v, c in zip(u, cols, strict=True)]


class _SeparatorScan:
    """The separator LP of :meth:`_Level.exact_infeasible` for every level on one HiGHS model.

    Variables y = (y0, y_E); one row per arrangement vertex (y0 + ⟨Eᵀy_E, v⟩ ≥ 0), per
    unbounded edge (⟨Eᵀy_E, r⟩ ≥ 0), the row y0 + ⟨y_E, f⟩ ≤ −1 and the lineality rows
    ⟨Eᵀy_E, ℓ⟩ = 0.  Level k switches on the rows of depth ≥ k and frees the others, so a
    change of level is a change of row bounds and HiGHS restarts from the last basis (a
    few dual simplex pivots) instead of a new LP.  The LP is feasible exactly when the
    closure of ConvexHull(D_S(k)) misses the subspace.  Float proposals only: the exact
    answers come from :meth:`bound`.
    """

    def __init__(self, lev: _Level):
        a = lev.arr
        self.lev = lev
        Ef = lev.Ef
        q = len(Ef)
        RV = np.hstack([np.ones((a.n_v, 1)), a.vfloat @ Ef.T])
        RR = np.hstack([np.zeros((a.n_e, 1)), a.efloat @ Ef.T]) if a.n_e else np.zeros((0, q + 1))
        self.A_all = np.vstack([-RV, -RR])  # every vertex row, then every edge row
        self.last = np.concatenate([[1.0], lev.ff])[None, :]
        self.d_all = np.concatenate([a.vdepth, a.edepth if a.n_e else np.zeros(0, np.int64)])
        self.Aeq = np.hstack([np.zeros((len(lev.Lf), 1)), lev.Lf @ Ef.T]) if len(lev.Lf) else None
        self.level: int | None = None
        # the model holds the rows of depth ≥ base (those of every level ≥ base)
        self.base = 0
        self.rows = np.zeros(0, np.intp)

    def _upper(self, k: int) -> np.ndarray:
        """Row upper bounds at level k: 0 on the rows of depth ≥ k, infinite on the others; −1 on the last."""
        return np.concatenate([np.where(self.d_all[self.rows] >= k, 0.0, _HIGHS_INF), [-1.0]])

    def feasible(self, k: int) -> bool | None:
        """Float status of the separator LP at level k: True (a separator exists, so level k
        is out of reach of the closure), False (none), or None (HiGHS gave no verdict)."""

        n = self.A_all.shape[1]
        if self.level is None or k < self.base:  # (re)build with the rows of depth ≥ k
            self.base, self.rows = k, np.flatnonzero(self.d_all >= k)
            neq = 0 if self.Aeq is None else len(self.Aeq)
            beq = np.zeros(neq) if neq else None
            Aub = np.vstack([self.A_all[self.rows], self.last])
            status = _highs.linprog(np.zeros(n), Aub, self._upper(k), self.Aeq, beq, [(None, None)] * n).status
        else:
            up = self._upper(k)
            h = _highs._solver()
            h.changeRowsBounds(len(up), np.arange(len(up), dtype=np.int32), np.full(len(up), -_HIGHS_INF), up)
            h.run()
            status = _model_status(h)
        self.level = k
        return {0: True, 2: False}.get(status)

    def bound(self, k: int) -> LevelBound | None:
        """An exact :class:`LevelBound` at level k from HiGHS's basis at level k, or None.

        The non-basic rows of the basis (each at its bound: 0, or −1 for the last row) and
        the free columns HiGHS left non-basic (at 0) give a square system, solved exactly
        (:func:`_solve_int`); the solution is then checked on every row of level k in exact
        arithmetic (orientation signs, :meth:`_Level._signs`).
        """
        import highspy

        if self.level != k and self.feasible(k) is not True:
            return None
        bas = _highs._solver().getBasis()
        if not bas.valid:
            return None
        basic = int(highspy.HighsBasisStatus.kBasic)
        tight = [i for i, st in enumerate(map(int, bas.row_status)) if st != basic]
        fixed = [j for j, st in enumerate(map(int, bas.col_status)) if st != basic]
        lev = self.lev
        q = len(lev.E)
        if len(tight) + len(fixed) != q + 1:
            return None
        M, r = [], []
        for i in tight:
            row, rhs = self._exact_row(i)
            M.append(row)
            r.append(rhs)
        for j in fixed:
            M.append([int(j == t) for t in range(q + 1)])
            r.append(0)
        y = _solve_int(M, r, q + 1)
        return None if y is None else lev.checked_bound(k, y[0], tuple(y[1:]))

    def _exact_row(self, i: int) -> tuple[list[int], int]:
        """Row i of the separator LP at its bound, scaled to integers: (coefficients on y, rhs)."""
        lev, a = self.lev, self.lev.arr
        nub = len(self.rows) + 1
        if i == nub - 1:
            return [lev.L_E, *lev.f_L], -lev.L_E
        if i >= nub:
            ints, _ = lev.exact_column("l", i - nub)
        else:
            full = int(self.rows[i])
            ints, _ = lev.exact_column("v", full) if full < a.n_v else lev.exact_column("e", full - a.n_v)
        return ints, 0


def _support_certificate(lev: _Level, k: int, vs, es, lam, mu) -> HullCertificate | None:
    """An exact :class:`HullCertificate` at level k on the support of a float solution, or None.

    The columns λ_v > 0, μ_e > 0 (and the lineality) are solved exactly for Σλ = 1,
    E(Σλv + Σμr + Σνℓ) = f (:func:`_exact_combination`); when the support has more columns
    than equations (the rays' anchors) each ray weight is fixed at its float value (exact
    binary) first.  Checked by :func:`_combination_certificate` (None: the caller then
    runs the exact LP of :meth:`_Level.exact_point`).
    """
    a = lev.arr
    tol = 1e-9
    use_v = [int(vs[i]) for i in range(len(vs)) if lam[i] > tol]
    use_e = [int(es[j]) for j in range(len(es)) if mu[j] > tol]
    pos = {v: t for t, v in enumerate(use_v)}
    if any(int(a.eanchor[e]) not in pos for e in use_e):
        return None
    nv, ne, nl = len(use_v), len(use_e), len(a.lineality)
    cv = [lev.exact_column("v", i) for i in use_v]
    ce = [lev.exact_column("e", e) for e in use_e]
    cl = [lev.exact_column("l", t) for t in range(nl)]
    rhs = [Fraction(1), *lev.f]
    x = _exact_combination(cv + ce + cl, rhs) if nv + ne + nl <= len(rhs) else None
    if x is None and ne:
        fixed = [Fraction(float(mu[j])) for j in range(len(es)) if mu[j] > tol]
        rest = [b - sum(m * c[0][i] / c[1] for m, c in zip(fixed, ce, strict=True)) for i, b in enumerate(rhs)]
        xs = _exact_combination(cv + cl, rest)
        x = None if xs is None else xs[:nv] + fixed + xs[nv:]
    if x is None:
        return None
    xv, xe = dict(zip(use_v, x[:nv], strict=True)), dict(zip(use_e, x[nv : nv + ne], strict=True))
    return _combination_certificate(lev, k, xv, xe, x[nv + ne :])


def _combination_certificate(lev, k: int, xv: dict, xe: dict, xl) -> HullCertificate | None:
    """The :class:`HullCertificate` of exact weights: ``xv`` {vertex: λ}, ``xe`` {edge: μ}, ``xl``
    (one ν per lineality vector), or None unless every λ, μ is ≥ 0, Σλ = 1, every vertex and ray
    of positive weight has depth ≥ k (exact depths of the arrangement) and every ray of positive
    weight has its anchor among the vertices of positive weight.  Zero weights are dropped;
    the point is the combination itself.  ``lev``: the :class:`_Level` or its :class:`_Arrangement`.

    The depths matter: an exact solution of a float basis can put a tiny positive weight (~1e-15)
    on a column the float solution left at 0, and that column may lie below level k."""
    a = lev if isinstance(lev, _Arrangement) else lev.arr
    if any(v < 0 for v in (*xv.values(), *xe.values())):
        return None
    keep_v = [v for v, c in xv.items() if c > 0]
    pos = {v: i for i, v in enumerate(keep_v)}
    keep_e = [e for e, c in xe.items() if c > 0]
    if not keep_v or any(int(a.eanchor[e]) not in pos for e in keep_e):
        return None
    if not _at_level(a, k, {v: xv[v] for v in keep_v}, keep_e):
        return None
    P = tuple((xv[v], a.vertex(v)) for v in keep_v)
    R = tuple((xe[e], a.direction(e), pos[int(a.eanchor[e])]) for e in keep_e)
    L = tuple((c, ell) for c, ell in zip(xl, a.lineality, strict=True) if c != 0)
    terms = [(xv[v], *a.vertex_ints(v)) for v in keep_v] + [(xe[e], *a.direction_ints(e)) for e in keep_e]
    terms += [(c, *a.lineality_ints(t)) for t, c in enumerate(xl) if c != 0]
    return HullCertificate(k, _weighted_sum(terms, a.d), P, R, L)


def _at_level(a: _Arrangement, k: int, lam: dict, rays: list) -> bool:
    """Whether the weights ``lam`` {vertex: λ > 0} sum to 1 and every one of those vertices and of the
    ``rays`` (edge indices) has depth ≥ k (the arrangement's exact depths)."""
    return sum(lam.values()) == 1 and all(a.vdepth[v] >= k for v in lam) and all(a.edepth[e] >= k for e in rays)


def _weighted_sum(terms, d: int) -> tuple:
    """Σ c·(nums / den) over ``terms`` = [(Fraction c, integer nums, positive int den)], exactly, as a
    tuple of d Fractions: integer sums over one common denominator, one Fraction per coordinate
    (the same numbers as Fraction arithmetic term by term, without a gcd per operation)."""
    dens = [c.denominator * den for c, _, den in terms]
    L = math.lcm(*dens) if dens else 1
    acc = [0] * d
    for (c, nums, _), D in zip(terms, dens, strict=True):
        f = c.numerator * (L // D)
        if f:
            for j, v in enumerate(nums):
                if v:
                    acc[j] += f * v
    return tuple(Fraction(v, L) for v in acc)


def _basis_certificate(lev: _Level, k: int, vs, es, ratio: float) -> HullCertificate | None:
    """The exact solution of the basis HiGHS ended on for the anchored combination LP of
    :meth:`_Level._solve` (called just before, ``M = ratio``), as a certificate, or None.

    Unknowns: the basic columns (λ_v, μ_e, ν⁺, ν⁻; the others are 0).  Equations: Σλ = 1,
    E(Σλv + Σμr + Σνℓ) = f and every anchoring row HiGHS left non-basic (tight),
    μ_e = (4M + 4)·λ_anchor(e).  Square by construction; solved fraction-free
    (:func:`_solve_int`) and checked by :func:`_combination_certificate`.
    """
    import highspy

    a = lev.arr
    bas = _highs._solver().getBasis()
    if not bas.valid:
        return None
    basic = int(highspy.HighsBasisStatus.kBasic)
    nv, ne, nl = len(vs), len(es), len(a.lineality)
    cols = [j for j, st in enumerate(map(int, bas.col_status)) if st == basic]
    tight = [i for i, st in enumerate(map(int, bas.row_status)) if st != basic and i < ne]
    where = {j: t for t, j in enumerate(cols)}

    def column(j):
        """Basic column j as exact (integer entries, denominator); ν⁻ columns negated."""
        if j < nv:
            return lev.exact_column("v", int(vs[j]))
        if j < nv + ne:
            return lev.exact_column("e", int(es[j - nv]))
        ints, den = lev.exact_column("l", (j - nv - ne) % nl)
        return (ints, den) if j < nv + ne + nl else ([-v for v in ints], den)

    C = [column(j) for j in cols]
    b, Db = common_denominator([Fraction(1), *lev.f])
    M = [[c[0][i] for c in C] for i in range(len(b))]  # in u_j = x_j·Db / den_j
    c_anchor = int(4 * ratio + 4)
    pos = np.searchsorted(vs, a.eanchor[es])
    for i in tight:  # μ_e − c·λ_anchor = 0
        row = [0] * len(cols)
        if nv + i in where:
            row[where[nv + i]] = C[where[nv + i]][1]
        if int(pos[i]) in where:
            row[where[int(pos[i])]] -= c_anchor * C[where[int(pos[i])]][1]
        M.append(row)
    b = b + [0] * len(tight)
    u = _solve_int(M, b, len(cols))
    if u is None:
        return None
    xv, xe, xl = {}, {}, [Fraction(0)] * nl
    for t, j in enumerate(cols):
        val = u[t] * C[t][1] / Db
        if j < nv:
            xv[int(vs[j])] = val
        elif j < nv + ne:
            xe[int(es[j - nv])] = val
        else:
            xl[(j - nv - ne) % nl] += val if j < nv + ne + nl else -val
    return _combination_certificate(lev, k, xv, xe, xl)


#: the anchoring ratio μ_e ≤ (4M + 4)·λ_anchor(e) tried first by :func:`_maximiser`
_ANCHOR_RATIO = 1e4


def _maximiser(lev: _Level, k: int) -> HullCertificate | None:
    """An exact :class:`HullCertificate` at level k (where the closure meets the subspace), or None.

    One float LP with every ray anchored at a generous fixed ratio (:data:`_ANCHOR_RATIO`),
    certified on its support (:func:`_support_certificate`); should that LP fail, the full
    anchored float decision (:meth:`_Level.float_solve`, which prunes vertices that cannot
    carry weight) and the exact LP of :meth:`_Level.exact_point`.
    """
    vs, es = lev.columns(k)
    res = lev._solve(vs, es, len(lev.Lf), M=_ANCHOR_RATIO) if len(vs) else None
    if res is not None:
        cert = _basis_certificate(lev, k, vs, es, _ANCHOR_RATIO) or _support_certificate(lev, k, vs, es, *res)
        if cert is not None:
            return cert
    ok, vs, es, lam, mu, M = lev.float_solve(k)
    if not ok:
        return None
    return _support_certificate(lev, k, vs, es, lam, mu) or lev.exact_point(k, vs, es, lam, mu, M)


#: the cost of a level-k column in :func:`_guess` is _GUESS_BASE ** min(top level − k, _GUESS_SPAN)
_GUESS_BASE = 256.0
_GUESS_SPAN = 5


def _guess(lev: _Level, lo: int, hi: int):
    """A float guess of the largest level whose hull meets the subspace: one LP.

    The anchored combination LP (ratio :data:`_ANCHOR_RATIO`) over the columns of level
    > lo, with a cost growing geometrically as a column's depth falls, so that its optimum
    leans on the deepest columns; the guess is the least depth the optimum uses.
    Returns (level, the exact certificate at that level of :func:`_basis_certificate`
    or :func:`_support_certificate`, or None), or None (no such combination: the answer
    is then likely lo).
    """
    a = lev.arr
    vs, es = lev.columns(lo + 1)
    if len(vs) == 0:
        return None
    cost = np.concatenate([a.vdepth[vs], a.edepth[es]]).astype(float)
    cost = _GUESS_BASE ** np.minimum(hi - cost, _GUESS_SPAN)
    res = lev._solve(vs, es, len(lev.Lf), M=_ANCHOR_RATIO, cost=cost)
    if res is None:
        return None
    lam, mu = res
    tol = 1e-9
    level = int(np.concatenate([a.vdepth[vs][lam > tol], a.edepth[es][mu > tol]]).min())
    cert = _basis_certificate(lev, level, vs, es, _ANCHOR_RATIO) or _support_certificate(lev, level, vs, es, lam, mu)
    return level, cert


def _scan_search(arr: _Arrangement, E, f, lo: int, lo_cert, hi: int) -> CDepthResult | None:
    """:func:`_search` by the separator scan: bisection on one warm-started HiGHS model.

    The largest level whose closure meets the subspace is found by bisection on
    :class:`_SeparatorScan` (no primal LP per level); the maximiser is certified exactly on
    the support of one float solution (:func:`_support_certificate`) and the level above by
    the exact separator of the scan's basis (:meth:`_SeparatorScan.bound`).  None whenever
    a step does not certify (the anchoring corner, a float verdict the exact check
    rejects): the caller then runs :func:`_search`.
    """
    lev = _Level(arr, E, f)
    scan = _SeparatorScan(lev)
    guess = _guess(lev, lo, hi)
    a, b = lo, hi  # a: closure meets the subspace; levels > b: it does not
    if guess is not None:
        a = guess[0]
        if a < b:  # the guess is the answer as soon as the level above has a separator
            sep = scan.feasible(a + 1)
            if sep is None:
                return None
            a, b = (a, a) if sep else (a + 1, b)
    while a < b:
        k = (a + b + 1) // 2
        sep = scan.feasible(k)
        if sep is None:
            return None
        a, b = (a, k - 1) if sep else (k, b)
    value = a
    upper = None
    if value < arr.m:
        upper = lev.exact_infeasible(value + 1) if value + 1 > hi else scan.bound(value + 1)
        if upper is None:
            return None
    if value == lo:
        best = lo_cert
    else:
        best = guess[1] if guess is not None and guess[0] == value else None
        best = best or _maximiser(lev, value)
    if best is None:
        return None
    return CDepthResult(value, best.point, best, upper, {"vertices": arr.n_v, "rays": arr.n_e, "scan": True})


#: the level search at a point subspace by one float phase-1 simplex (:func:`_point_search`);
#: False: the separator scan (:func:`_scan_search`), the oracle of the tests
POINT_PATH = True


#: the kinds of :class:`_PointColumns`: vertex, ray, ray point, lineality (+ and −)
_V, _E, _P, _LP, _LM = range(5)


class _PointColumns:
    """The columns of the level LPs at a point z0, deepest first, cached on the arrangement.

    At a point subspace the level LP asks whether z0 = Σλ_v v + Σμ_e r_e + Σν ℓ with Σλ = 1: its
    columns are ``[1; v]`` per arrangement vertex v, ``[0; r]`` per unbounded edge r (its ray),
    ``[1; a + T r]`` per unbounded edge (a point of its open ray, a its anchor, T a power of two far
    beyond the vertices' spread) and ``±[0; ℓ]`` per lineality vector ℓ (free weights), and its
    right-hand side is ``[1; z0]`` whatever equations describe the point.  In floats for
    :class:`solvers._phase1.Phase1`, each column scaled to largest |entry| 1; the lineality first,
    then by decreasing depth, so the columns of level k are a prefix (``count(k)`` of them).
    ``kind`` / ``ids`` name each column (:data:`_V`, :data:`_E`, :data:`_P`, :data:`_LP`, :data:`_LM`)
    for its exact counterpart (:meth:`exact`).  The rays make the level LP that of the closure (whose Farkas
    multipliers bound the hull); the ray points give combinations that are anchored by
    construction (weight w on a + T r is weight w on a and T·w on r).  Nothing here depends on z0:
    one instance per arrangement (:meth:`of`).
    """

    def __init__(self, a: _Arrangement):
        nl = len(a.lineality)
        self.arr = a
        finite = np.isfinite(a.vfloat).all(axis=1)  # (a float cofactor can vanish where the exact one does not)
        spread = float(np.abs(a.vfloat[finite]).max(initial=0.0))
        self.T = 2 ** min(900, int(np.ceil(np.log2(1e3 * (1.0 + spread)))))
        # each column scaled to largest |entry| 1 as it is built (a ray's already is): the same cone
        # and feasibility, and the float simplex needs it when a vertex lies ~1e16 out (three nearly
        # concurrent hyperplanes) next to vertices ~1
        Lf = np.array([[float(x) for x in v] for v in a.lineality], float).reshape(nl, a.d)
        L = np.hstack([np.zeros((nl, 1)), Lf / np.abs(Lf).max(axis=1, keepdims=True)]) if nl else np.zeros((0, a.d + 1))
        with np.errstate(all="ignore"):
            V = (
                np.hstack([np.ones((a.n_v, 1)), a.vfloat])
                / np.maximum(1.0, np.abs(a.vfloat).max(axis=1, initial=0.0))[:, None]
            )
        for i in np.flatnonzero(~finite).tolist():  # from the exact numbers instead
            V[i] = _unit_floats(self.exact_column(_V, i)[0])
        if a.n_e:
            R = np.hstack([np.zeros((a.n_e, 1)), a.efloat])
            with np.errstate(all="ignore"):
                Pf = a.vfloat[a.eanchor] + self.T * a.efloat
                P = np.hstack([np.ones((a.n_e, 1)), Pf]) / np.maximum(1.0, np.abs(Pf).max(axis=1))[:, None]
            for e in np.flatnonzero(~np.isfinite(P).all(axis=1)).tolist():
                P[e] = _unit_floats(self.exact_column(_P, e)[0])
            depth = np.concatenate([a.vdepth, a.edepth, a.edepth])
        else:
            R = P = np.zeros((0, a.d + 1))
            depth = a.vdepth
        order = np.argsort(-depth, kind="stable")
        self.A = np.vstack([L, -L, np.vstack([V, R, P])[order]]).T
        kinds = np.repeat(np.array([_V, _E, _P], np.int8), [a.n_v, a.n_e, a.n_e])
        ids = np.concatenate([np.arange(a.n_v), np.arange(a.n_e), np.arange(a.n_e)])
        self.kind = np.concatenate([np.full(nl, _LP, np.int8), np.full(nl, _LM, np.int8), kinds[order]])
        self.ids = np.concatenate([np.arange(nl), np.arange(nl), ids[order]]).astype(np.intp)
        self.depth = np.concatenate([np.full(2 * nl, a.m + 1), depth[order]])
        self.counts = np.searchsorted(-self.depth, -np.arange(a.m + 2), side="right").tolist()
        self.later = self.kind == _E  # rays enter only when nothing else improves (fewer phase-2 runs)
        self.rays = self.later.astype(float)  # phase 2: drives the rays out

    @staticmethod
    def of(a: _Arrangement) -> _PointColumns:
        """The columns of arrangement ``a`` (built once, kept with its exact numbers)."""
        out = a._ints.get("point columns")
        if out is None:
            out = a._ints["point columns"] = _PointColumns(a)
        return out

    def count(self, k: int) -> int:
        """The number of columns of level k (depth ≥ k; the lineality always)."""
        return self.counts[k] if 0 <= k < len(self.counts) else int(np.count_nonzero(self.depth >= k))

    def exact(self, j: int) -> tuple[list[int], int]:
        """Column j exactly as (integer entries, positive denominator): ``[den; nums]`` for a
        vertex nums / den, ``[0; nums]`` for a ray or a lineality vector, and for a ray point the
        anchor's and the ray's numbers combined over ``den_a den_r``."""
        return self.exact_column(self.kind[j], int(self.ids[j]))

    def exact_column(self, kind: int, i: int) -> tuple[list[int], int]:
        """:meth:`exact` of the column of that kind (:data:`_V`, ...) and id."""
        a = self.arr
        if kind == _V:
            nums, den = a.vertex_ints(i)
            return [den, *nums], den
        if kind == _E:
            nums, den = a.direction_ints(i)
            return [0, *nums], den
        if kind == _P:
            (pa, da), (pr, dr) = a.vertex_ints(int(a.eanchor[i])), a.direction_ints(i)
            return [da * dr, *(u * dr + self.T * v * da for u, v in zip(pa, pr, strict=True))], da * dr
        nums, den = a.lineality_ints(i)
        return [0, *(nums if kind == _LP else (-v for v in nums))], den

    def phase1(self, z0f: np.ndarray) -> Phase1:
        """A fresh phase-1 run towards ``[1; z0]`` (z0 in floats) over these columns."""
        return Phase1(self.A, np.concatenate([[1.0], z0f]), unit=True, later=self.later)


def _unit_floats(ints: list[int]) -> np.ndarray:
    """An integer vector divided by its largest |entry|, in floats (each entry a correctly rounded
    quotient of two integers: no overflow however large they are)."""
    top = max(map(abs, ints)) or 1
    return np.array([v / top for v in ints])


def _point_bound(cols: _PointColumns, k: int, basis: list[int], z0, E, g0: np.ndarray) -> LevelBound | None:
    """The exact :class:`LevelBound` at level k (for the equations ``E z = f`` of the point z0) from
    a phase-1 basis that is optimal with a positive sum of artificial variables over the columns
    of level k, or None.

    Its multipliers y = (y0, y_h) solve ``y·a_j = 0`` for the basic columns and ``y·(±e_i) = 1``
    for the basic artificial ones (signs ``g0``), exactly (:func:`_solve_int_nums`; exact columns
    are positive multiples of the float ones, which leaves those equations unchanged).
    ``t = y0 + ⟨y_h, z0⟩ > 0`` is required; then (offset, h) = −(y0, y_h) / t has
    offset + ⟨h, z0⟩ = −1, and it is checked on every vertex and ray of level k and on the
    lineality (:meth:`_Arrangement.separates` on ``−(y0, y_h)``, a positive multiple).  Phase-1
    optimality (``y·a_j ≤ 0`` on every column of level k, in floats) is only what made the basis
    worth trying.  The bound's multipliers solve ``Eᵀ μ = h`` exactly
    (μ = h when E is the identity), so that offset + ⟨μ, f⟩ = offset + ⟨h, z0⟩ = −1."""
    a = cols.arr
    r = a.d + 1
    M, rhs = [], []
    for j in basis:
        if j >= 0:
            M.append(cols.exact(j)[0])
            rhs.append(0)
        else:
            e = [0] * r
            e[-1 - j] = 1 if g0[-1 - j] >= 0 else -1
            M.append(e)
            rhs.append(1)
    sol = _solve_int_nums(M, rhs, r)
    return None if sol is None else _bound_of(cols, k, sol[0], z0, E)  # (its positive denominator dropped)


def _exact_point_bound(cols: _PointColumns, k: int, z0, E) -> LevelBound | None:
    """:func:`_point_bound` when the float basis does not certify (ill-conditioned levels: a vertex
    ~1e16 out): phase 1 of the exact fraction-free simplex of :mod:`solvers.lp._simplex` on the
    columns of level k, its multipliers at the (exact) optimum, or None if z0 is reached exactly
    (the float search stopped a level too low: the caller's general search answers)."""
    n = cols.count(k)
    zn, zD = common_denominator(list(z0))
    T = _simplex._new_tableau([tuple(cols.exact(j)[0]) for j in range(n)], [0] * n, [zD, *zn], {})
    pi = _simplex._phase1(T)
    if pi is None:
        return None
    return _bound_of(cols, k, [s * v for s, v in zip(T.sign, pi, strict=True)], z0, E)


def _bound_of(cols: _PointColumns, k: int, y: list[int], z0, E) -> LevelBound | None:
    """The :class:`LevelBound` at level k of integer Farkas multipliers y = (y0, y_h) of the level
    LP (``y·a_j ≤ 0`` on its columns, ``y·(1, z0) > 0``, up to a positive factor), checked exactly,
    or None; see :func:`_point_bound`."""
    a = cols.arr
    zn, zD = common_denominator(list(z0))
    t = y[0] * zD + sum(v * u for v, u in zip(y[1:], zn, strict=True))  # t·den·zD
    if t <= 0:
        return None
    if not a.separates(k, [-v for v in y]):
        return None
    h = tuple(Fraction(-v * zD, t) for v in y[1:])
    identity = all(E[i][j] == (i == j) for i in range(len(E)) for j in range(a.d)) and len(E) == a.d
    mult = h if identity else _solve_rational([list(col) for col in zip(*E, strict=True)], list(h))
    if mult is None:
        return None
    return LevelBound(k, h, Fraction(-y[0] * zD, t), tuple(mult))


def _solve_rational(M: list[list], rhs: list) -> list[Fraction] | None:
    """The unique solution of the square rational system M x = rhs, exactly, or None."""
    rows = [common_denominator([Fraction(v) for v in (*row, b)])[0] for row, b in zip(M, rhs, strict=True)]
    return _solve_int([row[:-1] for row in rows], [row[-1] for row in rows], len(M))


def _point_certificate(cols: _PointColumns, k: int, support: list[int], z0) -> HullCertificate | None:
    """The exact :class:`HullCertificate` at level k on the support of a feasible basis (z0 a
    combination of those columns), or None (dependent columns, a negative weight, or a ray whose
    anchor has no weight).

    The columns' integer entries ``c_j`` (column = c_j / den_j) solve ``Σ u_j c_j = [zD; zn]``
    (z0 = zn / zD) exactly; the weights are ``u_j den_j / zD``."""
    a = cols.arr
    zn, zD = common_denominator(list(z0))
    ex = [cols.exact(j) for j in support]
    sol = _solve_int_nums([[c[0][i] for c in ex] for i in range(a.d + 1)], [zD, *zn], len(ex))
    if sol is None:
        return None
    u, D = sol
    xv: dict[int, Fraction] = {}
    xe: dict[int, Fraction] = {}
    xl = [Fraction(0)] * len(a.lineality)
    for j, uj, (_, den) in zip(support, u, ex, strict=True):
        val = Fraction(uj * den, D * zD)
        kind, i = cols.kind[j], int(cols.ids[j])
        if kind == _V:
            xv[i] = xv.get(i, 0) + val
        elif kind == _E:
            xe[i] = xe.get(i, 0) + val
        elif kind == _P:  # w (a + T r): w on the anchor, T w on the ray
            anchor = int(a.eanchor[i])
            xv[anchor] = xv.get(anchor, 0) + val
            xe[i] = xe.get(i, 0) + cols.T * val
        else:
            xl[i] += val if kind == _LP else -val
    return _combination_certificate(a, k, xv, xe, xl)


def _start_level(arr: _Arrangement, z0f: np.ndarray, lo: int, hi: int) -> int:
    """A level at which to start the point search, probably not below the answer (a heuristic in
    floats; the search checks it): h, the depth-weighted mean of the unit directions from z0 to
    the vertices, separates from z0 every level whose vertices v all have ⟨h, v − z0⟩ > 0 and whose
    rays r all have ⟨h, r⟩ ≥ 0; the least level not so separated, clipped to (lo, hi].  On the
    benchmark's blocks the search then takes 10 pivots instead of 17 (the levels it skips take a
    few pivots each to prove unreachable), and starts too low (and again from hi) on 1 block in 24."""
    with np.errstate(all="ignore"):  # (a vertex whose float cofactor vanished: nan, never "separated")
        V = arr.vfloat - z0f
        U = V / (np.sqrt((V * V).sum(axis=1)) + 1e-300)[:, None]
        h = arr.vdepth @ np.where(np.isfinite(U), U, 0.0)
        worst = arr.vdepth[~(V @ h > 0)].max(initial=lo)
        if arr.n_e:
            worst = max(worst, arr.edepth[~(arr.efloat @ h >= 0)].max(initial=lo))
    return int(min(hi, max(lo + 1, worst)))


def _point_search(arr: _Arrangement, E, f, z0, lo: int, lo_cert, hi: int) -> CDepthResult | None:
    """:func:`_search` at a point subspace {E z = f} = {z0}: one float phase-1 simplex over the level
    LPs' columns added level by level from the deepest, both sides certified exactly.

    At a point the level LP asks whether z0 itself is an (anchored) combination of the level's
    vertices and rays: the columns of level k + 1 are a subset of those of level k, so one phase-1
    simplex (:class:`solvers._phase1.Phase1`) with the columns of each level appended in turn
    finds the first level, from the top, at which z0 is a combination — the value — in a handful
    of pivots, with the basis of the level above still at hand.  Exact: the level above gets the
    Farkas multipliers of its optimal basis (:func:`_point_bound`, checked on every vertex and ray
    of that level); the value gets the exact combination of its feasible basis
    (:func:`_point_certificate`) once a phase 2 has driven the rays out of it (ray points, anchored
    by construction, take their place: :class:`_PointColumns`), or the anchored LP of
    :func:`_maximiser` when they cannot (the closure, not the hull, may reach z0).  None when
    any step does not certify: the caller then runs the general search.  No HiGHS call on the
    common path; the value and the point (z0) are those of the general search, the certificates
    may be other ones.
    """
    cols = _PointColumns.of(arr)
    z0f = np.array([float(v) for v in z0])
    start = _start_level(arr, z0f, lo, hi)
    for top in (start, hi) if start < hi else (hi,):
        run = cols.phase1(z0f)
        value, above = lo, None  # above: the optimal infeasible basis of level value + 1
        for k in range(top, lo, -1):
            run.extend(cols.count(k))
            status = run.run()
            if status is None:
                return None
            if status:
                value = k
                break
            above = list(run.basis)
        if value < top:  # levels above top are out of reach too (the hulls are nested)
            break  # (else z0 is reached at the start level itself: search again from hi)
    upper: LevelBound | str | None = None
    if value < arr.m:
        if value + 1 > arr.max_depth():  # no vertex that deep
            upper = "empty-level"
        else:
            upper = _point_bound(cols, value + 1, above or [], z0, E, np.concatenate([[1.0], z0f]))
            upper = upper or _exact_point_bound(cols, value + 1, z0, E)
        if upper is None:
            return None
    if value == lo:
        best = lo_cert
    else:
        best = None
        rays = any(cols.kind[j] == _E for j in run.support())
        if not rays or (run.minimise(cols.rays) is True and run.objective() <= 1e-9):  # phase 2 drove them out
            best = _point_certificate(cols, value, run.support(), z0)
        best = best or _maximiser(_Level(arr, E, f), value)
    if best is None:
        return None
    return CDepthResult(value, best.point, best, upper, {"vertices": arr.n_v, "rays": arr.n_e, "point": True})


# --------------------------------------------------------------------------- the exact level decision


def _level_tableau(lev: _Level, vs, es) -> tuple[_simplex._Tableau, list[tuple[int, int, int]]]:
    """The level LP over the vertices ``vs``, the rays ``es`` and the lineality as a tableau of the
    exact simplex (:mod:`solvers.lp._simplex`): ``Σ x_j c_j = L_E·(1, f)``, ``x ≥ 0``, where ``c_j``
    is :meth:`_Level.exact_column` (``den_j L_E (1, E v)`` for a vertex, ``den_j L_E (0, E r)`` for
    a ray, ``± den_j L_E (0, E ℓ)`` for a lineality vector), so that the weight of column j is
    ``x_j den_j``.  Returns the tableau (at its artificial start) and, per structural column,
    (kind ``_V``/``_E``/``_LP``/``_LM``, id, den_j)."""
    cols, meta = [], []
    for kind, ids in ((_V, vs), (_E, es)):
        for i in ids.tolist():
            ints, den = lev.exact_column("v" if kind == _V else "e", i)
            cols.append(tuple(ints))
            meta.append((kind, i, den // lev.L_E))
    for t in range(len(lev.arr.lineality)):
        ints, den = lev.exact_column("l", t)
        for kind, s in ((_LP, 1), (_LM, -1)):
            cols.append(tuple(s * v for v in ints))
            meta.append((kind, t, den // lev.L_E))
    T = _simplex._new_tableau(cols, [0] * len(cols), [lev.L_E, *lev.f_L], {})
    return T, meta


def _basic_solution(T: _simplex._Tableau, meta) -> tuple[dict, dict, dict]:
    """The weights ``({vertex: λ}, {ray: μ}, {lineality index: ν})`` of the tableau's basic
    solution (every weight that is not basic is 0)."""
    xv: dict = {}
    xe: dict = {}
    xl: dict = {}
    for r, j in enumerate(T.basis):
        if j < T.n_struct and T.beta[r]:
            kind, i, den = meta[j]
            val = Fraction(T.beta[r] * den, T.D)
            if kind == _V:
                xv[i] = val
            elif kind == _E:
                xe[i] = val
            else:
                xl[i] = xl.get(i, 0) + (val if kind == _LP else -val)
    return xv, xe, xl


def _round_of(lev: _Level, k: int, T: _simplex._Tableau, pi: list[int], shift: int = 0) -> LevelBound:
    """The :class:`LevelBound`-shaped round ``y' = −sign·pi`` (multipliers of the tableau's rows
    ``(1, E·)``, unflipped and negated) with ``shift`` added to its offset: offset ``y'_0 + shift``,
    multipliers ``y'_E``, h = Eᵀ y'_E (integers: the rows' common factor is positive)."""
    y = [-s * v for s, v in zip(T.sign, pi, strict=True)]
    mult = tuple(Fraction(v) for v in y[1:])
    h = tuple(sum((mult[t] * lev.E[t][j] for t in range(len(mult)) if mult[t]), Fraction(0)) for j in range(lev.arr.d))
    return LevelBound(k, h, Fraction(y[0] + shift), mult)


def _decide_level(lev: _Level, k: int) -> HullCertificate | LevelBound | AnchoringBound | str:
    """Whether ConvexHull(D_S(k)) meets the subspace {E z = f}, decided in exact arithmetic alone:
    a :class:`HullCertificate` at level k, or a :class:`LevelBound` / :class:`AnchoringBound`
    (checked by :func:`is_level_bound`; ``"empty-level"`` when no vertex has depth ≥ k).  For the levels the float LPs cannot decide (vertices
    ~1e16 out next to vertices ~1, float cofactors that vanish).

    Stage t works on vertices V_t and rays R_t (V_0, R_0: all of level k).  Phase 1 of the exact
    simplex (:func:`solvers.lp._simplex._phase1`) on the closure LP over them either fails — its
    Farkas multipliers are the :class:`LevelBound` (t = 0) or, shifted to be positive on every
    vertex, the last round of an :class:`AnchoringBound` — or gives a basic solution.  While the
    solutions found use a ray whose anchor has weight in none of them, phase 2 maximises the
    total weight of those anchors: a positive optimum is a new solution; a zero optimum has dual
    multipliers y with ``y0 + ⟨h, v⟩ ≥ 0`` on V_t, ``> 0`` on those anchors, ``⟨h, r⟩ ≥ 0`` on R_t,
    ``y0 + ⟨y_E, f⟩ = 0``: a round of the anchoring chain; V_{t+1} is its zero set (exact signs,
    as the checker computes it), R_{t+1} the rays of R_t anchored in V_{t+1}, and the next stage
    begins.  When every ray used has an anchor used, the average of the solutions is anchored:
    the certificate.  Every stage removes a vertex and every phase 2 adds one, so it ends; the
    lexicographic ratio test makes each simplex run end (:mod:`solvers.lp._simplex`)."""
    a = lev.arr
    vs, es = lev.columns(k)
    if not len(vs):
        return "empty-level"
    rounds: list[LevelBound] = []
    while len(vs):
        T, meta = _level_tableau(lev, vs, es)
        pi = _simplex._phase1(T)
        if pi is not None:  # the closure over (V_t, R_t) misses the subspace
            y_rhs = -sum(s * p * g for s, p, g in zip(T.sign, pi, [lev.L_E, *lev.f_L], strict=True))  # < 0
            if not rounds:  # scaled so that offset + ⟨multipliers, f⟩ = −1
                rd = _round_of(lev, k, T, pi)
                t = Fraction(-y_rhs, lev.L_E)
                return LevelBound(k, tuple(v / t for v in rd.h), rd.offset / t, tuple(v / t for v in rd.multipliers))
            shift = -Fraction(y_rhs, lev.L_E)  # > 0: positive on every vertex, its zero set empty
            rd = _round_of(lev, k, T, pi)
            return AnchoringBound(k, (*rounds, LevelBound(k, rd.h, rd.offset + shift, rd.multipliers)))
        sols = [_basic_solution(T, meta)]
        while True:
            used = {v for xv, _, _ in sols for v, c in xv.items() if c > 0}
            need = {int(a.eanchor[e]) for _, xe, _ in sols for e, c in xe.items() if c > 0} - used
            if not need:
                n = len(sols)
                xv_: dict = {}
                xe_: dict = {}
                xl_ = [Fraction(0)] * len(a.lineality)
                for xv, xe, xl in sols:
                    for v, c in xv.items():
                        xv_[v] = xv_.get(v, 0) + c / n
                    for e, c in xe.items():
                        xe_[e] = xe_.get(e, 0) + c / n
                    for t, c in xl.items():
                        xl_[t] += c / n
                cert = _combination_certificate(lev, k, xv_, xe_, xl_)
                if cert is None:  # pragma: no cover - an average of solutions with every anchor used
                    raise ArithmeticError(f"level {k}: the exact combination does not check")
                return cert
            cost = [-1 if m_[0] == _V and m_[1] in need else 0 for m_ in meta] + [0] * (len(T.cols) - T.n_struct)
            _, _, pi = _simplex._run(T, cost)
            if sum(cost[j] * T.beta[r] for r, j in enumerate(T.basis)) < 0:  # some anchor gets weight
                sols.append(_basic_solution(T, meta))
                continue
            rd = _round_of(lev, k, T, pi)
            rounds.append(rd)
            sv, _, _ = lev._signs(vs, es, rd.offset, rd.h)
            vs = vs[sv == 0]
            es = es[np.isin(a.eanchor[es], vs)]
            break
    return AnchoringBound(k, tuple(rounds))


def _exact_climb(lev: _Level, value: int, best: HullCertificate, hi: int):
    """(value, certificate, upper) once level value + 1 is decided exactly (:func:`_decide_level`):
    unchanged with its proof when it is out of reach, else the largest reachable level by a
    bisection of exact decisions on (value, hi] (the hulls are nested), with its certificate and
    the proof of the level above (``"empty-level"`` above the deepest vertex)."""
    out = _decide_level(lev, value + 1)
    if not isinstance(out, HullCertificate):
        return value, best, out
    a, b, best, bounds = value + 1, hi, out, {}
    while a < b:
        k = (a + b + 1) // 2
        out = _decide_level(lev, k)
        if isinstance(out, HullCertificate):
            a, best = k, out
        else:
            b, bounds[k] = k - 1, out
    if a == lev.arr.m:
        return a, best, None
    return a, best, bounds.get(a + 1) or (_decide_level(lev, a + 1) if a + 1 <= lev.arr.max_depth() else "empty-level")


def _search(arr: _Arrangement, E, f, lo: int, lo_cert, hi: int, point: tuple | None = None) -> CDepthResult:
    """Largest k in [lo, hi] with ConvexHull(D_S(k)) ∩ {E z = f} ≠ ∅ (lo known feasible).

    The binary search runs on the float LPs alone (one per level, kept); only its answer
    is certified exactly (a :class:`HullCertificate` at that level, the exact proof of the
    level above).  Should the exact certificate fail at the level the floats chose, the
    search goes on below it with an exact certificate at every feasible level (the
    original, slower path).  Either way the value is certified on both sides.  ``point``: the
    equations' only solution, when they have exactly one (d independent rows), which opens
    :func:`_point_search`.
    """
    if FAST_PATHS and POINT_PATH and point is not None:
        res = _point_search(arr, E, f, point, lo, lo_cert, hi)
        if res is not None:
            return res
    if FAST_PATHS and E and LP_BACKEND == "highspy":
        res = _scan_search(arr, E, f, lo, lo_cert, hi)
        if res is not None:
            return res
    lev = _Level(arr, E, f)
    floats = {}
    a, b = lo, hi  # invariant (floats): a feasible; levels > b infeasible
    while a < b:
        k = (a + b + 1) // 2
        floats[k] = lev.float_solve(k)
        if floats[k][0]:
            a = k
        else:
            b = k - 1
    best = lo_cert
    if a > lo:
        cert = lev.exact_point(a, *floats[a][1:])
        if cert is not None:
            best = cert
        else:  # the float answer is not certified: exact certificates at every level below it
            hi, a, b = a - 1, lo, a - 1
            while a < b:
                k = (a + b + 1) // 2
                ok, vs, es, lam, mu, M = floats[k] if k in floats else lev.float_solve(k)
                if ok:
                    cert = lev.exact_point(k, vs, es, lam, mu, M)
                    if cert is not None:
                        a, best = k, cert
                        continue
                b = k - 1
    value = a
    upper = None
    info = {"vertices": arr.n_v, "rays": arr.n_e}
    if value < arr.m:
        # the proofs built from float proposals first; where they fail (the float LPs cannot
        # decide level value + 1), the exact decision, which may find that level reachable
        upper = lev.exact_infeasible(value + 1) or lev.anchor_chain(value + 1)
        if upper is None:
            value, best, upper = _exact_climb(lev, value, best, hi)
            info["exact_decision"] = True
    return CDepthResult(value, best.point, best, upper, info)


@checked
def cdepth(constraints: Constraints, z: _Z, *, return_certificate: bool = False, max_work: MaxWork = DEFAULT_MAX_WORK):
    """cdepth_S(z) = max{k : z ∈ ConvexHull(D_S(k))} ([Yan26] Definitions 8–9), exactly.

    Parameters
    ----------
    constraints : (A, w)
        Constraint i is ⟨A_i, z⟩ ≥ w_i.
    z : array_like, shape (d,)
    return_certificate : bool
        Return a :class:`CDepthResult` (value, point, :class:`HullCertificate`
        proving cdepth ≥ value, and the proof that value + 1 is out of reach).
    max_work : int or None, default 10^8
        Refuse with a ``ValueError`` (the estimate and this keyword in the message) when
        the arrangement's C(m, r) vertex subsets times m constraints exceed it;
        ``None`` lifts the limit.

    Returns
    -------
    int (or CDepthResult)

    Notes
    -----
    cdepth ≥ depth (z ∈ D_S(depth(z))), and the search starts there.  Cost: the
    arrangement's vertices (module docstring) and O(log m) small LPs.

    Examples
    --------
    >>> cdepth(([[1], [-1]], [0, -1]), [0.5])   # 0 <= z <= 1: depth 2 on [0, 1]
    2
    >>> cdepth(([[1], [-1]], [1, 0]), [0.5])    # z >= 1 or z <= 0: hull of both is R
    1
    """
    Aq, wq, m, d = _as_constraints(constraints)
    check_arrangement_work(m, _arrangement_rank(Aq, wq, d), max_work, "cdepth")
    zq = within_floats(_as_rational_vector(z, "z", d), "z")  # the level search works on its floats
    dz = _depth_exact(Aq, wq, zq)
    cert0 = HullCertificate(dz, tuple(zq), ((Fraction(1), tuple(zq)),))
    arr = _arrangement(Aq, wq, d)
    if dz >= arr.max_depth():
        res = CDepthResult(dz, tuple(zq), cert0, "empty-level" if dz < m else None)
    else:
        E = [tuple(Fraction(int(i == j)) for j in range(d)) for i in range(d)]
        res = _search(arr, E, list(zq), dz, cert0, arr.max_depth(), point=tuple(zq))
        res = CDepthResult(
            res.value,
            tuple(zq),
            HullCertificate(
                res.value, tuple(zq), res.certificate.points, res.certificate.rays, res.certificate.lineality
            ),
            res.upper,
            res.info,
        )
    return res if return_certificate else res.value


def _cdepth_hull_only(constraints, z) -> CDepthResult:
    """cdepth by the hull LPs alone: the search starts at level 0 and never uses depth(z)
    (for claims that compare cdepth with depth without assuming cdepth ≥ depth)."""
    Aq, wq, m, d = _as_constraints(constraints)
    zq = tuple(_as_rational_vector(z, "z", d))
    arr = _arrangement(Aq, wq, d)
    cert0 = HullCertificate(0, zq, ((Fraction(1), zq),))
    if arr.r == 0:
        return cdepth(constraints, z, return_certificate=True)
    E = [tuple(Fraction(int(i == j)) for j in range(d)) for i in range(d)]
    return _search(arr, E, list(zq), 0, cert0, m, point=zq)


def _all_satisfied_point(Aq, wq, d, subspace):
    """An exact z in the subspace satisfying every constraint (depth m), or None.

    A float LP maximises the common slack t of ⟨A_i, z⟩ − t ≥ w_i over z = p + Bᵀu (the
    subspace's exact parametrisation; ``None`` = ℝ^d) in a box; u is rounded to its exact
    binary value, z computed and every constraint checked in rational arithmetic.  None
    whenever that fails (the caller then runs the exact level search).
    """
    if subspace is None:
        p, B = tuple(Fraction(0) for _ in range(d)), [tuple(Fraction(int(i == j)) for j in range(d)) for i in range(d)]
    elif hasattr(subspace, "basis") and hasattr(subspace, "point"):
        p, B = tuple(subspace.point), list(subspace.basis)
    else:
        return None
    r = len(B)
    if r == 0:
        z = p
    else:
        Af = np.array([[float(x) for x in a] for a in Aq])
        Bf = np.array([[float(x) for x in b] for b in B]).reshape(r, d)
        pf = np.array([float(x) for x in p])
        wf = np.array([float(x) for x in wq])
        M = Af @ Bf.T
        rhs = wf - Af @ pf
        scale = np.maximum(np.abs(M).max(axis=1), np.abs(rhs)) + 1.0
        # -(M u)/s + t <= -rhs/s ; maximise t <= 1
        Aub = np.hstack([-M / scale[:, None], np.ones((len(Aq), 1))])
        res = _linprog(
            np.concatenate([np.zeros(r), [-1.0]]), Aub, -rhs / scale, None, None, [(-1e6, 1e6)] * r + [(None, 1.0)]
        )
        if res.status != 0 or res.x[-1] <= 1e-9:
            return None
        ux = _small_satisfying_point(M / scale[:, None], rhs / scale, min(1e-3, res.x[-1] / 2))
        u = [Fraction(float(v)) for v in (res.x[:r] if ux is None else ux)]
        zl = list(p)
        for ui, b in zip(u, B, strict=True):
            if ui:
                zl = [a + ui * c for a, c in zip(zl, b, strict=True)]
        z = tuple(zl)
    if _depth_exact(Aq, wq, z) != len(Aq):
        return None
    return z


def _small_satisfying_point(M, rhs, tau):
    """argmin ‖u‖₁ subject to M u ≥ rhs + tau (float LP, u = u⁺ − u⁻), or None.

    The max-slack LP of :func:`_all_satisfied_point` ends on its box (the constraints of
    the margin form are invariant under scaling up), which gives maximisers of norm
    ~10⁶; this second LP picks the satisfying point of least ℓ1 norm with a slack ``tau``
    kept so that the exact check still passes.  Any point it returns is re-checked
    exactly by the caller.
    """
    n, r = M.shape
    A = np.hstack([-M, M])
    res = _linprog(np.ones(2 * r), A, -(rhs + tau), None, None, [(0.0, 1e6)] * (2 * r))
    if res.status != 0:
        return None
    return res.x[:r] - res.x[r:]


@checked
def max_cdepth(
    constraints: Constraints, subspace: _Subspace = None, *, max_work: MaxWork = DEFAULT_MAX_WORK
) -> CDepthResult:
    """A maximiser of cdepth_S over an affine subspace (G_halfspace, [Yan26] Algorithm 4, step 2).

    The level sets are nested, so max_{z ∈ V} cdepth_S(z) = max{k : ConvexHull(D_S(k)) ∩ V
    ≠ ∅}; a binary search over k runs one float LP per level (module docstring), and the
    answer is certified exactly on both sides; a level the float LPs cannot decide is
    decided in exact arithmetic (and the search goes on upwards when it is reachable).

    Parameters
    ----------
    constraints : (A, w)
        Constraint i is ⟨A_i, z⟩ ≥ w_i, A of shape (m, d).
    subspace : solvers.affine.AffineSubspace or (E, f) or None
        The affine subspace {z : E z = f} (``None``: all of ℝ^d).
    max_work : int or None, default 10^8
        Refuse with a ``ValueError`` (the estimate and this keyword in the message) when
        the arrangement's C(m, r) vertex subsets times m constraints exceed it (30
        constraints in ℝ^10: ~10^10); ``None`` lifts the limit.

    Returns
    -------
    CDepthResult
        ``.point`` (exact, in the subspace), ``.value`` (exact maximum),
        ``.certificate`` (:class:`HullCertificate`: the convex combination of level-set
        vertices and anchored rays equal to the point), ``.upper`` (why value + 1 is
        impossible).

    Raises
    ------
    ValueError
        If the subspace is empty or of the wrong ambient dimension.

    Examples
    --------
    >>> r = max_cdepth(([[1], [-1], [1]], [0, -1, 2]))
    >>> r.value, r.point
    (2, (Fraction(0, 1),))
    """
    Aq, wq, m, d = _as_constraints(constraints)
    E, f = _subspace_equations(subspace, d)
    if subspace is not None and getattr(subspace, "is_empty", False):
        raise ValueError("subspace: is empty")
    # a point of the subspace and its depth: the search's known-feasible start

    if E and hasattr(subspace, "point") and hasattr(subspace, "basis"):
        z0 = tuple(subspace.point)
    elif E:
        p = feasible_point([], [], E, f)
        if not p.feasible or p.point is None:
            raise ValueError("subspace: the equations E z = f have no solution")
        z0 = tuple(p.point)
    else:
        z0 = tuple(Fraction(0) for _ in range(d))
    d0 = _depth_exact(Aq, wq, z0)
    cert0 = HullCertificate(d0, z0, ((Fraction(1), z0),))
    if d0 == m:
        return CDepthResult(d0, z0, cert0, None)
    if FAST_PATHS and m and getattr(subspace, "dim", None) != 0:  # (a point: z0 alone, depth d0 < m)
        z = _all_satisfied_point(Aq, wq, d, subspace)
        if z is not None:  # depth(z) = m, so cdepth(z) = m = the maximum: one LP, no arrangement
            return CDepthResult(m, z, HullCertificate(m, z, ((Fraction(1), z),)), None, {"fast_path": "realisable"})
    # the exact level search enumerates the arrangement: estimate its size before building it
    key = _key(Aq, wq, d)
    check_arrangement_work(m, _arrangement_rank(Aq, wq, d, key), max_work, "max_cdepth")
    arr = _arrangement(Aq, wq, d, key)
    if d0 >= arr.max_depth():
        return CDepthResult(d0, z0, cert0, "empty-level" if d0 < m else None)
    point = getattr(subspace, "dim", None) == 0 or (
        not hasattr(subspace, "dim") and len(E) == d and _rank_and_pivots(E, d)[0] == d
    )
    return _search(arr, E, f, d0, cert0, arr.max_depth(), point=z0 if point else None)


@checked
def max_depth_brute(constraints: Constraints) -> int:
    """max over ℝ^d of depth_S ([Yan26] Definition 9) by brute force: a reference for :func:`max_cdepth`.

    The largest k such that some k of the constraints have a common point, tried from k = m
    downwards with one exact LP (:func:`solvers.lp.feasible_point`) per k-subset: exponential
    in m, for checking the certified search on small systems.

    Parameters
    ----------
    constraints : (A, w)
        A of shape (m, d), w of shape (m,); ints, floats (exact binary value), Fractions.

    Returns
    -------
    int
        The maximum depth, in 0..m (0 only when there are no constraints).
    """
    Aq, wq, m, _d = _as_constraints(constraints)
    for k in range(m, 0, -1):
        for T in itertools.combinations(range(m), k):
            if feasible_point([[-v for v in Aq[i]] for i in T], [-wq[i] for i in T]).feasible:
                return k
    return 0
