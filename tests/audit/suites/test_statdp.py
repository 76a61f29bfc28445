"""StatDP's suite [DWWZK18]: its mechanisms, inputs and claims, and the samplers' output laws."""

from __future__ import annotations

import numpy as np
from scipy import stats

from geoprivate.audit.suites import statdp
from geoprivate.audit.suites.statdp import STATDP_CASES, statdp_case, statdp_neighbours


def test_statdp_suite_is_statdps():
    assert [c.name for c in STATDP_CASES] == [
        "noisy_max_v1a", "noisy_max_v1b", "noisy_max_v2a", "noisy_max_v2b", "histogram", "histogram_eps",
        "SVT", "iSVT1", "iSVT2", "iSVT3", "iSVT4",
    ]  # fmt: skip
    assert statdp_neighbours(5, False) == (((1,) * 5, (0, 1, 1, 1, 1)), ((1,) * 5, (2, 1, 1, 1, 1)))
    pairs = statdp_neighbours(5, True)
    assert len(pairs) == 8 and pairs[-1] == ((1, 1, 0, 0, 0), (0, 0, 1, 1, 1))
    assert all(max(abs(a - b) for a, b in zip(*p, strict=True)) <= 1 for p in pairs)
    assert sum(not c.violates(0.7) for c in STATDP_CASES) == 4 and statdp_case("histogram_eps").violates(0.7)
    assert not statdp_case("histogram_eps").violates(1.5)
    rng = np.random.default_rng(0)
    t = statdp_case("SVT").mechanism(0.7)((1,) * 5, rng, 1000)
    assert t.shape == (1000, 5)
    tops = (t == np.inf).sum(axis=1)
    assert tops.max() <= 1 and np.all(np.isnan(t) | (t == np.inf) | (t == -np.inf))
    v = statdp_case("iSVT4").mechanism(0.7)((1,) * 5, rng, 1000)
    assert np.all(np.isfinite(v).sum(axis=1) <= 1)  # one released value at most (c = 1)


def test_the_fast_laplace_noise_has_the_laplace_law():
    """scale · (E1 − E2) is Laplace(0, scale): a Kolmogorov–Smirnov test at 10^5 draws."""
    x = statdp._laplace(np.random.default_rng(0), 2.5, 100_000)
    assert stats.kstest(x, stats.laplace(scale=2.5).cdf).pvalue > 1e-4
    assert statdp._laplace(np.random.default_rng(1), 1.0, (3, 4)).shape == (3, 4)


def test_transcripts_halt_after_the_cutoff():
    """The cut-off rows: NaN after the c-th TOP, for c = 1 (a fast path) and c = 2 (the counting one)."""
    above = np.array([[False, True, True, False], [False, False, False, False], [True, False, True, True]])
    one = statdp.sparse_vector_transcript(above, 1)
    assert np.array_equal(np.isnan(one), [[0, 0, 1, 1], [0, 0, 0, 0], [0, 1, 1, 1]])
    two = statdp.sparse_vector_transcript(above, 2)
    assert np.array_equal(np.isnan(two), [[0, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 1]])
    assert np.array_equal(statdp.sparse_vector_transcript(above, None), np.where(above, np.inf, -np.inf))


def test_every_sampler_draws_n_runs_of_its_claimed_shape():
    rng = np.random.default_rng(2)
    for case in STATDP_CASES:
        out = np.asarray(case.mechanism(0.7)((1,) * 5, rng, 64))
        assert out.shape in ((64,), (64, 5)), case.name
