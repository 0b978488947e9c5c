from itertools import groupby


def runs(values):
    """Lengths of the runs of equal values, in order."""
    return [(key, len(list(group))) for key, group in groupby(values)]


def longest_run(values):
    best = None
    for key, length in runs(values):
        if best is None or length >= best[1]:
            best = (key, length)
    return best


def numbered(lines):
    return [f"{i}: {line}" for i, line in enumerate(lines, start=0)]
