import unittest

from rate_limiter import RateLimiter, TokenBucket


class FakeClock:
    def __init__(self, start=1000.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


class TokenBucketTests(unittest.TestCase):
    def setUp(self):
        self.clock = FakeClock()
        self.bucket = TokenBucket(rate=2, capacity=5, clock=self.clock)

    def test_invalid_configuration(self):
        with self.assertRaises(ValueError):
            TokenBucket(rate=0, capacity=5)

    def test_allows_burst_up_to_capacity(self):
        results = [self.bucket.try_acquire() for _ in range(6)]
        self.assertEqual(results, [True] * 5 + [False])

    def test_refills_over_time(self):
        for _ in range(5):
            self.bucket.try_acquire()
        self.clock.advance(1.0)
        self.assertAlmostEqual(self.bucket.tokens, 2.0)

    def test_tokens_never_exceed_capacity(self):
        self.bucket.try_acquire()
        self.clock.advance(3600)
        self.assertEqual(self.bucket.tokens, 5.0)

    def test_wait_time(self):
        for _ in range(5):
            self.bucket.try_acquire()
        self.assertAlmostEqual(self.bucket.wait_time(), 0.5)
        self.assertAlmostEqual(self.bucket.wait_time(3), 1.5)

    def test_request_larger_than_capacity(self):
        with self.assertRaises(ValueError):
            self.bucket.try_acquire(6)


class RateLimiterTests(unittest.TestCase):
    def test_keys_are_independent(self):
        limiter = RateLimiter(rate=1, capacity=2, clock=FakeClock())
        self.assertTrue(limiter.allow("alice"))
        self.assertTrue(limiter.allow("alice"))
        self.assertFalse(limiter.allow("alice"))
        self.assertTrue(limiter.allow("bob"))

    def test_idle_client_gets_only_one_burst(self):
        clock = FakeClock()
        limiter = RateLimiter(rate=4, capacity=3, clock=clock)
        limiter.allow("carol")
        clock.advance(60)
        allowed = sum(limiter.allow("carol") for _ in range(10))
        self.assertEqual(allowed, 3)
        self.assertAlmostEqual(limiter.retry_after("carol"), 0.25)


if __name__ == "__main__":
    unittest.main()
