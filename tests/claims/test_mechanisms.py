"""The claims registered in geoprivate/claims/mechanisms.py run and hold at size 'small'."""

import pytest

from geoprivate.claims import get_claim, run_claim

MINE = [
    "shrinkage/lemma-1",
    "shrinkage/lemma-2",
    "shrinkage/theorem-3",
    "general/exponential-mechanism-dp",
    "vc1/lemma-1",
    "vc1/theorem-9-em",
    "everlasting/claim-2-7",
    "everlasting/observation-2",
]


@pytest.mark.parametrize("claim_id", MINE)
def test_claim_holds(claim_id):
    rec = run_claim(get_claim(claim_id), seed=0, size="small")
    assert rec["status"] == "holds", rec
    assert rec["evidence"]


def test_claims_reproducible():
    a = run_claim(get_claim("general/exponential-mechanism-dp"), seed=3)
    b = run_claim(get_claim("general/exponential-mechanism-dp"), seed=3)
    assert a["evidence"] == b["evidence"]
