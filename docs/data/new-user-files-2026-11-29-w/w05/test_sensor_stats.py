import unittest

from sensor_stats import fill_gaps, find_spikes, moving_average, summarize


class MovingAverageTests(unittest.TestCase):
    def test_window_of_three(self):
        self.assertEqual(moving_average([20, 21, 22, 23, 24], 3), [21, 22, 23])

    def test_window_equal_to_length(self):
        self.assertEqual(moving_average([18.0, 19.0, 23.0], 3), [20.0])

    def test_window_larger_than_data(self):
        self.assertEqual(moving_average([1, 2], 5), [])

    def test_window_must_be_positive(self):
        with self.assertRaises(ValueError):
            moving_average([1, 2, 3], 0)


class SpikeTests(unittest.TestCase):
    def test_single_spike(self):
        readings = [21.0, 21.2, 20.9, 21.1, 35.0, 21.0, 20.8, 21.3]
        self.assertEqual(find_spikes(readings), [4])

    def test_flat_signal_has_no_spikes(self):
        self.assertEqual(find_spikes([20.0] * 6), [])

    def test_too_few_points(self):
        self.assertEqual(find_spikes([1, 100]), [])


class FillGapsTests(unittest.TestCase):
    def test_interior_gap_uses_both_neighbours(self):
        self.assertEqual(fill_gaps([20.0, None, 22.0]), [20.0, 21.0, 22.0])

    def test_edge_gaps_use_single_neighbour(self):
        self.assertEqual(fill_gaps([None, 19.5, 20.5, None]), [19.5, 19.5, 20.5, 20.5])

    def test_all_missing_raises(self):
        with self.assertRaises(ValueError):
            fill_gaps([None, None])


class SummaryTests(unittest.TestCase):
    def test_summary_uses_latest_window(self):
        result = summarize([20.0, 20.5, None, 21.5, 22.0, 23.5], window=3)
        self.assertEqual(result["min"], 20.0)
        self.assertEqual(result["max"], 23.5)
        self.assertEqual(result["latest_smoothed"], 22.33)
        self.assertEqual(result["spikes"], [])


if __name__ == "__main__":
    unittest.main()
