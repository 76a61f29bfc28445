"""Claims of [NNSY23] about one phase of GenericBBL: Claim D.3 (queries far from 1/2), and the
accuracy chain of Appendix E — Claims E.1–E.3 (the relabelled samples stay consistent with a
good concept; event E_1) and the Chernoff step of Claim E.4, whose condition β_i < 1/64 is
narrower than Theorem 5.1's β < 1/16.

Claim D.3 and E.4's step are checked exactly (rational arithmetic, exact binomial tails).
Claims E.1–E.3 are checked on GenericBBL's own runs in practical mode (a random finite class,
D uniform on its points, so err_D is exact) by recording every relabelled sample S_{i+1}.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction
from typing import Annotated, Any

import numpy as np
from scipy import stats

from geoprivate._validation import BinaryMatrix, Check, Interval, Joint, check_index, check_indices, checked
from geoprivate.audit import clopper_pearson
from geoprivate.claims import Verdict, register
from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
from geoprivate.everlasting.parameters import practical_parameters, theorem_parameters
from geoprivate.privacy.warnings import PrivacyWarning
from solvers._checks import as_binary_matrix, as_binary_vector
from solvers._rational import rational_vector

__all__ = ["claim_d3_mass", "best_consistent_error", "e4_chernoff_tail"]


# ---------------------------------------------------------------- Claim D.3
@checked
def claim_d3_mass(
    H: Annotated[Any, Check(as_binary_matrix, kind="array", allow_empty_rows=False)],
    g: Annotated[Any, Joint("one label per column of H", kind="labels")],
    weights: Annotated[
        Any, Joint("a law on the columns of H: one exact weight each, >= 0, summing to 1", kind="array")
    ],
) -> Fraction:
    """Pr_{x~D}[|q(x) − 1/2| ≤ 3/8] with q(x) the fraction of the T hypotheses (rows of H) voting 1.

    Parameters
    ----------
    H : array (T, n) of {0, 1}
        The hypotheses f_1..f_T of step 3b on the n points of D's support.
    g : array (n,)
        Unused by the mass itself; the concept the hypotheses are measured against.
    weights : sequence of Fraction
        D's probabilities of the n points.

    Returns
    -------
    Fraction
    """
    T, n = H.shape
    g = as_binary_vector(g, "g")
    if g.size != n:
        raise ValueError(f"g must have one label per column of H ({n}), got {g.size}")
    weights = rational_vector(weights, "weights")
    if len(weights) != n:
        raise ValueError(f"weights must have one weight per column of H ({n}), got {len(weights)}")
    if any(w < 0 for w in weights) or sum(weights, Fraction(0)) != 1:
        raise ValueError("weights must be a probability law: non-negative, summing to 1 exactly")
    votes = H.sum(axis=0, dtype=np.int64)
    mid = [abs(Fraction(int(v), T) - Fraction(1, 2)) <= Fraction(3, 8) for v in votes]
    return sum((w for w, m in zip(weights, mid, strict=True) if m), Fraction(0))


def _d3_instance(rng, adversarial: bool):
    """T hypotheses, a concept g and a law D with ⌈15T/16⌉ α-good hypotheses (α ≤ 1/16)."""
    T = 16 * int(rng.integers(1, 5))
    n = int(rng.integers(16, 80))
    w = rng.integers(1, 6, n)
    weights = [Fraction(int(v), int(w.sum())) for v in w]
    g = rng.integers(0, 2, n).astype(np.uint8)
    n_good = 15 * T // 16
    H = np.tile(g, (T, 1))
    # bad hypotheses: anything (the worst case outputs the wrong label everywhere)
    H[n_good:] = 1 - g if adversarial else rng.integers(0, 2, (T - n_good, n))
    if adversarial:
        # the proof's worst case (Figure 2): 15 groups of T/16 good hypotheses, group k wrong
        # exactly on its own region of mass alpha; there T/16 good + T/16 bad votes are wrong
        r = int(rng.integers(1, 4))
        n = 16 * r + int(rng.integers(0, 10))  # alpha = r/n <= 1/16
        weights = [Fraction(1, n)] * n
        g = rng.integers(0, 2, n).astype(np.uint8)
        H = np.tile(g, (T, 1))
        H[n_good:] = 1 - g
        for t in range(n_good):
            k = t // (T // 16)
            H[t, k * r : (k + 1) * r] ^= 1
        alpha = Fraction(r, n)
    else:
        alpha = Fraction(int(rng.integers(1, 5)), 64)
        for t in range(n_good):  # good hypotheses: random errors of mass <= alpha
            budget = alpha
            for j in rng.permutation(n):
                if weights[j] <= budget and rng.random() < 0.5:
                    H[t, j] ^= 1
                    budget -= weights[j]
    errs = [sum((weights[j] for j in range(n) if H[t, j] != g[j]), Fraction(0)) for t in range(n_good)]
    assert max(errs, default=Fraction(0)) <= alpha
    return H, g, weights, alpha


@register(
    "everlasting/claim-d-3",
    checks=("Claim D.3",),
    statement="""
[NNSY23] Claim D.3: if α_i ≤ 1/16 and 15T_i/16 of the hypotheses of step 3b are α_i-good w.r.t. g_i,
then Pr_{x~D}[|q(x) − 1/2| ≤ 3/8] ≤ 15α_i (q(x) = fraction voting 1).  Exact, in rational arithmetic,
on random laws D over 16–80 points, with the bad T/16 hypotheses random or all wrong and the good
ones' errors random or stacked on the same points (the proof's worst case).
""",
)
def _check_claim_d3(rng, size):
    n_inst = 80 if size == "small" else 600
    worst = Fraction(0)
    for i in range(n_inst):
        H, g, weights, alpha = _d3_instance(rng, adversarial=i % 2 == 1)
        mass = claim_d3_mass(H, g, weights)
        if mass > 15 * alpha:
            return Verdict.violated(
                {"H": H, "g": g, "weights": [str(w) for w in weights], "alpha": str(alpha)}, mass=str(mass)
            )
        worst = max(worst, mass / (15 * alpha))
    return Verdict.holds(instances=n_inst, worst_mass_over_bound=float(worst))


# ---------------------------------------------------------------- Claims E.1–E.3 (practical runs)
@checked
def best_consistent_error(
    M: BinaryMatrix,
    target_row: Annotated[int, Joint("a row of M", kind="index")],
    points: Annotated[Any, Joint("columns of M", kind="indices")],
    labels: Annotated[Any, Joint("one 0/1 label per point", kind="labels")],
) -> float:
    """min err_D(g, c) over the concepts g of a finite class consistent with (points, labels).

    Parameters
    ----------
    M : array (k, n)
        The class (rows = concepts), D uniform on the n points.
    target_row : int
        The target c's row.
    points, labels : arrays
        A labelled sample (points are column indices).

    Returns
    -------
    float
        The smallest error, or ``inf`` when no concept is consistent.
    """
    target_row = check_index(target_row, M.shape[0], "target_row")
    pts = check_indices(points, M.shape[1], "points")
    labs = as_binary_vector(labels, "labels")
    if labs.size != pts.size:
        raise ValueError(f"labels must hold one label per point ({pts.size}), got {labs.size}")
    ok = (M[:, pts] == labs[None, :]).all(axis=1)
    if not ok.any():
        return math.inf
    return float((M[ok] != M[target_row][None, :]).mean(axis=1).min())


def _recording_runs(rng, size):
    """GenericBBL runs (practical, 2 phases, random finite class) with every sample S_i recorded."""

    class _Recording(GenericBBL):
        samples: list[tuple[np.ndarray, np.ndarray]]  # set before the run

        def _relabel(self, p, D, record):
            super()._relabel(p, D, record)
            self.samples.append((self.S_points.copy(), self.S_labels.copy()))

    runs = 4 if size == "small" else 20
    alpha, beta = 0.05, 0.05
    for _ in range(runs):
        prob = make_everlasting_problem("finite", rng, n_points=64)
        par = practical_parameters(alpha, beta, 0.5, 1e-6, prob.vc, 2, T1=60, lambda1=8, r_const=12, epsilon_bt=4.0)
        x = prob.sample(rng, par.phase(1).S)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PrivacyWarning)
            bbl = _Recording(prob, x, prob.target(x), par, rng=rng)
            bbl.samples = []  # S_2, S_3, ...: S_1 carries the true labels
            res = bbl.run(2)
        yield prob, par, res, bbl.samples


@register(
    "everlasting/claims-e-1-e-3",
    checks=("Claim E.1", "Claim E.2", "Claim E.3"),
    statement="""
[NNSY23] Claims E.1–E.3 on GenericBBL's own runs (PRACTICAL mode: scaled τ, λ, R, ε'_i = 4; a random
finite class on 64 points, D uniform, 2 phases): every relabelled sample S_{i+1} has a consistent
concept g_{i+1} ∈ C with err_D(g_{i+1}, c) ≤ Σ_{j≤i+1} α_j (E.1, w.p. ≥ 1 − 2Σβ_j; E.3: ≤ α for all i,
w.p. ≥ 1 − 3β), and BetweenThresholds never fails (event E_1, w.p. ≥ 1 − β, E.2).  Recorded: the
fraction of runs where each holds, its Clopper–Pearson lower bound (10⁻⁶), the largest min-error seen.
""",
)
def _check_claims_e1_e3(rng, size):
    runs = e1_ok = e3_ok = e2_ok = 0
    worst = 0.0
    alpha = beta = 0.0  # the parameters of the runs (at least 4)
    for prob, par, res, samples in _recording_runs(rng, size):
        alpha, beta = par.alpha, par.beta
        M, row = prob.concept.matrix, int(prob.target_params)
        errs = [best_consistent_error(M, row, pts, lab) for pts, lab in samples]
        alphas = [ph.alpha for ph in par.phases]
        ok_e1 = all(e <= sum(alphas[: i + 2]) + 1e-12 for i, e in enumerate(errs))
        e1_ok += ok_e1
        e3_ok += all(e <= alpha + 1e-12 for e in errs)
        e2_ok += not res.failed
        worst = max([worst, *errs])
        runs += 1
    ev = dict(
        runs=runs,
        e1_fraction=e1_ok / runs,
        e2_fraction=e2_ok / runs,
        e3_fraction=e3_ok / runs,
        e3_lower_bound=clopper_pearson(e3_ok, runs, 1e-6)[0],
        max_min_consistent_error=worst,
        alpha=alpha,
        beta=beta,
        mode="practical",
    )
    if e3_ok / runs < 1 - 3 * beta or e2_ok / runs < 1 - beta:
        return Verdict.violated({"alpha": alpha, "beta": beta, "mode": "practical"}, **ev)
    return Verdict.holds(**ev)


# ---------------------------------------------------------------- Claim E.4's Chernoff step
@checked
def e4_chernoff_tail(
    T: Annotated[int, Interval(ge=1, le=2**63 - 1)], beta_i: Annotated[float, Interval(gt=0, le=0.25)]
) -> float:
    """Pr[fewer than 15T/16 of T hypotheses are good] when each is good w.p. 1 − 4β_i, independently.

    The probability the proof of [NNSY23] Claim E.4 bounds by β_i with Chernoff at
    T ≥ 512(1 − 4β_i) ln(1/β_i)/(1 − 64β_i)² (exact binomial tail).

    Parameters
    ----------
    T : int in [1, 2⁶³ − 1]
        The number of hypotheses.
    beta_i : float in (0, 1/4]
        Each is good w.p. 1 − 4β_i.

    Returns
    -------
    float
    """
    need = math.ceil(Fraction(15 * T, 16))
    return float(stats.binom.cdf(need - 1, T, 1 - 4 * beta_i))


def e4_T(beta_i: float) -> float:
    """The proof's T_i ≥ 512(1 − 4β_i) ln(1/β_i)/(1 − 64β_i)² (meaningful for β_i < 1/64 only)."""
    return 512 * (1 - 4 * beta_i) * math.log(1 / beta_i) / (1 - 64 * beta_i) ** 2


@register(
    "everlasting/claim-e-4-chernoff",
    checks=("Claim E.4",),
    statement="""
[NNSY23] Claim E.4's Chernoff step: with each of T_i hypotheses good w.p. 1 − 4β_i, at least 15T_i/16
are good w.p. ≥ 1 − β_i once T_i ≥ 512(1 − 4β_i) ln(1/β_i)/(1 − 64β_i)².  Exact binomial tails:
it holds for β_i < 1/64 at that T_i; but the claim is stated for β < 1/16 and GenericBBL's phase 1
has β_1 = β/2, so for β ∈ [1/32, 1/16) (allowed by Theorem 5.1) the mean (1 − 4β_1)T_1 < 15T_1/16 and
the step fails at every T_1 — at the T_1 of the theorem's own parameters the tail is ≈ 1.
(The text also says "with probability 3/4" where the Chernoff step needs 1 − 4β_i.)
""",
)
def _check_claim_e4_chernoff(rng, size):
    n_inst = 60 if size == "small" else 400
    worst = 0.0
    for _ in range(n_inst):
        b = float(10 ** rng.uniform(-6, math.log10(1 / 64) - 1e-3))
        T = math.ceil(e4_T(b))
        tail = e4_chernoff_tail(T, b)
        if tail > b:
            return Verdict.violated({"beta_i": b, "T_i": T}, tail=tail, regime="beta_i < 1/64")
        worst = max(worst, tail / b)
    # Theorem 5.1's range beyond the proof's: beta in [1/32, 1/16), beta_1 = beta/2 >= 1/64
    beta = 1 / 20
    par = theorem_parameters(1 / 20, beta, 0.5, 1e-3, 1, phases=1)
    ph = par.phase(1)
    tail = e4_chernoff_tail(ph.T, ph.beta)
    return Verdict.violated(
        {
            "alpha": 1 / 20,
            "beta": beta,
            "epsilon": 0.5,
            "delta": 1e-3,
            "vc": 1,
            "phase": 1,
            "beta_1": ph.beta,
            "T_1": ph.T,
        },
        tail_at_theorem_T1=tail,
        beta_1=ph.beta,
        needs_beta_i_below=1 / 64,
        holds_below_1_64_instances=n_inst,
        worst_tail_over_beta_below_1_64=worst,
        finding="the Chernoff step needs beta_i < 1/64 (beta < 1/32 in phase 1); Theorem 5.1 allows beta < 1/16",
    )
