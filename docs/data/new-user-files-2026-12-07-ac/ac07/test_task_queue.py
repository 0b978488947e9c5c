import unittest

from task_queue import TaskQueue


class TaskQueueTests(unittest.TestCase):
    def setUp(self):
        self.queue = TaskQueue()

    def test_higher_priority_first(self):
        self.queue.push("low", priority=1)
        self.queue.push("high", priority=10)
        self.queue.push("mid", priority=5)
        self.assertEqual(self.queue.pop(), "high")
        self.assertEqual(self.queue.pop(), "mid")

    def test_fifo_for_equal_priority(self):
        for name in ["first", "second", "third"]:
            self.queue.push(name, priority=3)
        self.assertEqual(self.queue.pop(), "first")
        self.assertEqual(self.queue.pop(), "second")

    def test_resubmitting_updates_priority(self):
        self.queue.push("report", priority=1)
        self.queue.push("email", priority=5)
        self.queue.push("report", priority=9)
        self.assertEqual(len(self.queue), 2)
        self.assertEqual(self.queue.peek(), "report")

    def test_remove(self):
        self.queue.push("a", priority=2)
        self.queue.push("b", priority=1)
        self.queue.remove("a")
        self.assertNotIn("a", self.queue)
        self.assertEqual(self.queue.pop(), "b")

    def test_len_and_contains_after_pop(self):
        self.queue.push("a")
        self.queue.push("b")
        self.queue.pop()
        self.assertEqual(len(self.queue), 1)
        self.assertNotIn("a", self.queue)

    def test_drain_empties_queue(self):
        self.queue.push("x", priority=1)
        self.queue.push("y", priority=2)
        self.assertEqual(self.queue.drain(), ["y", "x"])
        self.assertFalse(self.queue)

    def test_pop_empty_raises(self):
        with self.assertRaises(KeyError):
            self.queue.pop()


if __name__ == "__main__":
    unittest.main()
