"""The examples in the docstrings run as written: every module of the two packages that has one.

They run with :class:`~geoprivate.privacy.warnings.PrivacyWarning` as an error (as under
``-W error::geoprivate.PrivacyWarning``): no example shows a run outside its privacy theorem.
"""

import doctest
import importlib
import importlib.util
import warnings

import pytest

from geoprivate.privacy.warnings import PrivacyWarning
from tests import ROOT


def _modules_with_examples():
    names = []
    for top in ("geoprivate", "solvers"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if ">>>" not in path.read_text(encoding="utf-8"):
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join(parts))
    return names


MODULES = _modules_with_examples()

#: every public algorithm and planner whose example must show a private run ("privacy_applies" shown True)
PRIVATE_EXAMPLES = [
    ("geoprivate.prediction.predictor", "GenericPredictor"),
    ("geoprivate.everlasting.generic_bbl", "GenericBBL"),
    ("geoprivate.everlasting.repaired", "RepairedBBL"),
    ("geoprivate.everlasting.label_boost", "label_boost"),
    ("geoprivate.learners.winnow", "dp_winnow"),
    ("geoprivate.learners.decision_lists", "dp_greedy_cover"),
    ("geoprivate.learners.vc1", "OPTPrivateLearner"),
    ("geoprivate.learners.vc1", "ProperLearner"),
    ("geoprivate.mechanisms.median", "private_median"),
    ("geoprivate.planning", "Plan"),
    ("geoprivate.planning", "plan_generic_bbl"),
    ("geoprivate.planning", "plan_everlasting_practical"),
    ("geoprivate.planning", "plan_dp_winnow"),
    ("geoprivate.planning", "plan_dp_greedy_cover"),
    ("geoprivate.planning", "plan_private_median"),
    ("geoprivate.planning", "plan_generic_predictor"),
    ("geoprivate.planning", "run_plan"),
]
#: listed too, without a private run to show: the non-private Algorithm 4.1 and a planner whose run is slow
NO_PRIVATE_RUN = {
    ("geoprivate.learners.winnow", "confident_winnow"): "non-private",
    ("geoprivate.planning", "plan_vc1"): "draws N = t·m examples",
}


def test_the_foundation_modules_are_among_them():
    assert {"solvers.combinatorics", "geoprivate.concepts.finite"} <= set(MODULES)
    assert {m for m, _ in PRIVATE_EXAMPLES} <= set(MODULES)


#: modules whose examples need an optional extra: (module, the package it needs)
NEEDS_EXTRA = {"geoprivate.privacy.tight": "dp_accounting"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    if name in NEEDS_EXTRA and importlib.util.find_spec(NEEDS_EXTRA[name]) is None:
        pytest.skip(f"{name}'s examples need {NEEDS_EXTRA[name]} (an optional extra)")
    with warnings.catch_warnings():
        warnings.simplefilter("error", PrivacyWarning)
        result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def _examples(module: str, name: str) -> list:
    obj = getattr(importlib.import_module(module), name)
    return [e for t in doctest.DocTestFinder(recurse=False).find(obj, name) for e in t.examples]


@pytest.mark.parametrize(("module", "name"), PRIVATE_EXAMPLES)
def test_every_algorithm_shows_a_private_run(module, name):
    """Its example prints ``privacy_applies`` (a ledger's ``all_apply``) and the value starts with True."""
    shown = [e for e in _examples(module, name) if "privacy_applies" in e.source or "all_apply" in e.source]
    assert shown, f"{module}.{name}: no example shows privacy_applies"
    assert all(e.want.lstrip("(").startswith("True") for e in shown), [e.want for e in shown]


@pytest.mark.parametrize(("module", "name"), sorted(NO_PRIVATE_RUN))
def test_the_others_have_an_example_that_says_why(module, name):
    obj = getattr(importlib.import_module(module), name)
    assert _examples(module, name) and NO_PRIVATE_RUN[module, name] in obj.__doc__
