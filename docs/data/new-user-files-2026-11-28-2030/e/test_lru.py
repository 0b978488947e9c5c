import unittest

import pytest

from lru import LRUCache


class LRUTest(unittest.TestCase):
    def setUp(self):
        self.cache = LRUCache(2)
        self.cache.put("a", 1)
        self.cache.put("b", 2)

    def test_evicts_least_recent(self):
        self.cache.get("a")
        self.cache.put("c", 3)
        self.assertIsNone(self.cache.get("b"))
        self.assertIn("a", self.cache.data)
        self.assertCountEqual(self.cache.data, ["a", "c"])

    def test_repr(self):
        self.assertEqual(repr(self.cache), "LRUCache(['a', 'b'])")


@pytest.mark.skip(reason="resizing is not written yet")
def test_resize():
    cache = LRUCache(1)
    cache.resize(3)
    assert cache.capacity == 3


@pytest.mark.xfail(reason="zero capacity is undefined")
def test_zero_capacity():
    cache = LRUCache(0)
    cache.put("a", 1)
    assert cache.get("a") == 1
