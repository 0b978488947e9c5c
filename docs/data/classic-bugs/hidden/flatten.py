assert list(flatten([[1, [2]], [[3], 4], 5])) == [1, 2, 3, 4, 5]
assert list(flatten(["a", ["b", ["c"]]])) == ["a", "b", "c"]
