"""Order lifecycle used by the fulfilment service."""
from datetime import datetime, timezone


class InvalidTransition(Exception):
    pass


# event -> (allowed source states, target state)
TRANSITIONS = {
    "pay": ({"pending"}, "paid"),
    "ship": ({"paid"}, "shipped"),
    "deliver": ({"shipped"}, "delivered"),
    "cancel": ({"pending", "paid"}, "cancelled"),
    "refund": ({"paid", "delivered"}, "refunded"),
}

TERMINAL = {"cancelled", "refunded"}


class Order:
    def __init__(self, order_id, amount_cents, clock=None):
        self.order_id = order_id
        self.amount_cents = amount_cents
        self.state = "pending"
        self.refunded_cents = 0
        self.history = []  # list of (event, from_state, to_state, timestamp)
        self._clock = clock or (lambda: datetime.now(timezone.utc))

    def can(self, event):
        if event not in TRANSITIONS:
            return False
        sources, _ = TRANSITIONS[event]
        return self.state in sources

    def available_events(self):
        return sorted(e for e in TRANSITIONS if self.can(e))

    def _fire(self, event):
        if event not in TRANSITIONS:
            raise InvalidTransition(f"unknown event {event!r}")
        if not self.can(event):
            raise InvalidTransition(
                f"cannot {event} order {self.order_id} in state {self.state}"
            )
        _, target = TRANSITIONS[event]
        self.state = target
        self.history.append((event, self.state, target, self._clock()))

    def pay(self):
        self._fire("pay")

    def ship(self):
        self._fire("ship")

    def deliver(self):
        self._fire("deliver")

    def cancel(self):
        was_paid = self.state == "paid"
        self._fire("cancel")
        if was_paid:
            self.refunded_cents = self.amount_cents

    def refund(self):
        self._fire("refund")
        self.refunded_cents = self.amount_cents

    @property
    def is_closed(self):
        return self.state in TERMINAL or self.state == "delivered"

    def timeline(self):
        """Human readable audit trail, oldest first."""
        return [
            f"{ts:%Y-%m-%d %H:%M} {event}: {src} -> {dst}"
            for event, src, dst, ts in self.history
        ]
