"""The interactive explorers linked from the report: ``name -> (title, paper, builder)``.

A builder takes no argument and returns the HTML text of a self-contained page
(:mod:`geoprivate.explore`); the report writes it to ``DIR/explore/<name>.html`` and links
it (the collapse explorer is also shown inline in a frame).  Seeded: the same report
writes the same pages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated

from geoprivate._validation import Choice, check_callable, checked
from geoprivate.claims import PAPERS
from geoprivate.explore import everlasting_page, predict_page, vc1_page

__all__ = ["ReportExplorer", "EXPLORERS", "report_explorer"]


#: the paper a figure or explorer illustrates (a key of :data:`geoprivate.claims.PAPERS`)
Paper = Annotated[str, Choice(*PAPERS)]


@checked
@dataclass(frozen=True)
class ReportExplorer:
    """A registered explorer: ``builder() -> str`` (an HTML page), its title, paper and CLI command."""

    name: str
    title: str
    paper: Paper
    builder: Callable
    command: str


#: name -> ReportExplorer, in registration order
EXPLORERS: dict[str, ReportExplorer] = {}


@checked
def report_explorer(name: str, title: str, *, paper: Paper, command: str) -> Callable:
    """Register ``builder() -> str`` (an HTML page) as an explorer of the report.

    Parameters
    ----------
    name : str
        The explorer's name (its file: ``explore/<name>.html``).
    title : str
    paper : str
        The paper it illustrates.
    command : str
        The ``geoprivate explore`` command that writes the same page.

    Returns
    -------
    callable
        The decorator (it returns the builder unchanged).
    """
    if not name.isidentifier():
        raise ValueError(f"name must be an identifier (it names the page's file), got {name!r}")

    def deco(fn):
        check_callable(fn, "the decorated builder")
        EXPLORERS[name] = ReportExplorer(name, title, paper, fn, command)
        return fn

    return deco


@report_explorer(
    "collapse_d1",
    "G_halfspace's feasible region round by round, faithful and repaired (d = 1)",
    paper="shrinkage",
    command="geoprivate explore predict --concept halfspaces --d 1 --repaired --seed 4 --out page.html",
)
def _collapse():
    return predict_page(d=1, seed=4, repaired=True)


@report_explorer(
    "everlasting_phases",
    "GenericBBL phase by phase",
    paper="everlasting",
    command="geoprivate explore everlasting --seed 0 --out page.html",
)
def _everlasting():
    return everlasting_page(seed=0)


@report_explorer(
    "vc1_tree",
    "The version space of a VC-1 class down its tree, then OPTPrivateLearner",
    paper="vc1",
    command="geoprivate explore vc1 --seed 0 --out page.html",
)
def _vc1():
    return vc1_page(seed=0)
