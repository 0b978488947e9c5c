from datetime import date

import pytest

from billing_dates import add_months, billing_dates, months_between, prorate


@pytest.mark.parametrize(
    "start, months, expected",
    [
        (date(2024, 3, 15), 2, date(2024, 5, 15)),
        (date(2024, 1, 31), 1, date(2024, 2, 29)),
        (date(2023, 1, 31), 1, date(2023, 2, 28)),
        (date(2024, 12, 5), 1, date(2025, 1, 5)),
        (date(2024, 11, 10), 1, date(2024, 12, 10)),
        (date(2024, 5, 31), -1, date(2024, 4, 30)),
        (date(2024, 1, 15), -1, date(2023, 12, 15)),
        (date(2022, 6, 1), 24, date(2024, 6, 1)),
    ],
)
def test_add_months(start, months, expected):
    assert add_months(start, months) == expected


def test_billing_dates_keep_original_day():
    assert billing_dates(date(2024, 10, 31), 4) == [
        date(2024, 10, 31),
        date(2024, 11, 30),
        date(2024, 12, 31),
        date(2025, 1, 31),
    ]


@pytest.mark.parametrize(
    "start, end, expected",
    [
        (date(2024, 1, 15), date(2024, 3, 15), 2),
        (date(2024, 1, 15), date(2024, 3, 14), 1),
        (date(2023, 11, 1), date(2024, 2, 1), 3),
    ],
)
def test_months_between(start, end, expected):
    assert months_between(start, end) == expected


def test_prorate_half_month():
    # April has 30 days; cancelling on the 16th leaves 15 unused days.
    assert prorate(3000, date(2024, 1, 1), date(2024, 4, 16)) == 1500
