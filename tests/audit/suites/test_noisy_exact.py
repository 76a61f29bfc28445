"""The exact noisy-max-value law: outputs pinned to the values before its refactor.

The references were computed by the implementation that preceded :mod:`geoprivate.audit.laws`: one
law as literal Fractions and a digest of 48 laws (3 ratios, 4 query vectors, 4 windows).
"""

from __future__ import annotations

from fractions import Fraction as F

from geoprivate.audit.suites.noisy_exact import noisy_max_value_law
from tests.audit.suites import grid_digest


def test_noisy_max_value_law_literal_reference():
    assert noisy_max_value_law((1, 2), F(16, 25), -1, 3) == {
        "<=lo": F(1048576, 26265625),
        0: F(36864, 640625),
        1: F(144, 1025),
        2: F(9, 41),
        ">=hi": F(912, 1681),
    }


def test_noisy_max_value_law_grid_is_unchanged():
    laws = [
        noisy_max_value_law(q, r, lo, hi)
        for r in (F(1, 3), F(16, 25), F(4, 5))
        for q in [(0,), (1, 2), (0, 0, 1), (-3, 4)]
        for lo, hi in [(-6, 8), (-1, 1), (0, 3), (5, 6)]
    ]
    assert grid_digest(laws) == "e071af3d57935763164d3813d7c08be7"
