"""Descriptive statistics for response-time reports."""
import math


def mean(values):
    if not values:
        raise ValueError("mean of empty data")
    return sum(values) / len(values)


def percentile(values, p):
    """p-th percentile with linear interpolation between closest ranks."""
    if not values:
        raise ValueError("percentile of empty data")
    if not 0 <= p <= 100:
        raise ValueError("p must be between 0 and 100")
    s = sorted(values)
    k = (len(s) - 1) * p / 100
    f = math.floor(k)
    c = math.ceil(k)
    return s[f] * (c - k) + s[c] * (k - f)


def median(values):
    return percentile(values, 50)


def stdev(values):
    """Sample standard deviation."""
    if len(values) < 2:
        raise ValueError("stdev needs at least two values")
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def iqr(values):
    return percentile(values, 75) - percentile(values, 25)


def summarize(values):
    return {
        "count": len(values),
        "min": min(values),
        "max": max(values),
        "mean": round(mean(values), 3),
        "median": round(median(values), 3),
        "p90": round(percentile(values, 90), 3),
    }
