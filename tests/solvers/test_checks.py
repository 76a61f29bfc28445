"""Tests of solvers._checks: the work budget every exact enumeration checks before it starts."""

import pytest

from solvers._checks import check_work


def test_check_work_validates_its_budget():
    with pytest.raises(ValueError, match="max_work"):
        check_work(1, 0, "x")
    check_work(10**100, None, "x")
