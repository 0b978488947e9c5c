"""Calendar helpers for monthly billing cycles."""
import calendar
from datetime import date


def add_months(d: date, months: int) -> date:
    """Return the same day `months` later (or earlier, if negative).

    If the target month is shorter, the day is clamped to its last day,
    so Jan 31 + 1 month is Feb 28 (or Feb 29 in a leap year).
    """
    month = (d.month + months) % 12 or 12
    year = d.year + (d.month + months) // 12
    last_day = calendar.monthrange(year, month)[1]
    return date(year, month, min(d.day, last_day))


def billing_dates(start: date, count: int) -> list:
    """The first `count` billing dates of a subscription starting on `start`.

    Each date is computed from the original start so that a subscription
    started on the 31st goes back to the 31st whenever the month allows it.
    """
    if count < 0:
        raise ValueError("count must be >= 0")
    return [add_months(start, i) for i in range(count)]


def months_between(start: date, end: date) -> int:
    """Number of whole months from start to end."""
    months = (end.year - start.year) * 12 + (end.month - start.month)
    if end.day < start.day:
        months -= 1
    return months


def prorate(amount_cents: int, start: date, cancel: date) -> int:
    """Refund for the unused days of the billing period that contains `cancel`."""
    period_start = add_months(start, months_between(start, cancel))
    period_end = add_months(start, months_between(start, cancel) + 1)
    total_days = (period_end - period_start).days
    unused = (period_end - cancel).days
    return amount_cents * unused // total_days
