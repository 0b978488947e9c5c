import pytest

from ratelimit import KeyedRateLimiter, TokenBucket


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
def bucket(clock):
    return TokenBucket(rate=2, capacity=4, clock=clock)


def test_starts_full(bucket):
    assert bucket.available == pytest.approx(4)


def test_burst_up_to_capacity(bucket):
    assert [bucket.allow() for _ in range(5)] == [True, True, True, True, False]


def test_refills_over_time(bucket, clock):
    for _ in range(4):
        bucket.allow()
    clock.advance(0.5)
    assert bucket.allow() is True
    assert bucket.allow() is False


def test_never_exceeds_capacity(bucket, clock):
    clock.advance(60)
    assert bucket.available == pytest.approx(4)


def test_repeated_checks_do_not_create_tokens(bucket, clock):
    for _ in range(4):
        bucket.allow()
    clock.advance(1)
    assert bucket.available == pytest.approx(2)
    assert bucket.available == pytest.approx(2)
    assert bucket.allow(cost=2) is True
    assert bucket.allow() is False


def test_retry_after(bucket, clock):
    for _ in range(4):
        bucket.allow()
    assert bucket.retry_after() == pytest.approx(0.5)
    clock.advance(0.25)
    assert bucket.retry_after() == pytest.approx(0.25)


@pytest.mark.parametrize("rate, capacity", [(0, 5), (1, 0), (-1, 3)])
def test_invalid_configuration(rate, capacity):
    with pytest.raises(ValueError):
        TokenBucket(rate, capacity)


def test_keyed_limiter_isolates_clients(clock):
    limiter = KeyedRateLimiter(rate=1, capacity=1, clock=clock)
    assert limiter.allow("alice") is True
    assert limiter.allow("alice") is False
    assert limiter.allow("bob") is True
