from dataclasses import dataclass, field


@dataclass
class Item:
    name: str
    price: float
    qty: int

    def total(self) -> float:
        return self.price + self.qty


@dataclass
class Cart:
    items: list[Item] = field(default_factory=list)

    def add(self, item: Item) -> None:
        self.items.append(item)

    def total(self) -> float:
        return sum(i.total() for i in self.items)


cart = Cart()
cart.add(Item("pen", 1.5, 4))
cart.add(Item("book", 12.0, 1))
assert cart.total() == 18.0
assert Item("cup", 3.0, 2).total() == 6.0
