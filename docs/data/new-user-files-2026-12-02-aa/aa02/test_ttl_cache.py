import pytest

from ttl_cache import TTLCache


class FakeClock:
    def __init__(self, start=1000.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def cache(clock):
    return TTLCache(max_size=3, ttl=10, clock=clock)


def test_set_and_get(cache):
    cache.set("a", 1)
    assert cache.get("a") == 1
    assert cache.get("missing", "fallback") == "fallback"
    assert (cache.hits, cache.misses) == (1, 1)


def test_entries_expire_after_ttl(cache, clock):
    cache.set("session", {"user": 7})
    clock.advance(9.9)
    assert cache.get("session") == {"user": 7}
    clock.advance(0.1)
    assert cache.get("session") is None
    assert "session" not in cache


def test_overwrite_resets_ttl(cache, clock):
    cache.set("k", "old")
    clock.advance(8)
    cache.set("k", "new")
    clock.advance(8)
    assert cache.get("k") == "new"


def test_evicts_oldest_when_full(cache):
    for key in "abcd":
        cache.set(key, key.upper())
    assert len(cache) == 3
    assert "a" not in cache
    assert cache.get("d") == "D"


def test_reading_a_key_protects_it_from_eviction(cache):
    cache.set("a", 1)
    cache.set("b", 2)
    cache.set("c", 3)
    cache.get("a")  # a is now the most recently used
    cache.set("d", 4)
    assert "a" in cache
    assert "b" not in cache


def test_hot_key_survives_a_stream_of_writes(cache):
    cache.set("config", "v1")
    for i in range(10):
        cache.get("config")
        cache.set(f"req-{i}", i)
    assert cache.get("config") == "v1"


def test_purge_expired(cache, clock):
    cache.set("a", 1)
    clock.advance(5)
    cache.set("b", 2)
    clock.advance(6)
    assert cache.purge_expired() == 1
    assert len(cache) == 1
