import pytest

from stats import mean, median, stdev, summarize


def test_mean():
    assert mean([1, 2, 3, 4]) == pytest.approx(2.5)
    assert mean([0.1, 0.2, 0.3]) == pytest.approx(0.2)


@pytest.mark.parametrize(
    "data, expected",
    [
        ([5], 5),
        ([3, 1, 2], 2),
        ([4, 1, 3, 2], 2.5),
        ([10, 20], 15),
        ([1.5, 2.5], 2.0),
        ([-3, -4], -3.5),
    ],
    ids=["single", "odd", "even", "even-int-exact", "floats", "negatives"],
)
def test_median(data, expected):
    assert median(data) == pytest.approx(expected)


def test_stdev_matches_known_value():
    assert stdev([2, 4, 4, 4, 5, 5, 7, 9]) == pytest.approx(2.138, abs=1e-3)


def test_empty_inputs_rejected():
    with pytest.raises(ValueError):
        mean([])
    with pytest.raises(ValueError):
        median([])
    with pytest.raises(ValueError, match="at least two"):
        stdev([1])


def test_summarize_readings():
    readings = [21.5, 22.0, 19.5, 20.0]
    s = summarize(readings)
    assert s["n"] == 4
    assert (s["min"], s["max"]) == (19.5, 22.0)
    assert s["mean"] == pytest.approx(20.75)
    assert s["median"] == pytest.approx(20.75)
    assert s["stdev"] == pytest.approx(1.19, rel=1e-2)
