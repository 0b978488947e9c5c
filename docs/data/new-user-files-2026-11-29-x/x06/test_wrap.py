import unittest

from textwrap_simple import fill, indent, truncate, wrap


class WrapTest(unittest.TestCase):
    def test_short_text_is_one_line(self):
        self.assertEqual(wrap("hello world", 20), ["hello world"])

    def test_line_may_be_exactly_width(self):
        self.assertEqual(wrap("aaa bbb", 7), ["aaa bbb"])
        self.assertEqual(wrap("aaa bbb ccc", 7), ["aaa bbb", "ccc"])

    def test_greedy_wrapping(self):
        text = "the quick brown fox jumps over the lazy dog"
        self.assertEqual(wrap(text, 10), ["the quick", "brown fox", "jumps over", "the lazy", "dog"])
        for line in wrap(text, 10):
            self.assertLessEqual(len(line), 10)

    def test_long_words_are_broken(self):
        self.assertEqual(wrap("a abcdefghij b", 4), ["a", "abcd", "efgh", "ij b"])
        self.assertEqual(wrap("abcdefgh", 4), ["abcd", "efgh"])

    def test_paragraphs_and_blank_lines(self):
        self.assertEqual(wrap("one two\n\nthree", 20), ["one two", "", "three"])

    def test_fill_and_indent(self):
        self.assertEqual(fill("to be or not to be", 9), "to be or\nnot to be")
        self.assertEqual(indent("alpha beta gamma", 14), "    alpha beta\n    gamma")

    def test_truncate(self):
        self.assertEqual(truncate("short", 10), "short")
        self.assertEqual(truncate("a long sentence here", 10), "a long...")
        self.assertEqual(truncate("abcdef", 2), "..")

    def test_invalid_width(self):
        with self.assertRaises(ValueError):
            wrap("x", 0)


if __name__ == "__main__":
    unittest.main()
