"""Invoice totals for the wholesale order form.

Lines get a bulk discount depending on how many units were ordered:
10 or more units get 2% off, 50 or more get 5%, 100 or more get 10%.
Tax is applied to the discounted subtotal.
"""
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal("0.01")

# (minimum quantity, discount rate), highest tier first
BULK_TIERS = [
    (100, Decimal("0.10")),
    (50, Decimal("0.05")),
    (10, Decimal("0.02")),
]


def to_money(value):
    """Round a Decimal (or str/int) to whole cents, half up."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def bulk_discount_rate(quantity):
    """Return the discount rate that applies to a line of `quantity` units."""
    for minimum, rate in BULK_TIERS:
        if quantity > minimum:
            return rate
    return Decimal("0")


def line_total(unit_price, quantity):
    """Price of one invoice line after the bulk discount."""
    if quantity < 0:
        raise ValueError("quantity cannot be negative")
    gross = Decimal(str(unit_price)) * quantity
    discount = gross * bulk_discount_rate(quantity)
    return to_money(gross - discount)


def invoice_total(lines, tax_rate="0.20"):
    """Compute subtotal, tax and total for an iterable of (sku, unit_price, quantity)."""
    subtotal = sum(
        (line_total(price, qty) for _sku, price, qty in lines), Decimal("0")
    )
    tax = to_money(subtotal * Decimal(tax_rate))
    return {
        "subtotal": to_money(subtotal),
        "tax": tax,
        "total": to_money(subtotal + tax),
    }
