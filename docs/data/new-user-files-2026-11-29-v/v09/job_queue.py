import heapq
import itertools


class JobQueue:
    """Jobs with a higher priority number run first; equal priorities run FIFO.

    Jobs can be cancelled or re-prioritised; stale heap entries are skipped lazily.
    """

    _REMOVED = object()

    def __init__(self):
        self._heap = []
        self._entries = {}
        self._counter = itertools.count()

    def push(self, job_id, priority=0, payload=None):
        if job_id in self._entries:
            self.cancel(job_id)
        entry = [priority, next(self._counter), job_id, payload]
        self._entries[job_id] = entry
        heapq.heappush(self._heap, entry)

    def cancel(self, job_id):
        entry = self._entries.pop(job_id)
        entry[2] = self._REMOVED

    def pop(self):
        while self._heap:
            priority, _, job_id, payload = heapq.heappop(self._heap)
            if job_id is not self._REMOVED:
                del self._entries[job_id]
                return job_id, payload
        raise IndexError("pop from empty job queue")

    def __len__(self):
        return len(self._entries)

    def __contains__(self, job_id):
        return job_id in self._entries

    def drain(self):
        out = []
        while self:
            out.append(self.pop()[0])
        return out


if __name__ == "__main__":
    q = JobQueue()
    q.push("send-newsletter", priority=1)
    q.push("charge-card", priority=10, payload={"amount": 42})
    q.push("resize-image", priority=5)
    assert len(q) == 3
    assert q.pop() == ("charge-card", {"amount": 42})
    assert q.drain() == ["resize-image", "send-newsletter"]

    q = JobQueue()
    for name in ["a", "b", "c"]:
        q.push(name, priority=3)
    assert q.drain() == ["a", "b", "c"]

    q = JobQueue()
    q.push("report", priority=1)
    q.push("backup", priority=2)
    q.push("cleanup", priority=3)
    q.cancel("cleanup")
    q.push("report", priority=9)
    assert "cleanup" not in q
    assert len(q) == 2
    assert q.drain() == ["report", "backup"]

    try:
        JobQueue().pop()
    except IndexError:
        pass
    else:
        raise AssertionError("expected IndexError on empty queue")
    print("job queue OK")
