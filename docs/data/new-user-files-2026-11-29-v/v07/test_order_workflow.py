import unittest
from datetime import datetime, timedelta, timezone

from order_workflow import InvalidTransition, Order


class FakeClock:
    def __init__(self):
        self.current = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)

    def __call__(self):
        value = self.current
        self.current += timedelta(minutes=5)
        return value


class OrderWorkflowTests(unittest.TestCase):
    def setUp(self):
        self.clock = FakeClock()
        self.order = Order("ord-1", clock=self.clock)

    def test_new_order_is_pending(self):
        self.assertEqual(self.order.state, "pending")
        self.assertFalse(self.order.is_closed)

    def test_happy_path(self):
        self.order.pay().ship().transition("delivered")
        self.assertEqual(self.order.states_visited(), ["pending", "paid", "shipped", "delivered"])

    def test_history_timestamps(self):
        self.order.pay()
        (_, t0), (_, t1) = self.order.history
        self.assertEqual(t1 - t0, timedelta(minutes=5))

    def test_cannot_ship_unpaid_order(self):
        with self.assertRaises(InvalidTransition) as ctx:
            self.order.ship()
        self.assertEqual(ctx.exception.current, "pending")
        self.assertEqual(self.order.state, "pending")

    def test_cancelled_order_is_closed(self):
        self.order.cancel()
        self.assertTrue(self.order.is_closed)
        with self.assertRaises(InvalidTransition):
            self.order.pay()

    def test_unknown_state_rejected(self):
        self.order.pay()
        with self.assertRaises(InvalidTransition):
            self.order.transition("teleported")

    def test_can_transition(self):
        self.assertTrue(self.order.can_transition("paid"))
        self.assertFalse(self.order.can_transition("delivered"))


if __name__ == "__main__":
    unittest.main()
