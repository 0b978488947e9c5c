import statistics
import unittest

from sensorstats import Summary, clean, spikes, summarize


class CleanTests(unittest.TestCase):
    def test_drops_missing_markers(self):
        self.assertEqual(list(clean(["1.5", "NA", " ", "n/a", "2", "null"])), [1.5, 2.0])

    def test_invalid_value_raises(self):
        with self.assertRaises(ValueError):
            list(clean(["1.0", "abc"]))


class SummarizeTests(unittest.TestCase):
    def test_basic_summary(self):
        result = summarize(["20.0", "22.0", "NA", "24.0", "22.0"])
        self.assertEqual(result, Summary(count=4, mean=22.0, stdev=1.41, low=20.0, high=24.0))

    def test_single_reading(self):
        result = summarize(["18.25"])
        self.assertEqual(result.count, 1)
        self.assertEqual(result.stdev, 0.0)
        self.assertEqual(result.low, result.high)

    def test_no_valid_readings(self):
        with self.assertRaises(statistics.StatisticsError):
            summarize(["NA", ""])


class SpikeTests(unittest.TestCase):
    def test_finds_spike(self):
        values = ["20", "21", "20", "NA", "20", "21", "35", "20", "21"]
        self.assertEqual(spikes(values), [5])

    def test_flat_series_has_no_spikes(self):
        self.assertEqual(spikes(["5", "5", "5"]), [])

    def test_threshold(self):
        values = ["10", "12", "10", "12", "16"]
        self.assertEqual(spikes(values, threshold=1.5), [4])
        self.assertEqual(spikes(values, threshold=3), [])


if __name__ == "__main__":
    unittest.main()
