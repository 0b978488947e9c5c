import pytest

from inventory import Inventory


@pytest.fixture
def stocked():
    inv = Inventory()
    inv.add("apple", 5)
    inv.add("pear", 2)
    return inv
