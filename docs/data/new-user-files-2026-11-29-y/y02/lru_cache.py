"""A small in-process LRU cache used in front of the product lookup service."""
from collections import OrderedDict


class LRUCache:
    """Keeps at most `capacity` entries, evicting the least recently used one.

    Both reads (`get`) and writes (`put`) count as a use of the key.
    """

    def __init__(self, capacity):
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        self.capacity = capacity
        self._data = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key, default=None):
        if key in self._data:
            self.hits += 1
            return self._data[key]
        self.misses += 1
        return default

    def put(self, key, value):
        if key in self._data:
            self._data.move_to_end(key)
        self._data[key] = value
        if len(self._data) > self.capacity:
            self._data.popitem(last=False)

    def pop(self, key, default=None):
        return self._data.pop(key, default)

    def keys(self):
        """Keys from least to most recently used."""
        return list(self._data)

    def hit_ratio(self):
        total = self.hits + self.misses
        return self.hits / total if total else 0.0

    def __contains__(self, key):
        return key in self._data

    def __len__(self):
        return len(self._data)
