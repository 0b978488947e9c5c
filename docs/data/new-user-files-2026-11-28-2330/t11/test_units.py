import unittest

from units import convert, display, parse_quantity, pace


class ParseTests(unittest.TestCase):
    def test_valid_inputs(self):
        cases = [
            ("5 km", (5.0, "km")),
            ("3.2mi", (3.2, "mi")),
            ("  400 M ", (400.0, "m")),
            ("-2 ft", (-2.0, "ft")),
        ]
        for text, expected in cases:
            with self.subTest(text=text):
                self.assertEqual(parse_quantity(text), expected)

    def test_invalid_inputs(self):
        for text in ["", "km", "5", "5 parsecs", "five km"]:
            with self.subTest(text=text):
                with self.assertRaises(ValueError):
                    parse_quantity(text)


class ConvertTests(unittest.TestCase):
    def test_conversions(self):
        cases = [
            ("1 km", "m", 1000.0),
            ("1 mi", "km", 1.609),
            ("10 ft", "m", 3.048),
            ("1500 m", "km", 1.5),
            ("12.3456 KM", "km", 12.346),
            ("2.5 MI", "mi", 2.5),
            ("7 m", "M", 7.0),
        ]
        for text, target, expected in cases:
            with self.subTest(text=text, target=target):
                self.assertAlmostEqual(convert(text, target), expected, places=3)

    def test_display(self):
        cases = [
            ("5 mi", "metric", "8.047 km"),
            ("5 mi", " Metric ", "8.047 km"),
            ("1500 m", "METRIC", "1.5 km"),
            ("10 km", "imperial", "6.214 mi"),
            ("3 mi", "Imperial", "3 mi"),
        ]
        for text, system, expected in cases:
            with self.subTest(text=text, system=system):
                self.assertEqual(display(text, system), expected)

    def test_pace(self):
        self.assertEqual(pace("10 km", 50), 5.0)
        self.assertEqual(pace("5000 m", 27.5), 5.5)
        with self.assertRaises(ValueError):
            pace("0 km", 10)


if __name__ == "__main__":
    unittest.main()
