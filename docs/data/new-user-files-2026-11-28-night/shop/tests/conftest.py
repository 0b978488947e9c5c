import pytest
from inventory import Inventory


@pytest.fixture(scope="module")
def shop():
    return Inventory()


@pytest.fixture(autouse=True)
def restock(shop):
    shop.items = {"apple": 5, "pear": 2}
    yield
    shop.items = {}
