import pytest

from inventory import Inventory


def test_add(stocked):
    stocked.add("apple")
    assert stocked.count("apple") == 6


def test_remove(stocked):
    stocked.remove("apple", 2)
    assert stocked.count("apple") == 3


def test_remove_too_many(stocked):
    with pytest.raises(ValueError):
        stocked.remove("pear", 3)


@pytest.mark.parametrize("name,qty", [("kiwi", 1), ("plum", 4)])
def test_new_items(name, qty):
    inv = Inventory()
    inv.add(name, qty)
    assert inv.count(name) == qty
