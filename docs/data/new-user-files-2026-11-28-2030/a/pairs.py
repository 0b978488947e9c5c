def by_second(pairs):
    """Sort (key, value) pairs by value, then key."""
    return sorted(pairs, key=lambda p: (p[0], p[1]))


def invert(mapping):
    return {value: key for key, value in mapping.items()}
