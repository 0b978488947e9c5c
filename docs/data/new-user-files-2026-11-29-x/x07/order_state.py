"""Order lifecycle as a small state machine."""

TRANSITIONS = {
    "new": {"paid", "cancelled"},
    "paid": {"shipped", "refunded", "cancelled"},
    "shipped": {"delivered", "returned"},
    "delivered": {"returned"},
    "returned": {"refunded"},
    "refunded": set(),
    "cancelled": set(),
}

TERMINAL = frozenset(state for state, targets in TRANSITIONS.items() if not targets)


class InvalidTransition(Exception):
    pass


class Order:
    def __init__(self, order_id):
        self.order_id = order_id
        self.state = "new"
        self.history = [("new", None)]

    def can(self, new_state):
        return new_state in TRANSITIONS.get(self.state, ())

    def advance(self, new_state, note=None):
        if new_state not in TRANSITIONS:
            raise ValueError(f"unknown state {new_state!r}")
        if self.state not in TRANSITIONS[new_state]:
            raise InvalidTransition(f"order {self.order_id}: {self.state} -> {new_state} not allowed")
        self.state = new_state
        self.history.append((new_state, note))
        return self

    @property
    def is_closed(self):
        return self.state in TERMINAL

    def next_states(self):
        return sorted(TRANSITIONS[self.state])


def replay(order_id, states):
    """Rebuild an order from a stored list of states (without the initial 'new')."""
    order = Order(order_id)
    for state in states:
        order.advance(state)
    return order


def summarize(orders):
    counts = {}
    for order in orders:
        counts[order.state] = counts.get(order.state, 0) + 1
    return dict(sorted(counts.items()))
