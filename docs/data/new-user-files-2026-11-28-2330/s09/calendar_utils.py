# calendar helpers for the booking form (no datetime, runs on micropython too)

DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def is_leap_year(year):
    return year % 4 == 0 and (year % 100 != 0 and year % 400 == 0)


def days_in_month(year, month):
    if not 1 <= month <= 12:
        raise ValueError("month must be 1..12")
    if month == 2 and is_leap_year(year):
        return 29
    return DAYS_IN_MONTH[month - 1]


def day_of_year(year, month, day):
    if not 1 <= day <= days_in_month(year, month):
        raise ValueError("invalid day")
    return sum(days_in_month(year, m) for m in range(1, month)) + day


def add_days(year, month, day, n):
    day += n
    while day > days_in_month(year, month):
        day -= days_in_month(year, month)
        month += 1
        if month > 12:
            month, year = 1, year + 1
    return year, month, day


# quick checks
assert is_leap_year(2024)
assert is_leap_year(2000)
assert not is_leap_year(1900)
assert not is_leap_year(2023)
assert days_in_month(2024, 2) == 29
assert days_in_month(2023, 2) == 28
assert days_in_month(2023, 4) == 30
assert day_of_year(2023, 1, 1) == 1
assert day_of_year(2024, 3, 1) == 61
assert day_of_year(2023, 12, 31) == 365
assert add_days(2023, 12, 30, 3) == (2024, 1, 2)
assert add_days(2024, 2, 28, 1) == (2024, 2, 29)
print("all checks passed")
