"""Privacy auditing: measure the privacy loss of a mechanism instead of trusting prose.

This package sits *above* :mod:`geoprivate.mechanisms` and :mod:`geoprivate.privacy` (it
imports them; they never import it), so that a mechanism module never imports upward and
:mod:`geoprivate.privacy` is accounting only.

Generic testers
    * :mod:`geoprivate.audit.divergence` — :func:`hockey_stick`, :func:`delta_for_epsilon`,
      :func:`epsilon_for_delta`: (ε, δ)-indistinguishability of two laws on a finite
      outcome set, exactly ([NNSY23] Definition 2.1).
    * :mod:`geoprivate.audit.statistical` — :func:`clopper_pearson` and
      :func:`statistical_epsilon_lower_bound` (:class:`AuditResult`): a lower confidence
      bound on ε for any black-box mechanism.

A user's own mechanism
    * :mod:`geoprivate.audit.exact` — :func:`exact_audit` (:class:`ExactAuditResult`,
      :class:`LogRational`): from the mechanism's exact output law and neighbouring pairs
      (a finite space enumerated, an iterable, or a hypothesis strategy searched), the worst
      pair, δ(ε) in exact rationals and the mechanism's ε at δ, proved for any ε.
    * :mod:`geoprivate.audit.neighbours` — :class:`NeighbourSpace`,
      :func:`query_vector_neighbours`, :func:`dataset_neighbours`: finite spaces of
      neighbouring query vectors and datasets, streamed exhaustively or searched.
    * :mod:`geoprivate.audit.sampler` — :func:`audit_sampler` (:class:`SamplerAuditResult`):
      a mechanism known only by sampling, audited as StatDP does [DWWZK18] with automatic
      events and a Clopper–Pearson bound corrected over the pairs.
    * :mod:`geoprivate.audit.laws` — building blocks of exact laws in rationals: two-sided
      geometric (discrete Laplace) noise (:func:`discrete_laplace_pmf`,
      :func:`discrete_laplace_cdf`, :func:`discrete_laplace_sf`, and
      :func:`discrete_laplace_epsilon` — the exact ε to audit at), clamping
      (:func:`clamped_law`), noisy max and argmax, and comparisons with a noisy threshold
      summed over its noise (:func:`noisy_comparison_probability`,
      :func:`shared_threshold_law`, :class:`PiecewiseGeometric`) — no truncation anywhere.
    * :mod:`geoprivate.audit.suites` — StatDP's 11 mechanisms and the exact laws of the
      sparse-vector variants of [LSL17] with geometric noise (built from :mod:`~geoprivate.audit.laws`).

Exact output laws and audits, one module per mechanism (each audit runs :func:`exact_audit`)
    * :mod:`geoprivate.audit.exponential` — :func:`exponential_mechanism_audit`.
    * :mod:`geoprivate.audit.between_thresholds` — BetweenThresholds ([Yan26] Algorithm 1):
      :func:`between_thresholds_output_law` (closed form), the repeated-query law and
      their audits.
    * :mod:`geoprivate.audit.interior_point` — :func:`interior_point_exact_audit` over
      RecPrefix-R's exact law (the law itself lives beside the mechanism).
    * :mod:`geoprivate.audit.controls` — known-broken sparse-vector variants (Lyu, Su, Li
      2017) and the exact law of one of them: positive controls for the auditors.
"""

from geoprivate.audit.between_thresholds import (
    between_thresholds_audit,
    between_thresholds_output_law,
    between_thresholds_repeated_audit,
    between_thresholds_repeated_law,
    between_thresholds_transcripts,
)
from geoprivate.audit.controls import (
    svt_no_query_noise,
    svt_no_query_noise_batch,
    svt_no_query_noise_output_law,
    svt_output_noisy_value,
    svt_output_noisy_value_batch,
)
from geoprivate.audit.divergence import delta_for_epsilon, epsilon_for_delta, hockey_stick
from geoprivate.audit.exact import ExactAuditResult, LogRational, exact_audit
from geoprivate.audit.exponential import exponential_mechanism_audit
from geoprivate.audit.interior_point import interior_point_exact_audit
from geoprivate.audit.laws import (
    PiecewiseGeometric,
    clamped_law,
    discrete_laplace_cdf,
    discrete_laplace_clamped_law,
    discrete_laplace_epsilon,
    discrete_laplace_pmf,
    discrete_laplace_sf,
    noisy_argmax_law,
    noisy_comparison_given_threshold,
    noisy_comparison_probability,
    noisy_max_cdf,
    shared_threshold_law,
    threshold_crossing_law,
)
from geoprivate.audit.neighbours import NeighbourSpace, dataset_neighbours, query_vector_neighbours
from geoprivate.audit.sampler import SamplerAuditResult, audit_sampler
from geoprivate.audit.statistical import AuditResult, clopper_pearson, statistical_epsilon_lower_bound

__all__ = [
    "hockey_stick",
    "delta_for_epsilon",
    "epsilon_for_delta",
    "exponential_mechanism_audit",
    "between_thresholds_transcripts",
    "between_thresholds_output_law",
    "between_thresholds_audit",
    "between_thresholds_repeated_law",
    "between_thresholds_repeated_audit",
    "svt_no_query_noise_output_law",
    "clopper_pearson",
    "AuditResult",
    "statistical_epsilon_lower_bound",
    "interior_point_exact_audit",
    "svt_no_query_noise",
    "svt_no_query_noise_batch",
    "svt_output_noisy_value",
    "svt_output_noisy_value_batch",
    "exact_audit",
    "ExactAuditResult",
    "LogRational",
    "NeighbourSpace",
    "query_vector_neighbours",
    "dataset_neighbours",
    "audit_sampler",
    "SamplerAuditResult",
    "discrete_laplace_pmf",
    "discrete_laplace_cdf",
    "discrete_laplace_sf",
    "discrete_laplace_epsilon",
    "PiecewiseGeometric",
    "clamped_law",
    "discrete_laplace_clamped_law",
    "noisy_max_cdf",
    "noisy_argmax_law",
    "noisy_comparison_given_threshold",
    "noisy_comparison_probability",
    "shared_threshold_law",
    "threshold_crossing_law",
]
