import unittest

from mypkg import calc


class TestCalc(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = [2, 4]

    def test_mean(self):
        self.assertAlmostEqual(calc.mean(self.data), 3)

    def test_cases(self):
        for values, want in [([1, 3], 2), ([5], 5)]:
            with self.subTest(values=values):
                self.assertEqual(calc.mean(values), want)

    def test_raises(self):
        with self.assertRaises(ZeroDivisionError):
            calc.mean([])


if __name__ == "__main__":
    unittest.main()
