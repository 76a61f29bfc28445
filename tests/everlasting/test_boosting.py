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
