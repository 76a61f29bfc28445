"""The private learners of [Yan25] for classes of VC dimension 1.

C. Yan, *An Õptimal DP PAC Learner for Concept Classes with VC Dimension 1* [Yan25]:

* :class:`OPTPrivateLearner` — Algorithm 2 (improper): partition, deepest deterministic
  point per part, PrivateMedian of the distances, choosing mechanism over the median
  layer, and the root path of x_good un-f-represented (Theorem 10, Lemmas 7–9,
  Corollary 2, Theorem 11).
* :class:`ProperLearner` — Algorithm 4 (proper): x_good from Algorithm 2 on S_1, then a
  walk down the sub-tree T_good of Algorithm 3 with a Laplace test on w_min and the
  exponential mechanism (Theorem 12, Claims 1–6, Theorem 13).
* :func:`theorem11_parameters`, :func:`theorem13_parameters` — theorem-mode sample sizes.

Labels are {0, 1}.  A sample is given as column indices of the class matrix (use
``FiniteClass.columns(points)`` to map domain points) and 0/1 labels.

Modes
-----
``mode="theorem"``: the number of parts t (and N_2) come from the calculators and the
sample must have at least the theorem's N points.  ``mode="practical"``: t (and the
split) are given by the caller, so experiments can run far below the theorem's N; the
privacy accounting is never scaled — only sample sizes are.  Every result records its
mode and parameters.

Privacy accounting
------------------
``epsilon, delta`` are the *total* budget.  Algorithm 2 spends (ε/2, δ/2) on
PrivateMedian and (ε/2, δ/2) on the choosing mechanism (Theorem 11's substitution of
Theorem 10).  The proper learner gives (ε/2, δ/2) to Algorithm 2 on S_1 and (ε/2, δ/2)
to the loop on S_2 (per release ε_step, with advanced composition over the at most 2T
releases) — a conservative split: the paper's argument for Theorem 13 lets both parts
use the whole budget because S_1 and S_2 are disjoint, which we do not rely on, so a
ledger's basic/advanced composition is a valid bound on its own.
"""

from __future__ import annotations

import hashlib
import math
import numbers
import warnings
from dataclasses import dataclass, field
from typing import Annotated, Any, cast

import networkx as nx
import numpy as np

from geoprivate._validation import (
    Check,
    Choice,
    Epsilon,
    Interval,
    Joint,
    NonNegInt,
    OpenDelta,
    Positive,
    PositiveInt,
    Probability,
    Rng,
    as_rng,
    check_indices,
    check_probability_vector,
    checked,
    shown,
)
from geoprivate.mechanisms import (
    LogStarOptions,
    MedianResult,
    choosing_applies,
    choosing_mechanism,
    choosing_utility_loss,
    exponential_mechanism,
    laplace_noise,
    log_star_median_sample_size,
    median_sample_size,
    private_median,
)
from geoprivate.privacy import VACUOUS, Guarantee, PrivacyLedger, advanced_composition
from geoprivate.privacy.accounting import ACCOUNTANTS
from geoprivate.privacy.tight import tight_step_epsilon
from geoprivate.privacy.warnings import (
    PrivacyWarning,
    UtilityWarning,
    error_bound_says_something,
    warn_below_sample_bound,
    warn_outside_theorem,
)
from solvers import vc1 as _vc1
from solvers._checks import as_array, as_binary_matrix, as_binary_vector
from solvers.vc1 import ROOT

__all__ = [
    "VC1Hypothesis",
    "Theorem11Parameters",
    "Theorem13Parameters",
    "log_star",
    "theorem11_parameters",
    "theorem13_parameters",
    "OPTPrivateLearner",
    "ProperLearner",
]

MODES = ("theorem", "practical")
#: step 4's median: the names of ``private_median(method=...)``, plus "paper" (Theorem 9's bound, exponential run)
MEDIANS = ("exponential", "paper", "log-star")
#: the largest TD(X, C_f) the calculators take (the median's domain {0, ..., TD}; log* and the bounds are
#: computed on integers, so huge domains such as 2^1024, the log* median's point, cost nothing)
MAX_TD = 2**4096
#: the most parts t of a practical-mode partition
MAX_PARTS = 2**40

_Mode = Annotated[str, Choice(*MODES)]
_Median = Annotated[str, Choice(*MEDIANS)]
_Accountant = Annotated[str, Choice(*ACCOUNTANTS)]
_TD = Annotated[int, Interval(ge=0, le=MAX_TD)]
#: a sample: column indices of the class and 0/1 labels, checked with the class (``_VC1Class.check_sample``)
_Cols = Annotated[object, Joint("column indices of the class, one per label", kind="indices")]
_Labels = Annotated[object, Joint("0/1 labels, one per column index", kind="labels")]


def _node(value, name: str):
    """A node of Algorithm 1's tree: :data:`solvers.vc1.ROOT` or a column index (an integer >= 0)."""
    if value is ROOT:
        return value
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral) or value < 0:
        raise TypeError(f"{name} must be solvers.vc1.ROOT or a column index >= 0, got {shown(value)}")
    return int(value)


def _labels_vector(value, name: str) -> np.ndarray:
    """ĥ over the domain: a 1-D 0/1 vector, as uint8."""
    return as_binary_vector(value, name)


# --------------------------------------------------------------------------- results
@checked
@dataclass(frozen=True)
class VC1Hypothesis:
    """Output of a [Yan25] learner.

    Attributes
    ----------
    labels : numpy.ndarray of uint8
        The hypothesis ĥ over the whole domain (column order of the class), labels {0, 1}.
    node :
        The tree node whose root path is I(h) in C_f (x_good for Algorithm 2, the leaf ℓ
        for Algorithm 4; :data:`solvers.vc1.ROOT` gives ĥ = f).
    concept : int or None
        A row of the class equal to ``labels`` (always set by :class:`ProperLearner`;
        for :class:`OPTPrivateLearner` set when the improper output happens to be in C).
    mode : str
    details : dict
        The run's intermediate values and parameters: ``y`` (the y_i), ``z`` (the private
        median), ``layer`` (the nodes at distance z), ``scores`` (q_j), ``chosen`` (index
        into ``layer`` or None for ⊥), ``x_good``, ``deterministic`` (node → number of
        parts in which it is deterministic), ``t``, ``mode``, ``median_failed`` and
        ``median_result`` (step 4's :class:`~geoprivate.mechanisms.MedianResult`); the proper
        learner adds ``leaf``, ``walk`` (the steps of its loop), ``n1``, ``n2``, ``T``; both
        add ``guarantee`` (the learner's :class:`~geoprivate.privacy.Guarantee`),
        ``privacy_applies`` and ``utility_proved`` (the learners' Notes list the conditions).
    """

    labels: Annotated[np.ndarray, Check(_labels_vector, kind="array")]
    node: Annotated[object, Check(_node, kind="object")]
    concept: NonNegInt | None
    mode: _Mode
    details: dict = field(default_factory=dict)

    @property
    def guarantee(self):
        """The privacy guarantee of the run that produced this hypothesis (vacuous outside
        the theorem; ``None`` if the producer did not record one)."""
        g = self.details.get("guarantee")
        if g is None or self.details.get("utility_proved") is None:
            return g
        return g.with_utility(bool(self.details["utility_proved"]))

    @property
    def privacy_applies(self):
        """Whether every condition of the producer's privacy proof held for the run (None if not recorded)."""
        return self.details.get("privacy_applies")

    @property
    def utility_proved(self):
        """Whether the producer's accuracy theorem applies to the run (None if not recorded)."""
        return self.details.get("utility_proved")

    def predict(
        self, cols: Annotated[object, Joint("column indices in [0, len(labels))", kind="indices")]
    ) -> np.ndarray:
        """Labels of the hypothesis on column indices ``cols`` (-1 and 2.7 refused, never wrapped or truncated).

        Parameters
        ----------
        cols : array_like of int
            Column indices of the domain, in [0, n_points).

        Returns
        -------
        numpy.ndarray of uint8
        """
        return self.labels[check_indices(cols, self.labels.size, "cols")]

    def error(
        self,
        target: Annotated[object, Joint("a 0/1 labelling of the domain (the shape of labels)", kind="labels")],
        weights: Annotated[object, Joint("a probability vector over the domain", kind="array")] = None,
    ) -> float:
        """error_D(h, c) (Def. 2) for a target labelling over the domain and a distribution
        ``weights`` over the columns (uniform by default).

        Parameters
        ----------
        target : array_like of 0/1, shape (n_points,)
            c over the domain.
        weights : array_like of float, shape (n_points,), optional
            D (default: uniform).

        Returns
        -------
        float
        """
        target = as_binary_vector(target, "target")
        if target.shape != self.labels.shape:
            raise ValueError(f"target: expected shape {self.labels.shape}, got {target.shape}")
        wrong = (target != self.labels).astype(np.float64)
        if weights is None:
            return float(wrong.mean())
        w = check_probability_vector(weights, "weights")
        if w.shape != wrong.shape:
            raise ValueError("weights: expected a probability vector over the domain")
        return float(wrong @ w)


# --------------------------------------------------------------------------- calculators
def _positive_finite(x, name: str):
    """A positive finite real number as given: an int of any size stays exact (log₂ of 2**65536 is 65536)."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(x).__name__}")
    v: Any = x  # a Real: compared as given (an int of any size stays exact)
    if not v > 0 or (not isinstance(v, numbers.Integral) and not math.isfinite(v)):
        raise ValueError(f"{name} must be positive and finite, got {x!r}")
    return x


@checked
def log_star(x: Annotated[float, Check(_positive_finite, kind="real")]) -> int:
    """Iterated logarithm (base 2): the number of times log₂ is applied until the value is ≤ 1.

    Raises ``ValueError`` for x ≤ 0, NaN and ±inf (log₂ inf = inf: the loop would never end).

    Parameters
    ----------
    x : float
        A positive finite number (an integer of any size).

    Returns
    -------
    int
        log*(x).
    """
    k = 0
    while x > 1:
        x = math.log2(x)
        k += 1
    return k


def _finite_size(x: float, what: str) -> int:
    """⌈x⌉ of a sample size, or a one-line ValueError naming the parameters that sized it (x left the floats)."""
    if not math.isfinite(x):
        raise ValueError(f"alpha, beta, epsilon, delta: {what} leaves floating point ({x!r})")
    return math.ceil(x)


@checked
@dataclass(frozen=True)
class Theorem11Parameters:
    """Theorem-mode parameters of [Yan25] Algorithm 2 under Theorem 11's substitution.

    Attributes
    ----------
    td : int
        TD(X, C_f); the median runs over the distances {0, …, td}, d = td + 1.
    epsilon_step, delta_step : float
        ε/2, δ/2: the budget of PrivateMedian and of the choosing mechanism.
    beta_step : float
        β/(t+2) (solved together with t by fixed-point iteration).
    n_pm : int
        Sample size PrivateMedian needs for a 1/3-median w.p. 1 − β_step.
    t : int
        Number of parts: the smallest t ≥ n_pm with t/6 ≥ (16/ε_step) ln(4t/(β_step ε_step δ_step))
        (Lemma 9 with Lemma 1's bound for k = 1 and a dataset of t parts).
    m : int
        Size of a part: ⌈(48/α)(10 ln(48e/α) + ln(5/β_step))⌉ (Theorem 3 with VC = 1).
    n : int
        N = t·m.
    median : str
        ``"exponential"`` (n_pm of the exponential-mechanism
        median actually run, ln|X| dependence), ``"paper"`` (Theorem 9's log* formula with hidden constant
        ``c_pm``) or ``"log-star"`` (the bound of the log*-level median actually run:
        :func:`geoprivate.mechanisms.log_star_median_sample_size`, RecPrefix-R's own
        docs/interior_point.md §5 bound at α = 1/3 — not Theorem 9's n_PM).
    """

    td: _TD
    alpha: Probability
    beta: Probability
    epsilon: Epsilon
    delta: OpenDelta
    epsilon_step: Epsilon
    delta_step: OpenDelta
    beta_step: Probability
    n_pm: PositiveInt
    t: PositiveInt
    m: PositiveInt
    n: PositiveInt
    median: _Median
    c_pm: Positive


def _n_pm(d: int, beta: float, eps: float, delta: float, median: str, c_pm: float) -> int:
    if median == "exponential":
        return median_sample_size(d, 1 / 3, beta, eps)
    if median == "log-star":
        return log_star_median_sample_size(d, 1 / 3, beta, eps, delta)
    ls = max(1, log_star(d))
    return max(1, math.ceil(c_pm * ls * math.log(ls / (beta * delta)) ** 2 / ((1 / 3) * eps)))


def _parts_for(n_pm: int, beta: float, eps: float, delta: float) -> int:
    t = n_pm
    for _ in range(200):  # t ↦ 6·(16/ε) ln(4t/(βεδ)) grows like log t: converges in a few steps
        need = math.ceil(6 * choosing_utility_loss(eps, delta, 1, t, beta))
        if need <= t:
            return t
        t = need
    raise RuntimeError("theorem11_parameters: the fixed point for t did not converge")  # pragma: no cover


@checked
def theorem11_parameters(
    td: _TD,
    alpha: Probability,
    beta: Probability,
    epsilon: Epsilon,
    delta: OpenDelta,
    *,
    median: _Median = "exponential",
    c_pm: Positive = 1.0,
) -> Theorem11Parameters:
    """Sample size of Theorem 11 (Algorithm 2 with ε → ε/2, δ → δ/2, β → β/(t+2)).

    The paper gives N only up to O(·); we make every constant explicit:

    * n_PM: ``median="exponential"`` uses the bound of the
      median actually run
      (:func:`geoprivate.mechanisms.median_sample_size`, exponential mechanism);
      ``median="paper"`` uses Theorem 9's c_pm·log*d·ln²(log*d/(βδ))/(αε) with α = 1/3;
      ``median="log-star"`` the bound of the log*-level median run by the learner
      (:func:`geoprivate.mechanisms.log_star_median_sample_size`, RecPrefix-R, α = 1/3).
    * t: Lemma 9 needs a score of t/6 to beat Lemma 1's loss (16/ε) ln(4kn/(βεδ)); the
      paper writes n = n_PM there, but the choosing mechanism's dataset has t ≥ n_PM
      parts, so we solve t/6 ≥ (16/ε) ln(4t/(βεδ)) (and t ≥ n_PM).
    * β/(t+2) depends on t: solved by fixed-point iteration.
    * Per-part size from Theorem 3 with VC = 1; Algorithm 2 prints ``48ε/α`` inside the
      logarithm where Theorem 3 and Theorem 11 have ``48e/α``: we use ``48e/α``.

    Logarithms are natural.

    Parameters
    ----------
    td : int
        TD(X, C_f), the thresholds dimension ([Yan25] Definition 6); the median runs over {0, …, td}.
    alpha, beta : float
        The PAC accuracy α and confidence β.
    epsilon, delta : float
        The privacy parameters.
    median : {"exponential", "paper", "log-star"}, default "exponential"
        Which private median's sample bound gives n_PM.
    c_pm : float, default 1.0
        The constant of Theorem 9's bound (``median="paper"`` only).

    Returns
    -------
    Theorem11Parameters
        The sample size and its parts (n_PM, t, the per-part size m, β/(t+2)).
    """
    a, b, e, d = alpha, beta, epsilon, delta
    e_step, d_step = e / 2, d / 2
    if not (e_step > 0 and d_step > 0):
        raise ValueError(f"epsilon, delta: half of each must be positive, got epsilon={epsilon!r}, delta={delta!r}")
    t = 1
    for _ in range(200):
        b_step = b / (t + 2)
        n_pm = _n_pm(int(td) + 1, b_step, e_step, d_step, median, c_pm)
        t_new = _parts_for(n_pm, b_step, e_step, d_step)
        if t_new == t:
            break
        t = t_new
    b_step = b / (t + 2)
    m = _finite_size(48 / a * (10 * math.log(48 * math.e / a) + math.log(5 / b_step)), "Theorem 3's part size m")
    return Theorem11Parameters(int(td), a, b, e, d, e_step, d_step, b_step, n_pm, t, m, t * m, median, c_pm)


@checked
@dataclass(frozen=True)
class Theorem13Parameters:
    """Theorem-mode parameters of [Yan25] Algorithm 4.

    ``first`` is Theorem 11 for S_1 at (ε/2, δ/2, β/3); ``n2`` the size of S_2; ``T`` =
    ⌈2/α⌉ iterations; ``epsilon_step`` the budget of each of the ≤ 2T releases on S_2
    (total (ε/2, δ/2) by advanced composition with δ' = δ/2, or basic composition if
    better); ``beta_step`` = β/(3(2T+2)) covers the union bounds of Claims 1–5.

    Attributes
    ----------
    first : Theorem11Parameters
        Theorem 11's parameters for S_1.
    n1, n2 : int
        The sizes of S_1 and S_2.
    T : int
        The number of iterations ⌈2/α⌉.
    epsilon_step : float
        The budget of each release on S_2.
    beta_step : float
        β/(3(2T+2)).
    n : int
        n1 + n2.
    """

    first: Theorem11Parameters
    n1: PositiveInt
    n2: PositiveInt
    T: PositiveInt
    epsilon_step: Epsilon
    beta_step: Probability
    n: PositiveInt


def _loop_epsilon(total: float, k: int, delta_prime: float, accountant: str = "paper") -> float:
    """Largest per-release ε with k releases composing to ≤ ``total`` (basic or advanced, or tight)."""
    if accountant == "tight":  # the k pure releases composed optimally at delta' ([KOV15])
        return tight_step_epsilon(k, total, delta_prime)
    basic = total / k
    lo, hi = 0.0, total
    for _ in range(100):
        mid = (lo + hi) / 2
        if mid > 0 and advanced_composition(mid, 0.0, k, delta_prime).epsilon <= total:
            lo = mid
        else:
            hi = mid
    return max(basic, lo)


@checked
def theorem13_parameters(
    td: _TD,
    alpha: Probability,
    beta: Probability,
    epsilon: Epsilon,
    delta: OpenDelta,
    *,
    median: _Median = "exponential",
    c_pm: Positive = 1.0,
    accountant: _Accountant = "paper",
) -> Theorem13Parameters:
    """Sample sizes N_1 + N_2 of Algorithm 4 with every constant of Claims 1–5 explicit.

    N_2 is the smallest N with (i) e^{−αN/3} ≤ β_s (Claims 1–2), (ii) ln(1/(2β_s))/ε_s <
    αN/2 (Claim 3), (iii) (2/α) e^{−3ε_s αN/4} ≤ β_s (Claim 5) and (iv) αN ≥
    (T+1) ln(2/α)/ε_s (Claim 5's last step, so that every leaf kept has v ≤ 4αN).  The
    paper's Algorithm 4 states N_2 = O((log(1/α)+log(1/β))/(α²ε)); Claim 6 then gives an
    (O(α), O(β/α)) learner.

    Parameters
    ----------
    td : int
        TD(X, C_f), the thresholds dimension ([Yan25] Definition 6).
    alpha, beta : float
        The PAC accuracy α and confidence β.
    epsilon, delta : float
        The privacy parameters.
    median : {"exponential", "paper", "log-star"}, default "exponential"
        Which private median's sample bound is used in N_1.
    c_pm : float, default 1.0
        The constant of Theorem 9's bound (``median="paper"`` only).
    accountant : {"paper", "tight"}, default "paper"
        How ε_step is sized: Theorem 7 (advanced composition, or basic) over the 2T releases, or their
        optimal composition ([KOV15]; :func:`geoprivate.privacy.tight.tight_step_epsilon`).

    Returns
    -------
    Theorem13Parameters
        N_1, N_2 and the constants they are computed from.
    """
    a, b, e, d = alpha, beta, epsilon, delta
    first = theorem11_parameters(td, a, b / 3, e / 2, d / 2, median=median, c_pm=c_pm)
    T = _finite_size(2 / a, "T = 2/alpha")
    if 2 * T > 10**300:
        raise ValueError(f"alpha: Theorem 13's 2T = 4/alpha releases are beyond the floats, got alpha={alpha!r}")
    e_s = _loop_epsilon(e / 2, 2 * T, d / 2, accountant)
    b_s = b / (3 * (2 * T + 2))
    try:
        n2 = max(
            math.ceil(3 * math.log(1 / b_s) / a),  # (i)
            math.floor(2 * math.log(1 / (2 * b_s)) / (e_s * a)) + 1,  # (ii), strict
            math.ceil(4 * math.log(2 / (a * b_s)) / (3 * e_s * a)),  # (iii)
            math.ceil((T + 1) * math.log(2 / a) / (e_s * a)),  # (iv)
            1,
        )
    except (OverflowError, ZeroDivisionError, ValueError) as exc:
        raise ValueError(f"alpha, beta, epsilon, delta: Theorem 13's N_2 leaves floating point ({exc})") from None
    return Theorem13Parameters(first, first.n, n2, T, e_s, b_s, first.n + n2)


# --------------------------------------------------------------------------- shared machinery
#: trees of the last classes seen (data-independent, read-only): MakeTree costs TD² · |C| at TD = 2¹²
_TREES: dict = {}
_TREES_KEPT = 2


def _tree_of(M: np.ndarray, f) -> tuple:
    """(:func:`solvers.vc1.make_tree`, :func:`solvers.vc1.tree_index`) of the class ``M`` and row
    ``f``, reused when the same class (by content) comes again."""
    key = (M.shape, int(f) if isinstance(f, numbers.Integral) else f, hashlib.blake2b(M.tobytes()).hexdigest())
    if key not in _TREES:
        tree = _vc1.make_tree(M, f)
        while len(_TREES) >= _TREES_KEPT:
            _TREES.pop(next(iter(_TREES)))
        _TREES[key] = (tree, _vc1.tree_index(tree))
    return _TREES[key]


class _VC1Class:
    """The tree of a VC-1 class and the arrays the learners read (all data-independent)."""

    def __init__(self, concept_class, f):
        if isinstance(concept_class, nx.DiGraph):  # the class given by its tree: no matrix
            if f != 0:
                raise ValueError(f"f: a class given by its tree carries f (as f_row); leave f = 0, got {f!r}")
            if not _vc1.is_vc1_tree_form(concept_class):
                raise ValueError(
                    "concept_class: not the tree of a VC-1 class (see solvers.vc1.tree_from_parents / make_tree)"
                )
            self.M = None
            self.tree, self.index = concept_class, _vc1.tree_index(concept_class)
            self.n_points = int(self.tree.graph["n_points"])
            self.domain = tuple(range(self.n_points))
        else:
            if callable(getattr(concept_class, "matrix", None)):  # Thresholds, PointFunctions, ...
                concept_class = concept_class.matrix()  # their FiniteClass over a finite domain
            matrix = getattr(concept_class, "matrix", concept_class)
            self.M = as_binary_matrix(matrix, "concept_class", allow_empty_rows=False)
            self.n_points = self.M.shape[1]
            domain = getattr(concept_class, "domain", None)
            self.domain = tuple(range(self.n_points)) if domain is None else tuple(domain)
            self.tree, self.index = _tree_of(self.M, f)  # raises ValueError if VC > 1
        self.f = self.tree.graph["f"]
        self.f_row = self.tree.graph["f_row"]
        self.norm = self.tree.graph["normalisation"]
        self.A = self.norm.matrix  # C_f on the normalised columns (rows: distinct concepts); None for a tree
        self.columns = self.norm.columns
        self.dist = self.index.depth[: self.columns.size].astype(np.int64)  # Def. 16's distance
        self.height = int(self.tree.graph["height"])
        self.proper = self.tree.graph["proper"]
        self.pos = {int(c): j for j, c in enumerate(self.columns)}
        self.proper_points = np.array(sorted(x for x in self.proper if x is not ROOT), dtype=np.intp)

    def check_sample(self, cols, labels, realisable: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Validate a sample (column indices, 0/1 labels); return them as arrays (no copy if
        possible).  With ``realisable``, also check that some concept is consistent with it."""
        c = as_array(cols, "cols")
        y = as_array(labels, "labels")
        if c.ndim != 1 or y.shape != c.shape:
            raise ValueError(f"cols and labels must be 1-D of the same length, got shapes {c.shape} and {y.shape}")
        if c.size and c.dtype.kind not in "iu":
            raise ValueError(f"cols: expected integer column indices, got dtype {c.dtype}")
        n = self.n_points
        if c.size and (c.min() < 0 or c.max() >= n):
            raise ValueError(f"cols: column indices must lie in [0, {n}), got {c.min()}..{c.max()}")
        if y.size and (y.dtype.kind not in "biuf" or ((y != 0) & (y != 1)).any()):
            raise ValueError("labels: expected 0/1 labels")
        if y.dtype == np.uint8 and y.size and y.max() > 1:
            raise ValueError("labels: expected 0/1 labels")
        y = y.astype(np.uint8, copy=False)
        if realisable:
            self.check_realisable(self.part_counts(c, y, None, 1))
        return c, y

    def check_realisable(self, total_counts) -> None:
        """``ValueError`` unless some concept agrees with the whole sample (counts of shape (1, m+1, 2))."""
        if self.deterministic_nodes(self.entries_of_counts(total_counts), 1)[0][0] < 0:
            raise ValueError(
                "labels: the sample is not realisable by the class (the learners of [Yan25] "
                "assume a true concept c* in C)"
            )

    def hypothesis_of(self, node) -> np.ndarray:
        """ĥ over the domain for I(h) = root path of ``node`` (Alg. 2 steps 8–9, Alg. 4 steps 9–10)."""
        j = self.index.root if node is ROOT else self.pos[node]
        row = self.root_path_rows(np.array([j]))[0].astype(np.uint8)  # ancestors by the Euler tour, O(TD)
        return self.norm.expand(row) ^ self.f_row

    def concept_of(self, labels) -> int | None:
        """A row of the class equal to ``labels`` (the smallest index), or None.  For a class given
        by its tree the rows are numbered as :func:`solvers.vc1.class_from_tree` numbers them (0:
        f, then the proper points in increasing order) and the test is a root-path test, O(TD)."""
        if self.M is not None:
            hit = np.flatnonzero((labels[None, :] == self.M).all(axis=1))
            return int(hit[0]) if hit.size else None
        ones = np.flatnonzero(labels ^ self.f_row)  # the identity normalisation: columns are nodes
        if ones.size == 0:
            return 0
        idx = self.index
        low = int(ones[np.argmax(idx.depth[ones])])
        on_path = (idx.tin[ones] <= idx.tin[low]) & (idx.tin[low] <= idx.tout[ones])
        if low not in self.proper or ones.size != idx.depth[low] or not on_path.all():
            return None
        return 1 + int(np.searchsorted(self.proper_points, low))

    def part_counts(self, cols, labels, part_of, t: int) -> np.ndarray:
        """Counts of f-represented labels per part and normalised column, shape (t, m + 1, 2).

        ``part_of`` gives the part of every sample point (``None``: one part).  Slot 0
        collects the dropped constant columns.  Computed by chunked ``bincount``, O(N) time
        and O(chunk) extra memory, so Theorem 11's N is within reach.
        """
        m = self.columns.size
        size = t * (m + 1) * 2
        counts = np.zeros(size, np.int64)
        chunk = 1 << 22
        for s in range(0, cols.size, chunk):
            c = cols[s : s + chunk]
            j = self.norm.column_map[c] + 1
            yf = labels[s : s + chunk] ^ self.f_row[c]
            key = j.astype(np.int64) * 2 + yf
            if part_of is not None:
                key += part_of[s : s + chunk].astype(np.int64) * ((m + 1) * 2)
            counts += np.bincount(key, minlength=size)
        return counts.reshape(t, m + 1, 2)

    def consistent(self, counts) -> np.ndarray:
        """(t, k) bool: concept c of C_f agrees with part i (no 0-label inside I(c), every
        1-label inside I(c), no 1-label on a constant column, which C_f labels 0).  Dense
        (t × k × TD): for small classes and inspection; the learners use :meth:`deterministic_nodes`."""
        if self.A is None:
            raise ValueError("counts: the dense consistency table needs the class matrix (this class is a tree)")
        neg = counts[:, 1:, 0].astype(np.float64)
        pos = counts[:, 1:, 1].astype(np.float64)
        A = self.A.astype(np.float64)
        ok = ((neg @ A.T) == 0) & ((pos @ A.T) == pos.sum(axis=1)[:, None])
        return ok & (counts[:, 0, 1] == 0)[:, None]

    @staticmethod
    def entries_of_counts(counts):
        """The distinct (part, normalised column or −1, label) cells of a count table (t, m + 1, 2)."""
        part, slot, lab = np.nonzero(counts)
        return part, slot - 1, lab

    def sample_entries(self, cols, labels, part_of=None):
        """The distinct (part, normalised column or −1, f-represented label) of a sample (one part
        when ``part_of`` is None): sorted unique keys, chunked, O(N log N) time, never t × TD."""
        m2 = (self.columns.size + 1) * 2
        keys = []
        chunk = 1 << 22
        for s in range(0, cols.size, chunk):
            c = cols[s : s + chunk]
            key = (self.norm.column_map[c] + 1).astype(np.int64) * 2 + (labels[s : s + chunk] ^ self.f_row[c])
            if part_of is not None:
                key += part_of[s : s + chunk].astype(np.int64) * m2
            keys.append(_sorted_unique(key))
        key = _sorted_unique(np.concatenate(keys)) if keys else np.zeros(0, np.int64)
        return key // m2, (key % m2) // 2 - 1, key % 2

    def partition_entries(self, cols, labels, n: int, t: int, rng):
        """Algorithm 2 step 2 as the distinct cells of each part of a uniformly random partition
        into parts of :meth:`part_sizes`.  The law of the parts' count table depends only on
        the sample's cell counts: drawn as :meth:`partition_counts` does when that table
        (cells × t) is smaller than the sample, else by permuting the sample's cells."""
        total = self.part_counts(cols, labels, None, 1)
        cells = int(np.count_nonzero(total))
        if cells * t <= n:
            return self.entries_of_counts(self.partition_counts(total, n, t, rng))
        return self.sample_entries(cols, labels, self.random_partition(n, t, rng))

    def deterministic_nodes(self, entries, t: int):
        """Algorithm 2 step 3 in one pass over the sample (:func:`solvers.vc1.version_space_lca`):
        per part the node whose root path is B_i (Def. 15 in C_f; −1: no concept agrees, B_i
        empty) and y_i = its distance (the deepest point of B_i; 0 when B_i is empty)."""
        part, node, label = entries
        lca = _vc1.version_space_lca(self.index, part, node, label, t)
        y = np.where(lca >= 0, self.index.depth[lca], 0)
        return lca, y.astype(np.int64)

    def root_path_rows(self, lca) -> np.ndarray:
        """(t, m) bool: the root path of every node of ``lca`` (−1: an empty row)."""
        idx = self.index
        m = self.columns.size
        tin = idx.tin[np.where(lca >= 0, lca, idx.root)]
        rows = (idx.tin[None, :m] <= tin[:, None]) & (tin[:, None] <= idx.tout[None, :m])
        return rows & (lca >= 0)[:, None]

    def subtree_counts(self, nodes, lca) -> np.ndarray:
        """For every normalised column of ``nodes``: the parts whose B_i contains it (LCA below it)."""
        return self.index.subtree_counts(nodes, lca[lca >= 0])

    def deterministic_sets(self, counts):
        """Algorithm 2 step 3: B_i (bool (t, m), Def. 15 in C_f) and y_i = max distance in B_i."""
        lca, y = self.deterministic_nodes(self.entries_of_counts(counts), counts.shape[0])
        return self.root_path_rows(lca), y

    @staticmethod
    def part_sizes(n: int, t: int) -> np.ndarray:
        """Sizes of the t parts of n points: n // t, the first n % t parts one larger."""
        sizes = np.full(t, n // t, dtype=np.int64)
        sizes[: n % t] += 1
        return sizes

    def partition_counts(self, total_counts, n: int, t: int, rng) -> np.ndarray:
        """The per-part count table of a uniformly random partition, sampled directly.

        Algorithm 2 reads the parts only through their (column, label) counts.  Given the
        sample's total counts per cell, the table of a uniformly random partition into
        parts of fixed sizes is a uniformly random contingency table with those margins;
        it is drawn exactly, cell by cell, by multivariate hypergeometric draws over the
        remaining capacities of the parts — O(cells · t) instead of shuffling N points.
        """
        cells = total_counts.reshape(-1)
        remaining = self.part_sizes(n, t)
        out = np.zeros((t, cells.size), np.int64)
        for cell in np.flatnonzero(cells):
            draw = rng.multivariate_hypergeometric(remaining, int(cells[cell]), method="marginals")
            out[:, cell] = draw
            remaining -= draw
        return out.reshape(t, *total_counts.shape[1:])

    def random_partition(self, n: int, t: int, rng) -> np.ndarray:
        """Part index of every sample point: a uniformly random partition into t parts whose
        sizes differ by at most one (Algorithm 2 step 2)."""
        sizes = self.part_sizes(n, t)
        dtype = np.int16 if t < (1 << 15) else np.int32
        return rng.permutation(np.repeat(np.arange(t, dtype=dtype), sizes))


def _sorted_unique(a: np.ndarray) -> np.ndarray:
    """The distinct values of ``a``, sorted (by one sort: faster than a hash at these sizes)."""
    a = np.sort(a)
    return a[np.r_[True, a[1:] != a[:-1]]] if a.size else a


def _learner_applies(name: str, epsilon: float, choosing_eps: float, strict) -> bool:
    """Whether the learner's guarantee holds: its choosing mechanism runs at ``choosing_eps``,
    and [Yan25] Lemma 1 needs that in (0, 2).  Warns (``strict``: refuses) otherwise."""
    if isinstance(strict, bool) and choosing_applies(choosing_eps):
        return True
    if not isinstance(strict, bool):
        raise TypeError(f"strict must be a bool, got {type(strict).__name__}")
    warn_outside_theorem(
        f"{name} with epsilon={epsilon!r}: its choosing mechanism runs at epsilon={choosing_eps!r}, outside "
        "[Yan25] Lemma 1 (needs (0, 2)); no (epsilon, delta) guarantee (pass strict=True to refuse)",
        strict=strict,
        stacklevel=4,
    )
    return False


#: the class: a 0/1 matrix (or an object with a finite matrix), or the tree of a VC-1 class (checked by _VC1Class)
_ConceptClass = Annotated[object, Joint("a 0/1 matrix of VC dimension <= 1 or its tree, with f", kind="object")]
_Parts = Annotated[int, Interval(ge=1, le=MAX_PARTS), Joint("at most the sample size (checked by fit)")]


# --------------------------------------------------------------------------- Algorithm 2
@checked
class OPTPrivateLearner:
    """OPTPrivateLearner ([Yan25] Algorithm 2): improper (ε, δ)-DP learner for VC-1 classes.

    Parameters
    ----------
    concept_class : FiniteClass, a concept class with a finite ``matrix()``, array_like, or networkx.DiGraph
        A 0/1 matrix of shape (n_concepts, n_points) of VC dimension ≤ 1 (``ValueError``
        otherwise); structured classes (``Thresholds(domain)``, ``PointFunctions(domain)``)
        are used through their :class:`FiniteClass`.  Or the class given by its tree
        (:func:`solvers.vc1.tree_from_parents`, :func:`solvers.vc1.thresholds_tree`; checked in
        O(TD log TD), no TD² matrix: TD = 2¹⁶ fits), which carries f itself (leave ``f = 0``).
    epsilon, delta : float
        Total privacy budget (each of the two private steps gets half; Theorem 11).
    alpha, beta : float
        Accuracy and confidence targets (used by the theorem-mode calculator).
    f : int
        Row of the class used for the f-representation (Algorithm 1 step 1).
    mode : {"theorem", "practical"}
    n_subsets : int, optional
        t in practical mode (required there; ignored in theorem mode).
    median : {"exponential", "paper", "log-star"}
        Step 4's median, named as ``private_median(method=...)`` names it.  ``"exponential"`` and ``"log-star"``
        run that median and size the sample with its own bound; ``"paper"`` runs the
        exponential median but sizes n_PM with Theorem 9's formula (see
        :func:`theorem11_parameters`; its accuracy is then not proved).  ``"log-star"``
        runs footnote 3 on RecPrefix-R in the learner's mode, β = β/(t+2).
    median_k_scale : float in [0, 1]
        ``median="log-star"`` in practical mode: scale of RecPrefix-R's trim K (theorem
        mode needs 1).
    partition : {"explicit", "counts"}
        Step 2: ``"explicit"`` shuffles the sample into t parts; ``"counts"`` draws the
        per-part count table of a uniformly random partition directly (same law of
        everything the algorithm reads, O(N + cells·t) — for Theorem 11's N).
    accountant : {"paper", "tight"}, default "paper"
        Named in the guarantee; the two private steps compose at the δ they book, where basic
        composition is already the optimum ([KOV15] Theorem 3.3), so the numbers are the same.

    Notes
    -----
    Privacy (``privacy_applies`` of a fit, and :meth:`guarantee`), conditions of [Yan25]
    Theorem 11 (Theorem 10 with Theorem 9's median) evaluated on the parameters used:
    step 2's partition is data-independent; step 4's PrivateMedian at (ε/2, δ/2) is private
    by Theorem 8 (exponential; always) or by RecPrefix-R's conditions (Lemma 1 at
    ε/(2(2L+1)) < 2; log-star); step 7's choosing mechanism at (ε/2, δ/2) needs Lemma 1's
    ε/2 < 2 and δ > 0 (its quality is 1-bounded, Definition 12); the two compose by
    Theorem 6, and steps 8–9 are post-processing (Theorem 5).  Accuracy
    (``utility_proved``): Theorem 11's t and N with the sample bound of the median actually
    run — the theorem's t parts, n >= :meth:`sample_size`, k_scale = 1, ``median !=
    "paper"`` — and the median's own ``utility_proved``.  A fit below :meth:`sample_size`
    emits a :class:`~geoprivate.privacy.warnings.UtilityWarning`.

    If PrivateMedian fails (log-star: RecPrefix-R returns FAIL), z = 0 (data-independent;
    ``details["median_failed"] = True``).
    If the choosing mechanism outputs ⊥ (the paper does not say what to do), x_good =
    ROOT, i.e. ĥ = f (post-processing; recorded in ``details["chosen"] = None``).  If the
    private median is z = 0, the layer P is {∅}; ∅'s (empty) root path lies in every B_i,
    so its score is t — either way x_good = ROOT.

    Examples
    --------
    Practical mode (t = 20 parts, 400 examples of a threshold on 8 points): private at any n;
    Theorem 11's accuracy needs N = :meth:`sample_size` examples
    (:func:`geoprivate.planning.plan_vc1` computes it), so ``utility_proved`` is False here.

    >>> from solvers.vc1 import thresholds_tree
    >>> rng = np.random.default_rng(0)
    >>> cols = rng.integers(0, 8, size=400); labels = (cols >= 5).astype(int)
    >>> learner = OPTPrivateLearner(thresholds_tree(8), 1.0, 1e-6, 0.1, 0.1, mode="practical", n_subsets=20)
    >>> h = learner.fit(cols, labels, rng=1)
    >>> h.privacy_applies, h.guarantee.epsilon, h.guarantee.delta, h.utility_proved
    (True, 1.0, 1e-06, False)
    """

    def __init__(
        self,
        concept_class: _ConceptClass,
        epsilon: Epsilon,
        delta: OpenDelta,
        alpha: Probability,
        beta: Probability,
        *,
        f: Annotated[NonNegInt, Joint("a row of the class (0 for a class given by its tree)")] = 0,
        mode: _Mode = "theorem",
        n_subsets: _Parts | None = None,
        median: _Median = "exponential",
        partition: Annotated[str, Choice("explicit", "counts")] = "explicit",
        median_k_scale: Annotated[float, Interval(ge=0, le=1), Joint("1 in theorem mode")] = 1.0,
        strict: bool = False,
        accountant: _Accountant = "paper",
    ):
        self.alpha, self.beta, self.epsilon, self.delta = alpha, beta, epsilon, delta
        self.accountant = accountant
        # Theorem 11: the choosing mechanism gets epsilon/2, Lemma 1 needs it < 2, so epsilon < 4
        self.applies = _learner_applies("OPTPrivateLearner", self.epsilon, self.epsilon / 2, strict)
        self.mode = mode
        self.median, self.median_k_scale = median, median_k_scale
        if mode == "theorem" and self.median_k_scale != 1.0:
            raise ValueError(
                f"median_k_scale: expected 1 in theorem mode, [0, 1] in practical mode, got {median_k_scale!r}"
            )
        self.partition = partition
        self.cls = _VC1Class(concept_class, f)
        self.params = theorem11_parameters(self.cls.height, alpha, beta, epsilon, delta, median=median)
        if mode == "practical":
            if n_subsets is None:
                raise ValueError("n_subsets: required in practical mode")
            self.t = n_subsets
        else:
            self.t = self.params.t

    @property
    def tree(self) -> nx.DiGraph:
        """The tree of Algorithm 1 (networkx; see :func:`solvers.vc1.make_tree`)."""
        return self.cls.tree

    def sample_size(self) -> int:
        """Theorem 11's N (theorem mode)."""
        return self.params.n

    def guarantee(self) -> Guarantee:
        """(epsilon, delta) by Theorem 11 (median and choosing mechanism at half each, basic
        composition); vacuous when epsilon >= 4 voids Lemma 1 of the choosing step."""
        return Guarantee(self.epsilon, self.delta, accountant=self.accountant) if self.applies else VACUOUS

    def choose_node(self, cols: _Cols, labels: _Labels, rng: Rng = None, ledger: PrivacyLedger | None = None) -> dict:
        """Steps 1–7 of Algorithm 2: returns x_good and the trace.

        Parameters
        ----------
        cols, labels : array_like
            The sample: column indices of the class and 0/1 labels (realisable by the class).
        rng : Generator, int or None
            The partition's and the mechanisms' randomness.
        ledger : PrivacyLedger, optional
            Receives the median's and the choosing mechanism's entries.

        Returns
        -------
        dict
            ``x_good``, ``z``, ``y``, ``layer``, ``scores``, ``chosen``, ``t``, ``deterministic`` and the median's result.
        """
        cols, labels = self.cls.check_sample(cols, labels, realisable=False)  # realisability: on the counts
        return self._choose_node(cols, labels, rng, ledger)

    def _choose_node(self, cols, labels, rng=None, ledger=None) -> dict:
        """:meth:`choose_node` on a checked sample (:meth:`fit`, and Algorithm 4 on S_1)."""
        rng = as_rng(rng)
        n = cols.size
        if n < self.t:
            raise ValueError(f"cols: {n} sample points cannot be partitioned into t = {self.t} non-empty parts")
        if self.partition == "explicit":
            entries = self.cls.sample_entries(cols, labels, self.cls.random_partition(n, self.t, rng))  # steps 1-2
            self.cls.check_realisable(self.cls.part_counts(cols, labels, None, 1))
        else:
            self.cls.check_realisable(self.cls.part_counts(cols, labels, None, 1))  # step 1
            entries = self.cls.partition_entries(cols, labels, n, self.t, rng)  # step 2, as cells per part
        lca, y = self.cls.deterministic_nodes(entries, self.t)  # step 3: B_i = root path of lca_i
        eps, dlt = self.epsilon / 2, self.delta / 2
        med = self._median(y, eps, dlt, rng, ledger)  # step 4
        z = 0
        if not med.failed:
            assert isinstance(med.value, (int, np.integer))  # a point of the domain {0, …, TD}
            z = int(med.value)
        if z == 0:
            layer: list[object] = [ROOT]
            q = np.array([self.t], np.int64)  # every B_i contains ∅'s (empty) root path
        else:
            layer_idx = np.flatnonzero(self.cls.dist == z)  # step 5
            layer = [int(self.cls.columns[j]) for j in layer_idx]
            q = self.cls.subtree_counts(layer_idx, lca).astype(np.int64)  # step 6: parts with x in B_i
        chosen = choosing_mechanism(q, eps, dlt, 1, rng=rng, ledger=ledger)  # step 7
        x_good = ROOT if chosen is None else layer[chosen]
        counts = self.cls.subtree_counts(np.arange(self.cls.columns.size), lca)
        deterministic = {int(self.cls.columns[j]): int(counts[j]) for j in np.flatnonzero(counts)}
        return dict(
            x_good=x_good,
            z=z,
            y=y,
            layer=layer,
            scores=q,
            chosen=chosen,
            t=self.t,
            deterministic=deterministic,
            median_failed=med.failed,
            median_result=med,
        )

    def _median(self, y, eps, dlt, rng, ledger) -> MedianResult:
        """Step 4: PrivateMedian of the y_i over {0, …, TD} (1/3-median w.p. 1 − β_step; Theorem 9).

        The median's own sample-bound warning is folded into the learner's (:meth:`fit`)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UtilityWarning)
            if self.median != "log-star":
                return private_median(
                    y,
                    np.arange(self.cls.height + 1),
                    eps,
                    dlt,
                    alpha=1 / 3,
                    beta=self.params.beta_step,
                    rng=rng,
                    ledger=ledger,
                )
            options = LogStarOptions(cast(Any, self.mode), k_scale=self.median_k_scale)
            return private_median(
                y,
                self.cls.height + 1,
                eps,
                dlt,
                alpha=1 / 3,
                beta=self.params.beta_step,
                method="log-star",
                log_star=options,
                rng=rng,
                ledger=ledger,
            )

    def _verdicts(self, n: int, trace: dict) -> dict:
        """``privacy_applies`` and ``utility_proved`` of a fit on n examples (class Notes); warns below N."""
        med = trace["median_result"]
        proved = (
            self.median != "paper"
            and self.t == self.params.t
            and self.median_k_scale == 1.0
            and n >= self.params.n
            and med.utility_proved
            and error_bound_says_something("OPTPrivateLearner", self.alpha, stacklevel=5)
        )
        if n < self.params.n:
            warn_below_sample_bound(
                f"OPTPrivateLearner: n = {n} < N = {self.params.n} (Theorem 11, median="
                f"{self.median!r}); accuracy not proved (privacy holds)",
                stacklevel=4,
            )
        return dict(privacy_applies=bool(self.applies and med.privacy_applies), utility_proved=bool(proved))

    def fit(self, cols: _Cols, labels: _Labels, rng: Rng = None, ledger: PrivacyLedger | None = None) -> VC1Hypothesis:
        """Run Algorithm 2 on the sample (column indices, 0/1 labels) and return ĥ_good.

        Parameters
        ----------
        cols, labels : array_like
            The sample: column indices of the class and 0/1 labels.
        rng : Generator, int or None
            The run's randomness.
        ledger : PrivacyLedger, optional
            Receives the run's entries.

        Returns
        -------
        VC1Hypothesis

        Raises
        ------
        ValueError
            Malformed or non-realisable sample; in theorem mode fewer than N points.
        """
        cols, labels = self.cls.check_sample(cols, labels, realisable=False)  # checked on the counts
        if self.mode == "theorem" and cols.size < self.params.n:
            raise ValueError(
                f"cols: theorem mode needs N = {self.params.n} sample points (Theorem 11), "
                f"got {cols.size}; use mode='practical' to run below it"
            )
        trace = self._choose_node(cols, labels, rng, ledger)
        h = self.cls.hypothesis_of(trace["x_good"])  # steps 8–9
        trace.update(
            mode=self.mode,
            n=int(cols.size),
            epsilon=self.epsilon,
            delta=self.delta,
            alpha=self.alpha,
            beta=self.beta,
            params=self.params,
            guarantee=self.guarantee(),
            **self._verdicts(int(cols.size), trace),
        )
        return VC1Hypothesis(h, trace["x_good"], self.cls.concept_of(h), self.mode, trace)


# --------------------------------------------------------------------------- Algorithm 4
@checked
class ProperLearner:
    """ProperLearner ([Yan25] Algorithm 4): proper (ε, δ)-DP learner for VC-1 classes.

    Parameters
    ----------
    concept_class, f, median, partition, median_k_scale :
        As for :class:`OPTPrivateLearner` (used for Algorithm 2 on S_1).
    epsilon, delta, alpha, beta : float
        Total budget and targets (see the module docstring for the split).
    mode : {"theorem", "practical"}
    n_subsets : int, optional
        t of Algorithm 2 on S_1 in practical mode.
    first_fraction : float, optional
        Practical mode: |S_1| = round(first_fraction · |S|) (default 1/2).  Theorem mode
        uses N_1 of :func:`theorem13_parameters`.
    accountant : {"paper", "tight"}, default "paper"
        How the loop's ε_step is sized (:func:`theorem13_parameters`): Theorem 7, or the optimal
        composition of the same 2T releases; the guarantee names it.

    Notes
    -----
    Privacy (``privacy_applies`` of a fit, and :meth:`guarantee`), conditions of [Yan25]
    Theorem 13 evaluated on the parameters used: Algorithm 2 on S_1 at (ε/2, δ/2) (the
    conditions of :class:`OPTPrivateLearner` at that budget: Lemma 1 needs ε/4 < 2); the
    loop on S_2 — at most 2T releases, each a Laplace test of w_min (sensitivity 1, Laplace
    mechanism) or an exponential mechanism (Theorem 8) at ε_step — composed by advanced
    composition (Theorem 7) to (ε/2, δ/2).  Accuracy (``utility_proved``): Theorem 13's
    N_1 and N_2 (n_1 >= N_1, n_2 >= N_2), the theorem's t parts, k_scale = 1, ``median !=
    "paper"`` and the median's own ``utility_proved``.  A fit below :meth:`sample_size`
    emits a :class:`~geoprivate.privacy.warnings.UtilityWarning`.

    Choices where Algorithm 4 is silent, all data-independent (post-processing):
    the loop stops early when x_flag has no child in T_good (it is then a proper leaf);
    step 8 "select any leaf" takes the leaf of T_{x_flag} nearest to x_flag (ties: smallest
    column); "α·N" in step 7 is α·|S_2| (the weights and values are counts on S_2).

    Examples
    --------
    Practical mode (Algorithm 2 on half of 400 examples with t = 20 parts): a proper, private hypothesis.

    >>> from solvers.vc1 import thresholds_tree
    >>> rng = np.random.default_rng(0)
    >>> cols = rng.integers(0, 8, size=400); labels = (cols >= 5).astype(int)
    >>> learner = ProperLearner(thresholds_tree(8), 1.0, 1e-6, 0.1, 0.1, mode="practical", n_subsets=20)
    >>> h = learner.fit(cols, labels, rng=1)
    >>> h.privacy_applies, h.guarantee.epsilon, h.concept is not None
    (True, 1.0, True)
    """

    def __init__(
        self,
        concept_class: _ConceptClass,
        epsilon: Epsilon,
        delta: OpenDelta,
        alpha: Probability,
        beta: Probability,
        *,
        f: Annotated[NonNegInt, Joint("a row of the class (0 for a class given by its tree)")] = 0,
        mode: _Mode = "theorem",
        n_subsets: _Parts | None = None,
        first_fraction: Probability = 0.5,
        median: _Median = "exponential",
        partition: Annotated[str, Choice("explicit", "counts")] = "explicit",
        median_k_scale: Annotated[float, Interval(ge=0, le=1), Joint("1 in theorem mode")] = 1.0,
        strict: bool = False,
        accountant: _Accountant = "paper",
    ):
        self.alpha, self.beta, self.epsilon, self.delta = alpha, beta, epsilon, delta
        self.accountant = accountant
        # Algorithm 2 on S_1 gets epsilon/2, its choosing mechanism epsilon/4 < 2: epsilon < 8
        self.applies = _learner_applies("ProperLearner", self.epsilon, self.epsilon / 4, strict)
        self.mode = mode
        with warnings.catch_warnings():  # already warned above, for the whole learner
            warnings.simplefilter("ignore", PrivacyWarning)
            self.first = OPTPrivateLearner(
                concept_class,
                self.epsilon / 2,
                self.delta / 2,
                self.alpha,
                self.beta / 3,
                f=f,
                mode=mode,
                n_subsets=n_subsets,
                median=median,
                partition=partition,
                median_k_scale=median_k_scale,
            )
        self.cls = self.first.cls
        self.params = theorem13_parameters(
            self.cls.height, alpha, beta, epsilon, delta, median=median, accountant=self.accountant
        )
        self.first_fraction = first_fraction
        self.T = self.params.T
        self.epsilon_step = self.params.epsilon_step

    @property
    def tree(self) -> nx.DiGraph:
        return self.cls.tree

    def _verdicts(self, n: int, n1: int, trace: dict) -> dict:
        """``privacy_applies`` and ``utility_proved`` of a fit (class Notes); warns below N_1 + N_2."""
        med = trace["median_result"]
        first = self.first
        proved = (
            first.median != "paper"
            and first.t == self.params.first.t
            and first.median_k_scale == 1.0
            and n1 >= self.params.n1
            and n - n1 >= self.params.n2
            and med.utility_proved
            and error_bound_says_something("ProperLearner", self.alpha, stacklevel=5)
        )
        if n < self.params.n:
            warn_below_sample_bound(
                f"ProperLearner: n = {n} < N_1 + N_2 = {self.params.n} (Theorem 13, median="
                f"{first.median!r}); accuracy not proved (privacy holds)",
                stacklevel=4,
            )
        return dict(privacy_applies=bool(self.applies and med.privacy_applies), utility_proved=bool(proved))

    def sample_size(self) -> int:
        """N_1 + N_2 (theorem mode, :func:`theorem13_parameters`)."""
        return self.params.n

    def guarantee(self) -> Guarantee:
        """(epsilon, delta): (epsilon/2, delta/2) for Algorithm 2 on S_1 plus (epsilon/2, delta/2) for
        the loop on S_2 (module docstring; its ε_step sized by ``accountant``); vacuous when epsilon >= 8
        voids Lemma 1."""
        return Guarantee(self.epsilon, self.delta, accountant=self.accountant) if self.applies else VACUOUS

    def fit(self, cols: _Cols, labels: _Labels, rng: Rng = None, ledger: PrivacyLedger | None = None) -> VC1Hypothesis:
        """Run Algorithm 4 and return a hypothesis that is a concept of the class.

        Parameters
        ----------
        cols, labels : array_like
            The sample: column indices of the class and 0/1 labels (realisable by the class).
        rng : Generator, int or None
            The run's randomness.
        ledger : PrivacyLedger, optional
            Receives the run's entries.

        Returns
        -------
        VC1Hypothesis
            A concept of the class (``concept`` is its row).
        """
        cols, labels = self.cls.check_sample(cols, labels)
        rng = as_rng(rng)
        n = cols.size
        if self.mode == "theorem":
            if n < self.params.n:
                raise ValueError(
                    f"cols: theorem mode needs N_1 + N_2 = {self.params.n} sample points "
                    f"(Theorem 13), got {n}; use mode='practical' to run below it"
                )
            n1 = self.params.n1
        else:
            n1 = int(round(self.first_fraction * n))
        perm = rng.permutation(n)  # step 1
        s1, s2 = perm[:n1], perm[n1:]
        trace = self.first._choose_node(cols[s1], labels[s1], rng, ledger)  # step 2
        x_good = trace["x_good"]
        tree, proper = self.cls.tree, self.cls.proper
        walk = []
        if x_good in proper:  # step 3
            leaf = x_good
        else:
            c2, y2 = cols[s2], labels[s2] ^ self.cls.f_row[cols[s2]]
            w = _vc1.node_weights(tree, c2, y2)  # step 4
            sub = _vc1.make_subtree(tree, x_good, proper)  # step 5
            v = _vc1.node_values(sub, c2, y2)
            min_leaf_v: dict[object, float] = {}  # node -> least value over the leaves below it
            for x in nx.dfs_postorder_nodes(sub, x_good):
                kids = list(sub.successors(x))
                min_leaf_v[x] = v[x] if not kids else min(min_leaf_v[k] for k in kids)
            n2 = s2.size
            x_flag = x_good  # step 6
            eps = self.epsilon_step
            for _ in range(self.T):  # step 7
                kids = sorted(sub.successors(x_flag))
                if not kids:
                    break
                w_kids = np.array([w[k] for k in kids], np.float64)
                noisy = float(w_kids.min()) + laplace_noise(1 / eps, rng=rng)  # 7(b)
                if ledger is not None:
                    ledger.record(
                        "laplace",
                        eps,
                        0.0,
                        "Laplace mechanism (Dwork et al. 2006); w_min has sensitivity 1 ([Yan25] Alg. 4 step 7b)",
                        True,
                        scale=1 / eps,
                    )
                if noisy <= self.alpha * n2:  # 7(c)
                    j = exponential_mechanism(-w_kids, eps, 1.0, rng=rng, ledger=ledger)
                    x_flag = kids[j]
                    walk.append(("light", x_flag, noisy))
                    break
                scores = -np.array([min_leaf_v[k] for k in kids], np.float64)  # 7(d)
                j = exponential_mechanism(scores, eps, 1.0, rng=rng, ledger=ledger)
                x_flag = kids[j]
                walk.append(("heavy", x_flag, noisy))
            leaves = [x for x in nx.descendants(sub, x_flag) | {x_flag} if sub.out_degree(x) == 0]
            leaf = min(leaves, key=lambda x: (tree.nodes[x]["distance"], -1 if x is ROOT else x))  # step 8
        h = self.cls.hypothesis_of(leaf)  # steps 9–10
        concept = self.cls.concept_of(h)
        if concept is None:  # pragma: no cover - leaves of T_good are proper nodes
            raise AssertionError("internal error: the proper learner's output is not a concept of the class")
        trace.update(
            leaf=leaf,
            walk=walk,
            n1=int(n1),
            n2=int(n - n1),
            T=self.T,
            epsilon_step=self.epsilon_step,
            mode=self.mode,
            params=self.params,
            guarantee=self.guarantee(),
            **self._verdicts(int(n), int(n1), trace),
        )
        return VC1Hypothesis(h, leaf, concept, self.mode, trace)
