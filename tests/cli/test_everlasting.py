"""``geoprivate everlasting`` from the command line."""

import json

import pytest

from geoprivate import planning
from geoprivate.cli import main
from tests.helpers import one_error_line


def test_cli_practical_json(capsys):
    assert (
        main(
            ["everlasting", "--mode", "practical", "--concept", "thresholds", "--phases", "2", "--json", "--seed", "1"]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["mode"] == "practical" and len(out["phases"]) == 2
    assert out["phases"][1]["S"] > out["phases"][0]["S"]
    assert out["guarantee"]["epsilon"] is None


def test_cli_table_and_theorem_mode(capsys):
    assert main(["everlasting", "--mode", "practical", "--concept", "finite", "--phases", "2"]) == 0
    txt = capsys.readouterr().out
    assert "tops/c" in txt and "err_D_max" in txt
    assert main(["everlasting", "--mode", "theorem", "--phases", "2"]) == 0
    assert "calculator" in capsys.readouterr().out
    assert main(["everlasting", "--alpha", "2"]) == 2


def test_draw_phases_returns_figure():
    import warnings

    from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
    from geoprivate.everlasting.parameters import practical_parameters
    from geoprivate.viz.everlasting import draw_phases

    prob = make_everlasting_problem("thresholds", 0)
    par = practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 2, T1=20, lambda1=5, r_const=16)
    x = prob.sample(__import__("numpy").random.default_rng(0), par.phase(1).S)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = GenericBBL(prob, x, prob.target(x), par, 1).run()
    fig = draw_phases(res)
    assert len(fig.axes) == 3 and fig.axes[2].get_lines()


def test_query_progress_counts_answered_queries():
    import warnings

    import numpy as np

    from geoprivate.everlasting.generic_bbl import GenericBBL, make_everlasting_problem
    from geoprivate.everlasting.parameters import practical_parameters

    class Counter:
        n = 0

        def update(self, k):
            self.n += k

    prob = make_everlasting_problem("thresholds", 0)
    par = practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 2, T1=20, lambda1=5, r_const=16)
    x = prob.sample(np.random.default_rng(0), par.phase(1).S)
    bar, qbar = Counter(), Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = GenericBBL(prob, x, prob.target(x), par, 1).run(2, progress=bar, query_progress=qbar)
    assert bar.n == 2 and qbar.n == sum(p.answered for p in res.phases) == res.predictions.size


def test_default_run_is_private_and_better_than_a_coin(capsys):
    """The default `geoprivate everlasting` is a planned one-phase run inside Claim E.5's conditions (#30)."""
    import warnings

    from geoprivate.privacy.warnings import PrivacyWarning

    with warnings.catch_warnings():
        warnings.simplefilter("error", PrivacyWarning)
        assert main(["everlasting", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["privacy_applies"] is True and out["privacy"]["epsilon"] <= 0.5
    assert len(out["phases"]) == 1 and out["phases"][0]["answered"] == 1000
    assert max(p["err_D_max"] for p in out["phases"]) <= 0.5


def test_practical_default_phases_are_better_than_a_coin(capsys):
    """`--mode practical --phases 3` (the README's illustrative run): no phase worse than a coin."""
    assert main(["everlasting", "--mode", "practical", "--phases", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["privacy_applies"] is False  # illustrative: the output says so
    assert len(out["phases"]) == 3 and max(p["err_D_max"] for p in out["phases"]) <= 0.5


def test_practical_flags_outside_practical_mode_are_named(capsys):
    for flag in (["--repaired"], ["--T1", "50"], ["--epsilon-bt", "2"]):
        assert main(["everlasting", *flag]) == 2
        err = capsys.readouterr().err
        assert flag[0] in err and "--mode practical" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "argv, flag",
    [
        (["--m-const", "0", "--mode", "practical"], "--m-const"),
        (["--delta", "5e-324"], "--delta"),
        (["--r-const", "inf", "--mode", "practical"], "--r-const"),
        (["--r-const", "nan", "--mode", "practical"], "--r-const"),
        (["--epsilon-bt", "1e308", "--mode", "practical"], "--epsilon-bt"),
        (["--epsilon-bt", "0", "--mode", "practical"], "--epsilon-bt"),
        (["--phases", "100000"], "--phases"),
        (
            ["--phases", "6", "--mode", "practical"],
            "--phases",
        ),  # in range, but 2e9 queries: refused by the work estimate
        (["--T1", "0", "--mode", "practical"], "--T1"),
        (["--alpha", "1.5"], "--alpha"),
        (["--epsilon", "-1"], "--epsilon"),
        (["--seed", "-3"], "--seed"),
        (["--mode", "theorem", "--epsilon", "1e-300"], "overflows"),
        (["--mode", "theorem", "--delta", "1e-300", "--beta", "1e-100"], "floating-point"),
        (["--mode", "theorem", "--alpha", "1e-300"], "--alpha"),  # below the accuracy flag's floor
    ],
)
def test_everlasting_flags_are_typed_and_ranged(capsys, argv, flag):
    assert main(["everlasting", *argv]) == 2
    one_error_line(capsys.readouterr().err, flag)


def test_the_private_halfspaces_default_is_bounded_up_front(capsys):
    """#41: `everlasting --concept halfspaces` (the private default) held k x n votes at once (48 GB) and died
    after minutes; now its memory is estimated before anything is drawn, refused in one line above --max-memory,
    and the CPU time it will take is said once before the wait."""
    pl = planning.plan_generic_bbl(0.5, 1e-6, alpha=0.06, beta=0.05, queries=1000, tops=28, phases=1, lambda1=16)
    cost = planning.everlasting_run_cost(pl, "halfspaces")
    assert cost["erms"] == pl.phases[0].T and cost["memory_bytes"] > planning.everlasting_run_cost(pl)["memory_bytes"]
    below = f"{0.9 * cost['memory_bytes'] / 2**30:.4f}"  # GiB, just under the estimate: refused before any draw
    assert main(["everlasting", "--concept", "halfspaces", "--max-memory", below]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith("note: this run solves") and "min of CPU" in err[0]
    assert len(err) == 2 and "max_memory" in err[1] and "GiB" in err[1], err
    with pytest.raises(ValueError, match="max_memory"):
        planning.run_everlasting_plan(pl, "halfspaces", max_memory=2**28)
