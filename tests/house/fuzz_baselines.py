"""The fuzz walk's data (issue #41): one valid call per public callable, and the share still pending.

``BASELINES`` maps a callable's key (``module.qualname``; a method: ``module.Class.method``) to a valid
call: :func:`~tests.house.fuzz_walk.call` with its keyword arguments, or
:func:`~tests.house.fuzz_walk.method` with a function building the instance first.  A value that must be
built fresh in the child (an object with state) is wrapped in :class:`~tests.house.fuzz_walk.Lazy`;
``_index=("i",)`` marks a parameter that is a position into another argument (its hostile values are
-1, out of range and 2.7); ``_use=f`` applies ``f`` to the result (a generator consumed, a strategy drawn).

A public callable needs an entry here, or its module under ``PENDING_PHASE_2`` (being changed by other
work; a later phase empties the list), or an entry of ``EXEMPT`` with the reason: the walk's coverage test
fails otherwise.  ``CLI_BASELINES`` holds one valid command line per subcommand.
"""

from __future__ import annotations

import io
import math
import os
import tempfile
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st

from tests.house.fuzz_walk import Lazy, call, method

#: modules being changed by other helpers in phase 1: walked by phase 2 (a later helper empties this)
PENDING_PHASE_2 = [
    "geoprivate.audit",
    "geoprivate.claims",
    "geoprivate.planning",
    "geoprivate.everlasting",
    "geoprivate.learners",
    "geoprivate.prediction",
    "geoprivate.report",
    "geoprivate.viz",
    "geoprivate.explore",
    # declared in phase 1, their bodies being rewritten by the perf-solvers branch (phase 1 kept its edits in
    # these files to decorator lines and signatures); what the walk found there:
    "solvers.lp",  # an entry beyond the floats (10**400 in b_ub) is an OverflowError in _prepare's float copy;
    # a c or point of the wrong length says "the constraints have 2 columns" without naming c or point
    "solvers.depth.cdepth",  # z with an entry beyond the floats: the same OverflowError
    "solvers.margins.as_sign_labels",  # a ragged y or X: numpy's message, not naming y or X
    "solvers.margins.as_sign_points",
]

#: the subcommands whose modules are being changed in phase 1 (their flags are walked, not yet asserted)
PENDING_CLI_PHASE_2: list[str] = []

#: public callables (key prefixes) not declared with ``@checked``, and why: the walk still feeds them
EXEMPT = {
    "solvers._checks": "the validation layer itself: it checks `value`; the other parameters are the caller's constants",
    "solvers._domains": "the domain mechanism itself (markers, the decorator, the checks it compiles)",
    "solvers._rational": "exact-number parsers used as domains (coordinate, rational_vector, ...) and kernels",
    "solvers._highs": "the HiGHS kernel (see UNWALKED)",
    "solvers._phase1": "the phase-1 simplex kernel of solvers.depth (see UNWALKED)",
    "solvers.lp._linalg": "a kernel (see UNWALKED)",
    "solvers.margins.as_sign_": "the margins' validation layer (the checked value is walked)",
    "geoprivate.concepts._line.as_": "the line classes' validation layer (the checked value is walked)",
    "geoprivate.mechanisms.exponential.as_scores": "the scores' validation layer (the checked value is walked)",
    "geoprivate._validation.check_": "the validation layer itself (as solvers._checks)",
    "geoprivate.cli._args.Store": "an argparse action (argparse's constructor API)",
    "geoprivate.cli._args.StoreTrue": "an argparse action (argparse's constructor API)",
    "geoprivate.concepts.base.ConceptClass": "an abstract base class (its subclasses declare their domains)",
}


def exempt(key: str) -> bool:
    """Whether ``key`` starts with an entry of :data:`EXEMPT` (not declared with ``@checked``, for its reason)."""
    return any(key.startswith(p) for p in EXEMPT)


#: public callables (key prefixes) without a baseline call, and why
UNWALKED = {
    "solvers._domains.checked": "the decorator: tested in tests/solvers/test_domains.py",
    "solvers._domains.domains": "introspection of the decorator: tested in tests/solvers/test_domains.py",
    "solvers._domains.Domain": "a compiled domain (data): tested in tests/solvers/test_domains.py",
    "solvers._domains.Interval": "a marker (data): tested in tests/solvers/test_domains.py",
    "solvers._domains.Check": "a marker (data): tested in tests/solvers/test_domains.py",
    "solvers._domains.Joint": "a marker (data): tested in tests/solvers/test_domains.py",
    "solvers._domains.Choice": "a marker (data): tested in tests/solvers/test_domains.py",
    "geoprivate.cli._args.Store": "argparse actions: built by argparse, walked through every flag of the CLI walk",
    "geoprivate.cli._args.StoreTrue": "argparse actions: built by argparse, walked through every flag of the CLI walk",
    "solvers._rational.common_denominator": "a kernel of solvers.lp's exact arithmetic (inner loops, checked data in)",
    "solvers._rational.int_row": "a kernel of solvers.lp's exact arithmetic (inner loops, checked data in)",
    "solvers._rational.pow2": "a kernel of solvers.lp's exact arithmetic (inner loops, checked data in)",
    "solvers.lp._linalg.rref": "a kernel of solvers.lp's exact arithmetic (inner loops, checked data in)",
    "solvers._highs": "the HiGHS kernel of solvers.lp and solvers.depth (float candidates, checked data in)",
    "solvers._phase1": "the phase-1 simplex kernel of solvers.depth (a float tableau of checked data; tested there)",
    "geoprivate.concepts.base.ConceptClass": "an abstract base class (its subclasses are walked)",
}

# ------------------------------------------------------------------------------------------- fixtures
M3 = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]]  # thresholds on three points
A1 = ([[1], [-1], [1]], [0, -1, 2])  # constraints (A, w) on the line
A2 = ([[2, 1], [0, -1], [-1, -2], [-2, -2]], [-2, 2, 1, 2])  # in the plane: a LevelBound on the line S2
S2 = ([[1, 1]], [1])


def _figure1_tree():
    from solvers.vc1 import FIGURE1_F, figure1_class, make_tree

    return make_tree(figure1_class(), FIGURE1_F)


def _thresholds_tree():
    from solvers.vc1 import thresholds_tree

    return thresholds_tree(4)


def _tree_index():
    from solvers.vc1 import tree_index

    return tree_index(_thresholds_tree())


def _normalisation():
    from solvers.vc1 import normalise

    return normalise(M3)


def _mistake_tree():
    from solvers.combinatorics import littlestone_dimension

    return littlestone_dimension(M3, return_tree=True)[1]


def _subspace():
    from solvers.affine import AffineSubspace

    return AffineSubspace.full(2)


def _cdepth_result():
    from solvers.depth import max_cdepth

    return max_cdepth(A1)


def _optimize():
    from solvers.lp import maximize

    return maximize([1, 1], [[1, 2], [3, 1], [-1, 0], [0, -1]], [4, 6, 0, 0])


def _margin():
    from solvers.margins import best_margin

    return best_margin([[1, 1], [1, -1], [-1, 1], [-1, -1]], [1, 1, -1, -1])


def _formulation():
    from solvers.formulations import feasibility_problem

    return feasibility_problem([[1, 1], [-1, 0]], [1, 0])


def _fields(make):
    """The baseline of a record's constructor: the fields of a record ``make()`` returns."""
    import dataclasses

    names = [f.name for f in dataclasses.fields(make()) if f.init]
    return call(**{n: Lazy(lambda n=n: getattr(make(), n)) for n in names})


def _ledger():
    from geoprivate.privacy import PrivacyLedger

    led = PrivacyLedger()
    led.record("laplace", 0.5, 0.0, "Dwork-Roth Thm 3.6", scale=2.0)
    return led


def _tally():
    from geoprivate.privacy.warnings import WarningTally

    t = WarningTally()
    t.add("PrivacyWarning", "gap 0.25 < 1.5")
    return t


def _ip_params():
    from geoprivate.mechanisms.interior_point import interior_point_parameters

    return interior_point_parameters(2**10, 1.0, 1e-6, 0.1, mode="practical", k_scale=0.05)


def _ip_result():
    from geoprivate.mechanisms.interior_point import run_interior_point

    return run_interior_point(list(range(0, 1000, 7)), _ip_params(), rng=0)


def _median_domain():
    from geoprivate.mechanisms.median import median_domain

    return median_domain([1, 2, 3, 4], 8)


def _median_result():
    from geoprivate.mechanisms.median import private_median

    return private_median(np.arange(100) % 10, np.arange(10), epsilon=1.0, rng=0)


def _bt():
    from geoprivate.mechanisms import BetweenThresholds

    return BetweenThresholds(0.5, 0.3, 0.7, n=10_000, rng=0)


def _above():
    from geoprivate.mechanisms.sparse_vector import AboveThreshold

    return AboveThreshold(0.5, 0.8, 0.1, rng=0)


def _stopped():
    from geoprivate.mechanisms.stopper import StoppedBetweenThresholds

    return StoppedBetweenThresholds(0.5, 0.3, 0.7, 10_000, rng=0, c=4, epsilon_stop=1.0, beta_stop=0.1, max_queries=100)


def _finite():
    from geoprivate.concepts import FiniteClass

    return FiniteClass([[0, 0, 1], [0, 1, 1], [1, 1, 1]], domain="abc")


def _thresholds():
    from geoprivate.concepts import Thresholds

    return Thresholds()


def _intervals():
    from geoprivate.concepts import Intervals

    return Intervals()


def _point_functions():
    from geoprivate.concepts import PointFunctions

    return PointFunctions([0, 1, 2, 3])


def _halfspaces():
    from geoprivate.concepts import Halfspaces

    return Halfspaces(2)


def _threshold_ensemble():
    from geoprivate.ensembles import ThresholdEnsemble

    return ThresholdEnsemble([0.2, 0.5, 0.6])


def _interval_ensemble():
    from geoprivate.ensembles import IntervalEnsemble

    return IntervalEnsemble([(0.2, 0.5), (0.3, 0.6), None])


def _halfspace_ensemble():
    from geoprivate.ensembles import HalfspaceEnsemble

    return HalfspaceEnsemble([((1.0, 0.0), 0.5), ((0.0, 1.0), 0.25)])


def _finite_ensemble():
    from geoprivate.ensembles import FiniteEnsemble

    return FiniteEnsemble(np.array(M3), [0, 2, 3])


def _problem():
    from geoprivate.problems import draw_problem

    return draw_problem("thresholds", 0, n_sample=10)


def _target():
    return _problem().target


def _sequence():
    from geoprivate.adversaries import binary_search_sequence

    return binary_search_sequence(5)


def _disagreement():
    from geoprivate.adversaries.adaptive import DisagreementAdversary
    from geoprivate.adversaries.stochastic import uniform_line

    return DisagreementAdversary(uniform_line(), rng=0, pool=8)


def _view():
    from geoprivate.adversaries.base import View

    return View(0, [], _threshold_ensemble())


def _stochastic():
    from geoprivate.adversaries.stochastic import Stochastic, uniform_line

    return Stochastic(uniform_line(), rng=0)


def _spec():
    from geoprivate.experiments.spec import parse_spec

    return parse_spec(
        {"name": "demo", "target": "geoprivate.experiments.targets:trivial", "seeds": 2, "grid": {"x": [1, 2]}}
    )


def _store_path():
    return os.path.join(tempfile.mkdtemp(prefix="geoprivate-fuzz-"), "s.db")


def _store():
    from geoprivate.experiments.store import Store

    return Store(_store_path())


def _filled_store():
    from geoprivate.experiments.runner import run_sweep

    db = _store_path()
    run_sweep(_spec(), db, progress=False)
    return db


def _small_file():
    path = os.path.join(tempfile.mkdtemp(prefix="geoprivate-fuzz-"), "plan.json")
    with open(path, "w") as f:
        f.write("{}\n")
    return path


def _spec_file():
    from geoprivate.experiments.spec import write_spec

    return str(
        write_spec(
            os.path.join(tempfile.mkdtemp(prefix="geoprivate-fuzz-"), "s.toml"),
            name="demo",
            target="geoprivate.experiments.targets:trivial",
            seeds=2,
            grid={"x": [1, 2]},
        )
    )


def _sweep_report():
    from geoprivate.experiments.runner import run_sweep

    return run_sweep(_spec(), _store_path(), progress=False)


def _bisection_view():
    from geoprivate.adversaries.base import View
    from geoprivate.prediction.transcript import Transcript

    return View(0, Transcript(), None)


def _writer():
    s = _store()
    s.acquire_writer()
    return s


def _registered():
    s = _store()
    s.register(_spec())
    return s


def _search(target):
    from geoprivate.experiments import targets

    params = {
        "adversary_search": {"T": 8, "k": 4, "epsilon": 1.0, "iters": 2},
        "audit_search": {
            "mechanism": "between_thresholds",
            "epsilon": 0.5,
            "iters": 2,
            "n_search": 200,
            "n_samples": 500,
        },
    }[target]
    return getattr(targets, target)(params, np.random.default_rng(0))["instance"]


def _shell():
    class Events:
        def register(self, *args):
            pass

    class Shell:
        events = Events()

    return Shell()


def _level_bound():
    from solvers.depth import max_cdepth

    return max_cdepth(A2, S2).upper


def _draw(strategy):
    from hypothesis import find

    return find(strategy, lambda _: True)


# ------------------------------------------------------------------------------------------- solvers
BASELINES: dict = {
    # solvers._checks (the validation layer: the checked value is walked)
    "solvers._checks.as_binary_matrix": call(M=M3),
    "solvers._checks.as_array": call(x=[[0, 1], [1, 0]], name="x", _walk=()),
    "solvers._checks.as_binary_vector": call(v=[0, 1, 1], name="v", _walk=("v",)),
    "solvers._checks.as_columns_and_labels": call(
        M=np.array(M3, dtype=np.uint8), cols=[0, 2], labels=[1, 0], _walk=("cols", "labels")
    ),
    "solvers._checks.as_positions": call(idx=[0, 2], name="idx", _walk=("idx",)),
    "solvers._checks.as_list": call(value=Lazy(lambda: (1, 2)), name="value", _walk=("value",)),
    "solvers._checks.as_rng": call(rng=0),
    "solvers._checks.check_arrangement_work": call(m=4, r=2, max_work=10**6, what="x", _walk=("max_work",)),
    "solvers._checks.check_array_bytes": call(n_bytes=100, what="n_bytes", _walk=()),
    "solvers._checks.check_bool": call(value=True, name="value", _walk=("value",)),
    "solvers._checks.check_int_in_range": call(n=3, name="n", low=0, high=10, _walk=("n",)),
    "solvers._checks.check_nonneg_int": call(n=3, name="n", _walk=("n",)),
    "solvers._checks.check_positive_int": call(n=3, name="n", _walk=("n",)),
    "solvers._checks.check_positive_real": call(value=0.25, name="value", _walk=("value",)),
    "solvers._checks.check_probability": call(p=0.5, name="p", _walk=("p",)),
    "solvers._checks.check_real": call(value=0.5, name="value", _walk=("value",)),
    "solvers._checks.check_subspace": call(subspace=([[1, 1]], [1]), _walk=("subspace",)),
    "solvers._checks.check_certificate_pair": call(
        value=Lazy(lambda: __import__("solvers.lp").lp.FarkasCertificate((1, 1), ())), name="value", _walk=("value",)
    ),
    "solvers._checks.real_number": call(value=0.5, name="value", _walk=("value",)),
    "solvers._checks.check_work": call(estimate=10, max_work=100, what="estimate", _walk=("max_work",)),
    "solvers._checks.shown": call(value=0.5, _walk=()),
    "solvers._domains.check_rng": call(value=0, name="value", _walk=("value",)),
    "solvers._domains.check_callable": call(value=len, name="value", _walk=("value",)),
    # solvers._rational
    "solvers._rational.coordinate": call(x=0.5, name="x", _walk=("x",)),
    "solvers._rational.rational_matrix": call(X=[[1, 2], [3, 4]], name="X", _walk=("X",)),
    "solvers._rational.rational_points": call(X=[[1, 2], [3, 4]], name="X", _walk=("X",)),
    "solvers._rational.rational_vector": call(v=[1, 2], name="v", _walk=("v",)),
    "solvers._rational.to_fraction": call(x=0.5, name="x", allow_bool=False, _walk=("x",)),
    # solvers.affine
    "solvers.affine.AffineSubspace": call(point=(Fraction(0), Fraction(0)), basis=((Fraction(1), Fraction(0)),)),
    "solvers.affine.AffineSubspace.full": call(dim=3),
    "solvers.affine.AffineSubspace.from_point_and_directions": call(point=[1, 2], directions=[[1, 0]]),
    "solvers.affine.AffineSubspace.from_equations": call(A=[[1, 1]], b=[2]),
    "solvers.affine.AffineSubspace.intersect": method(_subspace, a=[1, 1], w=2),
    "solvers.affine.AffineSubspace.contains": method(_subspace, p=[2, 0]),
    "solvers.affine.AffineSubspace.to_ambient": method(_subspace, coords=[1, 2]),
    "solvers.affine.AffineSubspace.from_ambient": method(_subspace, p=[1, 2]),
    "solvers.affine.AffineSubspace.equations": method(_subspace),
    "solvers.affine.AffineSubspace.restrict": method(_subspace, A=[[1, 1]], b=[2]),
    "solvers.affine.IntersectResult": call(subspace=Lazy(_subspace), redundant=False, empty=False),
    # solvers.combinatorics
    "solvers.combinatorics.dichotomies": call(M=M3),
    "solvers.combinatorics.empirical_errors": call(M=M3, cols=[0, 2], labels=[1, 0]),
    "solvers.combinatorics.erm": call(M=M3, cols=[0, 2], labels=[1, 0]),
    "solvers.combinatorics.is_mistake_tree": call(M=M3, tree=Lazy(_mistake_tree), depth=2),
    "solvers.combinatorics.is_shattered": call(M=M3, cols=[1], _index=("cols",)),
    "solvers.combinatorics.is_threshold_chain": call(M=M3, points=[0, 1], concepts=[1, 2]),
    "solvers.combinatorics.littlestone_dimension": call(M=M3),
    "solvers.combinatorics.restrict": call(M=M3, cols=[0, 2], labels=[1, 0]),
    "solvers.combinatorics.sauer_bound": call(n=5, d=2),
    "solvers.combinatorics.shattered_set": call(M=M3),
    "solvers.combinatorics.shattered_sets": call(M=M3),
    "solvers.combinatorics.threshold_dimension": call(M=M3),
    "solvers.combinatorics.vc_dimension": call(M=M3),
    # solvers.depth
    "solvers.depth.AnchoringBound": call(level=1, rounds=()),
    "solvers.depth.CDepthResult": _fields(_cdepth_result),
    "solvers.depth.HullCertificate": _fields(lambda: _cdepth_result().certificate),
    "solvers.depth.LevelBound": call(level=1, h=(Fraction(1),), offset=Fraction(0), multipliers=(Fraction(1),)),
    "solvers.depth.cdepth": call(constraints=([[1], [-1]], [0, -1]), z=[0.5]),
    "solvers.depth.depth": call(constraints=A1, z=[[1], [5], [-3]]),
    "solvers.depth.is_hull_certificate": call(constraints=A1, cert=Lazy(lambda: _cdepth_result().certificate)),
    "solvers.depth.is_level_bound": call(constraints=A2, bound=Lazy(_level_bound), subspace=S2),
    "solvers.depth.max_cdepth": call(constraints=A1),
    "solvers.depth.max_depth_brute": call(constraints=A1),
    # solvers.formulations
    "solvers.formulations.Formulation": call(
        objective=Lazy(lambda: _formulation().objective),
        constraints=Lazy(lambda: _formulation().con),
        variables=Lazy(lambda: _formulation().var),
        source="test",
    ),
    "solvers.formulations.Formulation.solve": method(_formulation),
    "solvers.formulations.Formulation.with_constraints": method(_formulation),
    "solvers.formulations.Formulation.with_objective": method(
        _formulation, objective=Lazy(lambda: _formulation().objective)
    ),
    "solvers.formulations.cdepth_level_problem": call(points=[[0.0], [1.0]]),
    "solvers.formulations.feasibility_problem": call(A_ub=[[1, 1], [-1, 0]], b_ub=[1, 0]),
    "solvers.formulations.margin_problem": call(X=[[1, 1], [-1, -1]], labels=[1, 0]),
    "solvers.formulations.optimization_problem": call(c=[1, 1], A_ub=[[1, 2], [3, 1]], b_ub=[4, 6]),
    # solvers.generators
    "solvers.generators.figure1_matrix": call(),
    "solvers.generators.intervals_matrix": call(n=4),
    "solvers.generators.point_functions_matrix": call(n=4),
    "solvers.generators.power_set_matrix": call(n=3),
    "solvers.generators.random_instances": call(rng=0, count=3, max_concepts=4, max_points=3),
    "solvers.generators.random_matrix": call(n_concepts=4, n_points=3, density=0.5, rng=0),
    "solvers.generators.thresholds_matrix": call(n=4),
    # solvers.halfspaces
    "solvers.halfspaces.HalfspaceWitness": _fields(
        lambda: __import__("solvers.halfspaces").halfspaces.halfspace_witness([[0.0], [1.0]], [0, 1])
    ),
    "solvers.halfspaces.cover_count": call(n=20, d=2),
    "solvers.halfspaces.dual_constraints": call(X=[[0.0], [1.0]], labels=[0, 1], form="faithful"),
    "solvers.halfspaces.dual_hypothesis": call(z=[1, 2, 3]),
    "solvers.halfspaces.halfspace_dichotomies": call(X=[[0.0], [1.0], [2.0]]),
    "solvers.halfspaces.halfspace_predicate": call(a=[1, 1], w=1, X=[[0, 0], [1, 0], [0.5, 0.5]]),
    "solvers.halfspaces.halfspace_witness": call(X=[[0.0], [1.0]], labels=[0, 1]),
    "solvers.halfspaces.is_halfspace_dichotomy": call(X=[[0.0], [1.0]], labels=[0, 1]),
    # solvers.lp
    "solvers.lp.FarkasCertificate": call(y_ub=(Fraction(1), Fraction(1)), y_eq=()),
    "solvers.lp.FeasibilityResult": call(feasible=True, point=(Fraction(0),), certificate=None),
    "solvers.lp.OptimizeResult": _fields(_optimize),
    "solvers.lp.feasible_point": call(A_ub=[[1, 1], [-1, 0], [0, -1]], b_ub=[1, 0, 0]),
    "solvers.lp.is_farkas_certificate": call(
        A_ub=[[1], [-1]], b_ub=[0, -1], A_eq=None, b_eq=None, certificate=((1, 1), ())
    ),
    "solvers.lp.is_feasible_point": call(A_ub=[[1, 1]], b_ub=[1], A_eq=None, b_eq=None, point=[0.5, 0.5]),
    "solvers.lp.is_optimize_certificate": call(
        c=[1, 1],
        A_ub=[[1, 2], [3, 1], [-1, 0], [0, -1]],
        b_ub=[4, 6, 0, 0],
        A_eq=None,
        b_eq=None,
        result=Lazy(_optimize),
    ),
    "solvers.lp.maximize": call(c=[1, 1], A_ub=[[1, 2], [3, 1], [-1, 0], [0, -1]], b_ub=[4, 6, 0, 0]),
    # solvers.margins
    "solvers.margins.MarginResult": _fields(_margin),
    "solvers.margins.as_sign_labels": call(y=[1, -1], _walk=("y",)),
    "solvers.margins.as_sign_points": call(X=[[1, -1], [-1, 1]], _walk=("X",)),
    "solvers.margins.best_margin": call(X=[[1, 1], [1, -1], [-1, 1], [-1, -1]], y=[1, 1, -1, -1]),
    "solvers.margins.decision_list_alternations": call(signs=[1, -1, 1]),
    "solvers.margins.decision_list_halfspace": call(variables=[0, 1], signs=[1, -1, 1], d=3),
    "solvers.margins.decision_list_values": call(variables=[0, 1], signs=[1, -1, 1], X=[[1, -1, 1], [-1, 1, 1]]),
    "solvers.margins.feature_points": call(Phi=[[1, 0], [0, 0]]),
    "solvers.margins.hypercube": call(d=3),
    "solvers.margins.is_best_margin": call(
        X=[[1, 1], [1, -1], [-1, 1], [-1, -1]], y=[1, 1, -1, -1], result=Lazy(_margin)
    ),
    "solvers.margins.margin": call(v=[1, 1, 0], X=[[1, 1, -1], [-1, -1, 1]], y=[1, -1]),
    "solvers.margins.nonnegative_embedding": call(v=[1, -1]),
    "solvers.margins.point_function_embedding": call(T=4),
    # solvers.vc1
    "solvers.vc1.Normalisation": _fields(_normalisation),
    "solvers.vc1.Normalisation.expand": method(_normalisation, row=[1, 0, 1]),
    "solvers.vc1.TreeIndex": _fields(_tree_index),
    "solvers.vc1.TreeIndex.lca": method(_tree_index, u=[0, 1], v=[1, 2]),
    "solvers.vc1.TreeIndex.subtree_counts": method(_tree_index, nodes=[0, 1], among=[1, 2]),
    "solvers.vc1.catalogue": call(n_points=3),
    "solvers.vc1.class_from_tree": call(tree=Lazy(_thresholds_tree), proper=[0, 1, 2, 3]),
    "solvers.vc1.deepest_node": call(tree=Lazy(_thresholds_tree), nodes=[0, 1]),
    "solvers.vc1.deterministic_points": call(M=M3, cols=[0], labels=[1]),
    "solvers.vc1.distance": call(tree=Lazy(_thresholds_tree), x=2),
    "solvers.vc1.f_represent_labels": call(f_row=[0, 1, 0], cols=[0, 2], labels=[1, 0]),
    "solvers.vc1.f_representation": call(M=[[0, 1], [1, 1]], f=1),
    "solvers.vc1.from_f_representation": call(Mf=[[0, 1], [1, 1]], f_row=[1, 0]),
    "solvers.vc1.hasse_diagram": call(M=M3),
    "solvers.vc1.is_subtree_good": call(
        tree=Lazy(_thresholds_tree),
        sub=Lazy(lambda: __import__("solvers.vc1").vc1.make_subtree(_thresholds_tree(), 1, {0, 1, 2, 3})),
        x_good=1,
        proper=[0, 1, 2, 3],
    ),
    "solvers.vc1.is_vc1_tree": call(
        M=Lazy(lambda: __import__("solvers.vc1").vc1.figure1_class()), tree=Lazy(_figure1_tree)
    ),
    "solvers.vc1.is_vc1_tree_form": call(tree=Lazy(_figure1_tree)),
    "solvers.vc1.make_subtree": call(tree=Lazy(_thresholds_tree), x_good=1, proper=[0, 1, 2, 3]),
    "solvers.vc1.make_tree": call(M=M3, f=0),
    "solvers.vc1.node_values": call(subtree=Lazy(_thresholds_tree), cols=[0, 2], labels=[1, 0]),
    "solvers.vc1.node_weights": call(tree=Lazy(_thresholds_tree), cols=[0, 2], labels=[1, 0]),
    "solvers.vc1.normalise": call(M=M3),
    "solvers.vc1.order_matrix": call(M=M3),
    "solvers.vc1.partial_order": call(M=M3),
    "solvers.vc1.point_functions_class": call(n_points=4),
    "solvers.vc1.proper_nodes": call(M=M3, tree=Lazy(lambda: __import__("solvers.vc1").vc1.make_tree(M3, 0))),
    "solvers.vc1.random_vc1_class": call(n_points=5, rng=0),
    "solvers.vc1.random_vc1_tree": call(n_points=5, rng=0),
    "solvers.vc1.root_path": call(tree=Lazy(_thresholds_tree), x=2),
    "solvers.vc1.shattered_pair": call(M=M3),
    "solvers.vc1.thresholds_tree": call(n_points=4),
    "solvers.vc1.tree_class": call(M=M3, tree=Lazy(lambda: __import__("solvers.vc1").vc1.make_tree(M3, 0))),
    "solvers.vc1.tree_from_parents": call(parent=[-1, 0, 1], proper=[True, True, True]),
    "solvers.vc1.tree_index": call(tree=Lazy(_thresholds_tree)),
    "solvers.vc1.tree_parents": call(tree=Lazy(_thresholds_tree)),
    "solvers.vc1.tree_problem": call(parent=[-1, 0, 1], proper=[True, True, True], _refusal=lambda r: r is not None),
    "solvers.vc1.version_space_lca": call(index=Lazy(_tree_index), part=[0, 0], node=[1, 2], label=[1, 0], t=1),
}

# ------------------------------------------------------------------------------------------- geoprivate
BASELINES.update(
    {
        # geoprivate._validation (the validation layer: the checked value is walked)
        "geoprivate._validation.check_delta": call(_walk=("delta",), delta=1e-6),
        "geoprivate._validation.check_epsilon": call(_walk=("epsilon",), epsilon=0.5),
        "geoprivate._validation.check_finite_array": call(a=[0.5, 1.0], name="a", _walk=("a",)),
        "geoprivate._validation.check_index": call(i=1, size=3, name="i", _walk=("i",)),
        "geoprivate._validation.check_indices": call(idx=[0, 2], size=3, name="idx", _walk=("idx",)),
        "geoprivate._validation.check_line_points": call(points=[0.2, 0.5], _walk=("points",)),
        "geoprivate._validation.check_noise_scale": call(scale=2.0, name="scale", _walk=("scale",)),
        "geoprivate._validation.check_path": call(value="x.db", name="value", _walk=("value",)),
        "geoprivate._validation.check_pac_privacy": call(
            alpha=0.1, beta=0.1, epsilon=0.5, delta=1e-6, _walk=("alpha", "beta", "epsilon", "delta")
        ),
        "geoprivate._validation.check_probability_vector": call(p=[0.25, 0.75], name="p", _walk=("p",)),
        "geoprivate._validation.check_seed": call(_walk=("seed",), seed=3),
        "geoprivate._validation.check_sensitivity": call(_walk=("sensitivity",), sensitivity=1.0),
        "geoprivate._json.strict_json": call(value={"a": [1.0, Fraction(1, 3)]}),
        "geoprivate._papers.Reference": call(key="X", authors=("A. B",), title="T", venue="V", year=2024),
        "geoprivate._papers.cite": call(key="Yan25", statement="Lemma 1"),
        "geoprivate._papers.full_citation": call(key="Yan25"),
        "geoprivate._papers.to_bibtex": call(),
        # privacy
        "geoprivate.privacy.accounting.Guarantee": call(epsilon=0.5, delta=1e-6),
        "geoprivate.privacy.accounting.Guarantee.with_utility": method(
            lambda: __import__("geoprivate").Guarantee(0.5, 1e-6), proved=True
        ),
        "geoprivate.privacy.accounting.Guarantee.implies": method(
            lambda: __import__("geoprivate").Guarantee(0.5, 1e-6),
            other=Lazy(lambda: __import__("geoprivate").Guarantee(1.0, 1e-5)),
        ),
        "geoprivate.privacy.accounting.LedgerEntry": call(mechanism="laplace", epsilon=0.5, delta=0.0, theorem="T"),
        "geoprivate.privacy.accounting.PrivacyLedger": call(),
        "geoprivate.privacy.accounting.PrivacyLedger.record": method(
            _ledger, mechanism="laplace", epsilon=0.5, delta=0.0, theorem="Dwork-Roth Thm 3.6"
        ),
        "geoprivate.privacy.accounting.PrivacyLedger.unsupported": method(_ledger),
        "geoprivate.privacy.accounting.PrivacyLedger.basic_composition": method(_ledger),
        "geoprivate.privacy.accounting.PrivacyLedger.advanced_composition": method(_ledger, delta_prime=1e-6),
        "geoprivate.privacy.accounting.PrivacyLedger.summary": method(_ledger),
        "geoprivate.privacy.accounting.advanced_composition": call(epsilon=0.1, delta=0.0, k=100, delta_prime=1e-6),
        "geoprivate.privacy.accounting.basic_composition": call(
            guarantees=Lazy(lambda: [__import__("geoprivate").Guarantee(0.5, 0.0)] * 2)
        ),
        "geoprivate.privacy.accounting.c_tops_composition": call(epsilon=0.1, delta=1e-6, c=4),
        "geoprivate.privacy.accounting.subsampling_amplification": call(
            epsilon_prime=1.0, delta_prime=1e-6, epsilon=0.5, n=10
        ),
        "geoprivate.privacy.accounting.check_accountant": call(accountant="tight"),
        "geoprivate.privacy.tight.require_dp_accounting": call(),
        "geoprivate.privacy.tight.kov_delta": call(k=2, exp_epsilon=3, delta=0, exp_epsilon_total=1),
        "geoprivate.privacy.tight.tight_delta": call(
            components=Lazy(lambda: [(__import__("geoprivate").Guarantee(0.5, 0.0), 2)]), epsilon=0.5
        ),
        "geoprivate.privacy.tight.tight_composition": call(
            components=Lazy(lambda: [(__import__("geoprivate").Guarantee(0.1, 0.0), 10)]), delta=1e-6
        ),
        "geoprivate.privacy.tight.tight_step_epsilon": call(count=10, epsilon=1.0, delta=1e-6, rtol=0.1),
        "geoprivate.privacy.tight.tight_c_tops_composition": call(epsilon=0.1, delta=1e-7, c=4),
        "geoprivate.privacy.warnings.error_bound_says_something": call(name="x", alpha=0.25),
        "geoprivate.privacy.warnings.WarningTally": call(),
        "geoprivate.privacy.warnings.WarningTally.add": method(_tally, category="PrivacyWarning", message="m"),
        "geoprivate.privacy.warnings.WarningTally.merge": method(_tally, records=Lazy(lambda: _tally().records())),
        "geoprivate.privacy.warnings.WarningTally.records": method(_tally),
        "geoprivate.privacy.warnings.WarningTally.lines": method(_tally),
        "geoprivate.privacy.warnings.WarningTally.report": method(
            _tally, file=Lazy(lambda: __import__("io").StringIO())
        ),
        "geoprivate.privacy.warnings.active_tally": call(),
        "geoprivate.privacy.warnings.count_warnings_per_cell": call(shell=Lazy(_shell)),
        "geoprivate.privacy.warnings.counted_warnings": call(_use=lambda cm: cm.__enter__()),
        "geoprivate.privacy.warnings.warn_below_sample_bound": call(message="below"),
        "geoprivate.privacy.warnings.warn_outside_theorem": call(message="outside"),
        "geoprivate.privacy.warnings.warning_cause": call(message="gap 0.25 < 1.5"),
        # mechanisms.choosing
        "geoprivate.mechanisms.choosing.choosing_applies": call(epsilon=0.5),
        "geoprivate.mechanisms.choosing.choosing_guarantee": call(epsilon=0.5, delta=1e-6),
        "geoprivate.mechanisms.choosing.choosing_mechanism": call(
            scores=[0, 3, 40], epsilon=1.0, delta=1e-6, k=1, rng=0
        ),
        "geoprivate.mechanisms.choosing.choosing_output_law": call(scores=[0, 3, 40], epsilon=1.0, delta=1e-6, k=1),
        "geoprivate.mechanisms.choosing.choosing_threshold": call(epsilon=0.5, delta=1e-6, k=2),
        "geoprivate.mechanisms.choosing.choosing_utility_loss": call(epsilon=0.5, delta=1e-6, k=2, n=100, beta=0.1),
        "geoprivate.mechanisms.choosing.is_k_bounded": call(
            quality=lambda data, z: sum(1 for x in data if x == z), data=[0, 1, 1], candidates=[0, 1, 2], k=1
        ),
        # mechanisms.exponential
        "geoprivate.mechanisms.exponential.as_scores": call(scores=[0.0, 2.0], _walk=("scores",)),
        "geoprivate.mechanisms.exponential.exponential_mechanism": call(scores=[0.0, 2.0], epsilon=1.0, rng=0),
        "geoprivate.mechanisms.exponential.exponential_mechanism_log_probabilities": call(
            scores=[0.0, 2.0], epsilon=1.0
        ),
        "geoprivate.mechanisms.exponential.exponential_mechanism_probabilities": call(scores=[0.0, 2.0], epsilon=1.0),
        "geoprivate.mechanisms.exponential.report_noisy_max": call(scores=[0.0, 2.0], epsilon=1.0, rng=0),
        # mechanisms.interior_point
        "geoprivate.mechanisms.interior_point.InteriorPointParameters": _fields(_ip_params),
        "geoprivate.mechanisms.interior_point.InteriorPointResult": _fields(_ip_result),
        "geoprivate.mechanisms.interior_point.boundary_candidates": call(prefix=2, z=3, b=4, domain_size=16),
        "geoprivate.mechanisms.interior_point.choose_candidate": call(
            sorted_values=[1, 2, 5], candidates=[1, 4], epsilon_step=0.5, rng=Lazy(lambda: np.random.default_rng(0))
        ),
        "geoprivate.mechanisms.interior_point.choose_prefix": call(
            prefixes=[0, 1],
            counts=[3, 1],
            epsilon_step=0.5,
            delta_step=1e-6,
            rng=Lazy(lambda: np.random.default_rng(0)),
        ),
        "geoprivate.mechanisms.interior_point.domain_chain": call(domain_size=2**20),
        "geoprivate.mechanisms.interior_point.interior_point": call(
            values=list(range(0, 1000, 7)),
            domain_size=2**10,
            epsilon=1.0,
            delta=1e-6,
            beta=0.1,
            mode="practical",
            k_scale=0.05,
            rng=0,
        ),
        "geoprivate.mechanisms.interior_point.interior_point_output_law": call(
            values=[1, 2, 3], domain_size=8, epsilon=1.0, delta=1e-6, beta=0.1, mode="practical", k_scale=0.05
        ),
        "geoprivate.mechanisms.interior_point.interior_point_parameters": call(
            domain_size=2**10, epsilon=1.0, delta=1e-6, beta=0.1
        ),
        "geoprivate.mechanisms.interior_point.interior_point_sample_size": call(
            domain_size=2**32, epsilon=1.0, delta=1e-6, beta=0.1
        ),
        "geoprivate.mechanisms.interior_point.interior_quality": call(sorted_values=[1, 2, 5], v=3),
        "geoprivate.mechanisms.interior_point.interval_exponential_law": call(
            sorted_values=[1, 2, 5], domain_size=8, epsilon=1.0
        ),
        "geoprivate.mechanisms.interior_point.interval_exponential_mechanism": call(
            sorted_values=[1, 2, 5], domain_size=8, epsilon=1.0, rng=Lazy(lambda: np.random.default_rng(0))
        ),
        "geoprivate.mechanisms.interior_point.iq_segments": call(sorted_values=[1, 2, 5], domain_size=8),
        "geoprivate.mechanisms.interior_point.is_interior_point": call(values=[1, 2, 5], v=3),
        "geoprivate.mechanisms.interior_point.iterated_log2": call(n=16),
        "geoprivate.mechanisms.interior_point.lcp": call(x=5, y=4, b=4),
        "geoprivate.mechanisms.interior_point.pair_lcps": call(values=[5, 4, 12, 13], order=[0, 1, 2, 3], b=4),
        "geoprivate.mechanisms.interior_point.prefix_counts": call(values=[5, 4, 12, 13], z=2, b=4),
        "geoprivate.mechanisms.interior_point.random_pairing": call(n=6, rng=Lazy(lambda: np.random.default_rng(0))),
        "geoprivate.mechanisms.interior_point.run_interior_point": call(
            points=list(range(0, 1000, 7)), params=Lazy(_ip_params), rng=0
        ),
        "geoprivate.mechanisms.interior_point.trim": call(values=[1, 2, 3, 4, 5], k=1),
        "geoprivate.mechanisms.interior_point.trim_amount": call(n=100, b=4, params=Lazy(_ip_params)),
        # mechanisms.laplace
        "geoprivate.mechanisms.laplace.bernoulli_exp": call(gamma=Fraction(1, 2), rng=0),
        "geoprivate.mechanisms.laplace.default_granularity": call(scale=2.0),
        "geoprivate.mechanisms.laplace.discrete_laplace": call(scale=2.0, size=3, rng=0),
        "geoprivate.mechanisms.laplace.laplace_mechanism": call(value=1.0, epsilon=0.5, rng=0),
        "geoprivate.mechanisms.laplace.laplace_noise": call(scale=2.0, size=3, rng=0),
        "geoprivate.mechanisms.laplace.uniform_below": call(n=10, rng=Lazy(lambda: np.random.default_rng(0))),
        # mechanisms.median
        "geoprivate.mechanisms.median.LogStarOptions": call(mode="practical", n_base=16, k_scale=0.05),
        "geoprivate.mechanisms.median.MedianDomain": _fields(_median_domain),
        "geoprivate.mechanisms.median.MedianDomain.element": method(_median_domain, i=2),
        "geoprivate.mechanisms.median.MedianResult": _fields(_median_result),
        "geoprivate.mechanisms.median.interior_point_median": call(
            values=list(range(0, 1000, 7)),
            domain_size=2**10,
            alpha=0.25,
            beta=0.1,
            epsilon=1.0,
            delta=1e-6,
            mode="practical",
            k_scale=0.05,
            rng=0,
        ),
        "geoprivate.mechanisms.median.is_alpha_median": call(values=[1, 2, 3, 4, 5], y=3, alpha=0.2),
        "geoprivate.mechanisms.median.log_star_median_sample_size": call(
            domain_size=2**10, alpha=0.25, beta=0.1, epsilon=1.0, delta=1e-6
        ),
        "geoprivate.mechanisms.median.median_domain": call(values=[1, 2, 3, 4], domain=8),
        "geoprivate.mechanisms.median.median_failure_bound": call(n=1000, domain_size=10, alpha=0.2, epsilon=1.0),
        "geoprivate.mechanisms.median.median_quality": call(values=[1, 2, 3, 4], domain=[0, 1, 2, 3, 4, 5]),
        "geoprivate.mechanisms.median.median_sample_size": call(domain_size=10, alpha=0.2, beta=0.1, epsilon=1.0),
        "geoprivate.mechanisms.median.median_trim": call(n=100, alpha=0.2),
        "geoprivate.mechanisms.median.private_median": call(
            values=np.arange(100) % 10, domain=np.arange(10), epsilon=1.0, rng=0
        ),
        # mechanisms.sparse_vector
        "geoprivate.mechanisms.sparse_vector.AboveThreshold": call(epsilon=0.5, L=0.8, beta=0.1, rng=0),
        "geoprivate.mechanisms.sparse_vector.AboveThreshold.add_query": method(_above, value=0.5),
        "geoprivate.mechanisms.sparse_vector.AboveThreshold.test_above_threshold": method(
            lambda: (lambda a: (a.add_query(0.5), a)[1])(_above())
        ),
        "geoprivate.mechanisms.sparse_vector.AboveThreshold.first_above": method(_above, values=[0.1, 0.9, 2.0]),
        "geoprivate.mechanisms.sparse_vector.AboveThreshold.guarantee": method(_above),
        "geoprivate.mechanisms.sparse_vector.AboveThreshold.alpha": method(_above, T=10),
        "geoprivate.mechanisms.sparse_vector.BetweenThresholds": call(
            epsilon=0.5, t_lower=0.3, t_upper=0.7, n=10_000, rng=0
        ),
        "geoprivate.mechanisms.sparse_vector.BetweenThresholds.query": method(_bt, value=0.5),
        "geoprivate.mechanisms.sparse_vector.BetweenThresholds.query_batch_codes": method(_bt, values=[0.0, 0.5, 1.0]),
        "geoprivate.mechanisms.sparse_vector.BetweenThresholds.query_batch": method(_bt, values=[0.0, 0.5, 1.0]),
        "geoprivate.mechanisms.sparse_vector.BetweenThresholds.guarantee": method(_bt),
        "geoprivate.mechanisms.sparse_vector.above_threshold_alpha": call(epsilon=0.5, beta=0.1, T=10),
        "geoprivate.mechanisms.sparse_vector.lemma1_applies": call(epsilon=0.5, delta=1e-6, gap=0.4, n=10_000),
        "geoprivate.mechanisms.sparse_vector.lemma1_delta": call(epsilon=0.5, gap=0.4, n=10_000),
        "geoprivate.mechanisms.sparse_vector.min_gap": call(epsilon=0.5, delta=1e-6, n=10_000),
        "geoprivate.mechanisms.sparse_vector.min_n": call(alpha=0.1, beta=0.1, epsilon=0.5, T=10),
        "geoprivate.mechanisms.sparse_vector.simulate_between_thresholds": call(
            values=[0.0, 0.5, 1.0], epsilon=0.5, t_lower=0.3, t_upper=0.7, n=10_000, size=5, rng=0
        ),
        # mechanisms.stopper
        "geoprivate.mechanisms.stopper.StoppedBetweenThresholds": call(
            epsilon=0.5,
            t_lower=0.3,
            t_upper=0.7,
            n=10_000,
            rng=0,
            c=4,
            epsilon_stop=1.0,
            beta_stop=0.1,
            max_queries=100,
        ),
        "geoprivate.mechanisms.stopper.StoppedBetweenThresholds.query_batch_codes": method(
            _stopped, values=[0.0, 0.5, 1.0]
        ),
        "geoprivate.mechanisms.stopper.StoppedBetweenThresholds.training_guarantee": method(_stopped),
        "geoprivate.mechanisms.stopper.StoppedBetweenThresholds.query_guarantee": method(_stopped),
        "geoprivate.mechanisms.stopper.query_guarantee": call(epsilon_stop=1.0, beta_stop=0.1),
        "geoprivate.mechanisms.stopper.stopper_cap": call(c=4, epsilon_stop=1.0, beta_stop=0.1, R=100),
        "geoprivate.mechanisms.stopper.stopper_slack": call(epsilon_stop=1.0, beta_stop=0.1, R=100),
        "geoprivate.mechanisms.stopper.training_guarantee": call(
            epsilon=0.5, t_lower=0.3, t_upper=0.7, n=10_000, c_max=4
        ),
        # mechanisms.subsampling
        "geoprivate.mechanisms.subsampling.subsample": call(t=10, n=4, rng=0),
        "geoprivate.mechanisms.subsampling.subsampled": call(
            algorithm=lambda sub, rng: len(sub),
            data=list(range(200)),
            n=4,
            epsilon_prime=1.0,
            delta_prime=1e-6,
            epsilon=0.5,
            rng=0,
        ),
        # concepts
        "geoprivate.concepts._line.as_line_points": call(points=[0.2, 0.5], _walk=("points",)),
        "geoprivate.concepts._line.as_ordered_domain": call(domain=[0.1, 0.5, 0.9], _walk=("domain",)),
        "geoprivate.concepts._line.check_in_domain": call(points=np.array([0.5]), domain=np.array([0.1, 0.5, 0.9])),
        "geoprivate.concepts._line.line_sample": call(points=[0.2, 0.5], labels=[0, 1]),
        "geoprivate.concepts.finite.FiniteClass": call(matrix=[[0, 0, 1], [0, 1, 1], [1, 1, 1]], domain="abc"),
        "geoprivate.concepts.finite.FiniteClass.columns": method(_finite, points=["a", "c"]),
        "geoprivate.concepts.finite.FiniteClass.predict": method(
            _finite, concept=1, points=["a", "c"], _index=("concept",)
        ),
        "geoprivate.concepts.finite.FiniteClass.restrict_to": method(_finite, points=["a", "c"]),
        "geoprivate.concepts.finite.FiniteClass.vc_dimension": method(_finite),
        "geoprivate.concepts.finite.FiniteClass.shattered_set": method(_finite),
        "geoprivate.concepts.finite.FiniteClass.littlestone_dimension": method(_finite),
        "geoprivate.concepts.finite.FiniteClass.threshold_dimension": method(_finite),
        "geoprivate.concepts.finite.FiniteClass.version_space": method(_finite, points=["a"], labels=[0]),
        "geoprivate.concepts.finite.FiniteClass.erm": method(_finite, points=["a", "c"], labels=[0, 1]),
        "geoprivate.concepts.finite.FiniteClass.empirical_errors": method(_finite, points=["a", "c"], labels=[0, 1]),
        "geoprivate.concepts.halfspaces.Halfspaces": call(d=2),
        "geoprivate.concepts.halfspaces.Halfspaces.vc_dimension": method(_halfspaces),
        "geoprivate.concepts.halfspaces.Halfspaces.predict": method(_halfspaces, a=[1, 0], w=0.5, X=[[0, 0], [1, 1]]),
        "geoprivate.concepts.halfspaces.Halfspaces.restrict_to": method(_halfspaces, points=[[0, 0], [1, 0], [0, 1]]),
        "geoprivate.concepts.intervals.Intervals": call(domain=None),
        "geoprivate.concepts.intervals.Intervals.predict": method(_intervals, interval=(0.2, 0.6), points=[0.1, 0.5]),
        "geoprivate.concepts.intervals.Intervals.restrict_to": method(_intervals, points=[0.2, 0.5]),
        "geoprivate.concepts.intervals.Intervals.vc_dimension": method(_intervals),
        "geoprivate.concepts.intervals.Intervals.erm": method(_intervals, points=[0.2, 0.5, 0.8], labels=[0, 1, 0]),
        "geoprivate.concepts.point_functions.PointFunctions": call(domain=[0, 1, 2, 3]),
        "geoprivate.concepts.point_functions.PointFunctions.predict": method(_point_functions, z=1, points=[0, 1, 2]),
        "geoprivate.concepts.point_functions.PointFunctions.matrix": method(_point_functions),
        "geoprivate.concepts.point_functions.PointFunctions.restrict_to": method(_point_functions, points=[0, 1]),
        "geoprivate.concepts.point_functions.PointFunctions.vc_dimension": method(_point_functions),
        "geoprivate.concepts.point_functions.PointFunctions.littlestone_dimension": method(_point_functions),
        "geoprivate.concepts.point_functions.PointFunctions.erm": method(
            _point_functions, points=[0, 1], labels=[0, 1]
        ),
        "geoprivate.concepts.thresholds.Thresholds": call(domain=None),
        "geoprivate.concepts.thresholds.Thresholds.predict": method(_thresholds, t=0.5, points=[0.1, 0.7]),
        "geoprivate.concepts.thresholds.Thresholds.matrix": method(
            lambda: __import__("geoprivate").concepts.Thresholds([0.1, 0.5, 0.9])
        ),
        "geoprivate.concepts.thresholds.Thresholds.restrict_to": method(_thresholds, points=[0.2, 0.5]),
        "geoprivate.concepts.thresholds.Thresholds.vc_dimension": method(_thresholds),
        "geoprivate.concepts.thresholds.Thresholds.littlestone_dimension": method(
            lambda: __import__("geoprivate").concepts.Thresholds([0.1, 0.5, 0.9])
        ),
        "geoprivate.concepts.thresholds.Thresholds.threshold_dimension": method(
            lambda: __import__("geoprivate").concepts.Thresholds([0.1, 0.5, 0.9])
        ),
        "geoprivate.concepts.thresholds.Thresholds.erm": method(_thresholds, points=[0.2, 0.5, 0.8], labels=[0, 1, 1]),
        # ensembles
        "geoprivate.ensembles.Ensemble": call(hypotheses=[0.2, 0.5]),
        "geoprivate.ensembles.Ensemble.predict": method(_threshold_ensemble, xs=[0.1, 0.55, 0.9]),
        "geoprivate.ensembles.Ensemble.counts": method(_threshold_ensemble, xs=[0.1, 0.55, 0.9]),
        "geoprivate.ensembles.Ensemble.votes": method(_threshold_ensemble, xs=[0.1, 0.55, 0.9]),
        "geoprivate.ensembles.Ensemble.critical_points": method(_threshold_ensemble),
        "geoprivate.ensembles.FiniteEnsemble": call(matrix=np.array(M3), hypotheses=[0, 2, 3]),
        "geoprivate.ensembles.FiniteEnsemble.predict": method(_finite_ensemble, xs=[0, 2], _index=("xs",)),
        "geoprivate.ensembles.FiniteEnsemble.counts": method(_finite_ensemble, xs=[0, 2], _index=("xs",)),
        "geoprivate.ensembles.FiniteEnsemble.votes": method(_finite_ensemble, xs=[0, 2], _index=("xs",)),
        "geoprivate.ensembles.FiniteEnsemble.critical_points": method(_finite_ensemble),
        "geoprivate.ensembles.HalfspaceEnsemble": call(hypotheses=[((1.0, 0.0), 0.5), ((0.0, 1.0), 0.25)]),
        "geoprivate.ensembles.HalfspaceEnsemble.predict": method(_halfspace_ensemble, xs=[[0.0, 0.0], [1.0, 1.0]]),
        "geoprivate.ensembles.HalfspaceEnsemble.counts": method(_halfspace_ensemble, xs=[[0.0, 0.0], [1.0, 1.0]]),
        "geoprivate.ensembles.HalfspaceEnsemble.votes": method(_halfspace_ensemble, xs=[[0.0, 0.0], [1.0, 1.0]]),
        "geoprivate.ensembles.HalfspaceEnsemble.critical_points": method(_halfspace_ensemble),
        "geoprivate.ensembles.IntervalEnsemble": call(hypotheses=[(0.2, 0.5), (0.3, 0.6), None]),
        "geoprivate.ensembles.IntervalEnsemble.predict": method(_interval_ensemble, xs=[0.1, 0.4]),
        "geoprivate.ensembles.IntervalEnsemble.counts": method(_interval_ensemble, xs=[0.1, 0.4]),
        "geoprivate.ensembles.IntervalEnsemble.votes": method(_interval_ensemble, xs=[0.1, 0.4]),
        "geoprivate.ensembles.IntervalEnsemble.breakpoints": method(_interval_ensemble),
        "geoprivate.ensembles.IntervalEnsemble.critical_points": method(_interval_ensemble),
        "geoprivate.ensembles.ThresholdEnsemble": call(hypotheses=[0.2, 0.5, 0.6]),
        "geoprivate.ensembles.ThresholdEnsemble.predict": method(_threshold_ensemble, xs=[0.1, 0.55]),
        "geoprivate.ensembles.ThresholdEnsemble.counts": method(_threshold_ensemble, xs=[0.1, 0.55]),
        "geoprivate.ensembles.ThresholdEnsemble.votes": method(_threshold_ensemble, xs=[0.1, 0.55]),
        "geoprivate.ensembles.ThresholdEnsemble.breakpoints": method(_threshold_ensemble),
        "geoprivate.ensembles.ThresholdEnsemble.critical_points": method(_threshold_ensemble),
        "geoprivate.ensembles.halfspace_votes": call(hypotheses=[((1.0, 0.0), 0.5)], X=[[0.0, 0.0], [1.0, 1.0]]),
        "geoprivate.ensembles.halfspace_votes_matrix": call(hypotheses=[((1.0, 0.0), 0.5)], X=[[0.0, 0.0], [1.0, 1.0]]),
        "geoprivate.ensembles.make_ensemble": call(name="thresholds", hypotheses=[0.2, 0.5]),
        # problems
        "geoprivate.problems.Problem": _fields(_problem),
        "geoprivate.problems.Problem.check_points": method(_problem, points=[0.2, 0.5]),
        "geoprivate.problems.Problem.sample": method(_problem, n=5, rng=Lazy(lambda: np.random.default_rng(0))),
        "geoprivate.problems.Target": call(fn=lambda x, t: (x >= t).astype(int), breakpoints=(0.5,), t=0.5),
        "geoprivate.problems.TargetDraw": _fields(
            lambda: __import__("geoprivate.problems").problems.draw_target("thresholds", 0)
        ),
        "geoprivate.problems.draw_problem": call(name="thresholds", rng=0, n_sample=10),
        "geoprivate.problems.draw_target": call(name="thresholds", rng=0),
        "geoprivate.problems.point_checker": call(name="thresholds"),
        # adversaries
        "geoprivate.adversaries.adaptive.DisagreementAdversary": call(
            sampler=Lazy(lambda: __import__("geoprivate.adversaries.stochastic").adversaries.stochastic.uniform_line()),
            rng=0,
            pool=8,
        ),
        "geoprivate.adversaries.adaptive.DisagreementAdversary.candidates": method(
            _disagreement, ensemble=Lazy(_threshold_ensemble)
        ),
        "geoprivate.adversaries.adaptive.DisagreementAdversary.next_query": method(_disagreement, view=Lazy(_view)),
        "geoprivate.adversaries.adaptive.TranscriptBisection": call(lo=0.0, hi=1.0, rng=0),
        "geoprivate.adversaries.adaptive.TranscriptBisection.next_query": method(
            lambda: __import__("geoprivate.adversaries.adaptive").adversaries.adaptive.TranscriptBisection(rng=0),
            view=Lazy(_bisection_view),
        ),
        "geoprivate.adversaries.base.Adversary": call(),
        "geoprivate.adversaries.base.Adversary.sequence": method(_sequence, T=3),
        "geoprivate.adversaries.base.Adversary.next_query": method(_disagreement, view=Lazy(_view)),
        "geoprivate.adversaries.base.View": call(round=0, transcript=[], ensemble=None),
        "geoprivate.adversaries.oblivious.FixedSequence": call(points=[0.5, 0.25, 0.75]),
        "geoprivate.adversaries.oblivious.FixedSequence.sequence": method(_sequence, T=3),
        "geoprivate.adversaries.oblivious.binary_search_points": call(T=5),
        "geoprivate.adversaries.oblivious.binary_search_sequence": call(T=5),
        "geoprivate.adversaries.stochastic.GaussianLaw": call(d=2),
        "geoprivate.adversaries.stochastic.Stochastic": call(
            sampler=Lazy(lambda: __import__("geoprivate.adversaries.stochastic").adversaries.stochastic.uniform_line()),
            rng=0,
        ),
        "geoprivate.adversaries.stochastic.Stochastic.sequence": method(_stochastic, T=3),
        "geoprivate.adversaries.stochastic.UniformColumns": call(n_points=4),
        "geoprivate.adversaries.stochastic.UniformLine": call(lo=0.0, hi=1.0),
        "geoprivate.adversaries.stochastic.gaussian": call(d=2),
        "geoprivate.adversaries.stochastic.uniform_columns": call(n_points=4),
        "geoprivate.adversaries.stochastic.uniform_line": call(lo=0.0, hi=1.0),
        # strategies (a strategy is drawn from)
        "geoprivate.strategies.concept_classes": call(kind="finite", _use=_draw),
        "geoprivate.strategies.in_general_position": call(pts=[(0, 0), (1, 0), (0, 1)]),
        "geoprivate.strategies.labelled_samples": call(concept="thresholds", _use=_draw),
        "geoprivate.strategies.linear_programs": call(feasible=True, _use=_draw),
        "geoprivate.strategies.mechanism_parameters": call(theorem="[Yan26] Lemma 1", _use=_draw),
        "geoprivate.strategies.neighbouring_datasets": call(elements=st.integers(0, 3), _use=_draw),
        "geoprivate.strategies.points": call(d=2, min_size=1, max_size=3, _use=_draw),
        "geoprivate.strategies.points_in_plane": call(min_size=1, max_size=3, _use=_draw),
        "geoprivate.strategies.points_on_line": call(min_size=1, max_size=3, _use=_draw),
        "geoprivate.strategies.rationals": call(lo=0, hi=1, _use=_draw),
        "geoprivate.strategies.zero_one_matrices": call(max_rows=3, max_cols=3, _use=_draw),
        # experiments
        "geoprivate.experiments.export.columns": call(recs=[{"a": 1, "b": 2}]),
        "geoprivate.experiments.export.records": call(db=Lazy(_filled_store)),
        "geoprivate.experiments.export.to_csv": call(
            db=Lazy(_filled_store), path=Lazy(lambda: os.path.join(tempfile.mkdtemp(), "out.csv"))
        ),
        "geoprivate.experiments.export.to_dataframe": call(db=Lazy(_filled_store)),
        "geoprivate.experiments.runner.SweepReport": _fields(_sweep_report),
        "geoprivate.experiments.runner.check_result": call(result={"x": 1.0}),
        "geoprivate.experiments.runner.run_sweep": call(spec=Lazy(_spec), db=Lazy(_store_path), progress=False),
        "geoprivate.experiments.runner.run_trial": call(
            target="geoprivate.experiments.targets:trivial", params={"x": 1}, seed=0
        ),
        "geoprivate.experiments.runner.run_trials": call(
            target="geoprivate.experiments.targets:trivial", batch=[({"x": 1}, 0)]
        ),
        "geoprivate.experiments.seeding.trial_rng": call(name="demo", point={"T": 10}, trial=0),
        "geoprivate.experiments.seeding.trial_seed": call(name="demo", point={"T": 10}, trial=0),
        "geoprivate.experiments.spec.SweepSpec": _fields(_spec),
        "geoprivate.experiments.spec.SweepSpec.points": method(_spec),
        "geoprivate.experiments.spec.SweepSpec.grid_json": method(_spec),
        "geoprivate.experiments.spec.SweepSpec.to_dict": method(_spec),
        "geoprivate.experiments.spec.SweepSpec.resolved_target": method(_spec),
        "geoprivate.experiments.spec.canonical_json": call(value={"b": 1, "a": [1.5]}),
        "geoprivate.experiments.spec.load_spec": call(path=Lazy(_spec_file)),
        "geoprivate.experiments.spec.parse_spec": call(
            data={"name": "demo", "target": "geoprivate.experiments.targets:trivial", "seeds": 2, "grid": {"x": [1, 2]}}
        ),
        "geoprivate.experiments.spec.resolve_target": call(target="geoprivate.experiments.targets:trivial"),
        "geoprivate.experiments.spec.write_spec": call(
            path=Lazy(lambda: os.path.join(tempfile.mkdtemp(), "s.toml")),
            name="demo",
            target="geoprivate.experiments.targets:trivial",
            seeds=2,
            grid={"x": [1, 2]},
        ),
        "geoprivate.experiments.store.Store": call(path=Lazy(_store_path)),
        "geoprivate.experiments.store.Store.transaction": method(_store, _use=lambda cm: cm.__enter__()),
        "geoprivate.experiments.store.Store.close": method(_store),
        "geoprivate.experiments.store.Store.acquire_writer": method(_store),
        "geoprivate.experiments.store.Store.heartbeat": method(_writer, every=5.0),
        "geoprivate.experiments.store.Store.release_writer": method(_writer),
        "geoprivate.experiments.store.Store.sweep_names": method(_store),
        "geoprivate.experiments.store.Store.sweep_info": method(_registered, name="demo"),
        "geoprivate.experiments.store.Store.check_spec": method(_store, spec=Lazy(_spec)),
        "geoprivate.experiments.store.Store.register": method(_store, spec=Lazy(_spec)),
        "geoprivate.experiments.store.Store.finished": method(_registered, name="demo"),
        "geoprivate.experiments.store.Store.record": method(
            _registered,
            name="demo",
            point_index=0,
            point='{"x":1}',
            trial=0,
            seed=7,
            status="done",
            result='{"u":0.5}',
            error=None,
            seconds=0.1,
        ),
        "geoprivate.experiments.store.Store.rows": method(_registered, name="demo"),
        "geoprivate.experiments.store.Store.status": method(_registered, name="demo"),
        "geoprivate.experiments.store.row_checksum": call(
            sweep="s", point_index=0, point='{"x":1}', trial=0, seed=7, status="done", result='{"u":0.5}', error=None
        ),
        "geoprivate.experiments.targets.adversary_search": call(
            params={"T": 8, "k": 4, "epsilon": 1.0, "iters": 2}, rng=Lazy(lambda: np.random.default_rng(0))
        ),
        "geoprivate.experiments.targets.audit_search": call(
            params={"mechanism": "between_thresholds", "epsilon": 0.5, "iters": 2, "n_search": 200, "n_samples": 500},
            rng=Lazy(lambda: np.random.default_rng(0)),
        ),
        "geoprivate.experiments.targets.mechanism_audit": call(
            params={"mechanism": "laplace", "epsilon": 0.5, "n_samples": 200},
            rng=Lazy(lambda: np.random.default_rng(0)),
        ),
        "geoprivate.experiments.targets.predictor_tops": call(
            params={"T": 8, "k": 40, "epsilon": 0.5}, rng=Lazy(lambda: np.random.default_rng(0))
        ),
        "geoprivate.experiments.targets.replay_adversary_instance": call(
            instance=Lazy(lambda: _search("adversary_search"))
        ),
        "geoprivate.experiments.targets.replay_audit_instance": call(instance=Lazy(lambda: _search("audit_search"))),
        "geoprivate.experiments.targets.spin": call(params={"work": 1}, rng=Lazy(lambda: np.random.default_rng(0))),
        "geoprivate.experiments.targets.trivial": call(params={"x": 1}, rng=Lazy(lambda: np.random.default_rng(0))),
        # the command line's flag types (cli/_args.py)
        "geoprivate.cli._args.add_command": call(
            subparsers=Lazy(lambda: __import__("argparse").ArgumentParser().add_subparsers()),
            name="x",
            help="h",
            description="d",
            epilog=None,
        ),
        "geoprivate.cli._args.bounded_float": call(low=0.0, high=1.0, _use=lambda parse: parse("0.5")),
        "geoprivate.cli._args.bounded_int": call(low=0, high=10, _use=lambda parse: parse("3")),
        "geoprivate.cli._args.check_output_dir": call(path=Lazy(lambda: tempfile.mkdtemp())),
        "geoprivate.cli._args.check_output_file": call(path=Lazy(lambda: os.path.join(tempfile.mkdtemp(), "f.txt"))),
        "geoprivate.cli._args.delta": call(text="1e-6"),
        "geoprivate.cli._args.delta_open": call(text="1e-6"),
        "geoprivate.cli._args.epsilon": call(text="0.5"),
        "geoprivate.cli._args.explicit": call(args=Lazy(lambda: __import__("argparse").Namespace(_explicit={"d"}))),
        "geoprivate.cli._args.finite_float": call(text="0.5"),
        "geoprivate.cli._args.nonempty_str": call(text="x"),
        "geoprivate.cli._args.nonneg_int": call(text="3"),
        "geoprivate.cli._args.output_dir": call(text=Lazy(lambda: tempfile.mkdtemp())),
        "geoprivate.cli._args.output_file": call(text=Lazy(lambda: os.path.join(tempfile.mkdtemp(), "f.txt"))),
        "geoprivate.cli._args.plain_help": call(
            parser=Lazy(lambda: __import__("argparse").ArgumentParser(description="x"))
        ),
        "geoprivate.cli._args.plain_text": call(text=":func:`a.b` and ``c``"),
        "geoprivate.cli._args.positive_float": call(text="0.5"),
        "geoprivate.cli._args.positive_int": call(text="3"),
        "geoprivate.cli._args.probability": call(text="0.5"),
        "geoprivate.cli._args.progress": call(
            items=[1, 2], desc="x", _use=lambda bar: list(bar) if bar.iterable is not None else bar
        ),
        "geoprivate.cli._args.seed": call(text="3"),
        "geoprivate.cli._args.warn_inapplicable": call(
            args=Lazy(lambda: __import__("argparse").Namespace(_explicit={"d"})),
            rules={"d": "only x uses it"},
            prog="p",
        ),
        # --- cli (phase 2: the driver, the JSON writer, the file flags)
        "geoprivate.cli._args.accuracy": call(text="0.05"),
        "geoprivate.cli._args.input_file": call(text=Lazy(_small_file)),
        "geoprivate.cli._json.dump": call(obj={"epsilon": math.inf, "n": 3}, stream=Lazy(io.StringIO), indent=2),
        "geoprivate.cli._main.build_parser": call(),
        "geoprivate.cli._main.main": call(argv=["plan", "generic-bbl", "--epsilon", "1", "--delta", "1e-6"]),
    }
)


# ------------------------------------------------------------------------------------------- the command line
def _sweep_files(workdir: str, *, run: bool = True) -> None:
    """A spec ``s.toml`` (and, with ``run``, its store ``s.db``) in ``workdir``, for the sweep commands."""
    from geoprivate.experiments.runner import run_sweep
    from geoprivate.experiments.spec import write_spec

    spec = write_spec(
        os.path.join(workdir, "s.toml"),
        name="demo",
        target="geoprivate.experiments.targets:trivial",
        seeds=2,
        grid={"x": [1, 2]},
    )
    if run:
        run_sweep(str(spec), os.path.join(workdir, "s.db"), progress=False)


#: one valid, quick command line per subcommand: positionals first (``pos``), then the flags; ``setup(workdir)``
#: prepares the files it reads (run in the child, in its fresh working directory)
CLI_BASELINES = {
    "everlasting": {"flags": ["--mode", "practical", "--queries", "50", "--seed", "0"]},
    "explore everlasting": {"flags": ["--out", "x.html"]},
    "explore predict": {"flags": ["--out", "x.html"]},
    "explore vc1": {"flags": ["--out", "x.html"]},
    "figures": {"flags": ["--out", "figs", "--only", "vc1_tree"]},
    "plan": {"pos": ["generic-bbl"], "flags": ["--epsilon", "1", "--delta", "1e-6"]},
    "predict": {"flags": ["--T", "20", "--seed", "0"]},
    "sweep export": {"flags": ["--db", "s.db", "--csv", "out.csv"], "setup": _sweep_files},
    "sweep replay": {
        "flags": ["--db", "s.db", "--sweep", "demo", "--point-index", "0", "--trial", "0"],
        "setup": _sweep_files,
    },
    "sweep run": {"pos": ["s.toml"], "flags": ["--db", "s.db"], "setup": lambda w: _sweep_files(w, run=False)},
    "sweep status": {"flags": ["--db", "s.db"], "setup": _sweep_files},
    "verify": {"flags": ["--claim", "general/sauer-shelah", "--size", "small"]},
}

#: silence "unused" for names kept for the data's readers
_ = (math,)
