"""One public API (issue #30, item 2): the entry points import from ``geoprivate``, ``--version``
works, every algorithm object has ``guarantee()`` returning one :class:`Guarantee` with both
verdicts, and ``strict=True`` refuses with a message that does not offer ``strict=True`` again."""

from __future__ import annotations

import math
import subprocess
import sys
import warnings

import numpy as np
import pytest

import geoprivate
from geoprivate.cli import main
from tests import ROOT


def test_the_entry_points_import_from_the_package():
    from geoprivate import (  # noqa: F401 - the issue's "done when" line
        BetweenThresholds,
        GenericBBL,
        GenericPredictor,
        Guarantee,
        RepairedBBL,
        dp_greedy_cover,
        dp_winnow,
        private_median,
    )

    for name in geoprivate.__all__:
        obj = getattr(geoprivate, name)
        assert name == "__version__" or (obj.__doc__ or "").strip(), f"{name} has no docstring"
        if name != "__version__":
            assert f"{name}`" in geoprivate.__doc__, f"the package docstring does not list {name}"


def test_version_flag(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"geoprivate {geoprivate.__version__}"


def test_import_geoprivate_needs_no_scipy_stats():
    """The package's imports stay cheap: scipy.stats (~1 s) is imported where it is used, not on import."""
    code = "import sys, geoprivate; print('scipy.stats' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"


def test_guarantee_carries_both_verdicts_and_compares_on_numbers():
    g = geoprivate.Guarantee(0.5, 1e-6)
    assert g.privacy_applies and g.utility_proved is None
    assert g.with_utility(False) == g and g.with_utility(False).utility_proved is False
    assert not geoprivate.Guarantee(math.inf, 1.0).privacy_applies
    with pytest.raises(TypeError, match="utility_proved"):
        geoprivate.Guarantee(0.5, 0.0, "yes")


def _thresholds_sample(n=2000):
    x = np.random.default_rng(0).uniform(size=n)
    return x, (x >= 0.3).astype(int)


def test_generic_predictor_guarantee_and_strict():
    from geoprivate.adversaries import binary_search_sequence
    from geoprivate.concepts import Thresholds
    from geoprivate.privacy.warnings import PrivacyParameterError, PrivacyWarning

    x, y = _thresholds_sample()
    gen = geoprivate.G_oblivious(Thresholds())
    with pytest.warns(PrivacyWarning) as rec:
        small = geoprivate.GenericPredictor(gen, x, y, k=100, m=20, epsilon=0.5)  # delta omitted
    msg = str(rec[0].message)
    assert "delta not given" in msg and "delta_prime = 1e-06" in msg and "pass strict=True to refuse" in msg
    assert "delta=" not in msg  # no delta the run does not use (it used to say delta=19.2)
    assert small.guarantee() == geoprivate.Guarantee(math.inf, 1.0) and not small.guarantee().privacy_applies
    with pytest.raises(PrivacyParameterError) as exc:
        geoprivate.GenericPredictor(gen, x, y, k=100, m=20, epsilon=0.5, strict=True)
    assert "strict=True to refuse" not in str(exc.value) and "refused under strict=True" in str(exc.value)
    with pytest.raises(TypeError, match="strict"):
        geoprivate.GenericPredictor(gen, x, y, k=100, m=20, epsilon=0.5, strict="yes")
    with warnings.catch_warnings():
        warnings.simplefilter("error", PrivacyWarning)  # inside Lemma 1: no warning
        big = geoprivate.GenericPredictor(gen, x, y, k=2000, m=1, epsilon=0.9, strict=True)
    assert big.guarantee() == geoprivate.Guarantee(0.0, 0.0)  # nothing released yet
    r = big.run(binary_search_sequence(30), 30)
    g = big.guarantee()
    assert g.privacy_applies and g == r.total_guarantee and g.utility_proved is r.utility_proved is False
    assert r.guarantee.utility_proved is False  # a run's guarantee carries its accuracy verdict too


def test_between_thresholds_refusal_does_not_offer_strict_again():
    from geoprivate.privacy.warnings import PrivacyParameterError, PrivacyWarning

    with pytest.raises(PrivacyParameterError) as exc:
        geoprivate.BetweenThresholds(1.5, 0.3, 0.6, 100, 0, strict=True)
    assert "strict=True to refuse" not in str(exc.value)
    with pytest.warns(PrivacyWarning) as rec:  # a gap too small for any delta: no delta >= 1 printed
        geoprivate.BetweenThresholds(0.5, 0.3, 0.6, 10, 0)
    assert "for every delta in (0, 1)" in str(rec[0].message) and ">= 1" not in str(rec[0].message)


def test_guarantee_is_one_method_on_every_algorithm_object():
    from geoprivate.concepts import Thresholds
    from geoprivate.everlasting import custom_parameters, make_everlasting_problem

    x, y = _thresholds_sample()
    prob = make_everlasting_problem("thresholds", 0)
    toy = custom_parameters([(1, 2000, 3000, 5)], 0.06, 0.05, 0.5, 1e-6, 1, epsilon_bt=0.5, m_const=1.0)
    from geoprivate.everlasting.query_attack import vote_level_training_set

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        objects = [
            geoprivate.GenericPredictor(geoprivate.G_oblivious(Thresholds()), x, y, k=40, m=10, epsilon=1.0),
            geoprivate.BetweenThresholds(0.5, 0.3, 0.6, 1000, 0),
            geoprivate.AboveThreshold(0.5, 1.0, 0.1, 0),
            geoprivate.RepairedBBL(prob, *vote_level_training_set(2000, 1000), toy, 3),
            geoprivate.GenericBBL(prob, *vote_level_training_set(2000, 1000), toy, 3),
            geoprivate.CompositionPredictor(geoprivate.G_oblivious(Thresholds()), x, y, k=40, m=10, epsilon=1.0),
        ]
        for obj in objects:
            g = obj.guarantee()
            assert isinstance(g, geoprivate.Guarantee), type(obj).__name__
            assert isinstance(g.privacy_applies, bool) and g.utility_proved in (None, True, False)
        comp = objects[-1]
        assert comp.guarantee() == geoprivate.Guarantee(0.0, 0.0)
        comp.answer(np.linspace(0, 1, 7))
        assert comp.guarantee() == comp.guarantee(7) and comp.guarantee().epsilon > 0


def test_one_name_for_the_privacy_verdict():
    """``privacy_applies`` everywhere: the old second name of the same verdict is gone (code, docs, notebooks)."""
    old = "guarantee" + "_applies"
    users = [
        str(p.relative_to(ROOT))
        for d in ("geoprivate", "docs", "notebooks", "tests", "benchmarks", "examples")
        for p in (ROOT / d).rglob("*")
        if p.suffix in (".py", ".md", ".ipynb", ".toml", ".html", ".rst") and old in p.read_text(errors="ignore")
    ]
    assert not users, f"{old} is privacy_applies now: {users}"
