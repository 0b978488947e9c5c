import unittest

from fib import fib


class FibTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        fib.cache_clear()

    def test_small(self):
        self.assertEqual([fib(n) for n in range(7)], [0, 1, 1, 2, 3, 5, 8])

    def test_large(self):
        self.assertEqual(fib(30), 832040)


if __name__ == "__main__":
    unittest.main()
