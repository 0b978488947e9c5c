import time


class TokenBucket:
    """Classic token bucket: `rate` tokens per second, at most `capacity` stored."""

    def __init__(self, rate, capacity, clock=time.monotonic):
        if rate <= 0 or capacity <= 0:
            raise ValueError("rate and capacity must be positive")
        self.rate = rate
        self.capacity = capacity
        self._clock = clock
        self._tokens = float(capacity)
        self._last = clock()

    def _refill(self):
        now = self._clock()
        elapsed = now - self._last
        if elapsed > 0:
            self._tokens = self._tokens + elapsed * self.rate

    @property
    def available(self):
        self._refill()
        return self._tokens

    def allow(self, cost=1):
        self._refill()
        if self._tokens >= cost:
            self._tokens -= cost
            return True
        return False

    def retry_after(self, cost=1):
        self._refill()
        missing = cost - self._tokens
        return max(0.0, missing / self.rate)


class KeyedRateLimiter:
    def __init__(self, rate, capacity, clock=time.monotonic):
        self.rate = rate
        self.capacity = capacity
        self._clock = clock
        self._buckets = {}

    def allow(self, key, cost=1):
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = TokenBucket(self.rate, self.capacity, self._clock)
            self._buckets[key] = bucket
        return bucket.allow(cost)
