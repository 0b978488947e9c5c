import unittest

from stock_batcher import MovementBatcher


class FakeLedger:
    def __init__(self):
        self.batches = []

    def __call__(self, movements):
        self.batches.append([(m["sku"], m["delta"]) for m in movements])


class MovementBatcherTests(unittest.TestCase):
    def setUp(self):
        self.ledger = FakeLedger()
        self.batcher = MovementBatcher(self.ledger, batch_size=3)

    def test_invalid_batch_size(self):
        with self.assertRaises(ValueError):
            MovementBatcher(self.ledger, batch_size=0)

    def test_zero_delta_is_ignored(self):
        self.batcher.record("SKU-1", 0)
        self.assertEqual(self.batcher.pending_count, 0)

    def test_net_change_per_sku(self):
        self.batcher.record("SKU-1", 5, "receipt")
        self.batcher.record("SKU-1", -2, "sale")
        self.batcher.record("SKU-2", 7, "receipt")
        self.assertEqual(self.batcher.net_change, {"SKU-1": 3, "SKU-2": 7})

    def test_manual_flush_sends_pending(self):
        self.batcher.record("SKU-1", 1)
        self.batcher.record("SKU-2", 2)
        self.assertEqual(self.batcher.flush(), 2)
        self.assertEqual(self.ledger.batches, [[("SKU-1", 1), ("SKU-2", 2)]])

    def test_flush_with_nothing_pending(self):
        self.assertEqual(self.batcher.flush(), 0)
        self.assertEqual(self.ledger.batches, [])

    def test_pending_is_empty_after_flush(self):
        self.batcher.record("SKU-1", 1)
        self.batcher.flush()
        self.assertEqual(self.batcher.pending_count, 0)
        self.assertEqual(self.batcher.flush(), 0)
        self.assertEqual(len(self.ledger.batches), 1)

    def test_full_batches_are_sent_automatically(self):
        for i in range(7):
            self.batcher.record("SKU-%d" % i, 1)
        self.assertEqual(self.batcher.batches_sent, 2)
        self.assertEqual([len(b) for b in self.ledger.batches], [3, 3])
        self.assertEqual(self.ledger.batches[1][0], ("SKU-3", 1))
        self.assertEqual(self.batcher.pending_count, 1)

    def test_context_manager_flushes_remainder(self):
        with MovementBatcher(self.ledger, batch_size=10) as batcher:
            batcher.record("SKU-9", -4, "sale")
        self.assertEqual(self.ledger.batches, [[("SKU-9", -4)]])


if __name__ == "__main__":
    unittest.main()
