"""Margins of halfspaces on {−1, 1}^d, exactly; decision lists and point functions as halfspaces.

M. Bun, W. Fang, *Privately Learning Decision Lists and a Differentially
Private Winnow* [BF26]:

* §2 "Large-Margin Halfspaces": a weight vector v with ‖v‖₁ = 1 has margin ρ on a labelled
  set when y⟨v, x⟩ ≥ ρ for every example.  :func:`margin` evaluates it (exactly, in
  rationals, or vectorised in floats); :func:`best_margin` computes

      ρ* = max ρ  s.t.  y_i ⟨v, x_i⟩ ≥ ρ (all i),  ‖v‖₁ = 1

  as the linear programme over (v⁺, v⁻, ρ) with v = v⁺ − v⁻, v⁺, v⁻ ≥ 0,
  Σ v⁺ + Σ v⁻ = 1, solved **exactly** by :func:`solvers.lp.maximize`, with its dual
  certificate; :func:`is_best_margin` re-checks it.  (Splitting v makes ‖v‖₁ linear: any
  feasible (v⁺, v⁻) gives ‖v⁺ − v⁻‖₁ ≤ 1 and rescaling to norm 1 only raises a positive
  margin, so a positive LP value *is* the best margin.  v⁺ = v⁻ gives v = 0 and ρ = 0, so
  the LP value is max(0, best margin): 0 means "not strictly separable through the
  origin", and then v may be 0.  With ``nonnegative=True`` v⁻ = 0 and the value is the
  best non-negative margin, negative ones included.)
* Lemma 4.10: a (monotone) 1-decision list of length r with D alternations is a halfspace
  over d + 1 variables (the extra one the constant 1) with margin Ω(1/r^D):
  :func:`decision_list_halfspace` builds it explicitly.
* §4.3 the map to 2d coordinates with a non-negative weight vector:
  :func:`nonnegative_embedding`.
* §4.4 point functions over [T] as margin-1 halfspaces in dimension T:
  :func:`point_function_embedding` (see its note on the sign).

Labels
------
Here labels are in {−1, +1} (the paper's halfspace convention sgn⟨v, x⟩), unlike the
rest of :mod:`solvers` (0/1); :func:`as_sign_labels` converts 0/1 input explicitly only
when asked.
"""

from __future__ import annotations

import itertools
import math
import numbers
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

import numpy as np

from solvers._checks import as_array, as_positions
from solvers._domains import Check, Interval, Joint, checked
from solvers._rational import rational_vector
from solvers.lp import OptimizeResult, is_optimize_certificate, maximize

__all__ = [
    "as_sign_points",
    "as_sign_labels",
    "margin",
    "MarginResult",
    "best_margin",
    "is_best_margin",
    "hypercube",
    "decision_list_alternations",
    "feature_points",
    "decision_list_values",
    "decision_list_halfspace",
    "nonnegative_embedding",
    "point_function_embedding",
]


# --------------------------------------------------------------------------- validation
def as_sign_points(X, name: str = "X") -> np.ndarray:
    """Validate an (n, d) matrix with entries in {−1, 1}; return it as ``int8``.

    Parameters
    ----------
    X : array_like, shape (n, d)
        Points with entries in {−1, 1}.
    name : str, default "X"
        Parameter name used in error messages.

    Returns
    -------
    numpy.ndarray of int8, shape (n, d)

    Raises
    ------
    ValueError
        Not 2-D, d = 0, NaN, or an entry other than ±1 (the message names the entry).
    """
    arr = as_array(X, name)
    if arr.ndim == 1:
        arr = arr[None, :]
    if arr.ndim != 2 or arr.shape[1] == 0:
        raise ValueError(
            f"{name}: expected an (n, d) matrix of points in {{-1,1}}^d with d >= 1, got shape {arr.shape}"
        )
    if arr.dtype.kind not in "biuf":
        raise ValueError(f"{name}: expected numeric entries in {{-1, 1}}, got dtype {arr.dtype}")
    if arr.size and (
        arr.min() < -1 or arr.max() > 1 or (arr == 0).any() or (arr.dtype.kind == "f" and (arr != np.round(arr)).any())
    ):
        bad = (arr != 1) & (arr != -1)
        i, j = np.argwhere(bad)[0]
        raise ValueError(f"{name}: points must lie in {{-1,1}}^d, got {arr[i, j].item()!r} at ({i}, {j})")
    return arr.astype(np.int8, copy=False)


def as_sign_labels(y, n: int | None = None, name: str = "y", *, from01: bool = False) -> np.ndarray:
    """Validate labels in {−1, +1} (or in {0, 1} when ``from01``: 1 ↦ +1, 0 ↦ −1); ``int8``.

    Parameters
    ----------
    y : array_like, shape (n,)
        Labels in {−1, +1} (or {0, 1} with ``from01``).
    n : int, optional
        Required length.
    name : str, default "y"
        Parameter name used in error messages.
    from01 : bool, default False
        Read {0, 1} labels and map them to ∓1.

    Returns
    -------
    numpy.ndarray of int8, shape (n,)
        Labels in {−1, +1}.
    """
    arr = as_array(y, name)
    if arr.ndim == 0:
        arr = arr[None]
    if arr.ndim != 1:
        raise ValueError(f"{name}: expected a 1-D label vector, got shape {arr.shape}")
    if arr.size and arr.dtype.kind not in "biuf":  # None, strings, objects: never compared to ±1
        raise TypeError(f"{name}: labels must be numbers in {{-1, 1}}, got dtype {arr.dtype}")
    if n is not None and arr.shape[0] != n:
        raise ValueError(f"{name}: expected {n} labels (one per point), got {arr.shape[0]}")
    allowed = (0, 1) if from01 else (-1, 1)
    bad = (arr != allowed[0]) & (arr != allowed[1])
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"{name}: labels must lie in {set(allowed)}, got {arr[i].item()!r} at index {i}")
    arr = arr.astype(np.int8)
    return (2 * arr - 1).astype(np.int8) if from01 else arr


def _fraction(v, name: str) -> Fraction:
    if isinstance(v, (bool, np.bool_)):
        raise TypeError(f"{name}: booleans are not weights, got {v!r}")
    if isinstance(v, numbers.Rational):
        return Fraction(int(v.numerator), int(v.denominator))
    if isinstance(v, (numbers.Real, np.floating)):
        f = float(v)
        if not np.isfinite(f):
            raise ValueError(f"{name}: weights must be finite, got {v!r}")
        return Fraction(f)
    raise TypeError(f"{name}: expected a real number, got {type(v).__name__}")


def _weights(v, d: int, name: str = "v") -> list[Fraction]:
    vals = list(v)
    if len(vals) != d:
        raise ValueError(f"{name}: expected {d} weights (one per coordinate), got {len(vals)}")
    out = [_fraction(x, f"{name}[{j}]") for j, x in enumerate(vals)]
    if all(x == 0 for x in out):
        raise ValueError(f"{name}: the zero vector has no margin (‖v‖₁ = 0)")
    return out


# --------------------------------------------------------------------------- margins
_SignPoints = Annotated[Any, Check(as_array), Check(as_sign_points, kind="array")]
_Weights = Annotated[Any, Check(rational_vector), Joint("one weight per coordinate of X, not all zero", kind="array")]
_SignLabels = Annotated[Any, Check(as_array), Joint("one label in {-1, 1} per row of X", kind="signs")]
_Bits = Annotated[
    Any, Check(as_array), Check(as_sign_labels), Joint("len(variables) + 1 output bits in {-1, 1}", kind="signs")
]
_Variables = Annotated[
    Any, Check(as_positions), Joint("distinct coordinates in [0, d), one fewer than signs", kind="indices")
]


@checked
def margin(v: _Weights, X: _SignPoints, y: _SignLabels, *, exact: bool = True):
    """Margin of v on the labelled set: min_i y_i ⟨v, x_i⟩ / ‖v‖₁.

    Parameters
    ----------
    v : sequence of real numbers (ints, Fractions, floats at their exact binary value)
    X : array_like, shape (n, d), entries ±1
    y : array_like, shape (n,), labels ±1
    exact : bool
        True: a :class:`fractions.Fraction`; False: a float computed with numpy.

    Returns
    -------
    Fraction or float
        Positive iff sgn⟨v, ·⟩ classifies every example correctly with margin.

    Examples
    --------
    >>> margin([1, 1, 0], [[1, 1, -1], [-1, -1, 1]], [1, -1])
    Fraction(1, 1)
    >>> margin([2, -1], [[1, 1]], [1])
    Fraction(1, 3)
    """
    Xs = as_sign_points(X)
    ys = as_sign_labels(y, Xs.shape[0])
    if Xs.shape[0] == 0:
        raise ValueError("X: the margin of an empty set is undefined (need n >= 1)")
    if not exact:
        w = np.asarray(v, dtype=np.float64)
        if w.shape != (Xs.shape[1],):
            raise ValueError(f"v: expected {Xs.shape[1]} weights, got shape {w.shape}")
        norm = np.abs(w).sum()
        if norm == 0:
            raise ValueError("v: the zero vector has no margin (‖v‖₁ = 0)")
        return float((ys * (Xs @ w)).min() / norm)
    wq = _weights(v, Xs.shape[1])
    den = math.lcm(*(x.denominator for x in wq))
    wi = [int(x * den) for x in wq]  # integer weights, same direction
    vals = [
        int(yy) * sum(int(a) * b for a, b in zip(row, wi, strict=False) if b)
        for row, yy in zip(Xs.tolist(), ys.tolist(), strict=False)
    ]
    return Fraction(min(vals), sum(abs(b) for b in wi))


@checked
@dataclass(frozen=True)
class MarginResult:
    """The best ℓ1 margin of a labelled set and its exact certificate.

    Attributes
    ----------
    rho : Fraction
        ρ* = max over ‖v‖₁ = 1 of min_i y_i⟨v, x_i⟩ when that is positive (or when
        ``nonnegative``); otherwise 0 (the LP's v = 0).  ρ* > 0 iff the set is strictly
        separable by a halfspace through the origin.
    v : tuple of Fraction
        An optimal weight vector; ‖v‖₁ = 1 and margin(v) == rho whenever rho > 0 or
        ``nonnegative``.
    lp : OptimizeResult
        The exact LP answer over (v⁺, v⁻, ρ) with dual multipliers (strong duality).
    nonnegative : bool
        Whether v was restricted to v >= 0.
    """

    rho: Fraction
    v: tuple
    lp: OptimizeResult
    nonnegative: bool = False

    @property
    def separable(self) -> bool:
        return self.rho > 0


def _margin_lp(Xs: np.ndarray, ys: np.ndarray, nonnegative: bool = False):
    """(c, A_ub, b_ub, A_eq, b_eq) of the best-margin LP over z = (v⁺, v⁻, ρ)
    (``nonnegative``: v⁻ is fixed to 0 by its bounds, so v = v⁺ >= 0)."""
    n, d = Xs.shape
    yx = (ys[:, None] * Xs).astype(np.int64)
    # -y<v+ - v-, x> + rho <= 0 ;  -v+ <= 0 ; -v- <= 0 (and v- <= 0 when nonnegative)
    top = np.hstack([-yx, yx, np.ones((n, 1), dtype=np.int64)])
    if nonnegative:
        top = np.vstack(
            [
                top,
                np.hstack(
                    [np.zeros((d, d), dtype=np.int64), np.eye(d, dtype=np.int64), np.zeros((d, 1), dtype=np.int64)]
                ),
            ]
        )
    nonneg = np.hstack([-np.eye(2 * d, dtype=np.int64), np.zeros((2 * d, 1), dtype=np.int64)])
    A_ub = np.vstack([top, nonneg])
    b_ub = np.zeros(A_ub.shape[0], dtype=np.int64)
    A_eq = np.hstack([np.ones((1, 2 * d), dtype=np.int64), np.zeros((1, 1), dtype=np.int64)])
    b_eq = np.ones(1, dtype=np.int64)
    c = np.zeros(2 * d + 1, dtype=np.int64)
    c[-1] = 1
    return c, A_ub, b_ub, A_eq, b_eq


@checked
def best_margin(X: _SignPoints, y: _SignLabels, *, nonnegative: bool = False) -> MarginResult:
    """Exact best ℓ1 margin max{ρ : y_i⟨v, x_i⟩ ≥ ρ, ‖v‖₁ = 1} ([BF26] §2).

    Solved by :func:`solvers.lp.maximize` on the split v = v⁺ − v⁻; duplicate examples
    are merged first (they give the same constraint).

    Parameters
    ----------
    X : array_like, shape (n, d), entries ±1 (n >= 1)
    y : array_like, shape (n,), labels ±1
    nonnegative : bool
        Restrict to v >= 0, the target class of Lemma 4.2 / DP-Winnow (realisability of an
        online sequence with margin ρ means ``best_margin(X, y, nonnegative=True).rho >= ρ``).

    Returns
    -------
    MarginResult
        Check it with :func:`is_best_margin`.

    Examples
    --------
    >>> r = best_margin([[1, 1], [1, -1], [-1, 1], [-1, -1]], [1, 1, -1, -1])
    >>> r.rho, r.v
    (Fraction(1, 1), (Fraction(1, 1), Fraction(0, 1)))
    >>> best_margin([[1, 1], [-1, -1]], [1, 1]).rho  # x and -x with the same label
    Fraction(0, 1)
    """
    Xs = as_sign_points(X)
    ys = as_sign_labels(y, Xs.shape[0])
    if Xs.shape[0] == 0:
        raise ValueError("X: the best margin of an empty set is unbounded (need n >= 1)")
    Z = np.unique(ys[:, None] * Xs, axis=0)  # y x is all that matters
    ones = np.ones(Z.shape[0], dtype=np.int8)
    c, A_ub, b_ub, A_eq, b_eq = _margin_lp(Z, ones, nonnegative)
    res = maximize(c, A_ub, b_ub, A_eq, b_eq)
    if res.status != "optimal":  # cannot happen: the LP is feasible and rho <= 1
        raise AssertionError(f"best-margin LP returned {res.status}")
    d = Xs.shape[1]
    p, value = res.point, res.value
    assert p is not None and value is not None  # an optimal result carries both
    v = tuple(p[j] - p[d + j] for j in range(d))
    return MarginResult(value, v, res, bool(nonnegative))


@checked
def is_best_margin(X: _SignPoints, y: _SignLabels, result: MarginResult) -> bool:
    """Exact check of :func:`best_margin`: the LP certificate (optimal point and dual with
    equal values) is valid for this labelled set, ``v`` is the point's v⁺ − v⁻ with
    ‖v‖₁ = 1, and margin(v) == rho.

    Parameters
    ----------
    X : array_like, shape (n, d)
        Points in {−1, 1}^d.
    y : array_like, shape (n,)
        Labels in {−1, +1}.
    result : MarginResult
        The answer of :func:`best_margin` to check.

    Returns
    -------
    bool
        Whether ``result`` is certified optimal for this labelled set.
    """
    Xs = as_sign_points(X)
    ys = as_sign_labels(y, Xs.shape[0])
    Z = np.unique(ys[:, None] * Xs, axis=0)
    c, A_ub, b_ub, A_eq, b_eq = _margin_lp(Z, np.ones(Z.shape[0], dtype=np.int8), result.nonnegative)
    if result.lp.status != "optimal" or not is_optimize_certificate(c, A_ub, b_ub, A_eq, b_eq, result.lp):
        return False
    d = Xs.shape[1]
    p = result.lp.point
    if p is None:
        return False
    v = tuple(Fraction(p[j]) - Fraction(p[d + j]) for j in range(d))
    if v != tuple(result.v) or result.rho != result.lp.value:
        return False
    if result.rho <= 0 and not result.nonnegative:
        return result.rho == 0  # v = v+ - v- may be 0: nothing more to check
    return sum(abs(x) for x in v) == 1 and margin(v, Xs, ys) == result.rho


# --------------------------------------------------------------------------- Lemma 4.10
@checked
def hypercube(d: Annotated[int, Interval(ge=1, le=20)]) -> np.ndarray:
    """All 2^d points of {−1, 1}^d as a (2^d, d) ``int8`` matrix (d <= 20).

    Parameters
    ----------
    d : int, 0 <= d <= 20
        Dimension.

    Returns
    -------
    numpy.ndarray of int8, shape (2**d, d)
    """
    if not isinstance(d, numbers.Integral) or not 1 <= d <= 20:
        raise ValueError(f"d: expected an integer in [1, 20], got {d!r}")
    return np.array(list(itertools.product((-1, 1), repeat=int(d))), dtype=np.int8)


def _as_sign_list(variables, signs, d: int):
    var = [int(j) for j in variables]
    bits = [int(b) for b in signs]
    if len(bits) != len(var) + 1:
        raise ValueError(
            f"signs: expected len(variables) + 1 = {len(var) + 1} output bits "
            f"(the last is the default), got {len(bits)}"
        )
    if any(b not in (-1, 1) for b in bits):
        raise ValueError(f"signs: output bits must be ±1, got {bits}")
    if any(not 0 <= j < d for j in var):
        raise ValueError(f"variables: indices must lie in [0, {d}), got {var}")
    if len(set(var)) != len(var):
        raise ValueError(f"variables: a variable may appear once in a decision list, got {var}")
    return var, bits


@checked
def decision_list_alternations(signs: Annotated[Any, Check(as_array), Check(as_sign_labels, kind="signs")]) -> int:
    """D = the number of i with b_i ≠ b_{i+1} in the output bits (b_1, …, b_r), default included.

    Parameters
    ----------
    signs : sequence of ±1
        The output bits b_1, …, b_r (the default's bit last).

    Returns
    -------
    int
        The number of adjacent pairs with different bits.
    """
    b = list(signs)
    return sum(1 for a, c in zip(b, b[1:], strict=False) if a != c)


@checked
def decision_list_values(variables: _Variables, signs: _Bits, X: _SignPoints) -> np.ndarray:
    """Evaluate the monotone 1-decision list "if x_{v1} then b_1 elif … else b_r" on X ∈ {−1,1}^d.

    A variable is *true* when its coordinate is +1.  Returns labels ±1 (``int8``).

    Parameters
    ----------
    variables : sequence of int
        The tested coordinates v_1, …, v_{r−1}.
    signs : sequence of ±1
        The output bits b_1, …, b_r (one more than ``variables``: the default's bit last).
    X : array_like, shape (n, d)
        Points in {−1, 1}^d.

    Returns
    -------
    numpy.ndarray of int8, shape (n,)
        The list's label ±1 for each point.
    """
    Xs = as_sign_points(X)
    var, bits = _as_sign_list(variables, signs, Xs.shape[1])
    out = np.full(Xs.shape[0], bits[-1], dtype=np.int8)
    for j, b in zip(reversed(var), reversed(bits[:-1]), strict=False):
        out[Xs[:, j] == 1] = b
    return out


@checked
def decision_list_halfspace(variables: _Variables, signs: _Bits, d: Annotated[int, Interval(ge=1, le=10**6)]) -> tuple:
    """Lemma 4.10 ([BF26]; Blum–Singh, Dhagat–Hellerstein, Valiant): the halfspace over
    d + 1 variables (coordinate d is the constant 1) computing the monotone 1-decision list
    "if x_{v1} then b_1 elif x_{v2} then b_2 … else b_r".

    Construction (explicit, integer): split the terms (default included) into maximal runs
    of equal output bit.  A term in run k gets the weight W_k = 1 + Σ (weights of all later
    terms whose bit differs from run k), terms of the last run weight 1.  With Boolean
    z_j = (1 + x_j)/2 the integer form Σ_i b_i W_i z_{v_i} + b_r W_r has |value| ≥ 1 and
    the sign of the first true term; in ±1 coordinates it is ⟨v, (x, 1)⟩ with
    v_{v_i} = b_i W_i / 2 and v_d = Σ_i b_i W_i / 2 + b_r W_r.  Its margin is therefore at
    least 1/‖v‖₁; :func:`best_margin` on the full cube gives the optimum to compare with.

    Parameters
    ----------
    variables : sequence of int
        The tested coordinates v_1, …, v_{r−1}.
    signs : sequence of ±1
        The output bits b_1, …, b_r (the default's bit last).
    d : int
        Number of variables.

    Returns
    -------
    tuple of Fraction, length d + 1 (normalised to ‖v‖₁ = 1)
    """
    if not isinstance(d, numbers.Integral) or d < 1:
        raise ValueError(f"d: expected a positive integer, got {d!r}")
    var, bits = _as_sign_list(variables, signs, int(d))
    r = len(bits)
    W = [0] * r
    for i in range(r - 1, -1, -1):
        j = i
        while j + 1 < r and bits[j + 1] == bits[i]:
            j += 1  # end of i's run
        W[i] = 1 + sum(W[k] for k in range(j + 1, r) if bits[k] != bits[i])
    v = [Fraction(0)] * (int(d) + 1)
    for j, b, w in zip(var, bits[:-1], W[:-1], strict=False):
        v[j] = Fraction(b * w, 2)
    v[d] = sum((Fraction(b * w, 2) for b, w in zip(bits[:-1], W[:-1], strict=False)), Fraction(0)) + bits[-1] * W[-1]
    norm = sum(abs(x) for x in v)
    return tuple(x / norm for x in v)


@checked
def feature_points(
    Phi: Annotated[Any, Check(as_array), Joint("a 2-D 0/1 feature matrix (checked in the body)", kind="array")],
) -> np.ndarray:
    """Lemma 4.10 for F-decision lists ([BF26] Theorem 4.12): the points (φ(x), 1) in ±1 form.

    An F-decision list "if φ_{v1}(x) then b_1 elif … else b_r" is the monotone 1-decision
    list over the feature coordinates z_f = φ_f(x), so with z in ±1 form (true = +1) the
    halfspace :func:`decision_list_halfspace` (``variables`` = feature indices,
    ``d = |F|``) computes it on the points returned here, with the same margin.

    Parameters
    ----------
    Phi : array_like, shape (n, |F|), entries 0/1
        Feature matrix Φ[i, f] = φ_f(x_i).

    Returns
    -------
    numpy.ndarray, shape (n, |F| + 1), ``int8``
        2Φ − 1 with a last column of ones (the constant coordinate).

    Examples
    --------
    >>> feature_points([[1, 0], [0, 0]]).tolist()
    [[1, -1, 1], [-1, -1, 1]]
    """
    P = np.asarray(Phi)
    if P.ndim != 2 or (P.size and ((P != 0) & (P != 1)).any()):
        raise ValueError(f"Phi: expected a 2-D 0/1 feature matrix, got shape {P.shape}")
    Z = 2 * P.astype(np.int8) - 1
    return np.hstack([Z, np.ones((Z.shape[0], 1), dtype=np.int8)])


# --------------------------------------------------------------------------- §4.3, §4.4
@checked
def nonnegative_embedding(
    v: Annotated[Any, Check(rational_vector), Joint("real weights, one per column of X", kind="array")],
    X: Annotated[Any, Check(as_array), Joint("±1 points with len(v) columns", kind="array")] = None,
):
    """§4.3's map to 2d coordinates with non-negative weights.

    w'_i = |w_i| if i ≤ d and w_i ≥ 0;  w'_i = |w_{i−d}| if i > d and w_{i−d} < 0; else 0,
    and z = (x, −x).  Then ⟨w', z⟩ = ⟨w, x⟩ and ‖w'‖₁ = ‖w‖₁, so margins are preserved.

    Parameters
    ----------
    v : sequence of reals, length d
    X : optional (n, d) ±1 points

    Returns
    -------
    w' (tuple of Fraction) and, if X is given, Z = [X, −X] (``int8``, shape (n, 2d)).

    (The paper writes the second case as "i > d, w_i < 0"; the index meant is i − d.)
    """
    w = [_fraction(x, f"v[{j}]") for j, x in enumerate(v)]
    wp = tuple([x if x >= 0 else Fraction(0) for x in w] + [-x if x < 0 else Fraction(0) for x in w])
    if X is None:
        return wp
    Xs = as_sign_points(X)
    if Xs.shape[1] != len(w):
        raise ValueError(f"X: expected {len(w)} columns to match v, got {Xs.shape[1]}")
    return wp, np.hstack([Xs, -Xs])


@checked
def point_function_embedding(T: Annotated[int, Interval(ge=1, le=2**14)], *, paper_sign: bool = False):
    """§4.4: point functions p_t(x) = 1 ⟺ x = t over [T] as margin-1 halfspaces in dimension T.

    The paper maps x to (1, …, 1, −1, 1, …, 1) (−1 at coordinate x) and p_t to e_t.  Then
    ⟨e_t, z_x⟩ = −1 exactly when x = t, i.e. sgn⟨e_t, z_x⟩ = −p_t(x): the paper's map
    computes the *negation* of p_t (``paper_sign=True`` returns it as written).  The
    default flips the points, z_x = (−1, …, −1, +1, −1, …, −1), which keeps the weight
    vector e_t non-negative (as DP-Winnow needs) and gives sgn⟨e_t, z_x⟩ = p_t(x) with
    margin exactly 1.

    Parameters
    ----------
    T : int >= 1
        Size of the domain [T].
    paper_sign : bool, default False
        Return the paper's map as written (it computes the negation of p_t).

    Returns
    -------
    Z : ``int8`` (T, T), row x is z_x;  V : ``int8`` (T, T), row t is the weight vector of p_t.
    """
    if not isinstance(T, numbers.Integral) or T < 1:
        raise ValueError(f"T: expected a positive integer, got {T!r}")
    T = int(T)
    Z = np.ones((T, T), dtype=np.int8) - 2 * np.eye(T, dtype=np.int8)
    if not paper_sign:
        Z = -Z
    return Z, np.eye(T, dtype=np.int8)
