"""Smoothing and spike detection for greenhouse temperature sensors."""
from statistics import mean, pstdev


def moving_average(values, window):
    """Average of every full window of `window` consecutive readings."""
    if window <= 0:
        raise ValueError("window must be positive")
    if window > len(values):
        return []
    return [
        round(mean(values[i:i + window]), 2)
        for i in range(len(values) - window)
    ]


def find_spikes(values, threshold=2.0):
    """Indexes of readings more than `threshold` standard deviations from the mean."""
    if len(values) < 3:
        return []
    mu = mean(values)
    sigma = pstdev(values)
    if sigma == 0:
        return []
    return [i for i, v in enumerate(values) if abs(v - mu) / sigma > threshold]


def fill_gaps(values):
    """Replace None readings with the average of their nearest known neighbours."""
    filled = list(values)
    known = [i for i, v in enumerate(values) if v is not None]
    if not known:
        raise ValueError("no readings at all")
    for i, v in enumerate(filled):
        if v is not None:
            continue
        before = [k for k in known if k < i]
        after = [k for k in known if k > i]
        neighbours = []
        if before:
            neighbours.append(values[before[-1]])
        if after:
            neighbours.append(values[after[0]])
        filled[i] = round(mean(neighbours), 2)
    return filled


def summarize(values, window=3):
    clean = fill_gaps(values)
    smooth = moving_average(clean, window)
    return {
        "min": min(clean),
        "max": max(clean),
        "latest_smoothed": smooth[-1] if smooth else None,
        "spikes": find_spikes(clean),
    }
