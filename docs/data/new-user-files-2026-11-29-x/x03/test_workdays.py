from datetime import date

from workdays import (add_business_days, business_days_between, due_date,
                      is_business_day, next_business_day, parse_holidays)

FRI = date(2024, 3, 8)
SAT = date(2024, 3, 9)
SUN = date(2024, 3, 10)
MON = date(2024, 3, 11)


def test_weekdays_and_weekend():
    assert is_business_day(FRI)
    assert is_business_day(MON)
    assert not is_business_day(SAT)
    assert not is_business_day(SUN)


def test_next_business_day_skips_weekend():
    assert next_business_day(FRI) == MON
    assert next_business_day(SAT) == MON


def test_add_business_days_forward_and_back():
    assert add_business_days(FRI, 1) == MON
    assert add_business_days(MON, 5) == date(2024, 3, 18)
    assert add_business_days(MON, -1) == FRI
    assert add_business_days(MON, 0) == MON


def test_holidays_are_skipped():
    holidays = parse_holidays(["# bank holidays", "", "2024-12-25 Christmas", "2024-12-26 Boxing Day"])
    assert holidays == {date(2024, 12, 25), date(2024, 12, 26)}
    assert next_business_day(date(2024, 12, 24), holidays) == date(2024, 12, 27)
    assert add_business_days(date(2024, 12, 20), 3, holidays) == date(2024, 12, 27)
    assert add_business_days(date(2024, 12, 20), 4, holidays) == date(2024, 12, 30)


def test_business_days_between():
    assert business_days_between(MON, date(2024, 3, 18)) == 5
    assert business_days_between(FRI, MON) == 1
    assert business_days_between(date(2024, 3, 1), date(2024, 4, 1)) == 21
    assert business_days_between(date(2024, 3, 18), MON) == -5


def test_due_date_net_10():
    assert due_date(date(2024, 3, 1), 10) == date(2024, 3, 15)
