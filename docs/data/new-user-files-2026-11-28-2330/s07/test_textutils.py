import pytest

from textutils import excerpt, reading_time, slugify


class TestSlugify:
    def test_basic_title(self):
        assert slugify("Hello, World!") == "hello-world"

    def test_accents_are_stripped(self):
        assert slugify("Crème Brûlée Recipe") == "creme-brulee-recipe"

    def test_already_a_slug(self):
        assert slugify("release-notes-2024") == "release-notes-2024"

    def test_numbers_kept(self):
        assert slugify("Top 10 Tips") == "top-10-tips"

    def test_truncation_does_not_leave_trailing_dash(self):
        slug = slugify("a" * 10 + " " + "b" * 10, max_length=11)
        assert slug == "aaaaaaaaaa"


class TestExcerpt:
    def test_short_text_unchanged(self):
        assert excerpt("Short post.") == "Short post."

    def test_collapses_whitespace(self):
        assert excerpt("one\n\ntwo   three") == "one two three"

    def test_cuts_on_word_boundary(self):
        text = "The quick brown fox jumps over the lazy dog"
        result = excerpt(text, limit=20)
        assert result == "The quick brown..."
        assert len(result) <= 20


class TestReadingTime:
    @pytest.mark.parametrize("words, minutes", [(0, 1), (1, 1), (200, 1), (201, 2), (1000, 5)])
    def test_rounds_up(self, words, minutes):
        assert reading_time("word " * words) == minutes
