"""The ready stress-test targets: TOP counts, adversary search (replayable), audits over a grid."""

from __future__ import annotations

import json
import math
import warnings

import numpy as np
import pytest

from geoprivate.cli import main
from geoprivate.experiments import records, run_sweep, trial_rng, write_spec
from geoprivate.experiments import targets as tg
from geoprivate.privacy.warnings import PrivacyWarning
from tests import ROOT

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(
    "concept, adversary", [("thresholds", "oblivious"), ("intervals", "stochastic"), ("finite", "adaptive")]
)
def test_predictor_tops_fields_and_determinism(concept, adversary):
    p = {"T": 40, "k": 8, "epsilon": 1.0, "concept": concept, "adversary": adversary}
    a = tg.predictor_tops(p, trial_rng("t", p, 0))
    b = tg.predictor_tops(p, trial_rng("t", p, 0))
    assert a == b
    assert a["segments"] == a["tops"] + 1 and 0 <= a["tops"] <= 40 and 0 <= a["stream_disagreements"] <= 40
    assert 0 <= a["max_err_D"] <= 1 and a["claim13_bound"] >= 0
    assert a["lemma2_k"] == math.ceil(64 / 1.0 * (math.log(41) + math.log(1 / 0.05)))
    assert a["lemma2_holds"] is False and a["mode"] == "practical"


def test_targets_reject_unknown_and_missing_parameters():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match=r"unknown parameter\(s\) \['kk'\]"):
        tg.predictor_tops({"T": 5, "k": 2, "epsilon": 1.0, "kk": 3}, rng)
    with pytest.raises(ValueError, match=r"missing parameter\(s\) \['epsilon'\]"):
        tg.predictor_tops({"T": 5, "k": 2}, rng)
    with pytest.raises(ValueError, match="concept must be one of"):
        tg.adversary_search({"T": 5, "k": 2, "epsilon": 1.0, "concept": "halfspaces"}, rng)
    with pytest.raises(ValueError, match="mechanism must be one of"):
        tg.mechanism_audit({"mechanism": "gauss", "epsilon": 1.0}, rng)


@pytest.mark.parametrize("method, start", [("hill", "binary_search"), ("random", "random")])
def test_adversary_search_best_is_replayable(method, start):
    p = {"T": 30, "k": 6, "m": 10, "epsilon": 1.0, "iters": 6, "reps": 2, "method": method, "start": start}
    r = tg.adversary_search(p, np.random.default_rng(3))
    assert r["objective_best"] >= r["objective_start"]
    assert r["improved"] == (r["objective_best"] > r["objective_start"])
    inst = json.loads(r["instance"])
    assert len(inst["points"]) == 30 and all(0 <= x < 1 for x in inst["points"])
    again = tg.replay_adversary_instance(r["instance"])
    assert again["objective"] == r["objective_best"] and again["T"] == 30
    assert tg.adversary_search(p, np.random.default_rng(3)) == r


def test_audit_flags_the_broken_control_and_not_the_correct_mechanisms():
    """False-alarm rate 1e-6 per audit (confidence 1 - 1e-6); the broken SVT must be flagged."""
    rng = np.random.default_rng(11)
    broken = tg.mechanism_audit({"mechanism": "svt_no_query_noise", "epsilon": 0.5, "n_samples": 5000}, rng)
    assert broken["violates"] and broken["epsilon_lower"] > 0.5 and broken["known_broken"]
    assert broken["count_q"] == 0 and broken["confidence"] == 1 - tg.AUDIT_FALSE_ALARM
    for mech in ("laplace", "between_thresholds"):
        r = tg.mechanism_audit({"mechanism": mech, "epsilon": 0.5, "n_samples": 5000}, rng)
        assert not r["violates"] and r["epsilon_lower"] <= r["epsilon_claimed"] and r["privacy_applies"]
    # a subtle break: half the Laplace noise is 2 eps-DP; flagged, while the correct one is
    # audited close to (and below) its eps
    good = tg.mechanism_audit({"mechanism": "laplace", "epsilon": 0.9}, rng)
    half = tg.mechanism_audit({"mechanism": "laplace_half_noise", "epsilon": 0.9}, rng)
    assert 0.45 < good["epsilon_lower"] <= 0.9 and not good["violates"]
    assert half["violates"] and 0.9 < half["epsilon_lower"] <= 1.8 and half["known_broken"]
    bt = tg.mechanism_audit({"mechanism": "between_thresholds", "epsilon": 0.5, "n_samples": 2000}, rng)
    from geoprivate.mechanisms import lemma1_delta

    assert bt["delta_claimed"] == lemma1_delta(0.5, 0.25, 1000)


def test_audit_outside_lemma1_warns_and_records_it():

    with pytest.warns(PrivacyWarning, match="outside its theorem"):
        r = tg.mechanism_audit(
            {"mechanism": "between_thresholds", "epsilon": 0.5, "n": 20, "n_samples": 500}, np.random.default_rng(0)
        )
    assert r["privacy_applies"] is False


def test_example_specs_parse():

    from geoprivate.experiments import load_spec

    specs = sorted((ROOT / "examples" / "sweeps").glob("*.toml"))
    assert len(specs) >= 4
    for s in specs:
        assert load_spec(s).points()


def test_adversary_search_as_a_sweep_replayed_from_the_cli(tmp_path, capsys):
    spec = write_spec(
        tmp_path / "s.toml",
        name="search",
        target="geoprivate.experiments.targets:adversary_search",
        seeds=2,
        grid={"T": [20], "k": [5], "m": [8], "epsilon": [1.0], "iters": [4], "reps": [2]},
    )
    db = str(tmp_path / "db.sqlite")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run_sweep(spec, db)
    best = max(r["objective_best"] for r in records(db))
    assert main(["sweep", "replay", "--db", db, "--best", "objective_best", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["identical"] and out["instance_identical"]
    assert out["instance_replay"]["objective"] == best == out["stored"]["objective_best"]
    assert main(["sweep", "replay", "--db", db, "--best", "objective_best"]) == 0
    assert "matches objective_best" in capsys.readouterr().out


@pytest.mark.parametrize("method", ["hill", "random"])
def test_hill_climb_never_reports_less_than_the_start(method):
    target = np.linspace(0, 1, 8)
    objective = lambda x: -float(np.abs(x - target).sum())  # noqa: E731
    rng = np.random.default_rng(5)
    start = np.zeros(8)
    best, best_val, start_val = tg.hill_climb(
        objective,
        start,
        lambda r: r.uniform(0, 1, 8),
        lambda x, r: np.where(np.arange(8) == r.integers(8), r.uniform(0, 1), x),
        200,
        method,
        rng,
    )
    assert start_val == objective(start) and best_val == objective(best) >= start_val
    assert best_val > start_val  # 200 tries improve on the all-zero start
    with pytest.raises(ValueError, match="method"):
        tg.hill_climb(objective, start, None, None, 1, "anneal", rng)


def test_audit_search_final_bound_is_fresh_valid_and_replayable():
    """The broken SVT is flagged on the re-audited best pair; BetweenThresholds is not; replays agree."""
    for mech, flagged in (("svt_no_query_noise", True), ("between_thresholds", False)):
        r = tg.audit_search(
            {"mechanism": mech, "epsilon": 0.9, "iters": 3, "n_search": 500, "n_samples": 4000},
            np.random.default_rng(7),
        )
        assert r["violates"] is flagged and r["search_best"] >= r["search_start"]
        inst = json.loads(r["instance"])
        sens = 1.0 if mech == "svt_no_query_noise" else 1 / 1000
        assert np.all(np.abs(np.subtract(inst["values"], inst["values_prime"])) <= sens + 1e-12)  # neighbours
        assert tg.replay_audit_instance(r["instance"])["objective"] == r["epsilon_lower"]
    with pytest.raises(ValueError, match="mechanism must be one of"):
        tg.audit_search({"mechanism": "laplace", "epsilon": 1.0}, np.random.default_rng(0))


@pytest.mark.parametrize("bad", [-1, 0, 0.0, 1.5, float("nan"), float("inf")])
def test_mechanism_audit_refuses_a_bin_that_resolves_nothing(bad):
    from geoprivate.experiments.targets import mechanism_audit

    with pytest.raises(ValueError, match="bin"):
        mechanism_audit(
            {"mechanism": "laplace_half_noise", "epsilon": 0.5, "bin": bad, "n_samples": 200}, np.random.default_rng(0)
        )


def test_mechanism_audit_refuses_bad_epsilon_and_sample_count():
    from geoprivate.experiments.targets import mechanism_audit

    with pytest.raises(ValueError, match="epsilon"):
        mechanism_audit({"mechanism": "laplace", "epsilon": -1.0}, np.random.default_rng(0))
    with pytest.raises(ValueError, match="n_samples"):
        mechanism_audit({"mechanism": "laplace", "epsilon": 0.5, "n_samples": 0}, np.random.default_rng(0))


def test_mechanism_audit_default_bin_still_catches_the_broken_control():
    from geoprivate.experiments.targets import mechanism_audit

    out = mechanism_audit(
        {"mechanism": "laplace_half_noise", "epsilon": 0.5, "n_samples": 20000}, np.random.default_rng(0)
    )
    assert out["violates"] and out["epsilon_lower"] > 0.5
