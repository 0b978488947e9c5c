import pytest

from lru_cache import LRUCache


@pytest.fixture
def cache():
    c = LRUCache(3)
    c.put("a", 1)
    c.put("b", 2)
    c.put("c", 3)
    return c


def test_rejects_non_positive_capacity():
    with pytest.raises(ValueError):
        LRUCache(0)


def test_get_returns_stored_values(cache):
    assert cache.get("a") == 1
    assert cache.get("c") == 3
    assert cache.get("zzz", "missing") == "missing"


def test_evicts_oldest_entry_when_full(cache):
    cache.put("d", 4)
    assert "a" not in cache
    assert cache.keys() == ["b", "c", "d"]
    assert len(cache) == 3


def test_put_existing_key_refreshes_it(cache):
    cache.put("a", 10)
    cache.put("d", 4)
    assert cache.get("a") == 10
    assert "b" not in cache


def test_get_marks_key_as_recently_used(cache):
    cache.get("a")
    cache.put("d", 4)
    assert "a" in cache
    assert "b" not in cache


def test_keys_reflect_access_order(cache):
    cache.get("b")
    cache.get("a")
    assert cache.keys() == ["c", "b", "a"]


def test_hit_ratio(cache):
    cache.get("a")
    cache.get("b")
    cache.get("nope")
    cache.get("a")
    assert cache.hits == 3
    assert cache.misses == 1
    assert cache.hit_ratio() == pytest.approx(0.75)


def test_pop_removes_entry(cache):
    assert cache.pop("b") == 2
    assert "b" not in cache
    assert cache.pop("b", "gone") == "gone"
