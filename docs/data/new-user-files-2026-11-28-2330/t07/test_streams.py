import itertools

import pytest

from streams import chunked, moving_average, run_lengths, running_max, sliding_window


@pytest.mark.parametrize("data, size, expected", [
    ([1, 2, 3, 4], 2, [[1, 2], [3, 4]]),
    ([1, 2, 3, 4, 5], 2, [[1, 2], [3, 4], [5]]),
    ("abcdefg", 3, [list("abc"), list("def"), ["g"]]),
    ([], 3, []),
    ([1], 5, [[1]]),
])
def test_chunked(data, size, expected):
    assert list(chunked(data, size)) == expected


def test_chunked_rejects_zero():
    with pytest.raises(ValueError):
        list(chunked([1, 2], 0))


def test_chunked_is_lazy():
    first = next(chunked(itertools.count(), 3))
    assert first == [0, 1, 2]


@pytest.mark.parametrize("data, n, expected", [
    ([1, 2, 3, 4], 2, [(1, 2), (2, 3), (3, 4)]),
    ([1, 2, 3], 3, [(1, 2, 3)]),
    ([1, 2], 3, []),
    ("abcd", 1, [("a",), ("b",), ("c",), ("d",)]),
])
def test_sliding_window(data, n, expected):
    assert list(sliding_window(data, n)) == expected


def test_moving_average():
    assert list(moving_average([2, 4, 6, 8], 2)) == [3.0, 5.0, 7.0]


@pytest.mark.parametrize("data, expected", [
    ([3, 1, 4, 1, 5], [3, 3, 4, 4, 5]),
    ([], []),
])
def test_running_max(data, expected):
    assert list(running_max(data)) == expected


@pytest.mark.parametrize("data, expected", [
    ("aaabcc", [("a", 3), ("b", 1), ("c", 2)]),
    ([0, 0, 1, 0], [(0, 2), (1, 1), (0, 1)]),
    ("", []),
])
def test_run_lengths(data, expected):
    assert run_lengths(data) == expected
