"""Stock reservations for the checkout service.

A reservation holds stock for an order until it is committed (shipped) or
released (cart abandoned / payment failed).
"""


class OutOfStock(Exception):
    def __init__(self, sku, requested, available):
        super().__init__(f"{sku}: requested {requested}, only {available} available")
        self.sku = sku
        self.requested = requested
        self.available = available


class UnknownReservation(KeyError):
    pass


class Warehouse:
    def __init__(self):
        self.on_hand = {}        # sku -> physical units
        self.reserved = {}       # sku -> units held by open reservations
        self.reservations = {}   # order_id -> {sku: qty}

    def receive(self, sku, qty):
        if qty <= 0:
            raise ValueError("qty must be positive")
        self.on_hand[sku] = self.on_hand.get(sku, 0) + qty

    def available(self, sku):
        return self.on_hand.get(sku, 0) - self.reserved.get(sku, 0)

    def reserve(self, order_id, lines):
        """Reserve every line of an order, or nothing at all."""
        if order_id in self.reservations:
            raise ValueError(f"order {order_id} already has a reservation")
        wanted = {}
        for sku, qty in lines:
            wanted[sku] = wanted.get(sku, 0) + qty
        for sku, qty in wanted.items():
            free = self.available(sku)
            if qty > free:
                raise OutOfStock(sku, qty, free)
            self.reserved[sku] = self.reserved.get(sku, 0) + qty
        self.reservations[order_id] = wanted
        return dict(wanted)

    def release(self, order_id):
        held = self.reservations.pop(order_id, None)
        if held is None:
            raise UnknownReservation(order_id)
        for sku, qty in held.items():
            self.reserved[sku] -= qty

    def commit(self, order_id):
        """Stock leaves the building: remove it from both on-hand and reserved."""
        held = self.reservations.pop(order_id, None)
        if held is None:
            raise UnknownReservation(order_id)
        for sku, qty in held.items():
            self.reserved[sku] -= qty
            self.on_hand[sku] -= qty

    def snapshot(self):
        skus = sorted(set(self.on_hand) | set(self.reserved))
        return {
            sku: {
                "on_hand": self.on_hand.get(sku, 0),
                "reserved": self.reserved.get(sku, 0),
                "available": self.available(sku),
            }
            for sku in skus
        }
