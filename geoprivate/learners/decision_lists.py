"""F-decision lists, Rivest's learner and DP-GreedyCover ([BF26] §3 and App. A).

M. Bun, W. Fang, *Privately Learning Decision Lists and a Differentially
Private Winnow* [BF26].

Objects
-------
* A *feature set* F is a list of Boolean functions of x ∈ {0,1}^d; here it is a
  :class:`FeatureSet` that turns an (n, d) 0/1 matrix into the (n, |F|) 0/1 *feature
  matrix* Φ (Φ[i, f] = f(x_i)).  :func:`literals` (x_j and ¬x_j), :func:`conjunctions`
  (all conjunctions of ≤ k literals, Corollary A.8; |C_d^k| ≤ e² d^k is Proposition A.9,
  see :func:`conjunction_count`) and :func:`FeatureSet.from_matrix` ("any feature
  matrix": Φ given directly).
* An F-decision list [(f_1, b_1), …, (f_m, b_m), (T, b_{m+1})] (§2; T the constant true
  function) is a :class:`DecisionList` of feature indices (``TRUE = -1`` is T) and bits;
  :meth:`DecisionList.predict` evaluates it on Φ, vectorised.

Algorithms
----------
* :func:`rivest` — Rivest's consistent learner (the non-private ERM of §1.1): any term
  (f, b) whose covered remaining examples all have label b.  Returns a consistent list or
  raises :class:`NotRealizableError` carrying a certificate that no F-decision list is
  consistent (:func:`is_inconsistency_certificate`).
* :func:`dp_greedy_cover` — Algorithm 3.1 (DP-GreedyCover), quality
  q(S_j, (f, b)) = −#_{f→1}(S_j^{1−b}) and the exponential mechanism; privacy from
  Lemma A.1 (EMCover), accuracy Lemma A.4 / Theorem 3.5 (:func:`theorem_3_5_sample_size`).
* :func:`greedy_cover_output_law` — the exact law of DP-GreedyCover's output on a tiny
  instance (for exact privacy audits).

Choices where the paper is silent or inconsistent (each is a parameter or stated here)
--------------------------------------------------------------------------------------
1. *Weights of the exponential mechanism.*  §2 writes Pr[h] ∝ exp(−ε q/2) (the sign is a
   typo: q is maximised), while Lemma A.1's proof uses Pr[h] ∝ exp(ε q).  We sample with
   weights exp(ε̂ q), the form Lemma A.1 proves private; Theorem 3.5's utility bound
   (Lemma A.4, derived from exp(ε q/2)) only gets better.
2. *Number of iterations.*  Alg. 3.1 loops j = 1..M over the M + 1 candidates
   F ∪ {T}; if T is never chosen the list has no default.  We iterate until T is chosen
   (at most M + 1 rounds; EMCover allows any number), so the output is a total function;
   rounds after S_j is empty are data-independent, and stopping at T is post-processing.
3. *Neighbouring samples.*  Lemma A.1 proves privacy for S vs S ∪ {z} (add/remove);
   Definition 3.1 uses substitution.  The ledger records the add/remove guarantee and
   says so; substitution costs group privacy (2ε, (1 + e^ε)δ).
4. *Labels* are {0, 1} here as in Algorithm 3.1 (σ_i = c*(x_i)); Rivest's learner is
   label-agnostic.
"""

from __future__ import annotations

import itertools
import math
import numbers
from dataclasses import dataclass, field
from typing import Annotated, Any

import numpy as np

from geoprivate._validation import (
    Check,
    Choice,
    Epsilon,
    FloatCount,
    Interval,
    Joint,
    MaxWork,
    NonNegative,
    NonNegInt,
    OpenDelta,
    Positive,
    PositiveInt,
    Probability,
    Rng,
    as_rng,
    check_epsilon,
    check_work,
    checked,
    shown,
)
from geoprivate.mechanisms.exponential import exponential_mechanism, exponential_mechanism_log_probabilities
from geoprivate.privacy.accounting import Guarantee, PrivacyLedger
from geoprivate.privacy.warnings import error_bound_says_something, warn_below_sample_bound
from solvers._checks import as_array, as_positions, check_array_bytes

__all__ = [
    "TRUE",
    "FeatureSet",
    "literals",
    "conjunctions",
    "conjunction_count",
    "DecisionList",
    "NotRealizableError",
    "as_feature_matrix",
    "rivest",
    "is_consistent",
    "is_inconsistency_certificate",
    "GreedyCoverResult",
    "dp_greedy_cover",
    "greedy_cover_quality",
    "greedy_cover_epsilon_hat",
    "greedy_cover_privacy",
    "greedy_cover_output_law",
    "theorem_3_5_sample_size",
    "lemma_a4_error_bound",
    "random_decision_list",
]

#: index of the constant-true feature T in a :class:`DecisionList`
TRUE = -1
LEMMA_A1 = "winnow/lemma-A.1 (EMCover privacy; [BF26] Lemma A.1, Theorem 3.5)"
#: the most features a feature set holds (a tuple per feature, built on request)
MAX_FEATURES = 10**7
#: the most examples a score counts (2^53: a count exact as a float score)
MAX_COUNT = 2**53
#: the largest k of :func:`conjunction_count` (its sum has k + 1 big-integer terms)
MAX_WIDTH = 10**4


# --------------------------------------------------------------------------- features
def _as_01(X, name: str) -> np.ndarray:
    arr = as_array(X, name)
    if arr.ndim != 2:
        raise ValueError(f"{name}: expected a 2-D 0/1 matrix, got shape {arr.shape}")
    if arr.dtype == bool:
        return arr.astype(np.uint8)
    if arr.dtype.kind not in "biuf":
        raise ValueError(f"{name}: expected numeric 0/1 entries, got dtype {arr.dtype}")
    bad = (arr != 0) & (arr != 1)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        raise ValueError(f"{name}: entries must be 0 or 1, got {arr[i, j].item()!r} at ({i}, {j})")
    return arr.astype(np.uint8)


#: a 0/1 feature matrix Φ (n examples x |F| features), as uint8
FeatureMatrix = Annotated[Any, Check(_as_01, kind="array")]
#: the same, with one column for each feature of the list it is given to
_FeatureRows = Annotated[FeatureMatrix, Joint("a column for every feature")]
#: 0/1 labels, one per row of Φ
_Labels = Annotated[Any, Joint("labels in {0, 1}, one per row of Phi", kind="labels")]


@checked
def as_feature_matrix(
    Phi: Annotated[Any, Joint("this function is its check", kind="array")], name: str = "Phi"
) -> np.ndarray:
    """Validate a 0/1 feature matrix Φ (n examples × |F| features); return ``uint8``.

    Parameters
    ----------
    Phi : array_like, shape (n, |F|)
        Entries in {0, 1}.
    name : str, default "Phi"
        The parameter name used in error messages.

    Returns
    -------
    numpy.ndarray of uint8, shape (n, |F|)
        The validated matrix.
    """
    return _as_01(Phi, name)


def _as_labels01(y, n: int, name: str = "y") -> np.ndarray:
    arr = as_array(y, name)
    if arr.ndim != 1 or arr.shape[0] != n:
        raise ValueError(f"{name}: expected {n} labels in {{0, 1}}, got shape {arr.shape}")
    bad = (arr != 0) & (arr != 1)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"{name}: labels must be 0 or 1 (convert ±1 at the boundary), got {arr[i]!r} at {i}")
    return arr.astype(np.uint8)


def _terms(value, name: str) -> tuple:
    """Per feature: None, or a tuple of literals (j, polarity) with j >= 0 and polarity in {0, 1}."""
    if not isinstance(value, tuple):
        raise TypeError(f"{name} must be a tuple (one entry per feature), got {type(value).__name__}")
    if len(value) > MAX_FEATURES:
        raise ValueError(f"{name}: at most MAX_FEATURES = {MAX_FEATURES} features, got {len(value)}")
    for t in value:
        if t is None:
            continue
        if not isinstance(t, tuple) or not all(
            isinstance(lit, tuple)
            and len(lit) == 2
            and all(isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)) for v in lit)
            and lit[0] >= 0
            and lit[1] in (0, 1)
            for lit in t
        ):
            raise ValueError(f"{name}: a feature is None or a tuple of literals (j >= 0, polarity 0 or 1), got {t!r}")
    return value


def _names(value, name: str) -> tuple:
    """A tuple of strings (a feature's printable name each)."""
    if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{name} must be a tuple of strings, got {shown(value)}")
    return value


def _name_list(value, name: str) -> tuple:
    """A tuple or list of strings, as a tuple."""
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{name} must be a tuple or list of strings, got {shown(value)}")
    return _names(tuple(value), name)


@checked
@dataclass(frozen=True)
class FeatureSet:
    """A finite feature class F.  ``terms[f]`` is a tuple of literals (j, polarity) whose
    conjunction is feature f (polarity 1: x_j, 0: ¬x_j; the empty tuple is T), or ``None``
    for a feature given only by its column of a feature matrix.

    ``transform(X)`` maps an (n, d) 0/1 matrix to the (n, |F|) feature matrix.

    Attributes
    ----------
    d : int
        The number of Boolean variables.
    terms : tuple
        Per feature, its literals (or ``None``).
    names : tuple of str
        Per feature, a printable name.
    """

    d: Annotated[int, Interval(ge=1, le=MAX_FEATURES)]
    terms: Annotated[tuple, Check(_terms, kind="object"), Joint("variables j < d")]
    names: Annotated[tuple, Check(_names, kind="object"), Joint("one name per term")]

    def __post_init__(self):
        if len(self.names) != len(self.terms):
            raise ValueError(f"names: expected {len(self.terms)} names (one per term), got {len(self.names)}")
        big = [j for t in self.terms if t for j, _ in t if j >= self.d]
        if big:
            raise ValueError(f"terms: variable {big[0]} is not below d = {self.d}")

    def __len__(self) -> int:
        return len(self.terms)

    @classmethod
    def from_matrix(
        cls,
        n_features: Annotated[int, Interval(ge=1, le=MAX_FEATURES)],
        names: Annotated[Any, Check(_name_list, kind="object"), Joint("n_features strings")] | None = None,
    ) -> FeatureSet:
        """A feature set known only through its feature matrix Φ (``transform`` is the identity).

        Parameters
        ----------
        n_features : int
            |F|.
        names : sequence of str, optional
            One name per feature (default ``f0, f1, ...``).

        Returns
        -------
        FeatureSet
        """
        names = names if names is not None else tuple(f"f{i}" for i in range(n_features))
        if len(names) != n_features:
            raise ValueError(f"names: expected n_features = {n_features} names, got {len(names)}")
        return cls(n_features, (None,) * n_features, names)

    def transform(self, X: Annotated[Any, Check(_as_01, kind="array"), Joint("d columns")]) -> np.ndarray:
        """Feature matrix Φ[i, f] = f(x_i), ``uint8`` (n, |F|).

        Parameters
        ----------
        X : array_like, shape (n, d)
            Points of {0, 1}^d.

        Returns
        -------
        numpy.ndarray of uint8, shape (n, |F|)
        """
        Xb = X
        if Xb.shape[1] != self.d:
            raise ValueError(f"X: expected {self.d} columns, got {Xb.shape[1]}")
        check_array_bytes(
            Xb.shape[0] * max(len(self.terms), 2 * self.d), f"X: {Xb.shape[0]} rows x {len(self)} features"
        )
        if all(t is None for t in self.terms):
            return Xb
        out = np.ones((Xb.shape[0], len(self.terms)), dtype=np.uint8)
        lit = np.concatenate([1 - Xb, Xb], axis=1)  # column j + d*pol is the literal (j, pol)
        for f, term in enumerate(self.terms):
            for j, pol in term:
                out[:, f] &= lit[:, j + self.d * pol]
        return out


def _literal_name(j: int, pol: int) -> str:
    return f"x{j}" if pol else f"¬x{j}"


@checked
def literals(d: PositiveInt) -> FeatureSet:
    """The 2d literals x_0, ¬x_0, …, x_{d−1}, ¬x_{d−1} (ordinary 1-decision lists).

    Parameters
    ----------
    d : int
        The number of Boolean variables.

    Returns
    -------
    FeatureSet
        The 2d literal features.
    """
    return conjunctions(d, 1, include_empty=False)


@checked
def conjunctions(
    d: PositiveInt,
    k: Annotated[int, Interval(ge=1), Joint("k <= d")],
    *,
    include_empty: bool = False,
    max_terms: MaxWork = 10**6,
) -> FeatureSet:
    """All conjunctions of 1..k literals over d variables on distinct variables (C_d^k of
    [BF26] Corollary A.8; ``include_empty`` adds the width-0 conjunction T, which Proposition A.9
    counts; decision lists have T anyway).

    ``max_terms`` bounds |C_d^k| (:func:`conjunction_count`) before anything is built: a
    larger class is a ``ValueError`` with the count (``None``: no limit).

    Parameters
    ----------
    d : int
        The number of Boolean variables.
    k : int
        The largest conjunction width.
    include_empty : bool, default False
        Also include the width-0 conjunction T.
    max_terms : int or None, default 10**6
        Refuse classes larger than this.

    Returns
    -------
    FeatureSet
        The conjunction features.
    """
    if k > d:
        raise ValueError(f"k: a conjunction has at most d = {shown(d)} distinct variables, got k = {shown(k)}")
    # the count is summed only up to the budget: the exact |C_d^k| of d = k = 10**6 is a million-digit sum
    count = _conjunction_count_capped(d, k, max_terms)
    check_work(count, max_terms, f"|C_d^k| conjunctions (d={shown(d)}, k={shown(k)})", override="max_terms")
    terms: list[tuple[tuple[int, int], ...]] = [()] if include_empty else []  # (variable, polarity) literals
    for w in range(1, k + 1):
        for vars_ in itertools.combinations(range(d), w):
            for pols in itertools.product((1, 0), repeat=w):
                terms.append(tuple(zip(vars_, pols, strict=True)))
    names = tuple("T" if not t else " ∧ ".join(_literal_name(j, p) for j, p in t) for t in terms)
    return FeatureSet(int(d), tuple(terms), names)


@checked
def conjunction_count(d: PositiveInt, k: Annotated[int, Interval(ge=0, le=MAX_WIDTH)]) -> int:
    """|C_d^k| = Σ_{j=0}^{k} 2^j C(d, j) (proof of [BF26] Proposition A.9; width 0 included).

    Parameters
    ----------
    d : int
        The number of Boolean variables.
    k : int
        The largest conjunction width.

    Returns
    -------
    int
        |C_d^k|.
    """
    return _conjunction_count_capped(d, k, None)


def _conjunction_count_capped(d: int, k: int, cap) -> int:
    """:func:`conjunction_count`, or a partial sum already above ``cap`` (binomials built term by term;
    ``cap`` None: the whole sum).  The binomial reaches 0 past j = d, where the sum stops."""
    total, binom = 0, 1
    for j in range(k + 1):
        total += 2**j * binom
        if cap is not None and total > cap:
            return total
        binom = binom * (d - j) // (j + 1)
        if binom == 0:
            return total
    return total


# --------------------------------------------------------------------------- lists
def _features(value, name: str) -> tuple:
    """Feature indices: integers >= 0, or TRUE (= -1) for T."""
    if not isinstance(value, tuple):
        raise TypeError(f"{name} must be a tuple of feature indices, got {type(value).__name__}")
    bad = [f for f in value if isinstance(f, (bool, np.bool_)) or not isinstance(f, numbers.Integral) or f < TRUE]
    if bad:
        raise ValueError(f"{name}: expected column indices >= 0 or TRUE (= {TRUE}), got {bad[0]!r}")
    return value


def _bits(value, name: str) -> tuple:
    """Output bits: integers 0 or 1 (True, 0.5 and 2 refused)."""
    if not isinstance(value, tuple):
        raise TypeError(f"{name} must be a tuple of 0/1 bits, got {type(value).__name__}")
    if any(isinstance(b, (bool, np.bool_)) or not isinstance(b, numbers.Integral) or b not in (0, 1) for b in value):
        raise ValueError(f"{name}: expected 0/1 output bits, got {value}")
    return value


@checked
@dataclass(frozen=True)
class DecisionList:
    """[(f_1, b_1), …, (f_m, b_m)]: feature indices into Φ's columns (``TRUE`` = T) and bits
    in {0, 1}.  The first term whose feature is 1 decides; an example no term covers gets
    ``default`` (0 unless the list ends with T).

    Attributes
    ----------
    features : tuple of int
        f_1, …, f_m (``TRUE`` for T).
    bits : tuple of int
        b_1, …, b_m in {0, 1}.
    default : int, default 0
        The label of an example no term covers.
    """

    features: Annotated[tuple, Check(_features, kind="object"), Joint("one bit per feature")]
    bits: Annotated[tuple, Check(_bits, kind="object"), Joint("one bit per feature")]
    default: Annotated[int, Interval(ge=0, le=1)] = 0

    def __post_init__(self):
        if len(self.features) != len(self.bits):
            raise ValueError(f"features and bits must have equal length, got {len(self.features)} and {len(self.bits)}")

    def __len__(self) -> int:
        return len(self.features)

    def first_true(self, Phi: _FeatureRows) -> np.ndarray:
        """Index of the first term covering each example (len(self) if none).

        Parameters
        ----------
        Phi : array_like, shape (n, |F|)
            The examples' 0/1 feature rows.

        Returns
        -------
        numpy.ndarray of int
        """
        return self._first_true(Phi)

    def _first_true(self, P: np.ndarray) -> np.ndarray:
        """:meth:`first_true` on a checked feature matrix."""
        n = P.shape[0]
        if not self.features:
            return np.zeros(n, dtype=np.intp)
        cols = np.array(self.features, dtype=np.intp)
        if cols.max() >= P.shape[1]:
            raise ValueError(f"Phi: the list uses feature {cols.max()}, Phi has {P.shape[1]} columns")
        hit = np.ones((n, cols.size), dtype=bool)
        real = cols != TRUE
        hit[:, real] = P[:, cols[real]].astype(bool)
        first = hit.argmax(axis=1)
        first[~hit.any(axis=1)] = len(self.features)
        return first

    def predict(self, Phi: _FeatureRows) -> np.ndarray:
        """Labels {0, 1} of the examples whose feature rows are Φ (vectorised).

        Parameters
        ----------
        Phi : array_like, shape (n, |F|)
            The examples' 0/1 feature rows.

        Returns
        -------
        numpy.ndarray of uint8
        """
        table = np.array(list(self.bits) + [self.default], dtype=np.uint8)
        return table[self._first_true(Phi)]

    def describe(
        self, names: Annotated[Any, Joint("a name (str) for every feature the list uses", kind="object")] = None
    ) -> str:
        """The list as text: ``[(f_1, b_1), ..., (T, b)]``.

        Parameters
        ----------
        names : sequence of str, optional
            The features' names (default ``f0, f1, ...``).

        Returns
        -------
        str
        """
        if names is not None:
            if isinstance(names, (str, bytes)) or not hasattr(names, "__getitem__") or not hasattr(names, "__len__"):
                raise TypeError(f"names must be a sequence of feature names, got {type(names).__name__}")
            used = [f for f in self.features if f != TRUE]
            if used and max(used) >= len(names):
                raise ValueError(f"names: the list uses feature {max(used)}, names has {len(names)} entries")
            if not all(isinstance(names[f], str) for f in used):
                raise TypeError("names must hold strings")
        parts = []
        for f, b in zip(self.features, self.bits, strict=True):
            nm = "T" if f == TRUE else (names[f] if names is not None else f"f{f}")
            parts.append(f"({nm}, {b})")
        return "[" + ", ".join(parts) + "]"


class NotRealizableError(ValueError):
    """No F-decision list is consistent with the sample; ``certificate`` proves it
    (see :func:`is_inconsistency_certificate`)."""

    def __init__(self, message: str, certificate: np.ndarray):
        super().__init__(message)
        self.certificate = certificate


@checked
def is_consistent(dl: DecisionList, Phi: FeatureMatrix, y: _Labels) -> bool:
    """True when ``dl`` labels every example (rows of Φ) with its label y ∈ {0, 1}.

    Parameters
    ----------
    dl : DecisionList
        The list to check.
    Phi : array_like, shape (n, |F|)
        The 0/1 feature matrix of the examples.
    y : array_like, shape (n,)
        The labels in {0, 1}.

    Returns
    -------
    bool
        True when ``dl`` has no error on (Φ, y).
    """
    return bool(np.array_equal(dl.predict(Phi), _as_labels01(y, Phi.shape[0])))


@checked
def is_inconsistency_certificate(
    Phi: FeatureMatrix, y: _Labels, rows: Annotated[Any, Check(as_positions, kind="indices")]
) -> bool:
    """Check a proof that no F-decision list (F = Φ's columns, plus T) fits (Φ, y).

    ``rows`` is a non-empty set S' of examples, not all with the same label, such that every
    feature covers either none of S' or examples of both labels in S'.  Then in any list
    the first term covering a point of S' (T covers all) errs on S'.

    Parameters
    ----------
    Phi : array_like, shape (n, |F|)
        The 0/1 feature matrix.
    y : array_like, shape (n,)
        The labels in {0, 1}.
    rows : iterable of int
        The claimed set S' (row indices).

    Returns
    -------
    bool
        True when ``rows`` proves that no F-decision list is consistent with (Φ, y).
    """
    P = Phi
    yy = _as_labels01(y, P.shape[0])
    r = np.unique(rows)
    if r.size == 0 or r.min() < 0 or r.max() >= P.shape[0]:
        return False
    ys = yy[r]
    if ys.min() == ys.max():
        return False
    pos = P[r][ys == 1].any(axis=0)
    neg = P[r][ys == 0].any(axis=0)
    return bool(np.all(pos == neg))


def _class_counts(P: np.ndarray, yy: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """#_{f→1}(S^1), #_{f→1}(S^0) for the examples in ``mask``, all features at once
    (sums over the selected rows only, so removing covered rows costs O(|covered| |F|))."""
    rows = np.flatnonzero(mask)
    pos = rows[yy[rows] == 1]
    neg = rows[yy[rows] == 0]
    return P[pos].sum(axis=0, dtype=np.int64), P[neg].sum(axis=0, dtype=np.int64)


@checked
def rivest(Phi: FeatureMatrix, y: _Labels, *, allow_errors: bool = False) -> DecisionList:
    """Rivest's consistent learner for F-decision lists (F = the columns of Φ, plus T).

    Repeatedly picks a term (f, b) such that every remaining example with f = 1 has label b
    and f covers at least one remaining example (lowest feature index first, b = 1 first),
    removes the covered examples, and ends with (T, b) once the remaining labels agree.
    Counts are maintained incrementally: O(n |F|) time overall.

    ``allow_errors=True`` (for non-realisable data, e.g. the real-data comparison): when no
    error-free term exists, take the term with the fewest errors on the remaining sample
    (most covered examples on ties; T competes with min(#pos, #neg) errors) — the noiseless
    argmax of DP-GreedyCover's quality.  On realisable samples it is plain Rivest.

    Parameters
    ----------
    Phi : array_like, shape (n, |F|)
        The 0/1 feature matrix.
    y : array_like, shape (n,)
        The labels in {0, 1}.
    allow_errors : bool, default False
        Take the fewest-errors term when no error-free term exists.

    Returns
    -------
    DecisionList
        Consistent with (Φ, y) (check with :func:`is_consistent`).

    Raises
    ------
    NotRealizableError
        When greedy gets stuck; its ``certificate`` (the remaining examples) passes
        :func:`is_inconsistency_certificate`, so no consistent F-decision list exists.
    """
    P = Phi
    yy = _as_labels01(y, P.shape[0])
    rem = np.ones(P.shape[0], dtype=bool)
    used = np.zeros(P.shape[1], dtype=bool)
    c1, c0 = _class_counts(P, yy, rem)
    feats, bits = [], []
    while True:
        n1, n0 = int((rem & (yy == 1)).sum()), int((rem & (yy == 0)).sum())
        if n1 == 0 or n0 == 0:
            feats.append(TRUE)
            bits.append(1 if n1 > 0 else 0)
            return DecisionList(tuple(feats), tuple(bits), bits[-1])
        ok1 = (~used) & (c1 > 0) & (c0 == 0)
        ok0 = (~used) & (c0 > 0) & (c1 == 0)
        cand = np.flatnonzero(ok1 | ok0)
        if cand.size == 0 and allow_errors:
            err = np.where(used | (c1 + c0 == 0), np.iinfo(np.int64).max, np.minimum(c1, c0))
            f = int(np.lexsort((-(c1 + c0), err))[0])
            if err[f] >= min(n1, n0):
                feats.append(TRUE)
                bits.append(int(n1 >= n0))
                return DecisionList(tuple(feats), tuple(bits), bits[-1])
            ok1 = ok1.copy()
            ok1[f] = c1[f] >= c0[f]
            cand = np.array([f])
        if cand.size == 0:
            raise NotRealizableError(
                f"y: no F-decision list is consistent with the sample ({int(rem.sum())} examples "
                "remain that every feature either misses or covers with both labels)",
                np.flatnonzero(rem),
            )
        f = int(cand[0])
        b = 1 if ok1[f] else 0
        covered = rem & (P[:, f] == 1)
        d1, d0 = _class_counts(P, yy, covered)
        c1 -= d1
        c0 -= d0
        rem &= ~covered
        used[f] = True
        feats.append(f)
        bits.append(b)


@checked
def random_decision_list(
    n_features: Annotated[int, Interval(ge=1, le=2**62)],
    length: Annotated[NonNegInt, Joint("length <= n_features")],
    rng: Rng = None,
) -> DecisionList:
    """A random F-decision list with ``length`` distinct features, random bits, ending in (T, b).

    Parameters
    ----------
    n_features : int
        |F|.
    length : int
        The number of feature terms before the final (T, b), at most ``n_features``.
    rng : Generator, int or None
        The random source (SPEC 7).

    Returns
    -------
    DecisionList
        The random list.
    """
    if length > min(n_features, MAX_FEATURES):
        raise ValueError(
            f"length: expected 0 <= length <= n_features = {n_features} (and MAX_FEATURES = {MAX_FEATURES}), "
            f"got {length}"
        )
    rng = as_rng(rng)
    feats = tuple(int(f) for f in rng.choice(n_features, size=length, replace=False)) + (TRUE,)
    bits = tuple(int(b) for b in rng.integers(0, 2, size=length + 1))
    return DecisionList(feats, bits, bits[-1])


# --------------------------------------------------------------------------- DP-GreedyCover
def _counts(value, name: str) -> np.ndarray:
    """Non-negative integer counts, one per feature (a 1-D int64 array)."""
    arr = as_positions(value, name)
    if arr.size and arr.min() < 0:
        raise ValueError(f"{name} must hold counts >= 0, got {arr[arr < 0][:3].tolist()}")
    return arr.astype(np.int64)


def _mask(value, name: str) -> np.ndarray:
    """A 1-D boolean mask (bools only: 0/1 integers and 0.5 refused)."""
    arr = as_array(value, name)
    if arr.ndim != 1 or (arr.size and arr.dtype != bool):
        raise TypeError(f"{name} must be a 1-D array of bools, got dtype {arr.dtype}, shape {arr.shape}")
    return arr.astype(bool)


_FeatureCounts = Annotated[Any, Check(_counts, kind="indices"), Joint("one per feature (|F| of available)")]


@checked
def greedy_cover_quality(
    c1: _FeatureCounts,
    c0: _FeatureCounts,
    n1: Annotated[int, Interval(ge=0, le=MAX_COUNT)],
    n0: Annotated[int, Interval(ge=0, le=MAX_COUNT)],
    available: Annotated[Any, Check(_mask, kind="object"), Joint("one per feature")],
) -> np.ndarray:
    """Scores q(S_j, (f, b)) = −#_{f→1}(S_j^{1−b}) of [BF26] Algorithm 3.1 for the candidates
    [(f, 0), (f, 1) for available f] + [(T, 0), (T, 1)], in that order.

    Parameters
    ----------
    c1, c0 : numpy.ndarray of int, shape (|F|,)
        For each feature, the number of remaining examples of label 1 (resp. 0) it covers.
    n1, n0 : int
        The number of remaining examples of label 1 (resp. 0).
    available : numpy.ndarray of bool, shape (|F|,)
        The features not yet used.

    Returns
    -------
    numpy.ndarray of float, shape (2 · #available + 2,)
        The scores, in the candidate order above.
    """
    if not c1.shape == c0.shape == available.shape:
        raise ValueError(
            f"c1, c0, available: one entry per feature each, got shapes {c1.shape}, {c0.shape}, {available.shape}"
        )
    for c, n, nm in ((c1, n1, "c1"), (c0, n0, "c0")):
        if c.size and c.max() > n:
            raise ValueError(f"{nm}: a feature covers at most the n{nm[1]} = {n} remaining examples, got {c.max()}")
    idx = np.flatnonzero(available)
    q = np.empty(2 * idx.size + 2, dtype=np.float64)
    q[0:-2:2] = -c1[idx]  # b = 0 errs on the positives it covers
    q[1:-2:2] = -c0[idx]
    q[-2], q[-1] = -n1, -n0
    return q


def _log_ratio(c: float, x: float) -> float:
    """ln(c / x), finite for a subnormal x (where c / x overflows: ln c − ln x)."""
    r = c / x
    return math.log(r) if math.isfinite(r) else math.log(c) - math.log(x)


@checked
def greedy_cover_epsilon_hat(epsilon: Epsilon, delta: OpenDelta) -> float:
    """[BF26] Theorem 3.5 (proof A.7): ε̂ = ε / (2 (ln(1/δ) + 3/2)), so Lemma A.1 gives (ε, δ).

    Parameters
    ----------
    epsilon, delta : float
        The target privacy parameters (δ > 0).

    Returns
    -------
    float
        ε̂, the per-step parameter of the exponential mechanism.
    """
    return epsilon / (2 * (_log_ratio(1, delta) + 1.5))


@checked
@dataclass
class GreedyCoverResult:
    """Output of :func:`dp_greedy_cover`: the list h_fin and how it was produced.

    Attributes
    ----------
    hypothesis : DecisionList
        h_fin.
    epsilon_hat : float
        The per-step parameter ε̂ of the exponential mechanism.
    epsilon, delta : float or None
        The target privacy parameters (``None`` in practical mode).
    mode : str
        ``"theorem"`` or ``"practical"``.
    ledger : PrivacyLedger
        The run's privacy ledger.
    errors_per_round : list of int
        The training errors of each chosen term (the negated score of the pick).
    utility_proved : bool
        Whether the sample meets [BF26] Theorem 3.5's sample bound.
    """

    hypothesis: DecisionList
    epsilon_hat: Positive
    epsilon: Epsilon | None
    delta: OpenDelta | None
    mode: Annotated[str, Choice("theorem", "practical")]
    ledger: PrivacyLedger
    errors_per_round: list = field(default_factory=list)
    utility_proved: bool = False

    @property
    def guarantee(self):
        """The run's guarantee (the ledger's basic composition), carrying ``utility_proved``."""
        return self.ledger.basic_composition().with_utility(self.utility_proved)

    @property
    def privacy_applies(self) -> bool:
        """Lemma A.1 (or basic composition of the M + 1 exponential mechanisms) holds at any n, any ε̂."""
        return self.ledger.all_apply


#: the target ε of theorem mode, or None (practical mode: ε̂ given)
_EpsilonOrNone = Annotated[Epsilon, Joint("epsilon (theorem mode) or epsilon_hat (practical mode)")] | None


@checked
def dp_greedy_cover(
    Phi: FeatureMatrix,
    y: _Labels,
    *,
    epsilon: _EpsilonOrNone = None,
    delta: OpenDelta | None = None,
    epsilon_hat: _EpsilonOrNone = None,
    rng: Rng = None,
    ledger: PrivacyLedger | None = None,
    alpha: Probability | None = None,
    beta: Probability | None = None,
) -> GreedyCoverResult:
    """DP-GreedyCover, Algorithm 3.1 of [BF26], an instance of EMCover (Alg. A.1).

    F_1 = F ∪ {T}, S_1 = S; in round j the exponential mechanism picks (f_j, b_j) over
    F_j × {0, 1} with weight exp(ε̂ q(S_j, (f, b))), q = −#_{f→1}(S_j^{1−b}) (a term errs on
    the covered examples of the other label); S_{j+1} = {x ∈ S_j : f_j(x) = 0},
    F_{j+1} = F_j − {f_j}.  Stops when T is chosen (see the module's choice 2).

    Parameters
    ----------
    Phi : (n, |F|) 0/1 feature matrix (use :meth:`FeatureSet.transform`)
    y : (n,) labels in {0, 1}
    epsilon, delta : theorem mode — ε̂ = ε/(2(ln(1/δ) + 3/2)) (Theorem 3.5), and Lemma A.1
        makes the run (ε, δ)-DP w.r.t. adding/removing one example.
    epsilon_hat : practical mode — the exponential mechanism's ε̂ directly; with ``delta``
        the ledger records Lemma A.1's (2ε̂(ln(1/δ) + 3/2), δ), without it the pure
        2ε̂(|F| + 1) of basic composition.
    rng, ledger : as everywhere.
    alpha, beta : optional accuracy target; in theorem mode ``utility_proved`` is n ≥ Theorem 3.5's
        sample size (:func:`theorem_3_5_sample_size`), and a smaller n emits a ``UtilityWarning``.
        Privacy needs no condition on n (``privacy_applies`` is always True).

    Returns
    -------
    GreedyCoverResult

    Notes
    -----
    Realisability is *not* required for privacy; Lemma A.4's error bound needs it.
    Counts are kept incrementally, so a run costs O(n |F| + |F|²).

    Examples
    --------
    Theorem mode at (ε, δ) = (1, 10⁻⁶) on 500 examples of a random decision list over 4 features:

    >>> rng = np.random.default_rng(0)
    >>> Phi = rng.integers(0, 2, size=(500, 4))
    >>> y = random_decision_list(4, 2, rng=1).predict(Phi)
    >>> res = dp_greedy_cover(Phi, y, epsilon=1.0, delta=1e-6, rng=2)
    >>> res.privacy_applies, res.guarantee.epsilon, res.guarantee.delta
    (True, 1.0, 1e-06)
    >>> bool((res.hypothesis.predict(Phi) == y).all())
    True
    """
    P = Phi
    yy = _as_labels01(y, P.shape[0])
    rng = as_rng(rng)
    ledger = PrivacyLedger() if ledger is None else ledger
    M = P.shape[1]
    e_hat, eps_total, dl, mode = _greedy_cover_privacy(epsilon, delta, epsilon_hat, M, ledger)
    proved = False
    if alpha is not None and beta is not None and mode == "theorem":
        assert epsilon is not None and delta is not None  # theorem mode is given both
        need = theorem_3_5_sample_size(M, alpha, beta, epsilon, delta)["n"]
        proved = P.shape[0] >= need and error_bound_says_something("DP-GreedyCover", alpha)
        if P.shape[0] < need:
            warn_below_sample_bound(
                f"DP-GreedyCover: n = {P.shape[0]} < Theorem 3.5's n = {need} for "
                f"alpha={alpha}, beta={beta}: accuracy not proved (privacy holds)"
            )
    feats, bits, default, errs = _em_cover_rounds(P, yy, e_hat, rng)
    return GreedyCoverResult(
        DecisionList(tuple(feats), tuple(bits), default), e_hat, eps_total, dl, mode, ledger, errs, proved
    )


@checked
def greedy_cover_privacy(
    M: FloatCount, *, epsilon: _EpsilonOrNone = None, delta: OpenDelta | None = None, epsilon_hat: _EpsilonOrNone = None
) -> Guarantee:
    """The guarantee :func:`dp_greedy_cover` books for these parameters, before running ([BF26] Lemma A.1).

    The very computation the run records in its ledger (theorem mode: ``epsilon, delta``; practical
    mode: ``epsilon_hat`` with or without ``delta``); the planner promises it.

    Parameters
    ----------
    M : int
        |F|, the number of features.
    epsilon, delta, epsilon_hat : float, optional
        As for :func:`dp_greedy_cover`.

    Returns
    -------
    Guarantee
        The run's (ε, δ).
    """
    ledger = PrivacyLedger()
    _greedy_cover_privacy(epsilon, delta, epsilon_hat, M, ledger)
    return ledger.basic_composition()


def _greedy_cover_privacy(epsilon, delta, epsilon_hat, M: int, ledger: PrivacyLedger):
    """DP-GreedyCover's ε̂ and the guarantee it books ([BF26] Theorem 3.5, Lemma A.1; basic composition).

    Theorem mode: ε̂ = ε/(2(ln(1/δ) + 3/2)) and Lemma A.1's (ε, δ).  Practical mode: ε̂ given; with δ
    Lemma A.1's (2ε̂(ln(1/δ) + 3/2), δ), without it the pure 2ε̂(M + 1) of basic composition.

    Parameters
    ----------
    epsilon, delta, epsilon_hat
        As for :func:`dp_greedy_cover`.
    M : int
        |F|, the number of features.
    ledger : PrivacyLedger
        Receives one ``"DP-GreedyCover"`` entry.

    Returns
    -------
    e_hat : float
        The exponential mechanism's ε̂.
    eps_total : float
        The run's ε.
    dl : float or None
        The run's δ (None: pure DP).
    mode : str
        ``"theorem"`` or ``"practical"``.
    """
    if (epsilon is None) == (epsilon_hat is None):
        raise ValueError("give either epsilon and delta (theorem mode) or epsilon_hat (practical mode)")
    if epsilon is not None:
        if delta is None:
            raise ValueError("delta: theorem mode needs delta in (0, 1)")
        e_hat, mode = greedy_cover_epsilon_hat(epsilon, delta), "theorem"
        eps_total: float | None
        dl: float | None
        eps_total, dl = epsilon, delta
    else:
        e_hat, mode = check_epsilon(epsilon_hat, "epsilon_hat"), "practical"
        dl = delta
        eps_total = None if dl is None else 2 * e_hat * (_log_ratio(1, dl) + 1.5)
    if dl is not None:
        assert eps_total is not None  # both modes set it whenever delta is given
        ledger.record(
            "DP-GreedyCover",
            eps_total,
            dl,
            LEMMA_A1,
            True,
            epsilon_hat=e_hat,
            mode=mode,
            neighbours="add/remove one example (Lemma A.1); substitution: group privacy",
        )
    else:  # pure DP by basic composition: at most M + 1 rounds, each exp(eps_hat q) is 2 eps_hat-DP
        eps_total = 2 * e_hat * (M + 1)
        if not math.isfinite(eps_total):
            raise ValueError(f"epsilon_hat, M: 2 epsilon_hat (M + 1) leaves floating point ({epsilon_hat!r}, M={M})")
        ledger.record(
            "DP-GreedyCover",
            eps_total,
            0.0,
            "basic composition of M+1 exponential mechanisms (weights exp(eps_hat q), sensitivity 1)",
            True,
            epsilon_hat=e_hat,
            mode=mode,
        )
    return e_hat, eps_total, dl, mode


def _em_cover_rounds(P: np.ndarray, yy: np.ndarray, e_hat: float, rng):
    """The rounds of [BF26] Algorithm 3.1 (EMCover, Alg. A.1): pick (f_j, b_j), drop the covered examples.

    Round j draws (f, b) ∈ F_j × {0, 1} by the exponential mechanism with weight exp(ε̂ q(S_j, (f, b)))
    (:func:`greedy_cover_quality`); S_{j+1} = {x ∈ S_j : f_j(x) = 0}, F_{j+1} = F_j − {f_j}; it stops
    when T is chosen.  Class counts are updated incrementally.

    Parameters
    ----------
    P : numpy.ndarray, shape (n, M)
        The 0/1 feature matrix.
    yy : numpy.ndarray, shape (n,)
        Labels in {0, 1}.
    e_hat : float
        The exponential mechanism's ε̂.
    rng : numpy.random.Generator
        The random source.

    Returns
    -------
    feats, bits : list
        The chosen features (ending with T) and their output bits.
    default : int
        The bit chosen with T.
    errs : list of int
        −q of each choice (its errors on the examples still uncovered).
    """
    M = P.shape[1]
    rem = np.ones(P.shape[0], dtype=bool)
    available = np.ones(M, dtype=bool)
    c1, c0 = _class_counts(P, yy, rem)
    n1, n0 = int(yy.sum()), int(yy.size - yy.sum())
    feats, bits, errs = [], [], []
    while True:
        q = greedy_cover_quality(c1, c0, n1, n0, available)
        # weights exp(ε̂ q) (Lemma A.1's proof) = the project's exp(ε q / 2) with ε = 2 ε̂
        pick = exponential_mechanism(q, 2 * e_hat, 1.0, rng)
        errs.append(int(-q[pick]))
        b = pick % 2
        if pick >= q.size - 2:
            feats.append(TRUE)
            bits.append(b)
            return feats, bits, b, errs
        f = int(np.flatnonzero(available)[pick // 2])
        covered = rem & (P[:, f] == 1)
        if covered.any():
            d1, d0 = _class_counts(P, yy, covered)
            c1 -= d1
            c0 -= d0
            k1 = int((covered & (yy == 1)).sum())
            n1, n0 = n1 - k1, n0 - (int(covered.sum()) - k1)
            rem &= ~covered
        available[f] = False
        feats.append(f)
        bits.append(int(b))


@checked
def greedy_cover_output_law(
    Phi: Annotated[Any, Check(_as_01, kind="array"), Joint("|F| <= 6 columns")], y: _Labels, epsilon_hat: Epsilon
) -> dict:
    """Exact law of :func:`dp_greedy_cover`'s output (the sequence of (f, b), ending with
    (T, b)) on a tiny instance, by recursion over all output prefixes (|F| <= 6).

    Parameters
    ----------
    Phi : array_like, shape (n, |F|)
        The 0/1 feature matrix (|F| <= 6).
    y : array_like, shape (n,)
        The labels in {0, 1}.
    epsilon_hat : float
        The per-step parameter ε̂.

    Returns
    -------
    dict  ``((f_1, b_1), …, (TRUE, b)) -> probability`` (floats; sums to 1).
    """
    P = Phi
    yy = _as_labels01(y, P.shape[0])
    e_hat = epsilon_hat
    M = P.shape[1]
    if M > 6:
        raise ValueError(f"Phi: the exact law enumerates (|F|+1)! 2^(|F|+1) outputs; |F| <= 6, got {M}")
    law: dict = {}

    def walk(prefix, logp, rem, available):
        c1, c0 = _class_counts(P, yy, rem)
        n1, n0 = int((rem & (yy == 1)).sum()), int((rem & (yy == 0)).sum())
        q = greedy_cover_quality(c1, c0, n1, n0, available)
        lp = exponential_mechanism_log_probabilities(q, 2 * e_hat, 1.0)
        idx = np.flatnonzero(available)
        for k in range(q.size):
            b = k % 2
            if k >= q.size - 2:
                law[prefix + ((TRUE, b),)] = math.exp(logp + lp[k])
                continue
            f = int(idx[k // 2])
            av = available.copy()
            av[f] = False
            walk(prefix + ((f, b),), logp + lp[k], rem & (P[:, f] == 0), av)

    walk((), 0.0, np.ones(P.shape[0], dtype=bool), np.ones(M, dtype=bool))
    return law


@checked
def lemma_a4_error_bound(M: FloatCount, epsilon_hat: Epsilon, beta: Probability) -> float:
    """[BF26] Lemma A.4: w.p. ≥ 1 − β DP-GreedyCover errs on at most (4M/ε̂) ln(√(2/β) M) examples.

    Parameters
    ----------
    M : int
        The number of features |F|.
    epsilon_hat : float
        The per-step parameter ε̂.
    beta : float
        The failure probability β.

    Returns
    -------
    float
        The bound on the number of training errors (inf when it leaves floating point: vacuous).
    """
    return 4 * M / epsilon_hat * math.log(math.sqrt(2 / beta) * M)


@checked
def theorem_3_5_sample_size(
    M: FloatCount,
    alpha: Probability,
    beta: Probability,
    epsilon: Epsilon,
    delta: OpenDelta,
    vc_dimension: NonNegative | None = None,
    *,
    as_printed: bool = True,
) -> dict:
    """[BF26] Theorem 3.5's sample size for an (ε, δ)-DP (α, β)-PAC learner of F-decision lists:

    n ≥ max( 64/α (VC log(64/α) + log(16/β)),  8M log(2M/√β)(2 log(1/δ) + 3/2)/(αε) ),

    natural logarithms.  VC(C) defaults to the paper's bound log₂ |C| ≤ log₂((M+1)! 2^(M+1))
    (|C| counted as ordered lists of distinct features with bits, a crude upper bound).

    The proof (A.7) divides by ε̂ = ε/(2(log(1/δ) + 3/2)), i.e. multiplies by
    (2 log(1/δ) + 3)/ε, not (2 log(1/δ) + 3/2)/ε as printed; ``as_printed=False`` uses the
    corrected factor.  (With this module's weights exp(ε̂ q) Lemma A.4's error is half the
    paper's, so the printed n is still sufficient here.)

    Parameters
    ----------
    M : int
        The number of features |F|.
    alpha, beta : float
        The PAC accuracy α and confidence β.
    epsilon, delta : float
        The privacy parameters.
    vc_dimension : float, optional
        VC(C) (default: the paper's bound log₂((M+1)! 2^(M+1))).
    as_printed : bool, default True
        Use the factor as printed in the theorem (False: the proof's corrected factor).

    Returns
    -------
    dict with ``n`` (the max, rounded up), ``n_vc``, ``n_privacy`` and ``vc_dimension``.
    """
    a, b, eps, dl = alpha, beta, epsilon, delta
    if vc_dimension is None:
        vc_dimension = (math.lgamma(M + 2) / math.log(2)) + (M + 1)
    n_vc = 64 / a * (vc_dimension * _log_ratio(64, a) + _log_ratio(16, b))
    n_priv = 8 * M * _log_ratio(2 * M, math.sqrt(b)) * (2 * _log_ratio(1, dl) + (1.5 if as_printed else 3))
    n_priv = n_priv / (a * eps) if a * eps > 0 else math.inf
    if not math.isfinite(max(n_vc, n_priv)):
        raise ValueError(
            f"epsilon, alpha, M: Theorem 3.5's n overflows floating point (alpha={alpha!r}, epsilon={epsilon!r}, M={M})"
        )
    return {"n": math.ceil(max(n_vc, n_priv)), "n_vc": n_vc, "n_privacy": n_priv, "vc_dimension": float(vc_dimension)}
