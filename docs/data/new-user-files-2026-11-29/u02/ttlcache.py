import time


class TTLCache:
    """A small in-memory cache whose entries expire after `ttl` seconds."""

    def __init__(self, ttl, max_size=None, clock=time.monotonic):
        if ttl <= 0:
            raise ValueError("ttl must be positive")
        self.ttl = ttl
        self.max_size = max_size
        self._clock = clock
        self._store = {}
        self.hits = 0
        self.misses = 0

    def set(self, key, value):
        if (
            self.max_size is not None
            and key not in self._store
            and len(self._store) >= self.max_size
        ):
            self.purge_expired()
            if len(self._store) >= self.max_size:
                oldest = min(self._store, key=lambda k: self._store[k][1])
                del self._store[oldest]
        self._store[key] = (value, self._clock() + self.ttl)

    def get(self, key, default=None):
        entry = self._store.get(key)
        if entry is None or entry[1] <= self._clock():
            self.misses += 1
            return default
        self.hits += 1
        return entry[0]

    def get_or_compute(self, key, compute):
        sentinel = object()
        value = self.get(key, sentinel)
        if value is sentinel:
            value = compute()
            self.set(key, value)
        return value

    def purge_expired(self):
        now = self._clock()
        removed = 0
        for key in self._store:
            if self._store[key][1] <= now:
                del self._store[key]
                removed += 1
        return removed

    def __len__(self):
        return len(self._store)

    def __contains__(self, key):
        entry = self._store.get(key)
        return entry is not None and entry[1] > self._clock()
