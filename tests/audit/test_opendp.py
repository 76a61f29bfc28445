"""geoprivate.audit.opendp: an OpenDP measurement audited in one call (issue #39, item 7).

The claimed ε is the measurement's own privacy map at the pairs' distance; a correct measurement
is not flagged, a mis-claimed one (a Laplace whose scale is too small for the ε its map states)
is — by the sampler and, for the documented geometric law, exactly.  Without opendp the tests that
need it skip with one line, and the adapter refuses in one line.
"""

from __future__ import annotations

import doctest
import math
import sys
from fractions import Fraction

import pytest

import geoprivate.audit.opendp as adapter
from geoprivate.audit.neighbours import dataset_neighbours
from geoprivate.audit.opendp import (
    audit_measurement,
    claimed_privacy,
    geometric_law,
    input_distance,
    randomized_response_bool_law,
)

N = 5_000  # sampler runs per input: a fraction of a second per pair through make_composition


def _dp():
    pytest.importorskip("opendp", reason="opendp (the optional extra geoprivate[opendp]) is not installed")
    import opendp.prelude as dp

    dp.enable_features("contrib")
    return dp


def _integers(dp):
    return dp.atom_domain(T=int), dp.absolute_distance(T=int)


def _reals(dp):
    return dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float)


def _mis_claimed(dp, measurement, factor: float):
    """``measurement`` whose privacy map claims ``factor`` times less than its own (a positive control)."""
    dp.enable_features("honest-but-curious")
    return dp.m.make_user_measurement(
        measurement.input_domain,
        measurement.input_metric,
        measurement.output_measure,
        function=lambda x: measurement(x),
        privacy_map=lambda d_in: measurement.map(d_in) / factor,
        TO=type(measurement(0 if "i32" in str(measurement.input_carrier_type) else 0.0)),
    )


# ------------------------------------------------------------------------------- without opendp
def test_missing_opendp_is_one_line(monkeypatch):
    monkeypatch.setitem(sys.modules, "opendp", None)
    monkeypatch.setitem(sys.modules, "opendp.prelude", None)
    with pytest.raises(ImportError) as exc:
        audit_measurement(object(), [(0, 1)])
    assert str(exc.value) == "auditing an OpenDP measurement needs opendp: pip install 'geoprivate[opendp]'"


def test_geometric_law_tight_claim_holds_just_below_is_violated():
    law = geometric_law(2.0)  # e^eps of a unit step: e^(1/2), irrational: decided by the enclosure or closed form
    for pairs, eps, verdict in [
        ([(0, 1)], 0.5, "holds"),  # tight: the closed form at delta = 0
        ([(0, 1)], math.nextafter(0.5, 0), "violated"),
        ([(0, 1), (4, 2)], 1.0, "holds"),
        ([(0, 1), (4, 2)], 0.9, "violated"),
        ([(0, 1)], 0.7, "holds"),
    ]:
        result, got = law.run(pairs, eps, 0.0)
        assert got == verdict, (pairs, eps)
        assert result.exact and result.exhaustive and result.violated == (verdict == "violated")
    # delta > 0: decided by the two enclosing laws, both exact
    result, got = law.run([(0, 1)], 0.25, 0.01)
    assert got == "violated" and result.delta_bounds[0] > Fraction(1, 100)


def test_geometric_law_of_a_clamped_sum_is_exact_over_the_centres():
    clamped_sum = geometric_law(1.0, query=lambda d: sum(min(max(x, 0), 3) for x in d))
    result, verdict = clamped_sum.run([((1, 2), (1, 2, 3)), ((), (5,))], 3.0, 0.0)  # sensitivity 3, scale 1
    assert verdict == "holds" and result.epsilon_at_delta == pytest.approx(3.0)
    assert clamped_sum.run([((1, 2), (1, 2, 3))], 2.9, 0.0)[1] == "violated"
    with pytest.raises(TypeError, match="query must return an int"):
        geometric_law(1.0, query=lambda d: 0.5).run([(0, 1)], 1.0, 0.0)


def test_randomized_response_law_is_exact_at_the_float_epsilon():
    law = randomized_response_bool_law(0.75)
    assert law.run([(False, True)], math.log(3), 0.0)[1] == ("holds" if Fraction(math.log(3)) >= 0 else "")
    # float(ln 3) rounds up (1.0986122886681098 > ln 3), its predecessor is below ln 3: violated, proved
    result, verdict = law.run([(False, True)], math.nextafter(math.log(3), 0), 0.0)
    assert verdict == "violated" and result.exact and result.delta_bounds[0] > 0
    with pytest.raises(ValueError, match="prob must lie in"):
        randomized_response_bool_law(0.4)


# ------------------------------------------------------------------------------- with opendp
def test_claimed_epsilon_is_read_from_the_privacy_map():
    dp = _dp()
    geo = dp.m.make_geometric(*_integers(dp), scale=2.0)
    r = audit_measurement(geo, [(0, 3), (1, 2)], law=geometric_law(2.0), sampler=False)
    assert r.d_in == 3 and r.epsilon == geo.map(3) == 1.5 and r.delta == 0.0
    assert r.exact_verdict == "holds" and "documented law" in r.law and r.sampler is None
    rr = dp.m.make_randomized_response_bool(0.75)
    assert claimed_privacy(rr, 1)[:2] == (rr.map(1), 0.0) and rr.map(1) >= math.log(3)
    gauss = dp.m.make_gaussian(*_reals(dp), scale=1.0)
    eps, delta, how = claimed_privacy(gauss, 1.0, 1e-6)
    assert eps == dp.c.make_zCDP_to_approxDP(gauss).map(1.0).epsilon(1e-6) and delta == 1e-6 and "rho = map" in how
    fixed = dp.c.make_fix_delta(dp.c.make_zCDP_to_approxDP(gauss), 1e-6)
    assert claimed_privacy(fixed, 1.0) == (eps, 1e-6, f"map(1.0) = ({eps!r}, 1e-06) (Approximate(MaxDivergence))")
    with pytest.raises(ValueError, match="delta must be given"):
        claimed_privacy(gauss, 1.0)
    with pytest.raises(ValueError, match="delta must be omitted for a MaxDivergence"):
        claimed_privacy(geo, 1, 1e-6)
    with pytest.raises(TypeError, match="neighbours must be an iterable of pairs"):
        audit_measurement(geo, 3, sampler=False, law=geometric_law(2.0))
    with pytest.raises(ValueError, match="nothing to audit"):
        audit_measurement(geo, [(0, 1)], sampler=False)
    with pytest.raises(ValueError, match="farther apart than d_in=1"):
        audit_measurement(geo, [(0, 3)], d_in=1, sampler=False, law=geometric_law(2.0))


def test_input_distance_follows_the_input_metric():
    dp = _dp()
    vec = dp.vector_domain(dp.atom_domain(T=int))
    sym = (vec, dp.symmetric_distance()) >> dp.t.then_clamp((0, 3)) >> dp.t.then_sum() >> dp.m.then_geometric(1.0)
    assert input_distance(sym, [1, 2, 2], [2, 1]) == 1 and input_distance(sym, [1], [2]) == 2
    l1 = dp.m.make_geometric(vec, dp.l1_distance(T=int), scale=1.0)
    assert input_distance(l1, [0, 5], [1, 3]) == 3
    assert input_distance(dp.m.make_randomized_response_bool(0.75), False, True) == 1
    d = input_distance(dp.m.make_laplace(*_reals(dp), scale=1.0), 0.1, 0.3)  # the floats' exact gap, rounded up
    assert Fraction(d) >= Fraction(0.3) - Fraction(0.1) > Fraction(math.nextafter(d, 0))
    with pytest.raises(ValueError, match="equal length"):
        input_distance(l1, [0], [0, 1])


def test_a_neighbour_space_of_datasets_feeds_a_vector_measurement():
    dp = _dp()
    datasets = dp.vector_domain(dp.atom_domain(T=int)), dp.symmetric_distance()
    clamped_sum = datasets >> dp.t.then_clamp((0, 3)) >> dp.t.then_sum() >> dp.m.then_geometric(scale=1.0)
    law = geometric_law(1.0, query=lambda d: sum(min(max(x, 0), 3) for x in d))
    r = audit_measurement(clamped_sum, dataset_neighbours(5, 3, relation="add-remove"), law=law, sampler=False)
    assert r.d_in == 1 and r.epsilon == 3.0 and r.exact_verdict == "holds"
    assert r.exact.exhaustive and r.exact.pairs_examined == dataset_neighbours(5, 3, relation="add-remove").size


def test_a_correct_measurement_is_not_flagged_and_a_mis_claimed_one_is():
    dp = _dp()
    geo = dp.m.make_geometric(*_integers(dp), scale=1.0)
    ok = audit_measurement(geo, [(0, 1)], law=geometric_law(1.0), n_samples=N, rng=0)
    assert ok.holds and not ok.sampler.flagged and ok.exact_verdict == "holds"
    assert ok.batched and ok.samples_per_second > 0 and ok.sampler.false_alarm == 1e-6
    # the same noise, a privacy map claiming a quarter of its loss: what a scale 4x too small looks like
    bad = _mis_claimed(dp, geo, 4.0)
    flagged = audit_measurement(bad, [(0, 1)], law=geometric_law(1.0), n_samples=2000, n_pilot=1000, rng=0)
    assert flagged.epsilon == 0.25 and flagged.sampler.flagged and flagged.exact_verdict == "violated"
    assert flagged.violated and flagged.sampler.epsilon_lower > 0.25


def test_a_mis_claimed_laplace_is_flagged_by_the_sampler():
    dp = _dp()
    lap = dp.m.make_laplace(*_reals(dp), scale=0.5)  # epsilon 2 per unit, claimed 0.5 below
    r = audit_measurement(_mis_claimed(dp, lap, 4.0), [(0.0, 1.0)], n_samples=2000, n_pilot=1000, rng=1)
    assert r.epsilon == 0.5 and r.sampler.flagged and r.exact is None


def test_a_measure_that_does_not_compose_is_invoked_once_per_release():
    dp = _dp()
    profile = dp.c.make_zCDP_to_approxDP(dp.m.make_gaussian(*_reals(dp), scale=1.0))  # SmoothedMaxDivergence
    r = audit_measurement(profile, [(0.0, 1.0)], delta=1e-6, n_samples=1000, n_pilot=1000, rng=0)
    assert not r.batched and not r.sampler.flagged and r.epsilon == profile.map(1.0).epsilon(1e-6)


def test_the_docstring_examples_that_need_opendp_run():
    """The examples marked ``+SKIP`` (opendp is optional) run here when it is installed."""
    _dp()
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    attempted = 0
    for test in finder.find(adapter):
        for ex in test.examples:
            ex.options.pop(doctest.SKIP, None)
        attempted += runner.run(test).attempted
    assert runner.failures == 0 and attempted > 10
