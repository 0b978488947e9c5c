import pytest

from inventory import Inventory, InsufficientStock, UnknownSku


@pytest.fixture
def inv():
    inventory = Inventory()
    inventory.add_item("A-100", "Widget", qty=20, reorder_level=5)
    inventory.add_item("B-200", "Gadget", qty=3, reorder_level=5)
    inventory.add_item("C-300", "Doohickey", qty=0, reorder_level=2)
    return inventory


def test_receive_increases_quantity(inv):
    assert inv.receive("A-100", 5) == 25
    assert inv.quantity("A-100") == 25


def test_ship_decreases_quantity(inv):
    assert inv.ship("A-100", 20) == 0


def test_ship_more_than_available_raises(inv):
    with pytest.raises(InsufficientStock):
        inv.ship("B-200", 4)
    assert inv.quantity("B-200") == 3


def test_unknown_sku(inv):
    with pytest.raises(UnknownSku):
        inv.quantity("Z-999")


@pytest.mark.parametrize("qty", [0, -3])
def test_receive_rejects_non_positive(inv, qty):
    with pytest.raises(ValueError):
        inv.receive("A-100", qty)


def test_duplicate_sku_rejected(inv):
    with pytest.raises(ValueError):
        inv.add_item("A-100", "Other widget")


def test_low_stock_uses_reorder_level(inv):
    assert inv.low_stock() == ["B-200", "C-300"]


def test_low_stock_with_explicit_threshold(inv):
    assert inv.low_stock(threshold=0) == ["C-300"]
    assert inv.low_stock(threshold=25) == ["A-100", "B-200", "C-300"]


def test_total_units(inv):
    inv.ship("A-100", 10)
    assert inv.total_units() == 13
