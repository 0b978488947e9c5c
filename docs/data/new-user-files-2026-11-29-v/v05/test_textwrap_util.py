import unittest

from textwrap_util import truncate, wrap


class WrapTests(unittest.TestCase):
    def setUp(self):
        self.text = "The quick brown fox jumps over the lazy dog"

    def test_short_text_unchanged(self):
        self.assertEqual(wrap("hello world", width=20), "hello world")

    def test_wraps_at_width(self):
        self.assertEqual(
            wrap(self.text, width=15),
            "The quick brown\nfox jumps over\nthe lazy dog",
        )

    def test_no_line_exceeds_width(self):
        for width in (10, 12, 14, 16, 20):
            for line in wrap(self.text, width=width).splitlines():
                self.assertLessEqual(len(line), width, f"width={width}: {line!r}")

    def test_indent(self):
        self.assertEqual(
            wrap("alpha beta gamma delta", width=12, indent="  "),
            "  alpha beta\n  gamma\n  delta",
        )

    def test_paragraphs_preserved(self):
        self.assertEqual(wrap("one two\n\nthree", width=40), "one two\n\nthree")

    def test_long_word_on_own_line(self):
        self.assertEqual(wrap("a supercalifragilistic b", width=8), "a\nsupercalifragilistic\nb")

    def test_invalid_width(self):
        with self.assertRaises(ValueError):
            wrap("text", width=2, indent="  ")


class TruncateTests(unittest.TestCase):
    def test_short_text(self):
        self.assertEqual(truncate("short", 10), "short")

    def test_cuts_on_word_boundary(self):
        self.assertEqual(truncate("The quick brown fox", 14), "The quick...")


if __name__ == "__main__":
    unittest.main()
