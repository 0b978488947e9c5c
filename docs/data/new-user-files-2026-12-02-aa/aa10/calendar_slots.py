"""Find free meeting slots from people's busy calendars.

Times are minutes since midnight; intervals are (start, end) half-open.
"""


def merge_busy(intervals):
    """Merge overlapping or touching busy intervals."""
    merged = []
    for start, end in intervals:
        if start >= end:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def free_slots(busy, day_start=9 * 60, day_end=17 * 60, min_length=30):
    """Gaps of at least `min_length` minutes between day_start and day_end."""
    slots = []
    cursor = day_start
    for start, end in merge_busy(busy):
        if end <= day_start or start >= day_end:
            continue
        if start - cursor >= min_length:
            slots.append((cursor, start))
        cursor = max(cursor, end)
    if day_end - cursor >= min_length:
        slots.append((cursor, day_end))
    return slots


def common_free_slots(calendars, **kwargs):
    everyone = [interval for cal in calendars for interval in cal]
    return free_slots(everyone, **kwargs)


def hhmm(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
