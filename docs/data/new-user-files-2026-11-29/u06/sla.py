from datetime import datetime, time, timedelta

RESPONSE_DAYS = {"urgent": 1, "high": 2, "normal": 5}
CUTOFF = time(17, 0)


def is_weekend(day):
    return day.weekday() > 5


def is_business_day(day, holidays=()):
    return not is_weekend(day) and day not in holidays


def add_business_days(start, days, holidays=()):
    current = start
    remaining = days
    while remaining > 0:
        current += timedelta(days=1)
        if is_business_day(current, holidays):
            remaining -= 1
    return current


def business_days_between(start, end, holidays=()):
    """Count business days after `start` up to and including `end`."""
    if end < start:
        raise ValueError("end is before start")
    count = 0
    current = start
    while current < end:
        current += timedelta(days=1)
        if is_business_day(current, holidays):
            count += 1
    return count


def due_date(opened: datetime, priority, holidays=()):
    """Date by which a ticket opened at `opened` must get a response."""
    try:
        days = RESPONSE_DAYS[priority]
    except KeyError:
        raise ValueError(f"unknown priority: {priority}") from None
    start = opened.date()
    if opened.time() >= CUTOFF or not is_business_day(start, holidays):
        days += 1
    return add_business_days(start, days, holidays)
