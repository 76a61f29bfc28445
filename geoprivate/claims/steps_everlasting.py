"""The steps of [NNSY23]'s proofs (*Private Everlasting Prediction*), one :class:`StepBook` per proof.

Privacy proofs: Claim D.1 (the c_i-TOP BetweenThresholds is (1, δ)-DP), Claim D.9 (Lemma C.3's gap),
Claims E.5 and E.6 (training and query privacy; Claim 5.3).  Accuracy proofs: Appendix B (Claims
B.1, B.2), Appendix D (Claims D.2–D.8) and Appendix E (Claims E.1–E.4).

Logs are natural (the toolkit's reading of the paper throughout, as ``everlasting/claims-d-conditions``).
The steps are listed, with their status, by ``geoprivate verify --coverage`` (:mod:`geoprivate.claims.steps`).
"""

from __future__ import annotations

from mpmath import iv

from geoprivate.claims._steps import Derivation, StepBook, check_relation, integer, real, sympy_zero

__all__ = ["BOOKS", "TAU_PRINTED", "TAU_REPAIRED", "generic_bbl_T", "generic_bbl_lambda"]

P = "everlasting"
_THEOREM_RANGE = (
    "α, β, δ < 1/16, ε < 1 (Theorem 5.1), so α_i = α/2^i, β_i = β/2^i < 1/32; VC(C) ≥ 1; τ > 1.1·10¹⁰ (step 1)"
)

#: Claim D.9's "the inequality holds when τ > 10¹⁰"
TAU_PRINTED = 10**10

eps = real("eps", 0, 1, symbol="ε")
delta = real("delta", 0, 1, log=True, symbol="δ")
delta16 = real("delta", 0, "1/16", log=True, symbol="δ")
alpha_i = real("alpha", 0, "1/32", log=True, symbol="α_i")  # α_i = α/2^i < 1/32 for α < 1/16
beta_i = real("beta", 0, "1/32", log=True, symbol="β_i")
c_tops = integer("c", 1, symbol="c_i")
vc = integer("vc", 1, 64, symbol="VC(C)")


def generic_bbl_lambda(alpha, beta, vc_dim):
    """λ_i = (8 VC log(13/α_i) + 4 log(2/β_i))/α_i (step 1), in the arithmetic of its arguments.

    Parameters
    ----------
    alpha, beta : number or mpmath interval
    vc_dim : number or mpmath interval

    Returns
    -------
    same type as the arguments
    """
    return (8 * vc_dim * iv.log(13 / alpha) + 4 * iv.log(2 / beta)) / alpha


def generic_bbl_T(lam, alpha, beta, epsilon, delta_, tau):
    """T_i = τ λ_i log(1/δ) log²(λ_i/(ε α_i β_i δ))/(α_i ε) (step 3a).

    Parameters
    ----------
    lam, alpha, beta, epsilon, delta_, tau : number or mpmath interval

    Returns
    -------
    same type as the arguments
    """
    return tau * lam * iv.log(1 / delta_) * iv.log(lam / (epsilon * alpha * beta * delta_)) ** 2 / (alpha * epsilon)


def _obs2_epsilon(eps_bt, delta_bt, c):
    """Observation 2's ε' = √(2c ln(1/(cδ))) ε + c ε (e^ε − 1)."""
    return iv.sqrt(2 * c * iv.log(1 / (c * delta_bt))) * eps_bt + c * eps_bt * (iv.exp(eps_bt) - 1)


def _step3c(c, d):
    """Step 3c's ε'_i = 1/(3√(c_i ln(2/δ))) and δ'_i = δ/(2c_i)."""
    return 1 / (3 * iv.sqrt(c * iv.log(2 / d))), d / (2 * c)


def _zero_of(build, text):
    import sympy as sp

    a = sp.symbols("a", positive=True)
    return sympy_zero(build(sp, a), text)


# ----------------------------------------------------------------------------- Claim D.1 (privacy)
D1 = StepBook(P, "Claim D.1", "privacy", "δ < 1; c_i = 64α_iR_i ≥ 1; ε'_i, δ'_i as in step 3c")
D1.checked(
    r"e^{\varepsilon'_i}-1<2\varepsilon'_i \text{ for } 0<\varepsilon'_i<1",
    [real("eps_p", 0, 1, symbol="ε'_i")],
    lambda p: (iv.exp(p.eps_p) - 1, 2 * p.eps_p),
    "<",
)
D1.checked(
    r"\sqrt{2c_i\ln(\frac{1}{c_i\delta'_i})}\cdot\varepsilon'_i+c_i\varepsilon'_i(e^{\varepsilon'_i}-1)"
    r"\leq\sqrt{2c_i\ln(\frac{2}{\delta})}\cdot\varepsilon'_i+2c_i{\varepsilon'_i}^{2}",
    [c_tops, delta],
    lambda p: (
        _obs2_epsilon(*_step3c(p.c, p.delta), p.c),
        iv.sqrt(2 * p.c * iv.log(2 / p.delta)) * _step3c(p.c, p.delta)[0] + 2 * p.c * _step3c(p.c, p.delta)[0] ** 2,
    ),
)


def _d1_identity():
    import sympy as sp

    c, L = sp.symbols("c_i L", positive=True)  # L = ln(2/δ) > 0
    e = 1 / (3 * sp.sqrt(c * L))
    return [
        sympy_zero(
            sp.sqrt(2 * c * L) * e + 2 * c * e**2 - (sp.sqrt(2) / 3 + sp.Rational(2, 9) / L),
            "√(2cL)·ε' + 2cε'² − (√2/3 + 2/(9L)) = 0 with ε' = 1/(3√(cL)), L = ln(2/δ)",
        )
    ]


D1.derived(
    r"\sqrt{2c_i\ln(\frac{2}{\delta})}\cdot\varepsilon'_i+2c_i{\varepsilon'_i}^{2}=\frac{\sqrt{2}}{3}+\frac{2}{9\ln(\frac{2}{\delta})}",
    [c_tops, delta],
    Derivation("the identity with ε'_i = 1/(3√(c_i L)), L = ln(2/δ) > 0 substituted (simplify gives 0)", _d1_identity),
)
D1.checked(
    r"\frac{\sqrt{2}}{3}+\frac{2}{9\ln(\frac{2}{\delta})}\leq 1",
    [delta],
    lambda p: (iv.sqrt(2) / 3 + 2 / (9 * iv.log(2 / p.delta)), iv.mpf(1)),
)


def _d1_delta():
    import sympy as sp

    c, d = sp.symbols("c_i delta", positive=True)
    return [sympy_zero(2 * c * (d / (2 * c)) - d, "2c_i·δ'_i − δ = 0 with δ'_i = δ/(2c_i)")]


D1.derived(
    r"2c_i\delta'_i=\delta \text{ (Observation 2's } (\varepsilon',2c\delta) \text{ at } \delta'_i=\frac{\delta}{2c_i})",
    [c_tops, delta],
    Derivation("2c_i·δ/(2c_i) − δ simplifies to 0", _d1_delta),
)


# ----------------------------------------------------------------------------- Claim D.9 (privacy)
def _d9_parts(p, tau):
    """Step 3's quantities of phase i from (α_i, β_i, ε, δ, VC, τ): λ, T, R, c, ε', δ'."""
    lam = generic_bbl_lambda(p.alpha, p.beta, p.vc)
    T = generic_bbl_T(lam, p.alpha, p.beta, p.eps, p.delta, tau)
    R = 25600 * lam * T / p.eps
    c = 64 * p.alpha * R
    e_bt, d_bt = _step3c(c, p.delta)
    return lam, T, R, c, e_bt, d_bt


def _d9_bracket(e_bt, d_bt):
    return iv.log(10 / e_bt) + iv.log(1 / d_bt) + 1


_D9_VARS = [alpha_i, beta_i, eps, delta16, vc]
D9 = StepBook(P, "Claim D.9", "privacy", _THEOREM_RANGE + "; phase i ≥ 1")
D9.derived(
    r"t_u-t_\ell=2\alpha_i \text{ (step 3c: } t_u=1/2+\alpha_i,\ t_\ell=1/2-\alpha_i)",
    [alpha_i],
    Derivation(
        "(1/2 + α_i) − (1/2 − α_i) − 2α_i simplifies to 0",
        lambda: [_zero_of(lambda sp, a: (sp.Rational(1, 2) + a) - (sp.Rational(1, 2) - a) - 2 * a, "(1/2+α)−(1/2−α)−2α = 0")],
    ),
)
_D9_FACTOR3 = (
    "the factor 3 of 1/ε'_i = 3√(c_i ln(2/δ)) is dropped, so the chain's last line is 3 times too small "
    "(18√(…), not 6√(…)); steps 3 and 4 drop a 1/ε and an ε that cancel.  With the 3 restored (step 6) Claim D.9 "
    "fails for α_i near 1/32 at τ = 1.1·10¹⁰ (also everlasting/claims-d-conditions)"
)
D9.checked(
    r"\frac{6}{\alpha_i\varepsilon'_iT_i}\left(\log(10/\varepsilon'_i)+\log(1/\delta'_i)+1\right)"
    r"=\frac{6\sqrt{64\alpha_iR_i\ln(\frac{2}{\delta})}}{\alpha_iT_i}\left(\log(10/\varepsilon'_i)+\log(1/\delta'_i)+1\right)",
    [alpha_i, real("R", 1, None, log=True, symbol="R_i"), real("T", 1, None, log=True, symbol="T_i"), delta16],
    lambda p: (
        6 / (p.alpha * _step3c(64 * p.alpha * p.R, p.delta)[0] * p.T),
        6 * iv.sqrt(64 * p.alpha * p.R * iv.log(2 / p.delta)) / (p.alpha * p.T),
    ),
    "=",
    gap="the chain drops the factor 3 of 1/ε'_i = 3√(c_i ln(2/δ)) (left side = 3 × right side)",
    finding=_D9_FACTOR3,
    what="6/(α_i ε'_i T_i) = 6√(64 α_i R_i ln(2/δ))/(α_i T_i) with ε'_i = 1/(3√(c_i ln(2/δ))), c_i = 64α_iR_i "
    "(the common factor log(10/ε'_i) + log(1/δ'_i) + 1 > 0 divided out)",
)
D9.checked(
    r"\frac{6\sqrt{64\alpha_iR_i\ln(\frac{2}{\delta})}}{\alpha_iT_i}=6\sqrt{\frac{1638400\ln(\frac{2}{\delta})\lambda_i}{\alpha_iT_i}}",
    [alpha_i, real("lam", 1, None, log=True, symbol="λ_i"), real("T", 1, None, log=True, symbol="T_i"), eps, delta16],
    lambda p: (
        6 * iv.sqrt(64 * p.alpha * (25600 * p.lam * p.T / p.eps) * iv.log(2 / p.delta)) / (p.alpha * p.T),
        6 * iv.sqrt(1638400 * iv.log(2 / p.delta) * p.lam / (p.alpha * p.T)),
    ),
    "=",
    gap="the chain drops R_i's 1/ε under the root (cancelled by step 4)",
    finding="R_i = 25600|S_i|/ε with |S_i| = λ_iT_i: the right side drops the 1/ε under the root (it is √ε times "
    "the left); step 4 drops an ε that cancels it, so only the proof's text is wrong here",
    what="with R_i = 25600 λ_i T_i/ε (steps 3c, 3a)",
)
D9.checked(
    r"6\sqrt{\frac{1638400\ln(\frac{2}{\delta})\lambda_i}{\alpha_iT_i}}"
    r"=6\sqrt{\frac{1638400\ln(\frac{2}{\delta})}{\tau\log(\frac{1}{\delta})\log^2(\frac{\lambda_i}{\varepsilon\alpha_i\beta_i\delta})}}",
    _D9_VARS,
    lambda p: (
        6 * iv.sqrt(1638400 * iv.log(2 / p.delta) * _d9_parts(p, TAU_PRINTED)[0] / (p.alpha * _d9_parts(p, TAU_PRINTED)[1])),
        6
        * iv.sqrt(
            1638400
            * iv.log(2 / p.delta)
            / (
                TAU_PRINTED
                * iv.log(1 / p.delta)
                * iv.log(_d9_parts(p, TAU_PRINTED)[0] / (p.eps * p.alpha * p.beta * p.delta)) ** 2
            )
        ),
    ),
    "=",
    gap="the chain drops T_i's ε (cancelling step 3's dropped 1/ε)",
    finding="with T_i = τλ_i log(1/δ) log²(λ_i/(εα_iβ_iδ))/(α_iε), λ_i/(α_iT_i) = ε/(τ log(1/δ) log²(…)): the right "
    "side drops this ε (it is 1/√ε times the left), cancelling step 3's dropped 1/ε; only the proof's text is wrong here",
    what="with T_i from step 3a and λ_i from step 1 (τ = 10¹⁰)",
)
D9.checked(
    r"6\sqrt{\frac{1638400\ln(\frac{2}{\delta})}{\tau\log(\frac{1}{\delta})\log^2(\frac{\lambda_i}{\varepsilon\alpha_i\beta_i\delta})}}"
    r"\left(\log(10/\varepsilon'_i)+\log(1/\delta'_i)+1\right)=O(1)\leq 1 \text{ when } \tau>10^{10}",
    _D9_VARS,
    lambda p: (
        6
        * iv.sqrt(
            1638400
            * iv.log(2 / p.delta)
            / (
                TAU_PRINTED
                * iv.log(1 / p.delta)
                * iv.log(_d9_parts(p, TAU_PRINTED)[0] / (p.eps * p.alpha * p.beta * p.delta)) ** 2
            )
        )
        * _d9_bracket(*_d9_parts(p, TAU_PRINTED)[4:]),
        iv.mpf(1),
    ),
    what="the chain's last line (factor 6 as printed) is at most 1 at τ = 10¹⁰, with ε'_i, δ'_i, c_i of the phase",
)

def _d9_gap_ratio(p, tau):
    """Lemma C.3's gap over t_u − t_ℓ = 2α_i: 6/(α_iε'_iT_i)(ln(10/ε'_i) + ln(1/δ'_i) + 1) at this τ."""
    _, T, _, _, e_bt, d_bt = _d9_parts(p, tau)
    return 6 / (p.alpha * e_bt * T) * _d9_bracket(e_bt, d_bt)


#: a τ at which the recomputed chain of Claim D.9 holds on the whole range (checked by the route claim below)
TAU_REPAIRED = 25 * 10**9

D9_ROUTE = check_relation(
    "everlasting/claim-d-9.route",
    f"[NNSY23] Claim D.9 recomputed (the factor 3 of 1/ε'_i restored) holds with τ = {TAU_REPAIRED:.1e} in step 1: "
    "6/(α_iε'_iT_i)(ln(10/ε'_i) + ln(1/δ'_i) + 1) ≤ 1 for α_i, β_i < 1/32, δ < 1/16, ε < 1, VC ≥ 1 [interval "
    "arithmetic; a grid, then hypothesis towards the edges]",
    _D9_VARS,
    lambda p: (_d9_gap_ratio(p, TAU_REPAIRED), iv.mpf(1)),
    text="6/(α_iε'_iT_i)(log(10/ε'_i)+log(1/δ'_i)+1) ≤ 1 at τ = 2.5·10¹⁰",
)
D9.checked(
    r"\frac{6}{\alpha_i\varepsilon'_iT_i}\left(\log(10/\varepsilon'_i)+\log(1/\delta'_i)+1\right)\leq 1"
    r" \text{ (the chain recomputed: Claim D.9 itself, } \tau=1.1\cdot10^{10})",
    _D9_VARS,
    lambda p: (_d9_gap_ratio(p, 11 * 10**9), iv.mpf(1)),
    gap="Lemma C.3's gap fails at τ = 1.1·10¹⁰ for α_i near 1/32 once the dropped 3 is restored (needs ≈ 1.3 × 2α_i)",
    finding="recomputed without the dropped factor 3, Lemma C.3's gap is up to ≈ 1.3× the gap 2α_i for α_i near "
    "1/32 (phase 1 of α near 1/16) at GenericBBL's τ = 1.1·10¹⁰: Claim D.9 as stated fails there, and with it the "
    f"privacy of M_1 in Claims E.5/E.6; with τ = {TAU_REPAIRED:.1e} it holds on the whole range ({D9_ROUTE})",
    what="6/(α_iε'_iT_i)(ln(10/ε'_i) + ln(1/δ'_i) + 1) ≤ 1 (i.e. t_u − t_ℓ = 2α_i ≥ Lemma C.3's gap) at "
    "GenericBBL's τ = 1.1·10¹⁰",
)


# ----------------------------------------------------------------------------- Claim E.5 (privacy)
def _claim27_size(eps_target, eps_inner, eps_run):
    """Claim 2.7's condition on GenericBBL's sizes: a sample of n_small = ε n_large/(3 + e^{ε+4}) drawn from
    n_large is amplified to ε when n_large ≥ (n_small/ε)(3 + e^{ε'}), i.e. 3 + e^{ε'} ≤ 3 + e^{ε+4}."""
    return 3 + iv.exp(eps_inner), 3 + iv.exp(eps_run + 4)


E5 = StepBook(P, "Claim E.5", "privacy", "ε < 1, δ < 1/16 (Theorem 5.1); c_1 ≥ 1; the sizes of steps 2 and 3f")
E5.checked(
    r"M_1 \text{ is } (1,\delta)\text{-DP: } \sqrt{2c_1\ln(\frac{1}{c_1\delta'_1})}\varepsilon'_1+c_1\varepsilon'_1(e^{\varepsilon'_1}-1)\leq 1,"
    r"\ 2c_1\delta'_1\leq\delta",
    [c_tops, delta16],
    lambda p: (_obs2_epsilon(*_step3c(p.c, p.delta), p.c), iv.mpf(1)),
    what="Observation 2's ε' at step 3c's ε'_1, δ'_1 is at most 1 (its δ, 2c_1δ'_1 = δ, is Claim D.1's step 5)",
)
E5.checked(
    r"M_2 \text{ is } (\varepsilon,0)\text{-DP (Claim 2.7 and Lemma C.1: LabelBoost } (3,0)\text{ on } "
    r"|\hat S_1|=\frac{\varepsilon|S_1|}{3+\exp(\varepsilon+4)}):\ |S_1|\geq\frac{|\hat S_1|}{\varepsilon}(3+e^{3})",
    [eps],
    lambda p: _claim27_size(p.eps, 3, p.eps),
    what="Claim 2.7's size condition for the inner (3, 0) of Lemma C.1 (A the (0, 0) projection on D̂'s labels): "
    "3 + e³ ≤ 3 + e^{ε+4}",
)


def _basic():
    import sympy as sp

    e, d = sp.symbols("epsilon delta", positive=True)
    return [sympy_zero((1 + e) - (e + 1), "ε_1 + ε_2 = ε + 1 for (1, δ) and (ε, 0)"), sympy_zero((d + 0) - d, "δ + 0 = δ")]


_COMPOSE = Derivation("basic composition (Proposition 2.5) of (1, δ) and (ε, 0): (1 + ε, δ + 0) − (ε + 1, δ) = 0", _basic)
E5.derived(r"(M_1,M_2) \text{ is } (\varepsilon+1,\delta)\text{-DP}", [eps, delta16], _COMPOSE)
E5.checked(
    r"M_3 \text{ is } (\varepsilon,\frac{4\varepsilon\delta}{3+\exp(\varepsilon+1)})\text{-DP (Claim 2.7 on } |S_1|=\frac{n\varepsilon}{3+\exp(\varepsilon+4)})"
    r":\ n\geq\frac{|S_1|}{\varepsilon}(3+e^{\varepsilon+1})",
    [eps],
    lambda p: _claim27_size(p.eps, p.eps + 1, p.eps),
    what="Claim 2.7's size condition for the inner (ε + 1, δ): 3 + e^{ε+1} ≤ 3 + e^{ε+4} (and ε ≤ 1)",
)
E5.checked(
    r"\frac{4\varepsilon\delta}{3+\exp(\varepsilon+1)}\leq\delta \text{ for any } \varepsilon",
    [real("eps", 0, None, symbol="ε")],
    lambda p: (4 * p.eps, 3 + iv.exp(p.eps + 1)),
    what="4ε ≤ 3 + e^{ε+1} for every ε > 0 (δ > 0 divided out)",
)

# ----------------------------------------------------------------------------- Claim E.6 (privacy)
E6 = StepBook(P, "Claim E.6", "privacy", "ε < 1, δ < 1/16 (Theorem 5.1); neighbouring query streams, one query differs")
E6.linked(
    r"(D_1^{b,L},\dots,D_{i-1}^{b,L},D_i^{b,L*}) \text{ follow the same distribution for } b\in\{0,1\}",
    [],
    "everlasting/claim-e-6",
    gap="false through halting: the hidden query's ⊤ moves the halt, so query privacy fails (δ ≈ 1 at ε = 0.5)",
    finding="false through halting: the hidden query's ⊤ counts towards c_i, so the phase halts one answer earlier "
    "in one world; the exact law of the view gives δ(0.5) ≈ 1 on the smallest stream (7 queries, c = 5) at "
    "parameters meeting Claims D.1 and D.9.  It breaks Claim E.6 (query privacy) itself; RepairedBBL "
    "(everlasting/repaired-query-privacy) is the toolkit's repair",
)
E6.linked(
    r"M_1 \text{ is } (1,\delta)\text{-DP (Lemma C.3)}",
    [c_tops, delta16],
    "everlasting/claim-e-5.step-1",
    note="the same Observation-2 computation as Claim E.5's step 1 (phase i + 1)",
)
E6.linked(
    r"M_2 \text{ is } (\varepsilon,0)\text{-DP (Claim 2.7 and Lemma C.1)}",
    [eps],
    "everlasting/claim-e-5.step-2",
    note="the same sizes as Claim E.5's step 2 (phase i + 1)",
)
E6.derived(r"(M_1,M_2) \text{ is } (\varepsilon+1,\delta)\text{-DP}", [eps, delta16], _COMPOSE)
E6.checked(
    r"M_3 \text{ is } (\varepsilon+4,4\varepsilon\delta)\text{-DP (Lemma C.1 on } (M_1,M_2))",
    [eps, delta16],
    lambda p: (4 * iv.e * p.delta, 4 * p.eps * p.delta),
    gap="misprint: Lemma C.1 gives 4eδ, not 4εδ (harmless: step 6 uses 4eδ)",
    finding="a misprint: Lemma C.1 on (ε + 1, δ) gives (ε + 4, 4eδ) (e = 2.718…), and 4eδ > 4εδ for every ε < e; "
    "step (iv)'s 16eεδ/(3 + e^{ε+4}) is Claim 2.7 applied to 4eδ (step 6 and everlasting/lemma-c-1-delta), so only "
    "the proof's text is wrong, not Claim E.6's δ",
    what="Lemma C.1's δ for A = (M_1, M_2), 4eδ, is at most the printed 4εδ (its ε, (ε + 1) + 3 = ε + 4, agrees)",
)


def _m4():
    import sympy as sp

    e, d = sp.symbols("epsilon delta", positive=True)
    m = 3 + sp.exp(e + 4)
    return [
        sympy_zero(4 * e / m * (4 * sp.E * d) - 16 * sp.E * e * d / m, "Claim 2.7's 4ε/(3+e^{ε+4})·4eδ − 16eεδ/(3+e^{ε+4}) = 0"),
        sympy_zero((e * 1 / m) - e / m, "|D̂_i| = ε|D_i|/(3+e^{ε+4}) is Claim 2.7's n = εt/(3+e^{ε'}) at ε' = ε + 4"),
    ]


E6.derived(
    r"M_4 \text{ is } (\varepsilon,\frac{16e\varepsilon\delta}{3+\exp(\varepsilon+4)})\text{-DP (Claim 2.7 on } M_3 "
    r"\text{ with } |\hat D_i|=\frac{\varepsilon|D_i|}{3+\exp(\varepsilon+4)})",
    [eps, delta16],
    Derivation(
        "Claim 2.7 at ε' = ε + 4 turns Lemma C.1's 4eδ into 4ε/(3+e^{ε+4})·4eδ, which equals the printed "
        "16eεδ/(3+e^{ε+4}) (simplify gives 0); the sample size is Claim 2.7's exactly",
        _m4,
    ),
)
E6.checked(
    r"\frac{16e\varepsilon}{3+\exp(\varepsilon+4)}\leq 1 \text{ for any } \varepsilon",
    [real("eps", 0, None, symbol="ε")],
    lambda p: (16 * iv.e * p.eps, 3 + iv.exp(p.eps + 4)),
    what="16eε ≤ 3 + e^{ε+4} for every ε > 0",
)

#: every proof's steps of this paper, in the paper's order
BOOKS = (D1, D9, E5, E6)
