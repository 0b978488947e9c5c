import pytest

from inventory import Inventory, Item, restock


@pytest.fixture
def inv():
    inventory = Inventory()
    inventory.add(Item("A100", "bolts", quantity=50, reorder_level=20))
    inventory.add(Item("B200", "nuts", quantity=5, reorder_level=20, reorder_qty=100))
    inventory.add(Item("C300", "washers", quantity=20, reorder_level=20, reorder_qty=30))
    return inventory


def test_needs_restock_lists_low_items(inv):
    skus = [i.sku for i in inv.needs_restock()]
    assert skus == ["B200", "C300"]


def test_restock_tops_up_low_items(inv):
    assert restock(inv) == {"B200": 105, "C300": 50}
    assert inv.get("A100").quantity == 50


def test_second_restock_does_nothing(inv):
    restock(inv)
    assert restock(inv) == {}


def test_selling_down_to_level_triggers_restock(inv):
    inv.remove_stock("A100", 30)
    assert "A100" in restock(inv)


@pytest.mark.parametrize(
    "qty, level, expected",
    [
        (0, 5, True),
        (4, 5, True),
        (5, 5, True),
        (6, 5, False),
    ],
    ids=["empty", "below-level", "at-level", "above-level"],
)
def test_reorder_threshold(qty, level, expected):
    inventory = Inventory()
    inventory.add(Item("X1", "gadget", quantity=qty, reorder_level=level))
    assert (len(inventory.needs_restock()) == 1) is expected


def test_remove_more_than_stock_raises(inv):
    with pytest.raises(ValueError):
        inv.remove_stock("B200", 6)


def test_duplicate_sku_rejected(inv):
    with pytest.raises(ValueError):
        inv.add(Item("A100", "other bolts", quantity=1, reorder_level=1))
