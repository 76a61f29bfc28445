"""The showcase runs private, or says in its title that it cannot (issue #30 item 6).

The README's headline figure, ``geoprivate figures``' defaults and ``geoprivate explore predict``'s
default page either run inside [Yan26] Lemma 1 (no PrivacyWarning, ``privacy_applies``) or carry
"illustrative, not private" with the k Lemma 1 needs, computed from the run's parameters.
"""

import warnings

import pytest

from geoprivate.privacy.warnings import PrivacyWarning
from geoprivate.report.figures import FIGURES, build_figure
from geoprivate.viz.shrinkage import illustrative_note, lemma1_k

#: figures whose run is drawn with a k that can be drawn (k = 6): illustrative, titled so
ILLUSTRATIVE = {"collapse_d1", "collapse_d2", "collapse_d1_repaired", "everlasting_phases"}


def _titles(fig) -> str:
    return "\n".join([fig.get_suptitle()] + [ax.get_title() for ax in fig.axes])


def _build_quietly(name):
    with warnings.catch_warnings():
        warnings.simplefilter("error", PrivacyWarning)
        return build_figure(name, "small")


def test_headline_figure_is_titled_illustrative_with_lemma_1s_k():
    """README's `geoprivate figures --only collapse_d1_repaired`: no PrivacyWarning; its title names Lemma 1's k."""
    title = _titles(_build_quietly("collapse_d1_repaired"))
    assert "illustrative, not private: [Yan26] Lemma 1 needs ε_BT < 1 and k ≥ " + str(lemma1_k()) in title
    assert "this run: ε_BT = 4, k = 6" in title


@pytest.mark.slow
@pytest.mark.parametrize("name", list(FIGURES))
def test_every_default_figure_is_private_or_titled_illustrative(name):
    title = _titles(_build_quietly(name))
    assert ("illustrative, not private" in title) == (name in ILLUSTRATIVE)


def test_shrinkage_figures_run_at_lemma_1s_k():
    """oblivious_L / privacy_spent / err_D_rounds: the run's own guarantee is finite (Lemma 1 holds)."""
    from geoprivate.report.figures import _oblivious_run

    with warnings.catch_warnings():
        warnings.simplefilter("error", PrivacyWarning)
        res = _oblivious_run(T=200)
    assert res.privacy_applies and res.params["k"] == lemma1_k()
    assert illustrative_note(res) == "" and res.guarantee.epsilon < float("inf")


def test_illustrative_note_names_the_k_lemma_1_needs():
    from geoprivate.viz.collapse import collapse_run

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        _, res = collapse_run(1, seed=4, epsilon=0.5)
    assert not res.privacy_applies
    gap = res.params["t_upper"] - res.params["t_lower"]
    assert f"needs k ≥ {lemma1_k(0.5, 1e-6, gap)} (at ε_BT = 0.5" in illustrative_note(res)
    assert "ε_BT < 1" not in illustrative_note(res)  # ε_BT = 0.5 meets the lemma's ε condition


def test_explore_predict_default_page_is_titled_illustrative():
    pytest.importorskip("plotly")
    from geoprivate.cli import build_parser
    from geoprivate.cli.explore import build_page

    args = build_parser().parse_args(["explore", "predict", "--out", "unused.html"])
    with warnings.catch_warnings():
        warnings.simplefilter("error", PrivacyWarning)
        page = build_page(args)
    assert (
        f"<title>geoprivate explorer: G_halfspace collapse, d = 1 (illustrative, not private: [Yan26] Lemma 1 needs ε_BT &lt; 1 and k ≥ {lemma1_k()}"
        in page
    )


def test_predict_defaults_are_private_and_better_than_a_coin(capsys):
    """`geoprivate predict` with its defaults: k meets Lemma 1 (no PrivacyWarning), max err_D ≤ 1/2."""
    import json

    from geoprivate.cli import main

    with warnings.catch_warnings():
        warnings.simplefilter("error", PrivacyWarning)
        assert main(["predict", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["privacy_applies"] is True and out["max_err_D"] <= 0.5
