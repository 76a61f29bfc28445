"""Ready stress-test targets for sweeps: ``f(params, rng) -> dict of JSON scalars``.

* :func:`predictor_tops` — TOP (hard-query) counts of GenericPredictor (seed 001
  Algorithm 2) on a ready-made problem, over grids of (T, k, epsilon, ...).
* :func:`adversary_search` — random search / hill climbing over *oblivious query
  sequences* on the line (thresholds, intervals) maximising the mean number of TOPs of
  GenericPredictor; the best sequence is stored in the ``instance`` field (a JSON string)
  and :func:`replay_adversary_instance` re-evaluates it (``geoprivate sweep replay``).
* :func:`mechanism_audit` — the statistical auditor
  (:func:`geoprivate.privacy.audit.statistical_epsilon_lower_bound`, Clopper–Pearson) on a
  mechanism over a parameter grid: BetweenThresholds (seed 001 Algorithm 1, Lemma 1), the
  Laplace mechanism, and the KNOWN-BROKEN no-query-noise sparse vector (a positive control
  that the auditor must flag).

All of them run in *practical mode* (explicit k, m, epsilon, not the Appendix A constants)
and say so in the ``mode`` field; ``lemma2_holds`` / ``guarantee_applies`` record whether
the papers' lemmas apply at the point.  Labels are {0, 1} (seed 001's ±1 converted by
:mod:`geoprivate.prediction`).  Every target rejects unknown parameters with a
``ValueError`` naming them, so a typo in a grid fails the trial instead of being ignored.
"""

from __future__ import annotations

import json
import math

import numpy as np

__all__ = [
    "predictor_tops",
    "adversary_search",
    "replay_adversary_instance",
    "mechanism_audit",
    "trivial",
    "spin",
    "AUDIT_MECHANISMS",
    "AUDIT_FALSE_ALARM",
]

#: false-alarm rate of each audit (as in OpenDP's tests): confidence 1 - 1e-6
AUDIT_FALSE_ALARM = 1e-6
AUDIT_MECHANISMS = ("between_thresholds", "laplace", "svt_no_query_noise")


def _take(params: dict, defaults: dict, target: str) -> dict:
    """``defaults`` updated by ``params``; unknown keys or missing required (None) ones raise."""
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ValueError(f"{target}: unknown parameter(s) {unknown}; expected {sorted(defaults)}")
    out = {**defaults, **params}
    missing = sorted(k for k, v in out.items() if v is None)
    if missing:
        raise ValueError(f"{target}: missing parameter(s) {missing}")
    return out


def _seeds(rng, n: int) -> list[int]:
    return [int(s) for s in rng.integers(0, 2**63, size=n)]


def _lemma2_k(T: int, epsilon: float, beta: float) -> int:
    """k of seed 001 Lemma 2 with alpha = 1/8 (as Claim 13 uses it): 64/eps (ln(T+1) + ln(1/beta))."""
    return math.ceil(64 / epsilon * (math.log(T + 1) + math.log(1 / beta)))


# ====================================================================== TOP counts
def predictor_tops(params: dict, rng) -> dict:
    """TOP count of one GenericPredictor run (seed 001 Algorithm 2), practical mode.

    Parameters (``params``)
    -----------------------
    T, k, epsilon : required — queries, blocks, epsilon of each BetweenThresholds
    m : block size (default 20); the sample has N = k·m examples
    concept : "thresholds" (default), "intervals", "finite", "halfspaces"
    adversary : "oblivious" (default), "stochastic", "adaptive"
    d : dimension for halfspaces (default 2); delta : BetweenThresholds delta (default 1e-6)
    beta : failure probability used for Lemma 2's k (default 0.05)

    Returns
    -------
    dict: ``tops`` (hard queries = TOP answers), ``segments`` (= tops + 1), ``mistakes``,
    ``epsilon_spent`` (None = infinite: Lemma 1 does not apply), ``guarantee_applies``,
    ``lemma2_k`` and ``lemma2_holds`` (k >= Lemma 2's k at alpha = 1/8; below it TOPs may
    be noise, not shrinkage), ``mode`` = "practical".
    """
    from geoprivate.prediction import GenericPredictor
    from geoprivate.prediction.problems import make_adversary, make_generator, make_problem

    p = _take(params, {"T": None, "k": None, "epsilon": None, "m": 20, "concept": "thresholds",
                       "adversary": "oblivious", "d": 2, "delta": 1e-6, "beta": 0.05}, "predictor_tops")
    s_problem, s_pred, s_adv = _seeds(rng, 3)
    problem = make_problem(p["concept"], p["k"] * p["m"], s_problem, d=p["d"])
    gen = make_generator(problem)
    lemma2_k = _lemma2_k(p["T"], p["epsilon"], p["beta"])
    pred = GenericPredictor(gen, problem.X, problem.y, k=p["k"], m=p["m"], epsilon=p["epsilon"], delta=p["delta"],
                            rng=s_pred, mode="practical", parameters={"lemma2_k": lemma2_k})
    res = pred.run(make_adversary(p["adversary"], problem, p["T"], s_adv), p["T"], target=problem.target).to_dict()
    return {"tops": res["hard_queries"], "segments": res["segments"], "mistakes": res["mistakes"],
            "epsilon_spent": res["epsilon_spent"], "guarantee_applies": res["guarantee_applies"],
            "lemma2_k": lemma2_k, "lemma2_holds": p["k"] >= lemma2_k, "mode": "practical"}


# ====================================================================== adversary search
_LINE = ("thresholds", "intervals")


def _mean_tops(problem, points: np.ndarray, k, m, epsilon, delta, predictor_seeds) -> float:
    """Mean TOP count of GenericPredictor (fresh, one per seed) on the fixed sequence ``points``."""
    from geoprivate.adversaries import FixedSequence
    from geoprivate.prediction import GenericPredictor
    from geoprivate.prediction.problems import make_generator

    gen = make_generator(problem)
    tops = []
    for s in predictor_seeds:
        pred = GenericPredictor(gen, problem.X, problem.y, k=k, m=m, epsilon=epsilon, delta=delta, rng=s)
        res = pred.run(FixedSequence(points), points.shape[0], target=problem.target)
        tops.append(res.to_dict()["hard_queries"])
    return float(np.mean(tops))


def _instance_problem(inst: dict):
    from geoprivate.prediction.problems import make_problem

    return make_problem(inst["concept"], inst["k"] * inst["m"], inst["problem_seed"])


def adversary_search(params: dict, rng) -> dict:
    """Search oblivious query sequences on [0, 1) that maximise GenericPredictor's TOPs.

    The objective of a sequence is its mean TOP count over ``reps`` predictor seeds drawn
    once per trial (common random numbers: every candidate faces the same predictor
    randomness, so the objective is a deterministic function of the sequence).
    ``method = "hill"``: start from ``start`` ("binary_search" — the sequence that realises
    |L| = T + 1 for thresholds — or "random"), and at each of ``iters`` steps redraw a
    fraction ``step`` of the points uniformly, keeping the change if the objective does not
    drop.  ``method = "random"``: ``iters`` independent uniform sequences.

    Parameters: T, k, epsilon (required); m (20), concept ("thresholds" / "intervals"),
    delta (1e-6), iters (20), reps (3), step (0.1), method ("hill"), start ("binary_search").

    Returns ``objective_start``, ``objective_best``, ``improved``, ``evaluations``,
    ``lemma2_holds``, ``mode`` and ``instance``: a JSON string (concept, problem_seed, k,
    m, epsilon, delta, predictor_seeds, points) that :func:`replay_adversary_instance`
    evaluates again.
    """
    from geoprivate.adversaries import binary_search_points

    p = _take(params, {"T": None, "k": None, "epsilon": None, "m": 20, "concept": "thresholds", "delta": 1e-6,
                       "iters": 20, "reps": 3, "step": 0.1, "method": "hill", "start": "binary_search"},
              "adversary_search")
    if p["concept"] not in _LINE:
        raise ValueError(f"adversary_search: concept must be one of {_LINE}, got {p['concept']!r}")
    if p["method"] not in ("hill", "random"):
        raise ValueError(f"adversary_search: method must be 'hill' or 'random', got {p['method']!r}")
    if p["start"] not in ("binary_search", "random"):
        raise ValueError(f"adversary_search: start must be 'binary_search' or 'random', got {p['start']!r}")
    if not 0 < p["step"] <= 1:
        raise ValueError(f"adversary_search: step must lie in (0, 1], got {p['step']!r}")
    T = int(p["T"])
    problem_seed, *pred_seeds = _seeds(rng, 1 + int(p["reps"]))
    inst = {"concept": p["concept"], "problem_seed": problem_seed, "k": p["k"], "m": p["m"],
            "epsilon": p["epsilon"], "delta": p["delta"], "predictor_seeds": pred_seeds}
    problem = _instance_problem(inst)

    def objective(points):
        return _mean_tops(problem, points, p["k"], p["m"], p["epsilon"], p["delta"], pred_seeds)

    current = binary_search_points(T) if p["start"] == "binary_search" else rng.uniform(0.0, 1.0, T)
    cur_val = start_val = objective(current)
    best, best_val = current, cur_val
    n_change = max(1, int(round(p["step"] * T)))
    for _ in range(int(p["iters"])):
        if p["method"] == "random":
            cand = rng.uniform(0.0, 1.0, T)
        else:
            cand = current.copy()
            cand[rng.choice(T, size=n_change, replace=False)] = rng.uniform(0.0, 1.0, n_change)
        val = objective(cand)
        if p["method"] == "hill" and val >= cur_val:
            current, cur_val = cand, val
        if val > best_val:
            best, best_val = cand, val
    inst["points"] = best.tolist()
    return {"objective_start": start_val, "objective_best": best_val, "improved": best_val > start_val,
            "evaluations": int(p["iters"]) + 1, "lemma2_holds": p["k"] >= _lemma2_k(T, p["epsilon"], 0.05),
            "mode": "practical", "instance": json.dumps(inst)}


def replay_adversary_instance(instance: str) -> dict:
    """Re-evaluate a stored :func:`adversary_search` instance: ``{"objective": mean TOPs}``.

    Deterministic: equals the trial's ``objective_best`` (``geoprivate sweep replay`` checks it).
    """
    inst = json.loads(instance)
    points = np.asarray(inst["points"], dtype=np.float64)
    val = _mean_tops(_instance_problem(inst), points, inst["k"], inst["m"], inst["epsilon"], inst["delta"],
                     inst["predictor_seeds"])
    return {"objective": val, "T": int(points.shape[0]), "concept": inst["concept"]}


adversary_search.replay_instance = replay_adversary_instance
adversary_search.replay_field = "objective_best"


# ====================================================================== statistical audits
def _bt_pair(p):
    """BetweenThresholds (seed 001 Alg. 1) on q_j and q_j + 1/n: (mechanism, data0, data1, eps, delta, applies)."""
    from geoprivate.mechanisms import lemma1_applies, lemma1_delta, simulate_between_thresholds

    n, tl, tu, eps = p["n"], p["t_lower"], p["t_upper"], p["epsilon"]
    vals = np.linspace(tl - 2.0 / n, tu + 2.0 / n, p["queries"])
    delta = lemma1_delta(eps, tu - tl, n)
    applies = delta < 1 and lemma1_applies(eps, delta, tu - tl, n)

    def mech(values, rng, size):
        # a transcript (codes L=0, R=1, TOP=2, -1 after the halt) as one base-4 integer
        codes = simulate_between_thresholds(values, eps, tl, tu, n, size, rng).astype(np.int64) + 1
        return (codes @ (4 ** np.arange(codes.shape[1], dtype=np.int64))).tolist()

    return mech, vals, vals + 1.0 / n, eps, delta, applies


def _laplace_pair(p):
    """Laplace mechanism on the values 0 and 1 (sensitivity 1), output rounded to a grid of ``bin``."""
    eps, width = p["epsilon"], p["bin"]

    def mech(value, rng, size):
        return np.floor((value + rng.laplace(0.0, 1.0 / eps, size)) / width).astype(np.int64).tolist()

    return mech, 0.0, 1.0, eps, 0.0, True


def _svt_broken_pair(p):
    """KNOWN-BROKEN no-query-noise SVT (Lyu–Su–Li 2017 Alg. 5) on (0, 1) vs (1, 0), threshold 1/2.

    Claims eps-DP but is not (eps', 0)-DP for any finite eps': the transcript
    (BOTTOM, TOP) has positive probability on the first input and none on the second.
    """
    from geoprivate.privacy.controls import svt_no_query_noise_batch

    eps = p["epsilon"]

    def mech(values, rng, size):
        return svt_no_query_noise_batch(values, eps, 0.5, rng, size)

    return mech, np.array([0.0, 1.0]), np.array([1.0, 0.0]), eps, 0.0, True


_BROKEN = ("svt_no_query_noise",)
_PAIRS = {"between_thresholds": _bt_pair, "laplace": _laplace_pair, "svt_no_query_noise": _svt_broken_pair}


def mechanism_audit(params: dict, rng) -> dict:
    """Statistical privacy audit of one mechanism at one parameter point.

    Runs :func:`geoprivate.privacy.audit.statistical_epsilon_lower_bound` at confidence
    1 - :data:`AUDIT_FALSE_ALARM` (a correct mechanism is flagged with probability <= 1e-6
    per trial) and compares the lower confidence bound on eps with the claimed eps.

    Parameters: mechanism (one of :data:`AUDIT_MECHANISMS`), epsilon (required);
    n_samples (20000); BetweenThresholds: n (1000), t_lower (0.375), t_upper (0.625),
    queries (4) — claimed (eps, delta) with delta from seed 001 Lemma 1
    (:func:`~geoprivate.mechanisms.lemma1_delta`); Laplace: bin (0.5).

    Returns ``epsilon_claimed``, ``delta_claimed`` (>= 1 when Lemma 1 gives nothing),
    ``delta_audit`` (the delta audited: delta_claimed, or 0 if that is >= 1),
    ``epsilon_lower``, ``violates`` (epsilon_lower > epsilon_claimed at delta_audit), ``guarantee_applies`` (the claim's lemma holds at
    these parameters; False for the known-broken control), ``known_broken``,
    ``confidence``, ``n_samples``, ``count_p``, ``count_q``, ``event``.
    """
    from geoprivate.privacy.audit import statistical_epsilon_lower_bound
    from geoprivate.privacy.warnings import warn_outside_theorem

    p = _take(params, {"mechanism": None, "epsilon": None, "n_samples": 20000, "n": 1000, "t_lower": 0.375,
                       "t_upper": 0.625, "queries": 4, "bin": 0.5}, "mechanism_audit")
    if p["mechanism"] not in _PAIRS:
        raise ValueError(f"mechanism_audit: mechanism must be one of {AUDIT_MECHANISMS}, got {p['mechanism']!r}")
    mech, d0, d1, eps, delta, applies = _PAIRS[p["mechanism"]](p)
    if not applies and p["mechanism"] not in _BROKEN:
        warn_outside_theorem(f"mechanism_audit: {p['mechanism']} at {p} is outside its theorem's hypotheses "
                             "(seed 001 Lemma 1): the claimed epsilon is not guaranteed")
    delta_audit = delta if delta < 1 else 0.0  # delta >= 1: no claim; audit the pure-eps statement
    res = statistical_epsilon_lower_bound(mech, d0, d1, n_samples=int(p["n_samples"]), delta=delta_audit,
                                          confidence=1 - AUDIT_FALSE_ALARM, batch=True, rng=rng)
    return {"epsilon_claimed": eps, "delta_claimed": delta, "delta_audit": delta_audit, "epsilon_lower": res.epsilon_lower,
            "violates": res.violates(eps), "guarantee_applies": applies and p["mechanism"] not in _BROKEN,
            "known_broken": p["mechanism"] in _BROKEN, "confidence": res.confidence,
            "n_samples": res.n_samples, "count_p": res.counts[0], "count_q": res.counts[1],
            "event": str(res.event)}


# ====================================================================== plumbing targets
def trivial(params: dict, rng) -> dict:
    """The cheapest target (store and scheduler overhead): one uniform draw."""
    return {"u": float(rng.random())}


def spin(params: dict, rng) -> dict:
    """A CPU-bound target: ``work`` rounds of a 200×200 matrix product (benchmarks, kill tests).

    ``sleep`` (seconds, default 0) is added after the work, so a test can make trials slow.
    """
    import time

    p = _take(params, {"work": 1, "sleep": 0.0, "x": 0}, "spin")
    a = rng.standard_normal((200, 200))
    acc = 0.0
    for _ in range(int(p["work"])):
        a = np.tanh(a @ a / 200.0)
        acc += float(a.sum())
    if p["sleep"]:
        time.sleep(float(p["sleep"]))
    return {"acc": acc, "x": p["x"]}
