"""The claims' sandbox (#41 item 3): a check that exits, crashes, prints, hangs or loops costs its own record only;
an audit result returned by a check becomes its verdict (#39 item 5)."""

import math
import os
import sys
import time
import warnings
from fractions import Fraction

import numpy as np
import pytest

from geoprivate import claims
from geoprivate.audit.exact import LogRational, exact_audit
from geoprivate.audit.sampler import audit_sampler
from geoprivate.claims import Claim, Verdict, run_claim
from geoprivate.claims._registry import audit_summary, audit_verdict
from geoprivate.claims._sandbox import OUTPUT_LIMIT, guarded, run_forked
from geoprivate.privacy.warnings import PrivacyWarning
from tests.hang_guard import hang_guard


def _claim(check, name="planted"):
    return Claim(f"mylab/{name}", "mylab", None, f"the planted check {name}", check)


def _exits(rng, size):
    sys.exit(0)


def _ends_process(rng, size):
    os._exit(0)


def _raises(rng, size):
    raise RuntimeError("kaboom")


def _not_a_verdict(rng, size):
    return 42


def _prints(rng, size):
    print("python stdout")
    print("python stderr", file=sys.stderr)
    os.write(1, b"fd 1\n")
    os.write(2, b"fd 2\n")
    return Verdict.holds(instances=1)


def _sleeps(rng, size):
    time.sleep(600)


def _loops_printing(rng, size):
    while True:
        print("x" * 99)


def _warns(rng, size):
    for _ in range(3):
        warnings.warn("outside Lemma 1 on purpose", PrivacyWarning, stacklevel=1)
    return Verdict.holds(instances=3)


@pytest.mark.parametrize(
    ("check", "needle"),
    [
        (_exits, "SystemExit: 0"),
        (_ends_process, "exit status 0"),
        (_raises, "RuntimeError: kaboom"),
        (_not_a_verdict, "check returned int, not a Verdict"),
    ],
)
def test_a_check_that_exits_or_crashes_is_an_error_record(check, needle):
    with hang_guard(120):
        rec = run_claim(_claim(check), sandbox=True, time_limit=60)
    assert rec["status"] == "error" and needle in rec["evidence"]["error"], rec
    assert "\n" not in rec["evidence"]["error"] and rec["id"] == "mylab/planted"


def test_what_a_check_prints_is_kept_in_its_record_never_on_this_process_streams(capfd):
    rec = run_claim(_claim(_prints), sandbox=True, time_limit=60)
    assert rec["status"] == "holds"
    for text in ("python stdout", "python stderr", "fd 1", "fd 2"):
        assert text in rec["output"]
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_a_hang_and_a_printing_loop_stop_at_the_time_limit_with_their_output_capped():
    with hang_guard(120):
        slept = run_claim(_claim(_sleeps), sandbox=True, time_limit=0.5)
        looped = run_claim(_claim(_loops_printing), sandbox=True, time_limit=0.5)
    assert slept["status"] == "timeout" and "0.5 s" in slept["reason"] and slept["evidence"] == {"time_limit": 0.5}
    assert looped["status"] == "timeout" and looped["output"].startswith("x" * 99)
    assert len(looped["output"]) <= OUTPUT_LIMIT + 100 and "output cut after" in looped["output"]


def test_warnings_are_counted_in_the_record_and_the_verdict_is_the_in_process_one():
    rec = run_claim(_claim(_warns), sandbox=True)
    assert rec["warnings"]["counts"] == {"PrivacyWarning": 3} and len(rec["warnings"]["messages"]) == 1
    c = claims.get_claim("general/pajor")
    here, there = run_claim(c, seed=5), run_claim(c, seed=5, sandbox=True)
    assert {k: v for k, v in there.items() if k not in ("seconds", "warnings")} == {
        k: v for k, v in here.items() if k != "seconds"
    }


def test_time_limit_is_validated_and_belongs_to_a_sandboxed_run():
    c = claims.get_claim("general/pajor")
    with pytest.raises(ValueError, match="sandbox=True"):
        run_claim(c, time_limit=5)
    for bad in (0, -1, float("nan")):
        with pytest.raises(ValueError, match="time_limit"):
            run_claim(c, sandbox=True, time_limit=bad)
    assert run_claim(c, sandbox=True, time_limit=math.inf)["status"] == "holds"


def test_guarded_runs_here_and_contains_exit_and_the_alarm():
    assert guarded(lambda: 7).value == 7
    exited = guarded(lambda: sys.exit(3))
    assert exited.kind == "raised" and "SystemExit: 3" in exited.error
    with hang_guard(60):
        stopped = guarded(lambda: time.sleep(600), time_limit=0.3)
    assert stopped.kind == "timeout"
    with pytest.raises(KeyboardInterrupt):  # the user's interrupt is never swallowed
        guarded(lambda: (_ for _ in ()).throw(KeyboardInterrupt))
    forked = run_forked(lambda: {"x": Fraction(1, 3)})
    assert forked.kind == "returned" and forked.value == {"x": "1/3"}  # the value comes back as JSON (str)


# ------------------------------------------------------------------ audits inside claims (#39 item 5)


def _rr(bit):
    return {bit: Fraction(3, 4), 1 - bit: Fraction(1, 4)}  # randomised response, e^eps = 3


def test_an_exact_audit_result_is_the_claims_verdict_with_its_evidence():
    bad = audit_verdict(exact_audit(_rr, [(0, 1)], LogRational(2)))
    assert bad.status == "violated" and bad.instance == [0, 1]
    ev = bad.evidence
    assert ev["audit"] == "exact_audit" and ev["pair"] == [0, 1] and ev["delta_bounds"] == ["1/4", "1/4"]
    assert ev["epsilon_at_delta"] == pytest.approx(math.log(3)) and ev["exp_epsilon_at_delta"] == "3"
    assert "exhaustive" in ev and ev["pairs_examined"] == 1
    assert "δ(ε) in [1/4, 1/4]" in audit_summary(ev) and "1 pair(s) examined" in audit_summary(ev)
    good = audit_verdict(exact_audit(_rr, [(0, 1), (1, 0)], LogRational(3)))
    # a pair and its reverse are one pair (both orders are audited either way)
    assert good.status == "holds" and good.evidence["pairs_examined"] == 1 and good.evidence["exhaustive"] is True
    assert audit_verdict(Verdict.holds()) is None and audit_verdict(True) is None


def test_a_sampler_audit_result_is_the_claims_verdict_with_its_event_and_false_alarm_rate():
    def rr(bit, rng, n):
        return np.where(rng.random(n) < 0.75, bit, 1 - bit)

    flagged = audit_verdict(audit_sampler(rr, [(0, 1)], 0.5, n_samples=20_000, rng=1))
    assert flagged.status == "violated" and flagged.instance == [0, 1]
    ev = flagged.evidence
    assert ev["audit"] == "audit_sampler" and ev["epsilon_lower"] > 0.5 and ev["false_alarm"] == 1e-6
    assert ev["event"] and "per_pair" not in ev
    assert "false-alarm rate 1e-06" in audit_summary(ev) and ev["event"] in audit_summary(ev)
    clear = audit_verdict(audit_sampler(rr, [(0, 1)], 1.2, n_samples=20_000, rng=1))
    assert clear.status == "holds"


def test_a_check_returning_an_audit_runs_sandboxed_and_in_an_instance_search():
    rec = run_claim(_claim(lambda rng, size: exact_audit(_rr, [(0, 1)], LogRational(2))), sandbox=True)
    assert rec["status"] == "violated" and rec["instance"] == [0, 1] and rec["evidence"]["audit"] == "exact_audit"
    from hypothesis import strategies as st

    searched = Claim(
        "mylab/searched-audit",
        "mylab",
        None,
        "randomised response at p is ln 2-DP",
        lambda p: exact_audit(lambda b: {b: p, 1 - b: 1 - p}, [(0, 1)], LogRational(2)),
        instances=st.fractions(Fraction(1, 2), Fraction(9, 10), max_denominator=10),
    )
    found = run_claim(searched)
    assert found["status"] == "violated" and found["evidence"]["audit"] == "exact_audit"
    p = Fraction(found["instance"])  # the searched instance is the counterexample, the audit's pair its evidence
    assert p / (1 - p) > 2 and found["evidence"]["pair"] == [0, 1]
