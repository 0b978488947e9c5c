"""Invoice totals with per-line tax flags and an invoice-level discount."""
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal("0.01")


def to_money(value) -> Decimal:
    """Convert a number or string to a Decimal rounded to whole cents."""
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass
class LineItem:
    description: str
    unit_price: Decimal
    quantity: int = 1
    taxable: bool = True

    @property
    def subtotal(self) -> Decimal:
        return to_money(self.unit_price * self.quantity)


@dataclass
class Invoice:
    tax_rate: Decimal
    discount_percent: Decimal = Decimal("0")
    items: list = field(default_factory=list)

    def add(self, description, unit_price, quantity=1, taxable=True):
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        item = LineItem(description, Decimal(str(unit_price)), quantity, taxable)
        self.items.append(item)
        return item

    def subtotal(self) -> Decimal:
        return sum((item.subtotal for item in self.items), Decimal("0"))

    def discount(self) -> Decimal:
        return to_money(self.subtotal() * Decimal(self.discount_percent) / 100)

    def taxable_base(self) -> Decimal:
        subtotal = self.subtotal()
        if not subtotal:
            return Decimal("0.00")
        taxable = sum((i.subtotal for i in self.items if i.taxable), Decimal("0"))
        # The discount is spread proportionally over all lines, so only the
        # taxable lines' share of it reduces the tax base.
        share = subtotal / taxable
        return to_money(taxable - self.discount() * share)

    def tax(self) -> Decimal:
        return to_money(self.taxable_base() * Decimal(self.tax_rate))

    def total(self) -> Decimal:
        return self.subtotal() - self.discount() + self.tax()

    def summary(self) -> dict:
        return {
            "subtotal": str(self.subtotal()),
            "discount": str(self.discount()),
            "tax": str(self.tax()),
            "total": str(self.total()),
        }
