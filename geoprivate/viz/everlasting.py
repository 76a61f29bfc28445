"""Figure of a GenericBBL run ([NNSY23] §5): per phase |S_i|, TOPs / c_i, err_D vs 6α.

Uses :class:`matplotlib.figure.Figure` directly (no pyplot): Agg-safe, no global state.
"""

from __future__ import annotations

import warnings
from typing import Annotated

import numpy as np

from geoprivate._validation import Interval, checked
from geoprivate.everlasting.generic_bbl import EverlastingResult, GenericBBL, make_everlasting_problem
from geoprivate.everlasting.parameters import practical_parameters

__all__ = ["draw_phases", "phases_run"]


@checked
def phases_run(seed: Annotated[int, Interval(ge=0, le=2**63 - 2)] = 0):
    """The GenericBBL run of the report's figure: thresholds on [0, 1) under the uniform law,
    three phases of practical parameters (scaled constants, recorded in the result); the
    problem from ``seed``, the run from ``seed + 1``.  Practical mode: the privacy theorem
    does not apply (the ledger says so; the warning is silenced here).  Returns the
    :class:`~geoprivate.everlasting.generic_bbl.EverlastingResult`.

    Parameters
    ----------
    seed : int in [0, 2⁶³ − 2], default 0
        The problem's seed (the run uses ``seed + 1``).

    Returns
    -------
    EverlastingResult
        The run.
    """
    prob = make_everlasting_problem("thresholds", seed)
    # T_1 = 160 (the CLI's practical default): at T_1 = 40 BetweenThresholds' noise leaves phase 1 worse than a coin
    par = practical_parameters(0.05, 0.05, 0.5, 1e-6, 1, 3, T1=160, lambda1=8, r_const=16, epsilon_bt=1.0)
    rng = np.random.default_rng(seed + 1)
    x = prob.sample(rng, par.phase(1).S)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # practical mode: recorded in the result
        return GenericBBL(prob, x, prob.target(x), par, rng).run()


def everlasting_note(result) -> str:
    """``""`` when a GenericBBL run is private as run, else the title line of an illustrative picture:
    "illustrative, not private: [NNSY23] Claim E.5 needs <the conditions that failed on this run>".

    Parameters
    ----------
    result : EverlastingResult
        A GenericBBL run.

    Returns
    -------
    str
        Empty when ``result.privacy_applies``.
    """
    if result.privacy_applies:
        return ""
    failed = [name for name, ok in (result.privacy.conditions if result.privacy else {}).items() if not ok]
    return "illustrative, not private: [NNSY23] Claim E.5 needs " + ("; ".join(failed) or "its conditions")


@checked
def draw_phases(result: EverlastingResult):
    """Three panels for an :class:`~geoprivate.everlasting.generic_bbl.EverlastingResult`:
    |S_i| (log scale), TOPs used / c_i, and err_D of the phase's hypotheses (mean and max)
    against Theorem 5.2's 6α.  Returns a matplotlib Figure.

    Parameters
    ----------
    result : EverlastingResult
        A GenericBBL run.

    Returns
    -------
    matplotlib.figure.Figure
    """
    from matplotlib.figure import Figure

    ph = result.phases
    i = [p.i for p in ph]
    fig = Figure(figsize=(10, 3.2))
    a, b, c = fig.subplots(1, 3)
    a.semilogy(i, [p.S for p in ph], "o-", label="|S_i|")
    a.semilogy(i, [p.R for p in ph], "s--", label="R_i")
    a.set_xlabel("phase i")
    a.set_title("sample and query counts")
    a.legend()
    b.bar(i, [p.tops / p.c for p in ph])
    b.set_xlabel("phase i")
    b.set_title("TOPs used / c_i")
    c.plot(i, [p.err_D_mean for p in ph], "o-", label="mean err_D(h_ij)")
    c.plot(i, [p.err_D_max for p in ph], "^-", label="max err_D(h_ij)")
    c.axhline(result.six_alpha, color="red", ls=":", label="6 alpha (Theorem 5.2)")
    c.set_xlabel("phase i")
    c.set_title("accuracy")
    c.legend(fontsize=7)
    for ax in (a, b, c):
        ax.set_xticks(i)
    note = everlasting_note(result)
    fig.suptitle(
        f"GenericBBL, {result.parameters.mode} mode: {result.problem}" + (f"\n{note}" if note else ""), fontsize=9
    )
    fig.tight_layout()
    return fig
