"""Retry a flaky call with exponential backoff."""
import time


class RetryError(Exception):
    def __init__(self, attempts, last_error):
        super().__init__(f"gave up after {attempts} attempts: {last_error!r}")
        self.attempts = attempts
        self.last_error = last_error


def backoff_delays(attempts, base_delay=0.1, max_delay=2.0):
    """Delays slept between consecutive attempts (one fewer than attempts)."""
    return [min(base_delay * 2 ** i, max_delay) for i in range(attempts - 1)]


def retry_call(func, *, attempts=3, base_delay=0.1, max_delay=2.0,
               retry_on=(ConnectionError, TimeoutError), sleep=time.sleep):
    """Call func() until it succeeds, at most `attempts` times in total.

    Only exceptions listed in `retry_on` trigger another attempt; any other
    exception is a real error and propagates to the caller immediately.
    """
    if attempts < 1:
        raise ValueError("attempts must be >= 1")
    delays = backoff_delays(attempts, base_delay, max_delay)
    last_error = None
    for attempt in range(1, attempts):
        try:
            return func()
        except Exception as exc:
            last_error = exc
            if attempt < attempts:
                sleep(delays[attempt - 1])
    raise RetryError(attempts, last_error)


def retrying(**options):
    """Decorator form of retry_call."""
    def decorator(func):
        def wrapper(*args, **kwargs):
            return retry_call(lambda: func(*args, **kwargs), **options)
        return wrapper
    return decorator
