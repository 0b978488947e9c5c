"""Small statistics helpers."""


def median(values):
    """Return the median of a non-empty list.

    >>> median([3, 1, 2])
    2
    >>> median([4, 1, 3, 2])
    2.5
    >>> median([7])
    7
    """
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2 == 1:
        return ordered[middle]
    return (ordered[middle] + ordered[middle + 1]) / 2


if __name__ == "__main__":
    import doctest

    doctest.testmod()
