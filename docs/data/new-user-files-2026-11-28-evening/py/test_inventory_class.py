import pytest

from inventory import Inventory


class TestInventory:
    def test_add(self, stocked):
        stocked.add("apple")
        assert stocked.count("apple") == 6

    def test_remove(self, stocked):
        stocked.remove("apple", 2)
        assert stocked.count("apple") == 3

    @pytest.mark.parametrize("qty", [1, 2])
    def test_remove_some(self, stocked, qty):
        stocked.remove("pear", qty)
        assert stocked.count("pear") == 2 - qty
