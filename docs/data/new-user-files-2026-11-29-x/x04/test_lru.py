import pytest

from lru import LRUCache


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_evicts_least_recently_inserted():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("c", 3)
    assert "a" not in cache
    assert cache.keys() == ["b", "c"]


def test_get_marks_entry_as_recently_used():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    cache.put("c", 3)
    assert cache.get("a") == 1
    assert cache.get("b") is None
    assert cache.keys() == ["c", "a"]


def test_recency_order_after_reads():
    cache = LRUCache(3)
    for k in "xyz":
        cache.put(k, k.upper())
    cache.get("x")
    cache.get("y")
    assert cache.keys() == ["z", "x", "y"]


def test_put_existing_key_updates_value_and_recency():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 10)
    cache.put("c", 3)
    assert cache.get("a") == 10
    assert "b" not in cache


def test_ttl_expiry():
    clock = FakeClock()
    cache = LRUCache(3, ttl=10, clock=clock)
    cache.put("a", 1)
    clock.now = 9.5
    assert cache.get("a") == 1
    clock.now = 10.0
    assert cache.get("a", "gone") == "gone"
    assert len(cache) == 0


def test_hit_rate_and_delete():
    cache = LRUCache(2)
    assert cache.hit_rate == 0.0
    cache.put("a", 1)
    cache.get("a")
    cache.get("missing")
    assert cache.hit_rate == 0.5
    assert cache.delete("a") is True
    assert cache.delete("a") is False


def test_capacity_must_be_positive():
    with pytest.raises(ValueError):
        LRUCache(0)
