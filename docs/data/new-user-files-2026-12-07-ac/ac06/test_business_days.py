from datetime import date

import pytest

from business_days import (
    add_business_days,
    business_days_between,
    due_date,
    is_business_day,
    next_business_day,
)

NEW_YEAR = date(2024, 1, 1)
XMAS = date(2024, 12, 25)


@pytest.mark.parametrize(
    "day, expected",
    [
        (date(2024, 3, 4), True),    # Monday
        (date(2024, 3, 8), True),    # Friday
        (date(2024, 3, 9), False),   # Saturday
        (date(2024, 3, 10), False),  # Sunday
    ],
)
def test_is_business_day(day, expected):
    assert is_business_day(day) is expected


@pytest.mark.parametrize(
    "start, days, expected",
    [
        (date(2024, 3, 4), 1, date(2024, 3, 5)),     # Mon -> Tue
        (date(2024, 3, 7), 1, date(2024, 3, 8)),     # Thu -> Fri
        (date(2024, 3, 8), 1, date(2024, 3, 11)),    # Fri -> Mon
        (date(2024, 3, 4), 10, date(2024, 3, 18)),   # two full weeks
        (date(2024, 3, 11), -1, date(2024, 3, 8)),   # Mon -> previous Fri
        (date(2024, 3, 6), 0, date(2024, 3, 6)),
    ],
)
def test_add_business_days(start, days, expected):
    assert add_business_days(start, days) == expected


def test_holidays_are_skipped():
    assert add_business_days(date(2024, 12, 24), 1, holidays=[XMAS]) == date(2024, 12, 26)


@pytest.mark.parametrize(
    "start, end, expected",
    [
        (date(2024, 3, 4), date(2024, 3, 6), 2),
        (date(2024, 3, 1), date(2024, 3, 4), 1),
        (date(2024, 3, 4), date(2024, 3, 1), -1),
    ],
)
def test_business_days_between(start, end, expected):
    assert business_days_between(start, end) == expected


def test_due_date_for_ticket_opened_on_weekend():
    # Opened Saturday 30 Dec 2023; Monday is a holiday, so counting starts Tuesday.
    assert next_business_day(date(2023, 12, 30), [NEW_YEAR]) == date(2024, 1, 2)
    assert due_date(date(2023, 12, 30), 3, [NEW_YEAR]) == date(2024, 1, 5)
