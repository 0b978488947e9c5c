import unittest
from color import Channel, Rgb


class ColorTest(unittest.TestCase):
    def test_get(self):
        self.assertEqual(Rgb(1, 2, 3).get(Channel.BLUE), 3)

    def test_hex(self):
        self.assertEqual(Rgb(255, 128, 0).hex(), "#ff8000")

    def test_raises(self):
        with self.assertRaises(ValueError):
            Channel(7)
