import pytest

from lru import LRUCache, memoize


@pytest.fixture
def cache():
    c = LRUCache(capacity=3)
    c.put("a", 1)
    c.put("b", 2)
    c.put("c", 3)
    return c


def test_get_returns_stored_values(cache):
    assert cache.get("a") == 1
    assert cache.get("c") == 3
    assert len(cache) == 3


def test_missing_key_returns_default_and_counts_miss(cache):
    assert cache.get("zzz", "fallback") == "fallback"
    assert cache.misses == 1


def test_oldest_entry_is_evicted_when_full(cache):
    cache.put("d", 4)
    assert "a" not in cache
    assert cache.keys() == ["b", "c", "d"]


def test_reading_an_entry_protects_it_from_eviction(cache):
    cache.get("a")
    cache.put("d", 4)
    assert "a" in cache
    assert "b" not in cache


def test_updating_existing_key_replaces_value(cache):
    cache.put("b", 20)
    assert cache.get("b") == 20
    assert len(cache) == 3
    assert "a" in cache and "c" in cache


def test_hit_rate(cache):
    cache.get("a")
    cache.get("b")
    cache.get("nope")
    assert cache.hit_rate() == pytest.approx(2 / 3)
    cache.clear()
    assert cache.hit_rate() == 0.0 and len(cache) == 0


def test_capacity_must_be_positive():
    with pytest.raises(ValueError):
        LRUCache(0)


def test_memoize_calls_function_once_per_argument():
    calls = []

    @memoize(LRUCache(capacity=10))
    def square(x):
        calls.append(x)
        return x * x

    assert [square(2), square(3), square(2)] == [4, 9, 4]
    assert calls == [2, 3]
