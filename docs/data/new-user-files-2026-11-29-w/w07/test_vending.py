import unittest

from vending import VendingError, VendingMachine


def make_machine():
    return VendingMachine({
        "A1": ("Crisps", 125, 2),
        "B2": ("Water", 100, 1),
        "C3": ("Gum", 65, 0),
    })


class InsertTests(unittest.TestCase):
    def test_balance_accumulates(self):
        vm = make_machine()
        vm.insert(100)
        self.assertEqual(vm.insert(25), 125)
        self.assertEqual(vm.state, VendingMachine.HAS_CREDIT)

    def test_rejects_unknown_coin(self):
        with self.assertRaises(VendingError):
            make_machine().insert(3)


class SelectTests(unittest.TestCase):
    def test_exact_money(self):
        vm = make_machine()
        vm.insert(100)
        vm.insert(25)
        self.assertEqual(vm.select("A1"), ("Crisps", 0))
        self.assertEqual(vm.state, VendingMachine.IDLE)

    def test_change_given(self):
        vm = make_machine()
        vm.insert(100)
        vm.insert(100)
        self.assertEqual(vm.select("A1"), ("Crisps", 75))
        self.assertEqual(vm.cash_box, 125)

    def test_not_enough_money_keeps_credit(self):
        vm = make_machine()
        vm.insert(25)
        with self.assertRaises(VendingError):
            vm.select("B2")
        self.assertEqual(vm.cancel(), 25)

    def test_sold_out(self):
        vm = make_machine()
        vm.insert(100)
        with self.assertRaises(VendingError):
            vm.select("C3")

    def test_select_without_credit(self):
        with self.assertRaises(VendingError):
            make_machine().select("A1")

    def test_nothing_to_refund_after_purchase(self):
        vm = make_machine()
        vm.insert(100)
        vm.insert(100)
        vm.select("A1")
        self.assertEqual(vm.cancel(), 0)

    def test_second_customer_pays_full_price(self):
        vm = make_machine()
        vm.insert(100)
        vm.insert(100)
        vm.select("A1")
        vm.insert(100)
        with self.assertRaises(VendingError):
            vm.select("A1")  # 100 < 125: leftover change must not count as credit

    def test_stock_report(self):
        vm = make_machine()
        vm.insert(100)
        vm.select("B2")
        self.assertEqual(vm.stock_report(), {"A1": 2, "B2": 0, "C3": 0})


if __name__ == "__main__":
    unittest.main()
