import unittest

from stats import iqr, mean, median, percentile, stdev, summarize


class MeanTests(unittest.TestCase):
    def test_mean(self):
        self.assertEqual(mean([1, 2, 3, 4]), 2.5)

    def test_mean_of_empty_list_raises(self):
        with self.assertRaises(ValueError):
            mean([])


class PercentileTests(unittest.TestCase):
    def test_median_even_count(self):
        self.assertAlmostEqual(median([4, 1, 3, 2]), 2.5)

    def test_median_odd_count(self):
        self.assertAlmostEqual(median([7, 3, 5]), 5)

    def test_p90_interpolates(self):
        self.assertAlmostEqual(percentile(list(range(1, 11)), 90), 9.1)

    def test_extremes_are_min_and_max(self):
        data = [12, 5, 9, 30]
        self.assertAlmostEqual(percentile(data, 0), 5)
        self.assertAlmostEqual(percentile(data, 100), 30)

    def test_rejects_out_of_range_p(self):
        with self.assertRaises(ValueError):
            percentile([1, 2], 101)

    def test_iqr(self):
        self.assertAlmostEqual(iqr([1, 2, 3, 4, 5, 6, 7, 8]), 3.5)


class SummaryTests(unittest.TestCase):
    def test_stdev(self):
        self.assertAlmostEqual(stdev([2, 4, 4, 4, 5, 5, 7, 9]), 2.138, places=3)

    def test_summarize(self):
        data = [120, 85, 90, 300, 110, 95, 100, 105]
        self.assertEqual(
            summarize(data),
            {"count": 8, "min": 85, "max": 300, "mean": 125.625,
             "median": 102.5, "p90": 174.0},
        )


if __name__ == "__main__":
    unittest.main()
