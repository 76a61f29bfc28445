"""geoprivate — the papers' private prediction and learning algorithms over exact oracles.

Layers (imports point downwards only; ``tests/house/test_layers.py`` enforces it)::

    geoprivate.cli / report / explore / __main__           what a person runs
    geoprivate.claims, experiments, planning, viz,         checks, sweeps, the planner, figures,
      strategies                                           instance spaces searched by verify
    geoprivate.prediction, learners, everlasting,          the papers' algorithms, the problems
              problems, ensembles, adversaries             they run on, their ensembles, their adversaries
    geoprivate.audit                                       exact and statistical privacy auditors
    geoprivate.mechanisms                                  DP building blocks
    geoprivate.privacy                                     accounting only (ledger, composition, warnings)
    geoprivate.concepts                                    concept classes
    geoprivate._validation, _papers, _json                 argument checks, the bibliography, strict JSON
    solvers  (exact oracles, no privacy)

Labels: the solvers and :mod:`geoprivate.concepts` use {0, 1}; algorithms that the
papers state with {-1, +1} convert at their boundary and say so in their docstrings.

The entry points a researcher looks for are importable from the package itself
(``from geoprivate import GenericPredictor``); each lives, and is documented, in its module:

Private prediction, [Yan26] (:mod:`geoprivate.prediction`)
    :class:`GenericPredictor` (Algorithm 2), :class:`CompositionPredictor` (the composition
    baseline), the generators :func:`G_oblivious`, :func:`G_halfspace` and
    :func:`G_halfspace_repaired`.
Private everlasting prediction, [NNSY23] (:mod:`geoprivate.everlasting`)
    :class:`GenericBBL` (§5), :class:`RepairedBBL` (the toolkit's repaired construction, not the
    paper's), :func:`label_boost` (LabelBoost, Appendix C.1).
Private learners, [BF26] and [Yan25] (:mod:`geoprivate.learners`)
    :func:`dp_greedy_cover` (DP-GreedyCover), :func:`dp_winnow` (DP-Winnow, Algorithm 4.2),
    :func:`confident_winnow` (ConfidentWinnow, Algorithm 4.1), :class:`OPTPrivateLearner` and
    :class:`ProperLearner` (the VC-dimension-1 learners of [Yan25]).
Mechanisms (:mod:`geoprivate.mechanisms`)
    :class:`BetweenThresholds`, :class:`AboveThreshold`, :func:`exponential_mechanism`,
    :func:`choosing_mechanism`, :func:`laplace_mechanism`, :func:`private_median`.
Accounting and verdicts (:mod:`geoprivate.privacy`)
    :class:`Guarantee` (what every ``guarantee()`` returns: ε, δ, ``privacy_applies``,
    ``utility_proved``), :class:`PrivacyLedger`, :class:`PrivacyWarning` (outside a privacy
    theorem), :class:`UtilityWarning` (below a sample bound), :class:`PrivacyParameterError`
    (the refusal under ``strict=True``).
Auditors (:mod:`geoprivate.audit`)
    A mechanism of your own: :func:`exact_audit` (from its exact output law: the worst
    neighbouring pair, δ(ε) and ε at δ, a proof for every ε; exhaustive over a finite neighbour
    space or searched with a strategy) and :func:`audit_sampler` (from runs of it: a
    Clopper–Pearson lower bound on ε at a stated false-alarm rate).  Their building blocks in
    :mod:`geoprivate.audit`: the neighbour spaces ``dataset_neighbours`` and
    ``query_vector_neighbours`` (``NeighbourSpace``), the exact laws of
    :mod:`geoprivate.audit.laws` (discrete Laplace noise, clamping, noisy max, noisy-threshold
    comparisons), and ``audit_measurement`` for a mechanism written with OpenDP (its claimed ε
    read from its privacy map; the ``opendp`` extra).  The papers' mechanisms:
    :func:`between_thresholds_audit`, :func:`exponential_mechanism_audit`,
    :func:`interior_point_exact_audit`; the generic :func:`hockey_stick` and
    :func:`statistical_epsilon_lower_bound`.
Claims (:mod:`geoprivate.claims`)
    :func:`run_claim`, :func:`get_claim`, :func:`all_claims`: the papers' statements as checks.
"""

__version__ = "0.1.0"

from geoprivate.audit import (  # noqa: E402
    audit_sampler,
    between_thresholds_audit,
    exact_audit,
    exponential_mechanism_audit,
    hockey_stick,
    interior_point_exact_audit,
    statistical_epsilon_lower_bound,
)
from geoprivate.claims import all_claims, get_claim, run_claim  # noqa: E402
from geoprivate.everlasting import GenericBBL, label_boost  # noqa: E402
from geoprivate.everlasting.repaired import RepairedBBL  # noqa: E402
from geoprivate.learners.decision_lists import dp_greedy_cover  # noqa: E402
from geoprivate.learners.vc1 import OPTPrivateLearner, ProperLearner  # noqa: E402
from geoprivate.learners.winnow import confident_winnow, dp_winnow  # noqa: E402
from geoprivate.mechanisms import (  # noqa: E402
    AboveThreshold,
    BetweenThresholds,
    choosing_mechanism,
    exponential_mechanism,
    laplace_mechanism,
    private_median,
)
from geoprivate.prediction import (  # noqa: E402
    CompositionPredictor,
    G_halfspace,
    G_halfspace_repaired,
    G_oblivious,
    GenericPredictor,
)
from geoprivate.privacy import Guarantee, PrivacyLedger  # noqa: E402
from geoprivate.privacy.warnings import PrivacyParameterError, PrivacyWarning, UtilityWarning  # noqa: E402

__all__ = [
    "__version__",
    "Guarantee",
    "PrivacyLedger",
    "PrivacyWarning",
    "UtilityWarning",
    "PrivacyParameterError",
    "AboveThreshold",
    "BetweenThresholds",
    "choosing_mechanism",
    "exponential_mechanism",
    "laplace_mechanism",
    "private_median",
    "hockey_stick",
    "statistical_epsilon_lower_bound",
    "between_thresholds_audit",
    "exponential_mechanism_audit",
    "interior_point_exact_audit",
    "exact_audit",
    "audit_sampler",
    "GenericPredictor",
    "CompositionPredictor",
    "G_oblivious",
    "G_halfspace",
    "G_halfspace_repaired",
    "GenericBBL",
    "RepairedBBL",
    "label_boost",
    "dp_greedy_cover",
    "dp_winnow",
    "confident_winnow",
    "OPTPrivateLearner",
    "ProperLearner",
    "run_claim",
    "get_claim",
    "all_claims",
]
