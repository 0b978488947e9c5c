from decimal import Decimal

import pytest

from invoice import bulk_discount_rate, invoice_total, line_total, to_money


@pytest.mark.parametrize(
    "quantity, expected",
    [
        (1, "0"),
        (9, "0"),
        (10, "0.02"),
        (49, "0.02"),
        (50, "0.05"),
        (99, "0.05"),
        (100, "0.10"),
        (250, "0.10"),
    ],
)
def test_bulk_discount_rate(quantity, expected):
    assert bulk_discount_rate(quantity) == Decimal(expected)


@pytest.mark.parametrize(
    "price, qty, expected",
    [
        ("4.99", 3, "14.97"),
        ("2.50", 20, "49.00"),
        ("1.00", 50, "47.50"),
    ],
)
def test_line_total(price, qty, expected):
    assert line_total(price, qty) == Decimal(expected)


def test_line_total_rejects_negative_quantity():
    with pytest.raises(ValueError):
        line_total("1.00", -1)


def test_to_money_rounds_half_up():
    assert to_money(Decimal("2.675")) == Decimal("2.68")
    assert to_money("0.005") == Decimal("0.01")


def test_invoice_total_small_order():
    result = invoice_total([("PEN", "1.20", 2), ("PAD", "3.05", 1)])
    assert result == {
        "subtotal": Decimal("5.45"),
        "tax": Decimal("1.09"),
        "total": Decimal("6.54"),
    }


def test_invoice_total_with_bulk_lines():
    lines = [("BOLT", "0.40", 100), ("NUT", "0.10", 12), ("WASHER", "0.05", 5)]
    result = invoice_total(lines, tax_rate="0.10")
    assert result["subtotal"] == Decimal("37.43")
    assert result["tax"] == Decimal("3.74")
    assert result["total"] == Decimal("41.17")
