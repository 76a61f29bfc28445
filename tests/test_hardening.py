"""Issue #9 (hardening): one test per row of the issue's table, plus the validation layer.

Each row's reproducer now gets a clear error naming the parameter, a PrivacyWarning with
a vacuous guarantee (or PrivacyParameterError under ``strict=True``), or the right answer.
The "predictor queries" and "accounting" rows live in geoprivate.prediction (issue #10).
"""

import math
import subprocess
import sys
import warnings
from fractions import Fraction

import numpy as np
import pytest

from geoprivate import _validation as V
from geoprivate.cli import main
from geoprivate.learners.vc1 import OPTPrivateLearner, ProperLearner, log_star
from geoprivate.mechanisms import (
    AboveThreshold,
    BetweenThresholds,
    choosing_guarantee,
    choosing_mechanism,
    exponential_mechanism,
    exponential_mechanism_log_probabilities,
    exponential_mechanism_probabilities,
    laplace_mechanism,
    min_gap,
    report_noisy_max,
    simulate_between_thresholds,
    subsampled,
)
from geoprivate.privacy import VACUOUS, Guarantee, PrivacyLedger, audit
from geoprivate.privacy.warnings import PrivacyParameterError, PrivacyWarning
from solvers import combinatorics as comb
from solvers import depth as dp
from solvers import halfspaces as hs
from solvers._checks import check_work
from solvers.affine import AffineSubspace
from tests import ROOT
from tests.hang_guard import hang_guard


def _no_privacy_warning(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error", PrivacyWarning)
        return fn(*args, **kwargs)


# ============================================================ row: privacy voided silently
def test_between_thresholds_gap_below_lemma1_warns_and_is_vacuous():
    led = PrivacyLedger()
    with pytest.warns(PrivacyWarning, match="gap|delta"):
        b = BetweenThresholds(0.5, 0.49, 0.51, n=10, rng=0, ledger=led)
    assert b.guarantee() == VACUOUS and b.guarantee().is_vacuous
    assert not led.all_apply and led.entries[0].applies is False
    with pytest.raises(PrivacyParameterError, match="Lemma 1"):
        BetweenThresholds(0.5, 0.49, 0.51, n=10, rng=0, strict=True)


@pytest.mark.parametrize("eps", [1.0, 1.5, 40.0])
def test_between_thresholds_epsilon_at_least_one_warns(eps):
    with pytest.warns(PrivacyWarning, match="epsilon"):
        b = BetweenThresholds(eps, 0.0, 1.0, n=10**6, rng=0)
    assert b.guarantee() == VACUOUS
    with pytest.raises(PrivacyParameterError):
        BetweenThresholds(eps, 0.0, 1.0, n=10**6, rng=0, strict=True)


@pytest.mark.parametrize("eps,delta,n", [(0.5, 1e-6, 10_000), (0.1, 1e-9, 10**6), (0.99, 0.5, 500)])
def test_between_thresholds_inside_lemma1_is_silent_and_guaranteed(eps, delta, n):
    gap = min_gap(eps, delta, n) * 1.01
    b = _no_privacy_warning(BetweenThresholds, eps, 0.5 - gap / 2, 0.5 + gap / 2, n, rng=0, delta=delta, strict=True)
    assert b.guarantee() == Guarantee(eps, delta)


def test_strict_must_be_a_bool():
    with pytest.raises(TypeError, match="strict"):
        BetweenThresholds(0.5, 0.49, 0.51, n=10, rng=0, strict="yes")


@pytest.mark.parametrize("eps", [2.0, 5.0])
def test_choosing_mechanism_outside_lemma1_warns(eps):
    led = PrivacyLedger()
    with pytest.warns(PrivacyWarning, match="Lemma 1"):
        choosing_mechanism([0, 3, 5], eps, 0.1, 1, rng=0, ledger=led)
    assert led.entries[0].applies is False and choosing_guarantee(eps, 0.1) == VACUOUS
    with pytest.raises(PrivacyParameterError):
        choosing_mechanism([0, 3, 5], eps, 0.1, 1, rng=0, strict=True)
    # inside Lemma 1 (epsilon in (0, 2)): silent, guarantee stated
    _no_privacy_warning(choosing_mechanism, [0, 3, 5], 1.9, 0.1, 1, rng=0, strict=True)
    assert choosing_guarantee(1.9, 0.1) == Guarantee(1.9, 0.1)


def _vc1_sample():
    M = np.tril(np.ones((6, 5), np.uint8), -1)  # thresholds on 5 points: VC dimension 1
    cols = np.tile(np.arange(5), 8)
    return M, cols, M[3][cols]


@pytest.mark.parametrize("learner,eps_bad,eps_ok", [(OPTPrivateLearner, 4.0, 3.9), (ProperLearner, 8.0, 7.9)])
def test_vc1_learners_warn_when_epsilon_voids_the_choosing_step(learner, eps_bad, eps_ok):
    M, cols, y = _vc1_sample()
    kw = dict(mode="practical", n_subsets=4)
    with pytest.warns(PrivacyWarning, match="Lemma 1"):
        bad = learner(M, eps_bad, 0.1, 0.2, 0.2, **kw)
    assert bad.guarantee() == VACUOUS
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        h = bad.fit(cols, y, rng=0)
    assert h.guarantee == VACUOUS
    with pytest.raises(PrivacyParameterError):
        learner(M, eps_bad, 0.1, 0.2, 0.2, strict=True, **kw)
    good = _no_privacy_warning(learner, M, eps_ok, 0.1, 0.2, 0.2, **kw)
    assert good.guarantee() == Guarantee(eps_ok, 0.1)
    assert _no_privacy_warning(good.fit, cols, y, rng=0).guarantee == Guarantee(eps_ok, 0.1)


def test_subsampling_below_claim_2_7_size_warns():
    data = np.arange(20)
    with pytest.warns(PrivacyWarning, match="Claim 2.7"):
        subsampled(lambda s, r: s.sum(), data, 5, 1.0, 1e-6, 0.5, rng=0)
    with pytest.raises(PrivacyParameterError):
        subsampled(lambda s, r: s.sum(), data, 5, 1.0, 1e-6, 0.5, rng=0, strict=True)


# ============================================================ row: ledger
@pytest.mark.parametrize("bad", ["False", "True", 0, 1, None, 1.0])
def test_ledger_applies_must_be_a_real_bool(bad):
    with pytest.raises(TypeError, match="applies"):
        PrivacyLedger().record("x", 1.0, 0, "t", applies=bad)


def test_ledger_accepts_numpy_bools():
    led = PrivacyLedger()
    led.record("x", 1.0, 0, "t", applies=np.bool_(False))
    assert led.entries[0].applies is False and not led.all_apply


# ============================================================ row: overflow
def test_exponential_mechanism_huge_scores_pick_the_better_candidate():
    # logit gap (1.7e308 - 1e308) * 4 / 2 = 1.4e308: the better candidate has probability 1
    assert {exponential_mechanism([1e308, 1.7e308], 4.0, rng=s) for s in range(20)} == {1}
    p = exponential_mechanism_probabilities([1e308, 1.7e308], 4.0)
    assert p.tolist() == [0.0, 1.0]


def test_exponential_mechanism_probabilities_never_nan():
    p = exponential_mechanism_probabilities([0, 1e300], 1e10)
    assert p.tolist() == [0.0, 1.0]
    lp = exponential_mechanism_log_probabilities([-1.7e308, 1.7e308, 0.0], 1.0)
    assert not np.isnan(lp).any() and lp[1] == 0.0
    # the shifted logits give the textbook law where it is representable
    s = np.array([0.0, 1.0, 3.0])
    q = np.exp(s * 0.7 / 2)
    assert np.allclose(exponential_mechanism_probabilities(s, 0.7), q / q.sum(), rtol=1e-14)


def test_exponential_mechanism_refuses_an_overflowing_logit_scale():
    with pytest.raises(ValueError, match="epsilon / sensitivity"):
        exponential_mechanism([0.0, 1.0], 1e300, sensitivity=1e-300, rng=0)


def test_report_noisy_max_huge_scores():
    assert report_noisy_max([-1.7e308, 1.7e308], 1.0, rng=0) == 1


@pytest.mark.parametrize(
    "make",
    [
        lambda: BetweenThresholds(1e-310, 0.3, 0.7, n=10, rng=0),
        lambda: AboveThreshold(1e-310, 0.3, 0.1, rng=0),
        lambda: laplace_mechanism(1.0, 1e-310, rng=0),
        lambda: simulate_between_thresholds([0.5], 1e-310, 0.3, 0.7, 10, 5, rng=0),
        lambda: choosing_mechanism([1, 2], 1e-310, 0.1, 1, rng=0),
    ],
)
def test_tiny_epsilon_infinite_noise_is_an_error(make):
    with pytest.raises(ValueError, match="finite"):
        make()


# ============================================================ row: auditor inputs
def test_hockey_stick_at_infinite_epsilon():
    assert audit.hockey_stick([1, 0], [0, 1], math.inf) == 1.0
    assert audit.hockey_stick([0.5, 0.5, 0], [0.5, 0.25, 0.25], math.inf) == 0.0
    assert audit.hockey_stick([0.25, 0.75], [0.5, 0.5], 1000.0) == 0.0  # e^1000 overflows
    assert audit.delta_for_epsilon([1, 0], [0, 1], math.inf) == 1.0


@pytest.mark.parametrize(
    "p,q,match",
    [
        ([float("nan"), 1], [0, 1], "finite"),
        ([3, 1], [0, 1], "sum to 1"),
        ([0.5, 0.5], [1.5, -0.5], ">= 0"),
        ([1, 0, 0], [0, 1], "same length"),
        ([], [], "non-empty"),
        ([float("inf"), 0], [0.5, 0.5], "finite"),
    ],
)
def test_auditor_refuses_malformed_laws(p, q, match):
    for f in (lambda: audit.hockey_stick(p, q, 1.0), lambda: audit.epsilon_for_delta(p, q, 0.1)):
        with pytest.raises(ValueError, match=match):
            f()


@pytest.mark.parametrize("dps", [-5, 0, 10])
def test_exact_audit_refuses_bad_precision(dps):
    with pytest.raises(ValueError, match="dps"):
        audit.between_thresholds_output_law([0.5], 0.5, 0.3, 0.7, 10, dps=dps)


@pytest.mark.parametrize(
    "kw,match",
    [
        ({"tail": -1}, "tail"),
        ({"tail": math.inf}, "tail"),
        ({"nodes": 0}, "nodes"),
        ({"pieces_per_scale": -2}, "pieces"),
    ],
)
def test_repeated_law_refuses_bad_quadrature(kw, match):
    with pytest.raises(ValueError, match=match):
        audit.between_thresholds_repeated_law(0.5, 3, 0.5, 0.3, 0.7, 10, **kw)


def test_exact_audit_refuses_nan_query_values():
    with pytest.raises(ValueError, match="values"):
        audit.between_thresholds_output_law(lambda prefix: float("nan"), 0.5, 0.3, 0.7, 10, max_queries=2)


# ============================================================ row: geometry
@pytest.mark.parametrize(
    "point,dirs", [((1, 2), ((1, 0),)), ((3, 4, 5), ((2, 2, 0), (0, 1, 1))), ((1, 1), ((2, 4), (1, 2)))]
)
def test_affine_subspace_contains_its_own_point(point, dirs):
    V = AffineSubspace(point, dirs)
    assert V.contains(list(point))
    assert AffineSubspace.from_point_and_directions(point, dirs) == V
    for d in dirs:
        assert V.contains([Fraction(p) + 3 * Fraction(x) for p, x in zip(point, d, strict=True)])


def test_dual_constraints_of_an_empty_sample_keep_the_dimension():
    for form in ("margin", "faithful"):
        A, b = hs.dual_constraints(np.zeros((0, 3)), [], form=form)
        assert A.shape == (0, 4) and b.shape == (0,)


# ============================================================ row: sizes
def _fast(fn):
    """The refusal comes before the enumeration: a hang guard, not a timing (no test asserts on time)."""
    with hang_guard(60), pytest.raises(ValueError, match="max_work|max_states") as exc:
        fn()
    return str(exc.value)


def test_max_cdepth_30_constraints_in_r10_refuses_with_the_estimate():
    rng = np.random.default_rng(0)
    msg = _fast(lambda: dp.max_cdepth((rng.standard_normal((30, 10)), rng.standard_normal(30))))
    assert "C(30, 10)" in msg
    _fast(lambda: dp.cdepth((rng.standard_normal((30, 10)), rng.standard_normal(30)), np.zeros(10)))
    # small instances still run, and the override works
    assert dp.max_cdepth(([[1], [-1], [1]], [0, -1, 2]), max_work=None).value == 2


def test_halfspace_dichotomies_40_points_in_r20_refuses():
    msg = _fast(lambda: hs.halfspace_dichotomies(np.random.default_rng(0).standard_normal((40, 20))))
    assert "C(40, 20)" in msg
    assert hs.halfspace_dichotomies([[0.0], [1.0], [2.0]]).shape == (6, 3)


def test_threshold_dimension_random_100x17_stops():
    M = np.random.default_rng(0).integers(0, 2, (100, 17))
    msg = _fast(lambda: comb.threshold_dimension(M, max_states=2000))
    assert "TD >=" in msg
    # a lower bound was found; a threshold class is still instant
    T = np.tril(np.ones((300, 299), np.uint8), -1)
    assert comb.threshold_dimension(T) == 299


def test_log_star_of_infinity_raises():
    for x in (math.inf, np.float64("inf"), np.float32("inf"), math.nan, -1.0, 0):
        with pytest.raises(ValueError, match="x"):
            log_star(x)
    assert log_star(2**65536) == 5 and log_star(16) == 3


def test_sauer_bound_huge_refuses_fast_and_is_exact_where_feasible():
    _fast(lambda: comb.sauer_bound(10**12, 10**9))
    assert comb.sauer_bound(10**5, 10**5) == 2 ** (10**5)
    n = 2000
    assert comb.sauer_bound(n, 1500) == sum(math.comb(n, i) for i in range(1501))
    assert comb.sauer_bound(n, 7) == sum(math.comb(n, i) for i in range(8))


def test_affine_full_is_guarded():
    _fast(lambda: AffineSubspace.full(10**5))
    assert AffineSubspace.full(50).dim == 50


def test_check_work_validates_its_budget():
    with pytest.raises(ValueError, match="max_work"):
        check_work(1, 0, "x")
    check_work(10**100, None, "x")


# ============================================================ row: CLI
def _cli(*argv, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "geoprivate", *argv], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "argv,flag",
    [
        (["predict", "--epsilon", "0"], "--epsilon"),
        (["predict", "--k", "-5"], "--k"),
        (["predict", "--epsilon", "nan"], "--epsilon"),
        (["predict", "--T", "-1"], "--T"),
        (["predict", "--seed", "-1"], "--seed"),
        (["predict", "--delta", "1"], "--delta"),
        (["verify", "--claim", ""], "--claim"),
        (["verify", "--seed", "x"], "--seed"),
    ],
)
def test_cli_bad_arguments_one_line_exit_2(argv, flag, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and flag in err and "Traceback" not in err


def test_cli_bad_argument_in_a_subprocess_has_no_traceback():
    proc = _cli("predict", "--epsilon", "0")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_cli_errors_inside_a_command(monkeypatch, capsys):
    from geoprivate.cli import predict

    def boom(args):
        raise ValueError("boom: bad value 7")

    monkeypatch.setattr(predict, "run", boom)
    assert main(["predict"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "geoprivate predict: error: boom: bad value 7"
    with pytest.raises(ValueError, match="boom"):
        main(["predict", "--debug"])
    with pytest.raises(ValueError, match="boom"):
        main(["--debug", "predict"])

    def crash(args):
        raise RuntimeError("kaput")

    monkeypatch.setattr(predict, "run", crash)
    assert main(["predict"]) == 2
    assert "internal error: RuntimeError: kaput" in capsys.readouterr().err


def test_cli_quiet_on_a_closed_pipe():
    cmd = (
        f"set -o pipefail; {sys.executable} -m geoprivate predict --k 4 --m 5 --T 3000 --json --transcript "
        "| head -c 10 > /dev/null"
    )
    proc = subprocess.run(["bash", "-c", cmd], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr


def test_cli_notes_flags_that_do_not_apply():
    proc = _cli("predict", "--d", "3", "--k", "4", "--m", "5", "--T", "20")
    assert proc.returncode == 0, proc.stderr
    assert "--d is ignored" in proc.stderr
    quiet = _cli("predict", "--k", "4", "--m", "5", "--T", "20")
    assert "is ignored" not in quiet.stderr
    # a privacy warning is one line, not a source listing
    assert all("PrivacyWarning" not in line or line.startswith("geoprivate:") for line in quiet.stderr.splitlines())


# ============================================================ the validation layer
@pytest.mark.parametrize(
    "fn,args,exc",
    [
        (V.check_epsilon, (0,), ValueError),
        (V.check_epsilon, (math.inf,), ValueError),
        (V.check_epsilon, (True,), TypeError),
        (V.check_epsilon, ("0.5",), TypeError),
        (V.check_delta, (1.0,), ValueError),
        (V.check_delta, (math.nan,), ValueError),
        (V.check_positive_int, (0, "n"), ValueError),
        (V.check_positive_int, (2.0, "n"), TypeError),
        (V.check_nonneg_int, (-1, "n"), ValueError),
        (V.check_bool, ("False", "flag"), TypeError),
        (V.check_index, (-1, 2, "i"), ValueError),
        (V.check_index, (2.7, 2, "i"), TypeError),
        (V.check_index, (100, 2, "i"), ValueError),
        (V.check_indices, ([0, 5], 3, "idx"), ValueError),
        (V.check_indices, ([0.0, 1.0], 3, "idx"), TypeError),
        (V.check_probability_vector, ([0.5, 0.6], "p"), ValueError),
        (V.check_probability_vector, ([1.5, -0.5], "p"), ValueError),
        (V.check_finite_array, ([[1, np.nan]], "X"), ValueError),
        (V.check_noise_scale, (math.inf, "b"), ValueError),
        (
            V.check_real,
            (
                5,
                "x",
            ),
            None,
        ),
    ],
)
def test_validators_name_the_parameter(fn, args, exc):
    if exc is None:
        fn(*args)
        return
    with pytest.raises(exc) as e:
        fn(*args)
    name = args[-1] if isinstance(args[-1], str) and fn is not V.check_epsilon else "epsilon"
    if fn is V.check_delta:
        name = "delta"
    assert name in str(e.value)


def test_check_finite_array_shapes():
    assert V.check_finite_array([[1, 2, 3]], "X", shape=(None, 3)).shape == (1, 3)
    with pytest.raises(ValueError, match=r"X must have shape \(\*, 2\)"):
        V.check_finite_array([[1, 2, 3]], "X", shape=(None, 2))
    with pytest.raises(ValueError, match="2-D"):
        V.check_finite_array([1, 2], "X", ndim=2)
