"""Invoice calculation for the wholesale order portal.

Amounts are handled as Decimal and rounded to cents per line, the way the
accounting team reconciles them.
"""
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal("0.01")
ZERO = Decimal("0")

# (minimum quantity, discount rate), checked from the biggest tier down
VOLUME_TIERS = [
    (100, Decimal("0.15")),
    (50, Decimal("0.10")),
    (10, Decimal("0.05")),
]


def to_money(value):
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass
class LineItem:
    sku: str
    unit_price: Decimal
    quantity: int
    taxable: bool = True

    def gross(self):
        return to_money(self.unit_price * self.quantity)

    def discount_rate(self):
        for min_qty, rate in VOLUME_TIERS:
            if self.quantity >= min_qty:
                return rate
        return ZERO

    def net(self):
        return to_money(self.gross() * (1 - self.discount_rate()))


@dataclass
class Invoice:
    customer: str
    tax_rate: Decimal
    items: list = field(default_factory=list)
    credit: Decimal = ZERO  # store credit, applied after tax

    def add(self, sku, unit_price, quantity, taxable=True):
        if quantity <= 0:
            raise ValueError(f"quantity must be positive, got {quantity}")
        self.items.append(LineItem(sku, Decimal(str(unit_price)), quantity, taxable))
        return self

    def subtotal(self):
        return sum((item.net() for item in self.items), ZERO)

    def discount_total(self):
        return sum((item.gross() - item.net() for item in self.items), ZERO)

    def tax(self):
        taxable_base = sum(
            (item.gross() for item in self.items if item.taxable), ZERO
        )
        return to_money(taxable_base * self.tax_rate)

    def total(self):
        due = self.subtotal() + self.tax() - self.credit
        return max(due, ZERO)

    def summary(self):
        return {
            "customer": self.customer,
            "lines": len(self.items),
            "subtotal": str(self.subtotal()),
            "discount": str(self.discount_total()),
            "tax": str(self.tax()),
            "total": str(self.total()),
        }
