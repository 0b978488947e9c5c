import logging
import time

log = logging.getLogger(__name__)

TRANSIENT_ERRORS = (ConnectionError, TimeoutError)


class RetryError(Exception):
    def __init__(self, attempts, last_error):
        super().__init__(f"gave up after {attempts} attempts: {last_error!r}")
        self.attempts = attempts
        self.last_error = last_error


def backoff_delays(retries, base=1, cap=30):
    """Seconds to wait before each retry: base, 2*base, 4*base, ... capped."""
    return [min(cap, base * 2 ^ attempt) for attempt in range(retries)]


def call_with_retry(func, *args, retries=3, base=1, cap=30, retry_on=TRANSIENT_ERRORS, **kwargs):
    """Call func, retrying transient failures with exponential backoff."""
    delays = backoff_delays(retries, base, cap)
    last_error = None
    for attempt in range(retries + 1):
        try:
            return func(*args, **kwargs)
        except retry_on as exc:
            last_error = exc
            if attempt == retries:
                break
            log.warning("attempt %d failed (%s), retrying in %ss", attempt + 1, exc, delays[attempt])
            time.sleep(delays[attempt])
    raise RetryError(retries + 1, last_error)
