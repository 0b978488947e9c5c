def flatten(items):
    for item in items:
        if isinstance(item, list):
            yield flatten(item)
        else:
            yield item


assert list(flatten([1, [2, [3, 4]], 5])) == [1, 2, 3, 4, 5]
assert list(flatten([])) == []
assert list(flatten([[[]]])) == []
