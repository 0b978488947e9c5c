import unittest

from account import Account, InsufficientFunds


class AccountTest(unittest.TestCase):
    def setUp(self):
        self.acct = Account("ana", 100.0)

    def test_deposit(self):
        self.acct.deposit(50)
        self.assertEqual(self.acct.balance, 150.0)
        self.assertEqual(self.acct.history, [("deposit", 50)])

    def test_bad_deposit(self):
        with self.assertRaises(ValueError):
            self.acct.deposit(0)

    def test_overdraw(self):
        with self.assertRaisesRegex(InsufficientFunds, "only 100"):
            self.acct.withdraw(500)

    def test_interest(self):
        for rate, expected in [(0.1, 110.0), (0.0, 100.0), (0.5, 150.0)]:
            with self.subTest(rate=rate):
                acct = Account("bo", 100.0)
                self.assertAlmostEqual(acct.apply_interest(rate), expected)


if __name__ == "__main__":
    unittest.main()
