import unittest

from envfile import EnvSyntaxError, expand, parse_env

SAMPLE = """
# database settings
DB_HOST=localhost
DB_PORT = 5432
export DB_USER=app
DB_PASSWORD="s3cr3t # not a comment"
GREETING='hello world'
MOTD="line one\\nline two"
DEBUG=true  # enable while developing
EMPTY=
"""


class ParseEnvTests(unittest.TestCase):
    def setUp(self):
        self.env = parse_env(SAMPLE)

    def test_plain_values(self):
        self.assertEqual(self.env["DB_HOST"], "localhost")
        self.assertEqual(self.env["DB_PORT"], "5432")

    def test_export_prefix(self):
        self.assertEqual(self.env["DB_USER"], "app")

    def test_trailing_comment_is_removed(self):
        self.assertEqual(self.env["DEBUG"], "true")

    def test_quoted_values(self):
        self.assertEqual(self.env["GREETING"], "hello world")
        self.assertEqual(self.env["MOTD"], "line one\nline two")

    def test_hash_inside_quotes_is_kept(self):
        self.assertEqual(self.env["DB_PASSWORD"], "s3cr3t # not a comment")

    def test_empty_value(self):
        self.assertEqual(self.env["EMPTY"], "")

    def test_comments_and_blank_lines_are_skipped(self):
        self.assertEqual(len(self.env), 8)

    def test_invalid_line(self):
        with self.assertRaises(EnvSyntaxError):
            parse_env("VALID=1\nthis is not valid\n")


class ExpandTests(unittest.TestCase):
    def test_references_to_earlier_keys_and_outer_env(self):
        env = parse_env("HOST=db\nURL=postgres://${USER}@${HOST}/app\n")
        self.assertEqual(expand(env, {"USER": "ci"})["URL"], "postgres://ci@db/app")

    def test_quoted_url_with_fragment(self):
        env = parse_env('DOCS="https://example.com/guide #install"\n')
        self.assertEqual(expand(env)["DOCS"], "https://example.com/guide #install")


if __name__ == "__main__":
    unittest.main()
