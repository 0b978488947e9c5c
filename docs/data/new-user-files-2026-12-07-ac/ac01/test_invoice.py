from decimal import Decimal

import pytest

from invoice import Invoice, to_money


def test_to_money_rounds_half_up():
    assert to_money("2.345") == Decimal("2.35")
    assert to_money(0.125) == Decimal("0.13")


def test_line_subtotal_multiplies_quantity():
    inv = Invoice(tax_rate=Decimal("0.10"))
    item = inv.add("Widget", "19.99", quantity=3)
    assert item.subtotal == Decimal("59.97")


def test_rejects_non_positive_quantity():
    inv = Invoice(tax_rate=Decimal("0.10"))
    with pytest.raises(ValueError):
        inv.add("Widget", "5.00", quantity=0)


def test_simple_invoice_total():
    inv = Invoice(tax_rate=Decimal("0.08"))
    inv.add("Consulting", "150.00", quantity=2)
    inv.add("Travel", "45.50")
    assert inv.subtotal() == Decimal("345.50")
    assert inv.tax() == Decimal("27.64")
    assert inv.total() == Decimal("373.14")


def test_discount_on_fully_taxable_invoice():
    inv = Invoice(tax_rate=Decimal("0.20"), discount_percent=Decimal("10"))
    inv.add("Laptop stand", "40.00")
    inv.add("Cable", "10.00", quantity=2)
    assert inv.discount() == Decimal("6.00")
    assert inv.taxable_base() == Decimal("54.00")
    assert inv.total() == Decimal("64.80")


def test_non_taxable_items_are_not_taxed():
    inv = Invoice(tax_rate=Decimal("0.10"))
    inv.add("Book", "30.00", taxable=False)
    inv.add("Pen", "5.00")
    assert inv.tax() == Decimal("0.50")
    assert inv.total() == Decimal("35.50")


def test_discount_with_mixed_taxable_items():
    inv = Invoice(tax_rate=Decimal("0.10"), discount_percent=Decimal("20"))
    inv.add("Groceries", "75.00", taxable=False)
    inv.add("Soap", "25.00")
    assert inv.discount() == Decimal("20.00")
    assert inv.taxable_base() == Decimal("20.00")
    assert inv.summary() == {
        "subtotal": "100.00",
        "discount": "20.00",
        "tax": "2.00",
        "total": "82.00",
    }


def test_empty_invoice():
    inv = Invoice(tax_rate=Decimal("0.10"), discount_percent=Decimal("5"))
    assert inv.total() == Decimal("0.00")
