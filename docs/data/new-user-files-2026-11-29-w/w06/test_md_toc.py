import textwrap
import unittest

from md_toc import build_toc, extract_headings, slugify


def doc(text):
    return textwrap.dedent(text).strip("\n")


class SlugifyTests(unittest.TestCase):
    def test_basic(self):
        self.assertEqual(slugify("Getting Started"), "getting-started")

    def test_punctuation_removed(self):
        self.assertEqual(slugify("What's new in v2.0?"), "whats-new-in-v20")

    def test_hyphens_kept(self):
        self.assertEqual(slugify("Set-up  & Tear-down"), "set-up-tear-down")


class ExtractTests(unittest.TestCase):
    def test_skips_code_fences(self):
        md = doc("""
            # Title
            ```bash
            # not a heading
            ```
            ## Usage
        """)
        self.assertEqual(extract_headings(md), [(1, "Title"), (2, "Usage")])

    def test_closing_hashes_stripped(self):
        self.assertEqual(extract_headings("## Install ##"), [(2, "Install")])


class TocTests(unittest.TestCase):
    def test_nested_from_h1(self):
        md = doc("""
            # Guide
            ## Install
            ### From source
            ## Usage
        """)
        self.assertEqual(build_toc(md), "\n".join([
            "- [Guide](#guide)",
            "  - [Install](#install)",
            "    - [From source](#from-source)",
            "  - [Usage](#usage)",
        ]))

    def test_duplicate_titles_get_suffixes(self):
        md = doc("""
            # Examples
            ## Example
            ## Example
            ## Example
        """)
        self.assertEqual(build_toc(md).splitlines()[1:], [
            "  - [Example](#example)",
            "  - [Example](#example-1)",
            "  - [Example](#example-2)",
        ])

    def test_document_starting_at_h2_is_not_indented(self):
        md = doc("""
            ## Overview
            ### Details
            ## FAQ
        """)
        self.assertEqual(build_toc(md), "\n".join([
            "- [Overview](#overview)",
            "  - [Details](#details)",
            "- [FAQ](#faq)",
        ]))

    def test_max_level_filters_deep_headings(self):
        md = doc("""
            ## API
            ### Client
            #### Options
        """)
        self.assertEqual(build_toc(md, max_level=3).splitlines(), [
            "- [API](#api)",
            "  - [Client](#client)",
        ])

    def test_empty_document(self):
        self.assertEqual(build_toc("just text\n"), "")


if __name__ == "__main__":
    unittest.main()
