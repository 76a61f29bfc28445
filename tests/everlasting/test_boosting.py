"""Tests of geoprivate.everlasting.boosting ([NNSY23] App. B): the hypothesis learner of the boosting step."""

import pytest


@pytest.mark.parametrize("label", [7, -1, float("nan")])
def test_hypothesis_learner_refuses_labels_outside_01(label):
    from geoprivate.everlasting.boosting import hypothesis_learner

    def seq(r, x):
        out = (x % 2).astype(float)
        out[0] = label
        return out

    with pytest.raises(ValueError, match="seq"):
        hypothesis_learner(seq, 5, 0.1, 0)
    h, failed = hypothesis_learner(lambda r, x: x % 2, 5, 0.1, 0)
    assert not failed and h.tolist() == [0, 1, 0, 1, 0]


def test_the_walks_findings_in_boosting_are_one_line_errors():
    """Issue #41: hypothesis_learner_R at beta = 5e-324 was an OverflowError; bad n_points, make_seq named."""
    import math

    from geoprivate.everlasting.boosting import accuracy_boost, hypothesis_learner_R, rotating_sequence

    assert hypothesis_learner_R(8, 5e-324) == math.ceil(8 * math.log(8) * -math.log(5e-324))
    assert hypothesis_learner_R(8, 0.1) == math.ceil(8 * math.log(8) * math.log(1 / 0.1))  # unchanged
    with pytest.raises(TypeError, match="^make_seq"):
        accuracy_boost(3, 8, 0.1, rng=0)
    with pytest.raises(TypeError, match="^n_points"):
        accuracy_boost(lambda i, rng: rotating_sequence([0, 1], 0.1, rng), 2.7, 0.1, rng=0)
    with pytest.raises(ValueError, match="^target"):
        rotating_sequence([], 0.1)
