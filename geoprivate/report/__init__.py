"""``geoprivate verify --report DIR``: a self-contained HTML report of the claims.

:func:`write_report` takes the records of :func:`geoprivate.claims.run_claim` and writes

* ``DIR/index.html`` — the run's counts, a legend of every badge and the command that
  regenerates the page (every selection flag of the run); the user's own claims first; then per
  paper every catalogued statement (:mod:`geoprivate.claims.catalogue`) with its claim rows
  (instances tried, evidence — an audit's worst pair and numbers, the warnings counted, what the
  check printed —, verdict, seconds), folded for a paper none of whose claims ran; the statements
  that are not covered and why, the supporting claims that check no numbered statement, and the
  figures (:mod:`geoprivate.report.figures`) of the papers whose claims ran, embedded as base64 PNG;
* ``DIR/figures/<name>.png`` — the same figures beside it;
* ``DIR/explore/<name>.html`` — the interactive explorers of those papers
  (:mod:`geoprivate.report.explorers`, :mod:`geoprivate.explore`; need plotly), linked from the
  page, the first one shown inline;
* ``DIR/instances/<claim>.json`` — the offending instance of every violated claim, with
  the one-line command that replays it (:func:`load_instance` reads it back).

The page is built in :mod:`geoprivate.report.page`, the instance files in
:mod:`geoprivate.report.instances`.  Layer: uses claims, catalogue and viz; nothing below imports it.
"""

from geoprivate.report.explorers import EXPLORERS
from geoprivate.report.figures import FIGURES
from geoprivate.report.instances import instances_tried, load_instance, replay_command, save_instance
from geoprivate.report.page import write_report

__all__ = [
    "write_report",
    "save_instance",
    "load_instance",
    "replay_command",
    "instances_tried",
    "FIGURES",
    "EXPLORERS",
]
