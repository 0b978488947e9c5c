import pytest

from lru import LRUCache


def test_rejects_zero_capacity():
    with pytest.raises(ValueError):
        LRUCache(0)


def test_get_and_put():
    cache = LRUCache(2)
    cache.put("a", 1)
    assert cache.get("a") == 1
    assert cache.get("missing", "default") == "default"


def test_evicts_least_recently_inserted():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("c", 3)
    assert "a" not in cache
    assert cache.keys() == ["b", "c"]


def test_get_refreshes_recency():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.get("a")
    cache.put("c", 3)
    assert cache.keys() == ["a", "c"]


def test_updating_existing_key_does_not_grow_cache():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("a", 10)
    assert len(cache) == 1
    assert cache.get("a") == 10


def test_hit_ratio_and_clear():
    cache = LRUCache(3)
    cache.put("x", 1)
    cache.get("x")
    cache.get("x")
    cache.get("y")
    assert cache.hit_ratio() == pytest.approx(2 / 3)
    cache.clear()
    assert len(cache) == 0
    assert cache.hit_ratio() == 0.0


def test_get_or_compute_calls_function_once():
    calls = []
    cache = LRUCache(2)

    def square(n):
        calls.append(n)
        return n * n

    assert cache.get_or_compute(4, square) == 16
    assert cache.get_or_compute(4, square) == 16
    assert calls == [4]


def test_delete():
    cache = LRUCache(2)
    cache.put("a", 1)
    assert cache.delete("a") is True
    assert cache.delete("a") is False
