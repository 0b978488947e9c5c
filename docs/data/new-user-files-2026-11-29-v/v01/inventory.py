from dataclasses import dataclass


class UnknownSku(KeyError):
    pass


class InsufficientStock(Exception):
    pass


@dataclass
class StockItem:
    sku: str
    name: str
    qty: int = 0
    reorder_level: int = 5


class Inventory:
    def __init__(self):
        self._items = {}

    def add_item(self, sku, name, qty=0, reorder_level=5):
        if sku in self._items:
            raise ValueError(f"SKU {sku} already exists")
        self._items[sku] = StockItem(sku, name, qty, reorder_level)

    def _get(self, sku):
        try:
            return self._items[sku]
        except KeyError:
            raise UnknownSku(sku) from None

    def receive(self, sku, qty):
        if qty <= 0:
            raise ValueError("quantity must be positive")
        item = self._get(sku)
        item.qty += qty
        return item.qty

    def ship(self, sku, qty):
        item = self._get(sku)
        if qty > item.qty:
            raise InsufficientStock(f"{sku}: requested {qty}, have {item.qty}")
        item.qty -= qty
        return item.qty

    def quantity(self, sku):
        return self._get(sku).qty

    def low_stock(self, threshold=None):
        result = []
        for sku, item in sorted(self._items.items()):
            limit = threshold if threshold is not None else item.reorder_level
            if item.qty <= limit:
                result.append(sku)
            return result

    def total_units(self):
        return sum(item.qty for item in self._items.values())
