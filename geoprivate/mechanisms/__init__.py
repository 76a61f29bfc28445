"""Differential-privacy building blocks, faithful to the papers, with guarantees as data.

Every random function takes ``rng`` (Generator, int seed or None) and an optional
``ledger`` (:class:`geoprivate.privacy.PrivacyLedger`) that receives the guarantee, the
theorem it comes from and whether the theorem's hypotheses hold.

* :mod:`~geoprivate.mechanisms.laplace` — float and exact discrete (safe) Laplace.
* :mod:`~geoprivate.mechanisms.exponential` — exponential mechanism, report-noisy-max.
* :mod:`~geoprivate.mechanisms.sparse_vector` — BetweenThresholds ([Yan26] Alg. 1,
  Lemmas 1–2; [NNSY23] Obs. 2), AboveThreshold ([BF26] Lemma 4.3).
* :mod:`~geoprivate.mechanisms.choosing` — choosing mechanism ([Yan25] Lemma 1, Def. 12).
* :mod:`~geoprivate.mechanisms.median` — private median ([Yan25] Theorem 9): exponential
  mechanism, or ``method="log-star"`` (footnote 3 on RecPrefix-R, options in
  :class:`LogStarOptions`); its :class:`MedianResult` reports ``value``, ``failed``,
  ``privacy_applies`` and ``utility_proved``.
* :mod:`~geoprivate.mechanisms.interior_point` — RecPrefix-R, the toolkit's log*-level private
  interior point (docs/interior_point.md) and its exact output law (its audit lives in
  :mod:`geoprivate.audit.interior_point`, one layer up).
* :mod:`~geoprivate.mechanisms.subsampling` — amplification by sub-sampling ([NNSY23]
  Claim 2.7).

Nothing here imports :mod:`geoprivate.audit`, one layer up, at module level or inside a function
(``tests/house/test_layers.py`` reads every import statement and checks the package graph has no cycle).
"""

from geoprivate.mechanisms.choosing import (
    choosing_applies,
    choosing_guarantee,
    choosing_mechanism,
    choosing_output_law,
    choosing_threshold,
    choosing_utility_loss,
    is_k_bounded,
)
from geoprivate.mechanisms.exponential import (
    exponential_mechanism,
    exponential_mechanism_log_probabilities,
    exponential_mechanism_probabilities,
    report_noisy_max,
)
from geoprivate.mechanisms.interior_point import (
    InteriorPointParameters,
    InteriorPointResult,
    interior_point,
    interior_point_output_law,
    interior_point_parameters,
    interior_point_sample_size,
    is_interior_point,
)
from geoprivate.mechanisms.laplace import (
    bernoulli_exp,
    default_granularity,
    discrete_laplace,
    laplace_mechanism,
    laplace_noise,
)
from geoprivate.mechanisms.median import (
    LogStarOptions,
    MedianResult,
    interior_point_median,
    is_alpha_median,
    log_star_median_sample_size,
    median_failure_bound,
    median_quality,
    median_sample_size,
    private_median,
)
from geoprivate.mechanisms.sparse_vector import (
    AboveThreshold,
    Answer,
    BetweenThresholds,
    HaltedError,
    above_threshold_alpha,
    lemma1_applies,
    lemma1_delta,
    min_gap,
    min_n,
    simulate_between_thresholds,
)
from geoprivate.mechanisms.subsampling import subsample, subsampled

__all__ = [
    "laplace_noise",
    "discrete_laplace",
    "laplace_mechanism",
    "default_granularity",
    "bernoulli_exp",
    "exponential_mechanism",
    "exponential_mechanism_probabilities",
    "exponential_mechanism_log_probabilities",
    "report_noisy_max",
    "Answer",
    "HaltedError",
    "BetweenThresholds",
    "AboveThreshold",
    "min_gap",
    "min_n",
    "lemma1_delta",
    "lemma1_applies",
    "above_threshold_alpha",
    "simulate_between_thresholds",
    "choosing_mechanism",
    "choosing_output_law",
    "choosing_threshold",
    "choosing_utility_loss",
    "is_k_bounded",
    "choosing_applies",
    "choosing_guarantee",
    "private_median",
    "median_quality",
    "is_alpha_median",
    "median_failure_bound",
    "median_sample_size",
    "MedianResult",
    "LogStarOptions",
    "interior_point",
    "interior_point_median",
    "interior_point_output_law",
    "interior_point_parameters",
    "interior_point_sample_size",
    "is_interior_point",
    "log_star_median_sample_size",
    "InteriorPointParameters",
    "InteriorPointResult",
    "subsample",
    "subsampled",
]
