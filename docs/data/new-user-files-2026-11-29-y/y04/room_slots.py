"""Merge booked time slots for a meeting room and find the free gaps in a day.

Times are minutes since midnight; a slot is a (start, end) pair with start < end.
"""

DAY_START = 9 * 60
DAY_END = 17 * 60


def parse_hhmm(text):
    hours, minutes = text.strip().split(":")
    return int(hours) * 60 + int(minutes)


def format_hhmm(minutes):
    return "%02d:%02d" % divmod(minutes, 60)


def merge_slots(slots):
    """Merge overlapping or back-to-back slots into a sorted list of tuples."""
    merged = []
    for start, end in sorted(slots, key=lambda slot: slot[1]):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [tuple(slot) for slot in merged]


def free_gaps(slots, day_start=DAY_START, day_end=DAY_END, min_length=15):
    """Free (start, end) gaps of at least `min_length` minutes within the working day."""
    gaps = []
    cursor = day_start
    for start, end in merge_slots(slots):
        if start - cursor >= min_length:
            gaps.append((cursor, min(start, day_end)))
        cursor = max(cursor, end)
        if cursor >= day_end:
            break
    if day_end - cursor >= min_length:
        gaps.append((cursor, day_end))
    return gaps


def describe_gaps(bookings):
    """bookings: list of "HH:MM-HH:MM" strings -> list of free gaps in the same format."""
    slots = []
    for booking in bookings:
        start, end = booking.split("-")
        slots.append((parse_hhmm(start), parse_hhmm(end)))
    return ["%s-%s" % (format_hhmm(a), format_hhmm(b)) for a, b in free_gaps(slots)]
