import pytest

from mypkg.calc import clamp, mean


@pytest.mark.parametrize("values, want", [([1, 2, 3], 2), ([4], 4), ([0.1, 0.2], 0.15)])
def test_mean(values, want):
    assert mean(values) == pytest.approx(want)


def test_clamp():
    assert clamp(5, 0, 3) == 3
