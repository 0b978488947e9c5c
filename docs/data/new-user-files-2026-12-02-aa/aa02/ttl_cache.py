import time
from collections import OrderedDict


class TTLCache:
    """Small LRU cache whose entries also expire after `ttl` seconds."""

    def __init__(self, max_size=128, ttl=60.0, clock=time.monotonic):
        if max_size < 1:
            raise ValueError("max_size must be at least 1")
        self.max_size = max_size
        self.ttl = ttl
        self._clock = clock
        self._data = OrderedDict()  # key -> (value, expires_at)
        self.hits = 0
        self.misses = 0

    def get(self, key, default=None):
        entry = self._data.get(key)
        if entry is None:
            self.misses += 1
            return default
        value, expires_at = entry
        if self._clock() >= expires_at:
            del self._data[key]
            self.misses += 1
            return default
        self.hits += 1
        return value

    def set(self, key, value):
        if key in self._data:
            del self._data[key]
        self._data[key] = (value, self._clock() + self.ttl)
        while len(self._data) > self.max_size:
            self._data.popitem(last=False)

    def purge_expired(self):
        now = self._clock()
        stale = [k for k, (_, exp) in self._data.items() if now >= exp]
        for k in stale:
            del self._data[k]
        return len(stale)

    def __contains__(self, key):
        entry = self._data.get(key)
        return entry is not None and self._clock() < entry[1]

    def __len__(self):
        return len(self._data)
