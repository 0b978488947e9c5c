"""Due-date helpers for the support SLA report."""
from datetime import date, timedelta

# Loaded from the ops config file, where dates are written as ISO strings.
DEFAULT_HOLIDAYS = ["2024-12-25", "2024-12-26", "2025-01-01"]


def is_business_day(day, holidays=DEFAULT_HOLIDAYS):
    return day.weekday() < 5 and day not in holidays


def add_business_days(start, days, holidays=DEFAULT_HOLIDAYS):
    """Return the date that is `days` business days after `start`."""
    if days < 0:
        raise ValueError("days must be >= 0")
    current = start
    remaining = days
    while remaining > 0:
        current += timedelta(days=1)
        if is_business_day(current, holidays):
            remaining -= 1
    return current


def business_days_between(start, end, holidays=DEFAULT_HOLIDAYS):
    """Count business days in the half-open range (start, end]."""
    count = 0
    current = start
    while current < end:
        current += timedelta(days=1)
        if is_business_day(current, holidays):
            count += 1
    return count


if __name__ == "__main__":
    mon = date(2024, 6, 3)
    fri = date(2024, 6, 7)
    assert is_business_day(mon)
    assert not is_business_day(date(2024, 6, 8))  # Saturday
    assert add_business_days(mon, 0) == mon
    assert add_business_days(mon, 1) == date(2024, 6, 4)
    assert add_business_days(fri, 1) == date(2024, 6, 10)
    assert add_business_days(mon, 5) == date(2024, 6, 10)
    assert business_days_between(mon, fri) == 4
    # Christmas week: Tue 24th -> skip 25th and 26th
    assert not is_business_day(date(2024, 12, 25))
    assert add_business_days(date(2024, 12, 24), 1) == date(2024, 12, 27)
    assert business_days_between(date(2024, 12, 20), date(2025, 1, 3)) == 7
    print("business_days: all checks passed")
