"""The proof-step catalogue (#42): every step has one status, the privacy proofs are at least 80% checked or
derived per paper, every checked step's claim runs and can fail, every derivation is proved by sympy."""

import json
from fractions import Fraction

import numpy as np
import pytest
from mpmath import iv

from geoprivate.claims import _registry, get_claim, run_claim, steps
from geoprivate.claims import _steps as _steps_module
from geoprivate.claims._steps import (
    _STEP_OF_CLAIM,
    STEP_STATUSES,
    Var,
    check_relation,
    decide,
    evaluate_step,
    integer,
    real,
    relation_verdict,
    step_verdict,
)
from geoprivate.cli import main

#: the steps whose own claim evaluates their relation (a linked step reuses another step's or claim's check)
RELATION_STEPS = [s for s in steps.STEPS if s.status == "checked" and _STEP_OF_CLAIM.get(s.claim) is s]
DERIVED = [s for s in steps.STEPS if s.status == "derived"]


def test_ids_are_unique_and_every_step_has_exactly_one_status():
    ids = [s.id for s in steps.STEPS]
    assert len(ids) == len(set(ids)) and len(ids) > 50
    for s in steps.STEPS:
        assert s.status in STEP_STATUSES
        assert s.id == f"{s.paper}/{s.statement.lower().replace(' ', '-').replace('.', '-')}/step-{s.k}"
        assert bool(s.claim) == (s.status == "checked"), s.id
        assert (s.derivation is not None) == (s.status == "derived"), s.id
        assert bool(s.reason) == (s.status == "not executable"), s.id
        assert s.printed and s.range and s.proof in ("privacy", "accuracy")


def test_every_checked_step_names_a_registered_claim_and_every_failed_step_has_its_gap():
    for s in steps.STEPS:
        if s.status == "checked":
            assert get_claim(s.claim).id == s.claim
        if s.failed:
            assert s.status == "checked" and s.gap and s.finding and "\n" not in s.gap


def test_steps_are_numbered_in_order_within_each_proof():
    seen: dict = {}
    for s in steps.STEPS:
        seen.setdefault((s.paper, s.statement), []).append(s.k)
    assert all(ks == list(range(1, len(ks) + 1)) for ks in seen.values()), seen


@pytest.mark.parametrize("paper", list(steps.PAPER_KEYS))
def test_privacy_proofs_are_at_least_80_percent_checked_or_derived(paper):
    r = steps.step_summary()[paper]["privacy"]
    assert r["steps"] > 0 and r["checked_or_derived_share"] >= steps.PRIVACY_SHARE_TARGET, r


@pytest.mark.parametrize("step", RELATION_STEPS, ids=lambda s: s.id)
def test_step_claim_verdict_matches_the_catalogue_and_a_negated_step_fails(step):
    r = run_claim(get_claim(step.claim), seed=0, size="small")
    assert r["status"] == ("violated" if step.failed else "holds"), r
    if step.failed:  # the claim fails, with its instance: it can fail
        assert r["instance"] and r["evidence"]["finding"] == step.finding
    else:  # a broken variant (the step negated) must be violated
        broken = step_verdict(step, np.random.default_rng(0), "small", negate=True, max_examples=5)
        assert broken.status == "violated" and broken.instance


def test_derivations_are_proved_by_sympy():
    for s in DERIVED:
        facts = s.derivation.prove()
        assert facts and all(ok for _, ok in facts), (s.id, facts)


def test_a_perturbed_step_is_violated_and_the_printed_one_holds(monkeypatch):
    """[NNSY23] Claim D.1's chain with 2c ε'² replaced by c ε'² (e^ε' − 1 < ε' is false): the check must see it."""
    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))  # the planted claim vanishes after
    monkeypatch.setattr(_steps_module, "_CHECKS", dict(_steps_module._CHECKS))
    cid = "testsuite/claim-d-1-perturbed"

    def lhs_rhs(p, factor):
        e = 1 / (3 * iv.sqrt(p.c * iv.log(2 / p.delta)))  # step 3c's eps'_i
        return p.c * e * (iv.exp(e) - 1), factor * p.c * e**2

    check_relation(cid, "perturbed", [integer("c", 1), real("delta", 0, 1, log=True)], lambda p: lhs_rhs(p, 1))
    assert relation_verdict(cid, np.random.default_rng(1), "small").status == "violated"
    check_relation(cid, "as printed", [integer("c", 1), real("delta", 0, 1, log=True)], lambda p: lhs_rhs(p, 2))
    assert relation_verdict(cid, np.random.default_rng(1), "small").status == "holds"


def test_certified_comparison_never_decides_an_overlap():
    third = iv.mpf(1) / 3
    assert decide(third, "<=", third) is None  # 1/3 is not a binary number: its enclosure has width
    assert decide(iv.mpf(1), "<", iv.mpf(2)) == "holds" and decide(iv.mpf(2), "<=", iv.mpf(1)) == "violated"
    ev = evaluate_step(lambda p: (p.x * 3, iv.mpf(1)), "=", {"x": Fraction(1, 3)})
    assert ev.status == "tie" and ev.dps == 250  # exactly equal: no precision separates them
    assert evaluate_step(lambda p: (p.x * 3, iv.mpf(1)), "<=", {"x": Fraction(1, 3) + Fraction(1, 10**200)}).status == (
        "violated"
    )


@pytest.mark.parametrize("side", ["lhs", "rhs"])
def test_a_nan_side_is_refused_never_an_undecided_overlap(side):
    # iv.mpf(nan) is the whole line [-inf, inf]: read as an enclosure it would be a tie, i.e. "<=" holding
    sides = {"lhs": iv.mpf(1), "rhs": iv.mpf(2), side: float("nan")}
    with pytest.raises(ValueError, match=f"^{side} must not be NaN"):
        decide(sides["lhs"], "<=", sides["rhs"])


def test_variables_stay_in_their_range_and_reach_its_edges():
    v = real("delta", 0, Fraction(1, 16), log=True)
    grid = v.grid(7)
    assert all(v.contains(x) for x in grid) and min(grid) < Fraction(1, 10**9)
    n = Var("n", Fraction(1), None, lo_open=False, hi_open=False, integer=True)
    assert all(n.contains(x) and x.denominator == 1 for x in n.grid(7))
    assert not real("x", 0, 1).contains(Fraction(0)) and real("x", 0, 1, closed="both").contains(Fraction(1))


def test_verify_coverage_counts_steps_per_paper(capsys):
    assert main(["verify", "--coverage"]) == 0
    out = capsys.readouterr().out
    for paper, by_proof in steps.step_summary().items():
        (line,) = [ln for ln in out.splitlines() if ln.startswith(f"proof steps of {paper} ")]
        r = by_proof["privacy"]
        assert f"privacy {r['steps']} ({r['checked']} checked, {r['derived']} derived" in line
    assert f"{len(steps.STEPS)} proof steps" in out


def test_verify_coverage_json_lists_every_step_with_its_reason(capsys):
    assert main(["verify", "--coverage", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = out["steps"]
    assert [r["id"] for r in rows] == [s.id for s in steps.STEPS]
    for r in rows:
        assert r["status"] in STEP_STATUSES
        assert (r["reason"] is not None) == (r["status"] == "not executable")
        assert (r["derivation"] is not None) == (r["status"] == "derived")
    assert out["step_summary"] == json.loads(json.dumps(steps.step_summary()))
