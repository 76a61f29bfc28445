"""Guarantees, composition theorems and the privacy ledger (geoprivate.privacy)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoprivate.privacy import (
    VACUOUS,
    Guarantee,
    PrivacyLedger,
    advanced_composition,
    basic_composition,
    c_tops_composition,
    subsampling_amplification,
)


def test_guarantee_validation():
    with pytest.raises(ValueError, match="epsilon"):
        Guarantee(-0.1, 0.0)
    with pytest.raises(ValueError, match="delta"):
        Guarantee(0.1, 1.5)
    with pytest.raises(ValueError, match="epsilon"):
        Guarantee(float("nan"), 0.0)
    with pytest.raises(TypeError):
        Guarantee("1", 0.0)
    assert Guarantee(math.inf, 1.0).is_vacuous
    assert not Guarantee(1.0, 0.1).is_vacuous


def test_guarantee_is_a_frozen_value():
    g = Guarantee(1, 0)
    assert g == Guarantee(1.0, 0.0) and hash(g) == hash(Guarantee(1.0, 0.0))
    with pytest.raises(AttributeError):
        g.epsilon = 2.0


@given(st.lists(st.tuples(st.floats(0, 5), st.floats(0, 0.2)), max_size=8))
def test_basic_composition_sums(pairs):
    gs = [Guarantee(e, d) for e, d in pairs]
    total = basic_composition(gs)
    assert total.epsilon == pytest.approx(sum(e for e, _ in pairs))
    assert total.delta == pytest.approx(min(1.0, sum(d for _, d in pairs)))
    acc = Guarantee(0.0, 0.0)
    for g in gs:
        acc = acc + g
    assert acc.epsilon == pytest.approx(total.epsilon) and acc.delta == pytest.approx(total.delta)


def _thm3(eps, delta, k, dp):
    # [Yan26] Theorem 3 written out literally
    e = math.exp(eps)
    return math.sqrt(2 * k * math.log(1 / dp)) * eps + k * eps * (e - 1) / (e + 1), k * delta + dp


@settings(max_examples=200)
@given(st.floats(1e-4, 3.0), st.floats(0, 1e-3), st.integers(1, 10_000), st.floats(1e-12, 0.5))
def test_advanced_composition_matches_theorem_3(eps, delta, k, dp):
    g = advanced_composition(eps, delta, k, dp)
    e_ref, d_ref = _thm3(eps, delta, k, dp)
    assert g.epsilon == pytest.approx(e_ref, rel=1e-12)
    assert g.delta == pytest.approx(min(1.0, d_ref), rel=1e-12)


def test_advanced_composition_beats_basic_for_many_small_steps():
    g = advanced_composition(0.01, 0.0, 10_000, 1e-6)
    assert g.epsilon < 0.01 * 10_000 / 10  # sqrt(k) scaling
    assert g.epsilon == pytest.approx(_thm3(0.01, 0.0, 10_000, 1e-6)[0])


@pytest.mark.parametrize(
    "args, name",
    [
        ((0, 0, 1, 0.1), "epsilon"),
        ((1, 1.0, 1, 0.1), "delta"),
        ((1, 0, 0, 0.1), "k"),
        ((1, 0, 1, 0.0), "delta_prime"),
        ((1, 0, 1, 1.0), "delta_prime"),
    ],
)
def test_advanced_composition_validation(args, name):
    with pytest.raises(ValueError, match=name):
        advanced_composition(*args)


def test_observation_2_formula():
    eps, delta, c = 0.1, 1e-6, 7
    g = c_tops_composition(eps, delta, c)
    ref = math.sqrt(2 * c * math.log(1 / (c * delta))) * eps + c * eps * (math.exp(eps) - 1)
    assert g.epsilon == pytest.approx(ref, rel=1e-13)
    assert g.delta == pytest.approx(2 * c * delta)
    # Observation 2's second term is looser than Theorem 3's (with delta' = c delta)
    assert g.epsilon >= advanced_composition(eps, delta, c, c * delta).epsilon
    with pytest.raises(ValueError):
        c_tops_composition(eps, 0.2, 5)  # c * delta >= 1


def test_subsampling_amplification_claim_2_7():
    t, g = subsampling_amplification(1.0, 1e-3, 0.5, 100)
    assert t == math.ceil(100 / 0.5 * (3 + math.e))
    assert g.epsilon == 0.5
    assert g.delta == pytest.approx(4 * 0.5 * 1e-3 / (3 + math.e))
    with pytest.raises(ValueError, match="epsilon <= 1"):
        subsampling_amplification(1.0, 1e-3, 1.5, 100)


def test_ledger_records_and_composes():
    led = PrivacyLedger()
    led.record("a", 0.5, 1e-6, "thm", n=3)
    led.record("b", 0.25, 0.0, "thm")
    assert len(led) == 2 and led.entries[0].params == {"n": 3}
    assert led.entries[0].mechanism == "a" and led.entries[0].applies
    assert led.basic_composition() == Guarantee(0.75, 1e-6)
    assert led.summary()[0]["param_n"] == 3


def test_ledger_with_unsupported_entry_is_vacuous():
    led = PrivacyLedger()
    led.record("a", 0.5, 1e-6, "thm")
    led.record("b", 0.5, 1e-6, "lemma", applies=False)
    assert led.basic_composition() == VACUOUS
    assert led.advanced_composition(1e-6) == VACUOUS
    assert [e.mechanism for e in led.unsupported()] == ["b"]


def test_ledger_advanced_never_worse_than_basic():
    led = PrivacyLedger()
    for _ in range(400):
        led.record("m", 0.05, 1e-8, "thm")
    adv, basic = led.advanced_composition(1e-6), led.basic_composition()
    assert adv.epsilon <= basic.epsilon
    assert adv == advanced_composition(0.05, 1e-8, 400, 1e-6)
    led2 = PrivacyLedger()
    led2.record("m", 1.0, 0.0, "thm")
    assert led2.advanced_composition(1e-6) == led2.basic_composition()


def test_ledger_validation():
    led = PrivacyLedger()
    with pytest.raises(ValueError, match="epsilon"):
        led.record("a", -1, 0, "t")
    with pytest.raises(ValueError, match="delta"):
        led.record("a", 1, 2, "t")
    with pytest.raises(TypeError):
        led.record("", 1, 0, "t")


@pytest.mark.parametrize("bad", ["False", "True", 0, 1, None, 1.0])
def test_ledger_applies_must_be_a_real_bool(bad):
    with pytest.raises(TypeError, match="applies"):
        PrivacyLedger().record("x", 1.0, 0, "t", applies=bad)


def test_ledger_accepts_numpy_bools():
    led = PrivacyLedger()
    led.record("x", 1.0, 0, "t", applies=np.bool_(False))
    assert led.entries[0].applies is False and not led.all_apply
