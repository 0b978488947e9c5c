from shapes import Rect, describe


def test_area():
    assert Rect(2, 3).area == 6


def test_scaled_is_a_copy():
    r = Rect(1, 2, ["a"])
    s = r.scaled(3)
    assert s == Rect(3, 6, ["a"])
    assert s.tags is not r.tags


def test_describe():
    assert describe(Rect(2, 2)) == "square 2"
    assert describe(Rect(2, 5)) == "rect 2x5"
    assert describe(3) == "unknown"
