import math

from wordfreq import average_length, frequencies, top


def test_frequencies():
    assert frequencies("The cat and the hat") == {"the": 2, "cat": 1, "and": 1, "hat": 1}


def test_top():
    assert top({"a": 1, "b": 3, "c": 3}) == ["b", "c"]


def test_average_length():
    assert math.isclose(average_length(["ab", "abcd"]), 3.0)
    assert average_length([]) == 0.0
