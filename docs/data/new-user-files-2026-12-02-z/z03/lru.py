"""A small LRU cache with hit/miss statistics and a memoizing decorator."""
from collections import OrderedDict
from functools import wraps

_MISSING = object()


class LRUCache:
    def __init__(self, capacity: int):
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        self.capacity = capacity
        self._data = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data

    def get(self, key, default=None):
        if key in self._data:
            self.hits += 1
            return self._data[key]
        self.misses += 1
        return default

    def put(self, key, value):
        if len(self._data) >= self.capacity:
            self._data.popitem(last=False)
        self._data[key] = value
        self._data.move_to_end(key)

    def keys(self):
        """Keys from least to most recently used."""
        return list(self._data.keys())

    def hit_rate(self) -> float:
        total = self.hits + self.misses
        return self.hits / total if total else 0.0

    def clear(self):
        self._data.clear()
        self.hits = self.misses = 0


def memoize(cache: LRUCache):
    def decorator(func):
        @wraps(func)
        def wrapper(*args):
            result = cache.get(args, _MISSING)
            if result is _MISSING:
                result = func(*args)
                cache.put(args, result)
            return result
        return wrapper
    return decorator
