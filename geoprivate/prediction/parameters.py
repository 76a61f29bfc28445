"""Parameter settings of [Yan26] Appendix A.2 (oblivious adversary) and A.3 (halfspaces).

Theorem mode: the paper's formulas, exactly as printed (LaTeX of the appendix), as
plain functions and as sympy expressions.  Practical mode: explicit k, m, ε chosen by
the experimenter.  Every :class:`~geoprivate.prediction.PredictionResult` records the
mode and the parameter values (``GenericPredictor(..., mode=..., parameters=...)``).

A.2 (VC dimension d, T queries).  With Q = d·log T/(αβεδ) and L = d·log T + log Q:

* β_BT = βε / (L · √(L·log Q) · log Q)
* ε_BT = ε / √(L · ln Q),  δ_BT = δ / L,  α_BT = α / L
* k = 64/ε_BT · (log(T+1) + log(1/β_BT))                   (Algorithm 2's k)
* m = (d·log(d/α_BT) + log(1/β_BT)) / α_BT²                 (Claim 3's O(·), constant c_m)
* N = k·m = Õ(d^3.5 log^3.5 T)

A.3 (halfspaces over ℝ^d):

* β_BT = βε / (d log T · √(d log(d log T/δ)) · (log d + log log T + log log(1/δ) + log(1/ε)))
* ε_BT = ε / √(d ln(d/δ)),  δ_BT = δ/d,  α_BT = α/d²
* k as above;  m = (d·log(d/α_BT) + log(1/β_BT)) / α_BT²  (Lemma 3 / Claim 7's O(·));
  N = k·m = Õ(d^5.5 log T)

Choices (reported): ``log`` is the natural logarithm (Bun et al.'s Laplace-tail proofs;
as :func:`geoprivate.mechanisms.min_n`); the O(·) of m is taken with constant
``c_m = 1`` (a parameter); A.3's log d vanishes at d = 1, so its β_BT is finite only for
T > e and δ < 1/e (log log's arguments > 1), and the sum in its denominator can be ≤ 0
for tiny d, T: the functions raise ValueError there.  The printed A.2 ``m`` line has
d·log(d/(αβεδ)) where the first line has d·log(d/α_BT): the first line (the definition)
is used.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

from geoprivate._validation import (
    Check,
    Choice,
    FloatCount,
    Interval,
    OpenDelta,
    Positive,
    PositiveInt,
    Probability,
    check_int_in_range,
    check_positive_real,
    checked,
)
from geoprivate.problems import CONCEPTS

__all__ = [
    "appendix_a2",
    "appendix_a3",
    "theorem_parameters",
    "practical_parameters",
    "sympy_appendix_a2",
    "sympy_appendix_a3",
    "growth_exponent",
]


def _positive_number(value, name: str):
    """A positive finite real number, unconverted (an int of any size stays exact for sympy)."""
    check_positive_real(value, name)
    return value


#: the horizon T of the appendices: log T > 0, and T a float
_Horizon = Annotated[int, Interval(ge=2), Check(check_int_in_range, low=2, high=10**300)]
#: a positive number kept as given (exact for sympy)
_PositiveNumber = Annotated[Any, Check(_positive_number, kind="real")]


def _a2_bt(d, T, a, b, e, dl, log, sqrt):
    """[Yan26] Appendix A.2's BetweenThresholds and learner parameters from (d, T, α, β, ε, δ).

    With Q = d ln T / (α β ε δ) and L = d ln T + ln Q: ε_BT = ε / √(L ln Q), δ_BT = δ / L,
    α_BT = α / L, β_BT = β ε / (L √(L ln Q) ln Q).  One formula for the numbers
    (``math.log``, ``math.sqrt``) and the sympy expressions (``sympy.log``, ``sympy.sqrt``).

    Parameters
    ----------
    d, T, a, b, e, dl : float or sympy.Symbol
        d, T, α, β, ε and δ.
    log, sqrt : callable
        The logarithm and square root of the number type.

    Returns
    -------
    eps_bt, delta_bt, alpha_bt, beta_bt : float or sympy.Expr
    """
    Q = d * log(T) / (a * b * e * dl)
    L = d * log(T) + log(Q)
    beta_bt = b * e / (L * sqrt(L * log(Q)) * log(Q))
    eps_bt = e / sqrt(L * log(Q))
    return eps_bt, dl / L, a / L, beta_bt


def _a3_log_sum(d, T, e, dl, log):
    """s = ln d + ln ln T + ln ln(1/δ) + ln(1/ε), the last factor of A.3's β_BT (see :func:`_a3_bt`).

    Parameters
    ----------
    d, T, e, dl : float or sympy.Symbol
        d, T, ε and δ.
    log : callable
        ``math.log`` or ``sympy.log``.

    Returns
    -------
    float or sympy.Expr
    """
    return log(d) + log(log(T)) + log(log(1 / dl)) + log(1 / e)


def _a3_bt(d, T, a, b, e, dl, s, log, sqrt):
    """[Yan26] Appendix A.3's BetweenThresholds and learner parameters from (d, T, α, β, ε, δ).

    ε_BT = ε / √(d ln(d/δ)), δ_BT = δ / d, α_BT = α / d², β_BT = β ε / (d ln T √(d ln(d ln T / δ)) s)
    with s from :func:`_a3_log_sum`.  One formula for the numbers and the sympy expressions.

    Parameters
    ----------
    d, T, a, b, e, dl : float or sympy.Symbol
        d, T, α, β, ε and δ.
    s : float or sympy.Expr
        :func:`_a3_log_sum` of the same arguments (the numbers check it is positive first).
    log, sqrt : callable
        The logarithm and square root of the number type.

    Returns
    -------
    eps_bt, delta_bt, alpha_bt, beta_bt : float or sympy.Expr
    """
    beta_bt = b * e / (d * log(T) * sqrt(d * log(d * log(T) / dl)) * s)
    eps_bt = e / sqrt(d * log(d / dl))
    return eps_bt, dl / d, a / d**2, beta_bt


def _k_and_m(d, T, eps_bt, alpha_bt, beta_bt, c_m, log):
    """The appendix's k = (64/ε_BT) ln((T+1)/β_BT) and m = c_m (d ln(d/α_BT) + ln(1/β_BT)) / α_BT².

    One formula for the numbers (``log=math.log``) and the sympy expressions (``log=sympy.log``).

    Parameters
    ----------
    d, T : int or sympy.Symbol
        The VC dimension and the horizon.
    eps_bt, alpha_bt, beta_bt : float or sympy.Expr
        BetweenThresholds' ε and the learner's α, β.
    c_m : float
        The constant of the sample size m.
    log : callable
        ``math.log`` or ``sympy.log``.

    Returns
    -------
    k, m : float or sympy.Expr
        The number of learners and the sample size of each, before rounding up.
    """
    k = 64 / eps_bt * (log(T + 1) + log(1 / beta_bt))
    m = c_m * (d * log(d / alpha_bt) + log(1 / beta_bt)) / alpha_bt**2
    return k, m


def _in_floats(formula, *args):
    """``formula(*args)``, or a one-line ValueError naming the inputs when it leaves floating point."""
    try:
        return formula(*args)
    except (OverflowError, ZeroDivisionError, ValueError) as exc:
        raise ValueError(
            f"d, T, alpha, beta, epsilon, delta: the appendix's formulas leave floating point ({exc})"
        ) from None


def _finish(d, T, alpha, beta, epsilon, delta, bt, c_m, which):
    """The result of :func:`appendix_a2` / :func:`appendix_a3` from ``bt`` = (ε_BT, δ_BT, α_BT, β_BT)."""
    eps_bt, delta_bt, alpha_bt, beta_bt = bt
    if not (beta_bt > 0 and math.isfinite(beta_bt)):
        raise ValueError(
            f"d, T, alpha, beta, epsilon, delta: {which}'s beta_BT = {beta_bt!r} is not a positive number for "
            f"d={d}, T={T}"
        )
    try:
        k, m = _k_and_m(d, T, eps_bt, alpha_bt, beta_bt, c_m, math.log)
    except (OverflowError, ZeroDivisionError):
        k = m = math.inf
    if not (math.isfinite(k) and math.isfinite(m)):
        raise ValueError(
            f"alpha, epsilon, c_m: {which}'s k or m leaves floating point for d={d}, T={T}, "
            f"alpha={alpha!r}, epsilon={epsilon!r}, c_m={c_m!r}"
        )
    return {
        "mode": "theorem",
        "appendix": which,
        "d": d,
        "T": T,
        "alpha": alpha,
        "beta": beta,
        "epsilon": epsilon,
        "delta": delta,
        "epsilon_bt": eps_bt,
        "delta_bt": delta_bt,
        "alpha_bt": alpha_bt,
        "beta_bt": beta_bt,
        "k_real": k,
        "m_real": m,
        "k": math.ceil(k),
        "m": math.ceil(m),
        "N": math.ceil(k) * math.ceil(m),
        "c_m": c_m,
    }


@checked
def appendix_a2(
    d: FloatCount,
    T: _Horizon,
    alpha: Probability,
    beta: Probability,
    epsilon: Probability,
    delta: Probability,
    *,
    c_m: Positive = 1.0,
) -> dict:
    """[Yan26] Appendix A.2 (GenericPredictor + G_oblivious, VC dimension d).

    Parameters
    ----------
    d : int
        The VC dimension.
    T : int >= 2
        The number of queries.
    alpha, beta : float in (0, 1)
        The accuracy target.
    epsilon, delta : float in (0, 1)
        The privacy target.
    c_m : float > 0, default 1
        The constant of Claim 3's O(·) in m.

    Returns
    -------
    dict
        ε_BT, δ_BT, α_BT, β_BT, k, m (real values and ceilings), N = k·m, and the inputs.

    Examples
    --------
    >>> p = appendix_a2(1, 1000, 0.1, 0.1, 0.5, 1e-6)
    >>> p["k"] > 0 and p["N"] == p["k"] * p["m"]
    True
    """
    d, T, a, b, e, dl = d, T, alpha, beta, epsilon, delta
    return _finish(d, T, a, b, e, dl, _in_floats(_a2_bt, d, T, a, b, e, dl, math.log, math.sqrt), c_m, "A.2")


@checked
def appendix_a3(
    d: FloatCount,
    T: _Horizon,
    alpha: Probability,
    beta: Probability,
    epsilon: Probability,
    delta: Probability,
    *,
    c_m: Positive = 1.0,
) -> dict:
    """[Yan26] Appendix A.3 (GenericPredictor + G_halfspace, halfspaces over ℝ^d).

    Parameters
    ----------
    d : int
        The dimension.
    T : int >= 2
        The number of queries (A.3 needs T > e).
    alpha, beta : float in (0, 1)
        The accuracy target.
    epsilon, delta : float in (0, 1)
        The privacy target (A.3 needs delta < 1/e).
    c_m : float > 0, default 1
        The constant of Lemma 3 / Claim 7's O(·) in m.

    Returns
    -------
    dict
        As :func:`appendix_a2`.
    """
    d, T, a, b, e, dl = d, T, alpha, beta, epsilon, delta
    if math.e >= T or dl >= 1 / math.e:
        raise ValueError(f"A.3 needs T > e and delta < 1/e (log log T, log log(1/delta)), got T={T}, delta={delta}")
    s = _in_floats(_a3_log_sum, d, T, e, dl, math.log)
    if s <= 0:
        raise ValueError(f"A.3: log d + log log T + log log(1/delta) + log(1/epsilon) = {s} <= 0")
    return _finish(d, T, a, b, e, dl, _in_floats(_a3_bt, d, T, a, b, e, dl, s, math.log, math.sqrt), c_m, "A.3")


@checked
def theorem_parameters(
    kind: Annotated[str, Choice(*CONCEPTS)],
    d: FloatCount,
    T: _Horizon,
    alpha: Probability,
    beta: Probability,
    epsilon: Probability,
    delta: Probability,
    *,
    c_m: Positive = 1.0,
) -> dict:
    """A.3 for ``kind == "halfspaces"``, A.2 otherwise.

    Parameters
    ----------
    kind : str
        The problem (one of :data:`geoprivate.problems.CONCEPTS`).
    d, T, alpha, beta, epsilon, delta, c_m
        As :func:`appendix_a2`.

    Returns
    -------
    dict
    """
    f = appendix_a3 if kind == "halfspaces" else appendix_a2
    return f(d, T, alpha, beta, epsilon, delta, c_m=c_m)


@checked
def practical_parameters(k: PositiveInt, m: PositiveInt, epsilon: Probability, delta: OpenDelta | None = None) -> dict:
    """The record of a practical-mode run: explicit k, m, ε_BT (and δ_BT).

    Parameters
    ----------
    k, m : int
        The number and size of the blocks.
    epsilon : float in (0, 1)
        ε_BT of each BetweenThresholds segment.
    delta : float in (0, 1), optional
        δ_BT (None: the predictor's default).

    Returns
    -------
    dict
    """
    return {"mode": "practical", "k": k, "m": m, "epsilon_bt": epsilon, "delta_bt": delta}


# --------------------------------------------------------------------------- sympy


def _symbols():
    import sympy as sp

    return sp.symbols("d T alpha beta epsilon delta", positive=True)


def _sympy_finish(symbols, bt, c_m) -> dict:
    """k, m and N = k m from BetweenThresholds' parameters, symbolically (the sympy twin of :func:`_finish`).

    Parameters
    ----------
    symbols : tuple of sympy.Symbol
        (d, T, α, β, ε, δ) as :func:`_symbols` makes them.
    bt : tuple of sympy.Expr
        (ε_BT, δ_BT, α_BT, β_BT) of the appendix (:func:`_a2_bt`, :func:`_a3_bt`).
    c_m : number
        The constant of the sample size m.

    Returns
    -------
    dict
        ``symbols``, ``eps_bt``, ``delta_bt``, ``alpha_bt``, ``beta_bt``, ``k``, ``m`` and ``N``.
    """
    import sympy as sp

    eps_bt, delta_bt, alpha_bt, beta_bt = bt
    k, m = _k_and_m(symbols[0], symbols[1], eps_bt, alpha_bt, beta_bt, c_m, sp.log)
    return {
        "symbols": symbols,
        "eps_bt": eps_bt,
        "delta_bt": delta_bt,
        "alpha_bt": alpha_bt,
        "beta_bt": beta_bt,
        "k": k,
        "m": m,
        "N": k * m,
    }


@checked
def sympy_appendix_a2(c_m: _PositiveNumber = 1):
    """A.2 as sympy expressions in (d, T, α, β, ε, δ): dict with eps_bt, delta_bt, alpha_bt, beta_bt, k, m, N.

    Parameters
    ----------
    c_m : number > 0, default 1
        The constant of m (kept exact).

    Returns
    -------
    dict
    """
    import sympy as sp

    d, T, a, b, e, dl = _symbols()
    return _sympy_finish((d, T, a, b, e, dl), _a2_bt(d, T, a, b, e, dl, sp.log, sp.sqrt), c_m)


@checked
def sympy_appendix_a3(c_m: _PositiveNumber = 1):
    """A.3 as sympy expressions (see :func:`sympy_appendix_a2`).

    Parameters
    ----------
    c_m : number > 0, default 1
        The constant of m (kept exact).

    Returns
    -------
    dict
    """
    import sympy as sp

    d, T, a, b, e, dl = _symbols()
    s = _a3_log_sum(d, T, e, dl, sp.log)
    return _sympy_finish((d, T, a, b, e, dl), _a3_bt(d, T, a, b, e, dl, s, sp.log, sp.sqrt), c_m)


def _sympy_expr(value, name: str):
    """A sympy expression (``sympy.Expr``), returned unchanged."""
    import sympy as sp

    if not isinstance(value, sp.Expr):
        raise TypeError(f"{name} must be a sympy expression, got {type(value).__name__}")
    return value


def _sympy_symbol(value, name: str):
    """A sympy symbol, returned unchanged."""
    import sympy as sp

    if not isinstance(value, sp.Symbol):
        raise TypeError(f"{name} must be a sympy Symbol, got {type(value).__name__}")
    return value


@checked
def growth_exponent(
    expr: Annotated[Any, Check(_sympy_expr, kind="object")],
    var: Annotated[Any, Check(_sympy_symbol, kind="object")],
    at: _PositiveNumber,
    *,
    log_of: bool = False,
    values: dict | None = None,
):
    """Local growth exponent of a positive sympy expression: d log f / d log x at x = ``at``.

    With ``log_of=True`` the exponent in log x: d log f / d log log x (for the log T
    dependence).  ``values`` substitutes the other symbols.  Evaluated with sympy's
    derivative (exact) and numerical substitution (mpmath, 30 digits).

    Parameters
    ----------
    expr : sympy.Expr
        A positive expression.
    var : sympy.Symbol
        The variable x.
    at : number > 0
        Where the exponent is taken (kept exact).
    log_of : bool, default False
        The exponent in log x instead of x.
    values : dict, optional
        The other symbols' values (every free symbol but ``var`` needs one).

    Returns
    -------
    float
    """
    import sympy as sp

    f = sp.log(expr)
    g = sp.diff(f, var) * var
    if log_of:
        g = g * sp.log(var)
    subs = dict(values or {})
    subs[var] = at
    value = g.subs(subs)
    free = sorted(str(x) for x in value.free_symbols)
    if free:
        raise ValueError(f"values: give a value for every symbol of expr but var, missing {', '.join(free)}")
    out = sp.N(value, 30)
    if not out.is_real or not out.is_finite:
        raise ValueError(f"expr, at: the growth exponent is not a finite real at {var} = {at!r} (got {out})")
    return float(out)
