from decimal import Decimal

import pytest

from invoice import Invoice, to_money


def test_single_line_without_tax():
    inv = Invoice(tax_rate=Decimal("0")).add("Widget", "19.99", quantity=2)
    assert inv.total() == Decimal("39.98")


def test_tax_is_applied_to_subtotal():
    inv = Invoice(tax_rate=Decimal("8")).add("Consulting", "50.00")
    assert inv.tax() == Decimal("4.00")
    assert inv.total() == Decimal("54.00")


def test_line_discount():
    inv = Invoice(tax_rate=Decimal("0")).add("Book", "12.50", discount_pct="10")
    assert inv.subtotal() == Decimal("11.25")


def test_tax_rounds_half_cent_up():
    inv = Invoice(tax_rate=Decimal("10")).add("Sticker", "0.25")
    assert inv.tax() == Decimal("0.03")


def test_summary_for_mixed_invoice():
    inv = Invoice(tax_rate=Decimal("7.5"))
    inv.add("Mug", "8.00", quantity=3)
    inv.add("Coaster", "2.50", quantity=1, discount_pct="15")
    assert inv.summary() == {
        "lines": 2,
        "subtotal": "26.13",
        "tax": "1.96",
        "total": "28.09",
    }


def test_to_money_accepts_floats_and_strings():
    assert to_money(3.1) == Decimal("3.10")
    assert to_money("7") == Decimal("7.00")


def test_quantity_must_be_positive():
    with pytest.raises(ValueError):
        Invoice(tax_rate=Decimal("5")).add("Nothing", "1.00", quantity=0)
