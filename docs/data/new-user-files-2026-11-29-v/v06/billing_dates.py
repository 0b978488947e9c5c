import calendar
from datetime import date, timedelta


def add_months(d, months):
    """Shift a date by whole months, clamping to the end of shorter months."""
    month = d.month + months
    year = d.year + month // 12
    month = month % 12
    last_day = calendar.monthrange(year, month)[1]
    return date(year, month, min(d.day, last_day))


def next_billing_date(anchor, today):
    """First billing date strictly after `today` for a subscription anchored on `anchor`."""
    if today < anchor:
        return anchor
    months = (today.year - anchor.year) * 12 + (today.month - anchor.month)
    candidate = add_months(anchor, months)
    if candidate <= today:
        candidate = add_months(anchor, months + 1)
    return candidate


def business_days_between(start, end, holidays=()):
    """Count weekdays in [start, end), skipping the given holidays."""
    if end < start:
        return -business_days_between(end, start, holidays)
    holidays = set(holidays)
    count = 0
    day = start
    while day < end:
        if day.weekday() < 5 and day not in holidays:
            count += 1
        day += timedelta(days=1)
    return count


def invoice_period_label(start):
    end = add_months(start, 1) - timedelta(days=1)
    return f"{start:%d %b %Y} - {end:%d %b %Y}"
