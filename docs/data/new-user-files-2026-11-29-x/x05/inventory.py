"""Warehouse stock with reservations.

Units are reserved when an order is placed and removed from stock when the
order ships (fulfilment). `available` is what can still be promised.
"""


class OutOfStock(Exception):
    def __init__(self, sku, requested, available):
        super().__init__(f"{sku}: requested {requested}, only {available} available")
        self.sku = sku
        self.requested = requested
        self.available = available


class Inventory:
    def __init__(self):
        self._stock = {}
        self._reserved = {}

    def restock(self, sku, qty):
        if qty <= 0:
            raise ValueError("quantity must be positive")
        self._stock[sku] = self._stock.get(sku, 0) + qty

    def on_hand(self, sku):
        return self._stock.get(sku, 0)

    def reserved(self, sku):
        return self._reserved.get(sku, 0)

    def available(self, sku):
        return self.on_hand(sku) - self.reserved(sku)

    def reserve(self, sku, qty):
        if qty <= 0:
            raise ValueError("quantity must be positive")
        if qty > self.on_hand(sku):
            raise OutOfStock(sku, qty, self.available(sku))
        self._reserved[sku] = self.reserved(sku) + qty

    def release(self, sku, qty):
        held = self.reserved(sku)
        if qty <= 0 or qty > held:
            raise ValueError(f"cannot release {qty} of {held} reserved")
        if qty == held:
            del self._reserved[sku]
        else:
            self._reserved[sku] = held - qty

    def fulfil(self, sku, qty):
        held = self.reserved(sku)
        if qty <= 0 or qty > held:
            raise ValueError(f"cannot fulfil {qty} of {held} reserved")
        if qty == held:
            del self._reserved[sku]
        else:
            self._reserved[sku] = held - qty

    def low_stock(self, threshold):
        """SKUs whose available quantity is at or below `threshold`, sorted."""
        return sorted(sku for sku in self._stock if self.available(sku) <= threshold)

    def snapshot(self):
        return {sku: (self.on_hand(sku), self.reserved(sku)) for sku in sorted(self._stock)}
