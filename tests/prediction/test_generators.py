"""G_halfspace's tie-break (#40 item 4): which cdepth maximiser a block gets is part of the transcript.

The rule is stated in :class:`geoprivate.prediction.G_halfspace`'s docstring (and docs/shrinkage_prediction.md);
these tests check each of its cases on the run of the README's figure (``collapse_run(1, seed=4)``), where the
maximisers are not unique, so that a change of the rule is a deliberate one (and the figures are redrawn).
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import pytest

from geoprivate.prediction import G_halfspace_repaired
from geoprivate.privacy.warnings import PrivacyWarning
from geoprivate.viz.collapse import collapse_run
from solvers.depth import cdepth, depth


@pytest.fixture(scope="module")
def figure_run():
    gen = G_halfspace_repaired(1, form="margin")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)  # k = 6 blocks: illustrative, as the figure says
        pred, res = collapse_run(1, seed=4, generator=gen)
    return gen, pred, res


def _on_line(t, slope):
    return [t, t * slope]


def test_case_3_a_vertex_of_the_deepest_level(figure_run):
    """After the first hard query (C|HardQuery = the line w = −5a/16) block 1's maximisers are a ray from
    before t = 19/2 on; the generator returns its depth-7 vertex (16, −5), the point the README's figure draws."""
    gen, pred, res = figure_run
    (hard_x,) = res.transcript.hard_points()[:1]
    V, _, _ = gen.subspace([hard_x])
    assert V.dim == 1 and V.basis == ((Fraction(1), Fraction(-5, 16)),)
    ens = res.ensembles[1][1]
    assert ens.info["cdepth"] == [7, 8, 8, 8, 8, 7]
    (a,), w = ens.hypotheses[0]
    assert (a, w) == (16, -5)
    A = gen.constraints(*pred.blocks[0])
    # not unique: a point of the ray before the vertex, and one far beyond it, reach the same cdepth
    assert cdepth(A, _on_line(Fraction(19, 2), Fraction(-5, 16))) == 7 == cdepth(A, _on_line(64, Fraction(-5, 16)))
    assert depth(A, [a, w]) == 7  # a vertex of the deepest level, not a combination of shallower ones
    assert ens.hypotheses[5] == ((Fraction(4),), Fraction(-5, 4))


def test_case_2_the_satisfying_point_nearest_the_subspace_point(figure_run):
    """A block whose constraints all hold somewhere on the line: the point whose coordinate along the line has
    the least |u| with a slack τ ≤ 10⁻³ — every constraint holds there, and not 1 % closer to the origin."""
    gen, pred, res = figure_run
    ens = res.ensembles[1][1]
    for i in (1, 2, 3, 4):
        (a,), w = ens.hypotheses[i]
        A = gen.constraints(*pred.blocks[i])
        m = len(pred.blocks[i][1])
        assert w == a * Fraction(-5, 16) and depth(A, [a, w]) == m
        nearer = a * Fraction(99, 100)
        assert depth(A, _on_line(nearer, Fraction(-5, 16))) < m


def test_case_1_the_point_subspace_gives_its_point():
    """The faithful generator after two hard queries: C|HardQuery = {0}, every block gets (0, 0)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrivacyWarning)
        _, res = collapse_run(1, seed=4)
    dims = list(res.affine_dims)
    assert dims[:3] == [2, 1, 0]
    assert all(h == ((Fraction(0),), Fraction(0)) for h in res.ensembles[2][1].hypotheses)
