import pytest


def test_add(shop):
    shop.add("apple")
    assert shop.count("apple") == 6


def test_remove(shop):
    shop.remove("apple", 2)
    assert shop.count("apple") == 3


def test_remove_too_many(shop):
    with pytest.raises(ValueError):
        shop.remove("pear", 3)
