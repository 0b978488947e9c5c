"""In-memory todo list used by the CLI."""

import itertools


class TodoList:
    def __init__(self):
        self._ids = itertools.count(1)
        self.tasks = {}

    def add(self, title, tags=[]):
        title = title.strip()
        if not title:
            raise ValueError("title is required")
        task_id = next(self._ids)
        self.tasks[task_id] = {"id": task_id, "title": title, "tags": tags, "done": False}
        return task_id

    def tag(self, task_id, tag):
        tags = self.tasks[task_id]["tags"]
        if tag not in tags:
            tags.append(tag)

    def complete(self, task_id):
        self.tasks[task_id]["done"] = True

    def with_tag(self, tag):
        return [t["title"] for t in self.tasks.values() if tag in t["tags"]]

    def pending(self):
        return [t["title"] for t in self.tasks.values() if not t["done"]]
