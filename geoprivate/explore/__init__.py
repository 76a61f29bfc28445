"""Interactive, self-contained HTML explorers of runs (``geoprivate explore``).

Each page is one HTML file with a step slider and a play button, Plotly's JavaScript
embedded (no network) and the run's transcript embedded as JSON
(``<script type="application/json" id="geoprivate-transcript">``); the same arguments
give the same bytes.

* :func:`predict_page` — [Yan26] GenericPredictor with G_halfspace (Algorithm 4): the
  feasible region collapsing round by round, faithful and repaired side by side;
* :func:`everlasting_page` — [NNSY23] GenericBBL phase by phase;
* :func:`vc1_page` — [Yan25]: the version space of a VC-1 class shrinking down its tree,
  then OPTPrivateLearner's choice.

The runs and the exact geometry are those of :mod:`geoprivate.viz` (the report's
figures); this package only lays them out as frames.  Needs ``plotly`` (the ``explore``
extra).  Layer: uses viz, prediction, learners, everlasting; only the CLI and the report
import it.
"""

from geoprivate.explore._page import FIGURE_ID, TRANSCRIPT_ID
from geoprivate.explore.everlasting import everlasting_page
from geoprivate.explore.predict import predict_page
from geoprivate.explore.vc1 import vc1_page

__all__ = ["predict_page", "everlasting_page", "vc1_page", "FIGURE_ID", "TRANSCRIPT_ID"]
