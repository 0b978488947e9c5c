import unittest
from datetime import datetime, timedelta, timezone

from orders import InvalidTransition, Order


class StepClock:
    def __init__(self):
        self.current = datetime(2024, 3, 1, 9, 0, tzinfo=timezone.utc)

    def __call__(self):
        value = self.current
        self.current += timedelta(minutes=30)
        return value


class OrderLifecycleTest(unittest.TestCase):
    def setUp(self):
        self.order = Order("A-1001", 4999, clock=StepClock())

    def test_new_order_is_pending(self):
        self.assertEqual(self.order.state, "pending")
        self.assertEqual(self.order.available_events(), ["cancel", "pay"])

    def test_happy_path(self):
        self.order.pay()
        self.order.ship()
        self.order.deliver()
        self.assertEqual(self.order.state, "delivered")
        self.assertTrue(self.order.is_closed)

    def test_cannot_ship_unpaid_order(self):
        with self.assertRaises(InvalidTransition):
            self.order.ship()
        self.assertEqual(self.order.state, "pending")

    def test_cannot_cancel_after_shipping(self):
        self.order.pay()
        self.order.ship()
        with self.assertRaises(InvalidTransition):
            self.order.cancel()

    def test_cancelling_paid_order_refunds_it(self):
        self.order.pay()
        self.order.cancel()
        self.assertEqual(self.order.state, "cancelled")
        self.assertEqual(self.order.refunded_cents, 4999)

    def test_cancelling_unpaid_order_refunds_nothing(self):
        self.order.cancel()
        self.assertEqual(self.order.refunded_cents, 0)

    def test_history_records_each_step(self):
        self.order.pay()
        self.order.ship()
        self.assertEqual(
            [(event, src, dst) for event, src, dst, _ in self.order.history],
            [("pay", "pending", "paid"), ("ship", "paid", "shipped")],
        )

    def test_timeline(self):
        self.order.pay()
        self.order.refund()
        self.assertEqual(
            self.order.timeline(),
            [
                "2024-03-01 09:00 pay: pending -> paid",
                "2024-03-01 09:30 refund: paid -> refunded",
            ],
        )

    def test_failed_transition_is_not_recorded(self):
        with self.assertRaises(InvalidTransition):
            self.order.deliver()
        self.assertEqual(self.order.history, [])


if __name__ == "__main__":
    unittest.main()
