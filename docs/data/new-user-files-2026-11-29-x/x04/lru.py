"""A least-recently-used cache with an optional time-to-live per entry."""
import time
from collections import OrderedDict

_MISSING = object()


class LRUCache:
    def __init__(self, capacity, ttl=None, clock=time.monotonic):
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        self.capacity = capacity
        self.ttl = ttl
        self._clock = clock
        self._data = OrderedDict()
        self.hits = 0
        self.misses = 0

    def _expired(self, stored_at):
        return self.ttl is not None and self._clock() - stored_at >= self.ttl

    def get(self, key, default=None):
        entry = self._data.get(key, _MISSING)
        if entry is _MISSING:
            self.misses += 1
            return default
        value, stored_at = entry
        if self._expired(stored_at):
            del self._data[key]
            self.misses += 1
            return default
        self.hits += 1
        return value

    def put(self, key, value):
        if key in self._data:
            self._data.move_to_end(key)
        self._data[key] = (value, self._clock())
        while len(self._data) > self.capacity:
            self._data.popitem(last=False)

    def delete(self, key):
        return self._data.pop(key, _MISSING) is not _MISSING

    def __contains__(self, key):
        entry = self._data.get(key, _MISSING)
        return entry is not _MISSING and not self._expired(entry[1])

    def __len__(self):
        return sum(1 for _, stored_at in self._data.values() if not self._expired(stored_at))

    def keys(self):
        """Live keys, least recently used first."""
        return [k for k, (_, t) in self._data.items() if not self._expired(t)]

    @property
    def hit_rate(self):
        total = self.hits + self.misses
        return self.hits / total if total else 0.0
