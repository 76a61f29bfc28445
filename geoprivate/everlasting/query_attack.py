"""The halting attack on query privacy ([NNSY23] Claim E.6) and adaptive adversaries for the Figure 1 game.

[NNSY23] Claim E.6 (privacy of the unlabelled points) asserts that the labels of phase i
*except the differing query* follow the same law in both worlds.  GenericBBL answers
through a c_i-TOP BetweenThresholds ([NNSY23] Observation 2) whose state — the TOP counter,
the fresh threshold noise after a TOP, and the halt of step 3(d)iv — depends on *every*
query, the hidden one included.  The halting attack:

1. B chooses the training set (the game lets it): with λ_1 = 1 every block is one example,
   so ``k`` positives at 0.6 and T − k negatives at 0.3 give every x in (0.6, 1) the vote
   k/T (:func:`vote_level_training_set`); k = T/2 puts x* = 0.7 in the middle of the band
   [½ − α_1, ½ + α_1], where Claim D.9's gap makes BetweenThresholds answer ⊤ w.p. ≈ 1.
2. The hidden query is x* in world 0 and a far point (vote 0) in world 1.
3. B then asks x* repeatedly: every ask spends a TOP, and world 0 halts one answer earlier.

:class:`HaltingAdversary` is that adversary with its knobs (the vote level of the probe,
the number of probes, where the hidden query sits, a decoy point between probes), and
reads the halting time and the post-TOP answers (:meth:`HaltingAdversary.featurize`).
It is adaptive in what the game lets B choose (the training set and the points built from
it); inside a phase the answers up to the halt are all B ever sees, so probing
obliviously until the halt loses nothing against reading answers one by one.

:func:`exact_view_law` computes the law of B's view exactly (mpmath, closed-form
integrals of :func:`geoprivate.audit.between_thresholds_output_law`, one per
segment between TOPs) when the votes are deterministic (λ_1 = 1, |S| = T_1) and the
stream has at most 8 queries; :func:`exact_query_audit` turns the two worlds' laws into
δ(ε).  :func:`adversary_search` climbs over the adversary's knobs with the sweep
machinery's :func:`geoprivate.audit.search.hill_climb` and audits the best
adversary afresh at false-alarm rate 10⁻⁶.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from functools import lru_cache
from typing import Annotated, Any, Literal

import mpmath
import numpy as np

from geoprivate._validation import (
    Check,
    Epsilon,
    Interval,
    Joint,
    Probability,
    Rng,
    as_rng,
    check_epsilon,
    check_finite_array,
    check_index,
    check_int_in_range,
    check_positive_int,
    check_probability,
    check_real,
    checked,
)
from geoprivate.audit import between_thresholds_output_law, delta_for_epsilon, epsilon_for_delta
from geoprivate.audit.search import hill_climb
from geoprivate.everlasting.accounting import labelboost_release_law
from geoprivate.everlasting.ensembles import erm_ensemble
from geoprivate.everlasting.game import FALSE_ALARM, audit_game, query_game
from geoprivate.everlasting.generic_bbl import make_everlasting_problem
from geoprivate.everlasting.parameters import EverlastingParameters, custom_parameters
from geoprivate.everlasting.repaired import StopperParameters, repaired_guarantees
from geoprivate.mechanisms.sparse_vector import Answer, min_gap
from geoprivate.mechanisms.stopper import stopper_cap, stopper_slack
from geoprivate.problems import Problem

__all__ = [
    "FAR_AT",
    "NEGATIVE_AT",
    "POSITIVE_AT",
    "PROBE_AT",
    "HaltingAdversary",
    "adversary_search",
    "exact_query_audit",
    "exact_view_law",
    "halting_parameters",
    "repaired_exact_audit",
    "repaired_view_law",
    "vote_level_training_set",
]

#: the longest attack stream a :class:`HaltingAdversary` may ask (checked before it is built)
MAX_STREAM = 10**6
#: the most candidates :func:`adversary_search` evaluates (each one plays ``n_search`` games)
MAX_SEARCH_ITERS = 10**4
POSITIVE_AT, NEGATIVE_AT = 0.6, 0.3  # one-example blocks: a positive votes 1 right of 0.6, a negative 0
PROBE_AT, FAR_AT = 0.7, 0.05  # x* (vote k/T) and the far point (vote 0)

#: BetweenThresholds' n (T_1) and a count of queries: sizes that enter floating point
_Size = Annotated[int, Interval(ge=1, le=10**15)]
_Values = Annotated[Any, Joint("a few finite query values (the exact laws' limit)", kind="array")]
_Hidden = Annotated[int, Interval(ge=0), Joint("a round of values", kind="index")] | None
_Threshold = Annotated[float, Joint("t_lower < t_upper")]


@checked
def vote_level_training_set(
    T: Annotated[int, Interval(ge=1, le=MAX_STREAM * 100)], k: Annotated[int, Interval(ge=0), Joint("k <= T")]
) -> tuple[np.ndarray, np.ndarray]:
    """T one-example blocks: ``k`` positives at 0.6 and T − k negatives at 0.3 (thresholds).

    Each block's ERM threshold is ≤ 0.6 for a positive and > 0.7 for a negative
    (the ERM of a lone negative is the all-0 threshold), so the ensemble's vote at every x in
    (0.6, 1) is exactly k (average k/T) whatever the blocks' order.

    Returns
    -------
    (points, labels) : arrays of length T.
    """
    if k > T:
        raise ValueError(f"k must lie in [0, T] with T = {T}, got {k}")
    pts = np.concatenate([np.full(k, POSITIVE_AT), np.full(T - k, NEGATIVE_AT)])
    lab = np.concatenate([np.ones(k, np.uint8), np.zeros(T - k, np.uint8)])
    return pts, lab


@checked
def halting_parameters(
    alpha: Annotated[float, Interval(ge=1e-100, lt=1)] = 0.06,
    beta: Annotated[float, Interval(ge=1e-100, lt=1)] = 0.05,
    epsilon: Epsilon = 0.5,
    delta: Annotated[float, Interval(ge=1e-300, lt=1)] = 1e-6,
    c: Annotated[int, Interval(ge=1, le=10**6)] = 5,
    R: _Size | None = None,
):
    """One-phase GenericBBL parameters meeting every condition of [NNSY23] Claims D.1 and D.9.

    λ_1 = 1, c_1 = ``c``, the printed ε'_1 = 1/(3√(c ln(2/δ))), δ'_1 = δ/(2c), and the
    smallest T_1 with 2α_1 ≥ Lemma C.3's gap ([NNSY23] Claim D.9); R_1 (default T_1 + 100)
    exceeds every attack stream, so the run stays inside phase 1.  With the defaults:
    ε'_1 ≈ 0.039, T_1 = 115 809.

    Returns
    -------
    EverlastingParameters (practical mode, as :func:`~geoprivate.everlasting.parameters.custom_parameters`).

    Raises
    ------
    ValueError
        The result fails Claim D.1 or D.9 (e.g. α ≥ 1/8), or bad arguments.
    """
    alpha, beta = check_probability(alpha, "alpha"), check_probability(beta, "beta")
    epsilon = check_epsilon(epsilon)
    delta = check_probability(delta, "delta")
    c = check_positive_int(c, "c")
    R = None if R is None else check_positive_int(R, "R")
    eps_bt = 1 / (3 * math.sqrt(c * math.log(2 / delta)))
    gap = min_gap(eps_bt, delta / (2 * c), 1)  # = n * min_gap(n) for n = 1
    T = math.ceil(gap / alpha) + 1  # 2 alpha_1 = alpha
    par = custom_parameters(
        [(1, T, T + 100 if R is None else R, c)], alpha, beta, epsilon, delta, 1, epsilon_bt=eps_bt, m_const=1.0
    )
    p = par.phase(1)
    if not (p.checks["Claim D.1"] and p.checks["Claim D.9"]):
        raise ValueError(f"halting_parameters: Claims D.1/D.9 fail for alpha={alpha}, c={c}, delta={delta}")
    return par


def _view(value, name: str):
    """B's view: a tuple or list of 0/1 labels (returned unchanged)."""
    if not isinstance(value, (tuple, list)) or not all(
        isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)) and v in (0, 1) for v in value
    ):
        raise TypeError(f"{name} must be a tuple of 0/1 labels, got {type(value).__name__}")
    return value


@checked
@dataclass(frozen=True)
class HaltingAdversary:
    """The query-game adversary B of the halting attack, with its knobs.

    Attributes
    ----------
    probe_level : float in [0, 1]
        The vote (average) B gives x* through its training set: k = round(level · T).
    n_probes : int
        How many times x* is asked after the hidden round (spends the TOP budget).
    hidden_round : int
        0-based position of the hidden query among the first ``hidden_round`` probes.
    decoys : int
        Far points (vote 0, answered L) asked after every probe: they read whether the run
        is still alive between TOPs (the post-TOP answers).
    """

    probe_level: Annotated[float, Interval(ge=0, le=1)] = 0.5
    n_probes: Annotated[int, Interval(ge=1, le=MAX_STREAM)] = 6
    hidden_round: Annotated[int, Interval(ge=0, le=MAX_STREAM), Joint("hidden_round <= n_probes")] = 0
    decoys: Annotated[int, Interval(ge=0, le=MAX_STREAM)] = 0

    def __post_init__(self):
        check_real(self.probe_level, "probe_level", low=0, high=1)
        check_int_in_range(self.n_probes, "n_probes", 1, MAX_STREAM)
        check_int_in_range(self.hidden_round, "hidden_round", 0, self.n_probes)
        check_int_in_range(self.decoys, "decoys", 0, MAX_STREAM)
        if self.stream_length > MAX_STREAM:
            raise ValueError(
                f"n_probes, decoys: the attack stream would hold n_probes (1 + decoys) + 1 = {self.stream_length} "
                f"queries, more than MAX_STREAM = {MAX_STREAM}"
            )

    @property
    def stream_length(self) -> int:
        """The length of :meth:`queries`' stream, n_probes (1 + decoys) + 1 (known before it is built)."""
        return self.n_probes * (1 + self.decoys) + 1

    def queries(self) -> tuple[np.ndarray, int]:
        """World 0's stream (x* at the hidden round) and the hidden round's index in it."""
        block = [PROBE_AT] + [FAR_AT] * self.decoys
        before = block * self.hidden_round
        after = block * (self.n_probes - self.hidden_round)
        q = np.asarray(before + [PROBE_AT] + after, dtype=np.float64)
        return q, len(before)

    def instance(self, problem: Problem, parameters: EverlastingParameters):
        """The Figure 1 query game (:func:`geoprivate.everlasting.game.query_game`) this B plays."""
        p1 = parameters.phase(1)
        if p1.lam != 1:
            raise ValueError(f"HaltingAdversary needs lambda_1 = 1 (one-example blocks), got {p1.lam}")
        if self.stream_length >= p1.R:
            raise ValueError(f"the attack stream ({self.stream_length} queries) must end inside phase 1 (R_1 = {p1.R})")
        S, y = vote_level_training_set(p1.T, round(self.probe_level * p1.T))
        q, h = self.queries()
        if q.size >= p1.R:
            raise ValueError(f"the attack stream ({q.size} queries) must end inside phase 1 (R_1 = {p1.R})")
        return query_game(problem, parameters, S, y, q, h, FAR_AT)

    @staticmethod
    def featurize(view: Annotated[Any, Check(_view, kind="labels")]) -> tuple:
        """B's reading of its view: the halting time (view length) and the labels after it."""
        return (len(view), tuple(view))

    def as_dict(self) -> dict:
        return asdict(self)


# ====================================================================== exact law
def _labels(transcript) -> tuple:
    return tuple(0 if a is Answer.L else 1 for a in transcript)


@lru_cache(maxsize=256)
def _segment_law(values: tuple, eps, tl, tu, n, dps) -> dict:
    return between_thresholds_output_law(list(values), eps, tl, tu, n, dps=dps)


def _check_bt(epsilon, t_lower, t_upper, n):
    """BetweenThresholds' (ε', t_l, t_u, n) checked: ε' > 0 finite, t_l < t_u finite, n >= 1."""
    epsilon = check_epsilon(epsilon)
    t_lower, t_upper = check_real(t_lower, "t_lower"), check_real(t_upper, "t_upper")
    if not t_lower < t_upper:
        raise ValueError(f"t_lower must be < t_upper, got t_lower={t_lower!r}, t_upper={t_upper!r}")
    return epsilon, t_lower, t_upper, check_positive_int(n, "n")


@checked
def exact_view_law(
    values: _Values,
    hidden_round: _Hidden,
    epsilon: Epsilon,
    t_lower: _Threshold,
    t_upper: _Threshold,
    n: _Size,
    c: Annotated[int, Interval(ge=1, le=10**6)],
    *,
    dps: Annotated[int, Interval(ge=5, le=1000)] = 30,
) -> dict:
    """Exact law of B's view of a c-TOP BetweenThresholds run on fixed query values.

    The run is [NNSY23] Observation 2's instance (fresh threshold noise after every TOP but
    the c-th, halt at the c-th); B sees the label of every answered query (0 on L, 1 on R
    or ⊤, step 3(d)iii) except ``hidden_round``'s.  Segments between TOPs are independent
    c = 1 runs, so a transcript's probability is the product of closed-form c = 1 laws of
    the segments (a final segment without ⊤ is the stream's end).

    Parameters
    ----------
    values : 1..8 query values (the votes q_x(F_1) of the stream)
    hidden_round : int or None
    epsilon, t_lower, t_upper, n : BetweenThresholds' ε'_1, ½ ∓ α_1 and T_1
    c : int >= 1
    dps : mpmath digits

    Returns
    -------
    dict view (tuple of labels) -> mpmath.mpf probability (sums to 1).
    """
    vals = tuple(check_finite_array(values, "values", ndim=1).tolist())
    if not 1 <= len(vals) <= 8:
        raise ValueError(f"values must hold 1..8 query values for the exact law, got {len(vals)}")
    if hidden_round is not None:
        hidden_round = check_int_in_range(hidden_round, "hidden_round", 0, len(vals) - 1)
    epsilon, t_lower, t_upper, n = _check_bt(epsilon, t_lower, t_upper, n)
    c = check_positive_int(c, "c")
    dps = check_int_in_range(dps, "dps", 5, 1000)
    law: dict = {}

    def walk(start, tops, prob, labels):
        if start == len(vals):
            law[labels] = law.get(labels, 0) + prob
            return
        seg = _segment_law(vals[start:], float(epsilon), float(t_lower), float(t_upper), int(n), int(dps))
        for tr, p in seg.items():
            if p == 0:
                continue
            lab = _labels(tr)
            kept = tuple(v for j, v in enumerate(lab, start) if j != hidden_round)
            if tr and tr[-1] is Answer.TOP:
                if tops + 1 >= c:  # the c-th TOP halts (step 3(d)iv)
                    key = labels + kept
                    law[key] = law.get(key, 0) + prob * p
                else:
                    walk(start + len(tr), tops + 1, prob * p, labels + kept)
            else:
                key = labels + kept
                law[key] = law.get(key, 0) + prob * p

    with mpmath.workdps(dps):
        walk(0, 0, mpmath.mpf(1), ())
    return law


@checked
def exact_query_audit(
    adversary: HaltingAdversary,
    parameters: EverlastingParameters,
    epsilon: Annotated[float, Interval(ge=0)] = 1.0,
    *,
    dps: Annotated[int, Interval(ge=5, le=1000)] = 30,
) -> dict:
    """Exact δ(ε) between the two worlds' views of ``adversary`` against faithful GenericBBL.

    The votes are deterministic (one-example blocks, |S| = T_1: step 2 keeps all of S and
    step 3a only permutes one-example blocks), so the view is a function of the c-TOP
    BetweenThresholds transcript alone and :func:`exact_view_law` is its exact law.

    Returns
    -------
    dict with ``delta_at_epsilon`` (float), the two laws (as {str(view): float}), the
    claimed (ε, δ) of the answering mechanism and the instance.
    """
    if not isinstance(adversary, HaltingAdversary):
        raise TypeError(f"adversary must be a HaltingAdversary, got {type(adversary).__name__}")
    epsilon = check_real(epsilon, "epsilon", low=0)
    p = parameters.phase(1)
    k = round(adversary.probe_level * p.T)
    q0, h = adversary.queries()
    if q0.size > 8:
        raise ValueError(f"the exact law holds at most 8 queries, this adversary asks {q0.size}")
    vote = np.where(q0 == PROBE_AT, k / p.T, 0.0)
    v1 = vote.copy()
    v1[h] = 0.0
    with mpmath.workdps(dps):
        P = exact_view_law(vote, h, p.epsilon_bt, p.t_lower, p.t_upper, p.T, p.c, dps=dps)
        Q = exact_view_law(v1, h, p.epsilon_bt, p.t_lower, p.t_upper, p.T, p.c, dps=dps)
        keys = sorted(set(P) | set(Q))
        pa = [P.get(k_, mpmath.mpf(0)) for k_ in keys]
        qa = [Q.get(k_, mpmath.mpf(0)) for k_ in keys]
        d = float(delta_for_epsilon(pa, qa, epsilon))
    return {
        "epsilon": float(epsilon),
        "delta_at_epsilon": d,
        "claimed_delta": parameters.delta,
        "law_world0": {str(k_): float(v) for k_, v in P.items()},
        "law_world1": {str(k_): float(v) for k_, v in Q.items()},
        "adversary": adversary.as_dict(),
        "T": p.T,
        "c": p.c,
        "epsilon_bt": p.epsilon_bt,
        "alpha_1": p.alpha,
        "vote": k / p.T,
    }


# ====================================================================== search
def _mutate(adv: HaltingAdversary, r, max_probes: int) -> HaltingAdversary:
    knob = int(r.integers(4))
    if knob == 0:
        return replace(adv, probe_level=float(np.clip(adv.probe_level + r.normal(0, 0.05), 0.0, 1.0)))
    if knob == 1:
        n = int(np.clip(adv.n_probes + r.choice([-1, 1]), 1, max_probes))
        return replace(adv, n_probes=n, hidden_round=min(adv.hidden_round, n))
    if knob == 2:
        return replace(adv, hidden_round=int(r.integers(adv.n_probes + 1)))
    return replace(adv, decoys=int(np.clip(adv.decoys + r.choice([-1, 1]), 0, 2)))


def _draw(r, max_probes: int) -> HaltingAdversary:
    n = int(r.integers(1, max_probes + 1))
    return HaltingAdversary(float(r.uniform(0, 1)), n, int(r.integers(n + 1)), int(r.integers(3)))


@checked
def adversary_search(
    problem: Problem,
    parameters: EverlastingParameters,
    *,
    variant: Annotated[str, Joint("a variant of the game")] = "faithful",
    start: HaltingAdversary | None = None,
    iters: Annotated[int, Interval(ge=0, le=MAX_SEARCH_ITERS)] = 8,
    n_search: Annotated[int, Interval(ge=1, le=10**7)] = 60,
    n_samples: Annotated[int, Interval(ge=1, le=10**7)] = 300,
    method: Literal["hill", "random"] = "hill",
    max_probes: Annotated[int, Interval(ge=1, le=MAX_STREAM - 1)] = 8,
    rng: Rng = None,
    play_fn: Callable[..., Any] | None = None,
) -> dict:
    """Search the adversary's knobs for the largest audited ε lower bound, then audit the best afresh.

    Each candidate's score is the statistical auditor's lower bound
    (:func:`geoprivate.everlasting.game.audit_game`, confidence 0.95, ``n_search`` runs) on
    its game; :func:`geoprivate.audit.search.hill_climb` moves between candidates.
    The maximum of many bounds is not a bound (multiple testing), so the winner is audited
    once more on ``n_samples`` fresh runs at false-alarm rate 10⁻⁶: that ``epsilon_lower``
    is valid.  ``play_fn`` (default :func:`~geoprivate.everlasting.game.play`) runs one game.

    Returns
    -------
    dict: best adversary, search scores, the final audit (:class:`GameAudit` as dict).
    """
    iters = check_int_in_range(iters, "iters", 0, MAX_SEARCH_ITERS)
    n_search = check_int_in_range(n_search, "n_search", 1, 10**7)
    n_samples = check_int_in_range(n_samples, "n_samples", 1, 10**7)
    max_probes = check_int_in_range(max_probes, "max_probes", 1, MAX_STREAM - 1)
    rng = as_rng(rng)
    seeds = rng.integers(0, 2**63, size=2)
    search_rng = np.random.default_rng(int(seeds[0]))

    def objective(adv):
        inst = adv.instance(problem, parameters)
        return audit_game(
            inst, variant, n_samples=n_search, featurize=adv.featurize, confidence=0.95, rng=search_rng, play_fn=play_fn
        ).epsilon_lower

    start = start if start is not None else HaltingAdversary(0.5, min(6, max_probes), 0, 0)
    best, best_val, start_val = hill_climb(
        objective,
        start,
        lambda r: _draw(r, max_probes),
        lambda a, r: _mutate(a, r, max_probes),
        iters,
        method,
        rng,
    )
    final = audit_game(
        best.instance(problem, parameters),
        variant,
        n_samples=n_samples,
        featurize=best.featurize,
        confidence=1 - FALSE_ALARM,
        rng=int(seeds[1]),
        play_fn=play_fn,
    )
    return {
        "best": best,
        "search_start": start_val,
        "search_best": best_val,
        "audit": final,
        "final_seed": int(seeds[1]),
    }


# ====================================================================== the repaired predictor's law
def _gauss_nodes(scale: float, cuts, tail: float = 40.0, per_scale: int = 4, nodes: int = 20):
    """Composite Gauss–Legendre nodes and weights (times the Laplace(scale) density) on |x| ≤ tail·scale."""
    lim = tail * scale
    pts = sorted({-lim, lim, 0.0, *(x for x in cuts if -lim < x < lim)})
    gx, gw = np.polynomial.legendre.leggauss(nodes)
    xs, ws = [], []
    for a0, a1 in itertools.pairwise(pts):
        k = max(1, math.ceil((a1 - a0) / (scale / per_scale)))
        e = np.linspace(a0, a1, k + 1)
        half, mid = (e[1:] - e[:-1])[:, None] / 2, (e[1:] + e[:-1])[:, None] / 2
        xs.append((mid + half * gx).ravel())
        ws.append((half * gw).ravel())
    x = np.concatenate(xs)
    return x, np.concatenate(ws) * np.exp(-np.abs(x) / scale) / (2 * scale)


def _lap_cdf(x, scale):
    x = np.asarray(x, dtype=np.float64) / scale
    return np.where(x < 0, 0.5 * np.exp(np.minimum(x, 0)), 1 - 0.5 * np.exp(-np.maximum(x, 0)))


@checked
def repaired_view_law(
    values: _Values,
    hidden_round: _Hidden,
    epsilon: Epsilon,
    t_lower: _Threshold,
    t_upper: _Threshold,
    n: _Size,
    c: Annotated[int, Interval(ge=1, le=10**6)],
    epsilon_stop: Epsilon,
    beta_stop: Probability,
    max_queries: _Size,
    *,
    nodes: Annotated[int, Interval(ge=2, le=200)] = 20,
) -> dict:
    """Law of B's view of :class:`~geoprivate.mechanisms.stopper.StoppedBetweenThresholds` on fixed values.

    Exact up to quadrature: the threshold noise μ and the stopper's ρ are independent, and
    given them the answers and the stopper's per-query tests are independent, so the
    probability of an answer pattern a (L/R/TOP per answered query) halting where it does
    is P_BT(a) · P_stop(halt | TOP counts of a), each a 1-D integral (composite
    Gauss–Legendre with ``nodes`` points per piece, pieces aligned with the breakpoints).
    Views are label tuples without the hidden round's label.  Returns {view: probability}.
    """
    vals = check_finite_array(values, "values", ndim=1)
    m = vals.size
    if not 1 <= m <= 10:
        raise ValueError(f"values must hold 1..10 query values, got {m}")
    if hidden_round is not None:
        hidden_round = check_int_in_range(hidden_round, "hidden_round", 0, m - 1)
    epsilon, t_lower, t_upper, n = _check_bt(epsilon, t_lower, t_upper, n)
    c = check_positive_int(c, "c")
    nodes = check_int_in_range(nodes, "nodes", 2, 200)
    epsilon_stop = check_epsilon(epsilon_stop, "epsilon_stop")
    beta_stop = check_probability(beta_stop, "beta_stop")
    max_queries = check_positive_int(max_queries, "max_queries")
    s_nu, s_mu = 6.0 / (epsilon * n), 2.0 / (epsilon * n)
    if not math.isfinite(s_nu):
        raise ValueError(f"epsilon, n: the noise scale 6/(epsilon n) leaves the floats (epsilon={epsilon!r}, n={n})")
    mu, w_mu = _gauss_nodes(
        s_mu, [v - t_lower for v in vals] + [t_upper - v for v in vals] + [(t_upper - t_lower) / 2], nodes=nodes
    )
    lo = _lap_cdf(t_lower + mu[None, :] - vals[:, None], s_nu)  # P(L | mu) per query
    hi = 1 - _lap_cdf(np.maximum(t_lower + mu, t_upper - mu)[None, :] - vals[:, None], s_nu)  # P(R | mu)
    top = np.clip(1 - lo - hi, 0.0, 1.0)
    per = np.stack([lo, hi, top], axis=1)  # (m, 3, nodes)
    L = c + stopper_slack(epsilon_stop, beta_stop, max_queries)
    cmax = stopper_cap(c, epsilon_stop, beta_stop, max_queries)
    s_rho, s_st = 2.0 / epsilon_stop, 4.0 / epsilon_stop
    rho, w_rho = _gauss_nodes(s_rho, [k - L for k in range(m + 1)], nodes=nodes)
    cont = {k: _lap_cdf(L + rho - k, s_st) for k in range(m + 1)}  # P(stopper says go on | count k)
    law: dict = {}
    # depth-first over answer patterns, carrying (BT product over mu nodes, stopper product over rho nodes)
    stack: list[tuple[int, int, tuple[int, ...], np.ndarray, np.ndarray]] = [
        (0, 0, (), np.ones_like(mu), np.ones_like(rho))
    ]
    while stack:
        j, k, view, pb, ps = stack.pop()
        if j == m:
            key = view
            law[key] = law.get(key, 0.0) + float(w_mu @ pb) * float(w_rho @ ps)
            continue
        for code in (0, 1, 2):
            pb2 = pb * per[j, code]
            if not pb2.any():
                continue
            k2 = k + (code == 2)
            v2 = view if j == hidden_round else view + (0 if code == 0 else 1,)
            if k2 >= cmax:  # the cap halts
                law[v2] = law.get(v2, 0.0) + float(w_mu @ pb2) * float(w_rho @ ps)
                continue
            go = cont[k2]
            halt = ps * (1 - go)
            law[v2] = law.get(v2, 0.0) + float(w_mu @ pb2) * float(w_rho @ halt)
            stack.append((j + 1, k2, v2, pb2, ps * go))
    # a view that ends at the stream's end and one that halts at its last query are the same view
    return law


@checked
def repaired_exact_audit(
    adversary: HaltingAdversary,
    parameters: EverlastingParameters,
    stopper: StopperParameters,
    *,
    nodes: Annotated[int, Interval(ge=2, le=200)] = 20,
) -> dict:
    """δ at the claimed ε_s and ε at the claimed δ between the two worlds' views of the repaired predictor.

    Uses :func:`repaired_view_law` (votes deterministic as in :func:`exact_query_audit`).
    """
    if not isinstance(adversary, HaltingAdversary):
        raise TypeError(f"adversary must be a HaltingAdversary, got {type(adversary).__name__}")
    if not isinstance(stopper, StopperParameters):
        raise TypeError(f"stopper must be a StopperParameters, got {type(stopper).__name__}")
    p = parameters.phase(1)
    k = round(adversary.probe_level * p.T)
    q0, h = adversary.queries()
    vote = np.where(q0 == PROBE_AT, k / p.T, 0.0)
    v1 = vote.copy()
    v1[h] = 0.0
    args = (p.epsilon_bt, p.t_lower, p.t_upper, p.T, p.c, stopper.epsilon_stop, stopper.beta_stop, p.R)
    P = repaired_view_law(vote, h, *args, nodes=nodes)
    Q = repaired_view_law(v1, h, *args, nodes=nodes)
    keys = sorted(set(P) | set(Q))
    tot_p, tot_q = sum(P.values()), sum(Q.values())
    pa = [P.get(x, 0.0) / tot_p for x in keys]
    qa = [Q.get(x, 0.0) / tot_q for x in keys]
    claim = stopper.query()
    return {
        "claimed_epsilon": claim.epsilon,
        "claimed_delta": claim.delta,
        "delta_at_claimed_epsilon": float(delta_for_epsilon(pa, qa, claim.epsilon)),
        "epsilon_at_claimed_delta": float(epsilon_for_delta(pa, qa, claim.delta)),
        "epsilon_at_delta_0": float(epsilon_for_delta(pa, qa, 0.0)),
        "mass": (float(tot_p), float(tot_q)),
        "law_world0": {str(x): P[x] for x in P},
        "law_world1": {str(x): Q[x] for x in Q},
        "adversary": adversary.as_dict(),
    }


# ====================================================================== two phases, exactly
def _joint(P1: dict, P2: dict, m1: int) -> dict:
    """Law of the two-phase view: phase 1's view, then (when phase 1 answered all m1 visible rounds) phase 2's."""
    out: dict = {}
    for v1, p1 in P1.items():
        if len(v1) < m1:  # phase 1 halted (step 3(d)iv): the run ends, nothing is relabelled
            out[v1] = out.get(v1, 0.0) + p1
            continue
        for v2, p2 in P2.items():
            out[v1 + v2] = out.get(v1 + v2, 0.0) + p1 * p2
    return out


def repaired_two_phase_law(problem, parameters, stopper, s_points, s_labels, queries1, hidden, queries2, *, nodes=12):
    """Exact (up to quadrature) law of B's view of a two-phase RepairedBBL run, one-example blocks.

    The instance must make every random choice but the mechanisms' noise and LabelBoost's
    deterministic: λ_1 = λ_2 = 1, |S| = T_1 (step 2 keeps S), |Ŝ_1| = |S_1|, |D̂_1| = R_1 = T_2 (step 3f
    keeps all of D_1 and S_2 = D̂_1), so the votes of phase 1 are fixed and those of phase 2 are a
    function of LabelBoost's labelling of D_1 (whose exact law is
    :func:`~geoprivate.everlasting.accounting.labelboost_release_law`).  Phase 1's answers
    (:func:`repaired_view_law`) are independent of LabelBoost and of phase 2's noise, so the view's
    law is P_1(v_1) · Σ_z P_LB(z) P_2(v_2 | votes(z)); a phase 1 that halts ends the run.

    Parameters
    ----------
    problem : geoprivate.problems.Problem (thresholds)
    parameters : EverlastingParameters with two phases as above
    stopper : StopperParameters
    s_points, s_labels : the training set S (= S_1)
    queries1 : phase 1's R_1 queries (world b's, with the hidden one at ``hidden``)
    hidden : int — index of the hidden query in ``queries1``
    queries2 : phase 2's queries (at most 10)

    Returns
    -------
    dict
        view (tuple of labels, hidden label removed) → probability.
    """
    p1, p2 = parameters.phase(1), parameters.phase(2)
    if (p1.lam, p2.lam) != (1, 1) or len(s_points) != p1.T or p1.s_hat != p1.T:
        raise ValueError("repaired_two_phase_law: needs one-example blocks, |S| = T_1 and |S_hat_1| = |S_1|")
    q1, q2 = np.asarray(queries1, np.float64), np.asarray(queries2, np.float64)
    if not (q1.size == p1.R == p1.d_hat == p2.T and q2.size <= min(p2.R, 10)):
        raise ValueError("repaired_two_phase_law: needs |D_1| = R_1 = |D_hat_1| = T_2 and at most 10 phase-2 queries")

    def args(p):
        return (p.epsilon_bt, p.t_lower, p.t_upper, p.T, p.c, stopper.epsilon_stop, stopper.beta_stop, p.R)

    votes1 = erm_ensemble(problem, np.asarray(s_points), np.asarray(s_labels), p1.T, 1).counts(q1) / p1.T
    P1 = repaired_view_law(votes1, hidden, *args(p1), nodes=nodes)
    P2: dict = {}
    for z, log_p in labelboost_release_law(problem.concept, s_points, s_labels, q1).items():
        votes2 = erm_ensemble(problem, q1, np.asarray(z, np.uint8), p2.T, 1).counts(q2) / p2.T
        for v, pr in repaired_view_law(votes2, None, *args(p2), nodes=nodes).items():
            P2[v] = P2.get(v, 0.0) + math.exp(log_p) * pr
    return _joint(P1, P2, q1.size - 1)


def repaired_position_instance(hidden: int = 0):
    """The smallest two-phase instance of the query game with the hidden query in phase 1.

    Thresholds; S = :func:`vote_level_training_set` (T_1 = 12, 6 positives: vote ½ at x* = 0.7);
    α = 0.9 (bands [0.05, 0.95] and [0.275, 0.725]); phase 1: 9 queries, x* and far points alternating,
    the hidden one at ``hidden`` (x* in world 0, 0.05 in world 1); step 3f keeps all of D_1
    (|D̂_1| = T_2 = 9, one-example blocks); phase 2: 4 probes at 0.4, 0.5, 0.65, 0.75.  ε = 1,
    δ = 10⁻⁶, ε'_i = 0.5, c_i = 1, stopper (ε_s, β_s) = (1, 10⁻²).

    Returns
    -------
    (parameters, stopper, (S, y), world-0 phase-1 queries, world-1 phase-1 queries, phase-2 queries)
    """
    T1, R1, T2 = 12, 9, 9
    par = custom_parameters(
        [(1, T1, R1, 1), (1, T2, 4, 1)], 0.9, 0.05, 1.0, 1e-6, 1, epsilon_bt=0.5, sizes=[(T1, R1), (0, 0)]
    )
    S, y = vote_level_training_set(T1, T1 // 2)
    q0 = np.asarray([PROBE_AT if j % 2 == 0 else FAR_AT for j in range(R1)])
    h = check_index(hidden, R1, "hidden")
    q0[h] = PROBE_AT
    q1 = q0.copy()
    q1[h] = FAR_AT
    return par, StopperParameters(1.0, 1e-2), (S, y), q0, q1, np.asarray([0.4, 0.5, 0.65, 0.75])


def repaired_position_audit(hidden: int = 0, *, nodes: int = 12) -> dict:
    """Exact audit of RepairedBBL with the hidden query in phase 1 of a two-phase run (an earlier phase).

    ``hidden`` = 0 puts it first; 8 makes it the last query of phase 1.  Compares the exact ε (δ = 0) and
    δ at the claimed ε with :func:`~geoprivate.everlasting.repaired.repaired_guarantees`' bound for an
    earlier-phase position.
    """
    par, st, (S, y), q0, q1, q2 = repaired_position_instance(hidden)
    prob = make_everlasting_problem("thresholds", 0)
    P = repaired_two_phase_law(prob, par, st, S, y, q0, hidden, q2, nodes=nodes)
    Q = repaired_two_phase_law(prob, par, st, S, y, q1, hidden, q2, nodes=nodes)
    keys = sorted(set(P) | set(Q))
    tp, tq = sum(P.values()), sum(Q.values())
    pa = [P.get(k, 0.0) / tp for k in keys]
    qa = [Q.get(k, 0.0) / tq for k in keys]
    claim = repaired_guarantees(par, st, len(S))["query_positions"]["earlier phase"]
    return {
        "hidden_round": int(hidden),
        "claimed_epsilon": claim.epsilon,
        "claimed_delta": claim.delta,
        "epsilon_at_delta_0": float(epsilon_for_delta(pa, qa, 0.0)),
        "epsilon_at_claimed_delta": float(epsilon_for_delta(pa, qa, claim.delta)),
        "delta_at_claimed_epsilon": float(delta_for_epsilon(pa, qa, claim.epsilon)),
        "mass": (float(tp), float(tq)),
        "views": len(keys),
    }
