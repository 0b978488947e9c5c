import unittest

from inventory import Inventory, OutOfStock


class InventoryTest(unittest.TestCase):
    def setUp(self):
        self.inv = Inventory()
        self.inv.restock("apple", 10)
        self.inv.restock("pear", 3)

    def test_restock_accumulates(self):
        self.inv.restock("apple", 5)
        self.assertEqual(self.inv.on_hand("apple"), 15)
        self.assertEqual(self.inv.available("kiwi"), 0)

    def test_reserve_reduces_available(self):
        self.inv.reserve("apple", 4)
        self.assertEqual(self.inv.available("apple"), 6)
        self.assertEqual(self.inv.on_hand("apple"), 10)

    def test_cannot_reserve_more_than_on_hand(self):
        with self.assertRaises(OutOfStock):
            self.inv.reserve("pear", 4)

    def test_existing_reservations_count_against_new_ones(self):
        self.inv.reserve("apple", 7)
        with self.assertRaises(OutOfStock) as ctx:
            self.inv.reserve("apple", 4)
        self.assertEqual(ctx.exception.available, 3)
        self.inv.reserve("apple", 3)
        self.assertEqual(self.inv.available("apple"), 0)

    def test_release_returns_units(self):
        self.inv.reserve("pear", 3)
        self.inv.release("pear", 2)
        self.assertEqual(self.inv.available("pear"), 2)
        with self.assertRaises(ValueError):
            self.inv.release("pear", 2)

    def test_fulfil_ships_reserved_units(self):
        self.inv.reserve("apple", 4)
        self.inv.fulfil("apple", 4)
        self.assertEqual(self.inv.on_hand("apple"), 6)
        self.assertEqual(self.inv.reserved("apple"), 0)
        self.assertEqual(self.inv.available("apple"), 6)

    def test_partial_fulfil(self):
        self.inv.reserve("apple", 5)
        self.inv.fulfil("apple", 2)
        self.assertEqual(self.inv.snapshot()["apple"], (8, 3))
        self.assertEqual(self.inv.available("apple"), 5)

    def test_cannot_fulfil_unreserved(self):
        with self.assertRaises(ValueError):
            self.inv.fulfil("pear", 1)

    def test_low_stock(self):
        self.inv.reserve("apple", 8)
        self.assertEqual(self.inv.low_stock(2), ["apple"])
        self.assertEqual(self.inv.low_stock(3), ["apple", "pear"])


if __name__ == "__main__":
    unittest.main()
