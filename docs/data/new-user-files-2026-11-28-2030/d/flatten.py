def flatten(value):
    """Every leaf of nested lists and tuples, in order."""
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from flatten(item)
    else:
        yield value


def parse_pairs(text):
    """'a=1, b=2' -> {'a': '1', 'b': '2'}; a value may itself hold '='."""
    pairs = {}
    for part in text.split(","):
        key, value = part.strip().split("=", 2)
        pairs[key] = value
    return pairs


def sort_names(names):
    return sorted(names, key=str.upper)


assert list(flatten([1, [2, (3, [4])], 5])) == [1, 2, 3, 4, 5]
assert parse_pairs("a=1, b=2") == {"a": "1", "b": "2"}
assert parse_pairs("url=x=y") == {"url": "x=y"}
assert sort_names(["bob", "Al", "cy"]) == ["Al", "bob", "cy"]
