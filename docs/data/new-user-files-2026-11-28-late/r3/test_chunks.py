import pytest

from chunks import chunks, flatten


def test_chunks():
    assert list(chunks([1, 2, 3, 4, 5], 2)) == [[1, 2], [3, 4], [5]]
    assert list(chunks([], 3)) == []
    assert list(chunks([1], 1)) == [[1]]


def test_bad_size():
    with pytest.raises(ValueError):
        list(chunks([1], 0))


def test_flatten():
    assert list(flatten([1, [2, [3, 4]], 5])) == [1, 2, 3, 4, 5]
