"""The known-broken sparse-vector controls: the vectorised batch samplers keep each run's transcript."""

from __future__ import annotations

import numpy as np

from geoprivate.audit.controls import svt_no_query_noise_batch, svt_output_noisy_value_batch


def _noisy_value_reference(values, epsilon, threshold, rng, size, c):
    """The per-run loop the batch sampler replaced: the same draws, one run at a time."""
    v = np.asarray(values, dtype=np.float64)
    rho = rng.laplace(0.0, 2.0 / epsilon, size=size)
    noisy = v[None, :] + rng.laplace(0.0, 2.0 * c / epsilon, size=(size, v.size))
    out = []
    for r, row in zip(rho.tolist(), noisy.tolist(), strict=True):
        t, tops = [], 0
        for val in row:
            if val >= threshold + r:
                t.append(val)
                tops += 1
                if tops >= c:
                    break
            else:
                t.append(False)
        out.append(tuple(t))
    return out


def test_vectorised_noisy_value_sampler_gives_the_loops_transcripts():
    values = [0.0, 1.0, 2.0, 0.5, 3.0]
    for c in (1, 2, 3):
        got = svt_output_noisy_value_batch(values, 1.0, 1.5, rng=3, size=2000, c=c)
        ref = _noisy_value_reference(values, 1.0, 1.5, np.random.default_rng(3), 2000, c)
        assert got == ref
        assert all(sum(x is not False for x in t) <= c for t in got)


def test_vectorised_no_query_noise_sampler_gives_the_loops_transcripts():
    values = [0.0, 1.0, 2.0]
    got = svt_no_query_noise_batch(values, 1.0, 1.5, rng=4, size=1000)
    rho = np.random.default_rng(4).laplace(0.0, 2.0, size=1000)
    ref = []
    for r in rho.tolist():
        t = []
        for v in values:
            t.append(v >= 1.5 + r)
            if t[-1]:
                break
        ref.append(tuple(t))
    assert got == ref
