"""Token-bucket rate limiting for an HTTP API, one bucket per client key."""
import time


class TokenBucket:
    def __init__(self, rate, capacity, clock=time.monotonic):
        if rate <= 0 or capacity <= 0:
            raise ValueError("rate and capacity must be positive")
        self.rate = float(rate)          # tokens added per second
        self.capacity = float(capacity)  # maximum burst size
        self._clock = clock
        self._tokens = float(capacity)
        self._last = clock()

    def _refill(self):
        now = self._clock()
        elapsed = now - self._last
        if elapsed > 0:
            self._tokens += elapsed * self.rate
            self._last = now

    @property
    def tokens(self):
        self._refill()
        return self._tokens

    def try_acquire(self, amount=1):
        if amount > self.capacity:
            raise ValueError("request exceeds bucket capacity")
        self._refill()
        if self._tokens >= amount:
            self._tokens -= amount
            return True
        return False

    def wait_time(self, amount=1):
        """Seconds until `amount` tokens will be available."""
        self._refill()
        missing = amount - self._tokens
        if missing <= 0:
            return 0.0
        return missing * self.rate


class RateLimiter:
    def __init__(self, rate, capacity, clock=time.monotonic):
        self._rate = rate
        self._capacity = capacity
        self._clock = clock
        self._buckets = {}

    def allow(self, key):
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = TokenBucket(self._rate, self._capacity, self._clock)
            self._buckets[key] = bucket
        return bucket.try_acquire()

    def retry_after(self, key):
        bucket = self._buckets.get(key)
        return 0.0 if bucket is None else bucket.wait_time()
