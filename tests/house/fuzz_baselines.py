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

import functools
import io
import math
import os
import tempfile
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st

from tests.house.fuzz_walk import Lazy, call, method

#: modules walked but not yet asserted clean (empty since #41's phase 2: every public callable is walked)
PENDING_PHASE_2: list[str] = []

#: subcommands whose flags are walked but not yet asserted (empty since #41's phase 2)
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
    "solvers._rational.beyond_floats": "builds the error within_floats raises (tested in tests/solvers/lp/test_lp.py)",
    "solvers._rational.within_floats": "a kernel on checked exact numbers (the callers' z, A_ub, b_ub, c are walked)",
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


# --- fixtures of geoprivate.claims, geoprivate.report, geoprivate.viz, geoprivate.explore
def _claim():
    from geoprivate.claims import get_claim

    return get_claim("general/pajor")


def _rr_audit():
    from fractions import Fraction as F

    from geoprivate.audit.exact import LogRational, exact_audit

    return exact_audit(lambda bit: {bit: F(3, 4), 1 - bit: F(1, 4)}, [(0, 1)], LogRational(2))


def _audit_evidence():
    from geoprivate.claims._registry import audit_verdict

    return audit_verdict(_rr_audit()).evidence


def _searched_claim():
    from geoprivate.claims import Claim

    return Claim(
        id="mylab/sum-small",
        paper="mylab",
        citation=None,
        statement="a + b < 10 for digits a, b",
        check=lambda pair: pair[0] + pair[1] < 10,
        instances=st.tuples(st.integers(0, 9), st.integers(0, 9)),
        before=lambda rng, size: (9, 9),
        measure=("sum", sum),
    )


def _caught_warnings():
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.warn("gap 0.25 < 1.5", UserWarning, stacklevel=1)
    return caught


def _claims_file():
    path = os.path.join(tempfile.mkdtemp(prefix="geoprivate-fuzz-"), "mine.py")
    with open(path, "w") as f:
        f.write("from geoprivate.claims import Verdict, claim\n\n")
        f.write(
            "@claim('mylab/one', statement='one holds')\ndef _one(rng, size):\n    return Verdict.holds(instances=1)\n"
        )
    return path


def _var():
    from geoprivate.claims._steps import real

    return real("eps", 0, 1, symbol="ε")


def _book():
    from geoprivate.claims._steps import StepBook

    return StepBook("vc1", "Lemma 99", "privacy", "0 < ε < 1")


def _derivation():
    from geoprivate.claims._steps import identity

    return identity("2x - x - x = 0", lambda sp, x: 2 * x - x - x, "x")


def _step():
    from geoprivate.claims.steps import steps

    return steps("vc1")[0]


def _checked_step():
    from geoprivate.claims._steps import _STEP_OF_CLAIM

    return next(s for s in _STEP_OF_CLAIM.values() if s.paper == "vc1")


def _relation_claim():
    from geoprivate.claims._steps import check_relation

    return check_relation("mylab/half", "eps/2 <= eps", [_var()], lambda p: (p.eps / 2, p.eps), "<=")


def _iv(x):
    from mpmath import iv

    return iv.mpf(x)


def _prediction_run():
    import warnings

    from geoprivate.adversaries import binary_search_sequence
    from geoprivate.prediction import G_oblivious, GenericPredictor
    from geoprivate.prediction.problems import make_problem

    P = make_problem("thresholds", 40 * 10, rng=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pred = GenericPredictor(G_oblivious(P.concept), P.X, P.y, k=40, m=10, epsilon=1.0, rng=1)
        return pred.run(binary_search_sequence(20), 20, target=P.target, track_L=True, law=P.sampler)


def _collapse():
    import warnings

    from geoprivate.viz.collapse import collapse_run

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return collapse_run(1, seed=4, T=10)


def _collapse_constraints():
    from solvers.halfspaces import dual_constraints

    return dual_constraints(np.array([[0.0], [0.5], [1.0]]), np.array([0, 1, 1]), form="margin")


def _everlasting_run():
    import warnings

    from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
    from geoprivate.everlasting.parameters import practical_parameters

    prob = make_everlasting_problem("thresholds", 0)
    par = practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 2, T1=20, lambda1=8, r_const=16, epsilon_bt=1.0)
    rng = np.random.default_rng(1)
    x = prob.sample(rng, par.phase(1).S)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return GenericBBL(prob, x, prob.target(x), par, rng).run()


def _vc1_run():
    from geoprivate.viz.vc1 import figure1_run

    return figure1_run(0, n=50)


def _winnow_run():
    from geoprivate.learners.winnow import dp_winnow, majority_sequence, practical_parameters

    X, y, v, rho = majority_sequence(200, 20, 3, rng=1)
    p = practical_parameters(200, 20, rho, eps_hat=1.0, eta=rho / 4, m=50)
    return dp_winnow(X, y, p, rng=2, target=v)


def _small_figure():
    from matplotlib.figure import Figure

    fig = Figure(figsize=(2, 2))
    ax = fig.add_subplot(111)
    ax.plot([0, 1], [0, 1], gid="line")
    ax.set_title("t")
    return fig


def _png():
    import io

    buf = io.BytesIO()
    _small_figure().savefig(buf, format="png", dpi=20)
    return buf.getvalue()


def _plotly_figure():
    import plotly.graph_objects as go

    return go.Figure(data=[go.Scatter(x=[0, 1], y=[0, 1])], frames=[go.Frame(name="0", data=[])])


def _violated_record():
    return {
        "id": "mylab/x",
        "paper": "mylab",
        "status": "violated",
        "statement": "s",
        "evidence": {"instances": 3},
        "instance": [1, 2],
        "seconds": 0.1,
    }


def _instance_file():
    from geoprivate.report.instances import save_instance

    return str(save_instance(_violated_record(), tempfile.mkdtemp(prefix="geoprivate-fuzz-"), seed=0, size="small")[0])


def _price_results():
    import json

    from tests import ROOT

    return json.loads((ROOT / "benchmarks" / "results" / "price_of_everlasting.json").read_text())


def _vc1_tree():
    from solvers.vc1 import FIGURE1_F, figure1_class, make_tree

    return make_tree(figure1_class(), FIGURE1_F)


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
        # --- geoprivate.claims
        "geoprivate.claims._registry.Claim": _fields(lambda: _claim()),
        # a verdict's instance and an outcome's value are the check's own data, recorded as given: not walked
        "geoprivate.claims._registry.Verdict": call(
            status="holds", evidence={"instances": 3}, instance=None, reason="", _walk=("status", "evidence", "reason")
        ),
        "geoprivate.claims._registry.Verdict.holds": call(instances=3),
        "geoprivate.claims._registry.Verdict.skipped": call(reason="not checkable here"),
        "geoprivate.claims._registry.Verdict.violated": call(instance=[1, 2], _walk=()),
        "geoprivate.claims._registry.all_claims": call(),
        "geoprivate.claims._registry.audit_summary": call(evidence=Lazy(lambda: _audit_evidence())),
        "geoprivate.claims._registry.audit_verdict": call(result=Lazy(lambda: _rr_audit())),
        "geoprivate.claims._registry.get_claim": call(claim_id="general/pajor"),
        "geoprivate.claims._registry.register": call(
            claim_id="mylab/fuzz", statement="holds", _use=lambda deco: deco(lambda rng, size: None)
        ),
        "geoprivate.claims._registry.select_claims": call(patterns="general/pajor"),
        "geoprivate.claims._run.run_claim": call(claim=Lazy(lambda: _claim()), seed=0, size="small"),
        "geoprivate.claims._sandbox.Outcome": call(
            kind="returned", value=1, error="", traceback="", output="", _walk=("kind", "error", "traceback", "output")
        ),
        "geoprivate.claims._sandbox.error_line": call(exc=ValueError("x must be positive")),
        "geoprivate.claims._sandbox.guarded": call(fn=lambda: 1, time_limit=5.0),
        "geoprivate.claims._sandbox.run_forked": call(fn=lambda: 1, time_limit=5.0),
        "geoprivate.claims._sandbox.warning_summary": call(caught=Lazy(lambda: _caught_warnings())),
        "geoprivate.claims._search.search_claim": call(
            claim=Lazy(lambda: _searched_claim()),
            seed_sequence=np.random.SeedSequence(0),
            size="small",
            max_examples=20,
        ),
        "geoprivate.claims._search.shrink_report": call(
            claim=Lazy(lambda: _searched_claim()), found=(1, 9), seed_sequence=np.random.SeedSequence(0), size="small"
        ),
        "geoprivate.claims._sources.load_claims": call(source=Lazy(lambda: _claims_file()), time_limit=5.0),
        "geoprivate.claims._sources.load_entry_points": call(time_limit=5.0),
        "geoprivate.claims._sources.source_problem": call(source=Lazy(lambda: _claims_file())),
        "geoprivate.claims._steps.Derivation": call(text="x - x = 0", facts=lambda: [("x - x = 0", True)]),
        "geoprivate.claims._steps.Derivation.prove": method(lambda: _derivation()),
        "geoprivate.claims._steps.Step": _fields(lambda: _step()),
        "geoprivate.claims._steps.Step.as_dict": method(lambda: _step()),
        "geoprivate.claims._steps.Step.detail": method(lambda: _step()),
        "geoprivate.claims._steps.StepBook": call(
            paper="vc1", statement="Lemma 99", proof="privacy", range="0 < ε < 1"
        ),
        "geoprivate.claims._steps.StepBook.checked": method(
            lambda: _book(), printed="ε/2 ≤ ε", variables=Lazy(lambda: [_var()]), relation=lambda p: (p.eps / 2, p.eps)
        ),
        "geoprivate.claims._steps.StepBook.derived": method(
            lambda: _book(),
            printed="2ε − ε = ε",
            variables=Lazy(lambda: [_var()]),
            derivation=Lazy(lambda: _derivation()),
        ),
        "geoprivate.claims._steps.StepBook.linked": method(
            lambda: _book(), printed="Pajor", variables=Lazy(lambda: [_var()]), claim="general/pajor"
        ),
        "geoprivate.claims._steps.StepBook.skip": method(lambda: _book(), printed="by inspection", reason="a picture"),
        "geoprivate.claims._steps.Var": call(name="eps", lo=Fraction(0), hi=Fraction(1)),
        "geoprivate.claims._steps.Var.contains": method(lambda: _var(), x=Fraction(1, 2)),
        "geoprivate.claims._steps.Var.describe": method(lambda: _var()),
        "geoprivate.claims._steps.Var.grid": method(lambda: _var(), n=4),
        "geoprivate.claims._steps.Var.strategy": method(lambda: _var(), _use=_draw),
        "geoprivate.claims._steps.all_registered_steps": call(),
        "geoprivate.claims._steps.binomial_lower_tail": call(n=20, p=Lazy(lambda: _iv("0.5")), k=5),
        "geoprivate.claims._steps.check_relation": call(
            claim_id="mylab/half",
            statement="eps/2 <= eps",
            variables=Lazy(lambda: [_var()]),
            relation=lambda p: (p.eps / 2, p.eps),
            op="<=",
        ),
        "geoprivate.claims._steps.decide": call(lhs=Lazy(lambda: _iv(1)), op="<=", rhs=Lazy(lambda: _iv(2))),
        "geoprivate.claims._steps.evaluate_step": call(
            relation=lambda p: (p.eps / 2, p.eps), op="<=", values={"eps": Fraction(1, 3)}
        ),
        "geoprivate.claims._steps.identity": call(text="2x - x - x = 0", build=lambda sp, x: 2 * x - x - x),
        "geoprivate.claims._steps.integer": call(name="k", lo=1, hi=10, symbol="k"),
        "geoprivate.claims._steps.positive_of": call(build=lambda sp: sp.pi**2 + 1, text="π² + 1 > 0"),
        "geoprivate.claims._steps.real": call(name="eps", lo=0, hi=1, closed="hi", log=False, symbol="ε"),
        "geoprivate.claims._steps.relation_verdict": call(
            claim_id=Lazy(lambda: _relation_claim()), rng=Lazy(lambda: np.random.default_rng(0)), size="small"
        ),
        "geoprivate.claims._steps.rr_composition_delta": call(
            epsilon=Lazy(lambda: _iv("0.5")), k=4, epsilon_prime=Lazy(lambda: _iv(1))
        ),
        "geoprivate.claims._steps.slug": call(label="Claim D.1"),
        "geoprivate.claims._steps.step_claim_id": call(paper="everlasting", statement="Claim D.1", k=2),
        "geoprivate.claims._steps.step_verdict": call(
            step=Lazy(lambda: _checked_step()), rng=Lazy(lambda: np.random.default_rng(0)), size="small", max_examples=5
        ),
        "geoprivate.claims._steps.sympy_fact": call(text="56/3 < 24", build=lambda sp: sp.Rational(56, 3) < 24),
        "geoprivate.claims._steps.sympy_positive": call(
            expr=Lazy(lambda: __import__("sympy").Symbol("x", positive=True) + 1), text="x + 1 > 0"
        ),
        "geoprivate.claims._steps.sympy_true": call(
            relation=Lazy(lambda: __import__("sympy").Rational(1, 2) < 1), text="1/2 < 1"
        ),
        "geoprivate.claims._steps.sympy_zero": call(
            expr=Lazy(lambda: __import__("sympy").Symbol("x") * 0), text="0·x = 0"
        ),
        "geoprivate.claims._steps.zero_of": call(build=lambda sp: 2 * sp.pi - sp.pi - sp.pi, text="2π - π - π = 0"),
        "geoprivate.claims._sweep.claim_trial": call(
            params={"claim": "general/pajor"}, rng=Lazy(lambda: np.random.default_rng(0))
        ),
        "geoprivate.claims.audits.search_then_audit": call(
            candidates=[("a", 0, 1)],
            mechanism=lambda d, rng: int(d + rng.laplace(0, 2.0) > 0.5),
            n_search=200,
            n_final=200,
            rng=Lazy(lambda: np.random.default_rng(0)),
        ),
        "geoprivate.claims.catalogue.Statement": call(paper="vc1", label="Theorem 7", pending=False, reason=""),
        "geoprivate.claims.catalogue.Statement.coverage": method(
            lambda: __import__("geoprivate.claims.catalogue").claims.catalogue.get_statement("vc1", "Theorem 7")
        ),
        "geoprivate.claims.catalogue.claim_checks": call(claim=Lazy(lambda: _claim())),
        "geoprivate.claims.catalogue.claim_estimates": call(claim=Lazy(lambda: _claim())),
        "geoprivate.claims.catalogue.claims_checking": call(paper="vc1", label="Theorem 7"),
        "geoprivate.claims.catalogue.claims_estimating": call(paper="shrinkage", label="Theorem 1"),
        "geoprivate.claims.catalogue.coverage_rows": call(paper="vc1"),
        "geoprivate.claims.catalogue.coverage_summary": call(),
        "geoprivate.claims.catalogue.format_coverage": call(width=110),
        "geoprivate.claims.catalogue.get_statement": call(paper="vc1", label="Theorem 7"),
        "geoprivate.claims.catalogue.link_problems": call(claims=Lazy(lambda: [_claim()])),
        "geoprivate.claims.catalogue.resolve": call(dotted="geoprivate.claims.catalogue.statements"),
        "geoprivate.claims.catalogue.statements": call(paper="vc1"),
        "geoprivate.claims.catalogue.user_coverage_rows": call(),
        "geoprivate.claims.constants.interval_deviation": call(S=[0.1, 0.5, 0.2, 0.9], sub=[0, 2]),
        "geoprivate.claims.constants.sampling_f": call(d=2, alpha=0.1, beta=0.1),
        "geoprivate.claims.everlasting_phases.best_consistent_error": call(
            M=np.array(M3), target_row=2, points=[0, 2], labels=[1, 0]
        ),
        "geoprivate.claims.everlasting_phases.claim_d3_mass": call(
            H=np.array([[0, 1, 1], [0, 1, 0]]), g=np.array([0, 1, 1]), weights=[Fraction(1, 3)] * 3
        ),
        "geoprivate.claims.everlasting_phases.e4_chernoff_tail": call(T=100, beta_i=0.01),
        "geoprivate.claims.findings.findings": call(),
        "geoprivate.claims.findings.findings_markdown": call(),
        "geoprivate.claims.gaps.theorem7_epsilon": call(epsilon=0.5, k=10, delta_prime=1e-6),
        "geoprivate.claims.shrinkage.lemma2_rounds": call(result=Lazy(lambda: _prediction_run())),
        "geoprivate.claims.shrinkage.round_votes": call(result=Lazy(lambda: _prediction_run())),
        "geoprivate.claims.shrinkage_depth.corollary4_threshold": call(d=2),
        "geoprivate.claims.statements.labels": call(paper="vc1"),
        "geoprivate.claims.statements.paper_text_headers": call(text="Lemma 3. A lemma.\nTheorem 4 (main). Text."),
        "geoprivate.claims.statements.papers_dir": call(),
        "geoprivate.claims.statements.titles": call(),
        "geoprivate.claims.steps.failed_steps": call(),
        "geoprivate.claims.steps.format_step_summary": call(),
        "geoprivate.claims.steps.get_step": call(step_id=Lazy(lambda: _step().id)),
        "geoprivate.claims.steps.step_rows": call(paper="vc1"),
        "geoprivate.claims.steps.step_summary": call(),
        "geoprivate.claims.steps.steps": call(paper="vc1", proof="privacy"),
        "geoprivate.claims.vc1_learner.corrected_loop_epsilon": call(epsilon=0.1, T=20, delta_prime=1e-6),
        "geoprivate.claims.vc1_learner.theorem12_epsilon": call(epsilon=0.1, T=20, delta_prime=1e-6),
        "geoprivate.claims.winnow_mechanisms.above_threshold_failure": call(
            values=[0.0, 1.0, 5.0], L=3.0, epsilon=1.0, beta=0.1
        ),
        "geoprivate.claims.winnow_mechanisms.coin_process_tail": call(
            ps=[Fraction(1, 2), Fraction(1, 4)], y=Fraction(1, 2), count_the_head=False
        ),
        "geoprivate.claims.winnow_mechanisms.em_utility_failure": call(scores=[0.0, 1.0, 3.0], epsilon=1.0, tau=0.5),
        # --- geoprivate.report
        "geoprivate.report.explorers.ReportExplorer": call(
            name="x", title="X", paper="vc1", builder=lambda: "<html></html>", command="geoprivate explore vc1"
        ),
        "geoprivate.report.explorers.report_explorer": call(
            name="fuzz", title="Fuzz", paper="vc1", command="geoprivate explore vc1", _use=lambda deco: deco(lambda: "")
        ),
        "geoprivate.report.figures.ReportFigure": call(name="x", title="X", paper="vc1", builder=lambda size: None),
        "geoprivate.report.figures.build_figure": call(name="median_bounds", size="small"),
        "geoprivate.report.figures.figure_png": call(fig=Lazy(lambda: _small_figure()), dpi=20),
        "geoprivate.report.figures.report_figure": call(
            name="fuzz", title="Fuzz", paper="vc1", caption="", _use=lambda deco: deco(lambda size: None)
        ),
        "geoprivate.report.instances.instances_tried": call(evidence={"instances": 3, "worst": 0.5}),
        "geoprivate.report.instances.load_instance": call(path=Lazy(lambda: _instance_file())),
        "geoprivate.report.instances.regenerate_command": call(
            seed=0, size="small", claims=["mylab"], claims_from=["mine.py"], max_examples=10, time_limit=30.0
        ),
        "geoprivate.report.instances.replay_command": call(
            claim_id="mylab/x", seed=0, size="small", claims_from="mine.py", max_examples=10
        ),
        "geoprivate.report.instances.save_instance": call(
            record=Lazy(lambda: _violated_record()), outdir=Lazy(lambda: tempfile.mkdtemp()), seed=0, size="small"
        ),
        "geoprivate.report.page.write_report": call(
            records=Lazy(lambda: [_violated_record()]),
            outdir=Lazy(lambda: tempfile.mkdtemp()),
            seed=0,
            size="small",
            figures=False,
            progress=False,
            explorers=False,
        ),
        "geoprivate.report.tables.labelboost_table": call(results=Lazy(lambda: _price_results())),
        "geoprivate.report.tables.markdown_table_html": call(md="| a | b |\n|---|---|\n| 1 | 2 |"),
        "geoprivate.report.tables.price_of_everlasting_table": call(results=Lazy(lambda: _price_results())),
        # --- geoprivate.viz
        "geoprivate.viz.collapse.arrangement_vertices": call(
            A=Lazy(lambda: _collapse_constraints()[0]), b=Lazy(lambda: _collapse_constraints()[1]), box=(-4, 4, -4, 4)
        ),
        "geoprivate.viz.collapse.block_maximisers": call(ensemble=Lazy(lambda: _collapse()[1].ensembles[0][1])),
        "geoprivate.viz.collapse.collapse_run": call(d=1, seed=4, T=10),
        "geoprivate.viz.collapse.depth_level_hulls": call(
            A=Lazy(lambda: _collapse_constraints()[0]),
            b=Lazy(lambda: _collapse_constraints()[1]),
            box=(-4, 4, -4, 4),
            levels=[2, 3],
        ),
        "geoprivate.viz.collapse.draw_collapse_comparison": call(runs=Lazy(lambda: [("run", *_collapse())])),
        "geoprivate.viz.collapse.draw_collapse_d1": call(
            predictor=Lazy(lambda: _collapse()[0]), result=Lazy(lambda: _collapse()[1]), levels=3
        ),
        "geoprivate.viz.collapse.draw_collapse_slices": call(
            predictor=Lazy(lambda: _collapse()[0]), result=Lazy(lambda: _collapse()[1]), levels=3
        ),
        "geoprivate.viz.collapse.dual_constraints_of": call(
            generator=Lazy(lambda: _collapse()[0].generator), points=[[0.0], [1.0]], labels=[0, 1]
        ),
        "geoprivate.viz.collapse.levels_in_window": call(
            A=Lazy(lambda: _collapse_constraints()[0]),
            b=Lazy(lambda: _collapse_constraints()[1]),
            window=(-2.0, 2.0, -1.0, 1.0),
            levels=2,
            box_factor=5.0,
        ),
        "geoprivate.viz.collapse.line_depth_profile": call(A1=[[1], [-1], [2]], b1=[0, -1, 1], window=(-2.0, 2.0)),
        "geoprivate.viz.collapse.plot_window": call(points=[[0.5, 0.1], [-0.5, 0.2]], pad=0.25, min_half=1.0),
        "geoprivate.viz.everlasting.draw_phases": call(result=Lazy(lambda: _everlasting_run())),
        "geoprivate.viz.everlasting.phases_run": call(seed=0),
        "geoprivate.viz.provenance.data_json": call(data={"title": "t", "x": [0.5, 1.0]}),
        "geoprivate.viz.provenance.figure_data": call(fig=Lazy(lambda: _small_figure())),
        "geoprivate.viz.provenance.png_data": call(png=Lazy(lambda: _png())),
        "geoprivate.viz.provenance.png_texts": call(png=Lazy(lambda: _png())),
        "geoprivate.viz.provenance.png_with_text": call(png=Lazy(lambda: _png()), key="geoprivate:data", text="{}"),
        "geoprivate.viz.shrinkage.draw_err_D": call(result=Lazy(lambda: _prediction_run())),
        "geoprivate.viz.shrinkage.draw_hard_queries_vs_T": call(
            sweep={"T": [10, 100], "shrinkage": [1, 2], "composition": [10, 100], "bound": [3.5, 6.7]}
        ),
        "geoprivate.viz.shrinkage.draw_oblivious_L": call(result=Lazy(lambda: _prediction_run()), vc=1),
        "geoprivate.viz.shrinkage.draw_privacy_spent": call(result=Lazy(lambda: _prediction_run())),
        "geoprivate.viz.shrinkage.hard_queries_sweep": call(Ts=[10, 20], k=40, m=10, epsilon=1.0, seed=0),
        "geoprivate.viz.shrinkage.illustrative_note": call(result=Lazy(lambda: _prediction_run())),
        "geoprivate.viz.shrinkage.lemma1_k": call(epsilon=0.5, delta=1e-6, gap=0.25),
        "geoprivate.viz.shrinkage.privacy_curve": call(result=Lazy(lambda: _prediction_run())),
        "geoprivate.viz.vc1.draw_learner_run": call(
            learner=Lazy(lambda: _vc1_run()[0]), hypothesis=Lazy(lambda: _vc1_run()[3])
        ),
        "geoprivate.viz.vc1.draw_vc1_tree": call(tree=Lazy(lambda: _vc1_tree())),
        "geoprivate.viz.vc1.figure1_run": call(seed=0, target=3, n=50),
        "geoprivate.viz.vc1.tree_layout": call(tree=Lazy(lambda: _vc1_tree())),
        "geoprivate.viz.winnow.draw_dp_winnow_run": call(run=Lazy(lambda: _winnow_run())),
        # --- geoprivate.explore
        "geoprivate.explore._page.exact": call(v=0.25),
        "geoprivate.explore._page.page_html": call(
            fig=Lazy(lambda: _plotly_figure()), title="T", intro="<p>x</p>", transcript={"a": 1}, height=400
        ),
        "geoprivate.explore._page.rational": call(v=0.25),
        "geoprivate.explore._page.require_plotly": call(),
        "geoprivate.explore._page.slider_layout": call(labels=["start", "1", "2"], prefix="round ", duration=400),
        "geoprivate.explore.everlasting.everlasting_figure": call(result=Lazy(lambda: _everlasting_run())),
        "geoprivate.explore.everlasting.everlasting_page": call(seed=0),
        "geoprivate.explore.everlasting.everlasting_transcript": call(result=Lazy(lambda: _everlasting_run()), seed=0),
        "geoprivate.explore.predict.predict_figure": call(runs=Lazy(lambda: [("run", *_collapse())]), d=1),
        "geoprivate.explore.predict.predict_page": call(d=1, seed=4, repaired=False),
        "geoprivate.explore.predict.predict_runs": call(d=1, seed=4, repaired=False),
        "geoprivate.explore.predict.predict_steps": call(result=Lazy(lambda: _collapse()[1])),
        "geoprivate.explore.predict.predict_transcript": call(runs=Lazy(lambda: [("run", *_collapse())]), d=1, seed=4),
        "geoprivate.explore.vc1.prefix_sizes": call(n=50),
        "geoprivate.explore.vc1.vc1_figure": call(
            learner=Lazy(lambda: _vc1_run()[0]),
            cols=Lazy(lambda: _vc1_run()[1]),
            labels=Lazy(lambda: _vc1_run()[2]),
            h=Lazy(lambda: _vc1_run()[3]),
            target=3,
        ),
        "geoprivate.explore.vc1.vc1_page": call(seed=0),
        "geoprivate.explore.vc1.vc1_transcript": call(
            learner=Lazy(lambda: _vc1_run()[0]),
            cols=Lazy(lambda: _vc1_run()[1]),
            labels=Lazy(lambda: _vc1_run()[2]),
            h=Lazy(lambda: _vc1_run()[3]),
            target=3,
            seed=0,
        ),
        "geoprivate.explore.vc1.version_space": call(learner=Lazy(lambda: _vc1_run()[0]), cols=[0, 2], labels=[1, 0]),
    }
)


# ------------------------------------------------------------------------------------------- geoprivate.prediction
def _pred_points():
    return np.linspace(0.01, 0.99, 40)


def _pred_predictor():
    from geoprivate.concepts import Thresholds
    from geoprivate.prediction import G_oblivious, GenericPredictor

    x = _pred_points()
    return GenericPredictor(G_oblivious(Thresholds()), x, (x >= 0.3).astype(int), k=20, m=2, epsilon=0.5, rng=1)


@functools.lru_cache(maxsize=1)
def _pred_result():
    from geoprivate.adversaries import binary_search_sequence
    from geoprivate.adversaries.stochastic import uniform_line

    return _pred_predictor().run(binary_search_sequence(20), 20, target=_pred_target(), law=uniform_line())


def _pred_state():
    from geoprivate.prediction.accuracy import SegmentState

    return SegmentState(start=0, stop=10, t_hat_lower=0.4, t_hat_upper=0.6, nu_scale=0.05)


def _pred_target():
    from geoprivate.problems import Target

    return Target(fn=lambda x: (np.asarray(x) >= 0.3).astype(int), breakpoints=(0.3,), t=0.3)


def _pred_g_halfspace():
    from geoprivate.prediction import G_halfspace

    return G_halfspace(1, form="margin")


def _pred_g_oblivious():
    from geoprivate.concepts import Thresholds
    from geoprivate.prediction import G_oblivious

    return G_oblivious(Thresholds())


def _pred_transcript():
    from geoprivate.prediction import Transcript

    t = Transcript(capacity=4)
    t.extend([0.1, 0.5, 0.9], [0, 2, 1], [0, 1, 1])
    return t


def _pred_problem():
    from geoprivate.prediction.problems import make_problem

    return make_problem("thresholds", 20, 0)


def _pred_composition():
    from geoprivate.concepts import Thresholds
    from geoprivate.prediction import CompositionPredictor, G_oblivious

    x = _pred_points()
    return CompositionPredictor(G_oblivious(Thresholds()), x, (x >= 0.3).astype(int), k=10, m=2, epsilon=0.5, rng=0)


def _pred_symbol(name):
    from geoprivate.prediction.parameters import sympy_appendix_a2

    return dict(zip(("d", "T", "alpha", "beta", "epsilon", "delta"), sympy_appendix_a2()["symbols"], strict=True))[name]


BASELINES.update(
    {
        "geoprivate.prediction.accuracy.AccuracyReport": _fields(lambda: _pred_result().accuracy),
        "geoprivate.prediction.accuracy.AccuracyReport.claim13_holds": method(lambda: _pred_result().accuracy),
        "geoprivate.prediction.accuracy.AccuracyReport.to_dict": method(lambda: _pred_result().accuracy),
        "geoprivate.prediction.accuracy.SegmentState": call(
            start=0, stop=10, t_hat_lower=0.4, t_hat_upper=0.6, nu_scale=0.05
        ),
        "geoprivate.prediction.accuracy.answer_law": call(votes=[0.1, 0.5, 0.9], state=Lazy(_pred_state)),
        "geoprivate.prediction.accuracy.gaussian_halfspace_error": call(
            A=[[1.0, 0.0], [0.0, 1.0]], w=[0.1, 0.2], a_star=[1.0, 1.0], w_star=0.0
        ),
        "geoprivate.prediction.accuracy.label_one_probability": call(votes=[0.1, 0.5, 0.9], state=Lazy(_pred_state)),
        "geoprivate.prediction.accuracy.laplace_cdf": call(x=[0.1, -0.2], scale=1.0),
        "geoprivate.prediction.accuracy.law_cells": call(
            law=Lazy(lambda: __import__("geoprivate.adversaries.stochastic").adversaries.stochastic.uniform_line()),
            ensembles=Lazy(lambda: [_threshold_ensemble()]),
            target=Lazy(_pred_target),
        ),
        "geoprivate.prediction.accuracy.lemma2_violation_probability": call(
            votes=[0.1, 0.5, 0.9], state=Lazy(_pred_state), t_lower=0.375, t_upper=0.625
        ),
        "geoprivate.prediction.accuracy.measure_accuracy": call(
            result=Lazy(_pred_result),
            target=Lazy(_pred_target),
            law=Lazy(lambda: __import__("geoprivate.adversaries.stochastic").adversaries.stochastic.uniform_line()),
        ),
        "geoprivate.prediction.accuracy.uniform_line_cells": call(breakpoints=[0.2, 0.5], lo=0.0, hi=1.0),
        "geoprivate.prediction.generators.G_halfspace": call(d=1, form="margin"),
        "geoprivate.prediction.generators.G_halfspace.constraints": method(
            _pred_g_halfspace, points=[[-1.0], [0.0], [1.0]], labels=[0, 1, 1]
        ),
        "geoprivate.prediction.generators.G_halfspace.hypothesis": method(
            _pred_g_halfspace,
            points=[[-1.0], [0.0], [1.0]],
            labels=[0, 1, 1],
            subspace=Lazy(lambda: _pred_g_halfspace().subspace([[-0.5]])[0]),
        ),
        "geoprivate.prediction.generators.G_halfspace.is_realisable": method(
            _pred_g_halfspace, points=[[-1.0], [0.0], [1.0]], labels=[0, 1, 1]
        ),
        "geoprivate.prediction.generators.G_halfspace.subspace": method(_pred_g_halfspace, hard_points=[[-0.5]]),
        "geoprivate.prediction.generators.G_halfspace_repaired": call(d=1, form="margin"),
        "geoprivate.prediction.generators.G_oblivious": call(concept=Lazy(_thresholds)),
        "geoprivate.prediction.generators.G_oblivious.hypothesis": method(
            _pred_g_oblivious, points=[0.1, 0.4, 0.8], labels=[0, 1, 1], hard_points=[0.6], hard_labels=[0]
        ),
        "geoprivate.prediction.generators.G_oblivious.is_realisable": method(
            _pred_g_oblivious, points=[0.1, 0.4, 0.8], labels=[0, 1, 1]
        ),
        "geoprivate.prediction.generators.concept_kind": call(concept=Lazy(_thresholds)),
        "geoprivate.prediction.generators.hard_query_subspace": call(hard_points=[[-0.5]], d=1),
        "geoprivate.prediction.parameters.appendix_a2": call(d=1, T=1000, alpha=0.1, beta=0.1, epsilon=0.5, delta=1e-6),
        "geoprivate.prediction.parameters.appendix_a3": call(d=2, T=1000, alpha=0.1, beta=0.1, epsilon=0.5, delta=1e-6),
        "geoprivate.prediction.parameters.growth_exponent": call(
            expr=Lazy(
                lambda: __import__("geoprivate.prediction.parameters").prediction.parameters.sympy_appendix_a2()["k"]
            ),
            var=Lazy(lambda: _pred_symbol("T")),
            at=1000.0,
            values=Lazy(
                lambda: {
                    _pred_symbol(s): v
                    for s, v in (("d", 1), ("alpha", 0.1), ("beta", 0.1), ("epsilon", 0.5), ("delta", 1e-6))
                }
            ),
        ),
        "geoprivate.prediction.parameters.practical_parameters": call(k=10, m=5, epsilon=0.5, delta=1e-6),
        "geoprivate.prediction.parameters.sympy_appendix_a2": call(c_m=1),
        "geoprivate.prediction.parameters.sympy_appendix_a3": call(c_m=1),
        "geoprivate.prediction.parameters.theorem_parameters": call(
            kind="thresholds", d=1, T=1000, alpha=0.1, beta=0.1, epsilon=0.5, delta=1e-6
        ),
        "geoprivate.prediction.predictor.CompositionPredictor": call(
            generator=Lazy(_pred_g_oblivious),
            points=Lazy(_pred_points),
            labels=Lazy(lambda: (_pred_points() >= 0.3).astype(int)),
            k=10,
            m=2,
            epsilon=0.5,
            rng=0,
        ),
        "geoprivate.prediction.predictor.CompositionPredictor.answer": method(_pred_composition, xs=[0.1, 0.5, 0.9]),
        "geoprivate.prediction.predictor.CompositionPredictor.guarantee": method(_pred_composition, T=10),
        "geoprivate.prediction.predictor.GenericPredictor": call(
            generator=Lazy(_pred_g_oblivious),
            points=Lazy(_pred_points),
            labels=Lazy(lambda: (_pred_points() >= 0.3).astype(int)),
            k=20,
            m=2,
            epsilon=0.5,
            delta=1e-6,
            rng=1,
        ),
        "geoprivate.prediction.predictor.GenericPredictor.ensemble": method(
            _pred_predictor, hard_points=[0.5], hard_labels=[1]
        ),
        "geoprivate.prediction.predictor.GenericPredictor.guarantee": method(_pred_predictor),
        "geoprivate.prediction.predictor.GenericPredictor.params": method(_pred_predictor),
        "geoprivate.prediction.predictor.GenericPredictor.run": method(
            _pred_predictor,
            adversary=Lazy(lambda: __import__("geoprivate.adversaries").adversaries.binary_search_sequence(20)),
            T=20,
            target=Lazy(_pred_target),
            law=Lazy(lambda: __import__("geoprivate.adversaries.stochastic").adversaries.stochastic.uniform_line()),
        ),
        "geoprivate.prediction.predictor.PredictionResult": _fields(_pred_result),
        "geoprivate.prediction.predictor.PredictionResult.to_dict": method(_pred_result, transcript=True),
        "geoprivate.prediction.predictor.privacy_total": call(epsilon=0.5, delta=1e-6, v=3, delta_prime=1e-6),
        "geoprivate.prediction.problems.make_adversary": call(
            kind="oblivious", problem=Lazy(_pred_problem), T=10, rng=0
        ),
        "geoprivate.prediction.problems.make_generator": call(problem=Lazy(_pred_problem), generator="auto"),
        "geoprivate.prediction.problems.make_problem": call(name="thresholds", N=20, rng=0),
        "geoprivate.prediction.tracking.label_sequence_count": call(
            concept=Lazy(_thresholds), queries=[0.1, 0.5, 0.9], hard_points=[0.5], hard_labels=[1]
        ),
        "geoprivate.prediction.tracking.label_sequences": call(
            concept=Lazy(_finite), queries=[0, 1, 2], hard_points=[1], hard_labels=[1]
        ),
        "geoprivate.prediction.transcript.HardQuery": call(round=0, x=0.5, label=1),
        "geoprivate.prediction.transcript.Transcript": call(point_shape=(), dtype=np.float64, capacity=16),
        "geoprivate.prediction.transcript.Transcript.extend": method(
            _pred_transcript, xs=[0.2, 0.7], codes=[2, 0], labels=[1, 0]
        ),
        "geoprivate.prediction.transcript.Transcript.hard_labels": method(_pred_transcript),
        "geoprivate.prediction.transcript.Transcript.hard_points": method(_pred_transcript),
        "geoprivate.prediction.transcript.Transcript.rounds": method(_pred_transcript, start=0, stop=2),
    }
)


# ------------------------------------------------------------------------------------------- geoprivate.learners
def _dl_phi():
    return np.random.default_rng(0).integers(0, 2, size=(60, 4))


def _dl_y():
    from geoprivate.learners.decision_lists import random_decision_list

    return random_decision_list(4, 2, rng=1).predict(_dl_phi())


def _dl_list():
    from geoprivate.learners.decision_lists import DecisionList

    return DecisionList((0, -1), (1, 0), 0)


def _dl_result():
    from geoprivate.learners.decision_lists import dp_greedy_cover

    return dp_greedy_cover(_dl_phi(), _dl_y(), epsilon=1.0, delta=1e-6, rng=2)


def _vc1_sample():
    cols = np.random.default_rng(0).integers(0, 8, size=400)
    return cols, (cols >= 5).astype(int)


def _vc1_opt():
    from geoprivate.learners.vc1 import OPTPrivateLearner
    from solvers.vc1 import thresholds_tree

    return OPTPrivateLearner(thresholds_tree(8), 1.0, 1e-6, 0.1, 0.1, mode="practical", n_subsets=20)


def _vc1_proper():
    from geoprivate.learners.vc1 import ProperLearner
    from solvers.vc1 import thresholds_tree

    return ProperLearner(thresholds_tree(8), 1.0, 1e-6, 0.1, 0.1, mode="practical", n_subsets=20)


@functools.lru_cache(maxsize=1)
def _vc1_hypothesis():
    return _vc1_opt().fit(*_vc1_sample(), rng=1)


def _wn_sequence():
    from geoprivate.learners.winnow import majority_sequence

    return majority_sequence(200, 8, 3, rng=0)


def _wn_params():
    from geoprivate.learners.winnow import theorem_4_5_parameters

    return theorem_4_5_parameters(200, 8, 1 / 3, 0.9, 1e-6, 0.05)


@functools.lru_cache(maxsize=1)
def _wn_run():
    from geoprivate.learners.winnow import dp_winnow

    X, y, _, _ = _wn_sequence()
    return dp_winnow(X, y, _wn_params(), rng=1)


@functools.lru_cache(maxsize=1)
def _wn_confident():
    from geoprivate.learners.winnow import confident_winnow

    X, y, v, rho = _wn_sequence()
    return confident_winnow(X, y, eta=0.1, rho=rho, target=v)


BASELINES.update(
    {
        "geoprivate.learners.decision_lists.DecisionList": call(features=(0, -1), bits=(1, 0), default=0),
        "geoprivate.learners.decision_lists.DecisionList.describe": method(_dl_list, names=["a", "b"]),
        "geoprivate.learners.decision_lists.DecisionList.first_true": method(_dl_list, Phi=[[1, 0], [0, 1]]),
        "geoprivate.learners.decision_lists.DecisionList.predict": method(_dl_list, Phi=[[1, 0], [0, 1]]),
        "geoprivate.learners.decision_lists.FeatureSet": call(
            d=2, terms=(((0, 1),), ((1, 0),)), names=("x0", "not x1")
        ),
        "geoprivate.learners.decision_lists.FeatureSet.from_matrix": call(n_features=3, names=("a", "b", "c")),
        "geoprivate.learners.decision_lists.FeatureSet.transform": method(
            lambda: __import__("geoprivate.learners.decision_lists").learners.decision_lists.literals(2),
            X=[[0, 1], [1, 1]],
        ),
        "geoprivate.learners.decision_lists.GreedyCoverResult": _fields(_dl_result),
        "geoprivate.learners.decision_lists.as_feature_matrix": call(Phi=[[0, 1], [1, 1]], name="Phi", _walk=("Phi",)),
        "geoprivate.learners.decision_lists.conjunction_count": call(d=4, k=2),
        "geoprivate.learners.decision_lists.conjunctions": call(d=4, k=2),
        "geoprivate.learners.decision_lists.dp_greedy_cover": call(
            Phi=Lazy(_dl_phi), y=Lazy(_dl_y), epsilon=1.0, delta=1e-6, rng=2, alpha=0.3, beta=0.1
        ),
        "geoprivate.learners.decision_lists.greedy_cover_epsilon_hat": call(epsilon=1.0, delta=1e-6),
        "geoprivate.learners.decision_lists.greedy_cover_output_law": call(
            Phi=[[1, 0], [0, 1], [1, 1]], y=[1, 0, 1], epsilon_hat=0.5
        ),
        "geoprivate.learners.decision_lists.greedy_cover_privacy": call(M=4, epsilon=1.0, delta=1e-6),
        "geoprivate.learners.decision_lists.greedy_cover_quality": call(
            c1=[1, 0], c0=[0, 2], n1=1, n0=2, available=[True, True]
        ),
        "geoprivate.learners.decision_lists.is_consistent": call(dl=Lazy(_dl_list), Phi=[[1, 0], [0, 1]], y=[1, 0]),
        "geoprivate.learners.decision_lists.is_inconsistency_certificate": call(
            Phi=[[1], [1]], y=[0, 1], rows=[0, 1], _index=()
        ),
        "geoprivate.learners.decision_lists.lemma_a4_error_bound": call(M=4, epsilon_hat=0.5, beta=0.1),
        "geoprivate.learners.decision_lists.literals": call(d=3),
        "geoprivate.learners.decision_lists.random_decision_list": call(n_features=4, length=2, rng=0),
        "geoprivate.learners.decision_lists.rivest": call(Phi=Lazy(_dl_phi), y=Lazy(_dl_y)),
        "geoprivate.learners.decision_lists.theorem_3_5_sample_size": call(
            M=4, alpha=0.1, beta=0.1, epsilon=1.0, delta=1e-6
        ),
        "geoprivate.learners.vc1.OPTPrivateLearner": call(
            concept_class=Lazy(lambda: __import__("solvers.vc1").vc1.thresholds_tree(8)),
            epsilon=1.0,
            delta=1e-6,
            alpha=0.1,
            beta=0.1,
            mode="practical",
            n_subsets=20,
        ),
        "geoprivate.learners.vc1.OPTPrivateLearner.choose_node": method(
            _vc1_opt, cols=Lazy(lambda: _vc1_sample()[0]), labels=Lazy(lambda: _vc1_sample()[1]), rng=1
        ),
        "geoprivate.learners.vc1.OPTPrivateLearner.fit": method(
            _vc1_opt, cols=Lazy(lambda: _vc1_sample()[0]), labels=Lazy(lambda: _vc1_sample()[1]), rng=1
        ),
        "geoprivate.learners.vc1.OPTPrivateLearner.guarantee": method(_vc1_opt),
        "geoprivate.learners.vc1.OPTPrivateLearner.sample_size": method(_vc1_opt),
        "geoprivate.learners.vc1.ProperLearner": call(
            concept_class=Lazy(lambda: __import__("solvers.vc1").vc1.thresholds_tree(8)),
            epsilon=1.0,
            delta=1e-6,
            alpha=0.1,
            beta=0.1,
            mode="practical",
            n_subsets=20,
        ),
        "geoprivate.learners.vc1.ProperLearner.fit": method(
            _vc1_proper, cols=Lazy(lambda: _vc1_sample()[0]), labels=Lazy(lambda: _vc1_sample()[1]), rng=1
        ),
        "geoprivate.learners.vc1.ProperLearner.guarantee": method(_vc1_proper),
        "geoprivate.learners.vc1.ProperLearner.sample_size": method(_vc1_proper),
        "geoprivate.learners.vc1.Theorem11Parameters": _fields(
            lambda: __import__("geoprivate.learners.vc1").learners.vc1.theorem11_parameters(8, 0.1, 0.1, 1.0, 1e-6)
        ),
        "geoprivate.learners.vc1.Theorem13Parameters": _fields(
            lambda: __import__("geoprivate.learners.vc1").learners.vc1.theorem13_parameters(8, 0.1, 0.1, 1.0, 1e-6)
        ),
        "geoprivate.learners.vc1.VC1Hypothesis": _fields(_vc1_hypothesis),
        "geoprivate.learners.vc1.VC1Hypothesis.error": method(
            _vc1_hypothesis, target=[0, 0, 0, 0, 0, 1, 1, 1], weights=[0.125] * 8
        ),
        "geoprivate.learners.vc1.VC1Hypothesis.predict": method(_vc1_hypothesis, cols=[0, 3, 7]),
        "geoprivate.learners.vc1.log_star": call(x=16.0),
        "geoprivate.learners.vc1.theorem11_parameters": call(td=8, alpha=0.1, beta=0.1, epsilon=1.0, delta=1e-6),
        "geoprivate.learners.vc1.theorem13_parameters": call(td=8, alpha=0.1, beta=0.1, epsilon=1.0, delta=1e-6),
        "geoprivate.learners.winnow.ConfidentWinnowRun": _fields(_wn_confident),
        "geoprivate.learners.winnow.DPWinnowParameters": _fields(_wn_params),
        "geoprivate.learners.winnow.DPWinnowParameters.utility_conditions": method(_wn_params),
        "geoprivate.learners.winnow.DPWinnowParameters.utility_note": method(_wn_params),
        "geoprivate.learners.winnow.DPWinnowRun": _fields(_wn_run),
        "geoprivate.learners.winnow.DPWinnowRun.regret_report": method(_wn_run),
        "geoprivate.learners.winnow.check_realizable": call(
            X=Lazy(lambda: _wn_sequence()[0]),
            y=Lazy(lambda: _wn_sequence()[1]),
            rho=1 / 3,
            target=Lazy(lambda: _wn_sequence()[2]),
        ),
        "geoprivate.learners.winnow.confident_winnow": call(
            X=Lazy(lambda: _wn_sequence()[0]),
            y=Lazy(lambda: _wn_sequence()[1]),
            eta=0.1,
            rho=1 / 3,
            c=0.25,
            target=Lazy(lambda: _wn_sequence()[2]),
        ),
        "geoprivate.learners.winnow.dp_winnow": call(
            X=Lazy(lambda: _wn_sequence()[0]), y=Lazy(lambda: _wn_sequence()[1]), params=Lazy(_wn_params), rng=1
        ),
        "geoprivate.learners.winnow.dp_winnow_privacy": call(eps_hat=0.01, eta=0.001, m=1, K=100, delta=1e-6),
        "geoprivate.learners.winnow.em_sample_privacy_loss": call(
            logw=[0.0, 0.0, 0.0], x=[1, -1, 1], y=1, x_prime=[1, 1, 1], y_prime=-1, eta=0.1
        ),
        "geoprivate.learners.winnow.least_confident_adversary": call(
            pool_X=Lazy(lambda: _wn_sequence()[0][:20]),
            pool_y=Lazy(lambda: _wn_sequence()[1][:20]),
            eta=0.1,
            rho=1 / 3,
            c=0.25,
            rounds=100,
        ),
        "geoprivate.learners.winnow.lemma_4_2_bound": call(d=8, eta=0.1, rho=1 / 3, c=0.25),
        "geoprivate.learners.winnow.lemma_4_6_sample_size": call(T=100, beta=0.1, c=0.5, rho=1 / 3),
        "geoprivate.learners.winnow.majority_sequence": call(T=50, d=8, k=3, rng=0),
        "geoprivate.learners.winnow.majority_stream": call(
            T=50, d=8, k=3, rng=0, chunk=16, _use=lambda r: [c for _, c in zip(range(3), r[0](), strict=False)]
        ),
        "geoprivate.learners.winnow.practical_parameters": call(T=100, d=8, rho=1 / 3, eps_hat=0.5, eta=0.1, m=4),
        "geoprivate.learners.winnow.sign_disagreement_probability": call(a=0.5, m=10),
        "geoprivate.learners.winnow.theorem_4_4_parameters": call(epsilon=0.5, delta=1e-6, K=10, m=4),
        "geoprivate.learners.winnow.theorem_4_5_parameters": call(
            T=200, d=8, rho=1 / 3, epsilon=0.9, delta=1e-6, beta=0.05
        ),
        "geoprivate.learners.winnow.theorem_4_5_rounds": call(K_over_eps_hat=1000.0, beta=0.05),
        "geoprivate.learners.winnow.tight_eps_hat": call(epsilon=1.0, delta=1e-6, eta=0.01, m=1, K=10),
        "geoprivate.learners.winnow.tight_winnow_search": call(
            epsilon=1.0, delta=1e-6, d=8, rho=0.5, c=0.5, etas=[0.05]
        ),
        "geoprivate.learners.winnow.winnow": call(
            X=Lazy(lambda: _wn_sequence()[0]), y=Lazy(lambda: _wn_sequence()[1]), eta=0.1
        ),
    }
)


# ------------------------------------------------------------------------------------------- geoprivate.everlasting
def _ev_problem():
    from geoprivate.everlasting import make_everlasting_problem

    return make_everlasting_problem("thresholds", 0)


def _ev_params():
    from geoprivate.everlasting import custom_parameters

    return custom_parameters([(1, 300, 20, 2)], 0.2, 0.05, 1.0, 1e-6, 1, epsilon_bt=0.5, sizes=[(0, 0)])


def _ev_params2():
    from geoprivate.everlasting import custom_parameters

    return custom_parameters([(1, 40, 60, 2), (1, 30, 10, 2)], 0.2, 0.05, 1.0, 1e-6, 1, epsilon_bt=0.5)


def _ev_points(n: int = 300):
    return np.random.default_rng(1).uniform(size=n)


def _ev_labels(n: int = 300):
    return _ev_problem().target(_ev_points(n))


def _ev_bbl():
    from geoprivate.everlasting import GenericBBL

    return GenericBBL(_ev_problem(), _ev_points(), _ev_labels(), _ev_params(), rng=2)


@functools.lru_cache(maxsize=1)
def _ev_result():
    from geoprivate.everlasting import GenericBBL

    return GenericBBL(_ev_problem(), _ev_points(40), _ev_labels(40), _ev_params2(), rng=2).run()


def _ev_stopper():
    from geoprivate.everlasting.repaired import StopperParameters

    return StopperParameters(1.0, 1e-6)


def _ev_repaired():
    from geoprivate.everlasting.repaired import RepairedBBL

    return RepairedBBL(_ev_problem(), _ev_points(), _ev_labels(), _ev_params(), rng=2, stopper=_ev_stopper())


@functools.lru_cache(maxsize=1)
def _ev_training_privacy():
    from geoprivate.everlasting.generic_bbl import generic_bbl_privacy

    return generic_bbl_privacy(_ev_params(), 300)


@functools.lru_cache(maxsize=1)
def _ev_repaired_privacy():
    from geoprivate.everlasting.repaired import repaired_bbl_privacy

    return repaired_bbl_privacy(_ev_params(), _ev_stopper(), 300)


def _ev_small_params():
    from geoprivate.everlasting import custom_parameters

    return custom_parameters([(1, 30, 10, 1)], 0.2, 0.05, 1.0, 1e-6, 1, epsilon_bt=0.5, sizes=[(0, 0)])


def _ev_game():
    from geoprivate.everlasting.game import training_game

    x = _ev_points(30)
    return training_game(_ev_problem(), _ev_small_params(), x, _ev_problem().target(x), 0, 0.5, 1, _ev_points(10))


def _ev_query_game():
    from geoprivate.everlasting.game import query_game

    x = _ev_points(30)
    return query_game(_ev_problem(), _ev_small_params(), x, _ev_problem().target(x), _ev_points(10), 0, 0.99)


def _ev_halting_params():
    from geoprivate.everlasting import custom_parameters

    return custom_parameters([(1, 40, 100, 2)], 0.2, 0.05, 1.0, 1e-6, 1, epsilon_bt=0.5, sizes=[(0, 0)])


def _ev_adversary():
    from geoprivate.everlasting.query_attack import HaltingAdversary

    return HaltingAdversary(0.5, 3, 0, 0)


def _ev_dichotomies():
    from geoprivate.everlasting.label_boost import dichotomies_of

    return dichotomies_of(_thresholds(), np.array([0.1, 0.5, 0.9]))


def _ev_interval_dichotomies():
    from geoprivate.everlasting.label_boost import IntervalDichotomies

    return IntervalDichotomies(np.array([0.1, 0.5, 0.9]))


def _ev_square():
    return np.array([[0.0, 0.0], [1.0, 0.1], [0.2, 1.0], [1.1, 1.2]])


def _ev_sweep():
    from geoprivate.everlasting.planar_sweep import planar_sweep

    return planar_sweep(_ev_square())


def _ev_planar_dichotomies():
    from geoprivate.everlasting.label_boost import PlanarDichotomies

    return PlanarDichotomies(_ev_sweep())


def _ev_lb_result():
    from geoprivate.everlasting.label_boost import label_boost

    return label_boost(_thresholds(), [0.1, 0.9], [0, 1], [0.5, 0.7], rng=0)


def _ev_game_audit():
    from geoprivate.everlasting.game import GameAudit

    return GameAudit("training", "faithful", 0.0, 0.95, 1.0, 1.0, None, (1, 2), 10)


BASELINES.update(
    {
        "geoprivate.everlasting.accounting.RepairedPrivacy": _fields(_ev_repaired_privacy),
        "geoprivate.everlasting.accounting.RepairedPrivacy.as_dict": method(_ev_repaired_privacy),
        "geoprivate.everlasting.accounting.RepairedPrivacy.failed_conditions": method(_ev_repaired_privacy),
        "geoprivate.everlasting.accounting.RepairedPrivacy.summary": method(_ev_repaired_privacy),
        "geoprivate.everlasting.accounting.TrainingPrivacy": _fields(_ev_training_privacy),
        "geoprivate.everlasting.accounting.TrainingPrivacy.as_dict": method(_ev_training_privacy),
        "geoprivate.everlasting.accounting.TrainingPrivacy.failed_conditions": method(_ev_training_privacy),
        "geoprivate.everlasting.accounting.TrainingPrivacy.summary": method(_ev_training_privacy),
        "geoprivate.everlasting.accounting.bt_privacy": call(epsilon_bt=0.5, delta_bt=2.5e-7, c=2, alpha=0.1, T=2304),
        "geoprivate.everlasting.accounting.claim27_epsilon": call(epsilon_inner=1.0, n_small=10, n_large=1000),
        "geoprivate.everlasting.accounting.labelboost_exact_loss": call(
            concept=Lazy(_thresholds),
            s_points=[4.0, 4.0, 4.0, 4.0],
            s_labels=[1, 1, 1, 1],
            s2_points=[4.0, 4.0, 4.0, 6.5],
            s2_labels=[1, 1, 1, 0],
            t_points=[4.0, 2.5, 5.0],
        ),
        "geoprivate.everlasting.accounting.labelboost_release_law": call(
            concept=Lazy(_thresholds), s_points=[0.1, 0.9], s_labels=[0, 1], t_points=[0.5, 0.7]
        ),
        "geoprivate.everlasting.accounting.training_privacy": call(
            phase1=Lazy(lambda: _ev_params().phase(1)), delta=1e-6, n_input=300, relabelled=True, s_hat_used=10
        ),
        "geoprivate.everlasting.boosting.accuracy_boost": call(
            make_seq=lambda i, rng: __import__(
                "geoprivate.everlasting.boosting"
            ).everlasting.boosting.rotating_sequence([0, 0, 1, 1, 1, 0, 1, 0], 0.1, rng),
            n_points=8,
            beta=0.1,
            rng=0,
        ),
        "geoprivate.everlasting.boosting.hypothesis_learner": call(
            seq=Lazy(
                lambda: __import__("geoprivate.everlasting.boosting").everlasting.boosting.rotating_sequence(
                    [0, 0, 1, 1, 1, 0, 1, 0], 0.1, 0
                )
            ),
            n_points=8,
            beta=0.1,
            rng=0,
        ),
        "geoprivate.everlasting.boosting.hypothesis_learner_R": call(n_points=8, beta=0.1),
        "geoprivate.everlasting.boosting.rotating_sequence": call(
            target=[0, 1, 1, 0], alpha=0.25, rng=0, _use=lambda seq: seq(np.arange(4), np.arange(4))
        ),
        "geoprivate.everlasting.ensembles.erm_ensemble": call(
            problem=Lazy(_ev_problem),
            points=[0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85, 0.95],
            labels=[0, 0, 0, 0, 0, 1, 1, 1, 1, 1],
            T=5,
            lam=2,
        ),
        "geoprivate.everlasting.ensembles.level_errors": call(problem=Lazy(_ev_problem), ens=Lazy(_threshold_ensemble)),
        "geoprivate.everlasting.ensembles.make_everlasting_problem": call(name="thresholds", rng=0),
        "geoprivate.everlasting.game.GameAudit": _fields(_ev_game_audit),
        "geoprivate.everlasting.game.GameAudit.as_dict": method(_ev_game_audit),
        "geoprivate.everlasting.game.GameInstance": _fields(_ev_game),
        "geoprivate.everlasting.game.World": call(points=[0.1, 0.2], labels=[0, 0], queries=[0.5]),
        "geoprivate.everlasting.game.audit_game": call(instance=Lazy(_ev_game), n_samples=5, rng=0),
        "geoprivate.everlasting.game.audit_query_positions": call(
            instances=Lazy(lambda: [_ev_query_game()]), n_samples=5, rng=0
        ),
        "geoprivate.everlasting.game.labelboost_erm_instance": call(problem=None, rng=0),
        "geoprivate.everlasting.game.play": call(instance=Lazy(_ev_game), b=1, rng=0),
        "geoprivate.everlasting.game.query_game": call(
            problem=Lazy(_ev_problem),
            parameters=Lazy(_ev_small_params),
            S_points=Lazy(lambda: _ev_points(30)),
            S_labels=Lazy(lambda: _ev_labels(30)),
            queries=Lazy(lambda: _ev_points(10)),
            round_=0,
            new_query=0.99,
            _index=("round_",),
        ),
        "geoprivate.everlasting.game.query_leak_instance": call(problem=None, rng=0),
        "geoprivate.everlasting.game.query_position": call(instance=Lazy(_ev_query_game)),
        "geoprivate.everlasting.game.training_game": call(
            problem=Lazy(_ev_problem),
            parameters=Lazy(_ev_small_params),
            S_points=Lazy(lambda: _ev_points(30)),
            S_labels=Lazy(lambda: _ev_labels(30)),
            index=0,
            new_point=0.5,
            new_label=1,
            queries=Lazy(lambda: _ev_points(10)),
            _index=("index",),
        ),
        "geoprivate.everlasting.generic_bbl.EverlastingResult": _fields(_ev_result),
        "geoprivate.everlasting.generic_bbl.EverlastingResult.to_dict": method(_ev_result),
        "geoprivate.everlasting.generic_bbl.GenericBBL": call(
            problem=Lazy(_ev_problem),
            points=Lazy(_ev_points),
            labels=Lazy(_ev_labels),
            parameters=Lazy(_ev_params),
            rng=2,
        ),
        "geoprivate.everlasting.generic_bbl.GenericBBL.guarantee": method(_ev_bbl),
        "geoprivate.everlasting.generic_bbl.GenericBBL.privacy": method(_ev_bbl, phases=1),
        "geoprivate.everlasting.generic_bbl.GenericBBL.run": method(_ev_bbl, phases=1),
        "geoprivate.everlasting.generic_bbl.GenericBBL.stream": method(_ev_bbl, name="bt", phase=1),
        "geoprivate.everlasting.generic_bbl.HypothesisSequence": call(
            ensembles=Lazy(lambda: {1: _threshold_ensemble()}), phase=[1, 1], level=[0, 2]
        ),
        "geoprivate.everlasting.generic_bbl.PhaseRecord": _fields(lambda: _ev_result().phases[0]),
        "geoprivate.everlasting.generic_bbl.PhaseRecord.as_dict": method(lambda: _ev_result().phases[0]),
        "geoprivate.everlasting.generic_bbl.generic_bbl_privacy": call(parameters=Lazy(_ev_params), n_input=300),
        "geoprivate.everlasting.generic_bbl.relabels": call(parameters=Lazy(_ev_params2), i=1, phases=2, _index=("i",)),
        "geoprivate.everlasting.label_boost.Dichotomies": call(points=[0.1, 0.5, 0.9], threshold_order=[0, 1, 2]),
        "geoprivate.everlasting.label_boost.Dichotomies.errors": method(_ev_dichotomies, pos=[0, 1, 2], neg=[1, 0, 0]),
        "geoprivate.everlasting.label_boost.Dichotomies.labels": method(_ev_dichotomies, k=1, _index=("k",)),
        "geoprivate.everlasting.label_boost.Dichotomies.matrix": method(_ev_dichotomies),
        "geoprivate.everlasting.label_boost.Dichotomies.select": method(
            _ev_dichotomies, pos=[0, 1, 2], neg=[1, 0, 0], epsilon=1.0, rng=0, selection="exponential"
        ),
        "geoprivate.everlasting.label_boost.IntervalDichotomies": call(points=[0.1, 0.5, 0.9]),
        "geoprivate.everlasting.label_boost.IntervalDichotomies.errors": method(
            _ev_interval_dichotomies, pos=[0, 1, 2], neg=[1, 0, 0]
        ),
        "geoprivate.everlasting.label_boost.IntervalDichotomies.labels": method(
            _ev_interval_dichotomies, k=2, _index=("k",)
        ),
        "geoprivate.everlasting.label_boost.IntervalDichotomies.matrix": method(_ev_interval_dichotomies),
        "geoprivate.everlasting.label_boost.IntervalDichotomies.select": method(
            _ev_interval_dichotomies, pos=[0, 1, 2], neg=[1, 0, 0], epsilon=1.0, rng=0, selection="exponential"
        ),
        "geoprivate.everlasting.label_boost.LabelBoostResult": _fields(_ev_lb_result),
        "geoprivate.everlasting.label_boost.PlanarDichotomies": call(sweep=Lazy(_ev_sweep)),
        "geoprivate.everlasting.label_boost.PlanarDichotomies.errors": method(
            _ev_planar_dichotomies, pos=[0, 1, 1, 0], neg=[1, 0, 0, 1]
        ),
        "geoprivate.everlasting.label_boost.PlanarDichotomies.labels": method(
            _ev_planar_dichotomies, k=3, _index=("k",)
        ),
        "geoprivate.everlasting.label_boost.PlanarDichotomies.matrix": method(_ev_planar_dichotomies),
        "geoprivate.everlasting.label_boost.dichotomies_of": call(concept=Lazy(_thresholds), P=[0.1, 0.5, 0.9]),
        "geoprivate.everlasting.label_boost.label_boost": call(
            concept=Lazy(_thresholds), s_points=[0.1, 0.9], s_labels=[0, 1], t_points=[0.5, 0.7], rng=0
        ),
        "geoprivate.everlasting.label_boost.label_boost_law": call(
            concept=Lazy(_thresholds), s_points=[0.1, 0.9], s_labels=[0, 1], t_points=[0.5, 0.7]
        ),
        "geoprivate.everlasting.label_boost.labelboost_epsilon": call(em_epsilon=1.0),
        "geoprivate.everlasting.label_boost.lemma_c2_applies": call(alpha=0.1, beta=0.1, n_s=200, n_t=10, vc=1),
        "geoprivate.everlasting.label_boost.lemma_c2_max_T": call(alpha=0.1, beta=0.1, n_s=200, vc=1),
        "geoprivate.everlasting.parameters.Constants": call(
            tau=1.1e10, lambda_scale=1.0, r_const=25600.0, c_const=64.0
        ),
        "geoprivate.everlasting.parameters.Constants.m": method(
            lambda: __import__("geoprivate.everlasting.parameters").everlasting.parameters.Constants(), epsilon=0.5
        ),
        "geoprivate.everlasting.parameters.EverlastingParameters": _fields(_ev_params2),
        "geoprivate.everlasting.parameters.EverlastingParameters.as_dict": method(_ev_params2),
        "geoprivate.everlasting.parameters.EverlastingParameters.phase": method(_ev_params2, i=2, _index=("i",)),
        "geoprivate.everlasting.parameters.EverlastingParameters.utility_proved": method(_ev_params2, phases=1),
        "geoprivate.everlasting.parameters.PhaseParameters": _fields(lambda: _ev_params2().phase(1)),
        "geoprivate.everlasting.parameters.PhaseParameters.as_dict": method(lambda: _ev_params2().phase(1)),
        "geoprivate.everlasting.parameters.bt_epsilon": call(eps_bt=0.5, d_bt=2.5e-7, c=2),
        "geoprivate.everlasting.parameters.custom_parameters": call(
            spec=[(1, 40, 60, 2), (1, 30, 10, 2)], alpha=0.2, beta=0.05, epsilon=1.0, delta=1e-6, vc=1, epsilon_bt=0.5
        ),
        "geoprivate.everlasting.parameters.initial_sample_size": call(
            alpha=0.05, beta=0.05, epsilon=0.5, delta=1e-6, vc=1
        ),
        "geoprivate.everlasting.parameters.lambda_vc": call(alpha=0.05, beta=0.05, vc=1),
        "geoprivate.everlasting.parameters.practical_parameters": call(
            alpha=0.05, beta=0.05, epsilon=0.5, delta=1e-6, vc=1, phases=2
        ),
        "geoprivate.everlasting.parameters.theorem_parameters": call(
            alpha=0.05, beta=0.05, epsilon=0.5, delta=1e-6, vc=1, phases=2
        ),
        "geoprivate.everlasting.planar_sweep.PlanarSweep": call(
            points=Lazy(_ev_square),
            others=Lazy(lambda: _ev_sweep().others),
            width=Lazy(lambda: _ev_sweep().width),
        ),
        "geoprivate.everlasting.planar_sweep.PlanarSweep.errors": method(_ev_sweep, pos=[0, 1, 1, 0], neg=[1, 0, 0, 1]),
        "geoprivate.everlasting.planar_sweep.PlanarSweep.labels": method(_ev_sweep, index=3, _index=("index",)),
        "geoprivate.everlasting.planar_sweep.PlanarSweep.pair": method(_ev_sweep, index=3, _index=("index",)),
        "geoprivate.everlasting.planar_sweep.integer_points": call(P=Lazy(_ev_square)),
        "geoprivate.everlasting.planar_sweep.planar_sweep": call(P=Lazy(_ev_square)),
        "geoprivate.everlasting.query_attack.HaltingAdversary": call(
            probe_level=0.5, n_probes=6, hidden_round=0, decoys=0
        ),
        "geoprivate.everlasting.query_attack.HaltingAdversary.as_dict": method(_ev_adversary),
        "geoprivate.everlasting.query_attack.HaltingAdversary.featurize": call(view=(0, 1, 1)),
        "geoprivate.everlasting.query_attack.HaltingAdversary.instance": method(
            _ev_adversary, problem=Lazy(_ev_problem), parameters=Lazy(_ev_halting_params)
        ),
        "geoprivate.everlasting.query_attack.HaltingAdversary.queries": method(_ev_adversary),
        "geoprivate.everlasting.query_attack.adversary_search": call(
            problem=Lazy(_ev_problem),
            parameters=Lazy(_ev_halting_params),
            iters=1,
            n_search=2,
            n_samples=2,
            max_probes=3,
            rng=0,
        ),
        "geoprivate.everlasting.query_attack.exact_query_audit": call(
            adversary=Lazy(_ev_adversary), parameters=Lazy(_ev_halting_params), epsilon=1.0
        ),
        "geoprivate.everlasting.query_attack.exact_view_law": call(
            values=[0.5, 0.5, 0.0], hidden_round=0, epsilon=0.5, t_lower=0.4, t_upper=0.6, n=40, c=2
        ),
        "geoprivate.everlasting.query_attack.halting_parameters": call(),
        "geoprivate.everlasting.query_attack.repaired_exact_audit": call(
            adversary=Lazy(_ev_adversary), parameters=Lazy(_ev_halting_params), stopper=Lazy(_ev_stopper), nodes=8
        ),
        "geoprivate.everlasting.query_attack.repaired_view_law": call(
            values=[0.5, 0.5],
            hidden_round=0,
            epsilon=0.5,
            t_lower=0.4,
            t_upper=0.6,
            n=40,
            c=2,
            epsilon_stop=1.0,
            beta_stop=1e-6,
            max_queries=10,
            nodes=8,
        ),
        "geoprivate.everlasting.query_attack.vote_level_training_set": call(T=10, k=5),
        "geoprivate.everlasting.repaired.RepairedBBL": call(
            problem=Lazy(_ev_problem),
            points=Lazy(_ev_points),
            labels=Lazy(_ev_labels),
            parameters=Lazy(_ev_params),
            rng=2,
            stopper=Lazy(_ev_stopper),
        ),
        "geoprivate.everlasting.repaired.RepairedBBL.privacy": method(_ev_repaired, phases=1),
        "geoprivate.everlasting.repaired.StopperParameters": call(epsilon_stop=1.0, beta_stop=1e-6),
        "geoprivate.everlasting.repaired.StopperParameters.c_max": method(
            _ev_stopper, p=Lazy(lambda: _ev_params().phase(1))
        ),
        "geoprivate.everlasting.repaired.StopperParameters.query": method(_ev_stopper),
        "geoprivate.everlasting.repaired.StopperParameters.training": method(
            _ev_stopper, p=Lazy(lambda: _ev_params().phase(1))
        ),
        "geoprivate.everlasting.repaired.lemma_c1": call(
            inner=Lazy(lambda: __import__("geoprivate").Guarantee(0.5, 1e-6))
        ),
        "geoprivate.everlasting.repaired.repaired_bbl_privacy": call(
            parameters=Lazy(_ev_params), stopper=Lazy(_ev_stopper), n_input=300
        ),
        "geoprivate.everlasting.repaired.repaired_guarantees": call(
            parameters=Lazy(_ev_params), stopper=Lazy(_ev_stopper), n_initial=300
        ),
    }
)


# ------------------------------------------------------------------------------------------- geoprivate.planning
def _pl_greedy():
    from geoprivate.planning import plan_dp_greedy_cover

    return plan_dp_greedy_cover(1.0, 1e-6, M=4, alpha=0.3, beta=0.1)


def _pl_bbl():
    from geoprivate.planning import plan_generic_bbl

    return plan_generic_bbl(1.0, 1e-6, alpha=0.2, queries=20, lambda1=1, tops=2)


def _pl_winnow():
    from geoprivate.planning import plan_dp_winnow

    return plan_dp_winnow(1.0, 1e-6, T=200, d=8, rho=0.5)


def _pl_median():
    from geoprivate.planning import plan_private_median

    return plan_private_median(1.0, domain_size=100, alpha=0.2, beta=0.1)


BASELINES.update(
    {
        "geoprivate.planning.Plan": _fields(_pl_greedy),
        "geoprivate.planning.Plan.as_dict": method(_pl_greedy),
        "geoprivate.planning.Plan.run": method(_pl_median, data=None, rng=0),
        "geoprivate.planning.PlannedPhase": _fields(lambda: _pl_bbl().phases[0]),
        "geoprivate.planning.dp_winnow_parameters_from_plan": call(plan=Lazy(_pl_winnow)),
        "geoprivate.planning.everlasting_run_cost": call(plan=Lazy(_pl_bbl), concept="thresholds", phases=1),
        "geoprivate.planning.generic_bbl_parameters_from_plan": call(plan=Lazy(_pl_bbl), epsilon_run=1.0),
        "geoprivate.planning.load_plan": call(obj=Lazy(lambda: _pl_bbl().as_dict())),
        "geoprivate.planning.plan": call(algorithm="private-median", epsilon=1.0, delta=0.0, domain_size=100),
        "geoprivate.planning.plan_accountant": call(plan=Lazy(_pl_greedy)),
        "geoprivate.planning.plan_dp_greedy_cover": call(epsilon=1.0, delta=1e-6, M=4, alpha=0.3, beta=0.1),
        "geoprivate.planning.plan_dp_winnow": call(epsilon=1.0, delta=1e-6, T=200, d=8, rho=0.5),
        "geoprivate.planning.plan_everlasting_practical": call(
            epsilon=4.0, delta=1e-6, phases=1, repaired=True, alpha=0.2, queries=20, lam=1
        ),
        "geoprivate.planning.plan_generic_bbl": call(epsilon=1.0, delta=1e-6, alpha=0.2, queries=20, lambda1=1, tops=2),
        "geoprivate.planning.plan_generic_predictor": call(epsilon=0.5, delta=1e-6, T=50, m=2),
        "geoprivate.planning.plan_private_median": call(epsilon=1.0, domain_size=100, alpha=0.2, beta=0.1),
        "geoprivate.planning.plan_vc1": call(epsilon=1.0, delta=1e-6, td=8, alpha=0.45, beta=0.1),
        "geoprivate.planning.planned_guarantee": call(plan=Lazy(_pl_greedy)),
        "geoprivate.planning.planned_privacy": call(plan=Lazy(_pl_bbl)),
        "geoprivate.planning.run_everlasting_plan": call(plan=Lazy(_pl_bbl), concept="thresholds", seed=0),
        "geoprivate.planning.run_plan": call(plan=Lazy(_pl_median), data=None, rng=0),
        "geoprivate.planning.vc1_privacy_conditions": call(learner="opt", median="exponential"),
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


# --- geoprivate.audit (phase 2) ------------------------------------
def _record(cls_path: str, make):
    """The baseline of a record's constructor without building one in the parent: its fields, from ``make()``
    (cached in the child), the names read from the class ``cls_path`` (``module:Class``)."""
    import dataclasses
    import functools
    import importlib

    module, _, name = cls_path.partition(":")
    cls = getattr(importlib.import_module(module), name)
    made = functools.cache(make)
    return call(**{f.name: Lazy(lambda n=f.name: getattr(made(), n)) for f in dataclasses.fields(cls) if f.init})


def _rr_law(bit):
    """Randomised response with e^eps = 3, as an exact law."""
    return {bit: Fraction(3, 4), 1 - bit: Fraction(1, 4)}


def _rr_sampler(bit, rng, n):
    """Randomised response with e^eps = 3, ``n`` runs."""
    return np.where(rng.random(n) < 0.75, bit, 1 - bit)


def _rr_one(bit, rng):
    """One run of randomised response with e^eps = 3."""
    return int(rng.random() < 0.75) ^ bit


def _dl_cdf(k):
    """The cdf of the two-sided geometric law of ratio 1/3 (exact)."""
    from geoprivate.audit.laws import discrete_laplace_cdf

    return discrete_laplace_cdf(k, Fraction(1, 3))


def _exact_result():
    from geoprivate.audit.exact import LogRational, exact_audit

    return exact_audit(_rr_law, [(0, 1)], LogRational(2))


def _sampler_result():
    from geoprivate.audit.sampler import audit_sampler

    return audit_sampler(_rr_sampler, [(0, 1)], 0.5, n_samples=2000, rng=1)


def _statistical_result():
    from geoprivate.audit.statistical import statistical_epsilon_lower_bound

    return statistical_epsilon_lower_bound(_rr_one, 0, 1, n_samples=1000, rng=0)


def _rr_measurement():
    import opendp.prelude as dp

    dp.enable_features("contrib")
    return dp.m.make_randomized_response_bool(0.75)


def _measurement_result():
    from geoprivate.audit.opendp import audit_measurement, randomized_response_bool_law

    return audit_measurement(_rr_measurement(), [(False, True)], sampler=False, law=randomized_response_bool_law(0.75))


def _additive_score():
    from geoprivate.audit.sampler import _AdditiveScore, _Coder

    return _AdditiveScore((("x", None),), (_Coder((0.0,)),), ((0.0, 1.0, 2.0, 3.0),))


def _event():
    from geoprivate.audit.sampler import Event

    return Event(("x", None), 0.0, 1.0)


def _joint_event():
    from geoprivate.audit.sampler import JointEvent

    return JointEvent(_additive_score(), 0.5, True)


def _user_event():
    from geoprivate.audit.sampler import UserEvent

    return UserEvent(0, "e")


def _query_space():
    from geoprivate.audit.neighbours import query_vector_neighbours

    return query_vector_neighbours(2, 0, 1)


def _piecewise():
    from geoprivate.audit.laws import PiecewiseGeometric

    return PiecewiseGeometric.discrete_laplace(Fraction(1, 2))


def _tops():
    from geoprivate.audit.laws import noisy_comparison_given_threshold

    return [noisy_comparison_given_threshold(q, 1, None) for q in (1, 0)]


def _statdp(name):
    from geoprivate.audit.suites.statdp import statdp_case

    return statdp_case(name)


_PAIR01 = [(0, 1)]
_OUTPUTS = np.array([[0.5], [2.0]])

BASELINES.update(
    {
        # geoprivate.audit
        "geoprivate.audit.between_thresholds.between_thresholds_transcripts": call(m=3),
        "geoprivate.audit.between_thresholds.between_thresholds_output_law": call(
            values=[0.45, 0.55], epsilon=0.5, t_lower=0.4, t_upper=0.6, n=40
        ),
        "geoprivate.audit.between_thresholds.between_thresholds_audit": call(
            values=[0.45, 0.55], values_prime=[0.46, 0.56], epsilon=0.5, t_lower=0.4, t_upper=0.6, n=40, delta=1e-6
        ),
        "geoprivate.audit.between_thresholds.between_thresholds_repeated_law": call(
            q=0.5, m=5, epsilon=0.5, t_lower=0.4, t_upper=0.6, n=200
        ),
        "geoprivate.audit.between_thresholds.between_thresholds_repeated_audit": call(
            q=0.5, q_prime=0.505, m=5, epsilon=0.5, t_lower=0.4, t_upper=0.6, n=200, delta=1e-6
        ),
        "geoprivate.audit.controls.svt_no_query_noise": call(values=[0.0, 1.0, 2.0], epsilon=1.0, threshold=1.5, rng=0),
        "geoprivate.audit.controls.svt_no_query_noise_batch": call(
            values=[0.0, 1.0, 2.0], epsilon=1.0, threshold=1.5, rng=0, size=10
        ),
        "geoprivate.audit.controls.svt_no_query_noise_output_law": call(
            values=[0.0, 1.0, 2.0], epsilon=1.0, threshold=1.5
        ),
        "geoprivate.audit.controls.svt_output_noisy_value": call(
            values=[0.0, 1.0, 2.0], epsilon=1.0, threshold=1.5, rng=0, c=1
        ),
        "geoprivate.audit.controls.svt_output_noisy_value_batch": call(
            values=[0.0, 1.0, 2.0], epsilon=1.0, threshold=1.5, rng=0, size=10, c=2
        ),
        "geoprivate.audit.divergence.delta_for_epsilon": call(p=[0.75, 0.25], q=[0.25, 0.75], epsilon=0.5),
        "geoprivate.audit.divergence.epsilon_for_delta": call(p=[0.75, 0.25], q=[0.25, 0.75], delta=0.1),
        "geoprivate.audit.divergence.hockey_stick": call(p=[0.75, 0.25], q=[0.25, 0.75], epsilon=0.5),
        "geoprivate.audit.exact.ExactAuditResult": _record("geoprivate.audit.exact:ExactAuditResult", _exact_result),
        "geoprivate.audit.exact.LogRational": call(value=3),
        "geoprivate.audit.exact.exact_audit": call(law=_rr_law, neighbours=_PAIR01, epsilon=0.5, delta=0.0),
        "geoprivate.audit.exact.value_key": call(obj={"record": (1, 2.0)}),
        "geoprivate.audit.exponential.exponential_mechanism_audit": call(
            scores=[0.0, 1.0], scores_prime=[1.0, 0.0], epsilon=1.0, sensitivity=1.0
        ),
        "geoprivate.audit.interior_point.interior_point_exact_audit": call(
            values=[1, 2], domain_size=4, epsilon=5.7, delta=0.5, beta=0.5, mode="practical", k_scale=0.0, n_base=5
        ),
        "geoprivate.audit.laws.PiecewiseGeometric": call(
            lo=0,
            middle=(Fraction(1, 2),),
            left=((Fraction(2), Fraction(1, 4)),),
            right=((Fraction(1, 2), Fraction(1, 2)),),
        ),
        "geoprivate.audit.laws.PiecewiseGeometric.constant": call(value=Fraction(1, 2)),
        "geoprivate.audit.laws.PiecewiseGeometric.discrete_laplace": call(r=Fraction(1, 2), kind="cdf", centre=1),
        "geoprivate.audit.laws.PiecewiseGeometric.step": call(at=2, below=1, above=0),
        "geoprivate.audit.laws.PiecewiseGeometric.total": method(_piecewise),
        "geoprivate.audit.laws.clamped_law": call(cdf=_dl_cdf, lo=-1, hi=1),
        "geoprivate.audit.laws.discrete_laplace_cdf": call(k=1, r=Fraction(1, 2), centre=0),
        "geoprivate.audit.laws.discrete_laplace_clamped_law": call(r=Fraction(1, 2), lo=0, hi=2, centre=1),
        "geoprivate.audit.laws.discrete_laplace_epsilon": call(r=Fraction(4, 5), sensitivity=2),
        "geoprivate.audit.laws.discrete_laplace_pmf": call(k=1, r=Fraction(1, 2), centre=0),
        "geoprivate.audit.laws.discrete_laplace_sf": call(k=1, r=Fraction(1, 2), centre=0),
        "geoprivate.audit.laws.noisy_argmax_law": call(queries=[0, 1], r=Fraction(1, 2)),
        "geoprivate.audit.laws.noisy_comparison_given_threshold": call(
            query=1, threshold=0, r_query=Fraction(1, 2), strict=False
        ),
        "geoprivate.audit.laws.noisy_comparison_probability": call(
            query=0, threshold=0, r_query=Fraction(1, 2), r_threshold=Fraction(1, 2), strict=True
        ),
        "geoprivate.audit.laws.noisy_max_cdf": call(v=0, queries=[0, 0], r=Fraction(1, 2)),
        "geoprivate.audit.laws.shared_threshold_law": call(tops=Lazy(_tops), r_threshold=Fraction(1, 2), cutoff=None),
        "geoprivate.audit.laws.threshold_crossing_law": call(
            values=[1, 0], threshold=1, threshold_cdf=_dl_cdf, cutoff=1
        ),
        "geoprivate.audit.neighbours.NeighbourSpace": call(
            description="one pair", size=1, pairs=lambda: iter([((0,), (1,))]), strategy=lambda: None, max_pairs=10
        ),
        "geoprivate.audit.neighbours.NeighbourSpace.pairs": method(_query_space),
        "geoprivate.audit.neighbours.NeighbourSpace.strategy": method(_query_space),
        "geoprivate.audit.neighbours.dataset_neighbours": call(
            universe="ab", max_size=2, relation="add-remove", min_size=0, ordered=False, max_pairs=100
        ),
        "geoprivate.audit.neighbours.query_vector_neighbours": call(
            max_len=2, lo=0, hi=2, relation="one-query", min_len=1, max_pairs=100
        ),
        "geoprivate.audit.opendp.DocumentedLaw": call(constructor="c", run=lambda pairs, epsilon, delta: None),
        "geoprivate.audit.opendp.MeasurementAudit": _record(
            "geoprivate.audit.opendp:MeasurementAudit", _measurement_result
        ),
        "geoprivate.audit.opendp.audit_measurement": call(
            measurement=Lazy(_rr_measurement), neighbours=[(False, True)], n_samples=1000, n_pilot=1000, rng=0
        ),
        "geoprivate.audit.opendp.claimed_privacy": call(measurement=Lazy(_rr_measurement), d_in=1),
        "geoprivate.audit.opendp.geometric_law": call(scale=2.0),
        "geoprivate.audit.opendp.input_distance": call(measurement=Lazy(_rr_measurement), x0=False, x1=True),
        "geoprivate.audit.opendp.randomized_response_bool_law": call(prob=0.75),
        "geoprivate.audit.sampler.Event": call(feature=("x", None), low=0.0, high=1.0, low_open=False),
        "geoprivate.audit.sampler.Event.describe": method(_event),
        "geoprivate.audit.sampler.Event.mask": method(_event, x=_OUTPUTS),
        "geoprivate.audit.sampler.JointEvent": call(score=Lazy(_additive_score), threshold=0.5, upper=True),
        "geoprivate.audit.sampler.JointEvent.describe": method(_joint_event),
        "geoprivate.audit.sampler.JointEvent.mask": method(_joint_event, x=_OUTPUTS),
        "geoprivate.audit.sampler.SamplerAuditResult": _record(
            "geoprivate.audit.sampler:SamplerAuditResult", _sampler_result
        ),
        "geoprivate.audit.sampler.SamplerAuditResult.summary": method(_sampler_result),
        "geoprivate.audit.sampler.UserEvent": call(index=0, name="e", complement=False),
        "geoprivate.audit.sampler.UserEvent.describe": method(_user_event),
        "geoprivate.audit.sampler.audit_sampler": call(
            mechanism=_rr_sampler, neighbours=_PAIR01, epsilon=0.5, delta=0.0, n_samples=2000, rng=1
        ),
        "geoprivate.audit.sampler.output_matrix": call(outputs=[[0.0, 1.0], [1.0, 2.0]], n=2),
        "geoprivate.audit.search.hill_climb": call(
            objective=lambda x: -abs(x - 3),
            start=0,
            draw=lambda rng: int(rng.integers(10)),
            mutate=lambda x, rng: x + int(rng.integers(-1, 2)),
            iters=20,
            method="hill",
            rng=Lazy(lambda: np.random.default_rng(0)),
        ),
        "geoprivate.audit.statistical.AuditResult": _record(
            "geoprivate.audit.statistical:AuditResult", _statistical_result
        ),
        "geoprivate.audit.statistical.AuditResult.violates": method(_statistical_result, epsilon=0.5),
        "geoprivate.audit.statistical.clopper_pearson": call(k=3, n=10, alpha=0.05),
        "geoprivate.audit.statistical.clopper_pearson_bound": call(k=[0, 3], n=10, a=0.05, side="lower"),
        "geoprivate.audit.statistical.statistical_epsilon_lower_bound": call(
            mechanism=_rr_one, data0=0, data1=1, n_samples=1000, delta=0.0, confidence=0.95, rng=0
        ),
        "geoprivate.audit.suites.noisy_exact.noisy_max_value_law": call(queries=[0, 1], r=Fraction(1, 3), lo=-1, hi=2),
        "geoprivate.audit.suites.statdp.StatDPCase": call(
            name="h",
            sampler=Lazy(lambda: _statdp("histogram").sampler),
            neighbours=(((1,), (0,)),),
            violation_below=0.0,
        ),
        "geoprivate.audit.suites.statdp.StatDPCase.mechanism": method(lambda: _statdp("histogram"), epsilon=0.5),
        "geoprivate.audit.suites.statdp.StatDPCase.violates": method(lambda: _statdp("histogram_eps"), epsilon=0.5),
        "geoprivate.audit.suites.statdp.sparse_vector_transcript": call(
            above=np.array([[False, False, True]]), cutoff=1
        ),
        "geoprivate.audit.suites.statdp.statdp_case": call(name="iSVT4"),
        "geoprivate.audit.suites.statdp.statdp_neighbours": call(num_input=5, all_differ=True),
        "geoprivate.audit.suites.svt_exact.svt_claimed_epsilon": call(s=Fraction(1, 2)),
        "geoprivate.audit.suites.svt_exact.svt_geometric_law": call(
            queries=[1, 0], s=Fraction(1, 2), variant="iSVT1", threshold=1
        ),
    }
)
