"""``geoprivate plan vc1``: the n of [Yan25] Theorem 11 / 13 at a private-as-run (ε, δ) (issue #21, item 3)."""

from __future__ import annotations

import json

import pytest

from geoprivate.learners.vc1 import theorem11_parameters, theorem13_parameters
from geoprivate.planning import PLANNERS, plan, plan_vc1


@pytest.mark.parametrize("median", ["exponential", "log-star"])
def test_plan_vc1_is_the_learners_own_calculator(median):
    opt = plan_vc1(1.0, 1e-6, td=64, alpha=0.1, beta=0.1, median=median)
    p11 = theorem11_parameters(64, 0.1, 0.1, 1.0, 1e-6, median=median)
    assert (opt.parameters["n"], opt.parameters["t"], opt.parameters["m"]) == (p11.n, p11.t, p11.m)
    assert (opt.guarantee["epsilon"], opt.guarantee["delta"]) == (1.0, 1e-6)
    proper = plan_vc1(1.0, 1e-6, td=64, learner="proper", median=median)
    p13 = theorem13_parameters(64, 0.1, 0.1, 1.0, 1e-6, median=median)
    assert proper.parameters["n"] == p13.n == p13.n1 + p13.n2 and proper.parameters["n2"] == p13.n2
    assert any("Lemma 1" in b for b in opt.binding) and any("Theorem 7" in b for b in proper.binding)
    # the t-setting condition named is the one that holds: t = n_PM exactly when the median's bound sets t
    assert ("t = n_PM" in opt.binding[-1]) == (p11.t == p11.n_pm)


def test_plan_vc1_privacy_gate_and_inputs():
    assert "vc1" in PLANNERS
    with pytest.raises(ValueError, match="Lemma 1"):
        plan_vc1(4.0, 1e-6, td=16)  # the choosing mechanism would run at eps/2 = 2
    assert plan_vc1(4.0, 1e-6, td=16, learner="proper").guarantee["epsilon"] == 4.0  # eps/4 = 1 < 2
    with pytest.raises(ValueError, match="Lemma 1"):
        plan_vc1(8.0, 1e-6, td=16, learner="proper")
    with pytest.raises(ValueError, match="exactly one"):
        plan_vc1(1.0, 1e-6)
    with pytest.raises(ValueError, match="exactly one"):
        plan_vc1(1.0, 1e-6, td=4, domain_size=4)
    with pytest.raises(ValueError, match="learner"):
        plan_vc1(1.0, 1e-6, td=4, learner="improper")
    with pytest.raises(ValueError, match="median"):
        plan_vc1(1.0, 1e-6, td=4, median="mean")
    by_size = plan("vc1", 1.0, 1e-6, domain_size=32)
    assert by_size.parameters["n"] == plan_vc1(1.0, 1e-6, td=32).parameters["n"] and by_size.notes[-1].startswith("TD")


def test_cli_plan_vc1(capsys):
    from geoprivate.cli import main

    argv = ["plan", "vc1", "--epsilon", "1", "--delta", "1e-6", "--td", "256", "--median", "log-star"]
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["parameters"]["n"] == theorem11_parameters(256, 0.1, 0.1, 1.0, 1e-6, median="log-star").n
    assert main([*argv, "--learner", "proper"]) == 0
    assert "binding" in capsys.readouterr().out
    assert main(["plan", "vc1", "--epsilon", "1", "--delta", "1e-6"]) == 2
    assert "exactly one of td and domain_size" in capsys.readouterr().err
    assert main(["plan", "vc1", "--epsilon", "5", "--delta", "1e-6", "--td", "8"]) == 2
