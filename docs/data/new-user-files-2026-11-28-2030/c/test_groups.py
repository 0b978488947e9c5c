from groups import longest_run, numbered, runs


def test_runs():
    assert runs("aabccc") == [("a", 2), ("b", 1), ("c", 3)]


def test_longest_first_wins():
    assert longest_run([1, 1, 2, 2, 3]) == (1, 2)


def test_numbered():
    assert numbered(["x", "y"]) == ["1: x", "2: y"]
