"""Warehouse stock tracking with reservations for pending orders."""


class OutOfStock(Exception):
    def __init__(self, sku, requested, available):
        super().__init__(f"{sku}: requested {requested}, only {available} available")
        self.sku = sku
        self.requested = requested
        self.available = available


class Inventory:
    def __init__(self):
        self._on_hand = {}
        self._reserved = {}

    def receive(self, sku, qty):
        if qty <= 0:
            raise ValueError("received quantity must be positive")
        self._on_hand[sku] = self._on_hand.get(sku, 0) + qty

    def on_hand(self, sku):
        return self._on_hand.get(sku, 0)

    def reserved(self, sku):
        return self._reserved.get(sku, 0)

    def available(self, sku):
        return self.on_hand(sku) - self.reserved(sku)

    def reserve(self, sku, qty):
        if qty <= 0:
            raise ValueError("reserved quantity must be positive")
        available = self.available(sku)
        if qty >= available:
            raise OutOfStock(sku, qty, available)
        self._reserved[sku] = self.reserved(sku) + qty

    def release(self, sku, qty):
        """Cancel (part of) a reservation; releasing more than reserved is a no-op beyond zero."""
        remaining = max(0, self.reserved(sku) - qty)
        if remaining:
            self._reserved[sku] = remaining
        else:
            self._reserved.pop(sku, None)

    def ship(self, sku, qty):
        if qty > self.reserved(sku):
            raise ValueError(f"{sku}: cannot ship more than reserved")
        self.release(sku, qty)
        self._on_hand[sku] -= qty

    def low_stock(self, threshold):
        """SKUs whose available quantity is below threshold, sorted."""
        return sorted(sku for sku in self._on_hand if self.available(sku) < threshold)
