"""Benchmark suites of privacy auditors: mechanisms, neighbouring inputs and claims.

* :mod:`geoprivate.audit.suites.statdp` — StatDP's 11 mechanisms [DWWZK18] (noisy max,
  histogram and the sparse-vector variants of [LSL17]), vectorised samplers.
* :mod:`geoprivate.audit.suites.svt_exact` — exact rational laws of the sparse-vector
  variants with two-sided geometric noise, for :func:`geoprivate.audit.exact_audit`.
* :mod:`geoprivate.audit.suites.noisy_exact` — exact (censored) laws of StatDP's
  noisy-max-value and histogram mechanisms with geometric noise.
"""
