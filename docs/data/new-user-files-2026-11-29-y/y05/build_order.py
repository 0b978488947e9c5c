"""Work out an order to run build tasks in, given their dependencies (Kahn's algorithm)."""
import heapq


class CycleError(Exception):
    """Raised when the dependencies contain a cycle."""

    def __init__(self, remaining):
        super().__init__("dependency cycle among: " + ", ".join(sorted(remaining)))
        self.remaining = set(remaining)


def build_order(tasks, deps):
    """Return the tasks in an order that respects `deps`.

    `deps` is a list of (before, after) pairs meaning `before` must run before
    `after`. When several tasks are ready at once they are taken alphabetically,
    so the result is deterministic.
    """
    graph = {task: [] for task in tasks}
    indegree = {task: 0 for task in tasks}
    for before, after in deps:
        for name in (before, after):
            if name not in graph:
                raise KeyError("unknown task: %s" % name)
        graph[before].append(after)
        indegree[before] += 1

    ready = [task for task, degree in indegree.items() if degree == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        task = heapq.heappop(ready)
        order.append(task)
        for nxt in graph[task]:
            indegree[nxt] -= 1
            if indegree[nxt] == 0:
                heapq.heappush(ready, nxt)

    if len(order) != len(graph):
        raise CycleError(set(graph) - set(order))
    return order


def parse_deps(text):
    """Parse lines like "compile -> test" into (before, after) pairs; '#' starts a comment."""
    pairs = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        before, after = (part.strip() for part in line.split("->"))
        pairs.append((before, after))
    return pairs
