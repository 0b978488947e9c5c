from datetime import datetime, timezone


class InvalidTransition(Exception):
    def __init__(self, current, requested):
        super().__init__(f"cannot go from {current!r} to {requested!r}")
        self.current = current
        self.requested = requested


TRANSITIONS = {
    "pending": {"paid", "cancelled"},
    "paid": {"shipped", "refunded"},
    "shipped": {"delivered", "returned"},
    "delivered": {"returned"},
    "returned": {"refunded"},
    "refunded": set(),
    "cancelled": set(),
}

TERMINAL = {state for state, targets in TRANSITIONS.items() if not targets}


class Order:
    def __init__(self, order_id, clock=None):
        self.order_id = order_id
        self.state = "pending"
        self._clock = clock or (lambda: datetime.now(timezone.utc))
        self.history = [("pending", self._clock())]

    def can_transition(self, new_state):
        return new_state in TRANSITIONS.get(self.state, set())

    def transition(self, new_state):
        if new_state not in TRANSITIONS:
            raise InvalidTransition(self.state, new_state)
        self.state = new_state
        self.history.append((new_state, self._clock()))
        return self

    def pay(self):
        return self.transition("paid")

    def ship(self):
        return self.transition("shipped")

    def cancel(self):
        return self.transition("cancelled")

    @property
    def is_closed(self):
        return self.state in TERMINAL

    def states_visited(self):
        return [state for state, _ in self.history]
