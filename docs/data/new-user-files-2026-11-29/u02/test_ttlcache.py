import pytest

from ttlcache import TTLCache


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
    return TTLCache(ttl=10, clock=clock)


class TestBasics:
    def test_set_and_get(self, cache):
        cache.set("a", 1)
        assert cache.get("a") == 1
        assert "a" in cache

    def test_missing_key_returns_default(self, cache):
        assert cache.get("nope") is None
        assert cache.get("nope", 42) == 42

    def test_hit_and_miss_counters(self, cache):
        cache.set("a", 1)
        cache.get("a")
        cache.get("a")
        cache.get("b")
        assert (cache.hits, cache.misses) == (2, 1)

    def test_rejects_non_positive_ttl(self, clock):
        with pytest.raises(ValueError):
            TTLCache(ttl=0, clock=clock)


class TestExpiry:
    def test_entry_expires_after_ttl(self, cache, clock):
        cache.set("a", 1)
        clock.advance(9.9)
        assert cache.get("a") == 1
        clock.advance(0.1)
        assert cache.get("a") is None
        assert "a" not in cache

    def test_purge_expired_removes_only_old_entries(self, cache, clock):
        cache.set("old1", 1)
        cache.set("old2", 2)
        clock.advance(5)
        cache.set("fresh", 3)
        clock.advance(6)
        assert cache.purge_expired() == 2
        assert len(cache) == 1
        assert cache.get("fresh") == 3

    def test_purge_with_nothing_expired(self, cache):
        cache.set("a", 1)
        assert cache.purge_expired() == 0
        assert len(cache) == 1


class TestMaxSize:
    def test_evicts_oldest_when_full(self, clock):
        cache = TTLCache(ttl=10, max_size=2, clock=clock)
        cache.set("a", 1)
        clock.advance(1)
        cache.set("b", 2)
        clock.advance(1)
        cache.set("c", 3)
        assert "a" not in cache
        assert cache.get("b") == 2 and cache.get("c") == 3

    def test_prefers_dropping_expired_entries(self, clock):
        cache = TTLCache(ttl=10, max_size=3, clock=clock)
        cache.set("a", 1)
        cache.set("b", 2)
        clock.advance(8)
        cache.set("c", 3)
        clock.advance(3)
        cache.set("d", 4)
        assert len(cache) == 2
        assert cache.get("c") == 3 and cache.get("d") == 4


def test_get_or_compute_caches_result(cache):
    calls = []

    def compute():
        calls.append(1)
        return "value"

    assert cache.get_or_compute("k", compute) == "value"
    assert cache.get_or_compute("k", compute) == "value"
    assert len(calls) == 1
