"""Age and membership band helpers for the club sign-up form."""
from datetime import date

JUNIOR_MAX = 17
SENIOR_FROM = 65


def age_on(birth_date, on_date):
    """Number of completed years between birth_date and on_date."""
    if on_date < birth_date:
        raise ValueError("on_date is before birth_date")
    years = on_date.year - birth_date.year
    if on_date.month < birth_date.month:
        years -= 1
    return years


def membership_band(birth_date, on_date):
    age = age_on(birth_date, on_date)
    if age <= JUNIOR_MAX:
        return "junior"
    if age >= SENIOR_FROM:
        return "senior"
    return "adult"


def annual_fee(birth_date, on_date, fees=None):
    fees = fees or {"junior": 40, "adult": 120, "senior": 60}
    return fees[membership_band(birth_date, on_date)]


# --- quick checks -----------------------------------------------------------
assert age_on(date(1990, 5, 17), date(2024, 6, 1)) == 34
assert age_on(date(1990, 5, 17), date(2024, 3, 1)) == 33
assert age_on(date(2000, 1, 1), date(2000, 1, 1)) == 0
assert membership_band(date(2010, 2, 1), date(2024, 1, 2)) == "junior"
assert membership_band(date(1950, 1, 1), date(2024, 1, 1)) == "senior"
assert annual_fee(date(1985, 3, 3), date(2024, 9, 9)) == 120
try:
    age_on(date(2024, 1, 2), date(2024, 1, 1))
except ValueError:
    pass
else:
    raise AssertionError("expected ValueError for a date before birth")

# birthday later in the same month has not happened yet
assert age_on(date(2000, 6, 20), date(2018, 6, 10)) == 17
assert age_on(date(2000, 6, 20), date(2018, 6, 20)) == 18
assert membership_band(date(2006, 9, 30), date(2024, 9, 1)) == "junior"
print("membership_age: all checks passed")
