import unittest

from deploy_config import Config, ConfigError, parse_config

SAMPLE = """\
# deploy settings
env = staging   # default environment

[Server]
host = example.org   # primary
port = 8080
debug = yes  # remove before launch

[database]
pool_size = 10
"""


class ParseConfigTests(unittest.TestCase):
    def setUp(self):
        self.config = Config(SAMPLE)

    def test_sections_are_lowercased(self):
        self.assertEqual(set(self.config.sections), {"default", "server", "database"})

    def test_inline_comment_is_removed(self):
        self.assertEqual(self.config.get("server", "host"), "example.org")
        self.assertEqual(self.config.get("default", "env"), "staging")

    def test_value_without_comment(self):
        self.assertEqual(self.config.get_int("server", "port"), 8080)
        self.assertEqual(self.config.get_int("database", "pool_size"), 10)

    def test_value_containing_equals_sign(self):
        cfg = Config("[database]\ndsn = postgres://app@db/main?sslmode=require  # replica\n")
        self.assertEqual(cfg.get("database", "dsn"), "postgres://app@db/main?sslmode=require")

    def test_get_bool(self):
        self.assertTrue(self.config.get_bool("server", "debug"))
        self.assertFalse(self.config.get_bool("server", "missing"))

    def test_defaults_for_missing_keys(self):
        self.assertIsNone(self.config.get("nope", "host"))
        self.assertEqual(self.config.get_int("server", "timeout", 30), 30)


class ParseErrorTests(unittest.TestCase):
    def test_line_without_equals_is_an_error(self):
        with self.assertRaises(ConfigError):
            parse_config("[server]\nhost example.org  # oops\n")

    def test_bad_boolean(self):
        cfg = Config("[a]\nflag = maybe  # ?\n")
        with self.assertRaises(ConfigError):
            cfg.get_bool("a", "flag")


if __name__ == "__main__":
    unittest.main()
