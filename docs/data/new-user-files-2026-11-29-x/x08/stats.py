"""Descriptive statistics for small samples (response times, scores...)."""
import math


def _require(xs, at_least=1):
    if len(xs) < at_least:
        raise ValueError(f"need at least {at_least} value(s)")


def mean(xs):
    _require(xs)
    return sum(xs) / len(xs)


def median(xs):
    _require(xs)
    s = sorted(xs)
    n = len(s)
    mid = n // 2
    if n % 2:
        return s[mid]
    return (s[mid] + s[mid + 1]) / 2


def variance(xs, sample=True):
    _require(xs, 2 if sample else 1)
    m = mean(xs)
    squares = sum((x - m) ** 2 for x in xs)
    return squares / (len(xs) - 1 if sample else len(xs))


def stdev(xs, sample=True):
    return math.sqrt(variance(xs, sample))


def percentile(xs, p):
    """Linear interpolation between closest ranks, p in [0, 100]."""
    _require(xs)
    if not 0 <= p <= 100:
        raise ValueError("p must be between 0 and 100")
    s = sorted(xs)
    k = (len(s) - 1) * p / 100
    lo, hi = math.floor(k), math.ceil(k)
    if lo == hi:
        return s[lo]
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def summary(xs):
    return {
        "n": len(xs),
        "min": min(xs),
        "max": max(xs),
        "mean": mean(xs),
        "median": median(xs),
        "p90": percentile(xs, 90),
    }


if __name__ == "__main__":
    assert mean([1, 2, 3, 4]) == 2.5
    assert median([5, 1, 3]) == 3
    assert median([7]) == 7
    assert median([4, 1, 3, 2]) == 2.5
    assert median([10, 20]) == 15
    assert median([1, 1, 2, 100, 3, 4]) == 2.5
    assert math.isclose(variance([2, 4, 4, 4, 5, 5, 7, 9], sample=False), 4.0)
    assert math.isclose(stdev([2, 4, 4, 4, 5, 5, 7, 9], sample=False), 2.0)
    assert math.isclose(variance([1, 2, 3, 4]), 5 / 3)
    assert percentile([15, 20, 35, 40, 50], 0) == 15
    assert percentile([15, 20, 35, 40, 50], 100) == 50
    assert percentile([15, 20, 35, 40, 50], 50) == 35
    assert math.isclose(percentile([1, 2, 3, 4], 25), 1.75)
    s = summary([120, 80, 95, 110, 300, 90])
    assert s["median"] == 102.5, s
    assert s["n"] == 6 and s["min"] == 80 and s["max"] == 300
    for bad in (lambda: mean([]), lambda: variance([1]), lambda: percentile([1], 101)):
        try:
            bad()
        except ValueError:
            pass
        else:
            raise AssertionError("expected ValueError")
    print("all stats checks passed")
