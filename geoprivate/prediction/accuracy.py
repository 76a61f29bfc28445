"""Distributional accuracy of a GenericPredictor run, measured as [Yan26] defines it.

[Yan26] (C. Yan, *Private Prediction via Shrinkage*), Definition 1: a predictor is
α-accurate if err_D(c, h_j) ≤ α for every round j, where h_j is the hypothesis the
predictor commits to *before* seeing x_j and err_D(c, h) = Pr_{x∼D}[h(x) ≠ c(x)].
Claim 2 (= Claim 13, App. A.1) bounds it by 4·(1/k) Σ_i err_D(c, f_{i,j}); Corollaries 2
and 5 instantiate the bound for G_oblivious and G_halfspace.

The hypothesis h_j of Algorithm 2
----------------------------------
Between two TOPs the ensemble F_j and BetweenThresholds' noisy thresholds
t̂_ℓ = t_ℓ + μ, t̂_u = t_u − μ are fixed (one *segment*).  Given μ, the answer to a query x
depends only on the vote q = q_x(F_j) and a fresh ν ∼ Lap(b), b = 6/(εk) (Algorithm 1):

* P[L | x] = F(t̂_ℓ − q),  P[R | x] = 1 − F(max(t̂_ℓ, t̂_u) − q),  P[⊤ | x] = the rest

(F the Laplace CDF; L is tested first, so crossed thresholds give no ⊤).  The released
label is 0 on L, 1 on R and a fair coin on ⊤, so h_j is the randomised hypothesis with
P[h_j(x) = 1] = P[R | x] + ½·P[⊤ | x] (:func:`label_one_probability`), the same for every
round of the segment, and err_D(c, h_j) = E_{x∼D} P[h_j(x) ≠ c(x)].

Integration over D (:func:`measure_accuracy`)
---------------------------------------------
* thresholds / intervals under the uniform law on [lo, hi) (:class:`UniformLine`): every
  f_{i,j}, c and hence q are constant between consecutive breakpoints (hypothesis
  endpoints and the target's), so the integral is a finite sum over those cells — exact
  up to floating-point rounding of the cell lengths (``method="exact"``);
* finite classes under the uniform law on the domain positions (:class:`UniformColumns`):
  a sum over the columns (exact);
* halfspaces under the plain standard Gaussian (:class:`GaussianLaw` with ``grid=None``)
  and a target with ``params`` a*, w*: each block's err_D(c, f_{i,j}) in closed form
  (:func:`gaussian_halfspace_error`: ⟨a, x⟩/|a| and ⟨a*, x⟩/|a*| are standard bivariate
  normal with correlation cos∠(a, a*), the orthant probability by Owen's T function),
  the aggregate err_D(c, h_j) by Monte Carlo as below (``method="mixed"``);
* any other law (halfspaces under the grid-rounded Gaussian): Monte Carlo on
  ``n_samples`` fresh draws from D, the same draws for every segment, with a two-sided
  Hoeffding confidence interval of half-width √(ln(2/γ)/(2n)) per estimate (γ =
  ``1 - confidence``; every integrand lies in [0, 1]).

Alongside err_D(c, h_j) each segment reports ρ_j = E_x P[the answer violates Lemma 2's
τ-accuracy | x] (exact in the same way): Claim 13 conditions on Lemma 2's event, so the
unconditional answer law obeys err_D(h_j) ≤ 4·mean_i err_D(f_{i,j}) + ρ_j (the pointwise
argument of Claim 13 on the accurate answers, and probability ρ_j for the rest).
Labels are {0, 1} (1 = the paper's +1).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, cast

import numpy as np

from geoprivate._validation import (
    Check,
    Choice,
    Interval,
    Joint,
    NonNegative,
    NonNegInt,
    Positive,
    Probability,
    Rng,
    UnitInterval,
    as_rng,
    check_finite_array,
    check_real,
    checked,
)
from geoprivate.adversaries.stochastic import UniformColumns, UniformLine
from geoprivate.ensembles import Ensemble
from solvers._checks import as_list

__all__ = [
    "uniform_line_cells",
    "SegmentState",
    "AccuracyReport",
    "laplace_cdf",
    "answer_law",
    "label_one_probability",
    "lemma2_violation_probability",
    "law_cells",
    "measure_accuracy",
    "gaussian_halfspace_error",
    "TAU",
]

#: Claim 13's accuracy parameter τ of Lemma 2
TAU = 1 / 8
#: the most points of D a Monte Carlo integration draws
MAX_SAMPLES = 10**7

#: real numbers, ±inf admitted (a CDF's argument), as float64
_Reals = Annotated[Any, Check(check_finite_array, kind="array", allow_infinite=True)]
#: finite real numbers (votes, coordinates), as float64
_FiniteReals = Annotated[Any, Check(check_finite_array, kind="array")]


@checked
@dataclass(frozen=True)
class SegmentState:
    """BetweenThresholds' state during one segment (one μ): rounds [start, stop).

    Attributes
    ----------
    start, stop : int
        The segment's rounds [start, stop).
    t_hat_lower, t_hat_upper : float
        The noisy thresholds t_ℓ + μ and t_u − μ.
    nu_scale : float
        The scale of the query noise ν (6/(εk) in Algorithm 1).
    """

    start: NonNegInt
    stop: Annotated[NonNegInt, Joint("start <= stop")]
    t_hat_lower: float
    t_hat_upper: float
    nu_scale: Positive

    def __post_init__(self):
        if self.stop < self.start:
            raise ValueError(f"stop must be >= start = {self.start}, got {self.stop}")


@checked
def laplace_cdf(x: _Reals, scale: Positive) -> np.ndarray:
    """CDF of Lap(scale) at x (vectorised, no overflow).

    Parameters
    ----------
    x : array_like of float
        The points (±inf allowed).
    scale : float > 0
        The Laplace scale.

    Returns
    -------
    numpy.ndarray of float
    """
    with np.errstate(over="ignore"):  # |x| / scale beyond the floats: exp(-inf) = 0, the right tail
        e = 0.5 * np.exp(-np.abs(x) / scale)
    return np.where(x < 0, e, 1.0 - e)


@checked
def answer_law(votes: _FiniteReals, state: SegmentState):
    """(P[L], P[R], P[⊤]) of one BetweenThresholds answer to a vote q, given μ (Algorithm 1).

    Parameters
    ----------
    votes : array_like of float
        The votes q = q_x(F_j).
    state : SegmentState
        The segment's noisy thresholds and ν's scale.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray, numpy.ndarray)
        P[L], P[R] and P[⊤] per vote.
    """
    q = votes
    pL = laplace_cdf(state.t_hat_lower - q, state.nu_scale)
    pR = 1.0 - laplace_cdf(max(state.t_hat_lower, state.t_hat_upper) - q, state.nu_scale)
    return pL, pR, np.clip(1.0 - pL - pR, 0.0, 1.0)


@checked
def label_one_probability(votes: _FiniteReals, state: SegmentState) -> np.ndarray:
    """P[h_j(x) = 1] = P[R] + ½ P[⊤] for votes q = q_x(F_j) (the released label's law).

    Parameters
    ----------
    votes : array_like of float
        The votes q.
    state : SegmentState
        The segment.

    Returns
    -------
    numpy.ndarray of float
    """
    _, pR, pT = answer_law(votes, state)
    return pR + 0.5 * pT


@checked
def lemma2_violation_probability(
    votes: _FiniteReals, state: SegmentState, t_lower: float, t_upper: float, tau: NonNegative = TAU
) -> np.ndarray:
    """P[the answer to q breaks Lemma 2's τ-accuracy]: L with q > t_ℓ+τ, R with q < t_u−τ,
    ⊤ with q ∉ [t_ℓ−τ, t_u+τ].

    Parameters
    ----------
    votes : array_like of float
        The votes q.
    state : SegmentState
        The segment.
    t_lower, t_upper : float
        The thresholds t_ℓ, t_u (without noise).
    tau : float >= 0, default 1/8
        Lemma 2's τ (Claim 13's).

    Returns
    -------
    numpy.ndarray of float
    """
    q = votes
    pL, pR, pT = answer_law(q, state)
    return pL * (q > t_lower + tau) + pR * (q < t_upper - tau) + pT * ((q < t_lower - tau) | (q > t_upper + tau))


def _bvn_upper(s, t, rho):
    """P[U ≥ s, V ≥ t] for a standard bivariate normal with correlation rho (Owen's T; vectorised)."""
    from scipy.special import ndtr, owens_t

    s, t, rho = np.broadcast_arrays(*(np.asarray(v, dtype=np.float64) for v in (s, t, rho)))
    h, k = -s, -t  # P[U >= s, V >= t] = Phi2(-s, -t; rho)
    # Owen's T formula divides by h and k: 0 (and a subnormal, whose quotients overflow) moved to +-1e-300
    h = np.where(h == 0, 1e-300, np.where(np.abs(h) < 1e-300, np.copysign(1e-300, h), h))
    k = np.where(k == 0, 1e-300, np.where(np.abs(k) < 1e-300, np.copysign(1e-300, k), k))
    r = np.clip(rho, -1.0, 1.0)
    q = np.sqrt(np.maximum(1.0 - r * r, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        ah = (k - r * h) / (h * q)
        ak = (h - r * k) / (k * q)
        corr = np.where((h * k > 0), 0.0, 0.5)
        out = 0.5 * ndtr(h) + 0.5 * ndtr(k) - owens_t(h, ah) - owens_t(k, ak) - corr
    out = np.where(r >= 1 - 1e-15, ndtr(np.minimum(h, k)), out)
    out = np.where(r <= -1 + 1e-15, np.maximum(0.0, ndtr(h) + ndtr(k) - 1.0), out)
    return np.clip(out, 0.0, 1.0)


@checked
def gaussian_halfspace_error(
    A: Annotated[Any, Joint("a finite (k, d) matrix, one row per entry of w", kind="array")],
    w: Annotated[Any, Joint("k finite thresholds, one per row of A", kind="array")],
    a_star: Annotated[Any, Joint("a finite non-zero vector of R^d (d of A)", kind="array")],
    w_star: float,
) -> np.ndarray:
    """err_D(c, f) for f = [⟨a, x⟩ ≥ w] (rows of A, entries of w) and c = [⟨a*, x⟩ ≥ w*], D = N(0, I).

    Closed form: with s = w/|a|, t = w*/|a*|, ρ = cos∠(a, a*),
    err = P[f = 1] + P[c = 1] − 2·P[U ≥ s, V ≥ t] (Owen's T; float precision).  a = 0 is
    the constant hypothesis [0 ≥ w].

    Parameters
    ----------
    A : array_like, shape (k, d)
        The hypotheses' normals (a row of zeros: a constant hypothesis).
    w : array_like, shape (k,)
        Their thresholds.
    a_star : array_like, shape (d,)
        The target's normal (non-zero).
    w_star : float
        The target's threshold.

    Returns
    -------
    numpy.ndarray of float, shape (k,)
    """
    from scipy.special import ndtr

    A = check_finite_array(A, "A", ndim=2)
    w = check_finite_array(w, "w", shape=(A.shape[0],))
    a_star = check_finite_array(a_star, "a_star", shape=(A.shape[1],))
    ns = float(np.linalg.norm(a_star))
    if not 0 < ns < math.inf:
        raise ValueError(f"a_star must be a non-zero vector of finite norm, got norm {ns!r}")
    t = float(w_star) / ns
    pc = ndtr(-t)
    na = np.linalg.norm(A, axis=1)
    zero = na == 0
    nz = np.where(zero, 1.0, na)
    s = w / nz
    rho = (A @ a_star) / (nz * ns)
    pf = ndtr(-s)
    err = pf + pc - 2 * _bvn_upper(s, t, rho)
    const = np.where(w <= 0, 1.0 - pc, pc)  # f = 1 everywhere (w <= 0) errs on c = 0, else on c = 1
    return np.where(zero, const, np.clip(err, 0.0, 1.0))


@checked
def uniform_line_cells(
    breakpoints: Annotated[Any, Check(check_finite_array, kind="array", allow_infinite=True)],
    lo: Annotated[float, Check(check_real), Joint("lo < hi")],
    hi: Annotated[float, Check(check_real), Joint("lo < hi")],
):
    """The cells of U[lo, hi) cut at ``breakpoints``: ``(midpoints, probabilities)``.

    Any function constant between consecutive breakpoints (block hypotheses, vote counts,
    the target) has its U[lo, hi) expectation as the weighted sum over these midpoints
    (empty cells dropped).  Used by :func:`law_cells` and by [NNSY23]'s GenericBBL.

    Parameters
    ----------
    breakpoints : array_like of float
        Where the functions change value (±inf allowed: clipped to [lo, hi]).
    lo, hi : float
        The law's interval, lo < hi.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        The cells' midpoints and probabilities.
    """
    if not lo < hi or not math.isfinite(hi - lo):
        raise ValueError(f"lo, hi: need lo < hi with a finite length, got lo={lo!r}, hi={hi!r}")
    b = np.unique(np.clip(np.concatenate([breakpoints.ravel(), [lo, hi]]), lo, hi))
    w = np.diff(b) / (hi - lo)
    keep = w > 0
    return ((b[:-1] + b[1:]) / 2)[keep], w[keep]


def _ensembles(value, name: str) -> list:
    """A sequence of :class:`~geoprivate.ensembles.Ensemble`, as a list."""
    out = as_list(value, name, "a sequence of Ensemble")
    for e in out:
        if not isinstance(e, Ensemble):
            raise TypeError(f"{name} must hold Ensemble objects, got {type(e).__name__}")
    return out


@checked
def law_cells(
    law: Callable[..., Any],
    ensembles: Annotated[Any, Check(_ensembles, kind="object")],
    target: Callable[..., Any],
    *,
    n_samples: Annotated[int, Interval(ge=1, le=MAX_SAMPLES)] = 20_000,
    rng: Rng = None,
):
    """Representative points and weights (summing to 1) on which every f_{i,j} and c are constant.

    Returns ``(points, weights, method)``; ``method`` is ``"exact"`` for
    :class:`UniformLine` (cells between breakpoints) and :class:`UniformColumns`, else
    ``"monte-carlo"`` (``n_samples`` draws from ``law``).

    Parameters
    ----------
    law : callable
        D: ``UniformLine``, ``UniformColumns`` or any sampler ``law(rng, n)``.
    ensembles : sequence of Ensemble
        The ensembles F_j.
    target : callable
        The target c (with ``breakpoints`` for ``UniformLine``).
    n_samples : int
        Monte Carlo draws (other laws).
    rng : Generator, int or None
        The draws' randomness.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray, str)
    """
    if isinstance(law, UniformLine):
        if not hasattr(target, "breakpoints"):
            raise TypeError(
                "target: exact integration on the line needs target.breakpoints (geoprivate.prediction.problems.Target)"
            )
        br = list(target.breakpoints)
        for ens in ensembles:
            br.extend(np.asarray(ens.critical_points(), dtype=np.float64).ravel().tolist())
        mids, w = uniform_line_cells(br, law.lo, law.hi)
        return mids, w, "exact"
    if isinstance(law, UniformColumns):
        n = law.n_points
        return np.arange(n), np.full(n, 1.0 / n), "exact"
    n = n_samples
    pts = np.asarray(law(as_rng(rng), n))
    return pts, np.full(n, 1.0 / n), "monte-carlo"


@checked
@dataclass
class AccuracyReport:
    """err_D of every segment of a run ([Yan26] Definition 1, Claim 2/13).

    Attributes
    ----------
    method : "exact", "monte-carlo" or "mixed" (block errors exact, err_h Monte Carlo)
    law : str
    segments : list of dict
        start, stop (rounds), ``err_h`` = err_D(c, h_j), ``mean_block`` = mean_i
        err_D(c, f_{i,j}), ``max_block``, ``rho`` (probability of a Lemma-2-inaccurate
        answer, integrated over D).
    half_width, confidence : float
        Monte Carlo only: each estimate lies within ± half_width of its true value with
        probability ≥ confidence (Hoeffding); 0 and 1 when exact.
    n_samples : int or None
    """

    method: Annotated[str, Choice("exact", "monte-carlo", "mixed")]
    law: str
    segments: list = field(default_factory=list)
    half_width: NonNegative = 0.0
    confidence: UnitInterval = 1.0
    n_samples: Annotated[int, Interval(ge=1)] | None = None

    def _used(self):
        s = [g for g in self.segments if g["stop"] > g["start"]]
        return s or self.segments

    @property
    def max_err_D(self) -> float:
        """max over rounds j of err_D(c, h_j)."""
        return max(g["err_h"] for g in self._used())

    @property
    def max_mean_block_err_D(self) -> float:
        """max_j mean_i err_D(c, f_{i,j})."""
        return max(g["mean_block"] for g in self._used())

    @property
    def max_block_err_D(self) -> float:
        """max_{i,j} err_D(c, f_{i,j}) (the α of Claim 2 measured)."""
        return max(g["max_block"] for g in self._used())

    @property
    def claim13_bound(self) -> float:
        """4·max_j mean_i err_D(c, f_{i,j}) (Claim 13's bound on every err_D(c, h_j))."""
        return 4 * self.max_mean_block_err_D

    @property
    def max_rho(self) -> float:
        return max(g["rho"] for g in self._used())

    def claim13_holds(self) -> bool:
        """err_D(h_j) ≤ 4·mean_i err_D(f_{i,j}) + ρ_j in every segment (± the CI when Monte Carlo).

        Returns
        -------
        bool
        """
        slack = 5 * self.half_width  # err_h and 4*mean each within half_width
        return all(g["err_h"] <= 4 * g["mean_block"] + g["rho"] + slack + 1e-12 for g in self._used())

    def to_dict(self) -> dict:
        """Plain JSON: the maxima, Claim 13's bound, the confidence and every segment.

        Returns
        -------
        dict
        """
        return {
            "method": self.method,
            "law": self.law,
            "max_err_D": self.max_err_D,
            "mean_block_err_D": self.max_mean_block_err_D,
            "max_block_err_D": self.max_block_err_D,
            "claim13_bound": self.claim13_bound,
            "max_rho": self.max_rho,
            "half_width": self.half_width,
            "confidence": self.confidence,
            "n_samples": self.n_samples,
            "segments": [dict(g) for g in self.segments],
        }


def _run_result(value, name: str):
    """A run's result with ``segment_states``, ``ensembles`` and ``params`` (a PredictionResult)."""
    if not all(hasattr(value, a) for a in ("segment_states", "ensembles", "params")):
        raise TypeError(f"{name}: expected a PredictionResult, got {type(value).__name__}")
    return value


@checked
def measure_accuracy(
    result: Annotated[Any, Check(_run_result, kind="object")],
    target: Callable[..., Any],
    law: Callable[..., Any],
    *,
    n_samples: Annotated[int, Interval(ge=1, le=MAX_SAMPLES)] = 20_000,
    confidence: Probability = 0.999999,
    rng: Rng = None,
) -> AccuracyReport:
    """err_D(c, h_j) and err_D(c, f_{i,j}) of every segment of a :class:`PredictionResult`.

    Parameters
    ----------
    result : PredictionResult
        Its ``ensembles`` and ``segment_states`` (recorded by ``GenericPredictor.run``).
    target : callable points -> {0, 1}
        The target c (a :class:`~geoprivate.prediction.problems.Target` for exact line
        integration).
    law : the query law D (``UniformLine``, ``UniformColumns``, or any sampler ``(rng, n)``)
    n_samples, confidence, rng : Monte Carlo size, Hoeffding confidence, draws.

    Returns
    -------
    AccuracyReport
    """
    conf = confidence
    states = result.segment_states
    if len(states) != len(result.ensembles):
        raise ValueError(f"result: {len(states)} segment states for {len(result.ensembles)} ensembles")
    ens = [e for _, e in result.ensembles]
    pts, w, method = law_cells(law, ens, target, n_samples=n_samples, rng=rng)
    truth = np.asarray(target(pts)).astype(np.int64)
    tl, tu = result.params["t_lower"], result.params["t_upper"]
    segs = []
    exact_blocks = (
        method == "monte-carlo"
        and getattr(law, "grid", "n/a") is None
        and {"a", "w"} <= set(getattr(target, "params", {}))
        and all(e.kind == "halfspaces" for e in ens)
    )
    for state, e in zip(states, ens, strict=True):
        P = e.predict(pts)
        if exact_blocks:
            tab = e._table
            params = cast(Any, target).params  # a Target with "a" and "w" (exact_blocks checked it)
            block = gaussian_halfspace_error(tab.A, tab.w, params["a"], params["w"])[tab.index]
        else:
            block = (truth[None, :] != P) @ w
        q = P.mean(axis=0)
        p1 = label_one_probability(q, state)
        err_h = float(np.where(truth == 1, 1.0 - p1, p1) @ w)
        rho = float(lemma2_violation_probability(q, state, tl, tu) @ w)
        segs.append(
            {
                "start": state.start,
                "stop": state.stop,
                "err_h": err_h,
                "mean_block": float(block.mean()),
                "max_block": float(block.max()),
                "rho": rho,
            }
        )
    hw = 0.0 if method == "exact" else math.sqrt(math.log(2 / (1 - conf)) / (2 * len(w)))
    return AccuracyReport(
        "mixed" if exact_blocks else method,
        repr(law),
        segs,
        hw,
        1.0 if method == "exact" else conf,
        None if method == "exact" else len(w),
    )
