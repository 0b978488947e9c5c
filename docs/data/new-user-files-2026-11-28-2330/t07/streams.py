"""Iterator helpers for processing sensor readings lazily."""
from collections import deque
from itertools import accumulate, groupby, islice


def chunked(iterable, size):
    """Yield lists of `size` items; the last chunk may be shorter."""
    if size < 1:
        raise ValueError("size must be >= 1")
    it = iter(iterable)
    while True:
        chunk = list(islice(it, size))
        if len(chunk) < size:
            return
        yield chunk


def sliding_window(iterable, n):
    """Yield overlapping tuples of length n: (1,2,3), (2,3,4), ..."""
    it = iter(iterable)
    window = deque(islice(it, n), maxlen=n)
    for x in it:
        window.append(x)
        yield tuple(window)


def moving_average(iterable, n):
    for window in sliding_window(iterable, n):
        yield sum(window) / n


def running_max(iterable):
    return accumulate(iterable, max)


def run_lengths(iterable):
    """Run-length encode: 'aaab' -> [('a', 3), ('b', 1)]"""
    return [(key, sum(1 for _ in group)) for key, group in groupby(iterable)]
