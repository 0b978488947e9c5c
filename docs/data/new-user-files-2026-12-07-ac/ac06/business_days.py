"""Business-day arithmetic for due dates and SLA calculations."""
from datetime import date, timedelta

SATURDAY = 5


def is_business_day(day, holidays=frozenset()):
    return day.isoweekday() < SATURDAY and day not in holidays


def add_business_days(start, days, holidays=()):
    """Move `days` business days forward (or backward if negative) from start."""
    holidays = frozenset(holidays)
    step = 1 if days >= 0 else -1
    remaining = abs(days)
    current = start
    while remaining:
        current += timedelta(days=step)
        if is_business_day(current, holidays):
            remaining -= 1
    return current


def next_business_day(day, holidays=()):
    """The given day if it is a business day, otherwise the next one."""
    holidays = frozenset(holidays)
    while not is_business_day(day, holidays):
        day += timedelta(days=1)
    return day


def business_days_between(start, end, holidays=()):
    """Number of business days after `start` up to and including `end`."""
    if end < start:
        return -business_days_between(end, start, holidays)
    holidays = frozenset(holidays)
    count = 0
    current = start
    while current < end:
        current += timedelta(days=1)
        if is_business_day(current, holidays):
            count += 1
    return count


def due_date(opened, sla_days, holidays=()):
    """Tickets opened on a non-business day start counting from the next business day."""
    return add_business_days(next_business_day(opened, holidays), sla_days, holidays)
