import logging
import time

log = logging.getLogger(__name__)


class AlertDispatcher:
    """Posts alerts to the paging service, retrying on connection errors."""

    def __init__(self, client, max_attempts=3, backoff=1.0, sleep=time.sleep):
        self.client = client
        self.max_attempts = max_attempts
        self.backoff = backoff
        self.sleep = sleep

    def send(self, recipient, text):
        payload = {"to": recipient, "text": text}
        for attempt in range(1, self.max_attempts + 1):
            try:
                receipt = self.client.post("/alerts", json=payload)
            except ConnectionError as exc:
                log.warning("attempt %d for %s failed: %s", attempt, recipient, exc)
                if attempt == self.max_attempts:
                    raise
                self.sleep(self.backoff * 2 ** (attempt - 1))
        return receipt["id"]

    def broadcast(self, recipients, text):
        """Send to everyone; return the recipients that could not be reached."""
        failed = []
        for r in recipients:
            try:
                self.send(r, text)
            except ConnectionError:
                failed.append(r)
        return failed
