"""Summaries for raw temperature sensor exports."""

import statistics
from typing import NamedTuple

MISSING = {"", "NA", "N/A", "NULL"}


class Summary(NamedTuple):
    count: int
    mean: float
    stdev: float
    low: float
    high: float


def clean(raw_values):
    """Drop missing markers and convert the rest to floats."""
    return (float(v) for v in raw_values if v.strip().upper() not in MISSING)


def summarize(raw_values):
    readings = clean(raw_values)
    mean = statistics.fmean(readings)
    stdev = statistics.pstdev(readings, mu=mean)
    return Summary(
        count=len(readings),
        mean=round(mean, 2),
        stdev=round(stdev, 2),
        low=min(readings),
        high=max(readings),
    )


def spikes(raw_values, threshold=2.0):
    """Indexes (into the cleaned series) of readings far from the mean."""
    readings = clean(raw_values)
    mean = statistics.fmean(readings)
    stdev = statistics.pstdev(readings, mu=mean)
    if stdev == 0:
        return []
    return [i for i, value in enumerate(readings) if abs(value - mean) > threshold * stdev]
