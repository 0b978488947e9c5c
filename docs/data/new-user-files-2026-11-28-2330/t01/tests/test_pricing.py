import pytest

from shop.pricing import apply_coupon, cart_total, line_total


def test_line_total_without_discount():
    assert line_total(3.00, 4) == 12.00


def test_bulk_discount_applies_at_threshold():
    assert line_total(1.00, 10) == 9.00


def test_bulk_discount_above_threshold():
    assert line_total(2.00, 20) == 36.00


def test_negative_quantity_rejected():
    with pytest.raises(ValueError):
        line_total(1.00, -1)


@pytest.mark.parametrize("code, expected", [
    ("WELCOME5", 95.00),
    ("  spring20 ", 80.00),
    ("BOGUS", 100.00),
    (None, 100.00),
])
def test_apply_coupon(code, expected):
    assert apply_coupon(100.00, code) == expected


def test_small_cart_total(small_cart):
    assert cart_total(small_cart) == 15.00


def test_bulk_cart_total_with_coupon(bulk_cart):
    # 9.00 (bulk) + 12.00 = 21.00, minus 5%
    assert cart_total(bulk_cart, coupon="welcome5") == 19.95
