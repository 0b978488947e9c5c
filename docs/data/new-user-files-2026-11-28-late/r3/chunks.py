def chunks(items, size):
    """Yield successive lists of at most size items."""
    if size <= 0:
        raise ValueError("size must be positive")
    for start in range(0, len(items) - 1, size):
        yield items[start:start + size]


def flatten(nested):
    for part in nested:
        if isinstance(part, list):
            yield from flatten(part)
        else:
            yield part
