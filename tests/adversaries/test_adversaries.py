"""Adversaries ([Yan26] §1.1): oblivious sequences, stochastic, adaptive (white-box and transcript-only)."""

import numpy as np
import pytest

from geoprivate.adversaries import (
    DisagreementAdversary,
    FixedSequence,
    Stochastic,
    TranscriptBisection,
    View,
    binary_search_points,
    gaussian,
    uniform_columns,
    uniform_line,
)
from geoprivate.concepts import Thresholds
from geoprivate.prediction import (
    G_oblivious,
    HalfspaceEnsemble,
    IntervalEnsemble,
    ThresholdEnsemble,
    Transcript,
    label_sequence_count,
)


def test_binary_search_points_are_the_bfs_dyadics():
    p = binary_search_points(7)
    assert p.tolist() == [0.5, 0.25, 0.75, 0.125, 0.375, 0.625, 0.875]
    q = binary_search_points(1000, 2.0, 4.0)
    assert np.unique(q).size == 1000 and q.min() > 2.0 and q.max() < 4.0
    # worst case for thresholds: Sauer's bound T + 1 is attained
    assert label_sequence_count(Thresholds(), q) == 1001


def test_fixed_sequence_and_validation():
    f = FixedSequence([3, 1, 2])
    assert f.sequence(2).tolist() == [3, 1]
    assert FixedSequence([3, 1], cycle=True).sequence(5).tolist() == [3, 1, 3, 1, 3]
    with pytest.raises(ValueError, match="exceeds"):
        f.sequence(4)
    with pytest.raises(ValueError, match="points"):
        FixedSequence([])
    with pytest.raises(TypeError, match="adaptive"):
        f.next_query(None)
    with pytest.raises(ValueError, match="lo < hi"):
        uniform_line(1, 0)


def test_stochastic_is_iid_from_D_and_seeded():
    a = Stochastic(uniform_line(0, 1), rng=3).sequence(2000)
    b = Stochastic(uniform_line(0, 1), rng=3).sequence(2000)
    assert np.array_equal(a, b) and 0.45 < a.mean() < 0.55 and a.min() >= 0 and a.max() < 1
    c = Stochastic(uniform_columns(5), rng=0).sequence(500)
    assert set(np.unique(c).tolist()) == set(range(5))
    assert Stochastic(gaussian(3), rng=0).sequence(4).shape == (4, 3)
    with pytest.raises(TypeError, match="sampler"):
        Stochastic(5)


def test_disagreement_adversary_queries_the_split_point():
    ens = ThresholdEnsemble([0.2, 0.3, 0.4, 0.5, 0.6, 0.7], [0] * 6)
    adv = DisagreementAdversary(uniform_line(), rng=0)
    x = adv.next_query(View(0, Transcript(), ens))
    assert abs(ens.votes([x])[0] - 0.5) == np.abs(ens.votes(adv.candidates(ens)) - 0.5).min()
    assert 0.4 <= x <= 0.5
    # unanimous ensemble: no disagreement anywhere -> a point of D
    same = ThresholdEnsemble([0.3] * 4, [0] * 4)
    y = adv.next_query(View(0, Transcript(), same))
    assert 0 <= y < 1
    with pytest.raises(ValueError, match="white-box"):
        adv.next_query(View(0, Transcript(), None))


def test_disagreement_adversary_intervals_and_halfspaces():
    ens = IntervalEnsemble([(0.1, 0.5), (0.3, 0.9), None, (0.2, 0.4)], [0] * 4)
    adv = DisagreementAdversary(uniform_line(), rng=1)
    x = adv.next_query(View(0, Transcript(), ens))
    assert ens.votes([x])[0] == 0.5
    hs = HalfspaceEnsemble([((1, 0), 0), ((1, 1), 0), ((0, 1), 0), ((1, -1), 0)], [0] * 4)
    adv = DisagreementAdversary(gaussian(2), rng=2)
    z = adv.next_query(View(0, Transcript((2,)), hs))
    assert z.shape == (2,) and abs(hs.votes(z[None, :])[0] - 0.5) <= 0.25


def test_transcript_bisection_uses_released_labels_only():
    tr = Transcript()
    adv = TranscriptBisection(0.0, 1.0, rng=0)
    assert adv.next_query(View(0, tr, None)) == 0.5
    tr.extend(np.array([0.5]), np.array([1]), np.array([1]))  # released 1 at 0.5
    assert adv.next_query(View(1, tr, None)) == 0.25
    tr.extend(np.array([0.25]), np.array([0]), np.array([0]))
    assert adv.next_query(View(2, tr, None)) == 0.375


def test_adaptive_adversary_drives_a_predictor():
    """The white-box adversary queries where the ensemble is split, and gets at least as many TOPs."""
    from geoprivate.prediction import GenericPredictor

    rng = np.random.default_rng(0)
    x = rng.uniform(size=4000)
    y = (x >= 0.4).astype(int)
    tops = {}
    for name, adv in (
        ("adaptive", DisagreementAdversary(uniform_line(), rng=1)),
        ("stochastic", Stochastic(uniform_line(), rng=1)),
    ):
        p = GenericPredictor(G_oblivious(Thresholds()), x, y, k=400, m=10, epsilon=1.0, rng=2)
        r = p.run(adv, 300)
        tops[name] = r.n_hard
        if name == "adaptive":
            starts = [s for s, _ in r.ensembles] + [300]
            for (a, e), b in zip(r.ensembles, starts[1:], strict=False):
                cand = e.votes(adv.candidates(e))
                v = e.votes(r.transcript.points[a:b])
                if ((cand > 0) & (cand < 1)).any():  # the ensemble disagrees somewhere: it is queried there
                    assert np.abs(v - 0.5).max() == np.abs(cand - 0.5).min()
                else:  # collapsed (Claim 5's end state): no query can split it
                    assert ((v == 0) | (v == 1)).all()
    assert tops["adaptive"] >= tops["stochastic"]
