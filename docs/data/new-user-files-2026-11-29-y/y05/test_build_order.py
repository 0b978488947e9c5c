import unittest

from build_order import CycleError, build_order, parse_deps


class BuildOrderTests(unittest.TestCase):
    def test_no_dependencies_is_alphabetical(self):
        self.assertEqual(build_order(["lint", "docs", "compile"], []), ["compile", "docs", "lint"])

    def test_simple_chain(self):
        order = build_order(["test", "compile", "package"],
                            [("compile", "test"), ("test", "package")])
        self.assertEqual(order, ["compile", "test", "package"])

    def test_diamond(self):
        tasks = ["fetch", "compile", "lint", "package"]
        deps = [("fetch", "compile"), ("fetch", "lint"),
                ("compile", "package"), ("lint", "package")]
        self.assertEqual(build_order(tasks, deps), ["fetch", "compile", "lint", "package"])

    def test_independent_task_sorted_in(self):
        order = build_order(["b", "a", "z"], [("z", "a")])
        self.assertEqual(order, ["b", "z", "a"])

    def test_cycle_is_reported(self):
        with self.assertRaises(CycleError) as ctx:
            build_order(["a", "b", "c"], [("a", "b"), ("b", "a")])
        self.assertEqual(ctx.exception.remaining, {"a", "b"})

    def test_unknown_task(self):
        with self.assertRaises(KeyError):
            build_order(["a"], [("a", "missing")])


class ParseDepsTests(unittest.TestCase):
    def test_parse_deps_ignores_comments_and_blank_lines(self):
        text = """
        # build graph
        compile -> test
        test -> package   # only on CI

        """
        self.assertEqual(parse_deps(text), [("compile", "test"), ("test", "package")])


if __name__ == "__main__":
    unittest.main()
