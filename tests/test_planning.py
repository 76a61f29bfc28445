"""The planners validate their inputs and never leave floating point (issue #32, reproducers 8, 9)."""

from __future__ import annotations

import warnings

import pytest

from geoprivate.planning import (
    MAX_PHASES,
    Plan,
    generic_bbl_parameters_from_plan,
    load_plan,
    plan_dp_greedy_cover,
    plan_dp_winnow,
    plan_generic_bbl,
    plan_vc1,
    run_everlasting_plan,
)


@pytest.mark.parametrize("eps", ["1.0", True, float("nan"), float("inf"), 0, -1, None])
def test_epsilon_must_be_a_finite_positive_real(eps):
    """#8: plan_generic_bbl('1.0', 1e-6) and plan_generic_bbl(True, 1e-6) planned epsilon = 1."""
    with pytest.raises((TypeError, ValueError), match="epsilon"):
        plan_generic_bbl(eps, 1e-6)
    with pytest.raises((TypeError, ValueError), match="epsilon"):
        plan_vc1(eps, 1e-6, td=10)


def test_generic_bbl_planner_refuses_bad_constants_and_sizes():
    """#8: c_const=0 silently became c_1 = 1; phases=1000 ended in OverflowError."""
    with pytest.raises(ValueError, match="c_const"):
        plan_generic_bbl(1.0, 1e-6, c_const=0)
    with pytest.raises(ValueError, match="phases"):
        plan_generic_bbl(1.0, 1e-6, phases=1000)
    with pytest.raises(ValueError, match="phases"):
        plan_generic_bbl(1.0, 1e-6, phases=MAX_PHASES + 1)
    with pytest.raises(TypeError, match="queries"):
        plan_generic_bbl(1.0, 1e-6, queries=1000.0)
    with pytest.raises(ValueError, match="queries"):
        plan_generic_bbl(1.0, 1e-6, queries=10**400)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pl = plan_generic_bbl(1.0, 1e-6, c_const=64)
    assert pl.parameters["phases"][0]["c"] > 1


def test_dp_winnow_planner_refuses_bad_beta_rho_and_huge_T():
    """#8: plan_dp_winnow(..., beta=2.0) planned; --T 1e400 overflowed."""
    kw = {"T": 1000, "d": 4, "rho": 0.1}
    with pytest.raises(ValueError, match="beta"):
        plan_dp_winnow(1.0, 1e-6, **kw | {"beta": 2.0})
    with pytest.raises(ValueError, match="rho"):
        plan_dp_winnow(1.0, 1e-6, **kw | {"rho": float("nan")})
    with pytest.raises(ValueError, match="T"):
        plan_dp_winnow(1.0, 1e-6, **kw | {"T": 10**400})
    with pytest.raises(TypeError, match="T"):
        plan_dp_winnow(1.0, 1e-6, **kw | {"T": 1e400})
    pl = plan_dp_winnow(1.0, 1e-6, **kw | {"T": 10**15})
    assert pl.parameters["mistake_bound"] > 0 and pl.parameters["L"] > 0


def test_vc1_and_greedy_cover_planners_bound_their_sizes():
    """#9: plan_vc1(1, 1e-6, td=2**2000) overflowed."""
    with pytest.raises(ValueError, match="td"):
        plan_vc1(1, 1e-6, td=2**2000)
    with pytest.raises(ValueError, match="alpha"):
        plan_vc1(1, 1e-6, td=10, alpha=1.5)
    with pytest.raises(TypeError, match="M"):
        plan_dp_greedy_cover(1, 1e-6, M=2.5)
    assert plan_vc1(1, 1e-6, td=2**64).parameters["n"] > 0


def test_a_plan_without_its_parameters_is_a_one_line_error():
    """#8: `everlasting --plan FILE` with empty parameters ended in 'internal error: KeyError: n'."""
    empty = Plan("generic-bbl", 1.0, 1e-6, {}, {})
    for fn in (generic_bbl_parameters_from_plan, run_everlasting_plan):
        with pytest.raises(ValueError, match="'n'"):
            fn(empty)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        good = plan_generic_bbl(1.0, 1e-6).as_dict()
    broken = good | {
        "parameters": good["parameters"]
        | {"phases": [{k: v for k, v in good["parameters"]["phases"][0].items() if k != "T"}]}
    }
    with pytest.raises(ValueError, match="phase 1 lacks 'T'"):
        generic_bbl_parameters_from_plan(load_plan(broken))
    bad_n = good | {"parameters": good["parameters"] | {"n": 2.5}}
    with pytest.raises(TypeError, match="'n'"):
        run_everlasting_plan(load_plan(bad_n))


# --------------------------------------------------------------------------- the fuzz walk's findings (issue #41)
def test_planners_refuse_targets_whose_logarithms_leave_the_floats():
    """ε, δ, α of 5e-324 were OverflowError / ZeroDivisionError deep in the search: now one line each."""
    from geoprivate.planning import plan_generic_bbl, plan_private_median

    for kw, name in (({"epsilon": 5e-324}, "epsilon"), ({"delta": 5e-324}, "delta"), ({"alpha": 5e-324}, "alpha")):
        args = {"epsilon": 1.0, "delta": 1e-6, "alpha": 0.2, "queries": 20, "lambda1": 1, "tops": 2} | kw
        with pytest.raises(ValueError, match=f"^{name} must (lie in|be >=)"):
            plan_generic_bbl(**args)
    with pytest.raises(ValueError, match="^epsilon must be >= 1e-100"):
        plan_private_median(5e-324, domain_size=100)


def test_a_planned_phase_and_a_plan_check_their_fields():
    from geoprivate.planning import Plan, PlannedPhase

    with pytest.raises(ValueError, match="S: "):
        PlannedPhase(i=1, lam=2, T=3, S=5, R=1, c=1, s_hat=0, d_hat=0)
    with pytest.raises(ValueError, match="epsilon"):
        Plan("vc1", float("nan"), 1e-6, {}, {"n": 1})


def test_a_median_plan_run_names_bad_data_and_load_plan_names_obj():
    from geoprivate.planning import load_plan, plan_private_median

    pl = plan_private_median(1.0, domain_size=100, alpha=0.2, beta=0.1)
    with pytest.raises(ValueError, match="data: expected integers in"):
        pl.run([0, 100], rng=0)
    with pytest.raises(TypeError, match="^data"):
        pl.run("x", rng=0)
    with pytest.raises(ValueError, match="^obj: "):
        load_plan(3)


def test_a_run_from_a_plan_reports_unused_constants_as_none_not_nan():
    """Sizes given directly leave τ, the λ factor, r and c unused: None (they were NaN in the run's result)."""
    from geoprivate.planning import generic_bbl_parameters_from_plan, plan_generic_bbl

    par = generic_bbl_parameters_from_plan(plan_generic_bbl(1.0, 1e-6, alpha=0.2, queries=20, lambda1=1, tops=2))
    k = par.constants
    assert (k.tau, k.lambda_scale, k.r_const, k.c_const, par.n) == (None, None, None, None, None)
