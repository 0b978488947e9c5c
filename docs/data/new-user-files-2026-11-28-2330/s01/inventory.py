"""Simple stock tracking for the shop's back room."""

from dataclasses import dataclass


@dataclass
class Item:
    sku: str
    name: str
    quantity: int
    reorder_level: int
    reorder_qty: int = 10


class Inventory:
    def __init__(self):
        self._items = {}

    def add(self, item):
        if item.sku in self._items:
            raise ValueError(f"duplicate sku: {item.sku}")
        self._items[item.sku] = item

    def get(self, sku):
        return self._items[sku]

    def remove_stock(self, sku, amount):
        item = self._items[sku]
        if amount > item.quantity:
            raise ValueError(f"not enough {item.name} in stock")
        item.quantity -= amount
        return item.quantity

    def needs_restock(self):
        """Items at or below their reorder level, sorted by sku."""
        low = [i for i in self._items.values() if i.quantity < i.reorder_level]
        return sorted(low, key=lambda i: i.sku)


def restock(inventory):
    """Top up every low item by its reorder_qty. Returns {sku: new_quantity}."""
    restocked = {}
    for item in inventory.needs_restock():
        item.quantity += item.reorder_qty
        restocked[item.sku] = item.quantity
    return restocked
