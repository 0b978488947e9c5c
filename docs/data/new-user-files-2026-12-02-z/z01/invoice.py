"""Invoice totals with per-line discounts and tax, using Decimal cents."""
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_EVEN

CENT = Decimal("0.01")


def to_money(value) -> Decimal:
    """Round a value to whole cents (commercial rounding, halves go up)."""
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_EVEN)


@dataclass
class LineItem:
    description: str
    unit_price: Decimal
    quantity: int = 1
    discount_pct: Decimal = Decimal("0")

    def net(self) -> Decimal:
        gross = self.unit_price * self.quantity
        discount = gross * self.discount_pct / 100
        return to_money(gross - discount)


@dataclass
class Invoice:
    tax_rate: Decimal  # percent, e.g. Decimal("8.5")
    lines: list = field(default_factory=list)

    def add(self, description, unit_price, quantity=1, discount_pct="0"):
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        item = LineItem(
            description,
            Decimal(str(unit_price)),
            quantity,
            Decimal(str(discount_pct)),
        )
        self.lines.append(item)
        return self

    def subtotal(self) -> Decimal:
        return sum((line.net() for line in self.lines), Decimal("0.00"))

    def tax(self) -> Decimal:
        return to_money(self.subtotal() * Decimal(str(self.tax_rate)) / 100)

    def total(self) -> Decimal:
        return self.subtotal() + self.tax()

    def summary(self) -> dict:
        return {
            "lines": len(self.lines),
            "subtotal": str(self.subtotal()),
            "tax": str(self.tax()),
            "total": str(self.total()),
        }
