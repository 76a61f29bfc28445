"""Fuzzing the public entry points (issue #9, item 5).

Every property reads: *the call returns a result that passes its ``is_*`` checker (or the
stated invariant), or it raises ValueError/TypeError* — never NaN, a silent wrong answer,
another exception or a hang.  Inputs mix well-formed values with hostile ones (NaN, ±inf,
huge, tiny, negative, wrong types, wrong shapes).

Each property runs twice: a fast pass in the default suite (few examples) and a deeper
``slow``-marked pass (``pytest -m slow tests/test_fuzz.py``; ``GEOPRIVATE_FUZZ_DEEP=N`` sets its
number of examples, 400 by default).
"""

import argparse
import itertools
import math
import os
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from geoprivate import audit
from geoprivate.cli import _args
from geoprivate.mechanisms import (
    Answer,
    BetweenThresholds,
    choosing_mechanism,
    exponential_mechanism,
    exponential_mechanism_probabilities,
    laplace_mechanism,
    report_noisy_max,
)
from geoprivate.privacy import VACUOUS, PrivacyLedger
from geoprivate.privacy.warnings import PrivacyWarning
from solvers import combinatorics as comb
from solvers import depth as dp
from solvers import halfspaces as hs
from solvers.affine import AffineSubspace

#: examples per property: FAST in the default run, DEEP in the ``slow`` run (GEOPRIVATE_FUZZ_DEEP raises it
#: for a longer campaign, e.g. GEOPRIVATE_FUZZ_DEEP=2000 pytest -m slow tests/test_fuzz.py)
FAST, DEEP = 25, int(os.environ.get("GEOPRIVATE_FUZZ_DEEP", "400"))
OK_ERRORS = (ValueError, TypeError)

# ------------------------------------------------------------------ strategies
hostile_float = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, 1e-310, 5e-324, 1e308, -1e308, 1.7976931348623157e308]),
)
maybe_real = st.one_of(hostile_float, st.integers(-(10**6), 10**6), st.booleans(), st.none(), st.text(max_size=3))
epsilons = st.one_of(st.floats(1e-3, 10), maybe_real)
small_binary = hnp.arrays(
    np.uint8, hnp.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=7), elements=st.integers(0, 1)
)
score_vectors = st.one_of(
    hnp.arrays(np.float64, st.integers(1, 8), elements=hostile_float),
    st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=8),
    st.lists(maybe_real, min_size=0, max_size=4),
)


def _both(strategies: dict, prop):
    """A fast test (default run) and a deep ``slow`` test of one property."""

    def make(n):
        @settings(max_examples=n, deadline=None, suppress_health_check=list(HealthCheck))
        @given(**strategies)
        def test(**kw):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PrivacyWarning)
                warnings.simplefilter("error", RuntimeWarning)  # overflow/invalid in numpy is a bug
                prop(**kw)

        return test

    return make(FAST), pytest.mark.slow(make(DEEP))


def _ok_or_error(fn, *args, **kwargs):
    """Return (True, result) or (False, None) when fn raised ValueError/TypeError."""
    try:
        return True, fn(*args, **kwargs)
    except OK_ERRORS:
        return False, None


# ------------------------------------------------------------------ mechanisms
def prop_exponential_law(scores, epsilon, sensitivity):
    ok, p = _ok_or_error(exponential_mechanism_probabilities, scores, epsilon, sensitivity)
    if ok:
        assert np.all(np.isfinite(p)) and np.all(p >= 0)
        assert abs(p.sum() - 1) < 1e-9
        assert p[int(np.argmax(np.asarray(scores, dtype=float)))] == p.max()  # the best is most likely
        i = exponential_mechanism(scores, epsilon, sensitivity, rng=0)
        assert 0 <= i < len(p) and p[i] > 0 or p.max() == 1.0


test_exponential_law, test_exponential_law_deep = _both(
    dict(scores=score_vectors, epsilon=epsilons, sensitivity=st.one_of(st.floats(1e-3, 10), maybe_real)),
    prop_exponential_law,
)


def prop_report_noisy_max(scores, epsilon):
    ok, i = _ok_or_error(report_noisy_max, scores, epsilon, rng=1)
    if ok:
        assert isinstance(i, int) and 0 <= i < len(scores)


test_report_noisy_max, test_report_noisy_max_deep = _both(
    dict(scores=score_vectors, epsilon=epsilons), prop_report_noisy_max
)


def prop_laplace(value, epsilon, safe):
    ok, out = _ok_or_error(laplace_mechanism, value, epsilon, 1.0, rng=2, safe=safe)
    if ok:
        assert math.isfinite(out)


test_laplace, test_laplace_deep = _both(
    dict(value=st.one_of(st.floats(-1e6, 1e6), maybe_real), epsilon=epsilons, safe=st.booleans()), prop_laplace
)


def prop_between_thresholds(epsilon, t_lower, t_upper, n, values):
    led = PrivacyLedger()
    ok, bt = _ok_or_error(BetweenThresholds, epsilon, t_lower, t_upper, n, rng=3, c=None, ledger=led)
    if not ok:
        return
    assert (bt.guarantee() == VACUOUS) == (not bt.lemma1_applies) == (not led.all_apply)
    for v in values:
        ok, a = _ok_or_error(bt.query, v)
        assert not ok or a in (Answer.L, Answer.R, Answer.TOP)
        if not ok:
            assert isinstance(v, (bool, str, type(None))) or not math.isfinite(float(v))


test_between_thresholds, test_between_thresholds_deep = _both(
    dict(
        epsilon=epsilons,
        t_lower=st.one_of(st.floats(-1, 1), maybe_real),
        t_upper=st.one_of(st.floats(0, 2), maybe_real),
        n=st.one_of(st.integers(-3, 10**6), maybe_real),
        values=st.lists(st.one_of(st.floats(0, 1), maybe_real), max_size=6),
    ),
    prop_between_thresholds,
)


def prop_choosing(scores, epsilon, delta, k):
    ok, i = _ok_or_error(choosing_mechanism, scores, epsilon, delta, k, rng=4)
    if ok and i is not None:
        assert np.asarray(scores, dtype=float)[i] >= 1  # only positive-score candidates are output


test_choosing, test_choosing_deep = _both(
    dict(
        scores=st.one_of(st.lists(st.integers(0, 50), min_size=1, max_size=8), score_vectors),
        epsilon=epsilons,
        delta=st.one_of(st.floats(1e-9, 0.5), maybe_real),
        k=st.one_of(st.integers(-1, 5), maybe_real),
    ),
    prop_choosing,
)


# ------------------------------------------------------------------ auditor
laws = (
    st.lists(st.floats(0, 1), min_size=1, max_size=6)
    .filter(lambda v: sum(v) > 0)
    .map(lambda v: [x / math.fsum(v) for x in v])
)


def prop_hockey_stick(p, q, epsilon):
    ok, d = _ok_or_error(audit.delta_for_epsilon, p, q, epsilon)
    if ok:
        assert 0 <= d <= 1 + 1e-9
        ok2, e = _ok_or_error(audit.epsilon_for_delta, p, q, min(1.0, d + 1e-9))
        assert ok2 and (e <= (epsilon if math.isfinite(epsilon) else math.inf) + 1e-6 or math.isinf(e))


test_hockey_stick, test_hockey_stick_deep = _both(
    dict(
        p=st.one_of(laws, st.lists(hostile_float, max_size=3)),
        q=st.one_of(laws, st.lists(hostile_float, max_size=3)),
        epsilon=st.one_of(st.floats(0, 50), st.just(math.inf), hostile_float),
    ),
    prop_hockey_stick,
)


# ------------------------------------------------------------------ combinatorics
def prop_combinatorics(M):
    S = comb.shattered_set(M)
    assert comb.is_shattered(M, S) and len(S) == comb.vc_dimension(M)
    ld, tree = comb.littlestone_dimension(M, return_tree=True)
    assert comb.is_mistake_tree(M, tree, ld)
    td, (pts, cs) = comb.threshold_dimension(M, return_witness=True)
    assert comb.is_threshold_chain(M, pts, cs)
    n_dich = comb.dichotomies(M).shape[0]
    assert n_dich <= comb.sauer_bound(M.shape[1], len(S))  # Sauer–Shelah
    assert len(S) <= ld <= math.floor(math.log2(n_dich)) if n_dich else True


test_combinatorics, test_combinatorics_deep = _both(dict(M=small_binary), prop_combinatorics)


def prop_sauer(n, d):
    ok, v = _ok_or_error(comb.sauer_bound, n, d, max_work=10**6)
    if ok and d >= n:
        assert v == 2**n
    elif ok and n <= 3000:  # the reference sum is slow beyond
        assert v == sum(math.comb(n, i) for i in range(d + 1))
    elif ok:
        assert v > 0 and v.bit_length() <= n  # v < 2^n (d < n), without building 2^n


test_sauer, test_sauer_deep = _both(
    dict(
        n=st.one_of(st.integers(-2, 400), st.integers(10**9, 10**15), maybe_real),
        d=st.one_of(st.integers(-2, 400), st.integers(10**6, 10**12), maybe_real),
    ),
    prop_sauer,
)


def prop_binary_matrix_inputs(M):
    ok, v = _ok_or_error(comb.vc_dimension, M)
    assert not ok or (isinstance(v, int) and v >= 0)


test_binary_matrix_inputs, test_binary_matrix_inputs_deep = _both(
    dict(
        M=st.one_of(
            small_binary,
            st.lists(st.lists(maybe_real, max_size=3), max_size=3),
            hnp.arrays(np.float64, (2, 3), elements=hostile_float),
        )
    ),
    prop_binary_matrix_inputs,
)


# ------------------------------------------------------------------ geometry
small_points = hnp.arrays(np.int64, st.tuples(st.integers(1, 6), st.integers(1, 3)), elements=st.integers(-4, 4))


def prop_halfspace_dichotomies(X):
    D = hs.halfspace_dichotomies(X)
    assert D.shape[1] == X.shape[0]
    assert len({tuple(r) for r in D.tolist()}) == D.shape[0]
    for row in D[:: max(1, D.shape[0] // 3)]:  # a few rows through the exact LP checker
        assert hs.is_halfspace_dichotomy(X, row)


test_halfspace_dichotomies, test_halfspace_dichotomies_deep = _both(dict(X=small_points), prop_halfspace_dichotomies)


def prop_affine(point, dirs, a, w):
    n = len(point)
    dirs = [d[:n] + [0] * (n - len(d)) for d in dirs]
    V = AffineSubspace(tuple(point), tuple(tuple(d) for d in dirs))
    assert V.contains(point)
    for d in dirs:
        assert V.contains([p + 2 * x for p, x in zip(point, d, strict=True)])
    r = V.intersect((a + [0] * n)[:n], w)
    if r.redundant:
        assert r.subspace == V
    elif not r.empty:
        assert r.subspace.dim == V.dim - 1
        A, b = r.subspace.equations()
        z = r.subspace.to_ambient([0] * r.subspace.dim)
        assert all(sum(x * y for x, y in zip(row, z, strict=False)) == bi for row, bi in zip(A, b, strict=False))


test_affine, test_affine_deep = _both(
    dict(
        point=st.lists(st.integers(-5, 5), min_size=1, max_size=4),
        dirs=st.lists(st.lists(st.integers(-3, 3), min_size=1, max_size=4), max_size=3),
        a=st.lists(st.integers(-3, 3), max_size=4),
        w=st.integers(-5, 5),
    ),
    prop_affine,
)


def prop_max_cdepth(A, w):
    assume(A.shape[0] == w.shape[0])
    res = dp.max_cdepth((A, w))
    assert dp.is_hull_certificate((A, w), res.certificate)
    assert res.value >= dp.depth((A, w), [float(x) for x in res.point])
    assert res.value == dp.cdepth((A, w), list(res.point))


test_max_cdepth, test_max_cdepth_deep = _both(
    dict(
        A=hnp.arrays(np.int64, st.tuples(st.integers(1, 5), st.integers(1, 2)), elements=st.integers(-3, 3)),
        w=hnp.arrays(np.int64, st.integers(1, 5), elements=st.integers(-3, 3)),
    ),
    prop_max_cdepth,
)


def prop_dual_constraints(X, labels, form):
    ok, out = _ok_or_error(hs.dual_constraints, X, labels, form=form)
    if ok:
        A, b = out
        assert A.shape == (X.shape[0], X.shape[1] + 1) and b.shape == (X.shape[0],)


test_dual_constraints, test_dual_constraints_deep = _both(
    dict(
        X=hnp.arrays(np.float64, st.tuples(st.integers(0, 4), st.integers(1, 3)), elements=hostile_float),
        labels=st.lists(st.integers(-1, 2), max_size=4),
        form=st.sampled_from(["margin", "faithful", "x"]),
    ),
    prop_dual_constraints,
)


# ------------------------------------------------------------------ CLI argument types
ARG_TYPES = [
    _args.positive_int,
    _args.nonneg_int,
    _args.seed,
    _args.finite_float,
    _args.epsilon,
    _args.delta,
    _args.delta_open,
    _args.probability,
    _args.nonempty_str,
    _args.positive_float,
    _args.bounded_int(1, 60),
    _args.bounded_float(0.0, 50.0),
]


def prop_cli_types(text):
    for f in ARG_TYPES:
        try:
            v = f(text)
        except argparse.ArgumentTypeError as exc:
            assert repr(text) in str(exc)
            continue
        if isinstance(v, float):
            assert math.isfinite(v)


test_cli_types, test_cli_types_deep = _both(
    dict(
        text=st.one_of(
            st.text(max_size=8),
            st.sampled_from(
                ["nan", "inf", "-inf", "1e-310", "0", "-0", "1", "1e400", " 3", "0x10", "2.5", "-1", "61", "50.1"]
            ),
        )
    ),
    prop_cli_types,
)


# ====================================================================== issue #20: the new surfaces
# (everlasting, winnow, decision lists, margins, formulations, sweep specs, the new CLI types)
sign_matrices = hnp.arrays(
    np.int8, hnp.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=6), elements=st.sampled_from([-1, 1])
)
hostile_matrices = st.one_of(
    sign_matrices,
    small_binary,
    hnp.arrays(np.float64, (3, 2), elements=hostile_float),
    st.lists(maybe_real, max_size=3),
)
ints_or_hostile = st.one_of(st.integers(-3, 60), maybe_real)
probabilities = st.one_of(st.floats(1e-4, 0.5), maybe_real)


def prop_everlasting_parameters(alpha, beta, epsilon, delta, vc, phases, T1, r_const):
    from geoprivate.everlasting.parameters import (
        practical_parameters,
        theorem_parameters,
    )

    ok, par = _ok_or_error(theorem_parameters, alpha, beta, epsilon, delta, vc, phases)
    if ok:
        assert len(par.phases) >= 1 and all(p.S >= 1 and p.T >= 1 and p.R >= 1 for p in par.phases)
    ok, par = _ok_or_error(
        practical_parameters, alpha, beta, epsilon, delta, vc, phases, T1=T1, lambda1=4, r_const=r_const
    )
    if ok:
        assert par.phase(1).T == T1 and all(p.S >= 1 and p.R >= 1 for p in par.phases)


test_everlasting_parameters, test_everlasting_parameters_deep = _both(
    dict(
        alpha=probabilities,
        beta=probabilities,
        epsilon=probabilities,
        delta=st.one_of(st.floats(1e-12, 0.1), maybe_real),
        vc=ints_or_hostile,
        phases=st.one_of(st.integers(-1, 4), maybe_real),
        T1=st.one_of(st.integers(-1, 80), maybe_real),
        r_const=st.one_of(st.floats(1, 64), maybe_real),
    ),
    prop_everlasting_parameters,
)


def prop_label_and_boosting(vc, n_s, label):
    from geoprivate.everlasting.boosting import hypothesis_learner
    from geoprivate.everlasting.label_boost import lemma_c2_max_T

    ok, v = _ok_or_error(lemma_c2_max_T, 0.1, 0.1, 100, vc)
    if ok:
        assert not math.isnan(v)
    ok, out = _ok_or_error(hypothesis_learner, lambda r, x: np.where(x == 0, label, x % 2), n_s, 0.1, 0)
    if ok:
        h, failed = out
        assert set(np.unique(h).tolist()) <= {0, 1} and isinstance(failed, bool)


test_label_and_boosting, test_label_and_boosting_deep = _both(
    dict(
        vc=ints_or_hostile,
        n_s=st.one_of(st.integers(-2, 30), maybe_real),
        label=st.one_of(st.sampled_from([0, 1, 7, -1]), st.floats(allow_nan=True)),
    ),
    prop_label_and_boosting,
)


def prop_winnow(X, eta, rho, K, m):
    from geoprivate.learners.winnow import (
        confident_winnow,
        lemma_4_6_sample_size,
        practical_parameters,
        theorem_4_5_parameters,
    )

    ok, X = _ok_or_error(np.asarray, X)
    if ok and X.ndim == 2 and X.size:
        y = np.where(np.asarray(X).reshape(X.shape[0], -1)[:, 0] > 0, 1, -1) if X.dtype != object else X
        ok, run = _ok_or_error(confident_winnow, X, y, eta=eta, rho=rho)
        if ok:
            assert run.n_updates <= X.shape[0] and np.all(np.isfinite(run.weights))
            assert run.bound is None or run.bound >= 0
    ok, mm = _ok_or_error(lemma_4_6_sample_size, 10, 0.1, 0.5, rho)
    if ok:
        assert isinstance(mm, int) and mm >= 1
    ok, p = _ok_or_error(practical_parameters, 10, 3, rho, eps_hat=0.5, eta=eta, m=m, K=K)
    if ok:
        assert p.K >= 1 and p.m >= 1 and isinstance(p.K, int) and math.isfinite(p.L)
    ok, p = _ok_or_error(theorem_4_5_parameters, 10, 3, rho, 0.5, 1e-6, 0.1)
    if ok:
        assert p.K >= 1 and p.eta > 0 and math.isfinite(p.L)


test_winnow, test_winnow_deep = _both(
    dict(
        X=hostile_matrices,
        eta=st.one_of(st.floats(1e-3, 1), maybe_real),
        rho=st.one_of(st.floats(1e-3, 1), maybe_real),
        K=st.one_of(st.integers(-1, 20), maybe_real),
        m=st.one_of(st.integers(-1, 50), maybe_real),
    ),
    prop_winnow,
)


def prop_decision_lists(Phi, y, d, k, features):
    from geoprivate.learners.decision_lists import (
        DecisionList,
        NotRealizableError,
        conjunctions,
        is_consistent,
        is_inconsistency_certificate,
        rivest,
    )

    try:
        dl = rivest(Phi, y)
    except NotRealizableError as exc:
        assert is_inconsistency_certificate(Phi, y, exc.certificate)
    except OK_ERRORS:
        pass
    else:
        assert is_consistent(dl, Phi, y)
    ok, fs = _ok_or_error(conjunctions, d, k)
    if ok:
        assert len(fs.terms) == len(set(fs.terms)) and all(0 < len(t) <= k for t in fs.terms)
    ok, dl = _ok_or_error(DecisionList, tuple(features), tuple(1 for _ in features), 0)
    if ok:
        assert all(isinstance(f, (int, np.integer)) and f >= -1 for f in dl.features)


test_decision_lists, test_decision_lists_deep = _both(
    dict(
        Phi=st.one_of(small_binary, hostile_matrices),
        y=st.one_of(st.lists(st.sampled_from([0, 1, 2]), min_size=1, max_size=7), maybe_real),
        d=ints_or_hostile,
        k=st.one_of(st.integers(-1, 4), maybe_real),
        features=st.lists(st.one_of(st.integers(-4, 5), st.floats(-2, 2), st.booleans()), max_size=3),
    ),
    prop_decision_lists,
)


def prop_margins(X, labels):
    from solvers.margins import best_margin, is_best_margin

    ok, r = _ok_or_error(best_margin, X, labels)
    if ok:
        assert -1 <= r.rho <= 1 and is_best_margin(X, labels, r)


test_margins, test_margins_deep = _both(
    dict(
        X=hostile_matrices,
        labels=st.one_of(st.lists(st.sampled_from([-1, 1]), min_size=1, max_size=6), st.lists(maybe_real, max_size=6)),
    ),
    prop_margins,
)


def prop_formulations(A, b):
    from solvers.formulations import feasibility_problem, optimization_problem

    for build in (lambda: feasibility_problem(A, b), lambda: optimization_problem([1.0, 1.0], A, b)):
        ok, p = _ok_or_error(build)
        if ok:  # a cvxpy problem whose variables have the papers' names (an empty system has no constraints)
            assert "x" in p.var and all(isinstance(k, str) for k in p.con)


test_formulations, test_formulations_deep = _both(
    dict(
        A=st.one_of(hnp.arrays(np.float64, (3, 2), elements=hostile_float), hostile_matrices),
        b=st.one_of(hnp.arrays(np.float64, 3, elements=hostile_float), st.lists(maybe_real, max_size=4)),
    ),
    prop_formulations,
)


def prop_sweep_spec(name, seeds, grid):
    import tempfile

    from geoprivate.experiments import SpecError, parse_spec

    data = {"name": name, "target": "geoprivate.experiments.targets:trivial", "seeds": seeds, "grid": grid}
    with tempfile.TemporaryDirectory() as tmp:
        try:
            spec = parse_spec(data, tmp)
        except SpecError:
            return
    assert spec.seeds >= 1 and len(spec.points()) * spec.seeds <= 10**7


test_sweep_spec, test_sweep_spec_deep = _both(
    dict(
        name=st.one_of(st.text(max_size=5), maybe_real),
        seeds=st.one_of(st.integers(-2, 10**12), maybe_real),
        grid=st.one_of(
            st.dictionaries(
                st.text(min_size=1, max_size=3),
                st.one_of(st.lists(st.one_of(st.integers(), st.floats(), st.text(max_size=2)), max_size=4), maybe_real),
                max_size=3,
            ),
            maybe_real,
        ),
    ),
    prop_sweep_spec,
)


# ====================================================================== issue #32: the newest surfaces
# (ensembles, problems, concepts, audit.search, the stopper, the query attack, the planner, the store)
line_points = st.one_of(
    hnp.arrays(np.float64, st.integers(0, 6), elements=hostile_float),
    st.lists(st.floats(-2, 2), max_size=6),
    st.lists(maybe_real, max_size=3),
    maybe_real,
)


def prop_line_ensembles(hyps, intervals, xs):
    from geoprivate.ensembles import IntervalEnsemble, ThresholdEnsemble

    for make, h in ((ThresholdEnsemble, hyps), (IntervalEnsemble, intervals)):
        ok, ens = _ok_or_error(make, h)
        if not ok:
            continue
        ok, counts = _ok_or_error(ens.counts, xs)
        if ok:  # finite queries only: counts = the labels' sum, votes in [0, 1]
            x = np.atleast_1d(np.asarray(xs, dtype=float))
            assert np.all(np.isfinite(x))
            assert counts.tolist() == ens.predict(xs).sum(axis=0).tolist()
            v = ens.votes(xs)
            assert np.all((v >= 0) & (v <= 1))


test_line_ensembles, test_line_ensembles_deep = _both(
    dict(
        hyps=st.one_of(st.lists(st.one_of(st.floats(-1, 2), hostile_float), max_size=5), maybe_real),
        intervals=st.lists(
            st.one_of(st.none(), st.tuples(st.floats(-1, 2), st.floats(-1, 2)), st.tuples(hostile_float, maybe_real)),
            max_size=4,
        ),
        xs=line_points,
    ),
    prop_line_ensembles,
)


def prop_finite_ensemble_and_targets(rows, xs, seed):
    from geoprivate.ensembles import FiniteEnsemble
    from geoprivate.problems import draw_problem

    M = np.eye(5, dtype=np.uint8)
    ok, ens = _ok_or_error(FiniteEnsemble, M, rows)
    if ok:
        ok, c = _ok_or_error(ens.counts, xs)
        if ok:
            idx = np.atleast_1d(np.asarray(xs))
            assert np.all((idx >= 0) & (idx < 5)) and c.tolist() == ens.predict(xs).sum(axis=0).tolist()
    prob = draw_problem("finite", seed, n_points=5, n_concepts=8)
    ok, y = _ok_or_error(prob.target, xs)
    if ok:
        assert set(np.unique(y).tolist()) <= {0, 1} and y.shape == np.atleast_1d(np.asarray(xs)).shape


index_lists = st.one_of(st.lists(st.integers(-7, 7), max_size=5), st.lists(maybe_real, max_size=3), maybe_real)
test_finite_ensemble_and_targets, test_finite_ensemble_and_targets_deep = _both(
    dict(rows=index_lists, xs=index_lists, seed=st.integers(0, 3)), prop_finite_ensemble_and_targets
)


def prop_line_problems_and_concepts(name, xs, labels):
    from geoprivate.problems import draw_problem

    prob = draw_problem(name, 0)
    ok, y = _ok_or_error(prob.target, xs)
    if ok:
        assert np.all(np.isfinite(np.atleast_1d(np.asarray(xs, dtype=float)))) and set(y.tolist()) <= {0, 1}
    ok, h = _ok_or_error(prob.concept.erm, xs, labels)
    if ok and h is not None:  # an ERM answer labels the sample with a finite, 0/1 prediction
        ok2, pred = _ok_or_error(prob.concept.predict, h, xs)
        assert not ok2 or set(np.asarray(pred).ravel().tolist()) <= {0, 1}


test_line_problems_and_concepts, test_line_problems_and_concepts_deep = _both(
    dict(
        name=st.sampled_from(["thresholds", "intervals"]),
        xs=line_points,
        labels=st.one_of(st.lists(st.integers(-1, 2), max_size=6), st.lists(maybe_real, max_size=3)),
    ),
    prop_line_problems_and_concepts,
)


def prop_halfspace_votes(H, X):
    from geoprivate.ensembles import halfspace_votes

    ok, v = _ok_or_error(halfspace_votes, H, X)
    if ok:
        assert np.all((v >= 0) & (v <= 1)) and np.all(np.isfinite(np.asarray(X, dtype=float)))


test_halfspace_votes, test_halfspace_votes_deep = _both(
    dict(
        H=st.lists(
            st.tuples(st.tuples(st.floats(-3, 3), st.one_of(st.floats(-3, 3), hostile_float)), st.floats(-3, 3)),
            max_size=3,
        ),
        X=st.one_of(hnp.arrays(np.float64, (2, 2), elements=hostile_float), st.lists(maybe_real, max_size=2)),
    ),
    prop_halfspace_votes,
)


def prop_hill_climb(values, iters, method):
    from geoprivate.audit.search import hill_climb

    vals = itertools.cycle(values)
    ok, out = _ok_or_error(hill_climb, lambda c: next(vals), 0, lambda r: 1, lambda a, r: a + 1, iters, method, 0)
    if ok:
        best, best_val, start_val = out
        assert not math.isnan(best_val) and best_val >= start_val


test_hill_climb, test_hill_climb_deep = _both(
    dict(
        values=st.lists(st.one_of(st.floats(-5, 5), hostile_float), min_size=1, max_size=4),
        iters=st.one_of(st.integers(-3, 20), maybe_real, st.just(10**12)),
        method=st.sampled_from(["hill", "random", "other"]),
    ),
    prop_hill_climb,
)


def prop_stopper(c, epsilon_stop, beta_stop, R, n):
    from geoprivate.mechanisms.stopper import query_guarantee, stopper_cap, training_guarantee

    ok, cap = _ok_or_error(stopper_cap, c, epsilon_stop, beta_stop, R)
    if ok:
        assert isinstance(cap, int) and cap >= c
        ok, g = _ok_or_error(training_guarantee, 0.5, 0.4, 0.6, n, cap)
        assert not ok or (g.epsilon > 0 and 0 <= g.delta <= 1)
    ok, g = _ok_or_error(query_guarantee, epsilon_stop, beta_stop)
    assert not ok or (math.isfinite(g.epsilon) and 0 <= g.delta <= 1)


test_stopper, test_stopper_deep = _both(
    dict(
        c=ints_or_hostile,
        epsilon_stop=st.one_of(st.floats(1e-3, 2000), maybe_real),
        beta_stop=probabilities,
        R=st.one_of(st.integers(-2, 10**6), st.just(10**400), maybe_real),
        n=st.one_of(st.integers(-2, 10**6), maybe_real),
    ),
    prop_stopper,
)


def prop_halting_adversary(level, n_probes, hidden, decoys):
    from geoprivate.everlasting.query_attack import MAX_STREAM, HaltingAdversary

    ok, adv = _ok_or_error(HaltingAdversary, level, n_probes, hidden, decoys)
    if ok:
        assert adv.stream_length <= MAX_STREAM
        q, h = adv.queries()
        assert q.size == adv.stream_length and 0 <= h < q.size and q[h] == 0.7


test_halting_adversary, test_halting_adversary_deep = _both(
    dict(
        level=st.one_of(st.floats(-0.5, 1.5), maybe_real),
        n_probes=st.one_of(st.integers(-2, 12), st.just(10**9), maybe_real),
        hidden=st.one_of(st.integers(-2, 12), maybe_real),
        decoys=st.one_of(st.integers(-1, 3), st.just(10**7), maybe_real),
    ),
    prop_halting_adversary,
)


def prop_greedy_cover_planner(epsilon, delta, M, alpha, beta):
    from geoprivate.planning import plan_dp_greedy_cover

    ok, pl = _ok_or_error(plan_dp_greedy_cover, epsilon, delta, M=M, alpha=alpha, beta=beta)
    if ok:
        assert pl.parameters["n"] >= 1 and 0 < pl.parameters["epsilon_hat"] < math.inf


test_greedy_cover_planner, test_greedy_cover_planner_deep = _both(
    dict(epsilon=epsilons, delta=probabilities, M=ints_or_hostile, alpha=probabilities, beta=probabilities),
    prop_greedy_cover_planner,
)


def prop_store_checksum(sweep, point_index, trial, seed):
    from geoprivate.experiments.store import row_checksum

    ok, a = _ok_or_error(row_checksum, sweep, point_index, "{}", trial, seed, "done", "{}", None)
    if ok:  # every column is covered: moving the row changes its checksum
        assert a != row_checksum(sweep, int(point_index) + 1, "{}", trial, seed, "done", "{}", None)


test_store_checksum, test_store_checksum_deep = _both(
    dict(
        sweep=st.text(max_size=4),
        point_index=st.integers(0, 10**6),
        trial=st.integers(0, 99),
        seed=st.integers(0, 2**63),
    ),
    prop_store_checksum,
)
