"""Business-day arithmetic: weekends and a set of holidays are skipped."""
from datetime import date, timedelta

ONE_DAY = timedelta(days=1)


def parse_holidays(lines):
    """Read lines like '2024-12-25 Christmas Day'; blank lines and '#' comments are ignored."""
    holidays = set()
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        holidays.add(date.fromisoformat(line.split()[0]))
    return frozenset(holidays)


def is_business_day(day, holidays=frozenset()):
    return day.weekday() <= 5 and day not in holidays


def next_business_day(day, holidays=frozenset()):
    """The first business day strictly after `day`."""
    day += ONE_DAY
    while not is_business_day(day, holidays):
        day += ONE_DAY
    return day


def add_business_days(start, days, holidays=frozenset()):
    step = ONE_DAY if days >= 0 else -ONE_DAY
    remaining = abs(days)
    current = start
    while remaining > 0:
        current += step
        if is_business_day(current, holidays):
            remaining -= 1
    return current


def business_days_between(start, end, holidays=frozenset()):
    """Number of business days in the half-open range [start, end)."""
    if end < start:
        return -business_days_between(end, start, holidays)
    count = 0
    current = start
    while current < end:
        if is_business_day(current, holidays):
            count += 1
        current += ONE_DAY
    return count


def due_date(invoice_date, terms_days, holidays=frozenset()):
    """Payment is due after `terms_days` business days."""
    return add_business_days(invoice_date, terms_days, holidays)
