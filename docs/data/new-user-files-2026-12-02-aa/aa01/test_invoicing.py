from decimal import Decimal

import pytest

from invoicing import Invoice, LineItem


def test_line_without_volume_discount():
    item = LineItem("PEN-01", Decimal("1.25"), 4)
    assert item.discount_rate() == 0
    assert item.net() == Decimal("5.00")


def test_volume_tiers():
    assert LineItem("A", Decimal("2.00"), 9).discount_rate() == Decimal("0")
    assert LineItem("A", Decimal("2.00"), 10).discount_rate() == Decimal("0.05")
    assert LineItem("A", Decimal("2.00"), 50).discount_rate() == Decimal("0.10")
    assert LineItem("A", Decimal("2.00"), 250).discount_rate() == Decimal("0.15")


def test_discounted_line_net_is_rounded_to_cents():
    # 12 x 3.33 = 39.96, minus 5% = 37.962 -> 37.96
    assert LineItem("B", Decimal("3.33"), 12).net() == Decimal("37.96")


def test_simple_invoice_with_tax():
    inv = Invoice("ACME", Decimal("0.08"))
    inv.add("PEN-01", "1.25", 4).add("PAD-02", "3.50", 2)
    assert inv.subtotal() == Decimal("12.00")
    assert inv.tax() == Decimal("0.96")
    assert inv.total() == Decimal("12.96")


def test_non_taxable_items_are_not_taxed():
    inv = Invoice("ACME", Decimal("0.10"))
    inv.add("BOOK", "20.00", 1, taxable=False)
    inv.add("MUG", "8.00", 1)
    assert inv.tax() == Decimal("0.80")


def test_tax_is_charged_on_discounted_price():
    inv = Invoice("Bulk Buyer Ltd", Decimal("0.20"))
    inv.add("BOX-10", "4.00", 50)  # 200.00 gross, 10% off -> 180.00
    assert inv.subtotal() == Decimal("180.00")
    assert inv.tax() == Decimal("36.00")
    assert inv.total() == Decimal("216.00")


def test_credit_never_makes_total_negative():
    inv = Invoice("ACME", Decimal("0.00"), credit=Decimal("50.00"))
    inv.add("PEN-01", "1.25", 4)
    assert inv.total() == Decimal("0")


def test_summary_for_mixed_invoice():
    inv = Invoice("Corner Shop", Decimal("0.05"))
    inv.add("CUP", "0.80", 100)  # 80.00 -> 68.00 after 15%
    inv.add("LID", "0.10", 5, taxable=False)  # 0.50
    assert inv.summary() == {
        "customer": "Corner Shop",
        "lines": 2,
        "subtotal": "68.50",
        "discount": "12.00",
        "tax": "3.40",
        "total": "71.90",
    }


def test_rejects_zero_quantity():
    with pytest.raises(ValueError):
        Invoice("ACME", Decimal("0.08")).add("PEN-01", "1.25", 0)
