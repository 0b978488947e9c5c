import unittest


def word_counts(text):
    counts = {}
    for word in text.lower().split():
        counts[word] = counts.get(word, 1) + 1
    return counts


class WordCountsTest(unittest.TestCase):
    def test_single(self):
        self.assertEqual(word_counts("hello"), {"hello": 1})

    def test_repeated(self):
        self.assertEqual(word_counts("a b a"), {"a": 2, "b": 1})

    def test_case(self):
        self.assertEqual(word_counts("Go go GO"), {"go": 3})


if __name__ == "__main__":
    unittest.main()
