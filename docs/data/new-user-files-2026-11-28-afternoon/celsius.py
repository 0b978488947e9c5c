def to_celsius(f):
    """Convert Fahrenheit to Celsius.

    >>> to_celsius(32)
    0.0
    >>> to_celsius(212)
    100.0
    >>> round(to_celsius(98.6), 1)
    37.0
    """
    return (f + 32) * 5 / 9


if __name__ == "__main__":
    import doctest
    doctest.testmod()
