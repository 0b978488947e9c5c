import pytest

from geometry import circle_area, hypotenuse


@pytest.mark.parametrize(
    "a, b, c",
    [
        pytest.param(3, 4, 5, id="classic"),
        pytest.param(5, 12, 13, id="bigger"),
        pytest.param(1, 1, 2 ** 0.5, id="unit"),
    ],
)
def test_hypotenuse(a, b, c):
    assert hypotenuse(a, b) == pytest.approx(c)


def test_area():
    assert circle_area(2) == pytest.approx(12.566, rel=1e-3)


def test_negative():
    with pytest.raises(ValueError, match="negative"):
        circle_area(-1)
