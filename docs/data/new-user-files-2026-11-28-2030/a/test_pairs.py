from pairs import by_second, invert

def test_by_second():
    assert by_second([("b", 2), ("a", 3), ("c", 1)]) == [("c", 1), ("b", 2), ("a", 3)]

def test_ties():
    assert by_second([("b", 1), ("a", 1)]) == [("a", 1), ("b", 1)]

def test_invert():
    assert invert({"x": 1, "y": 2}) == {1: "x", 2: "y"}
