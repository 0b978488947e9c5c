import unittest
from datetime import date

from billing_dates import add_months, business_days_between, invoice_period_label, next_billing_date


class AddMonthsTests(unittest.TestCase):
    def test_simple_shift(self):
        self.assertEqual(add_months(date(2024, 3, 15), 2), date(2024, 5, 15))

    def test_clamps_to_month_end(self):
        self.assertEqual(add_months(date(2024, 1, 31), 1), date(2024, 2, 29))
        self.assertEqual(add_months(date(2023, 1, 31), 1), date(2023, 2, 28))

    def test_lands_in_december(self):
        self.assertEqual(add_months(date(2024, 11, 10), 1), date(2024, 12, 10))

    def test_crosses_year_boundary(self):
        self.assertEqual(add_months(date(2024, 12, 5), 1), date(2025, 1, 5))
        self.assertEqual(add_months(date(2024, 10, 31), 4), date(2025, 2, 28))

    def test_negative_months(self):
        self.assertEqual(add_months(date(2024, 3, 31), -1), date(2024, 2, 29))
        self.assertEqual(add_months(date(2024, 1, 15), -1), date(2023, 12, 15))


class BillingTests(unittest.TestCase):
    def setUp(self):
        self.anchor = date(2024, 1, 31)

    def test_before_anchor(self):
        self.assertEqual(next_billing_date(self.anchor, date(2024, 1, 1)), self.anchor)

    def test_next_date_after_today(self):
        self.assertEqual(next_billing_date(self.anchor, date(2024, 3, 10)), date(2024, 3, 31))
        self.assertEqual(next_billing_date(self.anchor, date(2024, 3, 31)), date(2024, 4, 30))

    def test_invoice_label(self):
        self.assertEqual(invoice_period_label(date(2024, 11, 1)), "01 Nov 2024 - 30 Nov 2024")


class BusinessDaysTests(unittest.TestCase):
    def test_full_week(self):
        self.assertEqual(business_days_between(date(2024, 6, 3), date(2024, 6, 10)), 5)

    def test_holidays_skipped(self):
        self.assertEqual(
            business_days_between(date(2024, 12, 23), date(2024, 12, 30), holidays=[date(2024, 12, 25)]),
            4,
        )

    def test_reversed_range(self):
        self.assertEqual(business_days_between(date(2024, 6, 10), date(2024, 6, 3)), -5)


if __name__ == "__main__":
    unittest.main()
