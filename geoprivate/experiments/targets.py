"""Ready stress-test targets for sweeps: ``f(params, rng) -> dict of JSON scalars``.

* :func:`predictor_tops` — TOP (hard-query) counts of GenericPredictor ([Yan26]
  Algorithm 2) on a ready-made problem, over grids of (T, k, epsilon, ...).
* :func:`adversary_search` — random search / hill climbing over *oblivious query
  sequences* on the line (thresholds, intervals) maximising the mean number of TOPs of
  GenericPredictor; the best sequence is stored in the ``instance`` field (a JSON string)
  and :func:`replay_adversary_instance` re-evaluates it (``geoprivate sweep replay``).
* :func:`audit_search` — hill climbing over neighbouring inputs of a mechanism maximising
  the auditor's eps lower bound; the best pair is re-audited on fresh samples (a valid
  bound) and stored, replayable with :func:`replay_audit_instance`.
* :func:`mechanism_audit` — the statistical auditor
  (:func:`geoprivate.audit.statistical_epsilon_lower_bound`, Clopper–Pearson) on a
  mechanism over a parameter grid: BetweenThresholds ([Yan26] Algorithm 1, Lemma 1), the
  Laplace mechanism, and two KNOWN-BROKEN positive controls the auditor must flag: the
  no-query-noise sparse vector (not DP at all) and Laplace with half the noise (2 eps-DP
  while claiming eps).

All of them run in *practical mode* (explicit k, m, epsilon, not the Appendix A constants)
and say so in the ``mode`` field; ``lemma2_holds`` / ``privacy_applies`` record whether
the papers' lemmas apply at the point.  Labels are {0, 1} ([Yan26]'s ±1 converted by
:mod:`geoprivate.prediction`).  Every target rejects unknown parameters with a
``ValueError`` naming them, so a typo in a grid fails the trial instead of being ignored.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from geoprivate._validation import Rng, as_rng, check_epsilon, check_positive_int, check_real, checked
from geoprivate.adversaries import FixedSequence, binary_search_points
from geoprivate.audit import statistical_epsilon_lower_bound
from geoprivate.audit.controls import svt_no_query_noise_batch
from geoprivate.audit.search import hill_climb
from geoprivate.mechanisms import lemma1_applies, lemma1_delta, simulate_between_thresholds
from geoprivate.prediction import GenericPredictor
from geoprivate.prediction.problems import make_adversary, make_generator
from geoprivate.privacy.warnings import warn_outside_theorem
from geoprivate.problems import draw_problem

__all__ = [
    "predictor_tops",
    "adversary_search",
    "replay_adversary_instance",
    "mechanism_audit",
    "audit_search",
    "replay_audit_instance",
    "hill_climb",
    "trivial",
    "spin",
    "AUDIT_MECHANISMS",
    "AUDIT_FALSE_ALARM",
]

#: false-alarm rate of each audit (as in OpenDP's tests): confidence 1 - 1e-6
AUDIT_FALSE_ALARM = 1e-6
AUDIT_MECHANISMS = ("between_thresholds", "laplace", "svt_no_query_noise", "laplace_half_noise")


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


#: the parameters predictor_tops and adversary_search share: T, k, epsilon required; m and concept defaulted
_PREDICTOR_DEFAULTS = {"T": None, "k": None, "epsilon": None, "m": 20, "concept": "thresholds"}


def _instance(text: str, keys: tuple) -> dict:
    """A stored search instance: a JSON object with ``keys`` (``instance`` named in the error)."""
    try:
        inst = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"instance: not JSON ({exc.msg} at {exc.pos})") from None
    missing = [k for k in keys if not isinstance(inst, dict) or k not in inst]
    if missing:
        raise ValueError(f"instance: a stored instance needs the keys {list(keys)}, missing {missing}")
    return inst


def _seeds(rng, n: int) -> list[int]:
    return [int(s) for s in as_rng(rng).integers(0, 2**63, size=n)]


def _lemma2_k(T: int, epsilon: float, beta: float) -> int:
    """k of [Yan26] Lemma 2 with alpha = 1/8 (as Claim 13 uses it): 64/eps (ln(T+1) + ln(1/beta))."""
    return math.ceil(64 / epsilon * (math.log(T + 1) + math.log(1 / beta)))


# ====================================================================== TOP counts
@checked
def predictor_tops(params: dict, rng: Rng) -> dict:
    """TOP count of one GenericPredictor run ([Yan26] Algorithm 2), practical mode.

    Parameters
    ----------
    params : dict
        ``T``, ``k``, ``epsilon`` (required: queries, blocks, epsilon of each BetweenThresholds);
        ``m`` block size (default 20; the sample has N = k·m examples); ``concept``: "thresholds"
        (default), "intervals", "finite", "halfspaces"; ``adversary``: "oblivious" (default),
        "stochastic", "adaptive"; ``d`` dimension for halfspaces (default 2); ``delta``
        BetweenThresholds delta (default 1e-6); ``beta`` failure probability used for Lemma 2's k
        (default 0.05).
    rng : Generator, int or None

    Returns
    -------
    dict: ``tops`` (hard queries = TOP answers), ``segments`` (= tops + 1),
    ``stream_disagreements`` (released labels ≠ c on the asked queries; not the paper's
    accuracy), ``max_err_D`` (max_j err_D(c, h_j), [Yan26] Definition 1, exact for the line
    and finite classes, Monte Carlo for halfspaces) and ``claim13_bound``,
    ``epsilon_spent`` (None = infinite: Lemma 1 does not apply), ``privacy_applies``,
    ``lemma2_k`` and ``lemma2_holds`` (k >= Lemma 2's k at alpha = 1/8; below it TOPs may
    be noise, not shrinkage), ``mode`` = "practical".
    """
    rng = as_rng(rng)
    p = _take(
        params,
        {
            **_PREDICTOR_DEFAULTS,
            "adversary": "oblivious",
            "d": 2,
            "delta": 1e-6,
            "beta": 0.05,
        },
        "predictor_tops",
    )
    s_problem, s_pred, s_adv = _seeds(rng, 3)
    problem = draw_problem(p["concept"], s_problem, n_sample=p["k"] * p["m"], d=p["d"])
    gen = make_generator(problem)
    lemma2_k = _lemma2_k(p["T"], p["epsilon"], p["beta"])
    pred = GenericPredictor(
        gen,
        problem.X,
        problem.y,
        k=p["k"],
        m=p["m"],
        epsilon=p["epsilon"],
        delta=p["delta"],
        rng=s_pred,
        mode="practical",
        parameters={"lemma2_k": lemma2_k},
    )
    res = pred.run(
        make_adversary(p["adversary"], problem, p["T"], s_adv),
        p["T"],
        target=problem.target,
        law=problem.sampler,
        accuracy_rng=s_adv,
    ).to_dict()
    return {
        "tops": res["hard_queries"],
        "segments": res["segments"],
        "stream_disagreements": res["stream_disagreements"],
        "max_err_D": res["max_err_D"],
        "claim13_bound": res["claim13_bound"],
        "epsilon_spent": res["epsilon_spent"],
        "privacy_applies": res["privacy_applies"],
        "lemma2_k": lemma2_k,
        "lemma2_holds": p["k"] >= lemma2_k,
        "mode": "practical",
    }


# ====================================================================== adversary search
_LINE = ("thresholds", "intervals")


def _mean_tops(problem, points: np.ndarray, k, m, epsilon, delta, predictor_seeds) -> float:
    """Mean TOP count of GenericPredictor (fresh, one per seed) on the fixed sequence ``points``."""
    gen = make_generator(problem)
    tops = []
    for s in predictor_seeds:
        pred = GenericPredictor(gen, problem.X, problem.y, k=k, m=m, epsilon=epsilon, delta=delta, rng=s)
        res = pred.run(FixedSequence(points), points.shape[0], target=problem.target)
        tops.append(res.to_dict()["hard_queries"])
    return float(np.mean(tops))


def _instance_problem(inst: dict):
    return draw_problem(inst["concept"], inst["problem_seed"], n_sample=inst["k"] * inst["m"])


@checked
def adversary_search(params: dict, rng: Rng) -> dict:
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
    rng = as_rng(rng)
    p = _take(
        params,
        {
            **_PREDICTOR_DEFAULTS,
            "delta": 1e-6,
            "iters": 20,
            "reps": 3,
            "step": 0.1,
            "method": "hill",
            "start": "binary_search",
        },
        "adversary_search",
    )
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
    inst = {
        "concept": p["concept"],
        "problem_seed": problem_seed,
        "k": p["k"],
        "m": p["m"],
        "epsilon": p["epsilon"],
        "delta": p["delta"],
        "predictor_seeds": pred_seeds,
    }
    problem = _instance_problem(inst)

    def objective(points):
        return _mean_tops(problem, points, p["k"], p["m"], p["epsilon"], p["delta"], pred_seeds)

    n_change = max(1, int(round(p["step"] * T)))

    def mutate(x, r):
        y = x.copy()
        y[r.choice(T, size=n_change, replace=False)] = r.uniform(0.0, 1.0, n_change)
        return y

    start = binary_search_points(T) if p["start"] == "binary_search" else rng.uniform(0.0, 1.0, T)
    best, best_val, start_val = hill_climb(
        objective, start, lambda r: r.uniform(0.0, 1.0, T), mutate, int(p["iters"]), p["method"], rng
    )
    inst["points"] = best.tolist()
    return {
        "objective_start": start_val,
        "objective_best": best_val,
        "improved": best_val > start_val,
        "evaluations": int(p["iters"]) + 1,
        "lemma2_holds": p["k"] >= _lemma2_k(T, p["epsilon"], 0.05),
        "mode": "practical",
        "instance": json.dumps(inst),
    }


@checked
def replay_adversary_instance(instance: str) -> dict:
    """Re-evaluate a stored :func:`adversary_search` instance: ``{"objective": mean TOPs}``.

    Deterministic: equals the trial's ``objective_best`` (``geoprivate sweep replay`` checks it).
    """
    inst = _instance(instance, ("points", "concept", "problem_seed", "k", "m", "epsilon", "delta", "predictor_seeds"))
    points = np.asarray(inst["points"], dtype=np.float64)
    val = _mean_tops(
        _instance_problem(inst), points, inst["k"], inst["m"], inst["epsilon"], inst["delta"], inst["predictor_seeds"]
    )
    return {"objective": val, "T": int(points.shape[0]), "concept": inst["concept"]}


adversary_search.replay_instance = replay_adversary_instance  # type: ignore[attr-defined]  # read by `sweep replay`
adversary_search.replay_field = "objective_best"  # type: ignore[attr-defined]  # the result field it re-evaluates


# ====================================================================== statistical audits
@dataclass
class _Audited:
    """A mechanism under audit: ``mech(data, rng, size)``, its claim, and the neighbour relation.

    Neighbouring inputs are query-value vectors differing by at most ``sensitivity`` in every
    coordinate; ``lo``/``hi`` bound the values worth searching; ``data0``/``data1`` is the
    fixed pair audited by :func:`mechanism_audit`.
    """

    mech: Callable[..., object]
    epsilon: float
    delta: float
    applies: bool
    sensitivity: float
    lo: float
    hi: float
    data0: float | np.ndarray
    data1: float | np.ndarray
    events: list | None = None  # candidate events for the auditor (None: singletons of the output)


def _bt(p) -> _Audited:
    """BetweenThresholds ([Yan26] Alg. 1) with the (eps, delta) of [Yan26] Lemma 1; pair q_j, q_j + 1/n."""
    n, tl, tu, eps = p["n"], p["t_lower"], p["t_upper"], p["epsilon"]
    vals = np.linspace(tl - 2.0 / n, tu + 2.0 / n, p["queries"])
    delta = lemma1_delta(eps, tu - tl, n)
    applies = delta < 1 and lemma1_applies(eps, delta, tu - tl, n)
    width = 10 * 6.0 / (eps * n)  # ten query-noise scales beyond each threshold

    def mech(values, rng, size):
        # a transcript (codes L=0, R=1, TOP=2, -1 after the halt) as one base-4 integer
        codes = simulate_between_thresholds(values, eps, tl, tu, n, size, rng).astype(np.int64) + 1
        return (codes @ (4 ** np.arange(codes.shape[1], dtype=np.int64))).tolist()

    return _Audited(mech, eps, delta, applies, 1.0 / n, tl - width, tu + width, vals, vals + 1.0 / n)


def _laplace(p, noise_factor: float = 1.0) -> _Audited:
    """Laplace mechanism on the values 0 and 1 (sensitivity 1), output rounded to a grid of ``bin``.

    ``noise_factor`` scales the noise (1 = the correct scale 1/eps).

    The auditor's candidate events are the tails {output >= c} for c on the grid in
    [0, 1 + 1/eps] (beyond the larger input the likelihood ratio is e^eps, and the tail
    mass is still large), not single bins.
    """
    eps = p["epsilon"]
    # the grid must resolve the two inputs 0 and 1: bin <= 0 leaves no candidate event (an
    # audit that checks nothing), bin > 1 puts both inputs in one bin
    width = check_real(p["bin"], "bin", low=0, low_open=True, high=1)

    def mech(value, rng, size):
        return np.floor((value + rng.laplace(0.0, noise_factor / eps, size)) / width).astype(np.int64).tolist()

    cuts = range(math.ceil((1 + 1 / eps) / width) + 1)
    return _Audited(mech, eps, 0.0, True, 1.0, -1.0, 2.0, 0.0, 1.0, [(lambda o, c=c: o >= c) for c in cuts])


def _laplace_half_noise(p) -> _Audited:
    """KNOWN-BROKEN Laplace with half the noise (scale 1/(2 eps)): claims eps, is exactly 2 eps-DP."""
    return _laplace(p, 0.5)


def _svt_broken(p) -> _Audited:
    """KNOWN-BROKEN no-query-noise SVT (Lyu–Su–Li 2017 Alg. 5) on (0, 1) vs (1, 0), threshold 1/2.

    Claims eps-DP but is not (eps', 0)-DP for any finite eps': the transcript
    (BOTTOM, TOP) has positive probability on the first input and none on the second.
    """
    eps = p["epsilon"]

    def mech(values, rng, size):
        return svt_no_query_noise_batch(values, eps, 0.5, rng, size)

    return _Audited(mech, eps, 0.0, True, 1.0, -1.0, 2.0, np.array([0.0, 1.0]), np.array([1.0, 0.0]))


_BROKEN = ("svt_no_query_noise", "laplace_half_noise")
_MECHANISMS = {
    "between_thresholds": _bt,
    "laplace": _laplace,
    "svt_no_query_noise": _svt_broken,
    "laplace_half_noise": _laplace_half_noise,
}
_AUDIT_DEFAULTS = {
    "mechanism": None,
    "epsilon": None,
    "n_samples": 20000,
    "n": 1000,
    "t_lower": 0.375,
    "t_upper": 0.625,
    "queries": 4,
    "bin": 0.5,
}


def _audited(p: dict, allowed=AUDIT_MECHANISMS) -> _Audited:
    """The mechanism of ``p``, warning (PrivacyWarning) when its theorem's hypotheses fail."""
    if p["mechanism"] not in allowed:
        raise ValueError(f"mechanism must be one of {allowed}, got {p['mechanism']!r}")
    p = {**p, "epsilon": check_epsilon(p["epsilon"]), "n_samples": check_positive_int(p["n_samples"], "n_samples")}
    a = _MECHANISMS[p["mechanism"]](p)
    if not a.applies and p["mechanism"] not in _BROKEN:
        warn_outside_theorem(
            f"{p['mechanism']} at {p} is outside its theorem's hypotheses "
            "([Yan26] Lemma 1): the claimed epsilon is not guaranteed"
        )
    return a


def _audit(a: _Audited, data0, data1, n_samples: int, confidence: float, rng):
    """The statistical auditor at the claim's delta (0 when the claim gives delta >= 1)."""
    delta_audit = a.delta if a.delta < 1 else 0.0
    res = statistical_epsilon_lower_bound(
        a.mech,
        data0,
        data1,
        n_samples=int(n_samples),
        delta=delta_audit,
        confidence=confidence,
        batch=True,
        rng=rng,
        events=a.events,
    )
    return res, delta_audit


def _audit_fields(p: dict, a: _Audited, res, delta_audit) -> dict:
    return {
        "epsilon_claimed": a.epsilon,
        "delta_claimed": min(a.delta, 1.0),  # Lemma 1's formula may exceed 1: the vacuous delta is 1
        "delta_audit": delta_audit,
        "epsilon_lower": res.epsilon_lower,
        "violates": res.violates(a.epsilon),
        "privacy_applies": a.applies and p["mechanism"] not in _BROKEN,
        "known_broken": p["mechanism"] in _BROKEN,
        "confidence": res.confidence,
        "n_samples": res.n_samples,
        "count_p": res.counts[0],
        "count_q": res.counts[1],
        "event": str(res.event),
    }


@checked
def mechanism_audit(params: dict, rng: Rng) -> dict:
    """Statistical privacy audit of one mechanism at one parameter point.

    Runs :func:`geoprivate.audit.statistical_epsilon_lower_bound` at confidence
    1 - :data:`AUDIT_FALSE_ALARM` (a correct mechanism is flagged with probability <= 1e-6
    per trial) and compares the lower confidence bound on eps with the claimed eps.

    Parameters: mechanism (one of :data:`AUDIT_MECHANISMS`), epsilon (required);
    n_samples (20000); BetweenThresholds: n (1000), t_lower (0.375), t_upper (0.625),
    queries (4) — claimed (eps, delta) with delta from [Yan26] Lemma 1
    (:func:`~geoprivate.mechanisms.lemma1_delta`); Laplace: bin (0.5).

    Returns ``epsilon_claimed``, ``delta_claimed`` (in [0, 1]; 1 when Lemma 1 gives nothing),
    ``delta_audit`` (the delta audited: delta_claimed, or 0 if that is 1),
    ``epsilon_lower``, ``violates`` (epsilon_lower > epsilon_claimed at delta_audit),
    ``privacy_applies`` (the claim's lemma holds at these parameters; False for the
    known-broken control), ``known_broken``, ``confidence``, ``n_samples``, ``count_p``,
    ``count_q``, ``event``.
    """
    rng = as_rng(rng)
    p = _take(params, _AUDIT_DEFAULTS, "mechanism_audit")
    a = _audited(p)
    res, delta_audit = _audit(a, a.data0, a.data1, p["n_samples"], 1 - AUDIT_FALSE_ALARM, rng)
    return _audit_fields(p, a, res, delta_audit)


@checked
def audit_search(params: dict, rng: Rng) -> dict:
    """Search neighbouring inputs that maximise the auditor's eps lower bound, then audit the best afresh.

    A candidate is a pair of query-value vectors (q, q') with |q_j - q'_j| <= sensitivity
    (1/n for BetweenThresholds, 1 for the broken SVT) and q_j in [lo, hi].  The search score
    of a candidate is the auditor's lower bound with ``n_search`` samples at confidence 0.95
    (hill climbing redraws one coordinate per step, or random search).  The maximum of many
    such bounds is not itself a valid bound (multiple testing), so the best pair is audited
    once more on ``n_samples`` fresh samples at confidence 1 - :data:`AUDIT_FALSE_ALARM`:
    that final ``epsilon_lower`` is valid, and :func:`replay_audit_instance` reproduces it.

    Parameters: mechanism ("between_thresholds" or "svt_no_query_noise"), epsilon
    (required); iters (10), n_search (2000), n_samples (20000), method ("hill"), and the
    mechanism's parameters as in :func:`mechanism_audit`.
    """
    rng = as_rng(rng)
    p = _take(params, {**_AUDIT_DEFAULTS, "iters": 10, "n_search": 2000, "method": "hill"}, "audit_search")
    a = _audited(p, allowed=("between_thresholds", "svt_no_query_noise"))
    assert isinstance(a.data0, np.ndarray)  # both allowed mechanisms audit a vector of query values
    m = len(a.data0)

    def pair(x):
        return x[0], x[0] + x[1] * a.sensitivity

    def draw(r):
        return np.stack([r.uniform(a.lo, a.hi, m), r.uniform(-1.0, 1.0, m)])

    def mutate(x, r):
        y = x.copy()
        row, j = int(r.integers(2)), int(r.integers(m))
        y[row, j] = r.uniform(a.lo, a.hi) if row == 0 else r.uniform(-1.0, 1.0)
        return y

    search_seed, final_seed = _seeds(rng, 2)
    search_rng = np.random.default_rng(search_seed)

    def objective(x):
        d0, d1 = pair(x)
        return _audit(a, d0, d1, p["n_search"], 0.95, search_rng)[0].epsilon_lower

    start = np.stack([np.asarray(a.data0, dtype=np.float64), (np.asarray(a.data1) - a.data0) / a.sensitivity])
    best, best_val, start_val = hill_climb(objective, start, draw, mutate, int(p["iters"]), p["method"], rng)
    d0, d1 = pair(best)
    inst = {**p, "values": d0.tolist(), "values_prime": d1.tolist(), "final_seed": final_seed}
    res, delta_audit = _audit(a, d0, d1, p["n_samples"], 1 - AUDIT_FALSE_ALARM, final_seed)
    return {
        **_audit_fields(p, a, res, delta_audit),
        "search_start": start_val,
        "search_best": best_val,
        "instance": json.dumps(inst),
    }


@checked
def replay_audit_instance(instance: str) -> dict:
    """Re-run the final audit of a stored :func:`audit_search` instance: ``{"objective": epsilon_lower}``."""
    inst = _instance(instance, (*_AUDIT_DEFAULTS, "values", "values_prime", "final_seed"))
    p = {k: inst[k] for k in _AUDIT_DEFAULTS}
    a = _MECHANISMS[p["mechanism"]](p)
    res, _ = _audit(
        a,
        np.asarray(inst["values"]),
        np.asarray(inst["values_prime"]),
        p["n_samples"],
        1 - AUDIT_FALSE_ALARM,
        inst["final_seed"],
    )
    return {"objective": res.epsilon_lower, "mechanism": p["mechanism"], "epsilon_claimed": a.epsilon}


audit_search.replay_instance = replay_audit_instance  # type: ignore[attr-defined]  # read by `sweep replay`
audit_search.replay_field = "epsilon_lower"  # type: ignore[attr-defined]  # the result field it re-evaluates


# ====================================================================== plumbing targets
@checked
def trivial(params: dict, rng: Rng) -> dict:
    """The cheapest target (store and scheduler overhead): one uniform draw."""
    return {"u": float(as_rng(rng).random())}


@checked
def spin(params: dict, rng: Rng) -> dict:
    """A CPU-bound target: ``work`` rounds of a 200×200 matrix product (benchmarks, kill tests).

    ``sleep`` (seconds, default 0) is added after the work, so a test can make trials slow.
    """
    p = _take(params, {"work": 1, "sleep": 0.0, "x": 0}, "spin")
    a = as_rng(rng).standard_normal((200, 200))
    acc = 0.0
    for _ in range(int(p["work"])):
        a = np.tanh(a @ a / 200.0)
        acc += float(a.sum())
    if p["sleep"]:
        time.sleep(float(p["sleep"]))
    return {"acc": acc, "x": p["x"]}
