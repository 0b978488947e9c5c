import unittest

from todo import TodoList


class TodoListTests(unittest.TestCase):
    def setUp(self):
        self.todos = TodoList()

    def test_add_returns_increasing_ids(self):
        first = self.todos.add("buy milk")
        second = self.todos.add("walk dog")
        self.assertEqual((first, second), (1, 2))

    def test_blank_title_rejected(self):
        with self.assertRaises(ValueError):
            self.todos.add("   ")

    def test_tagging_one_task_does_not_tag_others(self):
        milk = self.todos.add("buy milk")
        self.todos.add("walk dog")
        self.todos.tag(milk, "errand")
        self.assertEqual(self.todos.with_tag("errand"), ["buy milk"])

    def test_new_list_starts_without_tags(self):
        other = TodoList()
        task = other.add("file taxes")
        self.todos.tag(self.todos.add("x"), "urgent")
        self.assertEqual(other.tasks[task]["tags"], [])

    def test_initial_tags_are_copied(self):
        shared = ["home"]
        a = self.todos.add("clean kitchen", tags=shared)
        self.todos.tag(a, "weekend")
        self.assertEqual(shared, ["home"])
        self.assertCountEqual(self.todos.tasks[a]["tags"], ["home", "weekend"])

    def test_complete_removes_from_pending(self):
        a = self.todos.add("a")
        self.todos.add("b")
        self.todos.complete(a)
        self.assertEqual(self.todos.pending(), ["b"])


if __name__ == "__main__":
    unittest.main()
