from intervals import merge


def test_overlap():
    assert merge([[1, 3], [2, 6], [8, 10]]) == [[1, 6], [8, 10]]


def test_touching():
    assert merge([[1, 4], [4, 5]]) == [[1, 5]]


def test_unsorted():
    assert merge([[5, 6], [1, 2]]) == [[1, 2], [5, 6]]
