"""Priority queue for background jobs.

Higher priority runs first; jobs with equal priority run in the order they
were submitted. Re-submitting a queued job updates its priority.
"""
import heapq
import itertools

_REMOVED = object()


class TaskQueue:
    def __init__(self):
        self._heap = []
        self._entries = {}
        self._counter = itertools.count()

    def push(self, task, priority=0):
        if task in self._entries:
            self.remove(task)
        entry = [-priority, next(self._counter), task]
        self._entries[task] = entry
        heapq.heappush(self._heap, entry)

    def remove(self, task):
        entry = self._entries.pop(task)
        entry[-1] = _REMOVED

    def pop(self):
        while self._heap:
            _, _, task = heapq.heappop(self._heap)
            if task is not _REMOVED:
                return task
        raise KeyError("pop from an empty task queue")

    def peek(self):
        while self._heap and self._heap[0][-1] is _REMOVED:
            heapq.heappop(self._heap)
        if not self._heap:
            raise KeyError("peek at an empty task queue")
        return self._heap[0][-1]

    def drain(self):
        """Pop every task in priority order."""
        tasks = []
        while self:
            tasks.append(self.pop())
        return tasks

    def __contains__(self, task):
        return task in self._entries

    def __len__(self):
        return len(self._entries)

    def __bool__(self):
        return bool(self._entries)
