"""Buffer stock movements and write them to the warehouse ledger in batches."""


class MovementBatcher:
    """Collects stock movements and hands them to `sink` in batches.

    `sink` is any callable taking a list of movement dicts. A batch is sent
    automatically once `batch_size` movements are pending; call `flush()` at
    the end of a run to send whatever is left.
    """

    def __init__(self, sink, batch_size=50):
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self.sink = sink
        self.batch_size = batch_size
        self._pending = []
        self.batches_sent = 0
        self.net_change = {}

    @property
    def pending_count(self):
        return len(self._pending)

    def record(self, sku, delta, reason="adjustment"):
        """Queue a movement of `delta` units (negative for outgoing stock)."""
        if delta == 0:
            return
        self._pending.append({"sku": sku, "delta": delta, "reason": reason})
        self.net_change[sku] = self.net_change.get(sku, 0) + delta
        if len(self._pending) >= self.batch_size:
            self.flush()

    def flush(self):
        """Send pending movements to the sink; returns how many were sent."""
        if not self._pending:
            return 0
        batch = self._pending
        self.sink(batch)
        self.batches_sent += 1
        return len(batch)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.flush()
        return False
