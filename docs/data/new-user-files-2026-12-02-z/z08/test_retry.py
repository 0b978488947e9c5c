import unittest
from unittest import mock

from retry import RetryError, backoff_delays, retry_call, retrying


class RetryCallTests(unittest.TestCase):
    def setUp(self):
        self.sleeps = []

    def test_returns_immediately_on_success(self):
        func = mock.Mock(return_value="ok")
        self.assertEqual(retry_call(func, sleep=self.sleeps.append), "ok")
        self.assertEqual(func.call_count, 1)
        self.assertEqual(self.sleeps, [])

    def test_recovers_from_transient_failures(self):
        func = mock.Mock(side_effect=[ConnectionError(), TimeoutError(), "data"])
        result = retry_call(func, attempts=3, sleep=self.sleeps.append)
        self.assertEqual(result, "data")
        self.assertEqual(self.sleeps, [0.1, 0.2])

    def test_gives_up_after_all_attempts(self):
        func = mock.Mock(side_effect=ConnectionError("down"))
        with self.assertRaises(RetryError) as ctx:
            retry_call(func, attempts=4, sleep=self.sleeps.append)
        self.assertEqual(func.call_count, 4)
        self.assertIsInstance(ctx.exception.last_error, ConnectionError)

    def test_other_errors_are_not_retried(self):
        func = mock.Mock(side_effect=[KeyError("user_id"), "ok"])
        with self.assertRaises(KeyError):
            retry_call(func, sleep=self.sleeps.append)
        self.assertEqual(func.call_count, 1)

    def test_invalid_attempts(self):
        with self.assertRaises(ValueError):
            retry_call(lambda: None, attempts=0)

    def test_decorator(self):
        calls = []

        @retrying(attempts=2, sleep=self.sleeps.append)
        def fetch(x):
            calls.append(x)
            return x * 2

        self.assertEqual(fetch(21), 42)
        self.assertEqual(calls, [21])


class BackoffTests(unittest.TestCase):
    def test_delays_double_and_are_capped(self):
        self.assertEqual(backoff_delays(6, base_delay=0.5, max_delay=3.0),
                         [0.5, 1.0, 2.0, 3.0, 3.0])

    def test_single_attempt_has_no_delays(self):
        self.assertEqual(backoff_delays(1), [])


if __name__ == "__main__":
    unittest.main()
