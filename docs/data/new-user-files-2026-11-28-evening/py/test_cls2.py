import pytest

from inventory import Inventory


class TestInventory:
    def setup_method(self, method):
        self.inv = Inventory()

    def test_tmp(self, tmp_path):
        assert tmp_path

    @pytest.mark.parametrize("qty", [1, 2])
    def test_add(self, qty):
        self.inv.add("fig", qty)
        assert self.inv.count("fig") == qty

    def test_remove(self, stocked):
        stocked.remove("apple", 2)
        assert stocked.count("apple") == 3
