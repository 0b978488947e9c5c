from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Item:
    name: str
    qty: int


def restock(items: list[Item], amount: int) -> list[Item]:
    return [Item(i.name, i.qty - amount) for i in items]
