import unittest
from datetime import date, datetime

from sla import add_business_days, business_days_between, due_date, is_business_day


class BusinessDayTests(unittest.TestCase):
    def test_weekdays_are_business_days(self):
        self.assertTrue(is_business_day(date(2024, 5, 6)))   # Monday
        self.assertTrue(is_business_day(date(2024, 5, 10)))  # Friday

    def test_weekend_days_are_not(self):
        self.assertFalse(is_business_day(date(2024, 5, 11)))  # Saturday
        self.assertFalse(is_business_day(date(2024, 5, 12)))  # Sunday

    def test_holidays_are_not(self):
        self.assertFalse(is_business_day(date(2024, 5, 27), holidays={date(2024, 5, 27)}))

    def test_add_business_days_skips_weekend(self):
        self.assertEqual(add_business_days(date(2024, 5, 10), 1), date(2024, 5, 13))
        self.assertEqual(add_business_days(date(2024, 5, 8), 3), date(2024, 5, 13))

    def test_add_zero_days(self):
        self.assertEqual(add_business_days(date(2024, 5, 11), 0), date(2024, 5, 11))

    def test_business_days_between(self):
        self.assertEqual(business_days_between(date(2024, 5, 6), date(2024, 5, 20)), 10)
        self.assertEqual(business_days_between(date(2024, 5, 6), date(2024, 5, 6)), 0)

    def test_business_days_between_rejects_reversed_range(self):
        with self.assertRaises(ValueError):
            business_days_between(date(2024, 5, 7), date(2024, 5, 6))


class DueDateTests(unittest.TestCase):
    def test_urgent_ticket_in_the_morning(self):
        self.assertEqual(due_date(datetime(2024, 5, 7, 9, 30), "urgent"), date(2024, 5, 8))

    def test_ticket_after_cutoff_starts_next_day(self):
        self.assertEqual(due_date(datetime(2024, 5, 9, 17, 5), "high"), date(2024, 5, 14))

    def test_ticket_opened_on_saturday(self):
        self.assertEqual(due_date(datetime(2024, 5, 11, 10, 0), "urgent"), date(2024, 5, 14))

    def test_normal_priority_over_holiday(self):
        holidays = {date(2024, 5, 27)}
        self.assertEqual(due_date(datetime(2024, 5, 24, 8, 0), "normal", holidays), date(2024, 6, 3))

    def test_unknown_priority(self):
        with self.assertRaises(ValueError):
            due_date(datetime(2024, 5, 7, 9, 0), "whenever")


if __name__ == "__main__":
    unittest.main()
