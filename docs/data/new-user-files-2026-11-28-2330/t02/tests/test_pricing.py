import pytest

from shop.pricing import quote, SHIPPING_FLAT


def test_empty_cart_is_free():
    q = quote([], "DE")
    assert q.total == 0
    assert q.shipping == 0


def test_no_tax_region():
    q = quote([{"price": 10.0, "qty": 2}], "US-OR")
    assert q.tax == 0
    assert q.shipping == SHIPPING_FLAT
    assert q.total == pytest.approx(24.99)


def test_tax_without_discount():
    q = quote([{"price": 100.0, "qty": 1}], "DE")
    assert q.tax == pytest.approx(19.0)
    assert q.total == pytest.approx(119.0)


def test_tax_is_charged_on_discounted_amount():
    q = quote([{"price": 50.0, "qty": 2}], "DE", discount_pct=10)
    assert q.discount == pytest.approx(10.0)
    assert q.tax == pytest.approx(17.10)
    assert q.total == pytest.approx(107.10)


def test_discount_can_drop_below_free_shipping():
    q = quote([{"price": 52.0, "qty": 1}], "US-OR", discount_pct=10)
    assert q.shipping == SHIPPING_FLAT


def test_unknown_region():
    with pytest.raises(KeyError, match="FR"):
        quote([{"price": 1.0, "qty": 1}], "FR")
