"""Claims of what the tight accountant changes (#42): each computes the paper's number and the tight one."""

import pytest

from geoprivate.claims import get_claim, run_claim
from geoprivate.claims import tight_accounting as ta
from tests.helpers import needs_dp_accounting


@needs_dp_accounting
@pytest.mark.parametrize("cid", ["general/tight-accountant-upper-bound", "vc1/tight-theorem-7"])
def test_claim_holds(cid):
    r = run_claim(get_claim(cid), seed=0)
    assert r["status"] == "holds", r


@needs_dp_accounting
@pytest.mark.slow
@pytest.mark.parametrize("cid", ["winnow/tight-theorem-4-4", "everlasting/tight-observation-2"])
def test_slower_claim_holds(cid):
    r = run_claim(get_claim(cid), seed=0)
    assert r["status"] == "holds", r


@needs_dp_accounting
def test_an_accountant_below_the_exact_audit_is_caught(monkeypatch):
    """A broken accountant (ε − 0.01: below the exact ε at δ) is a violation with its instance."""
    real = ta.tight_composition
    monkeypatch.setattr(
        ta, "tight_composition", lambda comps, d: type(real(comps, d))(real(comps, d).epsilon - 0.01, d)
    )
    r = run_claim(get_claim("general/tight-accountant-upper-bound"), seed=0)
    assert r["status"] == "violated" and r["instance"]["mechanisms"], r


@needs_dp_accounting
def test_the_paper_accountant_in_place_of_the_tight_one_fails_the_inequality(monkeypatch):
    real = ta.theorem13_parameters
    monkeypatch.setattr(ta, "theorem13_parameters", lambda *a, accountant: real(*a, accountant="paper"))
    assert run_claim(get_claim("vc1/tight-theorem-7"), seed=0)["status"] == "violated"


def test_every_check_is_skipped_without_dp_accounting(monkeypatch):
    monkeypatch.setattr(ta, "_missing", lambda: True)
    for cid in ("general/tight-accountant-upper-bound", "vc1/tight-theorem-7", "winnow/tight-theorem-4-4",
                "everlasting/tight-observation-2"):  # fmt: skip
        r = run_claim(get_claim(cid), seed=0)
        assert r["status"] == "skipped" and "geoprivate[accounting]" in r["reason"], r
