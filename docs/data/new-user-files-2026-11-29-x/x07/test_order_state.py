import unittest

from order_state import InvalidTransition, Order, replay, summarize


class OrderStateTest(unittest.TestCase):
    def test_new_order(self):
        order = Order("A1")
        self.assertEqual(order.state, "new")
        self.assertEqual(order.next_states(), ["cancelled", "paid"])
        self.assertFalse(order.is_closed)

    def test_happy_path(self):
        order = Order("A2")
        order.advance("paid").advance("shipped", note="DHL").advance("delivered")
        self.assertEqual(order.state, "delivered")
        self.assertEqual([s for s, _ in order.history], ["new", "paid", "shipped", "delivered"])
        self.assertEqual(order.history[2], ("shipped", "DHL"))

    def test_cannot_skip_payment(self):
        order = Order("A3")
        with self.assertRaises(InvalidTransition):
            order.advance("shipped")
        self.assertEqual(order.state, "new")
        self.assertEqual(len(order.history), 1)

    def test_cannot_go_backwards(self):
        order = replay("A4", ["paid", "shipped"])
        with self.assertRaises(InvalidTransition):
            order.advance("paid")

    def test_terminal_states(self):
        cancelled = replay("A5", ["cancelled"])
        self.assertTrue(cancelled.is_closed)
        with self.assertRaises(InvalidTransition):
            cancelled.advance("paid")
        refunded = replay("A6", ["paid", "shipped", "returned", "refunded"])
        self.assertTrue(refunded.is_closed)

    def test_unknown_state(self):
        with self.assertRaises(ValueError):
            Order("A7").advance("lost")

    def test_summarize(self):
        orders = [replay("1", ["paid"]), replay("2", ["paid"]), replay("3", ["cancelled"]), Order("4")]
        self.assertEqual(summarize(orders), {"cancelled": 1, "new": 1, "paid": 2})


if __name__ == "__main__":
    unittest.main()
