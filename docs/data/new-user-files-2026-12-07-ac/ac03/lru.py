"""A least-recently-used cache with hit/miss statistics."""
from collections import OrderedDict

_MISSING = object()


class LRUCache:
    def __init__(self, capacity):
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._data = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key, default=None):
        value = self._data.get(key, _MISSING)
        if value is _MISSING:
            self.misses += 1
            return default
        self.hits += 1
        return value

    def put(self, key, value):
        if key in self._data:
            self._data.move_to_end(key)
        self._data[key] = value
        if len(self._data) > self.capacity:
            self._data.popitem()

    def get_or_compute(self, key, compute):
        value = self.get(key, _MISSING)
        if value is _MISSING:
            value = compute(key)
            self.put(key, value)
        return value

    def delete(self, key):
        return self._data.pop(key, _MISSING) is not _MISSING

    def keys(self):
        """Keys from least to most recently used."""
        return list(self._data)

    def hit_ratio(self):
        total = self.hits + self.misses
        return self.hits / total if total else 0.0

    def clear(self):
        self._data.clear()
        self.hits = 0
        self.misses = 0

    def __contains__(self, key):
        return key in self._data

    def __len__(self):
        return len(self._data)
