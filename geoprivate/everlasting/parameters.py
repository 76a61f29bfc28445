"""GenericBBL's parameters ([NNSY23] §5), theorem mode and practical mode.

Theorem mode evaluates the paper's formulas exactly as printed (Algorithm GenericBBL steps
1–3, the input size n, and the conditions of Claims D.1, D.2, D.5, D.6, D.7, D.8, D.9):

* λ_i = (8 VC log(13/α_i) + 4 log(2/β_i)) / α_i                       (step 1, Theorem A.2)
* T_i = τ λ_i log(1/δ) log²(λ_i / (ε α_i β_i δ)) / (α_i ε),  τ > 1.1·10¹⁰   (step 3a)
* |S_i| = λ_i T_i (step 2 for i = 1, step 3f after),  R_i = 25600 |S_i| / ε  (step 3c)
* c_i = 64 α_i R_i,  ε'_i = 1 / (3 √(c_i ln(2/δ))),  δ'_i = δ / (2 c_i),  t_{u,l} = ½ ± α_i
* |Ŝ_i| = ε|S_i| / m,  |D̂_i| = ε R_i / m,  m = 3 + exp(ε + 4)          (step 3f)
* α_{i+1} = α_i / 2,  β_{i+1} = β_i / 2                                 (step 3g)

Choices (the paper is silent): ``log`` is the natural logarithm (as in Bun et al.'s
Laplace-tail proofs, and :mod:`geoprivate.mechanisms.sparse_vector`); sizes are rounded up
(λ_i, T_i, R_i, c_i) and sub-sample sizes down (|Ŝ_i|, |D̂_i|: Claim 2.7 needs the large
database to be *at least* (n/ε)(3 + e^ε')); τ is taken at 1.1·10¹⁰ (the infimum of
"τ > 1.1·10¹⁰").  The sizes are astronomical (|S_1| ≈ 10¹⁸ for α = β = 0.05): a calculator.

Practical mode keeps every formula but scales its constants — τ, a factor on λ_i, the
25600 of R_i (``r_const``), the m = 3 + e^{ε+4} of the sub-samples (``m_const``) — and
may fix ε'_i directly (``epsilon_bt``): with the printed ε'_i ∝ 1/√c_i the noise of
BetweenThresholds swamps T_i votes unless T_i ≳ 10⁶ λ_i (that is what τ pays for).  Every
result records the constants used, and which of the appendix's conditions then fail.
"""

from __future__ import annotations

import functools
import math
from dataclasses import asdict, dataclass, field, replace
from fractions import Fraction
from typing import Annotated, Any

from geoprivate._validation import (
    Check,
    Choice,
    Delta,
    Interval,
    Joint,
    NonNegInt,
    PositiveInt,
    check_positive_int,
    check_probability,
    checked,
)
from geoprivate.everlasting.accounting import bt_privacy
from geoprivate.everlasting.label_boost import labelboost_epsilon
from geoprivate.mechanisms.sparse_vector import lemma1_applies, min_gap
from geoprivate.privacy.accounting import c_tops_composition

__all__ = [
    "THEOREM_CONSTANTS",
    "UTILITY_CONDITIONS",
    "Constants",
    "EverlastingParameters",
    "PhaseParameters",
    "bt_epsilon",
    "custom_parameters",
    "initial_sample_size",
    "lambda_vc",
    "practical_parameters",
    "theorem_parameters",
]

#: the conditions of the accuracy proof (Theorem 5.2 via Claims D.2, D.5–D.8); privacy needs none of them
UTILITY_CONDITIONS = ("Claim D.2", "Claim D.5", "Claim D.6", "Claim D.7", "Claim D.8")

TAU_MIN = 1.1e10

#: a positive finite constant of the formulas (None: not used)
_Const = Annotated[float, Interval(gt=0)] | None
#: α, β, δ of the formulas: in (0, 1) (a size that leaves the floats is refused where it is rounded)
_Rate = Annotated[float, Interval(gt=0, lt=1)]
#: ε of GenericBBL: (0, 1] (Claim 2.7 and Theorem 5.1)
_RunEpsilon = Annotated[float, Interval(gt=0, le=1)]
#: a VC dimension or a size that enters floating point
_VC = Annotated[int, Interval(ge=1, le=10**300)]
_Phases = Annotated[int, Interval(ge=1, le=64)]


def _rows(value, name: str) -> list:
    """A list or tuple of rows (tuples or lists of numbers), as a list."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(r, (list, tuple)) for r in value):
        raise TypeError(f"{name} must be a list of tuples (one per phase), got {type(value).__name__}")
    return list(value)


def _in_floats(names: str):
    """Turn an Overflow/ZeroDivision error of the paper's formulas into a one-line ValueError naming ``names``."""

    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except (OverflowError, ZeroDivisionError) as exc:
                raise ValueError(
                    f"{names}: the formulas leave floating-point range ({type(exc).__name__}: {exc})"
                ) from None

        return wrapper

    return deco


@checked
@dataclass(frozen=True)
class Constants:
    """The constants of GenericBBL; the defaults are the paper's (theorem mode).

    Attributes
    ----------
    tau : τ of steps 2/3a (paper: > 1.1·10¹⁰); None (as the three below) when the sizes are given directly
    lambda_scale : factor on λ_i (paper: 1)
    r_const : the 25600 of R_i = 25600 |S_i| / ε
    c_const : the 64 of c_i = 64 α_i R_i
    m_const : the m of the sub-sample sizes ε|S_i|/m (None: the paper's 3 + exp(ε + 4))
    epsilon_bt : ε'_i fixed directly (None: the paper's 1 / (3 √(c_i ln(2/δ))))
    """

    tau: _Const = TAU_MIN
    lambda_scale: _Const = 1.0
    r_const: _Const = 25600.0
    c_const: _Const = 64.0
    m_const: _Const = None
    epsilon_bt: _Const = None

    def m(self, epsilon: Annotated[float, Interval(gt=0, le=700)]) -> float:
        return 3 + math.exp(epsilon + 4) if self.m_const is None else float(self.m_const)

    @property
    def is_paper(self) -> bool:
        return self == THEOREM_CONSTANTS


THEOREM_CONSTANTS = Constants()


@checked
def lambda_vc(alpha: _Rate, beta: _Rate, vc: _VC) -> float:
    """Theorem A.2's sample size (8 VC ln(13/α) + 4 ln(2/β)) / α (unrounded)."""
    return (8 * vc * math.log(13 / alpha) + 4 * math.log(2 / beta)) / alpha


@checked
def initial_sample_size(
    alpha: _Rate,
    beta: _Rate,
    epsilon: _RunEpsilon,
    delta: _Rate,
    vc: _VC,
    tau: Annotated[float, Interval(gt=0)] = TAU_MIN,
) -> float:
    """The input size n printed at the top of GenericBBL (unrounded).

    n = 8τ/(α³ε²) (8 VC log(26/α) + 4 log(4/β))² log(1/δ)
        · log²((64 VC log(26/α) + 32 log(4/β)) / (ε α² β δ)) (3 + exp(ε + 4)).
    """
    a, b, e, d = alpha, beta, epsilon, delta
    try:
        n = _initial_sample_size(a, b, e, d, vc, tau)
    except (OverflowError, ZeroDivisionError):
        n = math.inf
    if not math.isfinite(n):
        raise ValueError(
            f"alpha, beta, epsilon, delta: n overflows floating-point range (alpha={a!r}, beta={b!r}, "
            f"epsilon={e!r}, delta={d!r})"
        )
    return n


def _initial_sample_size(a, b, e, d, vc, tau) -> float:
    inner = 8 * vc * math.log(26 / a) + 4 * math.log(4 / b)
    return (
        8
        * tau
        / (a**3 * e**2)
        * inner**2
        * math.log(1 / d)
        * math.log((64 * vc * math.log(26 / a) + 32 * math.log(4 / b)) / (e * a**2 * b * d)) ** 2
        * (3 + math.exp(e + 4))
    )


@checked
@dataclass(frozen=True)
class PhaseParameters:
    """Parameters of phase i of GenericBBL (steps 3a–3g), with the appendix's conditions.

    ``checks`` maps a statement ("Claim D.2", ...) to whether its finite-instance
    hypothesis holds for these numbers (see :func:`_checks`).
    """

    i: PositiveInt
    alpha: Annotated[float, Interval(ge=0, le=1)]
    beta: Annotated[float, Interval(ge=0, le=1)]
    lam: PositiveInt
    T: PositiveInt
    S: PositiveInt
    R: PositiveInt
    c: PositiveInt
    epsilon_bt: Annotated[float, Interval(gt=0)]
    delta_bt: Delta
    t_lower: float
    t_upper: float
    s_hat: NonNegInt
    d_hat: NonNegInt
    next_S: NonNegInt
    bt_guarantee_epsilon: Annotated[float, Interval(gt=0, le=math.inf)]
    checks: dict = field(default_factory=dict)

    @property
    def privacy_conditions(self) -> dict:
        """What BetweenThresholds' privacy needs of these numbers ([NNSY23] Observation 2, Lemma C.3)."""
        return bt_privacy(self.epsilon_bt, self.delta_bt, self.c, self.alpha, self.T)[1]

    @property
    def utility_conditions(self) -> dict:
        """The accuracy proof's conditions (:data:`UTILITY_CONDITIONS`) for this phase."""
        return {k: self.checks[k] for k in UTILITY_CONDITIONS}

    def as_dict(self) -> dict:
        return asdict(self) | {"privacy_conditions": self.privacy_conditions}


@checked
@dataclass(frozen=True)
class EverlastingParameters:
    """All phases' parameters, the mode and the constants that produced them."""

    mode: Annotated[str, Choice("theorem", "practical")]
    alpha: Annotated[float, Interval(gt=0, lt=1)]
    beta: Annotated[float, Interval(gt=0, lt=1)]
    epsilon: float
    delta: float
    vc: int
    constants: Constants
    phases: tuple
    n: Annotated[float, Interval(gt=0)] | None

    def phase(self, i: Annotated[int, Interval(ge=1), Joint("i <= the phases", kind="index")]) -> PhaseParameters:
        """Phase ``i`` (1-based).

        Parameters
        ----------
        i : int
            The phase, in [1, k].

        Returns
        -------
        PhaseParameters
        """
        if i > len(self.phases):
            raise ValueError(f"i: expected a phase in [1, {len(self.phases)}], got {i}")
        return self.phases[i - 1]

    @property
    def theorem_hypotheses(self) -> bool:
        """α, β, δ < 1/16 and ε < 1 (Theorem 5.1's hypotheses) with the paper's constants."""
        return self.utility_hypotheses and self.constants.is_paper

    @property
    def utility_hypotheses(self) -> bool:
        """α, β, δ < 1/16 and ε < 1: Theorem 5.2's hypotheses (whatever the constants)."""
        return self.alpha < 1 / 16 and self.beta < 1 / 16 and self.delta < 1 / 16 and self.epsilon < 1

    def utility_proved(self, phases: Annotated[int, Interval(ge=1)] | None = None) -> bool:
        """Theorem 5.2's hypotheses and every accuracy condition of the first ``phases`` phases."""
        ph = self.phases if phases is None else self.phases[:phases]
        return self.utility_hypotheses and all(all(p.utility_conditions.values()) for p in ph)

    def as_dict(self) -> dict:
        return {
            "mode": self.mode,
            "alpha": self.alpha,
            "beta": self.beta,
            "epsilon": self.epsilon,
            "delta": self.delta,
            "vc": self.vc,
            "constants": asdict(self.constants),
            "n": self.n,
            "theorem_hypotheses": self.theorem_hypotheses,
            "phases": [p.as_dict() for p in self.phases],
        }


def _ceil(x, name: str) -> int:
    """ceil(x) as an int, or a ValueError naming the size when x overflowed (tiny α, β, ε or δ)."""
    if not math.isfinite(x):
        raise ValueError(f"{name}: the formula overflows ({x!r}); alpha, beta, epsilon or delta is too small")
    return max(1, math.ceil(x))


def _T_formula(lam, a, b, e, d, tau):
    return tau * lam * math.log(1 / d) * math.log(lam / (e * a * b * d)) ** 2 / (a * e)


def _formula_constants(k: Constants) -> tuple[float, float, float, float]:
    """τ, the λ factor, r and c of the sizes' formulas (None in constants of sizes given directly)."""
    if k.tau is None or k.lambda_scale is None or k.r_const is None or k.c_const is None:
        raise ValueError("constants: the sizes' formulas need tau, lambda_scale, r_const and c_const")
    return k.tau, k.lambda_scale, k.r_const, k.c_const


def _lam(a, b, vc, k: Constants) -> int:
    return _ceil(_formula_constants(k)[1] * lambda_vc(a, b, vc), "lambda_i")


def _checks(a, b, e, d, vc, lam, T, R, c, eps_bt, d_bt, s_hat, d_hat, next_S, S) -> dict:
    """The appendix's finite-instance conditions for one phase (natural logs)."""
    obs2 = c_tops_composition(eps_bt, d_bt, c) if 0 < c * d_bt < 1 else None
    return {
        "Claim D.1": obs2 is not None and obs2.epsilon <= 1 and obs2.delta <= d * (1 + 1e-9),
        "Claim D.2": b <= 1 / 32 and 96 * math.log(1 / a) <= T,
        "Claim D.5": (math.exp(-T * eps_bt / 48) < a) and 3 * math.log(1 / b) / a <= R,
        "Claim D.6": d_hat >= next_S,
        "Claim D.7": 8 / (a * eps_bt) * (math.log(R + 1) + math.log(1 / b)) <= T,
        "Claim D.8": s_hat >= 1 and d_hat <= b / math.e * vc * math.exp(min(700.0, a * s_hat / (2 * vc))) - s_hat,
        "Claim D.9": eps_bt < 1 and 0 < d_bt < 1 and lemma1_applies(eps_bt, d_bt, 2 * a, T),
        # LabelBoost's released labels are (2 ln(1 + e^(1/2)))-DP, not 1-DP (docs/private_as_run.md)
        "Claim 2.7 (S_hat)": s_hat >= 1 and s_hat / e * (3 + math.exp(labelboost_epsilon())) <= S,
    }


def _phases(alpha, beta, epsilon, delta, vc, k: Constants, phases: int) -> tuple:
    out = []
    a, b = alpha / 2, beta / 2  # step 1
    m = k.m(epsilon)
    tau, _, r_const, c_const = _formula_constants(k)
    for i in range(1, phases + 1):
        lam = _lam(a, b, vc, k)
        T = _ceil(_T_formula(lam, a, b, epsilon, delta, tau), "T_i")
        S = lam * T
        R = max(1, math.ceil(Fraction(r_const) * S / Fraction(epsilon)))  # exact on huge integers
        c = max(1, math.ceil(Fraction(c_const) * Fraction(a) * R))
        eps_bt = k.epsilon_bt if k.epsilon_bt is not None else 1 / (3 * math.sqrt(c * math.log(2 / delta)))
        s_hat = math.floor(Fraction(epsilon) * S / Fraction(m))
        d_hat = math.floor(Fraction(epsilon) * R / Fraction(m))
        a2, b2 = a / 2, b / 2
        lam2 = _lam(a2, b2, vc, k)
        next_S = lam2 * _ceil(_T_formula(lam2, a2, b2, epsilon, delta, tau), "T_(i+1)")
        out.append(_phase_record(i, a, b, epsilon, delta, vc, lam, T, R, c, eps_bt, s_hat, d_hat, next_S))
        a, b = a2, b2  # step 3g
    return tuple(out)


@checked
def bt_epsilon(eps_bt: Annotated[float, Interval(gt=0)], d_bt: Delta, c: _VC) -> float:
    """ε of BetweenThresholds allowed c tops: Observation 2, or basic composition c ε' if smaller."""
    obs2 = c_tops_composition(eps_bt, d_bt, c).epsilon if 0 < c * d_bt < 1 else math.inf
    return min(obs2, c * eps_bt)


def _phase_record(i, a, b, epsilon, delta, vc, lam, T, R, c, eps_bt, s_hat, d_hat, next_S) -> PhaseParameters:
    d_bt = delta / (2 * c)
    S = lam * T
    chk = _checks(a, b, epsilon, delta, vc, lam, T, R, c, eps_bt, d_bt, s_hat, d_hat, next_S, S)
    return PhaseParameters(
        i, a, b, lam, T, S, R, c, eps_bt, d_bt, 0.5 - a, 0.5 + a, s_hat, d_hat, next_S, bt_epsilon(eps_bt, d_bt, c), chk
    )


@checked
@_in_floats("alpha, beta, epsilon, delta, epsilon_bt, m_const")
def custom_parameters(
    spec: Annotated[Any, Check(_rows, kind="object"), Joint("phases (lambda_i, T_i, R_i, c_i[, eps'_i])")],
    alpha: _Rate,
    beta: _Rate,
    epsilon: _RunEpsilon,
    delta: _Rate,
    vc: _VC,
    *,
    epsilon_bt: Annotated[float, Interval(gt=0)],
    m_const: Annotated[float, Interval(gt=0)] = 1.0,
    sizes: Annotated[Any, Check(_rows, kind="object"), Joint("one (|S_hat_i|, |D_hat_i|) per phase")] | None = None,
) -> EverlastingParameters:
    """Practical parameters given phase by phase: ``spec`` = [(λ_i, T_i, R_i, c_i[, ε'_i]), ...].

    For small game instances (the privacy-game harness) and planned configurations
    (:mod:`geoprivate.planning`); the sub-sample sizes follow step 3f with ``m_const`` unless
    ``sizes`` = [(|Ŝ_i|, |D̂_i|), ...] gives them; ε'_i defaults to ``epsilon_bt``; α_i, β_i halve
    (step 3g).  Recorded as mode "practical" with the constants.

    Raises
    ------
    ValueError
        An empty spec, a size < 1, δ or α or β outside (0, 1), ε outside (0, 1], ε' or m ≤ 0,
        or Claim D.6 (|D̂_i| ≥ |S_{i+1}|) failing between planned phases.
    """
    vc = check_positive_int(vc, "vc")
    check_probability(alpha, "alpha")
    check_probability(beta, "beta")
    check_probability(delta, "delta")
    if not 0 < epsilon <= 1:
        raise ValueError(f"epsilon must lie in (0, 1], got {epsilon!r}")
    if not (isinstance(epsilon_bt, (int, float)) and math.isfinite(epsilon_bt) and epsilon_bt > 0):
        raise ValueError(f"epsilon_bt must be a finite number > 0, got {epsilon_bt!r}")
    if not (isinstance(m_const, (int, float)) and math.isfinite(m_const) and m_const > 0):
        raise ValueError(f"m_const must be a finite number > 0, got {m_const!r}")
    spec = list(spec)
    if not spec:
        raise ValueError("spec: give at least one phase (lambda_i, T_i, R_i, c_i)")
    for i, row in enumerate(spec, start=1):
        if len(row) not in (4, 5):
            raise ValueError(f"spec: phase {i} must be (lambda_i, T_i, R_i, c_i[, eps'_i]), got {row!r}")
        for name, v in zip(("lambda", "T", "R", "c"), row[:4], strict=True):
            check_positive_int(v, f"spec[{i}].{name}")
        if len(row) == 5 and not (isinstance(row[4], (int, float)) and math.isfinite(row[4]) and row[4] > 0):
            raise ValueError(f"spec[{i}].epsilon_bt must be a finite number > 0, got {row[4]!r}")
    if sizes is not None:
        sizes = [tuple(int(v) for v in z) for z in sizes]
        if len(sizes) != len(spec) or any(v < 0 for z in sizes for v in z):
            raise ValueError(f"sizes: expected {len(spec)} pairs (|S_hat_i|, |D_hat_i|) >= 0, got {sizes!r}")
    a, b = alpha / 2, beta / 2
    out = []
    for i, row in enumerate(spec, start=1):
        lam, T, R, c = row[:4]
        e_bt = float(row[4]) if len(row) == 5 else epsilon_bt
        S = lam * T
        nxt = spec[i][0] * spec[i][1] if i < len(spec) else S
        s_hat, d_hat = (
            sizes[i - 1]
            if sizes is not None
            else (math.floor(epsilon * S / m_const), math.floor(epsilon * R / m_const))
        )
        if s_hat > S or d_hat > R:
            raise ValueError(
                f"sizes: phase {i} needs |S_hat| <= |S_i| = {S} and |D_hat| <= R_i = {R}, got {s_hat}, {d_hat}"
            )
        out.append(_phase_record(i, a, b, epsilon, delta, vc, lam, T, R, c, e_bt, s_hat, d_hat, nxt))
        a, b = a / 2, b / 2
    _require_d6(out[:-1], "raise R_i or lower m_const", "spec, sizes, epsilon, m_const")
    k = Constants(  # sizes given directly: the formulas' constants are not used (None, never NaN)
        tau=None,
        lambda_scale=None,
        r_const=None,
        c_const=None,
        m_const=float(m_const),
        epsilon_bt=float(epsilon_bt),
    )
    return EverlastingParameters("practical", alpha, beta, epsilon, delta, vc, k, tuple(out), None)


def _validate(alpha, beta, epsilon, delta, vc, phases):
    check_probability(alpha, "alpha")
    check_probability(beta, "beta")
    check_probability(delta, "delta")
    if not 0 < epsilon <= 1:
        raise ValueError(f"epsilon must lie in (0, 1] (Claim 2.7 and Theorem 5.1), got {epsilon!r}")
    return check_positive_int(vc, "vc"), check_positive_int(phases, "phases")


@checked
@_in_floats("alpha, beta, epsilon, delta")
def theorem_parameters(
    alpha: _Rate,
    beta: _Rate,
    epsilon: _RunEpsilon,
    delta: _Rate,
    vc: _VC,
    phases: _Phases = 3,
    *,
    tau: Annotated[float, Interval(ge=TAU_MIN)] = TAU_MIN,
) -> EverlastingParameters:
    """GenericBBL's parameters exactly as printed (theorem mode; astronomical sizes).

    Raises
    ------
    ValueError
        α, β, δ outside (0, 1), ε outside (0, 1], vc or phases < 1, τ < 1.1·10¹⁰.

    Examples
    --------
    >>> p = theorem_parameters(0.05, 0.05, 0.5, 1e-6, vc=1, phases=2)
    >>> p.phase(1).S > 10**15, p.phase(2).S > p.phase(1).S
    (True, True)
    """
    vc, phases = _validate(alpha, beta, epsilon, delta, vc, phases)
    if tau < TAU_MIN:
        raise ValueError(f"tau must be >= 1.1e10 in theorem mode, got {tau!r}")
    k = replace(THEOREM_CONSTANTS, tau=float(tau))
    return EverlastingParameters(
        "theorem",
        alpha,
        beta,
        epsilon,
        delta,
        vc,
        k,
        _phases(alpha, beta, epsilon, delta, vc, k, phases),
        initial_sample_size(alpha, beta, epsilon, delta, vc, tau),
    )


@checked
@_in_floats("alpha, beta, epsilon, delta, epsilon_bt, m_const")
def practical_parameters(
    alpha: _Rate,
    beta: _Rate,
    epsilon: _RunEpsilon,
    delta: _Rate,
    vc: _VC,
    phases: _Phases = 3,
    *,
    T1: Annotated[int, Interval(ge=1, le=10**300)] = 60,
    lambda1: Annotated[int, Interval(ge=1, le=10**300)] | None = 12,
    r_const: Annotated[float, Interval(gt=0)] = 12.0,
    m_const: Annotated[float, Interval(gt=0)] = 1.0,
    c_const: Annotated[float, Interval(gt=0)] = 64.0,
    epsilon_bt: Annotated[float, Interval(gt=0)] | None = 0.5,
) -> EverlastingParameters:
    """Practical mode: the same formulas with scaled constants, recorded in the result.

    τ is solved so that T_1 = ``T1``; the factor on λ_i so that λ_1 = ``lambda1`` (None:
    the paper's λ_i).  ``r_const`` replaces 25600, ``m_const`` replaces 3 + e^{ε+4},
    ``epsilon_bt`` replaces the printed ε'_i (None keeps it).  The paper's conditions that
    fail are listed per phase in ``checks``; Claim D.6 (|D̂_i| ≥ |S_{i+1}|) must hold
    or GenericBBL cannot continue, so it is enforced here.

    Raises
    ------
    ValueError
        Bad α, β, ε, δ, vc, phases; or Claim D.6 fails (raise ``r_const``/lower ``m_const``).
    """
    vc, phases = _validate(alpha, beta, epsilon, delta, vc, phases)
    T1 = check_positive_int(T1, "T1")
    a1, b1 = alpha / 2, beta / 2
    scale = 1.0 if lambda1 is None else check_positive_int(lambda1, "lambda1") / lambda_vc(a1, b1, vc)
    lam1 = max(1, math.ceil(scale * lambda_vc(a1, b1, vc)))
    tau = T1 / _T_formula(lam1, a1, b1, epsilon, delta, 1.0)
    k = Constants(
        tau=tau,
        lambda_scale=scale,
        r_const=float(r_const),
        c_const=float(c_const),
        m_const=float(m_const),
        epsilon_bt=epsilon_bt,
    )
    ph = _phases(alpha, beta, epsilon, delta, vc, k, phases)
    _require_d6(
        ph[:-1], f"raise r_const (={r_const}) or lower m_const (={m_const})", "T1, lambda1, r_const, m_const, epsilon"
    )
    return EverlastingParameters(
        "practical", alpha, beta, epsilon, delta, vc, k, ph, initial_sample_size(alpha, beta, epsilon, delta, vc, tau)
    )


def _require_d6(phases, hint: str, names: str) -> None:
    """GenericBBL cannot continue when |D̂_i| < |S_{i+1}| (Claim D.6): refuse such parameters."""
    for p in phases:
        if not p.checks["Claim D.6"]:
            raise ValueError(
                f"{names}: phase {p.i} has |D_hat| = {p.d_hat} < |S_(i+1)| = {p.next_S} (Claim D.6 fails): {hint}"
            )


def gap_needed(p: PhaseParameters) -> float:
    """Lemma C.3's smallest gap for phase p (compare with t_u − t_l = 2 α_i)."""
    if not (0 < p.epsilon_bt < 1 and 0 < p.delta_bt < 1):
        return math.inf
    return min_gap(p.epsilon_bt, p.delta_bt, p.T)
