"""The exact sparse-vector laws with geometric noise: outputs pinned to the values before their refactor.

The references were computed by the implementation that preceded :mod:`geoprivate.audit.laws` (its
private geometric tails and per-region polynomials): three laws as literal Fractions, and a SHA-256
digest of the exact laws over a grid of 180 inputs (4 variants, 3 noise bases, 5 query vectors,
3 thresholds).  Exact laws are unique, so any change of these values is a change of the law.
"""

from __future__ import annotations

from fractions import Fraction as F

from geoprivate.audit.suites.svt_exact import SVT_VARIANTS, svt_geometric_law
from tests.audit.suites import grid_digest


def test_svt_geometric_law_literal_references():
    assert svt_geometric_law((0, 2), F(2, 3), "SVT") == {
        (True,): F(106, 247),
        (False, True): F(2241, 6175),
        (False, False): F(1284, 6175),
    }
    assert svt_geometric_law((2, 1), F(1, 2), "iSVT3", 0) == {
        (True,): F(332, 405),
        (False, True): F(26, 3429),
        (False, False): F(8881, 51435),
    }
    assert svt_geometric_law((1, 0), F(1, 2), "iSVT1") == {
        (False, False): F(1, 5),
        (True, False): F(3, 5),
        (True, True): F(1, 5),
    }


def test_svt_geometric_law_grid_is_unchanged():
    laws = [
        svt_geometric_law(q, s, v, t)
        for v in sorted(SVT_VARIANTS)
        for s in (F(1, 2), F(4, 5), F(2, 3))
        for q in [(1,), (0, 2), (2, 1), (0, 1, 2), (3, -1, 1, 0)]
        for t in (1, 0, -2)
    ]
    assert len(laws) == 180
    assert grid_digest(laws) == "aec7f204da2d46b0115ea9a01b712901"
