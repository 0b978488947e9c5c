import unittest
from unittest.mock import MagicMock, call

from alerts import AlertDispatcher


class AlertDispatcherTest(unittest.TestCase):
    def setUp(self):
        self.client = MagicMock()
        self.sleep = MagicMock()
        self.dispatcher = AlertDispatcher(self.client, max_attempts=3,
                                          backoff=0.5, sleep=self.sleep)

    def test_send_success_first_try(self):
        self.client.post.return_value = {"id": 42}
        self.assertEqual(self.dispatcher.send("ops", "disk full"), 42)
        self.client.post.assert_called_once_with(
            "/alerts", json={"to": "ops", "text": "disk full"})
        self.sleep.assert_not_called()

    def test_send_retries_with_backoff(self):
        self.client.post.side_effect = [ConnectionError("reset"),
                                        ConnectionError("reset"),
                                        {"id": 7}]
        self.assertEqual(self.dispatcher.send("ops", "cpu"), 7)
        self.assertEqual(self.client.post.call_count, 3)
        self.sleep.assert_has_calls([call(0.5), call(1.0)])

    def test_send_gives_up(self):
        self.client.post.side_effect = ConnectionError("down")
        with self.assertRaises(ConnectionError):
            self.dispatcher.send("ops", "cpu")
        self.assertEqual(self.client.post.call_count, 3)
        self.assertEqual(self.sleep.call_count, 2)

    def test_broadcast_reports_failures(self):
        def fake_post(path, json):
            if json["to"] == "bob":
                raise ConnectionError("unreachable")
            return {"id": 1}

        self.client.post.side_effect = fake_post
        failed = self.dispatcher.broadcast(["alice", "bob", "carol"], "deploy")
        self.assertEqual(failed, ["bob"])
        self.client.post.assert_has_calls([
            call("/alerts", json={"to": "alice", "text": "deploy"}),
            call("/alerts", json={"to": "bob", "text": "deploy"}),
        ])


if __name__ == "__main__":
    unittest.main()
